"""Our PDFs as pixels, for the checks a person makes by holding a printed sheet: is there ink
in this box, where is the centre of that registration target. pdfium draws the page and
numpy measures it; positions come back in page millimetres (origin top left, y down)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pypdfium2 as pdfium

DPI = 300.0
PT = 72 / 25.4


@dataclass
class Raster:
    """One page: *ink* is 0 for white paper up to 1 for black, per pixel."""

    ink: np.ndarray
    width_mm: float
    height_mm: float

    @property
    def px_per_mm(self) -> tuple[float, float]:
        # pdfium stretches the page over whole pixels, so each axis has its own scale.
        rows, cols = self.ink.shape
        return cols / self.width_mm, rows / self.height_mm

    def window(self, x: float, y: float, w: float, h: float) -> tuple[slice, slice]:
        sx, sy = self.px_per_mm
        return (slice(max(0, round(y * sy)), max(0, round((y + h) * sy))),
                slice(max(0, round(x * sx)), max(0, round((x + w) * sx))))

    def inked(self, x: float, y: float, w: float, h: float, level: float = 0.02) -> float:
        """The share of pixels in the box (mm) darker than *level*."""
        part = self.ink[self.window(x, y, w, h)]
        return float((part > level).mean())

    def centroid(self, x: float, y: float, w: float, h: float) -> tuple[float, float]:
        """The ink-weighted centre of the box (mm): for a mark symmetric about its centre,
        with nothing else in the box, the mark's centre to a fraction of a pixel."""
        rows, cols = self.window(x, y, w, h)
        part = self.ink[rows, cols]
        total = part.sum()
        if total <= 0:
            raise AssertionError(f"no ink in the box {(x, y, w, h)}")
        sx, sy = self.px_per_mm
        js = np.arange(cols.start, cols.start + part.shape[1]) + 0.5
        is_ = np.arange(rows.start, rows.start + part.shape[0]) + 0.5
        cx = float((part.sum(axis=0) * js).sum() / total) / sx
        cy = float((part.sum(axis=1) * is_).sum() / total) / sy
        return cx, cy


def render(path, dpi: float = DPI, pages: slice = slice(None)) -> list[Raster]:
    """The *pages* of the PDF at *path*, drawn at *dpi*."""
    doc = pdfium.PdfDocument(str(path))
    try:
        drawn = []
        for index in range(len(doc))[pages]:
            page = doc[index]
            w, h = page.get_size()
            grey = page.render(scale=dpi / 72, grayscale=True).to_numpy()
            if grey.ndim == 3:
                grey = grey[..., 0]
            drawn.append(Raster(1.0 - grey.astype(np.float64) / 255.0, w / PT, h / PT))
        return drawn
    finally:
        doc.close()


def _solid(mask: np.ndarray, k: int) -> np.ndarray:
    """Pixels whose whole k x k neighbourhood (to the lower right) is set: thin strokes and
    text vanish, filled dots of more than k pixels remain."""
    padded = np.pad(mask.astype(np.int32), ((1, 0), (1, 0))).cumsum(0).cumsum(1)
    sums = padded[k:, k:] - padded[:-k, k:] - padded[k:, :-k] + padded[:-k, :-k]
    return sums == k * k


def target_centres(page: Raster, corner: float = 15.0, radius: float = 3.0
                   ) -> list[tuple[float, float]]:
    """The centres of the registration targets in the four corner squares (*corner* mm) of
    the page, in mm. A target is found by its filled centre dot, then measured as the
    ink centroid of a box just larger than its *radius*."""
    sx, sy = page.px_per_mm
    k = max(2, round(0.9 * min(sx, sy)))   # the dot is 1.5 mm across, strokes under 0.4 mm
    found = []
    for x0 in (0.0, page.width_mm - corner):
        for y0 in (0.0, page.height_mm - corner):
            rows, cols = page.window(x0, y0, corner, corner)
            solid = _solid(page.ink[rows, cols] > 0.5, k)
            ii, jj = np.nonzero(solid)
            if not len(ii):
                raise AssertionError(f"no registration target near ({x0:g}, {y0:g}) mm")
            # Solid windows start at their upper left pixel: centre them.
            cx = (cols.start + jj.mean() + k / 2) / sx
            cy = (rows.start + ii.mean() + k / 2) / sy
            r = radius + 0.4
            found.append(page.centroid(cx - r, cy - r, 2 * r, 2 * r))
    return found
