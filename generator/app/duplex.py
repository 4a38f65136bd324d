"""A duplex by hand: the backs file must be laid out as the fronts file already in the
folder, or the backs land on the wrong cards. Both record their layout in their notes
(:func:`generator.sheets.cards.layout_record`); a backs build reads the fronts' record
and refuses a mismatch before writing anything."""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..draw.backends.raster import page_text
from ..errors import ImpositionError
from ..sheets.cards import LAYOUT
from ..sheets.files import OutFile

_RECORD = re.compile(re.escape(LAYOUT) + r"([^;]*\d)")


def layout_of(data: bytes) -> str | None:
    """The layout record on the first page of a fronts or backs PDF, or None."""
    for line in page_text(data).splitlines():
        found = _RECORD.search(line)
        if found:
            return found.group(1).strip()
    return None


def matching_fronts(out_dir: Path, files: Iterable[OutFile]) -> Iterator[OutFile]:
    """*files* as they come, each backs file of an item checked against the item's fronts
    file in *out_dir*, if there is one.

    :raises: :exc:`ImpositionError` in one line naming both files and both layouts.
    """
    for file in files:
        fronts = out_dir / file.name.replace("-backs.pdf", "-fronts.pdf")
        if (file.name.endswith("-backs.pdf") and not file.name.startswith("kit-")
                and isinstance(file.data, bytes) and fronts.is_file()):
            theirs = layout_of(fronts.read_bytes())
            ours = layout_of(file.data)
            if theirs != ours:
                raise ImpositionError(f"{file.name}: does not match {fronts}: "
                                      f"{_difference(theirs, ours)}; build the backs with "
                                      "the options the fronts were built with, or both again")
        yield file


def _difference(fronts: str | None, backs: str | None) -> str:
    """What differs between two layout records, fronts' first."""
    if fronts is None:
        return "the fronts record no layout (built by an older opencards)"
    theirs, ours = fronts.split(", "), (backs or "").split(", ")
    pairs = [(a, b) for a, b in zip(theirs, ours) if a != b] or [(fronts, backs or "")]
    return ", ".join(f"fronts {a} but backs {b}" for a, b in pairs)
