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


@pytest.mark.parametrize("name", ["board-a", "colourless", "colourless-crosswise"])
def test_the_file_letters_of_an_edge_share_one_baseline(library, name):
    """The file letters read as one line, a b c ... h: 'b', 'd', 'f' and 'h' rise above
    'a', 'c', 'e' and 'g', and a letter centred on its own ink would sit lower than its
    neighbours (the fifth review saw a, c, e, g standing higher on every diagram)."""
    board = library.board(name)
    texts = [(item, t) for item, t in walk((board_group(
        board, square=SQUARE, edge=EDGE, view=whole(board), file_letters=True),))
        if isinstance(item, Text) and item.text in "abcdefghijklmnop"]
    rows: dict[float, list[str]] = {}
    letters_by_row: dict[float, set[float]] = {}
    for item, t in texts:
        x, y = t.apply(item.x, item.y)
        band = round(y / 10)  # the north and south bands lie far apart
        rows.setdefault(band, []).append(item.text)
        letters_by_row.setdefault(band, set()).add(round(y, 2))
    assert rows and all(len(letters) >= 8 for letters in rows.values()), rows
    assert all(len(ys) == 1 for ys in letters_by_row.values()), letters_by_row
