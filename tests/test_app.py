"""The jobs layer (issue 24): every job importable from ``generator.app``, each over an
option object, returning what it wrote, and writing all of its files or none."""
from __future__ import annotations

from pathlib import Path

import pytest

import generator.app as app
from generator.sheets.spec import Paper
from generator.app import (BookletOptions, ExportOptions, FigureOptions, KitOptions,
                           RenderOptions, ShopOptions)
from generator.app.options import Flip, SheetSpec
from generator.errors import FigureError, NotFoundError


def test_every_job_is_importable_from_the_package() -> None:
    for name in ("build_kit", "export_cards", "make_figure", "make_booklet", "calibrate",
                 "read_calibration", "make_shop_files", "render", "preview", "gallery",
                 "draw_figure", "set_booklet"):
        assert callable(getattr(app, name)), name
        assert name in app.__all__


def test_build_kit_writes_the_kit_and_the_booklet_and_returns_them(library, tmp_path):
    built = app.build_kit(library, tmp_path, KitOptions(
        items=["pack2", "board-a", "booklet-en"], count_ink=True))
    assert [b.path.name for b in built] == ["pack2.pdf", "board-a.pdf", "kit.pdf",
                                            "booklet-en.pdf"]
    for b in built:
        assert b.path.stat().st_size == b.size
    assert built[0].sheets == 1 and built[0].ink is not None and built[0].ink > 0
    assert built[-1].sheets is None and built[-1].ink is None   # a booklet is not counted


def test_a_booklet_that_fails_leaves_no_kit_file(library, tmp_path, monkeypatch):
    def broken(library, langs, paper):
        raise NotFoundError("no booklet 'booklet-xx'")
    monkeypatch.setattr("generator.app.booklet.made_booklets", broken)
    with pytest.raises(NotFoundError):
        app.build_kit(library, tmp_path / "out", KitOptions(items=["pack2", "booklet-en"]))
    assert not (tmp_path / "out").exists()


def test_a_booklet_in_an_unknown_language_is_refused_before_drawing(library, tmp_path):
    with pytest.raises(NotFoundError, match="booklet-xx"):
        app.build_kit(library, tmp_path, KitOptions(items=["pack2", "booklet-xx"]))
    assert list(tmp_path.iterdir()) == []


def test_the_default_build_has_the_english_booklet_unless_reprinting_sheets():
    assert app.default_items()[-1] == "booklet-en"
    assert "booklet-en" not in app.default_items(frozenset({2}))


def test_calibrate_and_read_calibration(tmp_path):
    spec = SheetSpec(paper=Paper.LETTER, flip=Flip.SHORT)
    built = app.calibrate(tmp_path, spec)
    assert built.path == tmp_path / "calibration-letter-short.pdf"
    assert built.pages == 2 and built.path.stat().st_size == built.size
    lines = app.read_calibration(spec, "TL=0,0 TR=0,0 BL=0,0 BR=0,0")
    assert lines[0] == ("build with: --back-offset 0.00,0.00 --back-rotate 0.000 "
                        "--back-scale 1.0000,1.0000")
    assert app.next_step(spec).startswith("opencards calibrate --paper letter --flip short")


def test_export_cards_returns_one_png_per_side(library, tmp_path):
    steps: list[tuple[int, int]] = []
    built = app.export_cards(library, tmp_path, ExportOptions(items=["pack2"], dpi=40),
                             progress=lambda done, total: steps.append((done, total)))
    assert len(built) == 64 and steps[-1] == (64, 64)
    assert all(b.path.parent == tmp_path / "cards" / "pack2" for b in built)
    assert {b.path.name for b in built} >= {"pack2-10R-face.png", "pack2-10R-back.png"}


def test_shop_files_name_their_printing_condition(library, tmp_path):
    made = app.make_shop_files(library, tmp_path, ShopOptions(items=["pack2"]))
    assert [b.path.name for b in made.written] == ["pack2-shop.pdf"]
    assert made.pdfx_version == "PDF/X-1a:2003" and made.condition


def test_make_figure_writes_the_figure_and_its_frames(library, tmp_path):
    made = app.make_figure(library, "game1-demo", FigureOptions.parse(
        {"moves": "b2-b3 g7-g6"}), tmp_path / "f.svg", frames_dir=tmp_path / "frames")
    assert made.fmt == "svg"
    assert made.written == [tmp_path / "f.svg", tmp_path / "frames" / "00.svg",
                            tmp_path / "frames" / "01.svg", tmp_path / "frames" / "02.svg"]
    assert all(p.exists() for p in made.written)


def test_a_bad_figure_option_writes_nothing(library, tmp_path):
    with pytest.raises(FigureError, match="--arrow"):
        app.make_figure(library, "game1-demo", FigureOptions.parse({"arrow": ("zz-top",)}),
                        tmp_path / "f.svg")
    assert list(tmp_path.iterdir()) == []


def test_the_figure_job_takes_a_layout_in_memory_and_returns_the_bytes_it_would_write(
        library, tmp_path):
    """Issue 41: drawing and encoding are one step, writing another; the bytes handed
    back are the file make_figure writes, and a position held in memory (never written
    anywhere) is drawn the same as the file it came from."""
    from generator.app.figure import FigureFormat, render_figure
    from generator.io.figures import figure_layout
    options = FigureOptions.parse({"format": FigureFormat.PNG, "moves": "b2-b3 g7-g6",
                                   "dpi": 40, "highlight": ("c3:green",)})
    loaded, table = figure_layout(library, "game1-demo")
    made = render_figure(library, loaded, options, table=table)
    assert made.data.startswith(b"\x89PNG")
    written = app.make_figure(library, "game1-demo", options, tmp_path / "f.png")
    assert written.written[0].read_bytes() == made.data
    # Another highlight colour is another picture: the options reach the drawing.
    other = render_figure(library, loaded, FigureOptions.parse(
        {"format": FigureFormat.PNG, "moves": "b2-b3 g7-g6", "dpi": 40,
         "highlight": ("c3:red",)}), table=table)
    assert other.data != made.data


def test_render_and_the_pictures(library, tmp_path):
    written = app.render(library, "board-a", tmp_path / "r", RenderOptions(fmt="svg"))
    assert written == [tmp_path / "r" / "board-a.svg"]
    assert app.preview(library, tmp_path / "p" / "preview.png", dpi=20).exists()


def test_make_booklet_with_a_contact_sheet(library, tmp_path):
    made = app.make_booklet(library, tmp_path / "out", BookletOptions(
        lang="en", games=("ass",), contact_sheet=tmp_path / "c.png"))
    assert [b.path.name for b in made.written] == ["booklet-en.pdf"]
    assert made.contact_sheet == tmp_path / "c.png" and made.contact_sheet.exists()
    assert made.pages == made.written[0].pages > 1
