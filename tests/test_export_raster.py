"""export-cards rasterises the cards' own PDF pages (pdfium): right size and dpi, the right
colours where the art puts them, the trim where the PDF has it, and a refusal in one line,
before anything is drawn, for an image too large to hold in memory."""
from __future__ import annotations

import subprocess
import sys

import pytest
from PIL import Image, ImageChops, ImageStat

from generator.cli import cli
from generator.draw.backends import png
from generator.draw.backends.raster import MAX_PIXELS, pixel_size
from generator.draw.style import DEFAULT_STYLE
from generator.model.cards import Colour
from generator.model.units import mm_to_px
from generator.app import ExportOptions, export_cards
from generator.sheets.render import card_pages

DPI = 150
#: 20 whole pixels at DPI (3.39 mm), so that the trim falls between two pixels.
BLEED = 20 * 25.4 / DPI


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    from generator.io.templates import Library
    out = tmp_path_factory.mktemp("export")
    steps: list[tuple[int, int]] = []
    built = export_cards(Library(), out, ExportOptions(items=["pack1"], dpi=DPI, bleed=BLEED), progress=lambda done, total: steps.append((done, total)))
    return out / "cards" / "pack1", built, steps


def _hex(pixel) -> str:
    return "#%02x%02x%02x" % pixel[:3]


def test_each_card_is_its_size_at_the_dpi_with_progress_per_card(exported):
    folder, built, steps = exported
    assert len(built) == 64
    # One step per card, in order, so the bar moves as each file is written.
    assert steps == [(n, 64) for n in range(1, 65)]
    image = Image.open(folder / "pack1-1R-face.png")
    assert image.size == (round(mm_to_px(25 + 2 * BLEED, DPI)),
                          round(mm_to_px(50 + 2 * BLEED, DPI)))
    # PNG stores pixels per metre: 150 dpi reads back as 150.01.
    assert image.info["dpi"] == pytest.approx((DPI, DPI), abs=0.05)
    assert image.mode == "RGB"


def test_the_colours_are_where_the_art_puts_them(exported):
    folder, _, _ = exported
    face = Image.open(folder / "pack1-1R-face.png")
    # The bleed carries the card's tint; the suit sign is solid red.
    assert _hex(face.getpixel((2, 2))) == DEFAULT_STYLE.tint[Colour.RED]
    colours = {_hex(c): n for n, c in face.getcolors(face.width * face.height)}
    assert colours.get(DEFAULT_STYLE.suit[Colour.RED], 0) > 0.01 * face.width * face.height
    assert DEFAULT_STYLE.suit[Colour.BLUE] not in colours
    back = Image.open(folder / "pack1-1R-back.png")
    assert _hex(back.getpixel((2, 2))) == DEFAULT_STYLE.back_field


def test_the_trim_is_where_the_pdf_has_it(exported, tmp_path):
    """The card without bleed is the card with bleed cut at the trim."""
    from generator.io.templates import Library
    folder, _, _ = exported
    export_cards(Library(), tmp_path, ExportOptions(items=["pack1"], dpi=DPI, bleed=0))
    for stem in ("pack1-1R-face", "pack1-8B-back"):
        bled = Image.open(folder / f"{stem}.png")
        trimmed = Image.open(tmp_path / "cards" / "pack1" / f"{stem}.png")
        edge = 20
        assert bled.size == (trimmed.width + 2 * edge, trimmed.height + 2 * edge)
        cut = bled.crop((edge, edge, edge + trimmed.width, edge + trimmed.height))
        difference = ImageStat.Stat(ImageChops.difference(cut, trimmed).convert("L")).mean[0]
        assert difference < 1, stem
        # Two pixels off is far from it: the check can tell.
        shifted = bled.crop((edge + 2, edge, edge + 2 + trimmed.width, edge + trimmed.height))
        assert ImageStat.Stat(ImageChops.difference(shifted, trimmed).convert("L")).mean[0] \
            > 3 * difference + 1


def test_the_png_shows_what_the_scene_draws(exported):
    """pdfium's pixels agree with the Pillow backend's drawing of the same scene."""
    from generator.io.templates import Library
    folder, _, _ = exported
    library = Library()
    pages = dict(card_pages(library.source("pack1"), library.settings(), bleed=BLEED))
    for stem in ("pack1-3G-face", "pack1-3G-back"):
        ours = Image.open(folder / f"{stem}.png")
        drawn = png.render_image(pages[stem], dpi=DPI)
        assert ours.size == drawn.size
        mean = ImageStat.Stat(ImageChops.difference(ours, drawn).convert("L")).mean[0]
        assert mean < 4, stem


@pytest.mark.parametrize("args", [
    ["export-cards", "--card-size", "400x400mm", "--dpi", "1200"],
    ["render", "board-a", "--dpi", "1200"],
], ids=["export-cards", "render"])
def test_an_image_too_large_is_refused_in_one_line_before_drawing(args, tmp_path):
    out = tmp_path / "out"
    # The peak from /proc (VmHWM, this process only): ru_maxrss would carry over the
    # peak of the pytest process that started it.
    probe = ("import re\nfrom generator.cli import cli\n"
             f"try:\n    cli({args + ['--out', str(out)]!r}, prog_name='opencards')\n"
             "except SystemExit as e:\n    code = e.code\n"
             "try:\n    status = open('/proc/self/status').read()\n"
             "except OSError:\n    status = 'VmHWM: 0'  # no /proc: the peak goes unchecked\n"
             "print(code, re.search(r'VmHWM:\\s+(\\d+)', status).group(1))\n")
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    code, peak_kb = run.stdout.split()
    assert code == "1"
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "Traceback" not in run.stderr
    assert f"{MAX_PIXELS:,}" in lines[0] and "--dpi" in lines[0]
    if args[0] == "export-cards":
        assert "--card-size" in lines[0]
    assert not out.exists()
    assert int(peak_kb) < 400_000  # refused before any image was made


def test_the_largest_allowed_dpi_fits():
    from generator.draw.backends.raster import largest_dpi
    from generator.draw.scene import Page
    page = Page(406.35, 406.35)
    dpi = largest_dpi(page)
    w, h = pixel_size(page, dpi)
    assert w * h <= MAX_PIXELS < pixel_size(page, dpi + 1)[0] * pixel_size(page, dpi + 1)[1]
