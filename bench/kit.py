"""Times the default kit as a user meets it, and in process, next to the floor.

Run by hand: python bench/kit.py [--runs N] [--no-export].

Whole process (start-up included, from compiled bytecode as installed), in paired runs so that a busy machine slows both sides
of a pair alike; each figure is the median over the runs, with the CPU time and peak memory
of the same runs:

- ``opencards build`` (the kit and the English booklet) beside bench/floor.py, a
  straight-line ReportLab script drawing the same number of pages;
- ``opencards build --only`` the kit's items (no booklet) beside the floor at its pages;
- ``opencards export-cards`` (every card of the kit's packs and letter sets, 300 dpi PNGs).

In process, after one warm-up run that loads fonts and templates, in pairs with
bench/floor.py's drawing at the kit's pages (its fonts registered once too): ``build_kit``
of the kit's items (no booklet) without the ink estimate, the drawing and writing the
floor does; then the same with the estimate, whose CPU time is the difference. Beside
them, the start-up of each side as a process: ``import generator.cli`` and the floor's
ReportLab imports.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.io.templates import Library  # noqa: E402
from generator.app import KitOptions, build_kit  # noqa: E402
from generator.sheets.kit import DEFAULT_ITEMS  # noqa: E402

OPENCARDS = [sys.executable, "-m", "generator"]
#: The children use compiled bytecode, as an installed opencards does (pip compiles it):
#: with PYTHONDONTWRITEBYTECODE set, every run would compile the package's hundred
#: modules from source, which the one-file floor hardly pays.
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
       "PYTHONPATH": str(ROOT)}
FLOOR = [sys.executable, str(ROOT / "bench" / "floor.py")]
_spec = importlib.util.spec_from_file_location("floor", ROOT / "bench" / "floor.py")
assert _spec is not None and _spec.loader is not None
floor = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(floor)


@dataclass
class Run:
    wall: float
    cpu: float
    rss_mb: float


def run(command: list[str], cwd: Path) -> Run:
    """One whole process: wall time, CPU time (user + system) and peak memory."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=ENV)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"failed: {' '.join(command)}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def summary(label: str, runs: list[Run]) -> str:
    return (f"{label:<34} {statistics.median(r.wall for r in runs):6.2f} s wall "
            f"{statistics.median(r.cpu for r in runs):6.2f} s CPU "
            f"{max(r.rss_mb for r in runs):6.0f} MB")


def pages_of(folder: Path) -> int:
    """Pages written into *folder*, counted from each PDF's page objects."""
    import re
    total = 0
    for pdf in folder.glob("*.pdf"):
        total += len(re.findall(rb"/Type /Page\b", pdf.read_bytes()))
    return total


def paired(label: str, command: list[str], floor_label: str, runs: int, tmp: Path) -> None:
    first = tmp / f"{label}-probe"
    run(command + ["--out", str(first)], tmp)
    pages = pages_of(first)
    ours, floor = [], []
    for n in range(runs):
        ours.append(run(command + ["--out", str(tmp / f"{label}-{n}")], tmp))
        floor.append(run(FLOOR + [str(tmp / f"floor-{n}.pdf"), "--pages", str(pages)], tmp))
    wall = statistics.median(a.wall / b.wall for a, b in zip(ours, floor))
    cpu = statistics.median(a.cpu / b.cpu for a, b in zip(ours, floor))
    print(summary(f"{label} ({pages} pages)", ours))
    print(summary(f"{floor_label} ({pages} pages)", floor))
    print(f"{'':<34} {wall:.1f}x the floor's wall time, {cpu:.1f}x its CPU time "
          f"(medians of pairs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-export", action="store_true",
                        help="skip export-cards, the longest of the runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        print("whole process (median of runs, start-up included):")
        paired("opencards build", OPENCARDS + ["build"], "floor.py", args.runs, tmp)
        only = [a for item in DEFAULT_ITEMS for a in ("--only", item)]
        paired("opencards build --only kit", OPENCARDS + ["build", *only], "floor.py",
               args.runs, tmp)
        if not args.no_export:
            exports = [run(OPENCARDS + ["export-cards", "--out", str(tmp / f"export-{n}")],
                           tmp) for n in range(max(1, args.runs // 2))]
            count = len(list((tmp / "export-0").rglob("*.png")))
            print(summary(f"opencards export-cards ({count} PNG)", exports))
        in_process(args.runs, tmp)


def cpu() -> float:
    """This process's CPU time so far (user + system, every thread)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def in_process(runs: int, tmp: Path) -> None:
    """The kit's build and the floor's drawing, each warmed up, in pairs; then the ink
    estimate alone, and each side's start-up as a process."""
    print("in process (kit items, no booklet, after a warm-up; CPU time):")
    library = Library()
    built = build_kit(library, tmp / "warm", KitOptions())
    pages = sum(b.pages for b in built)
    floor.register_fonts()
    floor.draw(tmp / "floor-warm.pdf", pages)
    # kit.pdf's pages are the pages drawn: each item's file replays them.
    drawn = built[-1].pages
    ours, floors, halves, counted = [], [], [], []
    for n in range(runs):
        start = cpu()
        built = build_kit(library, tmp / f"run{n}", KitOptions())
        ours.append(cpu() - start)
        start = cpu()
        floor.draw(tmp / f"floor-{n}.pdf", pages)
        floors.append(cpu() - start)
        start = cpu()
        floor.draw(tmp / f"floor-drawn-{n}.pdf", drawn)
        halves.append(cpu() - start)
        start = cpu()
        with_ink = build_kit(library, tmp / f"ink{n}", KitOptions(count_ink=True))
        [b.ink for b in with_ink]  # waits for the estimate's thread
        counted.append(cpu() - start)
    size = sum(b.size for b in built) / 1024
    ratio = statistics.median(a / b for a, b in zip(ours, floors))
    half = statistics.median(a / b for a, b in zip(ours, halves))
    print(f"  build_kit(): {len(built)} files, {pages} pages, {size:.0f} KiB: "
          f"median {statistics.median(ours):.3f} s")
    print(f"  floor's draw() at the {pages} pages written: median "
          f"{statistics.median(floors):.3f} s, the kit {ratio:.2f}x (median of pairs)")
    print(f"  floor's draw() at the {drawn} pages drawn (kit.pdf's): median "
          f"{statistics.median(halves):.3f} s, the kit {half:.2f}x (median of pairs)")
    ink = statistics.median(c - o for c, o in zip(counted, ours))
    print(f"  the ink estimate (count_ink=True, its thread waited for): {ink:.3f} s more")
    starts = {"import generator.cli": run([sys.executable, "-c", "import generator.cli"], tmp),
              "floor's ReportLab imports": run(
                  [sys.executable, "-c", "import reportlab.pdfgen.canvas, "
                   "reportlab.pdfbase.ttfonts, reportlab.lib.colors"], tmp)}
    for label, started in starts.items():
        print(f"  start-up, {label}: {started.cpu:.3f} s CPU")


if __name__ == "__main__":
    main()
