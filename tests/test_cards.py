from __future__ import annotations

import pytest

from generator.model.cards import COLOURS, Card, Colour
from generator.model.layout import Facing, Piece


def test_colours_have_their_suit_signs():
    assert [(c.code, c.suit, c.suit_sign) for c in COLOURS] == [
        ("R", "hearts", "\u2665"), ("Y", "diamonds", "\u2666"),
        ("G", "clubs", "\u2663"), ("B", "spades", "\u2660")]


@pytest.mark.parametrize(("text", "colour"), [("R", Colour.RED), ("red", Colour.RED),
                                              ("Blue", Colour.BLUE), ("y", Colour.YELLOW)])
def test_colour_parse(text, colour):
    assert Colour.parse(text) is colour


def test_colour_swap_is_the_board_a_crossing():
    assert {c.code: c.swapped.code for c in COLOURS} == {"R": "B", "B": "R", "Y": "G", "G": "Y"}


@pytest.mark.parametrize(("text", "rank", "value", "colour"), [
    ("3R", 3, 3, Colour.RED), ("30R", 3, 30, Colour.RED), ("100Y", 1, 100, Colour.YELLOW),
    ("80B", 8, 80, Colour.BLUE), ("800G", 8, 800, Colour.GREEN)])
def test_card_notation(text, rank, value, colour):
    card = Card.from_notation(text)
    assert (card.rank, card.value, card.colour) == (rank, value, colour)
    assert card.notation() == text and str(card) == text
    assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize("text", ["", "R", "0R", "9R", "3X", "3r", "1000R", "35R", "R3", 3])
def test_card_notation_rejects(text):
    with pytest.raises(ValueError):
        Card.from_notation(text)


def test_every_card_of_every_pack_round_trips(library):
    for name in library.names("pack"):
        for card in library.pack(name):
            assert Card.from_notation(card.notation()) == card
            for text in (card.notation(), f"({card.notation()})", f"{card.notation()}^",
                         f"({card.notation()})v"):
                assert Piece.from_notation(text).notation() == text


def test_face_down_test_card():
    piece = Piece.from_notation("(10B)v")
    assert piece.card == Card.from_notation("10B")
    assert piece.is_test_card and not piece.face_up
    assert piece.facing is Facing.SOUTH and piece.owner == "north"
    assert Piece.from_notation("1R^").owner == "south"
    assert Piece.from_notation("1R").owner is None


@pytest.mark.parametrize("text", ["(1B", "1B)", "()", "1B^^", "(1X)"])
def test_piece_notation_rejects(text):
    with pytest.raises(ValueError):
        Piece.from_notation(text)
