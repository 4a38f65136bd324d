"""Random playouts: a game played from a position by random legal moves to its end, the
engine's own test that every game it ships can be played out. Standard library only.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..model.layout import Layout
from .goals import Outcome
from .move import Move
from .position import Position


@dataclass(frozen=True)
class Playout:
    outcome: Outcome
    plies: int
    layout: Layout
    """The final position."""


def playout(position: Position, rng: random.Random, *, limit: int = 2000) -> Playout:
    """Plays random legal moves from *position* until the game is decided or *limit* plies
    have been played (then the verdict says it is not over)."""
    for ply in range(limit):
        if position.is_over():
            return Playout(position.outcome(), ply, position.layout)
        # A push or a turn may be declined, and a side without a move passes.
        options: list[Move | None] = [*position.legal_moves()]
        if position.may_pass():
            options.append(None)
        position.push(rng.choice(options))
    return Playout(Outcome(None, reason=f"{limit} plies played"), limit, position.layout)
