"""Traditional playing cards: the 36- and 52-card packs of the trick game Ass and the
patiences (other_games.md), outside the open-cards system.

Ranks carry their natural printing order (2 < ... < 10 < J < Q < K < A); a game that orders
them differently (Ass: ... 9 < J < Q < K < 10 < A) says so in its own rules.
"""
from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field

from .units import Size


class Suit(enum.Enum):
    """The four suits, by their one-letter notation."""

    SPADES = "S"
    CLUBS = "C"
    HEARTS = "H"
    DIAMONDS = "D"

    @property
    def sign(self) -> str:
        return _SIGNS[self]

    @property
    def red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter (``S C H D``, either case) or its sign (``♠ ♣ ♥ ♦``).

        >>> Suit.parse("h"), Suit.parse("♠")
        (<Suit.HEARTS: 'H'>, <Suit.SPADES: 'S'>)
        """
        for suit in cls:
            if text.upper() == suit.value or text == suit.sign:
                return suit
        raise ValueError(f"not a suit: {text!r} (expected S, C, H or D)")


_SIGNS = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}

#: Court and ace ranks by number.
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
#: Latin indices of the ranks above 10.
LATIN_INDEX = {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
#: Russian indices: валет, дама, король, туз (Cyrillic code points, never Latin look-alikes).
CYRILLIC_INDEX = {JACK: "\u0412", QUEEN: "\u0414", KING: "\u041a", ACE: "\u0422"}


def rank_index(rank: int, script: str = "latin") -> str:
    """The index printed in a card's corner.

    >>> rank_index(10), rank_index(QUEEN), rank_index(ACE, "cyrillic")
    ('10', 'Q', 'Т')
    """
    if rank <= 10:
        return str(rank)
    table = CYRILLIC_INDEX if script == "cyrillic" else LATIN_INDEX
    return table[rank]


def parse_rank(text: str) -> int:
    """A rank from its index, Latin (``J Q K A``) or Cyrillic (``В Д К Т``).

    >>> parse_rank("10"), parse_rank("q"), parse_rank("Т")
    (10, 12, 14)
    """
    upper = text.upper()
    for table in (LATIN_INDEX, CYRILLIC_INDEX):
        for rank, index in table.items():
            if upper == index:
                return rank
    if upper.isascii() and upper.isdigit() and 2 <= int(upper) <= 10:
        return int(upper)
    raise ValueError(f"not a rank: {text!r} (expected 2-10, J Q K A or В Д К Т)")


@dataclass(frozen=True, slots=True, order=True)
class PlayingCard:
    """One traditional card, written ``6S``, ``10H``, ``JC``, ``QD``, ``KS``, ``AH``.

    >>> PlayingCard.from_notation("10h"), str(PlayingCard.from_notation("ТS"))
    (PlayingCard.from_notation('10H'), 'AS')
    """

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if not 2 <= self.rank <= ACE:
            raise ValueError(f"not a rank: {self.rank!r} (expected 2 to 14)")

    @classmethod
    def from_notation(cls, text: str) -> PlayingCard:
        text = text.strip()
        if len(text) < 2:
            raise ValueError(f"not a card: {text!r} (expected a rank and a suit, like 10H)")
        try:
            return cls(parse_rank(text[:-1]), Suit.parse(text[-1]))
        except ValueError as e:
            raise ValueError(f"not a card: {text!r}: {e}") from None

    def notation(self, script: str = "latin") -> str:
        return f"{rank_index(self.rank, script)}{self.suit.value}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"PlayingCard.from_notation({self.notation()!r})"


def parse_cards(text: str) -> list[PlayingCard]:
    """Cards written one after another, separated by spaces.

    >>> parse_cards("6S JS 10S QH")
    [PlayingCard.from_notation('6S'), PlayingCard.from_notation('JS'), \
PlayingCard.from_notation('10S'), PlayingCard.from_notation('QH')]
    """
    return [PlayingCard.from_notation(token) for token in text.split()]


def full_pack(lowest: int = 2) -> tuple[PlayingCard, ...]:
    """A pack from *lowest* up to the ace in every suit, suit by suit (S, C, H, D):
    ``full_pack(6)`` is the 36-card pack, ``full_pack()`` the 52-card one.

    >>> len(full_pack(6)), len(full_pack())
    (36, 52)
    """
    return tuple(PlayingCard(rank, suit) for suit in Suit for rank in range(lowest, ACE + 1))


#: The copies of one design a patience needs at most (the Empress of India takes 4 packs).
MAX_COPIES = 4


@dataclass(frozen=True, slots=True)
class PrintedCard:
    """One card as printed: which card, and which copy of the pack it belongs to (1-based),
    so cards of 2 or 4 packs shuffled together for a patience can be sorted again."""

    card: PlayingCard
    copy: int = 1


@dataclass(frozen=True)
class TraditionalPack:
    """A traditional pack as a template describes it: its ranks, the script of its court
    and ace indices, its card size and how many copies are printed.

    >>> pack = TraditionalPack("pack36", "36 cards", lowest=6, script="cyrillic")
    >>> len(pack), pack.index(QUEEN), pack.index(10)
    (36, 'Д', '10')
    >>> len(TraditionalPack("p", "t", lowest=2, copies=2).printed())
    104
    >>> hash(pack) == hash(TraditionalPack("pack36", "36 cards", lowest=6, script="cyrillic"))
    True
    """

    name: str
    title: str
    lowest: int = 6
    script: str = "latin"
    #: The court and ace indices by rank (JACK..ACE); empty means those of the script.
    #: Left out of the hash (a dict has none) but compared.
    indices: dict[int, str] | None = field(default=None, hash=False)
    width: float = 63.0
    height: float = 88.0
    copies: int = 1
    notes: str = ""

    def __post_init__(self) -> None:
        if self.lowest not in (2, 6):
            raise ValueError(f"lowest rank {self.lowest} (expected 2 or 6)")
        if not 1 <= self.copies <= MAX_COPIES:
            raise ValueError(f"{self.copies} copies (expected 1 to {MAX_COPIES})")

    @property
    def cards(self) -> tuple[PlayingCard, ...]:
        return full_pack(self.lowest)

    def __iter__(self) -> Iterator[PlayingCard]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def index(self, rank: int) -> str:
        """The index this pack prints for *rank*."""
        if rank > 10 and self.indices:
            return self.indices[rank]
        return rank_index(rank, self.script)

    @property
    def size(self) -> Size:
        """The trimmed card (the template's [card] width and height)."""
        return Size(self.width, self.height)

    def printed(self) -> tuple[PrintedCard, ...]:
        """Every card to print, copy by copy."""
        return tuple(PrintedCard(card, copy) for copy in range(1, self.copies + 1)
                     for card in self.cards)
