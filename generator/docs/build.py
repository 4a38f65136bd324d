"""The drawing of a figure: a layout and its ``[figure]`` table, the annotations given as
text (one parser for the table, the figure options and a booklet's figures), validation by
the rule engine, a move sequence played through it, and the pages (one per move when
asked), each encoded as SVG, PNG or PDF. The job that chooses the format, encodes a
sequence as an animated GIF and writes the files is :mod:`generator.app.figure`.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from ..draw.scene import Page
from ..errors import FigureError, InvalidLayoutError
from ..io.figures import FigureTable
from ..io.layouts import LayoutFile
from ..model.board import Board, square_name
from ..model.layout import Layout, Side
from ..model.settings import Settings
from ..rules import Violation
from .annotate import with_engine
from .diagram import DEFAULT_WIDTH, figure_page, to_pdf, to_png, to_svg
from .figure import (Arrow, Crop, Figure, Ghost, Highlight, Mark, Outline, Show, parse_moves,
                     parse_square_name)
from .sequence import SequenceStep, play_moves

#: The formats a page is encoded in (a GIF of a sequence is :mod:`generator.app.figure`'s).
PAGE_FORMATS = ("svg", "png", "pdf")


class Annotation(NamedTuple):
    """One annotation a figure is given as text: the :class:`Figure` field it fills, the
    parser of one text, and whether it is a list of them."""

    field: str
    parse: Callable[[str], object]
    many: bool = False


#: Every annotation a figure takes as text, by the key a layout's ``[figure]`` table, a
#: booklet's figure and the figure options (:mod:`generator.app.figure`) give it under.
ANNOTATIONS: dict[str, Annotation] = {
    "highlight": Annotation("highlights", Highlight.parse, True),
    "arrows": Annotation("arrows", Arrow.parse, True),
    "marks": Annotation("marks", Mark.parse, True),
    "crossed": Annotation("crossed", parse_square_name, True),
    "show": Annotation("show", Show.parse, True),
    "crop": Annotation("crop", Crop.parse),
    "last_move": Annotation("last_move", Arrow.parse),
    "moves": Annotation("moves", parse_moves),
    "select": Annotation("select", parse_square_name),
}

#: Where a text came from, for a message: (key, its index in a list or None, the text).
Where = Callable[[str, int | None, str], str]


def parse_annotations(texts: Mapping[str, str | Sequence[str] | None], where: Where
                      ) -> dict[str, object]:
    """The annotations' *texts* (by :data:`ANNOTATIONS` key: a list of texts or one text;
    a key left out or empty gives none) parsed into :meth:`Figure.merged` changes.

    :raises: :exc:`FigureError` saying :func:`where` the text at fault came from and what
        was expected.
    """
    def parsed(key: str, index: int | None, text: str) -> object:
        try:
            return ANNOTATIONS[key].parse(text)
        except ValueError as e:
            raise FigureError(f"{where(key, index, text)}: {e}") from None

    changes: dict[str, object] = {}
    for key, annotation in ANNOTATIONS.items():
        given = texts.get(key)
        if not given:
            continue
        if annotation.many:
            listed = (given,) if isinstance(given, str) else given
            changes[annotation.field] = tuple(parsed(key, i, t) for i, t in enumerate(listed))
        else:
            changes[annotation.field] = parsed(key, None, str(given))
    return changes


def option_annotations(**texts: str | Sequence[str] | None) -> dict[str, object]:
    """Annotation texts given by :data:`ANNOTATIONS` key (``arrows=("c2-c4",)``,
    ``moves="c2-c3 f7-f6"``) parsed into :meth:`Figure.merged` changes, for a script or a
    test; a bad one raises :exc:`FigureError` naming the key and the text."""
    unknown = sorted(set(texts) - set(ANNOTATIONS))
    if unknown:
        raise TypeError(f"no annotation {unknown[0]!r} (expected {', '.join(ANNOTATIONS)})")
    return parse_annotations(texts, lambda key, _, text: f"{key} {text!r}")


def table_figure(table: FigureTable) -> Figure:
    """The figure a layout file's ``[figure]`` table describes."""
    texts: dict[str, str | Sequence[str] | None] = dict(table.lists)
    texts.update(crop=table.crop, last_move=table.last_move, moves=table.moves,
                 select=table.select)
    changes = parse_annotations(texts, lambda key, index, _: table.where(key, index))
    if table.style:
        changes["style"] = table.style
    if table.legend is not None:
        changes["legend"] = table.legend
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


def draw_position(settings: Settings, position: LayoutFile, table: FigureTable,
                  changes: Mapping[str, object] | None = None, *, flip: bool | None = None,
                  coords: bool | None = None, caption: str | None = None, play: bool = False,
                  allow_invalid: bool = False, words_file: Path | None = None,
                  width: float = DEFAULT_WIDTH, frames: bool = True,
                  to_move: str | None = None, least_label: float = 0.0,
                  plain: bool = False) -> Drawn:
    """Everything ``opencards figure`` draws for *position* (a layout loaded, with its game,
    board and packs, by the job that names it: :func:`generator.app.figure.draw_figure`),
    with its ``[figure]`` *table* (``FigureTable(path)`` for none), in the kit's *settings*.

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
    if plain:
        table = dataclasses.replace(table, lists=(), select=None, last_move=None, moves=None,
                                    to_move=None, legend=None)
    if caption is None and (changes or {}).get("crop") is not None:
        # The layout's caption speaks of the whole position, perhaps of cards a crop asked
        # for here leaves out: a crop shows the caption asked with it, or none.
        caption = ""
    figure = table_figure(table).merged(**(changes or {}), flip=flip, coords=coords,
                                        caption=caption)
    if to_move is None:
        to_move = table.to_move  # the option, when given, wins over the layout's table
    found = _problems(position, start=not (play or table.play or position.in_play),
                      allow_invalid=allow_invalid)
    figure = figure.merged(problems=tuple(sorted({v.square for v in found if v.square})))
    _check_squares(figure, position.board)
    _check_to_move(figure, to_move, position)

    def page(layout: Layout, fig: Figure, draw: bool = True) -> Page | None:
        fig = with_engine(fig, position, layout, words_file=words_file)
        if not draw:
            return None
        return figure_page(layout, position.board, position.sources, fig, settings=settings,
                           width=width, least_label=least_label)

    if to_move in ("south", "north"):
        figure = figure.merged(to_move=to_move)
    if not figure.moves:
        return Drawn([_drawn(page(position.layout, figure))], found)
    steps = play_moves(position, figure.moves, words_file=words_file)
    if to_move == "next":
        figure = figure.merged(to_move=steps[-1].turn.value)
    drawn = _sequence(position, figure, steps, page, to_move=to_move, frames=frames,
                      plain=plain)
    return Drawn([p for p in drawn if p is not None], found)


def _problems(position: LayoutFile, *, start: bool, allow_invalid: bool) -> list[Violation]:
    """What the engine finds wrong with *position* (as a start, or during play).

    :raises: :exc:`InvalidLayoutError` if it finds anything and *allow_invalid* is false.
    """
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
    return found


def _check_squares(figure: Figure, board: Board) -> None:
    """Every square *figure* annotates is on *board*."""
    for square in figure.squares():
        if not board.has_square(square):
            corner = square_name(board.files - 1, board.ranks - 1)
            raise FigureError(f"{square} is not a square of {board.name} (a1 to {corner})")


def _check_to_move(figure: Figure, to_move: str | None, position: LayoutFile) -> None:
    """The side-to-move marker can be drawn: a side is known, two play, and the edge
    bands it sits in are drawn."""
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


def _sequence(position: LayoutFile, figure: Figure, steps: list[SequenceStep],
              page: Callable[[Layout, Figure, bool], Page | None], *, to_move: str | None,
              frames: bool, plain: bool) -> list[Page | None]:
    """The pages of a move sequence: the start, then one after each move, the last being
    *figure* (the others None unless *frames*)."""
    # The frames show the sequence alone; the user's own annotations go on the last one.
    bare = Figure(flip=figure.flip, crop=figure.crop, coords=figure.coords,
                  caption=figure.caption, show=figure.show, style=figure.style,
                  legend=figure.legend)
    def turn(side: Side) -> Figure:
        # Asked for, the side to move is marked on every frame, as the engine has it then.
        return bare if to_move is None else bare.merged(to_move=side.value)

    drawn = [page(position.layout, turn(steps[0].side), frames)]
    for i, step in enumerate(steps):
        last = _last_move(steps[max(0, i - 1):i + 1])
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
    return drawn


def _last_move(steps: list[SequenceStep]) -> Arrow | None:
    """The marks of the last of *steps* (it and the one before): every square it names.

    A turn in place (``c2~``, word puzzle 5) ends a move its side began with a slide
    (``c3-c2 c2~`` is one numbered move): its squares are tinted with the slide's, so the
    square the letter left is tinted as in every other game's diagram."""
    step = steps[-1]
    if step.move is None:
        return None
    last = Arrow.of_move(step.move.notation(), step.side.value)
    if last is None or last.kind != "~" or len(steps) < 2:
        return last
    before = steps[-2]
    if before.move is None or before.side is not step.side:
        return last
    slide = Arrow.of_move(before.move.notation(), before.side.value)
    if slide is None or slide.kind == "~" or "off" in slide.stops:
        return last
    squares = tuple(dict.fromkeys((*slide.stops, last.origin, *last.stops)))
    return dataclasses.replace(slide, stops=tuple(s for s in squares if s != slide.origin))


def _taken(steps: list[SequenceStep]) -> tuple[tuple[Ghost, ...], tuple[Outline, ...]]:
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
    """*page* as an SVG, PNG or PDF file."""
    check_text(fmt, text)
    if fmt == "svg":
        return to_svg(page, text=text)
    if fmt == "png":
        return to_png(page, dpi=dpi)
    if fmt == "pdf":
        return to_pdf(page)
    raise FigureError(f"unknown figure format {fmt!r} (expected {', '.join(PAGE_FORMATS)})")
