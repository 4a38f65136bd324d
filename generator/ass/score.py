"""Scoring a deal of Ass: card points taken, the target for each player by whether they
committed, and the bank each one drops or adds (other_games.md 1.3, 1.7).

The combination bonuses (Q and K 25, J and Q 15, four of a suit +10) and the printed
rating count only when their switches in :class:`~.rules.AssRules` are on: the source does
not say when the bonuses count, and its rating formula does not give the range it claims.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..model.traditional import JACK, KING, QUEEN, PlayingCard
from .rules import DEFAULT_RULES, AssRules
from .tables import LOSING_BANKS, POINTS, START_BANKS, TARGETS

#: The combinations of other_games.md 1.7, as the project reads them (same suit).
QUEEN_KING_BONUS, JACK_QUEEN_BONUS, ONE_SUIT_BONUS = 25, 15, 10


def card_points(cards: Sequence[PlayingCard]) -> int:
    """Points of the cards taken: 8 = 16, A = 12, 10 = 10, K = 5, Q = 3, J = 1, 6 = -1.

    >>> card_points([PlayingCard.from_notation(c) for c in "8S AH 6D".split()])
    27
    """
    return sum(POINTS[c.rank] for c in cards)


def combination_bonus(hand: Sequence[PlayingCard]) -> int:
    """The bonus of a dealt hand: 25 for the Q and K of one suit, 15 for the J and Q of one
    suit (each pair counts, so J Q K of a suit make 40), 10 when four cards are of one
    suit.

    >>> combination_bonus([PlayingCard.from_notation(c) for c in "JH QH KH 6H".split()])
    50
    """
    held = {(c.rank, c.suit) for c in hand}
    bonus = 0
    for suit in {c.suit for c in hand}:
        if (QUEEN, suit) in held:
            bonus += QUEEN_KING_BONUS * ((KING, suit) in held)
            bonus += JACK_QUEEN_BONUS * ((JACK, suit) in held)
        if sum(c.suit is suit for c in hand) >= 4:
            bonus += ONE_SUIT_BONUS
    return bonus


def rating(points: int, dropped: int, added: int, deals: int, targets: int) -> float:
    """The rating exactly as printed, in per cent: P (D - C) / (G T) + 50 %, with P the
    points scored, D and C the banks dropped and added, G the deals and T the sum of their
    targets. It is not confined to 0-100 %: P = T, D - C = 3, G = 3 gives 150 %.

    >>> rating(68, 1, 0, 1, 68)
    150.0
    """
    if deals <= 0 or targets <= 0:
        raise ValueError(f"the rating needs at least one deal and a target, got {deals} "
                         f"deals and targets {targets}")
    return 100 * points * (dropped - added) / (deals * targets) + 50


@dataclass(frozen=True)
class PlayerScore:
    seat: int                    # 1-based
    points: int                  # card points taken, plus the bonus
    committed: bool
    target: int
    reached: bool
    change: int                  # -1 drops a bank, +1 adds one, 0 nothing
    banks: int                   # after the deal
    bonus: int = 0               # combination bonus (hand_combinations on)
    rating: float | None = None  # the printed rating of this deal (printed_rating on)


@dataclass(frozen=True)
class DealScore:
    players: tuple[PlayerScore, ...]
    #: Seats (1-based) that have won (no banks left) or lost (six banks); the game is over
    #: when either is non-empty, unless every player reached six together.
    cleared: tuple[int, ...]
    lost: tuple[int, ...]

    @property
    def game_over(self) -> bool:
        if self.lost and len(self.lost) == len(self.players):
            # Everyone at six or more: play on until a bank is dropped or added and the
            # banks differ (seed 003); then the fewest banks win.
            return len({p.banks for p in self.players}) > 1
        return bool(self.cleared or self.lost)

    @property
    def winners(self) -> tuple[int, ...]:
        """Who wins if the game is over: those who cleared their banks, else the fewest."""
        if not self.game_over:
            return ()
        if self.cleared:
            return self.cleared
        fewest = min(p.banks for p in self.players)
        return tuple(p.seat for p in self.players if p.banks == fewest)


def _check_taken(taken: Sequence[Sequence[PlayingCard]]) -> None:
    """Raises :exc:`ValueError` for a card outside the 36-card pack or taken twice."""
    seen: dict[PlayingCard, int] = {}
    for seat, cards in enumerate(taken, start=1):
        for card in cards:
            if card.rank < 6:
                raise ValueError(f"{card} is not in the 36-card pack of Ass (6 to ace)")
            if card in seen:
                who = (f"by player {seat}" if seen[card] == seat
                       else f"by players {seen[card]} and {seat}")
                raise ValueError(f"{card} is taken twice ({who})")
            seen[card] = seat


def _check_banks(banks: Sequence[int]) -> None:
    """Raises :exc:`ValueError` for a bank count outside 1 to LOSING_BANKS."""
    for seat, count in enumerate(banks, start=1):
        if not 0 < count < LOSING_BANKS + 1:
            raise ValueError(f"player {seat} has {count} banks (expected 1 to {LOSING_BANKS})")


def score_deal(taken: Sequence[Sequence[PlayingCard]], committed: Sequence[bool],
               banks: Sequence[int] | None = None, rules: AssRules = DEFAULT_RULES,
               bonuses: Sequence[int] | None = None) -> DealScore:
    """Scores one deal: *taken* holds the cards each player took (playing order),
    *committed* whether each one went for the lower target, *banks* their banks before the
    deal (3 each by default), *bonuses* each player's combination bonus (counted only with
    ``rules.hand_combinations``).

    :raises: :exc:`ValueError` for a wrong number of players, a card taken twice or outside
        the 36-card pack, or lists of different lengths.
    """
    players = len(taken)
    if players not in TARGETS:
        raise ValueError(f"Ass is scored for 2 to 6 players, got {players}")
    banks = list(banks) if banks is not None else [START_BANKS] * players
    if len(committed) != players or len(banks) != players:
        raise ValueError(f"{players} players took cards, but {len(committed)} commitments "
                         f"and {len(banks)} bank counts were given")
    _check_taken(taken)
    _check_banks(banks)
    extra = list(bonuses) if bonuses is not None and rules.hand_combinations else [0] * players
    if len(extra) != players:
        raise ValueError(f"{players} players took cards, but {len(extra)} bonuses were given")
    low, high = rules.targets(players)
    scores = []
    for seat, (cards, went, before, bonus) in enumerate(zip(taken, committed, banks, extra),
                                                        start=1):
        points = card_points(cards) + bonus
        target = low if went else high
        reached = points >= target
        change = -1 if reached else (1 if went else 0)
        rated = (rating(points, int(change < 0), int(change > 0), 1, target)
                 if rules.printed_rating else None)
        scores.append(PlayerScore(seat, points, went, target, reached, change,
                                  before + change, bonus, rated))
    return DealScore(tuple(scores), tuple(p.seat for p in scores if p.banks == 0),
                     tuple(p.seat for p in scores if p.banks >= LOSING_BANKS))
