"""``--sheets 2,5-6``: reprinting some sheets of each item. A sheet is what a card sheet's
note numbers ("sheet 2 of 3"): its front and back pages in a duplex or glued build, one
page otherwise (fold, a side of a duplex by hand, a board piece)."""
from __future__ import annotations

import re
from collections.abc import Sequence, Set
from typing import TypeVar

from ..errors import ImpositionError
from ..model.limits import SHEET_NUMBER

_Page = TypeVar("_Page")


def parse_sheets(text: str) -> frozenset[int]:
    """The sheet numbers of ``2,5-6`` (1-based, ranges inclusive).

    >>> sorted(parse_sheets("2, 5-6"))
    [2, 5, 6]

    :raises: :exc:`ValueError` naming the part that is not a sheet number or a range.
    """
    chosen: set[int] = set()
    for part in text.split(","):
        part = part.strip()
        match = re.fullmatch(r"([0-9]{1,9})(?:\s*-\s*([0-9]{1,9}))?", part)
        if not match:
            raise ValueError(f"expected sheet numbers and ranges like 2,5-6, got {part!r}")
        first = int(match.group(1))
        last = int(match.group(2) or first)
        if first < 1 or last < first:
            raise ValueError(f"expected sheets from 1 and ranges low-high, got {part!r}")
        # Every number of a range is kept: "1-99999999999" once filled 20 GB.
        if not (SHEET_NUMBER.holds(first) and SHEET_NUMBER.holds(last)):
            raise ValueError(f"expected each {SHEET_NUMBER.expected()}, got {part!r}")
        chosen.update(range(first, last + 1))
    return frozenset(chosen)


def sheet_text(chosen: Set[int]) -> str:
    """*chosen* written back as ranges, for file names: ``2,5-6``."""
    numbers = sorted(chosen)
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ",".join(f"{r[0]}" if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def pick_sheets(pages: Sequence[_Page], pages_per_sheet: int, chosen: Set[int]
                ) -> list[_Page]:
    """The pages of the *chosen* sheets, in order; sheets past the item's last are none."""
    return [page for n, page in enumerate(pages) if n // pages_per_sheet + 1 in chosen]


def check_chosen(chosen: Set[int], sheet_counts: dict[str, int]) -> None:
    """Refuses a selection that no item has a sheet of: it would print nothing.

    :raises: :exc:`ImpositionError` naming the most sheets any item has.
    """
    most = max(sheet_counts.values(), default=0)
    if not any(n <= most for n in chosen):
        raise ImpositionError(
            f"--sheets {sheet_text(chosen)}: no item has such a sheet (the most any of "
            f"{', '.join(sheet_counts)} has is {most})")
