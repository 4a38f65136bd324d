"""What a figure shows, as plain data: the view (side, crop, coordinates, size, caption) and
the annotations (highlighted squares, arrows in the engine's move notation, marks, crossed-out
cards, the last move, what to ask the rule engine). Pure: standard library and model only.

Every ``parse_*`` function takes the text a user writes, on the command line or in a layout's
``[figure]`` table, and raises :exc:`ValueError` with a sentence saying what was expected; the
callers add where the text came from.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..model.board import FILE_LETTERS, MAX_FILES, MAX_RANKS, parse_square
from ..model.layout import Stack
from ..rules.notation import GRAMMAR, Form, MoveText

#: Colours by name, for annotations; anything else must be written ``#rrggbb``.
COLOURS = {
    "red": "#d62728", "green": "#2ca02c", "blue": "#1f5fbf", "yellow": "#f2c200",
    "orange": "#ff7f0e", "purple": "#8e44ad", "black": "#1b1b1b", "grey": "#7f7f7f",
    "white": "#ffffff", "magenta": "#f000c8",
}
#: A highlight's colour when none is named: magenta, a hue no square of a board has, at
#: least 80 CIELAB units from every square colour (yellow was lost on yellow squares).
HIGHLIGHT = "magenta"
#: ``forbidden`` is a ring with a slash, the sign for "not allowed": a card that may not be
#: beaten or a square that may not be entered. (A cross means a card taken, and only that.)
MARK_SHAPES = ("circle", "cross", "dot", "forbidden")
#: What ``--show`` asks the rule engine; ``moves`` takes a square (``moves:c3``).
SHOWS = ("combos", "words", "moves", "threats")

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
_SQ = r"[a-p][1-8]"  # a to p: the crosswise board has 16 files; the board checks
_MOVE = re.compile(rf"^({_SQ})(?:(=)|-(off)|([-x+])({_SQ})((?:-{_SQ})*))$")


def parse_colour(text: str) -> str:
    """``red`` or ``#1f5fbf`` -> ``#rrggbb`` (lower case).

    >>> parse_colour("Green"), parse_colour("#ABCDEF")
    ('#2ca02c', '#abcdef')
    """
    name = text.strip().lower()
    if name in COLOURS:
        return COLOURS[name]
    if _HEX.match(name):
        return name
    raise ValueError(f"unknown colour {text!r} (expected one of {', '.join(COLOURS)} "
                     "or #rrggbb)")


def parse_square_name(text: str) -> str:
    """A square name a1-h8 (a1-p4 on the crosswise board), lower case. Whether the board
    drawn has it is checked with the board (:meth:`Figure.squares`).

    >>> parse_square_name("C3")
    'c3'
    """
    name = text.strip().lower()
    try:
        parse_square(name, MAX_FILES, MAX_RANKS)
    except ValueError:
        raise ValueError(f"not a square: {text!r} (expected a1 to h8, or a1 to p4 on the "
                         "crosswise board)") from None
    return name


def _split_colour(text: str, default: str) -> tuple[str, str]:
    body, _, colour = text.partition(":")
    return body.strip(), parse_colour(colour) if colour else COLOURS[default]


@dataclass(frozen=True, slots=True)
class Crop:
    """The rectangle of squares a figure shows, files and ranks counted from 0.

    >>> Crop.parse("d4:a1")
    Crop(files=(0, 3), ranks=(0, 3))
    """

    files: tuple[int, int] = (0, 7)
    ranks: tuple[int, int] = (0, 7)

    @classmethod
    def parse(cls, text: str) -> Crop:
        corners = text.split(":")
        if len(corners) != 2:
            raise ValueError(f"not a crop: {text!r} (expected two corners like a1:d4)")
        (f1, r1), (f2, r2) = (parse_square(parse_square_name(c), MAX_FILES, MAX_RANKS)
                              for c in corners)
        return cls((min(f1, f2), max(f1, f2)), (min(r1, r2), max(r1, r2)))

    def notation(self) -> str:
        return (f"{FILE_LETTERS[self.files[0]]}{self.ranks[0] + 1}:"
                f"{FILE_LETTERS[self.files[1]]}{self.ranks[1] + 1}")


@dataclass(frozen=True, slots=True)
class Arrow:
    """A move drawn as an arrow: the squares it visits from *origin* (the last may be
    ``off``, the far edge), how it ends (``-`` onto a free square, ``x`` beating, ``+``
    pressing, ``=`` opening a card where it lies) and its colour.

    >>> Arrow.parse("a1-c3-e5:red")
    Arrow(origin='a1', stops=('c3', 'e5'), kind='-', colour='#d62728', mover=None)
    >>> Arrow.parse("d1=").notation(), Arrow.parse("c7-off").stops
    ('d1=', ('off',))
    """

    origin: str
    stops: tuple[str, ...]
    kind: str = "-"
    colour: str = COLOURS["blue"]
    mover: str | None = None
    """Who made the move (``south``, ``north``), when its card is no longer on the origin:
    a card that left the board goes off over the mover's far edge."""

    @classmethod
    def parse(cls, text: str, default: str = "blue") -> Arrow:
        body, colour = _split_colour(text, default)
        match = _MOVE.match(body.lower())
        if not match:
            raise ValueError(f"not a move: {body!r} (expected like c3-d4, c3xb4, d2+d5, "
                             "a1-c3-e5, c7-off or d1=)")
        origin, opened, off, sep, target, jumps = match.groups()
        if opened:
            return cls(origin, (), "=", colour)
        if off:
            return cls(origin, ("off",), "-", colour)
        stops = (target, *[s for s in jumps.split("-") if s])
        if len(stops) > 1 and sep != "-":
            raise ValueError(f"not a move: {body!r} (a chain of jumps is written with '-')")
        return cls(origin, stops, sep, colour)

    def notation(self) -> str:
        if self.kind == "=":
            return f"{self.origin}="
        return self.origin + self.kind + "-".join(self.stops)

    @classmethod
    def of_move(cls, text: str, mover: str | None = None) -> Arrow | None:
        """The last move *text* (any form the engine plays) as a figure marks it: every
        square it names is tinted, and a card that left the board gets an arrow over the
        edge. None for a move that names no square of the board (a pass, a card kept in
        the hand).

        >>> Arrow.of_move("c2~e2~")
        Arrow(origin='c2', stops=('e2',), kind='~', colour='#1f5fbf', mover=None)
        >>> Arrow.of_move("3R@d4").origin, Arrow.of_move("3R@hand"), Arrow.of_move("pass")
        ('d4', None, None)
        >>> Arrow.of_move("c1*c3").stops, Arrow.of_move("c4=c3").stops
        (('c3',), ('c3',))
        """
        move = MoveText.parse(text)
        if move is None:
            raise ValueError(f"not a move: {text!r} (expected like {GRAMMAR})")
        if move.form is Form.BOARD and move.sign in "-x+":
            return replace(cls.parse(text), mover=mover)
        squares = move.squares
        if not squares:
            return None
        kind = {Form.BOARD: move.sign, Form.OPEN: "=", Form.LAY: "@", Form.TURN: "~"}
        return cls(squares[0], tuple(squares[1:]), kind[move.form], mover=mover)


@dataclass(frozen=True, slots=True)
class Mark:
    """A circle, cross (a card taken), dot or no-entry sign (``forbidden``) on a square.

    >>> Mark.parse("e5:circle:green")
    Mark(square='e5', shape='circle', colour='#2ca02c')
    """

    square: str
    shape: str = "circle"
    colour: str = COLOURS["red"]

    @classmethod
    def parse(cls, text: str) -> Mark:
        square, _, rest = text.partition(":")
        shape, _, colour = rest.partition(":")
        shape = shape.strip().lower() or "circle"
        if shape not in MARK_SHAPES:
            raise ValueError(f"unknown mark {shape!r} (expected {', '.join(MARK_SHAPES)})")
        return cls(parse_square_name(square), shape,
                   parse_colour(colour) if colour else COLOURS["red"])


@dataclass(frozen=True, slots=True)
class Highlight:
    """A square outlined in a colour.

    >>> Highlight.parse("c3:green")
    Highlight(square='c3', colour='#2ca02c')
    """

    square: str
    colour: str = COLOURS[HIGHLIGHT]

    @classmethod
    def parse(cls, text: str) -> Highlight:
        square, colour = _split_colour(text, HIGHLIGHT)
        return cls(parse_square_name(square), colour)


@dataclass(frozen=True, slots=True)
class Show:
    """A question for the rule engine: ``combos``, ``words``, ``threats`` or ``moves`` of
    the card on *square*.

    >>> Show.parse("moves:C3"), Show.parse("combos").square is None
    (Show(what='moves', square='c3'), True)
    """

    what: str
    square: str | None = None

    @classmethod
    def parse(cls, text: str) -> Show:
        what, _, square = text.strip().partition(":")
        if what not in SHOWS:
            raise ValueError(f"cannot show {what!r} (expected combos, words, moves:SQUARE "
                             "or threats)")
        if what == "moves":
            if not square:
                raise ValueError("moves needs a square, like moves:c3")
            return cls(what, parse_square_name(square))
        if square:
            raise ValueError(f"{what} takes no square (got {text!r})")
        return cls(what)

    def notation(self) -> str:
        return f"{self.what}:{self.square}" if self.square else self.what


@dataclass(frozen=True, slots=True)
class Outline:
    """A line of squares outlined together: a combination or a word the engine found, or
    (*took*) the line the last move made that took cards off the board."""

    squares: tuple[str, ...]
    colour: str = COLOURS["purple"]
    took: bool = False


@dataclass(frozen=True, slots=True)
class Destination:
    """A square the selected card may move to: a dot on a free square, a ring round a card
    it would take (*take*: beat, cover or press)."""

    square: str
    take: bool = False


@dataclass(frozen=True, slots=True)
class Ghost:
    """A pile the last move took off the board, drawn faint on the square it left, under a
    cross: what a combination, a word or a line of five took."""

    square: str
    pile: Stack


#: The most moves one figure plays (and a GIF shows, one frame each, after the start).
MAX_MOVES = 100


def _lowered(move: str) -> str:
    """*move* with its squares in lower case; a lay's card stays as written (3R@D4 ->
    3R@d4), since a card's name is not a square's."""
    card, at, target = move.rpartition("@")
    return f"{card}@{target.lower()}" if at else move.lower()


def parse_moves(text: str) -> tuple[str, ...]:
    """A move sequence as written after ``--moves``: moves separated by spaces or commas,
    in any form the rule engine plays (board moves, openings, lays, turns, pass), checked
    for form here and for legality by the rule engine when played.

    >>> parse_moves("c3-d4, e6xd4")
    ('c3-d4', 'e6xd4')
    >>> parse_moves("C3-C2 C2~ 3R@D4 d1= pass")
    ('c3-c2', 'c2~', '3R@d4', 'd1=', 'pass')
    """
    moves = tuple(m for m in re.split(r"[\s,]+", text.strip()) if m)
    if len(moves) > MAX_MOVES:
        # Each move is played by the rule engine and drawn as a frame of a GIF or a file
        # of --frames: a figure shows a short line of play, not a game record.
        raise ValueError(f"at most {MAX_MOVES} moves, got {len(moves)}")
    lowered = tuple(_lowered(m) for m in moves)
    for n, (move, written) in enumerate(zip(lowered, moves), 1):
        if MoveText.parse(move) is None:
            raise ValueError(f"move {n}: not a move: {written!r} (expected like {GRAMMAR})")
    return lowered


@dataclass(frozen=True)
class Figure:
    """Everything a figure shows besides the position itself. Combine the layout file's
    ``[figure]`` table with command-line options by :meth:`merged`."""

    flip: bool = False
    crop: Crop | None = None
    coords: bool = True
    caption: str = ""
    highlights: tuple[Highlight, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    marks: tuple[Mark, ...] = ()
    outlines: tuple[Outline, ...] = ()
    crossed: tuple[str, ...] = ()
    ghosts: tuple[Ghost, ...] = ()
    """The piles the last move took off the board (:mod:`generator.docs.captured`)."""
    last_move: Arrow | None = None
    show: tuple[Show, ...] = ()
    select: str | None = None
    """The square of a card whose legal moves are marked on their destinations."""
    to_move: str | None = None
    """The side to move (``south``, ``north``), marked beside the board."""
    legend: bool = False
    """A key under the board to the marks it shows (sides, last move, dots, arrows...)."""
    style: str = "full"
    """``full``: each card as the kit prints it, on squares shaped like cards; ``compact``:
    square cells and each card as a symbol, for a column of text."""
    destinations: tuple[Destination, ...] = ()
    moves: tuple[str, ...] = ()
    problems: tuple[str, ...] = field(default=())
    """Squares the rule engine found fault with, marked when drawing anyway."""

    def squares(self) -> list[str]:
        """Every square the annotations name (crop corners included), for a check
        against the board drawn."""
        found = [h.square for h in self.highlights] + [m.square for m in self.marks]
        found += list(self.crossed) + [d.square for d in self.destinations]
        found += [g.square for g in self.ghosts]
        found += [self.select] if self.select else []
        for arrow in (*self.arrows, *((self.last_move,) if self.last_move else ())):
            found += [arrow.origin, *(s for s in arrow.stops if s != "off")]
        if self.crop is not None:
            found += [f"{FILE_LETTERS[f]}{r + 1}" for f, r in
                      ((self.crop.files[0], self.crop.ranks[0]),
                       (self.crop.files[1], self.crop.ranks[1]))]
        return found

    def merged(self, **changes: object) -> Figure:
        """This figure with *changes*: tuples are added to the ones already here (the
        table's annotations and the command line's together), other values replace."""
        updates = {}
        for key, value in changes.items():
            if value is None:
                continue
            current = getattr(self, key)
            updates[key] = current + value if isinstance(current, tuple) and \
                isinstance(value, tuple) and key != "moves" else value
        return replace(self, **updates)  # type: ignore[arg-type]
