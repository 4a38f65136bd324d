"""A contact sheet of every kind of card and both boards, drawn by the tool itself."""
from __future__ import annotations

from collections.abc import Mapping

from ..draw.art.board import board_group, board_size
from ..draw.art.cards import card_back, card_front, letter_back, letter_front
from ..draw.geometry import Transform
from ..draw.scene import Group, Item, Page, Text
from ..draw.style import DEFAULT_STYLE
from ..model.board import Board
from ..model.cards import Card, Pack
from ..model.letters import LetterCard, LetterSet
from ..model.settings import Settings

GAP = 4.0
CAPTION = 3.2
#: The cards shown: (pack, card), then (letter set, letter, colour), then the boards.
PACK_CARDS = (("pack1", "1B"), ("pack1", "8R"), ("pack2", "30Y"), ("simple1", "5G"),
              ("simple2", "2B"))
LETTER_CARDS = (("latin1", "W", "R"), ("latin2", "K", "B"), ("cyrillic", "Ж", "Y"))
BOARDS = ("board-a", "colourless")


def contact_sheet(settings: Settings, packs: Mapping[str, Pack],
                  letter_sets: Mapping[str, LetterSet], boards: Mapping[str, Board]
                  ) -> Page:
    """Faces (top row) over backs (bottom row) for a dagger card of each pack and letter
    set, then board A and the colourless board at a quarter of their size: the templates
    :data:`PACK_CARDS`, :data:`LETTER_CARDS` and :data:`BOARDS` name, by name."""
    size = settings.card
    picks: list[tuple[str, Group, Group]] = []
    for name, notation in PACK_CARDS:
        pack = packs[name]
        card = Card.from_notation(notation)
        picks.append((f"{name} {notation}", card_front(pack, card, size=size),
                      card_back(pack, card, size=size)))
    for name, letter, colour in LETTER_CARDS:
        letters = letter_sets[name]
        letter_card = LetterCard.from_notation(f"{letter}/{colour}")
        picks.append((f"{name} {letter}", letter_front(letters, letter_card, size=size),
                      letter_back(letters, letter_card, size=size)))
    items: list[Item] = []
    step = size.width + GAP
    for i, (caption, face, back) in enumerate(picks):
        x = GAP + i * step
        items.append(Group((face,), Transform.translate(x, GAP)))
        items.append(Group((back,), Transform.translate(x, 2 * GAP + size.height)))
        items.append(Text(x + size.width / 2, 3 * GAP + 2 * size.height + CAPTION, caption,
                          2.6, DEFAULT_STYLE.ink))
    x = GAP + len(picks) * step + GAP
    scale = (2 * size.height + GAP) / board_size(settings.square).height
    for name in BOARDS:
        board = boards[name]
        group = board_group(board, square=settings.square)
        items.append(Group((group,), Transform.translate(x, GAP) @ Transform.scale(scale)))
        width = board_size(settings.square).width * scale
        items.append(Text(x + width / 2, 3 * GAP + 2 * size.height + CAPTION, name, 2.6,
                          DEFAULT_STYLE.ink))
        x += width + GAP
    height = 3 * GAP + 2 * size.height + CAPTION + GAP
    return Page(x, height, tuple(items), background="#ffffff", label="opencards preview")
