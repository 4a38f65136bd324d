"""The position text: a whole position on one line, the system's answer to chess's FEN.

Ten fields separated by ``_``: game, board, players, squares, hands, turn, owed, last,
quiet, number. Every character is one that ``encodeURIComponent`` and
``urllib.parse.quote(text, safe="-_.~*'()")`` leave as it is (letters, digits and
``- _ . ~ ( )``), so the text is its own URL encoding: it goes into a link or a query as
written. docs/position-text.md has the grammar and worked examples. Standard library only.

This module reads and writes the text and checks its form; whether the position is legal
for its game, and what the last move leaves owed, is the rule engine's business
(:meth:`generator.rules.Position.set_record`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..errors import PositionTextError as PositionTextError
from .board import SIZES, FILE_LETTERS, SquareName, size_name, square_name
from .cards import Card, Colour
from .hands import Hand, Hands, Item
from .layout import Facing, Layout, Piece, Side, Stack
from .letters import LetterCard
from .seats import Seat

#: The fields in order; messages name a field by these words.
FIELDS = ("game", "board", "players", "squares", "hands", "turn", "owed", "last", "quiet",
          "number")
#: How many fields a text must have: the rest may be left out and take their defaults
#: (no hands, south to move, nothing owed, no last move, quiet 0, move 1).
REQUIRED_FIELDS = 4
#: The longest text read: a full board with both packs in hands is about 600 characters.
MAX_LENGTH = 4000
#: What the side to move may owe after its last move (the rule engine's phases but
#: ``move``).
OWED = ("open", "take", "push", "turn")
#: The parts of the hands field, in the order they are written.
HAND_KEYS = ("sh", "ss", "st", "nh", "ns", "nt", "pile", "t1", "t2", "t3", "t4")
_HAND_PARTS = {"sh": ("south", "held"), "ss": ("south", "stock"), "st": ("south", "taken"),
               "nh": ("north", "held"), "ns": ("north", "stock"), "nt": ("north", "taken")}

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*")
_REF = re.compile(r"([A-Za-z0-9][A-Za-z0-9-]*)(?:\.([A-Za-z0-9][A-Za-z0-9-]*))?")
# One card: a value and colour (3R, 30r, 100Y) or a letter and colour (AR, u041dr);
# a capital colour letter is an arrow north (south's card), a small one an arrow south.
_BODY = r"(?:([1-8]0{0,2})|([A-Z]|u[0-9a-f]{4}))([RYGBrygb])"
_PIECE = re.compile(rf"(\()?{_BODY}(\))?(~)?")
_ITEM = re.compile(_BODY)
_SQUARE = r"[a-p][1-8]"
_ORIGIN = re.compile(rf"{_SQUARE}|{_BODY}")
_TARGET = re.compile(rf"{_SQUARE}|off|hand")
_COUNT = re.compile(r"0|[1-9][0-9]{0,8}")


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """A move as the position text records it: the engine's move kind and its squares, in
    full, so that the engine rebuilds the very move (``beat.c3.d4``, ``lay.3R.d4``).

    *origin* is a square, or the card of a lay or keep in card notation (``3R``, ``A/R``);
    *target* a square, ``off`` or ``hand``; *path* the squares of a jump or a turn.
    """

    kind: str
    origin: str
    target: str
    path: tuple[str, ...] = ()


@dataclass(frozen=True)
class PositionText:
    """A position with everything a game in progress needs beside the board: *layout*
    (its game, board, players, squares and hands; its name and title are not written),
    the side to move (*turn*) or the *seat* to move in a game of more than two players,
    what the side to move *owed* after its *last* move (one of :data:`OWED`, or None),
    the plies since anything left the board, was laid or opened (*quiet*), and the
    *number* the next move gets.

    >>> record = PositionText.parse("basic-48_board-a_pack1~pack2_-------2Y1r.......")
    >>> record.layout.stacks["a1"], record.turn, record.number
    ((Piece.from_notation('2Y^'), Piece.from_notation('1Rv')), <Side.SOUTH: 'south'>, 1)
    >>> record.text()
    'basic-48_board-a_pack1~pack2_-------2Y1r......._-_s_-_-_0_1'
    """

    layout: Layout
    turn: Side = Side.SOUTH
    seat: Seat | None = None
    owed: str | None = None
    last: MoveRecord | None = None
    quiet: int = 0
    number: int = 1
    fields: int = field(default=len(FIELDS), compare=False)
    """How many fields the text read had (all when made otherwise)."""

    @property
    def in_play(self) -> bool:
        """Whether the text is of a game under way rather than a start: a move has been
        made (or is owed) or counted."""
        return self.number > 1 or self.last is not None or self.owed is not None \
            or self.quiet > 0

    @classmethod
    def of_layout(cls, layout: Layout) -> PositionText:
        """A layout as a start: south to move (seat 1 is set by the engine), move 1."""
        return cls(layout)

    # --- writing ------------------------------------------------------------------------

    def text(self) -> str:
        """The one-line text, canonical: one position, one text.

        :raises: :exc:`ValueError` for what the text cannot hold: a name with characters
            other than letters, digits and ``-``, a pile off the board, a letter beyond
            the Basic Multilingual Plane.
        """
        layout = self.layout
        if layout.off_board:
            raise ValueError("piles off the board cannot be written in a position text: "
                             + ", ".join(p.square for p in layout.off_board))
        turn = str(int(self.seat)) if self.seat is not None else self.turn.value[0]
        parts = [_name(layout.game, "game") if layout.game else "-",
                 _name(layout.board, "board"), _players_text(layout),
                 _squares_text(layout), _hands_text(layout.hands), turn,
                 self.owed or "-", _move_text(self.last) if self.last else "-",
                 str(self.quiet), str(self.number)]
        return "_".join(parts)

    # --- reading ------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> PositionText:
        """Reads a position text; the fields after *squares* may be left out.

        :raises: :exc:`PositionTextError` naming the field at fault.
        """
        if len(text) > MAX_LENGTH:
            raise PositionTextError("length", f"at most {MAX_LENGTH} characters",
                                    f"{len(text)}")
        text = text.strip()
        bad = sorted({c for c in text if not (c.isascii() and (c.isalnum() or c in "-_.~()"))})
        if bad:
            raise PositionTextError("text", "letters, digits and - _ . ~ ( ) only",
                                    " ".join(repr(c) for c in bad))
        values = text.split("_")
        if len(values) < REQUIRED_FIELDS or len(values) > len(FIELDS):
            raise PositionTextError(
                "fields", f"{REQUIRED_FIELDS} to {len(FIELDS)} fields separated by _ "
                f"({' '.join(FIELDS)})", str(len(values)))
        given = dict(zip(FIELDS, values))
        game = _parse_name(given["game"], "game", optional=True)
        board = _parse_name(given["board"], "board", optional=False) or ""
        players = _parse_players(given["players"])
        size, stacks = _parse_squares(given["squares"])
        hands = _parse_hands(given.get("hands", "-"))
        turn, seat = _parse_turn(given.get("turn", "s"))
        owed = given.get("owed", "-")
        if owed != "-" and owed not in OWED:
            raise PositionTextError("owed", "- or " + ", ".join(OWED), repr(owed))
        last = _parse_move(given.get("last", "-"))
        if owed != "-" and last is None:
            raise PositionTextError("last", f"the move that left {owed} owed", "-")
        quiet = _parse_count(given.get("quiet", "0"), "quiet", least=0)
        number = _parse_count(given.get("number", "1"), "number", least=1)
        layout = Layout(board, stacks, players, game=game, hands=hands, size=size)
        return cls(layout, turn, seat, None if owed == "-" else owed, last, quiet, number,
                   len(values))


def is_position_text(text: str) -> bool:
    """Whether a LAYOUT argument is a position text rather than a layout's name or a
    ``.toml`` path: it holds the three ``_`` or more that separate its required fields
    (no shipped name has one) and does not end in ``.toml``. A mistyped name with one
    ``_`` is still reported as an unknown name."""
    return text.count("_") >= REQUIRED_FIELDS - 1 and not text.endswith(".toml")


# --- the fields, written -------------------------------------------------------------------

def _name(name: str, what: str) -> str:
    if not _NAME.fullmatch(name):
        raise ValueError(f"{what} {name!r} cannot be written in a position text "
                         "(letters, digits and - only)")
    return name


def _players_text(layout: Layout) -> str:
    refs = []
    for side in Side:
        ref = layout.players.get(side, "")
        written = ref.replace(":", ".", 1)
        if ref and not _REF.fullmatch(written):
            raise ValueError(f"players {ref!r} cannot be written in a position text")
        refs.append(written)
    return "~".join(refs).rstrip("~") or "-"


def _letter_text(letter: str) -> str:
    if "A" <= letter <= "Z":
        return letter
    if len(letter) != 1 or ord(letter) > 0xFFFF:
        raise ValueError(f"letter {letter!r} cannot be written in a position text")
    return f"u{ord(letter):04x}"


def item_text(item: Item) -> str:
    """A card off the board (no arrow, face not shown): ``3R``, ``100Y``, ``AR``,
    ``u0416Y`` (the letter Ж)."""
    if isinstance(item, Card):
        return f"{item.value}{item.colour.code}"
    return _letter_text(item.letter) + item.colour.code


def piece_text(piece: Piece) -> str:
    """A card on a square: its colour letter small when its arrow points south, ``~``
    after it when it has no arrow, in brackets when face down: ``3R``, ``30r``, ``(1b)``,
    ``5Y~``, ``(2B)~``."""
    body = item_text(piece.card)
    if piece.facing is Facing.SOUTH:
        body = body[:-1] + body[-1].lower()
    if not piece.face_up:
        body = f"({body})"
    return body + ("~" if piece.facing is None else "")


def _squares_text(layout: Layout) -> str:
    files, ranks = layout.size
    lines = []
    for rank in range(ranks, 0, -1):
        cells = ["".join(map(piece_text, layout.stacks.get(square_name(f, rank - 1), ())))
                 for f in range(files)]
        lines.append(".".join(cells) if any(cells) else "")
    return "-".join(lines)


def _hands_text(hands: Hands) -> str:
    parts = []
    for key in HAND_KEYS:
        items = _hand_part(hands, key)
        if items:
            parts.append(f"{key}-" + "".join(map(item_text, items)))
    return ".".join(parts) or "-"


def _hand_part(hands: Hands, key: str) -> tuple[Item, ...]:
    if key == "pile":
        return hands.pile
    if key.startswith("t"):
        return hands.taken_by(Seat(int(key[1])))
    side, where = _HAND_PARTS[key]
    items: tuple[Item, ...] = getattr(hands.of(side), where)
    return items


def _move_text(move: MoveRecord) -> str:
    origin = move.origin
    if not re.fullmatch(_SQUARE, origin):
        origin = item_text(_item(origin))
    return ".".join((move.kind, origin, move.target, *move.path))


def _item(notation: str) -> Item:
    return LetterCard.from_notation(notation) if "/" in notation \
        else Card.from_notation(notation)


# --- the fields, read ---------------------------------------------------------------------

def _parse_name(value: str, what: str, *, optional: bool) -> str | None:
    if optional and value == "-":
        return None
    if not _NAME.fullmatch(value):
        expected = "a name of letters, digits and -"
        raise PositionTextError(what, expected + (" (or - for none)" if optional else ""),
                                repr(value))
    return value


def _parse_players(value: str) -> dict[Side, str]:
    if value == "-":
        return {}
    refs = value.split("~")
    expected = "south's pack or letter set, then ~ and north's (like pack1.G1~pack1.G2), " \
               "or -"
    if len(refs) > 2 or not any(refs):
        raise PositionTextError("players", expected, repr(value))
    players = {}
    for side, ref in zip(Side, refs):
        if not ref:
            continue
        if not _REF.fullmatch(ref):
            raise PositionTextError("players", expected, repr(ref))
        players[side] = ref.replace(".", ":", 1)
    return players


def _parse_squares(value: str) -> tuple[tuple[int, int], dict[SquareName, Stack]]:
    ranks_written = value.split("-")
    sizes = {ranks: (files, ranks) for files, ranks in SIZES}
    if len(ranks_written) not in sizes:
        raise PositionTextError(
            "squares", "ranks separated by - (" + " or ".join(
                f"{r} for {size_name(f, r)}" for f, r in SIZES) + ")",
            f"{len(ranks_written)} ranks")
    files, ranks = sizes[len(ranks_written)]
    stacks: dict[SquareName, Stack] = {}
    for index, line in enumerate(ranks_written):
        rank = ranks - index
        if not line:
            continue
        cells = line.split(".")
        if len(cells) != files:
            raise PositionTextError(
                f"squares, rank {rank}",
                f"{files} squares separated by . (a-{FILE_LETTERS[files - 1]}), or nothing "
                "for an empty rank", f"{len(cells)} squares")
        for file, cell in enumerate(cells):
            if cell:
                square = square_name(file, rank - 1)
                stacks[square] = _parse_pile(cell, f"squares, {square}")
    return (files, ranks), stacks


def _parse_pile(cell: str, where: str) -> Stack:
    pieces: list[Piece] = []
    at = 0
    while at < len(cell):
        match = _PIECE.match(cell, at)
        if not match or bool(match.group(1)) != bool(match.group(5)):
            raise PositionTextError(
                where, "cards bottom first like 3R, 30r (arrow south), (1B) (face down), "
                "5Y~ (no arrow), AR or u0416r (letters)", repr(cell[at:] or cell))
        colour_code = match.group(4)
        arrowless = bool(match.group(6))
        if arrowless and colour_code.islower():
            raise PositionTextError(where, "a capital colour letter before ~ (a card "
                                    "without an arrow)", repr(match.group(0)))
        card = _card(match.group(2), match.group(3), colour_code.upper(), where)
        facing = None if arrowless else (Facing.SOUTH if colour_code.islower()
                                         else Facing.NORTH)
        pieces.append(Piece(card, facing, face_up=not match.group(1)))
        at = match.end()
    return tuple(pieces)


def _card(value: str | None, letter: str | None, colour_code: str, where: str) -> Item:
    colour = Colour(colour_code)
    if value is not None:
        return Card(int(value[0]), colour, len(value) - 1)
    if letter is None:  # the card pattern matches a value or a letter
        raise PositionTextError(where, "a value or a letter before the colour")
    if len(letter) == 1:
        return LetterCard(letter, colour)
    char = chr(int(letter[1:], 16))
    if not char.isalpha() or "A" <= char <= "Z":
        raise PositionTextError(where, "u and the 4 hex digits of a letter other than A-Z "
                                "(which are written as they are)", repr(letter))
    return LetterCard(char, colour)


def _parse_items(value: str, where: str) -> tuple[Item, ...]:
    items: list[Item] = []
    at = 0
    while at < len(value):
        match = _ITEM.match(value, at)
        if not match or match.group(3).islower():
            raise PositionTextError(where, "cards like 3R, 30Y, AR or u0416Y, one after "
                                    "another", repr(value[at:] or value))
        items.append(_card(match.group(1), match.group(2), match.group(3), where))
        at = match.end()
    return tuple(items)


def _parse_hands(value: str) -> Hands:
    if value == "-":
        return Hands()
    hands = Hands()
    seen: set[str] = set()
    for part in value.split("."):
        key, sep, items_text = part.partition("-")
        if key not in HAND_KEYS or not sep:
            raise PositionTextError("hands", "parts like sh-3R5G joined by ., each one of "
                                    + " ".join(HAND_KEYS) + " (or - for none)", repr(part))
        if key in seen:
            raise PositionTextError("hands", f"{key} once", f"{key} twice")
        seen.add(key)
        items = _parse_items(items_text, f"hands, {key}")
        if not items:
            raise PositionTextError(f"hands, {key}", "at least one card (leave an empty "
                                    "part out)", "none")
        if key == "pile":
            hands = replace(hands, pile=items)
        elif key.startswith("t"):
            hands = hands.with_taken_by(Seat(int(key[1])), items)
        else:
            side, where = _HAND_PARTS[key]
            hand: Hand = replace(hands.of(side), **{where: items})
            hands = hands.with_hand(side, hand)
    return hands


def _parse_turn(value: str) -> tuple[Side, Seat | None]:
    if value == "s":
        return Side.SOUTH, None
    if value == "n":
        return Side.NORTH, None
    if value in {str(int(seat)) for seat in Seat}:
        return Side.SOUTH, Seat(int(value))
    raise PositionTextError("turn", f"s, n or a seat 1 to {len(Seat)}", repr(value))


def _parse_move(value: str) -> MoveRecord | None:
    if value == "-":
        return None
    parts = value.split(".")
    expected = "- or the last move as kind.origin.target (like beat.c3.d4, lay.3R.d4, " \
               "jump.b1.f5.d3.f5)"
    if len(parts) < 3 or not parts[0].isalpha() or not parts[0].islower():
        raise PositionTextError("last", expected, repr(value))
    kind, origin, target, *path = parts
    if not _ORIGIN.fullmatch(origin) or not _TARGET.fullmatch(target) \
            or not all(re.fullmatch(_SQUARE, square) for square in path):
        raise PositionTextError("last", expected, repr(value))
    if not re.fullmatch(_SQUARE, origin):
        origin = _parse_items(origin, "last")[0].notation()
    return MoveRecord(kind, origin, target, tuple(path))


def _parse_count(value: str, what: str, *, least: int) -> int:
    if not _COUNT.fullmatch(value) or int(value) < least:
        raise PositionTextError(what, f"a whole number from {least}", repr(value))
    return int(value)
