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

from typing import TYPE_CHECKING

from ..model.layout import Layout, Side
from .games import Game
from .laying import forced_openings
from .move import Move, MoveKind
from .pushing import may_push, push_moves
from .taking import must_take, takes_by_move
from .turning import may_turn, turn_choices

if TYPE_CHECKING:
    from .bound import Rules


class Phase(enum.StrEnum):
    """What the side to move owes this turn. The values are the spelling of ``--json``."""

    MOVE = "move"  # a fresh turn: any legal move
    OPEN = "open"  # basic 52: open a face-down card next to the card just laid
    TAKE = "take"  # take one of the crossing combinations just made (basic 65's variant)
    PUSH = "push"  # initial 12: push an opponent's card beside the card just laid, or pass
    TURN = "turn"  # word puzzle 5: turn letters of the word just made, or pass


class FollowUp:
    """A follow-up the mover of a move owes (or, if :attr:`optional`, may make) at once, in
    the game *rules* play; built once with them (:func:`follow_ups_of`)."""

    phase = Phase.MOVE
    optional = False
    """Whether it may be left out with a pass."""

    __slots__ = ("rules",)

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    @classmethod
    def in_game(cls, game: Game) -> bool:
        """Whether *game* ever has this follow-up (the others are not built for it)."""
        return True

    def due(self, layout: Layout, move: Move) -> bool:
        """Whether *move*, which led to *layout*, calls for this follow-up now: the game
        has it after such a move, and there is a way to make it."""
        if not self.follows(move):
            return False
        side = layout.owner(move.target_square) if self.rules.game.owners else Side.SOUTH
        return side is not None and bool(self.moves(layout, side, move))

    def follows(self, move: Move) -> bool:
        """Whether the game has this follow-up after a move like *move*."""
        raise NotImplementedError

    def moves(self, layout: Layout, side: Side, move: Move) -> list[Move]:
        """The moves that make it, sorted."""
        raise NotImplementedError


class CrossingTake(FollowUp):
    phase = Phase.TAKE

    @classmethod
    def in_game(cls, game: Game) -> bool:
        return takes_by_move(game)

    def due(self, layout: Layout, move: Move) -> bool:
        return must_take(layout, self.rules.game)

    def moves(self, layout: Layout, side: Side, move: Move) -> list[Move]:
        # With combinations lying under the compulsory rule, the legal moves are the takes.
        return self.rules.board_moves(layout, side)


class LetterTurn(FollowUp):
    phase = Phase.TURN
    optional = True

    @classmethod
    def in_game(cls, game: Game) -> bool:
        return game.words.turn_letters

    def follows(self, move: Move) -> bool:
        return may_turn(self.rules.game, move)

    def moves(self, layout: Layout, side: Side, move: Move) -> list[Move]:
        return turn_choices(layout, self.rules.game, side, move.target_square,
                            self.rules.words)


class Push(FollowUp):
    phase = Phase.PUSH
    optional = True

    @classmethod
    def in_game(cls, game: Game) -> bool:
        return game.movement.push_adjacent

    def follows(self, move: Move) -> bool:
        return may_push(self.rules.game, move)

    def moves(self, layout: Layout, side: Side, move: Move) -> list[Move]:
        return push_moves(layout, self.rules.game, side, move.target_square)


class ForcedOpening(FollowUp):
    phase = Phase.OPEN

    @classmethod
    def in_game(cls, game: Game) -> bool:
        return game.movement.forced_opening

    def follows(self, move: Move) -> bool:
        return move.kind is MoveKind.LAY

    def moves(self, layout: Layout, side: Side, move: Move) -> list[Move]:
        return forced_openings(layout, self.rules.board, move.target_square)


#: Every follow-up, in the order they are looked for after a move.
FOLLOW_UPS: tuple[type[FollowUp], ...] = (CrossingTake, LetterTurn, Push, ForcedOpening)


def follow_ups_of(rules: Rules) -> tuple[FollowUp, ...]:
    """The follow-ups the game of *rules* has, in the order they are looked for, bound to
    *rules*."""
    return tuple(kind(rules) for kind in FOLLOW_UPS if kind.in_game(rules.game))
