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
from ..model.settings import Settings
from .files import OutFile
from .printable import Printable


def card_pngs(card_sets: Sequence[Printable], settings: Settings, *, dpi: int = 300,
              bleed: float = 3.175, card: Size | None = None,
              icc_profile: bytes | None = None) -> list[OutFile]:
    """One PNG per card face and back of *card_sets* (packs, letter sets and traditional
    packs), with bleed, sized for print-on-demand uploads:
    ``cards/NAME/NAME-1R-face.png``. A traditional pack keeps its own card size unless
    *card* is given. *icc_profile* is embedded in every PNG.

    :raises: :exc:`~generator.errors.OutputError` for a PNG too large.
    """
    if card is not None:
        settings = replace(settings, card=card)
    jobs = [(source.stem, stem, page) for source in card_sets
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
