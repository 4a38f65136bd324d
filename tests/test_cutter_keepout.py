"""Issue 27, item 7: the cutting machine's registration reader looks for its marks in
clear paper. Silhouette Studio hatches the whole 20 mm square each L-bracket spans, and the
square mark's surroundings; our sheets printed crop marks and card bleed there (17-30 mm²).
Rendered by PDFium, the fronts of every card sheet built with --cut carry no ink in those
squares, nor within the 1 mm quiet zone round them, but the marks' own."""
from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.cli import cli
from generator.draw.backends import pdf
from generator.draw.geometry import Rect, Size
from generator.draw.scene import Box, Group, Paint
from generator.sheets.cards import card_sheets, oriented_plan
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
    # The marks where the sheet placed them: nearer the edge, or with shorter brackets,
    # when that fits more cards.
    spec = oriented_plan(card, spec, count).spec
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
         for marks in ("crop", "corners", "lines")
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


# --- issue 27: eight poker cards on Letter, as silhouette-card-maker fits them ----------

POKER = Size(63.5, 88.9)   # 2.5 x 3.5 in


@pytest.mark.parametrize("marks", ["crop", "corners", "lines"])
def test_eight_poker_cards_fit_letter_with_silhouette_marks_and_clear_squares(marks):
    # The sheet moves the marks to 5 mm from the edge and shortens the brackets (Studio
    # lets both be set): 8 cards where the defaults (10 mm, 20 mm) leave room for 6.
    spec = SheetSpec(paper=Paper.LETTER, marks=Marks(marks), cutter_marks=True)
    chosen = oriented_plan(POKER, spec, 16)
    assert chosen.per_sheet == 8
    assert (chosen.spec.cutter_inset, chosen.spec.cutter_length) != (10.0, 20.0)
    assert stray_ink(spec, POKER, count=16) == 0.0


def test_studios_default_marks_are_kept_when_they_fit_as_many_cards():
    # Poker cards on A4: 6 a sheet whatever the marks, so Studio's defaults stay.
    chosen = oriented_plan(POKER, SheetSpec(paper=Paper.A4, cutter_marks=True), 32).spec
    assert (chosen.cutter_inset, chosen.cutter_length) == (10.0, 20.0)


def test_marks_set_by_hand_are_kept_even_if_fewer_cards_fit():
    # A person who cannot change Studio's settings keeps its defaults: 6 poker cards.
    spec = SheetSpec(paper=Paper.LETTER, cutter_marks=True, cutter_inset=10.0,
                     cutter_length=20.0)
    sheet = oriented_plan(POKER, spec, 16)
    assert sheet.per_sheet == 6 and sheet.spec == spec
    assert stray_ink(spec, POKER, count=16) == 0.0


def test_the_sheet_and_the_cut_file_say_and_draw_the_same_marks(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--paper", "letter", "--card-size", "poker",
                                 "--cut", "svg", "--only", "pack1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    doc = pdfium.PdfDocument(tmp_path / "pack1.pdf")
    try:
        text = doc[0].get_textpage().get_text_range()
    finally:
        doc.close()
    assert ("cutter marks: Silhouette type 1, length 6.7 mm, thickness 0.5 mm, inset 5 mm"
            in text), text
    svg = (tmp_path / "pack1-cut-1.svg").read_text(encoding="utf-8")
    # The top-right bracket: 6.7 mm arms, its outer corner 5 mm from Letter's edges.
    assert ('<path id="mark-2" d="M204.2 5 210.9 5 210.9 11.7 210.4 11.7 210.4 5.5 '
            '204.2 5.5Z"/>') in svg
    assert svg.count('<path id="card-') == 8


@pytest.mark.parametrize("option", ["--cut-mark-inset", "--cut-mark-length"])
def test_mark_settings_need_cut_and_a_length_in_range(runner, tmp_path, option):
    result = runner.invoke(cli, ["build", option, "8", "--only", "pack1",
                                 "--out", str(tmp_path)])
    assert result.exit_code != 0
    assert f"{option} sets the marks of --cut; add --cut svg or --cut dxf" in result.output
    result = runner.invoke(cli, ["build", "--cut", "svg", option, "40", "--only", "pack1",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert (f"Invalid value for '{option}': expected a length from "
            f"{'0' if option.endswith('inset') else '5'} to 30 mm, got '40'") in result.output


# --- issue 43, item 8: cut layouts spaced apart, and still 8 poker cards on Letter -------

def _card_boxes(svg: str) -> list[tuple[float, float, float, float]]:
    """(left, top, right, bottom) of each card's cut path, from the end points of its
    segments (a rounded corner's arc ends on the card's edges)."""
    import re
    boxes = []
    for d in re.findall(r'<path id="card-\d+" d="([^"]+)"', svg):
        xs, ys = [], []
        for op, args in re.findall(r"([MHVA])([^MHVAZ]*)", d):
            v = [float(a) for a in args.split()]
            if op == "M":
                xs.append(v[0]), ys.append(v[1])
            elif op == "H":
                xs.append(v[0])
            elif op == "V":
                ys.append(v[0])
            else:
                xs.append(v[5]), ys.append(v[6])
        boxes.append((min(xs), min(ys), max(xs), max(ys)))
    return boxes


@pytest.mark.parametrize("marks", ["corners", "lines"])
@pytest.mark.parametrize("gap", ["1", "1.2"])
def test_letter_poker_keeps_eight_cards_a_sheet_spaced_apart_with_cutter_marks(
        runner, tmp_path, marks, gap):
    """Issue 43: cut layouts kept cards touching, so every shared edge was cut twice and a
    cutter a little off showed the neighbour's colour; silhouette-card-maker spaces its 8
    Letter poker cards about 1.2 mm. With corner or line guides (in the bleed, or out to
    the margin) a gap of 1 or 1.2 mm keeps 8 a sheet and the cutter's marks: each card's
    cut path stands alone, its neighbours exactly the gap away (to 0.01 mm)."""
    result = runner.invoke(cli, ["build", "--paper", "letter", "--card-size", "poker",
                                 "--cut", "svg", "--gap", gap, "--marks", marks,
                                 "--only", "pack1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    cut_files = sorted(tmp_path.glob("pack1-cut-*.svg"))
    assert len(cut_files) == 4          # 32 cards, 8 a sheet
    doc = pdfium.PdfDocument(tmp_path / "pack1.pdf")
    try:
        assert len(doc) == 8            # 4 sheets, fronts and backs
        text = doc[0].get_textpage().get_text_range()
    finally:
        doc.close()
    assert "cutter marks: Silhouette type 1" in text, text
    want = float(gap)
    for path in cut_files:
        svg = path.read_text(encoding="utf-8")
        assert 'id="mark-1"' in svg and 'id="mark-2"' in svg and 'id="mark-3"' in svg
        boxes = _card_boxes(svg)
        assert len(boxes) == 8
        neighbours = 0
        for a in boxes:
            for b in boxes:
                beside = abs(a[1] - b[1]) < 0.01 and b[0] > a[2] - 0.01
                below = abs(a[0] - b[0]) < 0.01 and b[1] > a[3] - 0.01
                if beside and not any(a[2] < c[0] < b[0] for c in boxes):
                    assert b[0] - a[2] == pytest.approx(want, abs=0.01), (path.name, a, b)
                    neighbours += 1
                if below and not any(a[3] < c[1] < b[1] for c in boxes):
                    assert b[1] - a[3] == pytest.approx(want, abs=0.01), (path.name, a, b)
                    neighbours += 1
        # Two columns of four (or four of two): ten neighbouring pairs a sheet.
        assert neighbours == 10, (path.name, boxes)
