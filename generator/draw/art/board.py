"""Boards as scenes: squares in dark and light tones of their colour, edge notation, king
circles, the thin dividing line. ``square_rect`` is the one place that knows where a
square sits."""
from __future__ import annotations

from ...model.board import Board, Shade, Square
from ..geometry import Rect, Size
from ..scene import Box, Circle, Group, Item, Line, Paint
from ..style import DEFAULT_STYLE, Style
from .marks import centred_text

#: Width of the band around the squares that carries the edge notation, in mm.
EDGE = 12.0


def square_rect(file: int, rank: int, square: Size, origin: tuple[float, float] = (0, 0)
                ) -> Rect:
    """Where square (file, rank) lies, rank 1 at the bottom as the south player sees it."""
    x0, y0 = origin
    return Rect(x0 + file * square.width, y0 + (7 - rank) * square.height,
                square.width, square.height)


def board_size(square: Size, edge: float = EDGE) -> Size:
    return Size(8 * square.width + 2 * edge, 8 * square.height + 2 * edge)


def squares_area(square: Size, edge: float = EDGE) -> Rect:
    return Rect(edge, edge, 8 * square.width, 8 * square.height)


def _square_fill(square: Square, style: Style) -> str:
    if square.colour is None:
        return style.board_dark if square.shade is Shade.DARK else style.board_light
    return (style.dark if square.shade is Shade.DARK else style.tint)[square.colour]


def _square(square: Square, rect: Rect, board: Board, style: Style) -> list[Item]:
    items: list[Item] = [Box(rect, Paint(fill=_square_fill(square, style)))]
    u = min(rect.w / 25, rect.h / 50)
    cx, cy = rect.centre
    if square.colour is not None:
        # A faint suit sign names the colour for readers who cannot see it.
        sign = style.tint[square.colour] if square.shade is Shade.DARK \
            else style.suit[square.colour]
        items.append(centred_text(square.colour.suit_sign, cx, rect.y + rect.h * 0.75,
                                  9 * u, sign, font="regular"))
    if board.thin_line:
        grey = "#8c8c8c" if square.shade is Shade.DARK else "#a8a8a8"
        items.append(Line(rect.x, cy, rect.right, cy, Paint(stroke=grey, width=0.2)))
    if square.name in board.king_squares:
        r = min(rect.w, rect.h) * 0.36
        ring_y = rect.y + rect.h * 0.3 if square.colour is not None else cy
        items.append(Circle(cx, ring_y, r, Paint(stroke=style.paper, width=1.6 * u)))
        items.append(Circle(cx, ring_y, r, Paint(stroke=style.ink, width=0.7 * u)))
    return items


def board_group(board: Board, *, square: Size = Size(25, 50), edge: float = EDGE,
                style: Style = DEFAULT_STYLE) -> Group:
    """The whole board with its edge bands, origin at the outer top-left corner."""
    size = board_size(square, edge)
    area = squares_area(square, edge)
    items: list[Item] = [Box(Rect(0, 0, size.width, size.height),
                             Paint(fill=style.board_edge))]
    for sq in board:
        items += _square(sq, square_rect(sq.file, sq.rank, square, (area.x, area.y)),
                         board, style)
    items.append(Box(area, Paint(stroke=style.ink, width=0.5)))
    digit_size = min(edge * 0.55, 7.0)
    for rank in range(8):
        row = square_rect(0, rank, square, (area.x, area.y))
        cy = row.y + row.h / 2
        if board.left_digits:
            items.append(centred_text(str(board.left_digits[rank]), edge / 2, cy,
                                      digit_size, style.ink))
        if board.right_digits and not board.crosswise_digits:
            items.append(centred_text(str(board.right_digits[rank]), area.right + edge / 2,
                                      cy, digit_size, style.ink))
    if board.crosswise_digits:
        # Sixteen half-rows along the right edge, turned to be read once the board is
        # turned a quarter for the crosswise game.
        half = square.height / 2
        for i, digit in enumerate(board.crosswise_digits):
            cy = area.bottom - (i + 0.5) * half
            items.append(centred_text(str(digit), area.right + edge / 2, cy,
                                      digit_size * 0.8, style.ink, rotation=-90))
    for labels, cy in ((board.top_labels, edge / 2), (board.bottom_labels,
                                                      area.bottom + edge / 2)):
        for file, colour in enumerate(labels):
            col = square_rect(file, 0, square, (area.x, area.y))
            chip = Rect(col.x + col.w * 0.2, cy - edge * 0.32, col.w * 0.6, edge * 0.64)
            items.append(Box(chip, Paint(fill=style.suit[colour]), radius=edge * 0.12))
            items.append(centred_text(f"{colour.suit_sign}{colour.code}", *chip.centre,
                                      edge * 0.4, style.on_suit[colour]))
    # The middle line, where board A's colours cross and the two halves meet.
    mid = area.y + 4 * square.height
    items.append(Line(area.x - edge * 0.6, mid, area.right + edge * 0.6, mid,
                      Paint(stroke=style.ink, width=0.6)))
    return Group(tuple(items), role=f"board {board.name}")
