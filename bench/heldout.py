"""Decided shares of the three patience solvers on held-out deals (issue 40).

python bench/heldout.py [--patience NAME]... [--deals 200] [--nodes 20000] [--limit 10]
                        [--budget nodes|time|both] [--clock wall|cpu] [--jobs N]
                        [--executor local|dask] [--scheduler ADDRESS]

Runs each patience over the held-out ranges (:data:`HELD_OUT`: deals never used to choose
anything in the solvers) at a fixed node budget (machine-independent: the same verdicts on
any machine) and at a time limit a deal (10 s by default: what the goal is stated in, and
what depends on the machine), and prints won, lost, unknown and the decided share of each
range and budget. ``--clock cpu`` reads the time limit on each worker's CPU time (one
core's seconds, however busy the machine) instead of the wall clock. The deals are decided by the same code as `opencards patience stats`
(``decide_all`` on local processes, or ``--executor dask`` on a dask.distributed cluster).

:data:`TUNED` names the ranges the solvers were tuned on (docs/solvers.md says what was
chosen on which); a held-out range may not touch them, and a held-out range must never be
used to choose anything (else it becomes a tuning range and needs replacing here and in the
docs). --deals takes the first N deals of each range: a small run for a quick look, the
full 200 for figures to publish.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.patience import PATIENCES  # noqa: E402
from generator.patience.stats import DealResult, decide_all, summary  # noqa: E402

#: Deals used while tuning (move orders, probes, plans, scores, the player's ranking) or
#: looked at while deciding what to try, per patience: first, last. 700000-700199 and
#: 900000-900199 were the first held-out ranges; a Besieged City position of deal 700000
#: was looked at while the dead-end test was made, so they count as seen. The Besieged City's
#: deals 20,000-36,999,999 around the held-out ranges were scanned in session 18 for a deal in
#: which only the stock moves (docs/solvers.md), so they count as seen too.
TUNED: dict[str, tuple[tuple[int, int], ...]] = {
    "nivernaise": ((0, 1099), (700_000, 700_199), (900_000, 900_199)),
    "empress-of-india": ((0, 1199), (700_000, 700_199), (900_000, 900_199)),
    "besieged-city": ((0, 1199), (700_000, 700_199), (900_000, 900_199),
                      (20_000, 699_999), (700_200, 709_999), (710_200, 899_999),
                      (900_200, 909_999), (910_200, 36_999_999)),
}
#: Held-out ranges: far from everything above, the same for every patience.
HELD_OUT: tuple[tuple[int, int], ...] = ((710_000, 710_199), (910_000, 910_199))

for _name, _ranges in TUNED.items():
    for _first, _last in HELD_OUT:
        assert all(_last < a or _first > b for a, b in _ranges), (_name, _first, _last)


def run(name: str, seeds: range, *, nodes: int | None, seconds: float | None, jobs: int,
        executor: str, scheduler: str | None, clock: str) -> list[DealResult]:
    if executor == "dask":
        from generator.app.cluster import decide_on_dask
        return decide_on_dask(name, seeds, seconds=seconds, nodes=nodes,
                               scheduler=scheduler, jobs=jobs, clock=clock)
    return decide_all(name, seeds, seconds=seconds, nodes=nodes, jobs=jobs, clock=clock)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--patience", action="append", choices=sorted(PATIENCES))
    parser.add_argument("--deals", type=int, default=200,
                        help="the first N deals of each held-out range (at most 200)")
    parser.add_argument("--nodes", type=int, default=20_000,
                        help="the fixed node budget a deal (positions expanded)")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds a deal")
    parser.add_argument("--budget", choices=["nodes", "time", "both"], default="both")
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                        help="what --limit counts: wall-clock or the worker's CPU seconds")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--executor", choices=["local", "dask"], default="local")
    parser.add_argument("--scheduler", default=None)
    args = parser.parse_args()
    names = args.patience or ["nivernaise", "empress-of-india", "besieged-city"]
    budgets: list[tuple[str, int | None, float | None]] = []
    if args.budget in ("nodes", "both"):
        budgets.append((f"{args.nodes} positions", args.nodes, None))
    if args.budget in ("time", "both"):
        budgets.append((f"{args.limit:g} s{' CPU' if args.clock == 'cpu' else ''}", None,
                        args.limit))
    print(f"held-out deals, the first {args.deals} of each range; jobs {args.jobs} "
          f"({args.executor}); tuned on: " + "; ".join(
              f"{n} {', '.join(f'{a}-{b}' for a, b in r)}" for n, r in TUNED.items()
              if n in names))
    print(f"{'patience':18} {'deals':>15} {'budget':>18} {'won':>5} {'lost':>5} "
          f"{'unknown':>8} {'decided':>8} {'s a deal':>9}")
    for name in names:
        for label, nodes, seconds in budgets:
            total_decided = total = 0
            for first, last in HELD_OUT:
                seeds = range(first, min(last, first + args.deals - 1) + 1)
                began = time.perf_counter()
                results = run(name, seeds, nodes=nodes, seconds=seconds, jobs=args.jobs,
                              executor=args.executor, scheduler=args.scheduler,
                              clock=args.clock)
                took = time.perf_counter() - began
                s = summary(results)
                decided = s.won + s.lost
                total_decided += decided
                total += s.deals
                print(f"{name:18} {f'{seeds[0]}-{seeds[-1]}':>15} {label:>18} {s.won:5} "
                      f"{s.lost:5} {s.unknown:8} {decided / s.deals:8.1%} "
                      f"{took * args.jobs / s.deals:9.2f}", flush=True)
            print(f"{name:18} {'both ranges':>15} {label:>18} {'':5} {'':5} {'':8} "
                  f"{total_decided / total:8.1%}")


if __name__ == "__main__":
    main()
