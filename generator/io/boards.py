"""Boards from their TOML templates: squares with colours, shades and values, the edge
bands and their digits, the king squares.
"""
from __future__ import annotations

import re
from typing import Any

from ..errors import TemplateError
from ..model.board import FILE_LETTERS, Board, Shade, Square, checked_square, parse_size
from ..model.cards import VERSIONS, Colour
from .reader import Reader, read_colour

_CELL = re.compile(r"^([RYGB])?([1-9])?([dl])$")


def size_from_toml(reader: Reader) -> tuple[int, int]:
    """The optional ``size`` key: "8x8" (the default) or "16x4" (turned crosswise)."""
    text = reader.string("size", "8x8")
    try:
        return parse_size(text)
    except ValueError:
        raise reader.fail("size", "8x8 or 16x4 (files x ranks)", text) from None


def board_from_toml(name: str, reader: Reader) -> Board:
    title = reader.string("title")
    version = reader.choice("version", {v: v for v in VERSIONS}, "basic")
    notes = reader.string("notes", "")
    thin_line = reader.boolean("thin_line", False)
    files, ranks = size_from_toml(reader)
    last = FILE_LETTERS[files - 1]
    names = frozenset(f"{f}{r}" for f in FILE_LETTERS[:files] for r in range(1, ranks + 1))
    written = reader.strings("king_squares", [])
    for i, square in enumerate(written):
        # Exactly as the board names its squares: "e1 " or "E1" would name none of them.
        if square not in names:
            raise reader.fail(f"king_squares[{i}]", f"a square a1 to {last}{ranks} (lower "
                              "case, no spaces)", square)
    kings = [checked_square(square, files, ranks) for square in written]
    edges = reader.table("edges", default_empty=True)
    top = tuple(read_colour(edges, f"top[{i}]", c)
                for i, c in enumerate(_n(edges, "top", files)))
    bottom = tuple(read_colour(edges, f"bottom[{i}]", c)
                   for i, c in enumerate(_n(edges, "bottom", files)))
    left = tuple(_digits(edges, "left", ranks))
    right = tuple(_digits(edges, "right", ranks))
    # The 16 crosswise digits: the half-rows of the 8x8 board, or the 16 verticals of the
    # board turned crosswise (domain.md 2.3).
    crosswise = tuple(_digits(edges, "crosswise", 16))
    edges.finish()
    rows = reader.table("rows")
    squares: dict[tuple[int, int], Square] = {}
    for key in rows.keys():
        if key not in {str(r) for r in range(1, ranks + 1)}:
            raise rows.fail(key, f"a rank 1 to {ranks} as the key", key)
        cells = rows.words(key)
        if len(cells) != files:
            raise rows.fail(key, f"{files} squares (one per file a-{last})", f"{len(cells)}",
                            raw=True)
        rank = int(key) - 1
        for file, cell in enumerate(cells):
            match = _CELL.match(cell)
            if not match:
                raise rows.fail(f"{key}[{file}]", "a square like R4l or B8d (colour R/Y/G/B, "
                                "value, d for dark or l for light) or 4d on a colourless "
                                "board", cell)
            colour = Colour(match.group(1)) if match.group(1) else None
            value = int(match.group(2)) if match.group(2) else None
            squares[(file, rank)] = Square(file, rank, colour, value,
                                           Shade(match.group(3)))
    missing = [r for r in range(1, ranks + 1) if (0, r - 1) not in squares]
    if missing:
        raise rows.fail(str(missing[0]), f"all {ranks} ranks", None, hint="rank is missing")
    reader.finish()
    board = Board(name, title,
                  tuple(squares[(f, r)] for r in range(ranks) for f in range(files)),
                  top, bottom, left, right, crosswise, tuple(kings), thin_line, version, notes,
                  files, ranks)
    _check_edges(board, reader)
    return board


def _n(reader: Reader, key: str, n: int) -> list[Any]:
    value = reader.raw(key, [], f"a list of {n}")
    if not isinstance(value, list) or len(value) not in (0, n):
        raise reader.fail(key, f"a list of {n} (or an empty list)", value)
    return value


def _digits(reader: Reader, key: str, n: int) -> list[int]:
    value = _n(reader, key, n)
    for i, v in enumerate(value):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 9:
            raise reader.fail(f"{key}[{i}]", "a digit 0-9", v)
    return value


def _check_edges(board: Board, reader: Reader) -> None:
    """Edge colour labels mark the verticals: the lower half takes the bottom labels and the
    upper half the top ones (the colours cross at the middle line)."""
    half = board.ranks // 2
    for labels, ranks, edge in ((board.bottom_labels, range(0, half), "bottom"),
                                (board.top_labels, range(half, board.ranks), "top")):
        for file, label in enumerate(labels):
            for rank in ranks:
                square = board.at(file, rank)
                if square.colour is not label:
                    raise TemplateError(
                        reader.path, f"rows.{rank + 1}[{file}]",
                        problem=f"square {square.name} does not match the {edge} edge label",
                        expected=f"{label} like the label of file {FILE_LETTERS[file]}",
                        got=str(square.colour or "no colour"))
