"""Several small items on one sheet of the kit (``--paper a3``): an A3 sheet holds 77 of
the default cards, so a pack or letter set of 32 leaves most of it blank. In ``kit.pdf``
neighbouring card items (in printing order) whose cards are the same size share sheets
while together they still fit one: both packs on one sheet, both Latin letter sets on
another. Each item's own PDF is unchanged, and so is every kit on A4 or Letter, where an
item already fills its sheets.

Sharing is only for whole kits of the usual sheets: a reprint of some sheets (``--sheets``)
numbers sheets per item, and cut files (``--cut``) are per item, so both keep items apart.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..draw.scene import Group, Page
from ..draw.geometry import Size
from ..errors import ImpositionError
from .cards import oriented_plan
from .fold import pair_size
from .spec import Backs, Paper, SheetSpec

#: The papers on which items share sheets.
SHARED_PAPERS = (Paper.A3,)


@dataclass(frozen=True)
class CardArt:
    """The drawn faces and backs of a pack, letter set or traditional pack."""

    fronts: list[Group]
    backs: list[Group]
    size: Size
    title: str


@dataclass(frozen=True)
class Part:
    """A run of kit pages: one item's, or the sheets several items share."""

    names: tuple[str, ...]
    pages: list[Page]


def shares(spec: SheetSpec, sheets: object = None, cut: object = None) -> bool:
    """Whether a kit built with *spec* puts small items together."""
    return spec.paper in SHARED_PAPERS and sheets is None and cut is None


def _per_sheet(art: CardArt, spec: SheetSpec, count: int) -> int:
    size = pair_size(art.size) if spec.backs is Backs.FOLD else art.size
    return oriented_plan(size, spec, count, targets=spec.backs is not Backs.FOLD).per_sheet


def _fits_one(arts: Sequence[CardArt], spec: SheetSpec) -> bool:
    count = sum(len(a.fronts) for a in arts)
    try:
        return _per_sheet(arts[0], spec, count) >= count
    except ImpositionError:
        return False


def shared_parts(names: Sequence[str], pages: dict[str, list[Page]],
                 art_of: Callable[[str], CardArt | None], spec: SheetSpec,
                 draw: Callable[[CardArt], list[Page]]) -> list[Part]:
    """The kit's runs of pages in *names* order: neighbouring card items that each fill
    less than a sheet and together fit one are drawn by *draw* as one item titled with
    all their titles; every other item keeps its *pages*."""
    groups: list[list[tuple[str, CardArt | None]]] = []
    for name in names:
        art = art_of(name)
        last = groups[-1] if groups else None
        if (art is not None and last and last[-1][1] is not None
                and last[-1][1].size == art.size
                and _fits_one([a for _, a in last if a is not None] + [art], spec)):
            last.append((name, art))
        else:
            groups.append([(name, art)])
    parts = []
    for group in groups:
        arts = [a for _, a in group if a is not None]
        if len(group) == 1 or len(arts) != len(group):
            parts += [Part((name,), pages[name]) for name, _ in group]
            continue
        joined = CardArt([f for a in arts for f in a.fronts], [b for a in arts for b in a.backs],
                     arts[0].size, " + ".join(a.title for a in arts))
        parts.append(Part(tuple(name for name, _ in group), draw(joined)))
    return parts
