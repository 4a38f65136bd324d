"""One file per card face and back, or one per board: the ``opencards render`` job."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ..draw.art.board import board_group, board_size
from ..draw.art.cards import card_back, card_front, letter_back, letter_front
from ..draw.backends import pdf, png, svg
from ..model.board import Board
from ..model.cards import Pack
from ..errors import GeneratorError
from ..draw.geometry import Rect, Size, Transform
from ..model.letters import LetterSet
from ..io.output import atomic_write
from ..draw.scene import Group, Page
from ..model.settings import Settings
from ..draw.style import DEFAULT_STYLE, Style

FORMATS = ("png", "svg", "pdf")


def card_page(art: Group, size: Size, bleed: float, label: str) -> Page:
    """A page exactly one card plus bleed, the card's trim recorded as TrimBox."""
    page_w, page_h = size.width + 2 * bleed, size.height + 2 * bleed
    return Page(page_w, page_h, (Group((art,), Transform.translate(bleed, bleed)),),
                trim=Rect(bleed, bleed, size.width, size.height),
                bleed=Rect(0, 0, page_w, page_h), label=label)


def card_pages(source: Pack | LetterSet, settings: Settings, *, bleed: float = 0.0,
               style: Style = DEFAULT_STYLE) -> Iterator[tuple[str, Page]]:
    """(file stem, page) for each card's face and back, in pack order."""
    size = settings.card
    for card in source:
        if isinstance(source, Pack):
            front = card_front(source, card, size=size, bleed=bleed, style=style)
            back = card_back(source, card, size=size, bleed=bleed, style=style)
            stem = f"{source.name}-{card.notation()}"
        else:
            front = letter_front(source, card, size=size, bleed=bleed, style=style)
            back = letter_back(source, card, size=size, bleed=bleed, style=style)
            stem = f"{source.name}-{card.letter}-{card.colour.code}"
        yield f"{stem}-face", card_page(front, size, bleed, f"{stem} face")
        yield f"{stem}-back", card_page(back, size, bleed, f"{stem} back")


def board_page(board: Board, settings: Settings, style: Style = DEFAULT_STYLE) -> Page:
    size = board_size(settings.square)
    return Page(size.width, size.height, (board_group(board, square=settings.square,
                                                      style=style),), label=board.name)


def encode(page: Page, fmt: str, *, dpi: float = 300) -> bytes | str:
    if fmt == "png":
        return png.render(page, dpi=dpi)
    if fmt == "svg":
        return svg.render(page)
    if fmt == "pdf":
        return pdf.render([page], title=page.label)
    raise GeneratorError(f"unknown format {fmt!r} (expected {', '.join(FORMATS)})")


def write_page(page: Page, stem: str, fmt: str, out_dir: Path, *, dpi: float = 300) -> Path:
    return atomic_write(out_dir / f"{stem}.{fmt}", encode(page, fmt, dpi=dpi))
