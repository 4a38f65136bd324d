"""Issue 26, ``--style compact``: square cells and each card as a symbol, so an 8 x 8 board
fits a column of text and reads like a chess diagram. Every test reads the output back."""
from __future__ import annotations

import dataclasses
import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image, ImageChops

from generator.cli import cli
from generator.app.figure import draw_figure
from generator.docs.build import option_annotations
from generator.docs.diagram import COMPACT_CELL, COMPACT_EDGE, LAST_MOVE, TINT_OPACITY, to_png
from generator.docs.figure import COLOURS
from generator.draw.art.symbols import VALUE_INK
from generator.draw.scene import Group, Item, Page
from generator.model.cards import Card

WIDTH = 70.0
DPI = 300
MOVES = "b2-b3 g7-g6 b3-b4 g6-g5"
SIZE = 8 * COMPACT_CELL.width + 2 * COMPACT_EDGE  # the board before the figure's scale


def _without(items: tuple[Item, ...], role: str) -> tuple[Item, ...]:
    """*items* with every group whose role starts with *role* left out (and no keys, so
    that nothing drawn once stands in for the changed groups)."""
    kept: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            if (item.role or "").startswith(role):
                continue
            item = dataclasses.replace(item, items=_without(item.items, role), key=None)
        kept.append(item)
    return tuple(kept)


def _raster(page: Page) -> Image.Image:
    return Image.open(io.BytesIO(to_png(page, dpi=DPI))).convert("RGB")


def _ink_of(page: Page, whole: Image.Image, role: str) -> Image.Image:
    """A mask of the pixels that the groups of *role* draw."""
    bare = _raster(dataclasses.replace(page, items=_without(page.items, role)))
    return ImageChops.difference(whole, bare).convert("L").point(lambda v: 255 if v > 40 else 0)


def _cell(square: str) -> tuple[int, int, int, int]:
    """The pixel box of *square* on the 70 mm figure seen from the south."""
    k = WIDTH / SIZE * DPI / 25.4
    file, rank = "abcdefgh".index(square[0]), int(square[1]) - 1
    x = COMPACT_EDGE + file * COMPACT_CELL.width
    y = COMPACT_EDGE + (7 - rank) * COMPACT_CELL.height
    return (round(x * k), round(y * k), round((x + COMPACT_CELL.width) * k),
            round((y + COMPACT_CELL.height) * k))


def _overlap(a: tuple[int, int, int, int] | None, b: tuple[int, int, int, int] | None) -> bool:
    return a is not None and b is not None and a[0] < b[2] and b[0] < a[2] and \
        a[1] < b[3] and b[1] < a[3]


def _luminance(rgb: tuple[int, ...]) -> float:
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.fixture(scope="module")
def compact(library):
    drawn = draw_figure(library, "game1-demo", {"moves": tuple(MOVES.split()),
                                                "style": "compact"}, width=WIDTH)
    return drawn.final


def test_a_compact_board_is_square_and_fits_a_column(compact):
    assert compact.width == WIDTH and compact.height == pytest.approx(WIDTH)


@pytest.mark.parametrize("layout, moves, cards", [
    ("game1-demo", MOVES, 30),            # 32 cards, two of them face down
    ("example-combinations", "", 10),      # two-digit values (pack 2)
    ("word-1-start", "", 32),              # letters
])
def test_every_value_is_legible_at_70mm_and_300dpi(library, layout, moves, cards):
    """Each value's glyphs are at least 24 pixels tall (2 mm, the cap height of 8.5 pt
    type), inside their cell, clear of the suit sign, the dagger and the side bar of the
    same card, and in a WCAG contrast of at least 4.5 with the tile round them."""
    changes: dict[str, object] = {"style": "compact"}
    if moves:
        changes["moves"] = tuple(moves.split())
    compact = draw_figure(library, layout, changes, width=WIDTH).final
    whole = _raster(compact)
    masks = {role: _ink_of(compact, whole, role) for role in ("value", "suit", "dagger",
                                                               "side")}
    found = 0
    for file in "abcdefgh":
        for rank in range(1, 9):
            box = _cell(f"{file}{rank}")
            value = masks["value"].crop(box).getbbox()
            if value is None:
                continue
            found += 1
            left, top, right, bottom = value
            assert bottom - top >= 24, f"{file}{rank}: value {bottom - top} px tall"
            assert left > 0 and top > 0 and right < box[2] - box[0] and bottom < box[3] - box[1]
            for other in ("suit", "dagger", "side"):
                assert not _overlap(value, masks[other].crop(box).getbbox()), \
                    f"{file}{rank}: the value touches the {other} mark"
            ink = min((whole.getpixel((box[0] + x, box[1] + y))
                       for x in range(left, right) for y in range(top, bottom)),
                      key=_luminance)
            tile = whole.getpixel((box[0] + left - 2, box[1] + (top + bottom) // 2))
            assert _contrast(ink, tile) >= 4.5, f"{file}{rank}"
    assert found == cards


def test_value_ink_is_the_suits_text_colour(compact):
    """The value reads in its colour: the 1Y moved to g5 is in the yellow suit's text ink."""
    whole = _raster(compact)
    mask = _ink_of(compact, whole, "value")
    box = _cell("g5")
    region = whole.crop(box)
    inked = [region.getpixel((x, y)) for x in range(region.width) for y in range(region.height)
             if mask.crop(box).getpixel((x, y))]
    darkest = min(inked, key=_luminance)
    want = tuple(int(VALUE_INK[Card.from_notation("1Y").colour][i:i + 2], 16) for i in (1, 3, 5))
    assert all(abs(a - b) <= 30 for a, b in zip(darkest, want))


# --- every option in the compact style -----------------------------------------------------

def _compact(library, options=None, **flags) -> Page:
    changes = option_annotations(**(options or {}))
    changes["style"] = "compact"
    return draw_figure(library, "game1-demo", changes, width=WIDTH, **flags).final


def _centre(square: str) -> tuple[int, int]:
    box = _cell(square)
    return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2


def test_last_move_tints_the_square_left_and_rings_the_card_that_moved(library, compact):
    image = _raster(compact)
    plain = _raster(_compact(library, {}))  # the start: g6 empty, no tint
    x, y = _centre("g6")
    want = tuple(round(a * (1 - TINT_OPACITY) + b * TINT_OPACITY)
                 for a, b in zip(plain.getpixel((x, y - 20)),
                                 (int(LAST_MOVE[i:i + 2], 16) for i in (1, 3, 5))))
    assert all(abs(a - b) <= 6 for a, b in zip(image.getpixel((x, y - 20)), want))
    left, top, _, _ = _cell("g5")
    ring = image.getpixel((left + 3, (top + _cell("g5")[3]) // 2))
    assert ring[2] > ring[1] + 40  # violet over the square's colour, round the tile


def test_select_dots_free_squares_and_highlight_frames_a_square(library):
    page = _compact(library, {"moves": MOVES, "select": "b4", "highlight": ("c2",)})
    image = _raster(page)
    plain = _raster(_compact(library, {"moves": MOVES}))
    # b4's 3G may go to a5 (free): a dark dot in the middle of the cell.
    x, y = _centre("a5")
    assert _luminance(image.getpixel((x, y))) < _luminance(plain.getpixel((x, y))) * 0.6
    # The highlight's magenta frame lies on c2's edge.
    left, top, right, bottom = _cell("c2")
    frame = image.getpixel((left + 4, (top + bottom) // 2))
    magenta = tuple(int(COLOURS["magenta"][i:i + 2], 16) for i in (1, 3, 5))
    assert all(abs(a - b) <= 40 for a, b in zip(frame, magenta))


def test_crop_flip_arrow_and_caption_in_the_compact_style(library):
    page = _compact(library, {"crop": "c2:e4", "arrows": ("d2-d4",)}, flip=True,
                    caption="The middle, from the north")
    # Three files and three ranks of square cells with their bands, and a caption under.
    board = 3 * COMPACT_CELL.width + 2 * COMPACT_EDGE
    assert page.height > page.width  # the caption's line under the square board
    figure = page.items[0]
    assert isinstance(figure, Group) and figure.transform.a == pytest.approx(WIDTH / board)
    image = _raster(page)
    k = WIDTH / board * DPI / 25.4
    # Flipped: e4 at the bottom left, c2 at the top right; the arrow d2-d4 runs down the
    # middle file from the top row towards the bottom one, see-through over the cells.
    d3 = (round((COMPACT_EDGE + 1.5 * COMPACT_CELL.width) * k),
          round((COMPACT_EDGE + 1.5 * COMPACT_CELL.height) * k))
    bare = _raster(_compact(library, {"crop": "c2:e4"}, flip=True,
                            caption="The middle, from the north"))
    assert image.getpixel(d3) != bare.getpixel(d3)
    top_right = (round((COMPACT_EDGE + 2.2 * COMPACT_CELL.width) * k),
                 round((COMPACT_EDGE + 0.5 * COMPACT_CELL.height) * k))
    # c2 holds south's 4Y: its tile's yellow tint at the top right of north's view.
    assert all(abs(a - b) <= 6 for a, b in zip(image.getpixel(top_right), (0xfc, 0xf0, 0xbf)))


# --- the [figure] table ------------------------------------------------------------------

LAYOUT = """kind = "layout"
title = "A compact figure"
board = "board-a"
game = "basic-1"

[players]
south = "pack1:G1"
north = "pack1:G2"

[rows]
8 = ". . . . (1B)v . . ."
4 = ". 8Rv . . . . . ."
3 = "2Y^ . . . . . . ."
1 = ". . . . (1R)^ . . ."

[figure]
play = true
{style}
"""


def test_style_compact_in_a_layouts_figure_table_draws_as_the_option_does(runner, tmp_path):
    table = tmp_path / "table.toml"
    table.write_text(LAYOUT.format(style='style = "compact"'), encoding="utf-8")
    option = tmp_path / "option.toml"
    option.write_text(LAYOUT.format(style=""), encoding="utf-8")
    for args in ([str(table), "--out", str(tmp_path / "a.svg")],
                 [str(option), "--style", "compact", "--out", str(tmp_path / "b.svg")],
                 [str(table), "--style", "full", "--out", str(tmp_path / "c.svg")]):
        result = runner.invoke(cli, ["figure", *args])
        assert result.exit_code == 0, result.output
    a, b, c = ((tmp_path / f"{n}.svg").read_text(encoding="utf-8") for n in "abc")
    assert a == b  # the table's style draws exactly what the option draws
    root = ET.fromstring(a)
    assert root.get("viewBox") == "0 0 100 100"  # square cells: a square figure
    assert ET.fromstring(c).get("viewBox") != "0 0 100 100"  # the option wins


def test_a_bad_style_in_the_table_is_one_line(runner, tmp_path):
    table = tmp_path / "bad.toml"
    table.write_text(LAYOUT.format(style='style = "tiny"'), encoding="utf-8")
    result = runner.invoke(cli, ["figure", str(table), "--out", str(tmp_path / "x.svg")])
    assert result.exit_code != 0
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "figure.style" in lines[0] and "compact" in lines[0]
    assert not (tmp_path / "x.svg").exists()


def _headings(items: tuple[Item, ...], transform=None) -> list[tuple[float, float, float]]:
    """The x of the tip, its y and the y of the base of each heading triangle, on the
    page."""
    from generator.draw.geometry import Transform
    from generator.draw.scene import Polygon
    transform = transform or Transform()
    found = []
    for item in items:
        if not isinstance(item, Group):
            continue
        inner = transform @ item.transform
        if item.role == "heading":
            polygon = next(p for p in item.items if isinstance(p, Polygon))
            tip, left, right = (inner.apply(*point) for point in polygon.points)
            found.append((tip[0], tip[1], (left[1] + right[1]) / 2))
        else:
            found += _headings(item.items, inner)
    return found


def test_letters_of_nobody_show_the_way_their_arrow_points(library):
    """Fifth review, item 6: the puzzle about arrows showed no arrows. Word puzzle 5 (seed
    001: letters "focus arrows in one direction on even horizontals ... in opposite
    direction on odd horizontals", and "it is necessary to reorient all letters in any one
    direction"; the letters belong to nobody) draws each tile with a triangle pointing as
    its arrow does: up the page for an arrow to north (^), down for one to south (v). A
    two-player board draws none."""
    from generator.io.layouts import load_layout_file
    layout = load_layout_file(library, "word-puzzle-5-start").layout
    arrows = {square: stack[-1].facing.value for square, stack in layout.items()}
    page = draw_figure(library, "word-puzzle-5-start", {"style": "compact"},
                       width=WIDTH).final
    unit = SIZE / WIDTH  # figure units per mm of the page
    drawn = {}
    for x, tip, base in _headings(page.items):
        file = int((x * unit - COMPACT_EDGE) // COMPACT_CELL.width)
        rank = 8 - int((tip * unit - COMPACT_EDGE) // COMPACT_CELL.height)
        drawn["abcdefgh"[file] + str(rank)] = "^" if tip < base else "v"
    assert drawn == arrows and len(drawn) == 32
    assert sorted(arrows.values()).count("^") == 16
    two = draw_figure(library, "word-1-start", {"style": "compact"}, width=WIDTH).final
    assert _headings(two.items) == []
