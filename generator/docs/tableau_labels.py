"""Where a patience figure's slot labels stand (:func:`generator.docs.tableau.tableau_page`
with *beside*): under each card where the next card below leaves room, else beside it.

A table of upright cards stacked in columns (the Besieged City's reserve) needs a label's
height between every two rows when each label stands under its card; the table is taller
than wide, so those heights decide how large it draws on a page. A label beside its card
costs width instead, which a page has to spare. Distances are in mm at the drawing's
scale; a card's extent is its half width and half height as turned on the table.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from ..patience import Slot

#: A slot's extent: half its card's width and half its height, as turned on the table.
Extents = Mapping[str, tuple[float, float]]

#: A label under its card: its baseline this many label heights below the card, and the
#: room it needs there to the next card below. A label beside its card stands this far
#: (label heights) from it.
UNDER, UNDER_ROOM, BESIDE = 1.05, 1.35, 0.35
#: The least gap between cards (a fraction of a card's height) where the rows and
#: columns close up as far as their labels leave room (``beside``).
TIGHT_GAP = 0.10


@dataclass(frozen=True, slots=True)
class Label:
    """A slot's label as drawn: its text and size, and whether it stands beside the card
    (at its right, centred on its height) rather than under it."""

    text: str
    size: float
    beside: bool = False


@dataclass(frozen=True, slots=True)
class Placing:
    """The rows' and the columns' pitch (mm) of a table whose labels are placed, and the
    slots whose labels stand beside their cards, with each label's width."""

    rise: float
    across: float
    beside: Mapping[str, float]


def _stacked(drawn: tuple[Slot, ...], extents: Extents, slot: Slot,
             across: float) -> Iterator[tuple[float, float]]:
    """For each card below *slot*'s in its column (overlapping it across, columns
    *across* apart): how many rows down it lies and the two cards' half heights."""
    hw, hh = extents[slot.id]
    for other in drawn:
        ow, oh = extents[other.id]
        if other.y > slot.y and abs(other.x - slot.x) * across < hw + ow:
            yield other.y - slot.y, hh + oh


def _in_row(drawn: tuple[Slot, ...], extents: Extents, slot: Slot,
            rise: float) -> Iterator[tuple[float, float]]:
    """For each card right of *slot*'s in its row (overlapping it in height, rows *rise*
    apart): how many columns on it lies and the two cards' half widths."""
    hw, hh = extents[slot.id]
    for other in drawn:
        ow, oh = extents[other.id]
        if other.x > slot.x and abs(other.y - slot.y) * rise < hh + oh:
            yield other.x - slot.x, hw + ow


def place(drawn: tuple[Slot, ...], extents: Extents, texts: Mapping[str, str],
          card_height: float, pitch: float, label_size: float,
          width: Callable[[str], float]) -> Placing:
    """Where the labels *texts* (by slot id; *width* measures one) stand on a table of
    *drawn* slots, *pitch* apart as a table is drawn with every label under its card.

    A role of which some card has no room for its label under it before the next card,
    at that pitch, has all its labels beside its cards (a row of the reserve reads as
    one); the rows then close up as far as the labels left under cards leave room, to
    :data:`TIGHT_GAP`, and the columns open as far as the labels beside cards need."""
    need = UNDER_ROOM * label_size
    crowded = {slot.role for slot in drawn if texts.get(slot.id) and any(
        rows * pitch - halves < need for rows, halves in _stacked(drawn, extents, slot, pitch))}
    beside = {slot.id: width(texts[slot.id]) for slot in drawn
              if slot.role in crowded and texts.get(slot.id)}
    rise = card_height * (1 + TIGHT_GAP)
    for slot in drawn:
        if texts.get(slot.id) and slot.id not in beside:
            for rows, halves in _stacked(drawn, extents, slot, pitch):
                rise = max(rise, (halves + need) / rows)
    across = card_height * (1 + TIGHT_GAP)
    for slot in drawn:
        if slot.id in beside:
            for columns, halves in _in_row(drawn, extents, slot, rise):
                across = max(across, (halves + beside[slot.id] + 2 * BESIDE * label_size)
                             / columns)
    return Placing(rise, across, beside)
