"""A move and its kinds: what the engine lists, plays and writes down (``d4xe5``, ``3R@d4``).

The modules of each kind of play (:mod:`.laying`, :mod:`.turning`, :mod:`.pushing`) build
moves of their own; :mod:`.moves` lists and plays them all. Standard library only.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

#: The target of a move that leaves the board over the far edge.
OFF = "off"


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


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A move of the pile on *origin* to *target*.

    For a ``jump`` *path* lists every landing square; an ``exit`` has *target* ``off``; an
    ``open`` has *target* = *origin*, or the square of its value row it is taken to (or
    ``off``) in initial 11. A ``lay`` or ``keep`` has the card as *origin* (``3R``) and the
    square, or ``hand``, as *target*.

    >>> Move("c3", "d4", "beat")
    Move(origin='c3', target='d4', kind=<MoveKind.BEAT: 'beat'>, path=())
    >>> Move("c3", "d4", "grab")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: not a kind of move: 'grab' (expected move, beat, cover, press, jump, ...)
    """

    origin: str
    target: str
    kind: MoveKind = MoveKind.MOVE
    path: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # The engine builds many moves a position and passes MoveKind already: only a
        # caller's string needs parsing.
        if type(self.kind) is not MoveKind:
            object.__setattr__(self, "kind", MoveKind.parse(self.kind))

    def notation(self) -> str:
        """``e2-e3``, ``d4xe5`` (beat or cover), ``c1+c3`` (press), ``b1-d3-f5`` (jumps),
        ``e8-off``, ``c4=`` (open), ``c4=c3`` (open and take to c3), ``3R@d4`` (lay),
        ``3R@hand`` (keep), ``c1*c3`` (take the combination from c1 to c3), ``e5>a1`` (push),
        ``c4~d5~`` (turn the letters on c4 and d5 round)."""
        if self.kind in (MoveKind.LAY, MoveKind.KEEP):
            return f"{self.origin}@{self.target}"
        if self.kind is MoveKind.OPEN:
            return f"{self.origin}=" + (self.target if self.target != self.origin else "")
        if self.kind is MoveKind.TURN:
            return "".join(f"{square}~" for square in self.path)
        if self.path:
            return "-".join((self.origin, *self.path))
        return f"{self.origin}{_SEPARATORS.get(self.kind, '-')}{self.target}"

    def __str__(self) -> str:
        return self.notation()


#: A move as the generator builds it first: (origin, target, kind). Tuples of strings sort
#: in C, in the same order as Move's own ordering for moves without a path.
MoveKey = tuple[str, str, MoveKind]

#: Every move built so far, by its key: a position's moves are looked up, not rebuilt.
BUILT_MOVES: dict[MoveKey, Move] = {}


def cached_move(key: MoveKey) -> Move:
    """The move of *key*, built once."""
    move = BUILT_MOVES.get(key)
    if move is None:
        move = BUILT_MOVES[key] = Move(*key)
    return move


def move_order(move: Move) -> tuple[str, str, str, tuple[str, ...]]:
    """The sort key of moves, the same order as comparing them, but quicker to sort by."""
    return move.origin, move.target, move.kind, move.path
