"""Random playouts: a game played from a position by random legal moves to its end, the
engine's own test that every game it ships can be played out. Standard library only.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..model.board import Board
from ..model.layout import Layout, Player, Side
from ..model.seats import Seat
from .games import Game
from .goals import Verdict, judge, patience_verdict, seated_verdict, settled_winner
from .move import Move
from .position import Position
from .turns import turn_moves
from .words import WordList


@dataclass(frozen=True)
class Playout:
    verdict: Verdict
    plies: int
    layout: Layout
    """The final position."""


def playout(layout: Layout, board: Board, game: Game, rng: random.Random, *,
            first: Side = Side.SOUTH, limit: int = 2000,
            words: WordList | None = None) -> Playout:
    """Plays random legal moves from *layout* until the game is decided or *limit* plies
    have been played (then the verdict says it is not over)."""
    position = Position(layout, board, game, turn=first, words=words)
    for ply in range(limit):
        if position.is_over():
            return Playout(position.outcome(), ply, position.layout)
        # A push or a turn may be declined, and a side without a move passes.
        options: list[Move | None] = [*position.legal_moves()]
        if position.may_pass():
            options.append(None)
        position.push(rng.choice(options))
    return Playout(Verdict(False, None, f"{limit} plies played"), limit, position.layout)


def judge_turn(layout: Layout, board: Board, game: Game, side: Side, *,
               last: Move | None = None, mover: Side | None = None, quiet: int = 0,
               words: WordList | None = None, seat: Seat = Seat.FIRST) -> Verdict:
    """The verdict with *side* to move, its moves (and if it has none, the other side's)
    worked out here; a patience's as :class:`Position` judges it (solved or stuck), and a
    game of more than two players' with *seat* to move (seat 1 if not given)."""
    moves = turn_moves(layout, board, game, side, words=words)
    if game.players == 1:
        return patience_verdict(layout, board, game, moves=moves, quiet=quiet)
    if game.players > 2:
        return seated_verdict(layout, game, to_move=seat, moves=moves, quiet=quiet)
    others = None if moves else turn_moves(layout, board, game, side.opponent, words=words)
    return judge(layout, board, game, to_move=side, moves=moves, opponent_moves=others,
                 last_move=last, mover=mover, quiet=quiet)


def outcome(layout: Layout, game: Game, *, last_move: Move | None = None,
            mover: Side | str | None = None, board: Board | None = None,
            to_move: Side | str | None = None, words: WordList | None = None,
            quiet: int = 0) -> Player | None:
    """The winning side (a seat in a game of more than two players), if the position (and
    the move that led to it) decides the game.

    Without *board* and *to_move* only goals that a position settles are judged: covering a
    test card, crossing into the opponent's half, all cards across, and leaving the board.
    Given them, every goal is judged as :func:`generator.rules.goals.judge` does, counting
    goals included (None then also stands for a draw or a game that goes on).

    :raises: :exc:`ValueError` if *mover* or *to_move* is not a side.
    """
    if board is not None and to_move is not None:
        return judge_turn(layout, board, game, Side.parse(to_move), last=last_move,
                          mover=None if mover is None else Side.parse(mover), quiet=quiet,
                          words=words).winner
    return settled_winner(layout, game, last_move=last_move,
                          mover=None if mover is None else Side.parse(mover))
