"""A whole deal of Ass: the seeded deal, the first lead, trick after trick with the
legality rules, hands topped up from the stock, and the score (other_games.md 1.3-1.4).

How the engine reads what the source leaves open:

- The dealer is the last player; player 1 sits on the dealer's left. The pack is shuffled
  with ``random.Random(seed)`` (the same deal on every machine) and each player gets 4
  cards, one at a time from player 1 on.
- The first lead goes to whoever holds the lowest diamond in the game's order (the 6 of
  diamonds if anyone has it), else to player 1, the dealer's left.
- The source says everyone always holds as many cards as the others, and never says how
  hands are refilled. After each trick every player draws one card from the stock,
  the trick's taker first and then in playing order, as long as the stock holds a card for
  each of them. With 2, 3, 4 or 6 players the stock runs out exactly; with 5 one card stays
  in it, unplayed.
- The taker of a trick leads the next. The deal ends when the hands are empty.

A move is a card; the cards a player may play are those of
:func:`~.play.legal_plays`. Without given moves a simple fixed policy plays
(:func:`policy_card`), so a seed names one whole deal.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import DealError as DealError
from ..model.traditional import PlayingCard, Suit, full_pack
from .play import check_hand, play_problem
from .rules import DEFAULT_RULES, DEFAULT_TRUMPS, AssRules, TrumpSetup
from .score import DealScore, card_points, combination_bonus, score_deal
from .tables import POINTS, STRENGTH, TARGETS
from .trick import Trick, resolve

#: Cards dealt to each player at the start of a deal.
HAND = 4


@dataclass(frozen=True)
class PlayedTrick:
    """One trick of a deal: who led (0-based player), the cards in playing order with
    their players, and the resolver's verdict."""

    number: int                  # 1-based
    leader: int                  # 0-based player
    cards: tuple[PlayingCard, ...]
    players: tuple[int, ...]     # 0-based, the player of each card
    trick: Trick
    #: The card each player drew from the stock after the trick, player 1's first; empty
    #: once the stock has too few cards for everyone. With them a reader can replay the
    #: deal with a pack (review r-ass round 4, T1: a player who shows out of a suit plays
    #: it later because she drew it).
    draws: tuple[PlayingCard, ...] = ()
    #: Each player's hand before the trick, player 1's first, as held (the booklet's table
    #: of hands: the twelfth review r-ass could not check who held the suit led).
    hands: tuple[tuple[PlayingCard, ...], ...] = ()

    @property
    def taker(self) -> int:
        """The 0-based player who takes the trick."""
        return self.players[self.trick.winner - 1]

    @property
    def points(self) -> int:
        return card_points(self.cards)


@dataclass(frozen=True)
class Deal:
    """A deal played to the end."""

    seed: int
    players: int
    #: The hands as dealt (each in dealing order), and the first leader (0-based).
    hands: tuple[tuple[PlayingCard, ...], ...]
    first_leader: int
    tricks: tuple[PlayedTrick, ...]
    #: The cards each player took, in the order taken.
    taken: tuple[tuple[PlayingCard, ...], ...]
    #: Cards still in the stock at the end (one with five players), never played.
    left: tuple[PlayingCard, ...]
    score: DealScore
    #: Combination bonuses each player scored (all 0 unless the switch is on).
    bonuses: tuple[int, ...] = field(default=())


def shuffled_pack(seed: int) -> list[PlayingCard]:
    """The 36-card pack shuffled for deal *seed*; the LAST card is dealt first."""
    pack = list(full_pack(6))
    random.Random(seed).shuffle(pack)
    return pack


def first_leader(hands: Sequence[Sequence[PlayingCard]]) -> int:
    """The player (0-based) holding the lowest diamond in the game's order, else 0.

    >>> first_leader([[PlayingCard.from_notation(c) for c in h.split()]
    ...               for h in ("AS 9D", "JD 7H")])
    0
    """
    best: tuple[int, int] | None = None
    for player, hand in enumerate(hands):
        for card in hand:
            if card.suit is Suit.DIAMONDS and (best is None or STRENGTH[card.rank] < best[0]):
                best = (STRENGTH[card.rank], player)
    return 0 if best is None else best[1]


def seat_trumps(trumps: TrumpSetup, order: Sequence[int]) -> TrumpSetup:
    """The trump setup of a trick whose cards come from the players *order*: option 1's
    suits belong to players, the resolver wants them by place in the trick."""
    if not trumps.per_seat:
        return trumps
    suits = trumps.seated(max(order) + 1).suits
    return TrumpSetup(trumps.option, tuple(suits[p] for p in order))


def policy_card(hand: Sequence[PlayingCard], played: Sequence[PlayingCard],
                trumps: TrumpSetup, rules: AssRules) -> PlayingCard:
    """The card the built-in player chooses: the weakest legal card that takes the trick
    (in the game's order), else the legal card worth fewest points (the weakest among
    equals), which is also its lead. Fixed, so a seed gives one deal; not a strong player.
    """
    legal = [c for c in hand if play_problem(hand, played, c, trumps, rules) is None]
    suit_order = list(Suit)

    def weakest(c: PlayingCard) -> tuple[int, int]:
        return STRENGTH[c.rank], suit_order.index(c.suit)

    if played:
        takers = [c for c in legal
                  if resolve(list(played) + [c], _cut(trumps, len(played) + 1), rules
                             ).winner == len(played) + 1]
        if takers:
            return min(takers, key=weakest)
    return min(legal, key=lambda c: (POINTS[c.rank], *weakest(c)))


def _cut(trumps: TrumpSetup, seats: int) -> TrumpSetup:
    if trumps.per_seat:
        return TrumpSetup(trumps.option, trumps.suits[:seats])
    return trumps


def play_deal(seed: int, players: int, *, trumps: TrumpSetup = DEFAULT_TRUMPS,
              committed: Sequence[bool] | None = None, banks: Sequence[int] | None = None,
              moves: Sequence[Sequence[PlayingCard]] = (),
              rules: AssRules = DEFAULT_RULES) -> Deal:
    """Deals *seed* to *players* players and plays it to the end.

    *trumps* under option 1 names one suit per player (player 1 first; none named: the
    default suits, player 1 spades, then clubs, hearts, diamonds). *moves* gives the
    cards of the first tricks in playing order (a trick may be given in part); every card
    not given is chosen by :func:`policy_card`.

    :raises: :exc:`DealError` for a given card the rules refuse (naming the trick, the
        player and the reason), :exc:`ValueError` for a wrong number of players or trumps.
    """
    if players not in TARGETS:
        raise ValueError(f"Ass is played by 2 to 6 players, got {players}")
    trumps = trumps.seated(players)
    committed = list(committed) if committed is not None else [False] * players
    if len(moves) > 36 // players:
        raise DealError(f"{len(moves)} tricks given, but a deal of {players} players has "
                        f"{36 // players}")
    stock = shuffled_pack(seed)
    hands: list[list[PlayingCard]] = [[] for _ in range(players)]
    for _ in range(HAND):
        for hand in hands:
            hand.append(stock.pop())
    dealt = tuple(tuple(h) for h in hands)
    leader = first_leader(hands)
    start = leader
    taken: list[list[PlayingCard]] = [[] for _ in range(players)]
    tricks: list[PlayedTrick] = []
    while hands[leader]:
        number = len(tricks) + 1
        before = tuple(tuple(h) for h in hands)
        order = [(leader + i) % players for i in range(players)]
        setup = seat_trumps(trumps, order)
        given = list(moves[number - 1]) if number <= len(moves) else []
        if len(given) > players:
            raise DealError(f"trick {number}: {len(given)} cards given for {players} players")
        played: list[PlayingCard] = []
        for place, player in enumerate(order):
            hand = hands[player]
            if place < len(given):
                card = given[place]
                problem = play_problem(hand, played, card, _cut(setup, place + 1), rules)
                if problem is not None:
                    held = " ".join(map(str, hand))
                    raise DealError(f"trick {number}, card {place + 1} ({card}, player "
                                    f"{player + 1}, holding {held}): {problem}", problem.code)
            else:
                card = policy_card(hand, played, _cut(setup, place + 1), rules)
            hand.remove(card)
            played.append(card)
        trick = resolve(played, setup, rules)
        leader = order[trick.winner - 1]
        taken[leader].extend(played)
        drawn: dict[int, PlayingCard] = {}
        if len(stock) >= players:
            for i in range(players):
                drawn[(leader + i) % players] = stock.pop()
                hands[(leader + i) % players].append(drawn[(leader + i) % players])
        tricks.append(PlayedTrick(number, order[0], tuple(played), tuple(order), trick,
                                  tuple(drawn[p] for p in sorted(drawn)), before))
    for hand in hands:
        check_hand(hand, [])
    bonuses = hand_bonuses(dealt, rules)
    result = score_deal(taken, committed, banks, rules, bonuses=bonuses)
    return Deal(seed, players, dealt, start, tuple(tricks), tuple(tuple(t) for t in taken),
                tuple(reversed(stock)), result, bonuses)


def hand_bonuses(hands: Sequence[Sequence[PlayingCard]], rules: AssRules) -> tuple[int, ...]:
    """The combination bonus of each dealt hand, or all 0 when the switch is off."""
    return tuple(combination_bonus(h) if rules.hand_combinations else 0 for h in hands)
