"""A best-first search for a won game, with a visited set and a node or time limit.

The solver sees every card, face down or not (a "thoughtful" solver): its win rates are an
upper bound for a player who must turn cards to see them. Positions are remembered by the
``hash`` of the patience's :meth:`~.engine.Patience.key`, which holds only integers, so the
same deal and node limit give the same search on every machine. (Two different positions
sharing a 64-bit hash would prune one wrongly; at a million positions the chance is about
one in ten million.)
"""
from __future__ import annotations

import enum
import heapq
import time
from dataclasses import dataclass

from .engine import Move, Patience, State


class Verdict(enum.Enum):
    WON = "won"
    #: Every reachable position was searched without a win: the deal cannot be won.
    LOST = "lost"
    #: Every position the solver tries was searched, but it leaves some moves out.
    EXHAUSTED = "exhausted"
    #: The node or time limit stopped the search.
    LIMIT = "limit"


@dataclass(frozen=True)
class Solution:
    verdict: Verdict
    #: The winning moves, or the moves to the best position reached.
    moves: tuple[Move, ...]
    #: The position those moves lead to.
    position: State
    on_foundations: int
    nodes: int
    seconds: float

    @property
    def complete(self) -> bool:
        """True when the search ended by itself (a win, or nothing left to try)."""
        return self.verdict is not Verdict.LIMIT


def solve(game: Patience, seed: int, *, nodes: int | None = None,
          seconds: float | None = None, start: State | None = None) -> Solution:
    """Searches the deal *seed* (or the position *start*) until a win, the end of the
    search, *nodes* positions expanded or *seconds* spent, whichever comes first.

    Best first: the position with the highest :meth:`~.engine.Patience.score` is expanded
    next, the newest first among equals (so the search dives like a depth-first one while
    it makes progress). Only expanded positions are kept; a waiting one is its parent and
    a move, and is played out when its turn comes.
    """
    began = time.perf_counter()
    if start is None:
        start = game.deal(seed)
    seen = {hash(game.key(start))}
    # Expanded positions: (position, parent number, move from the parent).
    tree: list[tuple[State, int, Move | None]] = []
    # Waiting: (-score, -parent, the move's rank among the parent's, move); the parent is
    # found again from the move's place in the tuple below.
    waiting: list[tuple[int, int, int, Move | None]] = [(-game.score(start), 1, 0, None)]
    best = (game.on_foundations(start), 0)
    verdict = Verdict.LIMIT

    def path(node: int) -> tuple[Move, ...]:
        moves = []
        while node > 0:
            _, parent, move = tree[node]
            if move is None:
                break
            moves.append(move)
            node = parent
        return tuple(reversed(moves))

    while True:
        if not waiting:
            verdict = Verdict.EXHAUSTED if game.solver_prunes else Verdict.LOST
            break
        if nodes is not None and len(tree) >= nodes:
            break
        if seconds is not None and len(tree) % 256 == 0 and \
                time.perf_counter() - began > seconds:
            break
        _, neg_parent, _, move = heapq.heappop(waiting)
        parent = -neg_parent
        if move is None:
            state = start
        else:
            after = game.attempt(tree[parent][0], move)
            if isinstance(after, str):  # the move was legal when it was listed
                raise RuntimeError(f"solver bug: {move} became illegal: {after}")
            state = after
        node = len(tree)
        tree.append((state, parent, move))
        found = game.on_foundations(state)
        if found > best[0]:
            best = (found, node)
        if game.won(state):
            return Solution(Verdict.WON, path(node), state, found, len(tree),
                            time.perf_counter() - began)
        for order, (child_move, child) in enumerate(game.solver_moves(state)):
            k = hash(game.key(child))
            if k in seen:
                continue
            seen.add(k)
            heapq.heappush(waiting, (-game.score(child), -node, order, child_move))
    found, node = best
    return Solution(verdict, path(node), tree[node][0], found, len(tree),
                    time.perf_counter() - began)
