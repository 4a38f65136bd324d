"""One file per card face and back, or one per board: what ``opencards render`` writes
(the job, :func:`generator.app.render`, writes them). The item says what its pictures
are (:class:`~.printable.Printable`)."""
from __future__ import annotations

from collections.abc import Iterator

from ..draw.backends import pdf, png, raster, svg
from ..draw.geometry import Size
from ..draw.scene import Group, Page
from ..draw.style import DEFAULT_STYLE, Style
from ..io.output import safe_name
from ..io.templates import KitItem
from ..model.settings import Settings
from .printable import card_page, printable, traditional_stem

__all__ = ["FORMATS", "card_page", "card_pages", "card_sides", "encode", "file_name",
           "item_pages", "render_pages", "traditional_stem"]

FORMATS = ("png", "svg", "pdf")


def card_sides(source: KitItem, settings: Settings, *, bleed: float = 0.0,
               style: Style = DEFAULT_STYLE, card_size: Size | None = None
               ) -> Iterator[tuple[str, Group, Group]]:
    """(file stem, face, back) for each card of *source*, in pack order (see
    :meth:`.printable.Printable.sides`)."""
    return printable(source).sides(settings, bleed=bleed, style=style, card_size=card_size)


def card_pages(source: KitItem, settings: Settings, *, bleed: float = 0.0,
               card_size: Size | None = None) -> Iterator[tuple[str, Page]]:
    """(file stem, page) for each card's face and back, in pack order. Open cards take
    the settings' card size, a traditional pack its own; *card_size* overrides both."""
    return printable(source).pages(settings, bleed=bleed, card_size=card_size)


def item_pages(item: KitItem, settings: Settings, *, bleed: float = 0.0
               ) -> list[tuple[str, Page]]:
    """(file stem, page) for every file ``render`` writes of *item*: each card face and back
    of a pack or letter set, or the one board."""
    return list(printable(item).pages(settings, bleed=bleed))


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


def render_pages(item: KitItem, settings: Settings, fmt: str, *, dpi: float = 300,
                 bleed: float = 0.0) -> list[tuple[str, Page]]:
    """(file stem, page) for every card face and back of the pack or letter set *item*,
    or the board *item*, each checked for *fmt* at *dpi* before any is encoded.

    :raises: :exc:`~generator.errors.GeneratorError` subclasses for a glyph the font
        lacks or a PNG too large.
    """
    _check_format(fmt)
    pages = item_pages(item, settings, bleed=bleed)
    if fmt == "png":
        for _, page in pages:  # refused before the first file, not at the one too large
            raster.check_pixels(page, dpi, "--dpi")
    return pages
