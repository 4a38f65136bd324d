"""Decide open deals of basic 52 and basic 65 (the patiences of `rules deal --open`).

python bench/open_patience.py [--game basic-65] [--first 0] [--deals 100] [--limit 10]

Deals seed FIRST.. of GAME face up, as `opencards rules deal GAME --seed N --open` does, and
solves each with its one-player form (basic-65-open, basic-52-open) within --limit seconds.
Prints won, lost (the search was complete: a proof) and unknown, positions per second and
seconds per deal, the slowest deals (how close the decided ones came to the limit), and
for the lost deals the fewest cards a line leaves ("*" where not proved the fewest; the
time to find them is in the deal's time).
docs/solvers.md records the measurements.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.io.layouts import sources_for  # noqa: E402
from generator.io.templates import Library  # noqa: E402
from generator.model.layout import Layout  # noqa: E402
from generator.model.solving import SolverVerdict  # noqa: E402
from generator.rules.dealing import deal  # noqa: E402
from generator.rules.solver import solve  # noqa: E402
from generator.rules.bound import Rules  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="basic-65", choices=["basic-52", "basic-65"])
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--limit", type=float, default=10.0)
    args = parser.parse_args()
    library = Library()
    game = library.game(args.game)
    patience = library.game(f"{args.game}-open")
    board = library.board(game.boards[0])
    sources = sources_for(library, Layout(board.name), game)
    counts = {v: 0 for v in SolverVerdict}
    positions = 0
    spent = 0.0
    unknown = []
    fewest = []
    times: list[tuple[float, int, SolverVerdict]] = []
    for seed in range(args.first, args.first + args.deals):
        layout = deal(game, board, sources, game.pairs[0], random.Random(seed), face_up=True)
        began = time.perf_counter()
        found = solve(Rules(patience, board), layout, seconds=args.limit)
        took = time.perf_counter() - began
        spent += took
        times.append((took, seed, found.verdict))
        counts[found.verdict] += 1
        positions += found.positions
        if found.verdict is SolverVerdict.UNKNOWN:
            unknown.append(seed)
        if found.verdict is SolverVerdict.LOST:
            fewest.append(f"{seed}:{found.left}{'' if found.fewest else '*'}")
    n = args.deals
    print(f"{args.game} open, deals {args.first}-{args.first + n - 1} at {args.limit:g} s: "
          f"{counts[SolverVerdict.WON]} won, {counts[SolverVerdict.LOST]} lost, "
          f"{counts[SolverVerdict.UNKNOWN]} unknown; {positions / spent:.0f} positions/s, "
          f"{spent / n:.2f} s a deal")
    print(f"  unknown: {' '.join(map(str, unknown)) or 'none'}")
    slowest = sorted(times, reverse=True)[:5]
    print("  slowest: " + ", ".join(f"{seed} {verdict.value} {took:.1f} s"
                                    for took, seed, verdict in slowest))
    print(f"  lost, cards left (deal:cards): {' '.join(fewest) or 'none'}")


if __name__ == "__main__":
    main()
