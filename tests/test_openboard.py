"""The flat board of basic 65 in the open agrees with the plain rules (legal_moves, play)
move for move on random positions."""
from __future__ import annotations

import random

import pytest

from generator.io.layouts import sources_for
from generator.model.layout import Layout, Side
from generator.rules.dealing import deal
from generator.rules.lines import SQUARES
from generator.rules.moves import MoveKind
from generator.rules.openboard import OpenBoard, apply, flat, suits
from generator.rules.openboard_cut import stranded
from generator.rules.bound import Rules


def _positions(library, game, count: int, seed: int):
    """Open deals thinned at random (free squares to shift to), then a few random moves
    deep, so that the positions are ones a search meets."""
    board = library.board(game.boards[0])
    sources = sources_for(library, Layout(board.name), game)
    rng = random.Random(seed)
    for _ in range(count):
        layout = deal(game, board, sources, game.pairs[0], rng, face_up=True)
        keep = rng.randint(16, 52)
        squares = sorted(layout.stacks)
        kept = set(rng.sample(squares, keep))
        layout = layout._replace({s: st for s, st in layout.items() if s in kept})
        for _ in range(rng.randint(0, 3)):
            yield layout
            moves = Rules(game, board).board_moves(layout, Side.SOUTH)
            if not moves:
                break
            layout = Rules(game, board).play(layout, rng.choice(moves), Side.SOUTH)
        yield layout


@pytest.mark.parametrize("name", ["basic-65"])
def test_flat_moves_and_results_equal_the_plain_rules(library, name):
    game = library.game(name)
    board = library.board(game.boards[0])
    assert suits(game)
    engine = OpenBoard(game)
    compared = moved = 0
    for layout in _positions(library, game, 40, seed=65):
        cells = flat(layout)
        assert cells is not None
        plain = Rules(game, board).board_moves(layout, Side.SOUTH)
        assert all(m.kind is MoveKind.SHIFT for m in plain)
        fast = engine.shifts(cells)
        assert [(SQUARES[o], SQUARES[t]) for o, t, _ in fast] == \
            [(m.origin, m.target) for m in plain]
        for (origin, target, gone), move in zip(fast, plain):
            after = Rules(game, board).play(layout, move, Side.SOUTH)
            assert apply(cells, origin, target, gone) == flat(after), move
            moved += 1
        compared += 1
    # The positions must offer moves, or the comparison above proves little.
    assert compared >= 40 and moved >= 100


def test_games_off_the_plain_rules_are_refused(library):
    assert not suits(library.game("basic-65-crossing"))
    assert not suits(library.game("basic-52"))


def _cells(rows: dict[int, str]):
    cells = flat(Layout.from_rows("board-a", rows))
    assert cells is not None
    return cells


def test_stranded_cards_are_those_with_no_two_partners_left():
    # Alone in colour, value and sequence: all three are stranded.
    assert stranded(_cells({1: "1R . 5G . . . . 8B"})) == 3
    # Two of a colour are not enough: 1R 5R need a third red.
    assert stranded(_cells({1: "1R 5R . . . . . 8B"})) == 3
    # 1R 2G 3B can still make a sequence (wherever they lie); 1R 3B 1G: 1R and 1G share a
    # value but no third 1 is left, and no sequence runs through a 2.
    assert stranded(_cells({1: "1R . . . . . . 2G", 8: "3B . . . . . . ."})) == 0
    assert stranded(_cells({1: "1R . . 3B . . . 1G"})) == 3
    # Three of a colour (any values) or three of a value keep each other.
    assert stranded(_cells({1: "1R 5R . . . . . 8R", 4: "4G . 4Y . . . 4B ."})) == 0
    # 7Y 8Y 6B: 6-7-8 runs on; 8G beside them has 8Y but no third 8 and no 9 or 10.
    assert stranded(_cells({2: "7Y . 8Y . 6B . . 8G"})) == 0
    assert stranded(_cells({2: "2Y . . . 6B . . 8G"})) == 3


def test_flat_board_refuses_face_down_cards():
    assert flat(Layout.from_rows("board-a", {1: "1R 2R . . . . . ."})) is not None
    assert flat(Layout.from_rows("board-a", {1: "1R (2R) . . . . . ."})) is None
