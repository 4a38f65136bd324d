"""The ``[figure]`` table of a layout file: how ``opencards figure`` shows the position
(caption, side, crop, annotations, a move sequence), kept with the position so that a
booklet redraws the same figure.

This module checks the table's keys and types and hands over the texts; what they mean
(squares, colours, moves) is checked by :mod:`generator.docs.figure`, and the messages still
name the file and the key.
"""
from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .reader import Reader, display_path, read_toml
from .glyphs import check_printable
from .layouts import (STDIN, STDIN_SHOWN, TEXT_SHOWN, LayoutFile, is_position_argument,
                      layout_file, layout_from_data, load_layout_file, read_stdin_toml)
from .templates import Library

#: The annotation lists a [figure] table may hold, each a list of strings.
LISTS = ("highlight", "arrows", "marks", "crossed", "show")


class ToMove(enum.StrEnum):
    """What ``to_move`` (``--to-move``) may say: a side, or the side the engine has to move
    after the figure's moves."""

    SOUTH = "south"
    NORTH = "north"
    NEXT = "next"


class FigureStyle(enum.StrEnum):
    """How a figure draws its cards (``style``, ``--style``): as the kit prints them, on
    squares shaped like cards, or as a compact diagram's symbols on square cells."""

    FULL = "full"
    COMPACT = "compact"


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
    to_move: ToMove | None = None
    """The side-to-move marker (as ``--to-move``)."""
    style: FigureStyle | None = None
    """As ``--style``."""
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
        to_move=table.choice("to_move", {side.value: side for side in ToMove}, None),
        style=table.choice("style", {style.value: style for style in FigureStyle}, None),
        legend=table.boolean("legend", None),
        lists=lists)
    table.finish()
    if found.caption is not None:
        check_printable(shown, "figure.caption", found.caption)
    return found


def figure_layout(library: Library, name: str, game_name: str | None = None
                  ) -> tuple[LayoutFile, FigureTable]:
    """The layout *name* (a name, a ``.toml`` path, ``-`` for standard input or a position
    text) under *game_name* or its own game, and its ``[figure]`` table: what ``opencards
    figure`` draws from. Standard input is read once, for both."""
    if name == STDIN:
        data = read_stdin_toml()
        return (layout_file(library, *layout_from_data(library, STDIN_SHOWN, data), game_name),
                figure_table_of(STDIN_SHOWN, data))
    return load_layout_file(library, name, game_name), figure_table_for(library, name)
