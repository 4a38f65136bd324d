"""A game's start position as text, printed under its diagram: each side's cards and their
squares, made from the layout itself so that the text and the board cannot disagree. A
reader sets up from it without counting squares on a small picture."""
from __future__ import annotations

from collections.abc import Mapping

from ...model.board import SquareName
from ...model.layout import Facing, Layout, Piece, Side
from ...model.letters import LetterCard

#: The booklet.toml words a listing prints.
LISTING_WORDS = ("south", "north", "test_card")


def card_text(piece: Piece) -> str:
    """A card as the booklet's text writes it: ``3R``, ``30G``; a letter by itself."""
    return piece.card.letter if isinstance(piece.card, LetterCard) else piece.card.notation()


#: A card's arrow as a listing prints it where no side tells it (a puzzle for one).
ARROWS = {Facing.NORTH: "\u2191", Facing.SOUTH: "\u2193"}


def _entry(square: SquareName, piece: Piece, words: Mapping[str, str], glue: str,
           arrow: bool = False) -> str:
    shown = card_text(piece) + (ARROWS[piece.facing] if arrow and piece.facing else "")
    entry = f"{shown}{glue}{square}"
    return entry if piece.face_up else f"{entry} ({words['test_card']})"


def _rank_order(square: SquareName, from_north: bool) -> tuple[int, str]:
    rank = int(square[1:])
    return (-rank if from_north else rank, square[0])


def start_listing(layout: Layout, words: Mapping[str, str], glue: str = " ") -> str:
    """Each side's cards on *layout*, ``South: 8B a1, ..., 1R e1 (test card, face down),
    ...;`` and on a line of its own ``North: ....``: a side's cards from its own edge,
    horizontal by horizontal, left to right; a card and its square joined by *glue*. With one player (a puzzle) the cards
    are listed without a side, from a1, each with its arrow (``P↓ a1``): no owner tells
    which way it points.

    >>> from generator.model.layout import Layout
    >>> start = Layout.from_rows("board-a", {8: ". . . . (1B)v . . .",
    ...                                      1: "2Y^ . . . (1R)^ . . ."},
    ...                          players={Side.SOUTH: "pack1:G1", Side.NORTH: "pack1:G2"})
    >>> start_listing(start, {"south": "South", "north": "North", "test_card": "test card"})
    'South: 2Y a1, 1R e1 (test card);\\nNorth: 1B e8 (test card).'
    """
    pieces = list(layout.pieces())
    if len(layout.players) < 2:
        ordered = sorted(pieces, key=lambda p: _rank_order(p[0], False))
        return ", ".join(_entry(square, piece, words, glue, arrow=True)
                         for square, piece in ordered) + "."
    parts = []
    for side in (Side.SOUTH, Side.NORTH):
        own = sorted(((square, piece) for square, piece in pieces if piece.owner is side),
                     key=lambda p: _rank_order(p[0], side is Side.NORTH))
        if own:
            entries = ", ".join(_entry(square, piece, words, glue) for square, piece in own)
            parts.append(f"{words[side.value]}: {entries}")
    return ";\n".join(parts) + "."
