"""One board in the editor: the layout being set up, the game it is judged by, and, once
play starts, the game in progress with the moves taken back (for redo).

Editing changes the start layout and so ends any game played from it; every move goes
through :class:`generator.rules.Position`, as ``rules play`` plays a record.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..errors import EditorError
from ..errors import GeneratorError, IllegalMoveError
from ..io.layouts import LayoutFile
from ..io.templates import Library
from ..model.hands import Hand, Hands, items_notation, parse_items
from ..model.layout import Facing, Layout, Piece, Side, Stack, parse_stack, stack_notation
from ..model.seats import Seat
from ..rules import Move, Position, Violation
from . import calls


@dataclass
class EditorBoard:
    """The state behind one page of the editor."""

    library: Library
    shown: str
    """The layout file as messages name it (``position.toml`` for one set up here)."""
    layout: Layout
    game_name: str | None = None
    """The game chosen in the editor, else the layout's own."""
    first: Side = Side.SOUTH
    start: bool = True
    """Check the layout as the start of its game (else as a position during play)."""
    flip: bool = False
    position: Position | None = None
    redo: list[str] = field(default_factory=list)
    _loaded: LayoutFile | None = None

    # --- what the rules see -------------------------------------------------------------

    def loaded(self) -> LayoutFile:
        """The layout with its game, board and packs (kept until the next edit)."""
        if self._loaded is None:
            self._loaded = calls.loaded(self.library, self.shown, self.layout,
                                        self.game_name)
        return self._loaded

    def problems(self) -> list[Violation]:
        return calls.problems(self.loaded(), start=self.start)

    @property
    def current(self) -> Layout:
        """The position on the board now: after the moves played, if any."""
        return self.position.layout if self.position is not None else self.layout

    # --- editing ------------------------------------------------------------------------

    def _edited(self, layout: Layout) -> None:
        self.layout = layout
        self._loaded = None
        self.position = None
        self.redo.clear()

    def put(self, square: str, text: str) -> None:
        """Puts the pile written *text* (``3R^``, ``(1B)v``, ``2Y^+1Rv``) on *square*,
        replacing what lay there.

        :raises: :exc:`EditorError` for a square off the board or a malformed pile.
        """
        self._square(square)
        self._editable()
        try:
            stack = parse_stack(text)
        except ValueError as e:
            raise EditorError(f"{square}: {e}") from None
        self._edited(_with_stack(self.layout, square, stack))

    def add(self, square: str, text: str) -> None:
        """Lays the card written *text* on top of the pile on *square* (a pile of two or
        more, as game 48's presses make)."""
        self._square(square)
        self._editable()
        try:
            piece = Piece.from_notation(text)
        except ValueError as e:
            raise EditorError(f"{square}: {e}") from None
        self._edited(self.layout.with_piece(square, piece))

    def remove(self, square: str) -> None:
        self._stack(square)
        self._edited(self.layout.without(square))

    def move_pile(self, origin: str, target: str) -> None:
        """Moves the pile on *origin* to *target* (replacing what lay there): a drag on
        the board while setting up."""
        stack = self._stack(origin)
        self._square(target)
        self._edited(_with_stack(self.layout.without(origin), target, stack))

    def turn(self, square: str) -> None:
        """Turns the top card's arrow round (its owner changes); a card without an arrow
        gets one pointing north (south's)."""
        stack = self._stack(square)
        top = stack[-1]
        facing = Facing.SOUTH if top.facing is Facing.NORTH else Facing.NORTH
        self._replace_top(square, stack, Piece(top.card, facing, top.face_up))

    def face(self, square: str) -> None:
        """Turns the top card face down, or face up again."""
        stack = self._stack(square)
        top = stack[-1]
        self._replace_top(square, stack, Piece(top.card, top.facing, not top.face_up))

    def _replace_top(self, square: str, stack: Stack, piece: Piece) -> None:
        self._edited(_with_stack(self.layout, square, stack[:-1] + (piece,)))

    def set_game(self, name: str | None) -> None:
        previous = self.game_name
        self.game_name = name or None
        self._loaded = None
        try:
            self.loaded()
        except GeneratorError:
            self.game_name, self._loaded = previous, None
            raise
        self.position = None
        self.redo.clear()

    def set_players(self, players: dict[Side, str]) -> None:
        """Which pack (or group, ``pack1:G1``) or letter set each side plays."""
        layout = Layout(self.layout.board, self.layout.stacks, players, self.layout.name,
                        self.layout.title, self.layout.game, self.layout.off_board,
                        self.layout.hands, self.layout.size)
        previous = self.layout
        self._edited(layout)
        try:
            self.loaded()
        except GeneratorError:
            self._edited(previous)
            raise

    def set_hands(self, parts: dict[str, str]) -> None:
        """The cards off the board, each part written as ``rules deal`` writes them:
        ``south.held``, ``south.stock``, ``south.taken`` (the same for north) and ``pile``,
        each a list like ``3R 5G A/R``, top card first.

        :raises: :exc:`EditorError` naming the part for an unknown part or card.
        """
        self._editable()
        hands = Hands()
        for key, text in parts.items():
            try:
                items = parse_items(text)
            except ValueError as e:
                raise EditorError(f"hands: {key}: {e}") from None
            side, _, part = key.partition(".")
            if key == "pile":
                hands = replace(hands, pile=items)
            elif part == "taken" and side.startswith("seat"):
                try:
                    hands = hands.with_taken_by(Seat.parse(side), items)
                except ValueError as e:
                    raise EditorError(f"hands: {key}: {e}") from None
            elif side in ("south", "north") and part in ("held", "stock", "taken"):
                hand = hands.of(side)
                hands = hands.with_hand(side, Hand(**{
                    "held": hand.held, "stock": hand.stock, "taken": hand.taken,
                    part: items}))
            else:
                raise EditorError(f"hands: {key!r}: expected pile, south/north.held, "
                                ".stock or .taken, or seat1.taken to seat4.taken")
        self._set_hands(hands)

    def _set_hands(self, hands: Hands) -> None:
        self._edited(Layout(self.layout.board, self.layout.stacks, self.layout.players,
                            self.layout.name, self.layout.title, self.layout.game,
                            self.layout.off_board, hands, self.layout.size))

    def _square(self, square: str) -> None:
        if not calls.is_square(self.loaded().board, square):
            board = self.loaded().board
            raise EditorError(f"{square!r} is not a square of {board.name} "
                            f"(files a-{'abcdefghijklmnop'[board.files - 1]}, "
                            f"ranks 1-{board.ranks})")

    def _stack(self, square: str) -> Stack:
        self._square(square)
        self._editable()
        stack = self.layout.stacks.get(square)
        if not stack:
            raise EditorError(f"{square}: no card there")
        return stack

    def _editable(self) -> None:
        if self.position is not None and self.position.plies:
            raise EditorError("moves have been played from this layout: go back to the "
                            "set-up (reset) to edit it")

    # --- play ---------------------------------------------------------------------------

    def game(self) -> Position:
        """The game from the layout, started at the first move asked of it."""
        if self.position is None:
            self.position = self.loaded().position(self.first)
        return self.position

    def legal_moves(self, square: str | None = None) -> list[Move]:
        moves = self.game().legal_moves()
        if square is None:
            return moves
        return [m for m in moves if m.origin == square]

    def push(self, text: str) -> None:
        """Plays *text*; a refused move raises :exc:`IllegalMoveError` with the engine's
        reason. A new move ends what redo could bring back, unless it is that move."""
        self.game().push_text(text)
        if self.redo and self.redo[-1] == text.strip():
            self.redo.pop()
        else:
            self.redo.clear()

    def undo(self) -> None:
        position = self.game()
        if not position.plies:
            raise EditorError("no move to take back")
        self.redo.append(position.plies[-1].notation())
        position.pop()

    def redo_move(self) -> None:
        if not self.redo:
            raise EditorError("no move to play again")
        text = self.redo.pop()
        try:
            self.game().push_text(text)
        except IllegalMoveError:
            self.redo.append(text)
            raise

    def reset(self) -> None:
        """Back to the set-up: the moves are forgotten."""
        self.position = None
        self.redo.clear()

    def moves_text(self) -> str:
        """The moves played, as ``--moves`` takes them."""
        if self.position is None:
            return ""
        return " ".join(ply.notation() for ply in self.position.plies)

    # --- what the page shows ------------------------------------------------------------

    def state(self) -> dict[str, object]:
        """Everything the page draws, as JSON data."""
        loaded = self.loaded()
        found = self.problems()
        board = loaded.board
        data: dict[str, object] = {
            "layout": self.shown, "title": self.layout.title, "board": board.name,
            "files": board.files, "ranks": board.ranks,
            "game": loaded.game.name, "game_title": loaded.game.title,
            "players": {str(side): ref for side, ref in self.layout.players.items()},
            "first": str(self.first), "check": "start" if self.start else "play",
            "flip": self.flip,
            "squares": {sq: stack_notation(stack) for sq, stack in self.current.items()},
            "hands": _hand_parts(self.current.hands),
            "problems": [{"square": v.square, "code": v.code, "message": v.message}
                         for v in found],
            "boxes": calls.square_boxes(board, self.library, flip=self.flip),
        }
        position = self.position
        last = position.last.move if position is not None and position.last else None
        marked = tuple(sorted({v.square for v in found if v.square})) if position is None \
            else ()
        data["svg"] = calls.board_svg(loaded, self.current, self.library, flip=self.flip,
                                      marked=marked, last=last)
        if position is None:
            data.update(playing=False, moves=[], redo=[], to_move=str(self.first),
                        result=None)
            return data
        verdict = position.outcome()
        data.update(
            playing=True,
            moves=[{"number": p.number, "side": str(p.player), "move": p.notation(),
                    "took": [c.notation() for c in p.took]} for p in position.plies],
            redo=list(reversed(self.redo)),
            to_move=str(position.player), phase=position.phase.value,
            may_pass=position.may_pass(),
            result={"over": verdict.over,
                    "winner": str(verdict.winner) if verdict.winner else None,
                    "text": str(verdict)})
        return data


def _with_stack(layout: Layout, square: str, stack: Stack) -> Layout:
    """*layout* with *stack* on *square* in place of what lay there."""
    layout = layout.without(square)
    for piece in stack:
        layout = layout.with_piece(square, piece)
    return layout


def _hand_parts(hands: Hands) -> dict[str, str]:
    """The cards off the board by part, as :meth:`EditorBoard.set_hands` takes them."""
    parts = {f"{side}.{part}": items_notation(getattr(hands.of(side), part))
             for side in ("south", "north") for part in ("held", "stock", "taken")}
    parts["pile"] = items_notation(hands.pile)
    # A game of more than two players (initial 7) scores by seat.
    parts.update({f"{Seat(number).key}.taken": items_notation(taken)
                  for number, taken in enumerate(hands.seats, 1)})
    return parts
