"""Benchmark of the rule engine on random positions: python bench/rules.py [--seconds N]
[--deals N --limit S].

Random self-play of basic game 1 from the shipped start (game1-demo), each game to the end
(a test card beaten, a side without moves, or 400 plies). It times legal-move generation
(one call of legal_moves per ply) and combination finding (one call of combinations per
position reached). Then the patience solver on seeded open deals of basic game 65 (as
`opencards rules deal basic-65 --open --seed N`), each searched for at most S seconds: the
share solved and the positions searched per second. The figures depend on the machine;
docs/performance.md records one measurement.
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
from generator.rules import combinations  # noqa: E402
from generator.io.templates import Library  # noqa: E402
from generator.io.layouts import sources_for  # noqa: E402
from generator.rules.dealing import deal  # noqa: E402
from generator.rules.solver import solve  # noqa: E402
from generator.rules.bound import Rules  # noqa: E402

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
    rules = Rules(game, board)
    while spent < seconds:
        layout, side = start, "south"
        for ply in range(MAX_PLIES):
            began = time.perf_counter()
            moves = rules.board_moves(layout, side)
            spent += time.perf_counter() - began
            calls += 1
            moves_listed += len(moves)
            positions.append(layout)
            if not moves:
                ends["stuck"] += 1
                break
            layout = rules.play(layout, rng.choice(moves))
            winner = rules.goal.settled_winner(layout, last_move=None, mover=None)
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


def solve_deals(deals: int, seconds: float) -> dict[str, float]:
    """Solves open deals 1..*deals* of basic game 65, *seconds* each at most."""
    library = Library()
    game = library.game("basic-65")
    patience = library.game("basic-65-open")  # the same deal, played by one player
    board = library.board(game.boards[0])
    sources = sources_for(library, Layout(board.name), game)
    solved = complete = positions = 0
    left = 0
    spent = 0.0
    for seed in range(1, deals + 1):
        layout = deal(game, board, sources, game.pairs[0], random.Random(seed), face_up=True)
        began = time.perf_counter()
        found = solve(Rules(patience, board), layout, seconds=seconds)
        spent += time.perf_counter() - began
        solved += found.solved
        complete += found.complete
        positions += found.positions
        left += found.left
    return {"deals": deals, "solved": solved, "complete": complete, "positions": positions,
            "seconds": spent, "left": left}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="time spent generating moves (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=100,
                        help="open deals of basic 65 for the solver (default 100; 0 skips)")
    parser.add_argument("--limit", type=float, default=10.0,
                        help="seconds of search per deal (default 10)")
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
    if args.deals:
        result = solve_deals(args.deals, args.limit)
        print(f"patience solver (basic 65 in the open, {args.limit:g} s a deal): "
              f"{int(result['solved'])} of {args.deals} deals cleared, "
              f"{int(result['complete'])} searched completely, "
              f"{result['left'] / args.deals:.1f} cards left on average, "
              f"{result['positions'] / result['seconds']:,.0f} positions/s")


if __name__ == "__main__":
    main()
