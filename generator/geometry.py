"""Plain geometry in millimetres: the one home of sizes and rectangles."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Size:
    width: float
    height: float

    def __str__(self) -> str:
        return f"{self.width:g} x {self.height:g} mm"
