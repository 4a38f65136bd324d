"""beats() and presses() make each decision once and return a Ruling, whose truth is the
verdict and whose reason() is the sentence. Both must agree, on every pair of cards, square
and switch, with the verdicts and sentences of the two-function engine they replaced
(explain_beat() and explain_press(), kept below as the oracle, verbatim)."""
from __future__ import annotations

import itertools

import pytest

from generator.model.cards import Card, Colour
from generator.model.layout import Piece
from generator.model.letters import LetterCard
from generator.rules.beating import Ruling, beats, presses, seniority
from generator.rules.games import Beating, EqualValues, Pressing

CARDS = [Card(rank, colour, zeros) for rank in range(1, 9) for colour in Colour
         for zeros in (0, 1)]
PIECES = [Piece(card) for card in CARDS[::3]] + [Piece(Card(1, Colour.BLUE), face_up=False),
                                                  Piece(LetterCard("A", Colour.RED))]
SQUARES = [*Colour, None]


def _unwrap(item):
    return (item.card, item.face_up) if isinstance(item, Piece) else (item, True)


def explain_beat(attacker, defender, *, on=None, rules=Beating()):
    a_card, a_up = _unwrap(attacker)
    d_card, d_up = _unwrap(defender)
    if isinstance(a_card, LetterCard) or isinstance(d_card, LetterCard):
        return False, "letter cards do not beat"
    a_name = a_card.notation() if a_up else f"the test card ({a_card.notation()})"
    # One change from the old explain_beat: a face-down test card covers nothing, a
    # face-down one included, unless test cards beat (as the moves always had it).
    if not a_up and not rules.test_cards_beat:
        return False, "a face-down test card beats nothing"
    if not d_up:
        return True, "a face-down test card is beaten by any card"
    if not a_up:
        return True, "in this game a test card beats any card on any square"
    a_rank, d_rank = seniority(a_card, rules), seniority(d_card, rules)
    same_colour = a_card.colour is d_card.colour
    if same_colour and a_rank > d_rank:
        return True, f"same colour, {a_rank} is higher than {d_rank}"
    if a_rank == d_rank:
        if rules.equal_values is EqualValues.BEAT:
            return True, f"equal values ({a_rank}) beat each other on any square"
        if rules.equal_values is EqualValues.IDENTICAL and same_colour:
            return True, "identical cards beat each other on any square"
    if not same_colour and rules.trumps and on is a_card.colour:
        return True, f"trump: {a_name} moves onto a {on} square"
    if same_colour:
        return False, f"same colour, but {a_rank} is not higher than {d_rank}"
    if not rules.trumps:
        return False, "different colours, and this game has no trumps"
    where = f"a {on} square" if on is not None else "a colourless square"
    return False, f"different colours, and {a_name} is not trump on {where}"


def explain_press(presser, target, *, on=None, rules=Pressing()):
    p_card, p_up = _unwrap(presser)
    t_card, t_up = _unwrap(target)
    if not isinstance(p_card, Card) or not isinstance(t_card, Card):
        return False, "only numbered cards press"
    if not p_up or not t_up:
        return False, "face-down cards neither press nor are pressed"
    if p_card.colour is t_card.colour:
        return True, f"same colour ({p_card.colour})"
    if p_card.rank == t_card.rank:
        return True, f"equal values ({p_card.rank})"
    if rules.by_square and on is p_card.colour:
        return True, f"{p_card.notation()} presses anything on a {on} square"
    return False, "neither colour nor value match" + (
        "" if not rules.by_square else f", and the square is not {p_card.colour}")


def test_beats_agrees_with_explain_beat_everywhere():
    switches = [Beating(trumps, equal, tests, zeros) for trumps, equal, tests, zeros in
                itertools.product((True, False), EqualValues, (True, False), (True, False))]
    checked, seen = 0, set()
    for rules in switches:
        for a, d in itertools.product(PIECES, repeat=2):
            for on in SQUARES:
                ruling = beats(a, d, on=on, rules=rules)
                assert (bool(ruling), ruling.reason(a, d, on=on, rules=rules)) == \
                    explain_beat(a, d, on=on, rules=rules), (a, d, on, rules)
                checked += 1
                seen.add(ruling)
    assert checked > 20_000
    assert len(seen) == 11  # every beating ruling is reached


def test_presses_agrees_with_explain_press_everywhere():
    seen = set()
    for rules in (Pressing(b, o) for b in (True, False) for o in (True, False)):
        for a, d in itertools.product(PIECES, repeat=2):
            for on in SQUARES:
                ruling = presses(a, d, on=on, rules=rules)
                assert (bool(ruling), ruling.reason(a, d, on=on, rules=rules)) == \
                    explain_press(a, d, on=on, rules=rules), (a, d, on, rules)
                seen.add(ruling)
    assert len(seen) == 7  # every pressing ruling is reached
    assert len(Ruling) == 18


C, P = Card.from_notation, Piece.from_notation


@pytest.mark.parametrize(("attacker", "defender", "on", "rules", "expected"), [
    (C("8R"), C("3R"), None, Beating(), Ruling.HIGHER),
    (C("3R"), C("8R"), Colour.RED, Beating(), Ruling.NOT_HIGHER),
    (C("2Y"), C("8R"), Colour.YELLOW, Beating(), Ruling.TRUMP),
    (C("2Y"), C("8R"), Colour.GREEN, Beating(), Ruling.NOT_TRUMP),
    (C("2Y"), C("8R"), Colour.YELLOW, Beating(trumps=False), Ruling.NO_TRUMPS),
    (C("8R"), C("8B"), None, Beating(), Ruling.EQUAL_BEATS),
    (C("3R"), C("30R"), None, Beating(equal_values=EqualValues.IDENTICAL),
     Ruling.IDENTICAL_BEATS),
    (C("2G"), P("(1B)v"), None, Beating(), Ruling.TEST_CARD_COVERED),
    (P("(1B)^"), C("2G"), None, Beating(), Ruling.TEST_CARD_BEATS_NOTHING),
    (P("(1B)^"), C("8G"), None, Beating(test_cards_beat=True), Ruling.TEST_CARD_BEATS),
    (P("A/R^"), C("2G"), None, Beating(), Ruling.LETTERS),
], ids=lambda v: v.value if isinstance(v, Ruling) else None)
def test_a_beating_ruling_names_its_rule(attacker, defender, on, rules, expected):
    ruling = beats(attacker, defender, on=on, rules=rules)
    assert ruling is expected and bool(ruling) is expected.verdict


@pytest.mark.parametrize(("presser", "target", "on", "rules", "expected"), [
    (C("1R"), C("3R"), None, Pressing(), Ruling.SAME_COLOUR),
    (C("1R"), C("1B"), None, Pressing(), Ruling.EQUAL_VALUES),
    (C("1R"), C("2Y"), Colour.RED, Pressing(), Ruling.PRESSES_ON_SQUARE),
    (C("1R"), C("2Y"), Colour.GREEN, Pressing(), Ruling.NO_MATCH_OFF_SQUARE),
    (C("1R"), C("2Y"), Colour.RED, Pressing(by_square=False), Ruling.NO_MATCH),
    (P("(1R)^"), C("1B"), None, Pressing(), Ruling.FACE_DOWN),
    (P("A/R^"), C("1B"), None, Pressing(), Ruling.NOT_NUMBERED),
], ids=lambda v: v.value if isinstance(v, Ruling) else None)
def test_a_pressing_ruling_names_its_rule(presser, target, on, rules, expected):
    ruling = presses(presser, target, on=on, rules=rules)
    assert ruling is expected and bool(ruling) is expected.verdict
