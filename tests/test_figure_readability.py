"""Issue 26: figures as readable as the best chess diagrams. Every test reads the output
back: pixels of a PNG, elements of an SVG, text of a PDF."""
from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image, ImageChops

from generator.docs.diagram import (ARROW_OPACITY, LAST_MOVE, TINT_OPACITY, figure_page,
                                    to_png)
from generator.docs.figure import Arrow, Crop, Figure
from generator.docs.sequence import play_moves
from generator.draw.art.board import squares_area, View
from generator.draw.scene import Group, Polygon, Text, walk
from generator.io.layouts import load_layout_file
from generator.model.units import Size
from generator.rules.bound import Rules

DPI = 150
MOVES = ("b2-b3", "g7-g6", "b3-b4", "g6-g5")


def _hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _blend(under: str, over: str, opacity: float) -> tuple[int, ...]:
    return tuple(round(a * (1 - opacity) + b * opacity) for a, b in zip(_hex(under), _hex(over)))


def _png(page) -> Image.Image:
    return Image.open(io.BytesIO(to_png(page, dpi=DPI))).convert("RGB")


def _box(page, rect) -> tuple[int, int, int, int]:
    """*rect* (figure mm, before the figure's scale) as a pixel box of the PNG."""
    scale = page.width / (8 * 25 + 24) * DPI / 25.4
    return (round(rect.x * scale), round(rect.y * scale), round(rect.right * scale),
            round(rect.bottom * scale))


def _square(name: str):
    from generator.draw.geometry import Rect
    file, rank = "abcdefgh".index(name[0]), int(name[1]) - 1
    return Rect(12 + file * 25, 12 + (7 - rank) * 50, 25, 50)


@pytest.fixture(scope="module")
def after(library):
    """game1-demo after the issue's four moves: g6-g5 was the last."""
    position = load_layout_file(library, "game1-demo")
    return position, play_moves(position, MOVES)[-1].after


def _page(after, figure: Figure):
    position, layout = after
    return figure_page(layout, position.board, position.sources, figure)


def test_last_move_tints_both_squares_and_draws_nothing_over_the_moved_card(after):
    plain = _page(after, Figure())
    marked = _page(after, Figure(last_move=Arrow.parse("g6-g5")))
    a, b = _png(plain), _png(marked)
    # The card on g5, its values, suit sign and corner marks, has the very same pixels.
    card = _square("g5").inset(3.5)
    assert ImageChops.difference(a.crop(_box(plain, card)), b.crop(_box(plain, card))
                                 ).getbbox() is None
    # g6, emptied by the move, is tinted all over; g5 round its card, from the square's
    # edge to the card's panel: there every pixel is the plain one under the tint.
    def tinted(x: int, y: int) -> bool:
        want = _blend("#%02x%02x%02x" % a.getpixel((x, y)), LAST_MOVE, TINT_OPACITY)
        return all(abs(p - q) <= 4 for p, q in zip(b.getpixel((x, y)), want))

    left, top, right, bottom = _box(plain, _square("g6"))
    assert all(tinted(x, y) for x in range(left + 2, right - 2, 5)
               for y in range(top + 2, bottom - 2, 5))
    left, top, right, bottom = _box(plain, _square("g5"))
    middle = (top + bottom) // 2
    ring = [(left + 1, middle), (left + 4, middle), (right - 2, middle), ((left + right) // 2,
                                                                         top + 1)]
    assert all(tinted(x, y) and a.getpixel((x, y)) != b.getpixel((x, y)) for x, y in ring)


def test_last_move_tint_changes_every_square_colour_clearly():
    """The tint is seen on every square of every board: at least 45 CIELAB units from the
    square's own colour (a just noticeable difference is about 2)."""
    for square in _square_colours():
        assert _delta_e(square, "#%02x%02x%02x" % _blend(square, LAST_MOVE, TINT_OPACITY)) >= 45


def _square_colours() -> list[str]:
    from generator.draw.style import DEFAULT_STYLE as s
    return [*s.tint.values(), *s.dark.values(), s.board_dark, s.board_light]


def _lab(hex_colour: str) -> tuple[float, float, float]:
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in _hex(hex_colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _delta_e(a: str, b: str) -> float:
    """CIE76 colour difference."""
    return sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b))) ** 0.5


def test_an_arrow_over_a_card_leaves_its_value_readable(after):
    """The issue's arrow g6-g5 lay opaque over the top value of the card on g5; an arrow
    asked for is see-through: no pixel of the value band is replaced by the arrow's
    colour, and the value's ink still stands out from its field where the arrow lies."""
    plain = _page(after, Figure())
    arrowed = _page(after, Figure(arrows=(Arrow.parse("g7-g4:black"),)))
    a, b = _png(plain), _png(arrowed)
    g5 = _square("g5")
    band = dataclasses.replace(g5, y=g5.y + 4, h=14).inset(0)  # the top value, 12.4 mm down
    box = _box(plain, band)
    before, under = a.crop(box).convert("L"), b.crop(box).convert("L")
    diff = ImageChops.difference(before, under)
    assert diff.getextrema()[1] > 40  # the arrow is there
    assert diff.getextrema()[1] <= round(ARROW_OPACITY * 255) + 8  # and never opaque
    # Under the shaft (the middle columns), the value's dark ink is still darker than its
    # pale field by most of what it was.
    mid = (before.width // 2 - 3, 0, before.width // 2 + 3, before.height)
    lo0, hi0 = before.crop(mid).getextrema()
    lo1, hi1 = under.crop(mid).getextrema()
    assert hi1 - lo1 >= 0.3 * (hi0 - lo0)


@pytest.mark.parametrize("arrow", ["b2-b7", "b7-b2", "a1-c3-e5", "c2xd7", "e7-off"])
def test_arrows_in_a_crop_end_with_their_head_inside_it(after, arrow):
    crop = Crop.parse("a3:c5")
    page = _page(after, Figure(crop=crop, arrows=(Arrow.parse(arrow),)))
    area = squares_area(Size(25, 50), 12.0, View(crop.files, crop.ranks))
    heads = [p for p in _annotation_shapes(page) if isinstance(p, Polygon) and p.paint.fill]
    if arrow == "e7-off":  # wholly outside the crop: nothing drawn
        assert heads == []
        return
    assert len(heads) == 1
    for x, y in heads[0].points:
        assert area.x - 1e-6 <= x <= area.right + 1e-6 and area.y - 1e-6 <= y <= area.bottom + 1e-6


def _annotation_shapes(page):
    def find(items):
        for item in items:
            if isinstance(item, Group):
                if item.role == "annotations":
                    yield from (s for s, _ in walk(item.items))
                else:
                    yield from find(item.items)
    return list(find(page.items))


# --- dashes in every format ---------------------------------------------------------------

def _dashed_page():
    from generator.draw.geometry import Rect
    from generator.draw.scene import Box, Circle, Page, Paint
    dash = Paint(stroke="#000000", width=1.0, dash=(3.0, 2.0))
    return Page(80, 40, (Circle(20, 20, 12, dash), Box(Rect(45, 8, 24, 24), dash)),
                background="#ffffff")


def _runs(values: list[bool]) -> int:
    """How many separate stretches of True a closed loop of samples holds."""
    return sum(1 for a, b in zip(values, values[1:] + values[:1]) if b and not a)


@pytest.mark.parametrize("fmt", ["png", "gif"])
def test_png_and_gif_draw_dashed_rings_and_frames_with_gaps(fmt):
    import math

    from generator.draw.backends import gif, png
    page = _dashed_page()
    dpi = 200
    data = png.render(page, dpi=dpi) if fmt == "png" else gif.render([page], dpi=dpi)
    image = Image.open(io.BytesIO(data)).convert("L")
    px = dpi / 25.4

    def ink(x: float, y: float) -> bool:
        return image.getpixel((round(x * px), round(y * px))) < 128

    # Round the circle (75 mm: 15 dashes of 5 mm) and round the square (96 mm: 19 or 20).
    turn = [t / 720 * 2 * math.pi for t in range(720)]
    ring = [ink(20 + 12 * math.cos(a), 20 + 12 * math.sin(a)) for a in turn]
    side = [(45 + d, 8.0) for d in range(0, 24)] + [(69.0, 8 + d) for d in range(0, 24)]
    side += [(69 - d, 32.0) for d in range(0, 24)] + [(45.0, 32 - d) for d in range(0, 24)]
    fine = [(45 + t / 10, 8.0) for t in range(240)]
    assert 13 <= _runs(ring) <= 16 and not all(ring)
    assert 4 <= _runs([ink(x, y) for x, y in fine]) <= 6  # 24 mm: 5 dashes of 3 mm
    assert any(ink(x, y) for x, y in side) and not all(ink(x, y) for x, y in side)


# --- captions ------------------------------------------------------------------------------

LONG = ("After four moves the yellow ace on g5 faces north's green and blue cards; south "
        "threatens to beat the two on h7, and north must answer on the g file or lose it")


def _caption_chars(library, caption: str, width: float) -> list[tuple[str, float, float]]:
    """(character, font size, baseline from the page's top in mm) of each character of the
    caption in the figure's PDF, as PDFium reads it back."""
    import pypdfium2
    import pypdfium2.raw as raw
    from generator.app.figure import draw_figure
    from generator.docs.diagram import to_pdf
    page = draw_figure(library, "game1-demo", caption=caption, width=width).final
    board = draw_figure(library, "game1-demo", caption="", width=width).final.height
    text = pypdfium2.PdfDocument(to_pdf(page))[0].get_textpage()
    found = []
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        left, bottom, right, top = text.get_charbox(i)
        y = page.height - bottom * 25.4 / 72
        if char.strip() and y > board:
            assert 0 <= left and right * 25.4 / 72 <= width
            found.append((char, round(raw.FPDFText_GetFontSize(text, i), 3), y))
    return found


@pytest.mark.parametrize("width", [70.0, 100.0])
def test_captions_keep_one_size_and_a_long_one_wraps(library, width):
    from generator.docs.diagram import CAPTION_SIZE
    short = _caption_chars(library, "Four moves", width)
    long = _caption_chars(library, LONG, width)
    assert "".join(c for c, _, _ in short) == "Fourmoves"
    assert len(long) == len(LONG.replace(" ", ""))
    assert {s for _, s, _ in short} == {s for _, s, _ in long} == {CAPTION_SIZE}
    lines = {round(y, 1) for _, _, y in long}
    assert len(lines) >= 2


def test_a_crop_asked_for_drops_the_layouts_caption(library):
    from generator.app.figure import draw_figure
    from generator.docs.build import option_annotations
    whole = draw_figure(library, "example-beating").final
    assert whole.label.startswith("Beating:")
    cropped = draw_figure(library, "example-beating", option_annotations(crop="b3:f6")).final
    assert not any(isinstance(t, Text) for t in cropped.items)
    mine = draw_figure(library, "example-beating", option_annotations(crop="b3:f6"),
                       caption="Mine").final
    assert [t.text for t in mine.items if isinstance(t, Text)] == ["Mine"]


# --- highlights ----------------------------------------------------------------------------

def test_the_default_highlight_stands_out_on_every_square_colour():
    from generator.docs.figure import COLOURS, HIGHLIGHT, Highlight
    colour = Highlight.parse("b4").colour
    assert colour == COLOURS[HIGHLIGHT]
    assert min(_delta_e(colour, square) for square in _square_colours()) >= 60
    # It is not the last move's tint either.
    assert _delta_e(colour, LAST_MOVE) >= 30


def test_a_highlight_on_a_yellow_square_shows_in_the_png(after):
    from generator.docs.figure import Highlight
    plain = _page(after, Figure())
    lit = _page(after, Figure(highlights=(Highlight.parse("b4"),)))
    image = _png(lit)
    left, top, right, bottom = _box(plain, _square("b4"))
    # The frame runs just inside the square's edge, over the square's yellow margin.
    column = [image.getpixel((left + 2, y)) for y in range(top + 10, bottom - 10)]
    near = [p for p in column if all(abs(a - b) <= 30 for a, b in zip(p, _hex(Highlight.parse(
        "b4").colour)))]
    assert len(near) >= 0.8 * len(column)


# --- errors that point to the fix ----------------------------------------------------------

MIDGAME = """kind = "layout"
title = "game 1 after b2-b4 and g7-g5"
board = "board-a"
game = "basic-1"
[players]
south = "pack1:G1"
north = "pack1:G2"
[rows]
8 = "8Rv 7Yv 8Gv 7Bv (1B)v 6Gv 5Yv 6Rv"
7 = "4Rv 3Yv 4Gv 3Bv 5Bv 2Gv . 2Rv"
5 = ". . . . . . 1Yv ."
4 = ". 3G^ . . . . . ."
2 = "4B^ . 4Y^ 3R^ 5R^ 2Y^ 1G^ 2B^"
1 = "8B^ 7G^ 8Y^ 7R^ (1R)^ 6Y^ 5G^ 6B^"
"""


def test_a_position_from_the_middle_of_a_game_is_sent_to_play(runner, tmp_path):
    from generator.cli import cli
    layout = tmp_path / "midgame.toml"
    layout.write_text(MIDGAME, encoding="utf-8")
    out = tmp_path / "f.svg"
    # validate --play accepts it, validate alone does not.
    assert runner.invoke(cli, ["validate", str(layout), "--play"]).exit_code == 0
    assert runner.invoke(cli, ["validate", str(layout)]).exit_code == 1
    result = runner.invoke(cli, ["figure", str(layout), "--out", str(out)])
    assert result.exit_code == 1 and not out.exists()
    last = result.stderr.splitlines()[-1]
    assert last.startswith("Error: ") and last.endswith("draw it with --play")
    assert "--allow-invalid" not in last
    result = runner.invoke(cli, ["figure", str(layout), "--play", "--out", str(out)])
    assert result.exit_code == 0 and out.read_text(encoding="utf-8").startswith("<svg ")
    # A second 3G is wrong at any time: --play would not help.
    layout.write_text(MIDGAME.replace('4 = ". 3G^', '4 = "3G^ 3G^'), encoding="utf-8")
    out.unlink()
    result = runner.invoke(cli, ["figure", str(layout), "--out", str(out)])
    assert result.exit_code == 1 and "--allow-invalid" in result.stderr.splitlines()[-1]


@pytest.mark.parametrize(("name", "fmt"), [("x.svg", "png"), ("x.PNG", "pdf"), ("x.gif", "svg")])
def test_a_suffix_that_contradicts_format_is_refused_in_one_line(runner, tmp_path, name, fmt):
    from generator.cli import cli
    out = tmp_path / name
    result = runner.invoke(cli, ["figure", "game9-start", "--format", fmt, "--out", str(out)])
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("Error: ")
    assert f"--format {fmt}" in result.stderr and f".{fmt}" in result.stderr
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_a_suffix_that_agrees_or_names_no_format_is_fine(runner, tmp_path):
    from generator.cli import cli
    for name, fmt in (("x.svg", "svg"), ("x.img", "png")):
        result = runner.invoke(cli, ["figure", "game9-start", "--format", fmt,
                                     "--out", str(tmp_path / name)])
        assert result.exit_code == 0, result.output


# --- legal moves as dots and rings ---------------------------------------------------------

def _centre(square: str) -> tuple[int, int]:
    return tuple(round(v) for v in _square(square).centre)  # type: ignore[return-value]


def test_select_marks_each_legal_destination_with_a_dot_or_a_ring(library):
    import xml.etree.ElementTree as ET

    from generator.app.figure import draw_figure
    from generator.docs.build import option_annotations
    from generator.docs.diagram import MOVE_MARK, to_svg
    from generator.model.layout import Side
    from generator.rules import MoveKind, Position
    position = load_layout_file(library, "example-beating")
    moves = Position(Rules(position.game, position.board), position.layout,
                     turn=Side.SOUTH).legal_moves()
    mine = [m for m in moves if m.origin == "a3"]
    free = {m.target for m in mine if m.kind is MoveKind.MOVE}
    taken = {m.target for m in mine if m.kind is MoveKind.BEAT}
    assert taken == {"b4"} and len(free) >= 2
    page = draw_figure(library, "example-beating", option_annotations(select="a3")).final
    svg = ET.fromstring(to_svg(page))
    ns = "{http://www.w3.org/2000/svg}"
    dots = {(round(float(c.get("cx"))), round(float(c.get("cy"))))
            for c in svg.iter(ns + "circle") if c.get("fill") == MOVE_MARK and c.get("opacity")}
    rings = {(round(float(r.get("x")) + float(r.get("width")) / 2),
              round(float(r.get("y")) + float(r.get("height")) / 2))
             for r in svg.iter(ns + "rect") if r.get("stroke") == MOVE_MARK and r.get("opacity")}
    assert dots == {_centre(s) for s in free}
    assert rings == {_centre(s) for s in taken}
    # No arrows but the layout's own three (green): the many moves of one card do not pile
    # up heads on each other's shafts.
    assert {p.get("stroke") for p in svg.iter(ns + "polyline") if p.get("opacity")} == {
        "#2ca02c"}


def test_show_moves_marks_destinations_as_select_does(library):
    from generator.app.figure import draw_figure
    from generator.docs.build import option_annotations
    from generator.docs.diagram import to_svg
    shown = draw_figure(library, "example-beating", option_annotations(show=("moves:a3",)))
    selected = draw_figure(library, "example-beating", option_annotations(select="a3"))
    assert to_svg(shown.final) == to_svg(selected.final)


def test_select_of_an_empty_square_is_one_line(runner, tmp_path):
    from generator.cli import cli
    out = tmp_path / "f.svg"
    result = runner.invoke(cli, ["figure", "example-beating", "--select", "b3", "--out", str(out)])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "--select b3: no card on b3" in result.stderr and not out.exists()
    result = runner.invoke(cli, ["figure", "example-beating", "--select", "z3", "--out", str(out)])
    assert result.exit_code == 1 and "--select 'z3': not a square" in result.stderr


# --- coordinates ---------------------------------------------------------------------------

@pytest.mark.parametrize("layout", ["game1-demo", "game9-start"])
def test_file_letters_are_as_large_as_the_rank_digits(library, layout):
    """Read back from the PDF: the font size of every file letter a-h in the edge bands is
    that of the rank digits 1-8 (they were half of it)."""
    import pypdfium2
    import pypdfium2.raw as raw
    from generator.app.figure import draw_figure
    from generator.docs.diagram import to_pdf
    page = draw_figure(library, layout, play=True).final
    text = pypdfium2.PdfDocument(to_pdf(page))[0].get_textpage()
    scale = page.width / (8 * 25 + 24)
    band, board = 12 * scale, (8 * 50 + 24) * scale  # the edge band and the board, on the page
    sizes: dict[str, set[float]] = {"letters": set(), "digits": set()}
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        left, bottom, right, top = (v * 25.4 / 72 for v in text.get_charbox(i))
        y_top, y_bottom = page.height - top, page.height - bottom
        if not (right < band or left > page.width - band or y_bottom < band
                or board - band < y_top < board):
            continue
        size = round(raw.FPDFText_GetFontSize(text, i), 3)
        if char in "abcdefgh":
            sizes["letters"].add(size)
        elif char in "12345678" and right < band:  # the west edge: the ranks' own digits
            sizes["digits"].add(size)
    assert sizes["letters"] and sizes["letters"] == sizes["digits"]


# --- the side to move ----------------------------------------------------------------------

def _marker(page) -> tuple[str, float, float]:
    """The class and the centre (figure mm, before its scale) of the side-to-move marker,
    read from the SVG."""
    import xml.etree.ElementTree as ET

    from generator.docs.diagram import to_svg
    ns = "{http://www.w3.org/2000/svg}"
    for group in ET.fromstring(to_svg(page)).iter(ns + "g"):
        if (group.get("class") or "").startswith("to-move"):
            points = [tuple(map(float, p.split(","))) for p in
                      group.find(ns + "polygon").get("points").split()]
            return (group.get("class"), sum(x for x, _ in points) / 3,
                    sum(y for _, y in points) / 3)
    raise AssertionError("no side-to-move marker")


@pytest.mark.parametrize(("flip", "top"), [(False, True), (True, False)])
def test_to_move_next_marks_the_engines_side_in_its_corner(library, flip, top):
    from generator.app.figure import draw_figure
    from generator.docs.build import option_annotations
    drawn = draw_figure(library, "game1-demo", option_annotations(moves="b2-b3 g7-g6 b3-b4"),
                        to_move="next", flip=flip)
    role, x, y = _marker(drawn.final)
    assert role == "to-move north"
    assert x > 12 + 8 * 25  # in the east band
    assert (y < 12) if top else (y > 12 + 8 * 50)
    # Every frame of the sequence (a GIF's frames, --frames' files) marks the side to move
    # then, as the engine has it: south before b2-b3, north after it, and so on (issue 42:
    # before, only the last frame had the marker).
    assert [_marker(p)[0] for p in drawn.pages] == [
        "to-move south", "to-move north", "to-move south", "to-move north"]


def test_a_gif_marks_the_side_to_move_on_every_frame(runner, tmp_path):
    """The GIF's frames are the pages drawn: the marker is on each, not on the last alone."""
    from generator.cli import cli
    out = tmp_path / "seq.gif"
    result = runner.invoke(cli, ["figure", "game1-demo", "--moves", "b2-b3 g7-g6",
                                 "--to-move", "next", "--out", str(out), "--dpi", "40"])
    assert result.exit_code == 0, result.output
    bare = tmp_path / "bare.gif"
    result = runner.invoke(cli, ["figure", "game1-demo", "--moves", "b2-b3 g7-g6",
                                 "--out", str(bare), "--dpi", "40"])
    assert result.exit_code == 0, result.output
    marked, plain = Image.open(out), Image.open(bare)
    assert marked.n_frames == plain.n_frames == 3
    for n in range(3):
        marked.seek(n)
        plain.seek(n)
        # The frames differ from the unmarked ones only in the east band's corner (beyond
        # the palette's own small shifts: a solid ink triangle on the paper).
        box = ImageChops.difference(marked.convert("L"), plain.convert("L")).point(
            lambda v: 255 if v > 96 else 0).getbbox()
        assert box is not None, f"frame {n} has no side-to-move marker"
        assert box[0] > marked.width * 0.9, f"frame {n} differs beyond the marker: {box}"


def test_to_move_refusals_are_one_line(runner, tmp_path):
    from generator.cli import cli
    out = tmp_path / "f.svg"
    for args, says in ((["--to-move", "next"], "--to-move next"),
                       (["--to-move", "south", "--no-coords"], "--no-coords"),
                       (["--to-move", "east"], "--to-move")):
        result = runner.invoke(cli, ["figure", "game1-demo", *args, "--out", str(out)])
        assert result.exit_code == 1 and result.stderr.count("\n") == 1
        assert says in result.stderr and not out.exists()


def test_a_last_move_off_the_board_keeps_its_arrow(library):
    """A card that left the board has no square to tint: the arrow over the far edge says
    where it went (the booklet's word game 1 ends so). It is green, as the key draws a move
    (fifth review, item 23: Fig. 44 drew it violet, the tint's colour)."""
    from generator.docs.diagram import OFF_MOVE, figure_page
    position = load_layout_file(library, "game1-demo")
    for move, arrows in (("g7-off", 1), ("g7-g6", 0)):
        page = figure_page(position.layout, position.board, position.sources,
                           Figure(last_move=Arrow.parse(move)))
        heads = [p for p in _annotation_shapes(page) if isinstance(p, Polygon) and p.paint.fill]
        assert len(heads) == arrows and all(p.paint.fill == OFF_MOVE for p in heads)
        assert OFF_MOVE != LAST_MOVE


def test_png_dashes_a_rounded_frame_too():
    from generator.draw.backends import png
    from generator.draw.geometry import Rect
    from generator.draw.scene import Box, Page, Paint
    page = Page(40, 40, (Box(Rect(5, 5, 30, 30), Paint(stroke="#000000", width=1.0,
                                                        dash=(3.0, 2.0)), radius=4),),
                background="#ffffff")
    dpi = 200
    image = Image.open(io.BytesIO(png.render(page, dpi=dpi))).convert("L")
    px = dpi / 25.4
    top = [image.getpixel((round((9 + t / 10) * px), round(5 * px))) < 128 for t in range(220)]
    assert 3 <= _runs(top) <= 6 and not all(top)


@pytest.mark.parametrize("style", ["compact", "full"])
def test_the_may_take_band_shows_on_dark_and_light_squares_in_grey_print(library, style):
    """Fifth review, item 5: the grey band round a card that may be beaten or pressed only
    darkened a navy square a little ((22,37,68) against (18,48,110)): the press on a dark
    square could not be seen. The band is now ink over paper, the same mid grey on every
    square. It is now a grey core with a paper edge on either side: in the grey of a
    black-and-white print some of it stands at least 80 of 255 from the square round it, on
    dark, mid and light squares. example-pressing: 4Y on c5 may press 40G on the navy a7, 10B on the
    light yellow c7 and 30Y on the dark yellow f8."""
    from generator.app.figure import draw_figure
    from generator.docs.diagram import COMPACT_CELL, COMPACT_EDGE
    from generator.docs.figure import Crop

    def grey(p: tuple[int, ...]) -> float:
        return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]

    marked = draw_figure(library, "example-pressing", {"style": style}).final
    plain = draw_figure(library, "example-pressing", {"style": style}, plain=True).final
    a, b = _png(plain), _png(marked)
    if style == "compact":
        cell, edge = (COMPACT_CELL.width, COMPACT_CELL.height), COMPACT_EDGE
        size = 8 * COMPACT_CELL.width + 2 * COMPACT_EDGE
    else:
        cell, edge, size = (25, 50), 12, 8 * 25 + 24
    k = marked.width / size * DPI / 25.4
    for square in ("a7", "c7", "f8"):
        file, rank = "abcdefgh".index(square[0]), int(square[1]) - 1
        x0, y0 = edge + file * cell[0], edge + (7 - rank) * cell[1]
        # Across the band down the square's left side, from its edge towards the card: the
        # square's colour in the plain figure, the band in the marked one.
        y = round((y0 + cell[1] / 2) * k)
        under = grey(a.getpixel((round((x0 + 0.3) * k), y)))
        across = [grey(b.getpixel((x, y))) for x in range(round(x0 * k) + 1,
                                                         round((x0 + cell[0] * 0.09) * k))]
        assert max(abs(p - under) for p in across) >= 80, (style, square, under, across)
