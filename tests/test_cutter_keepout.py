"""Issue 27, item 7: the cutting machine's registration reader looks for its marks in
clear paper. Silhouette Studio hatches the whole 20 mm square each L-bracket spans, and the
square mark's surroundings; our sheets printed crop marks and card bleed there (17-30 mm²).
Rendered by PDFium, the fronts of every card sheet built with --cut carry no ink in those
squares, nor within the 1 mm quiet zone round them, but the marks' own."""
from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.draw.backends import pdf
from generator.draw.geometry import Rect, Size
from generator.draw.scene import Box, Group, Paint
from generator.sheets.cards import card_sheets
from generator.sheets.cutter import QUIET, cutter_rects, keep_out
from generator.sheets.spec import CutterMarks, Marks, Paper, SheetSpec

DPI = 200
PX = DPI / 25.4


def art(card: Size, bleed: float) -> Group:
    # Dark art to the edge of the bleed: any of it in a keep-out square shows.
    return Group((Box(Rect(-bleed, -bleed, card.width + 2 * bleed, card.height + 2 * bleed),
                      Paint(fill="#303030")),))


def ink(pdf_bytes: bytes, page: int = 0) -> np.ndarray:
    doc = pdfium.PdfDocument(pdf_bytes)
    try:
        grey = doc[page].render(scale=DPI / 72, grayscale=True).to_numpy()
    finally:
        doc.close()
    grey = grey[..., 0] if grey.ndim == 3 else grey
    return grey < 235


def pixels(rect: Rect, shape) -> tuple[slice, slice]:
    h, w = shape
    return (slice(max(0, int(rect.y * PX)), min(h, int(np.ceil(rect.bottom * PX)))),
            slice(max(0, int(rect.x * PX)), min(w, int(np.ceil(rect.right * PX)))))


def stray_ink(spec: SheetSpec, card: Size, count: int = 32) -> float:
    """mm² of ink in the keep-out squares (with their quiet zone) on the first front,
    the marks themselves left out."""
    pages = card_sheets([art(card, spec.bleed)] * count, [art(card, spec.bleed)] * count,
                        card, spec, "Pack T")
    inked = ink(pdf.render(pages[:1]))
    marks = np.zeros_like(inked)
    for rect in cutter_rects(spec):
        # The marks, and a pixel round them for anti-aliasing.
        marks[pixels(rect.inset(-1.5 / PX), inked.shape)] = True
    stray = 0
    for square in keep_out(spec):
        rows, cols = pixels(square.inset(-QUIET), inked.shape)
        stray += int((inked[rows, cols] & ~marks[rows, cols]).sum())
    return stray / PX ** 2


CASES = [(paper, card, marks, style)
         for paper in ("a4", "letter", "a3")
         for card in (Size(25, 50), Size(63, 88), Size(44, 63))
         for marks in ("crop", "corners")
         for style in ("silhouette", "squares")]


@pytest.mark.parametrize(("paper", "card", "marks", "style"), CASES,
                         ids=lambda v: str(v).replace(" ", ""))
def test_no_ink_where_the_cutter_reads_its_marks(paper, card, marks, style):
    spec = SheetSpec(paper=Paper(paper), marks=Marks(marks), cutter_marks=True, cutter_style=CutterMarks(style))
    assert stray_ink(spec, card) == 0.0


def test_the_check_finds_the_ink_the_old_sheets_had(monkeypatch):
    """Keeping clear only the marks and 1 mm round them, as before, the default pack on
    Letter printed crop marks and bleed inside the squares: the check finds it."""
    import generator.sheets.cards as cards

    def marks_only(spec):
        return [r.inset(-QUIET) for r in cutter_rects(spec)] if spec.cutter_marks else []
    monkeypatch.setattr(cards, "cutter_zones", marks_only)
    assert stray_ink(SheetSpec(paper=Paper.LETTER, cutter_marks=True), Size(25, 50)) > 10.0
