"""Issue 25, the index: the booklet's terms (templates/booklets/terms.toml) with the pages
where a rule section uses them, read back from both PDFs: every page an entry lists holds
the term, the index is in the contents, and the quick reference stays last."""
from __future__ import annotations

import re

import pypdfium2
import pytest

from generator.docs.booklet.build import Made
from generator.errors import TemplateError
from generator.io.booklets import load_index_terms
from generator.io.templates import Library
from generator.model.booklet import IndexTerm
from test_booklet_links import _label, _pdf_links

PDFIUM_HYPHEN = "\ufffe"


#: The pages the index was made from in each booklet of :func:`made`: (number, placed
#: units), as the make-up handed them to :func:`~generator.docs.booklet.index.term_pages`.
READ: dict[str, list] = {}


@pytest.fixture(scope="module")
def made(library) -> dict[str, Made]:
    from generator.docs.booklet import flow

    def kept(booklet, pages):
        READ[booklet.lang] = pages
        return term_pages(booklet, pages)

    # Set afresh, not from the shared builds (tests/built_booklets.py): the spy must see
    # the index made.
    from generator.app.booklet import set_booklet as set_afresh

    with pytest.MonkeyPatch.context() as patch:
        term_pages = flow.term_pages
        patch.setattr(flow, "term_pages", kept)
        return {lang: set_afresh(library, lang) for lang in ("en", "ru")}


def _page_text(pdf: pypdfium2.PdfDocument, number: int) -> str:
    text = pdf[number].get_textpage().get_text_range()
    return text.replace(PDFIUM_HYPHEN + "\r\n", "").replace(PDFIUM_HYPHEN, "")


def _entries(made: Made) -> dict[str, list[int]]:
    """The index as printed: each entry's label and page numbers."""
    pdf = pypdfium2.PdfDocument(made.pdf)
    text = "\n".join(_page_text(pdf, i) for i, page in enumerate(made.pages)
                     if page.label == "index")
    text = re.sub(r"\r?\n(?=\d)", " ", text.replace("\r\n", "\n"))
    entries = {}
    for term in made.booklet.index:
        found = re.search(_line(term, r"\d+"), text, re.MULTILINE)
        if found:
            entries[term.label] = [int(n) for n in re.findall(r"\d+", found.group(1))]
    return entries


def _line(term: IndexTerm, number: str) -> str:
    """What finds *term*'s line in the index's text (its page numbers, each matched by
    *number*, the group): the label and its pages, or a sub-entry's own words on a line
    under its entry's."""
    pages = rf"\s+({number}(?:,\s*{number})*)\s*$"
    if not term.under:
        return rf"^{re.escape(term.label)}{pages}"
    return rf"^{re.escape(term.under)}\s[\d*,\s]*?^{re.escape(term.sub)}{pages}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_page_an_entry_lists_holds_its_term(made, lang):
    booklet = made[lang]
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    entries = _entries(booklet)
    assert len(entries) >= 18, entries
    terms = {t.label: t for t in booklet.booklet.index}
    for label, numbers in entries.items():
        assert numbers == sorted(set(numbers)), (lang, label, numbers)
        for number in numbers:
            page = booklet.pages[number - 1]
            # A page of the booklet's body, never the glossary, index or reference, and the
            # page printed with that number holds the term.
            assert page.label not in ("title", "contents", "glossary", "index", "reference")
            assert terms[label].find.search(_page_text(pdf, number - 1)), \
                (lang, label, number)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_word_of_every_page_lists_only_where_it_is_defined(made, lang):
    """Issue 39, fifth review: "square" listed 12 pages and "opponent" 12, most of them
    a passing use; with terms.toml's ``discussed = 0`` they list the page that defines them
    and those whose heading or title names them. Zero and variant have entries."""
    entries = _entries(made[lang])
    square, opponent, zero, variant = {"en": ("square", "opponent", "zero", "variant"),
                                       "ru": ("поле", "противник", "ноль", "вариант")}[lang]
    assert len(entries[square]) <= 4 and len(entries[opponent]) <= 2, entries
    assert entries[zero] and entries[variant], entries


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_term_is_indexed_where_a_rule_uses_it(made, lang):
    """The page where the general rules' section on test cards starts, and the one of the
    equipment's packs, are listed under their terms."""
    booklet = made[lang]
    entries = _entries(booklet)
    test_card = {"en": "test card", "ru": "пробная карта"}[lang]
    pack = {"en": "pack", "ru": "колода"}[lang]
    chapters = {c.key: c for c in booklet.booklet.chapters}
    for label, chapter, section in ((test_card, "rules", "test-cards"),
                                    (pack, "equipment", "packs")):
        heading = next(s.heading for s in chapters[chapter].sections if s.key == section)
        start = next(index for title, level, index in booklet.typeset.outline
                     if level == 1 and title == heading)
        assert start + 1 in entries[label], (lang, label, start + 1, entries[label])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_page_number_of_an_entry_links_to_that_page(made, lang):
    """Issue 39 ("the index entries are not links"): every number the index prints is a
    link annotation whose box holds that number and which leads to the page printed with
    it; the links are exactly the numbers of the entries."""
    booklet = made[lang]
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    index = {n for n, page in enumerate(booklet.pages) if page.label == "index"}
    linked = []
    for link in _pdf_links(booklet.pdf):
        if link.page in index:
            label = _label(pdf, link)
            assert label.isdigit() and int(label) == link.to_page + 1, (lang, label, link)
            linked.append(int(label))
    printed = [n for numbers in _entries(booklet).values() for n in numbers]
    assert len(printed) >= 40 and sorted(linked) == sorted(printed)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_index_is_in_the_contents_before_the_quick_reference(made, lang):
    booklet = made[lang]
    keys = [c.key for c in booklet.booklet.chapters]
    assert keys[-2:] == ["index", "reference"]
    index = booklet.booklet.chapters[-2]
    contents = dict(booklet.typeset.contents)
    first = next(i for i, page in enumerate(booklet.pages) if page.label == "index")
    assert contents[index.title] == first + 1


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_contents_list_the_colophon_before_the_quick_reference(made, lang):
    """Issue 39, session-17 Russian review (12): the contents did not list the colophon
    («Выходные сведения», p. 75). It is listed where it is printed, on the inside back
    cover, between the index and the quick reference, with the page holding its heading."""
    booklet = made[lang]
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    credits = next(c for c in booklet.booklet.chapters if c.key == "credits")
    heading = next(s.heading for s in credits.sections if s.key == "colophon")
    titles = [title for title, _ in booklet.typeset.contents]
    reference = booklet.booklet.chapters[-1].title
    assert titles[-2:] == [heading, reference], (lang, titles[-3:])
    number = dict(booklet.typeset.contents)[heading]
    assert heading in _page_text(pdf, number - 1), (lang, heading, number)
    assert number < dict(booklet.typeset.contents)[reference]


def test_a_bad_pattern_names_the_file_and_term(tmp_path):
    folder = tmp_path / "booklets"
    folder.mkdir()
    (folder / "terms.toml").write_text('[[term]]\nconcept = "x"\nen = "pack"\n'
                                       'en_find = "packs?("\n', encoding="utf-8")
    with pytest.raises(TemplateError, match=r"terms\.toml: term\[0\]\.en_find: expected a "
                                            "regular expression"):
        load_index_terms(Library([tmp_path]), "en")


def _bold_entries(made: Made) -> dict[str, list[int]]:
    """Each entry's page numbers printed in a bold font."""
    pdf = pypdfium2.PdfDocument(made.pdf)
    text = ""
    for i, page in enumerate(made.pages):
        if page.label == "index":
            textpage = pdf[i].get_textpage()
            chars = textpage.get_text_range()
            for k, char in enumerate(chars):
                bold = char.isdigit() and pypdfium2.raw.FPDFText_GetFontWeight(
                    textpage.raw, k) >= 600
                text += f"*{char}*" if bold else char
            text += "\n"
    text = text.replace(PDFIUM_HYPHEN + "\r\n", "").replace(PDFIUM_HYPHEN, "")
    text = re.sub(r"\r?\n(?=\*?\d)", " ", text.replace("\r\n", "\n")).replace("**", "")
    entries = {}
    for term in made.booklet.index:
        found = re.search(_line(term, r"[\d*]+"), text, re.MULTILINE)
        if found:
            entries[term.label] = [int(n) for n in re.findall(r"\*(\d+)\*", found.group(1))]
    return entries


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_page_that_defines_a_term_is_printed_bold(made, lang):
    """Issue 39 (the editor's review: a long page list is useless; a published index marks
    the defining page): each term of terms.toml with a "defined" section lists the page
    where that section's text (not its heading: session 20, main review 8, "trump" bold
    on p. 13 under the heading "Beating and trumps", defined on p. 14) first uses the
    term in bold, and no other page of the entry is bold."""
    booklet = made[lang]
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    bold = _bold_entries(booklet)
    entries = _entries(booklet)
    starts = {f"{c}/{s}": i + 1 for c, s, i in _section_starts(booklet)}
    headings = {f"{c.key}/{s.key}": s.heading for c in booklet.booklet.chapters
                for s in c.sections}

    def after_heading(section: str, n: int) -> str:
        text = " ".join(_page_text(pdf, n - 1).split())
        heading = " ".join(headings[section].split())
        if n == starts[section] and heading and heading in text:
            return text.replace(heading, "", 1)
        return text

    marked = 0
    for term in booklet.booklet.index:
        numbers = entries.get(term.label, [])
        # The first page from the defining section's heading on whose text after the
        # heading holds the word the term is defined by.
        defining = {next((n for n in range(starts[s], starts[s] + 3)
                          if term.defines.search(after_heading(s, n))),
                         next(n for n in range(starts[s], len(booklet.pages) + 1)
                              if term.defines.search(_page_text(pdf, n - 1))))
                    for s in term.defined}
        assert defining <= set(numbers), (lang, term.label, numbers, defining)
        assert bold.get(term.label, []) == sorted(defining), \
            (lang, term.label, numbers, bold.get(term.label))
        marked += len(defining)
    assert marked >= 18


#: The sentence that defines the middle line, by language.
MIDDLE_LINE = {"en": ("middle line", "The middle line runs between ranks 4 and 5"),
               "ru": ("средняя линия", "Средняя линия проходит между горизонталями")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_middle_line_is_indexed_in_bold_where_it_is_defined(made, lang):
    """Issue 39, session-17 Russian review (finding 1): «средняя линия, половина» printed
    the bold 7 of the English, where the Russian only says «в каждой половине доски»; the
    line is defined on the next page but one («Средняя линия проходит между горизонталями
    4 и 5…»). The bold page is the one that holds the defining sentence."""
    booklet = made[lang]
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    label, sentence = MIDDLE_LINE[lang]
    pages = [n for n in range(1, len(booklet.pages) + 1)
             if sentence in " ".join(_page_text(pdf, n - 1).split())]
    assert len(pages) == 1, (lang, pages)
    assert _bold_entries(booklet)[label] == pages, (lang, _bold_entries(booklet)[label])


#: Entries of their own since the third review (r-en 7): "half" was reachable only through
#: "middle line, half", and "our reading", printed in most chapters, had no entry. Each with
#: the words of the sentence that defines it.
OWN_ENTRIES = {"en": (("half", "splits the board into two halves"),
                      ("our reading", "marks its choice “our reading”")),
               "ru": (("половина", "делит доску на две половины"),
                      ("наше толкование", "помечает свой выбор словами «наше толкование»"))}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_half_and_our_reading_have_entries_bold_where_they_are_defined(made, lang):
    """r-en 7 (third review): the index's entries "half" (the equipment's "splits the board
    into two halves") and "our reading" (the general rules: where the original rules leave
    a point open, the booklet marks its choice "our reading"), each with the page of its
    defining sentence in bold; "our reading" lists that page alone, not most of the
    booklet's."""
    booklet = made[lang]
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    bold, entries = _bold_entries(booklet), _entries(booklet)
    for label, sentence in OWN_ENTRIES[lang]:
        pages = [n for n in range(1, len(booklet.pages) + 1)
                 if sentence in " ".join(_page_text(pdf, n - 1).split())]
        assert len(pages) == 1, (lang, label, pages)
        assert bold.get(label) == pages, (lang, label, bold.get(label))
    assert entries[OWN_ENTRIES[lang][1][0]] == bold[OWN_ENTRIES[lang][1][0]]


def test_a_defining_section_is_listed_where_it_uses_the_word_it_defines_by():
    """The defining page is where the section uses the term's head ("middle line"), not
    a lesser word of the entry ("half") it uses a page before; without a head, its first
    use of any."""
    from generator.docs.booklet.index import term_pages
    from generator.docs.booklet.units import Unit, text_item
    from generator.model.booklet import Booklet, Chapter, IndexTerm, Paragraph, Section

    def unit(text: str) -> Unit:
        return Unit(4.0, [text_item(0, 3, text, 3.3)], section="equipment/boards")

    chapter = Chapter("equipment", "Equipment", "equipment.toml",
                      (Section("boards", "Boards", (Paragraph("x"),)),))
    terms = (IndexTerm.of("middle line, half", "middle line|half", ("equipment/boards",),
                          head="middle line"),
             IndexTerm.of("half", "half", ("equipment/boards",)))
    booklet = Booklet("en", "t", "", (), "c", (chapter,), index=terms,
                      index_also=("equipment",))
    pages = [(7, [(0.0, unit("In each half of the board each colour has two files."))]),
             (8, [(0.0, unit("The middle line runs between ranks 4 and 5."))])]
    assert [entry[:2] for entry in term_pages(booklet, pages)] == [
        ("half", [(7, True)]), ("middle line, half", [(8, True)])]


def _section_starts(made: Made) -> list[tuple[str, str, int]]:
    """(chapter key, section key, page index) of every section heading, read from the
    PDF's outline (a chapter's title, then its sections' headings)."""
    chapters = {c.title: c for c in made.booklet.chapters}
    starts, chapter = [], None
    for title, level, index in made.typeset.outline:
        if level == 0:
            chapter = chapters.get(title)
        elif chapter is not None:
            key = next(s.key for s in chapter.sections if s.heading == title)
            starts.append((chapter.key, key, index))
    return starts


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_entry_lists_most_of_the_booklet(made, lang):
    """Issue 39: the Russian «поле» listed 34 pages. An entry lists the defining page and
    one page a chapter at most, so even the commonest term stays under 14 pages."""
    entries = _entries(made[lang])
    assert max(len(numbers) for numbers in entries.values()) <= 13, entries


def test_an_on_your_turn_box_is_read_and_a_word_in_passing_is_not():
    """Issue 39 (review: "word", named only in word game 1's "On your turn" box on its
    page, was not indexed): the box is read like a rule section, and a page is listed
    only where a section defines the term or uses it more than once."""
    from generator.docs.booklet.index import term_pages
    from generator.docs.booklet.units import Unit, text_item
    from generator.model.booklet import (Booklet, Chapter, IndexTerm, Paragraph, Section,
                                         Turn)

    def unit(section: str, text: str) -> Unit:
        return Unit(4.0, [text_item(0, 3, text, 3.3)], section=section)

    game = Chapter("word-1", "Word game 1", "word-1.toml",
                   (Section("moves", "Moves", (Paragraph("x"),), source="seed001"),
                    Section("end", "End", (Paragraph("x"),), source="seed001")),
                   game="word-1", turn=Turn(("x",), "seed001"))
    booklet = Booklet("en", "t", "", (), "c", (game,),
                      index=(IndexTerm.of("word", "words?"),
                             IndexTerm.of("letter", "letters?", ("word-1/end",))))
    pages = [(7, [(0.0, unit("word-1/turn", "Form a word: the word takes letters."))]),
             (8, [(0.0, unit("word-1/moves", "A letter moves; a word may form."))]),
             (9, [(0.0, unit("word-1/end", "The last letter wins."))])]
    assert [entry[:2] for entry in term_pages(booklet, pages)] == [
        ("letter", [(9, True)]), ("word", [(7, False)])]


TITLED = {"en": {"trump": "basic-1", "king square": "word-2", "arrow": "word-puzzle-5"},
          "ru": {"козырь": "basic-1", "королевское поле": "word-2", "стрелка": "word-puzzle-5"}}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_term_a_game_title_names_lists_the_title_page(made, lang):
    """Issue 39, fourth review: "king square" lacked word game 2's title page ("a test card
    on the king square"), "trump" game 1's ("beating with square trumps"): a chapter's
    title names what the game is about, so the index lists the page where it stands."""
    booklet = made[lang]
    entries = _entries(booklet)
    for label, chapter in TITLED[lang].items():
        first = next(n for n, page in enumerate(booklet.pages, 1) if page.label == chapter)
        assert first in entries[label], (lang, label, first, entries[label])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_index_is_set_in_two_columns_read_down(made, lang):
    """Issue 39, sixth review (EN layout 3): the index stood in one narrow column, the
    right half of its pages empty and its last page 60 % blank. Its entries now stand in
    two columns, so its short lines take half the room: both halves of its page start
    entries, and the main booklet's index takes one page."""
    booklet = made[lang]
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    labels = {term.label for term in booklet.booklet.index}
    for i, page in enumerate(booklet.pages):
        if page.label != "index":
            continue
        width = pdf[i].get_width()
        textpage = pdf[i].get_textpage()
        sides = set()
        for obj in pdf[i].get_objects(max_depth=3):
            if obj.type != pypdfium2.raw.FPDF_PAGEOBJ_TEXT:
                continue
            left, bottom, right, top = obj.get_bounds()
            text = textpage.get_text_bounded(left, bottom, right, top).strip()
            if any(text.startswith(label) for label in labels):
                sides.add("left" if left < width / 2 else "right")
        assert sides == {"left", "right"}, (lang, i + 1)
    assert len([p for p in booklet.pages if p.label == "index"]) == 1


def _index_lines(made: Made, body: tuple[float, float]) -> list[list[tuple[float, str]]]:
    """Each index column's lines as printed, top to bottom: (left x, text), a line's
    pieces (a bold number, a regular one) joined in order; read from the PDF by the
    characters' boxes, within the *body* (top, foot in mm: no header, no page number)."""
    pdf = pypdfium2.PdfDocument(made.pdf)
    columns: list[list[tuple[float, str]]] = []
    for n, page in enumerate(made.pages):
        if page.label != "index":
            continue
        text = pdf[n].get_textpage()
        rows: dict[tuple[int, int], list[tuple[float, str]]] = {}
        middle = pdf[n].get_width() / 2
        for i in range(text.count_chars()):
            ch = text.get_text_range(i, 1)
            if ch in "\r\n":
                continue
            left, bottom, _, _ = text.get_charbox(i, loose=True)
            if not body[0] < (pdf[n].get_height() - bottom) * 25.4 / 72 < body[1]:
                continue
            rows.setdefault((left >= middle, -round(bottom)), []).append((left, ch))
        for side in (False, True):
            lines = sorted((key[1], chars) for key, chars in rows.items() if key[0] is side)
            columns.append([(min(x for x, _ in chars), "".join(c for _, c in sorted(chars)))
                            for _, chars in lines])
    return columns


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_index_entry_fills_a_line_before_it_breaks(made, lang):
    """Issue 39, seventh review: «вариант 18,» stood alone on an entry's first line, its
    other pages on the next («23, 28…»): a list of pages breaks after any comma, each line
    filled before the next starts, and the further lines are indented under the term. So
    an entry's line that the next line's first number (with its comma) would have fitted
    on is a fault."""
    from generator.docs.booklet.index import BOLD_ROOM, GUTTER
    from generator.docs.booklet.units import PageGeometry
    from generator.draw import fonts
    g = PageGeometry.for_paper("a5")
    room = (g.column - GUTTER) / 2 - g.style.indent - BOLD_ROOM
    size = g.style.body
    checked = 0
    for column in _index_lines(made[lang], (g.body_top, g.body_bottom)):
        for (x, line), (x_next, after) in zip(column, column[1:]):
            if not after[:1].isdigit():
                continue   # the next line is a new entry
            checked += 1
            assert x_next > x + 1.0, (lang, line, after)   # indented under its term
            number = after.split(",")[0] + ","
            width = fonts.measure(line + " " + number, "regular", size)
            assert width > room - 1.0, (lang, line, after)
    assert checked >= 1, lang


#: The entries the review of the main booklet asked for (issue 39), by language: the king's
#: and queen's moves, the first move, the count, and the square.
REVIEWED = {"en": ("king move", "queen move", "first move", "count", "square"),
            "ru": ("ход короля", "ход ферзя", "первый ход", "подсчёт, счёт", "поле")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_moves_first_move_and_count_are_indexed_where_the_games_say_them(made, lang):
    """Issue 39, review of the main booklet: "king move" and "queen move" listed too few
    pages (a game names its moves once: seed000 game 48's cards "move on any number of
    squares", seed001's letters move "similar to moving of chess queen"), «поле» pointed
    at two chapter titles ("square trumps",
    «на королевском поле»), and "first move" and the count (seed000 game 48: "Wins pressed
    on more playing cards of the opponent") had no entry."""
    booklet = made[lang]
    entries = _entries(booklet)
    king, queen, first, count, square = REVIEWED[lang]

    def pages(chapter: str) -> set[int]:
        return {n for n, page in enumerate(booklet.pages, 1) if page.label == chapter}

    assert pages("basic-48") & set(entries[queen]), (lang, entries[queen])
    assert pages("word-puzzle-5") & set(entries[queen]), (lang, entries[queen])
    assert pages("word-2") & set(entries[king]), (lang, entries[king])
    assert pages("rules") & set(entries[first]), (lang, entries[first])
    assert entries[count] and set(entries[count]) <= pages("basic-48"), (lang, entries[count])
    assert not (pages("basic-1") | pages("word-2")) & set(entries[square]), (lang, entries[square])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_king_move_draw_and_writing_moves_list_the_pages_that_say_them(made, lang):
    """Issue 39, session-16 review: «ход короля» listed the general rules' test-card page,
    where a test card "plays the part of a chess king" (seed000, card game 1: "to carry out
    a role similar to a role of chess kings"), which says what it is worth, not how it
    moves; «ничья» listed the general rules only, though basic 48's tie and initial 5's
    extra move each draw a game (one use is that game's rule); and the English index had
    no entry under "writing moves" beside "notation"."""
    booklet = made[lang]
    entries = _entries(booklet)
    king, draw = {"en": ("king move", "draw"), "ru": ("ход короля", "ничья")}[lang]

    def pages(chapter: str) -> set[int]:
        return {n for n, page in enumerate(booklet.pages, 1) if page.label == chapter}

    rules = next(c for c in booklet.booklet.chapters if c.key == "rules")
    turns = next(s.heading for s in rules.sections if s.key == "turns")
    turns_page = next(index for title, level, index in booklet.typeset.outline
                      if level == 1 and title == turns) + 1
    assert set(entries[king]) & pages("rules") == {turns_page}, (lang, entries[king])
    assert pages("basic-48") & set(entries[draw]), (lang, entries[draw])
    assert pages("initial-5") & set(entries[draw]), (lang, entries[draw])
    if lang == "en":
        assert entries["writing moves"] == entries["notation"], entries


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_quick_references_games_table_gives_each_games_page(made, lang):
    """Issue 39, session-16 review: the quick reference's table of the games had no page
    column; each row now ends in the page its game's chapter starts on."""
    booklet = made[lang]
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    text = "\n".join(_page_text(pdf, i) for i, page in enumerate(booklet.pages)
                     if page.label == "reference").replace("\r\n", "\n")
    names = {"en": {"basic-1": "basic 1", "basic-48": "basic 48", "word-puzzle-5": "puzzle 5"},
             "ru": {"basic-1": "базовая 1", "basic-48": "базовая 48",
                    "word-puzzle-5": "головоломка 5"}}[lang]
    for key, name in names.items():
        first = min(n for n, page in enumerate(booklet.pages, 1) if page.label == key)
        row = next(line for line in text.splitlines()
                   if line.replace("\u00a0", " ").startswith(name + " "))
        assert row.split()[-1] == str(first), (lang, key, row)


#: The terms the session-16 Russian editor found missing from the index, each with a
#: chapter where a rule or a setup uses it.
ADDED = {"en": (("home ranks", "basic-48"), ("proportional group", "equipment"),
                ("land on", "rules")),
         "ru": (("исходные горизонтали", "basic-48"), ("пропорциональная группа", "equipment"),
                ("встать на карту", "rules"))}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_home_ranks_proportional_group_and_landing_on_a_card_are_indexed(made, lang):
    """Issue 39, session-16 RU review: the glossary defines «исходные горизонтали», «пропорцио-
    нальная группа» and «встать на карту», yet the index had none of them. seed000, card game
    48: cards "located on 1-2 and 8-7 horizontals" (the home ranks); card game 1: "Game can be
    carried out by two proportional groups"; a test card is won by landing on it (card game 1:
    "Test playing cards can be beated any playing cards on any squares")."""
    booklet = made[lang]
    entries = _entries(booklet)
    for term, chapter in ADDED[lang]:
        pages = {n for n, page in enumerate(booklet.pages, 1) if page.label == chapter}
        assert pages & set(entries.get(term, [])), (lang, term, entries.get(term))


#: The words of basic game 1's setup that say which ranks are the home ranks, by language.
HOME_RANKS = {"en": ("home ranks", "home ranks, 1–2 for south and 7–8 for north"),
              "ru": ("исходные горизонтали", "исходные горизонтали: юг — 1–2, север — 7–8")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_home_ranks_are_bold_where_the_first_setup_says_which_they_are(made, lang):
    """Issue 39, third RU review (finding 2): «исходные горизонтали» was the only glossary
    term with no bold page, though p. 18 says which they are. seed000, card game 48: cards
    "located on 1-2 and 8-7 horizontals"; basic game 1's setup gives them as our reading
    (sources row setup.south_rows). The bold page is the first that says it."""
    booklet = made[lang]
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    label, words = HOME_RANKS[lang]
    pages = [n for n in range(1, len(booklet.pages) + 1)
             if words in " ".join(_page_text(pdf, n - 1).split())]
    assert pages, (lang, words)
    assert _bold_entries(booklet)[label] == pages[:1], (lang, _bold_entries(booklet)[label])


#: A kind of board and the board, as the index prints them, by language.
BOARD_A = {"en": ("board", "board A"), "ru": ("доска", "доска A")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_board_a_is_printed_under_board_not_as_a_line_of_its_own(made, lang):
    """Issue 39, third RU review (finding 2): «доска 7» and «доска A 7» were two lines to
    one page. Board A (seed000: the coloured board of the basic games) is a sub-entry: the
    line under «доска» reads «доска A» and its page, in bold where it is defined (sixth EN
    review, r-main-en 15: a lone «A» read as a term of its own)."""
    booklet = made[lang]
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    board, kind = BOARD_A[lang]
    lines = [" ".join(line.split()) for i, page in enumerate(booklet.pages)
             if page.label == "index" for line in _page_text(pdf, i).splitlines()]
    at = next(k for k, line in enumerate(lines) if re.fullmatch(rf"{board} [\d, ]+", line))
    assert re.fullmatch(rf"{kind} ?\d+", lines[at + 1]), (lang, lines[at:at + 2])
    assert _bold_entries(booklet)[kind] == _entries(booklet)[kind] == \
        _entries(booklet)[board], (lang, _entries(booklet)[kind])


def test_a_sub_entry_follows_its_entry_or_stands_alone_without_it():
    """A sub-entry is sorted right under its entry, before the next entry ("board",
    "board A", then "colour"); where its entry is found nowhere it is an entry of its own,
    printed in full."""
    from generator.docs.booklet.index import term_pages
    from generator.docs.booklet.units import Unit, text_item
    from generator.model.booklet import Booklet, Chapter, Paragraph, Section

    def booklet(*terms: IndexTerm) -> Booklet:
        chapter = Chapter("equipment", "Equipment", "equipment.toml",
                          (Section("boards", "Boards", (Paragraph("x"),)),))
        return Booklet("en", "t", "", (), "c", (chapter,), index=terms,
                       index_also=("equipment",))

    text = "The board of 64 squares; board A is coloured, its colour by file."
    pages = [(7, [(0.0, Unit(4.0, [text_item(0, 3, text, 3.3)], section="equipment/boards"))])]
    defined = ("equipment/boards",)
    board_a = IndexTerm.of("board A", "board A", defined, under="board")
    found = term_pages(booklet(IndexTerm.of("colour", "colour", defined), board_a,
                               IndexTerm.of("board", "board", defined)), pages)
    assert [(e.label, e.under) for e in found] == [("board", ""), ("board A", "board"),
                                                   ("colour", "")]
    alone = term_pages(booklet(board_a, IndexTerm.of("bar", "bar", defined)), pages)
    assert [(e.label, e.under) for e in alone] == [("board A", "")]


def test_an_entry_under_no_indexed_term_is_refused(tmp_path):
    folder = tmp_path / "booklets"
    folder.mkdir()
    (folder / "terms.toml").write_text(
        '[[term]]\nen = "board"\nen_find = "boards?"\n\n'
        '[[term]]\nen = "board A"\nen_find = "board A"\nunder = "bord"\n', encoding="utf-8")
    with pytest.raises(TemplateError, match=r"terms\.toml: term\[1\]\.under: expected the "
                                            "English name of an indexed term"):
        load_index_terms(Library([tmp_path]), "en")


#: The sentences that introduce south and north: the board's halves, where a diagram puts
#: each player, and the general rules' seating.
SIDES = {"en": ("south, north", ("splits the board into two halves, south", "South sits at the "
                                 "bottom of a diagram", "Two players sit at opposite edges")),
         "ru": ("юг, север", ("делит доску на две половины: половину юга", "Юг сидит внизу "
                              "диаграммы", "Два игрока сидят у противоположных краёв"))}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_south_and_north_are_indexed_where_the_booklet_introduces_them(made, lang):
    """Issue 39, ninth review: «юг, север 13» set the rules' page bold, where the board's
    halves (p. 9) and the diagrams (p. 10) had used the words already. The entry lists the
    three pages that introduce them, a term's ``listed`` sections beside its defining one,
    the board's in bold; no other page, as the words are on most pages."""
    booklet = made[lang]
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    label, sentences = SIDES[lang]
    pages = [next(n for n in range(1, len(booklet.pages) + 1)
                  if sentence in " ".join(_page_text(pdf, n - 1).replace("’", "'").split()))
             for sentence in sentences]
    assert _entries(booklet)[label] == pages, (lang, _entries(booklet)[label], pages)
    assert _bold_entries(booklet)[label] == pages[:1], (lang, _bold_entries(booklet)[label])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_page_is_the_first_in_its_chapter_that_uses_the_term(made, lang):
    """Issue 39, eleventh review (main RU, index): the headnote says each page but the bold
    one is the first page in its chapter where the term is discussed, yet «пробная карта
    … 27» stood where game 4 speaks of test cards from p. 25, «стопка 17, 39» where game
    48's box says «стопкой» on p. 37, and «вариант 13, 17» listed two pages of the general
    rules. Each page but the bold ones is the first of its chapter whose indexed sentences
    or headings use the term (a chapter's title counts on its page; a caption only where
    no sentence does), one page a chapter, and none in a chapter that defines the term."""
    from generator.docs.booklet.index import (_indexed, _section_texts, _title_texts,
                                              term_pages)

    booklet = made[lang]
    pages = READ[lang]
    entries = term_pages(booklet.booklet, pages)
    printed = _entries(booklet)
    _, headings, bodies = _section_texts(_indexed(booklet.booklet), pages)
    titles = _title_texts({c.key for c in booklet.booklet.chapters}, pages)
    terms = {t.label: t for t in booklet.booklet.index}
    checked = 0
    for entry in entries:
        term = terms[entry.label]
        assert [n for n, _ in entry.pages] == printed[entry.label], (lang, entry)
        chapters = [booklet.pages[n - 1].label for n, _ in entry.pages]
        assert len(chapters) == len(set(chapters)), (lang, entry.label, entry.pages)
        for (number, bold), chapter in zip(entry.pages, chapters, strict=True):
            if bold:
                continue
            used = sorted(
                [n for section, texts in bodies.items()
                 if section.partition("/")[0] == chapter
                 for n, text in texts if term.find.search(text)]
                + [next(n for n, _ in bodies.get(section, [(number, "")]))
                   for section, heading in headings.items()
                   if section.partition("/")[0] == chapter and term.find.search(heading)]
                + [n for key, (n, title) in titles.items()
                   if key == chapter and term.find.search(title)])
            if used:
                assert number == used[0], (lang, entry.label, number, chapter, used)
                checked += 1
    assert checked >= 30, (lang, checked)

