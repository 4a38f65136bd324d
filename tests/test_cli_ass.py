"""`opencards ass ...` from the outside: answers, JSON, and one-line errors."""
from __future__ import annotations

import json

import pytest

from generator.cli import cli


def _run(runner, *args):
    return runner.invoke(cli, ["ass", *args])


def test_trick_text_names_the_winner_and_each_step(runner):
    result = _run(runner, "trick", "6S JS 10S QH", "--trump", "H")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == 5
    assert lines[-1].startswith("winner: P4 with QH (option 3")
    assert "QH is a trump above 6S" in lines[3]


def test_trick_json(runner):
    result = _run(runner, "trick", "AS 8H QH 9H", "--option", "2", "--json")
    data = json.loads(result.output)
    assert (data["winner"], data["card"], data["main_suit"], data["option"]) == (3, "QH", "H", 2)
    assert [s["holder"] for s in data["steps"]] == [1, 2, 3, 3]
    assert [s["way"] for s in data["steps"]] == ["led", "eight", "main suit", None]


def test_trick_with_option_1_and_cyrillic_indices(runner):
    result = _run(runner, "trick", "9S JH ТS", "--option", "1", "--trumps", "C H D", "--json")
    data = json.loads(result.output)
    assert data["winner"] == 3 and data["card"] == "AS" and data["trumps"] == ["C", "H", "D"]


@pytest.mark.parametrize("args, message", [
    (["trick", "5S 6S"], "5S is not in the 36-card pack of Ass"),
    (["trick", "6S 9H 6S"], "6S is played twice"),
    (["trick", "6S XS"], "not a card: 'XS'"),
    (["trick", "6S"], "2 to 6; got 1"),
    (["trick", "6S 7S 8S 9S 10S JS QS"], "2 to 6; got 7"),
    (["trick", "9S JH AS", "--option", "1", "--trumps", "C H"], "one trump suit per player"),
    (["trick", "9S JH", "--option", "4", "--trumps", "H"], "takes 2 trump suits, got 1"),
    (["trick", "9S JH", "--trump", "X"], "not a suit: 'X'"),
    (["trick", "9S JH", "--trump", "H", "--option", "4"], "--trump SUIT is option 3"),
    (["score", "8S 8S", "-"], "8S is taken twice (by player 1)"),
    (["score", "8S", "-", "--go", "3"], "player 3 is not one of 1 to 2"),
    (["score", "8S", "-", "--banks", "3,x"], "expected whole numbers"),
    (["score", "8S"], "2 to 6 players, got 1"),
    (["legal", "AS", "--hand", "7S 7S"], "7S is twice in the hand"),
    (["legal", "AS", "--hand", "AS 7S"], "AS is both in the hand and played"),
])
def test_bad_input_is_one_line_exit_1(runner, args, message):
    result = _run(runner, *args)
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0]


def test_score_text_and_json(runner):
    args = ["score", "8S AS 10S KS 8H AH 10H", "-", "6S", "QS JS", "--go", "1", "--go", "3"]
    text = _run(runner, *args)
    assert text.exit_code == 0
    assert text.output.splitlines()[0].split() == [
        "P1", "81", "points", "target", "68", "(go)", "reached", "drops", "a", "bank",
        "banks", "2"]
    data = json.loads(_run(runner, *args, "--json").output)
    assert [p["change"] for p in data["players"]] == [-1, 0, 1, 0]
    assert data["game_over"] is False
    won = _run(runner, "score", "8S 8H 8D AS AH", "-", "--go", "1", "--banks", "1,3")
    assert won.output.splitlines()[-1] == "game over: P1 wins"


def test_legal_lists_each_card_with_its_reason(runner):
    result = _run(runner, "legal", "AS 8H", "--hand", "QH 7S 9D")
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "legal: QH"
    assert "7S does not beat and the hand holds QH of the main suit H" in result.output


def test_seeds_are_0_or_more_as_in_every_command(runner):
    # Python's random.Random(-1) is Random(1): a negative seed would replay another deal.
    result = runner.invoke(cli, ["ass", "deal", "--seed", "-1"])
    assert result.exit_code == 1 and "-1 is not in the range x>=0" in result.stderr


def test_option_3_asks_for_its_suit_with_the_flag_that_takes_it(runner):
    result = runner.invoke(cli, ["ass", "trick", "6S JS 10S QH", "--option", "3"])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "name it with --trump SUIT, e.g. --trump H" in result.stderr
    assert "--trumps" not in result.stderr


def test_deal_prints_the_draws_so_a_reader_can_replay_it_with_a_pack(runner):
    """Seed 003: after each trick every player takes a card from the stock to keep four;
    without the draws, a card played later (one a player was not dealt) comes from
    nowhere. Every card a player plays was dealt to them or drawn by them before."""
    text = _run(runner, "deal", "--players", "2", "--seed", "848", "--go", "1")
    assert text.exit_code == 0, text.output
    first = next(line for line in text.output.splitlines() if line.startswith("trick  1"))
    assert first.endswith("0 points, draw P1 QC P2 8C")
    assert "takes with 9S, 1 point, draw" in text.output      # one point, not "1 points"
    data = json.loads(_run(runner, "deal", "--players", "2", "--seed", "848", "--go", "1",
                           "--json").output)
    hands = [set(h) for h in data["hands"]]
    drawn_in_all = 0
    for trick in data["tricks"]:
        for played in trick["cards"]:
            hand = hands[played["player"] - 1]
            assert played["card"] in hand, (trick["number"], played)
            hand.remove(played["card"])
        for drawn in trick["draws"]:
            hands[drawn["player"] - 1].add(drawn["card"])
            drawn_in_all += 1
    assert drawn_in_all == 36 - 8 and all(not h for h in hands)
