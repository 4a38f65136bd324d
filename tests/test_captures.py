"""Capture rules: what south's card does when it moves onto an occupied square, per kind of
meeting and switch. South's arrows point north (``^``); ``(1B)v`` is north's face-down test
card."""
from __future__ import annotations

import dataclasses

import pytest

from generator.model.cards import Colour
from generator.model.layout import Facing, Piece
from generator.rules.captures import (BeatCapture, NoCapture, PressCapture, PressOwnCards,
                                      capture_rule)
from generator.rules.games import Beating, Capture, Game, Movement, Pressing
from generator.rules.move import MoveKind

BEAT = Game("beat", "beating", movement=Movement(capture=Capture.BEAT))
PRESS = Game("press", "pressing", movement=Movement(capture=Capture.PRESS))
NONE = Game("none", "no capture", movement=Movement(capture=Capture.NONE))
TESTS_BEAT = dataclasses.replace(BEAT, beating=Beating(test_cards_beat=True))
PRESS_OWN = dataclasses.replace(PRESS, pressing=Pressing(own_cards=True))
NO_COVER = dataclasses.replace(NONE, movement=Movement(capture=Capture.NONE,
                                                       cover_test_cards=False))
SHARED = dataclasses.replace(BEAT, owners=False)
R, B = Colour.RED, Colour.BLUE


@pytest.mark.parametrize(("game", "mover", "other", "on", "expected"), [
    (BEAT, "8R^", "3Rv", None, MoveKind.BEAT),
    (BEAT, "3R^", "8Rv", None, None),
    (BEAT, "2Y^", "8Rv", Colour.YELLOW, MoveKind.BEAT),      # trump on its own colour
    (BEAT, "8R^", "3R^", None, None),                        # one's own card
    (BEAT, "2G^", "(1B)v", None, MoveKind.COVER),            # the winning move
    (BEAT, "(1R)^", "(1B)v", None, None),                    # a test card covers nothing
    (TESTS_BEAT, "(1R)^", "(1B)v", None, MoveKind.COVER),    # ... but in the variant
    (TESTS_BEAT, "(1R)^", "8Bv", None, MoveKind.BEAT),
    (BEAT, "2G^", "(1B)^", None, None),                      # one's own test card
    (SHARED, "8R^", "3R^", None, MoveKind.BEAT),             # no owners: any card is hit
    (PRESS, "1R^", "1Bv", None, MoveKind.PRESS),
    (PRESS, "1R^", "2Yv", R, MoveKind.PRESS),                # on the presser's colour
    (PRESS, "3G^", "4Bv", B, None),
    (PRESS, "1R^", "1B^", None, None),                       # one's own card
    (PRESS_OWN, "1R^", "1B^", None, MoveKind.PRESS),         # ... but in the variant
    (PRESS, "1R^", "(1B)v", None, MoveKind.COVER),
    (NONE, "8R^", "3Rv", None, None),
    (NONE, "2G^", "(1B)v", None, MoveKind.COVER),
    (NO_COVER, "2G^", "(1B)v", None, None),
], ids=["beat-higher", "lower-does-not-beat", "trump", "own-card", "cover-test-card",
        "test-card-covers-nothing", "variant-test-card-covers", "variant-test-card-beats",
        "own-test-card", "shared-pieces", "press-value", "press-on-square", "no-press",
        "press-own-card", "variant-press-own-card", "press-game-covers", "no-capture",
        "no-capture-still-covers", "cover-switched-off"])
def test_what_a_move_onto_an_occupied_square_is(game, mover, other, on, expected):
    piece, target = Piece.from_notation(mover), Piece.from_notation(other)
    assert capture_rule(game).onto(piece, target, Facing.NORTH, on) is expected


@pytest.mark.parametrize(("game", "kind"), [
    (BEAT, BeatCapture), (PRESS, PressCapture), (PRESS_OWN, PressOwnCards),
    (NONE, NoCapture)])
def test_each_game_plays_one_rule_object(game, kind):
    rule = capture_rule(game)
    assert type(rule) is kind and rule.game is game


@pytest.mark.parametrize(("game", "mover", "other", "on", "expected"), [
    (BEAT, "3R^", "8Rv", Colour.GREEN,
     "3R^ does not beat 8Rv on e5: same colour, but 3 is not higher than 8"),
    (BEAT, "8R^", "3Rv", None, None),
    (BEAT, "3R^", "(1B)v", None, None),   # a test card is not refused for its value
    (PRESS, "3G^", "4Bv", B,
     "3G^ cannot press 4Bv on e5: neither colour nor value match, and the square is not "
     "green"),
    (NONE, "3R^", "8Rv", None, None),
])
def test_why_a_capture_is_refused(game, mover, other, on, expected):
    piece, target = Piece.from_notation(mover), Piece.from_notation(other)
    assert capture_rule(game).refusal(piece, target, "e5", on) == expected


def test_doctests():
    import doctest

    from generator.rules import captures
    assert doctest.testmod(captures).failed == 0
