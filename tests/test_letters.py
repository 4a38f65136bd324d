from __future__ import annotations

from collections import Counter

import pytest

from generator.model.cards import Colour
from generator.model.letters import (LetterCard, LetterGroup, LetterMarks, LetterSet,
                                     frequency_factor)

VOWELS = set("AEIOUY")
CONSONANTS = set("BCDFGHJKLMNPQRSTVWXZ")


@pytest.mark.parametrize(("name", "colours"), [
    ("latin1", (Colour.RED, Colour.YELLOW)), ("latin2", (Colour.GREEN, Colour.BLUE))])
def test_latin_sets(library, name, colours):
    letters = library.letter_set(name)
    assert len(letters) == 32
    counts = Counter(c.letter for c in letters)
    assert {k for k, n in counts.items() if n == 2} == VOWELS
    assert {k for k, n in counts.items() if n == 1} == CONSONANTS
    assert tuple(g.colour for g in letters.groups) == colours
    assert [len(g.letters) for g in letters.groups] == [16, 16]


@pytest.mark.parametrize("name", ["latin1", "latin2", "cyrillic"])
def test_groups_are_balanced_by_frequency(library, name):
    letters = library.letter_set(name)
    weights = {letters.group_weight(g) for g in letters.groups}
    assert len(weights) == 1
    # Recompute from the recorded table so the check does not trust group_weight alone.
    totals = [sum(frequency_factor(letters.frequencies[x]) for x in g.letters)
              for g in letters.groups]
    assert totals[0] == totals[1] == weights.pop()
    assert letters.frequency_source


def test_cyrillic_set_is_the_alphabet_without_yo(library):
    letters = library.letter_set("cyrillic")
    alphabet = [chr(c) for c in range(ord("А"), ord("Я") + 1)]
    assert len(alphabet) == 32 and "Ё" not in alphabet
    assert sorted(c.letter for c in letters) == alphabet
    assert "Ё" in letters.notes


def test_letter_sets_are_told_apart(library):
    l1, l2 = library.letter_set("latin1"), library.letter_set("latin2")
    assert l1.marks.back_rhombuses and not l2.marks.back_rhombuses
    assert l1.marks.dagger_group is Colour.YELLOW and l2.marks.dagger_group is Colour.BLUE
    assert sum(l1.has_dagger(c) for c in l1) == 16


def test_letter_card_notation(library):
    for name in library.names("letters"):
        for card in library.letter_set(name):
            assert LetterCard.from_notation(card.notation()) == card


def test_frequency_factor():
    assert [frequency_factor(p) for p in (0.04, 0.5, 1.49, 12.702)] == [1, 1, 1, 13]


@pytest.mark.parametrize(("percent", "factor"), [(2.5, 3), (0.5, 1), (4.5, 5), (1.5, 2),
                                                 (3.4999, 3), (6.5, 7)])
def test_frequency_factor_rounds_halves_up_not_to_even(percent, factor):
    assert frequency_factor(percent) == factor


def test_groups_balance_by_factors_rounded_half_up():
    # A and B at 2.5 % weigh 3 each, as much as C at 6 %; rounded to even they would
    # weigh 2 each and the set would no longer balance.
    letters = LetterSet("test", "test", "latin",
                        (LetterGroup(Colour.RED, ("A", "B")), LetterGroup(Colour.YELLOW, ("C",))),
                        {"A": 2.5, "B": 2.5, "C": 6.0}, "test", LetterMarks())
    assert [letters.group_weight(g) for g in letters.groups] == [6, 6]
