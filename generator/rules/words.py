"""Words made of letter cards in a straight line, and what a move captures with them.

Letters form a word when they lie on consecutive squares of one vertical, horizontal or
diagonal, read in either direction along it (8 directions in all), with no free square in
between (seed001). Face-down letters (word game 2's test cards) are never part of a word.
Standard library only: the word list comes in through the :class:`WordList` protocol.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..model.board import SquareName
from ..model.layout import Layout, Side
from ..model.letters import LetterCard
from .lines import ORIENTATIONS, LineOrientation, geometry


class WordList(Protocol):
    """Anything that answers "is this a word?" for an upper-case string."""

    def __contains__(self, word: object) -> bool: ...


@dataclass(frozen=True, slots=True)
class FoundWord:
    """A word on the board: the text as read and its squares in reading order."""

    word: str
    squares: tuple[SquareName, ...]

    def notation(self) -> str:
        """``CAT c1-e1``."""
        return f"{self.word} {self.squares[0]}-{self.squares[-1]}"

    def __str__(self) -> str:
        return self.notation()


def _letter(layout: Layout, square: SquareName) -> str | None:
    piece = layout.top(square)
    if piece is None or not piece.face_up or not isinstance(piece.card, LetterCard):
        return None
    return piece.card.letter.upper()


def find_words(layout: Layout, words: WordList, *, min_length: int = 3,
               through: SquareName | None = None,
               orientations: Sequence[LineOrientation] = tuple(ORIENTATIONS)) -> list[FoundWord]:
    """Every word of at least *min_length* letters on *layout*, in all 8 directions.

    Shorter words inside longer ones are found too ("CAT" in "CATS"), because each one is a
    word the players can see. With *through*, only words that use that square.

    >>> layout = Layout.from_rows("board-a", {1: "C/R A/R T/Y . . . . ."})
    >>> [w.notation() for w in find_words(layout, {"CAT", "TAC"})]
    ['CAT a1-c1', 'TAC c1-a1']
    """
    found: set[FoundWord] = set()
    g = geometry(*layout.size)
    for orientation in orientations:
        lines = (g.line_through[(through, orientation)],) if through else g.lines[orientation]
        for line in lines:
            letters = [_letter(layout, square) for square in line]
            start = 0
            for end in range(len(line) + 1):
                if end < len(line) and letters[end] is not None:
                    continue
                run = [letter for letter in letters[start:end] if letter is not None]
                _words_in_run(line[start:end], run, words, min_length, through, found)
                start = end + 1
    xy = g.xy
    return sorted(found, key=lambda w: (xy[w.squares[0]][1], xy[w.squares[0]][0],
                                        w.squares, w.word))


def _words_in_run(squares: Sequence[SquareName], letters: Sequence[str], words: WordList,
                  min_length: int, through: SquareName | None, found: set[FoundWord]) -> None:
    n = len(squares)
    for i in range(n):
        for j in range(i + min_length, n + 1):
            part = squares[i:j]
            if through is not None and through not in part:
                continue
            text = "".join(letters[i:j])
            if text in words:
                found.add(FoundWord(text, tuple(part)))
            backwards = text[::-1]
            if backwards in words:
                found.add(FoundWord(backwards, tuple(reversed(part))))


def reads_from_seat(word: FoundWord, side: Side, size: tuple[int, int] = (8, 8)) -> bool:
    """Whether *side* reads *word* the way it runs, from his own edge of the board: left to
    right along horizontals and diagonals, top to bottom along verticals. South sits at
    rank 1 and north at rank 8, so the two read every line in opposite directions.

    >>> cat = FoundWord("CAT", ("a1", "b1", "c1"))
    >>> reads_from_seat(cat, Side.SOUTH), reads_from_seat(cat, Side.NORTH)
    (True, False)
    """
    xy = geometry(*size).xy
    (x0, y0), (x1, y1) = xy[word.squares[0]], xy[word.squares[1]]
    dx, dy = x1 - x0, y1 - y0
    if side is Side.NORTH:
        dx, dy = -dx, -dy
    return dx == 1 or (dx == 0 and dy == -1)


def captured_letters(layout: Layout, moved: SquareName, words: WordList, *,
                     min_length: int = 3) -> list[SquareName]:
    """Squares of the opponent's letters that leave the board after a letter moved to *moved*.

    A word counts only if it uses the moved letter and holds letters of both sides; a word
    of one side's letters alone takes nothing (seed001, word game 1).
    """
    mover = layout.top(moved)
    if mover is None or mover.owner is None:
        return []
    taken: set[SquareName] = set()
    for word in find_words(layout, words, min_length=min_length, through=moved):
        owners = {layout.owner(square) for square in word.squares}
        if len(owners) > 1:
            taken.update(s for s in word.squares
                         if layout.owner(s) not in (mover.owner, None))
    xy = geometry(*layout.size).xy
    return sorted(taken, key=lambda s: (xy[s][1], xy[s][0]))
