"""Issue 25, card symbols in figures: a figure's suit signs, values, daggers and edge labels
are drawn as outlines, so a page's text (read with pypdfium2, as a reader's search and
copy do) is its body text, headings and captions and nothing else, while the figures
look as before."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

import pypdfium2
import pytest
from PIL import ImageChops

from built_booklets import set_booklet
from generator.docs.booklet.build import Made
from generator.draw.backends.pdf import OUTLINED, render
from generator.draw.scene import Group, Item, Text

#: pdfium marks a word hyphenated at a line's end with U+FFFE instead of its hyphen.
PDFIUM_HYPHEN = "\ufffe"
#: Signs the figures print: the suits and the dagger of a test card.
SIGNS = re.compile("[♥♦♣♠†]")


def _texts(items: tuple[Item, ...], *, in_figure: bool) -> list[str]:
    """The texts under *items*, those of figures (outlined groups) or those outside."""
    found: list[str] = []
    for item in items:
        if isinstance(item, Group):
            if item.role == OUTLINED:
                if in_figure:
                    found += _texts(item.items, in_figure=False)
                continue
            found += _texts(item.items, in_figure=in_figure)
        elif isinstance(item, Text) and not in_figure:
            found.append(item.text)
    return found


def _chars(text: str) -> Counter[str]:
    return Counter(ch for ch in text.replace(PDFIUM_HYPHEN, "-") if not ch.isspace())


@pytest.fixture(scope="module")
def made(library) -> dict[str, Made]:
    return {lang: set_booklet(library, lang) for lang in ("en", "ru")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_page_extracts_its_body_text_and_no_figure_text(made, lang):
    booklet = made[lang]
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    figure_pages = 0
    for number, page in enumerate(booklet.pages):
        text = pdf[number].get_textpage().get_text_range()
        body = " ".join(_texts(page.items, in_figure=False))
        drawn = " ".join(_texts(page.items, in_figure=True))
        if drawn:
            figure_pages += 1
        # Character for character the page's text is its body, headings and captions:
        # nothing of a figure (its signs, values, letters, edge labels a-h and 1-8).
        assert _chars(text) == _chars(body), (lang, number + 1,
                                              _chars(text) - _chars(body),
                                              _chars(body) - _chars(text))
        assert len(SIGNS.findall(text)) == len(SIGNS.findall(body)), (lang, number + 1)
    # The figures do print signs, so the test above has something to keep out.
    assert figure_pages >= 20
    assert any(SIGNS.search(" ".join(_texts(p.items, in_figure=True)))
               for p in booklet.pages)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_captions_stay_text(made, lang):
    """Every page with a figure extracts its caption's "Figure N." as text."""
    booklet = made[lang]
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    word = re.escape(booklet.booklet.words.get("figure", "Figure"))
    numbers: list[int] = []
    for number, page in enumerate(booklet.pages):
        if not _texts(page.items, in_figure=True):
            continue
        text = (pdf[number].get_textpage().get_text_range()
                .replace(PDFIUM_HYPHEN + "\r\n", "").replace(PDFIUM_HYPHEN, ""))
        flat = re.sub(r"\s+", " ", text)
        # A caption opens its line; the body may end a sentence with "Figure 32." too.
        found = [int(n) for n in re.findall(rf"(?m)^{word}\s(\d+)\.\s", text)]
        assert found, (lang, number + 1, flat[:300])
        numbers += found
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 40


def _unoutlined(items: tuple[Item, ...]) -> tuple[Item, ...]:
    return tuple(replace(item, items=_unoutlined(item.items), role=None, key=None)
                 if isinstance(item, Group) else item for item in items)


def test_outlines_look_as_the_text_did(made):
    """The start figure of basic game 1 drawn with outlines and with real text: the same
    picture to a few stray pixels of anti-aliasing, and only the real text extracts."""
    booklet = made["en"]
    number = next(i for i, page in enumerate(booklet.pages) if page.label == "basic-1"
                  and SIGNS.search(" ".join(_texts(page.items, in_figure=True))))
    page = booklet.pages[number]
    as_text = replace(page, items=_unoutlined(page.items))
    images, texts = [], []
    for one in (page, as_text):
        pdf = pypdfium2.PdfDocument(render([one]))
        images.append(pdf[0].render(scale=3).to_pil().convert("L"))
        texts.append(pdf[0].get_textpage().get_text_range())
    assert not SIGNS.search(texts[0]) and len(SIGNS.findall(texts[1])) >= 32
    diff = ImageChops.difference(*images)
    stray = sum(diff.histogram()[97:])
    assert stray < 0.002 * images[0].width * images[0].height, stray


def _printed_sizes(items: tuple[Item, ...], drawn: tuple[Item, ...],
                   scale: float = 1.0) -> list[float]:
    """The printed sizes (font size times the scales of the groups around it) of the
    texts among *drawn* wherever *drawn* is placed under *items*."""
    found: list[float] = []
    for item in items:
        if isinstance(item, Group):
            if item.items is drawn:
                found += [i.size * scale * item.transform.a for i in drawn
                          if isinstance(i, Text)]
            else:
                found += _printed_sizes(item.items, drawn, scale * item.transform.a)
    return found


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_diagram_key_labels_are_printed_at_caption_size(made, lang):
    """Issue 39's editor found the labels of Figure 9 (the marks of the diagrams) visibly
    larger than the body text: the key was drawn 100 mm wide and scaled up to the column.
    Its labels are printed as large as a caption, below the body text."""
    from generator.docs.booklet.units import PageGeometry

    style = PageGeometry.for_paper("a5").style
    booklet = made[lang]
    ref = next(r for c in booklet.booklet.chapters for r in c.figures if r.key)
    # The labels are the key page's own lines; its swatches are groups (figures).
    drawn = booklet.figures[ref.where].items
    assert any(isinstance(i, Text) for i in drawn), "the key draws its labels as text"
    printed = [size for page in booklet.pages for size in _printed_sizes(page.items, drawn)]
    assert printed, "the key is placed on a page"
    for size in printed:
        assert size == pytest.approx(style.caption, abs=0.01), lang
        assert size < style.body
