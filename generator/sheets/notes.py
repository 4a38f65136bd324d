"""Where a card sheet's print note and scale ruler go: top left and bottom left as on every
sheet, or, when a block fills the sheet so that they would print on its bleed or guides,
turned along the free strips beside the block (the note down the left side, the ruler up
the right side)."""
from __future__ import annotations

from collections.abc import Sequence

from ..draw import fonts
from ..draw.geometry import Rect, Transform
from ..draw.scene import Circle, Group, Item, Line, Text
from .cutter import below_square
from .marks import MARK_INK, print_note, sheet_ruler
from .marks import ruler as draw_ruler
from .spec import SheetSpec, safe_area

NOTE_SIZE = 2.4
MIN_NOTE_SIZE = 1.5
#: The 50 mm ruler with its label: its ink from 0.9 to 3.1 mm above the usual baseline.
RULER_BOX = (60.0, 2.2)


def _clear(box: Rect, zones: Sequence[Rect]) -> bool:
    return not any(box.intersects(zone.inset(-0.3)) for zone in zones)


def note(spec: SheetSpec, text: str, zones: Sequence[Rect], marks: Sequence[Item] = ()
         ) -> Text:
    """The print note: top left, or down the left side of the printable area, starting
    below any of the page's *marks* (registration targets, crop and tab marks) in that
    strip, so no mark prints across the text."""
    p = safe_area(spec)
    usual = print_note(spec, text)
    width = fonts.measure(text, "regular", NOTE_SIZE)
    boxes = [box for box in map(_ink_box, marks) if box is not None]
    if _clear(Rect(usual.x, p.y, width, NOTE_SIZE + 0.6), [*zones, *boxes]):
        return usual
    # Down the left strip from the top (below a cutter's square), to the middle of the
    # side (an edge target's place).
    top = _strip_top(spec)
    column = Rect(p.x, 0.0, NOTE_SIZE + 0.9, spec.size.height / 2 - 4.0)
    for box in boxes:
        if box.intersects(column.inset(-0.3)):
            top = max(top, box.bottom + 1.0)
    room = spec.size.height / 2 - 4.0 - top
    size = max(MIN_NOTE_SIZE, min(NOTE_SIZE, NOTE_SIZE * room / width))
    # Turned, the text's descent faces the edge: it starts that far (and a little) in.
    descent = fonts.info("regular").descent * size
    return Text(p.x + descent + 0.1, top, text, size, MARK_INK, "regular", "start", 90.0)


def _ink_box(item: Item) -> Rect | None:
    """The box a mark's ink lies in, for the marks a sheet is made of (lines and circles);
    None for anything else."""
    if isinstance(item, Line):
        width = item.paint.width / 2
        return Rect(min(item.x1, item.x2) - width, min(item.y1, item.y2) - width,
                    abs(item.x2 - item.x1) + 2 * width, abs(item.y2 - item.y1) + 2 * width)
    if isinstance(item, Circle):
        return Rect(item.cx - item.r, item.cy - item.r, 2 * item.r, 2 * item.r)
    return None


def _strip_top(spec: SheetSpec) -> float:
    return max(safe_area(spec).y + 1.0, below_square(spec))


def ruler(spec: SheetSpec, zones: Sequence[Rect], marks: Sequence[Item] = ()) -> list[Item]:
    """The 50 mm ruler: bottom left, or up the right strip from the bottom, above any of
    the page's *marks* (a registration target) in that strip."""
    p = safe_area(spec)
    w, h = RULER_BOX
    boxes = [box for box in map(_ink_box, marks) if box is not None]
    if _clear(Rect(p.x + 8, p.bottom - 0.9 - h, w, h), [*zones, *boxes]):
        return sheet_ruler(spec)
    x, y = p.right - 0.6, p.bottom - 1.0
    for box in sorted(boxes, key=lambda b: -b.bottom):
        if box.intersects(Rect(x - h, y - w, h + 0.3, w).inset(-0.3)):
            y = box.y - 1.0
    # Turned a quarter counter-clockwise: it runs up, its ticks point into the margin side.
    return [Group(tuple(draw_ruler(0.0, 0.0)),
                  Transform.translate(x, y) @ Transform.rotate(-90))]


def room_for_notes(spec: SheetSpec, zones: Sequence[Rect]) -> bool:
    """Whether a block whose ink lies in *zones* leaves the note and the ruler somewhere
    to go: their usual places (the note taken as long as the printable width allows) or
    the strips :func:`note` and :func:`ruler` turn them into."""
    p = safe_area(spec)
    w, h = RULER_BOX
    top = _strip_top(spec)
    note_strip = Rect(p.x + 0.4, top, NOTE_SIZE, spec.size.height / 2 - 4.0 - top)
    note_usual = Rect(p.x + 8, p.y, p.w - 8, NOTE_SIZE + 0.6)
    ruler_usual = Rect(p.x + 8, p.bottom - 0.9 - h, w, h)
    # Turned up the right strip: 60 mm long, its ticks and label 2.2 mm to the left.
    ruler_strip = Rect(p.right - 0.6 - h, p.bottom - 1.0 - w, h + 0.3, w)
    return ((_clear(note_usual, zones) or _clear(note_strip, zones))
            and (_clear(ruler_usual, zones) or _clear(ruler_strip, zones)))


def usual_places(spec: SheetSpec) -> list[Rect]:
    """The note's line across the top of the printable area and the ruler's box at the
    bottom left: where registration targets must not go when they can no longer take the
    corners (a cutting machine's marks hold them)."""
    p = safe_area(spec)
    w, h = RULER_BOX
    return [Rect(p.x + 8, p.y, p.w - 8, NOTE_SIZE + 0.6),
            Rect(p.x + 8, p.bottom - 0.9 - h, w, h)]
