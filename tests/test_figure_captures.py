"""Issue 39: a figure whose last move took cards draws it (the taken cards faint under a cross on
the squares they left, the line that took them outlined), worked out by the rule engine; the
booklet's diagram key explains every mark its figures draw, in English and Russian; card
backs are shown."""
from __future__ import annotations

import re

import pytest

from generator.app.booklet import LibraryTemplates
from generator.docs.booklet.figures import draw
from generator.docs.booklet.key import entries
from generator.app.figure import draw_figure
from generator.docs.build import option_annotations
from generator.docs.diagram import MARK_KINDS, marks_drawn
from generator.draw.art.board import EDGE, board_size, square_rect, whole
from generator.draw.geometry import Transform
from generator.draw.scene import Group, Item, Line, Page
from generator.errors import FigureError
from generator.io.booklets import load_booklet
from generator.io.layouts import load_layout_file
from generator.model.booklet import FigureRef

#: Basic game 18 up to south's 1Y stepping to g3: g3, f4 and e5 then hold three yellow cards
#: on one diagonal, south's 1Y and 4Y and north's 20Y (the booklet's worked example).
BASIC_18 = "e2-e3 d7-e6 c2-d3 c7-b6 e3-f4 e6-e5 g2-g3"


def _groups(items: tuple[Item, ...], role: str, transform: Transform = Transform()
            ) -> list[tuple[Group, Transform]]:
    """Every group named *role* under *items*, with the transform that takes it to the page."""
    found = []
    for item in items:
        if isinstance(item, Group):
            inner = transform @ item.transform
            if item.role == role:
                found.append((item, inner))
            found += _groups(item.items, role, inner)
    return found


def _crossed_squares(library, page: Page, layout: str, width: float) -> set[str]:
    """The squares the crosses of 'mark taken' groups sit on: the centre of each cross,
    matched to the square of the whole board drawn from south that holds it."""
    square = library.settings().square
    view = whole(load_layout_file(library, layout).board)
    size = board_size(square, EDGE, view)
    scale = width / size.width
    found = set()
    for group, transform in _groups(page.items, "mark taken"):
        if not group.items:
            continue  # the name of a cross asked for by hand, drawn just before it
        lines = [i for i in group.items if isinstance(i, Line)]
        assert len(lines) == 2, "a cross is two strokes"
        x, y = transform.apply((lines[0].x1 + lines[0].x2) / 2, (lines[0].y1 + lines[0].y2) / 2)
        for file in range(8):
            for rank in range(8):
                rect = square_rect(file, rank, square, (EDGE, EDGE), view)
                if rect.x * scale <= x <= rect.right * scale and \
                        rect.y * scale <= y <= rect.bottom * scale:
                    found.add("abcdefgh"[file] + str(rank + 1))
    return found


def test_a_combination_that_takes_draws_the_taken_card_crossed_on_its_square(library):
    """seed000, card game 18: 'if the combination is made all playing cards of the opponent
    including in structure of the generated combination are removed from the game board ...
    and own playing cards ... remain': north's 20Y on e5 leaves; south's 1Y and 4Y stay."""
    drawn = draw_figure(library, "basic-18-start", option_annotations(moves=BASIC_18),
                        width=100.0, frames=False)
    page = drawn.final
    assert _crossed_squares(library, page, "basic-18-start", 100.0) == {"e5"}
    kinds = marks_drawn(page.items)
    assert {"taken", "line-took"} <= kinds
    # The faint card is north's 20Y, the card the engine took.
    (ghost, _), = [g for g in _groups(page.items, "mark taken") if g[0].items]
    art = [i for i in ghost.items if isinstance(i, Group)]
    assert any("20Y" in (g.key or "") for a in art for g in a.items if isinstance(g, Group))


def test_a_move_that_took_nothing_draws_no_cross(library):
    """The move before: 4Y to f4 makes no combination, so nothing is marked taken."""
    page = draw_figure(library, "basic-18-start",
                       option_annotations(moves="e2-e3 d7-e6 c2-d3 c7-b6 e3-f4"),
                       width=100.0, frames=False).final
    assert not {"taken", "line-took"} & marks_drawn(page.items)


def test_a_word_that_takes_crosses_the_opponents_letters(library):
    """seed001, word game 1: the opponent's letters 'which are part of the formed' word are
    removed from the game board: OLD on the c-vertical takes north's O and L."""
    page = draw_figure(library, "word-1-start", option_annotations(
        moves="b2-f6 b7-b5 f6-c6"), width=100.0, frames=False).final
    assert _crossed_squares(library, page, "word-1-start", 100.0) == {"c7", "c8"}


def test_the_reply_after_a_capture_leaves_it_drawn(library):
    """The booklet's 'After move 4' figures end on north's reply: what south's move took is
    still drawn, as the caption tells it."""
    page = draw_figure(library, "basic-18-start", option_annotations(
        moves=BASIC_18 + " h7-h6"), width=100.0, frames=False).final
    assert _crossed_squares(library, page, "basic-18-start", 100.0) == {"e5"}


def test_the_legend_names_the_taken_cards_and_the_line(library):
    changes = option_annotations(moves=BASIC_18)
    changes["legend"] = True
    page = draw_figure(library, "basic-18-start", changes, width=100.0, frames=False).final
    labels = [i.role for i in page.items if isinstance(i, Group) and
              (i.role or "").startswith("legend ")]
    assert "legend taken by the last move" in labels
    assert "legend line that took" in labels


@pytest.fixture(scope="module")
def figures(library):
    """Every figure of both booklets, drawn as the booklet draws it, by language."""
    drawn = {}
    for lang in ("en", "ru"):
        booklet = load_booklet(library, lang)
        drawn[lang] = [(ref, draw(LibraryTemplates(library), ref)) for chapter in booklet.chapters
                       for section in chapter.sections for ref in section.blocks
                       if isinstance(ref, FigureRef)]
    return drawn


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_diagram_key_explains_every_mark_the_figures_draw(figures, lang):
    keys = [ref for ref, _ in figures[lang] if ref.key]
    assert len(keys) == 1, "one diagram key, in the chapter on reading the diagrams"
    explained = {kind for kind, _ in entries(keys[0])}
    used = set().union(*(marks_drawn(page.items) for ref, page in figures[lang] if not ref.key))
    assert used - explained == set()
    # Captures are among them: the booklet's worked examples take cards.
    assert {"taken", "line-took", "king-square", "forbidden"} <= used
    assert used <= set(MARK_KINDS)


def test_the_key_says_the_same_in_both_languages(figures):
    kinds = {lang: [kind for ref, _ in figures[lang] if ref.key for kind, _ in entries(ref)]
             for lang in ("en", "ru")}
    assert kinds["en"] == kinds["ru"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_backs_figure_draws_the_backs_as_the_kit_prints_them(figures, lang):
    """seed000: test cards told apart by 'presence/absence of a dagger on the back'; pack 1
    'with dark circles on the back'. Each back is the kit's own back art."""
    backs = [page for ref, page in figures[lang] if ref.cards and "(" in ref.cards]
    assert len(backs) == 1
    arts = {g.role: g.items[0] for g, _ in _groups_prefixed(backs[0].items, "back ")}
    assert set(arts) == {"back pack1 1R", "back pack1 1B", "back pack2 10R", "back pack2 10B",
                         "back simple1 1R", "back simple2 1R"}
    # 1B is in pack 1's dagger group: its back differs from 1R's, which has none.
    assert arts["back pack1 1B"] != arts["back pack1 1R"]
    assert "dagger" in (arts["back pack1 1B"].key or "")
    assert "dagger" not in (arts["back pack1 1R"].key or "")


def _groups_prefixed(items: tuple[Item, ...], prefix: str) -> list[tuple[Group, None]]:
    return [(i, None) for i in items if isinstance(i, Group) and (i.role or "").startswith(prefix)]


def test_a_key_entry_of_no_known_mark_is_refused(library):
    ref = FigureRef("x.toml: section[0].figure[1]", "", key=("sparkle: a sparkle",))
    with pytest.raises(FigureError, match=r"x.toml: section\[0\].figure\[1\].key\[0\]: no mark "
                                          r"'sparkle'"):
        draw(LibraryTemplates(library), ref)


def test_king_squares_are_a_mark_of_their_own(library):
    """The board's rings on e1 and e8 are named as king squares, not as a capture."""
    page = draw_figure(library, "game1-demo", {}, width=100.0, frames=False).final
    assert "king-square" in marks_drawn(page.items)


def test_the_figure_command_draws_the_capture_in_its_svg(runner, tmp_path):
    """`opencards figure` draws with the same code: the SVG holds the faint 20Y and its cross
    (seed000, card game 18, as above)."""
    from generator.cli import cli
    out = tmp_path / "f.svg"
    result = runner.invoke(cli, ["figure", "basic-18-start", "--moves", BASIC_18,
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    taken = re.findall(r'<g class="mark taken">(.*?)</g><g class=', svg)
    assert len(taken) == 1
    assert re.search(r'<use xlink:href="#k-pack2-20Y-face" />', taken[0])
    assert len(re.findall(r'<line [^>]*stroke="#d62728"', taken[0])) == 2
    assert '<g class="mark line-took"' in svg
