"""Which cards make a combination on a free square: the shifting games' inner loop, worked
out once per square instead of once per card and square. Standard library only.

A colour run through a square depends only on the colour of the card laid there, a value
run or a sequence only on its value. So what a square accepts is a set of colours and a set
of values, :data:`Makers`: a card makes a combination there exactly when its colour is in
the first or its value in the second. ``tests/test_shift_speed.py`` holds this to the plain
rule (build the position after the shift, look for a combination through the square).
"""
from __future__ import annotations

from collections.abc import Container, Mapping
from functools import cache

from ..model.board import SquareName
from ..model.cards import Card, Colour
from .games import CombinationKind
from .lines import ORIENTATIONS, LineOrientation, geometry

#: The colours and the values a card needs to make a combination on one square.
Makers = tuple[frozenset[Colour], frozenset[int]]

NOTHING: Makers = (frozenset(), frozenset())

Arms = dict[tuple[SquareName, str], tuple[tuple[SquareName, ...], tuple[SquareName, ...]]]


@cache
def arms(files: int = 8, ranks: int = 8) -> Arms:
    """(square, orientation) -> the squares of the line through it leading away on each
    side, nearest first: (towards the line's start, towards its end), for a board of
    *files* x *ranks*."""
    found: Arms = {}
    for key, line in geometry(files, ranks).line_through.items():
        i = line.index(key[0])
        found[key] = (tuple(reversed(line[:i])), line[i + 1:])
    return found


_ARMS = arms(8, 8)

#: (square, reach, orientations, size) -> the squares within reach of it along those lines.
_WINDOWS: dict[tuple[SquareName, int, tuple[str, ...], tuple[int, int]],
               frozenset[SquareName]] = {}


def window(square: SquareName, reach: int, orientations: tuple[str, ...],
           size: tuple[int, int] = (8, 8)) -> frozenset[SquareName]:
    """The squares whose cards can decide whether a card on *square* makes a combination of
    at most ``reach + 1`` cards: a card moved from outside them changes no answer there."""
    key = (square, reach, orientations, size)
    found = _WINDOWS.get(key)
    if found is None:
        table = arms(*size)
        found = _WINDOWS[key] = frozenset(
            s for o in orientations for arm in table[(square, o)] for s in arm[:reach])
    return found


def _arm(grid: Mapping[SquareName, Card | None], squares: tuple[SquareName, ...], reach: int,
         origin: SquareName | None) -> list[Card]:
    """The open cards lying unbroken beside the square along one arm, nearest first, at
    most *reach* of them; the *origin* square counts as empty (its card is the one moving)."""
    cards = []
    for square in squares[:reach]:
        card = None if square == origin else grid.get(square)
        if card is None:
            break
        cards.append(card)
    return cards


def _run(cards: list[Card], rank: int, step: int) -> int:
    """How many of *cards* (nearest first) continue a sequence from *rank* by *step*."""
    n = 0
    for card in cards:
        if card.rank != rank + step * (n + 1):
            break
        n += 1
    return n


def makers(grid: Mapping[SquareName, Card | None], square: SquareName, *, min_length: int,
           kinds: tuple[CombinationKind, ...], orientations: tuple[LineOrientation, ...],
           origin: SquareName | None = None, size: tuple[int, int] = (8, 8)) -> Makers:
    """The colours and values with which a card laid on the free *square* makes a
    combination of *kinds* through it, *grid* holding the open cards (``None`` or missing
    for a free square, a face-down card or a letter) and *origin* counting as empty, on a
    board of *size* (files, ranks)."""
    reach = min_length - 1
    table = _ARMS if size == (8, 8) else arms(*size)
    colours: set[Colour] = set()
    ranks: set[int] = set()
    for orientation in orientations:
        back_squares, ahead_squares = table[(square, orientation)]
        if len(back_squares) + len(ahead_squares) < reach:
            continue
        back = _arm(grid, back_squares, reach, origin)
        ahead = _arm(grid, ahead_squares, reach, origin)
        if not back and not ahead:
            continue
        near = [arm[0] for arm in (back, ahead) if arm]
        if CombinationKind.COLOUR in kinds:
            for colour in {card.colour for card in near}:
                if _same(back, colour) + _same(ahead, colour) >= reach:
                    colours.add(colour)
        if CombinationKind.VALUE in kinds:
            for rank in {card.rank for card in near}:
                if _same_rank(back, rank) + _same_rank(ahead, rank) >= reach:
                    ranks.add(rank)
        if CombinationKind.SEQUENCE in kinds:
            _add_sequence_ranks(ranks, back, ahead, reach)
    if not colours and not ranks:
        return NOTHING
    return frozenset(colours), frozenset(ranks)


def _add_sequence_ranks(ranks: set[int], back: list[Card], ahead: list[Card],
                        reach: int) -> None:
    """Adds to *ranks* those that make a sequence of *reach* + 1 cards between the two
    arms. Along the line's order a rising run has rank - k behind the square and rank + k
    ahead of it; a falling run the reverse."""
    for step in (1, -1):
        if back and _run(back, back[0].rank + step, -step) + _run(
                ahead, back[0].rank + step, step) >= reach:
            ranks.add(back[0].rank + step)
        if ahead and _run(back, ahead[0].rank - step, -step) + _run(
                ahead, ahead[0].rank - step, step) >= reach:
            ranks.add(ahead[0].rank - step)


def _same(cards: list[Card], colour: Colour) -> int:
    n = 0
    for card in cards:
        if card.colour is not colour:
            break
        n += 1
    return n


def _same_rank(cards: list[Card], rank: int) -> int:
    n = 0
    for card in cards:
        if card.rank != rank:
            break
        n += 1
    return n


def accepts(made: Makers, card: Card) -> bool:
    """Whether *card* makes a combination on the square whose makers are *made*."""
    return card.colour in made[0] or card.rank in made[1]


#: The run of letters beside a free square along one line: its squares behind and ahead
#: (nearest first) and its letters before and after the square in the line's order.
_Run = tuple[list[SquareName], list[SquareName], str, str]


class WordSquares:
    """Which letters make a word on the free squares of one position, each free square's
    runs of letters read once. A letter makes a word on a square when some word of at least
    *min_length* letters, read either way along one of the 4 lines, uses that square."""

    def __init__(self, letter_grid: Mapping[SquareName, str | None], words: Container[str],
                 min_length: int, size: tuple[int, int] = (8, 8)) -> None:
        self._grid = letter_grid
        self._arms = arms(*size)
        self._min = min_length
        # (before, after, letter, shortest) -> whether a word uses the letter: kept on the
        # word list when it offers a place (SetWordList.spelt), since the same runs come
        # back from move to move; else for this position only.
        spelt = getattr(words, "spelt", None)
        if not isinstance(spelt, dict):
            spelt = {}
        elif len(spelt) > 200_000:
            spelt.clear()
        self._words = words
        self._spelt: dict[tuple[str, str, str, int], bool] = spelt
        self._runs: dict[SquareName, list[_Run]] = {}
        self._beside: dict[SquareName, frozenset[SquareName]] = {}

    def _read(self, square: SquareName) -> tuple[list[_Run], frozenset[SquareName]]:
        """The runs of letters beside *square* and the squares they lie on, read once."""
        runs = self._runs.get(square)
        if runs is None:
            runs = self._runs[square] = []
            for orientation in _ORIENTATIONS:
                back_squares, ahead_squares = self._arms[(square, orientation)]
                back = _squares(self._grid, back_squares)
                ahead = _squares(self._grid, ahead_squares)
                if back or ahead:
                    runs.append((back, ahead,
                                 "".join(str(self._grid[s]) for s in reversed(back)),
                                 "".join(str(self._grid[s]) for s in ahead)))
            self._beside[square] = frozenset(s for run in runs for s in (*run[0], *run[1]))
        return runs, self._beside[square]

    def _spells(self, before: str, after: str, letter: str) -> bool:
        key = (before, after, letter, self._min)
        found = self._spelt.get(key)
        if found is None:
            run, at, words = before + letter + after, len(before), self._words
            found = self._spelt[key] = any(
                (text := run[a:b]) in words or text[::-1] in words
                for a in range(0, at + 1)
                for b in range(max(at + 1, a + self._min), len(run) + 1))
        return found

    def makes_word(self, square: SquareName, letter: str, origin: SquareName | None = None
                   ) -> bool:
        """Whether *letter* (upper case) moved from *origin* to the free *square* makes a
        word through it."""
        return bool(self.movers_to(square, [(origin, letter)]))

    def movers_to(self, square: SquareName, movers: list[tuple[SquareName | None, str]]
                  ) -> list[SquareName | None]:
        """The origins of the *movers* (origin, upper-case letter) whose letter makes a word
        on the free *square*; an origin of None is a card that lies in no run."""
        runs, beside = self._read(square)
        if not runs:
            return []  # no letter beside the square
        found = []
        answers: dict[str, bool] = {}
        spells = self._spells
        for origin, letter in movers:
            if origin is not None and origin in beside:
                # The moving letter was part of a run beside the square: that run now ends
                # where it was.
                hit = any(spells(*_without(run, origin), letter) for run in runs)
            else:
                known = answers.get(letter)
                if known is None:
                    known = answers[letter] = any(spells(r[2], r[3], letter) for r in runs)
                hit = known
            if hit:
                found.append(origin)
        return found


_ORIENTATIONS = tuple(ORIENTATIONS)


def _without(run: _Run, origin: SquareName) -> tuple[str, str]:
    """The letters before and after the square once the letter on *origin* has left."""
    back, ahead, before, after = run
    if origin in back:
        k = back.index(origin)
        before = before[len(before) - k:] if k else ""
    elif origin in ahead:
        after = after[:ahead.index(origin)]
    return before, after


def _squares(grid: Mapping[SquareName, str | None], squares: tuple[SquareName, ...]
             ) -> list[SquareName]:
    """The squares of the unbroken run of letters along one arm, nearest first."""
    found = []
    for square in squares:
        if grid.get(square) is None:
            break
        found.append(square)
    return found
