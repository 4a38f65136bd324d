"""Move sequences played through the rule engine: each move must be legal for the layout's
game, in turn, and the game must not be over; a refusal names the move, its number and the
engine's reason.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import FigureError, IllegalMoveError, ReasonCode
from ..io.layouts import LayoutFile
from ..model.board import spelled_square
from ..model.layout import Layout, Piece, Side
from ..rules import Move, MoveKind, Rules
from .captured import taken
from .figure import Ghost, Outline


@dataclass(frozen=True, slots=True)
class SequenceStep:
    """One move of a sequence: its number from 1, who made it, and the positions around it."""

    number: int
    move: Move | None
    """None for a pass."""
    side: Side
    before: Layout
    after: Layout
    turn: Side
    """Who moves next, as the engine says (the same side again while a turn goes on)."""
    ghosts: tuple[Ghost, ...] = ()
    """The piles the move took off the board (not a beaten card: the mover lies there)."""
    took: tuple[Outline, ...] = ()
    """The lines (combinations, words, lines of five) that took them."""


def play_moves(position: LayoutFile, moves: Sequence[str], *,
               words_file: Path | None = None) -> list[SequenceStep]:
    """Plays *moves* (engine notation, like ``c3-d4 e6xd4``) from *position*'s layout
    through a :class:`generator.rules.Position`, as ``rules play`` does. The side to move
    first is the owner of the first move's card.

    :raises: :exc:`FigureError` naming the first move the engine refuses and why.
    """
    game = position.position(position.first_mover(moves), words_file)
    steps: list[SequenceStep] = []
    for number, text in enumerate(moves, 1):
        before, side, who = game.layout, game.turn, game.player
        try:
            ply = game.push_text(text)
        except IllegalMoveError as e:
            if e.code is ReasonCode.GAME_OVER and steps:
                verdict = game.outcome()
                result = f"{verdict.winner} won" if verdict.winner else "it ended"
                raise FigureError(f"{position.shown}: move {number} {text!r}: the game is "
                                  f"over, {result} with move {number - 1} "
                                  f"({steps[-1].move})") from None
            why = e.reason if e.code is not ReasonCode.ILLEGAL else _why(
                game.rules, before, side, text, game.legal_moves())
            raise FigureError(f"{position.shown}: move {number} {text!r} is illegal for "
                              f"{who}: {why}") from None
        ghosts, took = taken(before, ply.layout, ply.move, side, game.game, game.words) \
            if ply.took else ((), ())
        steps.append(SequenceStep(number, ply.move, side, before, ply.layout, game.turn, ghosts,
                                  took))
    return steps


def _why(rules: Rules, layout: Layout, side: Side, text: str, found: list[Move]) -> str:
    """The engine's reason a move is not among the legal ones, as one clause."""
    origin = text[:2]
    target = text[3:5] if len(text) >= 5 else ""
    piece = layout.top_written(origin)
    if piece is None:
        return f"no card on {origin}"
    if rules.game.owners and piece.owner is not side:
        owner = f"{piece.owner}'s card" if piece.owner else "a card with no owner"
        return f"{origin} holds {owner}, and it is {side}'s move"
    own = [m for m in found if m.origin == origin]
    same = [m for m in own if m.target == target or (m.path and m.path[-1] == target)]
    if same:
        return f"it is written {same[0].notation()}"
    return _not_taken(rules, layout, side, piece, target) or _moves_of(origin, own)


def _moves_of(origin: str, own: list[Move]) -> str:
    """The legal moves of the card on *origin*, the first twelve of them."""
    if not own:
        return f"the card on {origin} has no legal move"
    kinds = {m.kind for m in own}
    listed = ", ".join(m.notation() for m in own[:12]) + (", ..." if len(own) > 12 else "")
    what = "moves" if kinds != {MoveKind.OPEN} else "move"
    return f"the card on {origin} {what}: {listed}"


def _not_taken(rules: Rules, layout: Layout, side: Side, piece: Piece,
               target: str) -> str | None:
    """Why *piece* may not move onto the opponent's card on *target*, in the words the
    game's capture rule refuses it with (as ``rules play`` does)."""
    board = rules.board
    square = spelled_square(target, board.files, board.ranks)
    defender = layout.top_written(square) if square is not None else None
    if square is None or defender is None or defender.owner is side:
        return None
    return rules.capture.refusal(piece, defender, square, board.square(square).colour)
