"""A player who sees only what a player sees: the player-view win rate.

The solver (:mod:`.solver`) sees every card, face down or not, so its rate is an upper
bound. This player never looks at a hidden card; its rate is what one fixed, fair policy
reaches, a lower bound for a good player (Solvitaire's ordinary against "thoughtful"
Klondike). What each patience hides is its :meth:`~.engine.Patience.hidden` count and what
a move uncovers its :meth:`~.engine.Patience.reveals` test, both read off pile sizes only,
never off the cards.

The policy, repeated until the game is won or no move is left:

1. **Plan in the open.** Among positions reachable by moves that uncover nothing, find the
   best by the patience's score (a small best-first search; those positions follow from
   what the player sees, so computing them peeks at nothing) and play there if it is
   better than the present one.
2. **Otherwise uncover.** Play the move that uncovers something which the patience's
   :meth:`~.engine.Patience.reveal_rank` prefers (it reads the move and the face-up cards
   only).
3. **Once nothing is hidden**, the player knows the whole position (and remembers it), and
   the solver itself finishes the game: no peeking is left to do.

Tried and dropped: choosing each move by sampling (deal the hidden cards at random a few
times, let the solver search each world briefly, play the first move that did best, as
card-game programs since GIB do). Within 10 s a deal it won fewer deals than the ranking
above, the searches being too short to see past the next deal.

The player does not remember cards it has seen and that are hidden again (a deeper card of
a Nivernaise packet seen through a flank gap that is filled later): a real player could do
better there.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass

from .clock import TimeLimit
from .engine import Patience, PatienceMove, State
from .solver import SolverVerdict, solve

#: Positions the open planning looks at before each move.
LOOKAHEAD = 200
#: Moves a game may last before the player gives up (it never happens in a fair game).
MOST_MOVES = 5000


@dataclass(frozen=True)
class PlayerResult:
    won: bool
    moves: tuple[PatienceMove, ...]
    position: State
    on_foundations: int
    seconds: float
    #: Positions searched: the plans' and the final solve's (what *nodes* limits).
    nodes: int


def _plan(game: Patience, state: State, lookahead: int, most: int | None = None
          ) -> tuple[tuple[PatienceMove, ...], int, bool]:
    """The moves, none uncovering anything, to the best position within *lookahead*
    positions (() when none beats *state*), the positions looked at, and whether *most*
    (what a node budget has left; None: no cap) cut the plan short. The last position
    expanded may add a few more than *lookahead*, never more than *most*."""
    base = game.score(state)
    best: tuple[int, tuple[PatienceMove, ...]] = (base, ())
    seen = {game.packed(state)}
    waiting: list[tuple[int, int, tuple[PatienceMove, ...], State]] = [(-base, 0, (), state)]
    count = 0
    while waiting and count < lookahead:
        _, _, line, current = heapq.heappop(waiting)
        for move, after in game.successors(current):
            if game.reveals(current, after):
                continue
            k = game.packed(after)
            if k in seen:
                continue
            if count == most:
                return best[1], count, True
            seen.add(k)
            count += 1
            path = line + (move,)
            if game.won(after):
                return path, count, False
            score = game.score(after)
            if score > best[0]:
                best = (score, path)
            heapq.heappush(waiting, (-score, count, path, after))
    return best[1], count, False


def _ranked(game: Patience, state: State, been: set[bytes]) -> PatienceMove | None:
    """The move the patience's :meth:`~.engine.Patience.reveal_rank` prefers among those
    that uncover something (a position after one was never played before: the cards it
    shows were hidden); a move that uncovers nothing only when none does (a forced filling,
    say), and never back to a position already played."""
    successors = list(enumerate(game.successors(state)))
    options = [(game.reveal_rank(state, move), i, move)
               for i, (move, after) in successors if game.reveals(state, after)] or [
        (game.reveal_rank(state, move), i, move)
        for i, (move, after) in successors if game.packed(after) not in been]
    return min(options)[2] if options else None


def play_blind(game: Patience, seed: int, *, seconds: float | TimeLimit | None = 10.0,
               nodes: int | None = None, lookahead: int = LOOKAHEAD,
               start: State | None = None) -> PlayerResult:
    """Plays the deal *seed* as a player who sees only the face-up cards (see above),
    until the game is won, no move is left, or a limit is reached: *seconds* of thinking
    (None: no time limit), or *nodes* positions searched in all (None: no such limit), which
    counts the positions each plan looks at and those the solver expands once nothing is
    hidden (it gets what the plans left); never more than *nodes*: a plan the budget cuts
    short ends the game unplayed (a probe's caller gives the rest to its next step). A node
    limit plays the same moves on any machine; the player stops before a move once either
    limit is spent. *seconds* is read on the wall clock, or on a
    :class:`~.clock.TimeLimit`'s own clock (the CPU time, say), which the final solve reads
    too."""
    limit = TimeLimit.of(seconds)
    state = game.deal(seed) if start is None else start
    moves: list[PatienceMove] = []
    been = {game.packed(state)}
    searched = 0  # positions searched so far: the plans', then the final solve's
    while not game.won(state) and len(moves) < MOST_MOVES:
        if limit.spent() or (nodes is not None and searched >= nodes):
            break
        if game.hidden(state) == 0:
            found = solve(game, seed, start=state, seconds=limit.share(1.0),
                          nodes=None if nodes is None else nodes - searched)
            searched += found.nodes
            if found.verdict is SolverVerdict.WON:
                moves += found.moves
                state = found.position
            break
        plan, looked, cut = _plan(game, state, lookahead,
                                  None if nodes is None else nodes - searched)
        searched += looked
        if cut:
            break  # a plan the budget cut short is not played: what it saw is not enough
        if plan:
            for move in plan:
                state = game.play(state, move)
                been.add(game.packed(state))
            moves += plan
            continue
        chosen = _ranked(game, state, been)
        if chosen is None:
            break
        state = game.play(state, chosen)
        been.add(game.packed(state))
        moves.append(chosen)
    return PlayerResult(game.won(state), tuple(moves), state, game.on_foundations(state),
                        limit.elapsed(), searched)
