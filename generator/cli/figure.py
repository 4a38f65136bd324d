"""``opencards figure`` and ``opencards gallery``: diagrams of positions and moves.

A thin shell over :func:`generator.app.make_figure`, which parses the annotations, asks
the rule engine, draws and writes.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..model import limits
from .common import Integer, Length, library, plural
from ..app import FigureOptions, gallery as write_gallery, make_figure
from ..app.options import FIGURE_FORMATS as FORMATS
from ..app.options import FIGURE_STYLES as STYLES
from ..app.options import FIGURE_TEXTS as TEXTS
from ..errors import InvalidLayoutError



@click.command()
@click.argument("layout")
@click.option("--out", "out", type=click.Path(path_type=Path), required=True,
              help="The file to write; its suffix (.svg, .png, .pdf, .gif) names the format.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default=None,
              help="The format, if the suffix of --out does not say it.")
@click.option("--flip/--no-flip", default=None, help="Show the board as north sees it.")
@click.option("--crop", metavar="A1:D4", help="Show only these squares; names are kept.")
@click.option("--coords/--no-coords", default=None,
              help="Draw the edge labels and file names (default: on).")
@click.option("--width", type=Length(limits.FIGURE_WIDTH), default="100mm", show_default=True,
              help="Width of the figure (SVG, PDF; PNG with --dpi).")
@click.option("--dpi", type=Integer(30, 1200), default=150, show_default=True,
              help="Resolution of PNG and GIF output.")
@click.option("--style", "figure_style", type=click.Choice(STYLES), default=None,
              help="full: each card as printed, on card-shaped squares (default); compact: "
              "square cells and each card as a symbol, for a column of text.")
@click.option("--text", "text", type=click.Choice(TEXTS), default="outlines", show_default=True,
              help="SVG text as outlines (the same everywhere) or as real <text> in the "
              "embedded fonts (selectable, searchable).")
@click.option("--legend/--no-legend", default=None,
              help="A key under the board to the marks it shows: sides, last move, dots, "
              "rings, frames, arrows.")
@click.option("--caption", help="A line of text under the board.")
@click.option("--highlight", multiple=True, metavar="SQ[:COLOUR]",
              help="Outline a square (magenta unless a colour is named, e.g. c3:green). "
              "Repeatable.")
@click.option("--arrow", "arrows", multiple=True, metavar="MOVE[:COLOUR]",
              help="An arrow in move notation: c3-d4, c3xb4, d2+d5, a1-c3-e5, c7-off, d1=.")
@click.option("--mark", "marks", multiple=True, metavar="SQ:SHAPE[:COLOUR]",
              help="A circle, cross (a card taken), dot or forbidden (a ring with a "
                   "slash: not allowed) on a square, e.g. e5:circle. Repeatable.")
@click.option("--cross", "crossed", multiple=True, metavar="SQ",
              help="Cross out the card on a square (a captured card). Repeatable.")
@click.option("--last-move", metavar="MOVE", help="Mark a move as the last one played.")
@click.option("--show", multiple=True, metavar="WHAT",
              help="Ask the rule engine: combos, words, moves:SQUARE (as --select) or threats.")
@click.option("--select", metavar="SQ",
              help="Mark the legal moves of the card on SQ: a dot on each square it may go "
              "to, a ring round each card it may take.")
@click.option("--moves", metavar="'M1 M2 ...'",
              help="Play these moves through the rule engine and draw the position after them.")
@click.option("--to-move", type=click.Choice(["south", "north", "next"]),
              help="Mark the side to move beside the board (next: the side the engine has "
              "to move after --moves).")
@click.option("--frames", "frames_dir", type=click.Path(path_type=Path),
              help="Also write one figure per position of --moves into this folder.")
@click.option("--game", "game_name", metavar="NAME", help="Judge by this game, not the layout's.")
@click.option("--play", is_flag=True, help="Check the layout as a position during a game.")
@click.option("--allow-invalid", is_flag=True,
              help="Draw a layout the rule engine refuses, with each problem square marked.")
@click.option("--words", "words_file", type=click.Path(exists=True, dir_okay=False,
                                                        path_type=Path),
              help="A word list (one word a line) for word games and --show words.")
@click.pass_context
def figure(ctx: click.Context, layout: str, out: Path, fmt: str | None, flip: bool | None,
           crop: str | None, coords: bool | None, width: float, dpi: int,
           figure_style: str | None, text: str, legend: bool | None,
           caption: str | None, highlight: tuple[str, ...], arrows: tuple[str, ...],
           marks: tuple[str, ...], crossed: tuple[str, ...], last_move: str | None,
           show: tuple[str, ...], select: str | None, moves: str | None,
           to_move: str | None, frames_dir: Path | None,
           game_name: str | None, play: bool, allow_invalid: bool,
           words_file: Path | None) -> None:
    """Draw LAYOUT (a shipped layout's name, a .toml file, or - for standard input) as a
    figure: the cards on their squares, with annotations from the options and the layout's [figure] table.

    The rule engine checks the layout first and every move of --moves.
    """
    options = FigureOptions(
        out=out, fmt=fmt, flip=flip, crop=crop, coords=coords, width=width, dpi=dpi,
        caption=caption, highlight=highlight, arrows=arrows, marks=marks, crossed=crossed,
        last_move=last_move, show=show, select=select, moves=moves, to_move=to_move,
        frames_dir=frames_dir, game_name=game_name, play=play, allow_invalid=allow_invalid,
        words_file=words_file, figure_style=figure_style, legend=legend, text=text)
    try:
        made = make_figure(library(ctx), layout, options,
                           note=lambda line: click.echo(line, err=True))
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
@click.option("--out", type=click.Path(path_type=Path), default=Path("output/figures.png"),
              show_default=True, help="The PNG file to write.")
@click.option("--dpi", type=Integer(30, 600), default=100, show_default=True,
              help="Resolution of the PNG, in dots per inch.")
@click.pass_context
def gallery(ctx: click.Context, out: Path, dpi: int) -> None:
    """Draw the figures gallery from the shipped example layouts.

    The project's own, docs/figures.png, is drawn with --out docs/figures.png."""
    click.echo(f"wrote {write_gallery(library(ctx), out, dpi=dpi)}")
