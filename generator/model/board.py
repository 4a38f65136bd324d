"""Boards of 64 card-shaped squares. Pure data: standard library only."""
from __future__ import annotations

import enum
import re
from collections.abc import Iterator
from dataclasses import dataclass

from .cards import Colour

FILES = "abcdefgh"
RANKS = 8
_SQUARE = re.compile(r"^([a-h])([1-8])$")


class Shade(enum.Enum):
    DARK = "d"
    LIGHT = "l"

    def __str__(self) -> str:
        return self.name.lower()


def parse_square(name: str) -> tuple[int, int]:
    """Gets (file, rank) counted from 0 for a square name like ``e1``.

    >>> parse_square("e1")
    (4, 0)

    :raises: :exc:`ValueError` if *name* is not a square of an 8x8 board.
    """
    # The engine asks for the 64 names all the time: they are looked up, not parsed.
    known = _XY.get(name) if isinstance(name, str) else None
    if known is not None:
        return known
    match = _SQUARE.match(name.strip().lower()) if isinstance(name, str) else None
    if not match:
        raise ValueError(f"not a square: {name!r} (expected a1 to h8)")
    return FILES.index(match.group(1)), int(match.group(2)) - 1


def square_name(file: int, rank: int) -> str:
    return f"{FILES[file]}{rank + 1}"


def square_order(name: str) -> tuple[int, int]:
    """Sort key: rank by rank from a1, the order boards and layouts are listed in."""
    # Every new position sorts its squares: the 64 names are looked up, not parsed.
    known = _ORDER.get(name)
    if known is not None:
        return known
    file, rank = parse_square(name)
    return rank, file


_XY: dict[str, tuple[int, int]] = {f"{f}{r + 1}": (i, r) for i, f in enumerate(FILES)
                                   for r in range(RANKS)}
_ORDER: dict[str, tuple[int, int]] = {f"{f}{r + 1}": (r, i) for i, f in enumerate("abcdefgh")
                                      for r in range(8)}


@dataclass(frozen=True, slots=True)
class Square:
    """One square of a board: where it is, its colour (None on a colourless board),
    the value it stands for and its shade."""

    file: int
    rank: int
    colour: Colour | None
    value: int | None
    shade: Shade

    @property
    def name(self) -> str:
        return square_name(self.file, self.rank)

    def notation(self) -> str:
        """``R4l``: colour code, value, shade, as in board templates."""
        colour = self.colour.code if self.colour else ""
        value = "" if self.value is None else str(self.value)
        return f"{colour}{value}{self.shade.value}"

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Board:
    """An 8x8 board with its printed edge notation."""

    name: str
    title: str
    squares: tuple[Square, ...]
    top_labels: tuple[Colour, ...] = ()
    bottom_labels: tuple[Colour, ...] = ()
    left_digits: tuple[int, ...] = ()
    right_digits: tuple[int, ...] = ()
    crosswise_digits: tuple[int, ...] = ()
    king_squares: tuple[str, ...] = ()
    thin_line: bool = False
    version: str = "basic"
    notes: str = ""

    def __iter__(self) -> Iterator[Square]:
        return iter(self.squares)

    def __len__(self) -> int:
        return len(self.squares)

    def square(self, name: str) -> Square:
        file, rank = parse_square(name)
        return self.squares[rank * 8 + file]

    def at(self, file: int, rank: int) -> Square:
        return self.squares[rank * 8 + file]

    @property
    def is_coloured(self) -> bool:
        return any(square.colour is not None for square in self.squares)

    def identical_squares(self, colour: Colour, value: int) -> tuple[Square, ...]:
        """The squares a card of *colour* and seniority *value* matches exactly (game 52)."""
        return tuple(s for s in self.squares if s.colour is colour and s.value == value)
