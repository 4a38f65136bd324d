"""How long does a patience deal take to draw? python bench/tableau.py [--seeds 20] [--dpi 150]

For each patience, the median over deals 0..SEEDS-1 of: dealing the seed and checking card
conservation, building the scene, and encoding it as SVG, PDF and PNG at --dpi, the way
``opencards patience deal NAME --seed N --out FILE`` does (docs.tableau.encode_tableau).
The last column is the issue's figure: deal + checks + scene + PNG, which should stay under
200 ms. Times are wall-clock milliseconds; "cpu" repeats the PNG total in process time, which
other jobs on a shared machine disturb less. Measured, never asserted.

--profile NAME prints cProfile's costliest calls for one PNG of that patience instead.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.docs.tableau import encode_tableau, tableau_page  # noqa: E402
from generator.patience import PATIENCES, patience  # noqa: E402


def one(name: str, seed: int, dpi: float) -> tuple[float, ...]:
    game = patience(name)
    c0, t0 = time.process_time(), time.perf_counter()
    state = game.deal(seed)
    assert not game.conservation(state), (name, seed)
    t1 = time.perf_counter()
    page = tableau_page(game, state, title=f"{game.title}, deal {seed}")
    t2 = time.perf_counter()
    encode_tableau(page, "png", dpi=dpi)
    t3, c3 = time.perf_counter(), time.process_time()
    encode_tableau(page, "svg")
    t4 = time.perf_counter()
    encode_tableau(page, "pdf")
    t5 = time.perf_counter()
    return t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4, t3 - t0, c3 - c0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--dpi", type=float, default=150)
    parser.add_argument("--only", choices=sorted(PATIENCES), action="append")
    parser.add_argument("--profile", choices=sorted(PATIENCES))
    args = parser.parse_args()
    if args.profile:
        one(args.profile, 0, args.dpi)  # fonts and caches warm
        profile = cProfile.Profile()
        profile.runcall(one, args.profile, 1, args.dpi)
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)
        return
    print(f"{'patience':<17} {'deal+check':>10} {'scene':>6} {'png':>6} {'svg':>6} {'pdf':>6} "
          f"{'deal..png':>9} {'cpu':>6}  (median ms of {args.seeds} deals, {args.dpi:g} dpi)")
    for name in args.only or list(PATIENCES):
        one(name, 0, args.dpi)
        rows = [one(name, seed, args.dpi) for seed in range(args.seeds)]
        cols = [median(r[i] for r in rows) * 1000 for i in range(7)]
        print(f"{name:<17} {cols[0]:>10.1f} {cols[1]:>6.1f} {cols[2]:>6.0f} {cols[3]:>6.0f} "
              f"{cols[4]:>6.0f} {cols[5]:>9.0f} {cols[6]:>6.0f}", flush=True)


if __name__ == "__main__":
    main()
