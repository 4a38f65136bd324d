"""The shipped packs against the tables of domain.md 1.3 and the defaults of domain.md 6."""
from __future__ import annotations

import pytest

from generator.model.cards import COLOURS, Card, Hatching, Marking

# Copied from domain.md 1.3; pack 2's rows are written there with values 1-8 (x10 printed).
P1_TWO = {"G1": "1R 1G 2Y 2B 3R 3G 4Y 4B 5R 5G 6Y 6B 7R 7G 8Y 8B",
          "G2": "1B 1Y 2G 2R 3B 3Y 4G 4R 5B 5Y 6G 6R 7B 7Y 8G 8R"}
P1_FOUR = {"Q1": "1B 2G 3Y 4R 5B 6G 7Y 8R", "Q2": "1Y 2R 3B 4G 5Y 6R 7B 8G",
           "Q3": "1R 2Y 3G 4B 5R 6Y 7G 8B", "Q4": "1G 2B 3R 4Y 5G 6B 7R 8Y"}
P2_TWO = {"G1": "1R 1Y 2G 2B 3R 3Y 4G 4B 5R 5Y 6G 6B 7R 7Y 8G 8B",
          "G2": "1B 1G 2Y 2R 3B 3G 4Y 4R 5B 5G 6Y 6R 7B 7G 8Y 8R"}


def _cards(text: str, zeros: int = 0) -> set[Card]:
    return {Card(c.rank, c.colour, zeros) for c in map(Card.from_notation, text.split())}


def _split(pack, name):
    return {g.name: set(g.cards) for g in pack.split(name).groups}


def test_pack1_groups_equal_domain_tables(library):
    pack = library.pack("pack1")
    assert _split(pack, "two") == {k: _cards(v) for k, v in P1_TWO.items()}
    assert _split(pack, "four") == {k: _cards(v) for k, v in P1_FOUR.items()}


def test_pack2_groups_equal_domain_table(library):
    pack = library.pack("pack2")
    assert [c.value for c in pack if c.colour is COLOURS[0]] == [10, 20, 30, 40, 50, 60, 70, 80]
    assert _split(pack, "two") == {k: _cards(v, zeros=1) for k, v in P2_TWO.items()}


@pytest.mark.parametrize("name", ["pack1", "pack2"])
def test_two_group_invariants(library, name):
    pack = library.pack(name)
    g1, g2 = (set(g.cards) for g in pack.split("two").groups)
    assert g1 | g2 == set(pack) and not g1 & g2
    for group in (g1, g2):
        assert sorted(c.rank for c in group) == sorted(list(range(1, 9)) * 2)
        assert all(sum(c.colour is col for c in group) == 4 for col in COLOURS)
    # Board A's crossing swaps the two groups, which is what makes the halves equal.
    assert {type(c)(c.rank, c.colour.swapped, c.zeros) for c in g1} == g2


def test_four_groups_refine_the_two(library):
    pack = library.pack("pack1")
    four = _split(pack, "four")
    two = _split(pack, "two")
    assert two["G1"] == four["Q3"] | four["Q4"] and two["G2"] == four["Q1"] | four["Q2"]


def test_daggers_only_on_the_dagger_group(library):
    for name in ("pack1", "pack2"):
        pack = library.pack(name)
        g2 = set(pack.split("two").group("G2").cards)
        for card in pack:
            assert pack.has_dagger(card) == (card in g2)
            assert (Marking.DAGGER in pack.face_marks(card)) == (card in g2)
            assert (Marking.DAGGER in pack.back_marks(card)) == (card in g2)
    for name in ("simple1", "simple2"):
        assert not any(library.pack(name).has_dagger(c) for c in library.pack(name))


def test_markings_tell_the_packs_apart(library):
    p1, p2, s1, s2 = (library.pack(n) for n in ("pack1", "pack2", "simple1", "simple2"))
    assert p1.marks.face_frame and not p2.marks.face_frame
    assert p1.marks.back_circles and not p2.marks.back_circles
    assert p1.marks.back_hatching is not p2.marks.back_hatching
    assert s1.marks.face_circles and s1.marks.back_circles
    assert not s2.marks.face_circles and not s2.marks.back_circles
    assert s1.marks.back_hatching is not s2.marks.back_hatching
    assert all(p.marks.arrow for p in (p1, p2, s1, s2))
    assert Hatching.NONE not in {p.marks.back_hatching for p in (p1, p2, s1, s2)}


def test_simplified_packs(library):
    for name in ("simple1", "simple2"):
        pack = library.pack(name)
        assert len(pack) == 32 and pack.zeros == 0 and pack.splits == ()
        assert pack.version == "initial"
