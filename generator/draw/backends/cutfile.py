"""Cut files for cutting machines: a sheet's card outlines (rounded rectangles) and the
cutter's registration marks (filled outlines) as SVG or DXF, in millimetres.

SVG keeps the page's frame: origin at the paper's top-left corner, y down, 1 unit = 1 mm
(``width="210mm"``). DXF keeps the frame of the PDF page it goes with: origin at the
paper's bottom-left corner, y up, in mm (``$INSUNITS`` 4). Cut paths are on the ``CUT``
layer (red), the marks on ``REGISTRATION`` (filled). Same input, same bytes.
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any

from ...errors import ImpositionError
from ..geometry import Rect, Size

FORMATS = ("svg", "dxf")
#: The DXF bulge of a quarter circle, counter-clockwise: tan(90 degrees / 4).
QUARTER_BULGE = math.tan(math.pi / 8)

Point = tuple[float, float]


@dataclass(frozen=True)
class CutSheet:
    """What a cutter cuts on one printed sheet: page mm, origin top left, y down. *cards*
    are the trims, each with *radius* mm corners; *marks* the registration marks."""

    paper: Size
    cards: tuple[Rect, ...]
    radius: float
    marks: tuple[tuple[Point, ...], ...]


def _num(value: float) -> str:
    """A coordinate to a thousandth of a mm, without trailing zeros (never ``-0``)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def svg_path(rect: Rect, r: float) -> str:
    """*rect* with *r* mm corners as SVG path data, clockwise from the top edge."""
    x, y, right, bottom = rect.x, rect.y, rect.right, rect.bottom
    n = _num
    if r <= 0:
        return f"M{n(x)} {n(y)}H{n(right)}V{n(bottom)}H{n(x)}Z"
    arc = f"A{n(r)} {n(r)} 0 0 1 "
    return (f"M{n(x + r)} {n(y)}H{n(right - r)}{arc}{n(right)} {n(y + r)}"
            f"V{n(bottom - r)}{arc}{n(right - r)} {n(bottom)}"
            f"H{n(x + r)}{arc}{n(x)} {n(bottom - r)}"
            f"V{n(y + r)}{arc}{n(x + r)} {n(y)}Z")


def to_svg(sheet: CutSheet) -> bytes:
    w, h = sheet.paper.width, sheet.paper.height
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(w)}mm" '
             f'height="{_num(h)}mm" viewBox="0 0 {_num(w)} {_num(h)}">',
             '<g id="registration" fill="#000000" stroke="none">']
    for i, mark in enumerate(sheet.marks, 1):
        points = " ".join(f"{_num(x)} {_num(y)}" for x, y in mark)
        lines.append(f'<path id="mark-{i}" d="M{points}Z"/>')
    lines += ['</g>', '<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">']
    for i, card in enumerate(sheet.cards, 1):
        lines.append(f'<path id="card-{i}" d="{svg_path(card, sheet.radius)}"/>')
    lines += ['</g>', '</svg>', '']
    return "\n".join(lines).encode()


def dxf_outline(rect: Rect, r: float, height: float) -> list[tuple[float, float, float]]:
    """*rect* (page mm, y down) with *r* mm corners as LWPOLYLINE vertices (x, y, bulge)
    in DXF's frame (y up from the paper's bottom edge), counter-clockwise."""
    x0, x1 = rect.x, rect.right
    y0, y1 = height - rect.bottom, height - rect.y
    if r <= 0:
        return [(x0, y0, 0.0), (x1, y0, 0.0), (x1, y1, 0.0), (x0, y1, 0.0)]
    b = QUARTER_BULGE
    return [(x0 + r, y0, 0.0), (x1 - r, y0, b), (x1, y0 + r, 0.0), (x1, y1 - r, b),
            (x1 - r, y1, 0.0), (x0 + r, y1, b), (x0, y1 - r, 0.0), (x0, y0 + r, b)]


def to_dxf(sheet: CutSheet) -> bytes:
    # ezdxf is imported here: only a --cut dxf build pays for loading it.
    import ezdxf
    # ezdxf does not export its options object for type checkers; it is public all the same.
    options: Any = getattr(ezdxf, "options")
    # Fixed dates, GUIDs and "created by" stamps: the same sheet gives the same bytes.
    fixed = options.write_fixed_meta_data_for_testing
    options.write_fixed_meta_data_for_testing = True
    try:
        return _dxf_bytes(sheet)
    finally:
        options.write_fixed_meta_data_for_testing = fixed


def _dxf_bytes(sheet: CutSheet) -> bytes:
    from ezdxf.filemanagement import new
    doc = new("R2010", units=4)             # 4: millimetres
    doc.header["$MEASUREMENT"] = 1          # metric
    doc.header["$EXTMIN"] = (0, 0, 0)
    doc.header["$EXTMAX"] = (sheet.paper.width, sheet.paper.height, 0)
    doc.layers.add("CUT", color=1)          # red, as cutting software expects cut lines
    doc.layers.add("REGISTRATION", color=7)
    msp = doc.modelspace()
    h = sheet.paper.height
    for mark in sheet.marks:
        outline = [(x, h - y) for x, y in mark]
        hatch = msp.add_hatch(color=7, dxfattribs={"layer": "REGISTRATION"})
        hatch.paths.add_polyline_path(outline, is_closed=True)
        msp.add_lwpolyline(outline, close=True, dxfattribs={"layer": "REGISTRATION"})
    for card in sheet.cards:
        msp.add_lwpolyline(dxf_outline(card, sheet.radius, h), format="xyb", close=True,
                           dxfattribs={"layer": "CUT"})
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode()


def encode(sheet: CutSheet, fmt: str) -> bytes:
    """*sheet* as a file of *fmt* (``svg`` or ``dxf``)."""
    if fmt == "svg":
        return to_svg(sheet)
    if fmt == "dxf":
        return to_dxf(sheet)
    raise ImpositionError(f"cut file format: expected one of {', '.join(FORMATS)}, "
                          f"got {fmt!r}")


