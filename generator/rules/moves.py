"""Moves: king steps, queen slides, colour-bound slides, jumps and shifts, and what they take.

:func:`legal_moves` lists what one side may do in a position under a :class:`Game`;
:func:`play` returns the position after a move, with beaten, pressed and captured cards
dealt with; :func:`outcome` tells who has won. Standard library only.
"""
from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from .beating import beats, presses
from ..model.board import Board
from ..model.cards import Card, Colour
from .games import Capture, Game, Goal, Step, opponent
from ..model.layout import Facing, Layout, Piece, Side, Stack
from ..model.letters import LetterCard
from .joining import NOTHING, Makers, WordSquares, accepts, makers, window
from .lines import geometry
from .settling import settle
from .taking import play_take, take_lines
from .words import WordList

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
    TAKE = "take"    # a combination lying on the board taken off (see .taking)
    PUSH = "push"    # an opponent's card beside the one just laid moved away (initial 12)
    TURN = "turn"    # letters of a word just made turned round where they lie (puzzle 5)

    @classmethod
    def parse(cls, value: object) -> MoveKind:
        """:raises: :exc:`ValueError` naming the kinds."""
        if isinstance(value, MoveKind):
            return value
        if isinstance(value, str) and value in cls._value2member_map_:
            return cls(value)
        raise ValueError(f"not a kind of move: {value!r} (expected {', '.join(cls)})")


_SEPARATORS = {MoveKind.BEAT: "x", MoveKind.COVER: "x", MoveKind.PRESS: "+",
               MoveKind.TAKE: "*", MoveKind.PUSH: ">"}


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A move of the pile on *origin* to *target*.

    For a ``jump`` *path* lists every landing square; an ``exit`` has *target* ``off``; an
    ``open`` has *target* = *origin*, or the square of its value row it is taken to (or
    ``off``) in initial 11. A ``lay`` or ``keep`` has the card as *origin* (``3R``) and the
    square, or ``hand``, as *target*.

    >>> Move("c3", "d4", "beat")
    Move(origin='c3', target='d4', kind=<MoveKind.BEAT: 'beat'>, path=())
    >>> Move("c3", "d4", "grab")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: not a kind of move: 'grab' (expected move, beat, cover, press, jump, ...)
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
        ``3R@hand`` (keep), ``c1*c3`` (take the combination from c1 to c3), ``e5>a1`` (push),
        ``c4~d5~`` (turn the letters on c4 and d5 round)."""
        if self.kind in (MoveKind.LAY, MoveKind.KEEP):
            return f"{self.origin}@{self.target}"
        if self.kind is MoveKind.OPEN:
            return f"{self.origin}=" + (self.target if self.target != self.origin else "")
        if self.kind is MoveKind.TURN:
            return "".join(f"{square}~" for square in self.path)
        if self.path:
            return "-".join((self.origin, *self.path))
        return f"{self.origin}{_SEPARATORS.get(self.kind, '-')}{self.target}"

    def __str__(self) -> str:
        return self.notation()


#: A move as the generator builds it first: (origin, target, kind). Tuples of strings sort
#: in C, in the same order as Move's own ordering for moves without a path.
MoveKey = tuple[str, str, MoveKind]

#: Every move built so far, by its key: a position's moves are looked up, not rebuilt.
_MOVES: dict[MoveKey, Move] = {}
#: id(board) -> (board, square -> colour): the board is read once, not once a move.
_COLOURS: dict[int, tuple[Board, dict[str, Colour | None]]] = {}


def cached_move(key: MoveKey) -> Move:
    """The move of *key*, built once."""
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(*key)
    return move


def _colours(board: Board) -> dict[str, Colour | None]:
    hit = _COLOURS.get(id(board))
    if hit is None or hit[0] is not board:
        hit = _COLOURS[id(board)] = (board, {s.name: s.colour for s in board.squares})
    return hit[1]


def _facing(side: Side) -> Facing:
    """The arrow of *side*'s cards: they point at the opponent."""
    return Facing.NORTH if side is Side.SOUTH else Facing.SOUTH


def _onto(stacks: Mapping[str, Stack], colours: Mapping[str, Colour | None], game: Game,
          own: Facing, piece: Piece, target: str) -> MoveKind | None:
    """The kind of move that lands *piece* (whose side's arrows point *own*) on the occupied
    square *target*, or None."""
    stack = stacks.get(target)
    if not stack:
        return None
    other = stack[-1]
    hostile = not game.owners or other.facing is not own
    if not hostile and not game.pressing.own_cards:
        return None  # one's own card: only pressing may land on it, and only as a variant
    if not other.face_up and hostile and game.movement.cover_test_cards and game.owners:
        # Covering the opponent's test card wins; a test card itself covers only in the
        # variant where test cards beat.
        if piece.face_up or game.beating.test_cards_beat:
            return MoveKind.COVER
        return None
    colour = colours[target]
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
    jumps = geometry(*layout.size).jumps
    seen = {origin}
    frontier: list[tuple[str, tuple[str, ...]]] = [(origin, ())]
    while frontier:
        following = []
        for square, path in frontier:
            for over, land in jumps[square]:
                jumped = layout.top(over)
                if land in seen or jumped is None or over == origin:
                    continue
                if layout.top(land) is None and _matches(piece.card, jumped):
                    seen.add(land)
                    following.append((land, (*path, land)))
                    yield Move(origin, land, MoveKind.JUMP, (*path, land))
        frontier = following


def _far_rank(side: Side, ranks: int = 8) -> int:
    return ranks - 1 if side is Side.SOUTH else 0


def _piece_moves(layout: Layout, colours: Mapping[str, Colour | None], game: Game,
                 side: Side, origin: str, piece: Piece, found: list[MoveKey]) -> None:
    """Adds the keys of *piece*'s king steps, slides, captures and exits to *found*."""
    step = game.movement.step
    stacks = layout.stacks
    own = _facing(side)
    g = geometry(*layout.size)
    if step in (Step.KING, Step.JUMP):
        for target in g.neighbours[origin]:
            if target not in stacks:
                found.append((origin, target, MoveKind.MOVE))
            elif step is Step.KING and (kind := _onto(stacks, colours, game, own, piece,
                                                      target)):
                found.append((origin, target, kind))
    elif step in (Step.QUEEN, Step.COLOUR_QUEEN):
        colour = piece.card.colour if piece.face_up else None
        for ray in g.rays[origin]:
            for target in ray:
                if target not in stacks:
                    if step is Step.QUEEN or colours[target] is colour:
                        found.append((origin, target, MoveKind.MOVE))
                    continue
                if kind := _onto(stacks, colours, game, own, piece, target):
                    found.append((origin, target, kind))
                break
    if game.movement.exit_far_edge and _can_exit(layout, game, side, origin):
        found.append((origin, OFF, MoveKind.EXIT))


def _can_exit(layout: Layout, game: Game, side: Side, origin: str) -> bool:
    """A king leaves from the far rank; a queen also slides off along a free file or
    diagonal that ends on the far rank."""
    g = geometry(*layout.size)
    xy = g.xy
    far = _far_rank(side, g.ranks)
    if xy[origin][1] == far:
        return True
    if game.movement.step is not Step.QUEEN:
        return False
    forward = 1 if side is Side.SOUTH else -1
    return any(xy[ray[0]][1] - xy[origin][1] == forward and xy[ray[-1]][1] == far
               and all(layout.top(s) is None for s in ray) for ray in g.rays[origin])


def _shifts(layout: Layout, game: Game, words: WordList | None) -> Iterator[Move]:
    """Openings (with the shift of the card just opened) while any card lies face down;
    then shifts of any card to a free square that make a combination or word there."""
    squares = geometry(*layout.size).squares
    free = [s for s in squares if s not in layout.stacks]
    if game.movement.shift_onto_cards:
        # Onto open cards too (a face-down card is never covered): the squares' answers
        # below read only the neighbours, so a card there changes nothing.
        free = [s for s in squares if s not in layout.stacks or layout.stacks[s][-1].face_up]
    # The open cards and letters, read once for all the shifts tried; what each free square
    # accepts is worked out once for every card (see .joining).
    grid = {s: _open_card(stack[-1]) for s, stack in layout.items()}
    rules = game.combinations
    size = layout.size
    made = {t: makers(grid, t, min_length=rules.min_length, kinds=rules.kinds,
                      orientations=rules.orientations, size=size) for t in free} \
        if rules.enabled else dict.fromkeys(free, NOTHING)
    spelling = WordSquares({s: _open_letter(stack[-1]) for s, stack in layout.items()},
                           words, game.words.min_length, size) \
        if game.words.enabled and words is not None else None
    closed = [(s, st[-1]) for s, st in layout.items() if not st[-1].face_up]
    if closed:
        # While cards lie face down a turn opens one, which may then shift at once to make a
        # combination; cards opened earlier never move (seed000 game 65, seed002 game 6).
        # A face-down origin takes part in no line, so the squares' answers hold as they are.
        for origin, piece in closed:
            yield cached_move((origin, origin, MoveKind.OPEN))
            for target in _shift_targets(piece.card, None, free, made, spelling):
                yield cached_move((origin, target, MoveKind.OPEN))
        return
    # Every card open (a patience in the open, word 12): any card shifts to make a line. A
    # card moved from beside a target changes what the target accepts: those pairs are
    # worked out again without it.
    reach = rules.min_length - 1
    letters: list[tuple[str | None, str]] = []
    for origin, stack in layout.items():
        card = stack[-1].card
        if isinstance(card, Card):
            if not rules.enabled:
                continue
            for target in free:
                if target == origin:
                    continue
                accepted = made[target]
                if origin in window(target, reach, rules.orientations, size):
                    accepted = makers(grid, target, min_length=rules.min_length,
                                      kinds=rules.kinds, orientations=rules.orientations,
                                      origin=origin, size=size)
                if accepts(accepted, card):
                    yield cached_move((origin, target, MoveKind.SHIFT))
        else:
            letters.append((origin, card.letter.upper()))
    if spelling is not None and letters:
        # Square by square: letters alike moved from off the square's runs share an answer.
        for target in free:
            for mover in spelling.movers_to(target, letters):
                if mover != target:
                    yield cached_move((str(mover), target, MoveKind.SHIFT))


def _shift_targets(card: Card | LetterCard, origin: str | None, free: list[str],
                   made: Mapping[str, Makers], spelling: WordSquares | None) -> list[str]:
    """The free squares where *card*, moved from *origin* (None: a face-down card, part of
    no line), makes a combination or a word."""
    if isinstance(card, Card):
        return [t for t in free if accepts(made[t], card)]
    if spelling is None:
        return []
    letter = card.letter.upper()
    return [t for t in free if spelling.makes_word(t, letter, origin)]


def _open_card(piece: Piece | None) -> Card | None:
    if piece is None or not piece.face_up or not isinstance(piece.card, Card):
        return None
    return piece.card


def _open_letter(piece: Piece | None) -> str | None:
    if piece is None or not piece.face_up or not isinstance(piece.card, LetterCard):
        return None
    return piece.card.letter.upper()


def legal_moves(layout: Layout, board: Board, game: Game, side: Side | str, *,
                words: WordList | None = None) -> list[Move]:
    """Every move *side* may make in *layout* under *game*, sorted.

    Games whose cards are laid from a hand have no moves here; see :func:`placements`.
    *words* is needed only by games whose moves must make a word (word game 12).

    :raises: :exc:`ValueError` if *side* is not a side (``"South"`` is not ``"south"``).
    """
    side = Side.parse(side)
    takes = [cached_move((a, b, MoveKind.TAKE)) for a, b in take_lines(layout, game)]
    if takes and game.combinations.compulsory:
        return takes  # crossing combinations just made: the mover takes one first
    found = _board_moves(layout, board, game, side, words)
    return sorted(found + takes, key=move_order) if takes else found


def _board_moves(layout: Layout, board: Board, game: Game, side: Side,
                 words: WordList | None) -> list[Move]:
    step = game.movement.step
    if step is Step.SHIFT:
        return sorted(set(_shifts(layout, game, words)), key=move_order)
    if step is Step.NONE:
        return []
    colours = _colours(board)
    own = _facing(side)
    keys: list[MoveKey] = []
    jumps: list[Move] = []
    if step is Step.KING and not game.movement.exit_far_edge:
        _king_keys(layout.stacks, colours, game, own, keys, geometry(*layout.size).neighbours)
    else:
        for origin, stack in layout.stacks.items():
            piece = stack[-1]
            if game.owners and piece.facing is not own:
                continue
            _piece_moves(layout, colours, game, side, origin, piece, keys)
            if step is Step.JUMP:
                jumps += _jumps(layout, origin, piece)
    if game.movement.onto_to_combine:
        # Imported here: covering builds on the combinations this module's play settles.
        from .covering import onto_for_combination
        keys += [(origin, target, MoveKind.BEAT)
                 for origin, target in onto_for_combination(layout, game, side)]
    if game.pressing.compulsory and step is not Step.JUMP:
        stacks = layout.stacks
        # Pressing the opponent is obligatory; pressing one's own cards never is.
        forced = [k for k in keys if k[2] is MoveKind.PRESS and stacks[k[1]][-1].facing
                  is not own]
        if forced:
            keys = forced
    keys.sort()
    cached = _MOVES.get
    moves = [cached(key) or cached_move(key) for key in keys]
    return sorted(set(moves + jumps), key=move_order) if jumps else moves


def move_order(move: Move) -> tuple[str, str, str, tuple[str, ...]]:
    """The sort key of moves, the same order as comparing them, but quicker to sort by."""
    return move.origin, move.target, move.kind, move.path


def _king_keys(stacks: Mapping[str, Stack], colours: Mapping[str, Colour | None], game: Game,
               own: Facing, found: list[MoveKey],
               neighbours: Mapping[str, tuple[str, ...]]) -> None:
    """The king steps of every piece whose arrow points *own*: _piece_moves unrolled for
    the commonest games, since it runs for every position a search visits."""
    owners = game.owners
    skip_own = owners and not game.pressing.own_cards
    free, onto = MoveKind.MOVE, _onto
    for origin, stack in stacks.items():
        piece = stack[-1]
        if owners and piece.facing is not own:
            continue
        for target in neighbours[origin]:
            there = stacks.get(target)
            if there is None:
                found.append((origin, target, free))
            elif skip_own and there[-1].facing is own:
                continue
            elif kind := onto(stacks, colours, game, own, piece, target):
                found.append((origin, target, kind))


def placements(layout: Layout, board: Board, game: Game, card: Card | LetterCard,
               side: Side | str, *, words: WordList | None = None) -> list[str]:
    """The squares where *side* may lay *card* from the hand, in board order (see
    :mod:`.laying` for each game's rule).

    :raises: :exc:`ValueError` if *side* is not a side.
    """
    # Imported here: laying builds on this module's moves.
    from .laying import lay_squares
    return lay_squares(layout, board, game, card, Side.parse(side), words=words)


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
    if move.kind is MoveKind.TAKE:
        return play_take(layout, move.origin, move.target, game, mover)
    if move.kind is MoveKind.TURN:
        # Imported here: turning builds on this module's moves.
        from .turning import play_turn
        return play_turn(layout, move.path)
    if move.kind is MoveKind.PUSH:
        # The pushed card makes nothing where it lands: only laying makes lines (seed002).
        return _relocate(layout, move.origin, move.target)
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
    after = _relocate(layout, move.origin, move.target, on_top=move.kind is MoveKind.PRESS
                      or move.kind is MoveKind.SHIFT and move.target in layout.stacks)
    if captured and mover is not None:
        hand = after.hands.of(mover)
        after = dataclasses.replace(after, hands=after.hands.with_hand(mover, dataclasses.replace(
            hand, taken=hand.taken + tuple(p.card for p in captured))))
    if move.target == OFF:
        return after
    return settle(after, move.target, game, mover, words=words)


def _far_half(side: Side, ranks: int = 8) -> range:
    """The ranks (from 0) of the opponent's half."""
    half = ranks // 2
    return range(half, ranks) if side is Side.SOUTH else range(0, half)


def _test_cards(layout: Layout, side: Side, decoys: tuple[Card, ...] = ()) -> int:
    return sum(1 for _, stack in layout.items() if not stack[-1].face_up
               and stack[-1].owner == side and stack[-1].card not in decoys)


def outcome(layout: Layout, game: Game, *, last_move: Move | None = None,
            mover: Side | str | None = None, board: Board | None = None,
            to_move: Side | str | None = None, words: WordList | None = None,
            quiet: int = 0) -> Side | None:
    """The winning side, if the position (and the move that led to it) decides the game.

    Without *board* and *to_move* only goals that a position settles are judged: covering a
    test card, crossing into the opponent's half, all cards across, and leaving the board.
    Given them, every goal is judged as :func:`generator.rules.goals.judge` does, counting
    goals included (None then also stands for a draw or a game that goes on).

    :raises: :exc:`ValueError` if *mover* or *to_move* is not a side.
    """
    if board is not None and to_move is not None:
        # Imported here: judging builds on this module's moves.
        from .playout import judge_turn
        return judge_turn(layout, board, game, Side.parse(to_move), last=last_move,
                          mover=None if mover is None else Side.parse(mover), quiet=quiet,
                          words=words).winner
    mover = None if mover is None else Side.parse(mover)
    goal = game.goal
    if goal is Goal.COVER_TEST_CARD:
        decoys = game.setup.false_tests
        # With decoys each side has one true test card; covering a decoy wins nothing.
        needed = 1 if decoys else max(game.setup.tests_per_side, 1)
        for side in Side:
            if _test_cards(layout, side, decoys) < needed:
                return opponent(side)
        return None
    if goal is Goal.LEAVE_BOARD:
        return mover if last_move is not None and last_move.kind is MoveKind.EXIT else None
    if goal is Goal.CROSS_MIDDLE:
        # Beating across the middle does not count: the card must step onto a free square
        # of the opponent's half (our reading of seed002 game 1, whose board starts full).
        if last_move is not None and mover is not None and last_move.kind is MoveKind.MOVE:
            xy = geometry(*layout.size).xy
            return mover if xy[last_move.target][1] in _far_half(mover, layout.size[1]) else None
        return None
    if goal is Goal.ALL_ACROSS:
        for side in Side:
            own = [s for s, p in layout.pieces() if p.owner == side]
            xy = geometry(*layout.size).xy
            if own and all(xy[s][1] in _far_half(side, layout.size[1]) for s in own):
                return side
    return None
