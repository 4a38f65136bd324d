"""Beating, pressing and identical squares against the worked examples of the seeds."""
from __future__ import annotations

import pytest

from generator.model.board import Shade, Square
from generator.model.cards import COLOURS, Card, Colour
from generator.rules.games import Beating, EqualValues, Pressing
from generator.model.layout import Piece
from generator.rules import beats, fits_identical, presses

R, Y, G, B = Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE
C = Card.from_notation
BASIC = Beating()                                          # basic game 1
INITIAL = Beating(trumps=False, equal_values=EqualValues.IDENTICAL)  # initial games 1-4


@pytest.mark.parametrize("defender", [f"{v}R" for v in range(1, 8)])
@pytest.mark.parametrize("square", [None, *COLOURS])
def test_8r_beats_any_red_card_on_any_square(defender, square):
    assert beats(C("8R"), C(defender), on=square)


@pytest.mark.parametrize("defender", ["1Y", "7G", "5B", "2Y"])
def test_8r_is_trump_on_a_red_square(defender):
    assert beats(C("8R"), C(defender), on=R)
    assert not beats(C("8R"), C(defender), on=G)


@pytest.mark.parametrize("eight", ["8Y", "8G", "8B", "80R"])
@pytest.mark.parametrize("square", [None, *COLOURS])
def test_eights_beat_each_other_anywhere(eight, square):
    assert beats(C("8R"), C(eight), on=square) and beats(C(eight), C("8R"), on=square)


def test_2y_beats_8r_on_a_yellow_square():
    assert beats(C("2Y"), C("8R"), on=Y)
    ruling = beats(C("2Y"), C("8R"), on=Y)
    assert ruling.reason(C("2Y"), C("8R"), on=Y) == "trump: 2Y moves onto a yellow square"


def test_2y_and_8r_on_green_do_not_beat_each_other():
    assert not beats(C("2Y"), C("8R"), on=G)
    assert not beats(C("8R"), C("2Y"), on=G)


def test_lower_card_of_the_same_colour_never_beats_even_on_its_own_colour():
    assert not beats(C("2R"), C("8R"), on=R)
    assert not beats(C("1G"), C("8G"))


@pytest.mark.parametrize("attacker", ["1R", "2Y", "8B", "10G"])
@pytest.mark.parametrize("square", [None, *COLOURS])
def test_face_down_test_card_is_beaten_by_any_card_and_beats_nothing(attacker, square):
    test_card = Piece.from_notation("(1B)v")
    assert beats(Piece.from_notation(f"{attacker}^"), test_card, on=square)
    assert not beats(test_card, C(attacker), on=square)


def test_variant_test_cards_beat_anything_even_a_test_card():
    rules = Beating(test_cards_beat=True)
    assert beats(Piece.from_notation("(1R)^"), C("8B"), on=G, rules=rules)
    assert beats(Piece.from_notation("(1R)^"), Piece.from_notation("(1B)v"), rules=rules)


def test_zeros_are_ignored_for_seniority():
    assert beats(C("3R"), C("20R")) and not beats(C("20R"), C("30R"), rules=Beating(
        equal_values=EqualValues.NO))
    assert beats(C("30R"), C("2R"))
    assert beats(C("30R"), C("3R"), rules=Beating(zeros_count=True, equal_values=EqualValues.NO))
    assert not beats(C("3R"), C("30R"), rules=Beating(zeros_count=True))


@pytest.mark.parametrize(("three", "values", "identical", "no"), [
    ("30R", True, True, False), ("30Y", True, False, False),
    ("30G", True, False, False), ("30B", True, False, False)])
def test_equal_value_switch_3r_against_the_threes_of_pack_2(three, values, identical, no):
    on = B  # a square where 3R is not trump, so only the equal-value rule can decide
    assert bool(beats(C("3R"), C(three), on=on, rules=BASIC)) is values
    assert bool(beats(C("3R"), C(three), on=on,
                      rules=Beating(equal_values=EqualValues.IDENTICAL))) is identical
    assert bool(beats(C("3R"), C(three), on=on,
                      rules=Beating(equal_values=EqualValues.NO))) is no


def test_initial_version_8r_covers_all_red_and_only_the_other_8r_covers_it():
    for value in range(1, 8):
        assert beats(C("8R"), C(f"{value}R"), rules=INITIAL)
    others = [C(f"{v}{c.code}") for v in range(1, 9) for c in COLOURS if (v, c) != (8, R)]
    assert not any(beats(card, C("8R"), on=R, rules=INITIAL) for card in others)
    assert beats(C("8R"), C("8R"), rules=INITIAL)


def test_no_trumps_without_the_switch_or_on_a_colourless_square():
    assert not beats(C("2Y"), C("8R"), on=Y, rules=Beating(trumps=False))
    assert not beats(C("2Y"), C("8R"), on=None)


@pytest.mark.parametrize(("presser", "target", "square", "expected"), [
    ("1R", "1B", None, True),    # equal values
    ("1R", "3R", None, True),    # same colour; seniority plays no part
    ("1R", "10B", None, True),   # the zero of pack 2 is ignored
    ("1R", "2Y", R, True),       # seed000: 2Y on a red square, 1R presses it there
    ("1R", "2Y", G, False),
    ("2Y", "2R", G, True),       # how 2Y can come to lie on a red square
    ("3G", "4B", B, False),
], ids=["value", "colour", "zero-ignored", "by-square", "no-match", "2y-on-2r", "other-square"])
def test_pressing_game_48(presser, target, square, expected):
    assert bool(presses(C(presser), C(target), on=square)) is expected


def test_pressing_by_square_is_a_switch_and_face_down_cards_never_press():
    assert not presses(C("4R"), C("2Y"), on=R, rules=Pressing(by_square=False))
    assert not presses(Piece.from_notation("(1R)^"), C("1B"))


def test_identical_squares_game_52(library):
    board = library.board("board-a")
    squares = [s for s in board if fits_identical(C("2R"), s)]
    assert sorted(s.name for s in squares) == ["a2", "h2"]
    assert {s.shade for s in squares} == {Shade.DARK, Shade.LIGHT}
    assert [s.name for s in board if fits_identical(C("20R"), s)] == ["a2", "h2"]
    for card in library.pack("pack1"):
        assert len([s for s in board if fits_identical(card, s)]) == 2
    assert not fits_identical(C("2R"), Square(0, 2, R, 3, Shade.DARK))
