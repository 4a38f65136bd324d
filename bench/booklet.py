"""Times the rule booklets in process (after a warm-up): loading, drawing and checking every
figure, setting the pages and encoding the PDF, for English and Russian, with and without
saddle imposition. Run: python bench/booklet.py"""
from __future__ import annotations

import statistics
import time

from generator.app.booklet import set_booklet
from generator.io.templates import Library


def main() -> None:
    library = Library()
    set_booklet(library, "en")  # warm-up: fonts and hyphenation dictionaries; each run
    # then reads the templates afresh.
    for lang in ("en", "ru"):
        for imposition in ("none", "saddle"):
            runs = []
            for _ in range(5):
                start = time.perf_counter()
                made = set_booklet(Library(), lang, imposition=imposition)
                runs.append(time.perf_counter() - start)
            print(f"{lang} {imposition:6}: {len(made.pages)} pages, {len(made.figures)} figures, "
                  f"best {min(runs):.2f} s, median {statistics.median(runs):.2f} s")


if __name__ == "__main__":
    main()
