"""Issue 26, sides at a glance: every card on a figure carries its side's mark, a bar at the
card's base (solid ink for north, open for south), found in a PNG of the figure printed
60 mm wide at 300 dpi, large and in contrast with the card around it."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from generator.docs.diagram import figure_page, to_png
from generator.docs.figure import Figure
from generator.draw.geometry import Rect, Transform
from generator.draw.scene import Box, Group, Item
from generator.io.layouts import load_layout_file

WIDTH = 60.0
DPI = 300


def _side_boxes(items: tuple[Item, ...], transform: Transform = Transform(),
                side: str | None = None) -> list[tuple[str, Rect]]:
    """(side, page rectangle in mm) of every side mark on the page."""
    found: list[tuple[str, Rect]] = []
    for item in items:
        if isinstance(item, Group):
            role = item.role or ""
            inner = role.split()[1] if role.startswith("side ") else side
            found += _side_boxes(item.items, transform @ item.transform, inner)
        elif isinstance(item, Box) and side is not None:
            found.append((side, transform.apply_rect(item.rect)))
    return found


def _luminance(rgb: tuple[int, ...]) -> float:
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG contrast ratio of two colours."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _pixels(rect: Rect) -> tuple[int, int, int, int]:
    k = DPI / 25.4
    return (round(rect.x * k), round(rect.y * k), round(rect.right * k), round(rect.bottom * k))


@pytest.fixture(scope="module", params=[False, True], ids=["south-view", "north-view"])
def drawn(request, library):
    position = load_layout_file(library, "game1-demo")
    page = figure_page(position.layout, position.board, position.sources,
                       Figure(flip=request.param), width=WIDTH)
    image = Image.open(io.BytesIO(to_png(page, dpi=DPI))).convert("RGB")
    return position, page, image, request.param


def test_every_owned_card_carries_its_sides_mark_at_its_owners_end(drawn):
    position, page, _, flipped = drawn
    marks = _side_boxes(page.items)
    owned = [(square, stack[-1].owner) for square, stack in position.layout.items()
             if stack[-1].owner is not None]
    assert len(marks) == len(owned) == 32
    assert sorted(side for side, _ in marks) == sorted(owner.value for _, owner in owned)
    # The mark sits at the end of the card nearest its owner: north's at the top of the
    # figure as south sees the board, at the bottom when it is flipped.
    middle = page.height / 2
    for side, rect in marks:
        near_top = rect.centre[1] < middle
        assert near_top == ((side == "north") != flipped)


def test_each_sides_mark_survives_a_60mm_print(drawn):
    """At 60 mm wide and 300 dpi each bar is at least 25 x 10 pixels (2.1 x 0.85 mm). North's
    is solid ink: its inside stands out from the card's white panel beside it by a WCAG
    contrast of at least 7. South's is open: a dark edge at least 2 pixels thick, on both
    sides of a light inside, so the two sides differ in the very pixels of their marks."""
    _, page, image, _ = drawn
    for side, rect in _side_boxes(page.items):
        left, top, right, bottom = _pixels(rect)
        assert right - left >= 25 and bottom - top >= 10
        cy = (top + bottom) // 2
        # The card beside the bar (a face's white panel, a back's pale field between its
        # hatching lines): the lightest pixel just left of it.
        panel = max((image.getpixel((x, y)) for x in range(left - 8, left - 2)
                     for y in range(top, bottom)), key=_luminance)
        assert _luminance(panel) > 0.7
        inside = image.getpixel(((left + right) // 2, cy))
        if side == "north":
            assert _contrast(inside, panel) >= 7
        else:
            assert _contrast(inside, panel) < 1.2
            row = [image.getpixel((x, cy)) for x in range(left - 1, right + 2)]
            dark = [_contrast(p, panel) >= 4.5 for p in row]
            # dark edge, light inside, dark edge
            first = dark.index(True)
            last = len(dark) - 1 - dark[::-1].index(True)
            assert sum(dark[first:first + 4]) >= 2 and sum(dark[last - 3:last + 1]) >= 2
            assert not any(dark[first + 5:last - 4])
