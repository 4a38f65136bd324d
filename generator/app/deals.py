"""Dealt starts and tableaux: ``rules deal`` (a seeded start of a game as a layout file)
and ``patience deal --out`` (a dealt patience drawn with the kit's 52-card pack)."""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from pathlib import Path

from ..docs.tableau import encode_tableau, tableau_format, tableau_page
from ..errors import GeneratorError
from ..io.layout_text import layout_to_toml
from ..io.layouts import sources_for
from ..io.templates import Library
from ..model.layout import Layout
from ..rules.dealing import deal
from ..rules.games import Game
from ..patience import Patience, State
from .files import write_one


def patiences(library: Library) -> list[Game]:
    """The games of one player in *library*; a game file that does not load is left out
    (its own error shows when it is used)."""
    found = []
    for name in library.names("game"):
        try:
            game = library.game(name)
        except GeneratorError:
            continue
        if game.is_patience:
            found.append(game)
    return found


def open_patience(library: Library, name: str) -> Game | None:
    """The game of one player that is *name*'s patience in the open, if there is one."""
    return next((game for game in patiences(library) if game.patience_of == name), None)


@dataclass(frozen=True)
class DealtStart:
    """A seeded start: the layout, and its layout file's text."""

    layout: Layout
    text: str


def deal_start(library: Library, game: Game, seed: int, *, face_up: bool = False,
               pair: int = 1) -> DealtStart:
    """A random start of *game* from the shuffle of *seed*, with the cards of its pair
    *pair* (counted from 1); *face_up* lays the board's cards face up, and a game whose
    open form is a patience then names that patience, so that ``rules play`` and ``rules
    solve`` take the file as it is.

    :raises: :exc:`ValueError` for a game that does not start from a shuffle, or a pair
        it does not have.
    """
    packs = game.pair(pair)
    board = library.board(game.boards[0])
    sources = sources_for(library, Layout(board.name, players={}), game)
    layout = deal(game, board, sources, packs, random.Random(seed),
                  face_up=face_up)
    patience = open_patience(library, game.name) if face_up else None
    if patience is not None:
        layout = dataclasses.replace(layout, game=patience.name)
    shown = patience or game
    form = " in the open" if face_up and patience is None else ""
    text = layout_to_toml(layout, f"A random start of {shown.name}{form}: opencards rules "
                          f"deal {game.name} --seed {seed}" + (" --open" if face_up else ""))
    return DealtStart(layout, text.replace('title = ""', f'title = "{shown.title}: deal {seed}"'))


def write_layout(out: Path, start: DealtStart) -> Path:
    """Writes the start's layout file whole."""
    return write_one(out, start.text)


def draw_tableau(library: Library, game: Patience, seed: int, state: State, out: Path, *,
                 fmt: str | None = None, dpi: int = 150, card_height: float = 40.0) -> Path:
    """Draws the dealt *state* of *game* into *out* (SVG, PNG or PDF, by *fmt* or the
    suffix) with the kit's 52-card pack, one copy per pack the patience uses, encoded
    whole before it is written."""
    chosen = tableau_format(out, fmt)
    page = tableau_page(game, state, pack=library.traditional("pack52"),
                        card_height=card_height, title=f"{game.title}, deal {seed}")
    return write_one(out, encode_tableau(page, chosen, dpi=dpi))
