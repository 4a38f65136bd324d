"""Physical settings that templates may change: card and square sizes, in mm."""
from __future__ import annotations

from dataclasses import dataclass, field

from .units import Size


@dataclass(frozen=True, slots=True)
class Settings:
    #: The trimmed card, width x height; 1:2 lets cards lie crosswise over two half-squares.
    card: Size = field(default_factory=lambda: Size(25.0, 50.0))
    #: One board square; the same shape as a card so a card covers it exactly.
    square: Size = field(default_factory=lambda: Size(25.0, 50.0))
