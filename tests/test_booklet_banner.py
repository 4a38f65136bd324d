"""Issue 25, the banner opening every game chapter: players, length, difficulty and the
cards used, read back from both PDFs; the players and the cards agree with the game file
and with the chapter's start diagram."""
from __future__ import annotations

import re

import pypdfium2
import pytest

from generator.docs.booklet.build import Made, make_booklet

PDFIUM_HYPHEN = "\ufffe"


@pytest.fixture(scope="module")
def made(library) -> dict[str, Made]:
    return {lang: make_booklet(library, lang) for lang in ("en", "ru")}


def _flat(text: str) -> str:
    text = text.replace(PDFIUM_HYPHEN + "\r\n", "").replace(PDFIUM_HYPHEN, "")
    return re.sub(r"\s+", " ", text).strip()


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
        # The packs or letter sets named are one of the game file's pairs ...
        printed = []
        for pair in game.pairs:
            sources = list(dict.fromkeys(ref.partition(":")[0] for ref in pair))
            printed.append(names.get("+".join(sources))
                           or f" {words['and']} ".join(names[s] for s in sources))
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
    made = make_booklet(library, lang, tuple(players))
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
    needs a board. The boards come from the game file (the game's own first), named as
    booklet.toml's [names] does: seed000 plays on board A, seed002's initial version on the
    colourless board; word puzzle 5's game file plays on board A or the colourless board."""
    booklet = made[lang]
    words, names = booklet.booklet.words, booklet.booklet.names
    pdf = pypdfium2.PdfDocument(booklet.pdf)
    expected = {"en": {"basic-1": "Board: board A",
                       "initial-1": "Board: the colourless board or board A",
                       "word-puzzle-5": "Board: board A or the colourless board"},
                "ru": {"basic-1": "Доска: доска A",
                       "initial-1": "Доска: бесцветная доска или доска A",
                       "word-puzzle-5": "Доска: доска A или бесцветная доска"}}[lang]
    for chapter in booklet.booklet.games:
        game = library.game(chapter.game)
        assert chapter.banner is not None and chapter.banner.boards == game.boards
        line = f"{words['board']}: " + f" {words['or']} ".join(names[b] for b in game.boards)
        if chapter.key in expected:
            assert line == expected[chapter.key]
        number = next(i for i, page in enumerate(booklet.pages) if page.label == chapter.key)
        text = _flat(pdf[number].get_textpage().get_text_range())
        banner = text.partition(_flat(chapter.sections[0].heading))[0]
        # The board line ends the banner, right under the cards.
        assert banner.rstrip().endswith(line), (lang, chapter.key, banner[-120:])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_banner_of_ass_names_no_board(library, lang):
    """Ass (seed003) is played with an ordinary pack in the hand, on no board."""
    made = make_booklet(library, lang, ("ass",))
    words = made.booklet.words
    ass = next(c for c in made.booklet.chapters if c.key == "ass")
    assert ass.banner is not None and ass.banner.boards == ()
    pdf = pypdfium2.PdfDocument(made.pdf)
    number = next(i for i, page in enumerate(made.pages) if page.label == "ass")
    text = _flat(pdf[number].get_textpage().get_text_range())
    banner = text.partition(_flat(ass.sections[0].heading))[0]
    assert f"{words['cards']}: " in banner and f"{words['board']}: " not in banner
