"""The crosswise 16 x 4 board of initial game 11 as templates: the board, the game, its
start layout; loading, validation, text and the errors a user sees."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import cli
from generator.io.layout_text import layout_to_toml
from generator.io.layouts import load_layout_file
from generator.io.templates import load_file

ROOT = Path(__file__).resolve().parent.parent / "templates"


def test_board_template_is_sixteen_by_four(library):
    board = library.board("colourless-crosswise")
    assert board.size == (16, 4) and board.crosswise and len(board) == 64
    # Digits 1-8 twice number the verticals: a and i are 1, h and p are 8.
    assert [board.square(f"{f}1").value for f in "ahip"] == [1, 8, 1, 8]
    assert all(board.square(f"k{r}").value == 3 for r in range(1, 5))
    values = sorted(s.value for s in board)
    assert values == sorted(list(range(1, 9)) * 8)  # 8 squares a value, as lengthwise
    assert not library.board("colourless").crosswise


def test_start_layout_validates_and_plays(library):
    position = load_layout_file(library, "initial-11-crosswise-start")
    assert position.layout.size == (16, 4) and len(position.layout) == 64
    assert position.problems() == []
    # Written back, the layout says its size and reads the same again.
    text = layout_to_toml(position.layout, "round trip")
    assert 'size = "16x4"' in text and len(text.splitlines()[-1].split()) == 18


def test_an_8x8_layout_on_the_crosswise_game_is_refused(library, tmp_path, runner):
    path = tmp_path / "mixed.toml"
    path.write_text('kind = "layout"\ntitle = "t"\nboard = "colourless-crosswise"\n'
                    'game = "initial-11-crosswise"\n[rows]\n1 = "1R . . . . . . ."\n',
                    encoding="utf-8")
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert "written for a 8x8 board, but colourless-crosswise has 16x4 squares" \
        in result.output


@pytest.mark.parametrize(("old", "new", "expected"), [
    ('size = "16x4"', 'size = "4x16"', "size: expected 8x8 or 16x4 (files x ranks), got '4x16'"),
    ('1 = "1l 2l 3d 4d 5l 6l 7d 8d 1l 2l 3d 4d 5l 6l 7d 8d"', '1 = "1l 2l 3d 4d 5l 6l 7d 8d"',
     "rows.1: expected 16 squares (one per file a-p), got 8"),
    ('4 = "1l', '5 = "1l', "rows.5: expected a rank 1 to 4 as the key"),
])
def test_malformed_crosswise_board_gives_one_line(runner, tmp_path, old, new, expected):
    text = (ROOT / "boards/colourless-crosswise.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "boards" / "cross.toml"
    path.parent.mkdir()
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = runner.invoke(cli, ["show", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.count("\n") == 1 and expected in result.stderr, result.stderr


def test_layout_rows_must_have_sixteen_tokens(runner, tmp_path):
    text = (ROOT / "layouts/initial-11-crosswise-start.toml").read_text(encoding="utf-8")
    path = tmp_path / "short.toml"
    path.write_text(text.replace('1 = "(6G) (8Y) (6B) (4R) (3B) (4Y) (3G) (6B) ',
                                 '1 = "', 1), encoding="utf-8")
    result = runner.invoke(cli, ["show", str(path)])
    assert result.exit_code == 1
    assert "rows.1: expected 16 squares (one per file a-p, '.' for empty), got 8" \
        in result.stderr


def test_show_draws_both_as_text(runner):
    board = runner.invoke(cli, ["show", "colourless-crosswise"])
    assert board.exit_code == 0
    lines = board.output.splitlines()
    assert lines[-3].split() == list("abcdefghijklmnop")
    assert "vertical digits (provisional): 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8" in board.output
    layout = runner.invoke(cli, ["show", "initial-11-crosswise-start"])
    rows = [line for line in layout.output.splitlines() if line[:1] and line[:1] in "1234"]
    assert [len(line.split()) for line in rows] == [17] * 4


def test_load_file_reads_the_size(tmp_path):
    layout = load_file(ROOT / "layouts/initial-11-crosswise-start.toml")
    assert getattr(layout, "size") == (16, 4)


def test_rules_play_moves_on_the_crosswise_start(runner):
    # a1's 6G finds both verticals of value 6 (f, n) full and leaves; o2's 1G may then go
    # to a1, on vertical a of value 1.
    result = runner.invoke(cli, ["rules", "play", "initial-11-crosswise-start",
                                 "--moves", "a1=off o2=a1"])
    assert result.exit_code == 0, result.output
    assert "a1=off removes 6G" in result.output
    rank1 = next(line for line in result.output.splitlines() if line.startswith("1 "))
    assert rank1.split()[1] == "1G"
    refused = runner.invoke(cli, ["rules", "play", "initial-11-crosswise-start",
                                  "--moves", "a1=c1"])
    assert refused.exit_code == 1
    assert "move 1 (a1=c1) is illegal" in refused.output and "a1=off" in refused.output
