"""Every card face and back as a PNG with bleed (``opencards export-cards``), for
print-on-demand uploads and image-only print shops (:mod:`.shop` adds their profile and
sizes). The cards are drawn into one PDF, a page each, and rasterised by PDFium: a PNG
shows exactly what the PDF prints."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..draw.backends import pdf, raster
from ..draw.geometry import Size
from ..io.output import safe_name
from ..errors import WrongKindError
from ..io.templates import Library
from .files import OutFile
from .kit import DEFAULT_ITEMS
from .printable import Printable, printable, printable_or_none


def card_pngs(library: Library, *, items: Sequence[str] = (), dpi: int = 300,
              bleed: float = 3.175, card: Size | None = None,
              icc_profile: bytes | None = None) -> list[OutFile]:
    """One PNG per card face and back, with bleed, sized for print-on-demand uploads:
    ``cards/NAME/NAME-1R-face.png``. *items* are packs, letter sets and traditional
    packs; none means the packs and letter sets of :data:`DEFAULT_ITEMS`. A traditional
    pack keeps its own card size unless *card* is given. *icc_profile* is embedded in
    every PNG.

    :raises: :exc:`~generator.errors.WrongKindError` for an item that is not a pack or a
        letter set, and the errors of :meth:`Library.find`.
    """
    settings = library.settings()
    if card is not None:
        settings = replace(settings, card=card)
    jobs = [(source.stem, stem, page) for source in _card_sets(library, items)
            for stem, page in source.pages(settings, bleed=bleed, card_size=card)]
    for _, _, page in jobs:
        raster.check_pixels(page, dpi, "--dpi, --card-size or --bleed")
    # The cards as one PDF, a page each, turned into pixels page by page: the PNGs show
    # what the PDFs print, and shared art (the backs) is drawn once as a form.
    pages = [page for _, _, page in jobs]
    images = raster.pngs(pdf.render(pages, title="opencards cards"), pages, dpi=dpi,
                         icc_profile=icc_profile)
    return [OutFile(f"cards/{folder}/{safe_name(stem)}.png", data)
            for (folder, stem, _), data in zip(jobs, images)]


def _card_sets(library: Library, items: Sequence[str]) -> list[Printable]:
    """The card sets *items* name, or the packs and letter sets of the default kit."""
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
