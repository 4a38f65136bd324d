"""A rough ink estimate for the build summary: each page drawn small, its colours split
into cyan, magenta, yellow and black the naive way (black first), and the four coverages
summed. The sum is given in "rated pages": the pages at 5 % coverage that printer makers
rate cartridge yields by (ISO/IEC 19752 for black, 24711 for colour), so a person can
hold it against the yield printed on the box. Paper white is no ink; the result ignores
each printer's own colour handling, so it is an estimate, not a measure."""
from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ..draw.backends.png import render_image
from ..draw.scene import Page

#: Coarse on purpose: coverage is an average, and 30 dpi keeps a kit's estimate under 0.5 s.
DPI = 30
#: A rated page's coverage (ISO/IEC 19752 and 24711 test pages).
RATED_COVERAGE = 0.05


def coverage(page: Page) -> float:
    """C + M + Y + K over the page, as a fraction of the page (0 to 4)."""
    image = render_image(page, dpi=DPI, oversample=1)
    pixels = image.width * image.height
    total = 0.0
    # A page has few distinct colours: sum over them, not over every pixel.
    for count, colour in image.getcolors(pixels) or ():
        r, g, b = cast(tuple[int, int, int], colour)  # an RGB image's colours
        top = max(r, g, b)
        k = 1.0 - top / 255.0
        cmy = (3 * top - r - g - b) / top if top else 0.0
        total += count * (k + cmy)
    return total / pixels


def rated_pages(pages: Sequence[Page]) -> float:
    """How many 5 %-coverage pages hold as much ink as *pages*."""
    return sum(coverage(page) for page in pages) / RATED_COVERAGE
