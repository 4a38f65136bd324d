"""Files for print shops (``opencards build --shop``, ``export-cards --shop``).

A shop cuts its own sheets, so its PDF has one card per page, in the order it asks for:
page 1 the face of card 1, page 2 its back, page 3 the face of card 2, and so on. Each
page is the card (its TrimBox) with the shop's bleed around it (its BleedBox) and room
beyond for crop marks in registration colour, which print on every plate. Colours go
through the printing condition's ICC profile into CMYK, with black text and frames on the
black plate alone, and the file claims PDF/X-1a:2003 (see
:mod:`generator.draw.backends.pdfx`). A board is one page, its face only.

Bleed: 3 mm, or 1/8 in (3.175 mm) where shops measure in inches: on Letter paper, or for a
card whose sides are whole eighths of an inch (2.5 x 3.5 in poker cards). A card size is
kept as given: 63 x 88 mm with 3 mm bleed is what European shops ask for, and a poker card
is asked for in inches (``--card-size 2.5x3.5in``) or by name (``--card-size poker``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ..draw.backends import pdfx
from ..draw.backends.colour import IccProfile, ProfiledInks, srgb_profile_bytes
from ..draw.geometry import Rect, Size, Transform
from ..draw.scene import REGISTRATION, Group, Item, Line, Page, Paint, Text
from ..draw.style import DEFAULT_STYLE
from ..model.settings import Settings
from ..model.units import MM_PER_INCH
from .export import card_pngs
from .files import OutFile
from .kit import SHOP_SIZES, Items, output_stems
from .printable import Printable
from .spec import Paper

#: Bleed in mm: metric shops, and shops that work in inches (1/8 in).
METRIC_BLEED = 3.0
INCH_BLEED = MM_PER_INCH / 8
#: Crop marks: from this far beyond the bleed, this long, this wide (mm). They stay out of
#: the bleed, so a cut a little off never leaves a piece of mark on the card.
MARK_OFFSET = 1.0
MARK_LENGTH = 5.0
MARK_WIDTH = 0.1
#: Room from the bleed's edge to the page's edge: the marks and the page label.
SLUG = MARK_OFFSET + MARK_LENGTH + 3.5
LABEL_SIZE = 2.0

def shop_size(size: Size) -> tuple[Size, str | None]:
    """The shop size *size* is (a card sized in inches, or named: ``poker`` is 2.5 x 3.5
    in, upright or turned), with its name, or *size* and None. Nothing is rounded: 63 x 88
    mm is no poker card."""
    for name, (w, h) in SHOP_SIZES.items():
        for width, height in ((w, h), (h, w)):
            exact = Size(round(width * MM_PER_INCH, 4), round(height * MM_PER_INCH, 4))
            if (abs(exact.width - size.width) <= 1e-3
                    and abs(exact.height - size.height) <= 1e-3):
                return size, name
    return size, None


def in_inches(size: Size) -> bool:
    """Whether both sides are whole eighths of an inch: a card sized the inch way."""
    return all(abs(side / INCH_BLEED - round(side / INCH_BLEED)) < 1e-6
               for side in (size.width, size.height))


def shop_bleed(size: Size, paper: Paper = Paper.A4) -> float:
    """1/8 in on Letter paper or for an inch-sized card, else 3 mm."""
    return INCH_BLEED if paper.imperial or in_inches(size) else METRIC_BLEED


def crop_marks(trim: Rect, bleed: float) -> Group:
    """Two marks at each corner of *trim*, on the lines of its edges, beyond the bleed; in
    registration colour so every plate carries them."""
    start, end = bleed + MARK_OFFSET, bleed + MARK_OFFSET + MARK_LENGTH
    paint = Paint(stroke="#000000", width=MARK_WIDTH)
    lines: list[Item] = []
    for x in (trim.x, trim.right):
        lines += [Line(x, trim.y - end, x, trim.y - start, paint),
                  Line(x, trim.bottom + start, x, trim.bottom + end, paint)]
    for y in (trim.y, trim.bottom):
        lines += [Line(trim.x - end, y, trim.x - start, y, paint),
                  Line(trim.right + start, y, trim.right + end, y, paint)]
    return Group(tuple(lines), role=REGISTRATION)


def shop_page(card: Page, bleed: float, label: str) -> Page:
    """*card* (a page of one card plus *bleed*, as :func:`~.render.card_page` draws it)
    on a page with room for crop marks: TrimBox the card, BleedBox the card and bleed."""
    trim = Rect(SLUG + bleed, SLUG + bleed, card.width - 2 * bleed, card.height - 2 * bleed)
    width, height = card.width + 2 * SLUG, card.height + 2 * SLUG
    # The label names the page for a person checking the order: black, below the marks.
    note = Text(trim.x - bleed, height - 1.0, label, LABEL_SIZE,
                DEFAULT_STYLE.ink, "regular", "start")
    items: tuple[Item, ...] = (Group(card.items, Transform.translate(SLUG, SLUG)),
                               crop_marks(trim, bleed), note)
    return Page(width, height, items, trim=trim, bleed=trim.inset(-bleed), label=label)


def item_shop_pages(item: Printable, settings: Settings, card: Size | None, paper: Paper,
                    bleed: float | None = None) -> list[Page]:
    """The shop pages of one kit item: face, back, face, back... of its cards, or the face
    of a board; with *bleed* mm of bleed, or the shop's usual (see :func:`shop_bleed`).
    *settings* are the library's; *card* overrides their card size."""
    if card is not None:
        settings = replace(settings, card=card, square=card)
    size = item.size(settings, card)
    if bleed is None:
        bleed = shop_bleed(size, paper)
    pages = item.trimmed(settings, bleed=bleed, card_size=size)
    return [shop_page(page, bleed, f"{page.label}, page {n} of {len(pages)}")
            for n, page in enumerate(pages, 1)]


def shop_files(items: Items, settings: Settings, profile: IccProfile, *,
               card: Size | None = None, paper: Paper = Paper.A4,
               progress: Callable[[str], None] | None = None,
               overprint_black: bool = False, bleed: float | None = None) -> list[OutFile]:
    """``NAME-shop.pdf`` for each of *items* (by the name each was asked for), PDF/X-1a
    for the printing condition of *profile*, encoded. *card* is the card size as asked,
    kept as it is."""
    # Two items sharing a file fail before any progress is shown.
    stems = output_stems(items)
    inks = ProfiledInks(profile)
    encoded = []
    for name, item in items.items():
        if progress:
            progress(name)
        pages = item_shop_pages(item, settings, card, paper, bleed)
        encoded.append(OutFile(f"{stems[name]}-shop.pdf",
                               pdfx.render(pages, profile,
                                           title=f"opencards {name} (print shop)",
                                           inks=inks, overprint_black=overprint_black),
                               len(pages)))
    return encoded


def shop_pngs(card_sets: Sequence[Printable], settings: Settings, *, dpi: int = 300,
              card: Size | None = None, bleed: float = INCH_BLEED) -> list[OutFile]:
    """One PNG per card face and back for shops that take images: *bleed* (1/8 in unless
    asked otherwise), sRGB profile embedded, the pixel size exact (2.5 x 3.5 in at 300 dpi:
    825 x 1125 px), a traditional pack at its own size. Rasterised from
    the cards' PDF as ``export-cards`` does, as ``cards/NAME/NAME-1R-face.png``."""
    return card_pngs(card_sets, settings, dpi=dpi, bleed=bleed, card=card,
                     icc_profile=srgb_profile_bytes())


def die_files(items: Items, settings: Settings, *, card: Size | None = None,
              paper: Paper = Paper.A4, bleed: float | None = None) -> list[OutFile]:
    """``NAME-die.pdf`` beside each card item's shop file, for shops that ask for the cut
    as its own file: page for page the shop file's size and boxes, the trim drawn in the
    spot colour ``CutContour`` with the cards' corner radius. Boards get none: they are cut
    straight along the TrimBox."""
    from ..draw.backends.die import DiePage, render_die
    stems = output_stems(items)
    files = []
    for name, item in items.items():
        if not item.cards:
            continue
        pages = [DiePage(page.width, page.height, page.trim, page.bleed,
                         settings.corner_radius)
                 for page in item_shop_pages(item, settings, card, paper, bleed)
                 if page.trim is not None and page.bleed is not None]
        files.append(OutFile(f"{stems[name]}-die.pdf",
                             render_die(pages, title=f"opencards {name} (die: CutContour)"),
                             len(pages)))
    return files
