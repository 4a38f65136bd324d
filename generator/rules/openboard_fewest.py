"""The fewest cards left in basic 65 in the open once the solver has proved that no line
clears the board. Seed000 (card game 65, its patience) calls 1 or 2 cards left a good
result, so a lost deal still has a best line to give. Standard library only.

The clearing search (.solver) gives up every position :class:`.openboard_cut.Cut` proves
unclearable: right for "can it be cleared?", wrong for "how few cards can stay?", since a
position that cannot be cleared may still leave one card. This search asks the second
question: depth first, shifts that take most cards first, and a position is given up only
when :func:`floor` proves that no line from it leaves fewer cards than the best line
already found.
"""
from __future__ import annotations

from collections.abc import Callable

from .lines import SQUARES
from .openboard import Cells, OpenBoard, apply
from .openboard_cut import Cut, PairAt, Prospects

#: A line of shifts on a flat board: (origin, target) square indices.
Line = tuple[tuple[int, int], ...]


def floor(prospects: Prospects, blocked: bool) -> int:
    """At least how many cards every line from a position leaves, read off its
    :meth:`.openboard_cut.Cut.read` (*blocked*: proved unclearable there).

    * The cards in no live pair that no live pair takes never leave (fact 1 of
      :meth:`.openboard_cut.Cut.examine`, which holds for any line, clearing or not);
      nor does some card of a position proved blocked.
    * A shift takes three cards and its extra cards; along any line the extra cards add up
      to at most the count of fact 3 (the cards of the pairs meeting on each square less
      two: the proof there bounds the extra cards of every line, not only of one that
      clears the board). So n cards can come down to k only if k = n, or n - k = 3s + x
      with s >= 1 shifts and x <= that count.
    """
    count, lonely, _, _, extra, _, _ = prospects
    stays = sum(1 for _, _, takes in lonely if not takes)
    if blocked:
        stays = max(stays, 1)
    for left in range(stays, count - 2):
        taken = count - left
        if any((taken - x) % 3 == 0 for x in range(min(extra, 2) + 1)):
            return left
    return count


def fewest(engine: OpenBoard, cut: Cut, cells: Cells, best: tuple[int, Line], goal: int,
           deadline: float, clock: Callable[[], float], table: int
           ) -> tuple[tuple[int, Line], bool, int]:
    """The line from *cells* that leaves fewest cards, starting from *best* (cards left,
    line), a line already known; *goal* is a floor for the whole search (it stops there:
    nothing can do better). Returns the best line, whether it is proved the fewest (the
    search ended, or reached *goal*, before *deadline*), and the positions visited.

    Positions searched are remembered (up to *table*, as bytes): the best line only gets
    shorter, so a position given up or searched once cannot give a better line later."""
    found = [best]
    seen: set[bytes] = set()
    visited = 0
    out_of_time = False

    def search(cells: Cells, left: int, line: Line, near: list[PairAt] | None) -> bool:
        """True stops the search (the goal reached, or out of time)."""
        nonlocal visited, out_of_time
        visited += 1
        if visited % 256 == 0 and clock() > deadline:
            out_of_time = True
            return True
        if left < found[0][0]:
            found[0] = (left, line)
            if left <= goal:
                return True
        key = bytes(cells)
        if key in seen:
            return False
        blocked, near, prospects = cut.read(cells, near)
        if floor(prospects, blocked) < found[0][0]:
            shifts = engine.shifts(cells, settled=True)
            # Most cards first (a good line early sharpens every later floor); the squares
            # keep the order the same from run to run.
            shifts.sort(key=lambda s: (-len(s[2]), SQUARES[s[0]], SQUARES[s[1]]))
            for origin, target, gone in shifts:
                if search(apply(cells, origin, target, gone), left - len(gone),
                          (*line, (origin, target)), near):
                    return True
        if len(seen) < table:
            seen.add(key)
        return False

    if found[0][0] > goal:
        search(cells, sum(1 for card in cells if card), (), None)
    return found[0], not out_of_time, visited
