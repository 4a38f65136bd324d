"""The ranges every number a user gives must lie in, whether it comes from the command line,
a template, a settings file or a printer profile. Standard library only.

Each limit is stated once here and read by both paths, so a card 0.001 mm wide is refused
by ``settings.toml`` exactly as by ``--card-size``. Every check also refuses NaN and the
infinities: comparisons with NaN are all false, so a plain ``low <= x <= high`` written
the other way round (``x < low or x > high``) lets it through.
"""
from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limit:
    """A closed range [*low*, *high*] in *unit* ("mm", "degrees", "%" or "" for a factor).

    >>> BLEED.expected()
    'a length from 0 to 20 mm'
    >>> BLEED.holds(2.0), BLEED.holds(float("nan")), BLEED.holds(25.0)
    (True, False, False)
    """

    what: str
    low: float
    high: float
    unit: str = "mm"

    def holds(self, value: float) -> bool:
        return math.isfinite(value) and self.low <= value <= self.high

    def span(self) -> str:
        """The range alone: ``from 0 to 20 mm``."""
        unit = f" {self.unit}" if self.unit else ""
        return f"from {self.low:g} to {self.high:g}{unit}"

    def expected(self) -> str:
        """How an error message states the range: ``a length from 0 to 20 mm``."""
        return f"{self.what} {self.span()}"

    def check(self, value: float) -> float:
        """*value* as a float if it lies in the range.

        :raises: :exc:`ValueError` stating the range (a message for the caller to place).
        """
        if not self.holds(value):
            raise ValueError(self.expected())
        return float(value)


#: A side of a card or a board square: the same for --card-size, settings.toml and a
#: traditional pack's [card]. Below 5 mm nothing legible fits on a face and a sheet would
#: hold hundreds of thousands of cards; above 400 mm no paper we know holds one.
CARD_SIDE = Limit("a length", 5.0, 400.0)
#: A board square: --card-size sets the squares too, so the range is the card's (a board
#: of 400 mm squares is 3.2 m wide: 281 sheets of A4, but a linear build, not a hang).
SQUARE_SIDE = CARD_SIDE
#: Art past the trim; print shops ask for 3 mm, 20 is far beyond any of them.
BLEED = Limit("a length", 0.0, 20.0)
#: Space between neighbouring cards on a sheet.
GAP = Limit("a length", 0.0, 20.0)
#: The glue strip neighbouring board pieces share.
OVERLAP = Limit("a length", 0.0, 20.0)
#: The printer's safe margin, all edges alike (--margin) or each its own (--margins).
MARGIN = Limit("a length", 0.0, 20.0)
EDGE_MARGIN = Limit("a length", 0.0, 30.0)
#: A cutting machine's marks as Silhouette Studio sets them: paper edge to the marks
#: ("Inset"), and the brackets' arms ("Length"), longer than the 5 mm square.
CUTTER_INSET = Limit("a length", 0.0, 30.0)
CUTTER_LENGTH = Limit("a length", 5.0, 30.0)
#: The back correction read off the calibration sheet: a shift, a turn and a stretch.
BACK_OFFSET = Limit("an offset", -20.0, 20.0)
BACK_ROTATE = Limit("an angle", -5.0, 5.0, "degrees")
BACK_SCALE = Limit("a factor", 0.9, 1.1, "")
#: How far a saddle-stitched booklet's innermost pages move toward the fold.
CREEP = Limit("a length", 0.0, 5.0)
#: The width of a figure of a position.
FIGURE_WIDTH = Limit("a length", 20.0, 2000.0)
#: A drawn card's height in a patience tableau.
TABLEAU_CARD_HEIGHT = Limit("a length", 10.0, 120.0)
#: A sheet number of --sheets: far beyond the largest kit (a letter set of 4,700 cards
#: fills under 600 sheets).
SHEET_NUMBER = Limit("a sheet number", 1, 10_000, "")
#: A letter's frequency in its language, in percent of all letters of a text.
FREQUENCY = Limit("a percentage", 0.0, 100.0, "%")
#: The frequencies of a letter set add up to 100 %, give or take the rounding of the
#: published tables (the shipped ones sum to 99.97 and 99.999).
FREQUENCY_SUM = 100.0
FREQUENCY_TOLERANCE = 1.0


def check_frequency_sum(total: float) -> None:
    """:raises: :exc:`ValueError` unless *total* is 100 give or take the tolerance.

    >>> check_frequency_sum(99.97)
    >>> check_frequency_sum(1e9)
    Traceback (most recent call last):
    ...
    ValueError: frequencies adding up to 100 % (within 1 %)
    """
    if not (math.isfinite(total) and abs(total - FREQUENCY_SUM) <= FREQUENCY_TOLERANCE):
        raise ValueError(f"frequencies adding up to {FREQUENCY_SUM:g} % "
                         f"(within {FREQUENCY_TOLERANCE:g} %)")
