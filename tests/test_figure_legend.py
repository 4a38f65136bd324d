"""Issue 26, ``--legend``: a key under the board to the marks the figure shows, and only to
those, at one size whatever the figure's width."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from generator.cli import cli
from generator.app.figure import draw_figure
from generator.docs.build import option_annotations
from generator.docs.diagram import LAST_MOVE, LEGEND_SIZE, TINT_OPACITY, to_png
from generator.draw import fonts
from generator.draw.geometry import Transform
from generator.draw.scene import Group, Item, Page, Text
from generator.draw.style import DEFAULT_STYLE

MOVES = "c2-d3 g7-g6 d3-e4 b7-c6 e4-f5 h7-g7"


def _legend(page: Page) -> list[tuple[str, Transform]]:
    """(label, place) of each legend entry on *page*, in order."""
    found = []
    for item in page.items:
        if isinstance(item, Group) and (item.role or "").startswith("legend "):
            found.append((item.role[len("legend "):], item.transform))
    return found


def _texts(items: tuple[Item, ...]) -> list[Text]:
    return [i for i in items if isinstance(i, Text)]


def _draw(library, width: float = 80.0, legend: bool = True, **options) -> Page:
    changes = option_annotations(**options)
    changes["legend"] = legend
    return draw_figure(library, "game1-demo", changes, width=width, to_move="next").final


def test_the_legend_names_what_the_figure_shows_and_nothing_else(library):
    page = _draw(library, moves=MOVES, select="f5", arrows=("a2-a4:green",),
                 marks=("h1:cross",))
    assert [label for label, _ in _legend(page)] == [
        "south's card", "north's card", "south to move", "last move", "may move here",
        "may move onto", "selected card", "move", "taken"]
    # Only the cards: the sides; no last move, dots, frames or arrows.
    start = draw_figure(library, "game1-demo", {"legend": True}).final
    assert [label for label, _ in _legend(start)] == ["south's card", "north's card"]


def test_without_legend_the_figure_is_as_it_was(library):
    plain = _draw(library, legend=False, moves=MOVES, select="f5")
    keyed = _draw(library, moves=MOVES, select="f5")
    assert not _legend(plain)
    assert keyed.items[0] == plain.items[0]  # the board and its marks are the same
    assert keyed.height > plain.height


@pytest.mark.parametrize("width", [60.0, 120.0])
def test_the_legend_keeps_one_size_and_wraps_inside_the_page(library, width):
    page = _draw(library, width=width, moves=MOVES, select="f5", arrows=("a2-a4:green",))
    labels = {label for label, _ in _legend(page)}
    texts = [t for t in _texts(page.items) if t.text in labels]
    assert len(texts) == len(labels)
    assert {t.size for t in texts} == {LEGEND_SIZE}
    for t in texts:
        assert t.x >= 0 and t.x + fonts.measure(t.text, t.font, t.size) <= width - 1.9


def test_the_last_move_swatch_shows_the_tint(library):
    page = _draw(library, moves=MOVES)
    place = dict(_legend(page))["last move"]
    dpi = 200
    image = Image.open(io.BytesIO(to_png(page, dpi=dpi))).convert("RGB")
    x, y = ((v + 2.0) * dpi / 25.4 for v in (place.e, place.f))
    light = DEFAULT_STYLE.board_light
    want = [round(int(light[i:i + 2], 16) * (1 - TINT_OPACITY)
                  + int(LAST_MOVE[i:i + 2], 16) * TINT_OPACITY) for i in (1, 3, 5)]
    got = image.getpixel((round(x), round(y)))
    assert all(abs(a - b) <= 4 for a, b in zip(got, want))


def test_legend_in_a_layouts_figure_table(runner, tmp_path):
    source = tmp_path / "x.toml"
    source.write_text('kind = "layout"\ntitle = "A key"\nboard = "board-a"\n'
                      'game = "basic-1"\n\n[players]\nsouth = "pack1:G1"\nnorth = "pack1:G2"\n\n'
                      '[rows]\n8 = ". . . . (1B)v . . ."\n3 = "2Y^ . . . . . . ."\n'
                      '1 = ". . . . (1R)^ . . ."\n\n[figure]\nplay = true\nlegend = true\n',
                      encoding="utf-8")
    for name, extra in (("table", []), ("option", ["--legend"]), ("off", ["--no-legend"])):
        out = tmp_path / f"{name}.svg"
        result = runner.invoke(cli, ["figure", str(source), "--out", str(out), *extra])
        assert result.exit_code == 0, result.output
    table, option, off = ((tmp_path / f"{n}.svg").read_text(encoding="utf-8")
                          for n in ("table", "option", "off"))
    assert table == option and 'class="legend north' in table
    assert "legend" not in off  # the option wins over the table


def _swatch(page: Page, label: str) -> Group:
    return next(item for item in page.items
                if isinstance(item, Group) and item.role == f"legend {label}")


@pytest.mark.parametrize(("flip", "up"), [(False, False), (True, True)])
def test_the_legends_triangle_points_as_the_marker_beside_the_board(library, flip, up):
    """Issue 42: north to move, seen from south, plays down the page: the marker in the
    corner points down, and so does the key's triangle (it always pointed up before)."""
    changes = option_annotations(moves="c2-d3")
    changes["legend"] = True
    page = draw_figure(library, "game1-demo", changes, width=80.0, to_move="next",
                       flip=flip).final
    from generator.draw.scene import Polygon
    (triangle,) = [i for i in _swatch(page, "north to move").items if isinstance(i, Polygon)]
    tip, *base = triangle.points
    assert (tip[1] < base[0][1]) is up
    marker = next(item for item in page.items[0].items
                  if isinstance(item, Group) and (item.role or "").startswith("to-move"))
    tip, *base = marker.items[0].points
    assert (tip[1] < base[0][1]) is up


def test_the_legend_leaves_out_what_the_crop_leaves_out(library):
    """Issue 42: an arrow, a cross and a highlight outside a --crop are not drawn, so the
    key does not name them either."""
    options = dict(moves=MOVES, arrows=("a2-a4:green",), marks=("h1:cross",),
                   highlight=("a1:blue",))
    whole = [label for label, _ in _legend(_draw(library, **options))]
    cropped = [label for label, _ in _legend(_draw(library, crop="e5:h8", **options))]
    assert {"move", "taken", "highlighted"} <= set(whole)
    assert not {"move", "taken", "highlighted"} & set(cropped)
    assert "last move" in cropped  # h7-g7, inside the crop


def test_threat_rings_are_keyed_as_cards_that_could_be_taken(library):
    """Issue 42: --show threats rings every card either side could beat on its next move;
    the key called them "marked"."""
    page = _draw(library, moves=MOVES, show=("threats",))
    labels = [label for label, _ in _legend(page)]
    assert "could be taken next" in labels and "marked" not in labels
    own = _draw(library, moves=MOVES, marks=("a1:circle:green",))
    assert "marked" in [label for label, _ in _legend(own)]
