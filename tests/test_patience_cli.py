"""`opencards patience deal|play|solve`: what a user sees, and one-line errors."""
from __future__ import annotations

import json
import re

import pytest

from generator.cli import cli


def run(runner, *args):
    return runner.invoke(cli, ["patience", *args])


#: Beside a --nodes budget, a time limit that never decides a verdict: the node budget
#: gives the same verdict on any machine, the default 10 s may not on a loaded one.
CEILING = ("--limit", "10m")


def test_deal_prints_every_slot_and_the_status(runner):
    result = run(runner, "deal", "nivernaise", "--seed", "0")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "La Nivernaise, seed 0 (2 packs)"
    assert lines[1].split() == ["LF1", "flank", "QD"]
    assert any(line.split()[:3] == ["stock", "stock", "72"] for line in lines)
    assert lines[-1].startswith("0 of 104 cards on the foundations")


def test_deal_json_gives_slot_positions_rotations_and_cards(runner):
    result = run(runner, "deal", "besieged-city", "--seed", "4", "--json")
    data = json.loads(result.output)
    assert data["patience"] == "besieged-city" and data["seed"] == 4
    slots = {s["id"]: s for s in data["slots"]}
    assert slots["W1"]["rotation"] == 90 and slots["W1"]["label"] == "A"
    assert (slots["R23"]["x"], slots["R23"]["y"]) == (3, 2)
    assert sum(len(s["cards"]) for s in data["slots"]) == 104
    assert len(slots["stock"]["cards"]) == 78


def test_same_seed_same_output(runner):
    first = run(runner, "deal", "empress-of-india", "--seed", "9", "--json").output
    assert first == run(runner, "deal", "empress-of-india", "--seed", "9", "--json").output


def test_play_replays_and_shows_the_position(runner):
    # Each deal lays one packet of four (seed 004 stops after each: deal:packet-by-packet).
    result = run(runner, "play", "nivernaise", "--seed", "0", "--moves", "deal deal")
    assert result.exit_code == 0, result.output
    assert any(line.split()[:3] == ["stock", "stock", "64"]
               for line in result.output.splitlines())


def test_play_refuses_an_illegal_move_with_its_number_and_reason(runner):
    result = run(runner, "play", "nivernaise", "--seed", "0", "--moves", "deal LF1>FA1")
    assert result.exit_code == 1
    assert result.output == ("Error: nivernaise seed 0: move 2 (LF1>FA1) is illegal: FA1 "
                             "takes spades only, not QD\n")


@pytest.mark.parametrize(("args", "message"), [
    (["deal", "nivernais", "--seed", "1"], "Error: no patience 'nivernais'; did you mean "
                                           "'nivernaise'?"),
    (["deal", "nivernaise"], "Error: Missing option '--seed'"),
    (["deal", "nivernaise", "--seed", "-1"], "Error: Invalid value for '--seed'"),
    (["play", "nivernaise", "--seed", "1", "--moves", "LF1>>FA1"],
     "Error: move 1: not a move: 'LF1>>FA1'"),
    (["play", "nivernaise", "--seed", "1", "--moves", "deal LF7>FA1"],
     "Error: nivernaise seed 1: move 2 (LF7>FA1) is illegal: nivernaise has no slot 'LF7'"),
    (["deal", "nivernaise", "--seed", "1", "--switch", "redeals"],
     "Error: --switch: expected NAME=VALUE, got 'redeals'"),
    (["deal", "nivernaise", "--seed", "1", "--switch", "redeal=2"],
     "Error: nivernaise has no switch 'redeal' (did you mean 'redeals'?)"),
    (["solve", "nivernaise", "--seed", "1", "--limit", "soon"],
     "Error: Invalid value for '--limit': expected a time like 10s"),
])
def test_bad_input_is_one_line_exit_1(runner, args, message):
    result = run(runner, *args)
    assert result.exit_code == 1
    assert result.output.startswith(message), result.output
    assert result.output.count("\n") == 1


def test_solve_reports_an_incomplete_search_and_the_best_position(runner):
    result = run(runner, "solve", "besieged-city", "--seed", "0", "--nodes", "50", *CEILING)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("The Besieged City, seed 0: unknown: the limit came before a "
                               "win or a proof (50 positions")
    assert lines[1].startswith("moves: ")
    assert lines[2].startswith("best position reached (")


def test_solve_json_says_whether_the_search_was_complete(runner):
    result = run(runner, "solve", "nivernaise", "--seed", "0", "--nodes", "20", *CEILING, "--json")
    data = json.loads(result.output)
    assert data["verdict"] == "unknown" and data["complete"] is False
    assert data["nodes"] == 20
    moves = data["moves"]
    replayed = run(runner, "play", "nivernaise", "--seed", "0", "--moves", moves, "--json")
    assert json.loads(replayed.output)["on_foundations"] == data["on_foundations"]


@pytest.mark.parametrize("name, cards", [("nivernaise", 104), ("besieged-city", 104),
                                         ("empress-of-india", 192)])
def test_play_of_a_stored_winning_game_says_won(runner, name, cards):
    from pathlib import Path
    wins = json.loads((Path(__file__).parent / "data" / "patience" / "wins.json").read_text(
        encoding="utf-8"))
    entry = wins[name]
    switches = [arg for key, value in entry["switches"].items()
                for arg in ("--switch", f"{key}={value}")]
    result = run(runner, "play", name, "--seed", str(entry["seed"]), "--moves",
                 entry["moves"], *switches)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == f"won: all {cards} cards on the foundations"


def test_empress_pairing_in_advance_is_refused_by_default_and_allowed_by_its_switch(runner):
    """Seed 004, «Индійская императрица»: paired cards «должны быть немедленно положены на
    соотвѣтствующія основанія». By default ``A17/N3`` (lay a card to wait as a couple) is
    refused in one line that names the house switch; with the switch it is played."""
    refused = run(runner, "play", "empress-of-india", "--seed", "7", "--moves", "A3+N22 A17/N3")
    assert refused.exit_code == 1
    assert refused.output.strip().splitlines() == [
        "Error: empress-of-india seed 7: move 2 (A17/N3) is illegal: a pair goes to the "
        "foundations at once (A5+N7); pairing in advance is the house switch "
        "advance_pairing (Cadogan's variant)"]
    allowed = run(runner, "play", "empress-of-india", "--seed", "7", "--moves", "A3+N22 A17/N3",
                  "--switch", "advance_pairing=true", "--json")
    assert allowed.exit_code == 0, allowed.output


def test_empress_deal_waits_for_no_pair_by_default_and_is_at_will_with_its_switch(runner):
    """Seed 004, «Индійская императрица»: «Когда сыграны всѣ подходящія карты, то
    перебираютъ всю остальную колоду». In deal 7, A3+N22 fits from the start, so ``deal``
    is refused in one line naming that pair and the house switch; with
    ``--switch deal_at_will=true`` it is played."""
    refused = run(runner, "play", "empress-of-india", "--seed", "7", "--moves", "deal")
    assert refused.exit_code == 1
    line, = refused.output.strip().splitlines()
    assert line.startswith("Error: empress-of-india seed 7: move 1 (deal) is illegal: the rest "
                           "of the stock is dealt out only when no pair fits")
    assert "A3+N22" in line and "deal_at_will" in line
    allowed = run(runner, "play", "empress-of-india", "--seed", "7", "--moves", "deal A3+N22",
                  "--switch", "deal_at_will=true", "--json")
    assert allowed.exit_code == 0, allowed.output


def test_solve_prints_the_winning_moves(runner):
    result = run(runner, "solve", "nivernaise", "--seed", "5", "--nodes", "5000", *CEILING)
    lines = result.output.splitlines()
    assert lines[0].startswith("La Nivernaise, seed 5: won (")
    moves = lines[1].removeprefix("moves: ")
    replayed = run(runner, "play", "nivernaise", "--seed", "5", "--moves", moves)
    assert replayed.output.splitlines()[-1].startswith("won")


def test_solve_says_when_a_deal_cannot_be_won(runner):
    result = run(runner, "solve", "nivernaise", "--seed", "60", "--nodes", "5000", *CEILING)
    assert result.output.startswith("La Nivernaise, seed 60: lost: every reachable "
                                    "position was searched (a proof)")


def test_stats_counts_verdicts_over_a_range_of_deals_on_two_processes(runner):
    # Deals 0 and 1 are won within 768 and 336 positions of the complete search, which
    # gets the 2,500 the probe (the player, half the budget) leaves: a node budget, not a
    # time limit (--limit 20s missed them on a loaded machine).
    result = run(runner, "stats", "besieged-city", "--deals", "0-1", "--jobs", "2",
                 "--nodes", "5000", *CEILING, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["won"], data["lost"], data["unknown"]) == (2, 0, 0)
    assert [r["seed"] for r in data["results"]] == [0, 1]
    assert 0.30 < data["win_rate_low"] < 0.40 and data["win_rate_high"] == 1.0
    replayed = run(runner, "play", "besieged-city", "--seed", "1", "--moves",
                   data["results"][1]["moves"])
    assert replayed.output.splitlines()[-1].startswith("won")
    text = run(runner, "stats", "nivernaise", "--deals", "60", "--nodes", "5000",
               *CEILING).output
    assert text.splitlines()[0] == ("La Nivernaise, deals 60: 0 won, 1 lost, 0 unknown "
                                    "(limit 600 s or 5000 positions)")


def test_stats_of_the_player_stops_at_a_node_budget(runner):
    """--nodes limits the player too (its plans' positions and the solver's at the end):
    deal 0 of the Besieged City is won within 50,000 and not within 300, on any machine."""
    def played(nodes):
        result = run(runner, "stats", "besieged-city", "--deals", "0", "--player",
                     "--nodes", nodes, *CEILING, "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.output)
    assert played("50000")["won"] == 1
    short = played("300")
    # The report's positions are the positions the player searched, the budget spent.
    assert short["won"] == 0 and short["results"][0]["nodes"] >= 300
    text = run(runner, "stats", "besieged-city", "--deals", "0", "--player", "--nodes", "300",
               *CEILING).output
    assert "(limit 600 s or 300 positions)" in text.splitlines()[0]


def test_stats_of_two_ranges_made_apart_add_up_to_the_run_of_both(runner, tmp_path):
    """Runs on separate machines (one range of deals each) merge into the counts and the
    interval of one run over all their deals."""
    def stats(*args):
        result = run(runner, "stats", "nivernaise", "--nodes", "3000", *CEILING, "--jobs", "1",
                     *args)
        assert result.exit_code == 0, result.output
        return result.output
    (tmp_path / "a.json").write_text(stats("--deals", "58-60", "--json"), encoding="utf-8")
    (tmp_path / "b.json").write_text(stats("--deals", "61-63", "--json"), encoding="utf-8")
    whole = json.loads(stats("--deals", "58-63", "--json"))
    merged = run(runner, "stats", "nivernaise", "--merge", str(tmp_path / "a.json"),
                 "--merge", str(tmp_path / "b.json"), "--json")
    assert merged.exit_code == 0, merged.output
    data = json.loads(merged.output)
    for key in ("won", "lost", "unknown", "win_rate_low", "win_rate_high", "deals", "ranges"):
        assert data[key] == whole[key], key
    assert data["lost"] >= 1 and data["ranges"] == [[58, 63]]
    assert [r["verdict"] for r in data["results"]] == [r["verdict"] for r in whole["results"]]
    text = run(runner, "stats", "nivernaise", "--merge", str(tmp_path / "b.json")).output
    assert text.splitlines()[0].startswith("La Nivernaise, deals 61-63: ")


def test_stats_tells_each_deal_on_stderr_as_it_is_decided(runner):
    """A long run shows its progress on stderr (asked for here; by default only on a
    terminal), so stdout stays the report, JSON included."""
    result = run(runner, "stats", "nivernaise", "--deals", "60-61", "--nodes", "3000",
                 *CEILING, "--jobs", "1", "--progress", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["lost"] == 1
    lines = [re.sub(r"in \d+\.\d s", "in T s", re.sub(r"\d\d cards", "NN cards", line))
             for line in result.stderr.splitlines()]
    # Deal 60 is lost; its best position has two cards up (the second goes up between two
    # packets of a round).
    assert lines == ["deal 60: lost in T s, 2 cards up; 1 of 2 done: 0 won, 1 lost, 0 unknown",
                     "deal 61: unknown in T s, NN cards up; 2 of 2 done: 0 won, 1 lost, "
                     "1 unknown"]
    two = run(runner, "stats", "nivernaise", "--deals", "8-9", "--nodes", "3000", *CEILING,
              "--jobs", "2", "--progress")
    assert sorted(line.split(" in ")[0] for line in two.stderr.splitlines()) == [
        "deal 8: unknown", "deal 9: won"]
    quiet = run(runner, "stats", "nivernaise", "--deals", "60", "--nodes", "3000", *CEILING,
                "--json")
    assert quiet.stderr == ""


@pytest.mark.parametrize("case, message", [
    ("twice", "deal 58 is also in"),
    ("other", "a report on 'nivernaise', expected one on 'besieged-city'"),
    ("player", "a report of the omniscient view, expected the player view"),
    ("broken", "expected the JSON that 'opencards patience stats --json' prints"),
    ("no-seed", "result 1: expected seed, verdict"),
    ("with-deals", "--deals cannot go with it"),
])
def test_merge_refuses_what_does_not_add_up_in_one_line(runner, tmp_path, case, message):
    report = {"patience": "nivernaise", "deals": [58, 58], "view": "omniscient",
              "won": 0, "lost": 1, "unknown": 0, "results": [
                  {"seed": 58, "verdict": "lost", "nodes": 9, "seconds": 0.1,
                   "on_foundations": 0, "moves": ""}]}
    good = tmp_path / "good.json"
    good.write_text(json.dumps(report), encoding="utf-8")
    bad = tmp_path / "bad.json"
    args = ["stats", "nivernaise", "--merge", str(good)]
    if case == "twice":
        args += ["--merge", str(good)]
    elif case == "other":
        args[1] = "besieged-city"
    elif case == "player":
        args.append("--player")
    elif case == "broken":
        bad.write_text('{"patience": ', encoding="utf-8")
        args[-1] = str(bad)
    elif case == "no-seed":
        del report["results"][0]["seed"]
        bad.write_text(json.dumps(report), encoding="utf-8")
        args[-1] = str(bad)
    else:
        args += ["--deals", "0-4"]
    result = run(runner, *args)
    assert result.exit_code != 0
    assert message in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


@pytest.mark.parametrize("deals", ["9-3", "a-b", "-4"])
def test_stats_refuses_a_bad_range_in_one_line(runner, deals):
    result = runner.invoke(cli, ["patience", "stats", "nivernaise", "--deals", deals])
    assert result.exit_code != 0 and "--deals" in result.output
    assert "Traceback" not in result.output


def test_deal_names_the_legal_moves_in_text_and_json(runner):
    text = runner.invoke(cli, ["patience", "deal", "nivernaise", "--seed", "16"]).output
    assert text.splitlines()[-1] == ("0 of 104 cards on the foundations, 2 legal moves: "
                                     "L4>FK3 deal")
    data = json.loads(runner.invoke(cli, ["patience", "deal", "nivernaise", "--seed", "16",
                                          "--json"]).output)
    assert data["legal_moves"] == ["L4>FK3", "deal"]
    # Each move named can be played.
    played = runner.invoke(cli, ["patience", "play", "nivernaise", "--seed", "16", "--moves",
                                 "L4>FK3"])
    assert played.exit_code == 0


def test_a_win_under_the_house_rule_is_refused_under_the_seeds_rule(runner):
    """Seed 004, «Осажденный городъ», rule III: a Reserve card goes "только на карты,
    находящіяся по концамъ или сторонамъ той линіи, съ которой онѣ взяты". A win found when
    the looser house rule was the default sends a Reserve card to another line's rampart
    with most of the pack in the talon: by default `play` stops there, naming the card and
    the rule, in one line; with `--switch house_swaps=true` it is a win."""
    from pathlib import Path
    entry = json.loads((Path(__file__).parent / "data" / "patience" /
                        "besieged-house-win.json").read_text(encoding="utf-8"))
    args = ["play", "besieged-city", "--seed", str(entry["seed"]), "--moves", entry["moves"]]
    refused = run(runner, *args)
    assert refused.exit_code != 0
    assert refused.output.splitlines() == [
        "Error: besieged-city seed 0: move 88 (R11>S3) is illegal: QD from R11 goes only "
        "onto the ramparts at the ends of its own row and column, W1, E1, T1 or S1, not S3 "
        "(rule III)"]
    house = run(runner, *args, "--switch", "house_swaps=true")
    assert house.exit_code == 0, house.output
    assert house.output.splitlines()[-1] == "won: all 104 cards on the foundations"
