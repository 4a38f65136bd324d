"""Judging a game: whether it is over, who has won, and the counts behind it, for every goal
a game file may name. Standard library only.

Goals settled by one move (covering a test card, crossing the middle, leaving the board,
five in a line in word 25) end the game at once. Goals settled by counting are judged when
the game ends: when the side to move has nothing it may do and (in games where a side
without a move passes) neither has the other, when every face-down card is open (basic 65,
initial 6 and 11), or when the seeds' end condition is met. Equal counts are a draw unless
a seed says otherwise. A game with no capture, lay or opening for :data:`QUIET_PLIES` plies
ends too: our default, as the seeds name none; it is a draw for the goals decided by one
move and a count for the others.

What each goal decides is its object in :mod:`generator.rules.goal_rules`, built once with
the game's rules (:mod:`generator.rules.bound`); this module asks it in the order that holds for every game: a win at once, a follow-up still owed, a side
without a move, the end of the game, and then the result.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..model.layout import Layout, Side
from ..model.seats import Seat
from .goal_rules import GoalRule, Outcome, Termination, seat_tally
from .move import Move, MoveKind

__all__ = ["QUIET_PLIES", "Outcome", "Termination", "judge", "patience_outcome",
           "quiet_after", "seated_outcome"]

#: Plies without anything leaving, being laid or opened after which a game ends.
QUIET_PLIES = 100


def judge(rule: GoalRule, layout: Layout, *, to_move: Side | str,
          moves: Sequence[Move], opponent_moves: Sequence[Move] | None = None,
          last_move: Move | None = None, mover: Side | str | None = None,
          quiet: int = 0, count: bool = True, owed: bool = False) -> Outcome:
    """The outcome by the goal *rule* of *layout* with *to_move* to play *moves* (its
    legal moves, which the caller has). *opponent_moves* are the other side's, needed only
    when *to_move* has none; *quiet* counts the plies since anything left, was laid or opened. With
    ``count=False`` a game that goes on is not counted (a playout needs only the end).
    *owed*: *to_move* still owes (or may make) the follow-up of its own last move, so only
    a goal reached by that move can end the game now.

    :raises: :exc:`ValueError` if *to_move* or *mover* is not a side.
    """
    to_move = Side.parse(to_move)
    won = rule.decided(layout, last_move=last_move, to_move=to_move,
                       mover=None if mover is None else Side.parse(mover))
    if won is not None:
        return won
    if owed:
        return Outcome(None, None, rule.scores(layout) if count else {},
                       f"{to_move} to move again")
    stuck = None if moves else rule.stuck(to_move)
    if stuck is not None:
        return stuck
    ended = _ended(rule, layout, to_move, moves, opponent_moves, quiet, last_move)
    if ended is None:
        return Outcome(None, None, rule.scores(layout) if count else {}, f"{to_move} to move")
    return rule.result(rule.scores(layout), ended[1], ended[0])


def _ended(rule: GoalRule, layout: Layout, to_move: Side,
           moves: Sequence[Move], opponent_moves: Sequence[Move] | None, quiet: int,
           last_move: Move | None = None) -> tuple[Termination, str] | None:
    """How and why the game has ended, or None while it goes on."""
    if quiet >= QUIET_PLIES:
        return Termination.QUIET, f"{quiet} plies without a capture, lay or opening"
    reason = rule.ended(layout, to_move=to_move, last_move=last_move)
    if reason:
        return Termination.END, reason
    if moves:
        return None
    players = rule.game.players
    if players > 1 and opponent_moves:
        return None  # the side without a move passes
    return Termination.NO_MOVES, "no side can move" if players > 1 else "no move is left"


def seated_outcome(rule: GoalRule, layout: Layout, *, to_move: Seat, moves: Sequence[Move],
                   quiet: int = 0, count: bool = True) -> Outcome:
    """The outcome of a game of more than two players (initial 7), *to_move* to play
    *moves*. Everybody lays from the one pile, so when the seat to move has nothing to lay
    nobody has: the game ends (seed002, jeu 7: « le jeu est terminé quand toutes les cartes
    sont retournées »), and most cards taken wins."""
    counts = rule.seat_scores(layout, rule.game.players)
    if quiet >= QUIET_PLIES:
        return rule.seat_result(counts, f"{quiet} plies without a capture, lay or opening",
                                Termination.QUIET)
    if moves:
        return Outcome(None, None, counts if count else {}, f"{to_move} to move" + (
            f"; {rule.what}: {seat_tally(counts)}" if count else ""))
    if not layout.hands.pile:
        return rule.seat_result(counts, "the pile is used up", Termination.END)
    return rule.seat_result(counts, "no seat can lay a card", Termination.NO_MOVES)


def patience_outcome(rule: GoalRule, layout: Layout, *, moves: Sequence[Move],
                     owed: bool = False, quiet: int = 0) -> Outcome:
    """The outcome of a patience (a game of one player): solved when its goal is reached,
    stuck when no move is left, with the count of cards still to deal with. Like a game of
    two sides, it also ends after :data:`QUIET_PLIES` moves in which nothing left the
    board, was laid or opened (our default: moves that only turn letters can go round)."""
    left, goal = rule.patience_left(layout)
    if left == 0 and not owed:
        return Outcome(Termination.GOAL, reason=goal, left=0, solved=True)
    if quiet >= QUIET_PLIES:
        return Outcome(Termination.QUIET, reason=f"{quiet} moves without a card leaving, "
                       f"laid or opened; {left} card(s) still to deal with", left=left)
    if moves:
        return Outcome(None, reason=f"{left} card(s) still to deal with; "
                       f"{len(moves)} legal move(s)", left=left)
    return Outcome(Termination.NO_MOVES, reason=f"no move is left; {left} card(s) still to "
                   "deal with", left=left)


def quiet_after(move: Move | None, before: Layout, after: Layout, quiet: int) -> int:
    """The quiet-ply count after *move*: reset by anything that leaves the board, is laid,
    kept or opened."""
    if move is None:
        return quiet + 1
    if move.kind in (MoveKind.LAY, MoveKind.KEEP, MoveKind.OPEN) or len(after) < len(before) \
            or sum(map(len, after.stacks.values())) != sum(map(len, before.stacks.values())):
        return 0
    return quiet + 1
