"""Straight lines, rays and neighbours of a board, computed once per board size. Standard
library only.

Combinations, words and moves all walk the same verticals, horizontals and diagonals, so the
square arithmetic lives here and nowhere else. :func:`geometry` builds the tables for a size
(8x8 lengthwise, 16x4 crosswise) and keeps them; the module-level names are the 8x8 tables.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..model.board import square_name

#: The four line orientations. A line is read along its step; words also read it backwards.
ORIENTATIONS: dict[str, tuple[int, int]] = {
    "vertical": (0, 1),
    "horizontal": (1, 0),
    "diagonal": (1, 1),        # a1 towards the far corner
    "antidiagonal": (1, -1),   # top-left towards bottom-right
}
#: The eight compass steps of a chess king or queen.
STEPS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1),
                                      (-1, 0), (-1, 1))


@dataclass(frozen=True, eq=False)
class Geometry:
    """The square tables of one board size. Build it with :func:`geometry`."""

    files: int
    ranks: int
    #: Every square name in board order (a1, b1 ...); index = rank * files + file.
    squares: tuple[str, ...]
    #: Square name -> (file, rank), counted from 0.
    xy: dict[str, tuple[int, int]]
    #: Orientation -> the maximal lines of that orientation.
    lines: dict[str, tuple[tuple[str, ...], ...]]
    #: (square, orientation) -> the one line of that orientation through the square.
    line_through: dict[tuple[str, str], tuple[str, ...]]
    #: square -> the rays leaving it (nearest square first), empty rays left out.
    rays: dict[str, tuple[tuple[str, ...], ...]]
    #: square -> its king neighbours (up to 8), in the order of STEPS.
    neighbours: dict[str, tuple[str, ...]]
    #: square -> its neighbours across an edge (not a corner): up to 4.
    edge_neighbours: dict[str, tuple[str, ...]]
    #: square -> [(jumped square, landing square)] one square along each of the 8 steps.
    jumps: dict[str, tuple[tuple[str, str], ...]]


@cache
def geometry(files: int = 8, ranks: int = 8) -> Geometry:
    """The tables of a *files* x *ranks* board, built on first use and kept."""
    def on_board(file: int, rank: int) -> bool:
        return 0 <= file < files and 0 <= rank < ranks

    squares = tuple(square_name(f, r) for r in range(ranks) for f in range(files))
    xy = {name: (i % files, i // files) for i, name in enumerate(squares)}

    def full_lines(step: tuple[int, int]) -> tuple[tuple[str, ...], ...]:
        dx, dy = step
        found = []
        for file in range(files):
            for rank in range(ranks):
                if on_board(file - dx, rank - dy):
                    continue  # not the start of a line: the square before it is on the board
                line = []
                f, r = file, rank
                while on_board(f, r):
                    line.append(square_name(f, r))
                    f, r = f + dx, r + dy
                found.append(tuple(line))
        return tuple(sorted(found, key=lambda line: (xy[line[0]][1], xy[line[0]][0])))

    def ray(square: str, step: tuple[int, int]) -> tuple[str, ...]:
        file, rank = xy[square]
        found = []
        file, rank = file + step[0], rank + step[1]
        while on_board(file, rank):
            found.append(square_name(file, rank))
            file, rank = file + step[0], rank + step[1]
        return tuple(found)

    lines = {name: full_lines(step) for name, step in ORIENTATIONS.items()}
    rays = {square: tuple(r for r in (ray(square, s) for s in STEPS) if r)
            for square in squares}
    return Geometry(
        files, ranks, squares, xy, lines,
        {(square, name): line for name, found in lines.items() for line in found
         for square in line},
        rays,
        {square: tuple(r[0] for r in rays[square]) for square in squares},
        {square: tuple(r[0] for s, r in ((s, ray(square, s)) for s in STEPS) if r and 0 in s)
         for square in squares},
        {square: tuple((r[0], r[1]) for r in rays[square] if len(r) >= 2)
         for square in squares})


_EIGHT = geometry(8, 8)
#: The 8x8 tables, as most games use them.
SQUARES: tuple[str, ...] = _EIGHT.squares
XY: dict[str, tuple[int, int]] = _EIGHT.xy
LINES: dict[str, tuple[tuple[str, ...], ...]] = _EIGHT.lines
LINE_THROUGH: dict[tuple[str, str], tuple[str, ...]] = _EIGHT.line_through
RAYS: dict[str, tuple[tuple[str, ...], ...]] = _EIGHT.rays
NEIGHBOURS: dict[str, tuple[str, ...]] = _EIGHT.neighbours
EDGE_NEIGHBOURS: dict[str, tuple[str, ...]] = _EIGHT.edge_neighbours
JUMPS: dict[str, tuple[tuple[str, str], ...]] = _EIGHT.jumps
