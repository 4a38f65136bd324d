"""The fewest cards left in basic 65 in the open once the solver has proved that no line
clears the board. Seed000 (card game 65, its patience) calls 1 or 2 cards left a good
result, so a lost deal still has a best line to give. Standard library only.

The clearing search (.solver) gives up every position :class:`.openboard_cut.Cut` proves
unclearable: right for "can it be cleared?", wrong for "how few cards can stay?", since a
position that cannot be cleared may still leave one card. This search asks the second
question: depth first, shifts that take most cards first, and a position is given up only
when :func:`floor` (or :func:`one_is_too_few`) proves that no line from it leaves fewer
cards than the best line already found.
"""
from __future__ import annotations

from collections.abc import Callable

from .lines import SQUARES
from .openboard import Cells, OpenBoard, apply
from .openboard_cut import Cut, PairAt, Prospects

#: A line of shifts on a flat board: (origin, target) square indices.
Line = tuple[tuple[int, int], ...]


def floor(prospects: Prospects, stays: int = 0) -> int:
    """At least how many cards every line from a position leaves, read off its
    :meth:`.openboard_cut.Cut.read`, *stays* being a floor known otherwise (1 on a board
    proved unclearable).

    * The cards in no live pair that no live pair takes never leave (fact 1 of
      :meth:`.openboard_cut.Cut.examine`, which holds for any line, clearing or not).
    * A shift takes three cards and its extra cards; along any line the extra cards add up
      to at most the count of fact 3 (the cards of the pairs meeting on each square less
      two: the proof there bounds the extra cards of every line, not only of one that
      clears the board). So n cards can come down to k only if k = n, or n - k = 3s + x
      with s >= 1 shifts and x <= that count.
    """
    count, lonely, _, _, extra, _, _ = prospects
    stays = max(stays, sum(1 for _, _, takes in lonely if not takes))
    for left in range(stays, count - 2):
        taken = count - left
        if any((taken - x) % 3 == 0 for x in range(min(extra, 2) + 1)):
            return left
    return count


def one_is_too_few(cut: Cut, cells: Cells, near: list[PairAt], prospects: Prospects) -> bool:
    """True when no line from *cells*, a board that cannot be cleared, leaves one card: a
    proof. A line that leaves card c alone never moves c nor takes it, and c is in none
    of the combinations it makes (a combination leaves whole), so the same line clears
    the board without c (on which no combination lies either, as the cut asks). So if
    the cut proves every such board blocked, at least two cards stay. A stranded card
    (fact 1) never leaves, so if there is one it is the only c to try, and two stranded
    cards are two cards that stay."""
    stranded = [square for square, _, takes in prospects[1] if not takes]
    if len(stranded) > 1:
        return True
    for square in stranded or [square for square in range(64) if cells[square]]:
        card = cells[square]
        cells[square] = 0
        try:
            if not cut.examine(cells, near)[0]:
                return False
        finally:
            cells[square] = card
    return True


def fewest(engine: OpenBoard, cut: Cut, cells: Cells, best: tuple[int, Line],
           deadline: float, clock: Callable[[], float], table: int,
           nodes: int | None = None) -> tuple[tuple[int, Line], bool, int]:
    """The line from *cells*, a board proved unclearable, that leaves fewest cards,
    starting from *best* (cards left, line), a line already known. Returns the best line,
    whether it is proved the fewest (the search ended, or reached the floor of *cells*,
    before *deadline* and within *nodes* positions, None for no such limit), and the
    positions visited.

    Depth first, shifts that take most cards first; a position is given up when its
    :func:`floor` (and :func:`one_is_too_few`, while one card is sought) proves that it
    cannot leave fewer cards than the best line found. Positions searched are remembered
    (up to *table*, as bytes): the best line only gets shorter, so a position given up or
    searched once cannot give a better line later."""
    found = [best]
    seen: set[bytes] = set()
    visited = 0
    stopped = False
    aim = 0

    def search(cells: Cells, left: int, line: Line, near: list[PairAt] | None) -> bool:
        """True stops the search (a line that leaves *goal* cards, or past a limit).
        *aim* is the most cards a line must leave to be worth finding: one fewer than the
        best line found so far."""
        nonlocal visited, stopped, aim
        if nodes is not None and visited >= nodes:
            stopped = True
            return True
        visited += 1
        if visited % 256 == 0 and clock() > deadline:
            stopped = True
            return True
        if left < found[0][0]:
            found[0] = (left, line)
            aim = left - 1
            if left <= goal:
                return True
        key = bytes(cells)
        if key in seen:
            return False
        _, near, prospects = cut.read(cells, near)
        # Every position here comes from one that cannot be cleared: one card stays.
        low = floor(prospects, 1)
        # Only worth asking while a line that leaves one card is what is sought.
        if low == 1 and aim == 1 and one_is_too_few(cut, cells, near, prospects):
            low = floor(prospects, 2)
        if low <= aim:
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

    _, near, prospects = cut.read(cells)
    goal = floor(prospects, 1)
    if goal == 1 and one_is_too_few(cut, cells, near, prospects):
        goal = floor(prospects, 2)
    if found[0][0] > goal:
        aim = found[0][0] - 1
        search(cells, sum(1 for card in cells if card), (), None)
    # Stopped by a limit, the best line is the best found; otherwise every line that could
    # leave fewer cards was searched, or the floor of the start was reached.
    return found[0], not stopped, visited
