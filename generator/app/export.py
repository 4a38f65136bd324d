"""Card PNGs for print-on-demand uploads (``opencards export-cards``), home or shop."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..io.templates import Library
from ..model.units import Size
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
    if options.shop:
        # Here: the shop's colour modules load only for the shop's files.
        from ..sheets.shop import shop_pngs
        files = shop_pngs(library, items=options.items, dpi=options.dpi, card=options.card,
                          bleed=options.bleed)
    else:
        from ..sheets.export import card_pngs
        files = card_pngs(library, items=options.items, dpi=options.dpi,
                          bleed=options.bleed, card=options.card)
    return write_files(out_dir, files, progress=progress)
