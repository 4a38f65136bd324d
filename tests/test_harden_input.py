"""The loader is total: every number finite and inside one stated range whichever path it
comes by, input files bounded before they are parsed, names resolved at load, every text
printable by the bundled fonts, and every error exactly one short line (issue 17)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import cli
from generator.model import limits
from generator.io.profiles import CONFIG_ENV

ROOT = Path(__file__).resolve().parent.parent / "templates"


def variant(folder: Path, source: str, old: str, new: str) -> Path:
    """A shipped template with one text replaced, at the same place under *folder*."""
    text = (ROOT / source).read_text(encoding="utf-8")
    assert old in text, f"fixture text {old!r} not in {source}"
    target = folder / source
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


def one_line_error(result, *pieces: str) -> str:
    """The error of a run that must fail with exactly one line naming *pieces*."""
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    err = result.stderr
    assert err.startswith("Error: ") and err.count("\n") == 1, err
    for piece in pieces:
        assert piece in err, (piece, err)
    return err


# --- 1. numbers: finite and inside one range, from the CLI or a template ------------------

BAD_OPTIONS = [
    ["build", "--only", "pack1", "--bleed", "nan"],
    ["build", "--only", "pack1", "--margin", "nan"],
    ["build", "--only", "pack1", "--back-offset", "nan,0"],
    ["build", "--only", "pack1", "--back-rotate", "nan"],
    ["build", "--only", "pack1", "--back-scale", "nan"],
    ["build", "--only", "pack1", "--margins", "5,nan,5,5"],
    ["build", "--only", "pack1", "--gap", "inf"],
    ["build", "--only", "board-a", "--overlap", "nan"],
    ["build", "--only", "pack1", "--bleed", "1" * 5000],
    ["build", "--only", "pack1", "--card-size", "1e400x50"],
    ["calibrate", "--margin", "nan"],
    ["calibrate", "--back-offset", "nan,0"],
    ["render", "pack1", "--format", "svg", "--bleed", "nan"],
    ["export-cards", "--only", "simple1", "--bleed", "-inf"],
    ["patience", "deal", "nivernaise", "--seed", "1", "--card-height", "nan"],
]


@pytest.mark.parametrize("args", BAD_OPTIONS, ids=[" ".join(a)[:40] for a in BAD_OPTIONS])
def test_nan_and_infinite_options_are_refused_before_anything_is_written(runner, tmp_path,
                                                                        args):
    out = tmp_path / "out"
    extra = ["--out", str(out / "x.png")] if args[0] == "patience" else ["--out", str(out)]
    result = runner.invoke(cli, [*args, *extra])
    one_line_error(result, "Invalid value for")
    assert not out.exists()


def test_card_sides_have_one_limit_on_the_command_line_and_in_settings(runner, tmp_path):
    expected = limits.CARD_SIDE.expected()
    assert expected == "a length from 5 to 400 mm"
    cli_err = one_line_error(runner.invoke(cli, ["build", "--only", "pack1", "--out",
                                                 str(tmp_path / "o"), "--card-size", "4x50"]))
    assert "expected each side " + expected in cli_err
    variant(tmp_path, "settings.toml", 'width = "25mm"', 'width = "0.001mm"')
    one_line_error(runner.invoke(cli, ["--templates", str(tmp_path), "list"]),
                   "settings.toml: card.width: expected " + expected, "'0.001mm'")


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e400", "1" + "0" * 400, "0.001",
                                   '"0mm"', "true", '"25 mm\\nx"'])
def test_settings_sizes_are_finite_and_in_range(runner, tmp_path, value):
    # A width of 0.001 mm used to hang the build with growing memory.
    variant(tmp_path, "settings.toml", 'width = "25mm"', f"width = {value}")
    one_line_error(runner.invoke(cli, ["--templates", str(tmp_path), "build", "--only",
                                       "pack1", "--out", str(tmp_path / "o")]),
                   "settings.toml: card.width: expected")
    assert not (tmp_path / "o").exists()


def test_traditional_card_size_has_the_same_limit(runner, tmp_path):
    path = variant(tmp_path, "traditional/pack36.toml", 'width = "63mm"', "width = 1000")
    one_line_error(runner.invoke(cli, ["show", str(path)]),
                   "card.width: expected a length from 5 to 400 mm, got 1000")


@pytest.mark.parametrize(("value", "piece"), [
    ("nan", "frequency.percent.E: expected a percentage from 0 to 100 %, got nan"),
    ("1e9", "frequency.percent.E: expected a percentage from 0 to 100 %"),
    ("-1", "frequency.percent.E: expected a percentage from 0 to 100 %"),
    ("22.702", "frequency.percent: expected frequencies adding up to 100 % (within 1 %), "
               "got a sum of 109.999"),
])
def test_letter_frequencies_are_percentages_adding_up_to_100(runner, tmp_path, value, piece):
    path = variant(tmp_path, "letters/latin1.toml", "E = 12.702", f"E = {value}")
    one_line_error(runner.invoke(cli, ["show", str(path)]), piece)


def test_a_5000_digit_integer_is_one_line(runner, tmp_path):
    path = variant(tmp_path, "packs/pack1.toml", "zeros = 0", "zeros = " + "1" * 5000)
    one_line_error(runner.invoke(cli, ["show", str(path)]), "pack1.toml: expected valid TOML")
    path = variant(tmp_path, "packs/pack1.toml", "zeros = 0", "zeros = " + "1" * 4000)
    err = one_line_error(runner.invoke(cli, ["show", str(path)]), "zeros: expected an integer")
    assert len(err) < 400


def test_printer_profile_numbers_have_the_options_limits(runner, tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "config"))
    folder = tmp_path / "config" / "printers"
    folder.mkdir(parents=True)
    (folder / "odd.toml").write_text("margin = nan\n", encoding="utf-8")
    one_line_error(runner.invoke(cli, ["calibrate", "--printer", "odd", "--out",
                                       str(tmp_path / "o")]),
                   "margin: expected a length from 0 to 20 mm, got nan")
    (folder / "odd.toml").write_text("back_offset = [1e300, 0]\n", encoding="utf-8")
    one_line_error(runner.invoke(cli, ["calibrate", "--printer", "odd", "--out",
                                       str(tmp_path / "o")]), "back_offset")
    assert not (tmp_path / "o").exists()


# --- 2. input files: regular, bounded, shallow --------------------------------------------

def _run(*args: str, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The CLI in its own process, so that a blocking read fails the test instead of
    hanging it."""
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, text=True,
                          capture_output=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(ROOT.parent)})


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_list_refuses_special_files_instead_of_blocking(tmp_path, kind):
    packs = tmp_path / "mine" / "packs"
    packs.mkdir(parents=True)
    target = packs / "odd.toml"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "dev-zero":
        target.symlink_to("/dev/zero")
    else:
        target.mkdir()
    done = _run("--templates", "mine", "list", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    if kind != "folder":
        assert "mine/packs/odd.toml: expected a regular file, got a" in done.stderr


def test_files_over_the_size_limit_are_refused_before_reading(runner, tmp_path):
    path = tmp_path / "big.toml"
    path.write_text('kind = "pack"\ntitle = "x"\n' + "# padding\n" * 110_000, encoding="utf-8")
    one_line_error(runner.invoke(cli, ["show", str(path)]),
                   "big.toml: expected a file of at most 1,000,000 bytes, got 1,100,0")


def test_deep_nesting_is_refused_not_a_recursion_error(runner, tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text('kind = "pack"\ntitle = "x"\nzeros = ' + "[" * 1000 + "]" * 1000 + "\n",
                    encoding="utf-8")
    one_line_error(runner.invoke(cli, ["show", str(path)]),
                   "deep.toml: expected arrays and inline tables nested at most 32 deep")
    path.write_text('kind = "pack"\ntitle = "x"\nzeros = ' + "{a=" * 600 + "1" + "}" * 600
                    + "\n", encoding="utf-8")
    one_line_error(runner.invoke(cli, ["show", str(path)]), "nested at most 32 deep")


def test_a_50000_part_dotted_key_is_refused_at_once(tmp_path):
    # tomllib alone took 100 s and 9.8 GB on this 100 KB file.
    (tmp_path / "dots.toml").write_text('kind = "pack"\n' + "a." * 50_000 + "a = 1\n",
                                        encoding="utf-8")
    done = _run("validate", "dots.toml", cwd=tmp_path, timeout=30)
    assert done.returncode == 1
    assert done.stderr == "Error: dots.toml: expected keys of at most 32 dotted parts\n"


def test_shipped_templates_pass_the_prescan(library):
    from generator.io.prescan import check_toml_shape
    for path in ROOT.rglob("*.toml"):
        check_toml_shape(path.read_text(encoding="utf-8"))


# --- 3. names and values resolved at load ---------------------------------------------------

def test_a_superscript_rank_is_refused_at_load(runner, tmp_path):
    # str.isdigit is true for "²"; the rank keys are read with an ASCII pattern.
    path = variant(tmp_path, "layouts/game1-demo.toml", '\n1 = "', '\n"²" = "')
    for command in (["validate", str(path)], ["show", str(path)],
                    ["rules", "moves", str(path), "--side", "south"]):
        one_line_error(runner.invoke(cli, command), "rows.²: expected a rank 1 to 8")


def test_a_huge_rank_key_is_refused_at_load(runner, tmp_path):
    path = variant(tmp_path, "layouts/game1-demo.toml", '\n1 = "', f'\n{"9" * 5000} = "')
    one_line_error(runner.invoke(cli, ["validate", str(path)]), "expected a rank 1 to 8")


@pytest.mark.parametrize("square", ["e1 ", "E1", " e1"])
def test_king_squares_are_written_exactly(runner, tmp_path, square):
    variant(tmp_path, "boards/board-a.toml", '"e1", "e8"', f'"{square}", "e8"')
    one_line_error(runner.invoke(cli, ["--templates", str(tmp_path), "validate", "game1-demo"]),
                   "board-a.toml: king_squares[0]: expected a square a1 to h8")


def test_an_empty_letter_set_is_refused_by_show(runner, tmp_path):
    path = variant(tmp_path, "letters/latin1.toml", '"A E I O U Y B D F H J N Q R W Z"', '""')
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"A E I O U Y C G K L M P S T V X"', '""'), encoding="utf-8")
    one_line_error(runner.invoke(cli, ["show", str(path)]),
                   "groups.red.letters: expected at least one letter")


def test_a_game_pair_naming_an_unknown_group_is_blamed_on_the_game(runner, tmp_path):
    variant(tmp_path, "games/basic-1.toml", '"pack1:G1"', '"pack1:GG1"')
    for command in (["show", "basic-1"], ["validate", "game1-demo"]):
        one_line_error(runner.invoke(cli, ["--templates", str(tmp_path), *command]),
                       "games/basic-1.toml: pairs[0][0]: expected a group of pack1: G1, G2",
                       "did you mean 'G1'?")


# --- 4. glyph coverage at load --------------------------------------------------------------

def test_a_title_the_fonts_lack_is_refused_naming_file_key_and_characters(runner, tmp_path):
    path = variant(tmp_path, "packs/pack1.toml", 'title = "', 'title = "\u4e2d\u6587 ')
    for command in (["show", str(path)], ["--templates", str(tmp_path), "build", "--only",
                                          "pack1", "--out", str(tmp_path / "o")]):
        one_line_error(runner.invoke(cli, command), "pack1.toml: title: ",
                       "U+4E2D '\u4e2d', U+6587 '\u6587'")
    assert not (tmp_path / "o").exists()


def test_a_letter_the_fonts_lack_fails_show_not_only_build(runner, tmp_path):
    path = variant(tmp_path, "letters/latin1.toml", "B D F H J N Q R W Z", "B D F H J N Q R W \u0a85")
    path.write_text(path.read_text(encoding="utf-8").replace("Z = 0.074", '"\u0a85" = 0.074'),
                    encoding="utf-8")
    one_line_error(runner.invoke(cli, ["show", str(path)]),
                   "latin1.toml: groups.red.letters[15]:", "U+0A85")


def test_a_layout_title_is_checked_by_validate(runner, tmp_path):
    path = variant(tmp_path, "layouts/game1-demo.toml", 'title = "', 'title = "\u4e2d ')
    one_line_error(runner.invoke(cli, ["validate", str(path)]), "title:", "U+4E2D")


def test_the_coverage_reader_agrees_with_fonttools():
    from fontTools.ttLib import TTFont
    from generator.io import glyphs
    from generator.io.resources import fonts_dir
    for name in glyphs.FONT_FILES:
        ours = glyphs._Coverage(glyphs._cmap_ranges((fonts_dir() / name).read_bytes()))
        theirs = {code for code, glyph in TTFont(str(fonts_dir() / name)).getBestCmap().items()
                  if glyph != ".notdef"}
        assert {c for c in range(0x20000) if c in ours} == theirs


# --- 5. one line, short -----------------------------------------------------------------------

def test_a_newline_in_a_file_name_stays_on_one_line(runner, tmp_path):
    path = tmp_path / "bad\nname.toml"
    path.write_text('kind = "pack"\n', encoding="utf-8")
    err = one_line_error(runner.invoke(cli, ["show", str(path)]), "bad\\nname.toml")
    assert "\r" not in err


def test_a_newline_in_a_key_stays_on_one_line(runner, tmp_path):
    path = variant(tmp_path, "packs/pack1.toml", "arrow = true", '"arr\\nov\\u001b[2J" = true')
    one_line_error(runner.invoke(cli, ["show", str(path)]), "marks.arr\\nov\\x1b[2J: unknown key")


def test_a_one_megabyte_value_is_echoed_as_an_excerpt(runner, tmp_path):
    path = variant(tmp_path, "packs/pack1.toml", 'version = "basic"', f'version = "{"v" * 900_000}"')
    err = one_line_error(runner.invoke(cli, ["show", str(path)]), "version: expected one of",
                         "v" * 50 + "\u2026'")
    assert len(err) < 300


def test_every_message_shape_is_cut_and_escaped():
    from generator.errors import one_line
    assert one_line("plain message") == "plain message"
    assert one_line("a\u2028b\rc\x00") == "a\\u2028b\\rc\\x00"
    long_key = one_line("x.toml: " + "k" * 10_000 + ": unknown key")
    assert len(long_key) < 200 and long_key.endswith(": unknown key") is False
    assert len(one_line("word " * 100_000)) <= 700


def test_a_figure_caption_the_fonts_lack_names_the_layout_file(runner, tmp_path):
    path = variant(tmp_path, "layouts/example-combinations.toml",
                   'caption = "Combinations', 'caption = "\u4e2d Combinations')
    one_line_error(runner.invoke(cli, ["figure", str(path), "--out", str(tmp_path / "f.svg")]),
                   "example-combinations.toml: figure.caption:", "U+4E2D")
    assert not (tmp_path / "f.svg").exists()


def test_board_squares_have_the_card_limit(runner, tmp_path):
    # --card-size sets the squares too: one range for both, whichever path.
    assert limits.SQUARE_SIDE == limits.CARD_SIDE
    variant(tmp_path, "settings.toml", '[square]\nwidth = "25mm"', '[square]\nwidth = "401mm"')
    one_line_error(runner.invoke(cli, ["--templates", str(tmp_path), "build", "--only",
                                       "board-a", "--out", str(tmp_path / "o")]),
                   "settings.toml: square.width: expected a length from 5 to 400 mm")
    assert not (tmp_path / "o").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_word_file_that_is_a_fifo_is_refused(tmp_path):
    os.mkfifo(tmp_path / "words.txt")
    done = _run("rules", "words", "word-1-start", "--words", "words.txt", cwd=tmp_path,
                timeout=60)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "words.txt: expected a regular file, got a FIFO" in done.stderr


@pytest.mark.parametrize("sheets", ["1-99999999999", "10001", "1-" + "9" * 5000, "\u0663"])
def test_sheet_numbers_are_bounded(runner, tmp_path, sheets):
    # Every number of a range was kept: 1-99999999999 filled 20 GB before failing.
    one_line_error(runner.invoke(cli, ["build", "--only", "pack1", "--sheets", sheets,
                                       "--out", str(tmp_path / "o")]), "--sheets")
    assert not (tmp_path / "o").exists()


# Every command that writes takes --out; an option typed where its path belongs
# ("--out --help") is refused, not made a folder named "--help" with a booklet in it.
OUT_COMMANDS = [
    ["build"], ["booklet"], ["shop"], ["export-cards"], ["calibrate"], ["preview"],
    ["render", "pack1"], ["figure", "basic-1-ending"], ["gallery"],
    ["patience", "deal", "nivernaise", "--seed", "1"],
    ["rules", "deal", "nivernaise", "--seed", "1"],
]


@pytest.mark.parametrize("args", OUT_COMMANDS, ids=[" ".join(a[:2]) for a in OUT_COMMANDS])
def test_an_option_where_out_expects_a_path_is_refused_and_nothing_is_written(
        runner, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, [*args, "--out", "--help"])
    one_line_error(result, "'--out'", "expected a path, got the option '--help'",
                   "./--help")
    assert list(tmp_path.iterdir()) == []
