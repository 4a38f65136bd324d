"""Issue 26, ``--text real``: SVG text as ``<text>`` in the bundled fonts, embedded as
subsets, so captions can be selected and searched; outlines stay the default."""
from __future__ import annotations

import base64
import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import resvg_py
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops, ImageFilter

from generator.cli import cli
from generator.app.figure import draw_figure
from generator.docs.build import option_annotations
from generator.docs.diagram import to_png, to_svg
from generator.draw import fonts

SVG = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).resolve().parent / "data" / "figures"
CAPTION = "Beating: 2Y trumps 8R — ёжик, 5G takes 4G"


def _page(library):
    return draw_figure(library, "example-beating", {}, caption=CAPTION).final


def _faces(svg: str) -> dict[tuple[str, str], TTFont]:
    """The fonts embedded in *svg*'s ``@font-face`` rules, by (family, weight)."""
    found = {}
    for family, weight, data in re.findall(
            r"@font-face \{ font-family: '([^']+)'; font-weight: (\w+); "
            r"src: url\(data:font/ttf;base64,([A-Za-z0-9+/=]+)\)", svg):
        found[(family, weight)] = TTFont(io.BytesIO(base64.b64decode(data)))
    return found


def test_real_text_is_text_elements_in_the_named_embedded_font(library):
    svg = to_svg(_page(library), text="real")
    root = ET.fromstring(svg)
    texts = list(root.iter(f"{SVG}text"))
    caption = [t for t in texts if t.text == CAPTION]
    assert len(caption) == 1  # one string: selectable and searchable as written
    assert caption[0].get("font-family") == "DejaVu Sans"
    assert not [p for p in root.iter(f"{SVG}path") if p.get("aria-label")]  # no outlines
    faces = _faces(svg)
    assert set(faces) == {("DejaVu Sans", "normal"), ("DejaVu Sans", "bold")}
    # Each embedded font is the bundled one cut down to what the figure sets in it.
    regular = faces[("DejaVu Sans", "normal")]
    assert regular["name"].getBestFamilyName() == "DejaVu Sans"
    cmap = regular.getBestCmap()
    assert all(ord(ch) in cmap for ch in CAPTION)
    assert len(cmap) < 80
    bold = {t.text for t in texts if t.get("font-weight") == "bold"}
    assert {"8", "2", "6"} <= bold  # the cards' values


def test_real_text_draws_what_the_outlines_draw(library):
    """Rasterised by resvg with the bundled fonts, the real-text SVG shows what the PNG
    backend draws: the text lands where the outlines do."""
    page = _page(library)
    svg = to_svg(page, text="real")
    bundled = [str(fonts.font_path("regular")), str(fonts.font_path("bold"))]
    raster = Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(
        svg_string=svg, skip_system_fonts=True, dpi=100, background="#ffffff",
        font_files=bundled)))).convert("RGB")
    drawn = Image.open(io.BytesIO(to_png(page, dpi=100))).convert("RGB")
    a, b = raster.filter(ImageFilter.BoxBlur(1)), drawn.filter(ImageFilter.BoxBlur(1))
    strong = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v >= 64 else 0)
    assert strong.histogram()[255] / (a.width * a.height) < 0.01
    # Without the fonts there is no text at all: the pixels above came from <text>.
    bare = Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(
        svg_string=svg, skip_system_fonts=True, dpi=100, background="#ffffff")))).convert("RGB")
    assert ImageChops.difference(bare, raster).getbbox() is not None


def test_real_text_is_the_same_bytes_every_time(library):
    page = _page(library)
    first = to_svg(page, text="real")
    fonts.subset.cache_clear()
    assert to_svg(page, text="real") == first


def test_outlines_stay_the_default_byte_for_byte(runner, tmp_path, library):
    """The command's default SVG is the committed golden one, and --text outlines too."""
    for extra in ([], ["--text", "outlines"]):
        out = tmp_path / f"seq{len(extra)}.svg"
        result = runner.invoke(cli, ["figure", "game1-demo", "--moves",
                                     "b2-b3 g7-g6 b3-b4 g6-g5", "--out", str(out), *extra])
        assert result.exit_code == 0, result.output
        assert out.read_text(encoding="utf-8") == (GOLDEN / "sequence.svg").read_text(
            encoding="utf-8")
    page = draw_figure(library, "game1-demo",
                       option_annotations(moves="b2-b3 g7-g6 b3-b4 g6-g5")).final
    assert "<text" not in to_svg(page) and "@font-face" not in to_svg(page)


def test_real_text_from_the_command_and_its_refusal_for_pixels(runner, tmp_path):
    out = tmp_path / "x.svg"
    result = runner.invoke(cli, ["figure", "example-beating", "--text", "real", "--caption",
                                 "Select me", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert ">Select me</text>" in out.read_text(encoding="utf-8")
    png = tmp_path / "x.png"
    result = runner.invoke(cli, ["figure", "example-beating", "--text", "real", "--out",
                                 str(png)])
    assert result.exit_code != 0
    assert len(result.output.strip().splitlines()) == 1 and "--text real" in result.output
    assert not png.exists()
