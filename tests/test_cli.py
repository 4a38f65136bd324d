from __future__ import annotations

import subprocess
import sys

import pytest

from generator import __version__
from generator.cli import cli
from generator.io.resources import templates_dir


def test_version(runner):
    result = runner.invoke(cli, ["--version"])
    assert result.exit_code == 0 and result.output == f"opencards, version {__version__}\n"


def test_list_names_everything_shipped(runner, library):
    result = runner.invoke(cli, ["list"])
    assert result.exit_code == 0
    for kind in ("pack", "letters", "board", "layout"):
        for name in library.names(kind):
            assert f"  {name} " in result.output
    for name in ("pack1", "pack2", "simple1", "simple2", "latin1", "latin2", "cyrillic",
                 "board-a", "colourless", "game9-start"):
        assert name in result.output
    assert "card 25 x 50 mm" in result.output


def test_show_pack1_lists_cards_groups_and_marks(runner):
    result = runner.invoke(cli, ["show", "pack1"])
    assert result.exit_code == 0
    rows = [line.split() for line in result.output.splitlines()
            if line.split() and line.split()[0][:-1].isdigit() and line.split()[0][-1] in "RYGB"]
    assert len(rows) == 32
    by_card = {r[0]: r for r in rows}
    # 1R: red hearts, G1/Q3, no dagger; 1B: G2/Q1 with the dagger on face and back.
    assert by_card["1R"][4:7] == ["G1", "Q3", "-"]
    assert by_card["1B"][4:7] == ["G2", "Q1", "\u2020"]
    assert "dagger" in " ".join(by_card["1B"][7:]) and "frame" in by_card["1B"]
    assert sum(r[6] == "\u2020" for r in rows) == 16
    assert "backs: dark circles" in result.output


def test_show_other_kinds(runner):
    assert "R1d" in runner.invoke(cli, ["show", "board-a"]).output
    out = runner.invoke(cli, ["show", "cyrillic"]).output
    assert "red weighs 52, yellow weighs 52" in out and "Щ" in out
    out = runner.invoke(cli, ["show", "game9-start"]).output
    assert "(1B)^" in out and "(1B)v" in out


def test_user_templates_are_searched_first(runner, tmp_path):
    (tmp_path / "packs").mkdir()
    pack = (templates_dir() / "packs" / "pack2.toml").read_text(encoding="utf-8")
    (tmp_path / "packs" / "pack2.toml").write_text(
        pack.replace("Pack 2 (basic version)", "My pack two"), encoding="utf-8")
    result = runner.invoke(cli, ["--templates", str(tmp_path), "list"])
    assert result.exit_code == 0 and "My pack two" in result.output
    assert "Pack 2 (basic version)" not in result.output


def test_python_dash_m():
    out = subprocess.run([sys.executable, "-m", "generator", "--version"],
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == f"opencards, version {__version__}"


def test_readme_documents_every_command_and_build_option():
    """Like Squib's docs check: a command or option users cannot find does not exist. The
    README and the hand-written pages of docs/ are searched together (issue 28 moved the
    command table and the build options into docs/)."""
    from pathlib import Path

    import click

    root = Path(__file__).resolve().parent.parent
    readme = "\n".join(p.read_text(encoding="utf-8")
                       for p in [root / "README.md", *sorted((root / "docs").glob("*.md"))])
    ctx = click.Context(cli)
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        assert f"opencards {name}" in readme, name
        if isinstance(command, click.Group):
            for sub in command.commands:
                assert f"opencards {name} {sub}" in readme, (name, sub)
    for param in cli.commands["build"].params:
        for opt in param.opts:
            assert f"`{opt}" in readme, opt


def _error_line(runner, args):
    result = runner.invoke(cli, args)
    assert result.exit_code == 1 and "Traceback" not in result.output
    # build's progress bar may have written its label first; the error is the last line.
    return result.stderr.strip().splitlines()[-1]


def test_an_unknown_name_gives_the_same_line_on_every_path(runner, tmp_path):
    out = str(tmp_path / "out")
    lines = {_error_line(runner, args) for args in (
        ["show", "pakc1"], ["render", "pakc1", "--out", out],
        ["export-cards", "--only", "pakc1", "--out", out],
        ["build", "--only", "pakc1", "--out", out])}
    assert lines == {"Error: no template named 'pakc1' (see 'opencards list'); "
                     "did you mean 'pack1'?"}
    assert not (tmp_path / "out").exists()


def test_a_layout_is_refused_alike_by_render_and_build(runner, tmp_path):
    out = str(tmp_path / "out")
    lines = {_error_line(runner, ["render", "game9-start", "--out", out]),
             _error_line(runner, ["build", "--only", "game9-start", "--out", out])}
    assert lines == {"Error: 'game9-start' is a layout; a kit holds packs, letter sets "
                     "and boards (draw a layout with 'opencards figure game9-start --out "
                     "FILE')"}


@pytest.mark.parametrize("name", ["board-a", "game9-start"])
def test_export_cards_takes_only_card_sets(runner, tmp_path, name):
    kind = "board" if name == "board-a" else "layout"
    assert _error_line(runner, ["export-cards", "--only", name, "--out", str(tmp_path)]) == \
        f"Error: '{name}' is a {kind}; expected a pack or a letter set"
    assert not list(tmp_path.iterdir())


def test_show_refuses_a_settings_file_in_one_line(runner):
    result = runner.invoke(cli, ["show", str(templates_dir() / "settings.toml")])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "settings.toml: a settings file; expected a template of kind 'pack'" \
        in result.stderr


def test_show_prints_a_game(runner):
    result = runner.invoke(cli, ["show", "basic-1"])
    assert result.exit_code == 0 and result.output.startswith("basic-1: ")


def test_list_sorts_numbers_as_numbers_and_names_the_patiences(runner):
    out = runner.invoke(cli, ["list"]).output
    assert out.index("basic-4-start") < out.index("basic-18-start") < out.index("basic-48-start")
    assert "patiences (opencards patience deal NAME --seed N):" in out
    assert "  nivernaise " in out and "  besieged-city " in out


def test_list_names_a_broken_template_and_lists_the_rest(runner, tmp_path):
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "bad.toml").write_text('kind = "pack"\ntitle = 3\n', encoding="utf-8")
    result = runner.invoke(cli, ["--templates", str(tmp_path), "list"])
    assert result.exit_code == 1
    assert "  pack1 " in result.stdout and "  board-a " in result.stdout
    assert result.stderr.splitlines() == [
        f"Error: {tmp_path / 'packs' / 'bad.toml'}: title: expected a string, got 3"]


def test_show_a_patience(runner):
    result = runner.invoke(cli, ["show", "nivernaise"])
    assert result.exit_code == 0
    assert result.output.startswith("nivernaise: La Nivernaise (2 packs)")
    assert "  redeals = 1" in result.output
    assert "deal: opencards patience deal nivernaise --seed N" in result.output


def test_preview_and_gallery_write_into_the_output_folder_by_default(runner, tmp_path,
                                                                     monkeypatch):
    # Run outside a checkout, they must not make a docs/ folder of their own.
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(cli, ["preview", "--dpi", "30"]).exit_code == 0
    assert runner.invoke(cli, ["gallery", "--dpi", "30"]).exit_code == 0
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["figures.png",
                                                                       "preview.png"]
    assert not (tmp_path / "docs").exists()


def test_build_help_lists_the_sheet_options_in_reading_order(runner):
    shown = [line.split()[0] for line in runner.invoke(cli, ["build", "--help"]).output
             .splitlines() if line.startswith("  --")]
    assert shown[:8] == ["--paper", "--flip", "--back-offset", "--back-rotate", "--back-scale",
                         "--margin", "--margins", "--printer"]
    assert "games/" in runner.invoke(cli, ["--help"]).output


def test_no_progress_label_in_a_log(runner, tmp_path):
    # Not a terminal: no bar, and no stray "drawing" line either.
    result = runner.invoke(cli, ["build", "--only", "pack1", "--out", str(tmp_path)])
    assert result.exit_code == 0 and result.stderr == ""


def test_an_unknown_name_is_answered_with_the_closest_names_not_the_whole_list(runner,
                                                                              tmp_path):
    result = runner.invoke(cli, ["figure", "game1", "--out", str(tmp_path / "a.svg")])
    assert result.exit_code == 1
    assert result.stderr == "Error: no layout named 'game1' (the closest: game1-demo, " \
        "game9-start, example-beating)\n"
