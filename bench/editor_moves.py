"""Benchmark of a move in the editor: python bench/editor_moves.py [ROUNDS].

Starts ``opencards serve`` on a free port, loads ``game1-demo`` and times three requests
over HTTP, as the page makes them:

- a card's legal moves (``GET .../moves?square=e2``), what selecting a card costs;
- a move's round trip as the page makes it now (``POST .../moves?draw=false``): the board
  checked and the move played, answered without the board's drawing (the page moves the
  card in the drawing it has);
- the same move answered with the whole board drawn again (``POST .../moves``), as every
  move was answered before issue 42.

Each move is taken back (with the same kind of answer) before the next round, so that every
round plays the same move from the same position; the take-back is not timed. Prints the
medians and the ratios. Timings depend on the machine and its load: measured by hand, never
asserted in a test.
"""
from __future__ import annotations

import json
import statistics
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served import editor_server  # noqa: E402


def main(rounds: int = 30) -> None:
    with editor_server() as base:

        def call(path: str, body: dict[str, object] | None = None) -> tuple[float, int]:
            """The request's round trip in seconds and the answer's size in bytes."""
            request = urllib.request.Request(
                base + path, method="GET" if body is None else "POST",
                headers={"Content-Type": "application/json"},
                data=None if body is None else json.dumps(body).encode("utf-8"))
            start = time.perf_counter()
            with urllib.request.urlopen(request) as answer:
                size = len(answer.read())
            return time.perf_counter() - start, size

        for _ in range(200):   # the address is printed just before the server listens
            try:
                call("/api/catalogue")
                break
            except OSError:
                time.sleep(0.05)
        request = urllib.request.Request(f"{base}/api/boards", headers={
            "Content-Type": "application/json"}, data=json.dumps(
                {"layout": "game1-demo"}).encode("utf-8"))
        board = json.load(urllib.request.urlopen(request))["id"]
        at = f"/api/boards/{board}"

        def moves(draw: str) -> tuple[list[float], int]:
            times, size = [], 0
            for _ in range(rounds):
                took, size = call(f"{at}/moves{draw}", {"move": "e2-e3"})
                times.append(took)
                call(f"{at}/undo{draw}", {})
            return times, size

        call(f"{at}/moves?square=e2")   # warm: the game started, the moves listed
        query = [call(f"{at}/moves?square=e2")[0] for _ in range(rounds)]
        query_size = call(f"{at}/moves?square=e2")[1]
        fast, fast_size = moves("?draw=false")
        full, full_size = moves("")
        q, f, d = (statistics.median(x) * 1000 for x in (query, fast, full))
        print(f"medians of {rounds}: legal moves {q:.1f} ms ({query_size:,} bytes); "
              f"a move without the drawing {f:.1f} ms ({fast_size:,} bytes); "
              f"a move with the board drawn again {d:.1f} ms ({full_size:,} bytes)")
        print(f"a move costs {f / q:.1f} legal-moves queries now, {d / q:.1f} before; "
              f"it is {d / f:.1f} times cheaper than the full redraw")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
