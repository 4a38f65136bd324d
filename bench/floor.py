"""The floor for `opencards build`: a straight-line ReportLab script, nothing of opencards.

python bench/floor.py OUT.pdf [--pages N]

It writes N A4 pages of 32 cards each, as a kit sheet has: per card a bleed rectangle, a
rounded frame, a circle, a large rank, the same rank turned, a small label; crop marks and a
header line per page; the two bundled DejaVu fonts embedded as subsets, page compression on,
invariant output. Nothing is cached or reused between cards, as a hand-written script would
not bother either. bench/kit.py times it as a whole process next to `opencards build` with
the same page count, and in process (:func:`draw`, the fonts registered once) next to the
kit's build.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "fonts"
COLOURS = ["#c62828", "#b8860b", "#2e7d32", "#1f3c88"]
TINTS = ["#f6d5d5", "#fbf0c5", "#d3ecd5", "#d3dcf0"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--pages", type=int, default=26)
    args = parser.parse_args()
    register_fonts()
    draw(args.out, args.pages)


def register_fonts() -> None:
    """The two bundled DejaVu fonts, read and registered (once a process)."""
    pdfmetrics.registerFont(TTFont("Floor", str(FONTS / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("Floor-Bold", str(FONTS / "DejaVuSans-Bold.ttf")))


def draw(out: Path, pages: int) -> None:
    """Writes the floor's *pages* pages into *out* (the fonts registered)."""
    c = Canvas(str(out), pagesize=(210 * mm, 297 * mm), invariant=1, pageCompression=1)
    card_w, card_h, left, top = 25 * mm, 50 * mm, 20 * mm, 25 * mm
    for page in range(pages):
        c.setFont("Floor", 7)
        c.setFillColor(HexColor("#000000"))
        c.drawString(12 * mm, 290 * mm, f"Floor kit - sheet {page + 1} of {pages}")
        for n in range(32):
            row, col = divmod(n, 7)
            x = left + col * card_w
            y = 297 * mm - top - (row + 1) * card_h
            colour = HexColor(COLOURS[n % 4])
            c.setFillColor(HexColor(TINTS[n % 4]))
            c.rect(x, y, card_w, card_h, stroke=0, fill=1)
            c.setStrokeColor(HexColor("#222222"))
            c.setFillColor(HexColor("#ffffff"))
            c.setLineWidth(0.8)
            c.roundRect(x + 2 * mm, y + 2 * mm, card_w - 4 * mm, card_h - 4 * mm, 2 * mm,
                        stroke=1, fill=1)
            c.setFillColor(colour)
            c.circle(x + card_w / 2, y + card_h / 2, 4 * mm, stroke=0, fill=1)
            c.setFont("Floor-Bold", 24)
            c.drawCentredString(x + card_w / 2, y + card_h - 14 * mm, str(n % 8 + 1))
            c.saveState()
            c.translate(x + card_w / 2, y + 14 * mm)
            c.rotate(180)
            c.drawCentredString(0, 0, str(n % 8 + 1))
            c.restoreState()
            c.setFont("Floor-Bold", 8)
            c.setFillColor(HexColor("#ffffff"))
            c.drawCentredString(x + card_w / 2, y + card_h / 2 - 1 * mm, "RYGB"[n % 4])
        c.setStrokeColor(HexColor("#000000"))
        c.setLineWidth(0.3)
        for col in range(8):
            c.line(left + col * card_w, 10 * mm, left + col * card_w, 15 * mm)
            c.line(left + col * card_w, 282 * mm, left + col * card_w, 287 * mm)
        c.showPage()
    c.save()


if __name__ == "__main__":
    main()
