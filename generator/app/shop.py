"""Files for print shops (``opencards shop``): one card a page, PDF/X-1a in the
printing condition's CMYK. The shop's colour modules (pikepdf, littleCMS) load only here."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..io.templates import Library
from ..model.units import Size
from ..sheets.kit import DEFAULT_ITEMS
from ..sheets.spec import Paper
from .files import Built, write_files


@dataclass(frozen=True)
class ShopOptions:
    """What ``opencards shop`` is asked for."""

    items: Sequence[str] = DEFAULT_ITEMS
    #: The card size as asked, kept as it is (a shop size by name is in inches).
    card: Size | None = None
    #: Letter paper: the shop works in inches, so the bleed is 1/8 in.
    paper: Paper = Paper.A4
    #: The CMYK output profile of the shop's printing condition; none: the bundled one.
    icc: Path | None = None
    overprint_black: bool = False
    #: Also NAME-die.pdf per card item: the cut in the spot colour CutContour.
    die: bool = False
    #: The bleed in mm; none: 3 mm, or 1/8 in on Letter and tabloid or for an inch size.
    bleed: float | None = None


@dataclass(frozen=True)
class ShopMade:
    """The shop files written, and the printing condition they are for."""

    written: list[Built]
    #: The PDF/X version the files claim, and the profile's identifier and description.
    pdfx_version: str
    condition: str
    condition_description: str


def shop_size_name(card: Size) -> str | None:
    """The name of the shop size *card* is (``poker``), or None."""
    from ..sheets.shop import shop_size
    return shop_size(card)[1]


def size_note(card: Size | None) -> str | None:
    """The line that names a shop size (typed in inches or by name), or None."""
    name = None if card is None else shop_size_name(card)
    if card is None or name is None:
        return None
    return (f"card size {card}: the shop's {name} size "
            f"({card.width / 25.4:g} x {card.height / 25.4:g} in)")


def make_shop_files(library: Library, out_dir: Path, options: ShopOptions = ShopOptions(),
                    *, progress: Callable[[str], None] | None = None,
                    note: Callable[[str], None] | None = None) -> ShopMade:
    """Writes ``NAME-shop.pdf`` for each item into *out_dir*, all or none; *progress*
    is told each item's name as its drawing starts, *note* the shop size the card is."""
    from ..draw.backends.colour import default_profile, load_profile
    from ..draw.backends.pdfx import PDFX_VERSION
    from ..sheets.shop import die_files, shop_files
    profile = load_profile(options.icc) if options.icc is not None else default_profile()
    said = size_note(options.card)
    if said is not None and note is not None:
        note(said)
    files = shop_files(library, profile, items=options.items, card=options.card,
                       paper=options.paper, progress=progress,
                       overprint_black=options.overprint_black, bleed=options.bleed)
    if options.die:
        files += die_files(library, items=options.items, card=options.card,
                           paper=options.paper, bleed=options.bleed)
    return ShopMade(write_files(out_dir, files), PDFX_VERSION, profile.identifier,
                    profile.description)
