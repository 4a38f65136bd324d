"""Moves: the data fixtures in tests/data/rules/moves, then play, outcome and placements."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from generator.model.cards import Card
from generator.model.layout import Layout, Piece, Side
from generator.rules import Move
from generator.rules.moves import MoveKind
from generator.rules.position import replay
from generator.rules.bound import Rules

FIXTURES = sorted((Path(__file__).parent / "data" / "rules" / "moves").glob("*.toml"))


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_legal_moves_fixture(library, path):
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    game = library.game(case["game"])
    board = library.board(game.boards[0])
    layout = Layout.from_rows(board.name, {int(k): v for k, v in case["rows"].items()})
    found = Rules(game, board).board_moves(layout, case["side"])
    assert " ".join(m.notation() for m in found) == case["moves"]
    assert found == sorted(found) == Rules(game, board).board_moves(layout, case["side"])


def test_no_moves_in_games_that_lay_cards_and_placements_instead(library):
    game, board = library.game("basic-52"), library.board("board-a")
    layout = library.layout("basic-52-start")
    assert Rules(game, board).board_moves(layout, "south") == []
    # 2R fits only a2 and h2; in the start h2 (the dark one) holds a face-down card.
    assert Rules(game, board).lay_squares(layout, Card.from_notation("20R"), "south") == ["a2"]


def test_placements_next_to_own_cards_and_by_value_row(library):
    game3 = library.game("initial-3")
    start = library.layout("initial-3-start")
    board = library.board("colourless")
    # The board starts empty: the first card goes to the king square (seed002, jeu 3).
    assert Rules(game3, board).lay_squares(start, Card.from_notation("5R"), "south") == ["e1"]
    laid = replay(Rules(game3, board), start, ["5B@e1", "6R@e8"])[-1].layout
    assert Rules(game3, board).lay_squares(laid, Card.from_notation("5R"), "south") == [
        "d1", "f1", "e2"]
    game11 = library.game("initial-11")
    empty = Layout("colourless")
    assert Rules(game11, board).lay_squares(empty, Card.from_notation("3G"), "south") == [
        f"{f}3" for f in "abcdefgh"]


def test_play_beat_press_and_cover(library):
    basic1 = library.game("basic-1")
    layout = Layout.from_rows("board-a", {3: ". . 2Y^ 2Gv . . . ."})
    after = Rules(basic1, library.board("board-a")).play(layout, Move("beat", "c3", "d3"))
    assert after.rows() == {3: ". . . 2Y^ . . . ."}
    game48 = library.game("basic-48")
    pressed = Rules(game48, library.board("board-a")).play(layout, Move("press", "c3", "d3"))
    assert pressed.rows() == {3: ". . . 2Gv+2Y^ . . . ."}
    # The pile moves by its top card and stays together.
    moved = Rules(game48, library.board("board-a")).play(pressed, Move("move", "d3", "d4"))
    assert moved.rows() == {4: ". . . 2Gv+2Y^ . . . ."}
    assert moved.top("d4").owner == "south"


def test_mixed_combination_takes_the_opponents_cards(library):
    # Initial game 9: south moves 3R from c1 to c2, making 1G 2Y 3R 4B on rank 2 with two
    # north cards in it: those two leave; a line of south's cards alone would stay.
    game = library.game("initial-9")
    layout = Layout.from_rows("colourless", {2: "1Gv 2Yv . 4B^ . . . .",
                                             1: ". . 3R^ . . . . ."})
    after = Rules(game, library.board("board-a")).play(layout, Move(MoveKind.MOVE, "c1", "c2"))
    assert after.rows() == {2: ". . 3R^ 4B^ . . . ."}
    own = Layout.from_rows("colourless", {2: "1G^ 2Y^ . 4B^ . . . .", 1: ". . 3R^ . . . . ."})
    rules = Rules(game, library.board("board-a"))
    assert rules.play(own, Move(MoveKind.MOVE, "c1", "c2")).rows() == {2: "1G^ 2Y^ 3R^ 4B^ . . . ."}


def test_opening_and_shifting_into_combinations(library):
    game = library.game("basic-65")
    board = library.board("board-a")
    layout = Layout.from_rows("board-a", {1: "5R 5Y . (5G) . . . .", 2: "7B . . . . . . ."})
    moves = Rules(game, board).board_moves(layout, "south")
    assert Move("open", "d1", "d1") in moves and Move("shift", "a2", "c1") not in moves
    # 5G opened where it lies makes no line (c1 is free); shifted to c1 it would.
    opened = Rules(game, board).play(layout, Move("open", "d1", "d1"))
    assert opened.top("d1") == Piece.from_notation("5G")
    assert Move("shift", "d1", "c1") in Rules(game, board).board_moves(opened, "south")
    assert Rules(game,
                 board).play(opened, Move("shift", "d1", "c1")).rows() == {2: "7B . . . . . . ."}


def _settled(library, layout, game, last_move=None, mover=None):
    """The winner that *layout* (and the move that led to it) settles, as the game's bound
    goal says."""
    goal = Rules(game, library.board(layout.board)).goal
    return goal.settled_winner(layout, last_move=last_move, mover=mover)


def test_outcomes(library):
    basic1 = library.game("basic-1")
    start = library.layout("game1-demo")
    assert _settled(library, start, basic1) is None
    assert _settled(library, start.without("e8"), basic1) == "south"
    word1 = library.game("word-1")
    assert _settled(library, start, word1, Move("exit", "c7", "off"), Side.SOUTH) == "south"
    initial1 = library.game("initial-1")
    assert _settled(library, start, initial1, Move(MoveKind.MOVE, "d4", "d5"), Side.SOUTH) == "south"
    assert _settled(library, start, initial1, Move("beat", "d4", "d5"), Side.SOUTH) is None
    initial5 = library.game("initial-5")
    across = Layout.from_rows("colourless", {6: "1R^ 2R^ . . . . . .", 1: "3Gv . . . . . . ."})
    assert _settled(library, across, initial5) == "south"


def test_a_misspelt_side_is_refused_not_answered_with_no_moves(library):
    game, board = library.game("basic-1"), library.board("board-a")
    layout = library.layout("game1-demo")
    with pytest.raises(ValueError, match=r"not a side: 'South' \(expected south or north\)"):
        Rules(game, board).board_moves(layout, "South")
    with pytest.raises(ValueError, match="not a side: 'east'"):
        Rules(game, board).lay_squares(layout, Card.from_notation("2R"), "east")
    with pytest.raises(ValueError, match="not a side: 'South'"):
        Rules(library.game("initial-1"), board).outcome(layout, "South")
    north = Rules(game, board).board_moves(layout, Side.NORTH)
    assert north and north == Rules(game, board).board_moves(layout, "north")


def test_move_kinds_are_checked_and_keep_their_spelling():
    with pytest.raises(ValueError, match=r"not a kind of move: 'grab' \(expected move, beat, "):
        Move("grab", "c3", "d4")
    assert Move("beat", "c3", "d4") == Move(MoveKind.BEAT, "c3", "d4")
    assert Move("beat", "c3", "d4").kind == "beat"
    assert [Move(k, "c3", "d4").notation() for k in ("move", "beat", "cover", "press")] == [
        "c3-d4", "c3xd4", "c3xd4", "c3+d4"]
