"""`opencards rules ...`: quick answers from the rule engine."""
from __future__ import annotations

import doctest
import json

import pytest

from generator.rules import beating, combos, lines, moves, validation, words
from generator.cli import cli


@pytest.mark.parametrize(("args", "line"), [
    (["8R", "3R"], "8R beats 3R on a colourless square: same colour, 8 is higher than 3"),
    (["8R", "2Y", "--on", "R"], "8R beats 2Y on a red square: trump: 8R moves onto a red square"),
    (["2Y", "8R", "--on", "Y"], "2Y beats 8R on a yellow square: trump: 2Y moves onto a "
                                "yellow square"),
    (["2Y", "8R", "--on", "green"], "2Y does not beat 8R on a green square: different "
                                    "colours, and 2Y is not trump on a green square"),
    (["8R", "8B", "--on", "G"], "8R beats 8B on a green square: equal values (8) beat each "
                                "other on any square"),
    (["3R", "30Y", "--equal-values", "identical", "--on", "B"], "3R does not beat 30Y"),
    (["3R", "30R", "--equal-values", "identical"], "3R beats 30R on a colourless square: "
                                                   "identical cards"),
    (["(1B)", "8R"], "(1B) does not beat 8R on a colourless square: a face-down test card "
                     "beats nothing"),
    (["2G", "(1B)v"], "2G beats (1B)v on a colourless square: a face-down test card is "
                      "beaten by any card"),
    (["2Y", "8R", "--on", "Y", "--game", "initial-1"], "2Y does not beat 8R on a yellow "
                                                        "square: different colours, and this "
                                                        "game has no trumps"),
])
def test_rules_beats(runner, args, line):
    result = runner.invoke(cli, ["rules", "beats", *args])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(line)


@pytest.mark.parametrize(("args", "message"), [
    (["rules", "beats", "9R", "2Y"], "Invalid value for 'ATTACKER': not a card: '9R'"),
    (["rules", "beats", "8R", "2Y", "--on", "purple"], "expected R, Y, G or B, got 'purple'"),
    (["rules", "beats", "8R", "2Y", "--game", "nope"], "no game named 'nope'"),
    (["rules", "combos", "nope.toml"], "nope.toml: no such layout file"),
])
def test_rules_mistakes_are_one_line(runner, args, message):
    result = runner.invoke(cli, args)
    assert result.exit_code == 1 and message in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_rules_combos_text_and_json(runner):
    result = runner.invoke(cli, ["rules", "combos", "game9-start"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "a2-d2 sequence: 4R 3B 2Y 1G (horizontal)"
    data = json.loads(runner.invoke(cli, ["rules", "combos", "--json", "game9-start"]).output)
    assert len(data) == 4 and data[0]["squares"] == ["a2", "b2", "c2", "d2"]
    empty = runner.invoke(cli, ["rules", "combos", "--min", "5", "game9-start"])
    assert empty.exit_code == 0 and "no combinations" in empty.output


def test_rules_moves(runner):
    result = runner.invoke(cli, ["rules", "moves", "game1-demo", "--side", "north"])
    assert result.exit_code == 0
    assert result.output.split()[:3] == ["a7-a6", "a7-b6", "b7-a6"]
    # A laying game: the lays rules play accepts are listed too (the pile's top, 50R,
    # fits only the free five-red square d5).
    laying = runner.invoke(cli, ["rules", "moves", "basic-52-start"])
    assert laying.output == "50R@d5\n"


@pytest.mark.parametrize("module", [beating, combos, lines, moves, validation, words])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_benchmark_runs_and_plays_games_to_the_end():
    import runpy
    from pathlib import Path
    bench = runpy.run_path(str(Path(__file__).resolve().parent.parent / "bench" / "rules.py"))
    # the time limit under test: the benchmark's own; nothing asserted depends on speed
    positions, stats = bench["self_play"](seed=3, seconds=0.05)
    assert stats["games"] >= 1 and len(positions) == stats["calls"]
    assert sum(v for k, v in stats.items() if k.startswith("end ")) == stats["games"]
    finds, _, _ = bench["time_combinations"](positions[:50])
    assert finds == min(50, len(positions))
    # the time limit under test: the benchmark's own; any verdict passes
    solver = bench["solve_deals"](deals=1, seconds=0.2)
    assert solver["deals"] == 1 and solver["positions"] > 0
