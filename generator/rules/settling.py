"""What a move or a laid card sets off where it lands: combinations and words that leave the
board or are turned face down, and lines of five. Standard library only.

The side that made the move is credited with what leaves the board (``Hand.taken``), so
the counting goals can be judged from the position alone. In a game of more than two
players (initial 7) a combination is credited to the seat that owns its orientation
(``Hands.seats``), whoever laid the card.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from ..model.board import SquareName
from ..model.hands import Hand, Item
from ..model.layout import Layout, Piece, Side, Stack
from ..model.seats import Seat
from .combos import combinations
from .games import Crossing, Game, Removal
from .lines import ORIENTATIONS, geometry
from .words import WordList, find_words, reads_from_seat


#: A line a move made, with what the game does to it.
_Made = tuple[Removal, tuple[SquareName, ...]]


def settle(layout: Layout, square: SquareName, game: Game, side: Side | None, *,
           words: WordList | None = None) -> Layout:
    """The position once the lines through *square*, where *side* has just moved or laid a
    card, have done what the game says."""
    if game.combinations.seats:
        return _credit_seats(layout, square, game)
    mover = layout.owner(square) if side is None else side
    lines = _combinations_made(layout, square, game) + _words_made(layout, square, game, words,
                                                                   mover)
    taken, turned = _fates(layout, lines, mover)
    if game.lines.enabled and game.lines.removes and mover is not None:
        taken.update(s for line in own_lines(layout, square, mover, game.lines.length)
                     for s in line)
    if turned:
        layout = _turn_down(layout, turned - taken)
    if not taken:
        return layout
    if game.words.top_letters_only:
        return _take_tops(layout, taken, mover)
    return take_squares(layout, taken, game, mover)


def lines_made(layout: Layout, square: SquareName, game: Game, side: Side | None, *,
               words: WordList | None = None) -> list[tuple[SquareName, ...]]:
    """The squares of every line through *square* that :func:`settle` acts on, once a card
    has landed there (*layout* before the lines have done anything): the combinations and
    words a move or a laid card made, and the lines of five of a game that removes them.
    A figure outlines them on the move that took cards (generator.docs.captured)."""
    if game.combinations.seats:
        rules = game.combinations
        return [c.squares for c in combinations(layout, min_length=rules.min_length,
                                                kinds=rules.kinds,
                                                orientations=rules.orientations,
                                                through=square)]
    mover = layout.owner(square) if side is None else side
    made = [line for _, line in _combinations_made(layout, square, game)
            + _words_made(layout, square, game, words, mover)]
    if game.lines.enabled and game.lines.removes and mover is not None:
        made += own_lines(layout, square, mover, game.lines.length)
    return made


def _credit_seats(layout: Layout, square: SquareName, game: Game) -> Layout:
    """Initial 7: every combination through *square* leaves the board, its cards taken by
    the seat that owns its orientation (seed002, jeu 7: a combination that is not the
    layer's own is « enlevée par le joueur pour qui cette combinaison est la sienne »).
    A card two of them share goes to the lower seat (our reading: the seed does not say)."""
    rules = game.combinations
    owner = {orientation: seat for seat, orientation in
             zip(Seat.all(len(rules.seats)), rules.seats)}
    credit: dict[SquareName, Seat] = {}
    for combo in combinations(layout, min_length=rules.min_length, kinds=rules.kinds,
                              orientations=rules.orientations, through=square):
        seat = owner[combo.orientation]
        for s in combo.squares:
            credit[s] = min(seat, credit.get(s, seat))
    if not credit:
        return layout
    hands = layout.hands
    for seat in sorted(set(credit.values())):
        won = tuple(p.card for s in sorted(credit) if credit[s] == seat
                    for p in layout.stacks[s])
        hands = hands.with_taken_by(seat, hands.taken_by(seat) + won)
    stacks = {s: st for s, st in layout.items() if s not in credit}
    return dataclasses.replace(layout, stacks=stacks, hands=hands)


def _combinations_made(layout: Layout, square: SquareName, game: Game) -> list[_Made]:
    """The combinations through *square* that act at once (not those waiting for a take)."""
    rules = game.combinations
    if not (rules.enabled and rules.removes is not Removal.NONE and rules.compulsory):
        return []
    made = combinations(layout, min_length=rules.min_length, kinds=rules.kinds,
                        orientations=rules.orientations, through=square)
    if rules.crossing is Crossing.ONE:
        # Crossing combinations wait for the mover's choice of one (a take move).
        made = [c for c in made if not any(
            o.orientation != c.orientation and set(o.squares) & set(c.squares)
            for o in made)]
    return [(rules.removes, c.squares) for c in made]


def _words_made(layout: Layout, square: SquareName, game: Game, words: WordList | None,
                mover: Side | None) -> list[_Made]:
    if not game.words.enabled or game.words.removes is Removal.NONE or words is None:
        return []
    found = find_words(layout, words, min_length=game.words.min_length, through=square)
    if game.words.reading == "seated" and mover is not None:
        found = [w for w in found if reads_from_seat(w, mover, layout.size)]
    return [(game.words.removes, w.squares) for w in found]


def _fates(layout: Layout, lines: list[_Made], mover: Side | None
           ) -> tuple[set[SquareName], set[SquareName]]:
    """(squares whose piles leave the board, squares whose top card is turned down)."""
    taken: set[SquareName] = set()
    turned: set[SquareName] = set()
    for removal, line in lines:
        owners = {layout.owner(s) for s in line}
        if removal is Removal.ALL:
            taken.update(line)
        elif removal is Removal.TURN:
            # Only a line of the mover's own cards is turned (initial 12).
            if owners == {mover} and mover is not None:
                turned.update(line)
        elif len(owners) > 1 and mover is not None:
            # Lines of one side's cards alone take nothing (seed000 game 18).
            taken.update(s for s in line if layout.owner(s) != mover)
    return taken, turned


def own_lines(layout: Layout, square: SquareName, side: Side, length: int
              ) -> Iterable[tuple[SquareName, ...]]:
    """Unbroken runs of *length* or more top pieces of *side* through *square*, whatever
    they show (initial 4, word 25)."""
    line_through = geometry(*layout.size).line_through
    for orientation in ORIENTATIONS:
        line = line_through[(square, orientation)]
        i = line.index(square)
        start, end = i, i + 1
        while start > 0 and layout.owner(line[start - 1]) == side:
            start -= 1
        while end < len(line) and layout.owner(line[end]) == side:
            end += 1
        if layout.owner(square) == side and end - start >= length:
            yield line[start:end]


def _turn_down(layout: Layout, squares: set[SquareName]) -> Layout:
    stacks: dict[SquareName, Stack] = dict(layout.stacks)
    for square in squares:
        top = stacks[square][-1]
        stacks[square] = stacks[square][:-1] + (dataclasses.replace(top, face_up=False),)
    return dataclasses.replace(layout, stacks=stacks)


def _take_tops(layout: Layout, squares: set[SquareName], mover: Side | None) -> Layout:
    """Takes the top letter off each of *squares*, the letters under it staying (word 25's
    variant, "to remove from the game board only top letters of piles"), and credits
    *mover*."""
    stacks = dict(layout.stacks)
    for square in squares:
        stacks[square] = stacks[square][:-1]
        if not stacks[square]:
            del stacks[square]
    after = dataclasses.replace(layout, stacks=stacks)
    if mover is None:
        return after
    hand = layout.hands.of(mover)
    won = tuple(layout.stacks[s][-1].card for s in sorted(squares))
    hand = Hand(hand.held, hand.stock, hand.taken + won)
    return dataclasses.replace(after, hands=layout.hands.with_hand(mover, hand))


def take_squares(layout: Layout, squares: set[SquareName], game: Game, mover: Side | None
                 ) -> Layout:
    """Clears *squares* (whole piles) and credits *mover*."""
    stacks = {s: st for s, st in layout.items() if s not in squares}
    after = dataclasses.replace(layout, stacks=stacks)
    if mover is None:
        return after
    removed: list[Piece] = [p for s in sorted(squares) for p in layout.stacks[s]]
    own_back = game.combinations.own_to_stock
    back: tuple[Item, ...] = tuple(p.card for p in removed if own_back and p.owner == mover)
    gone: tuple[Item, ...] = tuple(p.card for p in removed
                                   if not (own_back and p.owner == mover))
    hand = layout.hands.of(mover)
    hand = Hand(hand.held, hand.stock + back, hand.taken + gone)
    return dataclasses.replace(after, hands=layout.hands.with_hand(mover, hand))
