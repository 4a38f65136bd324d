"""Random starts: a seeded shuffle of the game's cards laid out as its set-up says, for the
games whose start is a shuffle (basic 65, initial 6 and 11, basic 52, and the games that lay
cards from stocks). Standard library only.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from ..model.board import Board, Shade
from ..model.hands import Hand, Hands, Item
from ..model.layout import Facing, Layout, Piece, Side
from .games import FaceDown, Game, Placement
from .lines import geometry
from .validation import Source, supply

def _supply(sources: Mapping[str, Source], ref: str, game: Game) -> list[Item]:
    base, _, group = ref.partition(":")
    cards: Counter[Item] = supply(sources[base], group or None, game)
    return sorted(cards.elements(), key=lambda c: c.notation())


def deal(game: Game, board: Board, sources: Mapping[str, Source], pair: tuple[str, ...],
         rng: random.Random, *, face_up: bool = False) -> Layout:
    """A shuffled start of *game* played with *pair* (south's pack first). *face_up* lays
    the board's cards open: the patience form of basic 65 and basic 52.

    :raises: :exc:`ValueError` if the game's start is not a shuffle this function knows.
    """
    players = dict(zip(Side, pair))
    refs = list(pair) if len(pair) > 1 else [pair[0]]
    if game.setup.one_pack:
        # Basic 52; in the open (its patience, whose game lays nothing face down) the
        # board's pack lies face up.
        face_up = face_up or game.setup.face_down is not FaceDown.ALL
        board_pack = _supply(sources, refs[0], game)
        pile = _supply(sources, refs[-1], game)
        rng.shuffle(board_pack)
        rng.shuffle(pile)
        dark = [s.name for s in board.squares if s.shade is Shade.DARK]
        stacks = {sq: (Piece(card, None, face_up),) for sq, card in zip(dark, board_pack)}
        return Layout(board.name, stacks, players, game=game.name,
                      hands=Hands(pile=tuple(pile)))
    squares = geometry(*board.size).squares
    if game.setup.face_down is FaceDown.ALL and game.setup.cards == len(squares):
        cards = [c for ref in refs for c in _supply(sources, ref, game)]
        rng.shuffle(cards)
        stacks = {sq: (Piece(card, None, face_up),) for sq, card in zip(squares, cards)}
        return Layout(board.name, stacks, players, game=game.name, size=board.size)
    if game.movement.placement in (Placement.FREE, Placement.ADJACENT_OWN) and \
            game.setup.cards in (0, 2):
        hands = Hands()
        stacks = {}
        for side, ref in players.items():
            cards = _supply(sources, ref, game)
            rng.shuffle(cards)
            if game.movement.placement is Placement.ADJACENT_OWN:
                # Initial 3: each side's first card lies face down on its king square.
                king = board.king_squares[0 if side is Side.SOUTH else -1]
                facing = Facing.NORTH if side is Side.SOUTH else Facing.SOUTH
                stacks[king] = (Piece(cards.pop(0), facing, False),)
            hands = hands.with_hand(side, Hand(stock=tuple(cards)))
        if game.players > 2 or not game.owners:
            pile = [c for side in Side for c in hands.of(side).stock]
            rng.shuffle(pile)
            hands = Hands(pile=tuple(pile))
        return Layout(board.name, stacks, players, game=game.name, hands=hands)
    raise ValueError(f"{game.name} does not start from a shuffle dealt here; its starts are "
                     "written as layouts")
