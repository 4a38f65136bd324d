"""The ink estimate reads the PDFs the build has just encoded: no page is drawn twice for it,
and it comes close to a fine measurement of the same PDF."""
from __future__ import annotations

import pytest

from generator.draw.backends import pdf, png
from generator.sheets import ink, kit


def test_counting_ink_draws_no_page_again(library, tmp_path, monkeypatch):
    drawn = {"pdf": 0, "png": 0}
    real_pdf, real_png = pdf.render, png.render_image

    def counted_pdf(*args, **kwargs):
        drawn["pdf"] += 1
        return real_pdf(*args, **kwargs)

    def counted_png(*args, **kwargs):
        drawn["png"] += 1
        return real_png(*args, **kwargs)

    monkeypatch.setattr(pdf, "render", counted_pdf)
    monkeypatch.setattr(png, "render_image", counted_png)
    built = kit.build(library, tmp_path, items=["pack1", "board-a"], count_ink=True)
    assert [b.path.name for b in built] == ["pack1.pdf", "board-a.pdf", "kit.pdf"]
    assert all(b.ink is not None and b.ink > 0 for b in built)
    # One encoding per file written, and no Pillow drawing at all.
    assert drawn == {"pdf": 3, "png": 0}
    assert built[2].ink == pytest.approx(built[0].ink + built[1].ink)


def test_the_estimate_is_near_a_fine_measurement(library, tmp_path, monkeypatch):
    built = kit.build(library, tmp_path, items=["latin1"], count_ink=True)
    data = built[0].path.read_bytes()
    monkeypatch.setattr(ink, "DPI", 300)
    fine = ink.rated(ink.page_coverages(data))
    assert built[0].ink == pytest.approx(fine, rel=0.05)
