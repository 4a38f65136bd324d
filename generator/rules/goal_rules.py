"""The goals a game file may name, one object each, and the :class:`Outcome` they give.
Standard library only.

Each goal object holds its own pieces of judging: what settles the game at once, each
side's count, why the game has ended besides running out of moves, how the result is told,
and what a patience still has to do. :func:`goal_rule` builds the object for a game (once,
with the game's rules: :mod:`generator.rules.bound`);
:mod:`generator.rules.goals` asks it. Three families: goals won at once by one move (a
game that ends otherwise is a draw), counting goals (the higher count wins, or the lower
where fewer wins; equal counts draw), and the goals of the patiences. A variant overrides
what differs, as basic 48's giveaway form does most-pressed's.
"""
from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import ClassVar

from ..model.board import Board
from ..model.cards import Card
from ..model.layout import Facing, Layout, Player, Side
from ..model.seats import Seat
from .beating import fits_identical
from .combos import combinations
from .games import FaceDown, Game, Goal, opponent
from .lines import geometry
from .move import Move, MoveKind
from .settling import own_lines


class Termination(enum.StrEnum):
    """Why a game is over, as python-chess's ``Termination`` says it: a tool reads this,
    not the reason's words."""

    GOAL = "goal"
    """The goal is reached: won at once by a move (a test card covered, the middle
    crossed, five in a line...), or a patience solved."""
    STUCK = "stuck"
    """The side to move has no move and loses by that (word 12's variant, initial 8)."""
    NO_MOVES = "no-moves"
    """No side can move (a patience: no move is left); the counts decide."""
    END = "end"
    """The game's own end has come: every card open, the pile used up, a side with no card
    left to press with; the counts decide."""
    QUIET = "quiet"
    """:data:`generator.rules.goals.QUIET_PLIES` plies without a capture, lay or opening
    (our default: the seeds name no such end); the counts decide."""


@dataclass(frozen=True)
class Outcome:
    """How a game stands: why it is over (None while it goes on), the winner (None in a
    draw or while it goes on), each player's count for the counting goals (by side, or by
    seat in a game of more than two players, initial 7), and the reason in a player's
    words. Unlike python-chess's, a game that goes on has one too, with its counts."""

    termination: Termination | None
    winner: Player | None = None
    counts: Mapping[Side, int] | Mapping[Seat, int] = field(
        default_factory=lambda: MappingProxyType({}))
    reason: str = ""
    left: int | None = None
    """A patience's count: the cards still to deal with (None in a game of two sides)."""
    solved: bool = False
    """A patience reached its goal."""

    @property
    def over(self) -> bool:
        return self.termination is not None

    def __str__(self) -> str:
        if self.left is not None:
            state = "solved" if self.solved else "stuck" if self.over else "not finished"
            return f"{state}: {self.reason}" if self.reason else state
        if not self.over:
            return f"not decided: {self.reason}" if self.reason else "not decided"
        result = f"{self.winner} wins" if self.winner else "a draw"
        return f"{result}: {self.reason}" if self.reason else result


class GoalRule:
    """A goal with nothing settled at once and nothing counted; the base of every goal:
    the goal of *game* played on *board*, built once with the game's rules
    (:func:`goal_rule`).

    At its end it is told as a tally of *what* each side has (equal counts draw), which
    with no counts is a draw of 0 to 0.
    """

    __slots__ = ("game", "board")

    def __init__(self, game: Game, board: Board) -> None:
        self.game = game
        self.board = board

    what: ClassVar[str] = "cards taken"
    """What the counts are, in the reason of a game decided by them."""
    fewer_wins: ClassVar[bool] = False
    """The lower count wins (basic 52, giveaway)."""

    def settled_winner(self, layout: Layout, *, last_move: Move | None,
                       mover: Side | None) -> Side | None:
        """The side that the position (and the move that led to it) makes the winner."""
        return None

    def decided(self, layout: Layout, *, last_move: Move | None,
                mover: Side | None, to_move: Side) -> Outcome | None:
        """The outcome if the game is won at once, before anything else is looked at."""
        return None

    def scores(self, layout: Layout) -> dict[Side, int]:
        """Each side's count (empty for a goal that counts nothing)."""
        return {}

    def stuck(self, to_move: Side) -> Outcome | None:
        """The outcome when *to_move* has no move and that decides the game; None when the
        side passes or the game ends by other rules."""
        if self.game.stuck_loses and self.game.players > 1:
            return Outcome(Termination.STUCK, to_move.opponent, reason=f"{to_move} cannot move")
        return None

    def ended(self, layout: Layout, *, to_move: Side,
              last_move: Move | None) -> str:
        """Why the goal's own end condition has ended the game, or ""."""
        return ""

    def result(self, counts: Mapping[Side, int], ended: str,
               termination: Termination = Termination.NO_MOVES) -> Outcome:
        """The outcome of a game that has ended by *termination*, for the reason *ended*."""
        south, north = counts.get(Side.SOUTH, 0), counts.get(Side.NORTH, 0)
        line = f"{ended}; {self.what}: south {south}, north {north}"
        if south == north:
            return Outcome(termination, None, counts, line)
        winner = Side.SOUTH if (south > north) != self.fewer_wins else Side.NORTH
        return Outcome(termination, winner, counts, line)

    def patience_left(self, layout: Layout) -> tuple[int, str]:
        """The cards a patience still has to deal with, and its goal in words."""
        return len(layout), "every card has left the board"

    def seat_scores(self, layout: Layout, players: int) -> dict[Seat, int]:
        """Each seat's count in a game of more than two players (only most-removed has
        one: a game file of more players is refused for any other goal)."""
        raise NotImplementedError(f"{type(self).__name__} counts nothing by seat")

    def seat_result(self, counts: Mapping[Seat, int], ended: str,
                    termination: Termination) -> Outcome:
        """The outcome of a game of more than two players that has ended by *termination*,
        for the reason *ended*: the highest count wins, a top count shared by two or more
        is a draw."""
        line = f"{ended}; {self.what}: {seat_tally(counts)}"
        best = max(counts.values(), default=0)
        top = [seat for seat, n in counts.items() if n == best]
        if len(top) == 1:
            return Outcome(termination, top[0], counts, line)
        return Outcome(termination, None, counts,
                       f"{line}; {' and '.join(map(str, top))} share the most")


class WonAtOnce(GoalRule):
    """A goal won by one move; a game that ends any other way is a draw."""

    reason: ClassVar[str]
    """Why the game is won, in the outcome."""

    def decided(self, layout: Layout, *, last_move: Move | None,
                mover: Side | None, to_move: Side) -> Outcome | None:
        winner = self.settled_winner(layout, last_move=last_move, mover=mover)
        return None if winner is None else Outcome(Termination.GOAL, winner,
                                                   reason=self.reason)

    def result(self, counts: Mapping[Side, int], ended: str,
               termination: Termination = Termination.NO_MOVES) -> Outcome:
        return Outcome(termination, None, reason=ended)


class CoverTestCard(WonAtOnce):
    reason = "the opponent's test card is covered"

    def settled_winner(self, layout: Layout, *, last_move: Move | None,
                       mover: Side | None) -> Side | None:
        decoys = self.game.setup.false_tests
        # With decoys each side has one true test card; covering a decoy wins nothing.
        needed = 1 if decoys else max(self.game.setup.tests_per_side, 1)
        for side in Side:
            if _test_cards(layout, side, decoys) < needed and _has_laid(layout, self.game, side):
                return opponent(side)
        return None


class CrossMiddle(WonAtOnce):
    """Seed002 game 1: a card "doit traverser la frontière" between the halves. Our
    reading: the winning move is a step onto a free square that takes a card from its
    owner's half into the opponent's. A cover does not win, even across the line (or the
    compulsory first cover would end nearly every game), nor does a step made inside the
    opponent's half by a card a cover took there: it crosses nothing."""

    reason = "a card stepped across the middle line into the opponent's half"

    def settled_winner(self, layout: Layout, *, last_move: Move | None,
                       mover: Side | None) -> Side | None:
        if last_move is None or mover is None or last_move.kind is not MoveKind.MOVE:
            return None
        xy, far = geometry(*layout.size).xy, _far_half(mover, layout.size[1])
        crossed = xy[last_move.square][1] not in far and xy[last_move.target_square][1] in far
        return mover if crossed else None


class AllAcross(WonAtOnce):
    reason = "every card is in the opponent's half"

    def settled_winner(self, layout: Layout, *, last_move: Move | None,
                       mover: Side | None) -> Side | None:
        xy = geometry(*layout.size).xy
        for side in Side:
            own = [s for s, p in layout.pieces() if p.owner == side]
            if own and all(xy[s][1] in _far_half(side, layout.size[1]) for s in own):
                return side
        return None


class LeaveBoard(WonAtOnce):
    reason = "a piece left the board over the far edge"

    def settled_winner(self, layout: Layout, *, last_move: Move | None,
                       mover: Side | None) -> Side | None:
        return mover if last_move is not None and last_move.kind is MoveKind.EXIT else None


class ReorientAll(WonAtOnce):
    """Word puzzle 5: solved when every arrow points one way (in a game of two sides, by
    the side whose move did it)."""

    reason = "every arrow points one way: solved"

    def decided(self, layout: Layout, *, last_move: Move | None,
                mover: Side | None, to_move: Side) -> Outcome | None:
        if not layout or len({piece.facing for _, piece in layout.pieces()}) > 1:
            return None
        return Outcome(Termination.GOAL, mover if self.game.players > 1 else None,
                       reason=self.reason)

    def patience_left(self, layout: Layout) -> tuple[int, str]:
        facings = Counter(piece.facing for _, piece in layout.pieces())
        return (min(facings.values()) if len(facings) > 1 else 0), \
            "every arrow points one way"


class CountingGoal(GoalRule):
    """A goal decided by each side's count when the game ends."""

    def count(self, layout: Layout, side: Side) -> int:
        raise NotImplementedError

    def scores(self, layout: Layout) -> dict[Side, int]:
        return {side: self.count(layout, side) for side in Side}


class MostPressed(CountingGoal):
    """Basic 48: the opponent's cards lying under piles topped by one's own card."""

    what = "cards pressed"

    def count(self, layout: Layout, side: Side) -> int:
        return sum(1 for _, stack in layout.items() if stack[-1].owner == side
                   for piece in stack[:-1] if piece.owner == side.opponent)

    def ended(self, layout: Layout, *, to_move: Side,
              last_move: Move | None) -> str:
        # Seed000 game 48 ends when neither side's cards can be pressed onto the other's:
        # a side whose every card lies pressed has nothing left to press with. Only a press
        # covers a side's last free card, so only a press (or the start) is looked at.
        if not layout or last_move is not None and last_move.kind is not MoveKind.PRESS:
            return ""
        tops = {stack[-1].facing for stack in layout.stacks.values()}
        for side in (to_move, to_move.opponent):
            if _facing_of(side) not in tops:
                return f"{side} has no card left to press with"
        return ""


class Giveaway(MostPressed):
    """Basic 48's giveaway form: a side whose every card is pressed wins at once; a game
    that ends otherwise goes to the side with fewer piles topped by its own card."""

    what = "piles topped by its own card"
    fewer_wins = True

    def count(self, layout: Layout, side: Side) -> int:
        """The piles topped by *side*'s card: the cards it still has to move."""
        return sum(1 for _, stack in layout.items() if stack[-1].owner == side)

    def decided(self, layout: Layout, *, last_move: Move | None,
                mover: Side | None, to_move: Side) -> Outcome | None:
        # The side pressed out has won here, so most-pressed's end for it never comes.
        for side in (to_move.opponent, to_move):
            if layout and not self.count(layout, side):
                return Outcome(Termination.GOAL, side,
                               reason=f"every card of {side} is pressed")
        return None


class PileValues(MostPressed):
    """Basic 48 with pressing on one's own cards: each side counts the sum of the values of
    the cards in the piles its own card tops, its own cards in them as well (seed000: "count
    up the sums of values of playing cards of a pile belonging to players"). Zeros do not
    count (30 is 3). A card lying alone is no pile and counts nothing (our reading)."""

    what = "values in piles topped by its own card"

    def count(self, layout: Layout, side: Side) -> int:
        return sum(piece.card.rank for _, stack in layout.items()
                   if len(stack) > 1 and stack[-1].owner == side
                   for piece in stack if isinstance(piece.card, Card))


class MostRemoved(CountingGoal):
    """The cards a side has taken off the board; games that open every card (basic 65,
    initial 6 and 11) end when the last is open."""

    def count(self, layout: Layout, side: Side) -> int:
        return len(layout.hands.of(side).taken)

    def seat_scores(self, layout: Layout, players: int) -> dict[Seat, int]:
        return {seat: len(layout.hands.taken_by(seat)) for seat in Seat.all(players)}

    def ended(self, layout: Layout, *, to_move: Side,
              last_move: Move | None) -> str:
        if self.game.setup.face_down is FaceDown.ALL \
                and all(p.face_up for _, p in layout.pieces()):
            return "every card is open"
        return ""


class FiveInLine(CountingGoal):
    """Initial 4: lines of five leave the board and count as taken; word 25 (lines stay):
    the first line of five wins."""

    def count(self, layout: Layout, side: Side) -> int:
        return len(layout.hands.of(side).taken)

    def decided(self, layout: Layout, *, last_move: Move | None,
                mover: Side | None, to_move: Side) -> Outcome | None:
        if self.game.lines.removes:
            return None
        length = self.game.lines.length
        for side in Side:
            for square in geometry(*layout.size).squares:
                if layout.owner(square) == side and any(own_lines(layout, square, side,
                                                                  length)):
                    return Outcome(Termination.GOAL, side,
                                   reason=f"{length} of its pieces in a line")
        return None


class MostCombinations(CountingGoal):
    """Initial 10: the cards of a side's combinations on the opponent's half, a card counted
    once for every combination it is in."""

    what = "cards in combinations"

    def count(self, layout: Layout, side: Side) -> int:
        files, ranks = layout.size
        far = _far_half(side, ranks)
        xy = geometry(files, ranks).xy
        mine = layout._replace({s: st for s, st in layout.items()
                                if xy[s][1] in far and st[-1].owner == side})
        return sum(len(c) for c in combinations(mine))


class MostTurned(CountingGoal):
    """Initial 12: a side's cards lying face down."""

    what = "cards turned"

    def count(self, layout: Layout, side: Side) -> int:
        return sum(1 for _, p in layout.pieces() if not p.face_up and p.owner == side)


class IdenticalSquaresGoal(CountingGoal):
    """Basic 52: cards are laid on their identical squares; when the pile is used up,
    fewer cards left in hand wins. Its patience: every card on its identical square."""

    what = "cards left in hand"
    fewer_wins = True

    def count(self, layout: Layout, side: Side) -> int:
        return len(layout.hands.of(side).held)

    def ended(self, layout: Layout, *, to_move: Side,
              last_move: Move | None) -> str:
        hands = layout.hands
        if self.game.movement.shift_to_identical or hands.pile or any(
                hands.of(s).stock for s in Side):
            return ""
        return "the pile is used up"

    def patience_left(self, layout: Layout) -> tuple[int, str]:
        hands = layout.hands
        off = sum(1 for s, st in layout.items() if not (
            st[-1].face_up and isinstance(st[-1].card, Card)
            and fits_identical(st[-1].card, self.board.square(s))))
        held = sum(len(hands.of(side).held) + len(hands.of(side).stock) for side in Side)
        return off + held + len(hands.pile), "every card lies on an identical square"


class HandValues(IdenticalSquaresGoal):
    """Basic 52 counted by value (seed000: "loss can be defined the sum of values of playing
    cards, which players could not lay out"): the lower sum of the values left in hand
    wins, so two cards left (a 2 and a 1) lose less than one 8. Zeros do not count (20 is
    2), as elsewhere in game 52; the seed's further option of counting them is not
    played."""

    what = "values left in hand"

    def count(self, layout: Layout, side: Side) -> int:
        return sum(card.rank for card in layout.hands.of(side).held if isinstance(card, Card))


class LastToLay(GoalRule):
    """Initial 8: the first side out of cards loses; nobody passes. A game ended by quiet
    plies is told as a tally of nothing taken, 0 to 0."""

    def stuck(self, to_move: Side) -> Outcome | None:
        return super().stuck(to_move) or Outcome(
            Termination.STUCK, to_move.opponent, reason=f"{to_move} has no card left to lay")


_RULES: Mapping[Goal, type[GoalRule]] = MappingProxyType({
    Goal.COVER_TEST_CARD: CoverTestCard,
    Goal.CROSS_MIDDLE: CrossMiddle,
    Goal.ALL_ACROSS: AllAcross,
    Goal.LEAVE_BOARD: LeaveBoard,
    Goal.MOST_PRESSED: MostPressed,
    Goal.GIVEAWAY: Giveaway,
    Goal.PILE_VALUES: PileValues,
    Goal.HAND_VALUES: HandValues,
    Goal.IDENTICAL_SQUARES: IdenticalSquaresGoal,
    Goal.MOST_REMOVED: MostRemoved,
    Goal.FIVE_IN_LINE: FiveInLine,
    Goal.MOST_COMBINATIONS: MostCombinations,
    Goal.MOST_TURNED: MostTurned,
    Goal.LAST_TO_LAY: LastToLay,
    Goal.REORIENT_ALL: ReorientAll,
})


def seat_tally(counts: Mapping[Seat, int]) -> str:
    """``seat 1 3, seat 2 0, seat 3 6, seat 4 0``."""
    return ", ".join(f"{seat} {n}" for seat, n in sorted(counts.items()))


def goal_rule(game: Game, board: Board) -> GoalRule:
    """The goal object of *game* played on *board*."""
    return _RULES[game.goal](game, board)


def _facing_of(side: Side) -> Facing:
    """The arrow of *side*'s cards: they point at the opponent."""
    return Facing.NORTH if side is Side.SOUTH else Facing.SOUTH


def _far_half(side: Side, ranks: int = 8) -> range:
    """The ranks (from 0) of the opponent's half."""
    half = ranks // 2
    return range(half, ranks) if side is Side.SOUTH else range(0, half)


def _has_laid(layout: Layout, game: Game, side: Side) -> bool:
    """Whether *side*'s test card can have been covered: always, but in a game whose test
    cards are laid first from the stocks (initial 3) only once *side* has a card on the
    board; its cards never leave it there, covered ones staying under the piles."""
    return not game.setup.tests_laid_first or any(p.owner == side
                                                  for _, p in layout.pieces())


def _test_cards(layout: Layout, side: Side, decoys: tuple[Card, ...] = ()) -> int:
    return sum(1 for _, stack in layout.items() if not stack[-1].face_up
               and stack[-1].owner == side and stack[-1].card not in decoys)
