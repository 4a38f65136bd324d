"""Issue 39, the page make-up faults of the session-16 review, read back from the PDFs:

- no figure parts a paragraph of the main booklet (RU pp. 52-53, initial game 9: «…Север
  ведёт 2B дальше, на h5,» | Fig. 41 | «вместо того чтобы занять e7…»); and (eleventh
  review, the same example) a worked example's figure comes before every move after it
  in the source, in reading order;
- a game's "on your turn" box stands on its chapter's first page, with the setup it
  follows (RU p. 24, basic game 4: the box a page away, p. 24 a fifth empty);
- a sidebar (a game's variants) is not split leaving fewer than setter.SIDEBAR_SIDE of
  its lines on a side of the page break (the Russian Besieged City: 4 lines + 2 over).
"""
from __future__ import annotations

import pypdfium2
import pytest

from built_booklets import set_booklet
from generator.docs.booklet.build import Made
from generator.docs.booklet.setter import MOVE, SIDEBAR_SIDE
from generator.docs.booklet.units import SIDEBAR_X, PageGeometry
from generator.draw.scene import Group, Item, Page, Text
from generator.model.booklet import FigureRef, Paragraph

from test_booklet_figure_breaks import split_by_figure

MM = 72 / 25.4
GEOMETRY = PageGeometry.for_paper("a5")
PATIENCES = ("nivernaise", "empress-of-india", "besieged-city")
KEYS = [("en", ()), ("ru", ()), ("en", PATIENCES), ("ru", PATIENCES)]
MORE = [("en", ("ass",)), ("ru", ("ass",))]


@pytest.fixture(scope="module")
def made(library) -> dict[tuple[str, tuple[str, ...]], Made]:
    return {key: set_booklet(library, *key) for key in KEYS}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_figure_splits_a_paragraph_of_the_main_booklet(made, lang):
    """No caption is followed on its page by a line that goes on with a sentence begun
    above the figure: a move of a worked example comes up above the figure of the move
    before it only whole (makeup._float)."""
    assert split_by_figure(made[lang, ()].pdf) == []


def _chapter_pages(booklet: Made) -> dict[int, str]:
    """The page (index from 0) where each chapter starts, by its title in the outline."""
    keys = {c.title: c.key for c in booklet.booklet.chapters}
    return {index: keys[title] for title, level, index in booklet.typeset.outline
            if level == 0 and title in keys}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_turn_box_stands_on_its_chapters_first_page(made, lang):
    """Each game's "on your turn" box (its heading as a line of the page) is set on the
    page where its chapter starts, after the setup, in every game of the main booklet."""
    booklet = made[lang, ()]
    starts = _chapter_pages(booklet)
    headings = {booklet.booklet.turn_heading(c.turn): c.key for c in booklet.booklet.chapters
                if c.turn is not None}
    assert headings
    found: dict[str, int] = {}
    for n, page in enumerate(pypdfium2.PdfDocument(booklet.pdf)):
        label = booklet.pages[n].label
        text = page.get_textpage().get_text_range()
        for line in text.splitlines():
            if line.strip() in headings and label not in found and label in starts.values():
                found[label] = n
    games = [c.key for c in booklet.booklet.chapters if c.turn is not None]
    assert sorted(found) == sorted(games)
    away = [(key, n + 1) for key, n in found.items() if starts.get(n) != key]
    assert away == [], lang


def _sidebar_parts(pdf: bytes) -> list[tuple[int, int, bool, bool]]:
    """Each run of a sidebar's margin rule on a page: (page index, text lines beside it,
    whether it reaches the body's foot, whether it starts at the body's top)."""
    g = GEOMETRY
    x = g.margin_x + SIDEBAR_X
    parts = []
    for n, page in enumerate(pypdfium2.PdfDocument(pdf)):
        height = page.get_height()
        rules, lines = [], set()
        for obj in page.get_objects(max_depth=0):
            left, bottom, right, top = obj.get_bounds()
            top_mm, bottom_mm = (height - top) / MM, (height - bottom) / MM
            if obj.type == pypdfium2.raw.FPDF_PAGEOBJ_PATH and (right - left) / MM < 2.0 \
                    and abs((left + right) / 2 / MM - x) < 0.5 and bottom_mm - top_mm > 2:
                rules.append((top_mm, bottom_mm))
            elif obj.type == pypdfium2.raw.FPDF_PAGEOBJ_TEXT:
                lines.add((round((top_mm + bottom_mm) / 2, 1), left / MM))
        for top_mm, bottom_mm in rules:
            beside = {y for y, left in lines if top_mm < y < bottom_mm
                      and left > g.margin_x - 0.5}
            parts.append((n, len(beside), bottom_mm > g.body_bottom - 6.0,
                          top_mm < g.body_top + 2.0))
    return parts


@pytest.mark.parametrize("key", KEYS, ids=["en", "ru", "pat-en", "pat-ru"])
def test_a_sidebar_breaks_leaving_lines_on_each_side(made, key):
    """Where a sidebar runs on over a page (its rule reaching the page's foot and the
    next page's rule starting at its top), both parts hold SIDEBAR_SIDE lines at least."""
    parts = _sidebar_parts(made[key].pdf)
    assert parts
    short = []
    for (n, lines, foot, _), (m, after, _, head) in zip(parts, parts[1:]):
        if m == n + 1 and foot and head and min(lines, after) < SIDEBAR_SIDE:
            short.append((n + 1, lines, after))
    assert short == [], key


READING_KEYS = [*KEYS, *MORE]


@pytest.fixture(scope="module")
def made_more(library, made) -> dict[tuple[str, tuple[str, ...]], Made]:
    return {**made, **{key: set_booklet(library, *key) for key in MORE}}


def _lines(page: Page) -> list[tuple[float, str]]:
    """The text lines of a set page as (y on the page, text), its drawn groups opened."""
    found: list[tuple[float, str]] = []

    def walk(items: tuple[Item, ...] | list[Item], dy: float) -> None:
        for item in items:
            if isinstance(item, Group):
                walk(item.items, dy + item.transform.f)
            elif isinstance(item, Text):
                found.append((round(dy + item.y, 2), item.text.replace("\u00a0", " ")))

    walk(page.items, 0.0)
    return found


def _where(booklet: Made, start: str, chapter: str) -> tuple[int, float] | None:
    """Where (page index, y) the first text line of *chapter*'s pages that starts with
    *start* stands, in reading order (page, then top to bottom); None if none does."""
    return min(((n, y) for n, page in enumerate(booklet.pages) if page.label == chapter
                for y, text in _lines(page) if text.startswith(start)), default=None)


@pytest.mark.parametrize("key", READING_KEYS, ids=["-".join((k[0], *k[1][:1]))
                                                   for k in READING_KEYS])
def test_a_worked_examples_figure_comes_before_the_moves_after_it(made_more, key):
    """Issue 39, eleventh review r-main-ru (pp. 54-55, initial game 9): the position after
    move 4 was printed at the head of p. 55 under the text of moves 5 and 6 at the foot of
    p. 54, and the position after move 5 after move 7. A learner replays the moves on the
    diagrams: in reading order (page, then top to bottom) each figure of a worked example
    comes before the text of every move (a numbered step, setter.MOVE) that follows it in
    its section's source."""
    booklet = made_more[key]
    word = booklet.booklet.words.get("figure", "Figure")
    number, late = 0, []
    for chapter in booklet.booklet.chapters:
        for section in chapter.sections:
            figures: list[tuple[str, tuple[int, float]]] = []
            for block in section.blocks:
                if isinstance(block, FigureRef):
                    number += 1
                    at = _where(booklet, f"{word} {number}. ", chapter.key)
                    assert at is not None, (key, number, block.caption)
                    figures.append((f"{word} {number}", at))
                elif isinstance(block, Paragraph) and MOVE.match(block.text) and figures:
                    start = " ".join(block.text.split()[:2])
                    move = _where(booklet, start, chapter.key)
                    assert move is not None, (key, start)
                    late += [(name, start) for name, at in figures if at > move]
    assert not late, (key, late)
