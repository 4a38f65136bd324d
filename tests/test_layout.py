from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import re
from pathlib import Path

import pytest

import generator.model
from generator.cli import cli
from generator.errors import TemplateError
from generator.io.layouts import load_layout
from generator.model.layout import Layout, OffBoard, Piece, Side, parse_stack, stack_notation

BROKEN = Path(__file__).parent / "data" / "rules" / "broken"

# domain.md 5.1, the game-9 figure.
GAME9 = {8: "2G 3R 1Y 4B 1B 4Y 2R 3G", 7: "4R 3B 2Y 1G 4G 3Y 2B 1R",
         2: "4R 3B 2Y 1G 4G 3Y 2B 1R", 1: "2G 3R 1Y 4B 1B 4Y 2R 3G"}


def test_game9_start_is_the_figure(library):
    layout = library.layout("game9-start")
    assert layout.board == "colourless"
    for rank, line in GAME9.items():
        for file, text in zip("abcdefgh", line.split()):
            piece = library.layout("game9-start").top(f"{file}{rank}")
            assert piece.card.notation() == text
            assert piece.owner == ("south" if rank <= 2 else "north")
            assert piece.face_up == (f"{file}{rank}" not in ("e1", "e8"))
    assert len(layout) == 32


def test_rows_round_trip(library):
    for name in library.names("layout"):
        layout = library.layout(name)
        again = Layout.from_rows(layout.board, layout.rows(), size=layout.size)
        assert again.stacks == layout.stacks


def test_layout_is_immutable():
    empty = Layout("board-a")
    one = empty.with_piece("c4", Piece.from_notation("2Y^"))
    two = one.with_piece("c4", Piece.from_notation("1Rv"))
    assert len(empty) == 0 and one.top("c4").notation() == "2Y^"
    assert stack_notation(two.stacks["c4"]) == "2Y^+1Rv"
    assert two.top("c4").notation() == "1Rv" and two.without("c4").top("c4") is None
    with pytest.raises(TypeError):
        two.stacks["d4"] = ()  # type: ignore[index]


def test_stacks():
    assert [p.notation() for p in parse_stack("2Y^+(1R)v+A/Rv")] == ["2Y^", "(1R)v", "A/Rv"]


def test_from_rows_rejects_short_rank():
    with pytest.raises(ValueError, match="rank 3 has 7 squares"):
        Layout.from_rows("board-a", {3: ". . . . . . ."})


def test_sides_keep_their_spelling_and_refuse_others():
    assert Side.parse("south") is Side.SOUTH and Side.SOUTH.opponent is Side.NORTH
    assert json.dumps({"side": Side.NORTH}) == '{"side": "north"}' and f"{Side.SOUTH}" == "south"
    for wrong in ("South", "east", "", None, 1):
        with pytest.raises(ValueError, match="expected south or north"):
            Side.parse(wrong)
    layout = Layout("board-a", players={"south": "pack1:G1"})
    assert list(layout.players) == [Side.SOUTH] and layout.players["south"] == "pack1:G1"
    with pytest.raises(ValueError, match="not a side: 'east'"):
        Layout("board-a", players={"east": "pack1:G1"})


@pytest.mark.parametrize(("fixture", "off_board", "on_board"), [
    ("off-board-rank", [("d9", "2Rv")], 32),
    ("off-board-file", [("i2", "3R^")], 32),
])
def test_the_loader_keeps_piles_written_off_the_board(library, fixture, off_board, on_board):
    shown, layout = load_layout(library, str(BROKEN / f"{fixture}.toml"))
    assert shown.endswith(f"{fixture}.toml")
    assert [(p.square, stack_notation(p.stack)) for p in layout.off_board] == off_board
    assert len(layout) == on_board
    assert str(layout).splitlines()[-1] == "off the board: " + " ".join(off_board[0])
    # They take no part in play: the squares of the board are as in the shipped start.
    assert layout.stacks == library.layout("game9-start").stacks


def _layout_file(tmp_path: Path, rows: str) -> str:
    path = tmp_path / "x.toml"
    path.write_text('kind = "layout"\ntitle = "x"\nboard = "colourless"\n[rows]\n' + rows,
                    encoding="utf-8")
    return str(path)


def test_a_bad_card_on_the_board_names_its_square(runner, tmp_path):
    """Issue 44: a mistake in a layout's row names the square a player looks at (c5),
    with the rank's key to find it in the file; it was ``rows.5[2]``."""
    path = _layout_file(tmp_path, '5 = ". . 9Z^ . . . . ."')
    result = runner.invoke(cli, ["validate", path])
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {path}: square c5 (rows.5): expected cards like 3R^, 30Rv, (1B)^, A/R^ or "
        "2Y^+1Rv for a pile, got '9Z^' (not a card: '9Z')\n")


@pytest.mark.parametrize(("rows", "message"), [
    ('01 = ". . . . . . . ."', "rows.01: expected a rank 1 to 8 as the key, got '01'"),
    ('x = ". . . . . . . ."', "rows.x: expected a rank 1 to 8 as the key"),
    ('9 = ". . . 9Z . . . ."', "rows.9[3]: expected cards like 3R^"),
    ('2 = ". . . . . . . . 9Z"', "rows.2[8]: expected cards like 3R^"),
    ('2 = ". . . . . . ."',
     "rows.2: expected 8 squares (one per file a-h, '.' for empty), got 7"),
])
def test_the_loader_still_names_the_key_of_a_bad_rank(library, tmp_path, rows, message):
    with pytest.raises(TemplateError, match=re.escape(message)):
        load_layout(library, _layout_file(tmp_path, rows))


def test_off_board_piles_on_ranks_beyond_both_edges(library, tmp_path):
    _, layout = load_layout(library, _layout_file(
        tmp_path, '0 = "1R^ . . . . . . ."\n-1 = ". 2Rv+3G^"\n1 = ". . . . . . . . . 4Y^"'))
    assert layout.off_board == (OffBoard(0, 0, parse_stack("1R^")),
                                OffBoard(1, -1, parse_stack("2Rv+3G^")),
                                OffBoard(9, 1, parse_stack("4Y^")))
    assert [p.square for p in layout.off_board] == ["a0", "b-1", "j1"]
    assert [p.beyond_ranks for p in layout.off_board] == [True, True, False]
    assert len(layout) == 0


MODEL_MODULES = sorted(m.name for m in pkgutil.iter_modules(generator.model.__path__))


def test_the_doctest_list_is_every_model_module():
    assert {"board", "cards", "layout", "letters", "units", "traditional"} <= set(MODEL_MODULES)


@pytest.mark.parametrize("name", [m for m in MODEL_MODULES if m != "settings"])
def test_model_doctests(name):
    result = doctest.testmod(importlib.import_module(f"generator.model.{name}"))
    assert result.failed == 0 and result.attempted > 0
