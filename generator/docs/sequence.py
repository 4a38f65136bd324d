"""Move sequences played through the rule engine: each move must be legal for the layout's
game, in turn, and the game must not be over; a refusal names the move, its number and the
engine's reason.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import FigureError
from ..io.layouts import Position, word_list_for
from ..model.layout import Layout, Side
from ..rules import Move, MoveKind, explain_beat, legal_moves, outcome, play
from ..rules.games import Capture
from ..rules.words import WordList


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a sequence: its number from 1, who made it, and the positions around it."""

    number: int
    move: Move
    side: Side
    before: Layout
    after: Layout


def play_moves(position: Position, moves: Sequence[str], *, words_file: Path | None = None
               ) -> list[Step]:
    """Plays *moves* (engine notation, like ``c3-d4 e6xd4``) from *position*'s layout. The
    side to move first is the owner of the first move's card; then the sides alternate.

    :raises: :exc:`FigureError` naming the first move the engine refuses and why.
    """
    game = position.game
    words = word_list_for(position.sources, words_file) if game.words.enabled else None
    layout = position.layout
    first = layout.owner(moves[0].split("=")[0][:2]) if moves else None
    side = first or Side.SOUTH
    steps: list[Step] = []
    for number, text in enumerate(moves, 1):
        if steps:
            winner = outcome(layout, game, last_move=steps[-1].move, mover=steps[-1].side)
            if winner is not None:
                raise FigureError(f"{position.shown}: move {number} {text!r}: the game is "
                                  f"over, {winner} won with move {number - 1} "
                                  f"({steps[-1].move})")
        move = _legal(position, layout, side, text, number, words)
        after = play(layout, move, game, words=words)
        steps.append(Step(number, move, side, layout, after))
        layout, side = after, side.opponent
    return steps


def _legal(position: Position, layout: Layout, side: Side, text: str, number: int,
           words: WordList | None) -> Move:
    found = legal_moves(layout, position.board, position.game, side, words=words)
    for move in found:
        if move.notation() == text:
            return move
    raise FigureError(f"{position.shown}: move {number} {text!r} is illegal for {side}: "
                      f"{_why(position, layout, side, text, found)}")


def _is_square(text: str) -> bool:
    return len(text) == 2 and text[0] in "abcdefgh" and text[1] in "12345678"


def _why(position: Position, layout: Layout, side: Side, text: str, found: list[Move]) -> str:
    """The engine's reason a move is not among the legal ones, as one clause."""
    origin = text[:2]
    target = text[3:5] if len(text) >= 5 else ""
    piece = layout.top(origin)
    if piece is None:
        return f"no card on {origin}"
    if position.game.owners and piece.owner is not side:
        owner = f"{piece.owner}'s card" if piece.owner else "a card with no owner"
        return f"{origin} holds {owner}, and it is {side}'s move"
    own = [m for m in found if m.origin == origin]
    same = [m for m in own if m.target == target or (m.path and m.path[-1] == target)]
    if same:
        return f"it is written {same[0].notation()}"
    defender = layout.top(target) if _is_square(target) else None
    if defender is not None and position.game.movement.capture is Capture.BEAT \
            and defender.owner is not side:
        square = position.board.square(target)
        beats, reason = explain_beat(piece, defender, on=square.colour,
                                     rules=position.game.beating)
        if not beats:
            return f"{piece.card.notation()} does not beat {defender.card.notation()}: {reason}"
    if not own:
        return f"the card on {origin} has no legal move"
    kinds = {m.kind for m in own}
    listed = ", ".join(m.notation() for m in own[:12]) + (", ..." if len(own) > 12 else "")
    what = "moves" if kinds != {MoveKind.OPEN} else "move"
    return f"the card on {origin} {what}: {listed}"
