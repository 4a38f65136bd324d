"""The figures of the court cards of the traditional packs: a king, a queen and a jack
drawn from the waist up, each as players know them from a real pack (the king crowned and
bearded with a sword, the queen crowned with long hair and a flower, the jack in a
feathered cap with a halberd), in the suit's colour with gold trim.

A figure is drawn in the upper half of the court panel, in its own units: a box 39 wide
and 34 high (the half panel of a 63 x 88 mm card, in mm), its waist on the panel's middle
line; the caller places and scales it, and turns a copy into the lower half, as a
double-headed court card has it. Every shape is a plain polygon, circle, box or line: no
drawn art is copied, and the figures print alike in every backend.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from ...model.traditional import JACK, KING, QUEEN
from ..scene import Box, Circle, Item, Line, Paint, Polygon
from ..geometry import Rect

#: The half panel's box in figure units.
WIDTH, HEIGHT = 39.0, 34.0
#: The gold of crowns, collars and trim, the same for every suit.
GOLD = "#d9a21b"
#: Steel of the blades.
STEEL = "#7b828a"
#: Hair and beards, dark brown in every suit, so that they stand apart from the robe.
HAIR = "#5a3b22"
PAPER = "#ffffff"

Point = tuple[float, float]


def _ellipse(cx: float, cy: float, rx: float, ry: float, steps: int = 36) -> tuple[Point, ...]:
    return tuple((cx + rx * math.cos(2 * math.pi * i / steps),
                  cy + ry * math.sin(2 * math.pi * i / steps)) for i in range(steps))


def _curve(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 8) -> list[Point]:
    """A cubic Bezier curve as points, *p0* left out (the previous piece ends there)."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t ** 3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def _mirrored(points: Sequence[Point]) -> tuple[Point, ...]:
    """*points* mirrored about the figure's upright axis."""
    return tuple((WIDTH - x, y) for x, y in points)


def _shape(points: Sequence[Point], fill: str | None, stroke: str | None,
           width: float = 0.3) -> Polygon:
    return Polygon(tuple(points), Paint(fill=fill, stroke=stroke, width=width))


def _robe(ink: str) -> list[Item]:
    """Shoulders and chest down to the panel's middle line, and the neck above them."""
    left: list[Point] = [(4.5, HEIGHT), (5.0, 28.5)]
    left += _curve((5.0, 28.5), (5.6, 24.6), (9.6, 22.4), (15.0, 21.4))
    outline = left + list(reversed(_mirrored(left)))
    return [Box(Rect(17.4, 17.5, 4.2, 5.0), Paint(fill=PAPER, stroke=ink, width=0.3)),
            _shape(outline, ink, None)]


def _face(ink: str, cy: float = 14.2) -> list[Item]:
    """An oval face with eyes, brows, nose and mouth in thin lines of the suit colour."""
    thin = Paint(stroke=ink, width=0.3)
    return [
        _shape(_ellipse(19.5, cy, 3.9, 4.9), PAPER, ink),
        Circle(17.9, cy - 0.6, 0.42, Paint(fill=ink)),
        Circle(21.1, cy - 0.6, 0.42, Paint(fill=ink)),
        Line(17.0, cy - 1.7, 18.7, cy - 1.9, thin), Line(20.3, cy - 1.9, 22.0, cy - 1.7, thin),
        Polygon(((19.6, cy - 0.7), (19.1, cy + 1.4), (19.8, cy + 1.6)), thin, closed=False),
        Line(18.6, cy + 2.9, 20.4, cy + 2.9, thin),
    ]


def _hand(x: float, y: float, ink: str) -> list[Item]:
    """A hand gripping at (x, y), a gold cuff below it."""
    crease = Paint(stroke=ink, width=0.2)
    return [Box(Rect(x - 1.9, y + 1.1, 3.8, 1.6), Paint(fill=GOLD, stroke=ink, width=0.3)),
            Circle(x, y, 1.5, Paint(fill=PAPER, stroke=ink, width=0.3)),
            Line(x - 1.1, y - 0.45, x + 1.1, y - 0.45, crease),
            Line(x - 1.2, y + 0.45, x + 1.2, y + 0.45, crease)]


def _king(ink: str) -> list[Item]:
    """Crowned, bearded, an ermine collar, a sword held upright."""
    items: list[Item] = [_shape(_ellipse(19.5, 13.6, 5.0, 6.0), HAIR, ink)]
    items += _robe(ink)
    # The ermine collar over the shoulders: white with black tails.
    collar: list[Point] = [(7.0, 25.6)]
    collar += _curve((7.0, 25.6), (9.5, 22.8), (13.0, 21.4), (16.0, 21.0), 6)
    collar += [(19.5, 21.0)]
    inner: list[Point] = [(19.5, 24.2), (16.0, 24.2)]
    inner += _curve((16.0, 24.2), (13.0, 24.4), (10.0, 25.4), (8.0, 28.0), 6)
    band = collar + list(reversed(_mirrored(collar)))[1:] + list(_mirrored(inner))[::-1] \
        + inner[1:]
    items.append(_shape(band, PAPER, ink))
    for x, y in ((10.0, 25.0), (13.5, 23.0), (25.5, 23.0), (29.0, 25.0), (19.5, 22.6)):
        items.append(_shape(((x, y - 0.7), (x + 0.5, y + 0.5), (x - 0.5, y + 0.5)), ink,
                            None))
    # The robe's gold front with three buttons.
    items.append(Box(Rect(18.1, 24.2, 2.8, HEIGHT - 24.2), Paint(fill=GOLD, stroke=ink,
                                                                   width=0.3)))
    items += [Circle(19.5, y, 0.5, Paint(fill=ink)) for y in (26.6, 29.2, 31.8)]
    items += _face(ink)
    # The beard and moustache, round the chin from cheek to cheek.
    beard: list[Point] = [(15.7, 14.6)]
    beard += _curve((15.7, 14.6), (15.6, 19.5), (17.6, 22.4), (19.5, 23.4), 6)
    beard += list(reversed(_mirrored(beard)))[1:]
    beard += [(22.6, 16.4), (20.6, 17.2), (19.5, 16.6), (18.4, 17.2), (16.4, 16.4)]
    items.append(_shape(beard, HAIR, ink, 0.25))
    items.append(Line(18.6, 18.6, 20.4, 18.6, Paint(stroke=PAPER, width=0.35)))
    # The crown: a band and three points, each with a jewel.
    crown = ((14.8, 9.4), (14.6, 3.6), (17.1, 6.0), (19.5, 1.8), (21.9, 6.0), (24.4, 3.6),
             (24.2, 9.4))
    items.append(_shape(crown, GOLD, ink))
    items.append(Line(14.8, 7.9, 24.2, 7.9, Paint(stroke=ink, width=0.3)))
    items += [Circle(x, y, 0.6, Paint(fill=ink)) for x, y in
              ((14.6, 3.6), (19.5, 1.8), (24.4, 3.6))]
    items += [Circle(x, 8.65, 0.45, Paint(fill=PAPER, stroke=ink, width=0.2))
              for x in (16.9, 19.5, 22.1)]
    # The sword, upright in the right hand.
    items.append(_shape(((31.0, 4.0), (32.0, 5.6), (32.0, 26.0), (30.0, 26.0), (30.0, 5.6)),
                        STEEL, ink))
    items.append(Box(Rect(27.8, 26.0, 6.4, 1.3), Paint(fill=GOLD, stroke=ink, width=0.3)))
    items.append(Circle(31.0, 31.0, 0.9, Paint(fill=GOLD, stroke=ink, width=0.3)))
    items += _hand(31.0, 28.6, ink)
    return items


def _queen(ink: str) -> list[Item]:
    """Long hair, a small crown of pearls, a necklace on a low neckline, a flower."""
    side: list[Point] = [(15.0, 9.0)]
    side += _curve((15.0, 9.0), (12.6, 13.0), (13.2, 19.0), (12.8, 23.6), 8)
    side += [(16.6, 22.6), (16.2, 14.0)]
    items: list[Item] = [_shape(_ellipse(19.5, 13.4, 5.3, 6.2), HAIR, ink),
                         _shape(side, HAIR, ink), _shape(_mirrored(side), HAIR, ink)]
    items += _robe(ink)
    # The neckline, with a string of gold beads.
    neck = [(14.6, 21.6)] + _curve((14.6, 21.6), (16.0, 25.0), (18.0, 26.4), (19.5, 26.6), 6)
    neck += list(reversed(_mirrored(neck)))[1:]
    items.append(_shape(neck, PAPER, ink))
    items += [Circle(x, y, 0.5, Paint(fill=GOLD, stroke=ink, width=0.15))
              for x, y in ((16.2, 22.9), (17.2, 24.0), (18.4, 24.7), (19.5, 24.9),
                           (20.6, 24.7), (21.8, 24.0), (22.8, 22.9))]
    # Gold bands down the bodice.
    for x in (10.6, 25.8):
        items.append(Box(Rect(x, 26.0, 2.6, HEIGHT - 26.0), Paint(fill=GOLD, stroke=ink,
                                                                    width=0.3)))
    items += _face(ink)
    # Locks of hair falling over the shoulders in front.
    lock: list[Point] = [(15.6, 12.0)]
    lock += _curve((15.6, 12.0), (14.4, 16.0), (15.6, 20.0), (14.4, 24.6), 6)
    lock += [(13.4, 23.0)]
    lock += _curve((13.4, 23.0), (14.2, 19.0), (13.2, 15.0), (15.6, 12.0), 6)[:-1]
    items += [_shape(lock, HAIR, ink, 0.25), _shape(_mirrored(lock), HAIR, ink, 0.25)]
    # The crown: a band and five points, each with a pearl.
    tips = ((15.8, 6.6), (17.6, 5.0), (19.5, 4.2), (21.4, 5.0), (23.2, 6.6))
    crown = [(15.4, 9.4), *[p for tip in tips for p in (tip, (tip[0] + 0.9, 8.0))][:-1],
             (23.6, 9.4)]
    items.append(_shape(crown, GOLD, ink))
    items += [Circle(x, y, 0.6, Paint(fill=PAPER, stroke=ink, width=0.2)) for x, y in tips]
    # A flower held up in the right hand.
    items.append(Line(31.0, 28.0, 32.4, 11.0, Paint(stroke=ink, width=0.45)))
    for dx, y in ((-1.0, 20.0), (1.0, 17.0)):
        x = 31.0 + (28.0 - y) / 17.0 * 1.4   # on the stem
        items.append(_shape(((x, y), (x + dx * 1.2, y - 1.6), (x + dx * 3.0, y - 2.4),
                             (x + dx * 1.8, y - 0.6)), ink, None))
    for i in range(5):
        a = 2 * math.pi * i / 5 - math.pi / 2
        items.append(Circle(32.4 + 1.5 * math.cos(a), 10.6 + 1.5 * math.sin(a), 1.25,
                            Paint(fill=PAPER, stroke=ink, width=0.3)))
    items.append(Circle(32.4, 10.6, 0.9, Paint(fill=GOLD, stroke=ink, width=0.2)))
    items += _hand(31.0, 27.6, ink)
    return items


def _jack(ink: str) -> list[Item]:
    """Short hair, a flat cap with a long feather, a square collar, a halberd."""
    curl = Paint(fill=HAIR, stroke=ink, width=0.3)
    items: list[Item] = [_shape(_ellipse(19.5, 13.8, 4.8, 5.4), HAIR, ink),
                         Circle(15.3, 17.0, 1.4, curl), Circle(23.7, 17.0, 1.4, curl)]
    items += _robe(ink)
    # The doublet's gold stripes and its white square collar.
    for x in (9.5, 14.0, 23.0, 27.5):
        items.append(_shape(((x, 23.0 + abs(x - 19.5) * 0.12), (x + 2.0, 23.0 + abs(x - 19.5)
                                                                  * 0.1), (x + 2.0, HEIGHT),
                             (x, HEIGHT)), GOLD, ink))
    items.append(_shape(((14.2, 21.3), (24.8, 21.3), (23.4, 25.2), (19.5, 23.6),
                         (15.6, 25.2)), PAPER, ink))
    items += _face(ink, cy=14.4)
    # The feather, sweeping back from the cap.
    upper = [(21.0, 7.0)] + _curve((21.0, 7.0), (24.0, 1.0), (28.0, 0.6), (30.0, 1.2), 8)
    lower = [(30.0, 1.2)] + _curve((30.0, 1.2), (27.0, 2.4), (24.6, 4.4), (22.8, 7.6), 8)
    items.append(_shape(upper + lower[1:], PAPER, ink))
    items.append(Polygon(tuple(_curve((21.8, 7.2), (24.4, 2.6), (27.0, 1.8), (30.0, 1.2),
                                      8)), Paint(stroke=ink, width=0.25), closed=False))
    # The cap: a crown and a gold brim.
    cap = [(15.0, 9.0)] + _curve((15.0, 9.0), (14.8, 4.0), (24.2, 4.0), (24.0, 9.0), 10)
    items.append(_shape(cap, ink, None))
    items.append(_shape(_ellipse(19.5, 9.0, 6.4, 1.3), GOLD, ink))
    # The halberd, its shaft in the right hand.
    items.append(Line(31.4, HEIGHT, 31.4, 4.0, Paint(stroke=ink, width=0.9)))
    items.append(_shape(((31.4, 0.6), (32.5, 3.2), (31.4, 5.4), (30.3, 3.2)), STEEL, ink))
    items.append(_shape(((31.4, 6.0), (35.4, 5.0), (36.0, 8.6), (35.4, 11.4), (31.4, 9.8)),
                        STEEL, ink))
    items.append(_shape(((31.4, 6.6), (28.6, 7.8), (31.4, 9.0)), STEEL, ink))
    items += _hand(31.4, 27.6, ink)
    return items


FIGURES = {KING: _king, QUEEN: _queen, JACK: _jack}


def court_figure(rank: int, ink: str) -> list[Item]:
    """The upper half's figure of the court *rank* in colour *ink*, in figure units (the
    box :data:`WIDTH` x :data:`HEIGHT`, the waist on its bottom edge)."""
    return FIGURES[rank](ink)
