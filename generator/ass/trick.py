"""The trick resolver of Ass: the cards played in order (seat 1 leads) and the trump
setup give the holder after each card and the winner, with the reason for each step.

Each new card is compared with the current holder only, by the way the holder took the
trick (other_games.md 1.6):

===================  ==========================================================
holder took it by    a later card takes over only if it is ...
===================  ==========================================================
nothing (led card)   a main-suit card that kills it; one below it; equal rank;
                     a trump of higher rank; an eight of another suit
main suit            a main-suit card that kills the holder (and the led card,
                     while the original main suit stands); a higher trump; an 8
trump                a main-suit card that kills the led card; a higher trump
equal rank, plain    a main-suit card that kills the led card; a later equal
                     rank; a trump above the led card and the holder
equal rank, trump    a main-suit card that kills the led card, nothing else
one below            one below the holder (a chain); a main-suit card that kills
                     the holder; equal rank; a trump above both
an eight             the Q or K of its suit, or another eight
===================  ==========================================================

Under options 3 and 4 (seed 003: "regular cards do not beat trump cards") and option 5
(a junior trump beats only junior trumps and plain cards, a plain card only plain cards)
a card of a lower tier never takes the trick from one of a higher tier, whatever the rows
say: not a main-suit card, not an eight of another suit (the kill table is drawn "without
considering a trump card"), not one below. The one exception is equal rank onto a card of
its own rank ("cards of the same denomination are allowed to overlap"). Option 1 has no
such barrier: there the card of the main suit "takes advantage of the trump card".

Every row is checked by a case of each "takes over" and "does not" in
``tests/test_ass_tables.py`` (with the kill table of :mod:`.tables`, card by card).

An eight of another suit than the main suit may beat only when its player has no card of
the main suit; the resolver sees only the cards played and takes such an eight as played
lawfully (:func:`generator.ass.play.play_problem` checks a hand). When it takes the
trick, the main suit becomes the eight's suit and the led-card check ends.
"""
from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from ..model.traditional import ACE, KING, PlayingCard, Suit
from .rules import DEFAULT_RULES, DEFAULT_TRUMPS, AssRules, LedCheckFailure, TrumpSetup
from .tables import KILLS_OWN_SUIT, ONE_BELOW, STRENGTH

#: The most players the targets table knows.
MAX_PLAYERS = 6


class Way(enum.Enum):
    """How the holder took the trick (W1-W4 of the source, and the two special cases)."""

    LED = "led"                  # nobody has beaten the led card (or the holder was cancelled)
    MAIN = "main suit"           # W1: a card of the main suit that kills
    TRUMP = "trump"              # W2
    EQUAL = "equal rank"         # W3 with a plain card
    EQUAL_TRUMP = "equal rank trump"  # W3 with a trump
    ONE_BELOW = "one below"      # W4, and its chains
    EIGHT = "eight"              # an eight of another suit; the main suit changed


@dataclass(frozen=True)
class TrickStep:
    """One card of the trick and what it did."""

    seat: int                    # 1-based, in playing order
    card: PlayingCard
    took: bool                   # this card took the trick over
    way: Way | None              # how it took it (None: a discard, or a cancelling card)
    holder: int                  # the seat holding the trick after this card
    main_suit: Suit
    reason: str


@dataclass(frozen=True)
class Trick:
    """A resolved trick: the winner's seat (1-based) and card, and every step."""

    winner: int
    card: PlayingCard
    steps: tuple[TrickStep, ...]

    @property
    def main_suit(self) -> Suit:
        return self.steps[-1].main_suit


def kills_own_suit(killer: PlayingCard, victim: PlayingCard, rules: AssRules = DEFAULT_RULES
                   ) -> bool:
    """Whether *killer* kills *victim* of its own suit by the kill table alone.

    >>> kills_own_suit(PlayingCard.from_notation("6S"), PlayingCard.from_notation("AS"))
    True
    """
    if killer.suit is not victim.suit:
        return False
    if rules.king_kills_ace and killer.rank == KING and victim.rank == ACE:
        return True
    return victim.rank in KILLS_OWN_SUIT[killer.rank]


def check_cards(cards: Sequence[PlayingCard]) -> None:
    """:raises: :exc:`ValueError` for a card outside the 36-card pack, a card played
    twice, or a trick of fewer than 2 or more than 6 cards."""
    for card in cards:
        if card.rank < 6:
            raise ValueError(f"{card} is not in the 36-card pack of Ass (6 to ace)")
    seen = set()
    for card in cards:
        if card in seen:
            raise ValueError(f"{card} is played twice")
        seen.add(card)
    if not 2 <= len(cards) <= MAX_PLAYERS:
        raise ValueError(f"a trick takes one card per player, 2 to {MAX_PLAYERS}; "
                         f"got {len(cards)}")


@dataclass
class _State:
    led: PlayingCard
    main: Suit
    holder: int                  # 0-based seat
    card: PlayingCard
    way: Way
    led_check: bool = True       # the original main suit still stands
    unbeaten: bool = True        # nobody has beaten the led card yet


def resolve(cards: Sequence[PlayingCard], trumps: TrumpSetup = DEFAULT_TRUMPS,
            rules: AssRules = DEFAULT_RULES) -> Trick:
    """Plays *cards* in order (the first is led) and returns the winner with each step.
    Without *trumps*, option 1 with its default suits (seat 1 spades, then clubs, hearts,
    diamonds).

    >>> t = resolve([PlayingCard.from_notation(c) for c in "6S JS 10S QH".split()])
    >>> t.winner, str(t.card)
    (1, '6S')

    :raises: :exc:`ValueError` as :func:`check_cards`, or for trumps that do not fit.
    """
    check_cards(cards)
    trumps.check_seats(len(cards))
    led = cards[0]
    state = _State(led, led.suit, 0, led, Way.LED)
    steps = [TrickStep(1, led, True, Way.LED, 1, led.suit, f"{led} is led: the main suit is "
                       f"{led.suit.value}")]
    for seat, card in enumerate(cards[1:], start=1):
        steps.append(_play(state, seat, card, trumps, rules))
    return Trick(state.holder + 1, state.card, tuple(steps))


def _play(state: _State, seat: int, card: PlayingCard, trumps: TrumpSetup, rules: AssRules
          ) -> TrickStep:
    found = _challenge(state, seat, card, trumps, rules)
    if found is None:
        return TrickStep(seat + 1, card, False, None, state.holder + 1, state.main,
                         f"{card} does not beat {state.card}: "
                         f"{_why_not(state, seat, card, trumps)}")
    way, reason = found
    if way is None:  # a re-beat that fails the led-card check: back to the leader
        state.holder, state.card, state.way = 0, state.led, Way.LED
        return TrickStep(seat + 1, card, False, None, 1, state.main, reason)
    if way is Way.EIGHT:
        state.main, state.led_check = card.suit, False
    state.holder, state.card, state.way, state.unbeaten = seat, card, way, False
    return TrickStep(seat + 1, card, True, way, seat + 1, state.main, reason)


def _challenge(state: _State, seat: int, card: PlayingCard, trumps: TrumpSetup,
               rules: AssRules) -> tuple[Way | None, str] | None:
    """How *card* takes the trick from the holder, with the reason; (None, reason) for a
    re-beat that sends the trick back to the leader; None if it does not beat."""
    held, led, way = state.card, state.led, state.way
    tier = trumps.tier(card, seat)
    held_tier = trumps.tier(held, state.holder)
    blocked = trumps.option.tiers_block and tier < held_tier
    # An eight of another suit than the main suit: the strongest card.
    if card.rank == 8 and card.suit is not state.main:
        kills = kills_own_suit(card, held, rules) if card.suit is held.suit else True
        if kills and not (blocked and not rules.eight_beats_trumps):
            return Way.EIGHT, (f"{card}, an eight of another suit, kills {held}: the main "
                               f"suit becomes {card.suit.value}")
        return None
    if card.suit is state.main:
        return _main_suit(state, card, blocked, rules)
    # Equal rank: under options 3-5 it passes the trump barrier, but only onto a card of
    # its own rank ("cards of the same denomination are allowed to overlap").
    if (card.rank == led.rank and way in (Way.LED, Way.EQUAL, Way.ONE_BELOW)
            and not (blocked and held.rank != card.rank)):
        kind = Way.EQUAL_TRUMP if tier else Way.EQUAL
        what = "a trump" if tier else "a card"
        return kind, (f"{card} is {what} of the led card's rank: it beats "
                      + ("the led card" if way is Way.LED else f"{held}, which took the "
                         f"trick by {way.value}"))
    if tier and way not in (Way.EQUAL_TRUMP, Way.EIGHT) and held.rank != 8 and not blocked:
        return _trump(state, card, tier, held_tier, rules)
    return None


def _main_suit(state: _State, card: PlayingCard, blocked: bool, rules: AssRules
               ) -> tuple[Way | None, str] | None:
    held, led, way = state.card, state.led, state.way
    if blocked:
        return None
    if way is Way.LED:
        if kills_own_suit(card, led, rules):
            return Way.MAIN, f"{card} kills the led {led} in the main suit"
        if state.unbeaten and ONE_BELOW.get(card.rank) == led.rank:
            return Way.ONE_BELOW, f"{card} is one below the led {led}, which nobody has beaten"
        return None
    if way in (Way.TRUMP, Way.EQUAL, Way.EQUAL_TRUMP):
        if kills_own_suit(card, led, rules):
            return Way.MAIN, (f"{card} kills the led {led} in the main suit, which beats "
                              f"{held} ({way.value})")
        return None
    # The holder is itself of the main suit: a main-suit card, one below, or an eight.
    if way is Way.ONE_BELOW and ONE_BELOW.get(card.rank) == held.rank:
        return Way.ONE_BELOW, f"{card} is one below {held}, which took the trick one below"
    if not kills_own_suit(card, held, rules):
        return None
    if state.led_check and held is not led and not kills_own_suit(card, led, rules):
        if rules.led_check_failure is LedCheckFailure.LEADER:
            return None, (f"{card} kills {held} but not the led {led}: the holder is "
                          f"cancelled and the trick goes back to the leader")
        return None
    return Way.MAIN, f"{card} kills {held} in the main suit"


def _trump(state: _State, card: PlayingCard, tier: int, held_tier: int, rules: AssRules
           ) -> tuple[Way | None, str] | None:
    held, led, way = state.card, state.led, state.way
    if held.suit is card.suit:
        if kills_own_suit(card, held, rules):
            return Way.TRUMP, f"{card} is a trump that kills {held} of its own suit"
        return None
    rivals = [held] if way in (Way.MAIN, Way.TRUMP) else [held, led]
    if rules.higher_tier_beats_any_rank and tier > held_tier:
        return Way.TRUMP, f"{card} is a higher trump than {held}"
    if all(STRENGTH[card.rank] > STRENGTH[r.rank] for r in rivals):
        shown = " and ".join(str(r) for r in dict.fromkeys(rivals))
        return Way.TRUMP, f"{card} is a trump above {shown}"
    return None


def _why_not(state: _State, seat: int, card: PlayingCard, trumps: TrumpSetup) -> str:
    """A short reason a card is a discard."""
    held, way = state.card, state.way
    tier = trumps.tier(card, seat)
    if trumps.option.tiers_block and tier < trumps.tier(held, state.holder):
        if tier:
            return f"{held} is a senior trump, and a junior trump does not beat it"
        return f"{held} is a trump, and a plain card does not beat a trump"
    if card.rank == 8 and card.suit is not state.main:
        return f"an eight does not kill the {held} of its own suit"
    if card.suit is state.main:
        return "it does not kill it in the main suit"
    if trumps.tier(card, seat):
        if way is Way.EQUAL_TRUMP:
            return "a trump of the led rank gives way only to the main suit"
        if held.rank == 8:
            return "an eight gives way only to its suit's Q or K or another eight"
        return "a trump must rank above it"
    if card.rank == state.led.rank:
        return f"equal rank beats only the led card, and {held} took it by {way.value}"
    return (f"a discard: not of the main suit {state.main.value}, not a trump, not of the "
            f"led rank")
