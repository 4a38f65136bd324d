"""A build of one huge letter set takes about the memory of a small one: its pages are
drawn, written and dropped one at a time (issue 17, "memory flat up to the largest letter
set"). Measured as a user meets it: the peak memory of whole ``opencards build`` processes,
read from the operating system, not the clock, so a busy machine cannot make it flaky."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.io.glyphs import missing_characters

ROOT = Path(__file__).resolve().parent.parent

#: The two sets compared. The small one is past the first hundreds of cards, where every
#: build grows by the fonts' and PDFium's caches filling (a 32-card build peaks 7 MB lower);
#: the large one is as large as a few seconds of building allows.
SMALL = 256
LARGE = 2048
#: What the large build may take beyond the small one. Measured on the development
#: machine: alone 4.8 MB now (what still grows is the glyphs of the 896 more letters
#: drawn, and the compressed PDF itself), 12.6 MB with the pages' drawings kept until the
#: file is written, 18.1 MB before this work (which also kept every page's stream
#: uncompressed, and PDFium's glyphs of every page); in a kit with pack 1 (three PDFs)
#: 4.8 MB now and 23 MB drawn once and kept whole (as kits below
#: :data:`~generator.sheets.kit.LAZY_KIT_CARDS` are).
MARGIN_MB = 8


def letter_set(cards: int) -> str:
    """A letter-set template of *cards* cards: each letter in both groups, as the vowels
    of the shipped sets are, with even frequencies."""
    letters = [chr(c) for c in range(0x41, 0x3000)
               if chr(c).isalpha() and chr(c) == chr(c).upper()
               and not missing_characters(chr(c))][:cards // 2]
    assert len(letters) == cards // 2
    rows = "\n".join(f'"{letter}" = {100 / len(letters)!r}' for letter in letters)
    joined = " ".join(letters)
    return (f'kind = "letters"\ntitle = "{cards} letters"\nscript = "latin"\n\n'
            f'[marks]\nback_rhombuses = true\nback_hatching = "horizontal"\n'
            f'dagger_group = "yellow"\n\n[groups.red]\nletters = "{joined}"\n\n'
            f'[groups.yellow]\nletters = "{joined}"\n\n[frequency]\nsource = "even"\n\n'
            f'[frequency.percent]\n{rows}\n')


def peak_mb(tmp_path: Path, cards: int, *more: str) -> float:
    """Peak resident memory, in MB, of ``opencards build --only`` a set of *cards* (and
    the items *more*, which make it a kit with kit.pdf)."""
    templates = tmp_path / "templates"
    (templates / "letters").mkdir(parents=True, exist_ok=True)
    (templates / "letters" / f"set{cards}.toml").write_text(letter_set(cards),
                                                             encoding="utf-8")
    out = tmp_path / f"out{cards}"
    child = subprocess.Popen(
        [sys.executable, "-m", "generator", "--templates", str(templates), "build",
         "--only", f"set{cards}", *(f"--only={name}" for name in more), "--out", str(out)],
        cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    # wait4 gives this child's own peak, not the largest of every child the tests ran.
    _, status, usage = os.wait4(child.pid, 0)
    assert child.stderr is not None
    error = child.stderr.read().decode()
    child.stderr.close()
    assert status == 0, error
    assert (out / f"set{cards}.pdf").stat().st_size > 0
    return usage.ru_maxrss / 1024   # KB on Linux


@pytest.fixture(scope="module")
def small_build_mb(tmp_path_factory: pytest.TempPathFactory) -> float:
    return peak_mb(tmp_path_factory.mktemp("small"), SMALL)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ru_maxrss in KB: Linux")
@pytest.mark.parametrize("more", [(), ("pack1",)], ids=["alone", "in-a-kit"])
def test_a_huge_letter_set_builds_in_about_the_memory_of_a_small_one(
        tmp_path: Path, small_build_mb: float, more: tuple[str, ...]) -> None:
    """Alone, and in a kit with another item (its own file, the other's and kit.pdf)."""
    large = peak_mb(tmp_path, LARGE, *more)
    assert large - small_build_mb < MARGIN_MB, (
        f"{SMALL} cards: {small_build_mb:.0f} MB, {LARGE} cards{' in a kit' * bool(more)}: "
        f"{large:.0f} MB; the build keeps something for every page")
