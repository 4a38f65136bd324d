"""Word puzzle 5's turning: when a move makes a word, the mover may turn round (by 180
degrees, where they lie) any letters of it. Standard library only.

The turn is the second half of the move and may be left out: the engine offers every
choice of letters as one follow-up move of the same side, written ``c4~d5~`` (each turned
square followed by ``~``), and ``pass`` declines it. In the puzzle any letter of the word
may be turned; in its two-player form (letters belong to the side their arrows say) only
the opponent's, which thereby become the mover's (seed001, word puzzle 5).
"""
from __future__ import annotations

import dataclasses
from itertools import combinations

from ..model.board import SquareName
from ..model.layout import Facing, Layout, Side, Stack
from ..model.letters import LetterCard
from .games import Game
from .move import Move, MoveKind
from .words import WordList, find_words

#: The most letters a turn chooses from; words crossing at the moved letter rarely hold
#: more, and the choices double with each letter.
MOST = 10


def may_turn(game: Game, last: Move | None) -> bool:
    """Whether *last*, a letter just moved, may be followed by a turn in *game*."""
    return game.words.turn_letters and last is not None and last.kind is MoveKind.MOVE


def turn_choices(layout: Layout, game: Game, side: Side, moved_to: SquareName,
               words: WordList | None) -> list[Move]:
    """Every choice of letters *side* may turn after moving a letter to *moved_to*: any
    non-empty set of the letters in the words through that square (the opponent's only,
    when letters belong to the sides)."""
    if not game.words.turn_letters or words is None or moved_to not in layout.stacks:
        return []
    found = sorted({s for word in find_words(layout, words, min_length=game.words.min_length,
                                             through=moved_to) for s in word.squares})
    squares = [s for s in found if _turnable(layout, s, side, game)][:MOST]
    return [Move(MoveKind.TURN, chosen[0], chosen[0], path=chosen)
            for n in range(1, len(squares) + 1) for chosen in combinations(squares, n)]


def _turnable(layout: Layout, square: SquareName, side: Side, game: Game) -> bool:
    top = layout.top(square)
    if top is None or top.facing is None or not isinstance(top.card, LetterCard):
        return False
    return not game.owners or top.owner == side.opponent


def play_turn(layout: Layout, squares: tuple[SquareName, ...]) -> Layout:
    """The position with the top letters on *squares* turned round."""
    stacks: dict[SquareName, Stack] = dict(layout.stacks)
    for square in squares:
        top = stacks[square][-1]
        facing = Facing.SOUTH if top.facing is Facing.NORTH else Facing.NORTH
        stacks[square] = stacks[square][:-1] + (dataclasses.replace(top, facing=facing),)
    return dataclasses.replace(layout, stacks=stacks)
