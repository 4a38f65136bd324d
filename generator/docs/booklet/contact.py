"""The booklet's contact sheet, docs/booklet.png: its first pages side by side, drawn from
the same scene pages the PDF is made of, by the PNG backend."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ...draw.backends import png
from ...draw.geometry import Rect, Transform
from ...draw.scene import Box, Group, Item, Page, Paint

#: Pages on the sheet, and how many a row.
PAGES = 8
COLUMNS = 4
GAP = 6.0
BACKDROP = "#8a8f98"


def contact_page(pages: Sequence[Page], *, count: int = PAGES, columns: int = COLUMNS) -> Page:
    shown = list(pages[:count])
    w, h = shown[0].width, shown[0].height
    rows = -(-len(shown) // columns)
    items: list[Item] = []
    for i, page in enumerate(shown):
        x = GAP + (i % columns) * (w + GAP)
        y = GAP + (i // columns) * (h + GAP)
        items.append(Box(Rect(x, y, w, h), Paint(fill="#ffffff")))
        items.append(Group(page.items, Transform.translate(x, y), clip=Rect(0, 0, w, h)))
    return Page(GAP + columns * (w + GAP), GAP + rows * (h + GAP), tuple(items),
                background=BACKDROP, label="booklet contact sheet")


def contact_png(pages: Sequence[Page], *, dpi: float = 40) -> bytes:
    """The contact sheet as PNG bytes; ``docs/booklet.png`` is the English booklet's."""
    return png.render(contact_page(pages), dpi=dpi)


def default_path() -> Path:
    return Path("docs/booklet.png")
