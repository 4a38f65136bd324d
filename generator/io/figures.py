"""The ``[figure]`` table of a layout file: how ``opencards figure`` shows the position
(caption, side, crop, annotations, a move sequence), kept with the position so that a
booklet redraws the same figure.

This module checks the table's keys and types and hands over the texts; what they mean
(squares, colours, moves) is checked by :mod:`generator.docs.figure`, and the messages still
name the file and the key.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .reader import Reader, display_path, read_toml
from .glyphs import check_printable
from .layouts import TEXT_SHOWN, is_position_argument
from .templates import Library

#: The annotation lists a [figure] table may hold, each a list of strings.
LISTS = ("highlight", "arrows", "marks", "crossed", "show")
#: What ``to_move`` may say: a side, or the side the engine has to move after the moves.
TO_MOVE = ("south", "north", "next")
#: How a figure may draw its cards: as the kit prints them, or as a compact diagram's symbols.
STYLES = ("full", "compact")


@dataclass(frozen=True)
class FigureTable:
    """The ``[figure]`` table as written; *path* is the file as messages show it."""

    path: str
    caption: str | None = None
    flip: bool | None = None
    crop: str | None = None
    coords: bool | None = None
    play: bool = False
    """The layout is a position during play, checked as ``--play`` does."""
    last_move: str | None = None
    moves: str | None = None
    select: str | None = None
    """A square whose card's legal moves are marked (as ``--select``)."""
    to_move: str | None = None
    """``south``, ``north`` or ``next``: the side-to-move marker (as ``--to-move``)."""
    style: str | None = None
    """``full`` or ``compact`` (as ``--style``)."""
    legend: bool | None = None
    """A key to the marks under the board (as ``--legend``)."""
    lists: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(key, texts) for each of :data:`LISTS` present."""

    def where(self, key: str, index: int | None = None) -> str:
        """``layouts/x.toml: figure.arrows[2]``: where a text came from, for messages."""
        return f"{self.path}: figure.{key}" + (f"[{index}]" if index is not None else "")


def layout_path(library: Library, name: str) -> Path:
    """The file of the layout *name*, or *name* itself when it is a ``.toml`` path."""
    return Path(name) if name.endswith(".toml") else library.files("layout")[name]


def figure_table_for(library: Library, name: str) -> FigureTable:
    """The ``[figure]`` table of the layout *name* (a name or a ``.toml`` path); none for
    a position text, which is a position and nothing more."""
    if is_position_argument(library, name):
        return FigureTable(TEXT_SHOWN)
    return read_figure_table(layout_path(library, name))


def read_figure_table(path: Path) -> FigureTable:
    """The ``[figure]`` table of the layout file *path* (empty if it has none).

    :raises: :exc:`TemplateError` naming the key for a wrong type or an unknown key.
    """
    return figure_table_of(display_path(path), read_toml(path))


def figure_table_of(shown: str, data: Mapping[str, Any]) -> FigureTable:
    """The ``[figure]`` table of a layout file's parsed *data*; see :func:`read_figure_table`."""
    if "figure" not in data:
        return FigureTable(shown)
    table = Reader(shown, data).table("figure")
    lists = tuple((key, tuple(table.strings(key))) for key in LISTS if table.has(key))
    for key in LISTS:
        table.raw(key, None)  # known even when absent, so a misspelling gets its hint
    found = FigureTable(
        shown, caption=table.string("caption", None), flip=table.boolean("flip", None),
        crop=table.string("crop", None), coords=table.boolean("coords", None),
        play=table.boolean("play", False),
        last_move=table.string("last_move", None), moves=table.string("moves", None),
        select=table.string("select", None),
        to_move=table.choice("to_move", {side: side for side in TO_MOVE}, None),
        style=table.choice("style", {name: name for name in STYLES}, None),
        legend=table.boolean("legend", None),
        lists=lists)
    table.finish()
    if found.caption is not None:
        check_printable(shown, "figure.caption", found.caption)
    return found
