"""How full each page of a booklet is, read back from its PDF: the share of the body the
page's lowest drawn object reaches (header and page number left out), and the pages inside
a chapter that fall under a share (a chapter's last page may be short: every chapter starts
a new page). Shared by the make-up tests; run as a script it builds the six booklets the
editors read and prints every page's fill, the underfull pages marked:

    PYTHONPATH=$PWD python tests/pagefill.py [/tmp/out-dir] [key ...]
"""
from __future__ import annotations

import sys
from pathlib import Path

import pypdfium2

from generator.docs.booklet.units import PageGeometry

MM = 72 / 25.4
GEOMETRY = PageGeometry.for_paper("a5")
#: A page inside a chapter holds at least this share of the body (issue 39, ninth review:
#: a published rulebook has no page under about three quarters full but a chapter's last).
INSIDE = 0.7
#: The six booklets the editors read: key, language, games.
PATIENCES = ("nivernaise", "empress-of-india", "besieged-city")
BOOKLETS = {"en": ("en", ()), "ru": ("ru", ()), "ass-en": ("en", ("ass",)),
            "ass-ru": ("ru", ("ass",)), "pat-en": ("en", PATIENCES),
            "pat-ru": ("ru", PATIENCES)}


def fills(pdf: bytes, g: PageGeometry = GEOMETRY) -> list[float]:
    """Each page's fill: how far down the body its lowest drawn object reaches, 0 at the
    body's top and 1 at its foot."""
    found = []
    for page in pypdfium2.PdfDocument(pdf):
        height = page.get_height()
        lowest = g.body_top
        for obj in page.get_objects(max_depth=0):
            _, bottom, _, top = obj.get_bounds()
            top_mm, bottom_mm = (height - top) / MM, (height - bottom) / MM
            if bottom_mm <= g.body_top + 0.5 or top_mm >= g.body_bottom - 0.5:
                continue   # the running header and its rule, the page number
            lowest = max(lowest, bottom_mm)
        found.append((lowest - g.body_top) / (g.body_bottom - g.body_top))
    return found


def inside_pages(labels: list[str]) -> list[int]:
    """The pages (index from 0) that are not a chapter's last, by the pages' *labels*
    (each page labelled with its chapter; the title page and the contents left out)."""
    return [n for n, label in enumerate(labels[:-1])
            if label not in ("title", "contents") and labels[n + 1] == label]


def underfull(pdf: bytes, labels: list[str], share: float = INSIDE) -> list[tuple[int, float]]:
    """(printed page number, fill) of each page inside a chapter under *share* full."""
    found = fills(pdf)
    return [(n + 1, round(found[n], 2)) for n in inside_pages(labels) if found[n] < share]


def main(out: Path, keys: list[str]) -> None:
    from built_booklets import set_booklet
    from generator.io.templates import Library

    library = Library()
    out.mkdir(parents=True, exist_ok=True)
    for key in keys:
        lang, games = BOOKLETS[key]
        made = set_booklet(library, lang, games)
        (out / f"{key}.pdf").write_bytes(made.pdf)
        labels = [page.label for page in made.pages]
        inside = set(inside_pages(labels))
        shares = fills(made.pdf)
        short = underfull(made.pdf, labels)
        counts = ", ".join(f"{len(underfull(made.pdf, labels, share))} under {share:.0%}"
                           for share in (0.6, INSIDE, 0.75, 0.8))
        print(f"{key}: {len(labels)} pages; inside a chapter {counts}: {short}")
        for n, (label, fill) in enumerate(zip(labels, shares)):
            mark = " <" if n in inside and fill < INSIDE else ""
            print(f"  {n + 1:3} {label:24} {fill:5.2f}{mark}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(Path(args[0]) if args else Path("/tmp/pagefill"), args[1:] or list(BOOKLETS))
