"""Boards of another size than 8x8: the colourless board turned crosswise, 16 verticals
(a to p) by 4 horizontals. The board here is built by hand, so these tests need no template."""
from __future__ import annotations

import pytest

from generator.model.board import Board, Shade, Square, parse_size, parse_square, size_name
from generator.model.layout import Layout, Side
from generator.rules.bound import Rules
from generator.rules.placing import placement_of

CROSSWISE = [1, 2, 3, 4, 5, 6, 7, 8] * 2


def crosswise_board() -> Board:
    squares = tuple(Square(f, r, None, CROSSWISE[f], Shade.DARK if f // 2 % 2 else Shade.LIGHT)
                    for r in range(4) for f in range(16))
    return Board("cross", "Crosswise", squares, crosswise_digits=tuple(CROSSWISE),
                 thin_line=True, version="initial", files=16, ranks=4)


def test_square_names_run_a_to_p_on_sixteen_files():
    assert parse_square("p4", 16, 4) == (15, 3)
    assert parse_square("i1", 16, 4) == (8, 0)
    with pytest.raises(ValueError, match=r"expected a1 to p4"):
        parse_square("a5", 16, 4)
    # The 8x8 board still knows only a1 to h8.
    with pytest.raises(ValueError, match=r"expected a1 to h8"):
        parse_square("i1")
    assert parse_square("h8") == (7, 7)


def test_board_reads_its_own_size():
    board = crosswise_board()
    assert board.size == (16, 4) and len(board) == 64
    assert board.square("p4").value == 8 and board.square("i2").value == 1
    assert board.at(9, 3).name == "j4"
    assert board.has_square("p1") and not board.has_square("a5")
    with pytest.raises(ValueError):
        board.square("e5")


def test_sizes_are_named_as_templates_write_them():
    assert parse_size("16x4") == (16, 4) and size_name(8, 8) == "8x8"
    with pytest.raises(ValueError, match="8x8 or 16x4"):
        parse_size("4x16")


def test_layout_rows_of_sixteen_round_trip():
    rows = {4: "1R . . . . . . . . . . . . . . 8B", 1: ". " * 15 + "(2Y)"}
    layout = Layout.from_rows("cross", rows, size=(16, 4))
    assert set(layout) == {"a4", "p4", "p1"}
    assert layout.rows() == {4: rows[4], 1: rows[1].strip()}
    text = str(layout).splitlines()
    assert text[0].startswith("4  ") and len(text) == 5
    assert text[-1].split() == list("abcdefghijklmnop")
    # A sixteenth token on an 8x8 layout, or a fifth rank crosswise, is refused.
    with pytest.raises(ValueError, match="expected 8"):
        Layout.from_rows("cross", rows)
    with pytest.raises(ValueError, match="expected 1 to 4"):
        Layout.from_rows("cross", {5: ". " * 16}, size=(16, 4))


def test_a_played_piece_keeps_the_layout_size():
    layout = Layout.from_rows("cross", {1: ". " * 16}, size=(16, 4))
    after = layout.with_piece("m3", Layout.from_rows("x", {1: "3G . . . . . . ."}).top("a1"))
    assert after.size == (16, 4) and after.top("m3") is not None
    with pytest.raises(ValueError):
        layout.with_piece("a6", after.top("m3"))


# --- rules on the crosswise board ------------------------------------------------------

def test_lines_and_neighbours_are_computed_for_each_size():
    from generator.rules.lines import LINES, geometry
    cross = geometry(16, 4)
    assert geometry(16, 4) is cross and geometry(8, 8).lines is LINES
    assert [len(line) for line in cross.lines["horizontal"]] == [16] * 4
    assert [len(line) for line in cross.lines["vertical"]] == [4] * 16
    assert cross.line_through[("k2", "horizontal")][-1] == "p2"
    assert max(len(line) for line in cross.lines["diagonal"]) == 4
    assert cross.neighbours["h1"] == ("h2", "i2", "i1", "g1", "g2")
    assert cross.edge_neighbours["p4"] == ("p3", "o4")
    assert len(cross.squares) == 64 and cross.squares[16] == "a2"


def test_combinations_run_past_file_h():
    from generator.rules import combinations
    layout = Layout.from_rows("cross", {2: ". " * 7 + "4R 5G 6R 7B" + " ." * 5},
                              size=(16, 4))
    assert [c.notation() for c in combinations(layout)] == ["h2-k2 sequence: 4R 5G 6R 7B"]


def test_initial_11_crosswise_opens_onto_the_vertical_of_its_value(library):
    game, board = library.game("initial-11"), crosswise_board()
    # Vertical k (value 3) is full; l1 holds a 2 on a vertical of value 4.
    layout = Layout.from_rows("cross", {1: "(3G)" + " ." * 9 + " 3Y 2B" + " ." * 4,
                                        2: ". " * 10 + "3R" + " ." * 5,
                                        3: ". " * 10 + "3B" + " ." * 5,
                                        4: "(2R)" + " ." * 9 + " 3G" + " ." * 5},
                              size=(16, 4))
    moves = [m.notation() for m in Rules(game, board).placement.moves(layout, Side.SOUTH)]
    # A 3 fits verticals c and k (digits 1-8 twice); k is full, so c1 to c4.
    assert [m for m in moves if m.startswith("a1")] == ["a1=c1", "a1=c2", "a1=c3", "a1=c4"]
    # A 2 fits b and j: their eight squares are free.
    assert sorted(m for m in moves if m.startswith("a4")) == sorted(
        f"a4={f}{r}" for f in "bj" for r in range(1, 5))
    problems = placement_of(game, board).problems(layout)
    assert [p[:2] for p in problems] == [("off-value-row", "l1")]
    assert "2B lies on vertical l of value 4" in problems[0][2]


def test_turns_and_play_on_the_crosswise_board(library):
    from generator.rules.position import replay
    game, board = library.game("initial-11"), crosswise_board()
    layout = Layout.from_rows("cross", {1: "(3G)" + " ." * 10 + " (4R) . (4R) . (1B)"},
                              size=(16, 4))
    moves = [m.notation() for m in Rules(game, board).turn_moves(layout, "south")]
    assert "a1=k1" in moves and "l1=" in moves and "n1=d1" in moves and "p1=i4" in moves
    assert "p1=a1" not in moves  # a1 is taken until its card moves
    final = replay(Rules(game, board), layout, ["a1=k1", "l1=", "p1=a1"])[-1].layout
    assert final.size == (16, 4)
    assert {s for s, st in final.items() if st[-1].face_up} == {"k1", "l1", "a1"}


def test_validation_refuses_a_layout_written_for_another_size(library):
    from generator.rules import problems
    game, board = library.game("initial-11"), crosswise_board()
    eight = Layout.from_rows("cross", {1: "1R . . . . . . ."}, game="initial-11")
    found = problems(Rules(game, board), eight, sources={}, start=False)
    assert [v.code for v in found if v.code == "wrong-size"] == ["wrong-size"]
    assert "written for a 8x8 board" in str(next(v for v in found if v.code == "wrong-size"))


def test_shift_games_find_combinations_past_file_h(library):
    game = library.game("basic-65")
    layout = Layout.from_rows("cross", {1: ". " * 8 + "4R 5R" + " ." * 6,
                                        3: "6G" + " ." * 15, 4: ". " * 15 + "3B"},
                              size=(16, 4))
    moves = [m.notation() for m in Rules(game, crosswise_board()).board_moves(layout, "south")]
    # 6G ends the run 4-5-6 on k1, 3B starts 3-4-5 on h1; nothing else makes a line.
    assert moves == ["a3-k1", "p4-h1"]
