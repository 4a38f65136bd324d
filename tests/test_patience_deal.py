"""The three patiences' tableaux and deals: slots as data, seeded deals, card conservation."""
from __future__ import annotations

from collections import Counter

import pytest

from generator.patience import PATIENCES, Role, patience
from generator.patience import cards as C

NAMES = sorted(PATIENCES)


@pytest.mark.parametrize("name", NAMES)
def test_every_card_of_the_packs_is_dealt_once_per_pack_for_100_seeds(name):
    game = patience(name)
    for seed in range(100):
        state = game.deal(seed)
        assert game.conservation(state) == [], seed
        counts = game.role_counts(state)
        for role, expected in game.dealt.items():
            assert counts.get(role, 0) == expected, (seed, role)
        assert sum(counts.values()) == 52 * game.packs


def test_empress_deal_counts_match_the_notes():
    # 25 in the centrepiece + 7 discarded + 48 in Army and Navy + 128 in talons and stock.
    game = patience("empress-of-india")
    for seed in range(100):
        counts = game.role_counts(game.deal(seed))
        assert counts[Role.DECORATION] + counts[Role.FOUNDATION] == 25
        assert counts[Role.DISCARD] == 7
        assert counts[Role.ARMY] + counts[Role.NAVY] == 48
        assert counts.get(Role.TALON, 0) + counts[Role.STOCK] == 128


def test_conservation_names_a_missing_and_a_doubled_card():
    game = patience("besieged-city")
    state = game.deal(0)
    piles = list(state.piles)
    stock = game.index["stock"]
    lost = piles[stock][0]
    piles[stock] = piles[stock][1:] + (piles[stock][1],)
    problems = game.conservation(type(state)(tuple(piles)))
    assert any(p.startswith(f"{C.name(lost)}: 1 on the table, expected 2") for p in problems)
    assert any("3 on the table, expected 2" in p for p in problems)


@pytest.mark.parametrize("name", NAMES)
def test_a_seed_always_deals_the_same_cards_and_seeds_differ(name):
    game = patience(name)
    assert game.deal(5) == game.deal(5)
    assert game.deal(5) != game.deal(6)


def test_seed_0_deals_the_pinned_cards():
    # random.Random(seed).shuffle is the same on every machine: a seed names a deal for good.
    game = patience("nivernaise")
    state = game.deal(0)
    assert [game.cards(state, f"LF{r}")[0] for r in range(1, 5)] == \
        list(PINNED_NIVERNAISE_FLANKS)


PINNED_NIVERNAISE_FLANKS = ("QD", "8D", "3S", "7S")


@pytest.mark.parametrize(("name", "role", "count"), [
    ("nivernaise", Role.FLANK, 8), ("nivernaise", Role.FOUNDATION, 8),
    ("nivernaise", Role.LINE, 6),
    ("empress-of-india", Role.FOUNDATION, 16), ("empress-of-india", Role.ARMY, 24),
    ("empress-of-india", Role.NAVY, 24), ("empress-of-india", Role.DECORATION, 9),
    ("empress-of-india", Role.TALON, 2),
    ("besieged-city", Role.RESERVE, 12), ("besieged-city", Role.RAMPART, 14),
    ("besieged-city", Role.FOUNDATION, 4),
])
def test_tableaux_have_the_slots_of_the_plates(name, role, count):
    assert len(patience(name).tableau.with_role(role)) == count


def test_slots_carry_position_rotation_and_label():
    city = patience("besieged-city").tableau
    assert {s.rotation for s in city.with_role(Role.RAMPART)} == {90}
    assert {s.rotation for s in city.with_role(Role.RESERVE)} == {0}
    assert {s.id: s.label for s in city.slots if s.label} == {"W1": "A", "T1": "B",
                                                              "E1": "C", "S1": "D"}
    assert (city.slot("R23").x, city.slot("R23").y) == (3, 2)
    star = patience("empress-of-india").tableau
    assert sorted(s.rotation for s in star.with_role(Role.FOUNDATION)).count(45) == 4
    assert (star.slot("EMP").x, star.slot("EMP").y) == (0.0, 0.0)


@pytest.mark.parametrize("name", NAMES)
def test_no_two_slots_overlap(name):
    # A drawing places each slot at its centre: two centres closer than half a pitch
    # would put one card on another.
    slots = patience(name).tableau.slots
    for i, a in enumerate(slots):
        for b in slots[i + 1:]:
            assert abs(a.x - b.x) >= 0.5 or abs(a.y - b.y) >= 0.5, (a.id, b.id)


def test_empress_set_aside_cards_and_colours():
    game = patience("empress-of-india")
    state = game.deal(11)
    assert game.cards(state, "EMP") == ("QC",)
    assert Counter(game.cards(state, f"G{i}")[0] for i in range(1, 9)) == {"JH": 4, "JD": 4}
    assert Counter(game.cards(state, f"AD{i}")[0] for i in range(1, 9)) == {"AS": 4, "AC": 4}
    assert Counter(game.cards(state, f"GE{i}")[0] for i in range(1, 9)) == {"KH": 4, "KD": 4}
    assert Counter(game.cards(state, "discard")) == {"QS": 4, "QC": 3}
    army = [game.cards(state, f"A{i}")[0] for i in range(1, 25)]
    navy = [game.cards(state, f"N{i}")[0] for i in range(1, 25)]
    assert all(c[-1] in "HD" for c in army) and all(c[-1] in "SC" for c in navy)
    assert all(c[-1] in "HD" for c in game.cards(state, "red"))
    assert all(c[-1] in "SC" for c in game.cards(state, "black"))
    rest = game.cards(state, "stock") + game.cards(state, "red") + game.cards(state, "black")
    assert not {"QS", "QC", "JH", "JD"} & set(rest)


@pytest.mark.parametrize("module", ["__init__", "cards", "engine"])
def test_patience_doctests(module):
    import doctest
    import importlib
    name = "generator.patience" + ("" if module == "__init__" else f".{module}")
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("name", NAMES)
def test_ten_deals_conserve_their_cards_and_have_moves_to_offer(name):
    # How fast this is belongs to bench/tableau.py: tests assert no wall-clock time.
    game = patience(name)
    for seed in range(10):
        state = game.deal(seed)
        assert not game.conservation(state)
        assert game.legal_moves(state)
