"""What the editor shows that no job of the library makes: the board as the page draws it
(with the squares' boxes for its targets), where a card's moves go, and the palette.

The rest goes through the library's own doors: a layout is loaded by
:mod:`generator.io.layouts`, a figure is made by the figure job
(:mod:`generator.app.figure`, the one ``opencards figure`` runs), and moves and outcomes are
written as ``rules play --json`` writes them (:mod:`generator.app.position`).
"""
from __future__ import annotations

from dataclasses import replace

from ..docs.annotate import move_marks
from ..docs.diagram import DEFAULT_WIDTH, figure_page, to_svg
from ..docs.figure import Arrow, Figure
from ..draw.art.board import EDGE, board_size, square_rect, whole
from ..errors import GeneratorError, TemplateError
from ..io.layouts import STDIN, TEXT_SHOWN, LayoutFile, load_layout_file
from ..io.templates import Library, TemplateKind
from ..model.board import Board, parse_square, square_name
from ..model.cards import Pack
from ..model.layout import Layout
from ..model.letters import LetterSet
from ..rules import Move


def shipped_layout(library: Library, name: str, game_name: str | None = None) -> LayoutFile:
    """A shipped layout by its template name, or a position text, under *game_name* or its
    own game: loaded by the loader the command line uses (:func:`load_layout_file`), so a
    bad name gets the same one-line error as ``opencards rules play NAME``.

    :raises: :exc:`NotFoundError` for an unknown name or game, :exc:`TemplateError` for a
        broken file, a path, or a position text that cannot be read.
    """
    if name.endswith(".toml") or name == STDIN:
        # A path would let a request read the server's files, and '-' its standard input:
        # only names are served.
        raise TemplateError(name, "", expected="the name of a shipped layout, not a path")
    loaded = load_layout_file(library, name, game_name)
    if loaded.shown == TEXT_SHOWN:
        return loaded
    # Named by its file's name alone: the page's title and the downloaded layout's comment
    # show it, and the folder it lies in (an absolute path when the editor is started
    # outside the project) is no business of theirs.
    return replace(loaded, shown=f"{name}.toml")


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
    boxes: dict[str, list[float]] = {}
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
            loaded = shipped_layout(library, name)
            board_svg(loaded, loaded.layout, library, flip=False, marked=(), last=None)
        except GeneratorError:   # a broken layout of the user's: the page will say so
            pass
