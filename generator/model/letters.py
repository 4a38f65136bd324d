"""Letter cards for the word games: sets of 32 in two colour groups. Standard library only."""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from .cards import Colour, Hatching


def frequency_factor(percent: float) -> int:
    """The integer weight of a letter: its frequency in percent, rounded half up, at least 1.

    Rare letters still count 1, so no card is "free" when groups are balanced.

    >>> frequency_factor(12.702), frequency_factor(0.074), frequency_factor(2.5)
    (13, 1, 3)
    """
    return max(1, math.floor(percent + 0.5))


@dataclass(frozen=True, slots=True, order=True)
class LetterCard:
    """One letter card. A set may hold a letter twice, once in each colour group.

    >>> LetterCard("A", Colour.RED).notation()
    'A/R'
    """

    letter: str
    colour: Colour

    def notation(self) -> str:
        return f"{self.letter}/{self.colour.code}"

    @classmethod
    def from_notation(cls, text: str) -> LetterCard:
        """Parses ``A/R`` (letter A of the red group).

        :raises: :exc:`ValueError` if *text* is not a letter card.
        """
        letter, sep, colour = text.strip().rpartition("/")
        if not sep or len(letter) != 1 or not letter.isalpha():
            raise ValueError(f"not a letter card: {text!r} (expected like A/R)")
        return cls(letter, Colour.parse(colour))

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True)
class LetterGroup:
    """A proportional group of a letter set; its colour is printed on the faces."""

    colour: Colour
    letters: tuple[str, ...]

    @property
    def cards(self) -> tuple[LetterCard, ...]:
        return tuple(LetterCard(letter, self.colour) for letter in self.letters)


@dataclass(frozen=True, slots=True)
class LetterMarks:
    back_rhombuses: bool = False
    back_hatching: Hatching = Hatching.NONE
    arrow: bool = True
    dagger_group: Colour | None = None


@dataclass(frozen=True, slots=True)
class LetterSet:
    """A complete set of letter cards with the frequency table that balances its groups."""

    name: str
    title: str
    script: str
    groups: tuple[LetterGroup, ...]
    frequencies: Mapping[str, float]
    frequency_source: str
    marks: LetterMarks
    notes: str = ""
    cards: tuple[LetterCard, ...] = field(init=False)
    # Looked up once per card by show and the art: kept as a set and counts so that a
    # set of thousands of cards takes linear time, not a scan of every card per card.
    _members: frozenset[LetterCard] = field(init=False, repr=False, compare=False)
    _copies: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = tuple(c for g in self.groups for c in g.cards)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "_members", frozenset(cards))
        object.__setattr__(self, "_copies", Counter(c.letter for c in cards))

    def __iter__(self) -> Iterator[LetterCard]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self._members

    def factor(self, letter: str) -> int:
        return frequency_factor(self.frequencies[letter])

    def group_weight(self, group: LetterGroup) -> int:
        return sum(self.factor(letter) for letter in group.letters)

    def group(self, colour: Colour) -> LetterGroup:
        for group in self.groups:
            if group.colour is colour:
                return group
        raise KeyError(colour)

    def has_dagger(self, card: LetterCard) -> bool:
        return card in self and card.colour is self.marks.dagger_group

    def copies(self, letter: str) -> int:
        return self._copies.get(letter, 0)
