"""The patience solver: basic 65 in the open (shift a card only to make a combination, which
leaves the board; clear the board, or leave as few cards as can be) and basic 52 in the
open (every card onto an identical square). Standard library only.

A depth-first search with a table of positions already searched. Every move of basic 65
takes three or more cards off the board and every move of basic 52 settles a card for good,
so the search is finite; within its time limit it is complete, and says so. Basic 65 in the
open is searched on a flat board (.openboard), in rounds that restart with twice as many
positions, and gives up a line once its stranded cards are as many as the best found left.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..model.board import Board
from ..model.cards import Card
from ..model.layout import Layout, Side
from .beating import fits_identical
from .combos import combinations
from .games import Game, Placement
from .lines import SQUARES
from .moves import Move, MoveKind, cached_move, legal_moves, play
from .openboard import OpenBoard, apply, flat, stranded, suits


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


def open_start(layout: Layout, game: Game) -> Layout:
    """Basic 65 in the open: the combinations lying on the board at the start leave it at
    once, before the first move."""
    rules = game.combinations
    if not rules.enabled:
        return layout
    squares = {s for c in combinations(layout, min_length=rules.min_length, kinds=rules.kinds,
                                       orientations=rules.orientations) for s in c.squares}
    return layout._replace({s: st for s, st in layout.items() if s not in squares})


def unsettled(layout: Layout, board: Board, game: Game) -> int:
    """Cards still to deal with: on the board (basic 65) or off their identical squares
    (basic 52)."""
    if game.movement.placement is Placement.IDENTICAL:
        return sum(1 for s, st in layout.items() if not (
            isinstance(st[-1].card, Card) and fits_identical(st[-1].card, board.square(s))))
    return len(layout)


def patience_moves(layout: Layout, board: Board, game: Game) -> list[Move]:
    """The moves of the patience in the open."""
    if game.movement.placement is Placement.IDENTICAL:
        free = [s for s in SQUARES if s not in layout.stacks]
        found = []
        for origin, stack in layout.items():
            card = stack[-1].card
            if not isinstance(card, Card) or fits_identical(card, board.square(origin)):
                continue
            found += [Move(origin, t, MoveKind.SHIFT) for t in free
                      if fits_identical(card, board.square(t))]
        return found
    return legal_moves(layout, board, game, Side.SOUTH)


def solve(layout: Layout, board: Board, game: Game, *, seconds: float = 10.0,
          clock: Callable[[], float] = time.monotonic) -> Solution:
    """The best sequence of moves from *layout* (every card face up) found within
    *seconds*."""
    start = open_start(layout, game)
    deadline = clock() + seconds
    cells = flat(start) if suits(game) else None
    if cells is not None:
        return _solve_flat(start, cells, game, deadline, clock)
    seen: set[frozenset[tuple[str, object]]] = set()
    best: list[tuple[int, tuple[Move, ...]]] = [(unsettled(start, board, game), ())]
    visited = 0
    out_of_time = False

    def search(position: Layout, line: tuple[Move, ...]) -> bool:
        nonlocal visited, out_of_time
        visited += 1
        if visited % 256 == 0 and clock() > deadline:
            out_of_time = True
            return True
        left = unsettled(position, board, game)
        if left < best[0][0]:
            best[0] = (left, line)
        if left == 0:
            return True
        key = frozenset(position.stacks.items())
        if key in seen:
            return False
        seen.add(key)
        # Moves that settle most first: a good answer is found early.
        following = [(play(position, m, game, side=Side.SOUTH), m)
                     for m in patience_moves(position, board, game)]
        following.sort(key=lambda pair: unsettled(pair[0], board, game))
        return any(search(after, (*line, move)) for after, move in following)

    search(start, ())
    left, moves = best[0]
    return Solution(moves, left, left == 0, not out_of_time, visited, start)



#: Positions in the first round of the flat search; each later round may search twice as many.
FIRST_ROUND = 1000
#: How far a random nudge may lift a shift in the order: less than one card, so it only
#: reorders shifts that take as many cards.
NUDGE = 0.5


def _solve_flat(start: Layout, cells: bytearray, game: Game, deadline: float,
                clock: Callable[[], float]) -> Solution:
    """basic 65 in the open on a flat board (see .openboard): what each shift takes is read
    off the shift itself, so ordering the moves plays none of them.

    Rounds of depth-first search: a round stops after a number of positions and the next
    starts again with twice as many, shifts that take as many cards tried in another
    (seeded) order. A poor move near the start then does not hold the search for the whole
    time limit. A round that ends within its number has searched everything: the search
    was complete."""
    engine = OpenBoard(game)
    best: list[tuple[int, tuple[tuple[int, int], ...]]] = [(len(start), ())]
    seen: set[bytes] = set()
    rng = random.Random()
    visited = budget = 0
    out_of_time = capped = False

    def search(cells: bytearray, left: int, line: tuple[tuple[int, int], ...]) -> bool:
        """True stops the round (cleared, out of time or out of positions)."""
        nonlocal visited, budget, out_of_time, capped
        visited += 1
        budget -= 1
        if budget < 0:
            capped = True
            return True
        if visited % 256 == 0 and clock() > deadline:
            out_of_time = True
            return True
        if left < best[0][0]:
            best[0] = (left, line)
        if left == 0:
            return True
        if stranded(cells) >= best[0][0]:
            return False  # nothing below leaves fewer cards than the best found
        key = bytes(cells)
        if key in seen:
            return False
        seen.add(key)
        # Shifts that take most cards first: a good answer is found early.
        shifts = engine.shifts(cells)
        shifts.sort(key=lambda shift: NUDGE * rng.random() - len(shift[2]))
        return any(search(apply(cells, origin, target, gone), left - len(gone),
                          (*line, (origin, target))) for origin, target, gone in shifts)

    complete = False
    for round_ in range(64):
        # A stopped round searched some positions only in part: none counts as seen.
        seen.clear()
        capped = False
        rng.seed(round_)
        budget = FIRST_ROUND << round_
        search(cells, len(start), ())
        if out_of_time or best[0][0] == 0:
            break
        if not capped:
            complete = True
            break
    left, line = best[0]
    moves = tuple(cached_move((SQUARES[o], SQUARES[t], MoveKind.SHIFT)) for o, t in line)
    return Solution(moves, left, left == 0, complete or left == 0, visited, start)
