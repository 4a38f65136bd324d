"""A game's rules bound once: :class:`Rules` is built from a :class:`Game`, its
:class:`Board` and (for games whose moves make words) its :class:`WordList` when a
:class:`~generator.rules.position.Position` starts, and picks the game's strategies then:
its capture rule, its placement (in the variant its switches choose), its goal and its
follow-ups, each holding what it reads. From then on the rules are asked with a layout and
a side only. Standard library only.

Modelled on python-chess, where the variant *is* the board (``SuicideBoard`` overrides
what differs): here the game's variant is the strategies :class:`Rules` holds, so nothing
below it looks the game's switches up again move by move.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..errors import ReasonCode
from ..model.board import Board, SquareName
from ..model.hands import Item
from ..model.layout import Layout, Player, Side
from ..model.seats import Seat
from .captures import CaptureRule, capture_rule
from .follow_ups import FollowUp, follow_ups_of
from .games import Game
from .goal_rules import GoalRule, Outcome, goal_rule
from .goals import judge, patience_outcome, seated_outcome
from .move import Move
from .moves import board_moves, play_move
from .placing import PlacementRule, Problem, placement_of
from .turns import fresh_moves, refusal
from .words import WordList


class Rules:
    """*game* played on *board*, with *words* the word list of a game whose moves make words.

    The strategies are picked here, once: :attr:`capture`, :attr:`placement`, :attr:`goal`
    and :attr:`follow_ups`.
    """

    __slots__ = ("game", "board", "words", "capture", "placement", "goal", "follow_ups")

    def __init__(self, game: Game, board: Board, words: WordList | None = None) -> None:
        self.game = game
        self.board = board
        self.words = words
        self.capture: CaptureRule = capture_rule(game)
        self.placement: PlacementRule = placement_of(game, board, words)
        self.goal: GoalRule = goal_rule(game, board)
        self.follow_ups: tuple[FollowUp, ...] = follow_ups_of(self)

    # --- moves ------------------------------------------------------------------------

    def board_moves(self, layout: Layout, side: Side | str) -> list[Move]:
        """Every move of a piece on the board *side* may make, sorted (no lays: see
        :meth:`moves`).

        :raises: :exc:`ValueError` if *side* is not a side.
        """
        return board_moves(self, layout, Side.parse(side))

    def moves(self, layout: Layout, side: Side | str) -> list[Move]:
        """The moves that start a turn of *side*: board moves, lays and initial 10's and
        11's moves, sorted.

        :raises: :exc:`ValueError` if *side* is not a side.
        """
        return fresh_moves(self, layout, Side.parse(side))

    def turn_moves(self, layout: Layout, side: Side | str, *,
                   after: Move | None = None) -> list[Move]:
        """Every move *side* may make now; *after* is its own move just made, whose
        follow-up it owes or may make (see :mod:`.follow_ups`).

        :raises: :exc:`ValueError` if *side* is not a side.
        """
        side = Side.parse(side)
        owed = self.follow_up(layout, after)
        if owed is not None and after is not None:
            return owed.moves(layout, side, after)
        return self.moves(layout, side)

    def lay_squares(self, layout: Layout, card: Item, side: Side | str) -> list[SquareName]:
        """The squares where *side* may lay *card* now, in board order.

        :raises: :exc:`ValueError` if *side* is not a side.
        """
        return self.placement.squares(layout, card, Side.parse(side))

    def follow_up(self, layout: Layout, move: Move | None) -> FollowUp | None:
        """What the side that made *move* (leading to *layout*) owes or may do at once."""
        if move is None:
            return None
        return next((kind for kind in self.follow_ups if kind.due(layout, move)), None)

    def play(self, layout: Layout, move: Move, side: Side | str | None = None) -> Layout:
        """The position after *move* by *side* (see :func:`.moves.play_move`).

        :raises: :exc:`ValueError` if *side* is not a side.
        """
        return play_move(self, layout, move, None if side is None else Side.parse(side))

    # --- judging ----------------------------------------------------------------------

    def outcome(self, layout: Layout, side: Side | str, *, last: Move | None = None,
                mover: Side | None = None, quiet: int = 0, seat: Seat = Seat.FIRST) -> Outcome:
        """The outcome with *side* to move, its moves (and if it has none, the other
        side's) worked out here; a patience's as a position judges it (solved or stuck),
        and a game of more than two players' with *seat* to move.

        :raises: :exc:`ValueError` if *side* is not a side.
        """
        side = Side.parse(side)
        moves = self.moves(layout, side)
        if self.game.players == 1:
            return patience_outcome(self.goal, layout, moves=moves, quiet=quiet)
        if self.game.players > 2:
            return seated_outcome(self.goal, layout, to_move=seat, moves=moves, quiet=quiet)
        others = None if moves else self.moves(layout, side.opponent)
        return judge(self.goal, layout, to_move=side, moves=moves, opponent_moves=others,
                     last_move=last, mover=mover, quiet=quiet)

    # --- refusals and problems --------------------------------------------------------

    def refusal(self, layout: Layout, side: Side, text: str, moves: Sequence[Move], *,
                after: Move | None = None, who: Player | None = None
                ) -> tuple[ReasonCode, str]:
        """Why *side*, whose legal moves now are *moves*, may not play *text*: a reason code
        and the reason in a player's words (see :func:`.turns.refusal`)."""
        return refusal(self, layout, side, text, moves, after=after, who=who)

    def placement_problems(self, layout: Layout) -> list[Problem]:
        """(code, square, message) for every face-up card lying where the game never lets a
        card stay: off its identical square (basic 52) or off its value row (initial 11)."""
        return self.placement.problems(layout)

    def __repr__(self) -> str:
        return f"<Rules {self.game.name} on {self.board.name}>"
