"""Positions: which cards lie on which squares, how they face and who owns them."""
from __future__ import annotations

import enum
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from .board import (FILE_LETTERS, RANKS, SquareName, checked_square, parse_square,
                    spelled_square, square_name, squares_in_order)
from .cards import Card
from .hands import Hands
from .letters import LetterCard
from .seats import Seat


class Side(enum.StrEnum):
    """A player's edge of the board. The values are how TOML, JSON and the CLI spell them.

    >>> Side.parse("north").opponent
    <Side.SOUTH: 'south'>
    >>> Side.parse("South")
    Traceback (most recent call last):
    ...
    ValueError: not a side: 'South' (expected south or north)
    """

    SOUTH = "south"
    NORTH = "north"

    @property
    def opponent(self) -> Side:
        return Side.NORTH if self is Side.SOUTH else Side.SOUTH

    @classmethod
    def parse(cls, value: object) -> Side:
        """Gets a side from its exact spelling, so that a typo fails instead of matching
        no piece.

        :raises: :exc:`ValueError` naming the choices.
        """
        if isinstance(value, Side):
            return value
        if isinstance(value, str) and value in cls._value2member_map_:
            return cls(value)
        raise ValueError(f"not a side: {value!r} (expected {' or '.join(cls)})")


#: Who plays a move or wins: a side in a game of two, a seat in a game of more (initial 7).
Player = Side | Seat


def player_key(player: Player) -> str:
    """How TOML and JSON name *player*: ``south``, ``north``, ``seat1`` ..."""
    return player.key if isinstance(player, Seat) else player.value


class Facing(enum.Enum):
    """Where a card's orientation arrow points. Players aim their arrows at the opponent,
    so a card pointing north belongs to the player sitting at the south edge."""

    NORTH = "^"
    SOUTH = "v"

    @property
    def owner(self) -> Side:
        return Side.SOUTH if self is Facing.NORTH else Side.NORTH


_PIECE = re.compile(r"^(\()?([^()^v]+?)(\))?([\^v])?$")


@dataclass(frozen=True, slots=True)
class Piece:
    """A card as it lies on a square: which card, where its arrow points, face up or down.

    >>> Piece.from_notation("(1B)^")
    Piece.from_notation('(1B)^')
    >>> Piece.from_notation("(1B)^").owner, Piece.from_notation("(1B)^").face_up
    (<Side.SOUTH: 'south'>, False)
    """

    card: Card | LetterCard
    facing: Facing | None = None
    face_up: bool = True

    @property
    def owner(self) -> Side | None:
        return self.facing.owner if self.facing else None

    @property
    def is_test_card(self) -> bool:
        """A face-down card plays the part of a chess king (domain.md 1.7)."""
        return not self.face_up

    @classmethod
    def from_notation(cls, text: str) -> Piece:
        """Parses ``2G^`` (arrow north), ``30Rv`` (arrow south), ``(1B)^`` (face down),
        ``A/R^`` (a letter card), ``5Y`` (no arrow).

        :raises: :exc:`ValueError` if *text* is not a piece.
        """
        match = _PIECE.match(text.strip()) if isinstance(text, str) else None
        if not match or bool(match.group(1)) != bool(match.group(3)):
            raise ValueError(f"not a card on a square: {text!r} "
                             "(expected like 3R^, 30Rv, (1B)^ or A/R^)")
        body = match.group(2)
        card: Card | LetterCard = (LetterCard.from_notation(body) if "/" in body
                                   else Card.from_notation(body))
        facing = Facing(match.group(4)) if match.group(4) else None
        return cls(card, facing, face_up=not match.group(1))

    def notation(self) -> str:
        body = self.card.notation()
        if not self.face_up:
            body = f"({body})"
        return body + (self.facing.value if self.facing else "")

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Piece.from_notation({self.notation()!r})"


Stack = tuple[Piece, ...]


def parse_stack(text: str) -> Stack:
    """A pile, bottom card first: ``2Y^+1Rv`` is 1R pressed onto 2Y (game 48)."""
    return tuple(Piece.from_notation(part) for part in text.split("+"))


def stack_notation(stack: Stack) -> str:
    return "+".join(piece.notation() for piece in stack)


@dataclass(frozen=True, slots=True)
class OffBoard:
    """A pile written at a square the 8x8 board does not have: on a rank key such as
    ``"9"``, or as a ninth token of a rank. Layouts keep it so that validation can list it
    with every other problem instead of stopping at the first.

    >>> OffBoard(3, 9, parse_stack("2Rv")).square, OffBoard(8, 2, parse_stack("3R^")).square
    ('d9', 'i2')
    """

    file: int
    """Counted from 0, as written: 8 and more lie beyond file h."""
    rank: int
    """Counted from 1, as written: outside 1-8 lies beyond the board."""
    stack: Stack

    @property
    def square(self) -> str:
        """The label of the square it was written at, past the board's files and ranks."""
        return f"{chr(ord('a') + self.file)}{self.rank}"

    @property
    def beyond_ranks(self) -> bool:
        """Whether the rank (rather than only the file) lies off the board."""
        return not 1 <= self.rank <= RANKS

    def notation(self) -> str:
        return f"{self.square} {stack_notation(self.stack)}"


@dataclass(frozen=True)
class Layout:
    """An immutable position on a board: square name -> stack of pieces (bottom first).

    Square names are parsed here, once: ``E4`` is kept as ``e4``, the spelling of the rule
    engine's tables, and a square the board of *size* does not have raises ValueError.

    *players* maps each side to the pack or letter set it plays (``"pack1:G1"``).
    *off_board* holds piles written at squares the board does not have; they take no part
    in play, and validation reports each. *hands* holds what lies off the board in games
    that lay cards: each side's hand, stock and taken cards, and a shared pile. *size* is
    (files, ranks) of the board it is written for: (8, 8), or (16, 4) crosswise.
    """

    board: str
    stacks: Mapping[SquareName, Stack] = field(default_factory=dict)
    players: Mapping[Side, str] = field(default_factory=dict)
    name: str = ""
    title: str = ""
    game: str | None = None
    off_board: tuple[OffBoard, ...] = ()
    hands: Hands = field(default_factory=Hands)
    size: tuple[int, int] = (8, 8)

    def __post_init__(self) -> None:
        # The one place a square's name is parsed: every key is checked against the board's
        # size and kept in its one spelling, so the engine's tables (keyed by "e4") find
        # a pile written "E4" and never meet a square the board does not have. The engine
        # makes a layout a move and writes names in that spelling: one lookup each.
        order = squares_in_order(*self.size)
        stacks = self.stacks
        if all(square in order for square in stacks):
            clean = {square: tuple(stacks[square])
                     for square in sorted(stacks, key=order.__getitem__) if stacks[square]}
        else:
            named: dict[SquareName, Stack] = {}
            for written, stack in stacks.items():
                square = checked_square(written, *self.size)
                if square in named:
                    raise ValueError(f"square {square} is written twice")
                if stack:
                    named[square] = tuple(stack)
            clean = {square: named[square] for square in sorted(named, key=order.__getitem__)}
        object.__setattr__(self, "stacks", MappingProxyType(clean))
        players = {Side.parse(side): ref for side, ref in self.players.items()}
        object.__setattr__(self, "players", MappingProxyType(players))
        object.__setattr__(self, "off_board", tuple(self.off_board))

    def __iter__(self) -> Iterator[SquareName]:
        return iter(self.stacks)

    def __len__(self) -> int:
        return len(self.stacks)

    @cached_property
    def memo(self) -> dict[object, object]:
        """What the rule engine has read off this position, by the question asked: a
        layout never changes, and a turn asks some questions twice."""
        return {}

    def items(self) -> Iterator[tuple[SquareName, Stack]]:
        return iter(self.stacks.items())

    def top(self, square: SquareName) -> Piece | None:
        stack = self.stacks.get(square)
        return stack[-1] if stack else None

    def top_written(self, text: str) -> Piece | None:
        """The top piece on the square written *text* (a move's or an annotation's text,
        unchecked): None when the text is no square of this board in its one spelling, as
        when the square is free."""
        square = spelled_square(text, *self.size)
        return self.top(square) if square is not None else None

    def owner(self, square: SquareName) -> Side | None:
        """Who owns the top card on *square*: None for a free square or a card without an
        arrow."""
        piece = self.top(square)
        return piece.owner if piece is not None else None

    def pieces(self) -> Iterator[tuple[SquareName, Piece]]:
        for square, stack in self.stacks.items():
            for piece in stack:
                yield square, piece

    def with_piece(self, square: SquareName, piece: Piece) -> Layout:
        """A new layout with *piece* laid on top of whatever is on *square*."""
        parse_square(square, *self.size)
        stacks = dict(self.stacks)
        stacks[square] = stacks.get(square, ()) + (piece,)
        return self._replace(stacks)

    def without(self, square: SquareName) -> Layout:
        stacks = dict(self.stacks)
        stacks.pop(square, None)
        return self._replace(stacks)

    def _replace(self, stacks: Mapping[SquareName, Stack]) -> Layout:
        return Layout(self.board, stacks, self.players, self.name, self.title, self.game,
                      self.off_board, self.hands, self.size)

    @classmethod
    def from_rows(cls, board: str, rows: Mapping[int, str], *,
                  players: Mapping[Side, str] | None = None, name: str = "", title: str = "",
                  game: str | None = None, hands: Hands | None = None,
                  size: tuple[int, int] = (8, 8)) -> Layout:
        """Builds a layout from rank lines such as ``{1: "2G^ . (1B)^ ..."}``: one token a
        file (8, or 16 on the crosswise board), ``.`` for an empty square.

        :raises: :exc:`ValueError` naming the rank and token at fault.
        """
        files, ranks = size
        stacks: dict[SquareName, Stack] = {}
        for rank, line in rows.items():
            if not 1 <= rank <= ranks:
                raise ValueError(f"rank {rank} is off the board (expected 1 to {ranks})")
            tokens = line.split()
            if len(tokens) != files:
                raise ValueError(f"rank {rank} has {len(tokens)} squares (expected {files})")
            for file, token in enumerate(tokens):
                if token != ".":
                    stacks[square_name(file, rank - 1)] = parse_stack(token)
        return cls(board, stacks, players or {}, name, title, game, (), hands or Hands(),
                   size)

    def rows(self) -> dict[int, str]:
        """The inverse of :meth:`from_rows`, the top rank down to 1, empty ranks left out."""
        files, ranks = self.size
        found = {}
        for rank in range(ranks, 0, -1):
            tokens = [stack_notation(self.stacks[square_name(f, rank - 1)])
                      if square_name(f, rank - 1) in self.stacks else "."
                      for f in range(files)]
            if any(t != "." for t in tokens):
                found[rank] = " ".join(tokens)
        return found

    def __str__(self) -> str:
        width = max([len(stack_notation(s)) for s in self.stacks.values()] + [1])
        files, ranks = self.size
        lines = []
        for rank in range(ranks, 0, -1):
            cells = [stack_notation(self.stacks[square_name(f, rank - 1)])
                     if square_name(f, rank - 1) in self.stacks else "."
                     for f in range(files)]
            lines.append(f"{rank}  " + " ".join(c.rjust(width) for c in cells))
        lines.append("   " + " ".join(f.rjust(width) for f in FILE_LETTERS[:files]))
        if self.off_board:
            lines.append("off the board: " + ", ".join(p.notation() for p in self.off_board))
        lines += self.hands.lines()
        return "\n".join(lines)
