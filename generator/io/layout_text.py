"""Layout files: one read into a :class:`Layout`, and a layout written back as one
(``opencards rules deal`` prints one)."""
from __future__ import annotations

import re

from ..errors import TemplateError
from ..model.board import FILE_LETTERS, SquareName, size_name, square_name
from ..model.hands import Hands, items_notation
from ..model.layout import Layout, OffBoard, Side, Stack, parse_stack
from ..model.seats import Seat
from .boards import size_from_toml
from .hands import hands_from_toml
from .reader import Reader, describe


def _items_value(items: str) -> str:
    """A TOML value for a list of cards: one string, or lines of 16 for long piles."""
    tokens = items.split()
    if len(tokens) <= 16:
        return f'"{items}"'
    lines = [" ".join(tokens[i:i + 16]) for i in range(0, len(tokens), 16)]
    return "[\n" + "".join(f'    "{line}",\n' for line in lines) + "]"


def layout_to_toml(layout: Layout, comment: str) -> str:
    """The text of a layout file holding *layout*, headed by *comment* (one line)."""
    lines = [f"# {comment}", 'kind = "layout"', f'title = "{layout.title}"',
             f'board = "{layout.board}"']
    if layout.game:
        lines.append(f'game = "{layout.game}"')
    if layout.size != (8, 8):
        lines.append(f'size = "{size_name(*layout.size)}"')
    if layout.players:
        lines += ["", "[players]"] + [f'{side} = "{ref}"' for side, ref in
                                      layout.players.items()]
    rows = layout.rows()
    if rows:
        lines += ["", "[rows]"] + [f'{rank} = "{row}"' for rank, row in rows.items()]
    lines += _hands(layout.hands)
    return "\n".join(lines) + "\n"


def _hands(hands: Hands) -> list[str]:
    found: list[str] = []
    if hands.pile:
        found += ["", "[hands]", f"pile = {_items_value(items_notation(hands.pile))}"]
    for side in Side:
        hand = hands.of(side)
        if hand:
            found += ["", f"[hands.{side}]"] + [
                f"{part} = {_items_value(items_notation(getattr(hand, part)))}"
                for part in ("held", "stock", "taken") if getattr(hand, part)]
    for number, taken in enumerate(hands.seats, 1):
        if taken:
            found += ["", f"[hands.{Seat(number).key}]",
                      f"taken = {_items_value(items_notation(taken))}"]
    return found


#: A rank key written as TOML keys are: "1" to "8" on the board, "9" or "0" beyond it.
_RANK_KEY = re.compile(r"^(0|-?[1-9][0-9]*)$")


def layout_from_toml(name: str, reader: Reader) -> Layout:
    """Builds a :class:`Layout`, keeping piles written beyond the 8x8 board (a rank key such
    as "9", tokens past the eighth) as its off-board pieces for validation to report.

    :raises: :exc:`TemplateError` naming the file and key.
    """
    title = reader.string("title")
    board = reader.string("board")
    game = reader.string("game", None)
    players_reader = reader.table("players", default_empty=True)
    players = {}
    for key in players_reader.keys():
        try:
            side = Side.parse(key)
        except ValueError:
            raise players_reader.fail(key, "a side: " + " or ".join(Side), key) from None
        players[side] = players_reader.string(key)
    hands = hands_from_toml(reader)
    files, ranks = size_from_toml(reader)
    last = FILE_LETTERS[files - 1]
    rows = reader.table("rows", default_empty=True)
    stacks: dict[SquareName, Stack] = {}
    off_board: list[OffBoard] = []
    for key in rows.keys():
        # Off-board ranks are kept for validation to list; a rank past 99 is no pile.
        if not _RANK_KEY.fullmatch(key) or len(key) > 3:
            raise rows.fail(key, f"a rank 1 to {ranks} as the key", key)
        rank = int(key)
        tokens = rows.words(key)
        on_board = 1 <= rank <= ranks
        if on_board and len(tokens) < files:
            raise rows.fail(key, f"{files} squares (one per file a-{last}, '.' for empty)",
                            f"{len(tokens)}", raw=True)
        for file, token in enumerate(tokens):
            if token == ".":
                continue
            square = square_name(file, rank - 1) if on_board and file < files else None
            stack = _stack(rows, key, file, token, square)
            if square is not None:
                stacks[square] = stack
            else:
                off_board.append(OffBoard(file, rank, stack))
    reader.raw("figure", None)  # how figures show the layout: read by io/figures.py
    reader.finish()
    return Layout(board, stacks, players, name, title, game, tuple(off_board), hands,
                  (files, ranks))


def _stack(rows: Reader, key: str, file: int, token: str, square: SquareName | None
           ) -> Stack:
    """The pile *token* at *file* of the rank *key*. A mistake names its *square*, the
    player's word for it, with the rank's key to find it in the file; off the board, where
    there is no square, the key and the pile's index."""
    try:
        return parse_stack(token)
    except ValueError as e:
        where = rows.key(f"{key}[{file}]") if square is None \
            else f"square {square} ({rows.key(key)})"
        raise TemplateError(rows.path, where, expected="cards like 3R^, 30Rv, (1B)^, A/R^ "
                            "or 2Y^+1Rv for a pile", got=describe(token),
                            hint=str(e).split(" (")[0]) from None
