"""The ``opencards figure`` job: a layout and its ``[figure]`` table, the command line's
annotations, validation by the rule engine, a move sequence played through it, and the
pages (one per move when asked) encoded as SVG, PNG, PDF or an animated GIF. The job
that writes them is :func:`generator.app.make_figure`.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from ..draw.backends import gif
from ..draw.scene import Page
from ..errors import FigureError, InvalidLayoutError
from ..io.figures import FigureTable, figure_table_for, figure_table_of
from ..io.layouts import (STDIN, STDIN_SHOWN, LayoutFile, layout_file, layout_from_data,
                          load_layout_file, read_stdin_toml)
from ..io.templates import Library
from ..model.board import square_name
from ..model.layout import Layout, Side
from ..rules import Violation
from .annotate import with_engine
from .diagram import DEFAULT_WIDTH, figure_page, to_pdf, to_png, to_svg
from .figure import (Arrow, Crop, Figure, Ghost, Highlight, Mark, Outline, Show, parse_moves,
                     parse_square_name)
from .sequence import Step, play_moves

FORMATS = ("svg", "png", "pdf", "gif")
#: How long a GIF shows each position, and the last one, in milliseconds.
PAUSE_MS = 1200
FINAL_PAUSE_MS = 3000

T = TypeVar("T")


def _parsed(where: str, parse: Callable[[str], T], text: str) -> T:
    try:
        return parse(text)
    except ValueError as e:
        raise FigureError(f"{where}: {e}") from None


def option_annotations(*, highlight: Sequence[str] = (), arrows: Sequence[str] = (),
                       marks: Sequence[str] = (), crossed: Sequence[str] = (),
                       show: Sequence[str] = (), crop: str | None = None,
                       last_move: str | None = None, moves: str | None = None,
                       select: str | None = None) -> dict[str, object]:
    """Command-line texts parsed into :meth:`Figure.merged` changes; a bad one raises
    :exc:`FigureError` naming the option and the text."""
    return {
        "highlights": tuple(_parsed(f"--highlight {t!r}", Highlight.parse, t) for t in highlight),
        "arrows": tuple(_parsed(f"--arrow {t!r}", Arrow.parse, t) for t in arrows),
        "marks": tuple(_parsed(f"--mark {t!r}", Mark.parse, t) for t in marks),
        "crossed": tuple(_parsed(f"--cross {t!r}", parse_square_name, t) for t in crossed),
        "show": tuple(_parsed(f"--show {t!r}", Show.parse, t) for t in show),
        "crop": _parsed(f"--crop {crop!r}", Crop.parse, crop) if crop else None,
        "last_move": _parsed(f"--last-move {last_move!r}", Arrow.parse, last_move)
        if last_move else None,
        "moves": _parsed("--moves", parse_moves, moves) if moves else None,
        "select": _parsed(f"--select {select!r}", parse_square_name, select) if select else None,
    }


def table_figure(table: FigureTable) -> Figure:
    """The figure a layout file's ``[figure]`` table describes."""
    parsers: dict[str, tuple[str, Callable[[str], object]]] = {
        "highlight": ("highlights", Highlight.parse), "arrows": ("arrows", Arrow.parse),
        "marks": ("marks", Mark.parse), "crossed": ("crossed", parse_square_name),
        "show": ("show", Show.parse)}
    changes: dict[str, object] = {}
    for key, texts in table.lists:
        name, parse = parsers[key]
        changes[name] = tuple(_parsed(table.where(key, i), parse, t) for i, t in enumerate(texts))
    if table.crop:
        changes["crop"] = _parsed(table.where("crop"), Crop.parse, table.crop)
    if table.last_move:
        changes["last_move"] = _parsed(table.where("last_move"), Arrow.parse, table.last_move)
    if table.moves:
        changes["moves"] = _parsed(table.where("moves"), parse_moves, table.moves)
    if table.style:
        changes["style"] = table.style
    if table.legend is not None:
        changes["legend"] = table.legend
    if table.select:
        changes["select"] = _parsed(table.where("select"), parse_square_name, table.select)
    for key in ("caption", "flip", "coords"):
        if getattr(table, key) is not None:
            changes[key] = getattr(table, key)
    return Figure().merged(**changes)


@dataclass(frozen=True)
class Drawn:
    """The pages of a figure: the start and one per move of its sequence; the figure is
    the last."""

    pages: list[Page]
    problems: list[Violation] = field(default_factory=list)

    @property
    def final(self) -> Page:
        return self.pages[-1]


def draw_figure(library: Library, name: str, changes: dict[str, object] | None = None, *,
                flip: bool | None = None, coords: bool | None = None,
                caption: str | None = None, game_name: str | None = None,
                play: bool = False, allow_invalid: bool = False,
                words_file: Path | None = None, width: float = DEFAULT_WIDTH,
                frames: bool = True, to_move: str | None = None,
                least_label: float = 0.0, plain: bool = False) -> Drawn:
    """Everything ``opencards figure`` draws for the layout *name* (a name or a path).

    With *plain* the layout is drawn as written, without what its ``[figure]`` table adds
    (marks, moves, a selected card, a key): the board and cards alone; moves asked in
    *changes* are played, and the position they reach is drawn without the last move's
    tint or what it took.

    *to_move* (``south``, ``north``, or ``next``: the side the engine has to move after
    the figure's moves) is marked beside the board.

    With *frames* false only the figure (the last page) is drawn, for a caller that shows
    nothing else (the booklet): the moves are still played and every frame's annotations
    still asked of the engine, so the same figures are refused.

    :raises: :exc:`InvalidLayoutError` if the engine finds problems and *allow_invalid* is
        false; :exc:`FigureError` for a bad annotation or an illegal move.
    """
    if name == STDIN:
        # Standard input reads once: the layout and its [figure] table from the same text.
        data = read_stdin_toml()
        position = layout_file(library, *layout_from_data(library, STDIN_SHOWN, data),
                               game_name)
        table = figure_table_of(STDIN_SHOWN, data)
    else:
        position = load_layout_file(library, name, game_name)
        table = figure_table_for(library, name)
    if plain:
        table = dataclasses.replace(table, lists=(), select=None, last_move=None, moves=None,
                                    to_move=None, legend=None)
    return draw_position(library, position, table, changes, flip=flip, coords=coords,
                         caption=caption, play=play, allow_invalid=allow_invalid,
                         words_file=words_file, width=width, frames=frames, to_move=to_move,
                         least_label=least_label, plain=plain)


def draw_position(library: Library, position: LayoutFile, table: FigureTable,
                  changes: Mapping[str, object] | None = None, *, flip: bool | None = None,
                  coords: bool | None = None, caption: str | None = None, play: bool = False,
                  allow_invalid: bool = False, words_file: Path | None = None,
                  width: float = DEFAULT_WIDTH, frames: bool = True,
                  to_move: str | None = None, least_label: float = 0.0,
                  plain: bool = False) -> Drawn:
    """:func:`draw_figure` for a layout already loaded (the board editor's), with its
    ``[figure]`` *table* (``FigureTable(path)`` for none); *plain*: the position after the
    moves without the marks of the last one."""
    if caption is None and (changes or {}).get("crop") is not None:
        # The layout's caption speaks of the whole position, perhaps of cards a crop asked
        # for here leaves out: a crop shows the caption asked with it, or none.
        caption = ""
    figure = table_figure(table).merged(**(changes or {}), flip=flip, coords=coords,
                                        caption=caption)
    if to_move is None:
        to_move = table.to_move  # the option, when given, wins over the layout's table
    start = not (play or table.play or position.in_play)
    found = position.problems(start=start)
    if found and not allow_invalid:
        n = len(found)
        if start and not position.problems(start=False):
            # Wrong only as a start: a position from the middle of a game, as validate
            # --play accepts it.
            raise InvalidLayoutError(
                f"{position.shown}: not a start position ({n} problem{'s' if n != 1 else ''}"
                " of a start), but a valid position during play: draw it with --play",
                [f"{position.shown}: {v} [{v.code}]" for v in found])
        raise InvalidLayoutError(
            f"{position.shown}: {n} problem{'s' if n != 1 else ''} found by the rule engine; "
            "draw it anyway with --allow-invalid",
            [f"{position.shown}: {v} [{v.code}]" for v in found])
    figure = figure.merged(problems=tuple(sorted({v.square for v in found if v.square})))
    board = position.board
    for square in figure.squares():
        if not board.has_square(square):
            corner = square_name(board.files - 1, board.ranks - 1)
            raise FigureError(f"{square} is not a square of {board.name} (a1 to {corner})")
    settings = library.settings()

    def page(layout: Layout, fig: Figure, draw: bool = True) -> Page | None:
        fig = with_engine(fig, position, layout, words_file=words_file)
        if not draw:
            return None
        return figure_page(layout, position.board, position.sources, fig, settings=settings,
                           width=width, least_label=least_label)

    if to_move == "next" and not figure.moves:
        raise FigureError("--to-move next: the side to move after --moves, and there are "
                          "no moves (name south or north)")
    if to_move is not None and position.game.players > 2:
        raise FigureError(f"--to-move: {position.game.name} is played by "
                          f"{position.game.players} seats in turn; the marker shows south or "
                          "north only")
    if to_move is not None and not figure.coords:
        raise FigureError("--to-move: the marker sits in a corner of the edge bands, which "
                          "--no-coords leaves out")
    if to_move in ("south", "north"):
        figure = figure.merged(to_move=to_move)
    if not figure.moves:
        return Drawn([_drawn(page(position.layout, figure))], found)
    steps = play_moves(position, figure.moves, words_file=words_file)
    if to_move == "next":
        figure = figure.merged(to_move=steps[-1].turn.value)
    # The frames show the sequence alone; the user's own annotations go on the last one.
    bare = Figure(flip=figure.flip, crop=figure.crop, coords=figure.coords,
                  caption=figure.caption, show=figure.show, style=figure.style,
                  legend=figure.legend)
    def turn(side: Side) -> Figure:
        # Asked for, the side to move is marked on every frame, as the engine has it then.
        return bare if to_move is None else bare.merged(to_move=side.value)

    drawn = [page(position.layout, turn(steps[0].side), frames)]
    for step in steps:
        last = None if step.move is None else Arrow.of_move(step.move.notation(),
                                                             step.side.value)
        chosen = figure if step is steps[-1] else turn(step.turn)
        # What the move took is drawn on its frame; the figure's, the last, draws what the
        # last round took (a reply after a capture, as "4. g2-g3 h7-h6", leaves it shown).
        ghosts, took = _taken(steps[-2:] if step is steps[-1] else [step])
        if plain:
            # A position reached by play, drawn before the diagram key explains the marks.
            last, ghosts, took = None, (), ()
        chosen = chosen.merged(ghosts=ghosts, outlines=took)
        drawn.append(page(step.after, dataclasses.replace(chosen, last_move=last),
                          frames or step is steps[-1]))
    return Drawn([p for p in drawn if p is not None], found)


def _taken(steps: list[Step]) -> tuple[tuple[Ghost, ...], tuple[Outline, ...]]:
    """The piles *steps* took off the board that still have their squares free, and the
    lines that took them: the last step's, and the one before if the other side made it."""
    if len(steps) == 2 and steps[0].side is steps[1].side:
        steps = steps[1:]
    final = steps[-1].after
    ghosts = tuple(g for step in steps for g in step.ghosts if g.square not in final.stacks)
    gone = {g.square for g in ghosts}
    took = tuple(dict.fromkeys(o for step in steps for o in step.took
                               if gone & set(o.squares)))
    return ghosts, took


def _drawn(page: Page | None) -> Page:
    if page is None:  # page() draws unless asked not to, and the figure is always drawn
        raise TypeError("the figure's own page was not drawn")
    return page


def check_text(fmt: str, text: str) -> None:
    """Refuses ``--text real`` for a format without text: a PNG or GIF is pixels (PDF
    text is real text already, and stays so)."""
    if text != "outlines" and fmt not in ("svg", "pdf"):
        raise FigureError(f"--text {text}: a {fmt.upper()} has no text, only pixels "
                          "(SVG writes real text when asked; PDF text always is)")


def encode(page: Page, fmt: str, *, dpi: float = 150, text: str = "outlines") -> bytes | str:
    check_text(fmt, text)
    if fmt == "svg":
        return to_svg(page, text=text)
    if fmt == "png":
        return to_png(page, dpi=dpi)
    if fmt == "pdf":
        return to_pdf(page)
    raise FigureError(f"unknown figure format {fmt!r} (expected {', '.join(FORMATS)})")


def format_of(out: Path, fmt: str | None) -> str:
    """*fmt*, or the format *out*'s suffix names; a suffix that names another format than
    *fmt* is refused (PNG bytes in a .svg file open nowhere)."""
    suffix = out.suffix.lstrip(".").lower()
    if fmt and suffix in FORMATS and suffix != fmt:
        raise FigureError(f"--format {fmt} contradicts the suffix of --out {out}: name "
                          f"the file .{fmt}, or leave out --format")
    chosen = fmt or suffix
    if chosen not in FORMATS:
        raise FigureError(f"{out}: cannot tell the format from the suffix {out.suffix!r}; "
                          f"use .svg, .png, .pdf or .gif, or --format")
    return chosen


def figure_data(drawn: Drawn, fmt: str, *, dpi: float = 150, text: str = "outlines"
                ) -> bytes | str:
    """The figure's file in *fmt*: its last page, or for a GIF the whole sequence."""
    check_text(fmt, text)
    if fmt == "gif":
        return gif.render(drawn.pages, dpi=dpi, pause_ms=PAUSE_MS,
                          final_pause_ms=FINAL_PAUSE_MS)
    return encode(drawn.final, fmt, dpi=dpi, text=text)


def frame_format(fmt: str) -> str:
    """The format of the frames of a figure in *fmt*: a GIF's frames are PNGs."""
    return "png" if fmt == "gif" else fmt


def frame_name(number: int, fmt: str) -> str:
    """The file of frame *number*: ``00.svg`` the start, ``01.svg`` after move 1, ..."""
    return f"{number:02d}.{frame_format(fmt)}"
