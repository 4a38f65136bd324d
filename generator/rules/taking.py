"""Taking a combination off by a move of its own: the two removal switches of seed000 game
65. Standard library only.

With ``crossing = "one"`` a move that makes combinations crossing each other (sharing a
card on different lines) leaves them lying, and the mover must at once take one of them;
taking it takes the shared card too, which breaks the others. With ``compulsory = false``
nothing a move makes leaves by itself: any combination lying on the board may be taken off
later as a move (or left, which the patience may need). A take is written ``c1*c3``: the
first and last squares of the line.
"""
from __future__ import annotations

from typing import cast

from ..model.layout import Layout, Side
from .combos import Combination, combinations
from .games import Crossing, Game, Removal
from ..model.board import MAX_FILES, MAX_RANKS, SquareName, parse_square, square_name
from .settling import take_squares


def takes_by_move(game: Game) -> bool:
    """Whether combinations in *game* ever wait on the board for a take move."""
    rules = game.combinations
    return rules.enabled and rules.removes is Removal.ALL and (
        rules.crossing is Crossing.ONE or not rules.compulsory)


def lying(layout: Layout, game: Game, through: SquareName | None = None) -> list[Combination]:
    """The combinations lying on *layout* (through *through*, if given)."""
    rules = game.combinations
    if through is not None:
        return combinations(layout, min_length=rules.min_length, kinds=rules.kinds,
                            orientations=rules.orientations, through=through)
    # A turn asks about the same position twice (the moves, then whether the mover must
    # take): the answer is kept on the layout, which never changes.
    key = ("lying", rules)
    found = layout.memo.get(key)
    if found is None:
        found = layout.memo[key] = combinations(
            layout, min_length=rules.min_length, kinds=rules.kinds,
            orientations=rules.orientations)
    return list(cast(list[Combination], found))


def squares_between(origin: str, target: str) -> tuple[SquareName, ...]:
    """The squares of the straight line from *origin* to *target*, both included.

    :raises: :exc:`ValueError` if they are not on one line.
    """
    (x0, y0), (x1, y1) = (parse_square(s, MAX_FILES, MAX_RANKS) for s in (origin, target))
    dx, dy = x1 - x0, y1 - y0
    if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)) or origin == target:
        raise ValueError(f"{origin} and {target} are not two squares of one line")
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return tuple(square_name(x0 + i * sx, y0 + i * sy)
                 for i in range(max(abs(dx), abs(dy)) + 1))


def take_lines(layout: Layout, game: Game) -> list[tuple[SquareName, SquareName]]:
    """(first, last) square of every combination that may be taken off now, sorted."""
    if not takes_by_move(game):
        return []
    return sorted({(c.squares[0], c.squares[-1]) for c in lying(layout, game)})


def must_take(layout: Layout, game: Game) -> bool:
    """Whether the side that just moved must take a combination now (crossing ones left
    lying by a move under the compulsory rule)."""
    rules = game.combinations
    return takes_by_move(game) and rules.compulsory and bool(lying(layout, game))


def play_take(layout: Layout, origin: SquareName, target: SquareName, game: Game,
              side: Side | None) -> Layout:
    """The position once the combination from *origin* to *target* has left the board,
    credited to *side*.

    :raises: :exc:`ValueError` if no combination lies there.
    """
    line = squares_between(origin, target)
    if not any(c.squares == line or c.squares == line[::-1] for c in lying(layout, game)):
        raise ValueError(f"no combination lies from {origin} to {target}")
    return take_squares(layout, set(line), game, side)
