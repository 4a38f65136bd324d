"""Issue 44: the LAYOUT argument of every command that reads a layout: a mistaken path
names the next step, and ``-`` reads a layout piped from ``rules deal``."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import cli
from generator.io.prescan import MAX_FILE_BYTES


def test_shipped_name_given_as_a_file_names_the_layout(runner, tmp_path, monkeypatch):
    """``figure game1-demo.toml`` in a folder without that file: the shipped layout is
    named, not used in its place (a mistyped path must not draw another position)."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, ["figure", "game1-demo.toml", "--out", "x.svg"])
    assert result.exit_code == 1 and not (tmp_path / "x.svg").exists()
    assert result.stderr == ("Error: game1-demo.toml: no such file here; the shipped layout "
                             "is named without .toml: game1-demo\n")


@pytest.mark.parametrize("args", [["validate", "missing.toml"],
                                  ["rules", "solve", "missing.toml"],
                                  ["figure", "missing.toml", "--out", "x.svg"]])
def test_missing_layout_file_says_how_to_make_one(runner, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, args)
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: missing.toml: no such layout file; make one with 'opencards rules deal GAME "
        "--seed 1 --out missing.toml' or use a shipped layout by name (see 'opencards list')\n")


def _dealt(runner) -> str:
    deal = runner.invoke(cli, ["rules", "deal", "basic-65", "--seed", "3", "--open"])
    assert deal.exit_code == 0, deal.output
    return deal.stdout


def test_rules_solve_reads_a_piped_deal(runner, tmp_path):
    """``rules deal ... | rules solve -`` solves the same deal as the file does."""
    text = _dealt(runner)
    (tmp_path / "deal.toml").write_text(text, encoding="utf-8")
    # Won within about 2,500 positions: a node budget makes both searches the same on any
    # machine (a time limit might stop one and not the other); the time is only a ceiling.
    budget = ["--nodes", "50000", "--limit", "10m"]
    piped = runner.invoke(cli, ["rules", "solve", "-", *budget], input=text)
    from_file = runner.invoke(cli, ["rules", "solve", str(tmp_path / "deal.toml"), *budget])
    assert piped.exit_code == 0, piped.output
    assert piped.stdout == from_file.stdout and "solved" in piped.stdout


@pytest.mark.parametrize("args", [["validate", "-"], ["rules", "moves", "-"],
                                  ["rules", "play", "-", "--moves", "b8-c3"],
                                  ["rules", "lay", "-", "5R"]])
def test_dash_reads_stdin_wherever_a_layout_is_read(runner, args):
    text = _dealt(runner)
    result = runner.invoke(cli, args, input=text)
    assert result.exit_code == 0, result.output
    # Nothing piped: one line saying so, and how to pipe one.
    empty = runner.invoke(cli, args, input="")
    assert empty.exit_code == 1
    assert empty.stderr == ("Error: <stdin>: expected a layout file piped in, got nothing "
                            "(e.g. opencards rules deal GAME --seed 1 | opencards validate -)\n")


def test_figure_from_stdin_draws_as_the_shipped_file(runner, tmp_path):
    """The layout and its [figure] table come from the one piped text."""
    shipped = Path(__file__).parents[1] / "templates" / "layouts" / "game1-demo.toml"
    text = shipped.read_text(encoding="utf-8")
    piped = runner.invoke(cli, ["figure", "-", "--out", str(tmp_path / "a.svg")], input=text)
    named = runner.invoke(cli, ["figure", "game1-demo", "--out", str(tmp_path / "b.svg")])
    assert piped.exit_code == 0 and named.exit_code == 0, piped.output
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()


def test_stdin_is_bounded_like_a_file(runner):
    big = "kind = \"layout\"\n" + "#" * MAX_FILE_BYTES + "\n"
    result = runner.invoke(cli, ["validate", "-"], input=big)
    assert result.exit_code == 1
    assert result.stderr == f"Error: <stdin>: expected at most {MAX_FILE_BYTES} bytes\n"
