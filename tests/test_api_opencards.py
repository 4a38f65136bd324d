"""``import opencards`` (issue 44, "The Python name"): the public API under the product's
name, as python-chess is ``import chess; chess.Board()``. A position loads from a layout
by name, prints as a board, plays through the rule engine and draws the figure
``opencards figure`` draws."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import opencards
from generator.cli import cli
from generator.errors import NotFoundError
from generator.rules import Position as EnginePosition

ROOT = Path(__file__).resolve().parent.parent


def test_import_opencards_in_a_fresh_interpreter_prints_a_shipped_position():
    """The one line a newcomer types, from a checkout: the board of game1-demo and who
    moves (south, as ``rules play`` without --side)."""
    result = subprocess.run(
        [sys.executable, "-c",
         "import opencards; print(opencards.Position.from_layout('game1-demo'))"],
        cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "basic-1"
    rank1 = next(line for line in lines if line.startswith("1 "))
    assert rank1.split()[1:] == ["8B^", "7G^", "8Y^", "7R^", "(1R)^", "6Y^", "5G^", "6B^"]
    assert lines[-1] == "south to move"


def test_a_position_plays_through_the_rule_engine():
    game = opencards.Position.from_layout("game1-demo")
    assert isinstance(game, EnginePosition)
    assert "a2-a3" in [m.notation() for m in game.legal_moves()]
    game.push_text("a2-a3")
    assert str(game).endswith("north to move")
    assert "4B^" in str(game).splitlines()[6]   # rank 3 now holds the card from a2
    with pytest.raises(opencards.IllegalMoveError) as refused:
        game.push_text("a3-a4")                  # south's card, and north is to move
    assert refused.value.code in set(opencards.ReasonCode)
    assert game.pop() is not None and str(game).endswith("south to move")


def test_the_jupyter_picture_is_the_figure_the_command_draws(runner, tmp_path):
    """_repr_svg_ gives the same bytes as ``opencards figure game1-demo``, and after a
    move the same as ``opencards figure game1-demo --moves a2-a3``."""
    game = opencards.Position.from_layout("game1-demo")
    for moves in ([], ["a2-a3"]):
        for text in moves:
            game.push_text(text)
        out = tmp_path / f"{len(moves)}.svg"
        args = ["figure", "game1-demo", "--out", str(out)] + (
            ["--moves", " ".join(moves)] if moves else [])
        result = runner.invoke(cli, args)
        assert result.exit_code == 0, result.output
        svg = game._repr_svg_()
        assert svg.startswith("<svg") and svg.encode() == out.read_bytes()
        assert opencards.figure(game) == out.read_bytes()
    # The start and the position after a move are different pictures.
    assert (tmp_path / "0.svg").read_bytes() != (tmp_path / "1.svg").read_bytes()


def test_figure_by_name_writes_what_it_returns(tmp_path):
    out = tmp_path / "sub" / "game1.png"
    data = opencards.figure("game1-demo", out, fmt="png", moves="a2-a3")
    assert data.startswith(b"\x89PNG") and out.read_bytes() == data


def test_a_misspelt_layout_is_one_clear_error():
    with pytest.raises(NotFoundError) as missing:
        opencards.Position.from_layout("game1-dmo")
    assert str(missing.value) == ("no layout named 'game1-dmo' (the closest: game1-demo, "
                                  "game9-start, basic-1-ending)")


def test_a_layout_file_by_path_and_a_missing_one(tmp_path):
    path = ROOT / "templates" / "layouts" / "game1-demo.toml"
    assert str(opencards.Position.from_layout(path)) == str(
        opencards.Position.from_layout("game1-demo"))
    with pytest.raises(NotFoundError, match="no such layout file"):
        opencards.Position.from_layout(tmp_path / "none.toml")


def test_the_public_names_and_version():
    import generator
    assert opencards.build_kit is __import__("generator.app", fromlist=["x"]).build_kit
    assert opencards.__version__ == generator.__version__
    with pytest.raises(AttributeError, match="no attribute 'Board'"):
        getattr(opencards, "Board")
