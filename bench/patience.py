"""How often can each patience be won? python bench/patience.py [--seeds 100] [--nodes N]

Drawing a deal is timed by bench/tableau.py.

Runs the solver on deals FIRST..FIRST+SEEDS-1 of every patience (or of --only NAME), each
search stopped after --nodes expanded positions (deterministic: the same figures on any
machine) or --seconds. Prints one line per patience: deals won, proved lost and unknown
(the limit came first), the share decided, positions searched per second and seconds per
deal. --json FILE keeps every search. docs/solvers.md records the measurements.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.patience import PATIENCES, patience  # noqa: E402
from generator.patience.solver import SolverVerdict, solve  # noqa: E402


#: Nodes per search by default: 6-8 s a deal on the development machine (docs/patiences-and-ass.md).
NODES = {"nivernaise": 20_000, "empress-of-india": 10_000, "besieged-city": 20_000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("--nodes", type=int, default=None,
                        help="positions expanded per search (default: per patience)")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--only", choices=sorted(PATIENCES), action="append")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    records = []
    print(f"{'patience':<17} {'seeds':>5} {'won':>4} {'lost':>4} {'unknown':>7} "
          f"{'decided':>7} {'pos/s':>6} {'s/deal':>6}  nodes")
    for name in args.only or list(PATIENCES):
        game = patience(name)
        nodes = args.nodes or NODES[name]
        counts = {v: 0 for v in SolverVerdict}
        began = time.perf_counter()
        searched = 0
        won_seeds = []
        for seed in range(args.first, args.first + args.seeds):
            result = solve(game, seed, nodes=nodes, seconds=args.seconds)
            counts[result.verdict] += 1
            searched += result.nodes
            if result.verdict is SolverVerdict.WON:
                won_seeds.append(seed)
            records.append({"patience": name, "seed": seed, "verdict": result.verdict.value,
                            "on_foundations": result.on_foundations, "nodes": result.nodes,
                            "seconds": round(result.seconds, 3),
                            "moves": " ".join(map(str, result.moves))
                            if result.verdict is SolverVerdict.WON else ""})
        total = time.perf_counter() - began
        decided = counts[SolverVerdict.WON] + counts[SolverVerdict.LOST]
        print(f"{name:<17} {args.seeds:>5} {counts[SolverVerdict.WON]:>4} "
              f"{counts[SolverVerdict.LOST]:>4} "
              f"{counts[SolverVerdict.UNKNOWN]:>7} {decided / args.seeds:>7.0%} "
              f"{searched / total:>6.0f} {total / args.seeds:>6.1f}  {nodes}", flush=True)
        print(f"  won: {' '.join(map(str, won_seeds)) or 'none'}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
