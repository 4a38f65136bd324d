"""Moves: king steps, queen slides, colour-bound slides, jumps and shifts, and what they take.

:func:`legal_moves` lists what one side may do in a position under a :class:`Game`;
:func:`play` returns the position after a move, with beaten, pressed and captured cards
dealt with; :func:`outcome` tells who has won. Standard library only.
"""
from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator
from dataclasses import dataclass

from .beating import beats, fits_identical, fits_value_row, presses
from ..model.board import Board
from ..model.cards import Card
from .combos import combinations
from .games import Capture, Game, Goal, Placement, Removal, Step, opponent
from ..model.layout import Layout, Piece, Side, Stack
from ..model.letters import LetterCard
from .lines import EDGE_NEIGHBOURS, JUMPS, NEIGHBOURS, RAYS, SQUARES, XY
from .settling import settle
from .words import WordList, find_words

#: The target of a move that leaves the board over the far edge.
OFF = "off"


class MoveKind(enum.StrEnum):
    """What a move does. The values are the spelling of tools and tests."""

    MOVE = "move"    # onto a free square
    BEAT = "beat"    # onto an opponent's card, which leaves the board
    COVER = "cover"  # onto the opponent's face-down test card: the winning move
    PRESS = "press"  # onto a card, which stays under the presser (game 48)
    JUMP = "jump"    # over matching neighbours onto free squares (game 5)
    SHIFT = "shift"  # to any free square, to make a combination or word
    EXIT = "exit"    # over the far edge, off the board (word game 1)
    OPEN = "open"    # a face-down card turned up where it lies (or taken to its row)
    LAY = "lay"      # a card from the hand or the top of a stock laid on a square
    KEEP = "keep"    # the top card of a stock, fitting nowhere, kept in the hand

    @classmethod
    def parse(cls, value: object) -> MoveKind:
        """:raises: :exc:`ValueError` naming the kinds."""
        if isinstance(value, MoveKind):
            return value
        if isinstance(value, str) and value in cls._value2member_map_:
            return cls(value)
        raise ValueError(f"not a kind of move: {value!r} (expected {', '.join(cls)})")


_SEPARATORS = {MoveKind.BEAT: "x", MoveKind.COVER: "x", MoveKind.PRESS: "+"}


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A move of the pile on *origin* to *target*.

    For a ``jump`` *path* lists every landing square; an ``exit`` has *target* ``off``; an
    ``open`` has *target* = *origin*, or the square of its value row it is taken to (or
    ``off``) in initial 11. A ``lay`` or ``keep`` has the card as *origin* (``3R``) and the
    square, or ``hand``, as *target*.

    >>> Move("c3", "d4", "beat")
    Move(origin='c3', target='d4', kind=<MoveKind.BEAT: 'beat'>, path=())
    >>> Move("c3", "d4", "take")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: not a kind of move: 'take' (expected move, beat, cover, press, jump, ...)
    """

    origin: str
    target: str
    kind: MoveKind = MoveKind.MOVE
    path: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # The engine builds many moves a position and passes MoveKind already: only a
        # caller's string needs parsing.
        if type(self.kind) is not MoveKind:
            object.__setattr__(self, "kind", MoveKind.parse(self.kind))

    def notation(self) -> str:
        """``e2-e3``, ``d4xe5`` (beat or cover), ``c1+c3`` (press), ``b1-d3-f5`` (jumps),
        ``e8-off``, ``c4=`` (open), ``c4=c3`` (open and take to c3), ``3R@d4`` (lay),
        ``3R@hand`` (keep)."""
        if self.kind in (MoveKind.LAY, MoveKind.KEEP):
            return f"{self.origin}@{self.target}"
        if self.kind is MoveKind.OPEN:
            return f"{self.origin}=" + (self.target if self.target != self.origin else "")
        if self.path:
            return "-".join((self.origin, *self.path))
        return f"{self.origin}{_SEPARATORS.get(self.kind, '-')}{self.target}"

    def __str__(self) -> str:
        return self.notation()


def _movers(layout: Layout, game: Game, side: Side) -> Iterator[tuple[str, Piece]]:
    for square, stack in layout.items():
        piece = stack[-1]
        if game.owners and piece.owner != side:
            continue
        yield square, piece


def _onto(layout: Layout, board: Board, game: Game, side: Side, piece: Piece,
          target: str) -> MoveKind | None:
    """The kind of move that lands *piece* on the occupied square *target*, or None."""
    other = layout.top(target)
    if other is None:
        return None
    hostile = not game.owners or other.owner != side
    if not other.face_up and hostile and game.movement.cover_test_cards and game.owners:
        # Covering the opponent's test card wins; a test card itself covers only in the
        # variant where test cards beat.
        if piece.face_up or game.beating.test_cards_beat:
            return MoveKind.COVER
        return None
    colour = board.square(target).colour
    capture = game.movement.capture
    if capture is Capture.BEAT and hostile:
        return MoveKind.BEAT if beats(piece, other, on=colour, rules=game.beating) else None
    if capture is Capture.PRESS and (hostile or game.pressing.own_cards):
        return MoveKind.PRESS if presses(piece, other, on=colour, rules=game.pressing) \
            else None
    return None


def _matches(mover: Card | LetterCard, other: Piece) -> bool:
    """Game 5: a card jumps only a face-up card of its colour or of its value."""
    card = other.card
    if not other.face_up or not isinstance(card, Card) or not isinstance(mover, Card):
        return False
    return card.colour is mover.colour or card.rank == mover.rank


def _jumps(layout: Layout, origin: str, piece: Piece) -> Iterator[Move]:
    """Chains of jumps, each over one matching neighbour onto the free square behind it;
    every landing square is reached by its shortest chain."""
    seen = {origin}
    frontier: list[tuple[str, tuple[str, ...]]] = [(origin, ())]
    while frontier:
        following = []
        for square, path in frontier:
            for over, land in JUMPS[square]:
                jumped = layout.top(over)
                if land in seen or jumped is None or over == origin:
                    continue
                if layout.top(land) is None and _matches(piece.card, jumped):
                    seen.add(land)
                    following.append((land, (*path, land)))
                    yield Move(origin, land, MoveKind.JUMP, (*path, land))
        frontier = following


def _far_rank(side: Side) -> int:
    return 7 if side is Side.SOUTH else 0


def _piece_moves(layout: Layout, board: Board, game: Game, side: Side, origin: str,
                 piece: Piece) -> Iterator[Move]:
    step = game.movement.step
    if step in (Step.KING, Step.JUMP):
        for target in NEIGHBOURS[origin]:
            if layout.top(target) is None:
                yield Move(origin, target)
            elif step is Step.KING and (kind := _onto(layout, board, game, side, piece, target)):
                yield Move(origin, target, kind)
        if step is Step.JUMP:
            yield from _jumps(layout, origin, piece)
    elif step in (Step.QUEEN, Step.COLOUR_QUEEN):
        colour = piece.card.colour if piece.face_up else None
        for ray in RAYS[origin]:
            for target in ray:
                if layout.top(target) is None:
                    if step is Step.QUEEN or board.square(target).colour is colour:
                        yield Move(origin, target)
                    continue
                if kind := _onto(layout, board, game, side, piece, target):
                    yield Move(origin, target, kind)
                break
    if game.movement.exit_far_edge and _can_exit(layout, game, side, origin):
        yield Move(origin, OFF, MoveKind.EXIT)


def _can_exit(layout: Layout, game: Game, side: Side, origin: str) -> bool:
    """A king leaves from the far rank; a queen also slides off along a free file or
    diagonal that ends on the far rank."""
    far = _far_rank(side)
    if XY[origin][1] == far:
        return True
    if game.movement.step is not Step.QUEEN:
        return False
    forward = 1 if side is Side.SOUTH else -1
    return any(XY[ray[0]][1] - XY[origin][1] == forward and XY[ray[-1]][1] == far
               and all(layout.top(s) is None for s in ray) for ray in RAYS[origin])


def _shifts(layout: Layout, game: Game, words: WordList | None) -> Iterator[Move]:
    """Shifts to any free square that make a combination or word through that square."""
    free = [s for s in SQUARES if layout.top(s) is None]
    for origin, stack in layout.items():
        if not stack[-1].face_up:
            yield Move(origin, origin, MoveKind.OPEN)
            continue
        for target in free:
            after = _relocate(layout, origin, target)
            if _forms_line(after, game, target, words):
                yield Move(origin, target, MoveKind.SHIFT)


def _forms_line(layout: Layout, game: Game, square: str, words: WordList | None) -> bool:
    if game.combinations.enabled and combinations(
            layout, min_length=game.combinations.min_length,
            kinds=game.combinations.kinds, through=square):
        return True
    return bool(game.words.enabled and words is not None and find_words(
        layout, words, min_length=game.words.min_length, through=square))


def legal_moves(layout: Layout, board: Board, game: Game, side: Side | str, *,
                words: WordList | None = None) -> list[Move]:
    """Every move *side* may make in *layout* under *game*, sorted.

    Games whose cards are laid from a hand have no moves here; see :func:`placements`.
    *words* is needed only by games whose moves must make a word (word game 12).

    :raises: :exc:`ValueError` if *side* is not a side (``"South"`` is not ``"south"``).
    """
    side = Side.parse(side)
    found: set[Move] = set()
    if game.movement.step is Step.SHIFT:
        found.update(_shifts(layout, game, words))
    elif game.movement.step is not Step.NONE:
        for origin, piece in _movers(layout, game, side):
            found.update(_piece_moves(layout, board, game, side, origin, piece))
    return sorted(found)


def placements(layout: Layout, board: Board, game: Game, card: Card | LetterCard,
               side: Side | str) -> list[str]:
    """The squares where *side* may lay *card* from the hand, in board order (see
    :mod:`.laying` for each game's rule).

    :raises: :exc:`ValueError` if *side* is not a side.
    """
    # Imported here: laying builds on this module's moves.
    from .laying import lay_squares
    return lay_squares(layout, board, game, card, Side.parse(side))


def _relocate(layout: Layout, origin: str, target: str, *, on_top: bool = False) -> Layout:
    stacks: dict[str, Stack] = dict(layout.stacks)
    moving = stacks.pop(origin)
    if target != OFF:
        stacks[target] = (stacks.get(target, ()) if on_top else ()) + moving
    return dataclasses.replace(layout, stacks=stacks)


def play(layout: Layout, move: Move, game: Game, *, words: WordList | None = None,
         side: Side | str | None = None) -> Layout:
    """The position after *move*: a beaten or covered pile leaves the board, a pressed pile
    stays under the presser, and lines made by the move take what the game says.

    *side* is who moves; it is needed for laying and for crediting what a move takes in
    games whose pieces belong to nobody (otherwise the moving piece's owner is used). What
    leaves the board is added to the mover's ``taken`` cards.

    :raises: :exc:`ValueError` if *side* is not a side.
    """
    mover = None if side is None else Side.parse(side)
    if move.kind in (MoveKind.LAY, MoveKind.KEEP) or (
            move.kind is MoveKind.OPEN and move.target != move.origin):
        # Imported here: laying builds on this module's moves.
        from .laying import play_laying
        return play_laying(layout, move, game, mover, words=words)
    if move.kind is MoveKind.OPEN:
        stacks = dict(layout.stacks)
        stacks[move.origin] = stacks[move.origin][:-1] + (
            dataclasses.replace(stacks[move.origin][-1], face_up=True),)
        after = dataclasses.replace(layout, stacks=stacks)
        return settle(after, move.origin, game, mover, words=words)
    if mover is None:
        mover = layout.owner(move.origin)
    captured = layout.stacks.get(move.target, ()) if move.kind in (
        MoveKind.BEAT, MoveKind.COVER) else ()
    after = _relocate(layout, move.origin, move.target, on_top=move.kind is MoveKind.PRESS)
    if captured and mover is not None:
        hand = after.hands.of(mover)
        after = dataclasses.replace(after, hands=after.hands.with_hand(mover, dataclasses.replace(
            hand, taken=hand.taken + tuple(p.card for p in captured))))
    if move.target == OFF:
        return after
    return settle(after, move.target, game, mover, words=words)


def _far_half(side: Side) -> range:
    """The ranks (from 0) of the opponent's half."""
    return range(4, 8) if side is Side.SOUTH else range(0, 4)


def _test_cards(layout: Layout, side: Side) -> int:
    return sum(1 for _, stack in layout.items()
               if not stack[-1].face_up and stack[-1].owner == side)


def outcome(layout: Layout, game: Game, *, last_move: Move | None = None,
            mover: Side | str | None = None) -> Side | None:
    """The winning side, if the position (and the move that led to it) decides the game.

    Only goals that a position settles are judged here: covering a test card, crossing
    into the opponent's half, all cards across, and leaving the board. Goals scored by
    counting (most pressed, most removed...) return None.

    :raises: :exc:`ValueError` if *mover* is not a side.
    """
    mover = None if mover is None else Side.parse(mover)
    goal = game.goal
    if goal is Goal.COVER_TEST_CARD:
        needed = max(game.setup.tests_per_side, 1)
        for side in Side:
            if _test_cards(layout, side) < needed:
                return opponent(side)
        return None
    if goal is Goal.LEAVE_BOARD:
        return mover if last_move is not None and last_move.kind is MoveKind.EXIT else None
    if goal is Goal.CROSS_MIDDLE:
        # Beating across the middle does not count: the card must step onto a free square
        # of the opponent's half (our reading of seed002 game 1, whose board starts full).
        if last_move is not None and mover is not None and last_move.kind is MoveKind.MOVE:
            return mover if XY[last_move.target][1] in _far_half(mover) else None
        return None
    if goal is Goal.ALL_ACROSS:
        for side in Side:
            own = [s for s, p in layout.pieces() if p.owner == side]
            if own and all(XY[s][1] in _far_half(side) for s in own):
                return side
    return None
