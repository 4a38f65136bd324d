"""Every goal decided: counting goals judged at the game's end with their tie rules, goals of
one move at once. Positions are hand-made."""
from __future__ import annotations

from generator.model.hands import Hand, Hands, parse_items
from generator.model.layout import Layout, Piece, Side
from generator.io.layouts import sources_for
from generator.rules import Move, MoveKind, Termination, problems
from generator.rules.goals import QUIET_PLIES, judge
from generator.rules.bound import Rules
from generator.rules.goal_rules import goal_rule
from generator.rules.position import Position



def _taken(south: str, north: str) -> Hands:
    return Hands(south=Hand(taken=parse_items(south)), north=Hand(taken=parse_items(north)))


def test_most_removed_ends_when_every_card_is_open(library):
    game, board = library.game("basic-65"), library.board("board-a")
    open_board = Layout.from_rows("board-a", {1: "3R 5G . . . . . ."},
                                  hands=_taken("1R 2R 3R 4G", "7B 7Y 7G"))
    verdict = Rules(game, board).outcome(open_board, Side.NORTH)
    assert verdict.over and verdict.winner == "south"
    assert verdict.reason == "every card is open; cards taken: south 4, north 3"
    closed = open_board.with_piece("h8", Piece.from_notation("(8B)"))
    assert not Rules(game, board).outcome(closed, Side.NORTH).over
    tie = Layout.from_rows("board-a", {1: "3R . . . . . . ."}, hands=_taken("1R", "7B"))
    draw = Rules(game, board).outcome(tie, Side.SOUTH)
    assert draw.over and draw.winner is None and str(draw).startswith("a draw")


def test_most_pressed_counts_opponent_cards_under_own_piles(library):
    game, board = library.game("basic-48"), library.board("board-a")
    # South's 1R lies on north's 3R and 2Y; north's 4G lies on south's 4B. Nothing else can
    # press: the game is over, south has pressed two cards, north one.
    layout = Layout.from_rows("board-a", {5: "3Rv+2Yv+1R^ . . . . . . .",
                                          1: ". . . . . . . 4B^+4Gv"})
    assert goal_rule(game, board).scores(layout) == {Side.SOUTH: 2, Side.NORTH: 1}
    verdict = judge(goal_rule(game, board), layout, to_move="south", moves=[], opponent_moves=[])
    assert verdict.over and verdict.winner == "south"
    # While a press remains possible, or moves do, the game goes on.
    assert not judge(goal_rule(game, board), layout, to_move="south",
                     moves=[Move(MoveKind.MOVE, "a5", "b6")]).over
    # A side with no move passes while the other still has one.
    assert not judge(goal_rule(game, board), layout, to_move="south", moves=[],
                     opponent_moves=[Move(MoveKind.MOVE, "h1", "h2")]).over


def test_most_turned_and_last_to_lay_and_identical_squares(library):
    board = library.board("colourless")
    turned = Layout.from_rows("colourless", {1: "(1G)^ (2G)^ (3G)^ 4Rv . . . ."})
    game12 = library.game("initial-12")
    verdict = Rules(game12, board).outcome(turned, Side.SOUTH)
    assert verdict.over and verdict.winner == "south" and verdict.counts[Side.SOUTH] == 3
    # Basic 52: the pile is used up; whoever holds more cards loses.
    game52, board_a = library.game("basic-52"), library.board("board-a")
    hands = Hands(south=Hand(held=parse_items("20R 30G")), north=Hand(held=parse_items("40B")))
    verdict = Rules(game52, board_a).outcome(Layout("board-a", hands=hands), Side.SOUTH)
    assert verdict.over and verdict.winner == "north"
    assert verdict.reason == "the pile is used up; cards left in hand: south 2, north 1"
    going = Layout("board-a", hands=Hands(pile=parse_items("20R")))
    assert not Rules(game52, board_a).outcome(going, Side.SOUTH).over


def test_five_in_a_line_scores_in_initial_4_and_wins_in_word_25(library):
    board = library.board("colourless")
    game4 = library.game("initial-4")
    ended = Layout("colourless", hands=_taken("1R 2R 3R 4R 5R", ""))
    verdict = Rules(game4, board).outcome(ended, Side.SOUTH)
    assert verdict.over and verdict.winner == "south" and "cards taken: south 5" in verdict.reason
    game25 = library.game("word-25")
    four = Layout.from_rows("board-a", {3: ". A/Rv B/Rv C/Rv D/Rv . . ."},
                            hands=Hands(south=Hand(stock=parse_items("E/R"))))
    assert not Rules(game25, library.board("board-a")).outcome(four, Side.SOUTH).over
    five = four.with_piece("f3", Piece.from_notation("E/Rv"))
    won = Rules(game25, library.board("board-a")).outcome(five, Side.SOUTH)
    assert won.over and won.winner == "north"


def test_most_combinations_counts_on_the_opponents_half_only(library):
    game, board = library.game("initial-10"), library.board("colourless")
    layout = Layout.from_rows("colourless", {6: "1R^ 2R^ 3R^ . . . . .",
                                             3: "5Gv 6Gv 7Gv . . . . .",
                                             2: "1B^ 1Y^ 1G^ . . . . ."})
    # South's line on rank 6 counts twice (colour and sequence); south's line on its own
    # half does not count; north's green line on south's half counts twice too.
    assert goal_rule(game, board).scores(layout) == {Side.SOUTH: 6, Side.NORTH: 6}
    verdict = judge(goal_rule(game, board), layout, to_move="south", moves=[], opponent_moves=[])
    assert verdict.over and verdict.winner is None


def test_reorient_all_is_solved_when_every_arrow_points_one_way(library):
    game, board = library.game("word-puzzle-5"), library.board("board-a")
    mixed = Layout.from_rows("board-a", {1: "A/R^ . B/Rv . . . . ."})
    assert not judge(goal_rule(game, board), mixed, to_move="south", moves=[Move(MoveKind.MOVE, "a1", "b2")]).over
    solved = Layout.from_rows("board-a", {1: "A/R^ . B/R^ . . . . ."})
    verdict = judge(goal_rule(game, board), solved, to_move="south", moves=[Move(MoveKind.MOVE, "a1", "b2")])
    assert verdict.over and verdict.winner is None and "solved" in verdict.reason


def test_quiet_plies_end_a_game_of_one_move_goals_in_a_draw(library):
    game, board = library.game("basic-1"), library.board("board-a")
    start = library.layout("game1-demo")
    verdict = judge(goal_rule(game, board), start, to_move="south", moves=[Move(MoveKind.MOVE, "a2", "a3")],
                    quiet=QUIET_PLIES)
    assert verdict.over and verdict.winner is None
    assert not judge(goal_rule(game, board), start, to_move="south", moves=[Move(MoveKind.MOVE, "a2", "a3")],
                     quiet=QUIET_PLIES - 1).over
    # The bound goal settles a covered test card from the position alone; a counting goal
    # is judged with the side to move and its moves.
    rules = Rules(game, board)
    assert rules.goal.settled_winner(start.without("e8"), last_move=None, mover=None) == "south"
    game65 = Rules(library.game("basic-65"), board)
    open_board = Layout.from_rows("board-a", {1: "3R 5G . . . . . ."},
                                  hands=_taken("1R 2R 3R", "7B"))
    assert game65.goal.settled_winner(open_board, last_move=None, mover=None) is None
    assert game65.outcome(open_board, "north").winner == "south"


def test_word_12_variant_a_side_that_cannot_make_a_word_loses(library):
    board = library.board("board-a")
    layout = Layout.from_rows("board-a", {1: "Q/R . . . . . . ."})
    plain = judge(goal_rule(library.game("word-12"), board), layout, to_move="north", moves=[],
                  opponent_moves=[])
    assert plain.over and plain.winner is None  # no word left: counted, 0 to 0
    stuck = judge(goal_rule(library.game("word-12-stuck"), board), layout, to_move="north",
                  moves=[], opponent_moves=[])
    assert stuck.over and stuck.winner == "south" and stuck.reason == "north cannot move"


def test_basic_1_variant_only_the_true_test_card_wins(library):
    game = library.game("basic-1-two-tests")
    start = library.layout("basic-1-two-tests-start")
    goal = Rules(game, library.board(start.board)).goal
    assert goal.settled_winner(start, last_move=None, mover=None) is None
    # North's false test card 1Y (g7) covered: nothing is decided.
    assert goal.settled_winner(start.without("g7"), last_move=None, mover=None) is None
    # North's true one 1B (e8) covered: south wins.
    assert goal.settled_winner(start.without("e8"), last_move=None, mover=None) == "south"
    # In plain basic 1 a second face-down card would be refused as a test card.
    found = problems(Rules(library.game("basic-1"), library.board("board-a")), start,
                     sources=sources_for(library, start, library.game("basic-1")))
    assert {v.code for v in found} == {"not-a-test-card"}


def test_the_outcome_names_how_the_game_ended_for_tools(library):
    """Each way a game ends has its Termination, so a tool reads it instead of the reason's
    words (issue 41): the goal reached (seed000 game 1, the test card covered), the side to
    move stuck (word 12's variant: a side that cannot move loses), no side able to move,
    the game's own end (seed000 game 65: every card open) and the quiet plies (our
    default)."""
    board = library.board("board-a")
    demo = library.layout("game1-demo")
    basic1 = Rules(library.game("basic-1"), board)
    covered = basic1.outcome(demo.without("e8"), Side.NORTH)
    assert (covered.termination, covered.winner) == (Termination.GOAL, Side.SOUTH)
    assert basic1.outcome(demo, Side.SOUTH).termination is None
    quiet = judge(basic1.goal, demo, to_move="south", moves=[Move(MoveKind.MOVE, "a2", "a3")],
                  quiet=QUIET_PLIES)
    assert (quiet.termination, quiet.winner) == (Termination.QUIET, None)
    lone = Layout.from_rows("board-a", {1: "Q/R . . . . . . ."})
    stuck = Rules(library.game("word-12-stuck"), board).goal
    assert judge(stuck, lone, to_move="north", moves=[], opponent_moves=[]).termination \
        is Termination.STUCK
    plain = Rules(library.game("word-12"), board).goal
    assert judge(plain, lone, to_move="north", moves=[], opponent_moves=[]).termination \
        is Termination.NO_MOVES
    open_board = Layout.from_rows("board-a", {1: "3R 5G . . . . . ."},
                                  hands=_taken("1R 2R 3R 4G", "7B 7Y 7G"))
    ended = Rules(library.game("basic-65"), board).outcome(open_board, Side.NORTH)
    assert (ended.termination, ended.winner) == (Termination.END, Side.SOUTH)
    assert dict(ended.counts) == {Side.SOUTH: 4, Side.NORTH: 3}


def test_basic_1_variant_a_card_landing_on_a_false_test_card_beats_it_and_play_goes_on(library):
    """Seed000, card game 1, variant: "1G and 1Y can be false test playing cards ... should
    beat only one of them to win". Our reading (sources row basic-1-two-tests
    setup.false_tests:true-one), as the booklet prints it: a card that lands on a false test
    card beats it like any card, the false card leaves the board and the game goes on."""
    start = library.layout("basic-1-two-tests-start")
    position = Position(Rules(library.game("basic-1-two-tests"), library.board(start.board)),
                        start)
    for move in ("h2-h3", "g7-g6", "h3-h4", "g6-g5"):   # north's false 1Y comes down to g5
        position.push_text(move)
    ply = position.push_text("h4xg5")
    assert [card.notation() for card in ply.took] == ["1Y"]
    assert not position.is_over()


def test_basic_4_a_test_card_may_land_on_the_other_test_card_and_wins(library):
    """Seed000, card game 4: "it is necessary to allow to test playing cards to beat any
    playing cards of the opponent". Our reading (sources row basic-4
    beating.test_cards_beat:onto-test, after game 1's variant where a test card "can be
    imposed on a test playing card of other player"): the opponent's test card is one of
    them, and landing on it wins."""
    layout = Layout.from_rows("board-a", {2: ". . . . (10B)v . . .", 1: ". . . . (1R)^ . . ."})
    position = Position(Rules(library.game("basic-4"), library.board("board-a")), layout)
    position.push_text("e1xe2")
    assert position.outcome().winner == "south"


def test_pressing_game_ends_when_no_press_is_left(library):
    """Seed000, card game 48: "Game is finished, when playing cards or a pile of playing
    cards of that and other player available on the game board can not be imposed against
    each other". Our reading (sources rows basic-48 goal:end and goal:quiet), printed in the
    booklet: the end is certain once one player tops no pile, and cards that can never press
    each other (south's lone 3Y against north's 20B on squares of no use to them) stop after
    100 plies without a press, the count deciding as at the game's own end."""
    game, board = library.game("basic-48"), library.board("board-a")
    goal = goal_rule(game, board)
    # South's 3Y has just pressed north's last free card: north tops no pile, the game ends.
    pressed_out = Layout.from_rows("board-a", {4: ". . . 20Bv+3Y^ . . . ."})
    press = Move(MoveKind.PRESS, "d1", "d4")
    over = judge(goal, pressed_out, to_move="north", moves=[], last_move=press)
    assert (over.termination, over.winner) == (Termination.END, Side.SOUTH)
    # Two lone cards that cannot press each other, beside a pile north tops: the game goes
    # on while moves are left, and ends after the quiet plies, north ahead by one card.
    stalled = Layout.from_rows("board-a", {8: "4B^+40Rv . . . . . . .",
                                           5: ". . . . 20Bv . . .", 1: ". . 3Y^ . . . . ."})
    step = [Move(MoveKind.MOVE, "c1", "e3")]
    assert not judge(goal, stalled, to_move="south", moves=step, quiet=QUIET_PLIES - 1).over
    stopped = judge(goal, stalled, to_move="south", moves=step, quiet=QUIET_PLIES)
    assert (stopped.termination, stopped.winner) == (Termination.QUIET, Side.NORTH)
