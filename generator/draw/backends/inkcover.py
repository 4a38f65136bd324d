"""Total ink from pixels: how much ink each point of a page's bleed area gets, all plates
added, as a print shop's preflight measures it against its limit (240-330 %).

PDFium renders no separations, so each paint is drawn in a colour that names its inks:
every content stream is rewritten so that each fill, stroke and text paints in an RGB
colour that is an index into a table of the CMYK inks it was to print with, and the page
is rendered without anti-aliasing (a pixel is one paint's index, never a blend). Solid
black that overprints (overprint mode 1) adds its ink to what lies under it instead of
replacing it: a second rendering leaves those paints out, and where the first shows an
overprinting paint, the second shows what it lies on. Images and shadings are left out:
their inks are not measured (opencards' files have none; the preflight says so when a
file has).
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import pikepdf
from PIL import Image

from .pdfwalk import FILLS, STROKES, TEXT_SHOWS, Event, Stream, walk

CMYK = tuple[float, float, float, float]
#: The paper: no paint, no ink. Indexes run 0 ... 254 in the red channel, times 255 in the
#: green one, and (255, 255) is the page's white.
_PAPER = 255 * 255 + 255
#: Paints whose inks are unknown (an RGB colour, a pattern): the colour check reports them.
_UNKNOWN: CMYK = (0.0, 0.0, 0.0, 0.0)


@dataclass(frozen=True)
class PageInk:
    """The most ink any point of a page's bleed area gets (1.0 = 100 %), and where: mm
    from the bleed area's top left corner."""

    page: int
    total: float
    at: tuple[float, float]


class _InkPainter:
    """Gives each paint its index colour, and lists the overprinting ones."""

    def __init__(self) -> None:
        self.inks: list[tuple[CMYK, bool]] = []
        self.index: dict[tuple[CMYK, bool], int] = {}
        #: (stream key, instruction index) -> (index colour operator, index, overprints)
        self.paints: dict[tuple[tuple[int, int], int], list[tuple[str, int, bool]]] = {}
        #: The image placings (stream key, instruction index), left out of the rendering.
        self.images: set[tuple[tuple[int, int], int]] = set()

    def visit(self, event: Event) -> None:
        if event.what == "image":
            # An image's pixels are no index colours: left out of the rendering (its
            # inks are not measured; none of opencards' files has one).
            self.images.add((event.stream.key, event.index))
            return
        if event.what not in ("fill", "stroke", "text"):
            return
        state = event.state
        stroking = event.what == "stroke"
        colour = state.stroke if stroking else state.fill
        overprint = (state.stroke_overprint if stroking else state.fill_overprint)
        overprints = overprint and state.overprint_mode == 1
        key = (colour.cmyk() or _UNKNOWN, overprints)
        if key not in self.index:
            if len(self.inks) >= 255 * 255:
                raise ValueError("more than 65,000 different paints on a page")
            self.index[key] = len(self.inks)
            self.inks.append(key)
        self.paints.setdefault((event.stream.key, event.index), []).append(
            ("RG" if stroking else "rg", self.index[key], overprints))


def _rgb(index: int) -> list[float]:
    return [round((index % 255) / 255, 6), round((index // 255) / 255, 6), 0.0]


def _rewrite(stream: Stream, painter: _InkPainter, leave_out_overprints: bool) -> bytes:
    out: list[Any] = []
    for index, (operands, operator) in enumerate(stream.instructions):
        op = str(operator)
        if op in ("k", "K", "g", "G", "rg", "RG", "sc", "SC", "scn", "SCN", "cs", "CS",
                  "sh", "BI", "INLINE IMAGE") or (stream.key, index) in painter.images:
            continue   # colours are set by the index colours placed before each paint
        paints = painter.paints.get((stream.key, index), [])
        shown = []
        for colour_op, number, overprints in paints:
            if leave_out_overprints and overprints:
                continue
            out.append((_rgb(number), pikepdf.Operator(colour_op)))
            shown.append(colour_op)
        if paints and len(shown) < len(paints):
            if op in TEXT_SHOWS:   # invisible text: render mode 3
                out += [([3], pikepdf.Operator("Tr")), (list(operands), operator),
                        ([0], pikepdf.Operator("Tr"))]
                continue
            fill, stroke = "rg" in shown, "RG" in shown
            if op in FILLS or op in STROKES:
                operator = pikepdf.Operator("B" if fill and stroke else "f" if fill
                                            else "S" if stroke else "n")
        out.append((list(operands), operator))
    return pikepdf.unparse_content_stream(out)


def _rewritten(pdf: pikepdf.Pdf, streams: list[Stream], painter: _InkPainter,
               leave_out_overprints: bool) -> bytes:
    """*pdf* saved with its *streams* painting index colours (the streams keep their
    parsed instructions, so it can be rewritten again)."""
    for stream in streams:
        content = _rewrite(stream, painter, leave_out_overprints)
        if stream.kind == "page":
            stream.obj.Contents = pdf.make_stream(content)
        else:
            stream.obj.write(content)
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


Box = tuple[int, int, int, int]


def _render(data: bytes, dpi: float) -> list[tuple[Image.Image, Box]]:
    """Each page as an RGB image without anti-aliasing, and its BleedBox in pixels."""
    import pypdfium2 as pdfium
    scale = dpi / 72
    pages: list[tuple[Image.Image, Box]] = []
    document = pdfium.PdfDocument(data)
    try:
        for page in document:
            height = page.get_height()
            x0, y0, x1, y1 = page.get_bleedbox()
            image = page.render(scale=scale, no_smoothtext=True, no_smoothpath=True,
                                no_smoothimage=True, rev_byteorder=True,
                                fill_color=(255, 255, 255, 255)).to_pil().convert("RGB")
            box = (round(x0 * scale), round((height - y1) * scale), round(x1 * scale),
                   round((height - y0) * scale))
            pages.append((image, box))
            page.close()
    finally:
        document.close()
    return pages


def _ink(top: tuple[CMYK, bool], under: CMYK) -> float:
    inks, overprints = top
    if not overprints:
        return sum(inks)
    return sum(t if t > 0 else u for t, u in zip(inks, under))


class InkIndex(_InkPainter):
    """The paints of a PDF, gathered from a walk (:func:`.pdfwalk.walk`) to measure its
    ink with :func:`measure` afterwards."""


def page_inks(data: bytes, dpi: float = 100) -> list[PageInk]:
    """The most ink on each page of the PDF *data*, inside its BleedBox."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        painter = InkIndex()
        streams = walk(pdf, painter.visit)
        return measure(pdf, streams, painter, dpi)


def measure(pdf: pikepdf.Pdf, streams: list[Stream], painter: _InkPainter,
            dpi: float = 100) -> list[PageInk]:
    """The most ink on each page of *pdf*, whose *streams* *painter* has seen walked;
    *pdf*'s streams are rewritten on the way (it is read, never saved, by the caller)."""
    renders = _render(_rewritten(pdf, streams, painter, False), dpi)
    overprinting = any(over for _, over in painter.inks)
    unders = (_render(_rewritten(pdf, streams, painter, True), dpi) if overprinting
              else renders)
    found = []
    for number, ((top, box), (under, _)) in enumerate(zip(renders, unders), 1):
        pair = Image.merge("RGBA", (*top.crop(box).split()[:2], *under.crop(box).split()[:2]))
        best, where = 0.0, (0, 0, 0, 0)
        colours: list[tuple[int, tuple[int, int, int, int]]] = (
            pair.getcolors(maxcolors=pair.width * pair.height) or [])  # type: ignore[assignment]
        for _, (r1, g1, r2, g2) in colours:
            first, second = r1 + 255 * g1, r2 + 255 * g2
            if first == _PAPER or first >= len(painter.inks):
                continue
            below = (painter.inks[second][0] if second < len(painter.inks)
                     else _UNKNOWN)
            total = _ink(painter.inks[first], below)
            if total > best:
                best, where = total, (r1, g1, r2, g2)
        found.append(PageInk(number, round(best, 4), _place(pair, where, dpi)))
    return found


def _place(image: Image.Image, colour: tuple[int, int, int, int], dpi: float
           ) -> tuple[float, float]:
    """Where *colour* first shows in *image*, in mm from its top left."""
    mask = Image.new("RGBA", image.size, colour)
    from PIL import ImageChops
    difference = ImageChops.difference(image, mask).convert("L")
    box = difference.point(lambda v: 255 if v == 0 else 0).getbbox()
    if box is None:
        return (0.0, 0.0)
    return (round(box[0] * 25.4 / dpi, 1), round(box[1] * 25.4 / dpi, 1))
