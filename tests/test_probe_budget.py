"""The win probes' shared budget (generator/patience/probe_budget.py, issue 41): the
Empress's and La Nivernaise's probes run several beam tries within one limit of positions,
so what a try spends must be counted once and the next try must get only what is left."""
from __future__ import annotations

from generator.patience.probe_budget import ProbeBudget


def _run(attempt, positions: int) -> int:  # type: ignore[no-untyped-def]
    """A try that wants *positions* positions, asking before each as a beam does."""
    for n in range(1, positions + 1):
        if not attempt(n):
            break
    return attempt.close()


def test_the_tries_share_the_positions_and_a_refused_one_is_not_spent():
    budget = ProbeBudget(nodes=100, seconds=None)
    assert _run(budget.attempt(), 60) == 60
    assert budget.used == 60
    # The second try is refused at its 41st position: 40 spent, 100 in all.
    assert _run(budget.attempt(), 60) == 40
    assert budget.used == 100
    assert not budget.allows(1)


def test_a_try_that_asks_nothing_spends_nothing():
    budget = ProbeBudget(nodes=10, seconds=None)
    assert budget.attempt().close() == 0
    assert budget.used == 0 and budget.allows(10) and not budget.allows(11)


def test_no_limit_allows_everything():
    budget = ProbeBudget(nodes=None, seconds=None)
    assert _run(budget.attempt(), 5000) == 5000
    assert budget.allows(10**9)


def test_a_spent_time_limit_stops_a_try_at_its_next_clock_reading():
    """The clock is read every 32 positions, so a try with no time left runs on to its
    32nd position and stops there, having spent 31."""
    # The time limit under test: a spent clock, not a verdict that needs speed.
    budget = ProbeBudget(nodes=None, seconds=0.0)
    assert _run(budget.attempt(), 1000) == 31
