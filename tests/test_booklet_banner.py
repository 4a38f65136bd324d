"""Issue 25, the banner opening every game chapter: players, length, difficulty and the
cards used, read back from both PDFs; the players and the cards agree with the game file
and with the chapter's start diagram."""
from __future__ import annotations

import re

import pypdfium2
import pytest

from built_booklets import set_booklet
from generator.docs.booklet.build import Made
from generator.io.booklets import banner_boards, banner_cards
from generator.io.sources import coverage_problems, load_sources, reading_text
from generator.model.booklet import Bullets, Paragraph
from generator.rules.sources import Basis

PDFIUM_HYPHEN = "\ufffe"


@pytest.fixture(scope="module")
def made(library) -> dict[str, Made]:
    return {lang: set_booklet(library, lang) for lang in ("en", "ru")}


def _flat(text: str) -> str:
    text = text.replace(PDFIUM_HYPHEN + "\r\n", "").replace(PDFIUM_HYPHEN, "")
    return re.sub(r"\s+", " ", text).strip()


def _page(made: Made, anchor: str) -> int:
    """The printed number of the page where the section *anchor* (``chapter/section``)
    begins: the outline's entry of its heading, on or after its chapter's first page."""
    key, _, part = anchor.partition("/")
    chapter = next(c for c in made.booklet.chapters if c.key == key)
    heading = next(s.heading for s in chapter.sections if s.key == part)
    first = next(i for i, page in enumerate(made.pages) if page.label == key)
    return next(index for title, _, index in made.typeset.outline
                if title == heading and index >= first) + 1


def _printed(text: str, made: Made) -> str:
    """A banner's *text* as its line prints it: a link as its label and its target's page
    (within the brackets there: "(our reading, p. 41)"), spaces plain."""
    word = made.booklet.words["page"]
    return _flat(re.sub(r"\[([^]]*)\]\(#([^)]*)\)",
                        lambda m: f"{m.group(1)}, {word} {_page(made, m.group(2))}", text))


def _start_counts(library, chapter) -> dict[str, int]:
    """Cards per side in the chapter's first start diagram, counted from its layout."""
    figure = next(f for f in chapter.figures if f.layout)
    layout = library.layout(figure.layout)
    counts: dict[str, int] = {}
    for stack in layout.stacks.values():
        for piece in stack:
            side = piece.owner.value if piece.owner else "none"
            counts[side] = counts.get(side, 0) + 1
    return counts


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_game_chapter_opens_with_its_banner(made, library, lang):
    booklet = made[lang]
    words, names = booklet.booklet.words, booklet.booklet.names
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    games = booklet.booklet.games
    assert len(games) == 10
    for chapter in games:
        number = next(i for i, page in enumerate(booklet.pages) if page.label == chapter.key)
        text = _flat(pdf[number].get_textpage().get_text_range())
        title = _flat(chapter.title)
        # The title (no running header above it, issue 39) and at once the banner.
        after = text[text.index(title) + len(title):].strip()
        assert after.startswith(f"{words['players']}: "), (lang, chapter.key, after[:120])
        banner, _, rest = after.partition(_flat(chapter.sections[0].heading))
        assert rest, (lang, chapter.key)
        game = library.game(chapter.game)
        players = re.match(rf"{re.escape(words['players'])}: (\d+) ", banner)
        assert players and int(players.group(1)) == game.players, (lang, chapter.key, banner)
        assert f"{words['length']}: " in banner and f"{words['difficulty']}: " in banner
        cards = banner[banner.index(f"{words['cards']}: ") + len(words["cards"]) + 2:]
        # The board line after the cards may refer to a page: "(our reading, p. 41)".
        cards = cards.partition(f" {words['board']}: ")[0]
        # The packs or letter sets named are one of the game file's pairs ...
        printed = []
        for pair in game.pairs:
            sources = list(dict.fromkeys(ref.partition(":")[0] for ref in pair))
            named = names.get("+".join(sources)) \
                or f" {words['and']} ".join(names[s] for s in sources)
            # A game of any one letter set (seed001) names the chapter's as one example.
            printed.append(words["one_set"].format(set=named) if chapter.banner.any_set
                           else named)
        assert any(cards.startswith(p + ",") for p in printed), (lang, chapter.key, cards)
        # ... and the count is what each player lays out in the start diagram.
        counts = _start_counts(library, chapter)
        count = int(re.findall(r"\d+", cards.rpartition(",")[2])[0])
        if game.players == 1:
            assert count == sum(counts.values()), (lang, chapter.key)
        else:
            assert count == counts["south"] == counts["north"], (lang, chapter.key, counts)


def test_the_banner_says_once_that_length_and_difficulty_are_ours(made):
    for lang, word in (("en", "estimates"), ("ru", "оценка")):
        credits = next(c for c in made[lang].booklet.chapters if c.key == "credits")
        text = " ".join(b.text for s in credits.sections for b in s.blocks
                        if hasattr(b, "text"))
        assert word in text


def test_a_start_of_other_packs_than_the_game_plays_is_refused(library, tmp_path):
    from generator.errors import TemplateError
    from generator.io.booklets import load_chapter
    path = tmp_path / "basic-1.toml"
    path.write_text('title = "Basic game 1"\ngame = "basic-1"\n[[section]]\nid = "setup"\n'
                    'text = "{figure}"\n[[section.figure]]\nlayout = "initial-1-start"\n'
                    'caption = "A start"\n', encoding="utf-8")
    with pytest.raises(TemplateError, match=r"section\[0\]\.figure\[0\]\.layout: expected a "
                                            r"start that plays one of the pairs"):
        load_chapter(library, path)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_games_without_a_game_file_open_with_their_banner_too(library, lang):
    """Ass (two to four players, seed003) and the three patiences (one player) write their
    players and cards in the chapter; they print no estimate."""
    players = {"ass": "2\u20134", "nivernaise": "1", "empress-of-india": "1",
               "besieged-city": "1"}
    made = set_booklet(library, lang, tuple(players))
    words = made.booklet.words
    pdf = pypdfium2.PdfDocument(made.pdf)
    for chapter in made.booklet.chapters:
        if chapter.key not in players:
            continue
        number = next(i for i, page in enumerate(made.pages) if page.label == chapter.key)
        text = _flat(pdf[number].get_textpage().get_text_range())
        title = _flat(chapter.title)
        after = text[text.index(title) + len(title):].strip()
        expected = f"{words['players']}: {players[chapter.key]} {words['cards']}: "
        assert after.startswith(expected), (lang, chapter.key, after[:120])
        assert words["length"] not in after.partition(_flat(chapter.sections[0].heading))[0]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_board_game_banner_names_its_games_boards(made, library, lang):
    """Issue 39: the credits say each game's banner says what it needs, and a board game
    needs a board. The boards come from the game file, named and ordered as booklet.toml's
    [names] does (one order in every banner, RU editor review of session 16): seed000 plays on board A, seed002's initial version on the
    colourless board; word puzzle 5's game file plays on board A or the colourless board."""
    booklet = made[lang]
    words, names = booklet.booklet.words, booklet.booklet.names
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    expected = {"en": {"basic-1": "Board: board A",
                       "initial-1": "Board: the colourless board or board A (our reading 1)",
                       "word-1": "Board: the colourless board or board A (our reading 2)",
                       "word-puzzle-5": "Board: the colourless board or board A (our "
                                        "reading, p. {word-1/setup})"},
                # Russian: the label says «Доска» once, the names do not repeat it.
                "ru": {"basic-1": "Доска: A",
                       "initial-1": "Доска: бесцветная или A (наше толкование 1)",
                       "word-1": "Доска: бесцветная или A (наше толкование 2)",
                       "word-puzzle-5": "Доска: бесцветная или A (наше толкование, "
                                        "с. {word-1/setup})"}}[lang]
    for chapter in booklet.booklet.games:
        game = library.game(chapter.game)
        assert chapter.banner is not None and chapter.banner.boards == game.boards
        line = f"{words['board']}: " + _printed(
            banner_boards(chapter.banner, dict(words), dict(names)), booklet)
        if chapter.key in expected:
            assert line == re.sub(r"\{(.*?)\}", lambda m: str(_page(booklet, m.group(1))),
                                  expected[chapter.key])
        number = next(i for i, page in enumerate(booklet.pages) if page.label == chapter.key)
        text = _flat(pdf[number].get_textpage().get_text_range())
        banner = text.partition(_flat(chapter.sections[0].heading))[0]
        # The board line ends the banner, right under the cards.
        assert banner.rstrip().endswith(line), (lang, chapter.key, banner[-120:])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_banner_of_ass_names_no_board(library, lang):
    """Ass (seed003) is played with an ordinary pack in the hand, on no board."""
    made = set_booklet(library, lang, ("ass",))
    words = made.booklet.words
    ass = next(c for c in made.booklet.chapters if c.key == "ass")
    assert ass.banner is not None and ass.banner.boards == ()
    pdf = pypdfium2.PdfDocument(made.pdf)
    number = next(i for i, page in enumerate(made.pages) if page.label == "ass")
    text = _flat(pdf[number].get_textpage().get_text_range())
    banner = text.partition(_flat(ass.sections[0].heading))[0]
    assert f"{words['cards']}: " in banner and f"{words['board']}: " not in banner


#: The boards each game's seed names: seed000 plays the basic games on board A; seed002's
#: manual of the initial version describes only its colourless board ("Les cases aux
#: couleurs altérés (blancs et noirs) du échiquier"); seed001 names no board for the word
#: games ("squares of a game board").
SEED_BOARDS = {"basic": ("board-a",), "initial": ("colourless",), "word": ()}


def test_a_board_the_seed_does_not_name_is_marked_as_our_reading(made, library):
    """Issue 39 review: "board A" in the initial games' banners and both boards in the word
    games' are ours; the banner marks them, and each rests on a sources row of our reading
    with its reason and alternative."""
    table = load_sources(library)
    for lang, mark in (("en", "(our reading)"), ("ru", "(наше толкование)")):
        booklet = made[lang].booklet
        for chapter in booklet.games:
            game = library.game(chapter.game)
            named = SEED_BOARDS[chapter.game.split("-")[0]]
            assert chapter.banner is not None
            assert set(chapter.banner.read_boards) == set(game.boards) - set(named), \
                chapter.key
            line = _printed(banner_boards(chapter.banner, dict(booklet.words),
                                          dict(booklet.names)), made[lang])
            assert (mark[:-1] in line and line.endswith(")")) == \
                bool(chapter.banner.read_boards), (lang, line)
            for board in chapter.banner.read_boards:
                row = table[chapter.game].row(f"boards:{board}")
                assert row is not None and row.basis is Basis.OUR_READING
                assert row.reason and row.alternative


def test_a_word_game_banner_names_its_set_as_one_of_any(made):
    """Seed001 plays the word games with "any one complete set" (word game 1: "Use
    proportional groups of playing cards with letters from structure of any one complete
    set"; puzzle 5: "Use one complete set"): the banner gives the chapter's set as an
    example, not as the set the game needs; the basic and initial games name their packs.
    Issue 39 (review: «любой набор (здесь кириллический набор)» said «набор» twice): the
    Russian names the set first, «кириллический набор или любой другой»."""
    for lang, word in (("en", "any one letter set (here "),
                       ("ru", "кириллический набор или любой другой")):
        booklet = made[lang].booklet
        for chapter in booklet.games:
            assert chapter.banner is not None
            cards = banner_cards(chapter.banner, dict(booklet.words), dict(booklet.names))
            assert (word in cards) == chapter.game.startswith("word"), (lang, cards)


def test_a_boards_row_naming_a_board_the_game_does_not_play_fails(library, tmp_path):
    """A reading row boards:BOARD for a board outside the game's boards would mark nothing:
    the sources check names the file and the row."""
    import shutil

    from generator.io.templates import Library
    root = tmp_path / "templates"
    shutil.copytree(library.roots[0], root)
    path = root / "sources" / "initial-5.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        '[rule."boards:board-a"]', '[rule."boards:board-b"]'), encoding="utf-8")
    problems = coverage_problems(Library([root]))
    assert any('initial-5.toml: rule."boards:board-b": names no board of initial-5' in p
               for p in problems), problems


def _texts(chapter, part: str = "") -> list[str]:
    return [t for s in chapter.sections if not part or s.key == part for b in s.blocks
            for t in ((b.text,) if isinstance(b, Paragraph) else
                      b.items if isinstance(b, Bullets) else ())]


def test_a_banners_reading_mark_leads_to_the_reading(made, library):
    """Issue 39, ninth review: «Доска: бесцветная или A (наше толкование)» named no note in
    four chapters. A banner's mark leads to the sentence of the boards' reading: the
    number of the chapter's own note that prints it; else the chapter's text prints it
    below the banner (word game 1); else a link, printed with its page, to the section of
    an earlier chapter of the booklet that does (beginner games 5 and 9 to game 1, word
    game 2 and puzzle 5 to word game 1)."""
    for lang in ("en", "ru"):
        booklet = made[lang].booklet
        chapters = {c.key: c for c in booklet.chapters}
        order = [c.key for c in booklet.chapters]
        referred = {}
        for chapter in booklet.games:
            banner = chapter.banner
            assert banner is not None
            if not banner.read_boards:
                assert not banner.read_note and not banner.read_at, chapter.key
                continue
            if banner.read_note:
                notes = [b for s in chapter.sections for b in s.blocks
                         if isinstance(b, Bullets) and b.start]
                found = [b.items[banner.read_note - b.start] for b in notes
                         if b.start <= banner.read_note < b.start + len(b.items)]
                texts, game = found, chapter.game
            elif banner.read_at:
                key, _, part = banner.read_at.partition("/")
                assert key != chapter.key and order.index(key) < order.index(chapter.key)
                texts, game = _texts(chapters[key], part), chapters[key].game
                referred[chapter.key] = key
            else:
                texts, game = _texts(chapter), chapter.game
            sentences = [reading_text(library, game, f"boards:{board}", lang)
                         for board in banner.read_boards
                         if table_row_has_text(library, game, board, lang)]
            assert any(s in t for s in sentences for t in texts), (lang, chapter.key)
        assert referred == {"initial-5": "initial-1", "initial-9": "initial-1",
                            "word-2": "word-1", "word-puzzle-5": "word-1"}, lang


def table_row_has_text(library, game: str, board: str, lang: str) -> bool:
    row = load_sources(library)[game].row(f"boards:{board}")
    return row is not None and bool(row.text(lang))
