"""Issue 25, page fill: read back from the A5 PDFs, no page of a chapter is under half full
except the chapter's last (every chapter starts on a new page by design). A figure that
does not fit under the text introducing it is drawn smaller (down to flow.SHRINK of its
height) rather than leave that page half empty."""
from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from generator.docs.booklet.build import make_booklet
from generator.docs.booklet.flow import RUNT, SHRINK, Geometry, Unit, _paginate
from generator.draw.scene import Group, Item
from generator.io.templates import Library

MM = 72 / 25.4
ROOT = Path(__file__).resolve().parent.parent
OPTIONAL = ("ass", "nivernaise", "empress-of-india", "besieged-city")
GEOMETRY = Geometry.for_paper("a5")


def page_fill(pdf: bytes) -> list[tuple[str, float]]:
    """(running header, fill) per page: fill is how far down the body the lowest drawn
    object reaches, 0 at the body's top and 1 at its foot. Header and footer are left out;
    a figure counts as one object (its form's box), not by the cards inside it."""
    g = GEOMETRY
    pages = []
    for page in pypdfium2.PdfDocument(pdf):
        height = page.get_height()
        lowest = g.body_top
        for obj in page.get_objects(max_depth=0):
            _, bottom, _, top = obj.get_bounds()
            top_mm, bottom_mm = (height - top) / MM, (height - bottom) / MM
            if bottom_mm <= g.body_top + 0.5 or top_mm >= g.body_bottom - 0.5:
                continue  # the running header and its rule, the page number
            lowest = max(lowest, bottom_mm)
        header = page.get_textpage().get_text_bounded(
            0, height - g.body_top * MM, page.get_width(), height).strip()
        pages.append((header, (lowest - g.body_top) / (g.body_bottom - g.body_top)))
    return pages


def _figure_heights(items: tuple[Item, ...], scale: float) -> list[float]:
    """The drawn height of each figure among *items*, in order: a figure is the one group
    clipped to its drawing, under the booklet's placing (and shrinking) groups."""
    heights = []
    for item in items:
        if isinstance(item, Group):
            k = scale * item.transform.d
            if item.clip is not None:
                heights.append(item.clip.h * k)
            else:
                heights += _figure_heights(item.items, k)
    return heights


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("games", [(), OPTIONAL], ids=["default", "ass-and-patiences"])
def test_no_page_of_a_chapter_is_under_half_full_but_its_last(library, lang, games):
    pages = page_fill(make_booklet(library, lang, games).pdf)
    chapters = [header for header, _ in pages if header]
    assert len(set(chapters)) >= (len(games) or 10)
    for number, ((header, fill), after) in enumerate(
            zip(pages, [h for h, _ in pages[1:]] + [""]), start=1):
        if not header:
            continue  # the title page and the contents
        last_of_chapter = after != header
        assert fill >= 0.5 or last_of_chapter, (lang, number, header, round(fill, 2))
        one_page = pages[number - 2][0] != header
        # A chapter's last page is no runt either (a line or a table row alone on it).
        assert fill >= RUNT - 0.02 or one_page or not last_of_chapter, \
            (lang, number, header, round(fill, 2))


def test_the_measure_sees_a_half_empty_page(tmp_path):
    """The fill measure is not blind: a chapter of 12 long paragraphs fills its pages but
    the last, which holds under half a page; a chapter of one line reads as nearly empty."""
    root = tmp_path / "mine" / "booklets" / "en"
    root.mkdir(parents=True)
    (root / "booklet.toml").write_text('title = "Mine"\ncontents = "Contents"\n'
                                       'games = ["long", "short"]\n', encoding="utf-8")
    paragraph = " ".join(["Cards lie face up on the board and move one square."] * 8)
    (root / "long.toml").write_text(
        'title = "Long"\n[[section]]\nid = "a"\ntext = """\n'
        + "\n\n".join([paragraph] * 12) + '\n"""\n', encoding="utf-8")
    (root / "short.toml").write_text('title = "Short"\n[[section]]\nid = "a"\n'
                                     'text = "One line."\n', encoding="utf-8")
    library = Library([tmp_path / "mine", ROOT / "templates"])
    pages = page_fill(make_booklet(library, "en").pdf)
    long = [fill for header, fill in pages if header == "Long"]
    short = [fill for header, fill in pages if header == "Short"]
    # (the page before the last gives some lines to it, so that it is no runt)
    assert len(long) >= 3 and min(long[:-2]) > 0.95 and long[-2] > 0.5, long
    assert RUNT - 0.02 < long[-1] < 0.3, long
    assert len(short) == 1 and short[0] < 0.1


def test_a_figure_shrinks_only_so_far(library):
    """Each figure is drawn at the size its file asks for, or smaller down to SHRINK of
    it; and some figures did shrink to stay with their text."""
    made = make_booklet(library, "en")
    g = GEOMETRY
    room = g.body_bottom - g.body_top
    asked = []
    for chapter in made.booklet.chapters:
        for ref in chapter.figures:
            page = made.figures[ref.where]
            if ref.layout is not None:   # a board: drawn at its width (booklet/sizes.py)
                asked.append(page.height * min(1.0, g.column / page.width))
            else:
                asked.append(page.height * min(g.column / page.width,
                                               room * ref.height / page.height))
    drawn = [height for page in made.pages for height in _figure_heights(page.items, 1.0)]
    assert len(drawn) == len(asked)
    for want, got in zip(asked, drawn):
        assert SHRINK * want - 0.5 <= got <= want + 0.5, (want, got)
    assert any(got < want - 2.0 for want, got in zip(asked, drawn))


def _lines(count: int, height: float = 5.0) -> list[Unit]:
    return [Unit(height, []) for _ in range(count)]


def test_a_last_line_alone_takes_more_with_it():
    """Text that would leave one line on a last page breaks earlier: the last page gets a
    fifth of the body, the page before stays over half full, nothing is lost."""
    g = GEOMETRY
    body = g.body_bottom - g.body_top
    per_page = int((body + 0.01) // 5.0)
    pages = _paginate(_lines(per_page + 1), g)
    assert len(pages) == 2 and sum(len(page) for page in pages) == per_page + 1
    assert len(pages[1]) * 5.0 >= RUNT * body
    assert len(pages[0]) * 5.0 >= 0.5 * body


def test_a_table_row_alone_comes_with_its_header_and_others():
    g = GEOMETRY
    body = g.body_bottom - g.body_top
    header = Unit(6.0, [])
    rows = [Unit(9.0, [], header=header) for _ in range(int((body - 6.0) // 9.0) + 1)]
    pages = _paginate([header, *rows], g)
    assert len(pages) == 2
    assert pages[1][0][1] is header     # set again at the top of the page
    assert pages[1][-1][1] is rows[-1]
    assert sum(len(page) for page in pages) == len(rows) + 2
    assert len(pages[1]) * 9.0 >= RUNT * body


def test_a_figure_gives_room_for_a_last_line():
    """A figure on the page before is drawn smaller (never under SHRINK) so that a last
    line fits after it, rather than stand alone on a page."""
    g = GEOMETRY
    body = g.body_bottom - g.body_top
    figure = Unit(body - 20.0, [], art=body - 22.0, centre=50.0)
    units = _lines(4) + [figure] + _lines(1)
    pages = _paginate(units, g)
    assert len(pages) == 1
    drawn = pages[0][4][1]
    assert SHRINK * figure.art - 0.01 <= drawn.art < figure.art
