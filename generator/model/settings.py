"""Physical settings that templates may change: card and square sizes, in mm."""
from __future__ import annotations

from dataclasses import dataclass, field

from .units import Size

#: The radius of a card's rounded corners, mm: where a cutting machine cuts them (``build
#: --cut``) and what the art's frames are drawn concentric with. The art was first drawn
#: round it (its band 1.5 mm in with 2.1 mm corners, its panel 2 mm in with 1.6 mm), so
#: the default keeps every card exactly as it was.
CORNER_RADIUS = 3.6


@dataclass(frozen=True, slots=True)
class Settings:
    #: The trimmed card, width x height; 1:2 lets cards lie crosswise over two half-squares.
    card: Size = field(default_factory=lambda: Size(25.0, 50.0))
    #: One board square; the same shape as a card so a card covers it exactly.
    square: Size = field(default_factory=lambda: Size(25.0, 50.0))
    #: The trimmed card's corner radius (see :data:`CORNER_RADIUS`).
    corner_radius: float = CORNER_RADIUS
