"""Laying from the hand per game file, the lay notation, and the other moves of games whose
cards do not step about (initial 10 and 11). Positions are hand-made."""
from __future__ import annotations

from dataclasses import replace

import pytest

from generator.model.hands import Hand, Hands, parse_items
from generator.model.layout import Layout, Side
from generator.rules import Move


from generator.rules.moves import MoveKind
from generator.errors import IllegalMoveError
from generator.rules.position import Position, replay
from generator.model.hands import parse_item
from generator.rules.bound import Rules
from generator.rules.placing import placement_of
from generator.rules.goal_rules import goal_rule


def _stock(south: str = "", north: str = "", **parts: str) -> Hands:
    return Hands(south=Hand(stock=parse_items(south), held=parse_items(parts.get("held", ""))),
                 north=Hand(stock=parse_items(north)), pile=parse_items(parts.get("pile", "")))


def _notations(moves) -> list[str]:
    return [m.notation() for m in moves]


def test_lay_notation():
    assert Move.lay("3R", "d4").notation() == "3R@d4"
    assert Move.keep("3R").notation() == "3R@hand"
    assert Move("open", "c4", "c4").notation() == "c4="
    assert Move("open", "c4", "c3").notation() == "c4=c3"


def test_initial_3_first_card_face_down_on_the_king_square_then_next_to_own(library):
    game, board = library.game("initial-3"), library.board("colourless")
    empty = Layout("colourless", hands=_stock("5B 3G", "6R"))
    assert _notations(Rules(game, board).placement.moves(empty, Side.SOUTH)) == ["5B@e1"]
    first = Rules(game, board).play(empty, Move.lay("5B", "e1"), "south")
    assert str(first.top("e1")) == "(5B)^" and first.hands.south.stock == parse_items("3G")
    assert Rules(game,
                 board).lay_squares(first, parse_item("3G"), Side.SOUTH) == ["d1", "f1", "e2"]


def test_initial_3_hemmed_in_covers_a_neighbour_it_beats_and_may_cover_the_test_card(library):
    game, board = library.game("initial-3"), library.board("colourless")
    # South's 2R on a1 is hemmed in by north's 5R (b1) and 3G (a2); north's test card lies
    # on e8, far away.
    hemmed = Layout.from_rows("colourless", {8: ". . . . (6R)v . . .",
                                             2: "3Gv . . . . . . .", 1: "2R^ 5Rv . . . . . ."})
    assert Rules(game, board).lay_squares(hemmed, parse_item("7R"), Side.SOUTH) == ["b1"]
    assert Rules(game, board).lay_squares(hemmed, parse_item("3G"), Side.SOUTH) == ["a2"]
    assert Rules(game, board).lay_squares(hemmed, parse_item("4R"), Side.SOUTH) == []
    covered = Rules(game,
                    board).play(replace(hemmed, hands=_stock("7R")), Move.lay("7R", "b1"),
                                "south")
    assert str(covered.stacks["b1"][0]) == "5Rv" and covered.owner("b1") == "south"
    # Next to the opponent's face-down card, a card may cover it, and that wins.
    near = Layout.from_rows("colourless", {8: ". . . . (6R)v . . .", 7: ". . . . 4B^ . . .",
                                           1: ". . . . (5B)^ . . ."}, hands=_stock("1Y", ""))
    assert "e8" in Rules(game, board).lay_squares(near, parse_item("1Y"), Side.SOUTH)
    won = Rules(game, board).play(near, Move.lay("1Y", "e8"), "south")
    verdict = Rules(game,
                    board).outcome(won, Side.NORTH, last=Move.lay("1Y", "e8"), mover=Side.SOUTH)
    assert verdict.over and verdict.winner == "south"


def test_initial_4_covers_only_what_it_beats_and_five_in_a_line_score(library):
    game, board = library.game("initial-4"), library.board("colourless")
    layout = Layout.from_rows("colourless", {1: "3Rv 5Rv 3R^ 3Gv . . . ."})
    squares = Rules(game, board).lay_squares(layout, parse_item("5R"), Side.SOUTH)
    # 5R covers north's 3R and the identical 5R, not its own 3R nor the green 3.
    assert squares[:2] == ["a1", "b1"] and "c1" not in squares and "d1" not in squares
    # South lays 7R on north's 3R at c2, completing five of its own on rank 2: the five
    # leave with the 3R under the 7R, and south has taken all six; c1 stays.
    five = Layout.from_rows("colourless", {2: "1G^ 2G^ 3Rv 4Y^ 5B^ . . .",
                                           1: ". . 6B^ . . . . ."}, hands=_stock("7R"))
    after = Rules(game, board).play(five, Move.lay("7R", "c2"), "south")
    assert after.rows() == {1: ". . 6B^ . . . . ."}
    assert sorted(c.notation() for c in after.hands.south.taken) == [
        "1G", "2G", "3R", "4Y", "5B", "7R"]
    assert goal_rule(game, board).scores(after) == {Side.SOUTH: 6, Side.NORTH: 0}
    # Four in a line stay.
    four = Rules(game,
                 board).play(replace(five, hands=_stock("7R")).without("e2"),
                             Move.lay("7R", "c2"), "south")
    assert four.rows()[2] == "1G^ 2G^ 3Rv+7R^ 4Y^ . . . ."


def test_initial_8_lays_on_one_row_covers_only_when_full_and_returns_own_lines(library):
    game, board = library.game("initial-8"), library.board("colourless")
    empty = Layout("colourless")
    assert len(Rules(game, board).lay_squares(empty, parse_item("3R"), Side.SOUTH)) == 64
    row = Layout.from_rows("colourless", {4: ". 2Gv . . 7B^ . . ."})
    assert Rules(game, board).lay_squares(row, parse_item("3R"), Side.SOUTH) == [
        "a4", "c4", "d4", "f4", "g4", "h4"]
    full = Layout.from_rows("colourless", {4: "1Gv 2Gv 5B^ 8Y^ 7B^ 6Rv 1R^ 4Yv"})
    assert len(Rules(game, board).lay_squares(full, parse_item("3R"), Side.SOUTH)) == 8
    # South lays 3G on c4 (covering its own 5B): 1G 2G 3G is a horizontal combination;
    # the three squares are cleared, south's 3G and the 5B under it go under south's stock,
    # north's 1G and 2G leave the game as south's taken cards.
    after = Rules(game,
                  board).play(replace(full, hands=_stock("3G 8R")), Move.lay("3G", "c4"),
                              "south")
    assert after.rows() == {4: ". . . 8Y^ 7B^ 6Rv 1R^ 4Yv"}
    assert _notations_items(after.hands.south.stock) == ["8R", "5B", "3G"]
    assert _notations_items(after.hands.south.taken) == ["1G", "2G"]
    # The side to move with nothing left to lay has lost.
    out = Layout.from_rows("colourless", {4: ". 2Gv . . 7B^ . . ."}, hands=_stock("", "5Y"))
    verdict = Rules(game, board).outcome(out, Side.SOUTH)
    assert verdict.over and verdict.winner == "north"


def _notations_items(items) -> list[str]:
    return [c.notation() for c in items]


def test_initial_10_moves_uncovered_own_cards_onto_the_opponents_half(library):
    game, board = library.game("initial-10"), library.board("colourless")
    layout = Layout.from_rows("colourless", {6: "5Rv 5G^ . . . . . .",
                                             2: "1B^ 3Gv+2R^ . . . . . .",
                                             1: "4Yv+7B^ . . . . . . ."})
    moves = _notations(Rules(game, board).placement.moves(layout, Side.SOUTH))
    # a2 and the pile on a1 (topped by south's 7B) may go; b2's 2R lies on north's card
    # but is south's top card, so it moves too; nothing goes onto south's own 5G at b6.
    assert "a2+a6" in moves and "a1-c5" in moves and "b2-h8" in moves
    assert not any(m.endswith("b6") for m in moves)
    assert len(moves) == 3 * (32 - 1)
    # Counting on the far half: 1R 2R 3R is a colour line and a sequence (3 + 3), the red
    # column through 2R one more colour line (3): 2R counts three times.
    cross = Layout.from_rows("colourless", {7: ". 4R^ . . . . . .",
                                            6: "1R^ 2R^ 3R^ . . . . .",
                                            5: ". 6R^ . . . . . ."})
    assert goal_rule(game, board).scores(cross)[Side.SOUTH] == 9


def test_initial_11_opens_onto_the_value_row_or_off(library):
    game, board = library.game("initial-11"), library.board("colourless")
    layout = Layout.from_rows("colourless", {3: "(3G) . . . . . . .",
                                             5: "(2R) 1Y . . . . . .",
                                             2: "(6B) 2Y 2B 2G 2R 2Y 2B 2G"})
    moves = _notations(Rules(game, board).placement.moves(layout, Side.SOUTH))
    assert "a3=" in moves  # a 3 on rank 3 stays where it is opened
    assert "a5=off" in moves  # rank 2 is full: the 2R leaves the board
    assert "a2=a6" in moves and "a2=h6" in moves and "a2=" not in moves
    off_row = Layout.from_rows("colourless", {4: "3G . . . . . . ."})
    assert placement_of(game, board).problems(off_row)[0][:2] == ("off-value-row", "a4")


def test_initial_12_turns_only_its_own_lines_face_down(library):
    game, board = library.game("initial-12"), library.board("colourless")
    own = Layout.from_rows("colourless", {1: "1G^ 2G^ . . . . . ."}, hands=_stock("3G"))
    after = Rules(game, board).play(own, Move.lay("3G", "c1"), "south")
    assert after.rows() == {1: "(1G)^ (2G)^ (3G)^ . . . . ."}
    assert goal_rule(game, board).scores(after)[Side.SOUTH] == 3
    mixed = Layout.from_rows("colourless", {1: "1Gv 2G^ . . . . . ."}, hands=_stock("3G"))
    assert Rules(game, board).play(mixed, Move.lay("3G", "c1"), "south").rows() == {
        1: "1Gv 2G^ 3G^ . . . . ."}


def test_basic_52_lays_the_hand_first_and_keeps_what_fits_nowhere(library):
    game, board = library.game("basic-52"), library.board("board-a")
    start = library.layout("basic-52-start")
    top = start.hands.pile[0]
    assert _notations(Rules(game, board).placement.moves(start, Side.SOUTH)) == [
        f"{top}@{s}" for s in Rules(game, board).lay_squares(start, top, Side.SOUTH)]
    # 2R's squares a2 (light) and h2 (dark) are both taken: it is kept in the hand.
    full = Layout.from_rows("board-a", {2: "2R . . . . . . (6B)"}, hands=_stock(pile="20R 30G"))
    full = full.with_piece("h2", parse_item_piece("(3Y)"))
    assert _notations(Rules(game, board).placement.moves(full, Side.SOUTH)) == ["20R@hand"]
    kept = Rules(game, board).play(full, Move.keep("20R"), "south")
    assert kept.hands.south.held == parse_items("20R") and kept.hands.pile == parse_items("30G")
    # Once a2 is free the kept card must be laid before the pile is touched.
    freed = kept.without("a2")
    assert _notations(Rules(game, board).placement.moves(freed, Side.SOUTH)) == ["20R@a2"]
    off_square = Layout.from_rows("board-a", {1: "2R . . . . . . ."})
    assert placement_of(game, board).problems(off_square)[0][:2] == ("not-identical", "a1")


def parse_item_piece(text: str):
    from generator.model.layout import Piece
    return Piece.from_notation(text)


def test_word_25_five_letters_in_a_line_win(library):
    game, board = library.game("word-25"), library.board("board-a")
    layout = Layout.from_rows("board-a", {1: "Q/R^ X/R^ . Z/R^ J/R^ . . ."},
                              hands=_stock("K/R", "B/G"))
    after = Rules(game, board).play(layout, Move.lay("K/R", "c1"), "south")
    verdict = Rules(game,
                    board).outcome(after, Side.NORTH, last=Move.lay("K/R", "c1"),
                                   mover=Side.SOUTH)
    assert verdict.over and verdict.winner == "south" and "5 of its pieces" in verdict.reason


@pytest.mark.parametrize(("first", "text", "reason"), [
    ("", "5B@d1", "5B may not lie on d1: south's first card is its test card, laid face "
     "down on its king square; it fits e1"),
    ("5B@e1 6R@e8", "3R@d4", "south does not hold 3R (its next card is 3G)"),
    ("5B@e1 6R@e8", "3G@d7", "3G may not lie on d7: only on a free square next to one's own "
     "card"),
    ("5B@e1 6R@e8", "3G@hand", "3G fits on d1 f1 e2, so it must be laid"),
    ("5B@e1 6R@e8", "e1-e2", "(5B)^ on e1 has no legal move"),
    ("5B@e1 6R@e8", "zz", "not a move; expected one like e2-e3"),
])
def test_refused_moves_say_why(library, first, text, reason):
    layout = library.layout("initial-3-start")
    game, board = library.game("initial-3"), library.board("colourless")
    position = Position(Rules(game, board), layout, turn=Side.SOUTH)
    position.play_record(first.split())
    with pytest.raises(IllegalMoveError) as caught:
        position.push_text(text)
    assert caught.value.reason.startswith(reason)


def test_replay_alternates_sides_and_reports_what_left_the_board(library):
    game, board = library.game("initial-4"), library.board("colourless")
    layout = Layout.from_rows("colourless", {1: "3R^ . . . . . . ."},
                              hands=_stock("1Y 2Y", "5R 6R"))
    plies = replay(Rules(game, board), layout, ["1Y@b1", "5R@a1", "2Y@c1"])
    assert [(p.number, p.side.value, p.notation()) for p in plies] == [
        (1, "south", "1Y@b1"), (2, "north", "5R@a1"), (3, "south", "2Y@c1")]
    assert plies[1].layout.rows() == {1: "3R^+5Rv 1Y^ . . . . . ."}
    assert all(p.took == () for p in plies)
    assert MoveKind.LAY in {p.move.kind for p in plies if p.move}


def test_basic_65_opens_a_card_and_only_that_card_may_shift(library):
    game, board = library.game("basic-65"), library.board("board-a")
    layout = Layout.from_rows("board-a", {8: ". . . . . . . (8B)",
                                          1: "5R 5Y . (5G) . . . .", 2: "6Y . . . . . . ."})
    moves = _notations(Rules(game, board).board_moves(layout, "south"))
    assert "d1=" in moves and "d1=c1" in moves and "h8=" in moves
    # 6Y, opened earlier, never moves while cards lie face down (seed000 game 65).
    assert not any(m.startswith("a2") for m in moves)
    after = Rules(game, board).play(layout, Move("open", "d1", "c1"), "north")
    assert after.rows() == {8: ". . . . . . . (8B)", 2: "6Y . . . . . . ."}
    assert _notations_items(after.hands.north.taken) == ["5R", "5Y", "5G"]
