"""A patience's table as data: every place a card can lie, where it lies and what it is for.

Positions are the CENTRE of each slot in card pitches: one pitch is the long side of a card
plus the gap between cards, the same in x and y, so an upright and a crossways card both fit
one grid cell. x grows to the right, y downwards. A drawing function multiplies by its own
pitch in mm; the rule engine never looks at positions. Places that the plates leave out
(stock, talons, the discarded queens) get positions at the side so a figure can show them.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property


class Role(enum.Enum):
    """What a slot does in play."""

    FOUNDATION = "foundation"
    FLANK = "flank"
    LINE = "line packet"
    ARMY = "army"
    NAVY = "navy"
    RESERVE = "reserve"
    RAMPART = "rampart"
    TALON = "talon"
    STOCK = "stock"
    DECORATION = "decoration"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Slot:
    """One place on the table.

    *rotation* is 0 (upright), 90 (crossways) or 45 (turned half way, the Empress's outer
    ring); *label* is a printed letter or name such as Cadogan's A-D, or empty.
    """

    id: str
    x: float
    y: float
    rotation: int
    role: Role
    label: str = ""


@dataclass(frozen=True)
class Tableau:
    """The slots of one patience, in dealing order within each role."""

    slots: tuple[Slot, ...]

    def __post_init__(self) -> None:
        ids = [s.id for s in self.slots]
        if len(set(ids)) != len(ids):
            raise ValueError(f"slot ids repeat: {ids}")

    @cached_property
    def ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.slots)

    def slot(self, slot_id: str) -> Slot:
        for s in self.slots:
            if s.id == slot_id:
                return s
        raise KeyError(slot_id)

    def with_role(self, role: Role) -> tuple[Slot, ...]:
        return tuple(s for s in self.slots if s.role is role)
