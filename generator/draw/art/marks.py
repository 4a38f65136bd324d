"""The small marks shared by faces and backs: arrows, daggers, circles, rhombuses, hatching,
and text placed by its inked centre."""
from __future__ import annotations

import math

from .. import fonts
from ...model.cards import Hatching
from ..geometry import Rect
from ..scene import Box, Circle, Group, Item, Line, Paint, Polygon, Text

DAGGER = "\u2020"


def centred_text(text: str, cx: float, cy: float, size: float, fill: str, *,
                 font: str = "bold", rotation: float = 0.0, line_of: str = "") -> Text:
    """Text whose inked box is centred on (cx, cy), optionally turned around that point.

    Digits and suit signs sit at different heights on the baseline, so centring the ink
    rather than the baseline keeps every card's value at exactly the same place. Labels
    read as one line (a board's file letters) pass the whole line as *line_of*: centred
    on its ink height, they share one baseline, where 'b' and 'a' centred one by one
    would not (the ascender pulls 'b' down).
    """
    fonts.check_glyphs(text, font, f"text {text!r}")
    left, top, right, bottom = fonts.ink_bounds(text, font, size)
    if line_of:
        _, top, _, bottom = fonts.ink_bounds(line_of, font, size)
    # Baseline start such that the ink centre lands on (cx, cy) before turning.
    dx = -(left + right) / 2
    dy = -(top + bottom) / 2
    rad = math.radians(rotation)
    cos, sin = math.cos(rad), math.sin(rad)
    if rotation % 90 == 0:
        cos, sin = [(1, 0), (0, 1), (-1, 0), (0, -1)][int(rotation // 90) % 4]
    x = cx + dx * cos - dy * sin
    y = cy + dx * sin + dy * cos
    return Text(x, y, text, size, fill, font, "start", rotation)


def fit_size(text: str, font: str, size: float, max_width: float) -> float:
    """*size*, reduced so that *text* is at most *max_width* wide."""
    width = fonts.measure(text, font, size)
    return size if width <= max_width else size * max_width / width


def arrow(cx: float, tip_y: float, height: float, width: float, fill: str,
          pointing_up: bool = True) -> Polygon:
    """The orientation arrow: a solid arrowhead with a short shaft, tip at (cx, tip_y)."""
    s = 1 if pointing_up else -1
    head = height * 0.6
    shaft = width * 0.28
    pts = ((cx, tip_y), (cx + width / 2, tip_y + s * head), (cx + shaft / 2, tip_y + s * head),
           (cx + shaft / 2, tip_y + s * height), (cx - shaft / 2, tip_y + s * height),
           (cx - shaft / 2, tip_y + s * head), (cx - width / 2, tip_y + s * head))
    return Polygon(pts, Paint(fill=fill))


def dagger(cx: float, cy: float, size: float, ink: str, backing: str | None = None,
           rotation: float = 0.0) -> list[Item]:
    """A dagger sign centred on (cx, cy); *backing* puts a disc behind it so it reads on
    hatching."""
    items: list[Item] = []
    if backing:
        items.append(Circle(cx, cy, size * 0.42, Paint(fill=backing)))
    items.append(centred_text(DAGGER, cx, cy, size * 0.62 / 0.75, ink, rotation=rotation))
    return items


def disc(cx: float, cy: float, r: float, ink: str, ring: str, double: bool = False
         ) -> list[Item]:
    """A dark circle of the back marks, ringed in *ring* so it stands out of the hatching;
    *double* draws the pack-3 double circle."""
    items: list[Item] = [Circle(cx, cy, r * 1.3, Paint(fill=ring)),
                         Circle(cx, cy, r, Paint(fill=ink))]
    if double:
        items += [Circle(cx, cy, r * 0.62, Paint(fill=ring)),
                  Circle(cx, cy, r * 0.38, Paint(fill=ink))]
    return items


def rhombus(cx: float, cy: float, w: float, h: float, ink: str, ring: str) -> list[Item]:
    outer = ((cx, cy - h / 2 - 0.6), (cx + w / 2 + 0.6, cy), (cx, cy + h / 2 + 0.6),
             (cx - w / 2 - 0.6, cy))
    inner = ((cx, cy - h / 2), (cx + w / 2, cy), (cx, cy + h / 2), (cx - w / 2, cy))
    return [Polygon(outer, Paint(fill=ring)), Polygon(inner, Paint(fill=ink))]


def hatching(area: Rect, kind: Hatching, step: float, width: float, colour: str,
             key: str) -> Group:
    """Parallel lines over *area*, clipped to it. The pattern is anchored at the area's
    centre so that it sits the same way on every card of a pack."""
    paint = Paint(stroke=colour, width=width)
    cx, cy = area.centre
    reach = math.hypot(area.w, area.h) / 2 + step
    n = int(reach / step) + 1
    lines: list[Item] = []
    directions = {
        Hatching.DIAGONAL: [(1, -1)], Hatching.ANTIDIAGONAL: [(1, 1)],
        Hatching.CROSS: [(1, -1), (1, 1)], Hatching.HORIZONTAL: [(1, 0)],
        Hatching.VERTICAL: [(0, 1)], Hatching.GRID: [(1, 0), (0, 1)], Hatching.NONE: []}
    for dx, dy in directions[kind]:
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length          # along the line
        nx, ny = -uy, ux                           # across the lines
        spacing = step
        for i in range(-n, n + 1):
            ox, oy = cx + nx * i * spacing, cy + ny * i * spacing
            lines.append(Line(ox - ux * reach, oy - uy * reach, ox + ux * reach,
                              oy + uy * reach, paint))
    return Group(tuple(lines), clip=area, key=key, role="hatching")


def field(area: Rect, fill: str) -> Box:
    return Box(area, Paint(fill=fill))
