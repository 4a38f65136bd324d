"""Readings as notes in the later chapters of the main booklet (issue 39, sixth review
r-main-en, finding 2): initial game 1's End argued "Our reading: only a step onto a free
square… The other reading: …" inside the rule, and word game 1's Moves and Words held two
readings each, so a newcomer had to pick the rule out of the argument. As in the Ass
chapter, each rule is now stated as played, ending "(our reading N)", and the reason and
the other reading stand in the section's closing "Notes:" list (``#. {reading:KEY}``).

The seeds leave these points open: seed002, jeu de cartes 1, "une des cartes doit traverser
la « frontière »" (which move crosses: row goal:free-square) and "chaque joueur doit
commencer par couvrir" (a player with no cover: movement.opening_cover:no-cover); jeu 5,
"sauter un nombre de cartes" (chained jumps: movement.step:chain) and "L'avantage ... est
pris en compte" (goal:first-move); seed001, word game 1, "move any letter outside opposite
edge" (exit_far_edge:queen-run) and no definition of a word (words:dictionary)."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from generator.docs.booklet.sizes import START_SECTIONS
from generator.io.booklets import load_booklet
from generator.io.sources import reading_text
from generator.model.booklet import Booklet, Bullets, Chapter, Paragraph, Section

TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "booklets"
LANGS = ("en", "ru")
CHAPTERS = ("initial-1", "initial-5", "initial-9", "word-1", "word-2", "word-puzzle-5")
MARK = {"en": re.compile(r"\(our reading\s(\d+)\)"),
        "ru": re.compile(r"\(наше толкование\s(\d+)\)")}
#: A mark without its note's number, and the other reading argued in the rule itself.
BARE = {"en": "(our reading)", "ru": "(наше толкование)"}
DEBATE = {"en": ("The other reading", "Our reading:"),
          "ru": ("По другому толкованию", "Наше толкование:")}
NOTE_KEY = re.compile(r"\{note:([^{}\s]+)\}")


@pytest.fixture(scope="module")
def booklets(library) -> dict[str, Booklet]:
    return {lang: load_booklet(library, lang) for lang in LANGS}


def _chapter(booklet: Booklet, key: str) -> Chapter:
    return next(c for c in booklet.chapters if c.key == key)


def _notes(section: Section) -> dict[int, str]:
    return {block.start + k: item for block in section.blocks
            if isinstance(block, Bullets) and block.numbered
            for k, item in enumerate(block.items)}


def _rules(section: Section) -> list[str]:
    """The section's printed text other than its notes: paragraphs and plain list items."""
    return [text for b in section.blocks
            for text in ((b.text,) if isinstance(b, Paragraph) else
                         b.items if isinstance(b, Bullets) and not b.numbered else ())]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", CHAPTERS)
def test_each_rule_names_its_note_and_the_debate_is_in_the_notes(library, booklets, lang,
                                                                 key):
    chapter = _chapter(booklets[lang], key)
    raw = tomllib.loads((TEMPLATES / lang / f"{key}.toml").read_text(encoding="utf-8"))
    numbers: list[int] = []
    for section, data in zip(chapter.sections, raw["section"], strict=True):
        notes = _notes(section)
        rules = _rules(section)
        for text in rules:
            assert BARE[lang] not in text, (lang, key, section.key, text)
            if section.key in START_SECTIONS:
                continue    # a setup keeps its start readings inline, ending in the diagram
            for words in DEBATE[lang]:
                assert words not in text, (lang, key, section.key, text)
        marks = [int(n) for text in rules for n in MARK[lang].findall(text)]
        keys = NOTE_KEY.findall(data.get("text", ""))
        assert len(marks) == len(keys), (lang, key, section.key)
        for mark, reading in zip(marks, keys):
            # The note stands at the end of the section whose rule it qualifies, and is
            # the sentence of the sources row the mark names.
            game, _, row = reading.rpartition("/")
            assert notes.get(mark) == reading_text(library, game or chapter.game, row, lang), \
                (lang, key, section.key, reading)
        # Every note is cited by a rule of its section, or by the chapter's banner: the
        # board the seeds do not name, "Board: the colourless board or board A (our
        # reading 1)", whose note stands in the setup (eleventh review: the setup's
        # "Either board may be used (our reading 1)" only repeated the banner).
        banner = chapter.banner.read_note if chapter.banner is not None else 0
        cited = set(marks) | ({banner} if banner in notes else set())
        assert set(notes) == cited, (lang, key, section.key)
        numbers += sorted(notes)
    assert numbers == list(range(1, len(numbers) + 1)), (lang, key)


@pytest.mark.parametrize("key", CHAPTERS)
def test_the_russian_chapter_has_the_english_notes(booklets, key):
    """The Russian says what the English says: the same readings, in the same sections."""
    def notes(lang: str) -> list[tuple[str, int]]:
        return [(s.key, len(_notes(s))) for s in _chapter(booklets[lang], key).sections]
    assert notes("ru") == notes("en"), key
