"""The figure job, for ``opencards figure`` and the editor's export alike: a layout in
memory drawn as :class:`FigureOptions` ask, checked by the rule engine, and encoded as SVG,
PNG, PDF or an animated GIF (:func:`render_figure`); writing the file, and one per
position of its moves, is a separate step (:func:`write_figure`).

:class:`FigureOptions` is the one declaration of a figure's options: each field carries its
flag, its kind and its help (:class:`FigureOption`), from which the command line makes its
options and the editor reads its query, and the texts either front end is given are parsed
once, by :meth:`FigureOptions.parse`, into typed values.
"""
from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..docs.build import ANNOTATIONS, Drawn, check_text, draw_position, encode, parse_annotations
from ..docs.diagram import DEFAULT_WIDTH, SvgText
from ..docs.figure import Arrow, Crop, Highlight, Mark, Show
from ..draw.backends import gif
from ..errors import FigureError
from ..io.figures import FigureStyle, FigureTable, ToMove, figure_layout
from ..io.layouts import LayoutFile
from ..io.output import atomic_write, prepare_dir, prepare_parent, staged
from ..io.templates import Library
from ..model import limits
from ..model.units import parse_length

#: How long a GIF shows each position, and the last one, in milliseconds.
PAUSE_MS = 1200
FINAL_PAUSE_MS = 3000


class FigureFormat(enum.StrEnum):
    """The file a figure is encoded as; a GIF shows the whole sequence, a frame a position."""

    SVG = "svg"
    PNG = "png"
    PDF = "pdf"
    GIF = "gif"

    @property
    def frame(self) -> FigureFormat:
        """The format of one position of the sequence: a GIF's frames are PNGs."""
        return FigureFormat.PNG if self is FigureFormat.GIF else self

    def frame_name(self, number: int) -> str:
        """The file of frame *number*: ``00.svg`` the start, ``01.svg`` after move 1, ..."""
        return f"{number:02d}.{self.frame}"

    @classmethod
    def of_file(cls, out: Path, fmt: str | None = None) -> FigureFormat:
        """*fmt*, or the format *out*'s suffix names; a suffix that names another format
        than *fmt* is refused (PNG bytes in a .svg file open nowhere)."""
        suffix = out.suffix.lstrip(".").lower()
        names = {f.value for f in cls}
        if fmt and suffix in names and suffix != fmt:
            raise FigureError(f"--format {fmt} contradicts the suffix of --out {out}: name "
                              f"the file .{fmt}, or leave out --format")
        chosen = fmt or suffix
        if chosen not in names:
            raise FigureError(f"{out}: cannot tell the format from the suffix "
                              f"{out.suffix!r}; use .svg, .png, .pdf or .gif, or --format")
        return cls(chosen)


class Kind(enum.Enum):
    """What an option takes, as a front end reads it before :meth:`FigureOptions.parse`."""

    FLAG = "flag"        # --x/--no-x: true, false, or not said (None: the layout's [figure])
    SWITCH = "switch"    # --x: true or false
    TEXT = "text"        # one text, or none
    TEXTS = "texts"      # a text for each time the option is given
    CHOICE = "choice"    # one of an enum's values, or none
    LENGTH = "length"    # a length with its unit ("80mm", "3in"), read as mm
    WHOLE = "whole"      # a whole number within bounds
    FILE = "file"        # a file to read


@dataclass(frozen=True)
class FigureOption:
    """How a front end offers one field of :class:`FigureOptions`."""

    flag: str
    """The command line's spelling (``--last-move``); the editor's query key is
    :attr:`key`."""
    kind: Kind
    help: str
    metavar: str | None = None
    choices: type[enum.StrEnum] | None = None
    bounds: tuple[int, int] = (0, 0)
    """The least and the greatest whole number (:attr:`Kind.WHOLE`)."""
    editor: bool = True
    """The editor offers it; the others name a file to read or are the board's own."""
    shows_default: bool = False
    """The command's help shows the default (the others' default is the layout's)."""

    @property
    def key(self) -> str:
        """The raw value's name, and the editor's query key: ``last_move``."""
        return self.flag.removeprefix("--").replace("-", "_")

    def read(self, texts: Sequence[str]) -> object:
        """The raw value of *texts*, given as a query string gives them (each time the
        key is given), as :meth:`FigureOptions.parse` takes it.

        :raises: :exc:`ValueError` saying what was expected.
        """
        if self.kind is Kind.TEXTS:
            return tuple(texts)
        text = texts[-1]
        if self.kind in (Kind.FLAG, Kind.SWITCH):
            if text not in ("true", "false"):
                raise ValueError(f"expected true or false, got {text[:20]!r}")
            return text == "true"
        if self.kind is Kind.LENGTH:
            return limits.FIGURE_WIDTH.check(parse_length(text))
        if self.kind is Kind.WHOLE:
            low, high = self.bounds
            if not text.isascii() or not text.isdigit() or len(text) > 6 \
                    or not low <= int(text) <= high:
                raise ValueError(f"expected a whole number from {low} to {high}, got "
                                 f"{text[:20]!r}")
            return int(text)
        if self.kind is Kind.CHOICE and self.choices is not None:
            names = [choice.value for choice in self.choices]
            if text not in names:
                raise ValueError(f"expected {' or '.join(names)}, got {text[:20]!r}")
        return text or None


def _option(default: Any, flag: str, kind: Kind, help: str, **more: Any) -> Any:
    return field(default=default, metadata={"option": FigureOption(flag, kind, help, **more)})


@dataclass(frozen=True)
class FigureOptions:
    """What a figure is asked for, typed: its format and view, its annotations (parsed),
    the moves played on it, and how the rule engine judges it. The default is the layout
    as its ``[figure]`` table shows it, as SVG."""

    format: FigureFormat = _option(
        FigureFormat.SVG, "--format", Kind.CHOICE, "The format, if the suffix of --out does "
        "not say it.", choices=FigureFormat, editor=False)
    flip: bool | None = _option(None, "--flip", Kind.FLAG, "Show the board as north sees it.")
    crop: Crop | None = _option(None, "--crop", Kind.TEXT, "Show only these squares; names "
                                "are kept.", metavar="A1:D4")
    coords: bool | None = _option(None, "--coords", Kind.FLAG, "Draw the edge labels and "
                                  "file names (default: on).")
    width: float = _option(DEFAULT_WIDTH, "--width", Kind.LENGTH, "Width of the figure (SVG, "
                           "PDF; PNG with --dpi).", shows_default=True)
    dpi: int = _option(150, "--dpi", Kind.WHOLE, "Resolution of PNG and GIF output.",
                       bounds=(30, 1200), shows_default=True)
    style: FigureStyle | None = _option(
        None, "--style", Kind.CHOICE, "full: each card as printed, on card-shaped squares "
        "(default); compact: square cells and each card as a symbol, for a column of text.",
        choices=FigureStyle)
    text: SvgText = _option(SvgText.OUTLINES, "--text", Kind.CHOICE, "SVG text as outlines "
                            "(the same everywhere) or as real <text> in the embedded fonts "
                            "(selectable, searchable).", choices=SvgText,
                            shows_default=True)
    legend: bool | None = _option(None, "--legend", Kind.FLAG, "A key under the board to the "
                                  "marks it shows: sides, last move, dots, rings, frames, "
                                  "arrows.")
    caption: str | None = _option(None, "--caption", Kind.TEXT, "A line of text under the "
                                  "board.")
    highlights: tuple[Highlight, ...] = _option(
        (), "--highlight", Kind.TEXTS, "Outline a square (magenta unless a colour is named, "
        "e.g. c3:green). Repeatable.", metavar="SQ[:COLOUR]")
    arrows: tuple[Arrow, ...] = _option(
        (), "--arrow", Kind.TEXTS, "An arrow in move notation: c3-d4, c3xb4, d2+d5, a1-c3-e5, "
        "c7-off, d1=.", metavar="MOVE[:COLOUR]")
    marks: tuple[Mark, ...] = _option(
        (), "--mark", Kind.TEXTS, "A circle, cross (a card taken), dot or forbidden (a ring "
        "with a slash: not allowed) on a square, e.g. e5:circle. Repeatable.",
        metavar="SQ:SHAPE[:COLOUR]")
    crossed: tuple[str, ...] = _option(
        (), "--cross", Kind.TEXTS, "Cross out the card on a square (a captured card). "
        "Repeatable.", metavar="SQ")
    last_move: Arrow | None = _option(None, "--last-move", Kind.TEXT, "Mark a move as the "
                                      "last one played.", metavar="MOVE")
    show: tuple[Show, ...] = _option(
        (), "--show", Kind.TEXTS, "Ask the rule engine: combos, words, moves:SQUARE (as "
        "--select) or threats.", metavar="WHAT")
    select: str | None = _option(
        None, "--select", Kind.TEXT, "Mark the legal moves of the card on SQ: a dot on each "
        "square it may go to, a ring round each card it may take.", metavar="SQ")
    moves: tuple[str, ...] = _option(
        (), "--moves", Kind.TEXT, "Play these moves through the rule engine and draw the "
        "position after them.", metavar="'M1 M2 ...'")
    to_move: ToMove | None = _option(
        None, "--to-move", Kind.CHOICE, "Mark the side to move beside the board (next: the "
        "side the engine has to move after --moves).", choices=ToMove)
    game_name: str | None = _option(None, "--game", Kind.TEXT, "Judge by this game, not the "
                                    "layout's.", metavar="NAME", editor=False)
    play: bool = _option(False, "--play", Kind.SWITCH, "Check the layout as a position during "
                         "a game.", editor=False)
    allow_invalid: bool = _option(False, "--allow-invalid", Kind.SWITCH, "Draw a layout the "
                                  "rule engine refuses, with each problem square marked.")
    words_file: Path | None = _option(None, "--words", Kind.FILE, "A word list (one word a "
                                      "line) for word games and --show words.", editor=False)

    @classmethod
    def parse(cls, raw: Mapping[str, object]) -> FigureOptions:
        """The options from their raw values by :attr:`FigureOption.key` (as the command
        line's parser or :meth:`FigureOption.read` gives them; a key left out keeps its
        default): the annotations parsed and checked here, once.

        :raises: :exc:`FigureError` naming the option and the text at fault.
        """
        declared = dict(options())
        # The annotations by the key the docs layer parses them under, each message naming
        # the option and the text (the moves' own message names the move at fault).
        flags = {key: declared[a.field].flag for key, a in ANNOTATIONS.items()}
        texts = {key: _texts(raw.get(declared[a.field].key)) for key, a in ANNOTATIONS.items()}
        typed = parse_annotations(texts, lambda key, _, text: flags[key] if key == "moves"
                                  else f"{flags[key]} {text!r}")
        annotations = {a.field for a in ANNOTATIONS.values()}
        for name, option in declared.items():
            value = raw.get(option.key)
            if name in annotations or value is None:
                continue
            typed[name] = option.choices(str(value)) if option.choices is not None else value
        return cls(**typed)  # type: ignore[arg-type]

    def changes(self) -> dict[str, object]:
        """What these options add to the layout's ``[figure]`` table, as
        :meth:`generator.docs.figure.Figure.merged` takes it."""
        notes = {a.field: getattr(self, a.field) or None for a in ANNOTATIONS.values()}
        return {**notes, "style": self.style, "legend": self.legend}


def _texts(value: object) -> str | tuple[str, ...] | None:
    """An annotation's raw value: one text, a text each time its option is given, or none."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (tuple, list)):
        return tuple(str(text) for text in value)
    raise TypeError(f"an annotation is given as text, not {type(value).__name__}")


def options() -> Iterator[tuple[str, FigureOption]]:
    """Each field of :class:`FigureOptions` and how front ends offer it, in the order of
    the command's help."""
    for found in dataclasses.fields(FigureOptions):
        yield found.name, found.metadata["option"]


def command_line(raw: Mapping[str, object], layout_file: str, out: str) -> list[str]:
    """The ``opencards figure`` command that draws what the raw values *raw* ask (as
    :meth:`FigureOptions.parse` takes them) from *layout_file* into *out*."""
    args = ["opencards", "figure", layout_file, "--out", out]
    defaults = FigureOptions()
    for name, option in options():
        value = raw.get(option.key)
        if value is None or value == getattr(defaults, name) or value == ():
            continue
        if option.kind is Kind.FLAG:
            args.append(option.flag if value else f"--no-{option.flag[2:]}")
        elif option.kind is Kind.SWITCH:
            args += [option.flag] if value else []
        elif option.kind is Kind.TEXTS:
            for text in value:  # type: ignore[attr-defined]
                args += [option.flag, str(text)]
        elif option.kind is Kind.LENGTH:
            args += [option.flag, f"{value:g}mm"]
        else:
            args += [option.flag, str(value)]
    return args


@dataclass(frozen=True)
class Rendered:
    """A figure drawn and encoded: its pages (the start and one per move when asked; the
    figure is the last), the problems drawn anyway, and the file's bytes."""

    drawn: Drawn
    data: bytes
    options: FigureOptions


def render_figure(library: Library, layout: LayoutFile, options: FigureOptions, *,
                  table: FigureTable | None = None, frames: bool = False) -> Rendered:
    """*layout* (loaded, in memory) drawn as *options* ask over its ``[figure]`` *table*
    (none: the options are all there is) and encoded in ``options.format``. With *frames*,
    or for a GIF, every position of the moves is drawn, else only the figure.

    :raises: :exc:`~generator.errors.InvalidLayoutError` (with every problem) if the rule
        engine refuses the layout, :exc:`~generator.errors.FigureError` for an annotation
        or a move that does not fit the board or the game.
    """
    every = frames or options.format is FigureFormat.GIF
    drawn = draw_position(
        library.settings(), layout, table if table is not None else FigureTable(layout.shown),
        options.changes(), flip=options.flip, coords=options.coords,
        caption=options.caption, play=options.play, allow_invalid=options.allow_invalid,
        words_file=options.words_file, width=options.width, frames=every,
        to_move=options.to_move)
    return Rendered(drawn, encoded(drawn, options), options)


def draw_figure(library: Library, name: str, changes: Mapping[str, object] | None = None, *,
                flip: bool | None = None, coords: bool | None = None,
                caption: str | None = None, game_name: str | None = None,
                play: bool = False, allow_invalid: bool = False,
                words_file: Path | None = None, width: float = DEFAULT_WIDTH,
                frames: bool = True, to_move: str | None = None,
                least_label: float = 0.0, plain: bool = False) -> Drawn:
    """The pages ``opencards figure`` draws for the layout *name* (a name, a ``.toml``
    path, ``-`` or a position text) under *game_name* or its own game, with its
    ``[figure]`` table: the job looks the layout up in *library*, and
    :func:`generator.docs.build.draw_position` (whose keywords these are) draws it.

    :raises: as :func:`~generator.docs.build.draw_position`, and the library's errors for
        an unknown layout.
    """
    position, table = figure_layout(library, name, game_name)
    return draw_position(library.settings(), position, table, changes, flip=flip,
                         coords=coords, caption=caption, play=play,
                         allow_invalid=allow_invalid, words_file=words_file, width=width,
                         frames=frames, to_move=to_move, least_label=least_label,
                         plain=plain)


def encoded(drawn: Drawn, options: FigureOptions) -> bytes:
    """The figure's file: its last page, or for a GIF the whole sequence."""
    fmt = options.format
    if fmt is FigureFormat.GIF:
        check_text(fmt, options.text)
        return gif.render(drawn.pages, dpi=options.dpi, pause_ms=PAUSE_MS,
                          final_pause_ms=FINAL_PAUSE_MS)
    return _bytes(encode(drawn.final, fmt, dpi=options.dpi, text=options.text))


def _bytes(data: bytes | str) -> bytes:
    return data.encode("utf-8") if isinstance(data, str) else data


@dataclass(frozen=True)
class FigureMade:
    """A figure written: its pages, the problems drawn anyway, its format, and the files
    (the figure first, then the frames)."""

    drawn: Drawn
    fmt: FigureFormat
    written: list[Path]


def make_figure(library: Library, layout: str, options: FigureOptions, out: Path, *,
                frames_dir: Path | None = None,
                note: Callable[[str], None] | None = None) -> FigureMade:
    """``opencards figure``: the layout *layout* (a name, a ``.toml`` file, ``-`` or a
    position text) with its ``[figure]`` table, rendered and written to *out*, and with
    *frames_dir* one file per position there. *note* is told what the user may not expect
    (a GIF of one frame).

    :raises: as :func:`render_figure`, and :exc:`~generator.errors.OutputError`.
    """
    # Before the drawing: a folder in the way, or one that cannot be made where --out
    # points, fails at once.
    prepare_parent(out, create=False)
    loaded, table = figure_layout(library, layout, options.game_name)
    made = render_figure(library, loaded, options, table=table,
                         frames=frames_dir is not None)
    if options.format is FigureFormat.GIF and len(made.drawn.pages) < 2 and note is not None:
        note("note: without --moves the GIF holds one frame")
    return FigureMade(made.drawn, options.format, write_figure(made, out, frames_dir))


def write_figure(made: Rendered, out: Path, frames_dir: Path | None = None) -> list[Path]:
    """Writes the figure and, with *frames_dir*, one file per position as ``00.svg`` (the
    start), ``01.svg`` (after move 1), ...

    Everything is encoded before a file is moved into place. The frames are encoded one at
    a time into the hidden staging folder of *frames_dir*, so memory holds one of them
    however long the sequence.
    """
    prepare_dir(out.parent if str(out.parent) else Path("."))
    if frames_dir is None:
        return [atomic_write(out, made.data)]
    fmt, options = made.options.format, made.options
    # The frames move in together, and only once the figure itself is written too.
    with staged(frames_dir) as stage:
        written = [stage.write(fmt.frame_name(n), encode(page, fmt.frame, dpi=options.dpi,
                                                        text=options.text))
                   for n, page in enumerate(made.drawn.pages)]
        return [atomic_write(out, made.data), *written]
