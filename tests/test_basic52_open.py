"""Basic 52 in the open, a patience of one player (basic-52-open): its deals validate as
starts and as positions in play, dealt cards shift only onto identical squares, and a card
off its identical square anywhere but on its dealt dark square is still reported."""
from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.errors import IllegalMoveError
from generator.io.layouts import load_layout_file
from generator.model.layout import Side
from generator.rules.beating import fits_identical
from generator.rules.moves import MoveKind
from generator.rules.playout import playout
from generator.rules.position import replay
from generator.rules.bound import Rules
from generator.rules.position import Position



@pytest.mark.parametrize("seed", [1, 2, 3])
def test_open_deals_validate_in_play_under_the_patience(tmp_path, seed):
    runner = CliRunner()
    for args in (["basic-52-open"], ["basic-52", "--open"]):
        out = tmp_path / f"deal-{args[0]}.toml"
        dealt = runner.invoke(cli, ["rules", "deal", *args, "--seed", str(seed),
                                    "--out", str(out)])
        assert dealt.exit_code == 0, dealt.output
        for extra in ([], ["--play"]):
            result = runner.invoke(cli, ["validate", str(out), "--game", "basic-52-open",
                                         *extra])
            assert result.exit_code == 0, result.output
    # The open deal names the patience's game; under basic-52 itself it is still an
    # unsolved position.
    assert 'game = "basic-52-open"' in out.read_text(encoding="utf-8")
    result = runner.invoke(cli, ["validate", "--play", str(out), "--game", "basic-52"])
    assert result.exit_code == 1 and "[not-identical]" in result.output


def test_dealt_cards_shift_only_onto_identical_squares(library):
    position = load_layout_file(library, "basic-52-open-start")
    board, game, layout = position.board, position.game, position.layout
    moves = Rules(game, board).turn_moves(layout, Side.SOUTH)
    shifts = [m for m in moves if m.kind is MoveKind.SHIFT]
    assert shifts and all(fits_identical(layout.top(m.origin).card, board.square(m.target))
                          for m in shifts)
    assert any(m.kind is MoveKind.LAY for m in moves)  # the pile's top may be laid too
    wrong = next(s.name for s in board.squares if s.name not in layout.stacks
                 and not fits_identical(layout.top(shifts[0].origin).card, s))
    with pytest.raises(IllegalMoveError, match="move 1"):
        replay(Rules(game, board), layout, [f"{shifts[0].origin}-{wrong}"])
    # A random patience ends with every card home (each has two identical squares).
    result = playout(Position(Rules(game, board), layout), random.Random(0))
    assert result.outcome.over and not result.layout.hands.pile
    assert all(fits_identical(st[-1].card, board.square(s)) for s, st in result.layout.items())


def test_a_card_off_its_identical_square_on_a_light_square_is_reported(tmp_path):
    path = tmp_path / "pos.toml"
    # 3R on b1, a light square that is not R3: no deal puts it there.
    path.write_text('kind = "layout"\ntitle = "t"\nboard = "board-a"\ngame = "basic-52-open"\n'
                    '[players]\nsouth = "pack1"\nnorth = "pack2"\n[rows]\n'
                    '1 = "7R 3R . . . . . ."\n')
    result = CliRunner().invoke(cli, ["validate", "--play", str(path)])
    assert result.exit_code == 1
    assert "b1: 3R" in result.output and "[not-identical]" in result.output
    assert "a1:" not in result.output  # 7R on a1, a dark square: a dealt card waiting
