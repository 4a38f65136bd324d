"""Card combinations: 3 or more adjacent cards in a straight line. Standard library only.

A combination (seed000, seed002) is an unbroken line, vertical, horizontal or diagonal, of
cards of one colour, of one value, or of values that rise (or fall) by one at each step.
Sequences never wrap (7-8-1 and 4-1 are broken) and never turn (7-8-7 is not a sequence).
Zeros are ignored, so 2R 30R 4R is a sequence. Face-down cards and letters are never part of
one, and only the top card of a pile counts.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..model.board import SquareName
from ..model.cards import Card
from .games import COMBINATION_KINDS, CombinationKind
from ..model.layout import Layout
from .lines import ORIENTATIONS, LineOrientation, geometry


@dataclass(frozen=True, slots=True)
class Combination:
    """One maximal combination: its kind, the line it lies on and its squares in line order."""

    kind: CombinationKind
    orientation: LineOrientation
    squares: tuple[SquareName, ...]
    cards: tuple[Card, ...]

    def __len__(self) -> int:
        return len(self.squares)

    def notation(self) -> str:
        """``c1-e1 colour: 2R 5R 8R``."""
        cards = " ".join(card.notation() for card in self.cards)
        return f"{self.squares[0]}-{self.squares[-1]} {self.kind}: {cards}"

    def __str__(self) -> str:
        return self.notation()


def _playing_card(layout: Layout, square: SquareName) -> Card | None:
    piece = layout.top(square)
    if piece is None or not piece.face_up or not isinstance(piece.card, Card):
        return None
    return piece.card


def _runs(cards: Sequence[Card | None],
          same: Callable[[Card, Card], bool]) -> Iterable[tuple[int, int]]:
    """(start, end) of maximal runs where each neighbouring pair passes the test *same*."""
    start = 0
    for i in range(1, len(cards) + 1):
        a, b = cards[i - 1], cards[i] if i < len(cards) else None
        if a is None or b is None or not same(a, b):
            yield start, i
            start = i


_TESTS = {
    CombinationKind.COLOUR: [lambda a, b: a.colour is b.colour],
    CombinationKind.VALUE: [lambda a, b: a.rank == b.rank],
    # Rising and falling runs are separate: 1-2-3-2-1 holds two sequences sharing the 3.
    CombinationKind.SEQUENCE: [lambda a, b: b.rank == a.rank + 1,
                               lambda a, b: b.rank == a.rank - 1],
}


def line_combinations(squares: Sequence[SquareName], cards: Sequence[Card | None],
                      orientation: LineOrientation, *, min_length: int = 3,
                      kinds: Sequence[CombinationKind] = COMBINATION_KINDS) -> list[Combination]:
    """The maximal combinations along one line; ``None`` marks a gap or a card that cannot
    take part."""
    found = []
    for kind in kinds:
        for test in _TESTS[kind]:
            for start, end in _runs(cards, test):
                if end - start >= min_length and cards[start] is not None:
                    found.append(Combination(
                        kind, orientation, tuple(squares[start:end]),
                        tuple(c for c in cards[start:end] if c is not None)))
    return found


def combinations(layout: Layout, *, min_length: int = 3,
                 kinds: Sequence[CombinationKind] = COMBINATION_KINDS,
                 orientations: Sequence[LineOrientation] = tuple(ORIENTATIONS),
                 through: SquareName | None = None) -> list[Combination]:
    """Every maximal combination on *layout*, sorted by first square, orientation and kind.

    With *through*, only the combinations that include that square (a move just made).

    >>> layout = Layout.from_rows("board-a", {1: "7R 8Y 1G . 2R 3R 4B ."})
    >>> [c.notation() for c in combinations(layout)]
    ['e1-g1 sequence: 2R 3R 4B']
    """
    found: list[Combination] = []
    # Each square is read once, not once per orientation: this is the hot path of play.
    grid = {square: _playing_card(layout, square) for square in layout}
    g = geometry(*layout.size)
    for orientation in orientations:
        lines = (g.line_through[(through, orientation)],) if through else g.lines[orientation]
        for line in lines:
            if len(line) < min_length:
                continue
            cards = [grid.get(square) for square in line]
            if sum(c is not None for c in cards) < min_length:
                continue
            for combo in line_combinations(line, cards, orientation, min_length=min_length,
                                           kinds=kinds):
                if through is None or through in combo.squares:
                    found.append(combo)
    order = {name: i for i, name in enumerate(ORIENTATIONS)}
    kind_order = {name: i for i, name in enumerate(COMBINATION_KINDS)}
    xy = g.xy
    found.sort(key=lambda c: (xy[c.squares[0]][1], xy[c.squares[0]][0], order[c.orientation],
                              kind_order[c.kind], c.squares))
    return found
