"""Red suits' signs in the booklet's set text (issue 39, session 17): the worked tricks of
Ass label each player's trump with the sign in the cards' red, while the captions and the
text beside them printed ♥ ♦ black. The typesetter now prints every red suit's sign red
inside its line, in captions, text and tables, without moving a glyph (a colour is a run
of the line, not a word of its own)."""
from __future__ import annotations

import ctypes
from dataclasses import replace

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest

from built_booklets import set_booklet
from generator.docs.booklet.build import Made
from generator.docs.booklet.units import GREY, INK
from generator.draw import fonts
from generator.draw.art.traditional import RED
from generator.draw.backends import pdf, svg
from generator.draw.scene import Group, Item, Page, Text, runs_of, walk


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@pytest.fixture(scope="module")
def built(library) -> dict[str, Made]:
    return {lang: set_booklet(library, lang, ("ass",)) for lang in ("en", "ru")}


def _chars(data: bytes) -> list[list[tuple[str, tuple[int, int, int], tuple[float, ...]]]]:
    """Each page's characters as pdfium reads them: the character, its fill (r, g, b) and
    its box."""
    doc = pypdfium2.PdfDocument(data)
    pages = []
    for page in doc:
        text = page.get_textpage()
        found = []
        for i in range(text.count_chars()):
            r, g, b, a = (ctypes.c_uint() for _ in range(4))
            pdfium_c.FPDFText_GetFillColor(text.raw, i, *(ctypes.byref(v) for v in (r, g, b, a)))
            char = chr(pdfium_c.FPDFText_GetUnicode(text.raw, i))
            found.append((char, (r.value, g.value, b.value), text.get_charbox(i)))
        pages.append(found)
    return pages


def test_a_red_suits_sign_prints_red_in_captions_and_text(built):
    """Seed 003 names the suits with their signs (черви ♥, бубны ♦); the cards print hearts
    and diamonds red, and so does every line of the Ass booklets that writes their signs:
    in a caption (grey, "Figure 2. Trick 2: Vera takes the trick with 6♦.") and in the
    text, the sign's own fill is the cards' red; spades and clubs stay in the line's."""
    for lang, made in built.items():
        beside: set[tuple[int, int, int]] = set()
        for page in _chars(made.pdf):
            for n, (char, fill, _) in enumerate(page):
                if char in "♥♦":
                    assert fill == _rgb(RED), (lang, char, fill)
                    before = next((f for c, f, _ in reversed(page[:n]) if c.isalnum()), None)
                    beside.add(before)
                elif char in "♠♣":
                    assert fill != _rgb(RED), (lang, char)
        # Red signs in captions (grey) and in the text (ink) alike.
        assert {_rgb(GREY), _rgb(INK)} <= beside, (lang, beside)


def _plain(items: tuple[Item, ...] | list[Item]) -> tuple[Item, ...]:
    """*items* with every text in its line's one colour."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            out.append(replace(item, items=_plain(item.items)))
        elif isinstance(item, Text):
            out.append(replace(item, colours=()))
        else:
            out.append(item)
    return tuple(out)


def test_colouring_the_signs_moves_no_glyph(built):
    """A colour is not a measure: each page with red signs, drawn with and without its
    colours, puts every character in the same box (a justified line with ♦ still ends at
    the measure, its word gaps stretched as before)."""
    for lang, made in built.items():
        pages = [page for page in made.typeset.pages
                 if any(isinstance(t, Text) and t.colours for t in _texts(page.items))]
        assert pages, lang
        coloured = _chars(pdf.render(pages))
        plain = _chars(pdf.render([replace(p, items=_plain(p.items)) for p in pages]))
        for with_colours, without in zip(coloured, plain):
            assert [c for c, _, _ in with_colours] == [c for c, _, _ in without], lang
            # The same boxes, to a thousandth of a point (pdfium's floats).
            assert all(box == pytest.approx(other, abs=1e-3) for (_, _, box), (_, _, other)
                       in zip(with_colours, without)), lang
        assert [[f for _, f, _ in page] for page in coloured] != \
            [[f for _, f, _ in page] for page in plain]


def _texts(items: tuple[Item, ...]) -> list[Text]:
    return [item for item, _ in walk(items) if isinstance(item, Text)]


def test_the_runs_of_a_justified_line_stand_where_the_whole_line_puts_them():
    """Backends that draw a text in one colour (outlines, PNG) draw the runs one after the
    other: each starts where the line's text before it ends, word gaps stretched."""
    line = Text(10.0, 5.0, "Vera drew the 6♦ after trick 1.", 3.3, INK, anchor="start",
                word_space=0.4, colours=((15, 16, RED),))
    parts = runs_of(line, fonts.measure)
    assert [(p.text, p.fill) for p in parts] == [
        ("Vera drew the 6", INK), ("♦", RED), (" after trick 1.", INK)]
    assert parts[1].x == pytest.approx(
        10.0 + fonts.measure("Vera drew the 6", "regular", 3.3) + 3 * 0.4)
    page = Page(80.0, 20.0, (line,))
    # A real-text SVG keeps the line one text element, the sign a red span of it.
    assert f'<tspan fill="{RED}">♦</tspan>' in svg.render(page, real_text=True)
    outlined = svg.render(page)
    assert outlined.count(f'fill="{RED}"') == 1 and f'fill="{INK}"' in outlined
