"""Reads the set lines of text back out of a PDF with pdfium's text page: each line's text,
its font size and weight, and its word gaps measured from the glyph origins, so that a test
sees what a reader sees (a stretched gap, the word a line ends in, a quote character)."""
from __future__ import annotations

import ctypes
from dataclasses import dataclass

import pypdfium2
import pypdfium2.raw as pdfium

from generator.draw import fonts

PT = 72 / 25.4
#: Characters pdfium reads as a word gap (a no-break space prints as one).
SPACES = (" ", "\u00a0")


@dataclass(frozen=True)
class PdfLine:
    page: int        # printed page index, from 1
    x: float         # the first glyph's origin, mm from the page's left
    y: float         # the baseline, mm from the page's top
    size: float      # font size in mm
    bold: bool
    text: str
    gaps: tuple[float, ...]
    """Each word gap's advance (from the gap's origin to the next word's first glyph) as a
    multiple of the font's own space width."""

    @property
    def words(self) -> list[str]:
        return self.text.split()


def _space_width(bold: bool, size: float) -> float:
    return fonts.measure(" ", "bold" if bold else "regular", size)


def read_lines(pdf: bytes) -> list[PdfLine]:
    """Every line of text on every page, in reading order (pdfium's order of the
    characters, which is the order the lines were drawn)."""
    found: list[PdfLine] = []
    document = pypdfium2.PdfDocument(pdf)
    for number, page in enumerate(document, start=1):
        height = page.get_height() / PT
        textpage = page.get_textpage()
        raw = textpage.raw
        chars = []
        for i in range(pdfium.FPDFText_CountChars(raw)):
            code = pdfium.FPDFText_GetUnicode(raw, i)
            if pdfium.FPDFText_IsGenerated(raw, i) == 1 or code in (10, 13):
                chars.append(None)   # a line end pdfium inserted
                continue
            x, y = ctypes.c_double(), ctypes.c_double()
            pdfium.FPDFText_GetCharOrigin(raw, i, ctypes.byref(x), ctypes.byref(y))
            # Our PDFs draw in mm (the page's matrix scales points to mm): sizes are mm.
            size = pdfium.FPDFText_GetFontSize(raw, i)
            bold = pdfium.FPDFText_GetFontWeight(raw, i) >= 600
            chars.append((chr(code), x.value / PT, height - y.value / PT, size, bold))
        runs: list[list[tuple[str, float, float, float, bool]]] = []
        for char in chars:
            if char is None:
                runs.append([])
            elif not runs or (runs[-1] and abs(runs[-1][-1][2] - char[2]) > 0.3):
                runs.append([char])
            else:
                runs[-1].append(char)
        for run in runs:
            while run and run[-1][0] in SPACES:
                run.pop()
            if not run:
                continue
            text = "".join(c[0] for c in run)
            size, bold = run[0][3], run[0][4]
            space = _space_width(bold, size)
            gaps = tuple((after[1] - gap[1]) / space
                         for gap, after in zip(run, run[1:])
                         if gap[0] in SPACES and after[0] not in SPACES)
            found.append(PdfLine(number, run[0][1], run[0][2], size, bold, text, gaps))
        textpage.close()
        page.close()
    document.close()
    return found
