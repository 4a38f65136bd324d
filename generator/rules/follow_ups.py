"""The turn concern: what the side that has just moved still owes, or may do, before the turn
passes. One small object per kind of follow-up; a game has those its switches name.
Standard library only.

- :class:`CrossingTake` (basic 65's crossing rule): a move that made crossing combinations
  is followed by the take of one of them (``c1*c3``).
- :class:`LetterTurn` (word puzzle 5): after a move that made a word, letters of it may be
  turned round (``c4~d5~``), or not (``pass``).
- :class:`Push` (initial 12): after a lay, an opponent's open card touching the laid card
  may be pushed to a free square (``e5>a1``), or not (``pass``).
- :class:`ForcedOpening` (basic 52): after a lay, a face-down card next to it is opened and
  taken to an identical square (``b2=h7``), or into the hand.
"""
from __future__ import annotations

import enum

from ..model.board import Board
from ..model.layout import Layout, Side
from .games import Game
from .laying import forced_openings
from .move import Move, MoveKind
from .moves import legal_moves
from .pushing import may_push, push_moves
from .taking import must_take
from .turning import may_turn, turn_choices
from .words import WordList


class Phase(enum.StrEnum):
    """What the side to move owes this turn. The values are the spelling of ``--json``."""

    MOVE = "move"  # a fresh turn: any legal move
    OPEN = "open"  # basic 52: open a face-down card next to the card just laid
    TAKE = "take"  # take one of the crossing combinations just made (basic 65's variant)
    PUSH = "push"  # initial 12: push an opponent's card beside the card just laid, or pass
    TURN = "turn"  # word puzzle 5: turn letters of the word just made, or pass


class FollowUp:
    """A follow-up the mover of *move* owes (or, if :attr:`optional`, may make) at once."""

    phase = Phase.MOVE
    optional = False
    """Whether it may be left out with a pass."""

    def due(self, layout: Layout, board: Board, game: Game, move: Move,
            words: WordList | None) -> bool:
        """Whether *move*, which led to *layout*, calls for this follow-up now: the game
        has it after such a move, and there is a way to make it."""
        if not self.follows(game, move):
            return False
        side = layout.owner(move.target) if game.owners else Side.SOUTH
        return side is not None and bool(self.moves(layout, board, game, side, move, words))

    def follows(self, game: Game, move: Move) -> bool:
        """Whether *game* has this follow-up after a move like *move*."""
        raise NotImplementedError

    def moves(self, layout: Layout, board: Board, game: Game, side: Side, move: Move,
              words: WordList | None) -> list[Move]:
        """The moves that make it, sorted."""
        raise NotImplementedError


class CrossingTake(FollowUp):
    phase = Phase.TAKE

    def due(self, layout: Layout, board: Board, game: Game, move: Move,
            words: WordList | None) -> bool:
        return must_take(layout, game)

    def moves(self, layout: Layout, board: Board, game: Game, side: Side, move: Move,
              words: WordList | None) -> list[Move]:
        # With combinations lying under the compulsory rule, the legal moves are the takes.
        return legal_moves(layout, board, game, side, words=words)


class LetterTurn(FollowUp):
    phase = Phase.TURN
    optional = True

    def follows(self, game: Game, move: Move) -> bool:
        return may_turn(game, move)

    def moves(self, layout: Layout, board: Board, game: Game, side: Side, move: Move,
              words: WordList | None) -> list[Move]:
        return turn_choices(layout, game, side, move.target, words)


class Push(FollowUp):
    phase = Phase.PUSH
    optional = True

    def follows(self, game: Game, move: Move) -> bool:
        return may_push(game, move)

    def moves(self, layout: Layout, board: Board, game: Game, side: Side, move: Move,
              words: WordList | None) -> list[Move]:
        return push_moves(layout, game, side, move.target)


class ForcedOpening(FollowUp):
    phase = Phase.OPEN

    def follows(self, game: Game, move: Move) -> bool:
        return game.movement.forced_opening and move.kind is MoveKind.LAY

    def moves(self, layout: Layout, board: Board, game: Game, side: Side, move: Move,
              words: WordList | None) -> list[Move]:
        return forced_openings(layout, board, game, move.target)


#: Every follow-up, in the order they are looked for after a move.
FOLLOW_UPS: tuple[FollowUp, ...] = (CrossingTake(), LetterTurn(), Push(), ForcedOpening())


def follow_up(layout: Layout, board: Board, game: Game, move: Move | None, *,
              words: WordList | None = None) -> FollowUp | None:
    """What the side that made *move* (leading to *layout*) owes or may do at once, if
    anything."""
    if move is None:
        return None
    for kind in FOLLOW_UPS:
        if kind.due(layout, board, game, move, words):
            return kind
    return None
