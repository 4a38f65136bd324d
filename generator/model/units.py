"""Lengths. Templates and the model work in millimetres; only backends convert further."""
from __future__ import annotations

import re
from dataclasses import dataclass

MM_PER_INCH = 25.4
PT_PER_INCH = 72.0
PT_PER_MM = PT_PER_INCH / MM_PER_INCH

_TO_MM = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, "pt": MM_PER_INCH / PT_PER_INCH}
_LENGTH = re.compile(r"^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*(mm|cm|in|pt)\s*$")

#: What a length may look like, for error messages.
LENGTH_FORMS = 'a number of mm or a string like "25mm", "2.5cm", "0.125in", "9pt"'


@dataclass(frozen=True, slots=True)
class Size:
    """A width and a height in mm: a card, a square, a sheet of paper."""

    width: float
    height: float

    def __str__(self) -> str:
        return f"{self.width:g} x {self.height:g} mm"


def parse_length(value: object) -> float:
    """Gets a length in mm from a number (already mm) or a string with a unit.

    >>> parse_length("0.125in"), parse_length(25), parse_length("9pt")
    (3.175, 25.0, 3.175)

    :raises: :exc:`ValueError` if *value* is not a length.
    """
    if isinstance(value, bool):
        raise ValueError(f"not a length: {value!r}")
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        match = _LENGTH.match(value)
        if match:
            return round(float(match.group(1)) * _TO_MM[match.group(2)], 6)
    raise ValueError(f"not a length: {value!r}")


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM


def mm_to_px(mm: float, dpi: float) -> float:
    return mm * dpi / MM_PER_INCH
