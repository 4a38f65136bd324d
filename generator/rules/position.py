"""A game in progress: :class:`Position` owns the layout, the side to move, what that side
still owes this turn, the moves made and the result. In a game of more than two players
(initial 7) it also owns the seat to move (:attr:`Position.seat`).

Modelled on python-chess's ``Board``: ``legal_moves()``, ``push(move)``, ``pop()``,
``outcome()``. Every command that plays a game (``rules play``, ``rules moves``, ``rules
solve``, figures, booklets, self-play) goes through it, so they cannot disagree about what
is legal or who has won. A result, once reached, is final: every further move is refused
with :data:`ReasonCode.GAME_OVER`. Standard library only.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from collections.abc import Iterator
from typing import NamedTuple

from ..errors import IllegalMoveError, ReasonCode
from ..model.board import Board, SquareName
from ..model.hands import Item, parse_item
from ..model.layout import Layout, Player, Side
from ..model.position_text import MoveRecord, PositionText, PositionTextError
from ..model.seats import Seat
from .bound import Rules
from .games import Game
from .goals import Outcome, judge, patience_outcome, quiet_after, seated_outcome
from .move import HAND, Beyond, Move, MoveKind
from .starting import clear_at_start
from .follow_ups import FollowUp, Phase
from .notation import PASS
from .words import WordList


class Ply(NamedTuple):
    """One move made and what came of it. (A named tuple: one is made every move, and a
    frozen dataclass takes several times longer to build.)"""

    number: int
    side: Side
    move: Move | None
    """None for a pass."""
    took: tuple[Item, ...]
    """The cards that left the board with this move."""
    layout: Layout
    """The position after the move."""
    seat: Seat | None = None
    """Who made it in a game of more than two players (None in a game of one or two)."""

    @property
    def player(self) -> Player:
        """Who made the move: the seat in a game of more than two players, else the side."""
        return self.side if self.seat is None else self.seat

    def notation(self) -> str:
        return str(self.move) if self.move is not None else PASS


class _Saved(NamedTuple):
    """What :meth:`Position.pop` restores: the state, and what was already worked out for
    it (a search pushes every move of a position in turn, popping between them)."""

    layout: Layout
    turn: Side
    seat: Seat | None
    pending: Move | None
    owed: FollowUp | None
    quiet: int
    moves: list[Move] | None
    outcome: Outcome | None
    counted: Outcome | None
    ids: set[int] | None


def _count(layout: Layout) -> int:
    return sum(map(len, layout.stacks.values()))


def _board_cards(layout: Layout) -> Counter[Item]:
    return Counter(piece.card for _, piece in layout.pieces())


class Position:
    """A game played by *rules* (a game bound to its board and word list) from *layout*,
    *turn* to move first: ``Position(Rules(game, board), layout)``.

    A patience in the open whose game takes combinations off at the start has them taken
    off here (seed000, game 65's patience).

    :raises: :exc:`ValueError` if *turn* is not a side.
    """

    def __init__(self, rules: Rules, layout: Layout, *, turn: Side | str = Side.SOUTH) -> None:
        self.rules = rules
        """The game's rules, bound once to its board and word list: every question the
        position asks goes to them."""
        game = rules.game
        self.start = clear_at_start(layout, game)
        """The position before the first move (after what a start takes off)."""
        self.layout = self.start
        self.turn = Side.parse(turn)
        """The side to move (or still moving, while it owes a follow-up). In a game of
        more than two players nobody has a hand, stock or card of his own (every card
        comes from the one pile), so the rules are asked for this side's moves whichever
        seat is to move, and it does not change."""
        self.seat: Seat | None = Seat.FIRST if game.players > 2 else None
        """The seat to move in a game of more than two players: the first player lays
        first (seed002, jeu 7: « le premier joueur »), then each in turn. None in a game
        of one or two."""
        self.pending: Move | None = None
        """The move whose follow-up the side to move owes or may make (see :attr:`phase`)."""
        self.owed: FollowUp | None = None
        """That follow-up (see :mod:`.follow_ups`)."""
        self.quiet = 0
        """Plies since anything left the board, was laid or opened."""
        self.plies: list[Ply] = []
        self.first_number = 1
        """The number of the first move made here: 1 from a layout, the text's number from
        a position text (:meth:`set_record`)."""
        self.before: tuple[Move, Side] | None = None
        """The move that led to the position set from a text, and who made it: some goals
        judge the last move (a card crossing the middle line, leaving over the far edge,
        a press)."""
        self._saved: list[_Saved] = []
        self._moves: list[Move] | None = None
        self._outcome: Outcome | None = None
        self._counted: Outcome | None = None
        self._ids: set[int] | None = None

    # --- state ------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.rules.game

    @property
    def board(self) -> Board:
        return self.rules.board

    @property
    def words(self) -> WordList | None:
        """The word list of a game whose moves make words (None for the others)."""
        return self.rules.words

    @property
    def move_stack(self) -> list[Move | None]:
        """The moves made so far (None for a pass), first first."""
        return [ply.move for ply in self.plies]

    @property
    def last(self) -> Ply | None:
        return self.plies[-1] if self.plies else None

    @property
    def number(self) -> int:
        """The number the next move gets."""
        return self.first_number + len(self.plies)

    def last_move(self) -> tuple[Move | None, Side | None]:
        """The last move made (None for a pass or none) and who made it, counting the move
        a position text records."""
        if self.plies:
            return self.plies[-1].move, self.plies[-1].side
        return self.before if self.before is not None else (None, None)

    @property
    def player(self) -> Player:
        """Who is to move: the seat in a game of more than two players, else the side."""
        return self.turn if self.seat is None else self.seat

    @property
    def phase(self) -> Phase:
        return Phase.MOVE if self.owed is None else self.owed.phase

    def key(self) -> tuple[object, ...]:
        """What makes two positions the same for a search: cards, hands, turn and what is
        owed."""
        return (frozenset(self.layout.stacks.items()), self.layout.hands, self.turn,
                self.seat, self.pending)

    # --- the position text ------------------------------------------------------------

    @classmethod
    def from_record(cls, rules: Rules, record: PositionText) -> Position:
        """The game *rules* play at the position a position text holds.

        :raises: :exc:`PositionTextError` naming the field that does not fit the game.
        """
        position = cls(rules, record.layout, turn=record.turn)
        position.set_record(record)
        return position

    def set_record(self, record: PositionText) -> None:
        """Sets the game to the position *record* holds, as python-chess's ``set_fen``
        does: the layout, the side or seat to move, what the last move left owed, the
        quiet plies and the move number. The moves made so far are forgotten. A record
        of a start (move 1, nothing made) has what a start takes off taken off, as a
        layout has.

        :raises: :exc:`PositionTextError` naming the field that does not fit the game:
            a side for a game of seats or the other way round, a move the engine has no
            kind for, or an owed follow-up the last move does not leave.
        """
        game = self.game
        _check_turn(record, game)
        last = _move(record.last) if record.last is not None else None
        layout = record.layout if record.in_play else clear_at_start(record.layout, game)
        owed = self.rules.follow_up(layout, last)
        if (owed.phase.value if owed else None) != record.owed:
            after = f"after the last move {last}" if last else "with no last move"
            raise PositionTextError("owed", f"{owed.phase.value if owed else '-'} {after} "
                                    f"in {game.name}", record.owed or "-")
        mover = record.turn if owed is not None or game.players != 2 \
            else record.turn.opponent
        self.start = self.layout = layout
        self.turn, self.seat = record.turn, record.seat
        self.owed, self.pending = owed, last if owed is not None else None
        self.quiet, self.first_number = record.quiet, record.number
        self.before = (last, mover) if last is not None else None
        self.plies, self._saved = [], []
        self._moves = self._outcome = self._counted = self._ids = None

    def record(self) -> PositionText:
        """The position as a position text holds it (see :meth:`text`)."""
        last, _ = self.last_move()
        layout = replace(self.layout, name="", title="", game=self.game.name,
                         board=self.board.name)
        return PositionText(layout, self.turn, self.seat,
                            self.owed.phase.value if self.owed is not None else None,
                            MoveRecord(last.kind.value, last.start, last.target, last.path)
                            if last is not None else None, self.quiet, self.number)

    def text(self) -> str:
        """The position on one line (docs/position-text.md), as ``rules play`` prints it:
        ``Position.from_record(PositionText.parse(text), ...)`` makes it again.

        :raises: :exc:`ValueError` if a name or a letter cannot be written in it.
        """
        return self.record().text()

    # --- the rules --------------------------------------------------------------------

    def _turn_moves(self) -> list[Move]:
        if self._moves is None:
            if self.owed is not None and self.pending is not None:
                self._moves = self.owed.moves(self.layout, self.turn, self.pending)
            else:
                self._moves = self.rules.moves(self.layout, self.turn)
        return self._moves

    def legal_moves(self) -> list[Move]:
        """Every move the side to move may make now, sorted; none once the game is over."""
        return [] if self._verdict().over else list(self._turn_moves())

    def is_legal(self, move: Move | None) -> bool:
        """Whether *move* (None: a pass) may be pushed now."""
        if move is None:
            return self.may_pass()
        if self._verdict().over:
            return False
        # The move pushed is most often the very object listed: found by its id, without
        # comparing or hashing moves field by field.
        if self._ids is None:
            self._ids = set(map(id, self._turn_moves()))
        return id(move) in self._ids or move in self._turn_moves()

    def may_pass(self) -> bool:
        """Whether the side to move may pass: a push or a turn it may leave out, or no move
        at all in a game of two sides that goes on."""
        if self._verdict().over:
            return False
        if self.owed is not None and self.owed.optional:
            return True
        return not self._turn_moves()

    def outcome(self) -> Outcome:
        """Whether the game is over, who won (or whether the patience is solved), and why,
        with each side's count while a counting game goes on."""
        verdict = self._verdict()
        if verdict.over or self.game.players == 1:
            return verdict
        if self._counted is None:
            self._counted = self._judge(count=True)
        return self._counted

    def is_over(self) -> bool:
        """Whether the game has its result (quicker than :meth:`outcome`: no counting)."""
        return self._verdict().over

    def _verdict(self) -> Outcome:
        """The verdict without the counts of a game that goes on: all the rules need."""
        if self._outcome is None:
            self._outcome = self._judge(count=False)
        return self._outcome

    def _judge(self, *, count: bool) -> Outcome:
        moves = self._turn_moves()
        owed = self.pending is not None
        last_move, mover = self.last_move()
        goal = self.rules.goal
        if self.game.players == 1:
            return patience_outcome(goal, self.layout, moves=moves, owed=owed,
                                    quiet=self.quiet)
        if self.seat is not None:
            return seated_outcome(goal, self.layout, to_move=self.seat, moves=moves,
                                  quiet=self.quiet, count=count)
        others = None if moves or owed else self.rules.moves(self.layout, self.turn.opponent)
        return judge(goal, self.layout, to_move=self.turn, moves=moves,
                     opponent_moves=others, last_move=last_move, mover=mover,
                     quiet=self.quiet, owed=owed,
                     count=count)

    def why_not(self, text: str) -> tuple[ReasonCode, str]:
        """The reason code and the player's reason why *text* may not be played now."""
        verdict = self.outcome()
        if verdict.over:
            return ReasonCode.GAME_OVER, f"the game is over ({verdict})"
        return self.rules.refusal(self.layout, self.turn, text, self._turn_moves(),
                                  after=self.pending, who=self.player)

    def parse_move(self, text: str) -> Move | None:
        """The legal move written *text* (None for ``pass``).

        :raises: :exc:`IllegalMoveError` with the move's number, a reason code and why.
        """
        text = text.strip()
        if text == PASS and self.may_pass():
            return None
        if text != PASS and not self._verdict().over:
            for move in self._turn_moves():
                if move.notation() == text:
                    return move
        code, reason = self.why_not(text)
        raise IllegalMoveError(self.number, text, reason, code)

    # --- making and taking back moves -------------------------------------------------

    def push(self, move: Move | None) -> Ply:
        """Makes *move* (None: a pass) and returns what came of it.

        :raises: :exc:`IllegalMoveError` if the rules refuse it now.
        """
        if not self.is_legal(move):
            text = PASS if move is None else move.notation()
            code, reason = self.why_not(text)
            raise IllegalMoveError(self.number, text, reason, code)
        return self._make(move)

    def push_text(self, text: str) -> Ply:
        """Makes the move written *text* (``d4xe5``, ``3R@d4``, ``pass``...).

        :raises: :exc:`IllegalMoveError` if it is malformed or the rules refuse it now.
        """
        return self._make(self.parse_move(text))

    def _make(self, move: Move | None) -> Ply:
        before, side, seat = self.layout, self.turn, self.seat
        after = before if move is None else self.rules.play(before, move, side)
        self._saved.append(_Saved(before, side, seat, self.pending, self.owed, self.quiet,
                                  self._moves, self._outcome, self._counted, self._ids))
        ply = Ply(self.number, side, move, _took(before, after, move), after, seat)
        self.plies.append(ply)
        self.quiet = 0 if ply.took else quiet_after(move, before, after, self.quiet)
        self.layout = after
        self.owed = self.rules.follow_up(after, move)
        self.pending = move if self.owed is not None else None
        if seat is not None and self.pending is None:
            self.seat = seat.after(self.game.players)
        elif self.game.players > 1 and self.pending is None:
            self.turn = side.opponent
        self._moves = self._outcome = self._counted = self._ids = None
        return ply

    def pop(self) -> Move | None:
        """Takes back the last move and returns it.

        :raises: :exc:`IndexError` if no move has been made.
        """
        if not self._saved:
            raise IndexError("pop from a position with no moves made")
        saved = self._saved.pop()
        ply = self.plies.pop()
        (self.layout, self.turn, self.seat, self.pending, self.owed, self.quiet, self._moves,
         self._outcome, self._counted, self._ids) = saved
        return ply.move

    def play_record(self, texts: list[str]) -> list[Ply]:
        """Plays *texts* in turn.

        :raises: :exc:`IllegalMoveError` naming the first refused move, its number and why.
        """
        return [self.push_text(text) for text in texts]

    def __iter__(self) -> Iterator[Ply]:
        return iter(self.plies)

    def __repr__(self) -> str:
        return (f"<Position {self.game.name} {self.player} to move ({self.phase}), "
                f"{len(self.plies)} plies: {self.outcome()}>")


def _check_turn(record: PositionText, game: Game) -> None:
    """A side to move for a game of two, a seat for a game of more, south for a patience."""
    written = str(int(record.seat)) if record.seat is not None else record.turn.value[0]
    if game.players > 2:
        if record.seat is None or record.seat > game.players:
            raise PositionTextError("turn", f"a seat 1 to {game.players} ({game.name} is "
                                    f"played by {game.players} in turn)", repr(written))
    elif record.seat is not None or (game.players == 1 and record.turn is Side.NORTH):
        expected = "s (a patience has one player)" if game.players == 1 else "s or n"
        raise PositionTextError("turn", f"{expected} in {game.name}", repr(written))


def _move(record: MoveRecord) -> Move:
    try:
        kind = MoveKind.parse(record.kind)
    except ValueError:
        raise PositionTextError("last", "a kind of move: " + ", ".join(MoveKind),
                                repr(record.kind)) from None
    # The position text has checked the squares: here they become the engine's names.
    target = Beyond(record.target) if record.target in _BEYOND else SquareName(record.target)
    path = tuple(SquareName(s) for s in record.path)
    if kind in (MoveKind.LAY, MoveKind.KEEP):
        return Move(kind, None, target, record.origin, path)
    return Move(kind, SquareName(record.origin), target, path=path)


_BEYOND = frozenset(Beyond)


def _took(before: Layout, after: Layout, move: Move | None) -> tuple[Item, ...]:
    """The cards that left the board with *move*, in notation order."""
    if move is None or move.target == HAND:
        return ()  # a pass takes nothing; an opening into the hand lists it there
    laid_count = 1 if move.kind is MoveKind.LAY else 0
    if len(before) + laid_count == len(after):
        # As many piles as before (and the one laid): none left or was covered, since
        # piles move whole. The common case, told without counting cards.
        return ()
    if _count(before) + laid_count == _count(after):
        return ()  # piles merged (a press, a lay on a card), but nothing left the board
    laid: Counter[Item] = Counter()
    if move.kind is MoveKind.LAY:
        laid[parse_item(move.start)] += 1
    gone = _board_cards(before) + laid - _board_cards(after)
    return tuple(sorted(gone.elements(), key=lambda item: item.notation()))


def replay(rules: Rules, layout: Layout, texts: list[str], *,
           first: Side | str = Side.SOUTH) -> list[Ply]:
    """Plays *texts* in turn from *layout* under *rules*, *first* to move.

    :raises: :exc:`IllegalMoveError` naming the first refused move, its number and why.
    """
    return Position(rules, layout, turn=first).play_record(texts)
