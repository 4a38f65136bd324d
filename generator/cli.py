"""The ``opencards`` command: a thin shell over functions users can import."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from . import __version__
from .errors import GeneratorError
from .show import board_text, layout_text, letters_text, pack_text
from .templates import KINDS, Library


class _OneLineErrors(click.Group):
    """Shows every user mistake, click's own included, as one line on stderr with exit 1.

    Anything else is a bug and keeps its traceback.
    """

    def main(self, args: Any = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.Abort:
            click.echo("Error: aborted", err=True)
            sys.exit(1)
        except click.ClickException as e:
            message = e.format_message()
            if isinstance(e, click.UsageError) and e.ctx is not None:
                message += f" (see '{e.ctx.command_path} --help')"
            click.echo(f"Error: {message}", err=True)
            sys.exit(1)
        except GeneratorError as e:
            click.echo(f"Error: {e}", err=True)
            sys.exit(e.exit_code)
        if not standalone_mode:
            return rv
        sys.exit(rv if isinstance(rv, int) else 0)


def _library(ctx: click.Context) -> Library:
    return Library.with_user_dirs(ctx.obj["templates"])


@click.group(cls=_OneLineErrors)
@click.version_option(__version__, prog_name="opencards")
@click.option("--templates", "template_dirs", multiple=True,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="A folder of your own templates (packs/, letters/, boards/, layouts/), "
                   "searched before the shipped ones. May be given more than once.")
@click.pass_context
def cli(ctx: click.Context, template_dirs: tuple[Path, ...]) -> None:
    """Print-ready open playing cards, letter cards and boards."""
    ctx.obj = {"templates": list(template_dirs)}


@cli.command("list")
@click.pass_context
def list_command(ctx: click.Context) -> None:
    """List the packs, letter sets, boards and layouts that are available."""
    library = _library(ctx)
    for kind, (_, heading) in KINDS.items():
        click.echo(f"{heading}:")
        for name in library.names(kind):
            obj = library.get(kind, name)
            click.echo(f"  {name:<14} {obj.title}")
    click.echo(f"sizes: card {library.settings().card}, square {library.settings().square}")


@cli.command()
@click.argument("name")
@click.pass_context
def show(ctx: click.Context, name: str) -> None:
    """Show one template as text: a pack's cards with groups and markings, a letter set,
    a board or a layout. NAME is a name from 'opencards list' or a path to a .toml file."""
    kind, obj = _library(ctx).find(name)
    text = {"pack": pack_text, "letters": letters_text, "board": board_text,
            "layout": layout_text, "game": game_text}[kind](obj)
    click.echo(text)


def main() -> None:
    cli(prog_name="opencards")


# The rule engine's commands live in their own module; registered here.
from .cli_rules import game_text, rules, validate  # noqa: E402

cli.add_command(validate)
cli.add_command(rules)
