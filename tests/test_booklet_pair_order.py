"""Issue 39, sixth review: «рис. 54» stood above the moves it shows. Two boards of an
example set side by side were set where the first of them is called, so the second, a
later position, came before the text of the moves that reach it (word game 1: "After move
3: D has left the board" above "3. c6-off"). A pair is now set where its second board is
called; this reads the pages back: every "After move N" board comes after move N's text."""
from __future__ import annotations

import re

import pypdfium2
import pytest

from built_booklets import set_booklet

GAMES = ("basic-1", "basic-18", "word-1")
AFTER = {"en": re.compile(r"^Figure \d+\. After move (\d+)\b"),
         "ru": re.compile(r"^Рис\. \d+\. После (\d+)-го хода\b")}
MOVE = re.compile(r"^(\d+)\. [a-h][1-8][-x+][a-h]?")


def _reading(pdf: bytes) -> list[str]:
    lines = []
    for page in pypdfium2.PdfDocument(pdf):
        text = page.get_textpage().get_text_range()
        lines += [line.strip() for line in text.splitlines() if line.strip()]
    return lines


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_after_move_board_follows_its_moves(library, lang):
    lines = _reading(set_booklet(library, lang, GAMES).pdf)
    checked, last_move = 0, 0
    for line in lines:
        if (move := MOVE.match(line)) is not None:
            last_move = int(move.group(1))   # numbered from 1 again in each chapter
        elif (after := AFTER[lang].match(line)) is not None:
            checked += 1
            assert int(after.group(1)) <= last_move, line
    assert checked >= 8


#: Initial game 9's last two boards (seed 002, jeu de cartes 9: the run 1G 2Y 3R taking
#: north's two cards; 1G landing on north's test card on e8), by their captions.
GAME_9_LAST = {"en": ("After south’s e5-d6", "After move 7"),
               "ru": ("После хода юга e5-d6", "После 7-го хода")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_initial_game_9s_last_two_boards_each_follow_their_move(library, lang):
    """Issue 39, second review (r-ru finding 2): RU p. 54 held Fig. 43 alone after the
    example's last move, so the two boards were paired after move 7; the eleventh review
    (RU pp. 54-55) then found the first of them, the position after move 5, printed after
    move 7's text. Each board now follows its own move, before the next move's text."""
    pages = [page.get_textpage().get_text_range()
             for page in pypdfium2.PdfDocument(set_booklet(library, lang, ("initial-9",)).pdf)]
    text = " ".join(" ".join(pages).split())
    first, last = GAME_9_LAST[lang]
    assert text.count(first) == 1 and text.count(last) == 1, (lang, first, last)
    assert (text.index("5. e5-d6") < text.index(first) < text.index("6. d6-e7")
            < text.index("7. e7xe8") < text.index(last)), lang
