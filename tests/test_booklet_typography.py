"""Issue 25, typography read back from the A5 PDFs of both languages (with Ass and the
patiences too): table headers repeat on every page a table runs onto, no paragraph ends in
the tail of a hyphenated word, no hyphenated word is parted across two pages, and no
line ends in a word that belongs with the next (English: a, I, fig. 3, p. 12; both: 5 mm;
the Russian rules are in test_booklet_teaching)."""
from __future__ import annotations

import re

import pypdfium2
import pytest

from generator.docs.booklet.build import make_booklet
from generator.docs.booklet.flow import Geometry, set_lines
from generator.draw.text import Line as SetLine, break_lines
from generator.io.booklets import load_booklet

OPTIONAL = ("ass", "nivernaise", "empress-of-india", "besieged-city")
HEADERS = {"en": "English Russian meaning", "ru": "русский английский значение"}
GLOSSARY = {"en": "Glossary", "ru": "Словарь терминов"}


def _pages(pdf: bytes) -> list[list[str]]:
    """Each page's lines of text, without the page number."""
    pages = []
    for number, page in enumerate(pypdfium2.PdfDocument(pdf), start=1):
        lines = [line.replace("\u00a0", " ").strip()
                 for line in re.split(r"\r?\n", page.get_textpage().get_text_range())]
        lines = [line for line in lines if line]
        if lines and lines[-1] == str(number):
            lines.pop()
        elif str(number) in lines[:2]:
            # (read after the running header, or first where a chapter's title has none)
            lines.remove(str(number))
        pages.append(lines)
    return pages


@pytest.fixture(scope="module", params=[("en", ()), ("en", OPTIONAL), ("ru", ()),
                                        ("ru", OPTIONAL)],
                ids=["en", "en-optional", "ru", "ru-optional"])
def booklet(request, library) -> tuple[str, list[list[str]]]:
    lang, games = request.param
    return lang, _pages(make_booklet(library, lang, games).pdf)


def _hyphenated(line: str) -> bool:
    """A line that ends in a word broken at a hyphen (not a dash, not a lone hyphen)."""
    return re.search(r"\w-$", line) is not None


def test_the_glossary_table_repeats_its_header_on_every_page(booklet, library):
    """Every page the glossary's tables run onto has a table head: at the top of its body
    (the running header aside), or under a glossary section's heading that starts another
    table. (tests/test_booklet_fill.py checks every table break of the drawn pages.)"""
    lang, pages = booklet
    glossary = next(c for c in load_booklet(library, lang, OPTIONAL).chapters
                    if c.key == "glossary")
    headings = {section.heading for section in glossary.sections}
    at = [n for n, lines in enumerate(pages) if HEADERS[lang] in lines]
    assert len(at) >= 2 and at == list(range(at[0], at[-1] + 1)), at  # it runs on
    assert pages[at[0]][0] == GLOSSARY[lang]
    for n in at[1:]:
        body = pages[n][1:] if pages[n][0] == GLOSSARY[lang] else pages[n]
        assert body[0] == HEADERS[lang] or headings & set(body[:body.index(HEADERS[lang])]), \
            (lang, n + 1, body[:3])


def test_no_paragraph_ends_in_the_tail_of_a_hyphenated_word(booklet):
    lang, pages = booklet
    for lines in pages:
        for line, after in zip(lines, lines[1:]):
            if _hyphenated(line) and len(line.split()) >= 4:
                assert len(after.split()) > 1, (lang, line, after)


def test_no_hyphenated_word_is_parted_across_pages(booklet):
    lang, pages = booklet
    for number, lines in enumerate(pages, start=1):
        if lines:
            assert not _hyphenated(lines[-1]), (lang, number, lines[-1])


def test_english_lines_never_end_in_a_word_that_belongs_with_the_next(booklet):
    lang, pages = booklet
    for lines in pages:
        for line, after in zip(lines, lines[1:]):
            words = line.split()
            if len(words) < 4:
                continue  # a heading, a caption's tail or the letters of a figure
            last = words[-1]
            if lang == "en":
                assert last not in ("a", "A", "I"), (line, after)
                assert not (last in ("fig.", "Fig.", "p.") and after[:1].isdigit()), line
            assert not (last.isdigit() and re.match(r"(mm|cm|%)\b", after)), (line, after)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rules_hold_where_they_would_otherwise_break(lang):
    """The line breaker itself: a text built so that, unglued, a line would end in the
    word that must not end it; each such word is kept with the next."""
    g = Geometry.for_paper("a5")
    cases = {"en": ["I", "a", "fig.", "12"], "ru": ["и", "в", "на", "12"]}[lang]
    after = {"I": "think", "a": "card", "fig.": "3", "12": "mm", "и": "карта",
             "в": "игре", "на": "f6"}
    filler = {"en": "cards lie face up on the board and", "ru": "карты лежат лицом кверху"}
    for word in cases:
        for pad in range(0, 30):
            text = " ".join([filler[lang]] + ["ab"] * pad + [word, after[word],
                                                            filler[lang]])
            lines = set_lines(text, g.column, "regular", g.style.body, lang, justify=True)
            for line in lines[:-1]:
                assert line.words[-1] != word, (lang, word, pad)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_paragraph_never_ends_in_a_hyphenated_tail_when_it_would(lang):
    """The line breaker itself: paragraphs of growing length, ending in a long word. Left
    to itself the hyphenation puts the word's tail alone on the last line for some of
    them; set_lines never does."""
    g = Geometry.for_paper("a5")
    word = {"en": "understandings.", "ru": "переворачивают."}[lang]
    filler = {"en": "cards lie face up on the board", "ru": "карты лежат лицом кверху"}

    def tail_alone(lines: list[SetLine]) -> bool:
        return len(lines) > 1 and lines[-2].words[-1].endswith("-") and len(lines[-1].words) == 1

    would = 0
    for pad in range(0, 60):
        text = " ".join([filler[lang]] + ["ab"] * pad + [word])
        plain = break_lines(text, g.column, "regular", g.style.body, lang, justify=True)
        would += tail_alone(plain)
        lines = set_lines(text, g.column, "regular", g.style.body, lang, justify=True)
        assert not tail_alone(lines), (lang, pad, lines[-2:])
    assert would
