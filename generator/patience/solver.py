"""A solver that decides: a deal is **won** (with the moves), **lost** (every reachable
position was searched: a proof) or **unknown** (the node, time or memory limit stopped the
search first).

The search is best first over the whole graph of positions, with a transposition table:

- Every legal move is tried, so an exhausted search is a proof. What makes it fast is
  only what provably loses nothing (each rule is proved in the patience's own docstring,
  and docs/solvers.md lists them):

  * **canonical keys** (:meth:`~.engine.Patience.packed`): positions that differ only in
    which of several interchangeable slots holds what (the Nivernaise's eight flank
    places, the Empress's Army cells, two ramparts closing the same Reserve line, equal
    foundations) share one key, so the search meets each of them once;
  * **macro moves** (:meth:`~.engine.Patience.solver_moves`): a chain of moves that only
    makes sense as a whole is one edge of the graph (the Nivernaise's exchanges between a
    suit's two piles are folded into the play they prepare);
  * **safe automatic moves** (:meth:`~.engine.Patience.safe_move`): a move that no
    winning line can be hurt by is played at once, with no alternative tried.
  * **dead ends** (:meth:`~.engine.Patience.dead_end`): a position the patience's own
    test proves lost is not searched under.

- The table holds each key once, as compact bytes (a card is one byte), so two positions
  are never mistaken for each other (a 64-bit hash could collide and fake a proof). It is
  bounded: when it holds *table* keys, new positions are still searched but no longer
  remembered, which costs time (a position may be searched twice) but never a wrong
  verdict.
- Best first: the waiting position with the highest :meth:`~.engine.Patience.score` is
  expanded next, the newest first among equals, so the search dives like a depth-first
  one while it makes progress. A graph search with a closed set decides reachability
  whatever the order, so the order changes only how soon a win is found.

The solver sees every card, face down or not (Solvitaire's "thoughtful" solitaire): its
rates are an upper bound for a player. :mod:`.player` plays as a player who sees only the
face-up cards.
"""
from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass, replace

from ..model.solving import SolverVerdict as SolverVerdict
from .clock import TimeLimit
from .engine import Patience, PatienceMove, State

#: Keys the transposition table holds by default: about 0.2-0.4 GB at 50-150 bytes a key.
TABLE = 2_000_000


@dataclass(frozen=True)
class PatienceSolution:
    verdict: SolverVerdict
    #: The winning moves, or the moves to the best position reached.
    moves: tuple[PatienceMove, ...]
    #: The position those moves lead to.
    position: State
    on_foundations: int
    #: Positions expanded.
    nodes: int
    seconds: float
    #: True when the table filled up (the search went on without remembering).
    table_full: bool = False

    @property
    def complete(self) -> bool:
        """True when the search ended by itself: a win, or a proof that there is none."""
        return self.verdict is not SolverVerdict.UNKNOWN


@dataclass(frozen=True)
class Batches:
    """The moves of an expanded position that the search has not built yet."""

    rest: Iterator[list[tuple[tuple[PatienceMove, ...], State]]]


def settle(game: Patience, state: State) -> tuple[tuple[PatienceMove, ...], State]:
    """The safe automatic moves from *state*, played until none is left."""
    moves: list[PatienceMove] = []
    while (step := game.safe_step(state)) is not None:
        move, state = step
        moves.append(move)
    return tuple(moves), state


def solve(game: Patience, seed: int, *, nodes: int | None = None,
          seconds: float | TimeLimit | None = None, start: State | None = None,
          table: int = TABLE, probe: bool = True) -> PatienceSolution:
    """Searches the deal *seed* (or the position *start*) until a win, the end of the
    search, *nodes* positions expanded or *seconds* spent, whichever comes first.

    The limits are spent as the patience's :attr:`~.engine.Patience.solver_plan` says: its
    probe (:meth:`~.engine.Patience.solver_probe`), a quick, incomplete search that can
    only find a win, replayed here move by move before it is believed; and the complete
    search in one or more move orders, each complete, so the first that decides gives the
    verdict (and the only source of "lost"). Without *probe* (as the tests of the complete
    search's reductions want) the probe's steps are left out. *seconds* is read on the wall
    clock, or on the clock of a :class:`~.clock.TimeLimit` (the search's CPU time, say);
    each step gets its share of what is left on that clock, and the solution's seconds
    are read on it too."""
    limit = TimeLimit.of(seconds)
    if start is None:
        start = game.deal(seed)
    plan = [step for step in game.solver_plan if probe or step[0] == "complete"]
    used = 0  # positions expanded by the steps so far
    best: PatienceSolution | None = None
    full = False
    for number, (kind, order, share) in enumerate(plan):
        if number == len(plan) - 1:
            share = 1.0
        step_nodes = None if nodes is None else int((nodes - used) * share)
        step_limit = limit.share(share)
        if kind == "complete":
            ordered = type(game)(game.switches)
            ordered.solver_variant = order
            found = _search(ordered, seed,
                            None if step_nodes is None else max(1, step_nodes),
                            step_limit, start, table)
            used += found.nodes
            full = full or found.table_full
            if found.verdict is not SolverVerdict.UNKNOWN:
                return replace(found, nodes=used, seconds=limit.elapsed())
            if best is None or found.on_foundations > best.on_foundations:
                best = found
            continue
        if (step_nodes is not None and step_nodes <= 0) or step_limit.spent():
            continue
        line, probed = game.solver_probe(start, step_nodes, step_limit)
        used += probed
        if line is not None:
            state = start
            for move in line:
                state = game.play(state, move)  # raises on an illegal move: a probe's bug
            if game.won(state):
                return PatienceSolution(SolverVerdict.WON, line, state,
                                        game.on_foundations(state), used,
                                        limit.elapsed())
    if best is None:
        raise TypeError(f"{game.name}'s solver plan has no complete search")
    return replace(best, nodes=used, seconds=limit.elapsed(), table_full=full)


def _search(game: Patience, seed: int, nodes: int | None, limit: TimeLimit,
            start: State | None, table: int) -> PatienceSolution:
    if start is None:
        start = game.deal(seed)
    first, start = settle(game, start)
    seen = {game.packed(start)}
    full = False
    # Expanded positions: (parent number, the moves from the parent).
    tree: list[tuple[int, tuple[PatienceMove, ...]]] = []
    # Waiting: (-score, -parent, rank among the parent's, what): a position with the moves
    # to it from the parent, or the parent's batches of moves not built yet. (parent, rank)
    # is unique, so the tuples never compare further.
    Waiting = tuple[int, int, int, "tuple[tuple[PatienceMove, ...], State] | Batches"]
    waiting: list[Waiting] = [(-game.score(start), 1, 0, (first, start))]
    best = (-1, 0, start)
    verdict = SolverVerdict.UNKNOWN

    def path(node: int) -> tuple[PatienceMove, ...]:
        edges = []
        while node >= 0:
            parent, moves = tree[node]
            edges.append(moves)
            node = parent
        return tuple(m for moves in reversed(edges) for m in moves)

    def push(node: int, rank: int, batch: list[tuple[tuple[PatienceMove, ...], State]]) -> None:
        nonlocal full
        for order, (edge, child) in enumerate(batch, start=rank):
            auto, child = settle(game, child)
            k = game.packed(child)
            if k in seen:
                continue
            if game.dead_end(child):
                continue  # proved lost by the patience's own test: nothing under it wins
            if len(seen) < table:
                seen.add(k)
            else:
                full = True
            heapq.heappush(waiting, (-game.score(child), -node, order, (edge + auto, child)))

    while True:
        if not waiting:
            verdict = SolverVerdict.LOST
            break
        if nodes is not None and len(tree) >= nodes:
            break
        # The start is always expanded, so that even a search left no time (a probe or a
        # player may have spent it) reports the start as the best position reached.
        if tree and len(tree) % 64 == 0 and limit.over():
            break
        neg_score, neg_parent, rank, what = heapq.heappop(waiting)
        if isinstance(what, Batches):
            batch = next(what.rest, None)
            if batch is not None:
                push(-neg_parent, rank + 1, batch)
                heapq.heappush(waiting, (neg_score, neg_parent, rank + 1 + len(batch), what))
            continue
        moves, state = what
        node = len(tree)
        tree.append((-neg_parent, moves))
        found = game.on_foundations(state)
        if found > best[0]:
            best = (found, node, state)
        if game.won(state):
            return PatienceSolution(SolverVerdict.WON, path(node), state, found, len(tree),
                                    limit.elapsed(), full)
        if not game.batched:
            push(node, 0, game.solver_moves(state))
            continue
        batches = game.solver_batches(state)
        batch = next(batches, [])
        push(node, 0, batch)
        # The later batches wait below every position as promising as this one.
        heapq.heappush(waiting, (-game.score(state) + 1, -node, len(batch),
                                 Batches(batches)))
    found, node, state = best
    return PatienceSolution(verdict, path(node), state, found, len(tree),
                            limit.elapsed(), full)
