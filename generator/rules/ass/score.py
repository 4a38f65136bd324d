"""Scoring a deal of Ass: card points taken, the target for each player by whether they
committed, and the bank each one drops or adds (other_games.md 1.3, 1.7).

The combination bonuses (Q and K 25, J and Q 15, four of a suit +10) are left out: the
source does not say when they count, nor whether they replace the card points.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...model.traditional import PlayingCard
from .rules import DEFAULT_RULES, AssRules
from .tables import LOSING_BANKS, POINTS, START_BANKS, TARGETS


def card_points(cards: Sequence[PlayingCard]) -> int:
    """Points of the cards taken: 8 = 16, A = 12, 10 = 10, K = 5, Q = 3, J = 1, 6 = -1.

    >>> card_points([PlayingCard.from_notation(c) for c in "8S AH 6D".split()])
    27
    """
    return sum(POINTS[c.rank] for c in cards)


@dataclass(frozen=True)
class PlayerScore:
    seat: int                    # 1-based
    points: int
    committed: bool
    target: int
    reached: bool
    change: int                  # -1 drops a bank, +1 adds one, 0 nothing
    banks: int                   # after the deal


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
            return False  # everyone at six: play on until the banks differ
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


def score_deal(taken: Sequence[Sequence[PlayingCard]], committed: Sequence[bool],
               banks: Sequence[int] | None = None, rules: AssRules = DEFAULT_RULES
               ) -> DealScore:
    """Scores one deal: *taken* holds the cards each player took (playing order),
    *committed* whether each one went for the lower target, *banks* their banks before the
    deal (3 each by default).

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
    for seat, count in enumerate(banks, start=1):
        if not 0 < count < LOSING_BANKS + 1:
            raise ValueError(f"player {seat} has {count} banks (expected 1 to {LOSING_BANKS})")
    low, high = rules.targets(players)
    scores = []
    for seat, (cards, went, before) in enumerate(zip(taken, committed, banks), start=1):
        points = card_points(cards)
        target = low if went else high
        reached = points >= target
        change = -1 if reached else (1 if went else 0)
        scores.append(PlayerScore(seat, points, went, target, reached, change,
                                  before + change))
    return DealScore(tuple(scores), tuple(p.seat for p in scores if p.banks == 0),
                     tuple(p.seat for p in scores if p.banks >= LOSING_BANKS))
