"""Straight lines, rays and neighbours on the 8x8 board, computed once. Standard library only.

Combinations, words and moves all walk the same verticals, horizontals and diagonals, so the
square arithmetic lives here and nowhere else.
"""
from __future__ import annotations

from ..model.board import square_name

#: Every square name in board order (a1, b1 ... h8); index = rank * 8 + file.
SQUARES: tuple[str, ...] = tuple(square_name(f, r) for r in range(8) for f in range(8))
#: Square name -> (file, rank), counted from 0.
XY: dict[str, tuple[int, int]] = {name: (i % 8, i // 8) for i, name in enumerate(SQUARES)}

#: The four line orientations. A line is read along its step; words also read it backwards.
ORIENTATIONS: dict[str, tuple[int, int]] = {
    "vertical": (0, 1),
    "horizontal": (1, 0),
    "diagonal": (1, 1),        # a1 towards h8
    "antidiagonal": (1, -1),   # a8 towards h1
}
#: The eight compass steps of a chess king or queen.
STEPS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1),
                                      (-1, 0), (-1, 1))


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < 8 and 0 <= rank < 8


def _full_lines(step: tuple[int, int]) -> tuple[tuple[str, ...], ...]:
    """Every maximal board line with this step, each listed from its first square."""
    dx, dy = step
    found = []
    for file in range(8):
        for rank in range(8):
            if _on_board(file - dx, rank - dy):
                continue  # not the start of a line: the square before it is on the board
            line = []
            f, r = file, rank
            while _on_board(f, r):
                line.append(square_name(f, r))
                f, r = f + dx, r + dy
            found.append(tuple(line))
    return tuple(sorted(found, key=lambda line: (XY[line[0]][1], XY[line[0]][0])))


#: Orientation -> the maximal lines of that orientation (1 to 8 squares long).
LINES: dict[str, tuple[tuple[str, ...], ...]] = {
    name: _full_lines(step) for name, step in ORIENTATIONS.items()}

#: (square, orientation) -> the one line of that orientation through the square.
LINE_THROUGH: dict[tuple[str, str], tuple[str, ...]] = {
    (square, name): line for name, lines in LINES.items() for line in lines for square in line}


def _ray(square: str, step: tuple[int, int]) -> tuple[str, ...]:
    file, rank = XY[square]
    ray = []
    file, rank = file + step[0], rank + step[1]
    while _on_board(file, rank):
        ray.append(square_name(file, rank))
        file, rank = file + step[0], rank + step[1]
    return tuple(ray)


#: square -> the 8 rays leaving it (nearest square first), empty rays left out.
RAYS: dict[str, tuple[tuple[str, ...], ...]] = {
    square: tuple(ray for ray in (_ray(square, s) for s in STEPS) if ray) for square in SQUARES}

#: square -> its king neighbours (up to 8), in the order of STEPS.
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    square: tuple(ray[0] for ray in RAYS[square]) for square in SQUARES}

#: square -> its neighbours across an edge (not a corner): up to 4.
EDGE_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    square: tuple(ray[0] for s, ray in ((s, _ray(square, s)) for s in STEPS)
                  if ray and 0 in s) for square in SQUARES}

#: square -> [(jumped square, landing square)] one square along each of the 8 steps.
JUMPS: dict[str, tuple[tuple[str, str], ...]] = {
    square: tuple((ray[0], ray[1]) for ray in RAYS[square] if len(ray) >= 2)
    for square in SQUARES}
