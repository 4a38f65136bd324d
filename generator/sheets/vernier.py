"""The scales of the calibration sheet, and the five places where they are read.

Each place has two stages, both read through the sheet held to the light:

- a coarse grid: the front prints a square grid of 1 mm lines over +-16 mm, the back one
  dot. The grid lines nearest the dot give the back side's error to 1 mm, however far off
  it is (up to 16 mm), on both axes at once, so a printer far off along one axis cannot
  push the other axis's reading off its scale;
- two fine scales, X and Y: the front prints a ruler of marks 1 mm apart (-8 to 8); the
  back a vernier of 11 ticks 0.9 mm apart, numbered -5 to 5 from a labelled zero tick, a
  gap of :data:`GAP` mm away from the ruler's marks so that an error across the scale up
  to the fine stage's reach never slides the ticks into the ruler's band.

A fine scale is read as the pair of a front mark and a back tick that line up, written
``MARK:TICK``; ``calibrate --read`` works out ``MARK - 0.9 * TICK``. Every pair that lines
up gives the same reading (at 2.5 mm both ``7:5`` and ``-2:-5``), and a pair that nearly
lines up gives one within 0.1 mm (at 1.97 mm, ``2:0`` or ``1:-1``), so no rule has to say
which whole mm a zero tick "at or before" a mark belongs to.

The back halves are drawn with the sheet's correction, as everything else on the back: a
reading is what is left of the printer's error after the correction the sheet was made
with (the first sheet has none, so it reads the printer itself), and ``calibrate --read``
with the sheet's options adds the two.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

from ..draw.geometry import Rect, Transform
from ..draw.scene import Circle, Group, Item, Line, Paint, Text
from .marks import MARK_INK
from .spec import SheetSpec

#: The ruler's marks (mm from its zero) and the vernier's ticks (numbered from its zero).
RULER = range(-8, 9)
TICKS = range(-5, 6)
#: Vernier ticks this far apart: one of 11 meets a ruler mark every 0.1 mm.
PITCH = 0.9
RESOLUTION = 0.1
TICK_WIDTH = 0.15
#: The ruler's marks span this far before the seam; the vernier's ticks start GAP past it.
FRONT_TICK = 5.0
BACK_TICK = 5.0
GAP = 3.0
#: The fine scales are read when every coarse reading is within this many mm: then the
#: error across a scale is under GAP, and every reading lies on the ruler.
FINE_REACH = 2.0
#: The coarse grid: lines every mm from -GRID to GRID, thicker every 5 mm and at 0.
GRID = 16
DOT_RADIUS = 0.6
GRID_WIDTH = 0.1


class Axis(enum.StrEnum):
    X = "x"
    Y = "y"


def fine_reading(mark: int, tick: int) -> float:
    """The error a fine scale shows when front *mark* and back *tick* line up, mm.

    >>> fine_reading(2, 0), fine_reading(7, 5), fine_reading(-2, -5)
    (2.0, 2.5, 2.5)
    """
    return mark - PITCH * tick


@dataclass(frozen=True)
class Place:
    """One of the five places where the sheet is read, in page mm (y down): *grid* is the
    centre of the coarse grid, *x_zero* the zero of the scale that reads X (right),
    *y_zero* the zero of the one that reads Y (up). *inward* says where the fine scales
    lie from the grid, toward the middle of the sheet: (1, 1) right and below, (-1, -1)
    left and above. The back's ink then keeps away from the sheet's edges, so a
    correction of up to :data:`GRID` mm (a second sheet) keeps it inside the margin."""

    name: str
    grid: tuple[float, float]
    x_zero: tuple[float, float]
    y_zero: tuple[float, float]
    inward: tuple[int, int] = (1, 1)

    def zero(self, axis: Axis) -> tuple[float, float]:
        return self.x_zero if axis is Axis.X else self.y_zero

    @property
    def box(self) -> Rect:
        """Where the place's front ink lies: grid, labels, name and both scales."""
        gx, gy = self.grid
        sx, sy = self.inward
        left, right = (_OUTER_X, _INNER) if sx > 0 else (_INNER, _OUTER_X)
        top, bottom = (_OUTER_Y, _INNER) if sy > 0 else (_INNER, _OUTER_Y)
        return Rect(gx - left, gy - top, left + right, top + bottom)


#: Across a fine scale: its ruler's labels end this far before the seam, its vernier's
#: labels this far past it.
_RULER_REACH = FRONT_TICK + 1.5 + 3.0
_VERNIER_REACH = GAP + BACK_TICK + 2.5 + 3.0
#: From the grid centre to the seam of a scale on the inner side: ruler nearer the grid
#: when the scale lies right or below it (the ruler is above or left of its seam).
_NEAR_SEAM = GRID + 2.0 + _RULER_REACH
_FAR_SEAM = GRID + 2.0 + _VERNIER_REACH
#: A place's front ink about its grid centre: on the outer sides (labels, name) and the
#: inner ones (the scales).
_OUTER_X = GRID + 5.0
_OUTER_Y = GRID + 8.5
_INNER = max(_NEAR_SEAM + _VERNIER_REACH, _FAR_SEAM + _RULER_REACH)
#: Clear space between a corner place and the corner of the printable area (the sheet's
#: targets sit at the middles of its side edges, not in the corners).
_CORNER_CLEAR = 3.0
NAMES = ("TL", "TR", "BL", "BR", "C")


def _place(name: str, x: float, y: float, inward: tuple[int, int]) -> Place:
    sx, sy = inward
    x_seam = _NEAR_SEAM if sy > 0 else -_FAR_SEAM
    y_seam = _NEAR_SEAM if sx > 0 else -_FAR_SEAM
    return Place(name, (x, y), (x, y + x_seam), (x + y_seam, y), inward)


def places(spec: SheetSpec) -> list[Place]:
    """TL, TR, BL, BR near the corners of the printable area and C at the sheet centre."""
    p = spec.printable
    xl = p.x + _CORNER_CLEAR + _OUTER_X
    xr = p.right - _CORNER_CLEAR - _OUTER_X
    yt = p.y + _CORNER_CLEAR + _OUTER_Y
    yb = p.bottom - _CORNER_CLEAR - _OUTER_Y
    cx = spec.size.width / 2 - (_INNER - _OUTER_X) / 2
    cy = spec.size.height / 2 - (_INNER - _OUTER_Y) / 2
    return [_place("TL", xl, yt, (1, 1)), _place("TR", xr, yt, (-1, 1)),
            _place("BL", xl, yb, (1, -1)), _place("BR", xr, yb, (-1, -1)),
            _place("C", cx, cy, (1, 1))]


def placement(place: Place, axis: Axis) -> Transform:
    """From a fine scale's own frame (zero at the origin, readings along +x, front half at
    y < 0, back half at y > GAP) to the page. The Y scale is turned a quarter
    counter-clockwise: its readings run up, its front half lies left of the seam."""
    x, y = place.zero(axis)
    if axis is Axis.X:
        return Transform.translate(x, y)
    return Transform.translate(x, y) @ Transform.rotate(-90)


def ruler_ticks() -> list[tuple[int, float]]:
    """The front marks: (mm, length); the numbered (even) marks are longer."""
    return [(i, FRONT_TICK + (1.5 if i % 2 == 0 else 0.0)) for i in RULER]


def vernier_ticks() -> list[tuple[int, float]]:
    """The back ticks: (number, length); the zero longest, the ends next."""
    return [(j, BACK_TICK + (2.5 if j == 0 else 1.2 if abs(j) == 5 else 0.0)) for j in TICKS]


def front_scale(place: Place, axis: Axis) -> Group:
    """The ruler, numbered every 2 mm, with the axis name."""
    paint = Paint(stroke=MARK_INK, width=TICK_WIDTH)
    items: list[Item] = [Line(i, -length, i, 0.0, paint) for i, length in ruler_ticks()]
    items += [Text(float(i), -FRONT_TICK - 2.2, str(i), 1.4, MARK_INK,
                   "bold" if i == 0 else "regular")
              for i in RULER if i % 2 == 0]
    items.append(Text(RULER[-1] + 1.5, -1.0, axis.value.upper(), 3.0, MARK_INK, "bold",
                      "start"))
    return Group(tuple(items), placement(place, axis))


def back_scale(place: Place, axis: Axis) -> Group:
    """The vernier as it should be seen from the front, its zero and end ticks numbered;
    the caller mirrors it onto the back page."""
    paint = Paint(stroke=MARK_INK, width=TICK_WIDTH)
    items: list[Item] = [Line(j * PITCH, GAP, j * PITCH, GAP + length, paint)
                         for j, length in vernier_ticks()]
    bottom = GAP + BACK_TICK + 2.5 + 2.2
    items += [Text(j * PITCH, bottom, label, 1.8 if j == 0 else 1.5, MARK_INK,
                   "bold" if j == 0 else "regular")
              for j, label in ((-5, "-5"), (0, "0"), (5, "+5"))]
    return Group(tuple(items), placement(place, axis))


def grid_lines() -> list[tuple[int, float]]:
    """The coarse grid's lines: (mm from the centre, width)."""
    return [(k, 0.35 if k == 0 else 0.2 if k % 5 == 0 else GRID_WIDTH)
            for k in range(-GRID, GRID + 1)]


def front_grid(place: Place) -> Group:
    """The coarse grid, numbered every 5 mm on its outer sides (X along the top or bottom,
    Y, up, down the left or right), with the place's name at its outer corner."""
    sx, sy = place.inward
    items: list[Item] = []
    for k, width in grid_lines():
        paint = Paint(stroke=MARK_INK, width=width)
        items.append(Line(k, -GRID, k, GRID, paint))
        items.append(Line(-GRID, k, GRID, k, paint))
    x_labels = -GRID - 1.0 if sy > 0 else GRID + 2.2
    y_labels, anchor = (-GRID - 0.8, "end") if sx > 0 else (GRID + 0.8, "start")
    for k in range(-15, 16, 5):
        label = f"{k:+d}" if k else "0"
        font = "bold" if k == 0 else "regular"
        items.append(Text(float(k), x_labels, label, 1.6, MARK_INK, font))
        items.append(Text(y_labels, -k + 0.55, label, 1.6, MARK_INK, font, anchor))
    name_y = -GRID - 4.0 if sy > 0 else GRID + 7.0
    name_x, anchor = (-GRID - 4.0, "start") if sx > 0 else (GRID + 4.0, "end")
    items.append(Text(name_x, name_y, place.name, 3.4, MARK_INK, "bold", anchor))
    gx, gy = place.grid
    return Group(tuple(items), Transform.translate(gx, gy))


def back_dot(place: Place) -> Circle:
    """The dot the back prints at the grid's centre."""
    x, y = place.grid
    return Circle(x, y, DOT_RADIUS, Paint(fill=MARK_INK))
