"""Card PNGs for print-on-demand uploads (``opencards export-cards``), home or shop."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import WrongKindError
from ..io.templates import Library
from ..model.units import Size
from ..sheets.kit import DEFAULT_ITEMS
from ..sheets.printable import Printable, printable, printable_or_none
from .files import Built, Progress, write_files


@dataclass(frozen=True)
class ExportOptions:
    """What ``opencards export-cards`` is asked for."""

    #: Packs, letter sets and traditional packs; none: those of the default kit.
    items: Sequence[str] = ()
    dpi: int = 300
    #: Bleed on every side, in mm (print shops ask for 1/8 in).
    bleed: float = 3.175
    card: Size | None = None
    #: As print shops that take images want them: sRGB profile, exact pixel sizes, a
    #: traditional pack at its own size.
    shop: bool = False


def export_cards(library: Library, out_dir: Path, options: ExportOptions = ExportOptions(),
                 *, progress: Progress | None = None) -> list[Built]:
    """Writes one PNG per card face and back, with bleed, as
    ``OUT/cards/NAME/NAME-1R-face.png``, all of them or none. *progress* is told after
    each file is written.

    :raises: :exc:`~generator.errors.WrongKindError` for an item that is not a pack or a
        letter set, the errors of :meth:`Library.find`, and a PNG too large.
    """
    settings = library.settings()
    sets = card_sets(library, options.items)
    if options.shop:
        # Here: the shop's colour modules load only for the shop's files.
        from ..sheets.shop import shop_pngs
        files = shop_pngs(sets, settings, dpi=options.dpi, card=options.card,
                          bleed=options.bleed)
    else:
        from ..sheets.export import card_pngs
        files = card_pngs(sets, settings, dpi=options.dpi, bleed=options.bleed,
                          card=options.card)
    return write_files(out_dir, files, progress=progress)


def card_sets(library: Library, items: Sequence[str]) -> list[Printable]:
    """The card sets *items* name, or the packs and letter sets of the default kit.

    :raises: :exc:`~generator.errors.WrongKindError` as :func:`card_set`.
    """
    if items:
        return [card_set(library, name) for name in items]
    # Boards are in the kit but are not cards: print shops take them as PDFs.
    return [item for item in map(printable, map(library.item, DEFAULT_ITEMS))
            if item.backs]


def card_set(library: Library, name: str) -> Printable:
    """A pack, letter set or traditional pack: anything with cards to export.

    :raises: :exc:`~generator.errors.WrongKindError` for anything else, as
        :meth:`Library.source` words it.
    """
    found = printable_or_none(library.find(name))
    if found is not None and found.backs:
        return found
    library.source(name)   # names what *name* is instead, and what was expected
    raise WrongKindError(f"{name}: expected a pack, a letter set or a traditional pack")
