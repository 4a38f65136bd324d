"""Vernier scales for the calibration sheet, and the five places on the sheet where they are
read. A scale's front half is a millimetre ruler; its back half, printed on the reverse, is a
vernier of 11 ticks 0.9 mm apart. Seen through the sheet, the back's zero tick sits over the
ruler at the printer's error on that axis (whole mm), and the one back tick that lines up
with a ruler tick gives the tenths, as on a caliper.

The back half is drawn without the sheet's correction (offset, turn, scale): what it shows is
where the printer puts the back side by itself, so a reading means the same thing whatever
options the sheet was made with.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

from ..draw.geometry import Transform
from ..draw.scene import Group, Item, Line, Paint, Text
from .marks import MARK_INK
from .spec import SheetSpec

#: The ruler's ticks in mm from the zero; a reading runs from LOWEST to HIGHEST (both read).
RULER = range(-6, 16)
LOWEST, HIGHEST = -6.0, 6.0
#: The vernier: ticks this far apart, so one of 11 meets a ruler tick every 0.1 mm.
PITCH = 0.9
TICKS = 11
RESOLUTION = 0.1
TICK_WIDTH = 0.15
#: Every ruler tick spans this far in front of the seam (mm); every vernier tick past it.
FRONT_TICK = 6.0
BACK_TICK = 6.0


class Axis(enum.StrEnum):
    X = "x"
    Y = "y"


@dataclass(frozen=True)
class Place:
    """One of the five places where the sheet is read. *x_zero* is the zero of the scale that
    reads X (right), *y_zero* the zero of the one that reads Y (up), in page mm (y down)."""

    name: str
    x_zero: tuple[float, float]
    y_zero: tuple[float, float]

    def zero(self, axis: Axis) -> tuple[float, float]:
        return self.x_zero if axis is Axis.X else self.y_zero


#: From the X scale's zero to the Y scale's zero, and the extent of a place around the X zero
#: (left, top, right, bottom), back halves moved by up to 6 mm included.
_Y_FROM_X = (32.0, 4.0)
_EXTENT = (8.0, 13.0, 46.0, 16.0)
#: Clear space between a corner place and the corner of the printable area (the targets).
_CORNER_CLEAR = 14.0
NAMES = ("TL", "TR", "BL", "BR", "C")


def places(spec: SheetSpec) -> list[Place]:
    """TL, TR, BL, BR near the corners of the printable area (clear of the registration
    targets) and C at the sheet centre."""
    p = spec.printable
    left, top, right, bottom = _EXTENT
    xl = p.x + _CORNER_CLEAR + left
    xr = p.right - _CORNER_CLEAR - right
    yt = p.y + _CORNER_CLEAR + top
    yb = p.bottom - _CORNER_CLEAR - bottom
    cx = spec.size.width / 2 - (right - left) / 2
    cy = spec.size.height / 2
    dx, dy = _Y_FROM_X
    return [Place(name, (x, y), (x + dx, y + dy)) for name, x, y in
            (("TL", xl, yt), ("TR", xr, yt), ("BL", xl, yb), ("BR", xr, yb), ("C", cx, cy))]


def placement(place: Place, axis: Axis) -> Transform:
    """From a scale's own frame (zero at the origin, readings along +x, front half at y < 0)
    to the page. The Y scale is turned a quarter counter-clockwise: its readings run up."""
    x, y = place.zero(axis)
    if axis is Axis.X:
        return Transform.translate(x, y)
    return Transform.translate(x, y) @ Transform.rotate(-90)


def ruler_ticks() -> list[tuple[int, float]]:
    """The front ticks: (mm, length)."""
    return [(i, FRONT_TICK + (2.0 if i % 2 == 0 and LOWEST <= i <= HIGHEST else 0.0))
            for i in RULER]


def vernier_ticks() -> list[tuple[float, float]]:
    """The back ticks: (position, length). The zero and ten ticks are longest, five medium."""
    return [(j * PITCH, BACK_TICK + (3.0 if j in (0, TICKS - 1) else 1.5 if j == 5 else 0.0))
            for j in range(TICKS)]


def front_scale(place: Place, axis: Axis) -> Group:
    """The ruler, labelled in whole mm every 2 mm, with the axis name."""
    paint = Paint(stroke=MARK_INK, width=TICK_WIDTH)
    items: list[Item] = [Line(i, -length, i, 0.0, paint) for i, length in ruler_ticks()]
    items += [Text(float(i), -FRONT_TICK - 2.8, str(i), 1.6, MARK_INK,
                   "bold" if i == 0 else "regular")
              for i in RULER if i % 2 == 0 and LOWEST <= i <= HIGHEST]
    items.append(Text(RULER[-1] + 1.5, -2.0, axis.value.upper(), 3.0, MARK_INK, "bold",
                      "start"))
    return Group(tuple(items), placement(place, axis))


def back_scale(place: Place, axis: Axis) -> Group:
    """The vernier as it should be seen from the front; the caller mirrors it onto the back
    page and leaves it out of the sheet's correction."""
    paint = Paint(stroke=MARK_INK, width=TICK_WIDTH)
    items = tuple(Line(x, 0.0, x, length, paint) for x, length in vernier_ticks())
    return Group(items, placement(place, axis))
