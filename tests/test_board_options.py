"""Boards and the card sheet options: --marks draws a piece's cutting guides in the chosen
style, --orientation turns the pieces (auto: when that needs fewer), and --gap, which
means nothing to a board printed one piece a page, is refused for boards alone."""
from __future__ import annotations

import pytest

import pdfgeom
from generator.cli import cli
from generator.draw.geometry import Rect, Size, Transform
from generator.draw.scene import Box, Group, Line, Paint, Text, walk
from generator.sheets.board import board_sheets, board_turned, tiles
from generator.sheets.guides import mark_reach
from generator.sheets.marks import MARK_INK, MARK_WIDTH
from generator.sheets.spec import Marks, Orientation, Paper, SheetSpec
from test_fuller_sheets import ink_boxes

BOARD = Size(224, 424)
WIDE = Size(424, 264)        # the board of 50 x 30 mm cards: wider than tall


def figure(size):
    return Group((Box(Rect(0, 0, size.width, size.height), Paint(fill="#00ff00")),))


def guide_lines(page):
    paint = Paint(stroke=MARK_INK, width=MARK_WIDTH)
    return [Rect.bounding([t.apply(i.x1, i.y1), t.apply(i.x2, i.y2)])
            for i, t in walk(page.items) if isinstance(i, Line) and i.paint == paint]


def texts(page):
    return [(i, t) for i, t in walk(page.items) if isinstance(i, Text)]


def test_corner_ticks_on_board_pieces_lie_in_the_bleed():
    spec = SheetSpec(marks=Marks.CORNERS)
    for page in board_sheets(figure(BOARD), BOARD, spec, title="t"):
        lines = guide_lines(page)
        assert len(lines) == 8                           # two ticks at each corner
        # As on card sheets: 0.3 to 2.3 mm past the trim, cut away with the bleed.
        bleed = page.trim.inset(-mark_reach(spec) - 1e-6)
        for line in lines:
            assert bleed.contains(line) and not page.trim.inset(1e-6).intersects(line)
        halos = [i for i, _ in walk(page.items) if isinstance(i, Line)
                 and i.paint.stroke == "#ffffff"]
        assert len(halos) == 8


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_guide_lines_on_board_pieces_reach_the_edge_round_the_label_and_ruler(paper):
    spec = SheetSpec(paper=Paper(paper), marks=Marks.LINES)
    p = spec.printable
    for page in board_sheets(figure(BOARD), BOARD, spec, title="Board A"):
        lines = guide_lines(page)
        t = page.trim
        # Every cut line reaches the printable edge on both sides of the piece (or the
        # ruler, 5 mm short of the bottom edge).
        for x in (t.x, t.right):
            ends = [ln for ln in lines if ln.w < 1e-9 and abs(ln.x - x) < 1e-6]
            assert min(ln.y for ln in ends) == pytest.approx(p.y)
            assert max(ln.bottom for ln in ends) > p.bottom - 5.0
        for y in (t.y, t.bottom):
            ends = [ln for ln in lines if ln.h < 1e-9 and abs(ln.y - y) < 1e-6]
            assert min(ln.x for ln in ends) == pytest.approx(p.x)
            assert max(ln.right for ln in ends) == pytest.approx(p.right)
        # ... but not through the label, the north arrow or the ruler.
        words = [b for b in ink_boxes(page) if b.w > 1e-9 and b.h > 1e-9]
        assert len(words) >= 3
        for box in words:
            assert not any(box.intersects(ln) for ln in lines), (page.label, box)


def piece_transform(page) -> Transform:
    def find(items, t):
        for item in items:
            if isinstance(item, Group):
                here = t @ item.transform
                if item.role == "board piece":
                    return here
                found = find(item.items, here)
                if found is not None:
                    return found
        return None
    found = find(page.items, Transform())
    assert found is not None, "no board piece"
    return found


@pytest.mark.parametrize("orientation, size, turned, pages", [
    ("auto", BOARD, False, 4), ("turned", BOARD, True, 8), ("upright", WIDE, False, 8),
    ("auto", WIDE, True, 4)])
def test_pieces_turn_when_asked_or_when_that_needs_fewer(orientation, size, turned, pages):
    spec = SheetSpec(orientation=Orientation(orientation))
    assert board_turned(size, spec, 6.0) is turned
    pieces = tiles(size, spec, 6.0)
    sheets = board_sheets(figure(size), size, spec, title="t")
    assert len(sheets) == len(pieces) == pages
    for page in sheets:
        place = piece_transform(page)
        assert place.rotation == pytest.approx(90.0 if turned else 0.0)
        assert not place.mirrored
        # The piece's board area lands exactly on the page's trim, whole.
        areas = [place.apply_rect(tile.area) for tile in pieces]
        assert any(abs(a.x - page.trim.x) < 0.01 and abs(a.y - page.trim.y) < 0.01
                   and abs(a.w - page.trim.w) < 0.01 and abs(a.h - page.trim.h) < 0.01
                   for a in areas)
        assert spec.printable.contains(page.trim.inset(-spec.mark_reach))
        words = " ".join(i.text for i, _ in texts(page))
        assert ("Right edge = the north" in words) is turned
        assert ("Top edge = the north" in words) is not turned


def test_a_turned_board_still_assembles(runner, tmp_path):
    """Each page's TrimBox is its piece turned: the pieces' widths and heights swap."""
    result = runner.invoke(cli, ["build", "--only", "board-a", "--card-size", "50x30mm",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    geo = pdfgeom.read(tmp_path / "board-a.pdf")
    assert len(geo) == 4
    for page in geo:
        x, y, w, h = page.boxes["TrimBox"]
        assert w < h                              # 264/2 + 6 across, 424/2 + 6 down


def test_gap_with_boards_alone_is_a_one_line_error(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--only", "board-a", "--gap", "2mm",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "--gap" in result.output
    assert not list(tmp_path.glob("*"))


def test_gap_in_a_kit_spaces_the_cards_and_leaves_boards_as_they_are(runner, tmp_path):
    for out, extra in (("plain", []), ("gap", ["--gap", "2mm"])):
        result = runner.invoke(cli, ["build", "--only", "pack1", "--only", "board-a",
                                     "--out", str(tmp_path / out), *extra])
        assert result.exit_code == 0, result.output
    plain = pdfgeom.read(tmp_path / "plain" / "board-a.pdf")
    gap = pdfgeom.read(tmp_path / "gap" / "board-a.pdf")
    assert [p.boxes for p in plain] == [p.boxes for p in gap]
