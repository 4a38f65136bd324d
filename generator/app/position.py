"""A game in progress as a Python user meets it (``opencards.Position``): the rule engine's
:class:`generator.rules.Position`, loaded from a layout by name and able to draw itself.

The rule engine reads no files and draws nothing (tests/test_layers.py), so the loading and
the drawing are added here, in the layer that may use both: the class below is the
engine's own, with what a layout file brings (its packs, its ``[figure]`` table) kept
beside it. Every move still goes through the engine's ``push``.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..docs.build import Drawn, draw_position, option_annotations
from ..errors import FigureError, IllegalMoveError, TemplateError
from ..io.figures import FigureTable, figure_layout, figure_table_for
from ..io.output import atomic_write, prepare_dir
from ..io.layouts import (TEXT_SHOWN, LayoutFile, is_position_argument, load_layout_file,
                          sources_for)
from ..io.templates import Library
from ..model.hands import Item
from ..model.layout import Layout, Side, player_key
from ..model.position_text import PositionText
from ..model.seats import Seat
from ..rules import Ply
from ..rules import Position as EnginePosition
from ..rules import Outcome, Rules
from ..rules.validation import Source
from ..docs.diagram import DEFAULT_WIDTH
from .figure import FigureFormat, FigureOptions, encoded, render_figure


class Position(EnginePosition):
    """A game from a layout: ``Position.from_layout("game1-demo")``, then
    ``legal_moves()``, ``push_text("c2-c3")``, ``pop()``, ``outcome()`` as on the engine's
    :class:`~generator.rules.Position`. ``print`` shows the board as text and the side to
    move; Jupyter shows the figure ``opencards figure`` draws (:meth:`_repr_svg_`)."""

    def __init__(self, rules: Rules, layout: Layout, *, turn: Side | str = Side.SOUTH,
                 library: Library | None = None, sources: Mapping[str, Source] | None = None,
                 table: FigureTable | None = None) -> None:
        super().__init__(rules, layout, turn=turn)
        self.library = library if library is not None else Library()
        self.sources = sources if sources is not None else sources_for(self.library, layout,
                                                                       rules.game)
        self.table = table if table is not None else FigureTable(layout.name)
        """The layout's ``[figure]`` table: how ``opencards figure`` shows it."""
        self.given = layout
        """The layout as loaded, before a start takes anything off (:attr:`start` is after)."""
        self.given_state: PositionText | None = None
        """The position text it was loaded from, if any."""

    @classmethod
    def from_layout(cls, name: str | Path, *, side: Side | str | None = None,
                    game: str | None = None, library: Library | None = None) -> Position:
        """The game from the layout *name* (a shipped layout's name, a ``.toml`` file or a
        position text), *side* to move (default: the text's side to move, else south),
        judged by *game* or the layout's own game.

        :raises: :exc:`~generator.errors.NotFoundError` for an unknown name or a missing
            file, :exc:`~generator.errors.TemplateError` for a malformed one, or for a
            position text that cannot be read or does not fit the game (naming its field).
        """
        library = library if library is not None else Library()
        text = str(name)
        loaded = load_layout_file(library, text, game)
        made = loaded.position(side)  # a position text's state checked against the game
        position = cls(made.rules, loaded.layout, turn=made.turn, library=library,
                       sources=loaded.sources, table=figure_table_for(library, text))
        if loaded.state is not None:
            position.set_record(loaded.state)
            position.given_state = loaded.state
        return position

    @classmethod
    def from_text(cls, text: str, *, game: str | None = None,
                  library: Library | None = None) -> Position:
        """The game at the position *text* (docs/position-text.md), as :meth:`text`
        writes it: ``Position.from_text(position.text())`` is the same position.

        :raises: :exc:`~generator.errors.TemplateError` naming the field at fault.
        """
        library = library if library is not None else Library()
        if not is_position_argument(library, text):
            raise TemplateError(TEXT_SHOWN, "", expected="a position text: fields "
                                "separated by _ (see docs/position-text.md)", got=repr(text))
        return cls.from_layout(text, game=game, library=library)

    def drawn(self, *, width: float = DEFAULT_WIDTH) -> Drawn:
        """The figure of this position: the layout's figure, with the moves made so far
        played on it as ``opencards figure --moves`` plays them.

        :raises: :exc:`~generator.errors.InvalidLayoutError` if the engine refuses the
            layout as drawn.
        """
        loaded = LayoutFile(self.table.path, self.given, self.game, self.board, self.sources,
                            self.given_state)
        played = " ".join(ply.notation() for ply in self.plies)
        changes = {"moves": option_annotations(moves=played)["moves"]} if played else None
        return draw_position(self.library.settings(), loaded, self.table, changes, width=width,
                             frames=False)

    def __str__(self) -> str:
        verdict = self.outcome()
        state = str(verdict) if verdict.over else f"{self.player} to move"
        return f"{self.game.name}\n{self.layout}\n{state}"

    def _repr_svg_(self) -> str:
        """The figure as SVG text, for Jupyter."""
        return encoded(self.drawn(), FigureOptions()).decode("utf-8")


def figure(layout: str | Path | EnginePosition, out: str | Path | None = None, *,
           fmt: str = "svg", moves: str | None = None, width: float = DEFAULT_WIDTH,
           dpi: int = 150, library: Library | None = None) -> bytes:
    """The figure ``opencards figure`` draws of *layout* (a layout's name, a ``.toml``
    file, or a :class:`Position` as it stands) in *fmt* (svg, png, pdf or gif), as bytes;
    with *out*, also written there. *moves* (``"c2-c3 f7-f6"``) are played first.

    :raises: :exc:`~generator.errors.GeneratorError` subclasses for an unknown layout,
        a layout the engine refuses, an illegal move or a file that cannot be written.
    """
    if fmt not in {f.value for f in FigureFormat}:
        raise FigureError(f"unknown figure format {fmt!r} (expected "
                          f"{', '.join(f.value for f in FigureFormat)})")
    options = FigureOptions.parse({"format": FigureFormat(fmt), "moves": moves,
                                   "width": width, "dpi": dpi})
    if isinstance(layout, Position):
        if moves:
            raise ValueError("figure(position, moves=...): push the moves on the position")
        encoded_bytes = encoded(layout.drawn(width=width), options)
    elif isinstance(layout, EnginePosition):
        raise TypeError("figure() draws an opencards.Position (Position.from_layout) or a "
                        "layout's name")
    else:
        library = library if library is not None else Library()
        loaded, table = figure_layout(library, str(layout))
        encoded_bytes = render_figure(library, loaded, options, table=table).data
    if out is not None:
        path = Path(out)
        prepare_dir(path.parent if str(path.parent) else Path("."))
        atomic_write(path, encoded_bytes)
    return encoded_bytes


# --- a game as JSON: one shape for ``rules play --json`` and the editor -------------------

def ply_data(ply: Ply, gains: Mapping[Seat, tuple[Item, ...]] | None = None
             ) -> dict[str, object]:
    """A move made: its number, who made it (``south``, ``seat2``), its notation, the
    cards it took and, in a game of seats, which seat took which (*gains*)."""
    data: dict[str, object] = {"number": ply.number, "side": player_key(ply.player),
                               "move": ply.notation(),
                               "took": [c.notation() for c in ply.took]}
    if ply.seat is not None and gains is not None:
        data["to"] = {seat.key: [c.notation() for c in cards] for seat, cards in gains.items()}
    return data


def plies_data(position: EnginePosition) -> list[dict[str, object]]:
    """Every move made on *position*, as :func:`ply_data` writes one."""
    return [ply_data(ply, gain) for ply, gain in zip(position.plies, seat_gains(position))]


def outcome_data(verdict: Outcome) -> dict[str, object]:
    """Where the game stands: over or not, the winner (none in a draw or while it goes on),
    why, each player's count, the sentence players read, and for a patience whether it is
    solved and how many cards are left."""
    data: dict[str, object] = {
        "over": verdict.over,
        "winner": player_key(verdict.winner) if verdict.winner is not None else None,
        "reason": verdict.reason,
        "scores": {player_key(p): n for p, n in verdict.counts.items()},
        "text": str(verdict)}
    if verdict.left is not None:
        data.update(solved=verdict.solved, left=verdict.left)
    return data


def refusal_data(error: IllegalMoveError) -> dict[str, object]:
    """A move the rules refused: its number and text, why, and the reason code tools
    match (:class:`~generator.errors.ReasonCode`)."""
    return {"number": error.number, "move": error.text, "reason": error.reason,
            "code": str(error.code)}


def seat_gains(position: EnginePosition) -> list[dict[Seat, tuple[Item, ...]]]:
    """For each move made, the cards each seat took with it (none in a game of one or two
    players: the mover takes them all)."""
    found = []
    before = position.start.hands
    for ply in position.plies:
        after = ply.layout.hands
        found.append({} if ply.seat is None else {
            seat: after.taken_by(seat)[len(before.taken_by(seat)):]
            for seat in Seat.all(position.game.players)
            if after.taken_by(seat) != before.taken_by(seat)})
        before = after
    return found
