"""Laying cards from the hand or stock, and the other moves of games whose cards do not
step about: initial 10's moves onto the opponent's half and initial 11's opening onto the
value row. Standard library only.

Whose card goes where is the game's ``placement``, in the variant its switches choose: one
object of :mod:`.placing` each, which the functions here pick and ask. Playing a lay
(taking the card from the hand, laying it, what it sets off) and basic 52's forced opening
stay here.
"""
from __future__ import annotations

import dataclasses

from ..model.board import Board
from ..model.cards import Card
from ..model.hands import Hand, Item, parse_item
from ..model.layout import Facing, Layout, Piece, Side
from .beating import fits_identical
from .games import Game, Placement
from .lines import geometry
from .move import OFF, Move, MoveKind, move_order
from .placing import HAND, placement_of
from .settling import settle
from .words import WordList

#: The placement kinds whose cards come from the hand, stock or pile.
LAYING = (Placement.FREE, Placement.ADJACENT_OWN, Placement.IDENTICAL)


def lay_squares(layout: Layout, board: Board, game: Game, card: Item,
                side: Side, *, words: WordList | None = None) -> list[str]:
    """The squares where *side* may lay *card* now, in board order (*words*: the word list
    of a game that lays letters on letters to make words)."""
    return placement_of(game).squares(layout, board, game, card, side, words=words)


def laying_moves(layout: Layout, board: Board, game: Game, side: Side | str, *,
                 words: WordList | None = None) -> list[Move]:
    """Every lay or keep move of *side*, plus initial 10's and initial 11's moves."""
    return placement_of(game).moves(layout, board, game, Side.parse(side), words=words)


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


def play_laying(layout: Layout, move: Move, game: Game, side: Side | None, *,
                words: WordList | None = None) -> Layout:
    """The position after a lay, keep, or an opening that takes the card elsewhere, by
    *side*.

    :raises: :exc:`ValueError` if *side* is missing or cannot play the card.
    """
    if move.kind is MoveKind.OPEN:
        return _open_and_move(layout, move, game, side, words)
    if side is None:
        raise ValueError(f"{move}: laying a card needs the side that lays it")
    card = parse_item(move.origin)
    after = _take_from_hand(layout, card, side)
    if move.kind is MoveKind.KEEP:
        hand = after.hands.of(side)
        return dataclasses.replace(after, hands=after.hands.with_hand(
            side, Hand(hand.held + (card,), hand.stock, hand.taken)))
    facing = (Facing.NORTH if side is Side.SOUTH else Facing.SOUTH) if game.owners else None
    face_down = placement_of(game).lays_face_down(layout, side)
    after = after.with_piece(move.target, Piece(card, facing, face_up=not face_down))
    return settle(after, move.target, game, side, words=words)


def _open_and_move(layout: Layout, move: Move, game: Game, side: Side | None,
                   words: WordList | None) -> Layout:
    """A face-down card opened and taken to *move*'s target (its value row in initial 11,
    a square where it makes a combination in basic 65), or off the board."""
    piece = dataclasses.replace(layout.stacks[move.origin][-1], face_up=True)
    after = layout.without(move.origin)
    if move.target == OFF:
        return after
    if move.target == HAND:
        if side is None:
            raise ValueError(f"{move}: taking a card into the hand needs the side")
        hand = after.hands.of(side)
        return dataclasses.replace(after, hands=after.hands.with_hand(
            side, Hand(hand.held + (piece.card,), hand.stock, hand.taken)))
    return settle(after.with_piece(move.target, piece), move.target, game, side, words=words)


def placement_problems(layout: Layout, board: Board, game: Game) -> list[tuple[str, str, str]]:
    """(code, square, message) for every face-up card lying where its game never lets a card
    stay: off its identical square (basic 52) or off its value row (initial 11)."""
    return placement_of(game).problems(layout, board)


def forced_openings(layout: Layout, board: Board, game: Game, laid: str) -> list[Move]:
    """Basic 52: after a card is laid on *laid*, the face-down cards next to it (by an
    edge), each opened and taken to a free identical square, or into the hand if none is
    free. A card that already lies on an identical square is opened where it lies (our
    reading: it is home, and the seed moves cards only onto identical squares). Empty when
    the game has no forced opening or no such card lies there."""
    if not game.movement.forced_opening:
        return []
    found = []
    for square in geometry(*layout.size).edge_neighbours[laid]:
        piece = layout.top(square)
        if piece is None or piece.face_up or not isinstance(piece.card, Card):
            continue
        if fits_identical(piece.card, board.square(square)):
            found.append(Move(square, square, MoveKind.OPEN))
            continue
        fits = [s for s in geometry(*layout.size).squares if s not in layout.stacks
                and fits_identical(piece.card, board.square(s))]
        found += [Move(square, s, MoveKind.OPEN) for s in fits] or [
            Move(square, HAND, MoveKind.OPEN)]
    return sorted(found, key=move_order)
