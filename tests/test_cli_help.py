"""Every ``--help`` screen, walked through click's command tree (issue 44, "Help"): an
option without help text leaves a reader guessing, a literal backtick shows raw in a
terminal, and two ``--limit`` options that differ (30s here, 10s there; TEXT here, TIME
there) make a user wonder which one they have. And the language of a booklet, asked
for the ways a newcomer asks for it: ``--lang RU``, ``build --lang ru``, ``booklet ru``."""
from __future__ import annotations

from collections.abc import Iterator

import click
import pytest

import generator.cli
from generator.cli import cli


def _commands() -> Iterator[tuple[str, click.Command, click.Context]]:
    """Every command and subcommand as 'opencards rules solve', with its context (lazy
    commands are loaded by asking the group for them, as running one does)."""
    def walk(command: click.Command, ctx: click.Context
             ) -> Iterator[tuple[str, click.Command, click.Context]]:
        yield ctx.command_path, command, ctx
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None, f"{ctx.command_path} lists {name} but has no such command"
                yield from walk(sub, click.Context(sub, info_name=name, parent=ctx))
    yield from walk(cli, click.Context(cli, info_name="opencards"))


COMMANDS = list(_commands())


def test_the_walk_reaches_the_lazy_commands_and_their_subcommands():
    paths = {path for path, _, _ in COMMANDS}
    assert {"opencards build", "opencards rules solve", "opencards patience stats",
            "opencards ass score", "opencards printer save"} <= paths


@pytest.mark.parametrize(("path", "command", "ctx"), COMMANDS, ids=[p for p, _, _ in COMMANDS])
def test_every_option_has_help_and_no_help_has_a_backtick(path, command, ctx):
    bare = [option.opts[0] for option in command.params
            if isinstance(option, click.Option) and not (option.help or "").strip()]
    assert not bare, f"{path}: options without help text: {', '.join(bare)}"
    ticked = [line.strip() for line in command.get_help(ctx).splitlines() if "`" in line]
    assert not ticked, f"{path} --help shows a literal backtick: {ticked[0]}"


def test_every_limit_has_one_default_and_one_metavar():
    """rules solve, patience solve and patience stats all stop a search with --limit."""
    limits = {path: (option.default, option.make_metavar(ctx))
              for path, command, ctx in COMMANDS for option in command.params
              if isinstance(option, click.Option) and "--limit" in option.opts}
    assert {"opencards rules solve", "opencards patience solve",
            "opencards patience stats"} <= set(limits)
    assert set(limits.values()) == {("10s", "TIME")}, limits


@pytest.mark.parametrize("args", [["rules", "solve", "x.toml"],
                                  ["patience", "solve", "nivernaise", "--seed", "1"]])
def test_a_limit_that_is_no_time_is_refused_alike(runner, args):
    result = runner.invoke(cli, [*args, "--limit", "soon"])
    assert result.exit_code == 1
    assert "Invalid value for '--limit': expected a time like 10s, 500ms or 2m, got 'soon'" \
        in result.output


def test_the_card_size_default_names_the_settings_file(runner):
    for command in ("build", "shop", "export-cards"):
        shown = " ".join(runner.invoke(cli, [command, "--help"]).output.split())
        assert "templates/settings.toml" in shown, command


def test_booklet_lang_is_case_insensitive_like_paper(runner, tmp_path):
    """--paper A4 is accepted; --lang RU is too, and makes booklet-ru.pdf."""
    result = runner.invoke(cli, ["booklet", "ass", "--lang", "RU", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "booklet-ru.pdf").is_file()


@pytest.mark.parametrize(("args", "command"), [
    (["ru"], "opencards booklet --lang ru"),
    (["RU", "basic-1"], "opencards booklet --lang ru basic-1"),
])
def test_a_language_given_as_a_game_names_the_lang_option(runner, tmp_path, args, command):
    result = runner.invoke(cli, ["booklet", *args, "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output == (f"Error: {args[0]!r} is a language, not a game: run "
                             f"'{command}'\n")
    assert not list(tmp_path.iterdir())


class _Stop(Exception):
    pass


def test_build_lang_puts_that_booklet_in_the_kit(runner, tmp_path, monkeypatch):
    asked = []

    def build_kit(_lib, _out, options, progress=None):
        asked.append(tuple(options.items))
        raise _Stop
    monkeypatch.setattr(generator.cli, "build_kit", build_kit)
    runner.invoke(cli, ["build", "--lang", "RU", "--out", str(tmp_path)])
    runner.invoke(cli, ["build", "--out", str(tmp_path)])
    assert [items[-1] for items in asked] == ["booklet-ru", "booklet-en"]
    assert asked[0][:-1] == asked[1][:-1]


def test_build_lang_with_only_names_the_booklet_item(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--lang", "ru",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "--only booklet-ru" in result.output
    assert "'opencards booklet --lang ru'" in result.output
    assert result.output.count("\n") == 1


#: Every command that reads a layout, found by its argument's name, with what else it needs.
LAYOUT_READERS = {path: (command, ctx) for path, command, ctx in COMMANDS
                  if any(isinstance(p, click.Argument) and p.name in ("layout", "layout_file")
                         for p in command.params)}
NEEDS = {"opencards rules lay": ["5R"], "opencards rules play": ["--moves", "b8-c3"],
         "opencards figure": ["--out", "{tmp}/unused.svg"]}


def test_the_layout_readers_are_found():
    assert {"opencards validate", "opencards figure", "opencards rules combos",
            "opencards rules moves", "opencards rules words", "opencards rules play",
            "opencards rules lay", "opencards rules solve"} <= set(LAYOUT_READERS)


@pytest.mark.parametrize("path", sorted(LAYOUT_READERS))
def test_every_layout_argument_says_dash_reads_standard_input(runner, tmp_path, path):
    """Issue 44: '-' reads a layout from standard input wherever a layout is read; a help
    screen that names only a file or a layout's name hides it. The command does read it:
    given nothing on standard input it says so."""
    command, ctx = LAYOUT_READERS[path]
    help_text = " ".join(command.get_help(ctx).split())
    assert "LAYOUT" in command.get_usage(ctx), path
    assert "- for standard input" in help_text, f"{path} --help does not mention '-'"
    args = [*path.split()[1:], "-",
            *(arg.format(tmp=tmp_path) for arg in NEEDS.get(path, []))]
    empty = runner.invoke(cli, args, input="")
    assert empty.exit_code == 1, empty.output
    assert empty.stderr.startswith("Error: <stdin>: expected a layout file piped in"), \
        empty.stderr
