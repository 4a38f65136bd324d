"""The booklet set from its content: draw and check every figure, set the pages and encode
``booklet-LANG.pdf`` (and with saddle imposition ``booklet-LANG-saddle.pdf``). The job,
:mod:`generator.app.booklet`, loads the content and looks up the templates the figures
name; everything is drawn and encoded before it writes the first file, so a bad booklet
file leaves no partial PDF."""
from __future__ import annotations

from dataclasses import dataclass

from ...draw.backends import pdf
from ...draw.scene import Page
from ...errors import TemplateError
from ...io.traditional import SCRIPTS
from ...model.booklet import Booklet
from .figures import BookletTemplates, draw, draw_placed
from .flow import typeset
from .impose import impose
from .key import BOARD, PACK, key_page
from .listing import LISTING_WORDS, start_listing
from .sizes import FigurePlacement, placements
from .typography import GLUE
from .units import PageGeometry, Typeset

PAPERS = ("a5", "a4", "letter", "half-letter")
#: Each page size as the build's summary names it.
PAPER_NAMES = {"a5": "A5 (148 x 210 mm)", "a4": "A4 (210 x 297 mm)",
               "letter": "letter (8.5 x 11 in)", "half-letter": "half-letter (5.5 x 8.5 in)"}
IMPOSITIONS = ("none", "saddle")


@dataclass(frozen=True)
class Made:
    """A booklet set and encoded, not yet written."""

    booklet: Booklet
    typeset: Typeset
    figures: dict[str, Page]
    pdf: bytes
    saddle: bytes | None = None
    #: The page size it is set on, one of :data:`PAPERS`.
    paper: str = "a5"

    @property
    def pages(self) -> list[Page]:
        return self.typeset.pages


def _listings(templates: BookletTemplates, booklet: Booklet, placed: dict[str, FigurePlacement]
              ) -> dict[str, str]:
    """Each start position as text, by its figure's place.

    :raises: :exc:`TemplateError` naming booklet.toml if a word the listing prints is
        missing.
    """
    starts = [ref for chapter in booklet.chapters for ref in chapter.figures
              if ref.layout is not None and ref.where in placed and placed[ref.where].start]
    for word in LISTING_WORDS if starts else ():
        if word not in booklet.words:
            raise TemplateError(booklet.where, f"words.{word}", expected="the word a start "
                                "position's listing prints")
    return {ref.where: start_listing(templates.figure(ref.layout)[0].layout, booklet.words,
                                     GLUE)
            for ref in starts if ref.layout is not None}


def set_and_encode(booklet: Booklet, templates: BookletTemplates, *, paper: str = "a5",
                   imposition: str = "none", creep: float = 0.0) -> Made:
    """*booklet* set, every figure drawn from *templates* and validated by the rule engine
    in this run."""
    lang = booklet.lang
    indices = booklet.words.get("card_indices", "latin")
    if indices not in SCRIPTS:
        raise TemplateError(booklet.where, "words.card_indices", expected="the script of the "
                            "patience figures' card indices, latin or cyrillic",
                            got=repr(indices))
    geometry = PageGeometry.for_paper(paper)
    placed = placements(booklet.chapters, geometry.column)
    area = geometry.body_bottom - geometry.body_top
    # The key is drawn at the column's width with caption-sized labels (issue 39).
    figures = {ref.where: draw_placed(templates, ref, placed[ref.where], area)
               if ref.where in placed else
               key_page(templates.board(BOARD), templates.source(PACK), templates.settings(),
                        ref, geometry.column, geometry.style.caption) if ref.key else
               draw(templates, ref, indices=indices,
                    frame=(geometry.column, area))
               for chapter in booklet.chapters for ref in chapter.figures}
    done = typeset(booklet, figures, geometry, _listings(templates, booklet, placed))
    title = f"{booklet.title}: {booklet.subtitle}" if booklet.subtitle else booklet.title
    # The title page's first line says what the booklet is about (review r-ass: the
    # metadata said "Subject: unspecified").
    subject = booklet.title_lines[0] if booklet.title_lines else ""
    body = pdf.render(done.pages, title=title, lang=lang, outline=done.outline,
                      links=done.links, author=booklet.author, subject=subject)
    saddle = pdf.render(impose(done.pages, creep=creep), title=title, lang=lang,
                        author=booklet.author, subject=subject) \
        if imposition == "saddle" else None
    return Made(booklet, done, figures, body, saddle, paper)

