"""Issue 39, sixth review: «рис. 54» stood above the moves it shows. Two boards of an
example set side by side were set where the first of them is called, so the second, a
later position, came before the text of the moves that reach it (word game 1: "After move
3: D has left the board" above "3. c6-off"). A pair is now set where its second board is
called; this reads the pages back: every "After move N" board comes after move N's text."""
from __future__ import annotations

import re

import pypdfium2
import pytest

from generator.app.booklet import set_booklet

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
