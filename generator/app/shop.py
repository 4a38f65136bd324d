"""Files for print shops (``opencards shop``): one card a page, PDF/X-1a in the
printing condition's CMYK. The shop's colour modules (pikepdf, littleCMS) load only here."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import PreflightError
from ..io.templates import Library
from ..sheets.files import OutFile
from ..model.units import Size
from ..sheets.kit import DEFAULT_ITEMS
from ..sheets.spec import Paper
from .files import Built, write_files
from .kit import kit_items

if TYPE_CHECKING:   # pikepdf and PDFium load only for a shop build
    from ..draw.backends.preflight import Finding


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
    #: The total ink the preflight allows (1.0 = 100 %); its default is the preflight's.
    ink_limit: float | None = None
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
    #: The preflight's warnings (its errors stop the build: :exc:`PreflightError`).
    warnings: list[Finding] = field(default_factory=list)
    #: How many of the files the preflight read: the shop files, not the die files.
    preflighted: int = 0


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
    items = kit_items(library, options.items)
    files = shop_files(items, library.settings(), profile, card=options.card,
                       paper=options.paper, progress=progress,
                       overprint_black=options.overprint_black, bleed=options.bleed)
    # The die files are cut paths in a spot colour, not print: the preflight reads the
    # shop files a press prints.
    warnings = preflight_files(files, options.ink_limit)
    preflighted = len(files)
    if options.die:
        files += die_files(items, library.settings(), card=options.card,
                           paper=options.paper, bleed=options.bleed)
    return ShopMade(write_files(out_dir, files), PDFX_VERSION, profile.identifier,
                    profile.description, warnings, preflighted)


def preflight_files(files: Sequence[OutFile], ink_limit: float | None = None
                    ) -> list[Finding]:
    """The preflight of each shop file, the build's last step: its warnings, or
    :exc:`PreflightError` listing every finding if a file has an error (nothing is then
    written: a file a shop's preflight refuses is no shop file)."""
    from ..draw.backends.preflight import INK_LIMIT, errors, preflight
    findings: list[Finding] = []
    for file in files:
        data = file.data if isinstance(file.data, bytes) else file.data.encode()
        findings += preflight(data, file.name,
                              ink_limit=INK_LIMIT if ink_limit is None else ink_limit)
    failed = errors(findings)
    if failed:
        names = sorted({f.file for f in failed})
        raise PreflightError(
            f"{len(failed)} preflight error{'s' if len(failed) != 1 else ''} in "
            f"{', '.join(names)} (first: {failed[0].line()}); no file written", findings)
    return findings


def preflight_file(path: Path, ink_limit: float | None = None) -> list[Finding]:
    """The preflight of the PDF *path* (``opencards preflight FILE``), every finding.

    :raises: :exc:`PreflightError` in one line if the file cannot be read or is no PDF.
    """
    from ..draw.backends.preflight import INK_LIMIT, preflight
    from ..io.reader import display_path
    shown = display_path(path)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise PreflightError(f"{shown}: cannot read the file "
                             f"({e.strerror or type(e).__name__})") from None
    return preflight(data, shown, ink_limit=INK_LIMIT if ink_limit is None else ink_limit)
