"""Layouts for the rule engine: found by name or path, with the game, board, packs and word
list they are judged by.

The rule engine reads no files; this module gathers what its pure functions take, so that
``opencards validate`` and ``opencards rules ...`` only parse options and print.
"""
from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..errors import NotFoundError, TemplateError
from ..model.board import Board
from ..model.layout import Layout, Side
from ..model.letters import LetterSet
from ..model.position_text import PositionText, PositionTextError, is_position_text
from ..rules import Move, Position, Rules, Violation, problems
from ..rules.games import Game
from ..rules.validation import Source
from .glyphs import check_printable
from .prescan import MAX_FILE_BYTES
from .reader import (Reader, display_path, file_exists, parse_toml_text, read_toml,
                     require_known)
from .layout_text import layout_from_toml
from .templates import Library
from .wordlists import SetWordList, default_word_list, read_word_file


#: The LAYOUT argument that reads the layout file from standard input (``rules deal | ...``).
STDIN = "-"
#: How messages name a layout read from standard input.
STDIN_SHOWN = "<stdin>"
#: How messages name a position given as a position text.
TEXT_SHOWN = "<position text>"


def load_layout(library: Library, name: str) -> tuple[str, Layout]:
    """A layout by its name in *library*, by the path of a ``.toml`` file, read from
    standard input for ``-``, or written as a position text (see
    :func:`is_position_argument`), with the file name to show in messages. Piles written
    off the board are kept (see :attr:`Layout.off_board`).

    :raises: :exc:`NotFoundError` for an unknown name or a missing file,
        :exc:`TemplateError` for a malformed one or a position text that cannot be read.
    """
    if name == STDIN:
        return layout_from_data(library, STDIN_SHOWN, read_stdin_toml())
    if is_position_argument(library, name):
        return TEXT_SHOWN, read_position_text(library, name).layout
    if not name.endswith(".toml"):
        layout = library.layout(name)
        return display_path(library.files("layout")[name]), layout
    path = Path(name)
    shown = display_path(path)
    if not file_exists(path, shown):   # a FIFO or a folder is refused by the reader, by name
        raise NotFoundError(missing_layout_message(library, name))
    return layout_from_data(library, shown, read_toml(path), path)


def is_position_argument(library: Library, name: str) -> bool:
    """Whether the LAYOUT argument *name* is a position text: it has the text's ``_``
    separators, does not end in ``.toml``, and is no layout's name in *library* (a name
    wins, so a layout of one's own named with ``_`` is still found)."""
    return is_position_text(name) and name not in library.files("layout")


def read_position_text(library: Library, text: str) -> PositionText:
    """The position text *text*, read, with the board and packs it names checked as a
    layout file's are.

    :raises: :exc:`TemplateError` naming the field and what was expected.
    """
    try:
        record = PositionText.parse(text)
    except PositionTextError as e:
        raise TemplateError(TEXT_SHOWN, e.field, expected=e.expected, got=e.got) from None
    library.check_layout(record.layout, Path(TEXT_SHOWN))
    return record


def missing_layout_message(library: Library, name: str) -> str:
    """One line for a ``.toml`` path that names no file, with the next step: the shipped
    layout of that name when there is one (a path never falls back to it silently: a
    mistyped folder would draw another position), else how to make a layout file."""
    stem = Path(name).stem
    if Path(name).name == name and stem in library.names("layout"):
        return (f"{name}: no such file here; the shipped layout is named without .toml: "
                f"{stem}")
    return (f"{name}: no such layout file; make one with 'opencards rules deal GAME --seed 1 "
            f"--out {name}' or use a shipped layout by name (see 'opencards list')")


def read_stdin_toml() -> dict[str, Any]:
    """The TOML text piped to standard input, read as a file is: at most
    :data:`MAX_FILE_BYTES`, UTF-8, its shape checked before the parser sees it."""
    data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise TemplateError(STDIN_SHOWN, "", expected=f"at most {MAX_FILE_BYTES} bytes")
    if not data.strip():
        raise TemplateError(STDIN_SHOWN, "", expected="a layout file piped in", got="nothing",
                            hint="e.g. opencards rules deal GAME --seed 1 | opencards "
                                 "validate -")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise TemplateError(STDIN_SHOWN, "", expected="UTF-8 text") from None
    return parse_toml_text(text, STDIN_SHOWN)


def layout_from_text(library: Library, text: str, filename: str) -> tuple[str, Layout]:
    """A layout file uploaded as *text*, read as :func:`load_layout` reads one from disk:
    the same size limit, shape checks, keys and references, and the same one-line errors
    naming *filename*.

    :raises: :exc:`TemplateError`, :exc:`NotFoundError`.
    """
    shown = Path(filename).name or "layout.toml"
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise TemplateError(shown, "", expected=f"a file of at most {MAX_FILE_BYTES} bytes")
    return layout_from_data(library, shown, parse_toml_text(text, shown))


def layout_from_data(library: Library, shown: str, data: Mapping[str, Any],
                     path: Path | None = None) -> tuple[str, Layout]:
    """The layout in the parsed TOML *data* of the file *shown* (at *path*, if on disk):
    its kind, keys, printable title and references checked."""
    reader = Reader(shown, data)
    kind = reader.raw("kind", None)
    if kind != "layout":
        raise reader.fail("kind", "'layout'", kind)
    where = path if path is not None else Path(shown)
    layout = layout_from_toml(where.stem.strip("<>"), reader)
    check_printable(shown, "title", layout.title)
    library.check_layout(layout, where)
    return shown, layout


def sources_for(library: Library, layout: Layout, game: Game | None = None
                ) -> dict[str, Source]:
    """The packs and letter sets named by *layout* (and *game*, if given), by name.

    ``"pack1:G1"`` names pack1: the group is the rule engine's business. The layout's own
    come first, so the word list follows the letters on the board (puzzle 5 allows Latin
    and Cyrillic sets).
    """
    own = sorted({ref.partition(":")[0] for ref in layout.players.values()})
    others = sorted({ref.partition(":")[0] for pair in game.pairs for ref in pair}
                    - set(own)) if game is not None else []
    return {name: library.source(name) for name in own + others}


def game_for(library: Library, layout: Layout, name: str | None, shown: str) -> Game:
    """The game called *name*, or else the one *layout* names.

    :raises: :exc:`NotFoundError` if neither names a game, or the game is unknown.
    """
    if name:
        return library.game(name)
    if not layout.game:
        raise NotFoundError(f"{shown}: the layout names no game; give one with --game "
                            "(see 'opencards list')")
    # The layout's own reference: a name in the template folders, blamed on its key.
    require_known(shown, "game", layout.game, library.names("game"), "a game")
    return library.game(layout.game)


def word_list_for(sources: Mapping[str, Source], words_file: Path | None) -> SetWordList:
    """The user's word file if given, else the word list of the letter sets' script."""
    scripts = [s.script for s in sources.values() if isinstance(s, LetterSet)]
    if words_file is not None:
        return read_word_file(words_file, sorted(set(scripts)))
    return default_word_list(scripts[0] if scripts else "latin")


@dataclass(frozen=True)
class LayoutFile:
    """A layout file with everything the rule engine needs to judge and play it."""

    shown: str
    """The layout's file as messages name it."""
    layout: Layout
    game: Game
    board: Board
    sources: Mapping[str, Source]
    state: PositionText | None = None
    """The whole position when given as a position text: side to move, what is owed, the
    last move, quiet plies and move number beside the layout."""

    @property
    def in_play(self) -> bool:
        """Whether the layout is a position during play by its own account (a position
        text of a game under way), to be checked as ``--play`` checks it."""
        return self.state is not None and self.state.in_play

    def problems(self, *, start: bool = True) -> list[Violation]:
        """Every problem of the layout under its game; see :func:`generator.rules.problems`."""
        return problems(Rules(self.game, self.board), self.layout, sources=self.sources,
                        start=start)

    def rules(self, words_file: Path | None = None) -> Rules:
        """The layout's game bound to its board, with its word list (*words_file*, else
        the shipped one) if its moves make words: read only then."""
        words = word_list_for(self.sources, words_file) if self.game.needs_word_list \
            else None
        return Rules(self.game, self.board, words)

    def position(self, side: Side | str | None = None, words_file: Path | None = None
                 ) -> Position:
        """The game from this layout, *side* to move (default: the position text's side
        to move, else south); the word list is read only if the game needs one.

        :raises: :exc:`ValueError` if *side* is not a side, :exc:`TemplateError` if a
            position text names another side to move than *side* or does not fit the
            game (its field named).
        """
        if self.state is None:
            return Position(self.rules(words_file), self.layout,
                            turn=Side.SOUTH if side is None else side)
        if side is not None and Side.parse(side) is not self.state.turn:
            raise TemplateError(self.shown, "turn", expected=f"{side} to move as asked",
                                got=f"{self.state.turn} to move",
                                hint="leave the side out: the text says who moves")
        try:
            return Position.from_record(self.rules(words_file), self.state)
        except PositionTextError as e:
            raise TemplateError(self.shown, e.field, expected=e.expected, got=e.got) from None

    def first_mover(self, moves: Sequence[str]) -> Side:
        """The side that makes the first of *moves*: the position text's side to move;
        else the owner of the card it moves (its arrow says whose it is), else south, for
        a move that starts from no owned card (a card laid from the hand, a pass).
        ``figure --moves`` and ``rules play`` both ask this, so a record that draws also
        plays."""
        if self.state is not None:
            return self.state.turn
        piece = self.layout.top_written(moves[0].split("=")[0][:2]) if moves else None
        first = piece.owner if piece is not None else None
        return first or Side.SOUTH

    def legal_moves(self, side: Side | str, words_file: Path | None = None) -> list[Move]:
        """Every move *side* may make now: the same list as ``rules play`` accepts.

        :raises: :exc:`ValueError` if *side* is not a side.
        """
        return self.position(side, words_file).legal_moves()


def load_layout_file(library: Library, name: str, game_name: str | None = None) -> LayoutFile:
    """The layout *name* (a name, a ``.toml`` path or a position text) under *game_name*
    or its own game."""
    if is_position_argument(library, name):
        record = read_position_text(library, name)
        return replace(layout_file(library, TEXT_SHOWN, record.layout, game_name),
                       state=record)
    return layout_file(library, *load_layout(library, name), game_name)


def layout_file(library: Library, shown: str, layout: Layout, game_name: str | None = None
                ) -> LayoutFile:
    """*layout* (read from *shown*) under *game_name* or its own game, with its board and
    packs."""
    game = game_for(library, layout, game_name, shown)
    return LayoutFile(shown, layout, game, library.board(layout.board),
                    sources_for(library, layout, game))
