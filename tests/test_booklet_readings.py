"""Every reading of the main rule booklet keeps the booklet's promise (issue 39, eleventh
review r-main-en and r-main-ru): the general rules say that where the original rules leave a
point open the booklet "marks its choice “our reading” with the number of a note; the notes
… give the reason and the other possible reading" («помечает свой выбор словами «наше
толкование» с номером примечания; примечания … приводят причину и другое возможное
толкование»).

- Fourteen notes stopped after the reading (the frame and daggers, the consonant split, the
  Cyrillic set without Ё, the king-square rings, who moves first, the compulsory move, game
  48's end, count and tie, the 100-move limit, the board of initial game 1, the dictionary,
  the king's step off the edge, the reading direction, the word through the moved letter):
  each note that gives a reading now states the other one too, in one form, "The other
  reading …" / «По другому толкованию …».
- Readings stood in the text with no number and no note: the lost start figures of games 1,
  4 and 18 and word game 1 («Авторский рисунок расстановки нам недоступен. Наше толкование:
  …»), the frame of game 4's setup, word game 1's banner, the questions players ask, the
  quick reference, the glossary. Each mark now carries its note's number ("(our reading
  2)") or leads to the page that prints the reading ("(our reading, p. 4)"); a reading is
  argued only in its note.

The notes are read from the booklets as loaded (each numbered list's items, as set); the
marks from the booklets as printed, where a mark's page is set."""
from __future__ import annotations

import re

import pypdfium2
import pytest

from built_booklets import set_booklet
from generator.docs.booklet.build import Made
from generator.io.booklets import banner_boards
from generator.model.booklet import Bullets, Paragraph, Table

LANGS = ("en", "ru")
#: What opens a reading, in a note or (wrongly) in the text.
READING = {"en": re.compile(r"our reading", re.IGNORECASE),
           "ru": re.compile(r"наш\w*\s+толковани\w*", re.IGNORECASE)}
#: The one form a note gives the other reading in (after a semicolon too). The notes of
#: Ass and the patiences give theirs in other words ("Players may agree …"), and the lead
#: owns them: this test reads the main booklet only.
OTHER = {"en": re.compile(r"\b[Tt]he other reading\b"),
         "ru": re.compile(r"\b[Пп]о другому толкованию\b")}
#: What a mark in the text may continue with: its note's number, or the page that prints
#: the reading ("our reading, p. 41"), or a closing quote where the text names the mark.
LED = {"en": re.compile(r"[\s\u00a0]\d|, p\.[\s\u00a0]\d|”"),
       "ru": re.compile(r"[\s\u00a0]\d|, с\.[\s\u00a0]\d|»")}
PDFIUM_HYPHEN = "\ufffe"


@pytest.fixture(scope="module")
def made(library) -> dict[str, Made]:
    return {lang: set_booklet(library, lang) for lang in LANGS}


def _flat(text: str) -> str:
    """PDF text on one line: a word broken at a line's end joined again."""
    text = re.sub(PDFIUM_HYPHEN + r"\s*", "", text)
    return " ".join(text.split())


@pytest.mark.parametrize("lang", LANGS)
def test_every_reading_note_states_the_other_reading(made, lang):
    booklet = made[lang].booklet
    notes = [(chapter.key, item) for chapter in booklet.chapters for s in chapter.sections
             for b in s.blocks if isinstance(b, Bullets) and b.numbered for item in b.items]
    readings = [(key, note) for key, note in notes if READING[lang].search(note)]
    assert len(readings) >= 40, (lang, len(readings))
    missing = [(key, note[:70]) for key, note in readings if not OTHER[lang].search(note)]
    assert not missing, (lang, missing)


@pytest.mark.parametrize("lang", LANGS)
def test_no_reading_is_printed_without_its_number_or_page(made, lang):
    """In the text (paragraphs, plain lists, tables, the banners and the "on your turn"
    boxes), every "our reading" is a mark that names its note's number or leads to the
    page that prints the reading; none opens an argued reading ("Our reading: …") outside
    the notes."""
    booklet = made[lang].booklet
    texts: list[tuple[str, str]] = []
    for chapter in booklet.chapters:
        for s in chapter.sections:
            for b in s.blocks:
                if isinstance(b, Paragraph):
                    texts.append((chapter.key, b.text))
                elif isinstance(b, Bullets) and not b.numbered:
                    texts += [(chapter.key, item) for item in b.items]
                elif isinstance(b, Table):
                    texts += [(chapter.key, cell) for row in b.rows for cell in row]
        if chapter.banner is not None:
            texts.append((chapter.key, banner_boards(chapter.banner, booklet.words,
                                                     booklet.names)))
        if chapter.turn is not None:
            texts += [(chapter.key, line) for line in chapter.turn.lines]
    bare = []
    for key, text in texts:
        linked = {m.start(1) for m in re.finditer(r"\[([^\[\]]+)\]\(#", text)}
        for m in READING[lang].finditer(text):
            if m.start() in linked:
                continue        # "[our reading](#basic-4/captures)": printed with its page
            if not LED[lang].match(text, m.end()):
                bare.append((key, text[max(0, m.start() - 40):m.end() + 20]))
    assert not bare, (lang, bare)


@pytest.mark.parametrize("lang", LANGS)
def test_the_printed_booklet_has_no_bare_mark(made, lang):
    """On paper: no "(our reading)" or "by our reading" without its number or page."""
    pdf = pypdfium2.PdfDocument(made[lang].pdf)
    text = _flat(" ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf))))
    bare = {"en": re.compile(r"\(our reading\)|\b[Bb]y our reading\b"),
            "ru": re.compile(r"\(наше толкование\)|[Пп]о нашему толкованию")}[lang]
    assert not bare.findall(text), lang
    for m in READING[lang].finditer(text):
        after = text[m.end():m.end() + 6]
        assert not after.startswith(")"), (lang, text[m.start() - 60:m.end() + 5])

