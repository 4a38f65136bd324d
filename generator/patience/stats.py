"""Win rates over many deals: every deal decided by the solver, deals spread over the cores
of the machine.

Each deal is searched on its own (a seed names it, the solver needs nothing else), so a
range of deals splits into independent pieces: :func:`decide` is the whole unit of work,
and any pool that maps a function over arguments can run it - :mod:`.pool` here (one
that Ctrl-C stops at once and that leaves no worker behind), or a cluster's (Dask's ``client.map(decide, ...)``, Ray's
``ray.remote(decide)``) across machines, with the results merged by :func:`summary`.
"""
from __future__ import annotations

import math
from contextlib import closing
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..errors import PatienceError
from . import patience
from .clock import TimeLimit
from .player import play_blind
from .pool import WorkerLost, unordered_map
from .solver import SolverVerdict, solve


@dataclass(frozen=True)
class DealResult:
    """One deal's verdict, as plain data (it crosses process boundaries)."""

    seed: int
    verdict: str
    on_foundations: int
    nodes: int
    seconds: float
    moves: str


def decide(name: str, seed: int, seconds: float | None, nodes: int | None = None,
           switches: dict[str, str] | None = None, player: bool = False,
           clock: str = "wall") -> DealResult:
    """The solver's verdict on deal *seed* of the patience *name*: the unit of work. With
    *player*, the deal is played as a player who sees only the face-up cards
    (:mod:`.player`) instead: "won" or "unknown" (a player's loss proves nothing); *nodes*
    then limits the positions it searches in all, and with neither limit it has 10 s.
    *seconds* (and the seconds reported) are read on *clock*, a name of
    :data:`~.clock.CLOCKS`: the wall clock, or the CPU time of the process deciding."""
    game = patience(name, switches)
    if player:
        played = play_blind(game, seed, nodes=nodes, seconds=TimeLimit.named(
            10.0 if seconds is None and nodes is None else seconds, clock))
        return DealResult(seed, "won" if played.won else "unknown", played.on_foundations,
                          played.nodes, round(played.seconds, 3),
                          " ".join(map(str, played.moves)) if played.won else "")
    result = solve(game, seed, seconds=TimeLimit.named(seconds, clock), nodes=nodes)
    moves = " ".join(map(str, result.moves)) if result.verdict is SolverVerdict.WON else ""
    return DealResult(seed, result.verdict.value, result.on_foundations, result.nodes,
                      round(result.seconds, 3), moves)


def decide_all(name: str, seeds: Sequence[int], *, seconds: float | None,
               nodes: int | None = None, jobs: int = 1,
               switches: dict[str, str] | None = None, player: bool = False,
               on_result: Callable[[DealResult], None] | None = None,
               clock: str = "wall") -> list[DealResult]:
    """:func:`decide` for every seed, on *jobs* processes; results in seed order.
    *on_result* hears of each deal as soon as it is decided (in the order they finish),
    so a long run can show its progress, and a caller stopped by Ctrl-C
    (KeyboardInterrupt, raised here once every worker has ended) knows what was done."""
    tell = on_result or (lambda result: None)
    results: list[DealResult] = []
    if jobs <= 1:
        for seed in seeds:
            results.append(decide(name, seed, seconds, nodes, switches, player, clock))
            tell(results[-1])
        return results
    decided: dict[int, DealResult] = {}
    tasks = [(name, seed, seconds, nodes, switches, player, clock) for seed in seeds]
    # closing: a failing *on_result* ends the workers now, not when the generator is freed
    try:
        with closing(unordered_map(decide, tasks, jobs)) as finished:
            for index, result in finished:
                decided[index] = result
                tell(result)
    except WorkerLost as lost:
        raise PatienceError(f"deal {seeds[lost.index]}: its worker process ended (exit "
                            f"code {lost.process_exit}) before deciding it: killed, or out "
                            f"of memory") from None
    return [decided[index] for index in range(len(tasks))]


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share (95 % by default).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Summary:
    deals: int
    won: int
    lost: int
    unknown: int
    #: 95 % interval for the win rate: the low end counts the unknown deals as lost, the
    #: high end as won, so it holds whatever they turn out to be.
    low: float
    high: float
    seconds: float


def summary(results: Sequence[DealResult]) -> Summary:
    counts = {v.value: 0 for v in SolverVerdict}
    for r in results:
        counts[r.verdict] += 1
    n = len(results)
    won, lost, unknown = counts["won"], counts["lost"], counts["unknown"]
    return Summary(n, won, lost, unknown, wilson(won, n)[0], wilson(won + unknown, n)[1],
                   sum(r.seconds for r in results))


def ranges(seeds: Sequence[int]) -> list[tuple[int, int]]:
    """The *seeds* as runs of consecutive deals, (first, last) each.

    >>> ranges([0, 1, 2, 5, 3, 9])
    [(0, 3), (5, 5), (9, 9)]
    """
    runs: list[tuple[int, int]] = []
    for seed in sorted(set(seeds)):
        if runs and seed == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], seed)
        else:
            runs.append((seed, seed))
    return runs

