from __future__ import annotations

from collections import Counter

from generator.model.board import Shade, parse_square
from generator.model.cards import COLOURS


def test_board_a_has_each_card_square_twice_once_dark_once_light(library):
    board = library.board("board-a")
    seen = Counter((s.colour, s.value) for s in board)
    assert set(seen) == {(c, v) for c in COLOURS for v in range(1, 9)}
    assert set(seen.values()) == {2}
    for colour in COLOURS:
        for value in range(1, 9):
            shades = {s.shade for s in board.identical_squares(colour, value)}
            assert shades == {Shade.DARK, Shade.LIGHT}


def test_board_a_colours_cross_at_the_middle_line(library):
    board = library.board("board-a")
    for file in range(8):
        for rank in range(4):
            assert board.at(file, 7 - rank).colour is board.at(file, rank).colour.swapped
    assert board.top_labels == tuple(c.swapped for c in board.bottom_labels)
    assert "".join(c.code for c in board.bottom_labels) == "RYGBBGYR"


def test_board_a_digits_and_shades(library):
    board = library.board("board-a")
    assert all(s.value == s.rank + 1 for s in board)
    assert board.square("a1").shade is Shade.DARK
    assert all((s.shade is Shade.DARK) == ((s.file + s.rank) % 2 == 0) for s in board)
    assert board.king_squares == ("e1", "e8")
    assert board.square("e1").colour.code == "B" and board.square("e8").colour.code == "R"
    assert board.left_digits == tuple(range(1, 9))


def test_colourless_board(library):
    board = library.board("colourless")
    assert not board.is_coloured
    assert all(s.value == s.rank + 1 for s in board)
    assert board.thin_line and board.king_squares == ("e1", "e8")
    assert board.crosswise_digits == tuple(range(1, 9)) * 2
    assert Counter(s.shade for s in board) == {Shade.DARK: 32, Shade.LIGHT: 32}


def test_square_names():
    assert parse_square("a1") == (0, 0) and parse_square("h8") == (7, 7)
    for bad in ("i1", "a9", "a0", "", "e"):
        try:
            parse_square(bad)
        except ValueError:
            continue
        raise AssertionError(bad)
