"""The clock a time limit is read on (issue 40: "10 s a deal on one core", on a machine
that other jobs share, is CPU time). Every clock here is a fake one that the test moves,
so no test measures or waits for real time (tests/test_no_time_budgets.py)."""
from __future__ import annotations

import json

import pytest

from generator.cli import cli
from generator.patience import clock as clocks
from generator.patience import patience
from generator.patience.clock import TimeLimit
from generator.patience.player import play_blind
from generator.patience.solver import SolverVerdict, solve
from generator.patience.stats import decide

#: A deal the Besieged City's complete search does not decide within a few hundred
#: positions (unknown at 2,000 in docs/solvers.md), so a limit, not the deal, stops it.
UNDECIDED = 2


class Ticking:
    """A clock that moves *step* seconds each time it is read (a search that reads it
    has always used up far more than its limit by its next look)."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_limit_counts_only_its_own_clock():
    fake = Ticking(0.0)
    limit = TimeLimit(10.0, fake)
    fake.now = 4.0
    assert limit.elapsed() == 4.0 and limit.left() == 6.0 and not limit.over()
    half = limit.share(0.5)  # half of what is left, on the same clock, from now
    assert half.seconds == 3.0 and half.clock is fake
    fake.now = 11.0
    assert limit.over() and limit.spent() and limit.share(0.5).seconds == 0.0
    assert TimeLimit(None, fake).share(0.5).seconds is None
    assert not TimeLimit(None, fake).over()


def test_a_number_of_seconds_is_a_wall_clock_limit():
    assert TimeLimit.of(5.0).clock is clocks.CLOCKS["wall"]
    assert TimeLimit.of(None).seconds is None
    given = TimeLimit(1.0, Ticking(0.0))
    assert TimeLimit.of(given) is given
    assert clocks.CLOCKS["cpu"] is not clocks.CLOCKS["wall"]


def test_the_search_stops_when_its_clock_passes_the_limit():
    """The complete search looks at the clock every 64 positions: a clock that has run far
    past the limit by then stops it there, with the position count to show it, and the
    seconds reported are that clock's."""
    game = patience("besieged-city")
    # the time limit under test: 10 s on a fake clock, 100 s a reading
    result = solve(game, UNDECIDED, seconds=TimeLimit(10.0, Ticking(100.0)), probe=False)
    assert result.verdict is SolverVerdict.UNKNOWN and result.nodes == 64
    assert result.seconds >= 100.0


def test_a_clock_that_stands_still_leaves_the_node_budget_to_stop_the_search():
    """However long the search really takes, a limit whose clock does not move never
    stops it: the limit is read on that clock alone, never on the wall clock."""
    game = patience("besieged-city")
    # the time limit under test: 1 ms on a clock that never moves
    result = solve(game, UNDECIDED, nodes=300, seconds=TimeLimit(0.001, Ticking(0.0)))
    assert result.verdict is SolverVerdict.UNKNOWN and result.nodes == 300
    assert result.seconds == 0.0


def test_the_player_reads_the_same_clock():
    game = patience("besieged-city")
    # the time limit under test: spent before the first move on the fake clock
    played = play_blind(game, UNDECIDED, seconds=TimeLimit(10.0, Ticking(100.0)))
    assert played.moves == () and not played.won


def test_decide_reads_the_clock_it_is_named(monkeypatch):
    """`--clock cpu` reaches the search as the clock's name: each worker process builds
    its limit on its own CPU time (here a fake one standing in for it)."""
    monkeypatch.setitem(clocks.CLOCKS, "cpu", Ticking(100.0))
    # the time limit under test: 10 s on the fake CPU clock, probe and all
    result = decide("besieged-city", UNDECIDED, 10.0, clock="cpu")
    assert (result.verdict, result.nodes) == ("unknown", 64)
    monkeypatch.setitem(clocks.CLOCKS, "cpu", Ticking(0.0))
    # the time limit under test: a CPU clock that stands still leaves it to the nodes
    result = decide("besieged-city", UNDECIDED, 10.0, 500, clock="cpu")
    assert (result.verdict, result.nodes) == ("unknown", 500)


def test_stats_and_solve_take_the_clock(runner, monkeypatch):
    monkeypatch.setitem(clocks.CLOCKS, "cpu", Ticking(100.0))
    stats = runner.invoke(cli, ["patience", "stats", "besieged-city", "--deals", "2-2",
                                # the time limit under test: on the fake CPU clock
                                "--limit", "10s", "--clock", "cpu", "--jobs", "1", "--json"])
    assert stats.exit_code == 0, stats.output
    deal = json.loads(stats.output)["results"][0]
    assert (deal["verdict"], deal["nodes"]) == ("unknown", 64)
    solved = runner.invoke(cli, ["patience", "solve", "besieged-city", "--seed", "2",
                                 # the time limit under test: on the fake CPU clock
                                 "--limit", "10s", "--clock", "cpu"])
    assert solved.exit_code == 0, solved.output
    assert solved.output.splitlines()[0].startswith(
        "The Besieged City, seed 2: unknown: the limit came before a win or a proof "
        "(64 positions, ")
    assert " s of CPU)" in solved.output.splitlines()[0]


@pytest.mark.parametrize("command", [["stats", "besieged-city", "--deals", "0-0"],
                                     ["solve", "besieged-city", "--seed", "0"]])
def test_an_unknown_clock_is_refused_in_one_line(runner, command):
    result = runner.invoke(cli, ["patience", *command, "--clock", "sundial"])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "Error: Invalid value for '--clock': 'sundial' is not one of 'wall', 'cpu'. "
        f"(see 'cli patience {command[0]} --help')"]  # the runner names the program 'cli'


def test_a_probe_budget_reads_the_clock_of_its_limit():
    """The probes' tries share one budget: it reads the limit's clock (every 32
    positions), and a try times itself on that clock too."""
    from generator.patience.probe_budget import ProbeBudget

    fake = Ticking(0.0)
    budget = ProbeBudget(None, TimeLimit(5.0, fake))
    assert budget.allows(32) and budget.seconds == 5.0
    fake.now = 6.0
    assert not budget.allows(32) and budget.allows(33)
    assert budget.now() == 6.0 and budget.elapsed() == 6.0
