"""Basic game 48's giveaway form (seed000): pressing an opponent's card is compulsory, and
the side whose cards are all pressed wins."""
from __future__ import annotations

from generator.cli import cli
from generator.model.layout import Layout, Side
from generator.rules.goals import judge
from generator.rules.bound import Rules
from generator.rules.goal_rules import goal_rule



def _position(rows):
    # Marks the owners: south's cards (pack 1) point north (^), north's (pack 2) south (v).
    return Layout.from_rows("board-a", {rank: " ".join(
        t if t == "." else t + ("v" if t[1] == "0" else "^") for t in line.split())
        for rank, line in rows.items()})


def test_a_possible_press_must_be_made(library):
    board = library.board("board-a")
    layout = _position({4: ". . . 1R . . . .", 6: ". . . 30R . . . ."})
    rules = Rules(library.game("basic-48"), board)
    free = [m.notation() for m in rules.board_moves(layout, Side.SOUTH)]
    assert "d4+d6" in free and len(free) > 1
    forced = Rules(library.game("basic-48-giveaway"), board).board_moves(layout, Side.SOUTH)
    assert [m.notation() for m in forced] == ["d4+d6"]


def test_no_press_leaves_every_move_open(library):
    board = library.board("board-a")
    layout = _position({4: ". . . 1R . . . .", 8: ". 30G . . . . . ."})
    moves = Rules(library.game("basic-48-giveaway"), board).board_moves(layout, Side.SOUTH)
    assert moves == Rules(library.game("basic-48"), board).board_moves(layout, Side.SOUTH)
    assert moves and all(m.kind != "press" for m in moves)


def test_the_side_whose_cards_are_all_pressed_wins(library):
    board, game = library.board("board-a"), library.game("basic-48-giveaway")
    layout = _position({4: ". . . 1R . . . .", 6: ". . . 30R . . . .", 1: "2Y . . . . . . ."})
    after = Rules(game, board).play(layout, Rules(game, board).board_moves(layout, Side.SOUTH)[0])
    assert Rules(game, board).outcome(after, Side.NORTH).winner is Side.NORTH
    # In the main game the same press is a point for south, and it ends the game too:
    # north has no card left to press with (seed000 game 48 ends when no card can be
    # pressed onto the other side's), so south wins by one pressed card to none.
    main = library.game("basic-48")
    assert Rules(main, board).outcome(after, Side.NORTH).winner is Side.SOUTH


def test_a_game_that_stalls_goes_to_fewer_free_piles(library):
    board, game = library.board("board-a"), library.game("basic-48-giveaway")
    layout = _position({1: "1R 2Y . . . . . .", 8: ". . . . . . . 30G"})
    verdict = judge(goal_rule(game, board), layout, to_move=Side.SOUTH, moves=[],
                    opponent_moves=[])
    assert verdict.over and verdict.winner is Side.NORTH
    assert "piles topped by its own card: south 2, north 1" in verdict.reason


def test_show_names_compulsory_pressing(runner):
    shown = runner.invoke(cli, ["show", "basic-48-giveaway"]).output
    assert "goal: giveaway" in shown and "compulsory yes" in shown
    assert "compulsory no" in runner.invoke(cli, ["show", "basic-48"]).output
