"""The make-up of the booklet of Ass alone (issue 39, fifth review of the Ass booklets): its
contents list the chapter's sections, the front and back matter do not repeat the game's
name as a sub-heading, each worked trick stands on one page with its figure, a lead-in
stays with its short list, and the typesetter's general bindings (a suit's sign to its
name, a Russian noun to the range it names)."""
from __future__ import annotations

import re

import pypdfium2
import pytest

from built_booklets import set_booklet
from generator.docs.booklet.build import Made
from generator.docs.booklet.setter import NOTE_RULE_WIDTH, NOTE_SIZE
from generator.docs.booklet.typography import curly, set_lines
from generator.docs.booklet.units import RULE, TypeStyle
from generator.draw.scene import Group, Item, Line, Text
from generator.errors import TemplateError
from generator.io.booklets import load_chapter
from generator.model.booklet import LINK, Bullets, FigureRef, Paragraph, Table


@pytest.fixture(scope="module")
def built(library) -> dict[str, Made]:
    return {lang: set_booklet(library, lang, ("ass",)) for lang in ("en", "ru")}


#: What pdfium reads for a hyphen the typesetter put at a line's end.
PDFIUM_HYPHEN = "\ufffe"


def _pages(made: Made) -> list[str]:
    """Each page's text, a word hyphenated at a line's end read whole (a bullet's last words
    are looked up as written)."""
    doc = pypdfium2.PdfDocument(made.pdf)
    return [" ".join(doc[i].get_textpage().get_text_range().replace(PDFIUM_HYPHEN, "").split())
            for i in range(len(doc))]


def _page_of(pages: list[str], text: str) -> int:
    found = [n for n, page in enumerate(pages) if text in page]
    assert found, text
    return found[0]


def test_the_contents_of_a_one_game_booklet_list_its_sections_with_their_pages(built):
    """The text refers the reader to "Trumps" and "Card points" by page: the contents of a
    booklet of Ass alone list those sections too, each with the page its heading is on."""
    for made in built.values():
        ass = next(c for c in made.booklet.chapters if c.key == "ass")
        contents = made.typeset.contents
        titles = [title for title, _ in contents]
        headings = [s.heading for s in ass.sections]
        assert titles[titles.index(ass.title) + 1:][:len(headings)] == headings, titles
        pages = _pages(made)
        for title, number in contents:
            if title in headings:
                assert title in pages[number - 1], (title, number)


def test_the_matter_does_not_repeat_the_only_games_name_as_a_sub_heading(built):
    """"About this booklet" and the glossary of a booklet of Ass alone keep their Ass
    sections (the source, the terms) without an "Ass" heading over them."""
    for made in built.values():
        for key in ("credits", "glossary"):
            chapter = next(c for c in made.booklet.chapters if c.key == key)
            section = next(s for s in chapter.sections if s.key == "ass")
            assert section.heading == "" and section.blocks, (key, section.heading)


def test_each_worked_trick_is_on_the_page_of_its_figure(built):
    """Seed 003's tricks as the chapter works them (two deals and single tricks under
    options 2 to 5): each figure's caption and the whole bullet that explains the trick
    stand on one page, in that order."""
    for made in built.values():
        pages = _pages(made)
        ass = next(c for c in made.booklet.chapters if c.key == "ass")
        pairs = [(s.blocks[n], s.blocks[n + 1]) for s in ass.sections
                 if s.key.startswith("example") for n in range(len(s.blocks) - 1)
                 if isinstance(s.blocks[n], FigureRef)]
        assert len(pairs) == 13
        for figure, bullets in pairs:
            assert isinstance(figure, FigureRef) and isinstance(bullets, Bullets)
            item = bullets.items[0]
            words = curly(item).split()
            head, tail = " ".join(words[:4]), " ".join(words[-3:])
            page = _page_of(pages, curly(figure.caption))
            assert head in pages[page] and tail in pages[page], (figure.caption, page)


#: A list this long (characters) or shorter sets in at most the typesetter's LIST_WHOLE
#: lines (about 75 characters a line in the A5 column) and is kept whole with its lead-in.
SHORT_LIST = 8 * 60


def test_a_lead_in_stays_with_its_short_list(built):
    """«Внутри одной масти:» (now «Шаг 1, внутри одной масти:») with only the first of its three items on the page (the
    review's RU p. 6): a lead-in ending in a colon keeps its short list whole. A long list,
    or a section's notes however short (issue 39, tenth review, the readings set apart at a
    section's end; third review, finding 3: the notes cut short), may run over a page
    between two items, but never leaves its lead-in alone at a page's foot."""
    for made in built.values():
        pages = _pages(made)
        ass = next(c for c in made.booklet.chapters if c.key == "ass")
        for section in ass.sections:
            for before, block in zip(section.blocks, section.blocks[1:]):
                if isinstance(before, Paragraph) and before.text.endswith(":") \
                        and isinstance(block, Bullets):
                    lead = " ".join(curly(before.text).split()[-3:])
                    first = " ".join(curly(block.items[0]).split()[:8])
                    marker = f"{block.start}." if block.numbered else "•"
                    page = _page_of(pages, f"{lead} {marker} {first}")
                    if block.numbered or sum(len(item) for item in block.items) > SHORT_LIST:
                        continue
                    for item in block.items:
                        # A link prints its label and then its page: "“Trumps” (p. 11)."
                        plain = LINK.sub(lambda m: m.group(1), curly(item))
                        assert " ".join(plain.split()[-2:]).rstrip(".;:") in pages[page], item


@pytest.mark.parametrize("lang, text, together", [
    ("en", "Two to four players use one pack: spades ♠, clubs ♣, hearts ♥ and diamonds ♦.",
     ("clubs\u00a0♣,", "spades\u00a0♠,", "hearts\u00a0♥", "diamonds\u00a0♦.")),
    ("ru", "Это правило действует только в вариантах 3–5 и больше нигде в этой игре.",
     ("вариантах\u00a03–5",)),
    ("ru", "Козыри выбирают вместе с вариантом: в варианте 1 — свою масть каждому, а в "
     "остальных — общую масть.", ("варианте\u00a01",)),
    # Sixth review r-ass, 3: the trump options are «схемы», apart from the variants.
    ("ru", "Простая восьмёрка не бьёт козырь в схемах 3–5, а в схеме 1 бьёт.",
     ("схемах\u00a03–5", "схеме\u00a01")),
    ("ru", "Шесть игроков без заявки идут на 116, а не на 128: в других строках вторая "
     "норма больше первой, а 92 + 24 = 116.", ("92\u00a0+", "+\u00a024", "24\u00a0=",
                                             "=\u00a0116.")),
])
def test_a_suit_sign_and_a_range_stay_with_their_word(lang, text, together):
    """A suit's sign never begins a line ("clubs" ending one line, "♣," the next: review
    EN p. 4); a Russian noun of the numbered kind keeps a range (в вариантах | 3–5: review
    RU pp. 9-10), and its number when a dash follows it (в варианте | 1 — свою масть:
    session 17's review, RU p. 11); a sum is read whole (а 92 + 24 | = 116: the same
    review, RU p. 7). At every width the line breaker may choose, each pair is on one
    line."""
    for width in range(30, 120, 3):
        lines = [" ".join(line.words).replace("\u2027", "\u00a0")
                 for line in set_lines(text, width, "regular", 3.3, lang, justify=True)]
        for pair in together:
            first = pair.split("\u00a0")[0]
            for n, line in enumerate(lines):
                if line.split()[-1:] == [first] or line.endswith(" " + first):
                    pytest.fail(f"{pair!r} parted at width {width}: {lines[n]!r} | "
                                f"{lines[n + 1] if n + 1 < len(lines) else ''!r}")


#: Where the course box stands: after the deal's last words, before the "on your turn"
#: box and the section on tricks.
COURSE = {"en": ("Course of a deal", "On your turn", "Playing a trick"),
          "ru": ("Ход сдачи", "Порядок хода", "Розыгрыш взятки")}


def test_a_box_gives_the_course_of_a_deal_in_both_languages(built):
    """Seed 003's deal in its order (trumps chosen 'before the cards are dealt', 4 cards
    each, the bet, the tricks, the scoring and banks): a box after the deal section, beside
    the "on your turn" box, its steps the same in number in both languages (the fifth
    review: the turn box gave no order of a deal)."""
    chapters = {lang: next(c for c in made.booklet.chapters if c.key == "ass")
                for lang, made in built.items()}
    assert len(chapters["en"].course.lines) == len(chapters["ru"].course.lines) == 5
    for lang, made in built.items():
        course = chapters[lang].course
        heading, turn, tricks = COURSE[lang]
        assert course.heading == heading and course.source
        text = " ".join(_pages(made))
        at = text.index(heading)
        assert at < text.index(turn, at) < text.index(tricks, at)
        for line in course.lines:
            assert curly(" ".join(line.split()[:3])) in text[at:text.index(turn, at)], line


def test_a_course_box_without_a_heading_is_one_clear_line(library, tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('title = "Mine"\n[course]\nlines = ["Deal.", "Play."]\nsource = "x"\n'
                    '[[section]]\nid = "deal"\nheading = "Deal"\ntext = "Deal."\n'
                    'source = "x"\n', encoding="utf-8")
    with pytest.raises(TemplateError) as e:
        load_chapter(library, path)
    assert "course.heading" in str(e.value) and "expected the heading of the box" in str(e.value)


#: A page reference printed after a closing bracket: "(in full under “Trumps”), p. 9".
PAGE_OUTSIDE = {"en": r"\)\s*,\s*p\.\s*\d", "ru": r"\)\s*,\s*с\.\s*\d"}


def test_no_page_reference_stands_outside_its_brackets(built):
    """The sixth review of the Ass booklets: "(in full under “Trumps”), p. 9" — a
    cross-reference in brackets had its page printed after the closing bracket. The
    chapter words its cross-references so each page stands with its section's name."""
    import re
    for lang, made in built.items():
        text = " ".join(_pages(made))
        assert "p. " in text or "с. " in text, lang
        found = re.search(PAGE_OUTSIDE[lang], text)
        assert found is None, (lang, text[found.start() - 60:found.end()] if found else "")


def _drawn(items: tuple[Item, ...]) -> list[Item]:
    """Every text and line of *items*, groups opened."""
    found: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            found += _drawn(item.items)
        elif isinstance(item, (Text, Line)):
            found.append(item)
    return found


def test_the_notes_at_a_sections_end_are_set_apart_in_one_note_style(built):
    """Issue 39, tenth review: the chapter lists its readings of seed 003 (where the rules
    contradict themselves or are silent, "Our reading: ..."; «Наше толкование: ...») and
    its house rules under "Notes:" / «Примечания:» at each section's end, and an editor
    read them as more rules. Every notes list is set in the one note style, in both
    languages: smaller type (setter.NOTE_SIZE), a hairline of the rules' grey beside
    it; the rules' own lists ("Step 1, within one suit:") keep the text's size. The words are
    the same."""
    for lang, made in built.items():
        body = TypeStyle().body   # the A5 booklet's text size
        label = {"en": "Notes:", "ru": "Примечания:"}[lang]
        rules_list = {"en": "Step 1, within one suit:",
                      "ru": "Шаг 1, внутри одной масти:"}[lang]
        mark = {"en": "Our reading:", "ru": "Наше толкование:"}[lang]
        noted = plain = listed = 0
        for page in made.pages:
            drawn = _drawn(page.items)
            texts = [item for item in drawn if isinstance(item, Text)]
            labels = [t for t in texts if t.text == label]
            for t in labels:
                assert t.size == pytest.approx(body * NOTE_SIZE) and t.font == "bold", t
            readings = [t for t in texts if t.text.startswith(f"• {mark}")
                        or t.text.startswith(mark)]
            for t in readings:
                assert t.size == pytest.approx(body * NOTE_SIZE), (lang, t.text)
            if labels or readings:
                assert any(isinstance(item, Line) and item.paint.stroke == RULE
                           and item.paint.width == NOTE_RULE_WIDTH for item in drawn), lang
            noted += len(labels)
            lists = [t for t in texts if t.text == rules_list]
            assert all(t.size == pytest.approx(body) for t in lists), lang
            listed += len(lists)
        assert noted == 5 and listed == 1, (lang, noted, listed)


#: A reading's mark with its note's number, as each language prints it.
MARK = {"en": r"\(our reading \d+\)", "ru": r"\(наше толкование \d+\)"}


def test_a_note_and_a_mark_are_never_parted_by_a_page(built):
    """Second review r-ass, findings 6 and 7: note 2 ran from one page to the next ("removes
    or adds" | "a bank."), and a mark broke at a page's foot («(наше» | «толкование 5)»).
    Each numbered note stands whole on one page (the list parts only between notes), and
    each mark the chapter prints is read whole on a page."""
    import re
    for lang, made in built.items():
        pages = _pages(made)
        ass = next(c for c in made.booklet.chapters if c.key == "ass")
        notes = [item for s in ass.sections for b in s.blocks
                 if isinstance(b, Bullets) and b.numbered for item in b.items]
        for item in notes:
            words = curly(item).split()
            page = _page_of(pages, " ".join(words[:10]))
            assert " ".join(words[-3:]) in pages[page], (lang, item)
        # (the booklet's front matter shows a mark too, "(our reading 1)")
        texts = [t for c in made.booklet.chapters for s in c.sections for b in s.blocks
                 for t in ((b.text,) if isinstance(b, Paragraph) else
                           b.items if isinstance(b, Bullets) and not b.numbered else
                           tuple(cell for row in b.rows for cell in row)
                           if isinstance(b, Table) else ())]
        said = sum(len(re.findall(MARK[lang], " ".join(curly(t).split()))) for t in texts)
        assert sum(len(re.findall(MARK[lang], page)) for page in pages) == said, lang


#: Glossary entries (the term and its other language, as the row begins) and the words of
#: the sentence of its section that first uses the term.
GLOSSARY_USES = {
    "en": [("led card заходная карта", "The first card is the led card"),
           ("beat бить (бьёт)", "does it beat the holder?"),
           ("plain card простая карта", "if it is a plain card"),
           ("holder карта, держащая взятку", "is the holder")],
    "ru": [("заходная карта led card", "Первая карта — заходная"),
           ("бить (бьёт) beat", "бьёт ли карта держащую взятку?"),
           ("простая карта plain card", "если простая карта"),
           ("карта, держащая взятку holder", "это карта, держащая взятку")]}
PAGE_MARK = {"en": r"\(p\.\s(\d+)\)", "ru": r"\(с\.\s(\d+)\)"}


def test_the_glossary_names_the_page_that_first_uses_each_term(built):
    """Sixth review r-ass, 6: the Russian glossary sent «заходная карта» to p. 9 while p. 7
    says «Первая карта — заходная», «бить» to p. 8 while p. 7 says «бьёт», and "plain card"
    to its page under "Trumps" though "Playing a trick" used it earlier. Each entry's page
    is the first page that prints the sentence first using it in its section."""
    for lang, uses in GLOSSARY_USES.items():
        pages = _pages(built[lang])
        glossary = next(n for n, page in enumerate(pages)
                        if "Glossary Each" in page or "Словарь терминов В конце" in page)
        text = " ".join(pages[glossary:])
        for row, said in uses:
            number = int(re.search(PAGE_MARK[lang], text[text.index(row):]).group(1))
            first = next(n for n, page in enumerate(pages, 1) if said in page)
            assert number == first, (lang, row, number, first)
