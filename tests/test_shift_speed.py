"""The shifting games' fast paths (cards alike worked out once, a quick neighbour test,
answers kept for cards moved from off the target's lines, word runs looked up once) give
exactly the moves the plain rule gives: for every card and free square, the position after
the shift holds a combination or word through that square."""
from __future__ import annotations

import dataclasses
import random

import pytest

from generator.io.layouts import load_layout_file, word_list_for
from generator.model.cards import Card
from generator.model.layout import Side
from generator.rules.combos import combinations
from generator.rules.lines import SQUARES
from generator.rules.moves import Move, MoveKind
from generator.rules.words import find_words
from generator.rules.bound import Rules


def _plain(layout, game, words):
    """The shifts and openings by the rule as written, one position built per try."""
    free = [s for s in SQUARES if s not in layout.stacks]
    if game.movement.shift_onto_cards:
        free += [s for s, st in layout.items() if st[-1].face_up]
    closed = [s for s, st in layout.items() if not st[-1].face_up]
    found = set()
    for origin, stack in layout.items():
        if closed and origin not in closed:
            continue
        piece = dataclasses.replace(stack[-1], face_up=True)
        kind = MoveKind.OPEN if closed else MoveKind.SHIFT
        if closed:
            found.add(Move(kind, origin, origin))
        for target in free:
            if target == origin:
                continue
            stacks = dict(layout.stacks)
            del stacks[origin]
            stacks[target] = stacks.get(target, ()) + (piece,)
            after = dataclasses.replace(layout, stacks=stacks)
            rules = game.combinations
            made = isinstance(piece.card, Card) and rules.enabled and combinations(
                after, min_length=rules.min_length, kinds=rules.kinds,
                orientations=rules.orientations, through=target)
            if not made and game.words.enabled and not isinstance(piece.card, Card):
                made = bool(find_words(after, words, min_length=game.words.min_length,
                                       through=target))
            if made:
                found.add(Move(kind, origin, target))
    return found


@pytest.mark.parametrize("name", ["basic-65-start", "word-12-start"])
def test_fast_shifts_are_the_plain_rule(library, name):
    position = load_layout_file(library, name)
    game, board = position.game, position.board
    words = word_list_for(position.sources, None) if game.words.enabled else None
    rng = random.Random(7)
    layout, checked = position.layout, 0
    for _ in range(40):
        moves = Rules(game, board, words).board_moves(layout, Side.SOUTH)
        assert set(moves) == _plain(layout, game, words)
        checked += len(moves)
        if not moves:
            break
        layout = Rules(game, board, words).play(layout, rng.choice(moves), Side.SOUTH)
    assert checked > 40


def test_fast_shifts_in_the_open(library):
    # Basic 65's patience in the open: every card face up, some squares free.
    position = load_layout_file(library, "basic-65-start")
    game, board = position.game, position.board
    rng = random.Random(3)
    for _ in range(5):
        stacks = {s: (dataclasses.replace(st[-1], face_up=True),)
                  for s, st in position.layout.items() if rng.random() < 0.6}
        layout = dataclasses.replace(position.layout, stacks=stacks)
        moves = Rules(game, board).board_moves(layout, Side.SOUTH)
        assert moves and set(moves) == _plain(layout, game, None)


def test_a_word_run_is_kept_with_the_place_it_is_asked_for():
    from generator.io.wordlists import SetWordList
    from generator.rules.joining import WordSquares
    words = SetWordList(frozenset({"CAT"}), "test")
    grid = {"b1": "A", "c1": "T", "d1": "X"}
    assert WordSquares(grid, words, 3).makes_word("a1", "C")
    # The same run of letters asked about the X, which no word uses: answers kept from the
    # first question must not leak into the second.
    grid = {"a1": "C", "b1": "A", "c1": "T"}
    assert not WordSquares(grid, words, 3).makes_word("d1", "X")
    assert WordSquares(grid, words, 3).makes_word("d1", "S") is False
    # Moving the T away from c1 breaks the word the C would make on a1's neighbour.
    grid = {"b1": "A", "c1": "T"}
    assert WordSquares(grid, words, 3).makes_word("a1", "C")
    assert not WordSquares(grid, words, 3).makes_word("a1", "C", origin="c1")


@pytest.mark.parametrize("switches", [
    {"min_length": 4},
    {"kinds": ("sequence",)},
    {"kinds": ("colour", "value"), "orientations": ("vertical", "horizontal")},
])
def test_fast_shifts_under_other_combination_rules(library, switches):
    # What a square accepts is worked out per colour and value: held to the plain rule
    # under longer lines, one kind only and fewer orientations, on open boards with gaps.
    position = load_layout_file(library, "basic-65-start")
    game = dataclasses.replace(position.game, combinations=dataclasses.replace(
        position.game.combinations, **switches))
    rng = random.Random(11)
    checked = 0
    for _ in range(6):
        stacks = {s: (dataclasses.replace(st[-1], face_up=True),)
                  for s, st in position.layout.items() if rng.random() < 0.7}
        layout = dataclasses.replace(position.layout, stacks=stacks)
        moves = Rules(game, position.board).board_moves(layout, Side.SOUTH)
        assert set(moves) == _plain(layout, game, None)
        checked += len(moves)
    assert checked > 20


@pytest.mark.parametrize("name", ["initial-6-start", "word-12-stuck-start",
                                  "basic-65-stacking-start"])
def test_fast_shifts_through_a_game(library, name):
    # Later in a game than the first 40 plies of the tests above: every 10th ply of one
    # random game, openings and shifts alike.
    position = load_layout_file(library, name)
    game, board = position.game, position.board
    words = word_list_for(position.sources, None) if game.words.enabled else None
    rng = random.Random(5)
    layout, checked = position.layout, 0
    for ply in range(200):
        moves = Rules(game, board, words).board_moves(layout, Side.SOUTH)
        if ply % 10 == 0:
            assert set(moves) == _plain(layout, game, words)
            checked += len(moves)
        if not moves:
            break
        layout = Rules(game, board, words).play(layout, rng.choice(moves), Side.SOUTH)
    assert checked > 10


def test_fast_shifts_onto_cards_in_the_open(library):
    # basic-65-stacking in the open: shifts onto open cards as well as free squares.
    position = load_layout_file(library, "basic-65-start")
    game = library.game("basic-65-stacking")
    rng = random.Random(4)
    onto = 0
    for _ in range(5):
        stacks = {s: (dataclasses.replace(st[-1], face_up=True),)
                  for s, st in position.layout.items() if rng.random() < 0.6}
        layout = dataclasses.replace(position.layout, stacks=stacks)
        moves = Rules(game, position.board).board_moves(layout, Side.SOUTH)
        assert moves and set(moves) == _plain(layout, game, None)
        onto += sum(1 for m in moves if m.target in layout.stacks)
    assert onto > 5
