"""``--cut-marks squares`` (issue 16): three filled 5 mm squares at three corners instead of
Silhouette's square and brackets, with the same room on the sheet (nothing comes near
them) and the same agreement between the printed marks and the cut file."""
from __future__ import annotations

import pytest

import pdfgeom
import test_cut
from generator.cli import cli
from generator.draw.geometry import Rect, Size
from generator.sheets.cutter import OFFSET, QUIET, SQUARE, cutter_polygons, cutter_rects
from generator.sheets.spec import Backs, CutterMarks, Marks, Paper, SheetSpec


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_three_filled_squares_sit_in_three_corners_10mm_in(paper):
    spec = SheetSpec(paper=Paper(paper), cutter_marks=True, cutter_style=CutterMarks.SQUARES)
    size = spec.size
    squares = cutter_rects(spec)
    assert [(r.w, r.h) for r in squares] == [(SQUARE, SQUARE)] * 3
    assert squares == [Rect(OFFSET, OFFSET, SQUARE, SQUARE),
                       Rect(size.width - OFFSET - SQUARE, OFFSET, SQUARE, SQUARE),
                       Rect(OFFSET, size.height - OFFSET - SQUARE, SQUARE, SQUARE)]
    # Printed as filled outlines of the same squares.
    assert [Rect.bounding(p) for p in cutter_polygons(spec)] == squares
    # The default stays Silhouette's: one square and two brackets of two arms each.
    assert len(cutter_rects(SheetSpec(paper=Paper(paper), cutter_marks=True))) == 5


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("card", [Size(25, 50), Size(63, 88), Size(44, 63)])
@pytest.mark.parametrize("extra", [{}, {"marks": Marks.CORNERS},
                                   {"gap": 4.0}, {"margin": 12.0}, {"backs": Backs.GLUE},
                                   {"back_offset": (1.5, -1.0)}])
def test_nothing_on_the_sheet_comes_near_the_squares(paper, card, extra):
    test_cut.test_nothing_on_the_sheet_comes_near_the_cutters_marks(
        paper, card, {**extra, "cutter_style": CutterMarks.SQUARES})


@pytest.mark.parametrize("fmt,args,radius", test_cut.CASES)
def test_the_cut_files_hold_the_printed_squares(runner, tmp_path, fmt, args, radius):
    test_cut.test_every_cut_path_is_its_cards_trim_in_the_pdf(
        runner, tmp_path, fmt, [*args, "--cut-marks", "squares"], radius)
    name = args[1]
    side = "-fronts" if "fronts-only" in args else ""
    page = pdfgeom.read(tmp_path / f"{name}{side}.pdf")[0]
    corners = [p for p in page.polygons if len(p) == 4 and test_cut._near_corner(p, page)
               and _is_square(p)]
    assert len(corners) >= 3


def _is_square(polygon) -> bool:
    xs = [x for x, _ in polygon]
    ys = [y for _, y in polygon]
    return (max(xs) - min(xs) == pytest.approx(SQUARE, abs=0.01)
            and max(ys) - min(ys) == pytest.approx(SQUARE, abs=0.01))


def test_squares_leave_no_less_room_than_the_brackets():
    """A square is smaller than a bracket, so a sheet holds at least as many cards."""
    from generator.sheets.cards import oriented_plan
    for paper in ("a4", "letter"):
        for card in (Size(25, 50), Size(63, 88)):
            brackets = oriented_plan(card, SheetSpec(paper=Paper(paper), cutter_marks=True), 99)
            squares = oriented_plan(card, SheetSpec(paper=Paper(paper), cutter_marks=True,
                                                    cutter_style=CutterMarks.SQUARES), 99)
            assert squares.per_sheet >= brackets.per_sheet
            for zone in (r.inset(-QUIET) for r in cutter_rects(squares.spec)):
                assert not any(s.inset(-squares.spec.bleed).intersects(zone)
                               for s in squares.slots)


def test_cut_marks_without_cut_is_a_one_line_error(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--cut-marks", "squares",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "--cut" in result.output
    assert not list(tmp_path.glob("*"))


def test_a_bad_cut_marks_style_is_refused(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--cut", "svg", "--cut-marks", "circles",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 1 and "'squares'" in result.output
