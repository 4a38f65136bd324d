"""Times the booklet's line breaking of one very long word (issue 45 item 5): a word of
2,000, 20,000 and 200,000 letters after a short one, set at a booklet's measure in both
languages, with the time, and the peak memory Python allocated in a second run. Before the fix ten times
the letters cost 35 times the time; now they cost about ten times. Run:
python bench/hyphenation.py"""
from __future__ import annotations

import time
import tracemalloc

from generator.draw.text import fit_lines

LETTERS = {"en": "hyphenation", "ru": "переносслов"}


def main() -> None:
    fit_lines("warm-up of the fonts and dictionaries", 100, "regular", 10, "en")
    fit_lines("разогрев шрифтов и словарей", 100, "regular", 10, "ru")
    for lang, letters in LETTERS.items():
        for length in (2_000, 20_000, 200_000):
            word = (letters * (length // len(letters) + 1))[:length]
            start = time.perf_counter()
            lines = fit_lines(f"a {word} b", 100, "regular", 10, lang)
            seconds = time.perf_counter() - start
            tracemalloc.start()   # a second run: tracing slows the first one's time
            fit_lines(f"a {word} b", 100, "regular", 10, lang)
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            print(f"{lang} {length:>7,} letters: {len(lines):>6,} lines, {seconds:6.2f} s, "
                  f"peak {peak / 1e6:6.1f} MB")


if __name__ == "__main__":
    main()
