"""Registration marks for cutting machines (``build --cut``), in the "print then cut"
style of the Silhouette Cameo and Portrait (Silhouette Studio's mark type 1): a filled
square at the top-left corner and an L-shaped bracket at the top-right and bottom-left
corners, 10 mm in from the paper edges. The machine's optical sensor finds the three
marks on the printed front, and from them where the cut paths of the cut file lie.

``--cut-marks squares`` prints three filled squares instead, one in each of the same three
corners, for cutting software whose marks are plain squares (the style named in issue 16;
which machines read them as they are has not been confirmed).

The marks are printed on card fronts only (the cutter reads the side facing up) and are
drawn in the cut files at the same place, so the cutting software can line the two up.
The sheet keeps them a quiet zone: no card, bleed, guide, target or note comes within
:data:`QUIET` of them, because anything dark near a mark can be taken for it.
"""
from __future__ import annotations

from dataclasses import replace

from ..draw.geometry import Rect
from ..draw.scene import Item, Paint, Polygon
from .marks import MARK_INK, MARK_WIDTH
from .spec import CutterMarks, SheetSpec

#: From the paper edges to the marks' outer edges (Silhouette Studio's default inset,
#: 0.39 in); a wider safe margin moves them in to the printable area.
OFFSET = 10.0
#: The square's side, and the brackets' arm length (Studio's default, 0.79 in) and
#: thickness.
SQUARE = 5.0
ARM = 20.0
THICKNESS = 0.5
#: The inset and arm lengths tried, in order, when the sheet chooses them: Studio's
#: defaults first, then shorter arms and the marks nearer the edge, which leave room
#: for more cards (silhouette-card-maker sets 7.2 mm arms for 8 poker cards on
#: Letter, and 6.69 mm for its shortest). The arms stay longer than the square, so the
#: reader can tell them apart.
INSETS = (OFFSET, 5.0)
LENGTHS = (ARM, 15.0, 12.0, 10.0, 9.0, 8.0, 7.0, 6.7)


def cutter_choices(spec: SheetSpec) -> list[SheetSpec]:
    """*spec* with each inset and length the sheet may choose, in order of preference;
    *spec* alone when it has no cutter marks or sets both."""
    if not spec.cutter_marks:
        return [spec]
    insets = INSETS if spec.cutter_inset is None else (spec.cutter_inset,)
    lengths = (LENGTHS if spec.cutter_length is None and spec.cutter_style is not
               CutterMarks.SQUARES else (arm(spec),))
    if len(insets) * len(lengths) == 1:
        return [spec]
    return [replace(spec, cutter_inset=i, cutter_length=a) for i in insets for a in lengths]


def inset(spec: SheetSpec) -> float:
    """Paper edge to the marks, as Studio's "Inset" setting: the sheet's choice."""
    return OFFSET if spec.cutter_inset is None else spec.cutter_inset


def arm(spec: SheetSpec) -> float:
    """The brackets' arm length, as Studio's "Length" setting: the sheet's choice."""
    return ARM if spec.cutter_length is None else spec.cutter_length


def studio_settings(spec: SheetSpec) -> str:
    """What to set in Silhouette Studio's registration marks panel for this sheet."""
    if spec.cutter_style is CutterMarks.SQUARES:
        return f"three {SQUARE:g} mm squares, {_frame(spec).x:g} mm in"
    return (f"Silhouette type 1, length {arm(spec):g} mm, thickness {THICKNESS:g} mm, "
            f"inset {_frame(spec).x:g} mm")
#: Clear paper kept round every mark.
QUIET = 1.0

Point = tuple[float, float]


def _frame(spec: SheetSpec) -> Rect:
    """The rectangle whose corners the marks sit in."""
    p = spec.printable
    size = spec.size
    edge = inset(spec)
    left, top = max(edge, p.x), max(edge, p.y)
    right, bottom = min(size.width - edge, p.right), min(size.height - edge, p.bottom)
    return Rect(left, top, right - left, bottom - top)


def _squares(spec: SheetSpec) -> list[Rect]:
    """The three squares of ``--cut-marks squares``: top left, top right, bottom left,
    each with its outer corner in the frame's corner."""
    f = _frame(spec)
    return [Rect(f.x, f.y, SQUARE, SQUARE), Rect(f.right - SQUARE, f.y, SQUARE, SQUARE),
            Rect(f.x, f.bottom - SQUARE, SQUARE, SQUARE)]


def cutter_polygons(spec: SheetSpec) -> list[tuple[Point, ...]]:
    """The three marks as filled outlines in page mm (origin top left, y down): the
    square, then the top-right and the bottom-left brackets (or squares)."""
    if spec.cutter_style is CutterMarks.SQUARES:
        return [tuple(r.corners()) for r in _squares(spec)]
    f = _frame(spec)
    x, y, r, b, a, t = f.x, f.y, f.right, f.bottom, arm(spec), THICKNESS
    square = ((x, y), (x + SQUARE, y), (x + SQUARE, y + SQUARE), (x, y + SQUARE))
    top_right = ((r - a, y), (r, y), (r, y + a), (r - t, y + a), (r - t, y + t), (r - a, y + t))
    bottom_left = ((x, b - a), (x + t, b - a), (x + t, b - t), (x + a, b - t), (x + a, b),
                   (x, b))
    return [square, top_right, bottom_left]


def cutter_rects(spec: SheetSpec) -> list[Rect]:
    """The marks as rectangles: the square and each arm of the brackets (or the three
    squares)."""
    if spec.cutter_style is CutterMarks.SQUARES:
        return _squares(spec)
    f = _frame(spec)
    x, y, r, b, a, t = f.x, f.y, f.right, f.bottom, arm(spec), THICKNESS
    return [Rect(x, y, SQUARE, SQUARE),
            Rect(r - a, y, a, t), Rect(r - t, y, t, a),
            Rect(x, b - a, t, a), Rect(x, b - t, a, t)]


def keep_out(spec: SheetSpec) -> list[Rect]:
    """Where the cutter's reader wants nothing but its marks: the square (or each of the
    three squares), and the whole square each L-bracket spans, as Silhouette Studio
    hatches it (its sensor looks for the arms from inside the corner)."""
    if spec.cutter_style is CutterMarks.SQUARES:
        return _squares(spec)
    f, a = _frame(spec), arm(spec)
    return [Rect(f.x, f.y, SQUARE, SQUARE), Rect(f.right - a, f.y, a, a),
            Rect(f.x, f.bottom - a, a, a)]


def cutter_zones(spec: SheetSpec) -> list[Rect]:
    """What a sheet keeps clear for the marks: their keep-out squares with the quiet zone
    round them, or nothing when the sheet is not for a cutting machine. The zones reach
    half a guide's stroke further, since guides are placed by their centre lines."""
    if not spec.cutter_marks:
        return []
    return [r.inset(-QUIET - MARK_WIDTH / 2) for r in keep_out(spec)]


def cutter_items(spec: SheetSpec) -> list[Item]:
    """The marks as printed on a card sheet's front (nothing without ``--cut``)."""
    if not spec.cutter_marks:
        return []
    return [Polygon(points, Paint(fill=MARK_INK)) for points in cutter_polygons(spec)]


def below_square(spec: SheetSpec) -> float:
    """The page y below the square's quiet zone, where text running down the left edge
    may start; 0 when the sheet is not for a cutting machine."""
    if not spec.cutter_marks:
        return 0.0
    return _frame(spec).y + SQUARE + QUIET + 0.5
