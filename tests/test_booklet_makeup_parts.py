"""A table drawn in parts (fourth review of the patiences, N1): the Empress of India's
layout is shown in figures set one after another (its whole table in outline, then its
left half, centre and right half). A figure that missed its page floated to the next
and the text after it came up to fill the page: the "Play in brief" box and the Aim came
up between the table's parts, so the Russian reader met the Aim (p. 12) before the right
half of the table (pp. 13-14). Now no text of a later section comes up between the parts
or above a run of them, and the box a setup section ends with follows the whole table.

And the glossary (N2): each entry's page is where the section it names first uses the
term in its text, not where the section's heading stands nor a figure's caption: "admiral"
pointed to the Empress's first page, where only its layout's heading and the outline's
labels were, the Nivernaise's terms to the page of its Figure 1."""
from __future__ import annotations

import re

import pytest

from generator.docs.booklet.index import glossary_pages
from generator.docs.booklet.makeup import _fill
from generator.docs.booklet.units import PageGeometry, Unit
from generator.draw.scene import Text

G = PageGeometry.for_paper("a5")
BODY = G.body_bottom - G.body_top


def _figure(height: float, section: str) -> list[Unit]:
    """A figure that may not be drawn smaller, with a one-line caption."""
    art = Unit(height + 1.5, [], space_before=3.0, keep_with_next=True, art=height,
               centre=50.0, least=height, section=section)
    return [art, Unit(5.5, [], section=section, caption=True)]


def _lines(count: int, section: str) -> list[Unit]:
    lines = [Unit(4.5, [], keep_with_next=k < count - 1, section=section)
             for k in range(count)]
    lines[0].space_before = 1.6
    return lines


def _where(pages: list[list[tuple[float, Unit]]], unit: Unit) -> int:
    return next(n for n, page in enumerate(pages) if any(u is unit for _, u in page))


@pytest.mark.parametrize("runs", [False, True])
@pytest.mark.parametrize("section", ["c/layout", "c/moves"])
def test_a_later_section_does_not_come_up_between_the_parts_of_a_table(runs, section):
    intro = _lines(8, section)
    left, right = _figure(0.55 * BODY, section), _figure(0.55 * BODY, section)
    aim = _lines(6, "c/aim")
    pages = _fill(intro + left + right + aim, G, runs=runs)
    # The right half misses the left half's page, and the Aim's lines would fit there.
    assert _where(pages, right[0]) == _where(pages, left[0]) + 1
    assert all(_where(pages, unit) >= _where(pages, right[0]) for unit in aim)


def test_a_single_figure_still_has_the_next_sections_text_fill_its_page():
    """The float rule is kept for a figure that stands alone (a game's start)."""
    intro = _lines(20, "c/layout")
    start = _figure(0.55 * BODY, "c/layout")
    aim = _lines(6, "c/aim")
    pages = _fill(intro + start + aim, G)
    assert _where(pages, aim[0]) == 0 and _where(pages, start[0]) == 1


def _text(section: str, line: str, *, anchor: str = "", caption: bool = False) -> Unit:
    return Unit(4.5, [Text(0.0, 3.0, line, 3.3, "#000000")], section=section, anchor=anchor,
                caption=caption)


def test_a_glossary_entry_names_the_page_whose_sentence_uses_the_term():
    layout = "empress-of-india/layout"
    pages = [
        (9, [(0.0, _text(layout, "Layout", anchor=layout)),
             (5.0, _text(layout, "Shuffle the rest and lay out the army and the talons.")),
             (10.0, _text(layout, "Figure 3. The admirals and the generals in outline.",
                          caption=True))]),
        (10, [(0.0, _text(layout, "The eight black aces, the admirals, and the eight red")),
              (5.0, _text(layout, "kings, the gene-")),
              (10.0, _text(layout, "rals, are the foundations."))]),
    ]
    terms = {(layout, "admiral"), (layout, "general"), (layout, "talon"),
             (layout, "army, navy"), (layout, "layout"), (layout, "line top")}
    found = glossary_pages(terms, pages)
    # Not p. 9's caption (nor a figure's labels, drawn, not set), and a word hyphenated
    # over a line's end is read whole.
    assert found[layout, "admiral"] == 10 and found[layout, "general"] == 10
    assert found[layout, "talon"] == 9 and found[layout, "army, navy"] == 9
    # The heading is no sentence: the text's first use, not the heading, names the page;
    # a term the text never uses has the page where the text begins.
    assert found[layout, "layout"] == 9 and found[layout, "line top"] == 9


def test_a_glossary_term_of_several_names_is_found_by_any_and_a_phrase_whole():
    aim, tricks = "nivernaise/aim", "ass/tricks"
    pages = [
        (5, [(0.0, _text(aim, "Build eight foundations: four from the king down,")),
             (5.0, _text(tricks, "Each card is played in turn; the led card starts."))]),
        (6, [(0.0, _text(aim, "the descending ones, and four from the ace up.")),
             (5.0, _text(tricks, "A card beats the card, holding the trick"))]),
        (7, [(0.0, _text(aim, "An ascending foundation ends with its king.")),
             (5.0, _text(tricks, "A card holding the trick passes the check."))]),
    ]
    found = glossary_pages({(aim, "ascending, descending"),
                            (tricks, "card, holding the trick")}, pages)
    # Either name is the term: its first use, not its first name's, names the page.
    assert found[aim, "ascending, descending"] == 6
    # A phrase with a comma in it is read whole: its first word alone is any card.
    assert found[tricks, "card, holding the trick"] == 6



def test_a_glossary_term_is_found_in_either_word_order_and_in_the_forms_its_cell_gives():
    """Sixth review r-ass, 6: the Russian glossary sent «заходная карта» to p. 9, though
    p. 7 says «Первая карта — заходная» (Russian puts the words either way round), and
    «бить» to p. 8, though p. 7 says «бьёт» (no stem of «бить» reads it: the cell gives
    the form in brackets, as a dictionary does). A term's words count within a sentence,
    in any order and up to two words apart, not across sentences or further apart; a short
    word is read whole ("a" of "remove a bank" is not the start of "all")."""
    tricks, equipment = "ass/tricks", "ass/equipment"
    pages = [
        (7, [(0.0, _text(tricks, "Первая карта — заходная, она ведёт.")),
             (5.0, _text(tricks, "Старшая карта бьёт младшую. Ход идёт по кругу.")),
             (10.0, _text(equipment, "Кто снимет все банки, выигрывает; карта.")),
             (15.0, _text(equipment, "Снимают по очереди: масть, колода и карта, а банку"))]),
        (8, [(0.0, _text(tricks, "Заходную карту бьют; бить не обязательно. Это главная.")),
             (5.0, _text(tricks, "Масть решает.")),
             (10.0, _text(equipment, "Игрок снимет банку за норму."))]),
        (9, [(0.0, _text(tricks, "Масть у заходной главная."))]),
    ]
    found = glossary_pages({(tricks, "заходная карта"), (tricks, "бить (бьёт)"),
                            (tricks, "главная масть"), (equipment, "снять банку")}, pages)
    assert found[tricks, "заходная карта"] == 7 and found[tricks, "бить (бьёт)"] == 7
    # «главная. Масть» is two sentences; «Масть у заходной главная» uses it whole.
    assert found[tricks, "главная масть"] == 9
    # «снимет все банки» is near enough; «снимают … банку» is five words apart.
    assert found[equipment, "снять банку"] == 7
    english = [(4, [(0.0, _text(equipment, "Whoever removes all their banks wins."))]),
               (5, [(0.0, _text(equipment, "A player removes a bank for the target."))])]
    assert glossary_pages({(equipment, "remove a bank")}, english)[
        equipment, "remove a bank"] == 5

PATIENCES = ("nivernaise", "empress-of-india", "besieged-city")


@pytest.fixture(scope="module")
def texts(library) -> dict[str, list[str]]:
    """Each page's set text (not the figures' drawn labels), by language."""
    from built_booklets import set_booklet
    from generator.docs.booklet.index import _printed, _read
    return {lang: [_read(_printed(page.items))
                   for page in set_booklet(library, lang, PATIENCES).pages]
            for lang in ("en", "ru")}


def _page(texts: list[str], pattern: str, start: int = 1) -> int:
    """The printed number of the first page from *start* whose text matches *pattern*."""
    return next(n + 1 for n, text in enumerate(texts)
                if n + 1 >= start and re.search(pattern, text))


@pytest.mark.parametrize("lang, figure, box, aim", [
    ("en", "Figure", "Play in brief", "Aim Complete all sixteen"),
    ("ru", "Рис.", "Коротко о правилах", "Цель Собрать все шестнадцать")])
def test_the_empress_table_is_shown_whole_before_the_box_and_the_aim(texts, lang, figure,
                                                                     box, aim):
    pages = texts[lang]
    parts = [_page(pages, rf"{figure}\s{n}\.\s") for n in (3, 4, 5, 6)]
    assert parts == sorted(parts) and parts[-1] - parts[0] <= 3, parts
    # (the Nivernaise before it has a box of its own)
    assert parts[-1] <= _page(pages, box, parts[0]) <= _page(pages, aim, parts[0])


@pytest.mark.parametrize("lang, entry, defined", [
    ("en", r"admiral адмирал .*?p\.\s(\d+)\)", r"the admirals, and the eight red kings"),
    ("en", r"general генерал .*?p\.\s(\d+)\)", r"the admirals, and the eight red kings"),
    ("en", r"flank фланг .*?p\.\s(\d+)\)", r"these are the flanks"),
    ("ru", r"адмирал admiral .*?с\.\s(\d+)\)", r"Восемь чёрных тузов \(адмиралы\)"),
    ("ru", r"фланг flank .*?с\.\s(\d+)\)", r"это фланги")])
def test_a_glossary_entry_names_the_page_that_explains_the_term(texts, lang, entry,
                                                                defined):
    pages = texts[lang]
    glossary = " ".join(pages[_page(pages, r"Glossary|Словарь") - 1:])
    printed = re.search(entry, glossary)
    assert printed is not None, entry
    assert int(printed.group(1)) == _page(pages, defined)
