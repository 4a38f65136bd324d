"""Random starts: a seeded shuffle of the game's cards laid out as its set-up says, for every
game whose start is a shuffle. Standard library only.

The set-ups dealt here, each read from the game file:

* one pack face down on the dark squares, the other in the shared pile (basic 52);
* every square filled face down from both packs shuffled together (basic 65, initial 6, 11);
* an empty board and a shuffled stock a side, or one shared pile (the games that lay cards:
  initial 3, 4, 7, 8, 12, word 25; initial 3 lays its test cards first from the stocks);
* each side's pack or group shuffled onto its home ranks, face up, with the test cards the
  set-up names face down (initial 1, 2, 5, 9, 10, basic 48, word 1, 2);
* one or two shared sets shuffled face up onto the squares of the set-up's shade, the letters
  it takes off removed afterwards (word 12, word puzzle 5).

A game whose start is a fixed position is refused, as is any set-up none of these fits. The
fixed starts are those of basic 1, 4 and 18 (and their variants): the source lays them out
in figures, and only the figure says where their named test cards lie, so a game that names
test cards off the king squares is taken as one.

The same seed gives the same deal on every machine: every shuffle is one call of the given
:class:`random.Random` on a list in a fixed order.
"""
from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping, Sequence

from ..model.board import Board, Shade, SquareName
from ..model.hands import Hand, Hands, Item
from ..model.layout import Facing, Layout, Piece, Side, Stack
from ..model.letters import LetterCard
from .games import Arrows, FaceDown, Game, Placement
from .lines import geometry
from .validation import Source, king_square, supply

_ARROW = {Side.SOUTH: Facing.NORTH, Side.NORTH: Facing.SOUTH}


def _supply(sources: Mapping[str, Source], ref: str, game: Game) -> list[Item]:
    base, _, group = ref.partition(":")
    cards: Counter[Item] = supply(sources[base], group or None, game)
    return sorted(cards.elements(), key=lambda c: c.notation())


def deal(game: Game, board: Board, sources: Mapping[str, Source], pair: tuple[str, ...],
         rng: random.Random, *, face_up: bool = False) -> Layout:
    """A shuffled start of *game* played with *pair* (south's pack first). *face_up* lays
    the board's cards open: the patience form of basic 65 and basic 52.

    :raises: :exc:`ValueError` if the game's start is fixed, or not a shuffle this function
        knows, or the game's material does not fit its set-up, or *face_up* is asked of a
        game with no face-down pack.
    """
    _refuse_fixed(game, face_up)
    setup = game.setup
    players = dict(zip(Side, pair))
    refs = list(pair) if len(pair) > 1 else [pair[0]]
    if setup.one_pack:
        return _one_pack(game, board, sources, players, refs, rng, face_up)
    if setup.face_down is FaceDown.ALL and setup.cards == len(geometry(*board.size).squares):
        return _filled(game, board, sources, players, refs, rng, face_up)
    if game.movement.placement in (Placement.FREE, Placement.ADJACENT_OWN) and \
            setup.cards == 0:
        return _stocks(game, board, sources, players, rng)
    if game.owners and setup.complete and setup.south_rows and setup.north_rows:
        return _home_ranks(game, board, sources, players, rng)
    if (setup.complete and not game.owners) or setup.arrows is Arrows.ALTERNATE_ROWS:
        return _shared(game, board, sources, players, rng)
    raise ValueError(f"{game.name} does not start from a shuffle dealt here; its starts are "
                     "written as layouts")


def _refuse_fixed(game: Game, face_up: bool) -> None:
    """:raises: :exc:`ValueError` if *game* starts from a figure's fixed position, or
    *face_up* is asked of a game with no face-down pack."""
    setup = game.setup
    if setup.test_cards and not setup.tests_on_king_squares:
        raise ValueError(f"{game.name} does not start from a shuffle: its start is the fixed "
                         "position of a figure in its source, which alone says where its "
                         f"test cards ({' '.join(c.notation() for c in setup.test_cards)}) "
                         "lie; write it as a layout")
    if face_up and not (setup.one_pack or setup.face_down is FaceDown.ALL):
        raise ValueError(f"--open: {game.name} lays no pack face down to open; only a game "
                         "whose board starts face down (basic 65, initial 6, 11, basic 52) "
                         "has an open form")


def _one_pack(game: Game, board: Board, sources: Mapping[str, Source],
              players: Mapping[Side, str], refs: Sequence[str], rng: random.Random,
              face_up: bool) -> Layout:
    """Basic 52: one pack on the dark squares, face down unless in the open (its patience,
    whose game lays nothing face down), the other pack in the shared pile."""
    face_up = face_up or game.setup.face_down is not FaceDown.ALL
    board_pack = _supply(sources, refs[0], game)
    pile = _supply(sources, refs[-1], game)
    rng.shuffle(board_pack)
    rng.shuffle(pile)
    dark = [s.name for s in board.squares if s.shade is Shade.DARK]
    stacks = {sq: (Piece(card, None, face_up),) for sq, card in zip(dark, board_pack)}
    return Layout(board.name, stacks, players, game=game.name, hands=Hands(pile=tuple(pile)))


def _filled(game: Game, board: Board, sources: Mapping[str, Source],
            players: Mapping[Side, str], refs: Sequence[str], rng: random.Random,
            face_up: bool) -> Layout:
    """Every square filled face down (face up in the open) from the packs shuffled together
    (basic 65, initial 6, 11)."""
    squares = geometry(*board.size).squares
    cards = [c for ref in refs for c in _supply(sources, ref, game)]
    rng.shuffle(cards)
    stacks = {sq: (Piece(card, None, face_up),) for sq, card in zip(squares, cards)}
    return Layout(board.name, stacks, players, game=game.name, size=board.size)


def _stocks(game: Game, board: Board, sources: Mapping[str, Source],
            players: Mapping[Side, str], rng: random.Random) -> Layout:
    """An empty board and a shuffled stock a side, or one shared pile when the cards
    belong to nobody. (Initial 3's test cards are the first cards laid from the stocks.)"""
    hands = Hands()
    for side, ref in players.items():
        cards = _supply(sources, ref, game)
        rng.shuffle(cards)
        hands = hands.with_hand(side, Hand(stock=tuple(cards)))
    if game.players > 2 or not game.owners:
        pile = [c for side in Side for c in hands.of(side).stock]
        rng.shuffle(pile)
        hands = Hands(pile=tuple(pile))
    return Layout(board.name, {}, players, game=game.name, hands=hands)


def _squares(board: Board, game: Game, ranks: Sequence[int] = ()) -> list[SquareName]:
    """The squares of *ranks* (all ranks if empty) of the set-up's shade, in board order."""
    xy = geometry(*board.size).xy
    shade = game.setup.shade
    return [s.name for s in board.squares
            if (not ranks or xy[s.name][1] + 1 in ranks)
            and (shade is None or s.shade is shade)]


def _home_ranks(game: Game, board: Board, sources: Mapping[str, Source],
                players: Mapping[Side, str], rng: random.Random) -> Layout:
    """Each side's pack or group shuffled face up onto its home ranks, arrows at the
    opponent (initial 1, 2, 5, 9, 10, basic 48, word 1, 2). The test cards lie face down:
    the card the shuffle put on the king square (initial 2, word 2), or the named test card,
    moved there by swapping it with the card the shuffle put there (initial 9)."""
    setup = game.setup
    stacks: dict[SquareName, Stack] = {}
    for side, ref in players.items():
        squares = _squares(board, game, setup.home_rows(side))
        cards = _supply(sources, ref, game)
        if len(cards) != len(squares):
            raise ValueError(f"{game.name}: {side}'s {ref} has {len(cards)} cards for the "
                             f"{len(squares)} squares of ranks "
                             f"{', '.join(map(str, setup.home_rows(side)))}; expected one "
                             "card a square")
        rng.shuffle(cards)
        down: set[int] = set()
        king = king_square(board, side) if setup.tests_on_king_squares else None
        if setup.tests_per_side and king is not None and king in squares:
            at = squares.index(king)
            tests = [i for i, c in enumerate(cards) if c in setup.test_cards]
            if tests and at not in tests:
                cards[at], cards[tests[0]] = cards[tests[0]], cards[at]
            down.add(at)
        for i, (square, card) in enumerate(zip(squares, cards)):
            stacks[square] = (Piece(card, _ARROW[side], i not in down),)
    return Layout(board.name, stacks, players, game=game.name, size=board.size)


def _shared(game: Game, board: Board, sources: Mapping[str, Source],
            players: Mapping[Side, str], rng: random.Random) -> Layout:
    """The game's set or sets (each named once) shuffled face up onto every square of the
    set-up's shade; the letters the game takes off leave the board after the deal, so their
    squares are the free ones (word 12). Arrows alternate from rank to rank where the set-up
    says so (word puzzle 5: north on even ranks, south on odd), else there are none."""
    setup = game.setup
    whole = dataclasses.replace(game, setup=dataclasses.replace(setup, removed_letters=()))
    refs = list(dict.fromkeys(players.values()))
    cards = [c for ref in refs for c in _supply(sources, ref, whole)]
    squares = _squares(board, game)
    if len(cards) != len(squares):
        where = f"{setup.shade} squares" if setup.shade else "squares"
        raise ValueError(f"{game.name}: {' and '.join(refs)} hold {len(cards)} cards for the "
                         f"{len(squares)} {where}; expected one card a square")
    rng.shuffle(cards)
    xy = geometry(*board.size).xy
    stacks: dict[SquareName, Stack] = {}
    for square, card in zip(squares, cards):
        if isinstance(card, LetterCard) and card.letter in setup.removed_letters:
            continue
        facing = None
        if setup.arrows is Arrows.ALTERNATE_ROWS:
            facing = Facing.NORTH if (xy[square][1] + 1) % 2 == 0 else Facing.SOUTH
        stacks[square] = (Piece(card, facing, True),)
    return Layout(board.name, stacks, players, game=game.name, size=board.size)
