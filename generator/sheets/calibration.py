"""The duplex calibration sheet, from which users read their printer's ``--back-offset``."""
from __future__ import annotations

from ..draw.scene import Group, Item, Line, Page, Paint, Text
from .marks import MARK_INK, mirrored, registration_targets, sheet_ruler
from .spec import SheetSpec, back_shift, mirror


def calibration_pages(spec: SheetSpec, steps: int = 8, step: float = 0.5) -> list[Page]:
    """A duplex test sheet. Each labelled line on the front has a partner on the back,
    drawn *label* mm away from it (x right, y up, as seen from the front). Held against
    the light, the pair that looks like one straight line names the ``--back-offset``
    that cancels the printer's error, in steps of *step* mm."""
    size = spec.size
    cx, cy = size.width / 2, size.height / 2
    to_back = mirror(spec)
    line = Paint(stroke=MARK_INK, width=0.3)
    front: list[Item] = []
    back: list[Item] = []
    pitch = 9.0
    for k in range(-steps, steps + 1):
        shift = k * step
        label = f"{shift:+g}" if k else "0"
        # X pairs: vertical lines along the top; the back line lands shift mm to the right.
        x = cx + k * pitch
        top = 52.0
        front += [Line(x, top, x, top + 16, line),
                  Text(x, top + 21, label, 2.6, MARK_INK, "bold" if k == 0 else "regular")]
        back.append(mirrored(Line(x + shift, top - 6, x + shift, top + 10, line), to_back))
        # Y pairs: horizontal lines down the middle; the back line lands shift mm higher.
        y = cy + 4 + k * pitch
        left = cx - 28.0
        front += [Line(left, y, left + 16, y, line),
                  Text(left + 19, y + 0.9, label, 2.6, MARK_INK,
                       "bold" if k == 0 else "regular", "start")]
        back.append(mirrored(Line(left - 6, y - shift, left + 10, y - shift, line),
                                 to_back))
    text = [
        ("X: which pair of vertical lines looks like one line?", cx, 41.0, "middle"),
        ("Y: which pair of horizontal", cx + 2, cy + 4 - steps * pitch - 2, "start"),
        ("lines looks like one line?", cx + 2, cy + 4 - steps * pitch + 2, "start"),
        (f"1. Print this sheet duplex at 100% (actual size), flipping on the {spec.flip} "
         "edge.", cx, size.height - 56, "middle"),
        ("2. Hold it against a window or lamp. Each front line has a partner printed on the "
         "back.", cx, size.height - 51, "middle"),
        ("3. Read the label of the pair that coincides, for X and for Y, and build with "
         "--back-offset X,Y.", cx, size.height - 46, "middle"),
        (f"This sheet was made with --back-offset {spec.back_offset[0]:g},"
         f"{spec.back_offset[1]:g}: once that is right, the pairs labelled 0 coincide.",
         cx, size.height - 39, "middle")]
    front += [Text(x, y, t, 3.0, MARK_INK, "regular", anchor) for t, x, y, anchor in text]
    front.append(Text(cx, 30, "opencards duplex calibration", 5.0, MARK_INK, "bold"))
    front += registration_targets(spec)
    front += sheet_ruler(spec)
    back += registration_targets(spec)
    return [Page(size.width, size.height, tuple(front), label="calibration front"),
            Page(size.width, size.height, (Group(tuple(back), back_shift(spec)),),
                 label="calibration back")]
