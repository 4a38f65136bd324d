"""A move and its kinds: what the engine lists, plays and writes down (``d4xe5``, ``3R@d4``).

The modules of each kind of play (:mod:`.laying`, :mod:`.turning`, :mod:`.pushing`) build
moves of their own; :mod:`.moves` lists and plays them all. Standard library only.
"""
from __future__ import annotations

import enum
import functools
from dataclasses import dataclass
from typing import cast

from ..model.board import SquareName


class Beyond(enum.StrEnum):
    """Where a card goes that is no square of the board: the target of an exit, of a
    keep and of some openings. The values are the spelling of the notation (``e8-off``,
    ``3R@hand``)."""

    OFF = "off"    # over the far edge, or out of the game (initial 11)
    HAND = "hand"  # into the mover's hand


#: The target of a move that leaves the board over the far edge.
OFF = Beyond.OFF
#: The target of a keep, and of an opening that takes the card into the hand.
HAND = Beyond.HAND
#: The spellings of the targets beyond the board (a move written by hand may hold a plain
#: ``"off"``).
_BEYOND = frozenset(b.value for b in Beyond)


class MoveKind(enum.StrEnum):
    """What a move does. The values are the spelling of tools and tests."""

    MOVE = "move"    # onto a free square
    BEAT = "beat"    # onto an opponent's card, which leaves the board
    COVER = "cover"  # onto the opponent's face-down test card: the winning move
    PRESS = "press"  # onto a card, which stays under the presser (game 48)
    JUMP = "jump"    # over matching neighbours onto free squares (game 5)
    SHIFT = "shift"  # to any free square, to make a combination or word
    EXIT = "exit"    # over the far edge, off the board (word game 1)
    OPEN = "open"    # a face-down card turned up where it lies (or taken to its row)
    LAY = "lay"      # a card from the hand or the top of a stock laid on a square
    KEEP = "keep"    # the top card of a stock, fitting nowhere, kept in the hand
    TAKE = "take"    # a combination lying on the board taken off (see .taking)
    PUSH = "push"    # an opponent's card beside the one just laid moved away (initial 12)
    TURN = "turn"    # letters of a word just made turned round where they lie (puzzle 5)

    @classmethod
    def parse(cls, value: object) -> MoveKind:
        """:raises: :exc:`ValueError` naming the kinds."""
        if isinstance(value, MoveKind):
            return value
        if isinstance(value, str) and value in cls._value2member_map_:
            return cls(value)
        raise ValueError(f"not a kind of move: {value!r} (expected {', '.join(cls)})")


_SEPARATORS = {MoveKind.BEAT: "x", MoveKind.COVER: "x", MoveKind.PRESS: "+",
               MoveKind.TAKE: "*", MoveKind.PUSH: ">"}


@functools.total_ordering
@dataclass(frozen=True, slots=True, eq=True)
class Move:
    """A move of one kind: the pile on the square *origin* goes to *target*, or *card* is
    laid from the hand (or a stock) on *target*.

    *target* is a square or a :class:`Beyond` (``off`` for an exit, ``hand`` for a keep).
    A ``lay`` or ``keep`` has no *origin* (None) and its *card* in card notation (``3R``,
    ``A/R``); every other kind has an *origin* and no *card*. For a ``jump`` *path* lists
    every landing square; an ``open`` has *target* = *origin*, or the square of its value
    row it is taken to (or ``off``) in initial 11. Moves sort by their notation's parts
    (what they move, where to, the kind), as :func:`move_order` does.

    >>> Move(MoveKind.BEAT, "c3", "d4")
    Move(kind=<MoveKind.BEAT: 'beat'>, origin='c3', target='d4', card=None, path=())
    >>> str(Move.lay("3R", "d4")), str(Move.keep("3R"))
    ('3R@d4', '3R@hand')
    >>> Move("grab", "c3", "d4")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: not a kind of move: 'grab' (expected move, beat, cover, press, jump, ...)
    """

    kind: MoveKind
    origin: SquareName | None
    target: SquareName | Beyond
    card: str | None = None
    path: tuple[SquareName, ...] = ()

    def __post_init__(self) -> None:
        # The engine builds many moves a position and passes MoveKind already: only a
        # caller's string needs parsing.
        if type(self.kind) is not MoveKind:
            object.__setattr__(self, "kind", MoveKind.parse(self.kind))

    @classmethod
    def lay(cls, card: str, square: SquareName) -> Move:
        """*card* (its notation) laid from the hand or a stock on *square*."""
        return cls(MoveKind.LAY, None, square, card)

    @classmethod
    def keep(cls, card: str) -> Move:
        """*card*, the top of a stock that fits nowhere, kept in the hand."""
        return cls(MoveKind.KEEP, None, Beyond.HAND, card)

    @property
    def square(self) -> SquareName:
        """The square the moving pile leaves.

        :raises: :exc:`ValueError` for a lay or keep, which leave none.
        """
        if self.origin is None:
            raise ValueError(f"{self}: a {self.kind} leaves no square")
        return self.origin

    @property
    def target_square(self) -> SquareName:
        """The square the move ends on.

        :raises: :exc:`ValueError` for an exit or a keep, which end on none.
        """
        if self.target in _BEYOND:
            raise ValueError(f"{self}: a {self.kind} ends on no square")
        return cast(SquareName, self.target)

    @property
    def start(self) -> str:
        """What the notation writes first: the square left, or the card laid."""
        origin = self.origin if self.origin is not None else self.card
        if origin is None:
            raise ValueError(f"a {self.kind} move needs an origin square or a card")
        return origin

    def notation(self) -> str:
        """``e2-e3``, ``d4xe5`` (beat or cover), ``c1+c3`` (press), ``b1-d3-f5`` (jumps),
        ``e8-off``, ``c4=`` (open), ``c4=c3`` (open and take to c3), ``3R@d4`` (lay),
        ``3R@hand`` (keep), ``c1*c3`` (take the combination from c1 to c3), ``e5>a1`` (push),
        ``c4~d5~`` (turn the letters on c4 and d5 round)."""
        if self.kind in (MoveKind.LAY, MoveKind.KEEP):
            return f"{self.card}@{self.target}"
        if self.kind is MoveKind.OPEN:
            return f"{self.origin}=" + (self.target if self.target != self.origin else "")
        if self.kind is MoveKind.TURN:
            return "".join(f"{square}~" for square in self.path)
        if self.path:
            return "-".join((self.start, *self.path))
        return f"{self.origin}{_SEPARATORS.get(self.kind, '-')}{self.target}"

    def __str__(self) -> str:
        return self.notation()

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return move_order(self) < move_order(other)


#: A move as the generator builds it first: (origin, target, kind). Tuples of strings sort
#: in C, in the same order as Move's own ordering for moves without a path.
MoveKey = tuple[SquareName, SquareName | Beyond, MoveKind]

#: Every move built so far, by its key: a position's moves are looked up, not rebuilt.
BUILT_MOVES: dict[MoveKey, Move] = {}


def cached_move(key: MoveKey) -> Move:
    """The move of *key*, built once."""
    move = BUILT_MOVES.get(key)
    if move is None:
        move = BUILT_MOVES[key] = Move(key[2], key[0], key[1])
    return move


def move_order(move: Move) -> tuple[str, str, str, tuple[str, ...]]:
    """The sort key of moves, the same order as comparing them, but quicker to sort by:
    the square left (the card laid), the target, the kind, the path."""
    origin = move.origin
    return (origin if origin is not None else move.card or "", move.target, move.kind,
            move.path)
