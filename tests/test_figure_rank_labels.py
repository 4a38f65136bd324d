"""Issue 42: every board shape names its ranks beside the figure, the crosswise 16 x 4 board
of initial game 11 as well (seed 002: "16 verticals and 4 horizontals"): a reader of a
figure of it finds a square named in the text, c3 or p4, by its file letter and rank."""
from __future__ import annotations

import pytest

from generator.draw.art.board import EDGE, View, board_group, square_rect, whole
from generator.draw.geometry import Size
from generator.draw.scene import Text, walk

SQUARE = Size(25, 50)


@pytest.mark.parametrize("flip", [False, True])
def test_every_board_names_each_rank_on_its_left_edge(library, flip):
    boards = library.names("board")
    assert "colourless-crosswise" in boards
    for name in boards:
        board = library.board(name)
        view = whole(board, flip)
        texts = [(item, t) for item, t in walk((board_group(
            board, square=SQUARE, edge=EDGE, view=view, file_letters=True),))
            if isinstance(item, Text)]
        for rank in range(board.ranks):
            row = square_rect(0, rank, SQUARE, (EDGE, EDGE), view)
            # The left band as the viewer sees it: west for south, east for north.
            band = (0, EDGE) if not flip else (
                EDGE + board.files * SQUARE.width, 2 * EDGE + board.files * SQUARE.width)
            labels = [item.text for item, t in texts
                      if band[0] <= t.apply(item.x, item.y)[0] <= band[1]
                      and row.y <= t.apply(item.x, item.y)[1] <= row.bottom]
            assert labels == [str(rank + 1)], (name, flip, rank, labels)


def test_a_board_drawn_without_coordinates_gets_no_rank_numbers_it_does_not_print(library):
    """The printed crosswise board (no coordinates) keeps only what the seed prints on it."""
    board = library.board("colourless-crosswise")
    texts = [item.text for item, _ in walk((board_group(board, square=SQUARE, edge=EDGE,
                                                         view=View((0, 15), (0, 3))),))
             if isinstance(item, Text)]
    assert sorted(set(texts)) == [str(d) for d in range(1, 9)]
