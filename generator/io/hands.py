"""The ``[hands]`` table of a layout file: what each side holds off the board.

```toml
[hands.south]
held = "3R 5G"        # in the hand, face up to its owner
stock = "2Y 7B 1R"    # the face-down pile, top card first
taken = "4R 4G 4B"    # taken off the board, scored
[hands.north]
stock = "..."
[hands]
pile = "..."          # a face-down pile both sides draw from (basic 52, initial 7)
[hands.seat2]
taken = "..."         # what seat 2 has taken, in a game of four (initial 7)
```
"""
from __future__ import annotations

from ..model.hands import Hand, Hands, Item, parse_item
from ..model.layout import Side
from ..model.seats import Seat
from .reader import Reader

_PARTS = ("held", "stock", "taken")


def hands_from_toml(reader: Reader) -> Hands:
    """Reads the optional ``[hands]`` table of a layout.

    :raises: :exc:`TemplateError` naming the key and the card at fault.
    """
    if not reader.has("hands"):
        return Hands()
    table = reader.table("hands")
    found: dict[str, Hand] = {}
    for side in Side:
        if table.has(side.value):
            part = table.table(side.value)
            found[side.value] = Hand(**{key: _items(part, key) for key in _PARTS})
            part.finish()
    pile = _items(table, "pile")
    hands = Hands(south=found.get("south", Hand()), north=found.get("north", Hand()),
                  pile=pile)
    for seat in Seat:
        if table.has(seat.key):
            part = table.table(seat.key)
            # A seat holds no hand or stock of its own: initial 7 draws from the pile.
            hands = hands.with_taken_by(seat, _items(part, "taken"))
            part.finish()
    table.finish()
    return hands


def _items(table: Reader, key: str) -> tuple[Item, ...]:
    items = []
    # A long pile may be written as a list of lines; the cards are counted across them.
    for i, token in enumerate(" ".join(table.words(key, [])).split()):
        try:
            items.append(parse_item(token))
        except ValueError:
            raise table.fail(f"{key}[{i}]", "cards like 3R, 30Y or A/R", token) from None
    return tuple(items)
