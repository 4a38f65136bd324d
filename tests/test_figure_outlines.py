"""Issue 42: combination and word outlines placed by overlap, inside the squares, clear of
every card's value and index box and of the edge labels. The tests read the drawn scene:
each outline's strokes against the rectangle of every text and index box the figure draws.

Seed 000 (basic game 18, combinations) counts "three or more cards in a row" on one line of
the board, and the word games make words of letters read along a line: an outline marks
such a line of squares, so it must leave the cards' values and letters, the very things
the reader checks the line by, readable."""
from __future__ import annotations

import pytest

from generator.app.figure import draw_figure
from generator.docs.build import option_annotations
from generator.docs.diagram import COMPACT_CELL, COMPACT_EDGE, _clip_segment, _outline_levels
from generator.docs.figure import Outline
from generator.draw import fonts
from generator.draw.art.board import EDGE, View, squares_area
from generator.draw.geometry import Rect, Size, Transform
from generator.draw.scene import Box, Group, Item, Line, Page, Polygon, Text, walk
from generator.io.figures import figure_table_for

Segment = tuple[tuple[float, float], tuple[float, float], float]


def _outline_strokes(items: tuple[Item, ...],
                     t: Transform = Transform()) -> list[Segment]:
    """Every stroke of the figure's outlines (groups named ``mark line``/``line-took`` come
    just after their shapes): (start, end, half the stroke's width), in page mm."""
    found: list[Segment] = []
    pending: list[Segment] = []
    for item in items:
        if isinstance(item, Group):
            if item.role in ("mark line", "mark line-took"):
                found += pending
            elif item.role and item.role.startswith("mark "):
                pass
            else:
                found += _outline_strokes(item.items, t @ item.transform)
            pending = []
            continue
        half = t.scale_factor * getattr(getattr(item, "paint", None), "width", 0) / 2
        if isinstance(item, Box):
            c = [t.apply(x, y) for x, y in item.rect.corners()]
            pending += [(c[k], c[(k + 1) % 4], half) for k in range(4)]
        elif isinstance(item, Line):
            pending.append((t.apply(item.x1, item.y1), t.apply(item.x2, item.y2), half))
        elif isinstance(item, Polygon):
            c = [t.apply(x, y) for x, y in item.points]
            ends = len(c) if item.closed else len(c) - 1
            pending += [(c[k], c[(k + 1) % len(c)], half) for k in range(ends)]
        else:
            pending = []
    return found


def _text_rect(text: Text, t: Transform) -> Rect:
    width = fonts.measure(text.text, text.font, text.size)
    left = {"start": 0.0, "middle": -width / 2, "end": -width}[text.anchor]
    local = Transform.translate(text.x, text.y) @ Transform.rotate(text.rotation)
    corners = [(left, -0.75 * text.size), (left + width, -0.75 * text.size),
               (left + width, 0.2 * text.size), (left, 0.2 * text.size)]
    return Rect.bounding((t @ local).apply(x, y) for x, y in corners)


def _squares_area(page: Page, compact: bool) -> Rect:
    """The board's squares (the edge bands left out), in page mm."""
    figure = next(item for item in page.items if isinstance(item, Group))
    square, edge = (COMPACT_CELL, COMPACT_EDGE) if compact else (Size(25, 50), EDGE)
    return figure.transform.apply_rect(squares_area(square, edge, View()))


def _signs(page: Page, squares: Rect) -> list[tuple[str, Rect]]:
    """The rectangle of every text a card carries (value, letter, suit) and of its index
    box, and of every edge label, in page mm. The board's own suit signs inside its
    squares are left out: a card covers them, and an empty square's sign is no label."""
    signs: list[tuple[str, Rect]] = []
    for item, t in walk(page.items):
        if isinstance(item, Text):
            signs.append((item.text, _text_rect(item, t)))
        elif isinstance(item, Box) and item.paint.stroke and item.rect.w < 12 \
                and item.rect.h < 6:
            signs.append(("index box", Rect.bounding(t.apply(x, y)
                                                     for x, y in item.rect.corners())))
    board = {id(item) for item, _ in walk(tuple(
        g for top in page.items if isinstance(top, Group) for g in top.items
        if isinstance(g, Group) and (g.role or "").startswith("board")))}
    on_board = [(label, rect) for (label, rect), (item, _) in zip(signs, [
        (i, t) for i, t in walk(page.items) if isinstance(i, Text) or (
            isinstance(i, Box) and i.paint.stroke and i.rect.w < 12 and i.rect.h < 6)])
        if not (id(item) in board and squares.contains(rect))]
    return on_board


def _crosses(segment: Segment, rect: Rect) -> bool:
    """Whether the stroke *segment* touches *rect*: some of it lies in the rectangle grown
    by half the stroke."""
    a, b, half = segment
    return _clip_segment(a, b, rect.inset(-half)) is not None


def _shipped_with_outlines(library) -> list[str]:
    return [name for name in library.names("layout")
            if any(what in ("combos", "words") for key, values in
                   figure_table_for(library, name).lists if key == "show" for what in values)]


def _cases(library) -> list[tuple[str, dict[str, object]]]:
    cases: list[tuple[str, dict[str, object]]] = []
    for name in _shipped_with_outlines(library):
        cases += [(name, {}), (name, {"style": "compact"})]
    words = option_annotations(show=["words"])
    cases += [("word-puzzle-5-ending", words),
              ("word-puzzle-5-ending", {**words, "style": "compact"})]
    return cases


def test_shipped_figures_that_outline_lines_include_the_combinations_example(library):
    assert "example-combinations" in _shipped_with_outlines(library)


def test_no_outline_crosses_a_card_value_or_an_edge_label(library):
    """Before: "30 40 20" on h5-h7 in example-combinations had the third outline through
    their values, and the diagonal words of word-puzzle-5-ending ran over the edge labels."""
    checked = 0
    for name, changes in _cases(library):
        page = draw_figure(library, name, changes, frames=False).final
        strokes = _outline_strokes(page.items)
        assert strokes, f"{name} {changes}: no outline drawn"
        signs = _signs(page, _squares_area(page, "style" in changes))
        assert any(label == "8" for label, _ in signs), "the edge labels are read"
        hits = {(label, name) for segment in strokes for label, rect in signs
                if _crosses(segment, rect)}
        assert not hits, f"{name} {changes}: outlines cross {sorted(hits)[:5]}"
        checked += 1
    assert checked >= 4


def test_outlines_stay_inside_the_board_squares(library):
    """No stroke reaches the edge bands: every outline lies wholly on the board's squares."""
    for name, changes in _cases(library):
        page = draw_figure(library, name, changes, frames=False).final
        area = _squares_area(page, "style" in changes)
        for a, b, half in _outline_strokes(page.items):
            for x, y in (a, b):
                assert area.x + half - 1e-6 <= x <= area.right - half + 1e-6 \
                    and area.y + half - 1e-6 <= y <= area.bottom - half + 1e-6, \
                    f"{name} {changes}: an outline at ({x:.2f}, {y:.2f}) leaves the squares"


def test_outlines_step_inwards_only_where_they_overlap():
    """Two lines apart both sit at the squares' edge; a third sharing a square with each
    takes the next level; one sharing only with the first takes the level the second held."""
    a = Outline(("a1", "b1", "c1"))
    b = Outline(("a8", "b8", "c8"))
    c = Outline(("a1", "a2", "a3"))
    d = Outline(("c1", "c2", "c3"))
    e = Outline(("a3", "b2", "c1"))
    assert _outline_levels((a, b)) == [0, 0]
    assert _outline_levels((a, b, c)) == [0, 0, 1]
    assert _outline_levels((a, b, c, d)) == [0, 0, 1, 1]
    # e shares a square with a, c and d: the first free level, 2.
    assert _outline_levels((a, b, c, d, e)) == [0, 0, 1, 1, 2]
    assert all(level <= n for n, level in enumerate(_outline_levels((a, b, c, d, e))))
