"""Issue 25: every game chapter has an "on your turn" box right after its setup, and its
variants stand in a marked sidebar (a rule in the left margin), read back from both PDFs
and from the drawn pages."""
from __future__ import annotations

import re

import pypdfium2
import pytest

from built_booklets import set_booklet
from generator.docs.booklet.build import Made
from generator.docs.booklet.sizes import START_SECTIONS
from generator.docs.booklet.typography import curly
from generator.docs.booklet.units import SIDEBAR, SIDEBAR_X, PageGeometry
from generator.draw.scene import Line
from generator.errors import TemplateError
from generator.io.booklets import TURN_LINES, load_booklet, load_chapter
from generator.model.booklet import Bullets, FigureRef, Paragraph

PDFIUM_HYPHEN = "\ufffe"
PT = 72 / 25.4
#: The games without a game file: Ass and the three patiences.
OTHERS = ("ass", "nivernaise", "empress-of-india", "besieged-city")


@pytest.fixture(scope="module")
def made(library) -> dict[str, Made]:
    return {lang: set_booklet(library, lang) for lang in ("en", "ru")}


@pytest.fixture(scope="module")
def others(library) -> dict[str, Made]:
    return {lang: set_booklet(library, lang, OTHERS) for lang in ("en", "ru")}


def _flat(text: str) -> str:
    """Text as printed: one space between words, hyphenation undone, quotes typographic
    (the typesetter's, so a source line compares with the PDF)."""
    text = curly(text.replace(PDFIUM_HYPHEN + "\r\n", "").replace(PDFIUM_HYPHEN, ""))
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ")).strip()


def _chapter_pages(made: Made, key: str, *, shared: bool = True, tail: bool = True
                   ) -> list[int]:
    """The pages where the chapter is set, from the one with its title to the one before
    the next chapter's title, and that one too when the next chapter begins below the end
    of this one (issue 39: a chapter may follow on the last page of the one before).
    Without *shared*, only the pages the chapter has to itself; without *tail*, not the
    page it shares with the next chapter."""
    g = PageGeometry.for_paper("a5")
    # The contents' links to chapters (not those to a section it lists besides, such as
    # the questions players ask): the pages where the outline has a chapter's title.
    titled = {index for _, level, index in made.typeset.outline if level == 0}
    starts: dict[int, float] = {}
    for link in made.typeset.links:
        if made.pages[link.page].label == "contents" and link.to_page in titled:
            starts[link.to_page] = min(link.to_y, starts.get(link.to_page, link.to_y))
    keys = [c.key for c in made.booklet.chapters]
    at = sorted(starts)
    first = at[keys.index(key)]
    after = at[keys.index(key) + 1] if keys.index(key) + 1 < len(at) else len(made.pages)
    pages = list(range(first, after))
    if tail and after < len(made.pages) and starts[after] > g.body_top + 1.0:
        pages.append(after)
    if not shared:
        pages = [n for n in pages if (n != first or starts[n] <= g.body_top + 1.0)
                 and n != after]
    return pages


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_game_chapter_has_its_turn_box_right_after_the_setup(made, lang):
    assert len(made[lang].booklet.games) == 10
    _boxes_after_setup(made[lang])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ass_and_the_patiences_have_their_turn_box_after_the_deal_or_layout(others, lang):
    _boxes_after_setup(others[lang])


def _boxes_after_setup(booklet: Made) -> None:
    """Every chapter that opens with a banner (a game) has its box, in the PDF just after
    its setup (deal, layout) section and before the next section's heading."""
    lang = booklet.booklet.lang
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    games = [c for c in booklet.booklet.chapters if c.banner is not None]
    assert games
    for chapter in games:
        assert chapter.turn is not None, (lang, chapter.key)
        heading = booklet.booklet.turn_heading(chapter.turn)
        assert 1 <= len(chapter.turn.lines) <= TURN_LINES[1] and chapter.turn.source
        text = _flat(" ".join(pdf[i].get_textpage().get_text_range()
                              for i in _chapter_pages(booklet, chapter.key, tail=False)))
        keys = [s.key for s in chapter.sections]
        first = next(i for i, key in enumerate(keys) if key in START_SECTIONS)
        setup, after = chapter.sections[first], chapter.sections[first + 1]
        at_setup = text.index(_flat(setup.heading))
        at_box = text.index(heading, at_setup)
        at_line = text.index(_flat(chapter.turn.lines[0]), at_box)
        at_next = text.index(_flat(after.heading), at_setup)
        # The setup's heading, then the box's heading and first line, then the next section.
        assert at_setup < at_box < at_line < at_next, (lang, chapter.key)
        figures = [b for b in setup.blocks if isinstance(b, FigureRef)]
        if setup.blocks and isinstance(setup.blocks[-1], FigureRef) and len(figures) == 1:
            # Issue 39, review of the main booklet: the box stood before the setup's
            # diagram in eight games and after it in game 4 and word game 1. Set before
            # the diagram in every chapter, its last line is printed before the caption.
            caption = _flat(setup.blocks[-1].caption)
            at_end = text.index(_flat(chapter.turn.lines[-1]), at_box)
            assert at_end < text.index(caption[:40], at_setup), (lang, chapter.key)
        elif len(figures) > 1:
            # A table drawn in parts (the Empress's layout) is shown whole before the box
            # (fourth review of the patiences, N1: the box parted its right half from its
            # left): the box's heading is printed after the last part's caption.
            caption = _flat(figures[-1].caption)
            assert text.index(caption[:40], at_setup) < at_box, (lang, chapter.key)
        assert text.count(heading) == 1, (lang, chapter.key)
        # A line may point to a section (review r-ass: the box sends the reader to the
        # table of holders): printed as its label and, after it, its page.
        # (within brackets: ", p. 8").
        unpaged = re.sub(r" \((?:p\.|с\.) \d+\)|, (?:p\.|с\.) \d+", "", text)
        for line in chapter.turn.lines:
            printed = re.sub(r"\[([^\]]+)\]\(#[^)]+\)", r"\1", line)
            assert _flat(printed) in unpaged, (lang, chapter.key, line)


#: The patiences (seed 004: a patience is laid out and played alone) and their box's heading.
PATIENCES = ("nivernaise", "empress-of-india", "besieged-city")
#: Not "Each move" / «Каждый ход»: the box sums up the whole play, deal and end included
#: (issue 39, fifth review, English 2 and Russian 6).
ONE_PLAYER_HEADING = {"en": "Play in brief", "ru": "Коротко о правилах"}
BOARD_HEADING = {"en": "On your turn", "ru": "Порядок хода"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_patience_heads_its_box_play_in_brief_and_the_games_on_your_turn(made, others, lang):
    """Issue 39, editors' review: a patience is played alone (seed 004, Cadogan's
    patiences), so "On your turn" / «Ваш ход», which suggests an opponent, would read
    oddly; the patiences' chapters carry their own heading, the games with players keep
    the booklet's word. Read from the PDFs: the reader sees the heading printed."""
    for booklet in (made[lang], others[lang]):
        pdf = pypdfium2.PdfDocument(booklet.pdf)
        for chapter in booklet.booklet.chapters:
            if chapter.turn is None:
                continue
            text = _flat(" ".join(pdf[i].get_textpage().get_text_range()
                                  for i in _chapter_pages(booklet, chapter.key, tail=False)))
            one_player = chapter.key in PATIENCES
            assert (ONE_PLAYER_HEADING[lang] in text) == one_player, (lang, chapter.key)
            assert (BOARD_HEADING[lang] in text) != one_player, (lang, chapter.key)
    assert any(c.key in PATIENCES for c in others[lang].booklet.chapters)


def test_a_patience_box_sums_up_its_moves_not_repeats_them(library):
    """Issue 39, editors' review: the box is a short summary of the Moves section, in
    its own words: no run of twelve words of a box line stands in the chapter's Moves (a
    short line may say a short rule in the same words; the old Empress box copied whole
    bullets)."""
    for lang in ("en", "ru"):
        chapters = [c for c in load_booklet(library, lang, PATIENCES).chapters
                    if c.key in PATIENCES]
        assert len(chapters) == len(PATIENCES)
        for chapter in chapters:
            assert chapter.turn is not None
            moves = next(s for s in chapter.sections if s.key == "moves")
            text = " ".join(b.text if isinstance(b, Paragraph) else " ".join(b.items)
                            for b in moves.blocks if isinstance(b, (Paragraph, Bullets)))
            for line in chapter.turn.lines:
                words = line.split()
                runs = [" ".join(words[i:i + 12]) for i in range(len(words) - 11)]
                assert not any(run in text for run in runs), (lang, chapter.key, line)


#: What each patience box says from a reading (templates/sources/GAME.toml, basis
#: our-reading), by language: the words that restate it in the box.
BOX_READINGS = {
    "nivernaise": {  # moves:look-into, deal:packet-by-packet
        "en": ["one card deeper", "after each packet"],
        "ru": ["на одну карту глубже", "после каждой пачки"]},
    "empress-of-india": {  # moves:refill-order, moves:refill-stock, moves:deal-no-pair
        "en": ["the army's first", "turn the stock until", "no pair left to play"],
        "ru": ["сначала в армии", "переворачивайте карты колоды",
               "Нет пары — пасьянс не сошёлся"]},
    "besieged-city": {  # goal:order, moves:reserve-lines, moves:gap-at-once, moves:turn-stock,
        # goal:no-redeal
        "en": ["in this order", "its column", "Fill each gap at once", "card by card",
               "no redeal"],
        "ru": ["по масти в порядке", "её столбца", "Свободные места занимайте сразу", "по одной",
               "пересдачи нет"]},
}
#: (With its note's number since session 21: "(our reading 4)".)
BOX_MARK = {"en": re.compile(r"\(our reading(?:\s\d+)?\)"),
            "ru": re.compile(r"\(наше толкование(?:\s\d+)?\)")}


def test_a_patience_box_marks_each_reading_it_restates(library):
    """Issue 39, third review (r-pat F1): the Play-in-brief boxes of La Nivernaise and the
    Besieged City stated readings as rules. Seed 004 lets the Nivernaise packets be looked
    through 'если являются свободныя мѣста по бокамъ' without saying how deep, stops while a
    round is laid ('останавливаются') without saying where, and stops the Besieged City
    after its layout ('Раскладываютъ двѣнадцать картъ въ четыре ряда'), so the order, the
    column, the gaps filled at once, the stock turned card by card and the missing redeal
    are our readings: each box line carries one mark for each reading it restates."""
    for lang in ("en", "ru"):
        chapters = {c.key: c for c in load_booklet(library, lang, PATIENCES).chapters}
        for game, phrases in BOX_READINGS.items():
            turn = chapters[game].turn
            assert turn is not None
            for phrase in phrases[lang]:
                assert any(phrase in line for line in turn.lines), (lang, game, phrase)
            for line in turn.lines:
                restated = sum(phrase in line for phrase in phrases[lang])
                assert len(BOX_MARK[lang].findall(line)) >= restated, (lang, game, line)


@pytest.mark.parametrize("which", ["made", "others"])
def test_both_languages_have_a_turn_box_in_the_same_chapters(which, request):
    booklets = request.getfixturevalue(which)
    with_box = {lang: [c.key for c in booklets[lang].booklet.chapters if c.turn is not None]
                for lang in booklets}
    games = [c.key for c in booklets["en"].booklet.chapters if c.banner is not None]
    assert with_box["en"] == with_box["ru"] == games
    for key in games:
        en = next(c for c in booklets["en"].booklet.chapters if c.key == key)
        ru = next(c for c in booklets["ru"].booklet.chapters if c.key == key)
        assert en.turn is not None and ru.turn is not None
        assert len(en.turn.lines) == len(ru.turn.lines), key


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_variants_stand_beside_a_rule_in_the_margin(made, lang):
    """Each chapter with variants has a rule in its left margin from the Variants heading
    down; no other chapter has one."""
    booklet = made[lang]
    g = PageGeometry.for_paper("a5")
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    with_variants = 0
    for chapter in booklet.booklet.chapters:
        numbers = _chapter_pages(booklet, chapter.key)
        own = _chapter_pages(booklet, chapter.key, shared=False)
        rules = {n: [item for item in booklet.pages[n].items if isinstance(item, Line)
                     and item.paint.stroke == SIDEBAR] for n in numbers}
        variants = next((s for s in chapter.sections if s.key == "variants"), None)
        if variants is None:
            assert not any(rules[n] for n in own), (lang, chapter.key)
            continue
        with_variants += 1
        # The page where the heading stands: its rule runs beside the heading. (A chapter
        # that begins under another's end may share its first page with that one's
        # variants: look there last.)
        page = next(n for n in [*numbers[1:], numbers[0]] if variants.heading in
                    pdf[n].get_textpage().get_text_range().splitlines())
        assert rules[page], (lang, chapter.key)
        textpage = pdf[page].get_textpage()
        found = textpage.search(variants.heading, match_case=True, match_whole_word=True)
        start, _ = found.get_next()
        _, bottom, _, top = textpage.get_charbox(start)
        height = pdf[page].get_height()
        y_top, y_bottom = (height - top) / PT, (height - bottom) / PT
        rule = rules[page][0]
        assert rule.x1 == rule.x2 == pytest.approx(g.margin_x + SIDEBAR_X, abs=0.01)
        assert rule.x1 < g.margin_x - 1.0  # in the margin, clear of the text
        assert rule.y1 <= y_top + 0.5 and y_bottom - 0.5 <= rule.y2, (lang, chapter.key)
    # At least the five of issue 35 and word game 1 and word puzzle 5 (issue 39).
    assert with_variants >= 7


def test_a_turn_box_without_its_source_or_with_too_many_lines_is_refused(library, tmp_path):
    path = tmp_path / "basic-1.toml"
    head = 'title = "Basic game 1"\ngame = "basic-1"\n'
    path.write_text(head + '[turn]\nlines = ["Move."]\n', encoding="utf-8")
    with pytest.raises(TemplateError, match=r"turn\.source"):
        load_chapter(library, path)
    path.write_text(head + '[turn]\nlines = ["a", "b", "c", "d", "e", "f", "g"]\nsource = "x"\n',
                    encoding="utf-8")
    with pytest.raises(TemplateError, match=r"turn\.lines: expected 1 to 6 lines"):
        load_chapter(library, path)


#: The reading's label and what follows it in a box line: its note's number, or nothing.
NUMBERED_MARK = {"en": re.compile(r"\(our reading(\u00a0\d+)?\)"),
                 "ru": re.compile(r"\(наше толкование(\u00a0\d+)?\)")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_board_games_box_numbers_each_reading_as_its_text_does(library, lang):
    """Issue 39, ninth review: the «Порядок хода» boxes printed a bare «(наше толкование)»
    where the chapter's text numbers the same reading («(наше толкование 1)», its note on
    the next page): a box line's ``{note:KEY}`` prints the note's number, and every mark in
    a board game's box carries one that the chapter's text prints too, for a note of the
    chapter."""
    booklet = load_booklet(library, lang)
    marked = 0
    for chapter in booklet.games:
        assert chapter.turn is not None
        text = " ".join(t for s in chapter.sections for b in s.blocks
                        for t in ((b.text,) if isinstance(b, Paragraph) else
                                  b.items if isinstance(b, Bullets) else ()))
        notes = sum(len(b.items) for s in chapter.sections for b in s.blocks
                    if isinstance(b, Bullets) and b.start)
        for line in chapter.turn.lines:
            for mark in NUMBERED_MARK[lang].finditer(line):
                assert mark.group(1), (lang, chapter.key, line)
                assert mark.group(0) in text and 1 <= int(mark.group(1)) <= notes, \
                    (lang, chapter.key, mark.group(0))
                marked += 1
    assert marked >= 6, (lang, marked)


def test_a_box_line_naming_no_note_of_its_chapter_is_refused(library, tmp_path):
    """A box's ``{note:KEY}`` names a note of the chapter, as a text's does; the error
    names the box's line."""
    path = tmp_path / "basic-1.toml"
    path.write_text('title = "Basic game 1"\ngame = "basic-1"\n[turn]\nlines = ["Move '
                    '(our reading {note:goal:none})."]\nsource = "x"\n', encoding="utf-8")
    with pytest.raises(TemplateError, match=r"turn\.lines\[0\].*\{note:goal:none\}"):
        load_chapter(library, path)
