"""Which card a player may play to a trick: a card that beats, or else a discard of the
main suit when the hand has one. An eight of another suit may beat only from a hand with
no card of the main suit (other_games.md 1.4)."""
from __future__ import annotations

from collections.abc import Collection, Sequence

from ..errors import ReasonCode, Refusal
from ..model.traditional import PlayingCard
from .rules import DEFAULT_RULES, DEFAULT_TRUMPS, AssRules, TrumpSetup
from .trick import TrickStep, Way, resolve


def _partial(cards: list[PlayingCard], trumps: TrumpSetup,
             rules: AssRules) -> tuple[TrickStep, ...]:
    """The steps of a trick still in progress: option 1's suits cover the seats so far."""
    if trumps.per_seat:
        trumps = TrumpSetup(trumps.option, trumps.suits[:len(cards)])
    return resolve(cards, trumps, rules).steps


def play_problem(hand: Collection[PlayingCard], played: Sequence[PlayingCard],
                 card: PlayingCard, trumps: TrumpSetup = DEFAULT_TRUMPS,
                 rules: AssRules = DEFAULT_RULES) -> Refusal | None:
    """Why *card* may not be played from *hand* after the cards *played* to this trick, or
    None if it may: ``NOT_HELD`` for a card not in the hand, ``ILLEGAL`` for one the
    rules forbid here.

    >>> hand = [PlayingCard.from_notation(c) for c in "7S QH".split()]
    >>> play_problem(hand, [PlayingCard.from_notation("AS")], PlayingCard.from_notation("QH"))
    'QH does not beat and the hand holds 7S of the main suit S: discard that suit'
    """
    if card not in hand:
        return Refusal(f"{card} is not in the hand", ReasonCode.NOT_HELD)
    if not played:
        return None  # any card may be led
    *_, before, step = _partial(list(played) + [card], trumps, rules)
    main = before.main_suit
    following = sorted((c for c in hand if c.suit is main), key=str)
    if step.way is Way.EIGHT and following:
        return Refusal(f"{card} is an eight of another suit: it may beat only from a hand "
                       f"with no card of the main suit {main.value}, and the hand holds "
                       f"{' '.join(map(str, following))}")
    if not step.took and card.suit is not main and following:
        return Refusal(f"{card} does not beat and the hand holds "
                       f"{' '.join(map(str, following))} of the main suit {main.value}: "
                       "discard that suit")
    return None


def check_hand(hand: Sequence[PlayingCard], played: Sequence[PlayingCard]) -> None:
    """:raises: :exc:`ValueError` for a card twice in the hand or both held and played."""
    for i, card in enumerate(hand):
        if card in hand[:i]:
            raise ValueError(f"{card} is twice in the hand")
        if card in played:
            raise ValueError(f"{card} is both in the hand and played to the trick")


def legal_plays(hand: Sequence[PlayingCard], played: Sequence[PlayingCard],
                trumps: TrumpSetup = DEFAULT_TRUMPS, rules: AssRules = DEFAULT_RULES
                ) -> list[PlayingCard]:
    """The cards of *hand* that may be played after *played*, in hand order.

    :raises: :exc:`ValueError` as :func:`check_hand` and :func:`~.trick.resolve`.
    """
    check_hand(hand, played)
    return [c for c in hand if play_problem(hand, played, c, trumps, rules) is None]
