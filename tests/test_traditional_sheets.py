"""Traditional packs printed by the kit pipeline (`build`, `render`, `export-cards`), held
to the same sheet checks as the open-card packs: crop marks clear of every card's bleed,
page boxes, duplex registration from rendered pixels, and the printed indices."""
from __future__ import annotations

import math

import pytest
from PIL import Image
from pypdf import PdfReader

import pdfgeom
from generator.cli import cli
from generator.app import KitOptions, build_kit
from generator.sheets.render import card_pages
from generator.sheets.spec import Flip, Orientation, SheetSpec
from test_marks import bounding, crop_marks_on, grown, overlaps
from test_registration import misregistration

ITEMS = ("pack36", "pack52")
TOL = 0.01


@pytest.fixture(scope="module")
def kit(tmp_path_factory, library):
    out = tmp_path_factory.mktemp("traditional-kit")
    # Upright, the grid these checks were written for; test_fuller_sheets turns them.
    build_kit(library, out, KitOptions(items=ITEMS, spec=SheetSpec(orientation=Orientation.UPRIGHT)))
    return out


@pytest.mark.parametrize("name, cards", [("pack36", 36), ("pack52", 52)])
def test_cards_at_their_own_size_on_the_largest_grid(kit, name, cards):
    pages = pdfgeom.read(kit / f"{name}.pdf")
    # 63 x 88 mm on A4 inside a 5 mm margin with bleed and crop marks: 2 x 3 a sheet.
    assert len(pages) == 2 * math.ceil(cards / 6)
    assert sum(len(geo.markers) for geo in pages) == 2 * cards
    for geo in pages:
        for marker in geo.markers:
            assert marker[2:] == pytest.approx((63.0, 88.0), abs=TOL)


@pytest.mark.parametrize("name", ITEMS)
def test_crop_marks_stay_off_every_cards_bleed_and_boxes_are_right(kit, name):
    for geo in pdfgeom.read(kit / f"{name}.pdf"):
        marks = crop_marks_on(geo)
        # The 2 x 3 grid: both ends of 3 vertical and 4 horizontal cuts; a part-filled
        # last sheet, the cuts of the cards it holds.
        xs = {round(v, 2) for c in geo.markers for v in (c[0], c[0] + c[2])}
        ys = {round(v, 2) for c in geo.markers for v in (c[1], c[1] + c[3])}
        assert len(marks) == 2 * (len(xs) + len(ys))
        assert len(geo.markers) < 6 or len(marks) == 2 * (3 + 4)
        for mark in marks:
            for card in geo.markers:
                assert not overlaps(mark, grown(card, 2.0)), (name, mark, card)
    for geo in pdfgeom.read(kit / f"{name}.pdf")[:2]:
        # Full sheets: the trim box is the block of the cards, grown by the bleed.
        assert geo.boxes["TrimBox"] == pytest.approx(bounding(geo.markers), abs=TOL)
        assert geo.boxes["BleedBox"] == pytest.approx(grown(bounding(geo.markers), 2.0),
                                                      abs=TOL)


@pytest.mark.parametrize("name", ITEMS)
def test_every_sheet_registers_within_005_mm(kit, name):
    for reading in misregistration(kit / f"{name}.pdf", "long"):
        assert reading == pytest.approx((0.0, 0.0), abs=0.05)


def test_a_back_offset_reads_back_as_given(tmp_path, library):
    build_kit(library, tmp_path, KitOptions(items=["pack36"], spec=SheetSpec(flip=Flip.SHORT, back_offset=(1.5, -0.7))))
    for reading in misregistration(tmp_path / "pack36.pdf", "short"):
        assert reading == pytest.approx((1.5, -0.7), abs=0.05)


def test_the_printed_indices_are_cyrillic_code_points(kit):
    text = "".join(p.extract_text() for p in PdfReader(kit / "pack36.pdf").pages[::2])
    # Courts and the ace: two corners, four suits each (a court's panel holds a figure).
    counts = {"\u0412": 8, "\u0414": 8, "\u041a": 8, "\u0422": 8}
    assert {letter: text.count(letter) for letter in counts} == counts
    for suit in "♠♣♥♦":
        assert suit in text
    latin = "".join(p.extract_text() for p in PdfReader(kit / "pack52.pdf").pages[::2])
    assert "\u0412" not in latin and latin.count("Q") == 2 * 4


def test_build_only_a_traditional_pack_from_the_command_line(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--only", "pack52x2", "--out", str(tmp_path),
                                 "--card-size", "56x87mm"])
    assert result.exit_code == 0, result.output
    pages = pdfgeom.read(tmp_path / "pack52x2.pdf")
    assert sum(len(g.markers) for g in pages) == 2 * 104
    assert pages[0].markers[0][2:] == pytest.approx((56.0, 87.0), abs=TOL)


def test_render_and_export_cards(runner, tmp_path):
    rendered = runner.invoke(cli, ["render", "pack36", "--dpi", "30",
                                   "--out", str(tmp_path / "png")])
    assert rendered.exit_code == 0, rendered.output
    files = sorted(p.name for p in (tmp_path / "png").iterdir())
    assert len(files) == 72 and "pack36-10S-face.png" in files and "pack36-AD-back.png" in files
    exported = runner.invoke(cli, ["export-cards", "--only", "pack36", "--dpi", "72",
                                   "--out", str(tmp_path / "out")])
    assert exported.exit_code == 0, exported.output
    folder = tmp_path / "out" / "cards" / "pack36"
    assert len(list(folder.iterdir())) == 72
    face = Image.open(folder / "pack36-QH-face.png")
    # 63 x 88 mm plus 1/8 in bleed on every side, at 72 dpi.
    assert face.size == (round((63 + 6.35) / 25.4 * 72), round((88 + 6.35) / 25.4 * 72))


def test_files_of_a_multi_copy_pack_are_named_by_copy(library):
    stems = [stem for stem, _ in card_pages(library.traditional("pack52x2"), library.settings())]
    assert len(stems) == 2 * 104 and len(set(stems)) == 208
    assert stems[:2] == ["pack52x2-1-2S-face", "pack52x2-1-2S-back"]
    assert "pack52x2-2-AD-back" in stems


def test_the_same_input_gives_the_same_bytes(tmp_path, library):
    build_kit(library, tmp_path / "a", KitOptions(items=["pack36"]))
    build_kit(library, tmp_path / "b", KitOptions(items=["pack36"]))
    assert (tmp_path / "a" / "pack36.pdf").read_bytes() == \
        (tmp_path / "b" / "pack36.pdf").read_bytes()
