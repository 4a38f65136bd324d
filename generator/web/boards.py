"""One board in the editor: the layout being set up, the game it is judged by, and, once
play starts, the game in progress with the moves taken back (for redo).

Editing changes the start layout and so ends any game played from it; every move goes
through :class:`generator.rules.Position`, as ``rules play`` plays a record.
"""
from __future__ import annotations

import threading
from collections import OrderedDict, deque
from dataclasses import dataclass, field, replace

from ..errors import (BoardGone, EditorError, GeneratorError, IllegalMoveError, NotFoundError,
                      ProblemCode, one_line)
from ..app.position import outcome_data, plies_data
from ..io.layouts import LayoutFile, layout_file
from ..io.templates import Library
from ..model.hands import Hand, Hands, items_notation, parse_items
from ..model.board import SquareName, checked_square
from ..model.layout import Facing, Layout, Piece, Side, Stack, parse_stack, stack_notation
from ..model.position_text import PositionText
from ..model.seats import Seat
from ..rules import Move, Position, Violation
from . import calls

#: The most cards one pile may hold: every card of four packs of 32, far above any game's
#: pile (game 48's presses make piles of a few cards). A bound on the work a request can ask
#: for: each card of a pile is drawn and judged.
MAX_PILE = 128
#: The most cards a layout may hold, on the board and off it, for the same reason.
MAX_CARDS = 1024
#: The most moves one board plays: each keeps its position for undo (about 3 KB), and a
#: game of the system runs to tens of moves, not hundreds.
MAX_MOVES = 500
#: The longest text of a pile or of a part of the hands read (a pile of MAX_PILE cards
#: written ``(10R)^+`` is under 8 characters a card).
MAX_PILE_TEXT = MAX_PILE * 8
MAX_HAND_TEXT = MAX_CARDS * 8


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
    record: PositionText | None = None
    """The position text the board was loaded from, when it is of a game under way (a
    last move, something owed, a move number): the game goes on from it, not from a
    start. An edit of the board makes the position a start again."""
    _loaded: LayoutFile | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)
    """Held while a request reads or changes this board (requests run in worker threads)."""

    def __post_init__(self) -> None:
        check_size(self.layout)

    # --- what the rules see -------------------------------------------------------------

    def loaded(self) -> LayoutFile:
        """The layout with its game, board and packs (kept until the next edit)."""
        if self._loaded is None:
            self._loaded = layout_file(self.library, self.shown, self.layout,
                                       self.game_name)
        return self._loaded

    def problems(self) -> list[Violation]:
        return self.loaded().problems(start=self.start)

    @property
    def current(self) -> Layout:
        """The position on the board now: after the moves played, if any."""
        return self.position.layout if self.position is not None else self.layout

    # --- editing ------------------------------------------------------------------------

    def snapshot(self) -> tuple[object, ...]:
        """Everything an edit or a setting changes, for :meth:`restore` to put back."""
        return (self.layout, self.game_name, self.first, self.start, self.flip,
                self.position, tuple(self.redo), self.record, self._loaded)

    def restore(self, snapshot: tuple[object, ...]) -> None:
        (self.layout, self.game_name, self.first, self.start, self.flip, self.position,
         redo, self.record, self._loaded) = snapshot  # type: ignore[assignment]
        self.redo = list(redo)  # type: ignore[call-overload]

    def _edited(self, layout: Layout) -> None:
        check_size(layout)
        self.layout = layout
        self._loaded = None
        self.position = None
        self.record = None
        self.redo.clear()

    def put(self, square: str, text: str) -> None:
        """Puts the pile written *text* (``3R^``, ``(1B)v``, ``2Y^+1Rv``) on *square*,
        replacing what lay there.

        :raises: :exc:`EditorError` for a square off the board or a malformed pile.
        """
        at = self._square(square)
        self._editable()
        if len(text) > MAX_PILE_TEXT or text.count("+") >= MAX_PILE:
            raise EditorError(f"{at}: a pile of at most {MAX_PILE} cards is laid here "
                              f"(the text has {text.count('+') + 1} parts)")
        try:
            stack = parse_stack(text)
        except ValueError as e:
            raise EditorError(f"{at}: {e}") from None
        self._edited(_with_stack(self.layout, at, stack))

    def add(self, square: str, text: str) -> None:
        """Lays the card written *text* on top of the pile on *square* (a pile of two or
        more, as game 48's presses make)."""
        at = self._square(square)
        self._editable()
        try:
            piece = Piece.from_notation(text)
        except ValueError as e:
            raise EditorError(f"{at}: {e}") from None
        stack = self.layout.stacks.get(at, ())
        self._edited(_with_stack(self.layout, at, stack + (piece,)))

    def remove(self, square: str) -> None:
        at, _ = self._stack(square)
        self._edited(self.layout.without(at))

    def move_pile(self, origin: str, target: str) -> None:
        """Moves the pile on *origin* to *target* (replacing what lay there): a drag on
        the board while setting up."""
        start, stack = self._stack(origin)
        end = self._square(target)
        self._edited(_with_stack(self.layout.without(start), end, stack))

    def turn(self, square: str) -> None:
        """Turns the top card's arrow round (its owner changes); a card without an arrow
        gets one pointing north (south's)."""
        at, stack = self._stack(square)
        top = stack[-1]
        facing = Facing.SOUTH if top.facing is Facing.NORTH else Facing.NORTH
        self._replace_top(at, stack, Piece(top.card, facing, top.face_up))

    def face(self, square: str) -> None:
        """Turns the top card face down, or face up again."""
        at, stack = self._stack(square)
        top = stack[-1]
        self._replace_top(at, stack, Piece(top.card, top.facing, not top.face_up))

    def _replace_top(self, square: SquareName, stack: Stack, piece: Piece) -> None:
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
            if len(text) > MAX_HAND_TEXT:
                raise EditorError(f"hands: {key}: a text of {len(text)} characters; at most "
                                  f"{MAX_HAND_TEXT} are read")
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
        self._edited(replace(self.layout, hands=hands))

    def _square(self, square: str) -> SquareName:
        """*square* in its one spelling (``e4`` for ``E4`` or `` e4``), as the layout keys
        its piles: two spellings of one square would be two piles."""
        board = self.loaded().board
        try:
            return checked_square(square, board.files, board.ranks)
        except ValueError:
            raise EditorError(f"{square!r} is not a square of {board.name} "
                              f"(files a-{'abcdefghijklmnop'[board.files - 1]}, "
                              f"ranks 1-{board.ranks})") from None

    def _stack(self, square: str) -> tuple[SquareName, Stack]:
        at = self._square(square)
        self._editable()
        stack = self.layout.stacks.get(at)
        if not stack:
            raise EditorError(f"{at}: no card there")
        return at, stack

    def _editable(self) -> None:
        if self.position is not None and self.position.plies:
            raise EditorError("moves have been played from this layout: go back to the "
                            "set-up (reset) to edit it")

    # --- play ---------------------------------------------------------------------------

    def game(self) -> Position:
        """The game from the layout, started at the first move asked of it."""
        if self.position is None:
            if self.record is None:
                self.position = self.loaded().position(self.first)
            else:
                self.position = replace(self.loaded(), state=self.start_record()).position()
        return self.position

    def start_record(self) -> PositionText:
        """The position before the first move as a position text holds it: the layout
        under the game it is judged by, the side chosen to move first, and, for a board
        loaded from a text of a game under way, that text's last move and counts."""
        loaded = self.loaded()
        layout = replace(self.layout, name="", title="", game=loaded.game.name,
                         board=loaded.board.name)
        return replace(self.record or PositionText.of_layout(layout), layout=layout,
                       turn=self.first)

    def start_text(self) -> str | None:
        """The position before the first move on one line (docs/position-text.md), or
        None for one a text cannot hold (a pile off the board)."""
        try:
            return self.start_record().text()
        except ValueError:
            return None

    def current_text(self) -> str | None:
        """The position reached on one line, or None if a text cannot hold it."""
        if self.position is None or not self.position.plies:
            return self.start_text()
        try:
            return self.position.text()
        except ValueError:
            return None

    def move_between(self, origin: str, target: str) -> None:
        """Plays the legal move of the card on *origin* that ends on *target* (a click or a
        drop on the board); when there is none, the engine's reason why not, as for the
        move typed ``origin-target``.

        :raises: :exc:`IllegalMoveError` with the reason.
        """
        origin, target = self._play_square(origin), self._play_square(target)
        for move in self.legal_moves(origin):
            if (move.path[-1] if move.path else move.target) == target:
                self.push(move.notation())
                return
        self.push(f"{origin}-{target}")   # refused: raises with the engine's reason

    def _play_square(self, square: str) -> SquareName:
        board = self.loaded().board
        try:
            return checked_square(square, board.files, board.ranks)
        except ValueError:
            raise EditorError(f"{square!r} is not a square of {board.name}") from None

    def play_line(self, texts: list[str], at: int | None = None) -> None:
        """Plays *texts* from the start (a pasted move list, or the moves a link holds),
        then goes back to the position after *at* of them (the later ones kept for redo).
        A refused move leaves the board as it was and raises with its reason.

        :raises: :exc:`IllegalMoveError`, :exc:`EditorError` past :data:`MAX_MOVES`.
        """
        if len(texts) > MAX_MOVES:
            raise EditorError(f"{len(texts)} moves; at most {MAX_MOVES} are played on one "
                              "board")
        before = self.snapshot()
        try:
            self.position = None
            self.redo.clear()
            self.game().play_record(texts)
            if at is not None:
                self.go_to(at)
        except BaseException:
            self.restore(before)
            raise

    def go_to(self, ply: int) -> None:
        """Shows the position after *ply* moves of the line (the moves played and those
        taken back): moves after it are taken back, taken-back moves before it played
        again. A move played from there ends the line after it."""
        played = len(self.game().plies)
        if not 0 <= ply <= played + len(self.redo):
            raise EditorError(f"no position after {ply} moves: the line has "
                              f"{played + len(self.redo)}")
        while len(self.game().plies) > ply:
            self.undo()
        while len(self.game().plies) < ply:
            self.redo_move()

    def legal_moves(self, square: str | None = None) -> list[Move]:
        moves = self.game().legal_moves()
        if square is None:
            return moves
        return [m for m in moves if m.origin == square]

    def push(self, text: str) -> None:
        """Plays *text*; a refused move raises :exc:`IllegalMoveError` with the engine's
        reason. A new move ends what redo could bring back, unless it is that move."""
        if len(self.game().plies) >= MAX_MOVES:
            raise EditorError(f"{MAX_MOVES} moves have been played on this board, the most "
                              "it keeps: download the position now and load it to play on")
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

    def state(self, *, drawn: bool = True) -> dict[str, object]:
        """Everything the page draws, as JSON data; without the board's drawing when not
        *drawn* (after a move: the page moves the cards of the drawing it has, and asks
        for the drawing only when it cannot, as when a card is turned face up)."""
        loaded = self.loaded()
        found = self.problems()
        found_data: list[dict[str, str | None]] = [
            {"square": v.square, "code": v.code, "message": v.message} for v in found]
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
            "problems": found_data,
            "text": self.start_text(), "current_text": self.current_text(),
            "boxes": calls.square_boxes(board, self.library, flip=self.flip),
        }
        position = self.position
        last = position.last.move if position is not None and position.last else None
        # The last move is shown by the page over the drawing (its squares), not drawn
        # in it: the drawing is then the same whatever move led to the position, and the
        # page may move its cards itself.
        data["last"] = [sq for sq in dict.fromkeys((last.origin, *last.path, last.target))
                        if sq is not None and board.has_square(sq)] if last is not None else []
        marked = tuple(sorted({v.square for v in found if v.square})) if position is None \
            else ()
        try:
            if drawn:
                data["svg"] = calls.board_svg(loaded, self.current, self.library,
                                              flip=self.flip, marked=marked, last=None)
        except GeneratorError as e:
            # A card no pack of the players holds (players set to a letter set under a
            # layout of numbered cards): the board is drawn empty and says why, and stays
            # editable so that the players or the cards can be set right.
            data["svg"] = calls.board_svg(loaded, replace(self.current, stacks={}),
                                          self.library, flip=self.flip, marked=(), last=None)
            # First in the list: it is why the board shows no card.
            data["problems"] = [{"square": None, "code": ProblemCode.NOT_DRAWN,
                                 "message": one_line(f"the cards cannot be drawn: {e}")},
                                *found_data]
        if position is None:
            data.update(playing=False, moves=[], redo=[], to_move=str(self.first),
                        result=None)
            return data
        data.update(
            playing=True, moves=plies_data(position), redo=list(reversed(self.redo)),
            to_move=str(position.player), phase=position.phase.value,
            may_pass=position.may_pass(), result=outcome_data(position.outcome()))
        return data


def _with_stack(layout: Layout, square: SquareName, stack: Stack) -> Layout:
    """*layout* with *stack* on *square* in place of what lay there, made once (laying
    the cards one by one would copy the pile once a card)."""
    if len(stack) > MAX_PILE:
        raise EditorError(f"{square}: a pile of {len(stack)} cards; at most {MAX_PILE} "
                          "are laid on one square")
    stacks = dict(layout.stacks)
    stacks[square] = stack
    return replace(layout, stacks=stacks)


def check_size(layout: Layout) -> None:
    """Refuses a layout holding more cards than the editor works on.

    :raises: :exc:`EditorError` naming the square or the count.
    """
    total = 0
    for square, stack in layout.items():
        if len(stack) > MAX_PILE:
            raise EditorError(f"{square}: a pile of {len(stack)} cards; at most {MAX_PILE} "
                              "are laid on one square")
        total += len(stack)
    hands = layout.hands
    for hand in (hands.south, hands.north):
        total += len(hand.held) + len(hand.stock) + len(hand.taken)
    total += len(hands.pile) + sum(len(taken) for taken in hands.seats)
    if total > MAX_CARDS:
        raise EditorError(f"the layout holds {total} cards; the editor works on at most "
                          f"{MAX_CARDS}")


def _hand_parts(hands: Hands) -> dict[str, str]:
    """The cards off the board by part, as :meth:`EditorBoard.set_hands` takes them."""
    parts = {f"{side}.{part}": items_notation(getattr(hands.of(side), part))
             for side in ("south", "north") for part in ("held", "stock", "taken")}
    parts["pile"] = items_notation(hands.pile)
    # A game of more than two players (initial 7) scores by seat.
    parts.update({f"{Seat(number).key}.taken": items_notation(taken)
                  for number, taken in enumerate(hands.seats, 1)})
    return parts


class Shelf:
    """The boards open in the editor, by their id, the most recently used kept.

    Each tab of the page holds one board; a tab left open is kept until *capacity* other
    boards have been used since. A request for a board put away gets a line saying so
    (410 Gone in the API), never another board or a silent loss: its id is remembered.
    """

    def __init__(self, capacity: int, remembered: int = 8192) -> None:
        self.capacity = capacity
        self._boards: OrderedDict[str, EditorBoard] = OrderedDict()
        self._gone: deque[str] = deque(maxlen=remembered)
        self._gone_set: set[str] = set()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._boards)

    def add(self, key: str, board: EditorBoard) -> None:
        with self._lock:
            self._boards[key] = board
            while len(self._boards) > self.capacity:
                old, _ = self._boards.popitem(last=False)
                if len(self._gone) == self._gone.maxlen:
                    self._gone_set.discard(self._gone[0])
                self._gone.append(old)
                self._gone_set.add(old)

    def get(self, key: str) -> EditorBoard:
        """The board *key*, now the most recently used.

        :raises: :exc:`BoardGone` for one put away to make room, :exc:`NotFoundError` for
            an id never given.
        """
        with self._lock:
            board = self._boards.get(key)
            if board is not None:
                self._boards.move_to_end(key)
                return board
            gone = key in self._gone_set
        if gone:
            raise BoardGone(f"board {key!r} was closed: the editor keeps the "
                            f"{self.capacity} boards used last, and this tab's was not used "
                            "for longer; its moves and edits are lost (download the layout "
                            "to keep a position), load the page again to go on")
        raise NotFoundError(f"no board {key[:40]!r}: the editor was restarted or the id "
                            "is wrong; load the page again")

