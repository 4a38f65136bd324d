"""Issue 39, the colourless board's edge digits in a figure. Seed 002: "Les valeurs des cases
sont indiquées par les chiffres inscrites au bord de l'échiquier" (the digits on the board's
edge give the squares' values), and game 11 plays the board turned with values "for the new
position": the printed board carries the horizontals' digits and, along its long edge, the
half-rows' digits for the turned use (1 to 8 twice, templates/boards/colourless.toml). A
figure of a lengthwise game printed those turned digits beside the coordinates, 6 5 4 3 ...
against 7 6 5 ..., so the figure shows the horizontals' digits on both sides instead."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from generator.app.figure import draw_figure
from generator.docs.build import option_annotations
from generator.draw.art.board import board_group
from generator.draw.scene import Group, Item, Text


def _board(items: tuple[Item, ...]) -> Group:
    for item in items:
        if isinstance(item, Group):
            if item.role and item.role.startswith("board "):
                return item
            try:
                return _board(item.items)
            except LookupError:
                pass
    raise LookupError("no board")


def _digits(board: Group) -> Iterator[Text]:
    return (i for i in board.items if isinstance(i, Text) and i.text.isdigit())


def _sides(board: Group) -> tuple[dict[int, str], dict[int, str]]:
    """The digits on the west and the east edge, each by its height on the page."""
    texts = list(_digits(board))
    middle = (min(t.x for t in texts) + max(t.x for t in texts)) / 2
    west = {round(t.y): t.text for t in texts if t.x < middle}
    east = {round(t.y): t.text for t in texts if t.x > middle}
    return west, east


@pytest.mark.parametrize("style", ["compact", "full"])
@pytest.mark.parametrize("crop", [None, "a2:h7"])
def test_a_figure_of_the_colourless_board_has_the_same_digits_on_both_sides(library, style,
                                                                            crop):
    changes = option_annotations(crop=crop) if crop else {}
    page = draw_figure(library, "initial-1-start", {**changes, "style": style},
                       frames=False).final
    west, east = _sides(_board(page.items))
    rows = 6 if crop else 8
    assert len(west) == rows
    # The same digit at the same height: no half-row digits between them.
    assert sorted(west.values()) == sorted(east.values()) and len(east) == rows
    for y, digit in west.items():
        assert any(abs(y - y2) <= 1 and d == digit for y2, d in east.items()), (y, digit)


def test_the_printed_colourless_board_keeps_its_turned_digits(library):
    """The kit's board (board_group as the sheets call it) still prints the sixteen
    half-rows' digits, turned a quarter, for initial game 11's crosswise play."""
    board = library.board("colourless")
    group = board_group(board)
    turned = [t.text for t in _digits(group) if t.rotation]
    assert turned == [str(d) for d in board.crosswise_digits]
    assert len(turned) == 16
    figure = board_group(board, turned_digits=False)
    assert not [t for t in _digits(figure) if t.rotation]
