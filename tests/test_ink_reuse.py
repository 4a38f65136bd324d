"""The ink estimate reads the PDFs the build has just encoded: no page is drawn twice for it,
and it comes close to a fine measurement of the same PDF."""
from __future__ import annotations

import pytest

from generator.draw.backends import pdf, png
from generator.app import KitOptions, build_kit
from generator.sheets import ink, kit
from generator.sheets.printable import printable


def test_counting_ink_draws_no_page_again(library, tmp_path, monkeypatch):
    drawn = {"pdf": 0, "png": 0}
    real_page, real_png = pdf.Document.page, png.render_image

    def counted_page(self, page):
        drawn["pdf"] += 1
        return real_page(self, page)

    def counted_png(*args, **kwargs):
        drawn["png"] += 1
        return real_png(*args, **kwargs)

    monkeypatch.setattr(pdf.Document, "page", counted_page)
    monkeypatch.setattr(png, "render_image", counted_png)
    built = build_kit(library, tmp_path, KitOptions(items=["pack1", "board-a"], count_ink=True))
    assert [b.path.name for b in built] == ["pack1.pdf", "board-a.pdf", "kit.pdf"]
    assert all(b.ink is not None and b.ink > 0 for b in built)
    # pack1's 2 pages and board-a's 4 drawn once each, plus the kit's 4 blank reverses of
    # the board pieces; no Pillow drawing at all.
    assert drawn == {"pdf": 2 + 4 + 4, "png": 0}
    assert built[2].ink == pytest.approx(built[0].ink + built[1].ink)


def test_the_estimate_is_near_a_fine_measurement(library, tmp_path, monkeypatch):
    built = build_kit(library, tmp_path, KitOptions(items=["latin1"], count_ink=True))
    data = built[0].path.read_bytes()
    monkeypatch.setattr(ink, "DPI", 300)
    fine = ink.rated(ink.page_coverages(data))
    assert built[0].ink == pytest.approx(fine, rel=0.05)


def test_the_background_estimate_agrees_while_pdfium_is_used_meanwhile(library, tmp_path):
    """The estimate runs in its own thread; PDFium, which is not thread-safe, is used by
    this thread at the same time (as an export right after a build would), and both give
    what they give alone."""
    from generator.draw.backends import raster

    built = build_kit(library, tmp_path, KitOptions(items=["pack1", "latin1", "board-a"], count_ink=True))
    data = built[0].path.read_bytes()
    pages = kit.item_pages(printable(library.item("pack1")), kit.SheetSpec(),
                           library.settings())
    exported = [len(png) for _ in range(3) for png in raster.pngs(data, pages, dpi=40)]
    alone = [ink.rated(ink.page_coverages(b.path.read_bytes())) for b in built[:3]]
    assert [b.ink for b in built[:3]] == pytest.approx(alone, rel=1e-9)
    assert built[3].ink == pytest.approx(sum(alone), rel=1e-9)
    assert all(size > 0 for size in exported) and len(exported) == 3 * len(pages)


def test_a_background_estimate_stops_when_the_program_ends(tmp_path):
    """Python waits for the estimate's thread before it exits: after Ctrl-C or an error it
    must stop at the next page, not rasterise the rest of a big file nobody will read."""
    import subprocess
    import sys

    script = (
        "import atexit\n"
        "from generator.draw.backends import pdf, raster\n"
        "from generator.draw.scene import Page, Text\n"
        "from generator.sheets import ink\n"
        "seen = []\n"
        "def counted(document, dpi, images=raster.images):\n"
        "    for image in images(document, dpi):\n"
        "        seen.append(1)\n"
        "        yield image\n"
        "raster.images = counted\n"
        "pages = [Page(210, 297, (Text(20, 20 + n % 200, 'page', 9, '#000000'),))\n"
        "         for n in range(64)]\n"
        "counting = ink.Counting()\n"
        "counting.of_document(pdf.render(pages))\n"
        "counting.close()\n"
        # Runs after Python has waited for the estimate's thread.
        "atexit.register(lambda: print(len(seen)))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path,
                          env={**__import__("os").environ,
                               "PYTHONPATH": str(__import__("pathlib").Path(
                                   ink.__file__).resolve().parents[2])})
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.strip()) < 64   # all 64 when Python waited for the whole file


def test_an_estimate_told_to_stop_raises_instead_of_answering(library, tmp_path):
    built = build_kit(library, tmp_path, KitOptions(items=["board-a"]))
    from concurrent.futures import CancelledError
    with pytest.raises(CancelledError):
        ink.page_coverages(built[0].path.read_bytes(), stop=lambda: True)
