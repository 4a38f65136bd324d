"""`opencards rules play` and `rules lay`: a move sequence for each laying game from its
shipped start, what each move takes, the outcome, and refused moves."""
from __future__ import annotations

import json

import pytest

from generator.cli import cli


def _play(runner, layout: str, moves: str, *extra: str):
    return runner.invoke(cli, ["rules", "play", layout, "--moves", moves, *extra])


def test_initial_4_sequence_covers_and_prints_the_position(runner):
    result = _play(runner, "initial-4-start", "3B@a1 6R@b1 2G@c1 6B@a1")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:4] == ["1. south 3B@a1", "2. north 6R@b1", "3. south 2G@c1",
                         "4. north 6B@a1"]
    assert "1  3B^+6Bv     6Rv     2G^" in result.output
    assert lines[-2] == "not decided: south to move"
    # What south may play next: the top card of its stock on any free square.
    assert lines[-1].startswith("south may play (61): 5Y@a2 5Y@a3 ")
    assert lines[-1].endswith(" and 41 more")
    assert "south stock 5Y 6B" in result.output and "north stock 1G 7R" in result.output


def test_initial_8_sequence_keeps_to_the_first_row(runner):
    result = _play(runner, "initial-8-start", "2G@a4 3Y@b4 6Y@c4 2B@a5")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == ("Error: move 4 (2B@a5) is illegal: 2B may not lie on a5: only "
                             "on the row of the first card, on cards only once it is full; "
                             "it fits d4 e4 f4 g4 h4\n")


def test_initial_10_sequence_laid_cards_never_move_again(runner):
    ok = _play(runner, "initial-10-start", "a1+a5 b5+b1")
    assert ok.exit_code == 0 and "5  4Bv+4Y^" in ok.output and "1  4Y^" not in ok.output
    refused = _play(runner, "initial-10-start", "a1+a5 b5+b1 a5-a6")
    assert refused.exit_code == 1
    assert "move 3 (a5-a6) is illegal: 4Y^ on a5 has no legal move" in refused.stderr


def test_initial_11_sequence_opens_in_place_or_off_the_board(runner):
    result = _play(runner, "initial-11-start", "a2= a1=off", "--json")
    data = json.loads(result.output)
    assert [m["move"] for m in data["moves"]] == ["a2=", "a1=off"]
    assert data["moves"][1]["took"] == ["5G"]
    assert data["rows"]["2"].startswith("2R ") and data["rows"]["1"].startswith(". ")
    assert data["outcome"] == {"over": False, "winner": None, "reason": "south to move",
                               "scores": {"north": 0, "south": 0},
                               "text": "not decided: south to move"}
    text = _play(runner, "initial-11-start", "a2= a1=off")
    assert text.output.splitlines()[:2] == ["1. south a2=", "2. north a1=off removes 5G"]


def test_basic_52_sequence_lays_on_identical_squares_and_opens_a_neighbour(runner):
    # South lays 50R on d5; the face-down 4B beside it on e5 must then be opened and go to
    # the free four-blue square e4 before north lays.
    forced = _play(runner, "basic-52-start", "50R@d5 60R@e6")
    assert forced.exit_code == 1 and "move 2 (60R@e6) is illegal: south must first open a " \
        "face-down card next to d5: c5=hand d4=b5 d6=g8 e5=e4" in forced.stderr
    result = _play(runner, "basic-52-start", "50R@d5 e5=e4 60R@e6 f6=b7 50Y@c5")
    assert result.exit_code == 1
    assert "move 5 (50Y@c5) is illegal: 50Y may not lie on c5: only on a free square of its " \
           "colour and value; it fits f5" in result.stderr
    ok = _play(runner, "basic-52-start", "50R@d5 c5=hand 60R@e6 f6=b7 50Y@f5")
    assert ok.exit_code == 0
    assert ok.output.splitlines()[:5] == ["1. south 50R@d5", "2. south c5=hand",
                                          "3. north 60R@e6", "4. north f6=b7",
                                          "5. south 50Y@f5"]
    assert "south held 5R" in ok.output


def test_initial_3_sequence_grows_from_the_king_square(runner):
    result = _play(runner, "initial-3-start", "5B@e1 6R@e8 3G@d1 3R@d8 7B@c1 2B@e7")
    assert result.exit_code == 0
    assert "1      .     .   7B^   3G^ (5B)^" in result.output


def test_a_decided_game_prints_the_winner(runner, tmp_path):
    path = tmp_path / "near.toml"
    path.write_text('kind = "layout"\ntitle = "t"\nboard = "board-a"\ngame = "word-25"\n'
                    '[players]\nsouth = "latin1"\nnorth = "latin2"\n'
                    '[rows]\n1 = "Q/R^ X/R^ . Z/R^ J/R^ . . ."\n'
                    '[hands.south]\nstock = "K/R"\n[hands.north]\nstock = "B/G"\n',
                    encoding="utf-8")
    result = _play(runner, str(path), "K/R@c1")
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "south wins: 5 of its pieces in a line"


@pytest.mark.parametrize(("args", "message"), [
    (["rules", "play", "initial-3-start", "--moves", "5B@e1 zz"],
     "Error: move 2 (zz) is illegal: not a move; expected one like e2-e3"),
    (["rules", "play", "game1-demo", "--moves", "pass"],
     "Error: move 1 (pass) is illegal: south may not pass"),
    (["rules", "lay", "initial-3-start", "9Q"], "Invalid value for 'CARD'"),
])
def test_mistakes_are_one_line(runner, args, message):
    result = runner.invoke(cli, args)
    assert result.exit_code in (1, 2) and message in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_rules_lay_lists_the_squares(runner):
    # Initial 3 starts from an empty board: a first card goes to the king square only.
    assert runner.invoke(cli, ["rules", "lay", "initial-3-start", "5R"]).output == "e1\n"
    north = runner.invoke(cli, ["rules", "lay", "initial-3-start", "5R", "--side", "north"])
    assert north.output == "e8\n"
    # 2R's dark square h2 holds a face-down card of the board's pack.
    assert runner.invoke(cli, ["rules", "lay", "basic-52-start", "2R"]).output == "a2\n"
    nowhere = runner.invoke(cli, ["rules", "lay", "game1-demo", "2R"])
    assert nowhere.output.endswith("south may not lay 2R anywhere\n")


def test_play_without_side_starts_with_the_first_cards_owner(runner):
    """Issue 44: in game1-demo north moves first; ``figure --moves g7-g6`` worked that out
    from the card's arrow while ``rules play`` said "not south's card". Both now ask the
    same LayoutFile.first_mover; an explicit --side still wins."""
    result = _play(runner, "game1-demo", "g7-g6")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "1. north g7-g6"
    forced = _play(runner, "game1-demo", "g7-g6", "--side", "south")
    assert forced.exit_code == 1
    assert forced.stderr == "Error: move 1 (g7-g6) is illegal: 1Yv on g7 is not south's card\n"


@pytest.mark.parametrize(("layout", "moves", "played", "code", "reason"), [
    # Seed002, jeu 8: cards are laid « seulement sur une ligne horizontale du échiquier »;
    # the horizontal is the first card's (our reading, templates/sources/initial-8.toml).
    ("initial-8-start", "2G@a4 3Y@b4 6Y@c4 2B@a5", ["2G@a4", "3Y@b4", "6Y@c4"], "illegal",
     "2B may not lie on a5: only on the row of the first card"),
    # Seed000, basic 52: "After each laid out played card necessarily shift any one closed
    # card appeared on squares next on a vertical or a horizontal": the opening is owed.
    ("basic-52-start", "50R@d5 60R@e6", ["50R@d5"], "owed",
     "south must first open a face-down card next to d5"),
])
def test_a_refused_move_under_json_is_json_with_its_reason_code(runner, layout, moves, played,
                                                                 code, reason):
    """Issue 41: a tool reading ``rules play --json`` gets JSON for a refusal too: the moves
    played before it, where they left the game, and the refused move with its number, its
    text, the engine's reason and the reason code (errors.ReasonCode) to match on; the
    exit status is 1, and nothing else is printed."""
    result = _play(runner, layout, moves, "--json")
    assert result.exit_code == 1 and result.stderr == ""
    data = json.loads(result.stdout)
    refused = data["refused"]
    assert refused["number"] == len(played) + 1 and refused["move"] == moves.split()[-1]
    assert refused["code"] == code and refused["reason"].startswith(reason)
    assert [m["move"] for m in data["moves"]] == played
    assert data["outcome"]["over"] is False
    # The position text of where the game stopped plays on: the refused move is refused
    # again there, with the same code.
    again = _play(runner, data["position"], moves.split()[-1], "--json")
    assert json.loads(again.stdout)["refused"]["code"] == code


def test_a_json_refusal_and_the_editor_s_answer_say_the_same(runner, library):
    """The editor answers the refused move of the CLI's refusal with the same fields
    (number, move, reason, code): one serialisation of a refusal (issue 41)."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from generator.web.app import create_app
    cli_refusal = json.loads(_play(runner, "game1-demo", "e2-e3 pass", "--json").stdout)
    with TestClient(create_app(library), base_url="http://127.0.0.1:8765") as client:
        board = client.post("/api/boards", json={"layout": "game1-demo"}).json()["id"]
        client.post(f"/api/boards/{board}/moves", json={"move": "e2-e3"})
        answer = client.post(f"/api/boards/{board}/moves", json={"move": "pass"})
    assert answer.status_code == 422
    editor = answer.json()
    assert {k: editor[k] for k in ("number", "move", "reason", "code")} \
        == cli_refusal["refused"]
    assert editor["code"] == "may-not-pass"
