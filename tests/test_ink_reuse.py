"""The ink estimate reads the PDFs the build has just encoded: no page is drawn twice for it,
and it comes close to a fine measurement of the same PDF."""
from __future__ import annotations

import pytest

from generator.draw.backends import pdf, png
from generator.sheets import ink, kit


def test_counting_ink_draws_no_page_again(library, tmp_path, monkeypatch):
    drawn = {"pdf": 0, "png": 0}
    real_page, real_png = pdf._Document.page, png.render_image

    def counted_page(self, page):
        drawn["pdf"] += 1
        return real_page(self, page)

    def counted_png(*args, **kwargs):
        drawn["png"] += 1
        return real_png(*args, **kwargs)

    monkeypatch.setattr(pdf._Document, "page", counted_page)
    monkeypatch.setattr(png, "render_image", counted_png)
    built = kit.build(library, tmp_path, items=["pack1", "board-a"], count_ink=True)
    assert [b.path.name for b in built] == ["pack1.pdf", "board-a.pdf", "kit.pdf"]
    assert all(b.ink is not None and b.ink > 0 for b in built)
    # pack1's 2 pages and board-a's 4 drawn once each, plus the kit's 4 blank reverses of
    # the board pieces; no Pillow drawing at all.
    assert drawn == {"pdf": 2 + 4 + 4, "png": 0}
    assert built[2].ink == pytest.approx(built[0].ink + built[1].ink)


def test_the_estimate_is_near_a_fine_measurement(library, tmp_path, monkeypatch):
    built = kit.build(library, tmp_path, items=["latin1"], count_ink=True)
    data = built[0].path.read_bytes()
    monkeypatch.setattr(ink, "DPI", 300)
    fine = ink.rated(ink.page_coverages(data))
    assert built[0].ink == pytest.approx(fine, rel=0.05)
