"""Straight lines, rays and neighbours of a board, computed once per board size. Standard
library only.

Combinations, words and moves all walk the same verticals, horizontals and diagonals, so the
square arithmetic lives here and nowhere else. :func:`geometry` builds the tables for a size
(8x8 lengthwise, 16x4 crosswise) and keeps them; the module-level names are the 8x8 tables.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache

from ..model.board import SquareName, square_name

class LineOrientation(enum.StrEnum):
    """The four line orientations, in the order lines are searched and listed."""

    VERTICAL = "vertical"
    HORIZONTAL = "horizontal"
    DIAGONAL = "diagonal"          # a1 towards the far corner
    ANTIDIAGONAL = "antidiagonal"  # top-left towards bottom-right


#: Each orientation's step (files, ranks). A line is read along its step; words also read
#: it backwards.
ORIENTATIONS: dict[LineOrientation, tuple[int, int]] = {
    LineOrientation.VERTICAL: (0, 1),
    LineOrientation.HORIZONTAL: (1, 0),
    LineOrientation.DIAGONAL: (1, 1),
    LineOrientation.ANTIDIAGONAL: (1, -1),
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
    squares: tuple[SquareName, ...]
    #: Square name -> (file, rank), counted from 0.
    xy: dict[SquareName, tuple[int, int]]
    #: Orientation -> the maximal lines of that orientation.
    lines: dict[LineOrientation, tuple[tuple[SquareName, ...], ...]]
    #: (square, orientation) -> the one line of that orientation through the square.
    line_through: dict[tuple[SquareName, LineOrientation], tuple[SquareName, ...]]
    #: square -> the rays leaving it (nearest square first), empty rays left out.
    rays: dict[SquareName, tuple[tuple[SquareName, ...], ...]]
    #: square -> its king neighbours (up to 8), in the order of STEPS.
    neighbours: dict[SquareName, tuple[SquareName, ...]]
    #: square -> its neighbours across an edge (not a corner): up to 4.
    edge_neighbours: dict[SquareName, tuple[SquareName, ...]]
    #: square -> [(jumped square, landing square)] one square along each of the 8 steps.
    jumps: dict[SquareName, tuple[tuple[SquareName, SquareName], ...]]


@cache
def geometry(files: int = 8, ranks: int = 8) -> Geometry:
    """The tables of a *files* x *ranks* board, built on first use and kept."""
    # The tables are keyed and looked up by square names (layout keys, parsed moves).
    squares: tuple[SquareName, ...] = tuple(square_name(f, r) for r in range(ranks)
                                     for f in range(files))
    xy = {name: (i % files, i // files) for i, name in enumerate(squares)}
    lines = {name: _full_lines(files, ranks, xy, step) for name, step in ORIENTATIONS.items()}
    rays = {square: _rays(files, ranks, xy[square], STEPS) for square in squares}
    return Geometry(
        files, ranks, squares, xy, lines, _line_through(lines), rays,
        {square: tuple(r[0] for r in rays[square]) for square in squares},
        {square: tuple(r[0] for r in _rays(files, ranks, xy[square], _EDGE_STEPS))
         for square in squares},
        {square: tuple((r[0], r[1]) for r in rays[square] if len(r) >= 2)
         for square in squares})


#: The steps across an edge of a square, not a corner.
_EDGE_STEPS = tuple(s for s in STEPS if 0 in s)


def _line_through(lines: dict[LineOrientation, tuple[tuple[SquareName, ...], ...]]
                  ) -> dict[tuple[SquareName, LineOrientation], tuple[SquareName, ...]]:
    return {(square, name): line for name, found in lines.items() for line in found
            for square in line}


def _rays(files: int, ranks: int, start: tuple[int, int],
          steps: tuple[tuple[int, int], ...]) -> tuple[tuple[SquareName, ...], ...]:
    """The rays leaving *start* along *steps*, empty ones left out."""
    return tuple(r for r in (_ray(files, ranks, start, s) for s in steps) if r)


def _on_board(files: int, ranks: int, file: int, rank: int) -> bool:
    return 0 <= file < files and 0 <= rank < ranks


def _full_lines(files: int, ranks: int, xy: dict[SquareName, tuple[int, int]],
                step: tuple[int, int]) -> tuple[tuple[SquareName, ...], ...]:
    """Every line of the board along *step*, each from the edge square it starts at."""
    dx, dy = step
    found = []
    for file in range(files):
        for rank in range(ranks):
            if _on_board(files, ranks, file - dx, rank - dy):
                continue  # not the start of a line: the square before it is on the board
            found.append(_ray(files, ranks, (file - dx, rank - dy), step))
    return tuple(sorted(found, key=lambda line: (xy[line[0]][1], xy[line[0]][0])))


def _ray(files: int, ranks: int, start: tuple[int, int], step: tuple[int, int]
         ) -> tuple[SquareName, ...]:
    """The squares from *start* (not included) along *step* to the edge."""
    found = []
    file, rank = start[0] + step[0], start[1] + step[1]
    while _on_board(files, ranks, file, rank):
        found.append(square_name(file, rank))
        file, rank = file + step[0], rank + step[1]
    return tuple(found)


_EIGHT = geometry(8, 8)
#: The 8x8 tables, as most games use them.
SQUARES: tuple[SquareName, ...] = _EIGHT.squares
XY: dict[SquareName, tuple[int, int]] = _EIGHT.xy
LINES: dict[LineOrientation, tuple[tuple[SquareName, ...], ...]] = _EIGHT.lines
LINE_THROUGH: dict[tuple[SquareName, LineOrientation], tuple[SquareName, ...]] = _EIGHT.line_through
RAYS: dict[SquareName, tuple[tuple[SquareName, ...], ...]] = _EIGHT.rays
NEIGHBOURS: dict[SquareName, tuple[SquareName, ...]] = _EIGHT.neighbours
EDGE_NEIGHBOURS: dict[SquareName, tuple[SquareName, ...]] = _EIGHT.edge_neighbours
JUMPS: dict[SquareName, tuple[tuple[SquareName, SquareName], ...]] = _EIGHT.jumps
