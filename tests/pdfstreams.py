"""Reads every content stream of a PDF the way a RIP looks names up (ISO 32000-1, 7.8.3):
a page in its own /Resources, a form XObject in its own, never in the page's. Written for
the tests apart from generator/draw/backends/pdfwalk.py, so that the preflight's reading
is checked by a second one."""
from __future__ import annotations

import math

import pikepdf

from pdfgeom import _mul

#: The resource category of each operator's name operand.
CATEGORY = {"gs": "/ExtGState", "Tf": "/Font", "Do": "/XObject", "cs": "/ColorSpace",
            "CS": "/ColorSpace", "scn": "/Pattern", "SCN": "/Pattern", "sh": "/Shading"}
DEVICE = {"/DeviceGray", "/DeviceRGB", "/DeviceCMYK", "/Pattern"}


def undeclared_names(pdf):
    """(stream, operator, name) for every name a content stream uses that its own
    resources lack; each form read once."""
    missing, seen = [], set()

    def read(stream, resources, label):
        for operands, op in pikepdf.parse_content_stream(stream):
            op = str(op)
            if op not in CATEGORY or not operands:
                continue
            name = operands[-1] if op in ("scn", "SCN") else operands[0]
            if not isinstance(name, pikepdf.Name) or (op in ("cs", "CS") and str(name) in DEVICE):
                continue
            table = resources.get(CATEGORY[op]) if resources is not None else None
            if table is None or name not in table:
                missing.append((label, op, str(name)))
                continue
            target = table[name]
            if op == "Do" and target.get("/Subtype") == "/Form" and target.objgen not in seen:
                seen.add(target.objgen)
                read(target, target.get("/Resources"), f"form {target.objgen[0]}")

    for number, page in enumerate(pdf.pages, 1):
        read(page.obj, page.obj.get("/Resources"), f"page {number}")
    return missing


def strokes(pdf):
    """(page, stroke CMYK, width in mm) of every stroke painted, forms included, with the
    matrix in force where each is placed; the crop marks' registration colour included."""
    found = []

    def read(stream, resources, ctm, page):
        stack, colour, width = [], None, 1.0
        for operands, op in pikepdf.parse_content_stream(stream):
            op = str(op)
            if op == "q":
                stack.append((ctm, colour, width))
            elif op == "Q":
                ctm, colour, width = stack.pop()
            elif op == "cm":
                ctm = _mul(tuple(float(v) for v in operands), ctm)
            elif op == "w":
                width = float(operands[0])
            elif op == "K":
                colour = tuple(float(v) for v in operands)
            elif op == "G":
                colour = (0.0, 0.0, 0.0, 1 - float(operands[0]))
            elif op in ("S", "s", "B", "B*", "b", "b*"):
                scale = math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))
                found.append((page, colour, width * scale * 25.4 / 72))
            elif op == "Do":
                form = resources["/XObject"][operands[0]]
                if form.get("/Subtype") == "/Form":
                    matrix = tuple(float(v) for v in form.get("/Matrix", (1, 0, 0, 1, 0, 0)))
                    read(form, form.get("/Resources"), _mul(matrix, ctm), page)

    for number, page in enumerate(pdf.pages, 1):
        read(page.obj, page.obj.get("/Resources"), (1, 0, 0, 1, 0, 0), number)
    return found
