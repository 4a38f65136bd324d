"""Laying cards from the hand or stock, and the other moves of games whose cards do not
step about: initial 10's moves onto the opponent's half and initial 11's opening onto the
value row. Standard library only.

Whose card goes where is the game's ``placement``, in the variant its switches choose: one
object of :mod:`.placing`, which the game's bound rules (:mod:`.bound`) hold. Playing a lay
(taking the card from the hand, laying it, what it sets off) and basic 52's forced opening
stay here.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ..model.board import Board, SquareName
from ..model.cards import Card
from ..model.hands import Hand, Item, parse_item
from ..model.layout import Facing, Layout, Piece, Side
from .beating import fits_identical
from .games import Game, Placement
from .lines import geometry
from .move import HAND, OFF, Move, MoveKind, move_order
from .settling import settle
from .words import WordList

if TYPE_CHECKING:
    from .bound import Rules

#: The placement kinds whose cards come from the hand, stock or pile.
LAYING = (Placement.FREE, Placement.ADJACENT_OWN, Placement.IDENTICAL)


def _take_from_hand(layout: Layout, card: Item, side: Side) -> Layout:
    """The layout with *card* taken out of *side*'s hand, stock top or the pile top.

    :raises: :exc:`ValueError` if *side* cannot play that card now.
    """
    hand = layout.hands.of(side)
    if card in hand.held:
        held = list(hand.held)
        held.remove(card)
        hands = layout.hands.with_hand(side, dataclasses.replace(hand, held=tuple(held)))
    elif hand.stock[:1] == (card,):
        hands = layout.hands.with_hand(side, dataclasses.replace(hand, stock=hand.stock[1:]))
    elif not hand.stock and layout.hands.pile[:1] == (card,):
        hands = dataclasses.replace(layout.hands, pile=layout.hands.pile[1:])
    else:
        raise ValueError(f"{card.notation()} is neither in {side}'s hand nor the top card "
                         "it draws")
    return dataclasses.replace(layout, hands=hands)


def play_laying(rules: Rules, layout: Layout, move: Move, side: Side | None) -> Layout:
    """The position after a lay, keep, or an opening that takes the card elsewhere, by
    *side*.

    :raises: :exc:`ValueError` if *side* is missing or cannot play the card.
    """
    if move.kind is MoveKind.OPEN:
        return _open_and_move(layout, move, rules.game, side, rules.words)
    if side is None:
        raise ValueError(f"{move}: laying a card needs the side that lays it")
    card = parse_item(move.start)
    after = _take_from_hand(layout, card, side)
    if move.kind is MoveKind.KEEP:
        hand = after.hands.of(side)
        return dataclasses.replace(after, hands=after.hands.with_hand(
            side, Hand(hand.held + (card,), hand.stock, hand.taken)))
    facing = (Facing.NORTH if side is Side.SOUTH else Facing.SOUTH) if rules.game.owners \
        else None
    face_down = rules.placement.lays_face_down(layout, side)
    after = after.with_piece(move.target_square, Piece(card, facing, face_up=not face_down))
    return settle(after, move.target_square, rules.game, side, words=rules.words)


def _open_and_move(layout: Layout, move: Move, game: Game, side: Side | None,
                   words: WordList | None) -> Layout:
    """A face-down card opened and taken to *move*'s target (its value row in initial 11,
    a square where it makes a combination in basic 65), or off the board."""
    piece = dataclasses.replace(layout.stacks[move.square][-1], face_up=True)
    after = layout.without(move.square)
    if move.target == OFF:
        return after
    if move.target == HAND:
        if side is None:
            raise ValueError(f"{move}: taking a card into the hand needs the side")
        hand = after.hands.of(side)
        return dataclasses.replace(after, hands=after.hands.with_hand(
            side, Hand(hand.held + (piece.card,), hand.stock, hand.taken)))
    target = move.target_square
    return settle(after.with_piece(target, piece), target, game, side, words=words)


def forced_openings(layout: Layout, board: Board, laid: SquareName) -> list[Move]:
    """Basic 52: after a card is laid on *laid*, the face-down cards next to it (by an
    edge), each opened and taken to a free identical square, or into the hand if none is
    free. A card that already lies on an identical square is opened where it lies (our
    reading: it is home, and the seed moves cards only onto identical squares). Empty when
    no such card lies there; only a game with the forced opening asks (see
    :class:`.follow_ups.ForcedOpening`)."""
    found = []
    for square in geometry(*layout.size).edge_neighbours[laid]:
        piece = layout.top(square)
        if piece is None or piece.face_up or not isinstance(piece.card, Card):
            continue
        if fits_identical(piece.card, board.square(square)):
            found.append(Move(MoveKind.OPEN, square, square))
            continue
        fits = [s for s in geometry(*layout.size).squares if s not in layout.stacks
                and fits_identical(piece.card, board.square(s))]
        found += [Move(MoveKind.OPEN, square, s) for s in fits] or [
            Move(MoveKind.OPEN, square, HAND)]
    return sorted(found, key=move_order)
