"""The booklet's diagram key: each kind of mark the figures draw, drawn by the figure code
itself on a square or two of board A with pack 1's cards, beside its label in the booklet's
language. A swatch is a figure (:func:`generator.docs.diagram.figure_page`) in the compact
style the booklet's boards are drawn in, so the key shows a mark exactly as the diagrams
do, on the same tiles (a key of full card faces was not recognised on the boards' tiles:
issue 39, sixth review).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...draw.geometry import Transform
from ...draw.scene import Group, Item, Page, Text
from ...draw.style import DEFAULT_STYLE
from ...errors import FigureError
from ...model.board import Board
from ...model.booklet import FigureRef
from ...model.layout import Layout, Side, parse_stack
from ...model.settings import Settings
from ..diagram import MARK_KINDS, Source, figure_page
from ..figure import (COLOURS, Arrow, Crop, Destination, Figure, Ghost, Highlight, Mark,
                      Outline)
from .typography import set_lines, shown

BOARD = "board-a"
PACK = "pack1"
#: The style of the booklet's boards (:func:`generator.docs.booklet.figures.draw_placed`
#: draws the examples compact): the key draws its marks on the same tiles.
STYLE = "compact"
#: A swatch's square cell, in mm on the key's page (about as large as an example board's
#: cell once the key is set across the column), the key's columns, its type size and the
#: room between a swatch and its label.
CELL_WIDTH = 5.5
COLUMNS = 2
LABEL_SIZE = 3.0
LEADING = LABEL_SIZE * 1.25
GAP = 2.0
ROW_GAP = 1.6


@dataclass(frozen=True)
class _Swatch:
    """A mark drawn on rank 1 of board A: the cards on its squares, the squares shown
    (c1 to d1 when a move goes from one to the other, d1 alone otherwise) and the figure's
    annotations."""

    cards: dict[str, str] = field(default_factory=dict)
    crop: str = "d1:d1"
    figure: Figure = Figure()


def _ghost(square: str, token: str) -> Ghost:
    return Ghost(square, parse_stack(token))


_GREEN = COLOURS["green"]
#: One swatch for each kind of mark a key may list (``to-move`` sits in the edge band, which
#: a swatch has not: the key leaves it to the text).
SWATCHES: dict[str, _Swatch] = {
    "side-south": _Swatch({"d1": "3R^"}),
    "side-north": _Swatch({"d1": "3Rv"}),
    "face-down": _Swatch({"d1": "(1R)^"}),
    "pile": _Swatch({"d1": "40Rv+4R^"}),
    "king-square": _Swatch(crop="e1:e1"),
    "last-move": _Swatch({"d1": "3R^"}, "c1:d1", Figure(last_move=Arrow.parse("c1-d1"))),
    "arrow-move": _Swatch({"c1": "3R^"}, "c1:d1", Figure(arrows=(Arrow.parse("c1-d1:green"),))),
    "arrow-beat": _Swatch({"c1": "5R^", "d1": "4Rv"}, "c1:d1",
                          Figure(arrows=(Arrow.parse("c1xd1:green"),))),
    "arrow-press": _Swatch({"c1": "4R^", "d1": "4Gv"}, "c1:d1",
                           Figure(arrows=(Arrow.parse("c1+d1:green"),))),
    "arrow-open": _Swatch({"d1": "(1R)^"}, figure=Figure(arrows=(Arrow.parse("d1=:green"),))),
    "may-move": _Swatch(figure=Figure(destinations=(Destination("d1"),))),
    "may-take": _Swatch({"d1": "4Rv"}, figure=Figure(destinations=(Destination("d1", True),))),
    "highlight": _Swatch({"d1": "3R^"}, figure=Figure(highlights=(Highlight.parse("d1:yellow"),))),
    "problem": _Swatch({"d1": "3R^"}, figure=Figure(problems=("d1",))),
    "line": _Swatch({"b1": "3R^", "c1": "3Y^", "d1": "3Gv"}, "b1:d1",
                    Figure(outlines=(Outline(("b1", "c1", "d1")),))),
    "line-took": _Swatch({"b1": "3R^", "c1": "3Y^"}, "b1:d1", Figure(
        outlines=(Outline(("b1", "c1", "d1"), COLOURS["red"], took=True),),
        ghosts=(_ghost("d1", "3Gv"),))),
    "taken": _Swatch(figure=Figure(ghosts=(_ghost("d1", "4Rv"),))),
    "forbidden": _Swatch({"d1": "4Rv"}, figure=Figure(marks=(Mark.parse("d1:forbidden"),))),
    "circle": _Swatch({"d1": "4Rv"}, figure=Figure(marks=(Mark.parse("d1:circle"),))),
    "dot": _Swatch(figure=Figure(marks=(Mark.parse("d1:dot"),))),
}


def entries(ref: FigureRef) -> list[tuple[str, str]]:
    """(kind, label) for each of *ref*'s ``key`` entries ``KIND: label``.

    :raises: :exc:`FigureError` naming the place and the entry for a kind without a swatch
        or an entry without a label.
    """
    found: list[tuple[str, str]] = []
    for n, text in enumerate(ref.key):
        kind, colon, label = text.partition(":")
        kind, label = kind.strip(), label.strip()
        if not colon or not label:
            raise FigureError(f"{ref.where}.key[{n}]: expected 'KIND: label', got {text!r}")
        if kind not in SWATCHES:
            known = ", ".join(k for k in MARK_KINDS if k in SWATCHES)
            raise FigureError(f"{ref.where}.key[{n}]: no mark {kind!r} (expected one of "
                              f"{known})")
        found.append((kind, label))
    return found


def _swatch_page(board: Board, pack: Source, settings: Settings, swatch: _Swatch,
                 cell: float) -> Page:
    crop = Crop.parse(swatch.crop)
    rows = {1: " ".join(swatch.cards.get(f"{f}1", ".") for f in "abcdefgh")}
    layout = Layout.from_rows(BOARD, rows, players={Side.SOUTH: f"{PACK}:G1",
                                                    Side.NORTH: f"{PACK}:G2"})
    cells = crop.files[1] - crop.files[0] + 1
    figure = Figure(crop=crop, coords=False, style=STYLE).merged(**{
        name: getattr(swatch.figure, name) for name in (
            "arrows", "highlights", "marks", "outlines", "ghosts", "destinations",
            "problems")}, last_move=swatch.figure.last_move)
    return figure_page(layout, board, {PACK: pack}, figure, settings=settings,
                       width=cells * cell)


def key_page(board: Board, pack: Source, settings: Settings, ref: FigureRef,
             width: float = 100.0, label_size: float | None = None) -> Page:
    """The key *ref* lists, in :data:`COLUMNS` columns *width* mm wide: each swatch (as wide
    as the widest, three squares) and its label wrapped beside it, *label_size* mm high (the
    booklet passes its column and caption size, so the key is printed at its own size with
    labels as large as a caption: scaled from 100 mm to the column, the labels came out
    larger than the body text, issue 39); the swatches on *board* (:data:`BOARD`) with
    *pack*'s cards (:data:`PACK`) in the kit's *settings*. Swatches and gaps grow with
    *width* over 100 mm, so a swatch's cell stays about an example board's."""
    listed = entries(ref)
    k = width / 100.0
    size = LABEL_SIZE * k if label_size is None else label_size
    leading = size * 1.25
    column = width / COLUMNS
    room = 3 * CELL_WIDTH * k
    text_width = column - room - GAP * k * 2
    items: list[Item] = []
    heights: list[float] = []
    placed: list[tuple[int, Page, list[str]]] = []
    for n, (kind, label) in enumerate(listed):
        page = _swatch_page(board, pack, settings, SWATCHES[kind], CELL_WIDTH * k)
        # Broken as the body text of its language is (a one-letter «с» never ends a line:
        # «снятая с / доски» was printed); the key's labels are in the chapter's language.
        lang = "ru" if re.search("[а-яё]", label, re.IGNORECASE) else "en"
        lines = [shown(line.text) for line in set_lines(label, text_width, "regular",
                                                        size, lang, justify=False)]
        placed.append((n, page, lines))
    rows = (len(placed) + COLUMNS - 1) // COLUMNS
    for row in range(rows):
        members = [p for p in placed if p[0] // COLUMNS == row]
        heights.append(max(max(page.height, len(lines) * leading) for _, page, lines in members))
    for n, page, lines in placed:
        row, col = divmod(n, COLUMNS)
        x = col * column
        y = sum(heights[:row]) + row * ROW_GAP * k
        kind = listed[n][0]
        # The swatch right-aligned in its room, so labels start on one line down the column.
        items.append(Group(page.items, Transform.translate(x + room - page.width, y),
                           role=f"key {kind}"))
        top = y + (heights[row] - len(lines) * leading) / 2
        for n_line, line in enumerate(lines):
            items.append(_label(line, x + room + GAP * k, top + size + n_line * leading, size))
    height = sum(heights) + ROW_GAP * k * (rows - 1)
    return Page(width, height, tuple(items), background=DEFAULT_STYLE.paper)


def _label(text: str, x: float, y: float, size: float) -> Item:
    return Text(x, y, text, size, DEFAULT_STYLE.ink, "regular", "start")
