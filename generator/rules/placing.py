"""Where a card from the hand, stock or pile may be laid: one object per placement kind of
the game file, a variant of a kind as a subclass chosen by its switch. Standard library only.

Each object holds the pieces of its rule: the squares a card may be laid on
(:meth:`PlacementRule.squares`), the moves of a side (lays and keeps, or initial 10's and 11's
moves), what a face-up card lying off its place is (:meth:`PlacementRule.problems`), and the
rule in a player's words. :func:`placement_of` builds the object of the game's kind, in
the variant its switches choose, once for a game and its board (see :mod:`.bound`); it
holds the game, the board and the word list it reads, and is asked with a layout and a
side only.

The kinds and their variants:

- ``none``: nothing is laid (:class:`NoPlacement`).
- ``free``: any free square (:class:`FreeSquares`); with ``lay_on_letters`` also an open
  letter on which the letter makes a word (:class:`FreeOrWord`, word 25's variant); with
  ``forbid_own_words`` not where it makes a word of the layer's letters alone
  (:class:`FreeNoOwnWord`, word 25's stated rule); with
  ``one_row`` only the row of the first card (:class:`OneRow`, initial 8); in games with
  beating and piles also an opponent's top card the laid card beats
  (:class:`FreeOrBeaten`, initial 4).
- ``adjacent-own`` (initial 3, :class:`NextToOwn`).
- ``identical`` (basic 52, :class:`IdenticalSquares`); with ``shift_to_identical`` its open
  patience (:class:`IdenticalInTheOpen`).
- ``value-row`` (initial 11, :class:`ValueRow`), ``opponent-half`` (initial 10,
  :class:`OpponentHalf`): their cards do not come from the hand, but their moves are
  placements too.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..errors import ProblemCode
from ..model.board import Board, Shade, Square, SquareName
from ..model.cards import Card
from ..model.hands import Item
from ..model.layout import Facing, Layout, Piece, Side
from ..model.letters import LetterCard
from .beating import beats, fits_identical, fits_value_row
from .games import Capture, Game, Placement
from .joining import WordSquares
from .lines import geometry
from .move import HAND, OFF, Move, MoveKey, MoveKind, cached_move, move_order
from .words import WordList, find_words

#: (code, square, message) of a card lying where its game never lets a card stay.
Problem = tuple[ProblemCode, SquareName, str]


class PlacementRule:
    """A placement kind: where a card may be laid, in *game* on *board* (*words*: the word
    list of a game that lays letters to make words). The base lays nothing anywhere."""

    __slots__ = ("game", "board", "words")

    def __init__(self, game: Game, board: Board, words: WordList | None = None) -> None:
        self.game = game
        self.board = board
        self.words = words

    @classmethod
    def variant(cls, game: Game) -> type[PlacementRule]:
        """The variant of this kind that *game*'s switches choose (itself if none)."""
        return cls

    def squares(self, layout: Layout, card: Item, side: Side) -> list[SquareName]:
        """The squares where *side* may lay *card* now, in board order."""
        return []

    def moves(self, layout: Layout, side: Side) -> list[Move]:
        """Every placing move of *side* now, sorted."""
        return []

    def problems(self, layout: Layout) -> list[Problem]:
        """Every face-up card lying where this placement never lets a card stay."""
        return []

    def lays_face_down(self, layout: Layout, side: Side) -> bool:
        """Whether the card *side* lays now lies face down."""
        return False

    def _beats_top(self, layout: Layout, card: Item, side: Side, square: SquareName) -> bool:
        """Whether *card* laid by *side* beats the opponent's top card on *square*."""
        top = layout.top(square)
        if top is None or top.owner in (side, None) or not isinstance(card, Card):
            return False
        return bool(beats(card, top, on=self.board.square(square).colour,
                          rules=self.game.beating))

    def rule_text(self) -> str:
        """Where a card may lie, in a player's words (after "may not lie on d4: ")."""
        return "only on a free square"

    def rule_now(self, layout: Layout, side: Side) -> str:
        """Where *side*'s card may lie now, in a player's words: :meth:`rule_text` unless
        the rule has a case of its own in this position."""
        return self.rule_text()


class NoPlacement(PlacementRule):
    """Games whose cards all start on the board: nothing is laid."""


class LaidFromHand(PlacementRule):
    """The kinds whose cards come from the hand: a side lays a held card that fits somewhere
    first (basic 52: cards kept in the hand are laid before the pile is touched); otherwise
    the top card of its own stock, or of the shared pile once its stock is empty. A top card
    that fits nowhere is kept in the hand."""

    def moves(self, layout: Layout, side: Side) -> list[Move]:
        held, top = _playable(layout, side)
        # Move(LAY, ...) rather than Move.lay: a lay game lists these every position.
        found = [Move(MoveKind.LAY, None, s, card.notation())
                 for card in dict.fromkeys(held)
                 for s in self.squares(layout, card, side)]
        if found or top is None:
            return sorted(found, key=move_order)
        squares = self.squares(layout, top, side)
        if not squares:
            return [Move.keep(top.notation())]
        name = top.notation()
        return sorted((Move(MoveKind.LAY, None, s, name) for s in squares),
                      key=move_order)


class FreeSquares(LaidFromHand):
    """Any free square (initial 7, 12, word 25)."""

    @classmethod
    def variant(cls, game: Game) -> type[PlacementRule]:
        movement = game.movement
        if movement.lay_on_letters:
            return FreeOrWord
        if game.words.forbid_own_words:
            return FreeNoOwnWord
        if movement.one_row:
            return OneRow
        if movement.piles and movement.capture is Capture.BEAT:
            return FreeOrBeaten
        return cls

    def squares(self, layout: Layout, card: Item, side: Side) -> list[SquareName]:
        return _free(layout)


class FreeOrWord(FreeSquares):
    """Word 25's variant: a free square, or an open letter on which the card makes a word
    (read through the square, so the covered letter plays no part)."""

    def squares(self, layout: Layout, card: Item, side: Side) -> list[SquareName]:
        if not isinstance(card, LetterCard) or self.words is None:
            return _free(layout)
        letters = _open_letters(layout)
        spelling = WordSquares(letters, self.words, self.game.words.min_length, layout.size)
        letter = card.letter.upper()
        onto = {s for s in letters if spelling.makes_word(s, letter)}
        return [s for s in geometry(*layout.size).squares
                if s in onto or s not in layout.stacks]

    def rule_text(self) -> str:
        return "only on a free square, or on a letter where it makes a word"


class FreeNoOwnWord(FreeSquares):
    """Word 25's stated rule: a free square, but not one where the letter makes a word of
    its layer's letters alone (seed001: players "can not to have own letters in a line if
    these letters form a word"). A word that holds the opponent's letters is allowed, and
    takes them."""

    def squares(self, layout: Layout, card: Item, side: Side) -> list[SquareName]:
        free = _free(layout)
        if not isinstance(card, LetterCard) or self.words is None:
            return free
        piece = Piece(card, _facing(side))
        return [s for s in free if not _own_word(layout.with_piece(s, piece), s, side,
                                                   self.words, self.game.words.min_length)]

    def rule_text(self) -> str:
        return "only on a free square where it makes no word of its layer's letters alone"


class OneRow(FreeSquares):
    """Initial 8: only on the row of the first card."""

    def squares(self, layout: Layout, card: Item, side: Side) -> list[SquareName]:
        g = geometry(*layout.size)
        rows = {g.xy[s][1] for s in layout}
        if not rows:
            return _free(layout)
        row = min(rows)
        on_row = [s for s in g.squares if g.xy[s][1] == row]
        open_squares = [s for s in on_row if s not in layout.stacks]
        # Cards cover cards only once the row has no free square left.
        return open_squares or on_row

    def rule_text(self) -> str:
        return "only on the row of the first card, on cards only once it is full"


class FreeOrBeaten(FreeSquares):
    """Initial 4: a free square, or an opponent's top card the laid card beats."""

    def squares(self, layout: Layout, card: Item, side: Side) -> list[SquareName]:
        covers = {s for s in layout.stacks if self._beats_top(layout, card, side, s)}
        return [s for s in geometry(*layout.size).squares
                if s in covers or s not in layout.stacks]

    def rule_text(self) -> str:
        return "only on a free square or an opponent's card it beats"


class NextToOwn(LaidFromHand):
    """Initial 3: the first card face down on one's king square, then a free square next (by
    an edge) to one's own card; when there is none (hemmed in), onto a neighbouring opponent
    card the laid card beats. The opponent's face-down card may be covered whenever it lies
    next to one's own card."""

    def squares(self, layout: Layout, card: Item, side: Side) -> list[SquareName]:
        own = [s for s in layout if layout.owner(s) == side]
        if not own:
            return self._first_square(layout, self.board, side)
        near = {n for s in own for n in geometry(*layout.size).edge_neighbours[s]}
        grow = {s for s in near if s not in layout.stacks}
        covers = self._tests_near(layout, side, near)
        if not grow:  # hemmed in
            covers |= {s for s in near if self._beats_top(layout, card, side, s)}
        return [s for s in geometry(*layout.size).squares if s in covers or s in grow]

    @staticmethod
    def _first_square(layout: Layout, board: Board, side: Side) -> list[SquareName]:
        """*side*'s king square, if free: where its first card (its test card) goes."""
        king = _king_square(board, side)
        return [king] if king is not None and king in _free(layout) else []

    @staticmethod
    def _tests_near(layout: Layout, side: Side, near: set[SquareName]) -> set[SquareName]:
        """The opponent's face-down cards among *near*: covering one wins, hemmed in or not."""
        return {s for s in near if (top := layout.top(s)) is not None and not top.face_up
                and top.owner == side.opponent}

    def lays_face_down(self, layout: Layout, side: Side) -> bool:
        # A side's first card lies face down on its king square: its test card.
        return not any(p.owner == side for _, p in layout.pieces())

    def rule_text(self) -> str:
        return ("only on a free square next to one's own card, or (when hemmed in) on a "
                "neighbouring opponent card it beats")

    def rule_now(self, layout: Layout, side: Side) -> str:
        if self.lays_face_down(layout, side):
            return f"{side}'s first card is its test card, laid face down on its king square"
        return self.rule_text()


class IdenticalSquares(LaidFromHand):
    """Basic 52: free squares of the card's colour and value."""

    def squares(self, layout: Layout, card: Item, side: Side) -> list[SquareName]:
        return [s for s in _free(layout) if isinstance(card, Card)
                and fits_identical(card, self.board.square(s))]

    def problems(self, layout: Layout) -> list[Problem]:
        return [(ProblemCode.NOT_IDENTICAL, square,
                 f"{piece} lies on {cell.notation()}; an open card "
                 "lies only on a square of its colour and value")
                for square, piece, card, cell in _open_cards(layout, self.board)
                if not self.waits_on(cell) and not fits_identical(card, cell)]

    def waits_on(self, cell: Square) -> bool:
        """Whether an open card may lie on *cell* off its identical square for now."""
        return False

    @classmethod
    def variant(cls, game: Game) -> type[PlacementRule]:
        return IdenticalInTheOpen if game.movement.shift_to_identical else cls

    def rule_text(self) -> str:
        return "only on a free square of its colour and value"


class IdenticalInTheOpen(IdenticalSquares):
    """Basic 52 in the open: the dealt cards are shifted onto identical squares as well as
    the pile's cards laid there; the player chooses which. A card is kept in the hand only
    when nothing can be shifted."""

    def moves(self, layout: Layout, side: Side) -> list[Move]:
        shifts = _identical_shifts(layout, self.board)
        lays = super().moves(layout, side)
        return sorted(shifts + [m for m in lays if m.kind is MoveKind.LAY or not shifts],
                      key=move_order)

    def waits_on(self, cell: Square) -> bool:
        # A dealt card waits on its dark square to be shifted.
        return cell.shade is Shade.DARK


class ValueRow(PlacementRule):
    """Initial 11: a face-down card is opened; it stays if its square has its value, else it
    goes to a free square of its value row, else off the board."""

    def squares(self, layout: Layout, card: Item, side: Side) -> list[SquareName]:
        return [s for s in _free(layout) if isinstance(card, Card)
                and fits_value_row(card, self.board.square(s))]

    def moves(self, layout: Layout, side: Side) -> list[Move]:
        found = []
        free = [self.board.square(s) for s in _free(layout)]
        for origin, stack in layout.items():
            piece = stack[-1]
            if piece.face_up or not isinstance(piece.card, Card):
                continue
            if fits_value_row(piece.card, self.board.square(origin)):
                found.append(Move(MoveKind.OPEN, origin, origin))
                continue
            row = [s.name for s in free if fits_value_row(piece.card, s)]
            found += [Move(MoveKind.OPEN, origin, s) for s in row] or [
                Move(MoveKind.OPEN, origin, OFF)]
        return sorted(found, key=move_order)

    def problems(self, layout: Layout) -> list[Problem]:
        found = []
        for square, piece, card, cell in _open_cards(layout, self.board):
            if fits_value_row(card, cell):
                continue
            # Crosswise (16x4) the digits number the verticals, not the horizontals.
            row = f"rank {cell.rank + 1}" if self.board.files <= self.board.ranks else \
                f"vertical {square.rstrip('0123456789')}"
            found.append((ProblemCode.OFF_VALUE_ROW, square, f"{piece} lies on {row} of value "
                          f"{cell.value}; an open card stays only on the row of its value"))
        return found


class OpponentHalf(PlacementRule):
    """Initial 10: one's uncovered cards of one's own half go onto a free square or an
    opponent's card of the other half."""

    def squares(self, layout: Layout, card: Item, side: Side) -> list[SquareName]:
        far = _half(side, own=False, ranks=layout.size[1])
        g = geometry(*layout.size)
        return [s for s in g.squares if g.xy[s][1] in far and layout.owner(s) != side]

    def moves(self, layout: Layout, side: Side) -> list[Move]:
        own = _half(side, own=True, ranks=layout.size[1])
        xy = geometry(*layout.size).xy
        found: list[MoveKey] = []
        for origin, stack in layout.items():
            piece = stack[-1]
            if piece.owner != side or xy[origin][1] not in own or not piece.face_up:
                continue
            for target in self.squares(layout, piece.card, side):
                kind = MoveKind.PRESS if target in layout.stacks else MoveKind.MOVE
                found.append((origin, target, kind))
        found.sort()
        return [cached_move(key) for key in found]


_KINDS: dict[Placement, type[PlacementRule]] = {
    Placement.NONE: NoPlacement,
    Placement.FREE: FreeSquares,
    Placement.ADJACENT_OWN: NextToOwn,
    Placement.IDENTICAL: IdenticalSquares,
    Placement.VALUE_ROW: ValueRow,
    Placement.OPPONENT_HALF: OpponentHalf,
}


def placement_of(game: Game, board: Board, words: WordList | None = None) -> PlacementRule:
    """The placement rule of *game* on *board*: its kind, in the variant its switches
    choose (*words*: the word list of a game that lays letters to make words)."""
    return _KINDS[game.movement.placement].variant(game)(game, board, words)


def _facing(side: Side) -> Facing:
    """The way a card laid by *side* points: at the opponent."""
    return Facing.NORTH if side is Side.SOUTH else Facing.SOUTH


def _own_word(layout: Layout, square: SquareName, side: Side, words: WordList,
              min_length: int) -> bool:
    """Whether a word through *square* is made of *side*'s letters alone."""
    return any(all(layout.owner(s) is side for s in word.squares)
               for word in find_words(layout, words, min_length=min_length, through=square))


def _free(layout: Layout) -> list[SquareName]:
    return [s for s in geometry(*layout.size).squares if s not in layout.stacks]


def _half(side: Side, own: bool, ranks: int = 8) -> range:
    half = ranks // 2
    return range(0, half) if (side is Side.SOUTH) == own else range(half, ranks)


def _king_square(board: Board, side: Side) -> SquareName | None:
    xy = geometry(*board.size).xy
    return next((k for k in board.king_squares
                 if xy[k][1] in _half(side, own=True, ranks=board.ranks)), None)


def _playable(layout: Layout, side: Side) -> tuple[tuple[Item, ...], Item | None]:
    """(cards in the hand, the top card of the stock or else of the shared pile)."""
    hand = layout.hands.of(side)
    top = hand.stock[0] if hand.stock else (layout.hands.pile[0] if layout.hands.pile
                                            else None)
    return hand.held, top


def _open_letters(layout: Layout) -> dict[SquareName, str]:
    """The upper-case letter of every face-up letter card on top, by square."""
    return {s: st[-1].card.letter.upper() for s, st in layout.items()
            if st[-1].face_up and isinstance(st[-1].card, LetterCard)}


def _open_cards(layout: Layout, board: Board) -> Iterator[tuple[SquareName, Piece, Card, Square]]:
    """(square, top piece, its card, board square) of every face-up playing card on top."""
    for square, stack in layout.items():
        piece = stack[-1]
        if piece.face_up and isinstance(piece.card, Card):
            yield square, piece, piece.card, board.square(square)


def _identical_shifts(layout: Layout, board: Board) -> list[Move]:
    """Each open card off its identical square, onto each free identical square."""
    free = [board.square(s) for s in _free(layout)]
    found = []
    for origin, stack in layout.items():
        card = stack[-1].card
        if not stack[-1].face_up or not isinstance(card, Card) or \
                fits_identical(card, board.square(origin)):
            continue
        found += [cached_move((origin, s.name, MoveKind.SHIFT)) for s in free
                  if fits_identical(card, s)]
    return found
