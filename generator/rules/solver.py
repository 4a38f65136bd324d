"""The patience solver, for every game of one player: basic 65 in the open (shift a card
only to make a combination, which leaves the board; clear the board, or leave as few cards
as can be), basic 52 in the open (every card onto an identical square), word puzzle 5
(every arrow one way). Standard library only.

A depth-first search without recursion, over the moves a :class:`Position` allows (so
``rules play`` accepts every line it gives), with a table of positions already searched:
no position is searched twice, so the search is finite, and within its limits (a time, a
number of positions) it is complete and says so. Among moves that leave as many cards,
shifts go first (basic 52 in the open: this wins every open deal at the first line;
docs/solvers.md says why).

Basic 65 in the open is searched on a flat board (.openboard) for a line that clears it, in
rounds that restart with twice as many positions, remembering the positions proved lost;
a position is given up when :meth:`.openboard_cut.Cut.examine` proves that some card can
never leave (three facts, each proved there), and a child is dropped unmade when
:func:`.openboard_cut.child_cut` reads the same facts off its parent (proved in
:meth:`.openboard_cut.Cut.prospects`). When that search proves the deal lost, a second
one (.openboard_fewest) looks for the line that leaves fewest cards, which the cut's
proofs of loss cannot stop (seed000 calls 1 or 2 cards left a good result).
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import NotAPatienceError as NotAPatienceError
from ..model.layout import Layout
from ..model.solving import SolverVerdict
from .games import Game
from .lines import SQUARES
from .move import Move, MoveKind, cached_move
from .openboard import OpenBoard, apply, flat, suits
from .openboard_cut import Cut, PairAt, child_cut
from .openboard_fewest import fewest as fewest_left
from .position import Position

if TYPE_CHECKING:
    from .bound import Rules


@dataclass(frozen=True)
class Solution:
    """The best line found: its moves, the cards it leaves unsettled, whether that clears
    the patience, whether the search was complete, and how many positions it visited."""

    moves: tuple[Move, ...]
    left: int
    solved: bool
    complete: bool
    positions: int
    start: Layout
    """The position after the combinations lying there at the start are taken off."""
    fewest: bool = False
    """Whether *left* is proved the fewest cards any line leaves: a win, or a search for
    the fewest cards that ended (or reached a proved floor) within the limits."""

    @property
    def verdict(self) -> SolverVerdict:
        """WON when the line clears the patience; LOST when the search was complete
        without one, a proof that none exists (basic 65 cuts only positions proved unable
        to clear the board); UNKNOWN when time ran out. When lost, *left* is the fewest
        cards of a line found (basic 65 then searches for it beyond the proof of loss),
        and :attr:`fewest` says whether it is proved the fewest possible. UNKNOWN also
        when the node limit stopped the search."""
        if self.solved:
            return SolverVerdict.WON
        return SolverVerdict.LOST if self.complete else SolverVerdict.UNKNOWN


def solve(rules: Rules, layout: Layout, *, seconds: float | None = 10.0,
          nodes: int | None = None, clock: Callable[[], float] = time.monotonic) -> Solution:
    """The best sequence of moves of the patience *rules* play from *layout* found within
    *seconds* (None: no time limit) and *nodes* positions visited in all (None: no such
    limit; basic 65's search for the fewest cards after a proof of loss counts too). A node
    limit gives the same answer on any machine. Every move is one :class:`Position`
    accepts, so ``rules play`` replays it.

    :raises: :exc:`NotAPatienceError` if the game is played by more than one player.
    """
    game = rules.game
    if game.players != 1:
        raise NotAPatienceError(f"{game.name} is a game of {game.players} players, not a "
                                "patience")
    position = Position(rules, layout)
    start = position.start
    deadline = math.inf if seconds is None else clock() + seconds
    cells = flat(start) if suits(game) else None
    if cells is not None:
        return _solve_flat(start, cells, game, deadline, clock, nodes)
    return _solve_position(position, deadline, clock, nodes)


def _left(position: Position) -> int:
    left = position.outcome().left
    return len(position.layout) if left is None else left


def _ordered(position: Position) -> list[Move | None]:
    """The moves of *position* (and a pass, where one may decline), those that leave
    fewest cards to deal with first: a good answer is found early."""
    goal = position.rules.goal
    options: list[Move | None] = [*position.legal_moves()]
    if position.may_pass() and options:
        options.append(None)
    scored = []
    for index, move in enumerate(options):
        # The count alone, read off the position: judging it would list its moves too.
        position.push(move)
        # Among moves that leave as many cards, shifts first: in basic 52 a dealt card
        # shifted home only frees a dark square, while a pile card laid early may take the
        # square a dealt card needs (every deal of seeds 0-99 is then won at the first try).
        shift = move is not None and move.kind is MoveKind.SHIFT
        scored.append((goal.patience_left(position.layout)[0], not shift, index, move))
        position.pop()
    scored.sort(key=lambda item: item[:3])
    return [item[3] for item in scored]


def _solve_position(position: Position, deadline: float, clock: Callable[[], float],
                    nodes: int | None) -> Solution:
    """Depth-first, without recursion: a stack of the moves still to try at each depth,
    played and taken back on one :class:`Position`, and a table of positions already
    searched."""
    start = position.start
    best_left = _left(position)
    best_line: tuple[Move | None, ...] = ()
    seen = {position.key()}
    todo: list[Iterator[Move | None]] = [iter(_ordered(position))]
    visited = 1
    solved, stopped = position.outcome().solved, False
    while todo and not solved:
        move = next(todo[-1], _DONE)
        if move is _DONE:
            todo.pop()
            if todo:
                position.pop()
            continue
        if nodes is not None and visited >= nodes:
            stopped = True
            break
        position.push(move)
        visited += 1
        if visited % 256 == 0 and clock() > deadline:
            stopped = True
            break
        key = position.key()
        verdict = position.outcome()
        left = _left(position)
        if left < best_left:
            best_left, best_line = left, tuple(position.move_stack)
        if verdict.solved:
            solved = True
            best_left, best_line = 0, tuple(position.move_stack)
            break
        if verdict.over or key in seen:
            position.pop()
            continue
        seen.add(key)
        todo.append(iter(_ordered(position)))
    moves = tuple(m for m in best_line if m is not None)
    # No cut here: a complete search saw every reachable position, the fewest among them.
    return Solution(moves, best_left, best_left == 0, not stopped, visited, start,
                    fewest=not stopped)


_DONE: Any = object()


#: Positions in the first round of the flat search; each later round may search twice as many.
FIRST_ROUND = 1000
#: How far a random nudge may lift a shift in the order: less than one card, so it only
#: reorders shifts that take as many cards.
NUDGE = 0.5
#: Positions proved lost that the flat search remembers (about 150 bytes each); past that it
#: goes on without remembering more, which costs only time.
TABLE = 1_000_000


def _solve_flat(start: Layout, cells: bytearray, game: Game, deadline: float,
                clock: Callable[[], float], nodes: int | None) -> Solution:
    """basic 65 in the open on a flat board (see .openboard): what each shift takes is read
    off the shift itself, so ordering the moves plays none of them.

    The search asks whether the board can be cleared. A position is given up when
    :meth:`.openboard_cut.Cut.blocked` proves that some card can never leave (a child
    that :func:`.openboard_cut.child_cut` proves so from its parent is not even made), and
    every position whose search ended without a clearing line is remembered as lost (as
    bytes, never a hash), so no position is searched twice.

    Rounds of depth-first search: a round stops after a number of positions and the next
    starts again with twice as many, shifts that take as many cards tried in another
    (seeded) order. A poor move near the start then does not hold the search for the whole
    time limit, and the positions proved lost carry over. A round that ends within its
    number has searched everything: the search was complete. The line that leaves the
    fewest cards among the positions visited is kept as the best found; when the search is
    complete without a win, :func:`.openboard_fewest.fewest` goes on from it for the
    fewest cards, in the time and positions left."""
    engine, cut = OpenBoard(game), Cut(game)
    best: list[tuple[int, tuple[tuple[int, int], ...]]] = [(len(start), ())]
    lost: set[bytes] = set()
    rng = random.Random()
    visited = budget = 0
    stopped = capped = False

    def search(cells: bytearray, left: int, line: tuple[tuple[int, int], ...],
               near: list[PairAt] | None) -> bool:
        """True stops the round (cleared, past a limit or out of the round's positions);
        False means that no line from *cells* clears the board."""
        nonlocal visited, budget, stopped, capped
        if nodes is not None and visited >= nodes:
            stopped = True
            return True
        visited += 1
        budget -= 1
        if budget < 0:
            capped = True
            return True
        if visited % 256 == 0 and clock() > deadline:
            stopped = True
            return True
        if left < best[0][0]:
            best[0] = (left, line)
        if left == 0:
            return True
        key = bytes(cells)
        if key in lost:
            return False
        blocked, near, prospects = cut.read(cells, near)
        if not blocked:
            # A child that facts 1-3 would cut is dropped unmade (child_cut's proof); it
            # still counts for the fewest cards left.
            shifts = []
            # Nudges (see below) are drawn for every shift in the order of the rules'
            # moves, dropped or not, and a dropped child counts against the round as if
            # made and cut: the rounds keep the extent and order they had before children
            # were dropped (an order only; on deals 0-99 the one that decides most).
            every = engine.shifts(cells, settled=True)
            every.sort(key=lambda shift: (SQUARES[shift[0]], SQUARES[shift[1]]))
            for shift in every:
                nudge = NUDGE * rng.random()
                origin, target, gone = shift
                emptied = 1 << origin
                for square in gone:
                    emptied |= 1 << square
                if child_cut(prospects, emptied ^ 1 << target, len(gone)):
                    budget -= 1
                    if left - len(gone) < best[0][0]:
                        best[0] = (left - len(gone), (*line, (origin, target)))
                else:
                    shifts.append((nudge - len(gone), shift))
            # Shifts that take most cards first: a good answer is found early.
            shifts.sort(key=lambda item: item[0])
            for _, (origin, target, gone) in shifts:
                if search(apply(cells, origin, target, gone), left - len(gone),
                          (*line, (origin, target)), near):
                    return True
        if len(lost) < TABLE:
            lost.add(key)
        return False

    complete = False
    for round_ in range(64):
        capped = False
        rng.seed(round_)
        budget = FIRST_ROUND << round_
        search(cells, len(start), (), None)
        if stopped or best[0][0] == 0:
            break
        if not capped:
            complete = True
            break
    left, line = best[0]
    fewest = left == 0
    if complete and left:
        # Proved lost: the cut that proved it says nothing about how few cards can stay, so
        # search again for the fewest, without it, in what is left (.openboard_fewest).
        lost.clear()
        (left, line), fewest, more = fewest_left(
            engine, cut, cells, (left, line), deadline, clock, TABLE,
            None if nodes is None else nodes - visited)
        visited += more
    moves = tuple(cached_move((SQUARES[o], SQUARES[t], MoveKind.SHIFT)) for o, t in line)
    return Solution(moves, left, left == 0, complete or left == 0, visited, start, fewest)
