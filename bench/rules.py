"""Benchmark of the rule engine on random positions: python bench/rules.py [--seconds N].

Random self-play of basic game 1 from the shipped start (game1-demo), each game to the end
(a test card beaten, a side without moves, or 400 plies). It times legal-move generation
(one call of legal_moves per ply) and combination finding (one call of combinations per
position reached). The figures depend on the machine; README records one measurement.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.rules.games import opponent  # noqa: E402
from generator.model.layout import Layout  # noqa: E402
from generator.rules import combinations, legal_moves, outcome, play  # noqa: E402
from generator.io.templates import Library  # noqa: E402

MAX_PLIES = 400


def self_play(seed: int, seconds: float) -> tuple[list[Layout], dict[str, float]]:
    """Plays random games of basic game 1 for about *seconds*; returns every position."""
    library = Library()
    game, start = library.game("basic-1"), library.layout("game1-demo")
    board = library.board(start.board)
    rng = random.Random(seed)
    positions: list[Layout] = []
    calls = moves_listed = games = 0
    ends = {"south": 0, "north": 0, "stuck": 0, "ply limit": 0}
    spent = 0.0
    while spent < seconds:
        layout, side = start, "south"
        for ply in range(MAX_PLIES):
            began = time.perf_counter()
            moves = legal_moves(layout, board, game, side)
            spent += time.perf_counter() - began
            calls += 1
            moves_listed += len(moves)
            positions.append(layout)
            if not moves:
                ends["stuck"] += 1
                break
            layout = play(layout, rng.choice(moves), game)
            winner = outcome(layout, game)
            if winner:
                ends[winner] += 1
                break
            side = opponent(side)
        else:
            ends["ply limit"] += 1
        games += 1
    return positions, {"games": games, "calls": calls, "moves": moves_listed,
                       "seconds": spent, **{f"end {k}": v for k, v in ends.items()}}


def time_combinations(positions: list[Layout]) -> tuple[int, int, float]:
    began = time.perf_counter()
    found = sum(len(combinations(layout)) for layout in positions)
    return len(positions), found, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="time spent generating moves (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    positions, stats = self_play(args.seed, args.seconds)
    finds, combos, spent = time_combinations(positions)
    ends = ", ".join(f"{k[4:]} {int(v)}" for k, v in stats.items() if k.startswith("end "))
    print(f"self-play of basic-1: {int(stats['games'])} games, {len(positions)} positions "
          f"({ends})")
    print(f"legal-move generation: {stats['calls'] / stats['seconds']:,.0f} positions/s, "
          f"{stats['moves'] / stats['seconds']:,.0f} moves/s "
          f"({stats['moves'] / stats['calls']:.1f} moves per position)")
    print(f"combination finding:   {finds / spent:,.0f} positions/s "
          f"({combos} combinations found in {finds} positions)")


if __name__ == "__main__":
    main()
