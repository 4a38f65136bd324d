"""A click group whose commands live in modules imported only when needed.

Every command module pulls in its part of the package (the rule engine, the booklet
typesetter, the figure drawing), and importing them all made every command, even
``--version``, pay for all of them. A :class:`LazyGroup` keeps a table of name -> where the
command is and its one-line help: ``opencards --help`` lists the commands from the table,
and a command's module is imported when that command runs or its own help is asked for.
"""
from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import click


@dataclass(frozen=True)
class LazyCommand:
    """Where a command is (``"generator.cli.rules:validate"``), its short help as
    ``--help`` lists it (tests/test_lazy_cli.py checks it matches the command's own), and
    modules to import with it that add subcommands to it."""

    target: str
    short_help: str
    also: tuple[str, ...] = ()

    def load(self) -> click.Command:
        for module in self.also:
            importlib.import_module(module)
        module_name, _, attribute = self.target.partition(":")
        command = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(command, click.Command):  # pragma: no cover - a wrong table entry
            raise TypeError(f"{self.target} is not a click command")
        return command


class LazyGroup(click.Group):
    """A group with eager commands (added as usual) and lazy ones (:meth:`add_lazy`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy: dict[str, LazyCommand] = {}

    def add_lazy(self, name: str, target: str, short_help: str,
                 also: Sequence[str] = ()) -> None:
        self.lazy[name] = LazyCommand(target, short_help, tuple(also))

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            self.add_command(self.lazy[cmd_name].load(), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands with their short help, taken from the table for commands not yet
        imported, so that listing them imports nothing."""
        limit = formatter.width - 6 - max((len(n) for n in self.list_commands(ctx)), default=0)
        rows = []
        for name in self.list_commands(ctx):
            command = self.commands.get(name)
            if command is None:
                # Shortened by click's own rule, as the loaded command's help would be.
                stand_in = click.Command(name, help=self.lazy[name].short_help)
                rows.append((name, stand_in.get_short_help_str(limit)))
            elif not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
