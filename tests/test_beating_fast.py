"""beats() and presses() make each decision once and return a Ruling, whose truth is the
verdict and whose reason() is the sentence. Both must agree, on every pair of cards, square
and switch, with the verdicts and sentences of the two-function engine they replaced
(explain_beat() and explain_press(), kept below as the oracle, verbatim)."""
from __future__ import annotations

import itertools

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
    if not d_up:
        return True, "a face-down test card is beaten by any card"
    if not a_up:
        if rules.test_cards_beat:
            return True, "in this game a test card beats any card on any square"
        return False, "a face-down test card beats nothing"
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
