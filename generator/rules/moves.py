"""Moves: king steps, queen slides, colour-bound slides, jumps and shifts, and what they take.

:func:`board_moves` lists what one side's pieces may do in a position under a game's bound
rules (:class:`~.bound.Rules`, which asks it); :func:`play_move` returns the position after
a move, with beaten, pressed and captured cards dealt with. Standard library only.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, cast
from dataclasses import dataclass
from collections.abc import Iterator, Mapping

from .captures import CaptureRule
from .covering import onto_for_combination
from .laying import play_laying
from .move import BUILT_MOVES, OFF, Beyond, Move, MoveKey, MoveKind, cached_move, move_order
from ..model.board import SquareName
from ..model.cards import Card, Colour
from .games import Game, Step
from ..model.layout import Facing, Layout, Piece, Side, Stack
from ..model.letters import LetterCard
from .joining import NOTHING, Makers, WordSquares, accepts, makers, window
from .lines import geometry
from .opening import opening_covers, owes_opening_cover
from .settling import settle
from .taking import play_take, take_lines
from .turning import play_turn
from .words import WordList

if TYPE_CHECKING:
    from .bound import Rules

def _facing(side: Side) -> Facing:
    """The arrow of *side*'s cards: they point at the opponent."""
    return Facing.NORTH if side is Side.SOUTH else Facing.SOUTH


def _onto(stacks: Mapping[SquareName, Stack], colours: Mapping[SquareName, Colour | None],
          capture: CaptureRule, own: Facing, piece: Piece, target: SquareName
          ) -> MoveKind | None:
    """The kind of move that lands *piece* (whose side's arrows point *own*) on the occupied
    square *target*, or None: the game's :class:`~.captures.CaptureRule` decides."""
    stack = stacks.get(target)
    if not stack:
        return None
    return capture.onto(piece, stack[-1], own, colours[target])


def _matches(mover: Card | LetterCard, other: Piece) -> bool:
    """Game 5: a card jumps only a face-up card of its colour or of its value."""
    card = other.card
    if not other.face_up or not isinstance(card, Card) or not isinstance(mover, Card):
        return False
    return card.colour is mover.colour or card.rank == mover.rank


def _jumps(layout: Layout, origin: SquareName, piece: Piece) -> Iterator[Move]:
    """Chains of jumps, each over one matching neighbour onto the free square behind it;
    every landing square is reached by its shortest chain."""
    jumps = geometry(*layout.size).jumps
    seen = {origin}
    frontier: list[tuple[SquareName, tuple[SquareName, ...]]] = [(origin, ())]
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
                    yield Move(MoveKind.JUMP, origin, land, path=(*path, land))
        frontier = following


def _far_rank(side: Side, ranks: int = 8) -> int:
    return ranks - 1 if side is Side.SOUTH else 0


def _piece_moves(layout: Layout, colours: Mapping[SquareName, Colour | None], rules: Rules,
                 side: Side, origin: SquareName, piece: Piece, found: list[MoveKey]) -> None:
    """Adds the keys of *piece*'s king steps, slides, captures and exits to *found*."""
    game, capture = rules.game, rules.capture
    step = game.movement.step
    stacks = layout.stacks
    own = _facing(side)
    g = geometry(*layout.size)
    if step in (Step.KING, Step.JUMP):
        for target in g.neighbours[origin]:
            if target not in stacks:
                found.append((origin, target, MoveKind.MOVE))
            elif step is Step.KING and (kind := _onto(stacks, colours, capture, own, piece,
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
                if kind := _onto(stacks, colours, capture, own, piece, target):
                    found.append((origin, target, kind))
                break
    if game.movement.exit_far_edge and _can_exit(layout, game, side, origin):
        found.append((origin, OFF, MoveKind.EXIT))


def _can_exit(layout: Layout, game: Game, side: Side, origin: SquareName) -> bool:
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


@dataclass(frozen=True)
class _Shifting:
    """A position read once for all the shifts tried in it: the squares a card may shift
    to, its open cards, and what each of those squares accepts (see .joining)."""

    layout: Layout
    game: Game
    free: list[SquareName]
    grid: dict[SquareName, Card | None]
    made: dict[SquareName, Makers]
    spelling: WordSquares | None

    @classmethod
    def read(cls, layout: Layout, game: Game, words: WordList | None) -> _Shifting:
        squares = geometry(*layout.size).squares
        free = [s for s in squares if s not in layout.stacks]
        if game.movement.shift_onto_cards:
            # Onto open cards too (a face-down card is never covered): the squares' answers
            # read only the neighbours, so a card there changes nothing.
            free = [s for s in squares
                    if s not in layout.stacks or layout.stacks[s][-1].face_up]
        grid = {s: _open_card(stack[-1]) for s, stack in layout.items()}
        rules = game.combinations
        made = {t: makers(grid, t, min_length=rules.min_length, kinds=rules.kinds,
                          orientations=rules.orientations, size=layout.size) for t in free} \
            if rules.enabled else dict.fromkeys(free, NOTHING)
        spelling = WordSquares({s: _open_letter(stack[-1]) for s, stack in layout.items()},
                               words, game.words.min_length, layout.size) \
            if game.words.enabled and words is not None else None
        return cls(layout, game, free, grid, made, spelling)

    def accepted(self, target: SquareName, origin: SquareName, near: frozenset[SquareName]
                 ) -> Makers:
        """What *target* accepts once the card on *origin* has left: worked out again only
        when *target* is *near* enough to *origin* for its card to have been part of the
        answer (lines run both ways, so the window round *origin* tells)."""
        if target not in near:
            return self.made[target]
        rules = self.game.combinations
        return makers(self.grid, target, min_length=rules.min_length, kinds=rules.kinds,
                      orientations=rules.orientations, origin=origin, size=self.layout.size)


def _shifts(layout: Layout, game: Game, words: WordList | None) -> Iterator[Move]:
    """Openings (with the shift of the card just opened) while any card lies face down;
    then shifts of any card to a free square that make a combination or word there."""
    shifting = _Shifting.read(layout, game, words)
    closed = [(s, st[-1]) for s, st in layout.items() if not st[-1].face_up]
    if closed:
        yield from _openings(shifting, closed)
        return
    if not shifting.free:
        return  # a full board of open cards: nowhere to shift to
    # Every card open (a patience in the open, word 12): any card shifts to make a line.
    letters: list[tuple[SquareName | None, str]] = []
    for origin, stack in layout.items():
        card = stack[-1].card
        if isinstance(card, Card):
            yield from _card_shifts(shifting, origin, card)
        else:
            letters.append((origin, card.letter.upper()))
    yield from _letter_shifts(shifting, letters)


def _openings(shifting: _Shifting, closed: list[tuple[SquareName, Piece]]) -> Iterator[Move]:
    """While cards lie face down a turn opens one, which may then shift at once to make a
    combination; cards opened earlier never move (seed000 game 65, seed002 game 6). A
    face-down origin takes part in no line, so the squares' answers hold as they are."""
    for origin, piece in closed:
        yield cached_move((origin, origin, MoveKind.OPEN))
        for target in _shift_targets(piece.card, None, shifting.free, shifting.made,
                                     shifting.spelling):
            yield cached_move((origin, target, MoveKind.OPEN))


def _card_shifts(shifting: _Shifting, origin: SquareName, card: Card) -> Iterator[Move]:
    rules = shifting.game.combinations
    if not rules.enabled:
        return
    near = window(origin, rules.min_length - 1, rules.orientations, shifting.layout.size)
    for target in shifting.free:
        if target != origin and accepts(shifting.accepted(target, origin, near), card):
            yield cached_move((origin, target, MoveKind.SHIFT))


def _letter_shifts(shifting: _Shifting, letters: list[tuple[SquareName | None, str]]
                   ) -> Iterator[Move]:
    """Square by square: letters alike moved from off the square's runs share an answer."""
    if shifting.spelling is None or not letters:
        return
    for target in shifting.free:
        for mover in shifting.spelling.movers_to(target, letters):
            if mover is not None and mover != target:  # (the letters all lie on squares)
                yield cached_move((mover, target, MoveKind.SHIFT))


def _shift_targets(card: Card | LetterCard, origin: SquareName | None, free: list[SquareName],
                   made: Mapping[SquareName, Makers], spelling: WordSquares | None
                   ) -> list[SquareName]:
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


def board_moves(rules: Rules, layout: Layout, side: Side) -> list[Move]:
    """Every move *side*'s pieces may make in *layout* under *rules*, sorted.

    Games whose cards are laid from a hand have no moves here (see
    :meth:`.bound.Rules.lay_squares`). The word list of *rules* is needed only by games
    whose moves must make a word (word game 12).
    """
    game = rules.game
    takes = [cached_move((a, b, MoveKind.TAKE)) for a, b in take_lines(layout, game)]
    if takes and game.combinations.compulsory:
        return takes  # crossing combinations just made: the mover takes one first
    found = _piece_moves_of(rules, layout, side)
    return sorted(found + takes, key=move_order) if takes else found


def _piece_moves_of(rules: Rules, layout: Layout, side: Side) -> list[Move]:
    game, words = rules.game, rules.words
    step = game.movement.step
    if step is Step.SHIFT:
        return sorted(set(_shifts(layout, game, words)), key=move_order)
    if step is Step.NONE:
        return []
    colours = rules.board.colours
    own = _facing(side)
    keys: list[MoveKey] = []
    jumps: list[Move] = []
    if step is Step.KING and not game.movement.exit_far_edge:
        _king_keys(layout.stacks, colours, rules, own, keys,
                   geometry(*layout.size).neighbours)
    else:
        for origin, stack in layout.stacks.items():
            piece = stack[-1]
            if game.owners and piece.facing is not own:
                continue
            _piece_moves(layout, colours, rules, side, origin, piece, keys)
            if step is Step.JUMP:
                jumps += _jumps(layout, origin, piece)
    if game.movement.onto_to_combine:
        keys += [(origin, target, MoveKind.BEAT)
                 for origin, target in onto_for_combination(layout, game, side)]
    if game.pressing.compulsory and step is not Step.JUMP:
        stacks = layout.stacks
        # Pressing the opponent is obligatory; pressing one's own cards never is.
        # (A press lands on a square: its key's target is one.)
        forced = [k for k in keys if k[2] is MoveKind.PRESS
                  and stacks[cast(SquareName, k[1])][-1].facing is not own]
        if forced:
            keys = forced
    if owes_opening_cover(layout, game, side):
        keys, jumps = opening_covers(keys), []
    keys.sort()
    cached = BUILT_MOVES.get
    moves = [cached(key) or cached_move(key) for key in keys]
    return sorted(set(moves + jumps), key=move_order) if jumps else moves


def _king_keys(stacks: Mapping[SquareName, Stack], colours: Mapping[SquareName, Colour | None],
               rules: Rules, own: Facing, found: list[MoveKey],
               neighbours: Mapping[SquareName, tuple[SquareName, ...]]) -> None:
    """The king steps of every piece whose arrow points *own*: _piece_moves unrolled for
    the commonest games, since it runs for every position a search visits."""
    game = rules.game
    owners = game.owners
    skip_own = owners and not game.pressing.own_cards
    free, onto = MoveKind.MOVE, rules.capture.onto
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
            elif kind := onto(piece, there[-1], own, colours[target]):
                found.append((origin, target, kind))


def _relocate(layout: Layout, origin: SquareName, target: SquareName | None, *,
              on_top: bool = False) -> Layout:
    """The pile on *origin* moved to *target* (None: off the board)."""
    stacks: dict[SquareName, Stack] = dict(layout.stacks)
    moving = stacks.pop(origin)
    if target is not None:
        stacks[target] = (stacks.get(target, ()) if on_top else ()) + moving
    return dataclasses.replace(layout, stacks=stacks)


def play_move(rules: Rules, layout: Layout, move: Move, mover: Side | None) -> Layout:
    """The position after *move*: a beaten or covered pile leaves the board, a pressed pile
    stays under the presser, and lines made by the move take what the game says.

    *mover* is who moves; it is needed for laying and for crediting what a move takes in
    games whose pieces belong to nobody (otherwise the moving piece's owner is used). What
    leaves the board is added to the mover's ``taken`` cards.

    :raises: :exc:`ValueError` if a lay names no mover or a card it cannot play.
    """
    game, words = rules.game, rules.words
    if move.kind in (MoveKind.LAY, MoveKind.KEEP) or (
            move.kind is MoveKind.OPEN and move.target != move.origin):
        return play_laying(rules, layout, move, mover)
    origin = move.square  # every other kind moves a pile from its square
    if move.kind is MoveKind.TAKE:
        return play_take(layout, origin, move.target_square, game, mover)
    if move.kind is MoveKind.TURN:
        return play_turn(layout, move.path)
    if move.kind is MoveKind.PUSH:
        # The pushed card makes nothing where it lands: only laying makes lines (seed002).
        return _relocate(layout, origin, move.target_square)
    if move.kind is MoveKind.OPEN:
        stacks = dict(layout.stacks)
        stacks[origin] = stacks[origin][:-1] + (
            dataclasses.replace(stacks[origin][-1], face_up=True),)
        after = dataclasses.replace(layout, stacks=stacks)
        return settle(after, origin, game, mover, words=words)
    if mover is None:
        mover = layout.owner(origin)
    captured = layout.stacks.get(move.target_square, ()) if move.kind in (
        MoveKind.BEAT, MoveKind.COVER) else ()
    after = _relocate(layout, origin, None if move.target == OFF else move.target_square,
                      on_top=move.kind is MoveKind.PRESS
                      or move.kind is MoveKind.SHIFT and move.target in layout.stacks)
    if captured and mover is not None:
        hand = after.hands.of(mover)
        after = dataclasses.replace(after, hands=after.hands.with_hand(mover, dataclasses.replace(
            hand, taken=hand.taken + tuple(p.card for p in captured))))
    if move.target == OFF:
        return after
    return settle(after, move.target_square, game, mover, words=words)
