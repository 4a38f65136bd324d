"""Reads geometry back out of our PDFs: line segments, trim markers, filled polygons, form
placements and the page boxes in page millimetres (origin top left, y down), by following the
content stream's CTM."""
from __future__ import annotations

from dataclasses import dataclass, field

import pikepdf

PT = 72 / 25.4


def _mul(m, n):
    """m then n, PDF row-vector convention: [a b c d e f]."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass
class PageGeometry:
    height_mm: float
    segments: list = field(default_factory=list)   # ((x1, y1), (x2, y2)) in mm
    markers: list = field(default_factory=list)    # (x, y, w, h) in mm
    forms: list = field(default_factory=list)      # (name, x, y) origin in mm
    polygons: list = field(default_factory=list)   # filled straight-edged paths: [(x, y)...]
    boxes: dict = field(default_factory=dict)      # "TrimBox"... -> (x, y, w, h) in mm

    def to_mm(self, x, y):
        return x / PT, self.height_mm - y / PT


def read_page(page: pikepdf.Page) -> PageGeometry:
    media = [float(v) for v in page.mediabox]
    geo = PageGeometry(height_mm=(media[3] - media[1]) / PT)
    for name in ("MediaBox", "TrimBox", "BleedBox"):
        if f"/{name}" in page.obj:
            x1, y1, x2, y2 = (float(v) for v in page.obj[f"/{name}"])
            (ax, ay), (bx, by) = geo.to_mm(x1, y1), geo.to_mm(x2, y2)
            geo.boxes[name] = (min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay))
    ctm = (1, 0, 0, 1, 0, 0)
    stack = []
    path = []
    current = None
    pending_rect = None
    curved = False
    for operands, op in pikepdf.parse_content_stream(page):
        op = str(op)
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == "m":
            current = _apply(ctm, *map(float, operands))
            path = [current]
            curved = False
        elif op == "l":
            point = _apply(ctm, *map(float, operands))
            path.append(point)
        elif op in ("c", "v", "y"):
            # Curves are not straight segments: keep only the end point.
            path = [_apply(ctm, *map(float, list(operands)[-2:]))]
            curved = True
        elif op == "re":
            x, y, w, h = map(float, operands)
            corners = [_apply(ctm, x, y), _apply(ctm, x + w, y + h)]
            pending_rect = corners
        elif op in ("S", "s"):
            for p, q in zip(path, path[1:]):
                geo.segments.append((geo.to_mm(*p), geo.to_mm(*q)))
            path = []
            pending_rect = None
        elif op == "n":
            if pending_rect is not None and not path:
                (x1, y1), (x2, y2) = (geo.to_mm(*c) for c in pending_rect)
                geo.markers.append((min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)))
            pending_rect = None
            path = []
        elif op in ("W", "W*"):
            pending_rect = None
            path = ["clip"]
        elif op == "Do":
            x, y = geo.to_mm(*_apply(ctm, 0, 0))
            geo.forms.append((str(operands[0]), x, y))
        elif op in ("f", "F", "B", "b", "f*", "B*", "b*"):
            if len(path) >= 3 and not curved and path[0] != "clip":
                geo.polygons.append([geo.to_mm(*p) for p in path])
            pending_rect = None
            path = []
    return geo


def read(path) -> list[PageGeometry]:
    with pikepdf.open(path) as pdf:
        return [read_page(page) for page in pdf.pages]
