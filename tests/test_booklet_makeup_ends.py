"""Where a page ends (issue 39, sixth review), read on the placed pages of made-up units:

- a chapter's last page is not a tail of a bullet or two: the page before gives it whole
  blocks (r-main-ru #5: RU pp. 23, 29, 41, 59 a quarter full under a full page);
- a page that evening out makes shorter ends at a paragraph's end, not a few lines short
  inside it, and never stops a worked example before a move that fits it (r-main-ru #3:
  basic game 18, p. 32 ending after move 1 with a fifth of the page blank);
- a figure floated to the next page's head does not part a paragraph across the page turn
  (r-main-en #9: "After that each player may cover or" | Fig. 33 | "move to a free
  square.").
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from generator.docs.booklet.makeup import (FULL, HOLE_LINES, TAIL, TAIL_KEEP, _fill, _holes,
                                           depth, paginate)
from generator.docs.booklet.units import PageGeometry, Unit

G = PageGeometry.for_paper("a5")
BODY = G.body_bottom - G.body_top
LINE = 4.5


def _paragraph(lines: int, section: str = "s", *, gap: float = 1.6, item: bool = False,
               move: bool = False) -> list[Unit]:
    """A paragraph's lines as the setter makes them: the first two and the last two kept
    together (setter.Setter.keep_paragraph)."""
    units = [Unit(LINE, [], keep_with_next=lines <= 3 or k in (0, lines - 2),
                  section=section) for k in range(lines)]
    units[-1].keep_with_next = False
    units[0].space_before, units[0].in_list, units[0].move = gap, item, move
    return units


def _figure(height: float, section: str = "s") -> list[Unit]:
    """A figure kept with its one-line caption."""
    art = Unit(height + 1.5, [], space_before=3.0, keep_with_next=True, art=height,
               centre=50.0, least=height, section=section)
    return [art, Unit(5.5, [], section=section, caption=True)]


def _fills(pages: list[list[tuple[float, Unit]]]) -> list[float]:
    return [round(depth(page, G) / BODY, 2) for page in pages]


def test_a_chapters_last_page_takes_whole_blocks_rather_than_a_tail() -> None:
    """A chapter's variants list, its last item running a few lines onto a page of its
    own under a full page that a figure heads: the page before gives the last page whole
    items (no page left ending inside one), so that it holds TAIL of the body, the page
    before staying TAIL_KEEP full (RU basic game 1: p. 22 96 %, p. 23 two bullets, 25 %)."""
    text = [unit for _ in range(7) for unit in _paragraph(5)]   # a full first page
    figure = _figure(0.33 * BODY)
    heading = Unit(5.4, [], space_before=4.5, keep_with_next=True, section="variants")
    items = [unit for k in range(5)
             for unit in _paragraph(7 if k < 3 else 4, "variants", gap=0.6, item=k > 0)]
    units = text + figure + [heading] + items
    greedy = _fill(list(units), G)
    assert len(greedy) == 3 and depth(greedy[-1], G) < TAIL * BODY, _fills(greedy)
    pages = paginate(list(units), G)
    assert len(pages) == 3, _fills(pages)
    assert depth(pages[-1], G) >= TAIL * BODY, _fills(pages)
    assert depth(pages[-2], G) >= (TAIL_KEEP - 0.01) * BODY, _fills(pages)
    assert _holes(pages, G) == 0
    # The last page opens with a whole item.
    assert pages[-1][0][1].space_before > 0, _fills(pages)


def test_a_chapters_last_page_takes_the_blocks_that_bring_it_nearest_half() -> None:
    """Session 20's review (chapters ending on pages 30-50 % full): where no whole block
    of the page before brings the last page to TAIL with the page before TAIL_KEEP full,
    the blocks that bring it nearest go over, whole (no page left ending inside a
    paragraph)."""
    text = [unit for _ in range(4) for unit in _paragraph(5)]
    rest = round(BODY / LINE) - 4 * 5 - 6
    units = text + _paragraph(rest - 2) + _paragraph(3) + _paragraph(2) + _paragraph(4)
    greedy = _fill(list(units), G)
    pages = paginate(list(units), G)
    assert len(pages) == len(greedy) == 2, _fills(pages)
    assert depth(pages[-1], G) > depth(greedy[-1], G), (_fills(greedy), _fills(pages))
    assert depth(pages[-2], G) >= (TAIL_KEEP - 0.01) * BODY, _fills(pages)
    assert _holes(pages, G) == 0 and pages[-1][0][1].space_before > 0


def test_a_page_made_shorter_ends_at_a_paragraphs_end() -> None:
    """Evening out makes a page shorter (PageGeometry.trim) to give the next one text: it
    breaks before the paragraph it would end inside, where it stays FULL without it,
    rather than stop HOLE_LINES lines short mid-sentence."""
    before = [unit for _ in range(6) for unit in _paragraph(5)]      # about 83 % of a page
    long = _paragraph(12)
    units = before + long + [unit for _ in range(4) for unit in _paragraph(5)]
    used = sum(u.space_before + u.height for u in before)
    assert FULL * BODY < used < BODY - HOLE_LINES * LINE
    trimmed = replace(G, trim=(BODY - used - 2 * LINE,))
    pages = _fill(list(units), trimmed)
    assert pages[0][-1][1] is before[-1]
    assert pages[1][0][1] is long[0]


def test_a_page_made_shorter_keeps_a_worked_examples_short_next_move_that_fits() -> None:
    """... but a worked example's next move, set whole (three lines), that fits the page
    stays on it: the example is read on, rather than stopped with a fifth of the page
    blank."""
    before = [unit for _ in range(6) for unit in _paragraph(5)]
    move = _paragraph(3, move=True)
    units = before + move + [unit for _ in range(5) for unit in _paragraph(3, move=True)]
    used = sum(u.space_before + u.height for u in before)
    trimmed = replace(G, trim=(BODY - used - LINE,))
    pages = _fill(list(units), trimmed)
    placed = [unit for _, unit in pages[0]]
    assert all(any(unit is p for p in placed) for unit in move)
    # A paragraph that is no move goes over, as evening out asks.
    plain = _paragraph(3)
    pages = _fill(list(before + plain + units[len(before) + 3:]), trimmed)
    assert pages[1][0][1] is plain[0]


def test_a_floated_figure_does_not_part_a_paragraph_across_the_page_turn() -> None:
    """A chapter's opening page, its start figure too tall for what is left: the next
    section's paragraph comes up only whole, or with the rest of it above the figure at
    the next page's head, never its first lines at this page's foot and the rest under
    the figure (EN initial game 1, pp. 38-39)."""
    opening = [unit for _ in range(6) for unit in _paragraph(5)]
    figure = _figure(0.7 * BODY, "setup")
    heading = Unit(5.4, [], space_before=4.5, keep_with_next=True, section="moves")
    moves = _paragraph(8, "moves")
    rest = [unit for _ in range(6) for unit in _paragraph(5, "end")]
    pages = _fill(opening + figure + [heading] + moves + rest, G)
    order = [unit for page in pages for _, unit in page]
    at = next(n for n, unit in enumerate(order) if unit is figure[0])
    lines = [next(n for n, unit in enumerate(order) if unit is line) for line in moves]
    assert all(n < at for n in lines) or all(n > at for n in lines), (at, lines)


def test_a_notes_list_kept_with_its_texts_last_lines_does_not_leave_a_hole() -> None:
    """A section's notes label keeps with its text's last two lines (a soft keep), which
    go over with the list rather than leave it to open a page alone; but not where the
    page, full as it is, would stop inside the paragraph with HOLE_LINES lines' room
    besides those lines: the paragraph ends on its page and the list opens the next
    (sixth review r-ass #4: RU p. 12 seven lines short in mid-sentence, «…и прибавляем
    их к очкам» | «из взяток игрока.»)."""
    before = [unit for _ in range(4) for unit in _paragraph(5)]     # 57 % of a page
    text = _paragraph(10)
    text[-1].keep_with_next = text[-1].soft = True
    label = Unit(4.1, [], space_before=1.6, keep_with_next=True, section="s")
    notes = [Unit(4.1, [], keep_with_next=True, section="s") for _ in range(9)]
    notes[-1].keep_with_next = False
    for first in notes[::3]:
        first.space_before = 0.6
    pages = _fill(before + text + [label] + notes + _paragraph(5, "t"), G)
    placed = [unit for _, unit in pages[0]]
    assert depth([(y, u) for y, u in pages[0]], G) >= FULL * BODY
    assert placed[-1] is text[-1] and pages[1][0][1] is label


@pytest.mark.parametrize("later", [0.0, 0.3, 0.55])
@pytest.mark.parametrize("first", [20, 21])
def test_no_move_comes_up_above_the_figure_of_the_move_before_it(later: float,
                                                                  first: int) -> None:
    """A worked example's position too tall for the rest of its page heads the next page;
    the moves after it never come up above it, on a left-hand page either, whether or not
    a figure follows them: a move read before the position it starts from is read out of
    order (issue 39, eleventh review r-main-ru: initial game 9, moves 5 and 6 at the foot
    of p. 54, the figure «after move 4» at the head of p. 55)."""
    g = replace(G, first_page=first)
    text = [unit for _ in range(4) for unit in _paragraph(5, "example")]
    position = _figure(0.45 * BODY, "example")
    moves = [_paragraph(3, "example", move=True) for _ in range(3)]
    after = _figure(later * BODY, "example") if later else []
    units = text + position + moves[0] + moves[1] + after + moves[2]
    pages = _fill(list(units), g)
    assert pages[1][0][1] is position[0], _fills(pages)
    on_first = [unit for _, unit in pages[0]]
    assert not any(move[0] in on_first for move in moves), _fills(pages)
