"""Boards of 64 card-shaped squares: 8x8 lengthwise, or 16x4 with the colourless board
turned crosswise (domain.md 2.3). Pure data: standard library only."""
from __future__ import annotations

import enum
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from types import MappingProxyType
from typing import NewType

from .cards import Colour

#: The files of the usual 8x8 board.
FILES = "abcdefgh"
RANKS = 8
#: File letters of the widest board: the crosswise board has 16 verticals, a to p.
FILE_LETTERS = "abcdefghijklmnop"
MAX_FILES = len(FILE_LETTERS)
MAX_RANKS = 8
#: The board sizes (files, ranks) there are: 64 card-shaped squares either way round.
SIZES: tuple[tuple[int, int], ...] = ((8, 8), (16, 4))
_SQUARE = re.compile(r"^([a-p])([1-9][0-9]?)$")
#: A square's label as written, on the board or past it: a letter and a number.
_LABEL = re.compile(r"^([a-z])([0-9]+)$")
_LAST_NUMBER = re.compile(r"-?[0-9]+$")


class Shade(enum.Enum):
    DARK = "d"
    LIGHT = "l"

    def __str__(self) -> str:
        return self.name.lower()


#: A square's name in its one spelling (``e4``, ``p4`` on the crosswise board), as
#: :func:`square_name` and :func:`checked_square` make it: a checked name, not any string.
SquareName = NewType("SquareName", str)


def parse_square(name: str, files: int = 8, ranks: int = 8) -> tuple[int, int]:
    """Gets (file, rank) counted from 0 for a square name like ``e1`` on a board of
    *files* x *ranks* squares.

    >>> parse_square("e1")
    (4, 0)
    >>> parse_square("p4", 16, 4)
    (15, 3)

    :raises: :exc:`ValueError` if *name* is not a square of that board.
    """
    # The engine asks for the 64 names all the time: they are looked up, not parsed.
    known = _XY.get(name) if isinstance(name, str) else None
    if known is not None and known[0] < files and known[1] < ranks:
        return known
    match = _SQUARE.match(name.strip().lower()) if isinstance(name, str) else None
    if match:
        file, rank = FILE_LETTERS.index(match.group(1)), int(match.group(2)) - 1
        if file < files and rank < ranks:
            return file, rank
    last = square_name(files - 1, ranks - 1)
    raise ValueError(f"not a square: {name!r} (expected a1 to {last})")


def square_name(file: int, rank: int) -> SquareName:
    return SquareName(f"{FILE_LETTERS[file]}{rank + 1}")


def checked_square(name: str, files: int = 8, ranks: int = 8) -> SquareName:
    """*name* in its one spelling (``e4``), checked against a board of *files* x *ranks*.

    >>> checked_square("E4"), checked_square("p4", 16, 4)
    ('e4', 'p4')
    >>> checked_square("i1")
    Traceback (most recent call last):
    ...
    ValueError: not a square: 'i1' (expected a1 to h8)
    """
    return square_name(*parse_square(name, files, ranks))


@cache
def squares_in_order(files: int = 8, ranks: int = 8) -> Mapping[SquareName, int]:
    """Each square of a *files* x *ranks* board -> its place in board order (a1, b1 ...)."""
    return MappingProxyType({square_name(f, r): r * files + f
                             for r in range(ranks) for f in range(files)})


def spelled_square(text: str, files: int = 8, ranks: int = 8) -> SquareName | None:
    """*text* as a square of a *files* x *ranks* board if it is one in its one spelling
    (``e4``, not ``E4``), else None: for text read before it is checked.

    >>> spelled_square("e4"), spelled_square("E4"), spelled_square("p4", 16, 4)
    ('e4', None, 'p4')
    """
    order = squares_in_order(files, ranks)
    return SquareName(text) if text in order else None


def square_order(name: str) -> tuple[int, int]:
    """Sort key: rank by rank from a1, the order validation lists squares in (a layout
    keeps its squares in the same order through :func:`squares_in_order`)."""
    known = _ORDER.get(name)
    if known is not None:
        return known
    # Validation also lists piles written past the board (``d9``, ``q2``) in this order.
    label = _LABEL.match(name)
    if label is None:
        # A pile written so far past the files that its label runs out of letters (the
        # 27th token of a rank is '{8'): after the lettered ones of its rank.
        rank = _LAST_NUMBER.search(name)
        return (int(rank.group()) - 1 if rank else 0), ord(name[0]) - ord("a")
    return int(label.group(2)) - 1, ord(label.group(1)) - ord("a")


def size_name(files: int, ranks: int) -> str:
    """``16x4``: how templates and messages write a board size."""
    return f"{files}x{ranks}"


def parse_size(text: str) -> tuple[int, int]:
    """Gets (files, ranks) from ``8x8`` or ``16x4``.

    :raises: :exc:`ValueError` naming the sizes there are.
    """
    for size in SIZES:
        if text == size_name(*size):
            return size
    raise ValueError(f"not a board size: {text!r} (expected "
                     + " or ".join(size_name(*s) for s in SIZES) + ")")


_XY: dict[str, tuple[int, int]] = {f"{f}{r + 1}": (i, r) for i, f in enumerate(FILE_LETTERS)
                                   for r in range(MAX_RANKS)}
_ORDER: dict[str, tuple[int, int]] = {f"{f}{r + 1}": (r, i) for i, f in enumerate(FILE_LETTERS)
                                      for r in range(MAX_RANKS)}


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
    def name(self) -> SquareName:
        return square_name(self.file, self.rank)

    def notation(self) -> str:
        """``R4l``: colour code, value, shade, as in board templates."""
        colour = self.colour.code if self.colour else ""
        value = "" if self.value is None else str(self.value)
        return f"{colour}{value}{self.shade.value}"

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Board:
    """A board of *files* x *ranks* squares (8x8, or 16x4 turned crosswise) with its
    printed edge notation. *squares* are listed rank by rank from a1.

    Not slotted: what is read off the squares many times a move (:attr:`colours`) is kept
    on the board itself."""

    name: str
    title: str
    squares: tuple[Square, ...]
    top_labels: tuple[Colour, ...] = ()
    bottom_labels: tuple[Colour, ...] = ()
    left_digits: tuple[int, ...] = ()
    right_digits: tuple[int, ...] = ()
    crosswise_digits: tuple[int, ...] = ()
    king_squares: tuple[SquareName, ...] = ()
    thin_line: bool = False
    version: str = "basic"
    notes: str = ""
    files: int = 8
    ranks: int = 8

    def __iter__(self) -> Iterator[Square]:
        return iter(self.squares)

    def __len__(self) -> int:
        return len(self.squares)

    @cached_property
    def colours(self) -> Mapping[SquareName, Colour | None]:
        """Each square's colour by its name (None on a colourless board)."""
        return MappingProxyType({square.name: square.colour for square in self.squares})

    def square(self, name: str) -> Square:
        file, rank = parse_square(name, self.files, self.ranks)
        return self.squares[rank * self.files + file]

    def at(self, file: int, rank: int) -> Square:
        return self.squares[rank * self.files + file]

    @property
    def crosswise(self) -> bool:
        """Whether this is the colourless board turned 90 degrees: 16 verticals of 4."""
        return self.files > self.ranks

    @property
    def size(self) -> tuple[int, int]:
        """(files, ranks)."""
        return self.files, self.ranks

    def has_square(self, name: str) -> bool:
        try:
            parse_square(name, self.files, self.ranks)
        except ValueError:
            return False
        return True

    @property
    def is_coloured(self) -> bool:
        return any(square.colour is not None for square in self.squares)

    def identical_squares(self, colour: Colour, value: int) -> tuple[Square, ...]:
        """The squares a card of *colour* and seniority *value* matches exactly (game 52)."""
        return tuple(s for s in self.squares if s.colour is colour and s.value == value)
