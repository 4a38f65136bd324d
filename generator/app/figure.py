"""The figure job (``opencards figure``): a layout drawn with its annotations, checked by
the rule engine, written as SVG, PNG, PDF or an animated GIF, with a file per position
of its moves when asked."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..docs.build import (Drawn, draw_figure, encode, figure_data, format_of, frame_format,
                          frame_name, option_annotations)
from ..io.output import atomic_write, prepare_dir, prepare_parent, staged
from ..io.templates import Library
from ..docs.diagram import DEFAULT_WIDTH


@dataclass(frozen=True)
class FigureOptions:
    """What ``opencards figure`` is asked for: the file, and the annotations as typed."""

    out: Path
    #: svg, png, pdf or gif; none: the suffix of :attr:`out` says.
    fmt: str | None = None
    flip: bool | None = None
    crop: str | None = None
    coords: bool | None = None
    width: float = DEFAULT_WIDTH
    dpi: int = 150
    caption: str | None = None
    highlight: tuple[str, ...] = ()
    arrows: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()
    crossed: tuple[str, ...] = ()
    last_move: str | None = None
    show: tuple[str, ...] = ()
    select: str | None = None
    moves: str | None = None
    to_move: str | None = None
    #: Also one file per position of the moves, in this folder.
    frames_dir: Path | None = None
    game_name: str | None = None
    play: bool = False
    allow_invalid: bool = False
    words_file: Path | None = None
    #: full or compact; none: the layout's [figure] style, else full.
    figure_style: str | None = None
    #: A key to the marks under the board; none: the layout's [figure] legend.
    legend: bool | None = None
    #: outlines (exact everywhere) or real text, for SVG.
    text: str = "outlines"


@dataclass(frozen=True)
class FigureMade:
    """A figure written: its pages, the problems drawn anyway, and the files (the figure
    first, then the frames)."""

    drawn: Drawn
    fmt: str
    written: list[Path]


def make_figure(library: Library, layout: str, options: FigureOptions, *,
                note: Callable[[str], None] | None = None) -> FigureMade:
    """Draws the layout *layout* (a name or a .toml file) as *options* ask and writes it;
    everything is drawn and encoded before a file is moved into place. *note* is told
    what the user may not expect (a GIF of one frame).

    :raises: :exc:`~generator.errors.InvalidLayoutError` (with every problem) if the rule
        engine refuses the layout, :exc:`~generator.errors.FigureError` for a bad
        annotation or an illegal move, :exc:`~generator.errors.OutputError`.
    """
    chosen = format_of(options.out, options.fmt)
    # Before the drawing: a folder in the way, or one that cannot be made where --out
    # points, fails at once.
    prepare_parent(options.out, create=False)
    changes = option_annotations(
        highlight=options.highlight, arrows=options.arrows, marks=options.marks,
        crossed=options.crossed, show=options.show, crop=options.crop,
        last_move=options.last_move, moves=options.moves, select=options.select)
    if options.figure_style is not None:
        changes["style"] = options.figure_style  # wins over the layout's [figure] style
    if options.legend is not None:
        changes["legend"] = options.legend
    drawn = draw_figure(library, layout, changes, flip=options.flip, coords=options.coords,
                        caption=options.caption, game_name=options.game_name,
                        play=options.play, allow_invalid=options.allow_invalid,
                        words_file=options.words_file, width=options.width,
                        to_move=options.to_move)
    if chosen == "gif" and len(drawn.pages) < 2 and note is not None:
        note("note: without --moves the GIF holds one frame")
    return FigureMade(drawn, chosen, write_figure(drawn, options.out, chosen, dpi=options.dpi,
                                                  frames_dir=options.frames_dir,
                                                  text=options.text))


def write_figure(drawn: Drawn, out: Path, fmt: str, *, dpi: float = 150,
                 frames_dir: Path | None = None, text: str = "outlines") -> list[Path]:
    """Writes the figure (a GIF holds the whole sequence) and, with *frames_dir*, one file
    per position as ``00.svg`` (the start), ``01.svg`` (after move 1), ...

    Everything is encoded before a file is moved into place. The frames are encoded one at
    a time into the hidden staging folder of *frames_dir*, so memory holds one of them
    however long the sequence.
    """
    data = figure_data(drawn, fmt, dpi=dpi, text=text)
    prepare_dir(out.parent if str(out.parent) else Path("."))
    if frames_dir is None:
        return [atomic_write(out, data)]
    # The frames move in together, and only once the figure itself is written too.
    with staged(frames_dir) as stage:
        written = [stage.write(frame_name(n, fmt), encode(p, frame_format(fmt), dpi=dpi,
                                                         text=text))
                   for n, p in enumerate(drawn.pages)]
        return [atomic_write(out, data), *written]
