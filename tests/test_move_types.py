"""Typed moves (issue 41): a lay carries its card, an exit or a keep goes to a place that is
no square, and the switches of combinations are enums; what a player reads and writes (the
notation, ``rules play --json``, the position text, the game files) is unchanged."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.cli import cli
from generator.model.position_text import PositionText
from generator.rules import Move, MoveKind, Position
from generator.rules.bound import Rules
from generator.rules.move import Beyond

ROOT = Path(__file__).resolve().parent.parent


def _play(runner, layout: str, moves: str, *extra: str):
    return runner.invoke(cli, ["rules", "play", layout, "--moves", moves, *extra])


def test_a_lay_reads_writes_and_plays_on_as_before(runner, library):
    """Seed002, jeu 8: the cards are laid « seulement sur une ligne horizontale ». A lay
    is written ``2G@a4`` in ``rules play --json``, its position text records it as
    ``lay.3Y.b4``, and a position read back from that text has the very lay as its last
    move; the lay itself names its card and leaves no square."""
    result = _play(runner, "initial-8-start", "2G@a4 3Y@b4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [m["move"] for m in data["moves"]] == ["2G@a4", "3Y@b4"]
    assert data["legal_moves"] == ["6Y@c4", "6Y@d4", "6Y@e4", "6Y@f4", "6Y@g4", "6Y@h4"]
    assert data["position"].endswith("_lay.3Y.b4_0_3")
    game = library.game("initial-8")
    record = PositionText.parse(data["position"])
    position = Position.from_record(Rules(game, library.board(record.layout.board)), record)
    last, _ = position.last_move()
    assert last == Move.lay("3Y", "b4") and str(last) == "3Y@b4"
    assert (last.kind, last.origin, last.card, last.target) == (MoveKind.LAY, None, "3Y", "b4")
    lay = position.parse_move("6Y@c4")
    assert lay == Move.lay("6Y", "c4") and lay in position.legal_moves()
    assert position.text() == data["position"]
    # Played on from the text, the game goes on as if it had never stopped.
    on = _play(runner, data["position"], "6Y@c4", "--json")
    assert json.loads(on.stdout)["moves"][0]["move"] == "6Y@c4"


def test_exits_and_keeps_go_beyond_the_board_and_are_written_as_before():
    """Seed001, word game 1: a letter wins when it "crosses opposite edge of the game
    board" (``e8-off``); basic 52: a stock card that fits nowhere is kept in the hand
    (``3R@hand``). Neither target is a square."""
    exit_move = Move(MoveKind.EXIT, "e8", Beyond.OFF)
    keep = Move.keep("3R")
    assert (str(exit_move), str(keep)) == ("e8-off", "3R@hand")
    assert keep.target is Beyond.HAND and keep.origin is None and keep.card == "3R"
    assert exit_move.square == "e8"
    with pytest.raises(ValueError, match="3R@hand: a keep leaves no square"):
        keep.square


def test_moves_sort_as_their_notation_parts_whatever_they_carry():
    """Lays (no square left) and board moves sort together by what they move, where to and
    the kind, as the engine lists them, without comparing a missing square."""
    moves = [Move.lay("3R", "d4"), Move(MoveKind.BEAT, "c3", "d4"), Move.lay("2G", "a1"),
             Move(MoveKind.EXIT, "b1", Beyond.OFF), Move.keep("1Y")]
    assert [str(m) for m in sorted(moves)] == ["1Y@hand", "2G@a1", "3R@d4", "b1-off", "c3xd4"]


@pytest.mark.parametrize("text", ["2G@", "@a4", "2G@zz", "2G@a4@b4"])
def test_a_malformed_lay_is_refused_in_one_line(runner, text):
    """A written move that is no move of the notation, or names no square, stops play with
    one line naming the move and why; no traceback."""
    result = _play(runner, "initial-8-start", text)
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
    assert result.stderr.startswith(f"Error: move 1 ({text}) is illegal: ")


@pytest.mark.parametrize(("old", "new", "expected"), [
    ('crossing = "one"', 'crossing = "once"',
     ["combinations.crossing: expected one of 'all', 'one'", "did you mean 'one'?"]),
    ('crossing = "one"', 'crossing = "one"\nkinds = ["color"]',
     ["combinations.kinds[0]: expected one of colour, value, sequence",
      "did you mean 'colour'?"]),
    ('crossing = "one"', 'crossing = "one"\norientations = ["diagonal", "across"]',
     ["combinations.orientations[1]: expected one of vertical, horizontal, diagonal, "
      "antidiagonal"]),
], ids=["crossing", "kind", "orientation"])
def test_a_misspelt_combination_switch_is_refused_in_one_line(runner, tmp_path, old, new,
                                                              expected):
    """Seed000, basic 65: with "crossed combinations" a rule may allow removing the cards
    of "only one combination", hence ``crossing = "one"``; the switches are read once, where the file is read, and a
    misspelt one is named with what was expected."""
    base = (ROOT / "templates" / "games" / "basic-65-crossing.toml").read_text(encoding="utf-8")
    assert old in base
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "basic-65.toml").write_text(
        (ROOT / "templates" / "games" / "basic-65.toml").read_text(encoding="utf-8"),
        encoding="utf-8")
    path = folder / "mine.toml"
    path.write_text(base.replace(old, new, 1), encoding="utf-8")
    result = runner.invoke(cli, ["show", str(path)])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.output
    for piece in expected:
        assert piece in result.stderr, (piece, result.stderr)


@pytest.mark.parametrize(("moves", "code", "reason"), [
    ("5R@a4", "not-held", "south does not hold 5R (its next card is 2G)"),
    ("2G@a4 3Y@b4 6Y@b4", "illegal", "6Y may not lie on b4"),
    ("2G@a4 3Y@hand", "illegal", "3Y fits on"),
])
def test_a_refused_lay_says_whether_the_card_is_held_by_its_code(runner, moves, code, reason):
    """Seed002, jeu 8: each side lays the next card of its own stock, « seulement sur une
    ligne horizontale ». Under ``--json`` a card the side does not have next is refused
    with ``not-held``, a card it has but may not lay there with ``illegal``: the engine
    says which, tools need not read the words."""
    result = _play(runner, "initial-8-start", moves, "--json")
    assert result.exit_code == 1 and result.stderr == ""
    refused = json.loads(result.stdout)["refused"]
    assert refused["code"] == code and refused["reason"].startswith(reason), refused
