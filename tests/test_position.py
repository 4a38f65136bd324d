"""One Position that owns a game: the side to move, what it still owes this turn, the moves
made and the result, which once reached is final. Positions are hand-made or the shipped
starts; each case is a rule a player meets at the table (seeds 000-002)."""
from __future__ import annotations

import dataclasses
import json

import pytest

from generator.cli import cli
from generator.errors import IllegalMoveError, ReasonCode
from generator.model.cards import Card
from generator.model.hands import Hand, Hands, parse_items
from generator.model.layout import Layout, Piece, Side
from generator.rules import Phase, Position
from generator.rules.bound import Rules


def _position(library, game: str, rows: dict[int, str], board: str = "board-a", **kw):
    layout = Layout.from_rows(board, rows, hands=kw.pop("hands", None))
    return Position(Rules(library.game(game), library.board(board)), layout, **kw)


# --- a decided game stays decided -------------------------------------------------------

def test_covering_the_test_card_ends_the_game_and_nothing_may_follow(library):
    # South's 5R on e7 covers north's face-down test card on e8 (seed000 game 1: "the game
    # is finished" when a test card is covered). North's 3B could otherwise still move.
    position = _position(library, "basic-1", {8: ". . . . (1G)v . . 3Bv",
                                              7: ". . . . 5R^ . . .",
                                              1: "(1R)^ . . . . . . ."})
    position.push_text("e7xe8")
    verdict = position.outcome()
    assert verdict.over and verdict.winner is Side.SOUTH
    assert position.legal_moves() == [] and not position.may_pass()
    with pytest.raises(IllegalMoveError) as refused:
        position.push_text("h8-h7")
    assert refused.value.code is ReasonCode.GAME_OVER and refused.value.number == 2
    assert "the game is over (south wins" in refused.value.reason
    # Taking the move back reopens the game.
    assert position.pop().notation() == "e7xe8"
    assert not position.outcome().over and position.turn is Side.SOUTH


def test_rules_play_refuses_moves_after_the_result(runner, tmp_path):
    path = tmp_path / "won.toml"
    path.write_text('kind = "layout"\ntitle = "t"\nboard = "board-a"\ngame = "basic-1"\n'
                    '[players]\nsouth = "pack1"\nnorth = "pack2"\n'
                    '[rows]\n8 = ". . . . (1G)v . . 3Bv"\n7 = ". . . . 5R^ . . ."\n'
                    '1 = "(1R)^ . . . . . . ."\n', encoding="utf-8")
    result = runner.invoke(cli, ["rules", "play", str(path), "--moves", "e7xe8 h8-h7"])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("Error: move 2 (h8-h7) is illegal: the game is over "
                                    "(south wins: the opponent's test card is covered)")


def test_a_letter_leaving_over_the_far_edge_wins_word_1_at_once(library):
    position = _position(library, "word-1", {8: "E/R^ . . . . . . .",
                                              2: ". . . . . . . K/Yv",
                                              1: ". . . . . . . A/Yv"})
    position.push_text("a8-off")
    assert position.outcome().over and position.outcome().winner is Side.SOUTH
    with pytest.raises(IllegalMoveError) as refused:
        position.push_text("h2-h3")
    assert refused.value.code is ReasonCode.GAME_OVER


# --- obligations inside a turn ----------------------------------------------------------

def test_basic_52_lay_leaves_south_owing_the_opening(library, runner):
    layout = library.layout("basic-52-start")
    position = Position(Rules(library.game("basic-52"), library.board("board-a")), layout)
    position.push_text("50R@d5")
    assert position.turn is Side.SOUTH and position.phase is Phase.OPEN
    assert {m.kind.value for m in position.legal_moves()} == {"open"}
    data = json.loads(runner.invoke(cli, ["rules", "play", "basic-52-start", "--moves",
                                          "50R@d5", "--json"]).output)
    assert data["to_move"] == "south" and data["phase"] == "open"
    assert data["legal_moves"] == ["c5=hand", "d4=b5", "d6=g8", "e5=e4"]


def test_basic_52_last_card_of_the_pile_is_no_draw_before_the_owed_opening(library):
    layout = library.layout("basic-52-start")
    # Only one card left in the pile: the game ends when the pile is used up, but only
    # after the opening the lay forces.
    layout = dataclasses.replace(layout, hands=dataclasses.replace(
        layout.hands, pile=layout.hands.pile[:1]))
    position = Position(Rules(library.game("basic-52"), library.board("board-a")), layout)
    position.push_text("50R@d5")
    assert not position.outcome().over and position.phase is Phase.OPEN
    position.push_text("e5=e4")
    verdict = position.outcome()
    assert verdict.over and "the pile is used up" in verdict.reason
    assert verdict.counts == {Side.SOUTH: 0, Side.NORTH: 0}


def test_basic_52_a_closed_card_already_home_opens_where_it_lies(library):
    board = library.board("board-a")
    layout = library.layout("basic-52-start")
    # Put the card identical to e5 face down on e5: forced open, it stays on its square.
    cell = board.square("e5")
    home = Card.from_notation(f"{cell.value}{cell.colour.value}")
    layout = layout.without("e5").with_piece("e5", Piece(home, None, face_up=False))
    position = Position(Rules(library.game("basic-52"), board), layout)
    position.push_text("50R@d5")
    assert "e5=" in [m.notation() for m in position.legal_moves()]
    assert "e5=hand" not in [m.notation() for m in position.legal_moves()]
    position.push_text("e5=")
    assert position.layout.top("e5") == Piece(home, None, face_up=True)
    assert position.turn is Side.NORTH and position.phase is Phase.MOVE


def test_initial_12_lay_lets_the_layer_push_or_pass(library):
    # North's 3Y lies on d5; south lays 5Y on d4, beside it, and may push 3Y away (or pass).
    game = library.game("initial-12")
    layout = Layout.from_rows("colourless", {5: ". . . 3Yv . . . ."},
                              hands=Hands(south=Hand(stock=parse_items("5Y 2R")),
                                          north=Hand(stock=parse_items("7Y 6B"))))
    position = Position(Rules(game, library.board("colourless")), layout)
    position.push_text("5Y@d4")
    assert position.turn is Side.SOUTH and position.phase is Phase.PUSH
    assert position.may_pass() and "d5>a1" in [m.notation() for m in position.legal_moves()]
    position.push(None)
    assert position.turn is Side.NORTH and position.phase is Phase.MOVE
    assert [m.notation() for m in position.legal_moves()][0].startswith("7Y@")


def test_crossing_combination_leaves_the_mover_owing_a_take(library):
    game = dataclasses.replace(library.game("basic-65-crossing"), players=1)
    layout = Layout.from_rows("board-a", {8: ". . . . . . . 1R", 3: "5R 7R . . . . . .",
                                          2: ". . 1G . . . . .", 1: ". . 1Y . . . . ."})
    position = Position(Rules(game, library.board("board-a")), layout)
    position.push_text("h8-c3")
    assert position.phase is Phase.TAKE and not position.outcome().over
    with pytest.raises(IllegalMoveError) as refused:
        position.push_text("a3-a4")
    assert refused.value.code is ReasonCode.OWED


# --- patiences are games of one player ---------------------------------------------------

def test_open_basic_65_takes_lying_combinations_off_and_is_not_over_at_move_0(library):
    rows = {8: "6G 7G 8G . . . . .", 1: "1R 2R . . . . . .", 3: ". . 30R . . . . ."}
    position = _position(library, "basic-65-open", rows)
    assert len(position.start) == 3  # the greens on rank 8 left at once
    assert not position.outcome().over
    assert [m.notation() for m in position.legal_moves()] == ["b1-b2", "c3-c1"]
    position.push_text("c3-c1")
    verdict = position.outcome()
    assert verdict.over and verdict.solved and verdict.left == 0
    assert str(verdict) == "solved: every card has left the board"


def test_a_stuck_basic_52_patience_counts_its_cards_and_is_no_draw(library):
    # 2R on h5 wants a2/h2; 5B on h2 wants a5/h5; a2 and a5 hold settled cards.
    position = _position(library, "basic-52-open", {5: "50B . . . . . . 2R",
                                                    2: "20R . . . . . . 5B"})
    verdict = position.outcome()
    assert verdict.over and not verdict.solved and verdict.left == 2
    assert str(verdict) == "stuck: no move is left; 2 card(s) still to deal with"
    assert verdict.winner is None and "draw" not in str(verdict)


def test_basic_52_patience_is_not_solved_while_the_pile_holds_cards(library, runner,
                                                                      tmp_path):
    # Every board card is home, but 3R is still in the pile: one lay is left (3R@b3 or
    # c3's twin), and the solver must play it before calling the patience solved.
    hands = Hands(pile=parse_items("30R"))
    position = _position(library, "basic-52-open", {5: "50B . . . . . . ."}, hands=hands)
    assert not position.outcome().solved and position.outcome().left == 1
    path = tmp_path / "p.toml"
    path.write_text('kind = "layout"\ntitle = "t"\nboard = "board-a"\n'
                    'game = "basic-52-open"\n[players]\nsouth = "pack1"\nnorth = "pack2"\n'
                    '[rows]\n5 = "50B . . . . . . ."\n[hands]\npile = "30R"\n',
                    encoding="utf-8")
    # A node budget decides (one position is enough); the time limit is only a ceiling.
    data = json.loads(runner.invoke(cli, ["rules", "solve", str(path), "--nodes", "1000",
                                          "--limit", "10m", "--json"]).output)
    assert data["solved"] and len(data["moves"]) == 1 and data["moves"][0].startswith("30R@")


def test_word_puzzle_5_solved_says_solved(library, runner):
    layout = library.layout("word-puzzle-5-start")
    game = library.game("word-puzzle-5")
    one_way = Layout(layout.board, {s: tuple(dataclasses.replace(p, facing=layout.top(
        next(iter(layout))).facing) for p in st) for s, st in layout.items()},
        players=layout.players, game=layout.game)
    position = Position(Rules(game, library.board(layout.board)), one_way)
    assert position.outcome().solved and str(position.outcome()).startswith("solved")


# --- basic 48 --------------------------------------------------------------------------

def test_basic_48_ends_when_a_side_has_nothing_left_to_press_with(library):
    # Every south card lies pressed under north's 1R; north's 2G could still slide.
    position = _position(library, "basic-48", {5: "3R^+1Rv . . . . . . .",
                                               1: ". . . . . . . 2Gv"}, turn=Side.NORTH)
    verdict = position.outcome()
    assert verdict.over and verdict.winner is Side.NORTH
    assert verdict.reason.startswith("south has no card left to press with")


def test_compulsory_pressing_is_named_when_refused(library):
    # Giveaway 48: north's 1R on a5 can press south's 1B on a4 (same value) and must.
    position = _position(library, "basic-48-giveaway", {5: "1Rv . . . . . . .",
                                                        4: "1B^ . . . . . . .",
                                                        1: ". . . . . . . 2G^"},
                         turn=Side.NORTH)
    with pytest.raises(IllegalMoveError) as refused:
        position.push_text("a5-c7")
    assert refused.value.code is ReasonCode.COMPULSORY
    assert refused.value.reason == "pressing is compulsory in this game: a5+a4 is available"


# --- one engine for every command ----------------------------------------------------

def test_rules_moves_lists_what_rules_play_accepts_in_every_shipped_start(library, runner):
    for name in library.names("layout"):
        layout = library.layout(name)
        if not layout.game:
            continue
        listed = runner.invoke(cli, ["rules", "moves", name]).output.split()
        if listed and ":" not in listed[0]:
            played = runner.invoke(cli, ["rules", "play", name, "--moves", listed[0]])
            assert played.exit_code == 0, (name, played.output)


def test_rules_play_names_what_can_be_played_next(runner):
    result = runner.invoke(cli, ["rules", "play", "game1-demo", "--moves", "b2-b3"])
    assert result.exit_code == 0
    assert result.output.splitlines()[-1].startswith("north may play (")


def test_push_and_pop_restore_every_part_of_the_state(library):
    layout = library.layout("basic-52-start")
    position = Position(Rules(library.game("basic-52"), library.board("board-a")), layout)
    before = (position.layout, position.turn, position.phase, position.outcome())
    position.push_text("50R@d5")
    position.push_text("e5=e4")
    assert position.turn is Side.NORTH
    position.pop()
    position.pop()
    assert (position.layout, position.turn, position.phase, position.outcome()) == before
    assert position.move_stack == []
    with pytest.raises(IndexError):
        position.pop()


def test_a_search_that_pushes_and_pops_lists_a_positions_moves_once(library, monkeypatch):
    # A solver pushes each move of a position in turn, popping between them: taking a move
    # back restores what was worked out for the position, instead of listing it again.
    import generator.rules.bound as bound_module
    calls = []
    real = bound_module.fresh_moves

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(bound_module, "fresh_moves", counted)
    position = Position(Rules(library.game("basic-1"), library.board("board-a")),
                        library.layout("game1-demo"))
    moves = position.legal_moves()
    listed = len(calls)
    for move in moves:
        position.push(move)
        position.pop()
    assert position.legal_moves() == moves
    assert len(calls) == listed   # before: listed again after every pop, 22 more here


def test_hand_made_hands_keep_their_cards(library):
    # A patience hand is part of the state a search keys on.
    hands = Hands(south=Hand(held=parse_items("30R")))
    one = _position(library, "basic-52-open", {5: "50B . . . . . . ."}, hands=hands)
    other = _position(library, "basic-52-open", {5: "50B . . . . . . ."})
    assert one.key() != other.key()


def test_rules_solve_answers_every_shipped_layout_in_one_line_or_a_line(library, runner):
    for name in library.names("layout"):
        # the time limit under test: it stops each search, which then answers honestly
        result = runner.invoke(cli, ["rules", "solve", name, "--limit", "200ms"])
        game = library.game(library.layout(name).game)
        if game.players == 1:
            assert result.exit_code == 0, (name, result.output)
            assert "solved" in result.output or "card(s) left" in result.output
        else:
            assert result.exit_code == 1 and result.stderr.count("\n") == 1, name
            assert "not a patience" in result.stderr


def test_word_puzzle_5_word_made_lets_the_player_turn_its_letters_or_pass(library):
    # C A on c1 d1 and T sliding to e1 spells CAT: its letters may be turned, or not.
    game = library.game("word-puzzle-5")
    layout = Layout.from_rows("board-a", {1: ". . C/R^ A/Rv . . . .",
                                          3: ". . . . T/Rv . . ."})
    position = Position(Rules(game, library.board("board-a"), {"CAT"}), layout)
    position.push_text("e3-e1")
    assert position.phase is Phase.TURN and position.may_pass()
    assert "c1~" in [str(m) for m in position.legal_moves()]
    position.push(None)
    assert position.phase is Phase.MOVE and not position.outcome().over


def test_a_solved_line_replays_through_rules_play(runner):
    # Won within 65 positions: a node budget decides, the time limit is only a ceiling.
    solved = json.loads(runner.invoke(cli, ["rules", "solve", "basic-52-open-start",
                                            "--nodes", "1000", "--limit", "10m",
                                            "--json"]).output)
    assert solved["solved"] and solved["complete"]
    played = runner.invoke(cli, ["rules", "play", "basic-52-open-start", "--moves",
                                 " ".join(solved["moves"]), "--json"])
    assert played.exit_code == 0, played.output
    outcome = json.loads(played.output)["outcome"]
    assert outcome["over"] and outcome["solved"] and outcome["left"] == 0


def test_rules_play_names_a_patiences_legal_moves(runner):
    result = runner.invoke(cli, ["rules", "play", "basic-65-open-start", "--moves", ""])
    assert result.exit_code == 0
    assert result.output.splitlines()[-1].startswith("legal moves (181): a4-b1 a4-c4 ")


def test_the_bound_rules_judge_a_patience_as_position_does(library):
    position = _position(library, "basic-52-open", {5: "50B . . . . . . 2R",
                                                    2: "20R . . . . . . 5B"})
    assert position.rules.outcome(position.layout, Side.SOUTH) == position.outcome()


# --- a square is parsed once, where it comes in -------------------------------------------

def test_a_square_written_in_capitals_is_the_square_the_engine_plays_on(library):
    # A program building a layout by hand writes "E7": the engine's tables speak "e7", so
    # the layout keeps the one spelling and the covering move is found and wins.
    south = Piece.from_notation("5R^")
    layout = Layout("board-a", {"E7": (south,), " e8 ": (Piece.from_notation("(1G)v"),),
                                "A1": (Piece.from_notation("(1R)^"),)})
    assert list(layout.stacks) == ["a1", "e7", "e8"]
    position = Position(Rules(library.game("basic-1"), library.board("board-a")), layout)
    position.push_text("e7xe8")
    assert position.outcome().winner is Side.SOUTH


@pytest.mark.parametrize("stacks, size, message", [
    ({"i1": ("3R^",)}, (8, 8), "not a square: 'i1' (expected a1 to h8)"),
    ({"e5": ("3R^",)}, (16, 4), "not a square: 'e5' (expected a1 to p4)"),
    ({"e4": ("3R^",), "E4": ("4R^",)}, (8, 8), "square e4 is written twice"),
])
def test_a_layout_refuses_a_square_its_board_does_not_have(stacks, size, message):
    pieces = {square: tuple(Piece.from_notation(p) for p in stack)
              for square, stack in stacks.items()}
    with pytest.raises(ValueError) as refused:
        Layout("board-a", pieces, size=size)
    assert str(refused.value) == message


def test_the_crosswise_board_keeps_its_sixteen_files(library):
    layout = Layout("colourless", {"p4": (Piece.from_notation("3R^"),)}, size=(16, 4))
    assert list(layout.stacks) == ["p4"]
