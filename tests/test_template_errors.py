"""Malformed templates: each gives one line naming file, key and what was expected, exit 1."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import cli

ROOT = Path(__file__).resolve().parent.parent / "templates"


def _variant(tmp_path: Path, source: str, old: str, new: str, folder: str) -> Path:
    text = (ROOT / source).read_text(encoding="utf-8")
    assert old in text, f"fixture text {old!r} not in {source}"
    target = tmp_path / folder / Path(source).name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


CASES = [
    # (id, source template, text to replace, replacement, expected pieces of the message)
    ("unknown-key", "packs/pack1.toml", "arrow = true", "arow = true",
     ["marks.arow: unknown key", "did you mean 'arrow'?"]),
    ("wrong-type", "packs/pack1.toml", "face_frame = true", 'face_frame = "yes"',
     ["marks.face_frame: expected true or false, got 'yes'"]),
    ("duplicate-card", "packs/pack1.toml", "G2 = \"1B 1Y", "G2 = \"1R 1Y",
     ["splits.two.G2[0]", "duplicate card", "already in group G1"]),
    ("not-a-partition", "packs/pack1.toml", " 8G 8R\"\n", " 8G\"\n",
     ["splits.two: groups do not partition the pack", "missing 8R"]),
    ("card-of-other-pack", "packs/pack1.toml", "Q1 = \"1B", "Q1 = \"10B",
     ["splits.four.Q1[0]: expected a card of pack1 (values 1-8), got '10B'"]),
    ("bad-card", "packs/pack2.toml", "G1 = \"10R", "G1 = \"10X",
     ["splits.two.G1[0]: expected a card like 3R, 30R or 100Y, got '10X'"]),
    ("dagger-group", "packs/pack1.toml", 'dagger_group = "G2"', 'dagger_group = "G3"',
     ["marks.dagger_group: expected a group of split 'two': G1, G2, got 'G3'"]),
    ("bad-choice", "packs/pack2.toml", '"antidiagonal"', '"antidiagonl"',
     ["marks.back_hatching: expected one of", "did you mean 'antidiagonal'?"]),
    ("zeros-range", "packs/pack2.toml", "zeros = 1", "zeros = 3",
     ["zeros: expected an integer from 0 to 2, got 3"]),
    ("missing-title", "packs/pack2.toml", 'title = "Pack 2 (basic version)"', "",
     ["title: missing; expected a string"]),
    # Z (factor 1) swapped for T (factor 9): red now outweighs yellow.
    ("unbalanced-letters", "letters/latin1.toml", '"A E I O U Y B D F H J N Q R W Z"',
     '"A E I O U Y B D F H J N Q R W T"',
     ["groups: groups are not balanced; expected equal sums of frequency factors",
      "got red 80, yellow 72"]),
    ("letter-without-frequency", "letters/cyrillic.toml", '"Г Д Е Ж', '"Ё Д Е Ж',
     ["groups.yellow.letters[0]: expected a letter of frequency.percent, got 'Ё'"]),
    ("duplicate-letter", "letters/latin2.toml", '"A E I O U Y B', '"A A I O U Y B',
     ["groups.green.letters[1]", "duplicate card"]),
    ("bad-toml", "packs/pack1.toml", "zeros = 0", "zeros = = 0",
     ["expected valid TOML", "line"]),
    ("bad-kind", "packs/pack1.toml", 'kind = "pack"', 'kind = "pak"',
     ["kind: expected one of 'pack'", "did you mean 'pack'?"]),
    ("edge-mismatch", "boards/board-a.toml", '1 = "R1d Y1l', '1 = "Y1d Y1l',
     ["rows.1[0]: square a1 does not match the bottom edge label", "got yellow"]),
    ("short-row", "boards/board-a.toml", '5 = "B5d G5l Y5d R5l R5d Y5l G5d B5l"',
     '5 = "B5d G5l Y5d R5l R5d Y5l G5d"', ["rows.5: expected 8 squares", "got 7"]),
    ("bad-square", "boards/board-a.toml", "B8l G8d", "B8x G8d",
     ["rows.8[0]: expected a square like R4l", "got 'B8x'"]),
    ("bad-layout-card", "layouts/game9-start.toml", '1 = "2G^', '1 = "9G^',
     ["square a1 (rows.1): expected cards like 3R^", "got '9G^'"]),
    ("unknown-board", "layouts/game9-start.toml", 'board = "colourless"',
     'board = "colorless"', ["board: expected a board", "did you mean 'colourless'?"]),
    ("unknown-game-board", "games/basic-1.toml", 'boards = ["board-a"]',
     'boards = ["board-b"]', ["boards[0]: expected a board: board-a, colourless",
                              "did you mean 'board-a'?"]),
    # Seed002, jeu 7: each of the four players owns one direction.
    ("seats-not-each-player", "games/initial-7.toml",
     'seats = ["vertical", "horizontal", "antidiagonal", "diagonal"]',
     'seats = ["vertical", "horizontal", "diagonal"]',
     ["combinations.seats: expected the orientation each of the 4 players scores"]),
    ("seat-orientation-misspelt", "games/initial-7.toml", '"antidiagonal", "diagonal"]',
     '"antidiagonl", "diagonal"]',
     ["combinations.seats[2]: expected a different one of the orientations",
      "did you mean 'antidiagonal'?"]),
    # Seed001, word 25: the top letter alone leaves a pile only where letters lie on
    # letters; the rule against words of one's own letters is stated for free squares.
    ("top-letters-without-piles", "games/word-25-no-own-words.toml",
     "forbid_own_words = true", "top_letters_only = true",
     ["words.top_letters_only: expected true only with movement.lay_on_letters"]),
    ("own-words-on-letters", "games/word-25-on-letters-top.toml",
     "top_letters_only = true", "forbid_own_words = true",
     ["words.forbid_own_words: expected true only with placement = 'free', a [words] "
      "table and no lay_on_letters"]),
    # Seed001, word 2: a reading direction for each player, where letters move.
    ("seated-reading-of-laid-letters", "games/word-25-no-own-words.toml",
     "forbid_own_words = true", 'reading = "seated"',
     ["words.reading: expected 'any' unless the letters have owners and move as a king "
      "or a queen"]),
    ("unknown-side", "layouts/game1-demo.toml", 'south = "pack1:G1"', 'east = "pack1:G1"',
     ["players.east: expected a side: south or north"]),
    ("bad-length", "settings.toml", 'width = "25mm"', 'width = "25 furlongs"',
     ["card.width: expected a number of mm or a string like", "got '25 furlongs'"]),
    ("zero-length", "settings.toml", 'height = "50mm"', 'height = "0mm"',
     ["card.height: expected a length from 5 to 400 mm, got '0mm'"]),
]

def _folder(source: str) -> str:
    return str(Path(source).parent) if "/" in source else "."


@pytest.mark.parametrize(("source", "old", "new", "expected"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_malformed_template_gives_one_line(runner, tmp_path, source, old, new, expected):
    path = _variant(tmp_path, source, old, new, _folder(source))
    if source == "settings.toml":
        args = ["--templates", str(tmp_path), "list"]
    else:
        args = ["show", str(path)]
    result = runner.invoke(cli, args)
    assert result.exit_code == 1, result.output
    err = result.stderr
    assert err.count("\n") == 1 and err.startswith("Error: "), err
    assert "Traceback" not in result.output
    assert str(path.name) in err
    for piece in expected:
        assert piece in err, (piece, err)


def test_user_folder_breaks_list_with_file_and_key(runner, tmp_path):
    _variant(tmp_path, "packs/pack1.toml", "arrow = true", "arrow = 1", "packs")
    result = runner.invoke(cli, ["--templates", str(tmp_path), "list"])
    assert result.exit_code == 1
    assert "packs/pack1.toml: marks.arrow: expected true or false, got 1" in result.stderr


def test_unknown_name_suggests(runner):
    result = runner.invoke(cli, ["show", "pakc1"])
    assert result.exit_code == 1
    assert result.stderr == "Error: no template named 'pakc1' (see 'opencards list'); " \
                            "did you mean 'pack1'?\n"


def test_missing_file(runner, tmp_path):
    result = runner.invoke(cli, ["show", str(tmp_path / "nope.toml")])
    assert result.exit_code == 1 and "no such template file" in result.stderr


def test_usage_error_is_one_line(runner):
    result = runner.invoke(cli, ["show"])
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and "Missing argument 'NAME'" in result.stderr
