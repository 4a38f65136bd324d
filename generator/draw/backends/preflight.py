"""A print shop's preflight of a PDF/X-1a file (``opencards preflight``, and the last step
of every ``opencards shop`` build): what a prepress department checks before a file goes
to plate, each finding one line naming the file, page, what was found and what was
expected.

Errors: a name a content stream or form uses that its own resources do not declare (ISO
32000-1, 7.8.3: a form looks names up in its own /Resources); a font not embedded; a
colour that is not CMYK, grey or a spot colour (RGB, or a colour space of another kind);
transparency (a see-through alpha, a soft mask, a blend mode); total ink above
the limit anywhere in the bleed area, measured from pixels (:mod:`.inkcover`); a page
without TrimBox and BleedBox, or with boxes not nested; a line thinner than
:data:`~.colour.THIN_LINE` mm on more than one plate (registration marks outside the
bleed excepted); no PDF/X OutputIntent, or one whose profile is not ICC version 2 (PDF/X-1a
is PDF 1.4, which takes v2 profiles only); an image under :data:`MIN_PPI`. Warnings: an
image under :data:`GOOD_PPI`.
"""
from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pikepdf

from ...errors import PreflightError
from .colour import THIN_LINE, icc_version
from .inkcover import InkIndex, measure
from .pdfwalk import Event, walk

#: The total ink a shop's preflight allows by default (the bundled FOGRA39 profile's own
#: limit); ``--ink-limit`` sets a shop's own (DriveThruCards: 240 %).
INK_LIMIT = 3.0
#: Images below this resolution (pixels per inch, on the page) are refused; below
#: GOOD_PPI they are reported as a warning.
MIN_PPI = 150
GOOD_PPI = 300
_MM = 72 / 25.4
#: Colour spaces whose colours are inks a PDF/X-1a press prints: process and spot.
_INK_SPACES = {"/DeviceCMYK", "/DeviceGray"}
_INK_FAMILIES = {"DeviceCMYK", "DeviceGray", "Separation", "DeviceN", "Pattern"}


@dataclass(frozen=True)
class Finding:
    """One thing the preflight found: *severity* ``error`` or ``warning``, the file, the
    page (from 1; 0 for the whole document), what it found and what it expected."""

    severity: str
    file: str
    page: int
    what: str
    expected: str

    def line(self) -> str:
        where = f"page {self.page}" if self.page else "document"
        return f"{self.file}: {where}: {self.severity}: {self.what}; expected {self.expected}"


class _Checks:
    """Gathers findings from the drawing's events, one per thing found (a form's missing
    name is one finding, however many times the form is placed)."""

    def __init__(self, file: str, bleeds: dict[int, tuple[float, ...]]) -> None:
        self.file = file
        #: Each page's BleedBox (pt), where registration marks may not go.
        self.bleeds = bleeds
        self.found: dict[tuple[Any, ...], Finding] = {}

    def add(self, key: tuple[Any, ...], page: int, what: str, expected: str,
            severity: str = "error") -> None:
        if key not in self.found:
            self.found[key] = Finding(severity, self.file, page, what, expected)

    def visit(self, event: Event) -> None:
        stream = event.stream
        where = ("the page" if stream.kind == "page"
                 else f"form object {stream.key[0]}")
        page = stream.page
        if event.what == "missing":
            self.add(("missing", stream.key, event.name), page,
                     f"{where} uses {event.name} ({event.op}) that its resources do not "
                     f"declare", f"every name in the stream's own {event.category}")
        elif event.what == "font":
            self._font(event, page)
        elif event.what == "colour":
            self._colour(event, where, page)
        elif event.what == "stroke":
            self._line(event, where, page)
        elif event.what == "image":
            self._image(event, page)
        elif event.what == "state":
            self._transparency(event, where, page)

    def _transparency(self, event: Event, where: str, page: int) -> None:
        gs = event.target
        see_through = [f"{key} {gs[key]}" for key in ("/CA", "/ca") if key in gs
                       and float(gs[key]) < 1]
        if gs.get("/SMask", pikepdf.Name.None_) != pikepdf.Name.None_:
            see_through.append("a soft mask")
        if str(gs.get("/BM", "/Normal")) not in ("/Normal", "/Compatible"):
            see_through.append(f"blend mode {gs.BM}")
        if see_through:
            self.add(("transparency", event.stream.key, event.name), page,
                     f"{where} sets transparency ({', '.join(see_through)}) with "
                     f"{event.name}", "no transparency (PDF/X-1a)")

    def _font(self, event: Event, page: int) -> None:
        font = event.target
        described = font
        if font.get("/Subtype") == "/Type3":
            return
        if font.get("/Subtype") == "/Type0":
            described = font.DescendantFonts[0]
        descriptor = described.get("/FontDescriptor")
        if descriptor is None or not any(key in descriptor for key in
                                         ("/FontFile", "/FontFile2", "/FontFile3")):
            self.add(("font", font.objgen), page,
                     f"font {font.get('/BaseFont', event.name)} is not embedded",
                     "every font embedded (PDF/X-1a)")

    def _colour(self, event: Event, where: str, page: int) -> None:
        state = event.state
        colour = state.stroke if event.op.isupper() else state.fill
        if event.op in ("rg", "RG"):
            self.add(("rgb", event.stream.key), page, f"{where} paints in RGB ({event.op})",
                     "CMYK or grey only (PDF/X-1a)")
        elif event.op in ("cs", "CS") and colour.space not in _INK_FAMILIES:
            self.add(("space", event.stream.key, colour.space), page,
                     f"{where} paints in a {colour.space} colour space",
                     "DeviceCMYK, DeviceGray or a spot colour only (PDF/X-1a)")

    def _line(self, event: Event, where: str, page: int) -> None:
        inks = event.state.stroke.cmyk()
        width = event.state.line_width() / _MM
        if inks is None or width >= THIN_LINE:
            return
        plates = [name for name, v in zip("CMYK", inks) if v > 0]
        if len(plates) <= 1 or self._registration_mark(event, inks):
            return
        shown = " ".join(f"{n} {round(v * 100, 1):g}%" for n, v in zip("CMYK", inks) if v > 0)
        self.add(("line", event.stream.key, inks, round(width, 3)), page,
                 f"{where} strokes a {width:.2f} mm line on {len(plates)} plates ({shown})",
                 f"lines under {THIN_LINE:g} mm on one plate")

    def _registration_mark(self, event: Event, inks: tuple[float, ...]) -> bool:
        """A mark in registration colour (every plate at 100 %) outside the bleed: crop
        marks print on every plate by design and are cut away."""
        if inks != (1.0, 1.0, 1.0, 1.0) or event.box is None:
            return False
        bleed = self.bleeds.get(event.stream.page)
        if bleed is None:
            return False
        x0, y0, x1, y1 = event.box
        bx0, by0, bx1, by1 = bleed
        tol = 0.01
        return (x1 <= bx0 + tol or x0 >= bx1 - tol or y1 <= by0 + tol or y0 >= by1 - tol)

    def _image(self, event: Event, page: int) -> None:
        image = event.target
        space = image.get("/ColorSpace")
        name = space[0] if isinstance(space, pikepdf.Array) and len(space) else space
        if name is not None and str(name) not in (*_INK_SPACES, "/Indexed"):
            self.add(("image-space", image.objgen), page,
                     f"image {event.name} is in {name}", "CMYK or grey images only")
        if event.box is None:
            return
        x0, y0, x1, y1 = event.box
        ppi = min(float(image.Width) / max((x1 - x0) / 72, 1e-9),
                  float(image.Height) / max((y1 - y0) / 72, 1e-9))
        if ppi < GOOD_PPI:
            self.add(("image", image.objgen, page), page,
                     f"image {event.name} prints at {ppi:.0f} ppi",
                     f"at least {GOOD_PPI} ppi" if ppi >= MIN_PPI else
                     f"at least {MIN_PPI} ppi (a shop asks {GOOD_PPI})",
                     "warning" if ppi >= MIN_PPI else "error")


def _boxes(pdf: pikepdf.Pdf, file: str) -> tuple[list[Finding],
                                                 dict[int, tuple[float, ...]]]:
    found: list[Finding] = []
    bleeds: dict[int, tuple[float, ...]] = {}
    for number, page in enumerate(pdf.pages, 1):
        media = [float(v) for v in page.obj.get("/MediaBox", page.mediabox)]
        trim = page.obj.get("/TrimBox")
        bleed = page.obj.get("/BleedBox")
        if bleed is not None:
            bleeds[number] = tuple(float(v) for v in bleed)
        if trim is None or bleed is None:
            missing = " and ".join(n for n, b in (("TrimBox", trim), ("BleedBox", bleed))
                                   if b is None)
            found.append(Finding("error", file, number, f"no {missing}",
                                 "a TrimBox (the card) and a BleedBox on every page"))
            continue
        t, b = [float(v) for v in trim], [float(v) for v in bleed]
        if not (_inside(t, b) and _inside(b, media)):
            found.append(Finding("error", file, number,
                                 "the boxes are not nested (TrimBox in BleedBox in MediaBox)",
                                 "TrimBox inside BleedBox inside MediaBox"))
    return found, bleeds


def _inside(inner: list[float], outer: list[float]) -> bool:
    tol = 0.01
    return (inner[0] >= outer[0] - tol and inner[1] >= outer[1] - tol
            and inner[2] <= outer[2] + tol and inner[3] <= outer[3] + tol)


def _intent(pdf: pikepdf.Pdf, file: str) -> list[Finding]:
    intents = [i for i in pdf.Root.get("/OutputIntents", [])
               if i.get("/S") == "/GTS_PDFX"]
    if not intents:
        return [Finding("error", file, 0, "no PDF/X output intent",
                        "an OutputIntent (GTS_PDFX) with the printing condition's profile")]
    profile = intents[0].get("/DestOutputProfile")
    if profile is None:
        return []   # a registered condition named without its profile: PDF/X allows it
    version = icc_version(profile.read_bytes())
    if version != 2:
        return [Finding("error", file, 0, f"the output intent's profile is ICC v{version}",
                        "an ICC v2 profile (PDF/X-1a is PDF 1.4)")]
    return []


def preflight(data: bytes, file: str, *, ink_limit: float = INK_LIMIT,
              dpi: float = 100) -> list[Finding]:
    """Every finding of the preflight of the PDF *data*, named *file* in the report; errors
    before warnings, each in page order.

    :raises: :exc:`PreflightError` in one line if *data* is no PDF qpdf can open.
    """
    try:
        opened = pikepdf.open(io.BytesIO(data))
    except pikepdf.PdfError:
        raise PreflightError(f"{file}: expected a PDF file, got one qpdf cannot open (no "
                             "PDF header or cross-reference table)") from None
    with opened as pdf:
        found, bleeds = _boxes(pdf, file)
        checks = _Checks(file, bleeds)
        paints = InkIndex()

        def visit(event: Event) -> None:
            checks.visit(event)
            paints.visit(event)
        streams = walk(pdf, visit)
        found += _intent(pdf, file)
        found += checks.found.values()
        inks = measure(pdf, streams, paints, dpi)   # last: it rewrites the streams
    if paints.images:
        count = len(paints.images)
        found.append(Finding("warning", file, 0, f"the ink of {count} placed image"
                             f"{'s' if count != 1 else ''} is not measured",
                             "images' ink checked another way (only vector art is measured)"))
    for ink in inks:
        if ink.total > ink_limit + 1e-6:
            found.append(Finding("error", file, ink.page,
                                 f"{ink.total * 100:.0f}% total ink at {ink.at[0]:g}, "
                                 f"{ink.at[1]:g} mm from the bleed's top left",
                                 f"at most {ink_limit * 100:g}%"))
    return sorted(found, key=lambda f: (f.severity != "error", f.page))


def errors(findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity == "error"]
