"""beats() and presses() decide without building the reason; they must agree with
explain_beat() and explain_press() on every pair of cards, square and switch."""
from __future__ import annotations

import itertools

from generator.model.cards import Card, Colour
from generator.model.layout import Piece
from generator.model.letters import LetterCard
from generator.rules.beating import beats, explain_beat, explain_press, presses
from generator.rules.games import Beating, EqualValues, Pressing

CARDS = [Card(rank, colour, zeros) for rank in range(1, 9) for colour in Colour
         for zeros in (0, 1)]
PIECES = [Piece(card) for card in CARDS[::3]] + [Piece(Card(1, Colour.BLUE), face_up=False),
                                                  Piece(LetterCard("A", Colour.RED))]
SQUARES = [*Colour, None]


def test_beats_agrees_with_explain_beat_everywhere():
    switches = [Beating(trumps, equal, tests, zeros) for trumps, equal, tests, zeros in
                itertools.product((True, False), EqualValues, (True, False), (True, False))]
    checked = 0
    for rules in switches:
        for a, d in itertools.product(PIECES, repeat=2):
            for on in SQUARES:
                assert beats(a, d, on=on, rules=rules) is explain_beat(
                    a, d, on=on, rules=rules)[0], (a, d, on, rules)
                checked += 1
    assert checked > 20_000


def test_presses_agrees_with_explain_press_everywhere():
    for rules in (Pressing(b, o) for b in (True, False) for o in (True, False)):
        for a, d in itertools.product(PIECES, repeat=2):
            for on in SQUARES:
                assert presses(a, d, on=on, rules=rules) is explain_press(
                    a, d, on=on, rules=rules)[0], (a, d, on, rules)
