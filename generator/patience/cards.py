"""Cards as small integers inside the patience engine, and the seeded shuffle.

A solver visits hundreds of thousands of positions; a position made of plain integers hashes
and copies many times faster than one made of :class:`PlayingCard` objects. The code of a
card is ``suit * 13 + (rank - 1)`` with the ace LOW (rank 1), because all three patiences
treat the ace as the card below the two. Suits count in the model's order S, C, H, D.
Only this module converts; everything a user sees is written in the model's notation.
"""
from __future__ import annotations

import random
from collections.abc import Iterable

from ..model.traditional import ACE, PlayingCard, Suit, full_pack

SUITS = tuple(Suit)
#: Low ranks: the ace is 1, the king 13.
LOW_ACE, JACK, QUEEN, KING = 1, 11, 12, 13


def code(card: PlayingCard) -> int:
    """The engine's integer for *card*.

    >>> code(PlayingCard.from_notation("AS")), code(PlayingCard.from_notation("KD"))
    (0, 51)
    """
    rank = 1 if card.rank == ACE else card.rank
    return SUITS.index(card.suit) * 13 + rank - 1


def card(c: int) -> PlayingCard:
    """The model's card for the engine's integer *c*."""
    rank = c % 13 + 1
    return PlayingCard(ACE if rank == 1 else rank, SUITS[c // 13])


def rank(c: int) -> int:
    """The low rank of *c*: ace 1 ... king 13."""
    return c % 13 + 1


def suit(c: int) -> int:
    """The suit of *c* as an index into :data:`SUITS`."""
    return c // 13


def is_red(c: int) -> bool:
    return c // 13 >= 2


def of(rank_: int, suit_: int) -> int:
    """The code of the card of low rank *rank_* in suit number *suit_*."""
    return suit_ * 13 + rank_ - 1


def name(c: int) -> str:
    """``10H``, ``AS``: the notation of a code."""
    return card(c).notation()


def names(cards: Iterable[int]) -> str:
    return " ".join(name(c) for c in cards)


def deck(packs: int) -> list[int]:
    """*packs* full 52-card packs one after another, each in the model's order."""
    one = [code(c) for c in full_pack()]
    return one * packs


def shuffled(packs: int, seed: int) -> list[int]:
    """The shuffled deck of a deal. :class:`random.Random` with an integer seed gives the
    same sequence on every machine and Python version since 3.2, so a seed names a deal.
    The LAST element is the top card, the first one dealt."""
    cards = deck(packs)
    random.Random(seed).shuffle(cards)
    return cards
