"""The printer's marks every sheet shares: crop marks, registration targets, pin-hole
rings, the scale ruler and the line that says how to print. Each is built here only, and
card sheets, board pieces and the calibration sheet all take it from here."""
from __future__ import annotations

import math
from collections.abc import Sequence

from ..draw.geometry import Rect, Transform
from ..draw.scene import Circle, Item, Line, Paint, Text
from .spec import Flip, SheetSpec, correction_reach, front_correction, safe_area

MARK_INK = "#000000"
MARK_WIDTH = 0.25
#: Radius of a registration target, mm.
TARGET_RADIUS = 3.0


def crop_marks(block: Rect, xs: Sequence[float], ys: Sequence[float], spec: SheetSpec
               ) -> list[Line]:
    """A short line beyond the bleed at both ends of every cut: the vertical cuts at *xs*
    and the horizontal cuts at *ys* of *block*, the rectangle that is cut out. They start
    ``mark_offset`` past the bleed, so a mark never prints on the art it guides."""
    start = spec.bleed + spec.mark_offset
    end = start + spec.mark_length
    paint = Paint(stroke=MARK_INK, width=MARK_WIDTH)
    marks = []
    for x in xs:
        marks.append(Line(x, block.y - end, x, block.y - start, paint))
        marks.append(Line(x, block.bottom + start, x, block.bottom + end, paint))
    for y in ys:
        marks.append(Line(block.x - end, y, block.x - start, y, paint))
        marks.append(Line(block.right + start, y, block.right + end, y, paint))
    return marks


#: The smaller targets at the edge middles, which go where a full block leaves little room.
EDGE_TARGET_RADIUS = 2.5


def target_layout(spec: SheetSpec, avoid: Sequence[Rect] = ()
                  ) -> tuple[list[tuple[float, float]], float]:
    """Registration targets at the four corners of the printable area: a set that both
    flips map onto itself, so front and back targets coincide when the sheet turns. They
    keep the back correction's reach from the margin, so corrected they still clear it.
    If a target would touch *avoid* (the ink of a block that fills the sheet), the pair at
    the middles of the side edges is used instead, or else of the top and bottom edges:
    those sets are symmetric under both flips too, and use smaller targets. Returns the
    centres and the targets' radius."""
    e = safe_area(spec, EDGE_TARGET_RADIUS + 0.5)
    cx, cy = spec.size.width / 2, spec.size.height / 2
    choices = [(corner_targets(spec, TARGET_RADIUS), TARGET_RADIUS),
               ([(e.x, cy), (e.right, cy)], EDGE_TARGET_RADIUS),
               ([(cx, e.y), (cx, e.bottom)], EDGE_TARGET_RADIUS)]
    for centres, radius in choices:
        if not any(target_touches(c, zone, radius) for c in centres for zone in avoid):
            return centres, radius
    return choices[0]


def corner_targets(spec: SheetSpec, radius: float) -> list[tuple[float, float]]:
    """TL, TR, BL, BR targets of *radius* as near the corners of the printable area as the
    back correction lets them: each corner moves in only as far as the corrected target
    there needs to stay inside the margin (a shift up moves the top pair down, not the
    bottom pair up). The pairs the flip swaps stay mirror images, so front and back
    targets still meet through the paper."""
    room = radius + 0.5
    if correction_reach(spec) == (0.0, 0.0):
        p = safe_area(spec, room)
        return [(p.x, p.y), (p.right, p.y), (p.x, p.bottom), (p.right, p.bottom)]
    p = spec.printable.inset(room)
    fix = front_correction(spec)
    width, height = spec.size.width, spec.size.height
    # How far each target moves in from its corner: (left pair's or top pair's inset, ...).
    # Long flip: TL and TR mirror each other across the sheet (x), as do BL and BR; short
    # flip: TL and BL (y), TR and BR. ins[k] = (inset x, inset y) of pair k.
    long = spec.flip is Flip.LONG
    ins = [[0.0, 0.0], [0.0, 0.0]]

    def centres() -> list[tuple[float, float]]:
        if long:
            (tx, ty), (bx, by) = ins
            return [(p.x + tx, p.y + ty), (width - (p.x + tx), p.y + ty),
                    (p.x + bx, p.bottom - by), (width - (p.x + bx), p.bottom - by)]
        (lx, ly), (rx, ry) = ins
        return [(p.x + lx, p.y + ly), (p.right - rx, p.y + ry),
                (p.x + lx, height - (p.y + ly)), (p.right - rx, height - (p.y + ry))]

    for _ in range(4):
        pts = centres()
        # How far outside the room each corrected target lands, per side.
        over = []
        for x, y in pts:
            fx, fy = fix.apply(x, y)
            over.append((max(0.0, p.x - fx), max(0.0, fx - p.right),
                         max(0.0, p.y - fy), max(0.0, fy - p.bottom)))
        tl, tr, bl, br = over
        if long:
            grow = [[max(tl[0], tr[1]), max(tl[2], tr[2])],
                    [max(bl[0], br[1]), max(bl[3], br[3])]]
        else:
            grow = [[max(tl[0], bl[0]), max(tl[2], bl[3])],
                    [max(tr[1], br[1]), max(tr[2], br[3])]]
        if all(v <= 1e-9 for pair in grow for v in pair):
            break
        for k in range(2):
            for j in range(2):
                # Whole tenths, as the correction's reach: tidy numbers in the file.
                ins[k][j] = math.ceil((ins[k][j] + grow[k][j]) * 10 - 1e-9) / 10
    return centres()


def target_centres(spec: SheetSpec, avoid: Sequence[Rect] = ()
                   ) -> list[tuple[float, float]]:
    """The centres of :func:`target_layout`."""
    return target_layout(spec, avoid)[0]


def target_touches(centre: tuple[float, float], zone: Rect, radius: float = TARGET_RADIUS
                   ) -> bool:
    """Whether the ink of a target at *centre* (ring, dot, cross) comes within 0.3 mm of
    *zone*."""
    x, y = centre
    arm = 0.3 + MARK_WIDTH
    shapes = [Rect(x - radius, y - arm, 2 * radius, 2 * arm),
              Rect(x - arm, y - radius, 2 * arm, 2 * radius),
              Rect(x - radius * 0.62, y - radius * 0.62, radius * 1.24, radius * 1.24)]
    return any(zone.intersects(shape.inset(-0.3)) for shape in shapes)


def target(cx: float, cy: float, r: float = TARGET_RADIUS) -> list[Item]:
    """A ring, a dot and a cross centred on (cx, cy)."""
    paint = Paint(stroke=MARK_INK, width=MARK_WIDTH)
    return [Circle(cx, cy, r * 0.62, paint), Circle(cx, cy, r * 0.25, Paint(fill=MARK_INK)),
            Line(cx - r, cy, cx + r, cy, paint), Line(cx, cy - r, cx, cy + r, paint)]


def registration_targets(spec: SheetSpec, avoid: Sequence[Rect] = ()) -> list[Item]:
    """The targets of a sheet, the same on its front and its back."""
    centres, radius = target_layout(spec, avoid)
    return [item for x, y in centres for item in target(x, y, radius)]


PINHOLE_RADIUS = 1.6


def pinhole_centres(block: Rect, spec: SheetSpec) -> list[tuple[float, float]]:
    """Two rings beyond each corner of the block, on the lines of its edges, halfway along
    the crop marks: clear of the cards and their bleed. Joined across the sheet on the
    reverse, opposite holes draw exactly the block's four edges."""
    d = spec.bleed + spec.mark_offset + spec.mark_length / 2
    return [(block.x, block.y - d), (block.right, block.y - d),
            (block.x, block.bottom + d), (block.right, block.bottom + d),
            (block.x - d, block.y), (block.right + d, block.y),
            (block.x - d, block.bottom), (block.right + d, block.bottom)]


def pinholes(block: Rect, spec: SheetSpec) -> list[Item]:
    """Rings to pierce on the fronts of a glued sheet (see :func:`pinhole_centres`)."""
    items: list[Item] = []
    paint = Paint(stroke=MARK_INK, width=MARK_WIDTH)
    for x, y in pinhole_centres(block, spec):
        items += [Circle(x, y, PINHOLE_RADIUS, paint), Circle(x, y, 0.3, Paint(fill=MARK_INK))]
    return items


def ruler(x: float, y: float, length: float = 50.0) -> list[Item]:
    """A scale bar in mm from (x, y), so users can check the print was not scaled to fit."""
    paint = Paint(stroke=MARK_INK, width=0.2)
    items: list[Item] = [Line(x, y, x + length, y, paint)]
    for mm in range(0, int(length) + 1):
        tick = 2.0 if mm % 10 == 0 else (1.3 if mm % 5 == 0 else 0.7)
        items.append(Line(x + mm, y, x + mm, y - tick, paint))
    items.append(Text(x + length + 1.5, y, f"{length:g} mm", 2.2, MARK_INK, "regular", "start"))
    return items


def sheet_ruler(spec: SheetSpec) -> list[Item]:
    """The ruler where every sheet has it: bottom left, inside the safe margin and clear
    of the corner targets (which move in by the back correction's reach)."""
    printable = safe_area(spec)
    return ruler(printable.x + 8, printable.bottom - 1.0)


def print_note(spec: SheetSpec, text: str) -> Text:
    """The line at the top left of a sheet that names it and says how to print it. Like the
    targets, it keeps the back correction's reach from the margin."""
    printable = safe_area(spec)
    return Text(printable.x + 8, printable.y + 2.4, text, 2.4, MARK_INK, "regular", "start")


def mirrored(line: Line, t: Transform) -> Line:
    """*line* with both ends moved by *t* (a mirror keeps a line a line)."""
    x1, y1 = t.apply(line.x1, line.y1)
    x2, y2 = t.apply(line.x2, line.y2)
    return Line(x1, y1, x2, y2, line.paint)
