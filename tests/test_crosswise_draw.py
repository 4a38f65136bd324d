"""The crosswise 16 x 4 board drawn: the board figure, its printed pieces and a layout
figure. What a user would see: the size, the two-tone squares, the digits of the verticals,
four quarters to print."""
from __future__ import annotations

import struct

from generator.cli import cli
from generator.draw.art.board import board_group, board_size, whole
from generator.draw.geometry import Size
from generator.draw.scene import Box, Group, Line, Text
from generator.draw.style import DEFAULT_STYLE
from generator.sheets.kit import item_pages
from generator.sheets.printable import printable
from generator.sheets.spec import SheetSpec

SQUARE = Size(25, 50)


def _flat(group: Group) -> list:
    found = []
    for item in group.items:
        found += _flat(item) if isinstance(item, Group) else [item]
    return found


def test_board_figure_is_sixteen_squares_wide(library):
    board = library.board("colourless-crosswise")
    size = board_size(SQUARE, view=whole(board))
    assert (size.width, size.height) == (16 * 25 + 24, 4 * 50 + 24)
    items = _flat(board_group(board, square=SQUARE))
    # The figure's default view is the whole board, not an 8x8 corner of it.
    frame = items[0]
    assert isinstance(frame, Box) and (frame.rect.w, frame.rect.h) == (size.width, size.height)
    halves = [i for i in items if isinstance(i, Box) and i.rect.w == 25 and i.rect.h == 25]
    assert len(halves) == 128
    # a1 (bottom left, as south sees it): lower half light, upper half dark.
    a1 = [h for h in halves if h.rect.x == 12]
    lower = max(a1, key=lambda h: h.rect.y)
    upper = next(h for h in a1 if h.rect.y == lower.rect.y - 25)
    assert lower.paint.fill == DEFAULT_STYLE.board_light
    assert upper.paint.fill == DEFAULT_STYLE.board_dark
    # Thin lines between a|b, c|d ...: eight pairs on each of the four ranks.
    thin = [i for i in items if isinstance(i, Line) and i.x1 == i.x2 and i.paint.width == 0.2]
    assert len(thin) == 32 and {i.x1 for i in thin} == {12 + 25 + 50 * k for k in range(8)}
    digits = [t.text for t in items if isinstance(t, Text) and t.y > 12 + 200]
    assert digits == [str(d) for d in [1, 2, 3, 4, 5, 6, 7, 8] * 2]


def test_lengthwise_board_is_drawn_as_before(library):
    board = library.board("colourless")
    items = _flat(board_group(board, square=SQUARE))
    assert isinstance(items[0], Box) and (items[0].rect.w, items[0].rect.h) == (224, 424)
    assert len([i for i in items if isinstance(i, Box) and i.rect.h == 50]) == 64


def test_printed_pieces_cover_the_whole_board(library):
    pages = item_pages(printable(library.item("colourless-crosswise")), SheetSpec(),
                       library.settings())
    # 424 x 224 mm in quarters of 212 x 112 mm: turned on A4, one page each.
    assert len(pages) == 4
    assert [p.label.split(" quarter ")[1] for p in pages] == ["1", "2", "3", "4"]
    trims = sorted((round(p.trim.w), round(p.trim.h)) for p in pages if p.trim)
    # Turned pieces: the board's width runs down the page.
    assert sum(h for _, h in trims) // 2 >= 424 - 1 and all(w < 200 for w, _ in trims)


def test_figure_of_the_start_layout(runner, tmp_path):
    out = tmp_path / "start.png"
    result = runner.invoke(cli, ["figure", "initial-11-crosswise-start", "--out", str(out),
                                 "--width", "200mm", "--dpi", "50"])
    assert result.exit_code == 0, result.output
    width, height = struct.unpack(">II", out.read_bytes()[16:24])
    # The board's own shape, 424 x 224 mm, wider than tall.
    assert abs(width / height - 424 / 224) < 0.05


def test_figure_annotations_name_squares_of_the_board_drawn(runner, tmp_path):
    out = tmp_path / "a.png"
    ok = runner.invoke(cli, ["figure", "initial-11-crosswise-start", "--out", str(out),
                             "--dpi", "40", "--highlight", "k3", "--arrow", "a1-p4",
                             "--mark", "p1:circle", "--crop", "i1:p4"])
    assert ok.exit_code == 0, ok.output
    for name, square, expected in (
            ("initial-11-crosswise-start", "a5", "a5 is not a square of colourless-crosswise "
                                                 "(a1 to p4)"),
            ("game9-start", "k3", "k3 is not a square of colourless (a1 to h8)")):
        bad = runner.invoke(cli, ["figure", name, "--out", str(out), "--highlight", square])
        assert bad.exit_code == 1 and bad.stderr.strip() == f"Error: {expected}"
