"""The placement objects (rules/placing.py): each game gets the rule its kind and switches
name, and each rule says where a card may lie as a player would check it. Positions are
hand-made."""
from __future__ import annotations

from dataclasses import replace

import pytest

from generator.model.hands import Hand, Hands, parse_item, parse_items
from generator.model.layout import Layout, Side
from generator.rules import Move
from generator.rules.games import Capture, Movement, Placement
from generator.rules.moves import MoveKind
from generator.rules.placing import (FreeOrBeaten, FreeOrWord, FreeSquares,
                                     IdenticalInTheOpen, IdenticalSquares, NextToOwn,
                                     NoPlacement, OneRow, OpponentHalf, ValueRow,
                                     placement_of)
from generator.rules.bound import Rules
from generator.rules.placing import placement_of


@pytest.mark.parametrize(("game", "rule"), [
    ("basic-1", NoPlacement),
    ("initial-7", FreeSquares),
    ("initial-12", FreeSquares),
    ("word-25", FreeSquares),
    ("word-25-on-letters", FreeOrWord),
    ("initial-8", OneRow),
    ("initial-4", FreeOrBeaten),
    ("initial-3", NextToOwn),
    ("basic-52", IdenticalSquares),
    ("basic-52-open", IdenticalInTheOpen),
    ("initial-11", ValueRow),
    ("initial-11-crosswise", ValueRow),
    ("initial-10", OpponentHalf),
])
def test_each_game_gets_its_placement_rule(library, game, rule):
    board = library.board("board-a")
    chosen = placement_of(library.game(game), board)
    assert type(chosen) is rule
    # Built once with the game's rules, holding the board it reads.
    assert type(Rules(library.game(game), board).placement) is rule


@pytest.mark.parametrize(("switches", "rule"), [
    ({}, FreeSquares),
    ({"piles": True}, FreeSquares),
    ({"capture": Capture.BEAT}, FreeSquares),
    ({"piles": True, "capture": Capture.PRESS}, FreeSquares),
    ({"piles": True, "capture": Capture.BEAT}, FreeOrBeaten),
    ({"one_row": True, "piles": True, "capture": Capture.BEAT}, OneRow),
    ({"lay_on_letters": True, "one_row": True, "piles": True}, FreeOrWord),
], ids=["free", "piles", "beating", "piles-pressing", "piles-beating", "one-row-first",
        "letters-first"])
def test_free_variants_are_chosen_by_their_switch_in_order(library, switches, rule):
    base = library.game("initial-7")
    movement = Movement(**{"step": base.movement.step, "capture": Capture.NONE,
                           "placement": Placement.FREE, **switches})
    assert type(placement_of(replace(base, movement=movement), library.board("board-a"))) \
        is rule


@pytest.mark.parametrize(("game", "text"), [
    ("initial-7", "only on a free square"),
    ("initial-4", "only on a free square or an opponent's card it beats"),
    ("initial-8", "only on the row of the first card, on cards only once it is full"),
    ("word-25-on-letters", "only on a free square, or on a letter where it makes a word"),
    ("basic-52", "only on a free square of its colour and value"),
    ("basic-52-open", "only on a free square of its colour and value"),
    ("initial-3", "only on a free square next to one's own card, or (when hemmed in) on a "
                  "neighbouring opponent card it beats"),
])
def test_each_rule_says_where_a_card_may_lie(library, game, text):
    assert placement_of(library.game(game), library.board("board-a")).rule_text() == text


def test_a_free_square_rule_never_offers_a_covered_square(library):
    game, board = library.game("initial-7"), library.board("colourless")
    layout = Layout.from_rows("colourless", {1: "1Rv 8R^ . . . . . ."})
    squares = Rules(game, board).lay_squares(layout, parse_item("8R"), Side.SOUTH)
    assert "a1" not in squares and "b1" not in squares and len(squares) == 62


def test_initial_3_only_the_first_card_lies_face_down(library):
    game, board = library.game("initial-3"), library.board("colourless")
    empty = Layout("colourless", hands=Hands(south=Hand(stock=parse_items("5B 3G")),
                                             north=Hand(stock=parse_items("6R"))))
    first = Rules(game, board).play(empty, Move.lay("5B", "e1"), "south")
    second = Rules(game, board).play(first, Move.lay("3G", "d1"), "south")
    assert str(second.top("e1")) == "(5B)^" and str(second.top("d1")) == "3G^"


def test_initial_10_goes_only_to_the_far_half_never_onto_its_own_card(library):
    game, board = library.game("initial-10"), library.board("colourless")
    layout = Layout.from_rows("colourless", {7: "4R^ 5Gv . . . . . .",
                                             2: "1B^ . . . . . . ."})
    squares = Rules(game, board).lay_squares(layout, parse_item("1B"), Side.SOUTH)
    assert all(s[1] in "5678" for s in squares)
    assert "b7" in squares and "a7" not in squares and len(squares) == 31
    # As black: ranks 1 to 4 are the far half.
    north = Rules(game, board).lay_squares(layout, parse_item("5G"), Side.NORTH)
    assert all(s[1] in "1234" for s in north) and "a2" in north


@pytest.mark.parametrize(("square", "shade", "in_play", "in_the_open"), [
    ("a2", "LIGHT", [], []),            # 2R home on its light square
    ("h2", "DARK", [], []),             # 2R home on its dark square
    ("c2", "LIGHT", ["c2"], ["c2"]),    # off its square, on a light square
    ("b2", "DARK", ["b2"], []),         # off its square, waiting on a dark square in the open
], ids=["home-light", "home-dark", "light", "dark"])
def test_identical_problems_forgive_only_the_open_dark_square(library, square, shade, in_play,
                                                               in_the_open):
    board = library.board("board-a")
    assert board.square(square).shade.name == shade
    layout = Layout("board-a").with_piece(square, _piece("2R"))
    for game, expected in (("basic-52", in_play), ("basic-52-open", in_the_open)):
        found = placement_of(library.game(game), board).problems(layout)
        assert [(code, s) for code, s, _ in found] == [("not-identical", s) for s in expected]


def test_the_open_patience_keeps_a_card_only_when_nothing_can_be_shifted(library):
    board = library.board("board-a")
    # 20R's squares a2 and h2 are both taken; the 5R on a2 is off its square and may shift.
    full = Layout.from_rows("board-a", {2: "5R . . . . . . (3Y)"},
                            hands=Hands(pile=parse_items("20R 30G")))
    moves = Rules(library.game("basic-52-open"), board).placement.moves(full, Side.SOUTH)
    assert moves and all(m.kind is MoveKind.SHIFT and m.origin == "a2" for m in moves)
    closed = Rules(library.game("basic-52"), board).placement
    assert [m.notation() for m in closed.moves(full, Side.SOUTH)] == ["20R@hand"]
    stuck = full.without("a2").with_piece("a2", _piece("(7G)"))
    in_the_open = Rules(library.game("basic-52-open"), board).placement
    assert [m.notation() for m in in_the_open.moves(stuck, Side.SOUTH)] == ["20R@hand"]


def test_games_that_lay_nothing_have_no_laying_moves(library):
    game, board = library.game("basic-1"), library.board("board-a")
    layout = Layout("board-a", hands=Hands(south=Hand(stock=parse_items("3R"))))
    assert Rules(game, board).placement.moves(layout, Side.SOUTH) == []
    assert Rules(game, board).lay_squares(layout, parse_item("3R"), Side.SOUTH) == []


def _piece(text: str):
    from generator.model.layout import Piece
    return Piece.from_notation(text)
