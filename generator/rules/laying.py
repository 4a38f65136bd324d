"""Laying cards from the hand or stock, and the other moves of games whose cards do not
step about: initial 10's moves onto the opponent's half and initial 11's opening onto the
value row. Standard library only.

Whose card goes where is the game's ``placement``:

- ``free``: any free square; in games with beating and piles (initial 4) also onto an
  opponent's top card the laid card beats; with ``one_row`` (initial 8) only on the row of
  the first card, and on its cards once its eight squares are full.
- ``adjacent-own`` (initial 3): the first card face down on one's king square, then a free
  square next (by an edge) to one's own card; when there is none (hemmed in), onto a
  neighbouring opponent card the laid card beats. The opponent's face-down card may be
  covered whenever it lies next to one's own card.
- ``identical`` (basic 52), ``value-row`` (initial 11): free squares of the card's colour and
  value, or of its value.
- ``opponent-half`` (initial 10): one's uncovered cards of one's own half go onto a free
  square or an opponent's card of the other half.

A side lays a card of its hand that fits somewhere first (basic 52: cards kept in the hand
are laid before the pile is touched); otherwise the top card of its own stock, or of the
shared pile once its stock is empty. A top card that fits nowhere is kept in the hand.
"""
from __future__ import annotations

import dataclasses

from ..model.board import Board, Shade
from ..model.cards import Card
from ..model.hands import Hand, Item, parse_item
from ..model.layout import Facing, Layout, Piece, Side
from ..model.letters import LetterCard
from .beating import beats, fits_identical, fits_value_row
from .games import Capture, Game, Placement
from .joining import WordSquares
from .lines import geometry
from .move import OFF, Move, MoveKey, MoveKind, cached_move, move_order
from .settling import settle
from .words import WordList

#: The target of a keep move: the card goes to the hand.
HAND = "hand"

LAYING = (Placement.FREE, Placement.ADJACENT_OWN, Placement.IDENTICAL)


def _half(side: Side, own: bool, ranks: int = 8) -> range:
    half = ranks // 2
    return range(0, half) if (side is Side.SOUTH) == own else range(half, ranks)


def _king_square(board: Board, side: Side) -> str | None:
    xy = geometry(*board.size).xy
    return next((k for k in board.king_squares
                 if xy[k][1] in _half(side, own=True, ranks=board.ranks)), None)


def lay_squares(layout: Layout, board: Board, game: Game, card: Item,
                side: Side, *, words: WordList | None = None) -> list[str]:
    """The squares where *side* may lay *card* now, in board order (*words*: the word list
    of a game that lays letters on letters to make words)."""
    rule = game.movement.placement
    free = [s for s in geometry(*layout.size).squares if s not in layout.stacks]
    if rule is Placement.FREE and game.movement.lay_on_letters:
        return _free_or_word(layout, game, card, free, words)
    if rule is Placement.FREE:
        if game.movement.one_row:
            return _one_row(layout, free)
        if game.movement.capture is Capture.BEAT and game.movement.piles:
            covers = {s for s, _ in layout.items() if _beatable(layout, board, game, card,
                                                                side, s)}
            return [s for s in geometry(*layout.size).squares
                    if s in covers or s not in layout.stacks]
        return free
    if rule is Placement.ADJACENT_OWN:
        return _adjacent_own(layout, board, game, card, side, free)
    if rule is Placement.IDENTICAL:
        return [s for s in free if isinstance(card, Card)
                and fits_identical(card, board.square(s))]
    if rule is Placement.VALUE_ROW:
        return [s for s in free if isinstance(card, Card)
                and fits_value_row(card, board.square(s))]
    if rule is Placement.OPPONENT_HALF:
        far = _half(side, own=False, ranks=layout.size[1])
        g = geometry(*layout.size)
        return [s for s in g.squares if g.xy[s][1] in far and layout.owner(s) != side]
    return []


def _free_or_word(layout: Layout, game: Game, card: Item, free: list[str],
                  words: WordList | None) -> list[str]:
    """Word 25's variant: a free square, or an open letter on which *card* makes a word
    (read through the square, so the covered letter plays no part)."""
    if not isinstance(card, LetterCard) or words is None:
        return free
    spelling = WordSquares({s: st[-1].card.letter.upper() for s, st in layout.items()
                            if st[-1].face_up and isinstance(st[-1].card, LetterCard)},
                           words, game.words.min_length, layout.size)
    letter = card.letter.upper()
    onto = {s for s, st in layout.items() if st[-1].face_up
            and isinstance(st[-1].card, LetterCard) and spelling.makes_word(s, letter)}
    return [s for s in geometry(*layout.size).squares if s in onto or s not in layout.stacks]


def _one_row(layout: Layout, free: list[str]) -> list[str]:
    g = geometry(*layout.size)
    rows = {g.xy[s][1] for s in layout}
    if not rows:
        return free
    row = min(rows)
    on_row = [s for s in g.squares if g.xy[s][1] == row]
    open_squares = [s for s in on_row if s in free]
    # Cards cover cards only once the row has no free square left.
    return open_squares or on_row


def _beatable(layout: Layout, board: Board, game: Game, card: Item, side: Side,
              square: str) -> bool:
    top = layout.top(square)
    if top is None or top.owner in (side, None) or not isinstance(card, Card):
        return False
    return bool(beats(card, top, on=board.square(square).colour, rules=game.beating))


def _adjacent_own(layout: Layout, board: Board, game: Game, card: Item, side: Side,
                  free: list[str]) -> list[str]:
    own = [s for s in layout if layout.owner(s) == side]
    if not own:
        king = _king_square(board, side)
        return [king] if king is not None and king in free else []
    near = {n for s in own for n in geometry(*layout.size).edge_neighbours[s]}
    grow = [s for s in free if s in near]
    tests = {s for s in near if (top := layout.top(s)) is not None and not top.face_up
             and top.owner == side.opponent}
    covers = tests if grow else tests | {s for s in near
                                         if _beatable(layout, board, game, card, side, s)}
    return [s for s in geometry(*layout.size).squares if s in covers or s in grow]


def _playable(layout: Layout, side: Side) -> tuple[tuple[Item, ...], Item | None]:
    """(cards in the hand, the top card of the stock or else of the shared pile)."""
    hand = layout.hands.of(side)
    top = hand.stock[0] if hand.stock else (layout.hands.pile[0] if layout.hands.pile
                                            else None)
    return hand.held, top


def laying_moves(layout: Layout, board: Board, game: Game, side: Side | str, *,
                 words: WordList | None = None) -> list[Move]:
    """Every lay or keep move of *side*, plus initial 10's and initial 11's moves."""
    side = Side.parse(side)
    rule = game.movement.placement
    if rule is Placement.OPPONENT_HALF:
        return _opponent_half_moves(layout, board, game, side)
    if rule is Placement.VALUE_ROW:
        return _value_row_openings(layout, board)
    if rule not in LAYING:
        return []
    held, top = _playable(layout, side)
    found: list[Move] = []
    if game.movement.shift_to_identical:
        # Basic 52 in the open: the dealt cards are shifted onto identical squares as well
        # as the pile's cards laid there; the player chooses which.
        shifts = _identical_shifts(layout, board)
        lays = laying_moves(layout, board, dataclasses.replace(game, movement=dataclasses.replace(
            game.movement, shift_to_identical=False)), side, words=words)
        return sorted(shifts + [m for m in lays if m.kind is MoveKind.LAY or not shifts],
                      key=move_order)
    for card in dict.fromkeys(held):
        found += [Move(card.notation(), s, MoveKind.LAY)
                  for s in lay_squares(layout, board, game, card, side, words=words)]
    if found or top is None:
        return sorted(found, key=move_order)
    squares = lay_squares(layout, board, game, top, side, words=words)
    if not squares:
        return [Move(top.notation(), HAND, MoveKind.KEEP)]
    return sorted((Move(top.notation(), s, MoveKind.LAY) for s in squares), key=move_order)


def _identical_shifts(layout: Layout, board: Board) -> list[Move]:
    """Each open card off its identical square, onto each free identical square."""
    free = [board.square(s) for s in geometry(*layout.size).squares if s not in layout.stacks]
    found = []
    for origin, stack in layout.items():
        card = stack[-1].card
        if not stack[-1].face_up or not isinstance(card, Card) or \
                fits_identical(card, board.square(origin)):
            continue
        found += [cached_move((origin, s.name, MoveKind.SHIFT)) for s in free
                  if fits_identical(card, s)]
    return found


def _opponent_half_moves(layout: Layout, board: Board, game: Game, side: Side) -> list[Move]:
    own = _half(side, own=True, ranks=layout.size[1])
    xy = geometry(*layout.size).xy
    found: list[MoveKey] = []
    for origin, stack in layout.items():
        piece = stack[-1]
        if piece.owner != side or xy[origin][1] not in own or not piece.face_up:
            continue
        for target in lay_squares(layout, board, game, piece.card, side):
            kind = MoveKind.PRESS if target in layout.stacks else MoveKind.MOVE
            found.append((origin, target, kind))
    found.sort()
    return [cached_move(key) for key in found]


def _value_row_openings(layout: Layout, board: Board) -> list[Move]:
    """Initial 11: a face-down card is opened; it stays if its square has its value, else
    it goes to a free square of its value row, else off the board."""
    found = []
    free = [board.square(s) for s in geometry(*layout.size).squares if s not in layout.stacks]
    for origin, stack in layout.items():
        piece = stack[-1]
        if piece.face_up or not isinstance(piece.card, Card):
            continue
        if fits_value_row(piece.card, board.square(origin)):
            found.append(Move(origin, origin, MoveKind.OPEN))
            continue
        row = [s.name for s in free if fits_value_row(piece.card, s)]
        found += [Move(origin, s, MoveKind.OPEN) for s in row] or [
            Move(origin, OFF, MoveKind.OPEN)]
    return sorted(found, key=move_order)


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
    # Initial 3: a side's first card lies face down on its king square.
    first = game.movement.placement is Placement.ADJACENT_OWN and not any(
        p.owner == side for _, p in layout.pieces())
    after = after.with_piece(move.target, Piece(card, facing, face_up=not first))
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
    rule = game.movement.placement
    found = []
    for square, stack in layout.items():
        piece = stack[-1]
        if not piece.face_up or not isinstance(piece.card, Card):
            continue
        cell = board.square(square)
        if rule is Placement.IDENTICAL and game.movement.shift_to_identical and \
                cell.shade is Shade.DARK:
            continue  # in the open, a dealt card waits on its dark square to be shifted
        if rule is Placement.IDENTICAL and not fits_identical(piece.card, cell):
            found.append(("not-identical", square, f"{piece} lies on {cell.notation()}; an "
                          "open card lies only on a square of its colour and value"))
        elif rule is Placement.VALUE_ROW and not fits_value_row(piece.card, cell):
            # Crosswise (16x4) the digits number the verticals, not the horizontals.
            row = f"rank {cell.rank + 1}" if board.files <= board.ranks else \
                f"vertical {square.rstrip('0123456789')}"
            found.append(("off-value-row", square, f"{piece} lies on {row} of value "
                          f"{cell.value}; an open card stays only on the row of its value"))
    return found


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
