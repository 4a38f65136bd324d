"""What lies off the board: each side's hand, face-down stock and the cards it has taken,
and a pile both sides draw from. Standard library only.

Games that lay cards (initial 3, 4, 7, 8, 12, basic 52, word 25) keep most of their cards
off the board, so a position of such a game is the board *and* these. Counters a goal needs
that the board already shows (cards pressed under one's piles, cards turned face down) are
read from the board, not stored twice.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from .cards import Card
from .letters import LetterCard
from .seats import Seat

Item = Card | LetterCard


def parse_item(text: str) -> Item:
    """``3R``, ``30Y`` or ``A/R``.

    :raises: :exc:`ValueError` if *text* is neither a card nor a letter card.
    """
    return LetterCard.from_notation(text) if "/" in text else Card.from_notation(text)


def parse_items(text: str) -> tuple[Item, ...]:
    """A space-separated list of cards, first card first: ``"3R 5G A/R"``.

    >>> parse_items("3R 50G")
    (Card.from_notation('3R'), Card.from_notation('50G'))
    """
    return tuple(parse_item(token) for token in text.split())


def items_notation(items: tuple[Item, ...]) -> str:
    return " ".join(item.notation() for item in items)


@dataclass(frozen=True, slots=True)
class Hand:
    """One side's cards off the board."""

    held: tuple[Item, ...] = ()
    """Cards in the hand, face up to their owner (basic 52 keeps the cards it cannot lay)."""
    stock: tuple[Item, ...] = ()
    """The side's own face-down pile, top card first: it lays the top card next."""
    taken: tuple[Item, ...] = ()
    """Cards this side has taken off the board and scores (combinations, fives, words)."""

    def __bool__(self) -> bool:
        return bool(self.held or self.stock or self.taken)

    def items(self) -> Iterator[tuple[str, Item]]:
        """(where, card) for every card: where is ``held``, ``stock`` or ``taken``."""
        for where in ("held", "stock", "taken"):
            for item in getattr(self, where):
                yield where, item

    def notation(self) -> str:
        """``held 3R 5G; stock 2Y 7B; taken 4R``, empty parts left out."""
        return "; ".join(f"{where} {items_notation(getattr(self, where))}"
                         for where in ("held", "stock", "taken") if getattr(self, where))


@dataclass(frozen=True, slots=True)
class Hands:
    """Both sides' hands and the shared face-down pile of games that deal from one pile
    (basic 52, initial 7), and in a game of more than two players what each seat has taken.

    >>> hands = Hands(south=Hand(stock=parse_items("3R 5G")))
    >>> hands.of("south").stock[0], bool(hands), bool(Hands())
    (Card.from_notation('3R'), True, False)
    >>> Hands().with_taken_by(Seat.SECOND, parse_items("4R 4G 4B")).lines()
    ['seat 2 taken 4R 4G 4B']
    """

    south: Hand = field(default_factory=Hand)
    north: Hand = field(default_factory=Hand)
    pile: tuple[Item, ...] = ()
    """The shared face-down pile, top card first."""
    seats: tuple[tuple[Item, ...], ...] = ()
    """The cards each seat has taken in a game of more than two players (initial 7),
    seat 1 first; seats after the last one that has taken anything are left out, so that
    two equal positions compare equal."""

    def __post_init__(self) -> None:
        if not self.seats:
            return  # most games: new hands are made every move, so keep this cheap
        seats = tuple(tuple(taken) for taken in self.seats)
        while seats and not seats[-1]:
            seats = seats[:-1]
        object.__setattr__(self, "seats", seats)

    def __bool__(self) -> bool:
        return bool(self.south or self.north or self.pile or self.seats)

    def taken_by(self, seat: Seat) -> tuple[Item, ...]:
        """The cards *seat* has taken."""
        return self.seats[seat - 1] if seat <= len(self.seats) else ()

    def with_taken_by(self, seat: Seat, taken: tuple[Item, ...]) -> Hands:
        """These hands with *taken* as the cards *seat* has taken."""
        seats = list(self.seats) + [()] * (seat - len(self.seats))
        seats[seat - 1] = taken
        return replace(self, seats=tuple(seats))

    def of(self, side: str) -> Hand:
        """The hand of *side* (``"south"`` or ``"north"``)."""
        if side == "south":
            return self.south
        if side == "north":
            return self.north
        raise ValueError(f"not a side: {side!r} (expected south or north)")

    def with_hand(self, side: str, hand: Hand) -> Hands:
        if side == "south":
            return replace(self, south=hand)
        self.of(side)
        return replace(self, north=hand)

    def lines(self) -> list[str]:
        """One line per non-empty part, as ``opencards show`` prints them."""
        found = [f"{side} {hand.notation()}" for side, hand in
                 (("south", self.south), ("north", self.north)) if hand]
        if self.pile:
            found.append(f"shared pile {items_notation(self.pile)}")
        found += [f"{Seat(number)} taken {items_notation(taken)}"
                  for number, taken in enumerate(self.seats, 1) if taken]
        return found
