"""Game 18's variant of laying cards on each other (seed000, game 18): a card may step onto
an opponent's open card when it makes a combination there; the covered card leaves the
board with the opponent's cards of the combination. Standard library only.

Such a step is a beat (``d4xe5``): the engine takes the covered card off, then the
combination through the square takes what the game says.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..model.board import SquareName
from ..model.cards import Card
from ..model.layout import Layout, Side
from .games import Game
from .joining import accepts, makers
from .lines import geometry


def onto_for_combination(layout: Layout, game: Game, side: Side
                         ) -> Iterable[tuple[SquareName, SquareName]]:
    """(origin, target) of every king step of *side*'s open cards onto an opponent's open
    card where the moved card makes a combination (the covered card gone)."""
    if not game.movement.onto_to_combine:
        return
    rules = game.combinations
    # The open cards: a combination through the target reads only its neighbours, so the
    # covered card plays no part (see .joining).
    grid = {s: st[-1].card if st[-1].face_up and isinstance(st[-1].card, Card) else None
            for s, st in layout.items()}
    neighbours = geometry(*layout.size).neighbours
    for origin, stack in layout.items():
        piece = stack[-1]
        if piece.owner is not side or not piece.face_up or not isinstance(piece.card, Card):
            continue  # test cards are never laid on other cards (stated)
        for target in neighbours[origin]:
            other = layout.top(target)
            if other is None or not other.face_up or other.owner is not side.opponent:
                continue
            if accepts(makers(grid, target, min_length=rules.min_length, kinds=rules.kinds,
                              orientations=rules.orientations, origin=origin,
                              size=layout.size), piece.card):
                yield origin, target
