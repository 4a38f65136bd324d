"""The opening cover of initial game 1: each side's first move must cover an opponent's card
(seed002, jeu 1: "chaque joueur doit commencer par couvrir une carte de son adversaire").
Standard library only.

Whether a side still owes its opening cover is read off the position, not off a move
record, so every caller of the engine (a search, a figure, a position loaded mid-game)
agrees: a cover is the only way a card leaves the board in that game, and what a move
takes goes to the mover's ``taken`` cards, so a side that has taken nothing has not yet
made its first move.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..model.layout import Layout, Side
from .games import Game
from .move import Move, MoveKind, MoveKey

#: The kinds of move that cover an opponent's card.
COVERS = (MoveKind.BEAT, MoveKind.COVER)


def owes_opening_cover(layout: Layout, game: Game, side: Side) -> bool:
    """Whether *side*'s next move must cover an opponent's card: the game has the opening
    cover and *side* has covered nothing yet."""
    return game.movement.opening_cover and not layout.hands.of(side).taken


def opening_covers(keys: list[MoveKey]) -> list[MoveKey]:
    """Of the move keys *keys*, the covers: all a side owing its opening cover may play (a
    side with none passes until it has one, as a side without a move does)."""
    return [key for key in keys if key[2] in COVERS]


def opening_refusal(side: Side, moves: Sequence[Move]) -> str:
    """Why a move that the plain rules allow is refused from *side*, which owes its opening
    cover and may play *moves*."""
    covers = " ".join(m.notation() for m in moves if m.kind in COVERS)
    return (f"opening cover (opening_cover): each player's first move must cover an "
            f"opponent's card, and {side} has covered none yet; covers now: "
            f"{covers or 'none, so ' + str(side) + ' passes'}")
