"""The position text (docs/position-text.md): a whole position on one line, read and
written the same way by the model, the rule engine and every command that takes a layout.

Round trips against every shipped layout, at its start and after moves; the one-line
errors naming each field; the commands that take and print a text (issue 42).
"""
from __future__ import annotations

import json
import re
import urllib.parse
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli import cli
from generator.io.layouts import load_layout_file
from generator.model.layout import Facing, Layout, Side
from generator.model.position_text import OWED, PositionText, PositionTextError
from generator.rules import Position
from generator.rules.follow_ups import Phase
from generator.rules.bound import Rules

LAYOUTS = sorted(p.stem for p in
                 (Path(__file__).resolve().parent.parent / "templates" / "layouts").glob("*.toml"))
#: What a URL leaves as it is (JavaScript's encodeURIComponent leaves these and ! * ').
URL_SAFE = "-_.~()"


def _as_written(layout):
    """The layout as a text holds it: without its name and title."""
    return replace(layout, name="", title="")


def _state(position: Position) -> tuple[object, ...]:
    """Everything a player would notice of a game in progress."""
    last, mover = position.last_move()
    return (dict(position.layout.stacks), position.layout.hands,
            dict(position.layout.players), position.layout.size, position.turn,
            position.seat, position.pending, position.phase, position.quiet,
            position.number, last, mover if last is not None else None,
            position.legal_moves(), position.may_pass(), position.outcome())


def _again(position: Position) -> Position:
    return Position.from_record(Rules(position.game, position.board, position.words),
                                PositionText.parse(position.text()))


# --- every shipped layout ---------------------------------------------------------------

@pytest.mark.parametrize("name", LAYOUTS)
def test_every_shipped_layout_round_trips(library, name):
    """parse(text(p)) == p, the text is canonical (written again the same), ASCII and its
    own URL encoding."""
    record = PositionText.of_layout(_as_written(library.layout(name)))
    text = record.text()
    assert PositionText.parse(text) == record
    assert PositionText.parse(text).text() == text
    assert text.isascii() and "\n" not in text and " " not in text
    assert urllib.parse.quote(text, safe=URL_SAFE) == text


@pytest.mark.parametrize("name", LAYOUTS)
def test_every_shipped_start_round_trips_through_the_engine(library, name):
    """The engine's start of each layout, written and read back, is the same game: the
    same cards, side or seat to move and legal moves."""
    position = load_layout_file(library, name).position()
    again = _again(position)
    assert again.text() == position.text()
    assert _state(again) == _state(position)


def test_owed_phases_are_the_engines():
    """The owed field names exactly the follow-ups the engine knows."""
    assert set(OWED) == {phase.value for phase in Phase} - {Phase.MOVE.value}


# --- what a piece says ------------------------------------------------------------------

def test_colour_case_is_the_arrow_and_brackets_are_the_back(library):
    """seed000: cards are laid "with arrows directed at the opponent", and players tell
    their own cards from the other's "by means of focusing arrows"; "test playing cards
    are turned on a game board by a back upwards". So south's cards (arrow north) are
    written with a capital colour letter, north's with a small one, and the face-down test
    cards in brackets."""
    record = PositionText.parse(library_text(library, "basic-1-queen-start"))
    stacks = record.layout.stacks
    assert stacks["e1"][0].facing is Facing.NORTH and not stacks["e1"][0].face_up
    assert stacks["e8"][0].facing is Facing.SOUTH and not stacks["e8"][0].face_up
    assert stacks["a2"][0].owner is Side.SOUTH and stacks["a7"][0].owner is Side.NORTH
    text = record.text()
    assert "(1R)" in text and "(1b)" in text


def library_text(library, name: str) -> str:
    return PositionText.of_layout(_as_written(library.layout(name))).text()


def test_piles_arrowless_cards_and_letters_are_written_and_read():
    """A pile bottom card first (game 48 presses), a card without an arrow (basic 52's
    pack, nobody's), a Cyrillic letter card as its code point."""
    text = "word-1_board-a_cyrillic_-------2Y1r.(3B)~.u0416y.AR...."
    record = PositionText.parse(text)
    stacks = record.layout.stacks
    assert [p.notation() for p in stacks["a1"]] == ["2Y^", "1Rv"]
    assert stacks["b1"][0].notation() == "(3B)"
    assert stacks["c1"][0].notation() == "Ж/Yv"
    assert stacks["d1"][0].notation() == "A/R^"
    assert record.layout.players == {Side.SOUTH: "cyrillic"}


def test_left_out_fields_take_the_start_and_are_written_in_full():
    text = "basic-48_board-a_pack1~pack2_-------2Y1r......."
    record = PositionText.parse(text)
    assert (record.turn, record.owed, record.last, record.quiet, record.number) == \
        (Side.SOUTH, None, None, 0, 1)
    assert record.text() == text + "_-_s_-_-_0_1"


def test_an_empty_rank_is_written_as_nothing():
    """Both spellings of an empty rank are read; the text is written one way only."""
    dots = "basic-48_board-a_-_.......-------2Y......."
    short = "basic-48_board-a_-_-------2Y......."
    assert PositionText.parse(dots) == PositionText.parse(short)
    assert PositionText.parse(dots).text() == PositionText.parse(short).text()
    assert PositionText.parse(short).text() == short + "_-_s_-_-_0_1"


def test_hands_and_seats_are_written_by_key():
    text = ("initial-7_colourless_simple1~simple2_-------_ss-3R5G.nt-4Y.pile-1B2B.t2-7R"
            "_2_-_-_4_9")
    record = PositionText.parse(text)
    hands = record.layout.hands
    assert [c.notation() for c in hands.south.stock] == ["3R", "5G"]
    assert [c.notation() for c in hands.north.taken] == ["4Y"]
    assert [c.notation() for c in hands.pile] == ["1B", "2B"]
    assert hands.seats == ((), (hands.seats[1][0],)) and hands.seats[1][0].notation() == "7R"
    assert record.seat == 2 and record.quiet == 4 and record.number == 9
    assert record.text() == text


# --- one-line errors, each naming its field -----------------------------------------------

START = "basic-1_board-a_pack1.G1~pack1.G2_-------"


@pytest.mark.parametrize("text, field, message", [
    ("basic-1_board-a", "fields", "expected 4 to 10 fields separated by _"),
    (START + "_-_s_-_-_0_1_9", "fields", "got 11"),
    ("basic 1_board-a_-_-------", "text", "got ' '"),
    ("basic-1_board-é_-_-------", "text", "got 'é'"),
    ("basic-1_board+a_-_-------", "text", "got '+'"),
    ("basic-1__-_-------", "board", "expected a name of letters, digits and -, got ''"),
    ("-x_board-a_-_-------", "game", "or - for none"),
    ("basic-1_board-a_pack1:G1_-------", "text", "got ':'"),
    ("basic-1_board-a_a~b~c_-------", "players", "south's pack or letter set"),
    ("basic-1_board-a_-_------", "squares", "got 7 ranks"),
    ("basic-1_board-a_-_-------.", "squares, rank 1", "expected 8 squares separated by ."),
    ("basic-1_board-a_-_-------9B.......", "squares, a1", "got '9B'"),
    ("basic-1_board-a_-_-------3R(1B.......", "squares, a1", "got '(1B'"),
    ("basic-1_board-a_-_-------3r~.......", "squares, a1", "a capital colour letter"),
    ("basic-1_board-a_-_-------u0041R.......", "squares, a1", "other than A-Z"),
    (START + "_xx-3R", "hands", "one of sh ss st nh ns nt pile t1 t2 t3 t4"),
    (START + "_sh-3R.sh-4R", "hands", "expected sh once, got sh twice"),
    (START + "_sh-", "hands, sh", "at least one card"),
    (START + "_sh-3r", "hands, sh", "got '3r'"),
    (START + "_-_x", "turn", "expected s, n or a seat 1 to 4, got 'x'"),
    (START + "_-_s_owe", "owed", "expected - or open, take, push, turn"),
    (START + "_-_s_take", "last", "the move that left take owed"),
    (START + "_-_s_-_c2-c3", "last", "kind.origin.target"),
    (START + "_-_s_-_move.c2.z9", "last", "kind.origin.target"),
    (START + "_-_s_-_-_-1", "quiet", "a whole number from 0"),
    (START + "_-_s_-_-_0_0", "number", "a whole number from 1, got '0'"),
    ("basic-1_board-a_-_" + "-" * 5000, "length", "at most 4000 characters"),
])
def test_each_field_is_refused_in_one_line_naming_it(text, field, message):
    with pytest.raises(PositionTextError) as caught:
        PositionText.parse(text)
    assert caught.value.field == field
    line = str(caught.value)
    assert line.startswith(f"position text: {field}: expected ") and message in line
    assert "\n" not in line


@pytest.mark.parametrize("text, field, message", [
    # A seat is for a game of more than two; initial 7 is played by seats.
    (START + "_-_2", "turn", "expected s or n in basic-1, got '2'"),
    ("initial-7_colourless_simple1~simple2_-------_-_s", "turn",
     "expected a seat 1 to 4 (initial-7 is played by 4 in turn), got 's'"),
    # c2-c3 leaves nothing owed in game 1.
    (START + "_-_n_take_move.c2.c3", "owed", "expected - after the last move c2-c3"),
    (START + "_-_n_-_grab.c2.c3", "last", "a kind of move: move, beat"),
])
def test_what_does_not_fit_the_game_is_refused_naming_the_field(library, text, field,
                                                                message):
    record = PositionText.parse(text)
    board, game = library.board(record.layout.board), library.game(record.layout.game)
    with pytest.raises(PositionTextError) as caught:
        Position.from_record(Rules(game, board), record)
    assert caught.value.field == field and message in str(caught.value)


def test_the_commands_refuse_a_bad_text_in_one_line(runner):
    result = runner.invoke(cli, ["validate", START + "_-_x"])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == ("Error: <position text>: turn: expected s, n or a seat 1 to 4, "
                             "got 'x'\n")
    unknown = runner.invoke(cli, ["validate", "basic-1_board-z_-_-------"])
    assert unknown.exit_code == 1 and "board" in unknown.stderr
    assert "Traceback" not in unknown.output + unknown.stderr


# --- the commands ---------------------------------------------------------------------------

def _position_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.startswith("position: ")]
    assert len(lines) == 1, output
    return lines[0].removeprefix("position: ")


def test_rules_play_prints_a_text_that_plays_on(runner):
    """Playing c2-c3 f7-f6 d2-d3 at once, or c2-c3 and then the rest from the printed text,
    reaches the same position, the moves numbered on from the text's number."""
    whole = runner.invoke(cli, ["rules", "play", "game1-demo", "--moves",
                                "c2-c3 f7-f6 d2-d3"])
    first = runner.invoke(cli, ["rules", "play", "game1-demo", "--moves", "c2-c3"])
    text = _position_line(first.output)
    assert text.endswith("_n_-_move.c2.c3_1_2")
    rest = runner.invoke(cli, ["rules", "play", text, "--moves", "f7-f6 d2-d3"])
    assert rest.exit_code == 0, rest.output
    assert rest.output.splitlines()[:2] == ["2. north f7-f6", "3. south d2-d3"]
    assert _position_line(rest.output) == _position_line(whole.output)
    assert rest.output.splitlines()[-2:] == whole.output.splitlines()[-2:]
    as_json = runner.invoke(cli, ["rules", "play", text, "--moves", "f7-f6", "--json"])
    assert json.loads(as_json.output)["position"].endswith("_s_-_move.f7.f6_2_3")


def test_rules_play_refuses_a_side_the_text_does_not_name(runner):
    first = runner.invoke(cli, ["rules", "play", "game1-demo", "--moves", "c2-c3"])
    text = _position_line(first.output)
    result = runner.invoke(cli, ["rules", "play", text, "--side", "south", "--moves",
                                 "d2-d3"])
    assert result.exit_code == 1
    assert "turn: expected south to move as asked, got north to move" in result.stderr


def test_rules_play_from_a_text_with_a_push_owed(runner):
    """Initial 12 (seed002, jeu 12): after a lay the layer may push an opponent's card
    beside it, or not. A text written while the push is owed says so, and north may pass
    from it as from the game itself."""
    first = runner.invoke(cli, ["rules", "play", "initial-12-start", "--moves",
                                "5Y@d7 3Y@e7"])
    text = _position_line(first.output)
    assert "_n_push_lay.3Y.e7_" in text
    whole = runner.invoke(cli, ["rules", "play", "initial-12-start", "--moves",
                                "5Y@d7 3Y@e7 pass"])
    rest = runner.invoke(cli, ["rules", "play", text, "--moves", "pass"])
    assert rest.exit_code == 0, rest.output
    assert _position_line(rest.output) == _position_line(whole.output)


def test_a_take_owed_is_written_and_played_on(library):
    """Basic 65's crossing variant (seed000: of crossing combinations only one leaves, the
    mover's choice): after 1R shifts to c3 making two crossing combinations, the mover
    still owes the take. The text says so, and the game made from it offers only the
    takes, as the game itself does."""
    game = replace(library.game("basic-65-crossing"), players=1)
    board = library.board("board-a")
    layout = Layout.from_rows("board-a", {8: ". . . . . . . 1R", 3: "5R 7R . . . . . .",
                                          2: ". . 1G . . . . .", 1: ". . 1Y . . . . ."})
    position = Position(Rules(game, board), layout)
    position.push_text("h8-c3")
    text = position.text()
    assert "_s_take_shift.h8.c3_" in text
    again = Position.from_record(Rules(game, board), PositionText.parse(text))
    assert [m.notation() for m in again.legal_moves()] == ["a3*c3", "c1*c3"]
    assert _state(again) == _state(position)
    refused = text.replace("_take_", "_-_")
    with pytest.raises(PositionTextError, match="owed: expected take after the last move "
                                                "h8-c3"):
        Position.from_record(Rules(game, board), PositionText.parse(refused))


def test_validate_takes_a_text_of_a_game_under_way_as_a_position_during_play(runner):
    first = runner.invoke(cli, ["rules", "play", "game1-demo", "--moves", "c2-c3"])
    result = runner.invoke(cli, ["validate", _position_line(first.output)])
    assert result.exit_code == 0, result.output
    assert result.output == "<position text>: a valid position for basic-1 (Basic game 1: " \
        "beating with square trumps)\n"


def test_validate_show_and_figure_take_a_shipped_start_as_text(runner, tmp_path):
    """The text `show` prints of a start validates as a start and draws the same figure
    as the layout (the title, which a text does not carry, aside)."""
    shown = runner.invoke(cli, ["show", "basic-4-start"])
    text = shown.output.splitlines()[-1].removeprefix("position text: ")
    assert text.startswith("basic-4_board-a_")
    valid = runner.invoke(cli, ["validate", text])
    assert valid.exit_code == 0 and "a valid start for basic-4" in valid.output
    for argument, out in ((text, "text.svg"), ("basic-4-start", "name.svg")):
        made = runner.invoke(cli, ["figure", argument, "--out", str(tmp_path / out)])
        assert made.exit_code == 0, made.output

    def drawing(name: str) -> str:
        return re.sub(r"<title>.*?</title>", "", (tmp_path / name).read_text())
    assert drawing("text.svg") == drawing("name.svg")


def test_rules_moves_lists_the_moves_of_the_texts_side(runner):
    """The text says north is to move: its moves are listed, as many as rules play
    counts for north after the same move."""
    first = runner.invoke(cli, ["rules", "play", "game1-demo", "--moves", "c2-c3"])
    counted = re.search(r"north may play \((\d+)\)", first.output)
    assert counted
    listed = runner.invoke(cli, ["rules", "moves", _position_line(first.output)])
    assert listed.exit_code == 0, listed.output
    assert "f7-f6" in listed.output.split() and "c3-c4" not in listed.output.split()
    assert len(listed.output.split()) == int(counted.group(1))


def test_a_toml_path_with_an_underscore_is_still_a_path(runner):
    result = runner.invoke(cli, ["validate", "my_layout.toml"])
    assert result.exit_code == 1
    assert "my_layout.toml: no such layout file" in result.stderr


def test_a_mistyped_name_with_an_underscore_is_still_a_name(runner):
    result = runner.invoke(cli, ["validate", "game1_demo"])
    assert result.exit_code == 1
    assert "position text" not in result.stderr and "game1_demo" in result.stderr


def test_python_reads_and_writes_a_text():
    import opencards
    position = opencards.Position.from_layout("game1-demo")
    position.push_text("c2-c3")
    again = opencards.Position.from_text(position.text())
    assert again.text() == position.text() and again.turn is Side.NORTH
    assert again.push_text("f7-f6").number == 2


# --- random games (Hypothesis) ------------------------------------------------------------

_POSITIONS: dict[str, Position] = {}


def _start(library, name: str) -> Position:
    if name not in _POSITIONS:
        _POSITIONS[name] = load_layout_file(library, name).position()
    return _POSITIONS[name]


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(LAYOUTS), choices=st.lists(st.integers(0, 10_000), max_size=24))
def test_random_games_round_trip_at_every_move(library, name, choices):
    """After any legal moves from any shipped layout, the text makes the same game again:
    the same cards and hands, side or seat to move, what is owed, last move, quiet plies,
    move number, legal moves and verdict; and it is written the same."""
    position = _start(library, name)
    made = 0
    try:
        for choice in choices:
            options = [*position.legal_moves(), *([None] if position.may_pass() else [])]
            if not options:
                break
            position.push(options[choice % len(options)])
            made += 1
            again = _again(position)
            assert again.text() == position.text()
            assert _state(again) == _state(position)
    finally:
        for _ in range(made):
            position.pop()
