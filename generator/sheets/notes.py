"""Where a card sheet's print note and scale ruler go: top left and bottom left as on every
sheet, or, when a block fills the sheet so that they would print on its bleed or guides,
turned along the free strips beside the block (the note down the left side, the ruler up
the right side)."""
from __future__ import annotations

from collections.abc import Sequence

from ..draw import fonts
from ..draw.geometry import Rect, Transform
from ..draw.scene import Group, Item, Text
from .marks import MARK_INK, print_note, sheet_ruler
from .marks import ruler as draw_ruler
from .spec import SheetSpec, safe_area

NOTE_SIZE = 2.4
MIN_NOTE_SIZE = 1.5
#: The 50 mm ruler with its label: its ink from 0.9 to 3.1 mm above the usual baseline.
RULER_BOX = (60.0, 2.2)


def _clear(box: Rect, zones: Sequence[Rect]) -> bool:
    return not any(box.intersects(zone.inset(-0.3)) for zone in zones)


def note(spec: SheetSpec, text: str, zones: Sequence[Rect]) -> Text:
    """The print note: top left, or down the left side of the printable area."""
    p = safe_area(spec)
    usual = print_note(spec, text)
    width = fonts.measure(text, "regular", NOTE_SIZE)
    if _clear(Rect(usual.x, p.y, width, NOTE_SIZE + 0.6), zones):
        return usual
    # Down the left strip from the top, to the middle of the side (an edge target's place).
    room = spec.size.height / 2 - 4.0 - (p.y + 1.0)
    size = max(MIN_NOTE_SIZE, min(NOTE_SIZE, NOTE_SIZE * room / width))
    return Text(p.x + 0.4, p.y + 1.0, text, size, MARK_INK, "regular", "start", 90.0)


def ruler(spec: SheetSpec, zones: Sequence[Rect]) -> list[Item]:
    """The 50 mm ruler: bottom left, or up the right strip from the bottom."""
    p = safe_area(spec)
    w, h = RULER_BOX
    if _clear(Rect(p.x + 8, p.bottom - 0.9 - h, w, h), zones):
        return sheet_ruler(spec)
    x, y = p.right - 0.6, p.bottom - 1.0
    # Turned a quarter counter-clockwise: it runs up, its ticks point into the margin side.
    return [Group(tuple(draw_ruler(0.0, 0.0)),
                  Transform.translate(x, y) @ Transform.rotate(-90))]
