"""A move as written, parsed once where it comes in (a game record, ``--moves``, a booklet
example): its form, its squares checked against the board, the card of a lay. The engine's
own moves are :class:`generator.rules.move.Move`; a :class:`MoveText` names one of them, or
says why it cannot. Standard library only.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from ..model.board import parse_square

#: Written for a turn in which the side to move has nothing it may do.
PASS = "pass"

_SQUARE = r"[a-p][1-8]"  # a to p: the crosswise board has 16 verticals
_BOARD_MOVE = re.compile(rf"({_SQUARE})([-x+*>])({_SQUARE}|off)((?:-{_SQUARE})*)")
_OPEN = re.compile(rf"({_SQUARE})=({_SQUARE}|off|hand)?")
_LAY = re.compile(r"([^@\s]+)@(\S+)")
_TURN = re.compile(rf"(?:{_SQUARE}~)+")
GRAMMAR = ("e2-e3, d4xe5, c1+c3, b1-d3-f5, e8-off, c4=, c4=c3, 3R@d4, 3R@hand, c1*c3, "
           "e5>a1, c4~d5~ or pass")


class Form(enum.Enum):
    """The shape of a written move."""

    PASS = "pass"    # pass
    BOARD = "board"  # e2-e3, d4xe5, c1+c3, b1-d3-f5, e8-off, c1*c3, e5>a1
    OPEN = "open"    # c4=, c4=c3, b2=hand
    LAY = "lay"      # 3R@d4, 3R@hand
    TURN = "turn"    # c4~d5~


@dataclass(frozen=True, slots=True)
class MoveText:
    """A written move: *origin* is a square (the card written, for a lay), *sign* the
    board move's separator, *target* a square, ``off``, ``hand`` or empty (an opening in
    place), *squares* every square it names."""

    text: str
    form: Form
    origin: str = ""
    sign: str = ""
    target: str = ""
    squares: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> MoveText | None:
        """*text* as a move of the notation, or None if it is none."""
        if text == PASS:
            return cls(text, Form.PASS)
        if lay := _LAY.fullmatch(text):
            target = lay.group(2)
            return cls(text, Form.LAY, lay.group(1), "@", target,
                       (target,) if re.fullmatch(_SQUARE, target) else ())
        if _TURN.fullmatch(text):
            return cls(text, Form.TURN, squares=tuple(text.rstrip("~").split("~")))
        if opening := _OPEN.fullmatch(text):
            origin, target = opening.group(1), opening.group(2) or ""
            return cls(text, Form.OPEN, origin, "=", target,
                       tuple(s for s in (origin, target) if re.fullmatch(_SQUARE, s)))
        if board := _BOARD_MOVE.fullmatch(text):
            origin, sign, target, path = board.group(1, 2, 3, 4)
            landing = tuple(p for p in path.split("-") if p)
            return cls(text, Form.BOARD, origin, sign, target,
                       tuple(s for s in (origin, target, *landing) if s != "off"))
        return None

    def off_board(self, size: tuple[int, int]) -> str | None:
        """The first square it names that a board of *size* (files, ranks) does not have."""
        for square in self.squares:
            try:
                parse_square(square, *size)
            except ValueError:
                return square
        return None
