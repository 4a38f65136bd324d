"""How build and show grow with the size of a letter set: python bench/scale.py [--runs N].

Writes letter-set templates of 32, 512 and 4,096 cards, and the largest the bundled fonts
allow, into a temporary templates folder (N/2 letters, each in both the red and the
yellow group, as the vowels of the shipped sets are; letters the bundled fonts can draw,
in code point order; even frequencies) and times, as whole processes, ``opencards
--templates DIR build --only setN`` and ``show setN``: wall time, CPU time and peak memory,
the median over the runs. Build should grow in proportion to the cards and its memory
stay nearly flat; show should stay well under a second.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = (32, 512, 4096)
#: Compiled bytecode, as an installed opencards uses (see bench/kit.py).
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
       "PYTHONPATH": str(ROOT)}


def drawable_letters() -> list[str]:
    """Capital letters both bundled fonts have a glyph for, in code point order."""
    from fontTools.ttLib import TTFont
    maps = [set(TTFont(ROOT / "fonts" / name).getBestCmap())
            for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")]
    # The loader takes capitals only: letters that are their own upper case.
    return [chr(c) for c in sorted(maps[0] & maps[1])
            if chr(c).isalpha() and chr(c) == chr(c).upper()]


def letter_set_toml(cards: int, letters: list[str]) -> str:
    half = cards // 2
    chosen = letters[:half]
    if len(chosen) < half:
        raise SystemExit(f"the fonts have only {len(letters)} letters")
    percent = 100 / half
    rows = "\n".join(f'"{letter}" = {percent!r}' for letter in chosen)
    return f'''kind = "letters"
title = "{cards} letters"
script = "latin"

[marks]
back_rhombuses = true
back_hatching = "horizontal"
dagger_group = "yellow"

[groups.red]
letters = "{' '.join(chosen)}"

[groups.yellow]
letters = "{' '.join(chosen)}"

[frequency]
source = "even, for a benchmark"

[frequency.percent]
{rows}
'''


def run(command: list[str], cwd: Path) -> tuple[float, float, float]:
    """Wall s, CPU s and peak MB of one whole process."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE,
                             env=ENV)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    assert child.stderr is not None
    error = child.stderr.read().decode()
    if status != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{error}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    letters = drawable_letters()
    print(f"the bundled fonts draw {len(letters)} letters (the largest set, each in both "
          f"groups: {2 * len(letters)} cards)")
    sizes = (*SIZES, 2 * len(letters))
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        (tmp / "templates" / "letters").mkdir(parents=True)
        for cards in sizes:
            (tmp / "templates" / "letters" / f"set{cards}.toml").write_text(
                letter_set_toml(cards, letters), encoding="utf-8")
        base = [sys.executable, "-m", "generator", "--templates", str(tmp / "templates")]
        print(f"{'cards':>6}  {'build wall':>10}  {'CPU':>7}  {'peak':>7}   "
              f"{'show wall':>9}  {'CPU':>7}  {'peak':>7}")
        for cards in sizes:
            builds = [run(base + ["build", "--only", f"set{cards}", "--out",
                                  str(tmp / f"out{cards}-{n}")], tmp) for n in range(args.runs)]
            shows = [run(base + ["show", f"set{cards}"], tmp) for _ in range(args.runs)]
            figures = []
            for results in (builds, shows):
                figures += [statistics.median(r[0] for r in results),
                            statistics.median(r[1] for r in results),
                            max(r[2] for r in results)]
            print(f"{cards:>6}  {figures[0]:>8.2f} s  {figures[1]:>5.2f} s  {figures[2]:>4.0f} MB"
                  f"   {figures[3]:>7.2f} s  {figures[4]:>5.2f} s  {figures[5]:>4.0f} MB")


if __name__ == "__main__":
    main()
