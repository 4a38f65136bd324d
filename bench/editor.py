"""Benchmark of the board editor's answers: python bench/editor.py [--runs N].

Times what the editor's issue promised (validation of a board after an edit within 30 ms,
a card's legal moves within 10 ms) on the shipped layout game1-demo, through the same
EditorBoard the web app uses, and prints the median of N runs of each. Timings depend on
the machine and its load, so they are measured here by hand and never asserted in a test
(tests/test_web_api.py checks the answers themselves).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.io.templates import Library  # noqa: E402
from generator.web.boards import EditorBoard  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=25)
    runs = parser.parse_args().runs
    library = Library()
    board = EditorBoard(library, "x.toml", library.layout("game1-demo"))
    board.problems()   # warm: templates read, caches filled
    board.legal_moves("c2")
    edits, moves = [], []
    for n in range(runs):
        board.put("d5", "3R^" if n % 2 else "4G^")
        start = time.perf_counter()
        board.problems()
        edits.append(time.perf_counter() - start)
        board.reset()
        start = time.perf_counter()
        board.legal_moves("c2")
        moves.append(time.perf_counter() - start)
    print(f"validation after an edit: median {statistics.median(edits) * 1000:.1f} ms "
          f"(promised 30 ms), {runs} runs")
    print(f"legal moves of c2: median {statistics.median(moves) * 1000:.1f} ms "
          f"(promised 10 ms), {runs} runs")


if __name__ == "__main__":
    main()
