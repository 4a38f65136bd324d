"""Every call the editor makes into the library, in one module.

The web app holds positions in memory and never writes a file, while the library's jobs
take a layout by name or path. What a job does is done here from a layout in memory, with
the job's own parts (the loader's checks, the figure options' parser, the engine's
annotations, the drawing and its encoders), so that what the editor exports equals what
``opencards figure`` writes from the exported layout file. When the library's jobs take a
layout in memory (``generator/app/``), these functions become one call each.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..docs.annotate import move_marks
from ..docs.build import Drawn, draw_position, figure_data, option_annotations
from ..io.figures import FigureTable
from ..docs.diagram import DEFAULT_WIDTH, figure_page, to_pdf, to_png, to_svg
from ..docs.figure import STYLES, Arrow, Figure
from ..draw.art.board import EDGE, board_size, square_rect, whole
from ..errors import FigureError, GeneratorError, TemplateError
from ..io.layout_text import layout_to_toml
from ..io.layouts import STDIN, LayoutFile, game_for, load_layout, sources_for
from ..io.templates import Library, TemplateKind
from ..model.board import Board, parse_square, square_name
from ..model.cards import Pack
from ..model.layout import Layout
from ..model.letters import LetterSet
from ..rules import Move, Violation

#: The figure formats the editor exports: a GIF shows the moves played, one frame a
#: position, as ``opencards figure --moves ... --out figure.gif`` does.
EXPORT_FORMATS = ("svg", "png", "pdf", "gif")
#: The figure styles offered, as ``opencards figure --style`` names them.
FIGURE_STYLES = STYLES


def shipped_layout(library: Library, name: str) -> tuple[str, Layout]:
    """A layout by its template name, with the file name messages show.

    :raises: :exc:`NotFoundError` for an unknown name, :exc:`TemplateError` for a broken
        file.
    """
    if name.endswith(".toml") or name == STDIN:
        # A path would let a request read the server's files, and '-' its standard input:
        # only names are served.
        raise TemplateError(name, "", expected="the name of a shipped layout, not a path")
    _, layout = load_layout(library, name)
    # Named by its file's name alone: the page's title and the downloaded layout's comment
    # show it, and the folder it lies in (an absolute path when the editor is started
    # outside the project) is no business of theirs.
    return f"{name}.toml", layout


def loaded(library: Library, shown: str, layout: Layout, game_name: str | None) -> LayoutFile:
    """*layout* with its game (*game_name*, else its own), board and packs, as
    ``load_layout_file`` gathers them."""
    game = game_for(library, layout, game_name, shown)
    return LayoutFile(shown, layout, game, library.board(layout.board),
                      sources_for(library, layout, game))


def problems(position: LayoutFile, *, start: bool) -> list[Violation]:
    return position.problems(start=start)


def layout_toml(layout: Layout, comment: str) -> str:
    """The layout file ``validate``, ``figure`` and ``build`` read."""
    return layout_to_toml(layout, comment)


def destinations(moves: list[Move]) -> list[dict[str, object]]:
    """Where the moves go, as the figures mark them (a dot on a free square, a ring round
    a card taken), each with the moves that end there."""
    found, _ = move_marks(moves)
    ending: dict[str, list[str]] = {}
    for move in moves:
        ending.setdefault(move.path[-1] if move.path else move.target, []).append(
            move.notation())
    return [{"square": d.square, "take": d.take, "moves": ending.get(d.square, [])}
            for d in found]


# --- the board as the editor shows it ---------------------------------------------------

def board_svg(position: LayoutFile, layout: Layout, library: Library, *, flip: bool,
              marked: tuple[str, ...], last: Move | None) -> str:
    """The position drawn by the figure code, problem squares marked, the last move
    tinted: the board the editor shows."""
    figure = Figure(flip=flip, problems=marked)
    if last is not None:
        try:
            figure = figure.merged(last_move=Arrow.parse(last.notation()))
        except ValueError:
            pass  # a move a figure has no drawing for (a lay, a take): not tinted
    page = figure_page(layout, position.board, position.sources, figure,
                       settings=library.settings(), width=DEFAULT_WIDTH)
    return to_svg(page)


def square_boxes(board: Board, library: Library, *, flip: bool) -> dict[str, list[float]]:
    """Each square's box on :func:`board_svg`'s drawing as fractions of its width and height
    (left, top, width, height), for the page to lay its targets over the drawing."""
    view = whole(board, flip)
    square = library.settings().square
    size = board_size(square, EDGE, view)
    boxes = {}
    for file in range(board.files):
        for rank in range(board.ranks):
            r = square_rect(file, rank, square, (EDGE, EDGE), view)
            boxes[square_name(file, rank)] = [round(r.x / size.width, 6),
                                              round(r.y / size.height, 6),
                                              round(r.w / size.width, 6),
                                              round(r.h / size.height, 6)]
    return boxes


def is_square(board: Board, name: str) -> bool:
    try:
        parse_square(name, board.files, board.ranks)
    except ValueError:
        return False
    return True


# --- the figure export ------------------------------------------------------------------

@dataclass(frozen=True)
class FigureOptions:
    """The options of ``opencards figure`` that the editor offers, spelt as typed there."""

    flip: bool | None = None
    crop: str | None = None
    coords: bool | None = None
    caption: str | None = None
    highlight: tuple[str, ...] = ()
    arrows: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()
    last_move: str | None = None
    select: str | None = None
    moves: str | None = None
    to_move: str | None = None
    play: bool = False
    allow_invalid: bool = False
    width: float = DEFAULT_WIDTH
    dpi: int = 150
    style: str | None = None
    legend: bool | None = None

    def command(self, layout_file: str, out: str) -> list[str]:
        """The ``opencards figure`` command line that draws the same figure."""
        args = ["opencards", "figure", layout_file, "--out", out]
        flags = {"flip": ("--flip", "--no-flip"), "coords": ("--coords", "--no-coords"),
                 "legend": ("--legend", "--no-legend")}
        for key, (yes, no) in flags.items():
            value = getattr(self, key)
            if value is not None:
                args.append(yes if value else no)
        for key in ("style", "crop", "caption", "last_move", "select", "moves", "to_move"):
            value = getattr(self, key)
            if value is not None:
                args += [f"--{key.replace('_', '-')}", value]
        for key, option in (("highlight", "--highlight"), ("arrows", "--arrow"),
                            ("marks", "--mark")):
            for text in getattr(self, key):
                args += [option, text]
        if self.play:
            args.append("--play")
        if self.allow_invalid:
            args.append("--allow-invalid")
        if self.width != DEFAULT_WIDTH:
            args += ["--width", f"{self.width:g}mm"]
        if self.dpi != 150:
            args += ["--dpi", str(self.dpi)]
        return args


def figure_bytes(library: Library, position: LayoutFile, options: FigureOptions,
                 fmt: str) -> bytes:
    """The figure ``opencards figure`` draws from *position*'s layout file (one without a
    ``[figure]`` table) with *options*, encoded as *fmt*.

    :raises: :exc:`FigureError` (an :exc:`InvalidLayoutError` for a layout the engine
        refuses) with the figure command's own messages.
    """
    if fmt not in EXPORT_FORMATS:
        raise FigureError(f"unknown figure format {fmt!r} (expected "
                          f"{', '.join(EXPORT_FORMATS)})")
    if fmt == "gif":
        data = figure_data(_drawn(library, position, options, frames=True), "gif",
                           dpi=options.dpi)
        return data if isinstance(data, bytes) else data.encode("utf-8")
    page = _drawn(library, position, options, frames=False).final
    if fmt == "svg":
        return to_svg(page).encode("utf-8")
    return to_png(page, dpi=options.dpi) if fmt == "png" else to_pdf(page)


def _drawn(library: Library, position: LayoutFile, options: FigureOptions, *,
           frames: bool) -> Drawn:
    # What opencards figure draws from the layout file the editor exports: one with no
    # [figure] table, so the export panel's options are all there is.
    changes = option_annotations(
        highlight=options.highlight, arrows=options.arrows, marks=options.marks,
        crop=options.crop, last_move=options.last_move, moves=options.moves,
        select=options.select)
    if options.style is not None:
        changes["style"] = options.style
    if options.legend is not None:
        changes["legend"] = options.legend
    return draw_position(library, position, FigureTable(position.shown), changes,
                         flip=options.flip, coords=options.coords, caption=options.caption,
                         play=options.play, allow_invalid=options.allow_invalid,
                         width=options.width, frames=frames, to_move=options.to_move)


# --- the palette ------------------------------------------------------------------------

def catalogue(library: Library) -> dict[str, object]:
    """What the editor offers: boards, games, shipped layouts, and every pack's and letter
    set's cards (by group) for the palette. A template that does not load is left out."""
    def names(kind: TemplateKind) -> list[str]:
        return sorted(library.names(kind))

    sources: list[dict[str, object]] = []
    for kind in (TemplateKind.PACK, TemplateKind.LETTERS):
        for name in names(kind):
            try:
                source = library.source(name)
            except GeneratorError:   # a broken template of the user's: not offered
                continue
            sources.append(_palette(name, source))
    boards = []
    for name in names(TemplateKind.BOARD):
        try:
            board = library.board(name)
        except GeneratorError:
            continue
        boards.append({"name": name, "title": board.title, "files": board.files,
                       "ranks": board.ranks})
    games = []
    for name in names(TemplateKind.GAME):
        try:
            games.append({"name": name, "title": library.game(name).title})
        except GeneratorError:
            continue
    return {"boards": boards, "games": games, "layouts": names(TemplateKind.LAYOUT),
            "sources": sources}


def _palette(name: str, source: Pack | LetterSet) -> dict[str, object]:
    groups: list[dict[str, object]] = []
    if isinstance(source, Pack):
        for split in source.splits:
            for group in split.groups:
                groups.append({"name": group.name,
                               "cards": [c.notation() for c in group.cards]})
        if not groups:
            groups.append({"name": "", "cards": [c.notation() for c in source.cards]})
        return {"name": name, "title": source.title, "kind": "pack", "groups": groups}
    for letter_group in source.groups:
        groups.append({"name": str(letter_group.colour),
                       "cards": sorted({c.notation() for c in letter_group.cards})})
    return {"name": name, "title": source.title, "kind": "letters", "groups": groups}


def warm(library: Library) -> None:
    """Reads the templates and fonts and draws one board once, before the address is
    printed, so that the first page loads as fast as the next (the issue asks under 1 s)."""
    catalogue(library)
    for name in sorted(library.names(TemplateKind.LAYOUT))[:1]:
        try:
            shown, layout = shipped_layout(library, name)
            board_svg(loaded(library, shown, layout, None), layout, library, flip=False,
                      marked=(), last=None)
        except GeneratorError:   # a broken layout of the user's: the page will say so
            pass
