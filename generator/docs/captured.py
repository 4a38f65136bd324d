"""What a move took off the board, as a figure draws it: the piles that left their squares
(drawn faint under a cross) and the lines that took them (outlined). Worked out from the
rule engine's positions before and after the move, so no figure lists them by hand.

A beaten, covered or pressed card is not among them: the mover lies on its square, and the
last move's tint and the caption say what happened there.
"""
from __future__ import annotations

import dataclasses

from ..model.board import MAX_FILES, MAX_RANKS, SquareName, parse_square
from ..model.hands import parse_item
from ..model.layout import Facing, Layout, Piece, Side, Stack
from ..rules import Move, MoveKind
from ..rules.games import Game
from ..rules.move import HAND, OFF
from ..rules.settling import lines_made
from ..rules.words import WordList
from .figure import COLOURS, Ghost, Outline

#: The line that took cards: the colour of a cross, so the line and what it took read as one.
TOOK = COLOURS["red"]


def _landed(before: Layout, move: Move, side: Side, game: Game) -> Stack:
    """What the move put on its target square: the pile that moved, or the card laid
    (face up: a card the lines took was one they could read)."""
    if move.kind is MoveKind.LAY:
        facing = (Facing.NORTH if side is Side.SOUTH else Facing.SOUTH) if game.owners \
            else None
        return (Piece(parse_item(move.start), facing),)
    return before.stacks.get(move.square, ())


def taken(before: Layout, after: Layout, move: Move | None, side: Side, game: Game,
          words: WordList | None = None) -> tuple[tuple[Ghost, ...], tuple[Outline, ...]]:
    """The piles *move* took off the board and the lines that took them.

    A square is emptied when a pile lay on it before the move (or the move's card landed
    there) and none lies there after; the square the card left is not. The lines are the
    ones :func:`generator.rules.settling.lines_made` finds through the target once the card
    has landed, that hold an emptied square.
    """
    if move is None or move.target in (OFF, HAND) or move.kind in (MoveKind.OPEN,
                                                                    MoveKind.KEEP):
        return (), ()
    ghosts: dict[SquareName, Stack] = {}
    for square, pile in before.items():
        if square != move.origin and square not in after.stacks and square != move.target:
            ghosts[square] = pile
    target = move.target_square  # (not off the board nor into the hand: see above)
    if target not in after.stacks:
        landed = _landed(before, move, side, game)
        if landed:
            ghosts[target] = landed
    if not ghosts:
        return (), ()
    # The position once the card has landed, before the lines acted: the position after,
    # with what they took put back.
    landed_layout = dataclasses.replace(after, stacks={**after.stacks, **ghosts})
    if move.kind is MoveKind.TAKE:
        lines = [tuple(sorted(ghosts, key=_order))]
    else:
        lines = [line for line in lines_made(landed_layout, target, game, side,
                                             words=words) if set(line) & set(ghosts)]
    outlines = tuple(dict.fromkeys(Outline(tuple(line), TOOK, took=True) for line in lines))
    return (tuple(Ghost(s, ghosts[s]) for s in sorted(ghosts, key=_order)), outlines)


def _order(square: SquareName) -> tuple[int, int]:
    return parse_square(square, MAX_FILES, MAX_RANKS)
