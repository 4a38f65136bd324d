"""``opencards figure`` and ``opencards gallery``: diagrams of positions and moves.

A thin shell over :mod:`generator.app.figure`: the options are made from its
:class:`~generator.app.figure.FigureOptions`, parsed there, and the job draws and writes.
"""
from __future__ import annotations

import enum
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ..model import limits
from .common import EnumChoice, Integer, Length, OutPath, library, plural
from ..app import gallery as write_gallery
from ..app.figure import FigureFormat, FigureOption, FigureOptions, Kind, make_figure, options
from ..errors import InvalidLayoutError

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def _click_option(name: str, option: FigureOption) -> Decorator:
    """*option* as a click option, its value under :attr:`FigureOption.key`."""
    default = getattr(FigureOptions(), name) if option.shows_default else None
    if isinstance(default, enum.Enum):
        default = default.value   # shown as spelt, and read back into the member
    more: dict[str, Any] = {"help": option.help, "metavar": option.metavar}
    if option.kind is Kind.FLAG:
        return click.option(f"{option.flag}/--no-{option.flag[2:]}", option.key,
                            default=None, help=option.help)
    if option.kind is Kind.SWITCH:
        return click.option(option.flag, option.key, is_flag=True, help=option.help)
    if option.kind is Kind.TEXTS:
        more["multiple"] = True
    elif option.kind is Kind.CHOICE and option.choices is not None:
        more.update(type=EnumChoice(option.choices), metavar=None)
    elif option.kind is Kind.LENGTH:
        more.update(type=Length(limits.FIGURE_WIDTH), default=f"{default:g}mm")
    elif option.kind is Kind.WHOLE:
        more.update(type=Integer(*option.bounds))
    elif option.kind is Kind.FILE:
        more.update(type=click.Path(exists=True, dir_okay=False, path_type=Path))
    more.setdefault("default", default)
    return click.option(option.flag, option.key, show_default=option.shows_default, **more)


def figure_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Every option of :class:`FigureOptions`, in its order."""
    for name, option in reversed(list(options())):
        command = _click_option(name, option)(command)
    return command


@click.command()
@click.argument("layout")
@click.option("--out", "out", type=OutPath(path_type=Path), required=True,
              help="The file to write; its suffix (.svg, .png, .pdf, .gif) names the format.")
@figure_options
@click.option("--frames", "frames_dir", type=click.Path(path_type=Path),
              help="Also write one figure per position of --moves into this folder.")
@click.pass_context
def figure(ctx: click.Context, /, layout: str, out: Path, frames_dir: Path | None,
           **raw: Any) -> None:
    """Draw LAYOUT (a shipped layout's name, a .toml file, or - for standard input) as a
    figure: the cards on their squares, with annotations from the options and the layout's [figure] table.

    The rule engine checks the layout first and every move of --moves.
    """
    raw["format"] = FigureFormat.of_file(out, raw["format"])
    try:
        made = make_figure(library(ctx), layout, FigureOptions.parse(raw), out,
                           frames_dir=frames_dir, note=lambda line: click.echo(line, err=True))
    except InvalidLayoutError as e:
        for line in e.problems:
            click.echo(line, err=True)
        raise
    drawn, written = made.drawn, made.written
    if drawn.problems:
        click.echo(f"drew {len(drawn.problems)} problem(s) anyway (--allow-invalid)",
                   err=True)
    frames = len(written) - 1
    click.echo(f"wrote {written[0]}" + (
        f" and {plural(frames, 'frame')} to {frames_dir}"
        if frames_dir is not None else ""))
    sys.stdout.flush()


@click.command()
@click.option("--out", type=OutPath(path_type=Path), default=Path("output/figures.png"),
              show_default=True, help="The PNG file to write.")
@click.option("--dpi", type=Integer(30, 600), default=100, show_default=True,
              help="Resolution of the PNG, in dots per inch.")
@click.pass_context
def gallery(ctx: click.Context, out: Path, dpi: int) -> None:
    """Draw the figures gallery from the shipped example layouts.

    The project's own, docs/figures.png, is drawn with --out docs/figures.png."""
    click.echo(f"wrote {write_gallery(library(ctx), out, dpi=dpi)}")
