"""Initial 12's push: after laying a card, the layer may move one of the opponent's cards
that touches it (by an edge or a corner) to any free square, to spoil the opponent's
lines. Standard library only.

The push is the second half of the turn and may be left out: the engine offers it as a
follow-up move of the same side, written ``e5>a1``, and ``pass`` declines it.
"""
from __future__ import annotations

from ..model.board import SquareName
from ..model.layout import Layout, Side
from .games import Game
from .lines import geometry
from .move import Move, MoveKind, cached_move


def may_push(game: Game, last: Move | None) -> bool:
    """Whether *last*, a card just laid, lets its layer push in *game*."""
    return game.movement.push_adjacent and last is not None and last.kind is MoveKind.LAY


def push_moves(layout: Layout, game: Game, side: Side, laid: SquareName) -> list[Move]:
    """The pushes open to *side*, which has just laid a card on *laid*: each open card of
    the opponent touching it, to each free square. Turned cards never move (seed002)."""
    if not game.movement.push_adjacent or laid not in layout.stacks:
        return []
    g = geometry(*layout.size)
    free = [s for s in g.squares if s not in layout.stacks]
    found = []
    for origin in g.neighbours[laid]:
        top = layout.top(origin)
        if top is not None and top.face_up and top.owner == side.opponent:
            found += [cached_move((origin, target, MoveKind.PUSH)) for target in free]
    return sorted(found)
