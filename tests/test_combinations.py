"""Combinations: the seed examples of what is and is not a combination."""
from __future__ import annotations

import pytest

from generator.model.layout import Layout
from generator.rules import combinations


def _row(cards: str, rank: int = 1) -> Layout:
    tokens = cards.split() + ["."] * (8 - len(cards.split()))
    return Layout.from_rows("board-a", {rank: " ".join(tokens)})


def _found(layout: Layout) -> list[str]:
    return [c.notation() for c in combinations(layout)]


@pytest.mark.parametrize(("cards", "expected"), [
    ("2R 5R 8R", ["a1-c1 colour: 2R 5R 8R"]),
    ("3R 3Y 3B", ["a1-c1 value: 3R 3Y 3B"]),
    ("1Y 2G 3B", ["a1-c1 sequence: 1Y 2G 3B"]),
    ("6B 5G 4Y 3R", ["a1-d1 sequence: 6B 5G 4Y 3R"]),
    ("1R 20Y 3G", ["a1-c1 sequence: 1R 20Y 3G"]),     # zeros ignored: the packs mix
    ("10R 1Y 100G", ["a1-c1 value: 10R 1Y 100G"]),
    ("7R 8Y 1G", []), ("8R 1Y 2G", []),              # no wrap from 8 to 1
    ("3R 4Y 1G", []), ("4G 1B 2R", []),              # nor from 4 to 1 with reduced packs
    ("7R 8Y 7G", []), ("2Y 1G 2B", []), ("3B 4G 3R", []),  # values must only rise or fall
    ("2R 5R", []),                                   # at least three cards
    ("2R 5R . 8R", []),                              # no free square inside
], ids=lambda v: v if isinstance(v, str) else None)
def test_what_makes_a_combination(cards, expected):
    assert _found(_row(cards)) == expected


def test_up_to_eight_cards_and_every_maximal_line():
    assert _found(_row("1R 2R 3R 4R 5R 6R 7R 8R")) == [
        "a1-h1 colour: 1R 2R 3R 4R 5R 6R 7R 8R", "a1-h1 sequence: 1R 2R 3R 4R 5R 6R 7R 8R"]
    # 1-2-3-2-1 holds a rising and a falling sequence that share the 3.
    assert _found(_row("1R 2Y 3G 2B 1R")) == [
        "a1-c1 sequence: 1R 2Y 3G", "c1-e1 sequence: 3G 2B 1R"]


def test_verticals_and_diagonals_count_and_square_colours_do_not():
    vertical = Layout.from_rows("board-a", {1: "4G . . . . . . .", 2: "4Y . . . . . . .",
                                            3: "4B . . . . . . ."})
    assert _found(vertical) == ["a1-a3 value: 4G 4Y 4B"]
    diagonal = Layout.from_rows("board-a", {1: "1B . . . . . . .", 2: ". 2B . . . . . .",
                                            3: ". . 3G . . . . ."})
    assert _found(diagonal) == ["a1-c3 sequence: 1B 2B 3G"]
    anti = Layout.from_rows("board-a", {3: "5Y . . . . . . .", 2: ". 5Y . . . . . .",
                                        1: ". . 5Y . . . . ."})
    assert [(c.orientation, c.kind) for c in combinations(anti)] == [
        ("antidiagonal", "colour"), ("antidiagonal", "value")]


def test_crossing_combinations_share_a_card():
    # seed000 game 65: three units on a vertical and three reds on a horizontal meet at 1R.
    layout = Layout.from_rows("board-a", {1: ". . 1Y . . . . .", 2: "5R 3R 1R . . . . .",
                                          3: ". . 1B . . . . ."})
    found = combinations(layout)
    assert [c.notation() for c in found] == ["c1-c3 value: 1Y 1R 1B", "a2-c2 colour: 5R 3R 1R"]
    assert set(found[0].squares) & set(found[1].squares) == {"c2"}


def test_test_cards_and_letters_never_join_and_piles_count_by_the_top_card():
    assert _found(_row("1R 2R (3R)^ 4R 5R")) == []
    assert _found(_row("1R 2R A/R")) == []
    assert _found(_row("1R 2R 8B+3R")) == ["a1-c1 colour: 1R 2R 3R",
                                            "a1-c1 sequence: 1R 2R 3R"]


def test_through_a_square_and_kind_filters():
    layout = _row("1R 2R 3R . 5B 5G 5Y")
    assert [c.notation() for c in combinations(layout, through="f1")] == [
        "e1-g1 value: 5B 5G 5Y"]
    assert [c.kind for c in combinations(layout, kinds=("colour",))] == ["colour"]
    assert combinations(layout, min_length=4) == []
