"""The goal objects (generator.rules.goal_rules): each goal's own rules, as the verdicts a
player reads. Positions are hand-made; judge and patience_left ask the objects."""
from __future__ import annotations

import dataclasses

import pytest

from generator.model.hands import Hand, Hands, parse_items
from generator.model.layout import Layout, Side
from generator.rules import Move, MoveKind
from generator.rules.games import Goal
from generator.rules.goal_rules import CountingGoal, MostPressed, WonAtOnce, goal_rule
from generator.rules.goals import QUIET_PLIES, judge
from generator.rules.bound import Rules


@pytest.mark.parametrize(("goal", "family"), [
    (Goal.COVER_TEST_CARD, WonAtOnce), (Goal.CROSS_MIDDLE, WonAtOnce),
    (Goal.ALL_ACROSS, WonAtOnce), (Goal.LEAVE_BOARD, WonAtOnce),
    (Goal.REORIENT_ALL, WonAtOnce), (Goal.MOST_PRESSED, CountingGoal),
    (Goal.GIVEAWAY, MostPressed), (Goal.PILE_VALUES, MostPressed),
    (Goal.HAND_VALUES, CountingGoal),
    (Goal.IDENTICAL_SQUARES, CountingGoal),
    (Goal.MOST_REMOVED, CountingGoal), (Goal.FIVE_IN_LINE, CountingGoal),
    (Goal.MOST_COMBINATIONS, CountingGoal), (Goal.MOST_TURNED, CountingGoal),
])
def test_every_goal_has_its_object_in_its_family(library, goal, family):
    game = dataclasses.replace(library.game("basic-1"), goal=goal)
    board = library.board("board-a")
    assert isinstance(goal_rule(game, board), family)
    # Built once with the game's rules, holding the game whose switches it reads.
    assert Rules(game, board).goal.game is game


@pytest.mark.parametrize(("game", "south", "north", "winner", "what"), [
    ("basic-48", 2, 1, "south", "cards pressed"),
    ("basic-48-giveaway", 2, 1, "north", "piles topped by its own card"),
    ("basic-52", 2, 1, "north", "cards left in hand"),
    ("basic-65", 4, 3, "south", "cards taken"),
    ("initial-4", 0, 5, "north", "cards taken"),
    ("initial-10", 6, 6, None, "cards in combinations"),
    ("initial-12", 1, 3, "north", "cards turned"),
], ids=["more-pressed-wins", "giveaway-fewer-wins", "basic-52-fewer-wins",
        "more-taken-wins", "five-in-line-counts-taken", "equal-counts-draw",
        "more-turned-wins"])
def test_a_counting_goal_tells_its_count_and_its_winner(library, game, south, north,
                                                        winner, what):
    verdict = goal_rule(library.game(game), library.board("board-a")).result(
        {Side.SOUTH: south, Side.NORTH: north}, "no side can move")
    assert verdict.over and verdict.winner == winner
    assert verdict.reason == f"no side can move; {what}: south {south}, north {north}"


@pytest.mark.parametrize("game", ["basic-1", "initial-1", "initial-5", "word-1",
                                  "word-puzzle-5-duel"])
def test_a_goal_won_at_once_is_a_draw_when_the_game_ends_otherwise(library, game):
    verdict = goal_rule(library.game(game), library.board("board-a")).result(
        {}, "no side can move")
    assert verdict.over and verdict.winner is None and verdict.reason == "no side can move"


def _cards(rows: dict[int, str], **hands: Hand) -> Layout:
    return Layout.from_rows("board-a", rows, hands=Hands(**hands))


@pytest.mark.parametrize(("game", "rows", "last", "mover", "winner", "reason"), [
    ("basic-1", {1: "(1R)^ . . . . . . .", 8: "1Bv . . . . . . ."}, None, None,
     "south", "the opponent's test card is covered"),
    ("initial-1", {5: ". . . 3R^ . . . ."}, Move(MoveKind.MOVE, "d4", "d5"), "south",
     "south", "a card stepped across the middle line into the opponent's half"),
    ("initial-1", {6: ". . . 3R^ . . . ."}, Move(MoveKind.MOVE, "d5", "d6"), "south",
     None, "north to move"),
    ("initial-1", {5: ". . . 3R^ . . . ."}, Move("beat", "d4", "d5"), "south",
     None, "north to move"),
    ("initial-1", {4: ". . . 3R^ . . . ."}, Move(MoveKind.MOVE, "d3", "d4"), "south",
     None, "north to move"),
    ("initial-5", {6: "3R^ . . . . . . .", 3: "4Gv . . . . . . ."}, None, None,
     "south", "every card is in the opponent's half"),
    ("word-1", {2: "A/Rv . . . . . . ."}, Move("exit", "b1", "off"), "north",
     "north", "a piece left the board over the far edge"),
    ("word-puzzle-5-duel", {1: "A/R^ B/R^ . . . . . ."}, Move("turn", "c1", "c1"), "north",
     "north", "every arrow points one way: solved"),
    ("word-25", {3: ". A/Rv B/Rv C/Rv D/Rv E/Rv . ."}, None, None,
     "north", "5 of its pieces in a line"),
    ("initial-4", {3: ". 1Rv 2Rv 3Rv 4Rv 5Rv . ."}, None, None, None, "north to move"),
], ids=["test-card-covered", "stepped-across", "step-inside-far-half-crosses-nothing",
        "beating-across-wins-nothing",
        "step-on-own-half", "all-across", "left-over-the-edge", "reoriented",
        "five-letters-win", "fives-that-leave-only-score"])
def test_a_goal_won_at_once(library, game, rows, last, mover, winner, reason):
    verdict = judge(goal_rule(library.game(game), library.board("board-a")), _cards(rows),
                    to_move="north", moves=[Move(MoveKind.MOVE, "a1", "a2")], last_move=last, mover=mover)
    assert (verdict.winner, verdict.reason) == (winner, reason)
    assert verdict.over is (winner is not None)


def test_giveaway_is_most_pressed_where_the_side_pressed_out_wins(library):
    board = library.board("board-a")
    # South's 1R has just pressed north's only card: north has nothing free left.
    pressed_out = _cards({6: ". . . 30Rv+1R^ . . . .", 1: "2Y^ . . . . . . ."})
    press = Move("press", "d4", "d6")
    main = judge(goal_rule(library.game("basic-48"), board), pressed_out, to_move="north",
                 moves=[], opponent_moves=[Move(MoveKind.MOVE, "a1", "a2")], last_move=press, mover="south")
    assert main.over and main.winner is Side.SOUTH
    assert main.reason == "north has no card left to press with; cards pressed: south 1, north 0"
    give = judge(goal_rule(library.game("basic-48-giveaway"), board), pressed_out,
                 to_move="north", moves=[], opponent_moves=[Move(MoveKind.MOVE, "a1", "a2")],
                 last_move=press, mover="south", owed=True)
    assert give.over and give.winner is Side.NORTH
    assert give.reason == "every card of north is pressed"
    # The count's end waits for a follow-up owed; a win at once does not (above).
    owed = judge(goal_rule(library.game("basic-48"), board), pressed_out, to_move="north",
                 moves=[], last_move=press, mover="south", owed=True)
    assert not owed.over and owed.reason == "north to move again"
    assert dict(owed.counts) == {Side.SOUTH: 1, Side.NORTH: 0}


@pytest.mark.parametrize(("game", "over", "reason"), [
    ("basic-65", True, "every card is open; cards taken: south 2, north 1"),
    ("word-12", False, "south to move"),
], ids=["cards-dealt-face-down-end-when-all-open", "no-face-down-deal-goes-on"])
def test_most_removed_ends_when_every_card_is_open_only_where_all_start_down(
        library, game, over, reason):
    layout = _cards({1: "3R 5G . . . . . ."}, south=Hand(taken=parse_items("1R 2R")),
                    north=Hand(taken=parse_items("7B")))
    verdict = judge(goal_rule(library.game(game), library.board("board-a")), layout,
                    to_move="south", moves=[Move(MoveKind.MOVE, "a1", "a2")])
    assert (verdict.over, verdict.reason) == (over, reason)


@pytest.mark.parametrize(("stuck_loses", "reason"), [
    (False, "south has no card left to lay"), (True, "south cannot move")])
def test_initial_8_the_first_side_out_of_cards_loses(library, stuck_loses, reason):
    game = dataclasses.replace(library.game("initial-8"), stuck_loses=stuck_loses)
    verdict = judge(goal_rule(game, library.board("board-a")), _cards({1: "3R^ . . . . . . ."}),
                    to_move="south", moves=[], opponent_moves=[Move(MoveKind.MOVE, "a1", "a2")])
    assert verdict.over and verdict.winner is Side.NORTH and verdict.reason == reason


def test_initial_8_after_quiet_plies_is_a_draw_counted_as_nothing_taken(library):
    verdict = judge(goal_rule(library.game("initial-8"), library.board("board-a")),
                    _cards({1: "3R^ . . . . . . ."}), to_move="south",
                    moves=[Move(MoveKind.MOVE, "a1", "a2")], quiet=QUIET_PLIES)
    assert verdict.over and verdict.winner is None
    assert verdict.reason == "100 plies without a capture, lay or opening; " \
        "cards taken: south 0, north 0"


@pytest.mark.parametrize(("game", "rows", "hands", "left", "goal"), [
    ("word-puzzle-5", {1: "A/R^ B/Rv C/Rv . . . . ."}, {}, 1, "every arrow points one way"),
    ("word-puzzle-5", {1: "A/Rv B/Rv C/Rv . . . . ."}, {}, 0, "every arrow points one way"),
    ("basic-65-open", {1: "1R 2R . . . . . ."}, {}, 2, "every card has left the board"),
    # a1 is the 1R square, b1 the 1Y one: 1R on b1 is off its square.
    ("basic-52-open", {1: "1R . . . . . . ."}, {}, 0,
     "every card lies on an identical square"),
    ("basic-52-open", {1: ". 1R . . . . . ."}, {"south": Hand(held=parse_items("2R 3R"))},
     3, "every card lies on an identical square"),
], ids=["one-arrow-to-turn", "all-one-way", "cards-still-on-board", "on-its-square",
        "off-its-square-and-in-hand"])
def test_what_a_patience_has_left(library, game, rows, hands, left, goal):
    layout = _cards(rows, **hands)
    assert goal_rule(library.game(game),
                     library.board("board-a")).patience_left(layout) == (left, goal)
