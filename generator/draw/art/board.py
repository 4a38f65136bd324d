"""Boards as scenes: squares in dark and light tones of their colour, edge notation, king
circles, the thin dividing line. ``square_rect`` is the one place that knows where a
square sits."""
from __future__ import annotations

from dataclasses import dataclass

from ...model.board import FILE_LETTERS, Board, Shade, Square
from ..geometry import Rect, Size
from ..scene import Box, Circle, Group, Item, Line, Paint
from ..style import DEFAULT_STYLE, Style
from .marks import centred_text

#: Width of the band around the squares that carries the edge notation, in mm.
EDGE = 12.0


@dataclass(frozen=True, slots=True)
class View:
    """Which part of the board is drawn and from which side: files and ranks counted from 0,
    both ends included; *flip* shows it as the north player sees it (h8 at the bottom left).

    >>> View(files=(0, 3), ranks=(0, 3)).columns, View(flip=True).contains(7, 7)
    (4, True)
    """

    files: tuple[int, int] = (0, 7)
    ranks: tuple[int, int] = (0, 7)
    flip: bool = False

    @property
    def columns(self) -> int:
        return self.files[1] - self.files[0] + 1

    @property
    def rows(self) -> int:
        return self.ranks[1] - self.ranks[0] + 1

    def contains(self, file: int, rank: int) -> bool:
        return (self.files[0] <= file <= self.files[1]
                and self.ranks[0] <= rank <= self.ranks[1])


WHOLE = View()


def whole(board: Board, flip: bool = False) -> View:
    """The view of all of *board*, whatever its size (8x8, or 16x4 crosswise)."""
    return View((0, board.files - 1), (0, board.ranks - 1), flip)


def _fitted(view: View, board: Board) -> View:
    """*view* on *board*: the default whole view means the whole board of any size."""
    if view.files == WHOLE.files and view.ranks == WHOLE.ranks:
        return whole(board, view.flip)
    return view


def square_rect(file: int, rank: int, square: Size, origin: tuple[float, float] = (0, 0),
                view: View = WHOLE) -> Rect:
    """Where square (file, rank) lies in *view*: rank 1 at the bottom as the south player
    sees it, or at the top when the view is flipped to the north player's side."""
    x0, y0 = origin
    if view.flip:
        column, row = view.files[1] - file, rank - view.ranks[0]
    else:
        column, row = file - view.files[0], view.ranks[1] - rank
    return Rect(x0 + column * square.width, y0 + row * square.height,
                square.width, square.height)


def board_size(square: Size, edge: float = EDGE, view: View = WHOLE) -> Size:
    return Size(view.columns * square.width + 2 * edge, view.rows * square.height + 2 * edge)


def squares_area(square: Size, edge: float = EDGE, view: View = WHOLE) -> Rect:
    return Rect(edge, edge, view.columns * square.width, view.rows * square.height)


def _square_fill(square: Square, style: Style) -> str:
    if square.colour is None:
        return style.board_dark if square.shade is Shade.DARK else style.board_light
    return (style.dark if square.shade is Shade.DARK else style.tint)[square.colour]


def _other_shade(square: Square) -> Square:
    shade = Shade.LIGHT if square.shade is Shade.DARK else Shade.DARK
    return Square(square.file, square.rank, square.colour, square.value, shade)


def _crosswise_square(square: Square, rect: Rect, board: Board, style: Style,
                      flip: bool) -> list[Item]:
    """A square of the board turned crosswise: the same half of two side-by-side lengthwise
    squares, so its lower half (as south sees it) has its shade and its upper half the
    other; the thin lines of the lengthwise squares now run between files a|b, c|d ..."""
    half = rect.h / 2
    lower_y, upper_y = (rect.y, rect.y + half) if flip else (rect.y + half, rect.y)
    items: list[Item] = [
        Box(Rect(rect.x, lower_y, rect.w, half), Paint(fill=_square_fill(square, style))),
        Box(Rect(rect.x, upper_y, rect.w, half),
            Paint(fill=_square_fill(_other_shade(square), style)))]
    if board.thin_line and square.file % 2 == 1:
        # Drawn with the second square of the pair, which is drawn over the first.
        x = rect.right if flip else rect.x
        items.append(Line(x, rect.y, x, rect.bottom, Paint(stroke="#8c8c8c", width=0.2)))
    return items


def _square(square: Square, rect: Rect, board: Board, style: Style) -> list[Item]:
    items: list[Item] = [Box(rect, Paint(fill=_square_fill(square, style)))]
    # A square shaped like a card (25 x 50 mm) puts its signs where a card's value and
    # suit are not; a square cell (a compact figure's) has one place, its middle.
    cell = rect.h < rect.w * 1.5
    u = min(rect.w, rect.h) / 25 if cell else min(rect.w / 25, rect.h / 50)
    cx, cy = rect.centre
    if square.colour is not None:
        # A faint suit sign names the colour for readers who cannot see it.
        sign = style.tint[square.colour] if square.shade is Shade.DARK \
            else style.suit[square.colour]
        # In a cell it keeps to a corner, clear of the dot that marks a move there.
        at = (rect.x + rect.w * 0.22, rect.y + rect.h * 0.78) if cell \
            else (cx, rect.y + rect.h * 0.75)
        items.append(centred_text(square.colour.suit_sign, *at, (6 if cell else 9) * u, sign,
                                  font="regular"))
    if board.thin_line:
        grey = "#8c8c8c" if square.shade is Shade.DARK else "#a8a8a8"
        items.append(Line(rect.x, cy, rect.right, cy, Paint(stroke=grey, width=0.2)))
    if square.name in board.king_squares:
        r = min(rect.w, rect.h) * (0.44 if cell else 0.36)
        ring_y = rect.y + rect.h * 0.3 if square.colour is not None and not cell else cy
        items.append(Circle(cx, ring_y, r, Paint(stroke=style.paper, width=1.6 * u)))
        items.append(Circle(cx, ring_y, r, Paint(stroke=style.ink, width=0.7 * u)))
    return items


def board_group(board: Board, *, square: Size = Size(25, 50), edge: float = EDGE,
                style: Style = DEFAULT_STYLE, view: View = WHOLE,
                file_letters: bool = False, least_label: float = 0.0,
                turned_digits: bool = True) -> Group:
    """The board (or the part *view* shows) with its edge bands, origin at the outer top-left
    corner. Edge labels go with their edges when the view is flipped, upright; a band of
    width 0 draws none. *file_letters* adds the files' names a-h beside the colour chips, for
    figures whose moves are written in square names, as large as the rank digits. The
    default view is the whole board,
    whatever its size. *least_label* (mm before any scaling) raises the labels' size to it,
    for a figure printed small. With *turned_digits* false a board printed with digits for
    its crosswise use shows its horizontals' digits on that edge instead, as a figure of the
    lengthwise game wants: the half-rows' digits, 1 to 8 twice, would read as coordinates
    that contradict the ones on the other side. The printed board keeps them."""
    view = _fitted(view, board)
    size = board_size(square, edge, view)
    area = squares_area(square, edge, view)
    origin = (area.x, area.y)
    items: list[Item] = [Box(Rect(0, 0, size.width, size.height),
                             Paint(fill=style.board_edge))]
    for sq in board:
        if not view.contains(sq.file, sq.rank):
            continue
        rect = square_rect(sq.file, sq.rank, square, origin, view)
        items += _crosswise_square(sq, rect, board, style, view.flip) if board.crosswise \
            else _square(sq, rect, board, style)
    items.append(Box(area, Paint(stroke=style.ink, width=0.5)))
    if edge > 0:
        items += _edge_labels(board, square, edge, style, view, area, file_letters,
                              least_label, turned_digits)
    if view.ranks[0] <= 3 < view.ranks[1]:
        # The middle line, where board A's colours cross and the two halves meet.
        upper = square_rect(view.files[0], 4, square, origin, view)
        lower = square_rect(view.files[0], 3, square, origin, view)
        mid = lower.bottom if view.flip else upper.bottom
        items.append(Line(area.x - edge * 0.6, mid, area.right + edge * 0.6, mid,
                          Paint(stroke=style.ink, width=0.6)))
    return Group(tuple(items), role=f"board {board.name}")


#: The file letters are set as one line: centred on these letters' ink height (no
#: descenders), every letter sits on one baseline, whatever the board's width.
_LETTER_LINE = "abcdefgh"


def _edge_labels(board: Board, square: Size, edge: float, style: Style, view: View,
                 area: Rect, file_letters: bool, least: float = 0.0,
                 turned_digits: bool = True) -> list[Item]:
    items: list[Item] = []
    turned = board.crosswise_digits if turned_digits else ()
    if turned:
        east_digits: tuple[int, ...] = ()  # the turned digits take that edge
    elif board.crosswise_digits:
        east_digits = board.left_digits  # in their place, the horizontals' own
    else:
        east_digits = board.right_digits
    origin = (area.x, area.y)
    west, east = edge / 2, area.right + edge / 2
    if view.flip:
        west, east = east, west
    # A label never outgrows its chip (0.64 of the band high).
    least = min(least, edge * 0.55)
    digit_size = max(min(edge * 0.55, 7.0), least)
    chip_size = max(edge * 0.4, least)
    for rank in range(view.ranks[0], view.ranks[1] + 1):
        row = square_rect(view.files[0], rank, square, origin, view)
        cy = row.y + row.h / 2
        if board.left_digits:
            items.append(centred_text(str(board.left_digits[rank]), west, cy, digit_size,
                                      style.ink))
        elif file_letters:
            # A board with no digits of its own on that edge (the crosswise one) still
            # names its ranks, as the file letters name its files.
            items.append(centred_text(str(rank + 1), west, cy, digit_size, style.ink))
        if east_digits:
            items.append(centred_text(str(east_digits[rank]), east, cy, digit_size,
                                      style.ink))
    if board.crosswise:
        # The verticals' digits along the south edge: the long edge that carried them on
        # the lengthwise board, brought to the south side by the clockwise turn.
        south = edge / 2 if view.flip else area.bottom + edge / 2
        for file in range(view.files[0], view.files[1] + 1):
            col = square_rect(file, view.ranks[0], square, origin, view)
            value = str(board.crosswise_digits[file]) if board.crosswise_digits else ""
            items.append(centred_text(value, col.centre[0], south, digit_size, style.ink))
            if file_letters:
                items.append(centred_text(FILE_LETTERS[file], col.x + col.w * 0.15, south,
                                          digit_size, style.ink, line_of=_LETTER_LINE))
        return items
    if turned:
        # Sixteen half-rows along the right edge, turned to be read once the board is
        # turned a quarter for the crosswise game.
        half = square.height / 2
        for i, digit in enumerate(turned):
            if not view.ranks[0] <= i // 2 <= view.ranks[1]:
                continue
            row = square_rect(view.files[0], i // 2, square, origin, view)
            cy = (row.y + (i % 2 + 0.5) * half) if view.flip \
                else (row.bottom - (i % 2 + 0.5) * half)
            items.append(centred_text(str(digit), east, cy, digit_size * 0.8, style.ink,
                                      rotation=90 if view.flip else -90))
    # Board A's colours cross at the middle line, so a band shows the labels of the half
    # next to it: a crop of the lower half gets the bottom edge's colours on both sides.
    north_labels = board.top_labels if view.ranks[1] >= 4 else board.bottom_labels
    south_labels = board.bottom_labels if view.ranks[0] <= 3 else board.top_labels
    top_cy, bottom_cy = edge / 2, area.bottom + edge / 2
    if view.flip:
        top_cy, bottom_cy = bottom_cy, top_cy
    for labels, cy in ((north_labels, top_cy), (south_labels, bottom_cy)):
        for file, colour in enumerate(labels):
            if not view.files[0] <= file <= view.files[1]:
                continue
            col = square_rect(file, view.ranks[0], square, origin, view)
            # Beside a file's letter the chip steps right, clear of it.
            chip = Rect(col.x + col.w * (0.27 if file_letters else 0.2), cy - edge * 0.32,
                        col.w * 0.6, edge * 0.64)
            items.append(Box(chip, Paint(fill=style.suit[colour]), radius=edge * 0.12))
            items.append(centred_text(f"{colour.suit_sign}{colour.code}", *chip.centre,
                                      chip_size, style.on_suit[colour]))
            if file_letters:
                items.append(centred_text(FILE_LETTERS[file], col.x + col.w * 0.12, cy,
                                          digit_size, style.ink, line_of=_LETTER_LINE))
        if file_letters and not labels:
            # A board without colour labels (the colourless one) still names its files.
            for file in range(view.files[0], view.files[1] + 1):
                col = square_rect(file, view.ranks[0], square, origin, view)
                items.append(centred_text(FILE_LETTERS[file], col.centre[0], cy, digit_size,
                                          style.ink, line_of=_LETTER_LINE))
    return items
