"""Issue 39, the editors' findings on titles, hyphenation and bound words, read back from
the printed lines of both booklets (tests/pdflines.py): a title that needs two lines breaks
after its colon and never after an article or a preposition; a word is hyphenated at one
set of points wherever it stands (never "combin-ation" here and "combina-tion" there); a
capital letter naming a letter stays with the word after it («а Ч / севера»)."""
from __future__ import annotations

import re
from collections import defaultdict

import pytest

from built_booklets import set_booklet
from generator.docs.booklet.typography import _TITLE_OPENERS, set_lines, set_title
from generator.docs.booklet.units import PageGeometry
from generator.draw import fonts
from generator.draw.text import _points, _splits
from pdflines import PdfLine, read_lines

STYLE = PageGeometry.for_paper("a5").style
#: What pdfium reads as the hyphen a line ends in (the font's hyphen, or its soft hyphen).
HYPHENS = "-\x02\u00ad"


@pytest.fixture(scope="module", params=["en", "ru"])
def printed(request, library) -> tuple[str, list[PdfLine]]:
    lang = request.param
    return lang, read_lines(set_booklet(library, lang).pdf)


def _titles(lines: list[PdfLine]) -> list[list[PdfLine]]:
    """The chapter titles and section headings (bold, h1 or h2 size), each as its lines."""
    blocks: list[list[PdfLine]] = []
    for line in lines:
        size = next((s for s in (STYLE.h1, STYLE.h2) if abs(line.size - s) < 0.01), None)
        if size is None or not line.bold:
            continue
        last = blocks[-1][-1] if blocks else None
        lead = STYLE.lead * size / STYLE.body
        if last is not None and last.page == line.page and abs(last.size - size) < 0.01 \
                and 0 < line.y - last.y < 1.3 * lead:
            blocks[-1].append(line)
        else:
            blocks.append([line])
    return blocks


def test_a_title_in_two_lines_breaks_after_its_colon(printed):
    """The editors (issue 39) found titles broken two ways, "Basic game 1: / beating with
    square trumps" and "Basic game 4: beating / with two reduced packs", "Word game 1:
    words and / a run for the far edge": a title that needs more than a line breaks after
    its colon, and none of its lines ends in an article, preposition or conjunction."""
    lang, lines = printed
    several = [block for block in _titles(lines) if len(block) > 1]
    colons = [block for block in several if ":" in " ".join(b.text for b in block)]
    assert len(colons) >= 8, (lang, [[b.text for b in block] for block in several])
    for block in colons:
        assert block[0].text.endswith(":"), (lang, [b.text for b in block])
    for block in several:
        for line in block[:-1]:
            assert line.words[-1].lower() not in _TITLE_OPENERS[lang], \
                (lang, [b.text for b in block])


@pytest.mark.parametrize("lang, title, first", [
    ("en", "Basic game 4: beating with two reduced packs", "Basic game 4:"),
    ("en", "Word game 1: words and a run for the far edge", "Word game 1:"),
    ("ru", "Игра в слова 1: слова и бег к дальнему краю", "Игра в слова 1:")])
def test_a_title_breaks_after_its_colon_at_any_width(lang, title, first):
    """Set narrower and narrower, a title keeps its colon's break while the part before
    it fits a line; the rest is balanced and no line ends in a preposition or article."""
    seen = 0
    for width in range(60, 160, 4):
        lines = set_title(title, float(width), "bold", STYLE.h1, lang)
        if len(lines) == 1:
            continue
        seen += 1
        assert lines[0].text == first, (width, [line.text for line in lines])
        for line in lines[:-1]:
            assert line.words[-1].lower() not in _TITLE_OPENERS[lang], \
                (width, [line.text for line in lines])
    assert seen


def _broken_words(lines: list[PdfLine]) -> dict[str, set[int]]:
    """Each word hyphenated at a line's end (within a page), with the letter offsets it is
    broken at."""
    found: dict[str, set[int]] = defaultdict(set)
    for line, after in zip(lines, lines[1:]):
        if not (line.words and after.words and line.page == after.page):
            continue
        last = line.words[-1]
        if len(last) < 3 or last[-1] not in HYPHENS or not last[-2].isalpha():
            continue
        head = re.sub(r"^[^\w]+", "", last[:-1])
        tail = re.match(r"[^\W\d_]+", after.words[0])
        if "-" in after.words[0]:
            continue        # a compound broken at its own hyphen: black-/and-white
        if head.isalpha() and tail is not None and head[:1].islower():
            found[head + tail.group()].add(len(head))
    return found


def test_a_word_is_hyphenated_at_one_set_of_points(printed):
    """Issue 39: "combina-tion" (p. 17) and "combin-ation" (p. 31), "op-ponent" and
    "oppon-ent", read as two hyphenations of one word. Every printed break of a word is a
    point of its one hyphenation, and no word shows two breaks one letter apart."""
    lang, lines = printed
    broken = _broken_words(lines)
    assert len(broken) > 10, lang
    for word, at in broken.items():
        assert at <= _points(word, lang), (word, sorted(at))
        ordered = sorted(at)
        assert all(b - a > 1 for a, b in zip(ordered, ordered[1:])), (word, ordered)


@pytest.mark.parametrize("word, syllables", [
    ("combination", "com-bi-na-tion"), ("opponent", "op-po-nent"),
    ("position", "po-si-tion"), ("diagonal", "di-ago-nal"),
    ("abbreviations", "ab-bre-via-tions")])
def test_english_breaks_by_syllables_and_never_around_a_lone_letter(word, syllables):
    """The editors' better breaks (issue 39): combi-na-tion, op-po-nent; and of a one-letter
    syllable's two sides (di-ag-o-nal) only one, so "diag-onal" and "diago-nal" are never
    both printed. Of these points only those that leave three letters on each side are
    used in English (the tenth review's "ei-ther"; :data:`~generator.draw.text.LEFT`)."""
    heads = sorted(len(head) - 1 for head, _ in _splits(word, "en"))
    parts = syllables.split("-")
    points = [len("".join(parts[:n])) for n in range(1, len(parts))]
    assert heads == [p for p in points if p >= 3 and len(word) - p >= 3]


def test_a_capital_letter_naming_a_letter_stays_with_the_next_word(printed):
    """Issue 39, the Russian editor's «…а Ч / севера»: a capital letter standing for a
    letter or a card (Ч, Ш, Y) never ends a line before the word after it."""
    lang, lines = printed
    for line, after in zip(lines, lines[1:]):
        if line.page != after.page or abs(line.y - after.y) > 2 * STYLE.lead \
                or not line.words or not after.words:
            continue
        last = line.words[-1].lstrip("«(„“")
        assert not (len(last) == 1 and last.isupper() and after.words[0][:1].isalpha()
                    and abs(line.size - after.size) < 0.01 and after.y > line.y), \
            (lang, line.page, line.text[-30:], after.text[:20])


def test_a_letter_name_is_never_parted_at_any_offset():
    """The same, set at every offset of a paragraph: «а Ч севера» is never parted; a run
    of ranks «Т 2 3 4» still breaks (Milchin and Cheltsova bind a name to its word, not
    a list of numbers)."""
    g = PageGeometry.for_paper("a5")
    for pad in range(0, 30):
        text = " ".join(["Юг ведёт свою Ш к буквам"] + ["аб"] * pad
                        + ["севера, а Ч севера спускается по вертикали a."])
        lines = set_lines(text, g.column, "regular", g.style.body, "ru", justify=True)
        for line in lines[:-1]:
            assert line.words[-1] != "Ч", pad
    ranks = " ".join(["Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "К"] * 8)
    assert len(set_lines(ranks, g.column, "regular", g.style.body, "ru", justify=True)) > 1


@pytest.mark.parametrize("lang, text", [
    ("en", "Which pack carries which mark, and why, is told under "
           "“[The packs](#equipment/packs)”."),
    ("ru", "Какая колода чем помечена и почему, рассказано в разделе "
           "«[Взятие и козыри](#rules/beating)».")])
def test_a_cross_references_quoted_title_breaks_between_its_words(lang, text):
    """Issue 39 (EN p. 24, "is told under / “The packs” (p. 5)", stretched to twice a
    space): the words of a cross-reference's quoted title may go to two lines, as the
    text's do, each part a link to the same place; its words are not hyphenated and its
    page stays with its bracket and the title's last word."""
    from generator.docs.booklet.setter import Setter
    from generator.docs.booklet.typography import GLUE, link_spans, prepared
    g = PageGeometry.for_paper("a5")
    setter = Setter(g, lang)
    setter.page_word = "p." if lang == "en" else "с."
    target = re.search(r"#([a-z/]+)", text).group(1)
    setter.pages = {target: 5}
    split = 0
    for width in range(50, 121):
        set_text, labels = prepared(setter.paged(text), lang)
        lines = set_lines(set_text, float(width), "regular", STYLE.body, lang, justify=True,
                          labels=tuple(label for label, _ in labels))
        spans = link_spans([line.text for line in lines], labels)
        parts = [(n, line.text[a:b]) for n, line in enumerate(lines)
                 for a, b, to in spans[n]
                 if to == target and line.text[a:b] != labels[1][0]]
        assert " ".join(part for _, part in parts) == labels[0][0], (width, parts)
        assert not any(part.endswith("-") for _, part in parts), (width, parts)
        for line, after in zip(lines, lines[1:]):
            assert not after.words[0].startswith(f"({setter.page_word}"), width
        if len({n for n, _ in parts}) == 2:
            split += 1
            first = lines[parts[0][0]]
            space = fonts.measure(" ", "regular", STYLE.body)
            assert first.word_space <= space + 1e-6
            assert GLUE not in labels[0][0]
    assert split
