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
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from ..model.board import Board
from ..model.cards import Card
from ..model.layout import Facing, Layout, Side
from .beating import fits_identical
from .combos import combinations
from .games import FaceDown, Game, Goal, opponent
from .lines import geometry
from .move import Move, MoveKind
from .settling import own_lines

#: Plies without anything leaving, being laid or opened after which a game ends.
QUIET_PLIES = 100

#: Goals decided by one move; a game that ends otherwise is a draw.
_AT_ONCE = (Goal.COVER_TEST_CARD, Goal.CROSS_MIDDLE, Goal.ALL_ACROSS, Goal.LEAVE_BOARD)


@dataclass(frozen=True)
class Verdict:
    """Whether the game is over, the winner (None in a draw or while it goes on), why, and
    each side's count for the counting goals."""

    over: bool
    winner: Side | None = None
    reason: str = ""
    scores: Mapping[Side, int] = field(default_factory=lambda: MappingProxyType({}))
    left: int | None = None
    """A patience's count: the cards still to deal with (None in a game of two sides)."""
    solved: bool = False
    """A patience reached its goal."""

    def __str__(self) -> str:
        if self.left is not None:
            state = "solved" if self.solved else "stuck" if self.over else "not finished"
            return f"{state}: {self.reason}" if self.reason else state
        if not self.over:
            return f"not decided: {self.reason}" if self.reason else "not decided"
        result = f"{self.winner} wins" if self.winner else "a draw"
        return f"{result}: {self.reason}" if self.reason else result


def scores(layout: Layout, game: Game) -> dict[Side, int]:
    """Each side's count for the game's counting goal (empty for the other goals)."""
    goal = game.goal
    if goal is Goal.MOST_PRESSED:
        return {side: _pressed(layout, side) for side in Side}
    if goal is Goal.GIVEAWAY:
        return {side: _free(layout, side) for side in Side}
    if goal is Goal.MOST_COMBINATIONS:
        return {side: _combination_cards(layout, side) for side in Side}
    if goal is Goal.MOST_TURNED:
        return {side: sum(1 for _, p in layout.pieces() if not p.face_up and p.owner == side)
                for side in Side}
    if goal is Goal.IDENTICAL_SQUARES:
        return {side: len(layout.hands.of(side).held) for side in Side}
    if goal in (Goal.MOST_REMOVED, Goal.FIVE_IN_LINE):
        return {side: len(layout.hands.of(side).taken) for side in Side}
    return {}


def _pressed(layout: Layout, side: Side) -> int:
    """Opponent's cards lying under piles topped by *side*'s card (basic 48)."""
    return sum(1 for _, stack in layout.items() if stack[-1].owner == side
               for piece in stack[:-1] if piece.owner == side.opponent)


def _free(layout: Layout, side: Side) -> int:
    """Piles topped by *side*'s card: the cards it still has to move (basic 48)."""
    return sum(1 for _, stack in layout.items() if stack[-1].owner == side)


def _facing_of(side: Side) -> Facing:
    """The arrow of *side*'s cards: they point at the opponent."""
    return Facing.NORTH if side is Side.SOUTH else Facing.SOUTH


def _combination_cards(layout: Layout, side: Side) -> int:
    """Initial 10: the cards of *side*'s combinations on the opponent's half, a card counted
    once for every combination it is in."""
    files, ranks = layout.size
    far = range(ranks // 2, ranks) if side is Side.SOUTH else range(0, ranks // 2)
    xy = geometry(files, ranks).xy
    mine = layout._replace({s: st for s, st in layout.items()
                            if xy[s][1] in far and st[-1].owner == side})
    return sum(len(c) for c in combinations(mine))


def _five(layout: Layout, length: int) -> Side | None:
    for side in Side:
        for square in geometry(*layout.size).squares:
            if layout.owner(square) == side and any(own_lines(layout, square, side, length)):
                return side
    return None


def _all_one_way(layout: Layout) -> bool:
    return len({piece.facing for _, piece in layout.pieces()}) <= 1


def judge(layout: Layout, board: Board, game: Game, *, to_move: Side | str,
          moves: Sequence[Move], opponent_moves: Sequence[Move] | None = None,
          last_move: Move | None = None, mover: Side | str | None = None,
          quiet: int = 0, count: bool = True, owed: bool = False) -> Verdict:
    """The verdict on *layout* with *to_move* to play *moves* (its legal moves, which the
    caller has). *opponent_moves* are the other side's, needed only when *to_move* has
    none; *quiet* counts the plies since anything left, was laid or opened. With
    ``count=False`` a game that goes on is not counted (a playout needs only the end).
    *owed*: *to_move* still owes (or may make) the follow-up of its own last move, so only
    a goal reached by that move can end the game now.

    :raises: :exc:`ValueError` if *to_move* or *mover* is not a side.
    """
    to_move = Side.parse(to_move)
    goal = game.goal
    if goal in _AT_ONCE:
        winner = settled_winner(layout, game, last_move=last_move,
                                mover=None if mover is None else Side.parse(mover))
        if winner is not None:
            return Verdict(True, winner, _at_once_reason(goal))
    if goal is Goal.FIVE_IN_LINE and not game.lines.removes:
        if (five := _five(layout, game.lines.length)) is not None:
            return Verdict(True, five, f"{game.lines.length} of its pieces in a line")
    if goal is Goal.REORIENT_ALL and layout and _all_one_way(layout):
        solver = Side.parse(mover) if mover is not None and game.players > 1 else None
        return Verdict(True, solver, "every arrow points one way: solved")
    if goal is Goal.GIVEAWAY:
        for side in (to_move.opponent, to_move):
            if layout and not _free(layout, side):
                return Verdict(True, side, f"every card of {side} is pressed")
    if owed:
        return Verdict(False, None, f"{to_move} to move again",
                       scores(layout, game) if count else {})
    if game.stuck_loses and not moves and game.players > 1:
        return Verdict(True, to_move.opponent, f"{to_move} cannot move")
    if goal is Goal.LAST_TO_LAY and not moves:
        # Initial 8: the first side out of cards loses; nobody passes.
        return Verdict(True, to_move.opponent, f"{to_move} has no card left to lay")
    ended = _ended(layout, game, to_move, moves, opponent_moves, quiet, last_move)
    if not ended:
        return Verdict(False, None, f"{to_move} to move",
                       scores(layout, game) if count else {})
    counts = scores(layout, game)
    if goal in _AT_ONCE or goal in (Goal.FIVE_IN_LINE, Goal.REORIENT_ALL) and not counts:
        return Verdict(True, None, ended)
    return _by_count(counts, game, ended)


def _ended(layout: Layout, game: Game, to_move: Side, moves: Sequence[Move],
           opponent_moves: Sequence[Move] | None, quiet: int,
           last_move: Move | None = None) -> str:
    """Why the game has ended, or "" while it goes on."""
    if quiet >= QUIET_PLIES:
        return f"{quiet} plies without a capture, lay or opening"
    if game.goal is Goal.MOST_PRESSED and layout and (
            last_move is None or last_move.kind is MoveKind.PRESS):
        # Seed000 game 48 ends when neither side's cards can be pressed onto the other's:
        # a side whose every card lies pressed has nothing left to press with. Only a press
        # covers a side's last free card, so only a press (or the start) is looked at.
        tops = {stack[-1].facing for stack in layout.stacks.values()}
        for side in (to_move, to_move.opponent):
            if _facing_of(side) not in tops:
                return f"{side} has no card left to press with"
    if game.setup.face_down is FaceDown.ALL and game.goal is Goal.MOST_REMOVED and not any(
            not p.face_up for _, p in layout.pieces()):
        return "every card is open"
    if game.goal is Goal.IDENTICAL_SQUARES and not game.movement.shift_to_identical and \
            not layout.hands.pile and not any(
            layout.hands.of(s).stock for s in Side):
        return "the pile is used up"
    if moves:
        return ""
    if game.players > 1 and opponent_moves:
        return ""  # the side without a move passes
    return "no side can move" if game.players > 1 else "no move is left"


def _by_count(counts: Mapping[Side, int], game: Game, ended: str) -> Verdict:
    south, north = counts.get(Side.SOUTH, 0), counts.get(Side.NORTH, 0)
    what = {Goal.MOST_PRESSED: "cards pressed", Goal.MOST_COMBINATIONS: "cards in combinations",
            Goal.MOST_TURNED: "cards turned", Goal.IDENTICAL_SQUARES: "cards left in hand",
            Goal.GIVEAWAY: "piles topped by its own card"}.get(game.goal, "cards taken")
    line = f"{ended}; {what}: south {south}, north {north}"
    if south == north:
        return Verdict(True, None, line, counts)
    fewer_wins = game.goal in (Goal.IDENTICAL_SQUARES, Goal.GIVEAWAY)
    winner = Side.SOUTH if (south > north) != fewer_wins else Side.NORTH
    return Verdict(True, winner, line, counts)


def patience_verdict(layout: Layout, board: Board, game: Game, *, moves: Sequence[Move],
                     owed: bool = False, quiet: int = 0) -> Verdict:
    """The verdict on a patience (a game of one player): solved when its goal is reached,
    stuck when no move is left, with the count of cards still to deal with. Like a game of
    two sides, it also ends after :data:`QUIET_PLIES` moves in which nothing left the
    board, was laid or opened (our default: moves that only turn letters can go round)."""
    left, goal = patience_left(layout, board, game)
    if left == 0 and not owed:
        return Verdict(True, None, goal, left=0, solved=True)
    if quiet >= QUIET_PLIES:
        return Verdict(True, None, f"{quiet} moves without a card leaving, laid or opened; "
                       f"{left} card(s) still to deal with", left=left)
    if moves:
        return Verdict(False, None, f"{left} card(s) still to deal with; "
                       f"{len(moves)} legal move(s)", left=left)
    return Verdict(True, None, f"no move is left; {left} card(s) still to deal with",
                   left=left)


def patience_left(layout: Layout, board: Board, game: Game) -> tuple[int, str]:
    """The cards a patience still has to deal with, and what its goal is in words."""
    goal = game.goal
    if goal is Goal.IDENTICAL_SQUARES:
        hands = layout.hands
        off = sum(1 for s, st in layout.items() if not (
            st[-1].face_up and isinstance(st[-1].card, Card)
            and fits_identical(st[-1].card, board.square(s))))
        held = sum(len(hands.of(side).held) + len(hands.of(side).stock) for side in Side)
        return off + held + len(hands.pile), "every card lies on an identical square"
    if goal is Goal.REORIENT_ALL:
        facings = Counter(piece.facing for _, piece in layout.pieces())
        return (min(facings.values()) if len(facings) > 1 else 0), \
            "every arrow points one way"
    return len(layout), "every card has left the board"


def _at_once_reason(goal: Goal) -> str:
    return {Goal.COVER_TEST_CARD: "the opponent's test card is covered",
            Goal.CROSS_MIDDLE: "a card stepped into the opponent's half",
            Goal.ALL_ACROSS: "every card is in the opponent's half",
            Goal.LEAVE_BOARD: "a piece left the board over the far edge"}[goal]


def quiet_after(move: Move | None, before: Layout, after: Layout, quiet: int) -> int:
    """The quiet-ply count after *move*: reset by anything that leaves the board, is laid,
    kept or opened."""
    if move is None:
        return quiet + 1
    if move.kind in (MoveKind.LAY, MoveKind.KEEP, MoveKind.OPEN) or len(after) < len(before) \
            or sum(map(len, after.stacks.values())) != sum(map(len, before.stacks.values())):
        return 0
    return quiet + 1


def _far_half(side: Side, ranks: int = 8) -> range:
    """The ranks (from 0) of the opponent's half."""
    half = ranks // 2
    return range(half, ranks) if side is Side.SOUTH else range(0, half)


def _test_cards(layout: Layout, side: Side, decoys: tuple[Card, ...] = ()) -> int:
    return sum(1 for _, stack in layout.items() if not stack[-1].face_up
               and stack[-1].owner == side and stack[-1].card not in decoys)


def settled_winner(layout: Layout, game: Game, *, last_move: Move | None = None,
                   mover: Side | None = None) -> Side | None:
    """The winning side, if the position (and the move that led to it) settles the game
    by itself: covering a test card, crossing into the opponent's half, all cards across,
    and leaving the board (see :func:`generator.rules.playout.outcome` for every goal)."""
    goal = game.goal
    if goal is Goal.COVER_TEST_CARD:
        decoys = game.setup.false_tests
        # With decoys each side has one true test card; covering a decoy wins nothing.
        needed = 1 if decoys else max(game.setup.tests_per_side, 1)
        for side in Side:
            if _test_cards(layout, side, decoys) < needed:
                return opponent(side)
        return None
    if goal is Goal.LEAVE_BOARD:
        return mover if last_move is not None and last_move.kind is MoveKind.EXIT else None
    if goal is Goal.CROSS_MIDDLE:
        # Beating across the middle does not count: the card must step onto a free square
        # of the opponent's half (our reading of seed002 game 1, whose board starts full).
        if last_move is not None and mover is not None and last_move.kind is MoveKind.MOVE:
            xy = geometry(*layout.size).xy
            return mover if xy[last_move.target][1] in _far_half(mover, layout.size[1]) else None
        return None
    if goal is Goal.ALL_ACROSS:
        for side in Side:
            own = [s for s, p in layout.pieces() if p.owner == side]
            xy = geometry(*layout.size).xy
            if own and all(xy[s][1] in _far_half(side, layout.size[1]) for s in own):
                return side
    return None
