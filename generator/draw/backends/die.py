"""Die files for print shops that cut with a die or a plotter: a PDF page per shop page, the
same size and boxes, holding only the cut path, stroked in a spot colour named
``CutContour`` (the name RIPs and cutting software look for) and set to overprint, so it
never knocks out the art when a shop lays the die over the print file."""
from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from ...model.units import mm_to_pt
from ..geometry import Rect

#: The spot colour's name, and how it shows on screen: 100 % magenta.
SPOT = "CutContour"
#: A hairline: what cutting software reads as a path, not as art.
LINE_WIDTH_PT = 0.25


@dataclass(frozen=True)
class DiePage:
    """One page: its size, the cut (the trim) with its corner radius, in mm; the bleed
    box is recorded so the die lines up box for box with the print file."""

    width: float
    height: float
    trim: Rect
    bleed: Rect
    radius: float


def _box(rect: Rect, height: float) -> tuple[float, float, float, float]:
    """A PDF box (points, y up) for *rect* (mm, y down)."""
    return (mm_to_pt(rect.x), mm_to_pt(height - rect.bottom), mm_to_pt(rect.right),
            mm_to_pt(height - rect.y))


#: How far a quarter circle's control points lie from its ends, as a share of the radius.
_KAPPA = 0.5522847498


def _outline(rect: Rect, radius: float, height: float) -> str:
    """The content stream that strokes *rect* with corners of *radius* (mm, y down) in
    points, y up."""
    x, y, right, top = _box(rect, height)
    r = min(mm_to_pt(radius), (right - x) / 2, (top - y) / 2)
    k = r * _KAPPA
    ops = [f"{x + r:.4f} {y:.4f} m", f"{right - r:.4f} {y:.4f} l"]
    if r:
        ops.append(f"{right - r + k:.4f} {y:.4f} {right:.4f} {y + r - k:.4f} "
                   f"{right:.4f} {y + r:.4f} c")
    ops.append(f"{right:.4f} {top - r:.4f} l")
    if r:
        ops.append(f"{right:.4f} {top - r + k:.4f} {right - r + k:.4f} {top:.4f} "
                   f"{right - r:.4f} {top:.4f} c")
    ops.append(f"{x + r:.4f} {top:.4f} l")
    if r:
        ops.append(f"{x + r - k:.4f} {top:.4f} {x:.4f} {top - r + k:.4f} {x:.4f} "
                   f"{top - r:.4f} c")
    ops.append(f"{x:.4f} {y + r:.4f} l")
    if r:
        ops.append(f"{x:.4f} {y + r - k:.4f} {x + r - k:.4f} {y:.4f} {x + r:.4f} {y:.4f} c")
    return "\n".join(["/CutContour CS 1 SCN /Over gs", f"{LINE_WIDTH_PT:g} w", *ops, "h S"])


def render_die(pages: Sequence[DiePage], *, title: str) -> bytes:
    """The die PDF, written by pikepdf: no font, no image, one Separation colour space;
    the same pages give the same bytes."""
    import pikepdf  # where used: only a shop build with --die writes one
    pdf = pikepdf.new()
    # 0 to 1 of the spot shows on screen as 0 to 100 % magenta.
    spot = pikepdf.Array([pikepdf.Name.Separation, pikepdf.Name(f"/{SPOT}"),
                          pikepdf.Name.DeviceCMYK,
                          pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], N=1,
                                             C0=[0, 0, 0, 0], C1=[0, 1, 0, 0])])
    for page in pages:
        resources = pikepdf.Dictionary(
            ColorSpace=pikepdf.Dictionary({f"/{SPOT}": spot}),
            ExtGState=pikepdf.Dictionary(Over=pikepdf.Dictionary(
                Type=pikepdf.Name.ExtGState, OP=True, OPM=1)))
        content = pikepdf.Stream(pdf, _outline(page.trim, page.radius, page.height).encode())
        pdf.pages.append(pikepdf.Page(pikepdf.Dictionary(
            Type=pikepdf.Name.Page,
            MediaBox=[0, 0, round(mm_to_pt(page.width), 4), round(mm_to_pt(page.height), 4)],
            TrimBox=[round(v, 4) for v in _box(page.trim, page.height)],
            BleedBox=[round(v, 4) for v in _box(page.bleed, page.height)],
            Resources=resources, Contents=content)))
    pdf.docinfo[pikepdf.Name.Title] = title
    pdf.docinfo[pikepdf.Name.Creator] = "opencards"
    buffer = io.BytesIO()
    pdf.save(buffer, deterministic_id=True, compress_streams=True)
    return buffer.getvalue()
