"""A layout written back as a layout file (``opencards rules deal`` prints one)."""
from __future__ import annotations

from ..model.board import size_name
from ..model.hands import Hands, items_notation
from ..model.layout import Layout, Side


def _items_value(items: str) -> str:
    """A TOML value for a list of cards: one string, or lines of 16 for long piles."""
    tokens = items.split()
    if len(tokens) <= 16:
        return f'"{items}"'
    lines = [" ".join(tokens[i:i + 16]) for i in range(0, len(tokens), 16)]
    return "[\n" + "".join(f'    "{line}",\n' for line in lines) + "]"


def layout_to_toml(layout: Layout, comment: str) -> str:
    """The text of a layout file holding *layout*, headed by *comment* (one line)."""
    lines = [f"# {comment}", 'kind = "layout"', f'title = "{layout.title}"',
             f'board = "{layout.board}"']
    if layout.game:
        lines.append(f'game = "{layout.game}"')
    if layout.size != (8, 8):
        lines.append(f'size = "{size_name(*layout.size)}"')
    if layout.players:
        lines += ["", "[players]"] + [f'{side} = "{ref}"' for side, ref in
                                      layout.players.items()]
    rows = layout.rows()
    if rows:
        lines += ["", "[rows]"] + [f'{rank} = "{row}"' for rank, row in rows.items()]
    lines += _hands(layout.hands)
    return "\n".join(lines) + "\n"


def _hands(hands: Hands) -> list[str]:
    found: list[str] = []
    if hands.pile:
        found += ["", "[hands]", f"pile = {_items_value(items_notation(hands.pile))}"]
    for side in Side:
        hand = hands.of(side)
        if hand:
            found += ["", f"[hands.{side}]"] + [
                f"{part} = {_items_value(items_notation(getattr(hand, part)))}"
                for part in ("held", "stock", "taken") if getattr(hand, part)]
    return found
