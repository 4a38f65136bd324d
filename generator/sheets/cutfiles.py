"""Cut files for cutting machines (``build --cut svg|dxf``): per card sheet, the cut path
of every card (its trim with the card's rounded corners) and the cutter's registration
marks (:mod:`.cutter`), laid as :func:`.cards.card_sheets` lays the cards. The files are
encoded by :mod:`generator.draw.backends.cutfile`.
"""
from __future__ import annotations

import enum
from collections.abc import Mapping

from ..draw.backends.cutfile import FORMATS, CutSheet, encode
from ..draw.geometry import Size
from ..errors import ImpositionError
from ..model.settings import Settings
from .cards import oriented_plan
from .cutter import cutter_polygons
from .printable import Printable
from .spec import Backs, SheetSpec

__all__ = ["FORMATS", "CutFormat", "CutSheet", "cut_files", "cut_sheets"]


class CutFormat(enum.StrEnum):
    """The file a cutting machine's software opens (``--cut``): SVG, or DXF."""

    SVG = "svg"
    DXF = "dxf"


def cut_sheets(card: Size, spec: SheetSpec, count: int, radius: float) -> list[CutSheet]:
    """The cut sheets of *count* cards laid as :func:`.cards.card_sheets` lays them,
    with *radius* mm corners.

    :raises: :exc:`ImpositionError` if the corners do not fit the card.
    """
    if not 0 <= radius <= min(card.width, card.height) / 2:
        raise ImpositionError(f"a {card.width:g} x {card.height:g} mm card cannot have "
                              f"{radius:g} mm corners; expected 0 to half its shorter side")
    sheet = oriented_plan(card, spec, count)
    per = sheet.per_sheet
    marks = tuple(cutter_polygons(sheet.spec))
    return [CutSheet(spec.size, sheet.slots[:min(per, count - start)], radius, marks)
            for start in range(0, count, per)]


def cut_files(items: Mapping[str, Printable], spec: SheetSpec, settings: Settings,
              fmt: CutFormat, *, card: Size | None = None, sheets: frozenset[int] | None = None,
              stems: Mapping[str, str] | None = None) -> list[tuple[str, bytes]]:
    """``NAME-cut-N.FMT`` for every card sheet N of every pack, letter set and traditional
    pack among *items* (by the name each was asked for; boards are not cut by machine),
    encoded, nothing written. *card* overrides the card size as in
    :func:`.kit.item_pages`; *sheets* keeps those sheets; *stems* gives each item's file
    name stem (see :func:`.kit.output_stems`), NAME if absent.

    :raises: :exc:`ImpositionError` for folded backs, whose pairs are cut after folding,
        and for guide lines, which would cross the cutter's marks.
    """
    if not isinstance(fmt, CutFormat):
        raise ImpositionError(f"cut file format: expected one of "
                              f"{', '.join(f'CutFormat.{f.name}' for f in CutFormat)}, "
                              f"got {fmt!r}")
    if spec.backs is Backs.FOLD:
        raise ImpositionError("--cut does not go with --backs fold: a folded pair is cut "
                              "by hand after folding; use duplex, glue, fronts-only or "
                              "backs-only backs")
    files = []
    for name, item in items.items():
        if not item.cards:
            continue   # a board is cut by hand along its glue strips
        size, count = item.size(settings, card), item.cards
        for n, sheet in enumerate(cut_sheets(size, spec, count, settings.corner_radius), 1):
            if sheets is None or n in sheets:
                stem = (stems or {}).get(name, name)
                files.append((f"{stem}-cut-{n}.{fmt}", encode(sheet, fmt.value)))
    return files
