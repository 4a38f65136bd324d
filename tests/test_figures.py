"""``opencards figure`` and the figure library: views, annotations, engine-checked move
sequences, golden SVGs checked against a rasterisation, and one-line refusals."""
from __future__ import annotations

import doctest
import io
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2
import pytest
import resvg_py
from PIL import Image, ImageChops, ImageFilter

from generator.cli import cli
from generator.docs import figure as figure_module
from generator.app.figure import draw_figure
from generator.docs.build import option_annotations
from generator.docs.diagram import (LAST_MOVE, PROBLEM, TINT_OPACITY, figure_page, to_pdf,
                                    to_png, to_svg)
from generator.docs.figure import Arrow, Crop, Figure, Highlight
from generator.app import gallery as write_gallery
from generator.errors import FigureError
from generator.io.layouts import load_layout_file

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "data" / "figures"
DPI = 100

#: (golden file, layout, options): one flipped and cropped, one a move sequence, one with
#: the combinations the engine finds.
GOLDENS = {
    "beating-flipped-crop": ("example-beating", {"crop": "b3:f6"}, {"flip": True}),
    "sequence": ("game1-demo", {"moves": "b2-b3 g7-g6 b3-b4 g6-g5"}, {}),
    "combinations": ("example-combinations", {"show": ("combos",)}, {}),
}


def _rgb(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _differ(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels that differ by more than a shade once both are softened by a
    pixel: rasterisers round edges differently, a shape in the wrong place still shows."""
    assert a.size == b.size
    a, b = a.filter(ImageFilter.BoxBlur(1)), b.filter(ImageFilter.BoxBlur(1))
    strong = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v >= 64 else 0)
    return strong.histogram()[255] / (a.width * a.height)


def _golden_page(library, name):
    layout, options, flags = GOLDENS[name]
    return draw_figure(library, layout, option_annotations(**options), **flags).final


def _pixel(image: Image.Image, page_mm: tuple[float, float]) -> tuple[int, int, int]:
    x, y = (round(v * DPI / 25.4) for v in page_mm)
    return image.getpixel((x, y))


def _near(colour: tuple[int, int, int], hex_colour: str, tol: int = 40) -> bool:
    want = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tol for a, b in zip(colour, want))


# --- golden SVGs, rasterised ---------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden_svg_is_unchanged_and_draws_what_the_png_backend_draws(library, name):
    """The SVG's bytes are the committed ones (set OPENCARDS_UPDATE_GOLDEN=1 to rewrite
    them after a wanted change), and rasterised by resvg it shows the same picture as the
    PNG backend draws from the same scene: the <defs>/<use> reuse loses nothing."""
    page = _golden_page(library, name)
    text = to_svg(page)
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("OPENCARDS_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{path.name} changed"
    raster = _rgb(bytes(resvg_py.svg_to_bytes(svg_string=text, skip_system_fonts=True,
                                              dpi=DPI, background="#ffffff")))
    drawn = _rgb(to_png(page, dpi=DPI))
    assert _differ(raster, drawn) < 0.01


def test_flipped_crop_shows_norths_view_of_the_squares_asked_for(library):
    raster = _rgb(bytes(resvg_py.svg_to_bytes(
        svg_string=(GOLDEN / "beating-flipped-crop.svg").read_text(encoding="utf-8"),
        skip_system_fonts=True, dpi=DPI, background="#ffffff")))
    page = _golden_page(library, "beating-flipped-crop")
    scale = page.width / (5 * 25 + 24)  # 5 files b-f and two edge bands of 12 mm
    # North sees f3 (light green) at the top left and b6 (dark green) at the bottom right;
    # south would see them the other way round.
    top_left = (12 + 3) * scale, (12 + 5) * scale
    bottom_right = (12 + 4 * 25 + 3) * scale, (12 + 3 * 50 + 5) * scale
    assert _near(_pixel(raster, top_left), "#cfead5")
    assert _near(_pixel(raster, bottom_right), "#2f8f3a")
    assert page.height == pytest.approx((4 * 50 + 24) * scale, abs=8)  # 4 ranks and caption


def test_sequence_figure_marks_the_last_move(library):
    raster = _rgb(bytes(resvg_py.svg_to_bytes(
        svg_string=(GOLDEN / "sequence.svg").read_text(encoding="utf-8"),
        skip_system_fonts=True, dpi=DPI, background="#ffffff")))
    scale = raster.width * 25.4 / DPI / (8 * 25 + 24)
    # The last move g6-g5: g6, which it left, is tinted (light green under violet), and no
    # arrow runs down between the two squares' centres over the card on g5.
    x = (12 + 6 * 25 + 5) * scale
    y = (12 + 2 * 50 + 10) * scale
    tint = "#%02x%02x%02x" % tuple(round(a * (1 - TINT_OPACITY) + b * TINT_OPACITY) for a, b in
                                   zip((0xcf, 0xea, 0xd5), (int(LAST_MOVE[i:i + 2], 16)
                                                            for i in (1, 3, 5))))
    assert _near(_pixel(raster, (x, y)), tint, 12)
    on_card = _pixel(raster, ((12 + 6 * 25 + 12.5) * scale, (12 + 3 * 50 + 8) * scale))
    assert not _near(on_card, LAST_MOVE, 60)


def test_combinations_figure_outlines_each_combination_the_engine_finds(library):
    page = _golden_page(library, "combinations")
    svg = to_svg(page)
    ns = "{http://www.w3.org/2000/svg}"
    annotations = next(g for g in ET.fromstring(svg).iter(f"{ns}g")
                       if g.get("class") == "annotations")
    outlines = [r for r in annotations.iter(f"{ns}rect") if r.get("fill") == "none"]
    # e3-g3 value, b4-d4 sequence, h5-h7 colour: three bands.
    assert len(outlines) == 3


def test_pdf_of_a_figure_looks_like_its_png(library):
    page = _golden_page(library, "sequence")
    pdf = pypdfium2.PdfDocument(to_pdf(page))
    raster = pdf[0].render(scale=DPI / 72).to_pil().convert("RGB")
    drawn = _rgb(to_png(page, dpi=DPI))
    raster = raster.resize(drawn.size)
    assert _differ(raster, drawn) < 0.01


# --- the command ---------------------------------------------------------------------------

@pytest.mark.parametrize("suffix", ["svg", "png", "pdf"])
def test_figure_writes_the_format_of_the_suffix_with_the_same_bytes_each_time(runner, tmp_path,
                                                                              suffix):
    runs = []
    for n in (1, 2):
        out = tmp_path / f"run{n}.{suffix}"
        result = runner.invoke(cli, ["figure", "example-pressing", "--out", str(out),
                                     "--dpi", "40"])
        assert result.exit_code == 0, result.output
        runs.append(out.read_bytes())
    assert runs[0] == runs[1]
    assert runs[0][:5] in (b"<svg ", b"\x89PNG\r", b"%PDF-")


def test_width_and_dpi_set_the_size(runner, tmp_path):
    out = tmp_path / "f.png"
    result = runner.invoke(cli, ["figure", "game9-start", "--width", "2in", "--dpi", "100",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert Image.open(out).width == 200
    svg = tmp_path / "f.svg"
    runner.invoke(cli, ["figure", "game9-start", "--width", "80mm", "--no-coords",
                        "--out", str(svg)])
    assert ET.parse(svg).getroot().get("width") == "80mm"


def test_svg_holds_each_distinct_card_once(library):
    position = load_layout_file(library, "game9-start")
    svg = to_svg(figure_page(position.layout, position.board, position.sources))
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    cards = [g for g in root.iter(ns + "g") if (g.get("id") or "").startswith("k-")
             and (g.get("class") or "").split()[0] in ("face", "back")]
    # 32 cards, but each deck's 16 faces once and the two face-down 1Bs as two backs.
    assert len({g.get("id") for g in cards}) == len(cards) == 16 + 16 - 2 + 2
    ids = {"#" + str(g.get("id")) for g in cards}
    assert len([u for u in root.iter(ns + "use")
                if u.get("{http://www.w3.org/1999/xlink}href") in ids]) == 32


def test_an_illegal_move_is_refused_by_number_with_the_engines_reason(runner, tmp_path):
    out = tmp_path / "seq.svg"
    frames = tmp_path / "frames"
    result = runner.invoke(cli, ["figure", "game1-demo", "--moves", "b2-b3 g7-g6 b3xb5",
                                 "--out", str(out), "--frames", str(frames)])
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1
    assert "move 3 'b3xb5' is illegal for south" in result.stderr
    assert "b3-b4" in result.stderr  # what the card may do instead
    assert not out.exists() and not frames.exists()


def test_a_beat_the_rules_forbid_says_why(runner, tmp_path):
    result = runner.invoke(cli, ["figure", "example-beating", "--moves", "h3xh4",
                                 "--out", str(tmp_path / "x.svg")])
    assert result.exit_code == 1
    # The same words as `rules play` refuses it with (the capture rule's refusal).
    assert "3R^ does not beat 4Rv on h4: same colour, but 3 is not higher than 4" in result.stderr


def test_moves_out_of_turn_are_refused(runner, tmp_path):
    result = runner.invoke(cli, ["figure", "game1-demo", "--moves", "b2-b3 b3-b4",
                                 "--out", str(tmp_path / "x.svg")])
    assert "move 2 'b3-b4' is illegal for north: b3 holds south's card" in result.stderr


def test_frames_and_gif_hold_every_position(runner, tmp_path):
    frames = tmp_path / "frames"
    out = tmp_path / "seq.gif"
    result = runner.invoke(cli, ["figure", "game1-demo", "--moves", "b2-b3 g7-g6",
                                 "--dpi", "30", "--out", str(out), "--frames", str(frames)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in frames.iterdir()) == ["00.png", "01.png", "02.png"]
    first = out.read_bytes()
    runner.invoke(cli, ["figure", "game1-demo", "--moves", "b2-b3 g7-g6", "--dpi", "30",
                        "--out", str(out)])
    assert out.read_bytes() == first  # same moves, same bytes
    gif = Image.open(out)
    assert gif.n_frames == 3
    gif.seek(2)
    assert gif.info["duration"] == 3000


@pytest.mark.parametrize("args, message", [
    (["no-such-layout"], "no layout named 'no-such-layout'"),
    (["game9-start", "--crop", "a1:i4"], "i4 is not a square of colourless (a1 to h8)"),
    (["game9-start", "--arrow", "c3~d4"], "--arrow 'c3~d4': not a move: 'c3~d4'"),
    (["game9-start", "--highlight", "c3:mauve"], "--highlight 'c3:mauve': unknown colour"),
    (["game9-start", "--mark", "c3:star"], "unknown mark 'star'"),
    (["game9-start", "--show", "moves"], "moves needs a square"),
    (["game9-start", "--show", "moves:d4"], "no card on d4"),
    (["game9-start", "--moves", "e2-e3 zz"], "move 2: not a move: 'zz'"),
])
def test_bad_input_is_one_line_and_writes_nothing(runner, tmp_path, args, message):
    out = tmp_path / "f.svg"
    result = runner.invoke(cli, ["figure", *args, "--out", str(out)])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert message in result.stderr
    assert not out.exists()


def test_unknown_suffix_is_refused(runner, tmp_path):
    result = runner.invoke(cli, ["figure", "game9-start", "--out", str(tmp_path / "f.jpg")])
    assert result.exit_code == 1 and "cannot tell the format" in result.stderr
    result = runner.invoke(cli, ["figure", "game9-start", "--format", "svg",
                                 "--out", str(tmp_path / "f.jpg")])
    assert result.exit_code == 0 and (tmp_path / "f.jpg").read_bytes().startswith(b"<svg ")


BROKEN = """kind = "layout"
title = "test card off its king square"
board = "board-a"
game = "basic-1"
[players]
south = "pack1:G1"
north = "pack1:G2"
[rows]
8 = ". . . . (1B)v . . ."
3 = ". 2Y^ . . . . . ."
1 = ". . . (1R)^ . . . ."
{figure}
"""


def test_an_invalid_layout_is_refused_with_the_engines_problems(runner, tmp_path):
    layout = tmp_path / "broken.toml"
    layout.write_text(BROKEN.format(figure=""), encoding="utf-8")
    out = tmp_path / "f.png"
    result = runner.invoke(cli, ["figure", str(layout), "--out", str(out)])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert any(line.endswith("b3: 2Y^ of south lies on rank 3; south starts on ranks 1, 2 "
                             "[wrong-home-row]") for line in lines)
    # Only a start puts 2Y on rank 3: as a position during play it is valid.
    assert lines[-1].startswith("Error: ") and lines[-1].endswith("draw it with --play")
    assert not out.exists()


def test_allow_invalid_draws_and_marks_each_problem_square(runner, tmp_path, library):
    layout = tmp_path / "broken.toml"
    layout.write_text(BROKEN.format(figure=""), encoding="utf-8")
    out = tmp_path / "f.png"
    result = runner.invoke(cli, ["figure", str(layout), "--allow-invalid",
                                 "--width", "200mm", "--dpi", str(DPI), "--no-coords",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    image = Image.open(out).convert("RGB")
    # The dashed problem frame runs along b3's left edge (file b, rank 3), just inside it;
    # d3, which has no problem, has no such frame (neither square is red).
    d1 = (1 * 25 + 1.3, 5 * 50 + 20)
    e1 = (3 * 25 + 1.3, 5 * 50 + 20)
    hits = [_near(_pixel(image, (d1[0], d1[1] + dy)), PROBLEM, 45) for dy in range(0, 12)]
    assert any(hits)
    assert not any(_near(_pixel(image, (e1[0], e1[1] + dy)), PROBLEM, 45) for dy in range(12))


def test_figure_table_annotations_and_errors_name_the_key(runner, tmp_path):
    layout = tmp_path / "annotated.toml"
    layout.write_text(BROKEN.format(figure='[figure]\nplay = true\narrows = ["b3-b4", "b3~c4"]'),
                      encoding="utf-8")
    result = runner.invoke(cli, ["figure", str(layout), "--allow-invalid",
                                 "--out", str(tmp_path / "f.svg")])
    assert result.exit_code == 1
    assert "annotated.toml: figure.arrows[1]: not a move: 'b3~c4'" in result.stderr
    layout.write_text(BROKEN.format(figure='[figure]\narows = ["b3-b4"]'), encoding="utf-8")
    result = runner.invoke(cli, ["figure", str(layout), "--out", str(tmp_path / "f.svg")])
    assert "figure.arows: unknown key" in result.stderr and "did you mean 'arrows'" in result.stderr


def test_figure_table_and_options_add_up(library):
    drawn = draw_figure(library, "example-beating", option_annotations(arrows=("a3-a4",)))
    page_items = str(drawn.final)
    assert page_items.count("Polygon(points=((") > 0
    figure = Figure(arrows=(Arrow.parse("a3-a4"),)).merged(arrows=(Arrow.parse("e3-e4"),),
                                                           caption="x")
    assert [a.notation() for a in figure.arrows] == ["a3-a4", "e3-e4"] and figure.caption == "x"


def test_library_api_draws_a_layout_with_annotations(library):
    position = load_layout_file(library, "example-beating")
    figure = Figure(flip=True, crop=Crop.parse("a1:d4"), highlights=(Highlight.parse("b4"),))
    page = figure_page(position.layout, position.board, position.sources, figure, width=60)
    assert page.width == 60
    assert to_svg(page).startswith("<svg ") and to_png(page, dpi=30)[:4] == b"\x89PNG"
    assert to_pdf(page).startswith(b"%PDF")


def test_spec_doctests():
    assert doctest.testmod(figure_module).failed == 0


def test_figure_error_is_a_generator_error():
    with pytest.raises(FigureError):
        option_annotations(highlight=("z9",))


# --- the gallery ---------------------------------------------------------------------------

def test_gallery_is_up_to_date(library, tmp_path):
    """docs/figures.png is what 'opencards gallery' draws today (regenerate with it)."""
    from test_render import what_changed  # as the other tests import their siblings

    fresh = write_gallery(library, tmp_path / "figures.png")
    committed = Image.open(ROOT / "docs" / "figures.png").convert("RGB")
    change = what_changed(committed, Image.open(fresh).convert("RGB"))
    assert change is None, (f"docs/figures.png is stale: {change}; regenerate it with "
                            "'opencards gallery --out docs/figures.png' and commit it")


# --- what the engine is asked ----------------------------------------------------------------

def _rings(page, colour):
    """Centres (in the figure's unscaled mm) of the rings drawn in *colour*."""
    from generator.draw.scene import Circle, walk
    return sorted((round(c.cx), round(c.cy)) for c, _ in walk(page.items)
                  if isinstance(c, Circle) and c.paint.stroke == colour and c.paint.fill is None)


def _centre(square):
    file, rank = "abcdefgh".index(square[0]), int(square[1]) - 1
    return (round(12 + file * 25 + 12.5), round(12 + (7 - rank) * 50 + 25))


def test_show_threats_rings_every_card_that_can_be_beaten_next(library):
    from generator.docs.figure import COLOURS
    page = draw_figure(library, "example-beating", option_annotations(show=("threats",))).final
    # South's three captures (b4, f4, d6), and north's: 8R takes 2Y on the red square a3
    # (trump), 6R takes 6B on c5 (equal values), 4R takes 3R on h3 (same colour, higher).
    # h4 carries the layout's own no-entry sign (a ring with a slash: 3R may not beat 4R),
    # which is not a threat's ring.
    rings = [r for r in _rings(page, COLOURS["red"]) if r != _centre("h4")]
    assert rings == sorted(_centre(s) for s in ("b4", "f4", "d6", "a3", "c5", "h3"))


def test_show_words_outlines_each_word_once(library, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("HAY\nOF\n", encoding="utf-8")
    position = load_layout_file(library, "word-1-start")
    from generator.docs.annotate import words_outlines
    from generator.model.layout import Piece
    layout = position.layout.without("c3").with_piece("c3", Piece.from_notation("H/R^"))
    # A lone H on rank 3 spells nothing (the start's own lines hold no word of this list).
    assert words_outlines(position, layout, words) == ()
    layout = layout.with_piece("d3", Piece.from_notation("A/R^"))
    layout = layout.with_piece("e3", Piece.from_notation("Y/R^"))
    assert [o.squares for o in words_outlines(position, layout, words)] == [("c3", "d3", "e3")]


def test_frames_are_counted_in_words(runner, tmp_path):
    one = runner.invoke(cli, ["figure", "game1-demo", "--out", str(tmp_path / "a.svg"),
                              "--frames", str(tmp_path / "f")])
    assert one.output.endswith(f"and 1 frame to {tmp_path / 'f'}\n")


def test_select_and_to_move_in_a_layouts_figure_table_draw_as_the_options_do(runner,
                                                                              tmp_path):
    text = (ROOT / "templates" / "layouts" / "game1-demo.toml").read_text(encoding="utf-8")
    assert "[figure]" not in text
    layout = tmp_path / "demo.toml"
    layout.write_text(text + '\n[figure]\nselect = "c2"\nto_move = "south"\n',
                      encoding="utf-8")
    by_table = tmp_path / "table.svg"
    by_options = tmp_path / "options.svg"
    assert runner.invoke(cli, ["figure", str(layout), "--out", str(by_table)]).exit_code == 0
    plain = tmp_path / "plain.toml"
    plain.write_text(text, encoding="utf-8")
    assert runner.invoke(cli, ["figure", str(plain), "--out", str(by_options), "--select",
                               "c2", "--to-move", "south"]).exit_code == 0
    assert by_table.read_bytes() == by_options.read_bytes()
    bad = tmp_path / "bad.toml"
    bad.write_text(text + '\n[figure]\nto_move = "east"\n', encoding="utf-8")
    refused = runner.invoke(cli, ["figure", str(bad), "--out", str(tmp_path / "b.svg")])
    assert refused.exit_code == 1 and refused.stderr.count("\n") == 1
    assert "figure.to_move: expected one of 'south', 'north', 'next'" in refused.stderr
