"""The backs sheet of the glue method: its cut includes a tab along the edge that meets the
top of the fronts sheet, with an arrow and the item's name, so the cut-out block cannot be
glued on turned round. The tab is cut off with the cards."""
from __future__ import annotations

from collections.abc import Sequence

from ..draw.art.marks import arrow
from ..draw.geometry import Rect
from ..draw.scene import Item, Line, Paint, Text
from .marks import MARK_INK, MARK_WIDTH, PINHOLE_RADIUS, crop_marks, pinhole_centres
from .spec import SheetSpec, mirror

#: Depth of the tab beyond the block, mm: the card bleed plus a line of text.
TAB = 5.0


def tab_rect(block: Rect) -> Rect:
    """The tab, in front coordinates: along the block's top edge, outside it."""
    return Rect(block.x, block.y - TAB, block.w, TAB)


def glue_crop_marks(block: Rect, xs: Sequence[float], ys: Sequence[float], spec: SheetSpec
                    ) -> list[Line]:
    """The block's crop marks, with the top ends of the vertical cuts moved beyond the tab
    and a cut across the tab's outer edge (front coordinates)."""
    tab = tab_rect(block)
    marks = [m for m in crop_marks(block, xs, ys, spec)
             if not (m.x1 == m.x2 and max(m.y1, m.y2) <= block.y)]
    paint = Paint(stroke=MARK_INK, width=MARK_WIDTH)
    start, end = spec.mark_offset, spec.mark_offset + spec.mark_length
    marks += [Line(x, tab.y - end, x, tab.y - start, paint) for x in xs]
    side = spec.bleed + spec.mark_offset
    marks += [Line(block.x - side - spec.mark_length, tab.y, block.x - side, tab.y, paint),
              Line(block.right + side, tab.y, block.right + side + spec.mark_length, tab.y,
                   paint)]
    return marks


def tab_reach(block: Rect, spec: SheetSpec) -> Rect:
    """Everything the tab and its marks cover, front coordinates."""
    tab = tab_rect(block)
    top = tab.y - spec.mark_offset - spec.mark_length
    return Rect(block.x, top, block.w, block.y - top)


def glue_reach(spec: SheetSpec, guides: float) -> tuple[float, float]:
    """How far a glued sheet's ink reaches above and below the block (front coordinates,
    mm): the tab and its marks above, the pin-hole rings on both sides, and the guides'
    reach *guides*."""
    ring = spec.bleed + spec.mark_offset + spec.mark_length / 2 + PINHOLE_RADIUS + \
        MARK_WIDTH / 2
    below = max(guides, ring)
    return max(below, TAB + spec.mark_offset + spec.mark_length), below


def glue_overflow(block: Rect, spec: SheetSpec) -> tuple[bool, bool]:
    """Whether a glued sheet's own marks would print in the printer's margin, across and
    down: the tab and its marks where they print on the backs page (glued backs take no
    duplex correction, so the mirror alone places them), and the fronts' pin-hole rings,
    which reach a little past the crop marks."""
    p = spec.printable.inset(-1e-6)
    ring = PINHOLE_RADIUS + MARK_WIDTH / 2
    parts = [mirror(spec).apply_rect(tab_reach(block, spec))]
    parts += [Rect(x - ring, y - ring, 2 * ring, 2 * ring)
              for x, y in pinhole_centres(block, spec)]
    reach = Rect.bounding([c for r in parts for c in r.corners()])
    return (reach.x < p.x or reach.right > p.right, reach.y < p.y or reach.bottom > p.bottom)


def tab_label(tab: Rect, title: str, up: bool) -> list[Item]:
    """The arrow and the text on the tab as it lies on the backs page (*tab* in page
    coordinates). *up* says whether the fronts' top edge is up on this page (long flip) or
    down (short flip: the backs are mirrored top to bottom); the text reads upright when
    the arrow points up."""
    x = tab.x + 4.0
    text = f"UP: {title} backs - this edge to the fronts' top edge"
    # In the tab's outer 3 mm: the card bleed fills the 2 mm next to the block.
    if up:
        tip, baseline = tab.y + 0.4, tab.y + 2.3
        return [arrow(x, tip, 2.2, 2.0, MARK_INK, pointing_up=True),
                Text(x + 3.0, baseline, text, 1.9, MARK_INK, "bold", "start")]
    tip, baseline = tab.bottom - 0.4, tab.bottom - 2.3
    xr = tab.right - 4.0
    return [arrow(xr, tip, 2.2, 2.0, MARK_INK, pointing_up=False),
            Text(xr - 3.0, baseline, text, 1.9, MARK_INK, "bold", "start", 180.0)]
