"""The three styles of cutting guides on card sheets (``--marks``):

- ``crop``: a short line beyond the bleed at both ends of every cut (the default);
- ``corners``: short ticks at both ends of every cut, in the bleed itself (black on a white
  stroke, so they show on any art; the bleed is cut away), so a block fills nearly the
  whole printable area (nine 63 x 88 mm cards on A4 or Letter); with a gap wider than the
  inner bleed, ticks at every card corner in the gaps too;
- ``lines``: every cut line drawn from beyond the bleed to the edge of the printable area,
  for a guillotine or a ruler laid across the sheet.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..draw.geometry import Rect
from ..draw.scene import Line, Paint
from .marks import MARK_INK, MARK_WIDTH, crop_marks
from .spec import Backs, Marks, SheetSpec

#: Corner ticks: this far past the trim, this long.
CORNER_OFFSET = 0.3
CORNER_LENGTH = 2.0
#: The white stroke under a corner tick.
HALO = Paint(stroke="#ffffff", width=0.75)
#: Guide lines start this far past the bleed and are at least this long.
LINE_OFFSET = 1.0
LINE_MIN = 1.0


def style(spec: SheetSpec) -> Marks:
    """The style actually drawn: glued backs keep crop marks, whose ends the pin-hole rings
    and the tab are placed by."""
    return Marks.CROP if spec.backs is Backs.GLUE else spec.marks


def mark_reach(spec: SheetSpec) -> float:
    """How far past the block's trim the bleed and the card sheet's guides reach."""
    marks = style(spec)
    if marks is Marks.CORNERS:
        return max(spec.bleed, CORNER_OFFSET + CORNER_LENGTH)
    if marks is Marks.LINES:
        return spec.bleed + LINE_OFFSET + LINE_MIN
    return spec.mark_reach


def guides(block: Rect, xs: Sequence[float], ys: Sequence[float], slots: Sequence[Rect],
           spec: SheetSpec, edge: Rect | None = None) -> list[Line]:
    """The guides for a block cut at *xs* and *ys* holding the cards *slots*; guide lines
    run out to *edge* (by default the printable area)."""
    marks = style(spec)
    paint = Paint(stroke=MARK_INK, width=MARK_WIDTH)
    if marks is Marks.CROP:
        return crop_marks(block, xs, ys, spec)
    if marks is Marks.LINES:
        p = spec.printable if edge is None else edge
        start = spec.bleed + LINE_OFFSET
        lines = []
        for x in xs:
            lines += [Line(x, p.y, x, block.y - start, paint),
                      Line(x, block.bottom + start, x, p.bottom, paint)]
        for y in ys:
            lines += [Line(p.x, y, block.x - start, y, paint),
                      Line(block.right + start, y, p.right, y, paint)]
        return lines
    start = CORNER_OFFSET
    end = start + CORNER_LENGTH
    out: list[Line] = []
    for x in xs:
        out += [Line(x, block.y - end, x, block.y - start, paint),
                Line(x, block.bottom + start, x, block.bottom + end, paint)]
    for y in ys:
        out += [Line(block.x - end, y, block.x - start, y, paint),
                Line(block.right + start, y, block.right + end, y, paint)]
    inner = min(spec.bleed, spec.gap / 2)
    room = spec.gap / 2 - inner
    if room >= 0.5:
        # Ticks along each card's edges at its corners, in the gap beyond its inner bleed.
        length = min(CORNER_LENGTH, room)
        for s in slots:
            for x, y in s.corners():
                sx = 1 if x == s.right else -1
                sy = 1 if y == s.bottom else -1
                ax, ay = x + sx * inner, y + sy * inner
                if block.y < ay < block.bottom:    # the edge's line runs on into a gap
                    out.append(Line(x, ay, x, ay + sy * length, paint))
                if block.x < ax < block.right:
                    out.append(Line(ax, y, ax + sx * length, y, paint))
    # Each tick over a white stroke: it shows on the art of the bleed.
    return [Line(m.x1, m.y1, m.x2, m.y2, HALO) for m in out] + out


def around(line: Line, boxes: Sequence[Rect]) -> list[Line]:
    """An upright or level *line* with the parts inside *boxes* left out."""
    parts = [line]
    for box in boxes:
        kept = []
        for ln in parts:
            if ln.x1 == ln.x2 and box.x <= ln.x1 <= box.right:
                lo, hi = sorted((ln.y1, ln.y2))
                pieces = [(lo, min(hi, box.y)), (max(lo, box.bottom), hi)]
                kept += [Line(ln.x1, a, ln.x1, b, ln.paint) for a, b in pieces if b - a > 0.5]
            elif ln.y1 == ln.y2 and box.y <= ln.y1 <= box.bottom:
                lo, hi = sorted((ln.x1, ln.x2))
                pieces = [(lo, min(hi, box.x)), (max(lo, box.right), hi)]
                kept += [Line(a, ln.y1, b, ln.y1, ln.paint) for a, b in pieces if b - a > 0.5]
            else:
                kept.append(ln)
        parts = kept
    return parts
