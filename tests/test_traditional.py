"""Traditional cards: notation in Latin and Cyrillic indices, and the two packs."""
from __future__ import annotations

import pytest

from generator.model.traditional import (ACE, JACK, PlayingCard, Suit, full_pack, parse_cards,
                                         rank_index)


@pytest.mark.parametrize(("text", "rank", "suit"), [
    ("6S", 6, Suit.SPADES), ("10H", 10, Suit.HEARTS), ("JC", JACK, Suit.CLUBS),
    ("ad", ACE, Suit.DIAMONDS), ("\u0412S", JACK, Suit.SPADES), ("\u0422H", ACE, Suit.HEARTS),
    ("10♥", 10, Suit.HEARTS),
])
def test_notation_in_both_scripts(text, rank, suit):
    assert PlayingCard.from_notation(text) == PlayingCard(rank, suit)


@pytest.mark.parametrize("text", ["BS", "TS", "1S", "11H", "6X", "S", "", "Ж6"])
def test_latin_look_alikes_and_nonsense_are_refused(text):
    """Latin B and T look like Cyrillic В (jack) and Т (ace) but are not indices."""
    with pytest.raises(ValueError, match="not a card"):
        PlayingCard.from_notation(text)


def test_cyrillic_indices_are_cyrillic_code_points():
    assert [rank_index(r, "cyrillic") for r in range(11, 15)] == ["В", "Д", "К", "Т"]
    assert all(0x0400 <= ord(rank_index(r, "cyrillic")) <= 0x04FF for r in range(11, 15))


def test_packs_hold_every_card_once():
    for lowest, size in ((6, 36), (2, 52)):
        pack = full_pack(lowest)
        assert len(pack) == len(set(pack)) == size
        assert min(c.rank for c in pack) == lowest
    assert [str(c) for c in parse_cards("6S JS 10S QH")] == ["6S", "JS", "10S", "QH"]
