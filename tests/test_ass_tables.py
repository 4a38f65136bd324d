"""Ass: the kill table of other_games.md 1.5 card by card, the precedence table of the trick
resolver's docstring row by row, and the rule that a trump beats only a card of LOWER rank
(a trump of equal rank to the holder does not take the trick)."""
from __future__ import annotations

import random

import pytest

from generator.model.traditional import PlayingCard, Suit, full_pack, parse_cards
from generator.ass import TrumpSetup, Way, kills_own_suit, resolve
from generator.ass.tables import STRENGTH

SUITS = {"S": Suit.SPADES, "C": Suit.CLUBS, "H": Suit.HEARTS, "D": Suit.DIAMONDS}
RANKS = "6 7 8 9 J Q K 10 A".split()

# The kill table (other_games.md 1.5), written out again from the source rather than read
# from generator/ass/tables.py: what each card kills in its own suit by the table
# alone ("one below" kills are a separate rule).
KILLS = {
    "6": "7 9 J K 10 A",
    "7": "",
    "8": "6 7 9 J 10 A",
    "9": "7",
    "J": "7 9",
    "Q": "6 7 8 9 J",
    "K": "7 8 9 J Q",
    "10": "7 9 J Q K",
    "A": "7 9 J Q K 10",
}
KILL_CASES = [(killer, victim, victim in KILLS[killer].split())
              for killer in RANKS for victim in RANKS if killer != victim]


@pytest.mark.parametrize("killer, victim, kills", KILL_CASES,
                         ids=[f"{k}-{'kills' if x else 'spares'}-{v}"
                              for k, v, x in KILL_CASES])
def test_kill_table(killer, victim, kills):
    assert kills_own_suit(PlayingCard.from_notation(f"{killer}S"),
                          PlayingCard.from_notation(f"{victim}S")) is kills
    # In a trick without trumps the same card, played after the led victim, takes it
    # (or, for the ranks one below, by that rule instead).
    trick = resolve(parse_cards(f"{victim}H {killer}H"))
    one_below = (killer, victim) in {("9", "J"), ("J", "Q"), ("Q", "K"), ("K", "10"),
                                     ("10", "A")}
    assert trick.winner == (2 if kills or one_below else 1)


def test_a_card_never_kills_another_suit_by_the_table():
    assert not kills_own_suit(PlayingCard.from_notation("AS"), PlayingCard.from_notation("7H"))


def _setup(option: int, suits: str) -> TrumpSetup:
    return TrumpSetup.of(option, [SUITS[s] for s in suits.split()])


# The precedence table of generator/ass/trick.py's docstring (other_games.md 1.6), one
# case for each "takes over" and "does not take over" of each row:
# (row, case, cards, option, trump suits, winner seat, way of the last card or None).
PRECEDENCE = [
    ("led", "main-suit-kill", "9S JS", 2, "", 2, Way.MAIN),
    ("led", "one-below", "JS 9S", 2, "", 2, Way.ONE_BELOW),
    ("led", "equal-rank", "9S 9H", 2, "", 2, Way.EQUAL),
    ("led", "higher-trump", "9S JH", 3, "H", 2, Way.TRUMP),
    ("led", "lower-trump-no", "KS 9H", 3, "H", 1, None),
    ("led", "equal-rank-trump", "9S 9H", 3, "H", 2, Way.EQUAL_TRUMP),
    ("led", "off-suit-eight", "AS 8H", 2, "", 2, Way.EIGHT),
    ("main", "kills-holder-and-led", "9S QS KS", 2, "", 3, Way.MAIN),
    ("main", "kills-holder-not-led", "6S QS KS", 2, "", 1, None),
    ("main", "higher-trump", "9S JS QH", 3, "H", 3, Way.TRUMP),
    ("main", "lower-trump-no", "9S AS KH", 3, "H", 2, None),
    ("main", "equal-rank-no", "9S JS JH", 2, "", 2, None),
    ("main", "eight", "JS 8S 8H", 2, "", 3, Way.EIGHT),
    ("trump", "main-kills-led", "9S JH AS", 1, "C H D", 3, Way.MAIN),
    ("trump", "higher-trump", "9S JH QH", 3, "H", 3, Way.TRUMP),
    ("trump", "lower-trump-no", "9S QH JH", 3, "H", 2, None),
    # Under option 1 nothing blocks plain cards, so W3 and W4 themselves are refused.
    ("trump", "equal-rank-no", "9S JH 9D", 1, "S H C", 2, None),
    ("trump", "one-below-no", "QS KH JS", 1, "S H C", 2, None),
    ("equal", "main-kills-led", "9S 9H JS", 2, "", 3, Way.MAIN),
    ("equal", "later-equal-rank", "9S 9H 9D", 2, "", 3, Way.EQUAL),
    ("equal", "trump-above-both", "9S 9D JH", 3, "H", 3, Way.TRUMP),
    ("equal", "trump-below-no", "9S 9D 7H", 3, "H", 2, None),
    ("equal-trump", "main-kills-led", "9S 9H JS", 1, "D H C", 3, Way.MAIN),
    ("equal-trump", "higher-trump-no", "9S 9H 9D JH JS", 3, "H", 2, None),
    ("equal-trump", "plain-equal-rank-no", "9S 9H 9D", 3, "H", 2, None),
    ("one-below", "chain", "10S KS QS", 2, "", 3, Way.ONE_BELOW),
    ("one-below", "main-kills-holder", "KS QS AS", 2, "", 3, Way.MAIN),
    ("one-below", "equal-rank", "JS 9S JH", 2, "", 3, Way.EQUAL),
    ("one-below", "trump-above-both", "KS QS 10H", 3, "H", 3, Way.TRUMP),
    ("one-below", "trump-above-holder-only-no", "KS QS JH", 3, "H", 2, None),
    ("eight", "queen-of-its-suit", "AS 8H QH", 2, "", 3, Way.MAIN),
    ("eight", "another-eight", "AS 8H 8D", 2, "", 3, Way.EIGHT),
    ("eight", "trump-no", "AS 8D AH", 3, "H", 2, None),
]


@pytest.mark.parametrize("cards, option, suits, winner, way",
                         [c[2:] for c in PRECEDENCE],
                         ids=[f"{c[0]}-{c[1]}" for c in PRECEDENCE])
def test_precedence_table(cards, option, suits, winner, way):
    trick = resolve(parse_cards(cards), _setup(option, suits))
    assert trick.winner == winner
    last = trick.steps[-1]
    assert (last.way if last.took else None) is way


def test_every_row_of_the_precedence_table_has_cases():
    assert {c[0] for c in PRECEDENCE} == {"led", "main", "trump", "equal", "equal-trump",
                                          "one-below", "eight"}


# A trump beats only a card of LOWER rank (other_games.md 1.6: "a trump beats only a card of
# lower rank"; seed 003: the trump takes precedence over cards "less than this", not over "a
# trump card of this value"). A trump of the holder's rank in another suit is a discard;
# one rank higher takes the trick.
EQUAL_TRUMPS = [
    # holder took by the main suit (QH killed 7H); the trump queen of another player
    ("opt1-main-holder", "7H QH QS", 1, "H D S"),
    ("opt3-main-holder", "7H QH QS", 3, "S"),
    # holder took by a trump; an equal-rank trump of another suit
    ("opt1-trump-holder", "7H KS KC", 1, "H S C"),
    ("opt4-trump-holder", "7H KC KD", 4, "C D"),
    # option 5: a senior trump of the junior holder's rank does not take it either
    ("opt5-senior-over-junior", "7H KD KS", 5, ""),
]


@pytest.mark.parametrize("cards, option, suits", [c[1:] for c in EQUAL_TRUMPS],
                         ids=[c[0] for c in EQUAL_TRUMPS])
def test_a_trump_of_equal_rank_does_not_take_the_trick(cards, option, suits):
    trick = resolve(parse_cards(cards), _setup(option, suits))
    assert trick.winner == 2 and str(trick.card) == cards.split()[1]
    assert not trick.steps[-1].took
    assert "a trump must rank above it" in trick.steps[-1].reason
    # One rank higher (K over Q, 10 over K in the game's order) does take it.
    higher = cards.replace(cards.split()[2], {"Q": "K", "K": "10"}[cards.split()[2][:-1]]
                           + cards.split()[2][-1])
    assert resolve(parse_cards(higher), _setup(option, suits)).winner == 3



def test_random_tricks_no_trump_takes_over_a_holder_of_its_own_rank():
    # Seeded random tricks under every trump option: whenever a trump takes the trick from a
    # holder of another suit (way "trump"), it ranks strictly above that holder.
    rng = random.Random(22)
    pack = list(full_pack(6))
    suits = list(SUITS.values())
    checked = 0
    for _ in range(4000):
        option = rng.choice([1, 3, 4, 5])
        players = rng.randint(2, 4 if option == 1 else 6)
        cards = rng.sample(pack, players)
        named = {1: players, 3: 1, 4: 2, 5: 0}[option]
        trick = resolve(cards, TrumpSetup.of(option, rng.sample(suits, named)))
        for before, step in zip(trick.steps, trick.steps[1:]):
            holder = cards[before.holder - 1]
            if step.took and step.way is Way.TRUMP and step.card.suit is not holder.suit:
                assert STRENGTH[step.card.rank] > STRENGTH[holder.rank], (cards, option)
                checked += 1
    assert checked > 100
