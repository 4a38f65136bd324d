"""Lengths. Templates and the model work in millimetres; only backends convert further."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

MM_PER_INCH = 25.4
PT_PER_INCH = 72.0
PT_PER_MM = PT_PER_INCH / MM_PER_INCH

_TO_MM = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, "pt": MM_PER_INCH / PT_PER_INCH}
# ASCII digits only (\d would take the digits of every script) and fullmatch, not $ (which
# also matches before a final newline).
_LENGTH = re.compile(r"\s*([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))\s*(mm|cm|in|pt)\s*", re.ASCII)

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
        raise ValueError("not a length: a boolean")
    if isinstance(value, (int, float)):
        # A huge integer does not fit a float; NaN and the infinities are no length.
        mm = float(value) if not isinstance(value, int) or abs(value) < 10 ** 300 else math.inf
        if math.isfinite(mm):
            return mm
    elif isinstance(value, str) and len(value) < 100:
        match = _LENGTH.fullmatch(value)
        if match:
            mm = round(float(match.group(1)) * _TO_MM[match.group(2)], 6)
            if math.isfinite(mm):
                return mm
    raise ValueError("not a finite length")


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM


def mm_to_px(mm: float, dpi: float) -> float:
    return mm * dpi / MM_PER_INCH
