"""The rule booklet job: its content loaded and the templates its figures name looked up
here, then drawn and checked by the rule engine, set and encoded (:mod:`generator.docs.booklet`),
then written (``booklet-LANG.pdf``, with saddle imposition ``booklet-LANG-saddle.pdf`` too)."""
from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..docs.booklet.build import PAPER_NAMES, Made, set_and_encode
from ..docs.booklet.contact import contact_png
from ..errors import OutputError
from ..io.booklets import load_booklet
from ..io.figures import FigureTable, figure_layout
from ..io.layouts import LayoutFile
from ..io.output import atomic_write, prepare_parent
from ..io.templates import Library, TemplateKind
from ..model.board import Board
from ..model.settings import Settings
from ..model.traditional import TraditionalPack
from ..docs.diagram import Source
from ..sheets.files import OutFile
from ..sheets.spec import Paper
from .files import Built, write_files


@dataclass(frozen=True)
class BookletOptions:
    """What ``opencards booklet`` is asked for."""

    lang: str = "en"
    #: The games whose chapters go in; none: the booklet's own selection.
    games: tuple[str, ...] = ()
    paper: str = "a5"
    #: ``none``, or ``saddle``: the pages 2-up as well, for folding and stapling.
    imposition: str = "none"
    #: With saddle imposition: how far the innermost sheet's pages move toward the fold.
    creep: float = 0.0
    #: Also the first pages side by side as this PNG file.
    contact_sheet: Path | None = None


@dataclass(frozen=True)
class BookletMade:
    """A booklet the job wrote: its files, and what was set."""

    made: Made
    written: list[Built]
    contact_sheet: Path | None = None

    @property
    def pages(self) -> int:
        return len(self.made.pages)

    @property
    def figures(self) -> int:
        return len(self.made.figures)

    @property
    def games(self) -> int:
        """The game chapters of the booklet's own selection (with no games named)."""
        return len(self.made.booklet.games)


class LibraryTemplates:
    """The templates a booklet's figures name, looked up in *library* when a figure asks
    (:class:`generator.docs.booklet.figures.BookletTemplates`)."""

    def __init__(self, library: Library) -> None:
        self.library = library
        # A start's figure and its listing both ask for the layout: read and checked once.
        self._figures: dict[str, tuple[LayoutFile, FigureTable]] = {}

    def settings(self) -> Settings:
        return self.library.settings()

    def figure(self, name: str) -> tuple[LayoutFile, FigureTable]:
        if name not in self._figures:
            self._figures[name] = figure_layout(self.library, name)
        return self._figures[name]

    def board(self, name: str) -> Board:
        return self.library.board(name)

    def source(self, name: str) -> Source:
        return self.library.source(name)

    def traditional(self, name: str) -> TraditionalPack | None:
        if name not in self.library.names(TemplateKind.TRADITIONAL):
            return None
        return self.library.traditional(name)


def set_booklet(library: Library, lang: str, games: tuple[str, ...] = (), *,
                paper: str = "a5", imposition: str = "none", creep: float = 0.0) -> Made:
    """The booklet in *lang* with the chapters of *games* (none: its own selection), set on
    *paper* and encoded, every figure drawn from *library*'s templates and validated by the
    rule engine in this run; nothing written."""
    return set_and_encode(load_booklet(library, lang, games), LibraryTemplates(library),
                          paper=paper, imposition=imposition, creep=creep)


def booklet_files(made: Made) -> list[OutFile]:
    """The files of a booklet set and encoded: the booklet, and its saddle imposition."""
    lang = made.booklet.lang
    paper = PAPER_NAMES[made.paper]
    files = [OutFile(f"booklet-{lang}.pdf", made.pdf, len(made.pages), paper=paper)]
    if made.saddle is not None:
        files.append(OutFile(f"booklet-{lang}-saddle.pdf", made.saddle, len(made.pages),
                             paper=paper))
    return files


def booklet_paper(sheet: Paper) -> str:
    """The page a booklet built with a kit on *sheet* is set on: half of that sheet, folded
    -- half-letter with letter, A5 with A4 -- and A5 with A3 (half-letter with tabloid),
    whose half would be a booklet too big to hold; A5 with A5 (A6 is too small to read)."""
    return "half-letter" if sheet.imperial else "a5"


def made_booklets(library: Library, langs: Sequence[str], paper: str = "a5") -> list[Made]:
    """The booklets ``build`` adds, on their own *paper* (see :func:`booklet_paper`),
    drawn before any is written."""
    return [set_booklet(library, lang, paper=paper) for lang in dict.fromkeys(langs)]


def make_booklet(library: Library, out_dir: Path,
                 options: BookletOptions = BookletOptions()) -> BookletMade:
    """Writes the rule booklet in *options.lang* into *out_dir*, every figure's layout
    and every worked example checked by the rule engine first; with a contact sheet, that
    PNG too.

    :raises: :exc:`~generator.errors.GeneratorError` subclasses; a contact sheet that
        cannot be written fails the run before anything is.
    """
    sheet = options.contact_sheet
    if sheet is not None:
        # Before the booklet is written: a contact sheet that cannot be, fails the run
        # with nothing written.
        if sheet.suffix.lower() != ".png":
            raise OutputError(f"{sheet}: --contact-sheet writes a PNG; expected a file "
                              f"name ending in .png, got {sheet.suffix or 'no suffix'!r}")
        if os.path.abspath(sheet) == os.path.abspath(out_dir):
            raise OutputError(f"{sheet}: --contact-sheet names the --out folder; expected "
                              "a .png file")
        prepare_parent(sheet, "--contact-sheet", create=False)
    made = set_booklet(library, options.lang, options.games, paper=options.paper,
                       imposition=options.imposition, creep=options.creep)
    contact = contact_png(made.pages) if sheet is not None else None
    written = write_files(out_dir, booklet_files(made))
    if sheet is not None and contact is not None:
        prepare_parent(sheet, "--contact-sheet")
        return BookletMade(made, written, atomic_write(sheet, contact))
    return BookletMade(made, written)
