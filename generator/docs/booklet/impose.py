"""Saddle-stitch imposition: the booklet's pages two to a sheet side, in the order that
becomes the booklet when the sheets, printed duplex and flipped on the short edge, are
stacked, folded once and stapled through the fold.

:func:`saddle_order` is the pure arithmetic; :func:`impose` builds the sheet pages.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...draw.geometry import Rect, Transform
from ...draw.scene import Group, Item, Line, Page, Paint


def padded(count: int) -> int:
    """Pages after padding with blanks to a multiple of 4 (a folded sheet holds 4)."""
    return -(-count // 4) * 4


def saddle_order(count: int) -> list[tuple[int, int]]:
    """(left, right) page numbers from 1 for each sheet side in printing order: the front
    of the outer sheet, its back, the front of the next sheet... *count* is padded to a
    multiple of 4 first with blank pages (0) set before the last page, as a publisher
    pads a booklet: the last page (the quick reference) stays the outside back cover and
    no blank falls in the middle of the text.

    >>> saddle_order(8)
    [(8, 1), (2, 7), (6, 3), (4, 5)]
    >>> saddle_order(6)
    [(6, 1), (2, 0), (0, 3), (4, 5)]
    """
    n = padded(count)

    def page(slot: int) -> int:
        return count if slot == n else slot if slot < count else 0

    sides = []
    for sheet in range(n // 4):
        low, high = 2 * sheet + 1, n - 2 * sheet
        sides.append((page(high), page(low)))          # front: last outside left, first right
        sides.append((page(low + 1), page(high - 1)))  # back
    return sides


def creep_shift(sheet: int, sheets: int, creep: float) -> float:
    """How far the pages of *sheet* (0 = outermost) move toward the fold: nothing on the
    outer sheet, *creep* on the innermost, in even steps between. The inner sheets of a
    thick booklet stick out at the fore-edge once folded and lose more to the trim, so their
    pages come in to keep the outer margins equal after trimming."""
    return 0.0 if sheets < 2 else creep * sheet / (sheets - 1)


def impose(pages: Sequence[Page], *, creep: float = 0.0, marks: bool = True) -> list[Page]:
    """Sheet sides twice as wide as a page, each holding two booklet pages, padded with
    blank pages; with *marks*, a short dashed line at the top and bottom of the fold."""
    first = pages[0]
    w, h = first.width, first.height
    n = padded(len(pages))
    sheets = n // 4
    out = []
    for index, (left, right) in enumerate(saddle_order(len(pages))):
        shift = creep_shift(index // 2, sheets, creep)
        items: list[Item] = []
        for number, x, dx in ((left, 0.0, shift), (right, w, -shift)):
            if number:
                page = pages[number - 1]
                items.append(Group(page.items, Transform.translate(round(x + dx, 4), 0),
                                   clip=Rect(0, 0, w, h)))
        if marks:
            fold = Paint(stroke="#999999", width=0.2, dash=(1.0, 1.0))
            items += [Line(w, 0, w, 5, fold), Line(w, h - 5, w, h, fold)]
        out.append(Page(2 * w, h, tuple(items), label=f"sheet {index // 2 + 1} "
                        f"{'front' if index % 2 == 0 else 'back'}: pages {left} and {right}"))
    return out
