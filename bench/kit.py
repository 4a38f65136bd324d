"""Times the default kit build (`opencards build`) end to end, in process.

Run by hand: python bench/kit.py [--runs N]. Prints the best and median wall time of a
full build into a temporary folder, after one warm-up run that loads fonts and templates.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from generator.sheets.kit import build
from generator.io.templates import Library


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    library = Library()
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        build(library, Path(tmp) / "warm")
        for n in range(args.runs):
            start = time.perf_counter()
            built = build(library, Path(tmp) / f"run{n}")
            times.append(time.perf_counter() - start)
    pages = sum(b.pages for b in built)
    size = sum(b.size for b in built) / 1024
    print(f"default kit: {len(built)} files, {pages} pages, {size:.0f} KiB")
    print(f"build time over {args.runs} runs: best {min(times):.3f} s, "
          f"median {statistics.median(times):.3f} s")


if __name__ == "__main__":
    main()
