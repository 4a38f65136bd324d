"""Card and board art, checked on the scene: marks where the pack says, nowhere else."""
from __future__ import annotations

import pytest

from generator.draw.art.board import board_group, square_rect
from generator.draw.art.cards import card_back, card_front, letter_back, letter_front
from generator.draw.art.marks import DAGGER
from generator.draw.geometry import Rect, Size
from generator.draw.scene import Box, Circle, Polygon, Text, walk
from generator.draw.style import DEFAULT_STYLE


def _texts(group):
    return [(item, t) for item, t in walk((group,)) if isinstance(item, Text)]


def _has(group, text):
    return any(item.text == text for item, _ in _texts(group))


@pytest.mark.parametrize("name", ["pack1", "pack2", "simple1", "simple2"])
def test_dagger_only_on_the_dagger_group_face_and_back(library, name):
    pack = library.pack(name)
    for card in pack:
        expected = pack.has_dagger(card)
        assert _has(card_front(pack, card), DAGGER) == expected, card
        assert _has(card_back(pack, card), DAGGER) == expected, card


def _frame_boxes(group):
    """The dark framework: a band drawn in ink (other faces have it in their colour)."""
    return [item for item, _ in walk((group,)) if isinstance(item, Box)
            and item.paint.stroke == DEFAULT_STYLE.ink and item.paint.fill is None]


def test_frame_only_on_the_framed_pack(library):
    for name in ("pack1", "pack2", "simple1", "simple2"):
        pack = library.pack(name)
        for card in pack:
            assert bool(_frame_boxes(card_front(pack, card))) == pack.marks.face_frame


def test_value_at_both_ends_one_turned(library):
    pack = library.pack("pack2")
    for card in pack:
        values = [(item, t) for item, t in _texts(card_front(pack, card))
                  if item.text == str(card.value)]
        assert sorted(item.rotation for item, _ in values) == [0, 180]


def test_back_circles_only_on_pack1_and_deck1(library):
    def dark_discs(group):
        return [i for i, _ in walk((group,)) if isinstance(i, Circle)
                and i.paint.fill == DEFAULT_STYLE.ink]
    for name, expected in (("pack1", 2), ("pack2", 0), ("simple1", 2), ("simple2", 0)):
        pack = library.pack(name)
        assert len(dark_discs(card_back(pack, pack.cards[0]))) == expected
    deck1 = library.pack("simple1")
    assert len(dark_discs(card_front(deck1, deck1.cards[0]))) == 2
    assert not dark_discs(card_front(library.pack("simple2"), deck1.cards[0]))


def test_backs_are_shared_by_look(library):
    pack = library.pack("pack1")
    keys = {card_back(pack, c).key for c in pack}
    assert keys == {"pack1-back", "pack1-back-dagger"}


def test_letter_cards(library):
    letters = library.letter_set("cyrillic")
    for card in letters:
        face = letter_front(letters, card)
        turns = sorted(i.rotation for i, _ in _texts(face) if i.text == card.letter)
        assert turns == [0, 180]
        back = letter_back(letters, card)
        assert _has(back, DAGGER) == letters.has_dagger(card)
        rhombuses = [i for i, _ in walk((back,)) if isinstance(i, Polygon)
                     and len(i.points) == 4 and i.paint.fill == DEFAULT_STYLE.ink]
        assert len(rhombuses) == 2
    latin2 = library.letter_set("latin2")
    back = letter_back(latin2, latin2.cards[0])
    assert not [i for i, _ in walk((back,)) if isinstance(i, Polygon) and len(i.points) == 4]


def test_square_rect_is_the_board_geometry():
    size = Size(25, 50)
    assert square_rect(0, 0, size) == Rect(0, 350, 25, 50)  # a1 at the bottom left
    assert square_rect(7, 7, size) == Rect(175, 0, 25, 50)  # h8 at the top right
    assert square_rect(4, 0, size, (12, 12)) == Rect(112, 362, 25, 50)


def test_board_a_art(library):
    board = library.board("board-a")
    group = board_group(board)
    texts = [i.text for i, _ in _texts(group)]
    for digit in "12345678":
        assert texts.count(digit) == 2  # left and right edges
    for label in ("\u2665R", "\u2666Y", "\u2663G", "\u2660B"):
        assert texts.count(label) == 4  # two on the top edge, two on the bottom
    rings = [i for i, _ in walk((group,)) if isinstance(i, Circle) and i.paint.fill is None]
    assert len(rings) == 4  # e1 and e8, each a white and an ink ring
    fills = {i.paint.fill for i, _ in walk((group,)) if isinstance(i, Box)}
    assert {DEFAULT_STYLE.dark[c] for c in DEFAULT_STYLE.dark} <= fills


def test_colourless_board_art(library):
    group = board_group(library.board("colourless"))
    turned = [i for i, _ in _texts(group) if i.rotation == -90]
    assert [i.text for i in turned] == [str(d) for d in range(1, 9)] * 2
    fills = {i.paint.fill for i, _ in walk((group,)) if isinstance(i, Box)}
    assert DEFAULT_STYLE.board_dark in fills and not set(DEFAULT_STYLE.tint.values()) & fills
