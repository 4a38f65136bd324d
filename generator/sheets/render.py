"""One file per card face and back, or one per board: what ``opencards render`` writes
(the job, :func:`generator.app.render`, writes them)."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..draw.art.board import board_group, board_size, whole
from ..draw.art.cards import back_key, card_back, card_front, letter_back, letter_front
from ..draw.backends import pdf, png, raster, svg
from ..draw.geometry import Rect, Size, Transform
from ..draw.scene import Group, Page
from ..draw.style import DEFAULT_STYLE, Style
from ..io.output import safe_name
from ..io.templates import KitItem, Library
from ..rules.validation import Source
from ..model.board import Board
from ..model.cards import Pack
from ..model.settings import Settings
from ..model.traditional import PrintedCard, TraditionalPack
from ..draw.art.traditional import traditional_back, traditional_front

FORMATS = ("png", "svg", "pdf")

#: Told (files written so far, files in all) after each file, to move a progress bar.
Progress = Callable[[int, int], None]


def card_page(art: Group, size: Size, bleed: float, label: str) -> Page:
    """A page exactly one card plus bleed, the card's trim recorded as TrimBox."""
    page_w, page_h = size.width + 2 * bleed, size.height + 2 * bleed
    return Page(page_w, page_h, (Group((art,), Transform.translate(bleed, bleed)),),
                trim=Rect(bleed, bleed, size.width, size.height),
                bleed=Rect(0, 0, page_w, page_h), label=label)


def drawn_size(source: Source | TraditionalPack, settings: Settings,
               card_size: Size | None = None) -> Size:
    """The size a card set is drawn at: *card_size* if given, else a traditional pack's
    own, else the settings' card."""
    if card_size is not None:
        return card_size
    return source.size if isinstance(source, TraditionalPack) else settings.card


def card_count(source: Source | TraditionalPack) -> int:
    """How many cards :func:`card_sides` yields for *source*, known before any is drawn:
    a traditional pack's copies count."""
    return len(source.printed()) if isinstance(source, TraditionalPack) else len(source)


def card_sides(source: Source | TraditionalPack, settings: Settings, *, bleed: float = 0.0,
               style: Style = DEFAULT_STYLE, card_size: Size | None = None
               ) -> Iterator[tuple[str, Group, Group]]:
    """(file stem, face, back) for each card, in pack order, drawn at :func:`drawn_size`
    with *bleed*. Identical backs are one drawing, so a PDF
    writes each once."""
    size = drawn_size(source, settings, card_size)
    corner = settings.corner_radius
    if isinstance(source, TraditionalPack):
        first: dict[str, Group] = {}
        for printed in source.printed():
            back = traditional_back(source, printed, size=size, bleed=bleed, style=style)
            if back.key is not None:
                back = first.setdefault(back.key, back)
            yield (traditional_stem(source, printed),
                   traditional_front(source, printed, size=size, bleed=bleed, style=style),
                   back)
        return
    # An open pack or letter set has at most two backs, told apart by the dagger: each is
    # drawn once (a back's hatching took 60 % of the drawing of a letter set's cards).
    backs: dict[str, Group] = {}
    for stem, card, draw_face, draw_back in _open_cards(source):
        key = back_key(source.name, source.has_dagger(card))
        if key not in backs:
            backs[key] = draw_back(source, card, size=size, bleed=bleed, style=style,
                                   corner=corner)
        yield stem, draw_face(source, card, size=size, bleed=bleed, style=style,
                              corner=corner), backs[key]


def _open_cards(source: Source) -> Iterator[tuple[str, Any, Callable[..., Group],
                                                   Callable[..., Group]]]:
    """(file stem, card, its face's drawing, its back's) for each card of a pack or a
    letter set."""
    if isinstance(source, Pack):
        for card in source:
            yield f"{source.name}-{card.notation()}", card, card_front, card_back
    else:
        for letter in source:
            yield (f"{source.name}-{letter.letter}-{letter.colour.code}", letter,
                   letter_front, letter_back)


def card_pages(source: Source | TraditionalPack, settings: Settings, *, bleed: float = 0.0,
               style: Style = DEFAULT_STYLE, card_size: Size | None = None
               ) -> Iterator[tuple[str, Page]]:
    """(file stem, page) for each card's face and back, in pack order. Open cards take
    the settings' card size, a traditional pack its own; *card_size* overrides both."""
    size = drawn_size(source, settings, card_size)
    for stem, front, back in card_sides(source, settings, bleed=bleed, style=style,
                                        card_size=card_size):
        yield f"{stem}-face", card_page(front, size, bleed, f"{stem} face")
        yield f"{stem}-back", card_page(back, size, bleed, f"{stem} back")


def traditional_stem(pack: TraditionalPack, printed: PrintedCard) -> str:
    """``pack36-10S``, or ``pack52x2-2-10S`` for the second copy: Latin notation, so file
    names stay ASCII whatever the pack prints."""
    copy = f"-{printed.copy}" if pack.copies > 1 else ""
    return f"{pack.name}{copy}-{printed.card.notation()}"


def board_page(board: Board, settings: Settings, style: Style = DEFAULT_STYLE) -> Page:
    size = board_size(settings.square, view=whole(board))
    return Page(size.width, size.height, (board_group(board, square=settings.square,
                                                      style=style),), label=board.name)


def item_pages(item: KitItem, settings: Settings, *, bleed: float = 0.0
               ) -> list[tuple[str, Page]]:
    """(file stem, page) for every file ``render`` writes of *item*: each card face and back
    of a pack or letter set, or the one board."""
    if isinstance(item, Board):
        return [(item.name, board_page(item, settings))]
    return list(card_pages(item, settings, bleed=bleed))


def encode(page: Page, fmt: str, *, dpi: float = 300) -> bytes | str:
    """*page* as the bytes (PNG, PDF) or text (SVG) of a file of format *fmt*.

    :raises: :exc:`ValueError` for a format not in :data:`FORMATS` (the CLI offers only those).
    """
    _check_format(fmt)
    if fmt == "png":
        return png.render(page, dpi=dpi)
    if fmt == "svg":
        return svg.render(page)
    return pdf.render([page], title=page.label)


def _check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r} (expected {', '.join(FORMATS)})")


def file_name(stem: str, fmt: str) -> str:
    """The file ``render`` writes a page under: ``STEM.FMT``, the stem made safe."""
    return f"{safe_name(stem)}.{fmt}"


def render_pages(library: Library, name: str, fmt: str, *, dpi: float = 300,
                 bleed: float = 0.0) -> list[tuple[str, Page]]:
    """(file stem, page) for every card face and back of the pack or letter set *name*,
    or the board *name*, each checked for *fmt* at *dpi* before any is encoded.

    :raises: :exc:`~generator.errors.GeneratorError` subclasses for an unknown name, a
        layout or game, a glyph the font lacks, or a PNG too large.
    """
    _check_format(fmt)
    pages = item_pages(library.item(name), library.settings(), bleed=bleed)
    if fmt == "png":
        for _, page in pages:  # refused before the first file, not at the one too large
            raster.check_pixels(page, dpi, "--dpi")
    return pages
