"""PDF pages as PNG files, rasterised by PDFium (pypdfium2).

Card images for print shops are the cards' own PDF pages turned into pixels, so a PNG shows
exactly what the PDF prints, and one C renderer draws them: a 300 dpi card takes a few
milliseconds, where the Pillow backend (:mod:`.png`, drawing every shape in Python at four
times the size) takes most of a second. Each page is rendered at its exact pixel size and
freed before the next, so memory stays that of one image; sizes above :data:`MAX_PIXELS`
are refused before anything is drawn (see :func:`check_pixels`).
"""
from __future__ import annotations

import io
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ..scene import Page
from ...errors import OutputError
from ...model.units import mm_to_px

if TYPE_CHECKING:
    from PIL import Image

#: The most pixels one image may have: 64 million, a few hundred MB while it is drawn and
#: encoded. A 63x88 mm card with 1/8 in bleed at 1200 dpi is 15 million; a board at 600 dpi
#: is 53 million.
MAX_PIXELS = 64_000_000
#: Held around every call into PDFium, which is not thread-safe: the build's ink estimate
#: rasterises in a background thread while the main thread goes on (see sheets/ink.py).
PDFIUM = threading.RLock()


def pixel_size(page: Page, dpi: float) -> tuple[int, int]:
    """Width and height in whole pixels of *page* at *dpi* (as the Pillow backend sizes)."""
    return (max(1, round(mm_to_px(page.width, dpi))),
            max(1, round(mm_to_px(page.height, dpi))))


def largest_dpi(page: Page) -> int:
    """The highest whole dpi at which *page* stays within :data:`MAX_PIXELS`."""
    inches = (page.width / 25.4) * (page.height / 25.4)
    dpi = int((MAX_PIXELS / inches) ** 0.5)
    while dpi > 1 and pixel_size(page, dpi)[0] * pixel_size(page, dpi)[1] > MAX_PIXELS:
        dpi -= 1
    return dpi


def check_pixels(page: Page, dpi: float, options: str) -> None:
    """:raises: :exc:`OutputError` in one line if *page* at *dpi* exceeds
    :data:`MAX_PIXELS`, naming the *options* that set its size."""
    width, height = pixel_size(page, dpi)
    if width * height > MAX_PIXELS:
        raise OutputError(
            f"a {page.width:g} x {page.height:g} mm image at {dpi:g} dpi is {width} x "
            f"{height} = {width * height:,} pixels, above the limit of {MAX_PIXELS:,} a "
            f"file: lower {options} (this size allows at most {largest_dpi(page)} dpi)")


#: Pages rendered from one opening of a document. PDFium keeps the fonts a document's pages
#: used, with every glyph it drew, until the document is closed: rendering the 236 pages
#: of a 4,096-card letter set (2,048 different letters) grew the process by 17 MB after
#: the first page. Opened afresh every 16 pages, by 5 MB, in about the same time (opening
#: parses little more than the cross-reference table).
REOPEN_EVERY = 16

T = TypeVar("T")


def _each_page(document: bytes, work: Callable[[int, Any], T]) -> Iterator[T]:
    """``work(index, page)`` for each page of the PDF *document*, in order, as pypdfium2
    pages: each under the PDFium lock and closed after, the document reopened every
    :data:`REOPEN_EVERY` pages. The lock is not held between pages, so a consumer may
    take its time over each result."""
    import pypdfium2 as pdfium

    with PDFIUM:
        pdf = pdfium.PdfDocument(document)
        count = len(pdf)
    try:
        for index in range(count):
            with PDFIUM:
                if index and index % REOPEN_EVERY == 0:
                    pdf.close()
                    pdf = pdfium.PdfDocument(document)
                page = pdf[index]
                try:
                    result = work(index, page)
                finally:
                    page.close()
            yield result
    finally:
        with PDFIUM:
            pdf.close()


def images(document: bytes, dpi: float) -> Iterator[Image.Image]:
    """Each page of the PDF *document* as an RGB image at *dpi* (pdfium's own rounding of
    the size), one at a time."""
    def image(_index: int, page: Any) -> Image.Image:
        size_mm = Page(page.get_width() / 72 * 25.4, page.get_height() / 72 * 25.4)
        check_pixels(size_mm, dpi, "the dpi")
        rendered: Image.Image = page.render(scale=dpi / 72, rev_byteorder=True).to_pil()
        return rendered
    return _each_page(document, image)


def pngs(document: bytes, pages: Sequence[Page], *, dpi: float,
         compress_level: int = 1, icc_profile: bytes | None = None) -> Iterator[bytes]:
    """Each page of the PDF *document* (whose pages are *pages*, in order) as PNG bytes at
    *dpi*, with the dpi (and *icc_profile*, if given) recorded in the file, one at a time.

    Light compression: a card's file is about a quarter larger than at Pillow's default
    level 6 and encodes several times faster, and print shops recompress uploads anyway.
    """
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    for page in pages:
        check_pixels(page, dpi, "the dpi")

    def png(index: int, rendered: Any) -> bytes:
        width, height = pixel_size(pages[index], dpi)
        bitmap = pdfium.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_BGR,
                                             rev_byteorder=True)
        try:
            pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xFFFFFFFF)
            # The page stretched to exactly width x height: the same whole pixels the
            # Pillow backend gives, whatever rounding pdfium's own scaling would do.
            pdfium_c.FPDF_RenderPageBitmap(bitmap, rendered, 0, 0, width, height, 0,
                                           pdfium_c.FPDF_REVERSE_BYTE_ORDER)
            image = bitmap.to_pil()
            out = io.BytesIO()
            extra = {"icc_profile": icc_profile} if icc_profile else {}
            image.save(out, format="PNG", dpi=(dpi, dpi), compress_level=compress_level,
                       **extra)
        finally:
            bitmap.close()
        return out.getvalue()
    return _each_page(document, png)


def page_text(data: bytes, index: int = 0) -> str:
    """The text of page *index* of the PDF *data*, as PDFium extracts it (lines end in
    ``\\r\\n``)."""
    import pypdfium2 as pdfium
    with PDFIUM:
        doc = pdfium.PdfDocument(data)
        try:
            return str(doc[index].get_textpage().get_text_range())
        finally:
            doc.close()
