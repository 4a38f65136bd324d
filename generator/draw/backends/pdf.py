"""PDF backend (reportlab): mm -> pt and the y flip happen here and nowhere else."""
from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from reportlab.lib.colors import CMYKColor, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from .. import fonts
from ..geometry import Rect, Transform
from ..scene import (REGISTRATION, Box, Circle, Group, Item, Line, Page, Paint, Polygon,
                     Text)
from ...model.units import mm_to_pt

_PT = mm_to_pt(1.0)


def _font_name(key: str) -> str:
    name = f"OpenCards-{key}"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(fonts.font_path(key))))
    return name


def cmyk_of(hex_colour: str) -> tuple[float, float, float, float]:
    """Plain device conversion; grey tones go to the black plate only, as print shops
    prefer for text and fine lines."""
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    k = 1 - max(r, g, b)
    if k >= 1:
        return (0.0, 0.0, 0.0, 1.0)
    if r == g == b:
        return (0.0, 0.0, 0.0, round(k, 4))
    return tuple(round(v, 4) for v in ((1 - r - k) / (1 - k), (1 - g - k) / (1 - k),
                                        (1 - b - k) / (1 - k), k))  # type: ignore[return-value]


#: Maps a ``#rrggbb`` colour to the C, M, Y, K fractions to print it with.
Inks = Callable[[str], tuple[float, float, float, float]]


class _Writer:
    def __init__(self, canvas: Canvas, cmyk: bool, inks: Inks | None = None) -> None:
        self.c = canvas
        self.cmyk = cmyk
        self.inks = inks
        #: Inside a group of the registration role: every colour prints in all four inks.
        self.registration = 0
        self.forms: set[str] = set()

    def colour(self, hex_colour: str):  # noqa: ANN201 - reportlab colour object
        if self.inks is not None:
            return CMYKColor(*((1.0, 1.0, 1.0, 1.0) if self.registration
                               else self.inks(hex_colour)))
        return CMYKColor(*cmyk_of(hex_colour)) if self.cmyk else HexColor(hex_colour)

    def paint(self, paint: Paint) -> tuple[int, int]:
        c = self.c
        if paint.fill:
            c.setFillColor(self.colour(paint.fill))
        if paint.stroke:
            c.setStrokeColor(self.colour(paint.stroke))
            c.setLineWidth(paint.width)
            c.setDash(list(paint.dash) if paint.dash else [])
        return (1 if paint.stroke else 0), (1 if paint.fill else 0)

    def items(self, items: Sequence[Item]) -> None:
        for item in items:
            self.item(item)

    def item(self, item: Item) -> None:
        c = self.c
        if isinstance(item, Group):
            self.group(item)
        elif isinstance(item, Box):
            stroke, fill = self.paint(item.paint)
            r = item.rect
            if item.radius > 0:
                c.roundRect(r.x, r.y, r.w, r.h, item.radius, stroke=stroke, fill=fill)
            else:
                c.rect(r.x, r.y, r.w, r.h, stroke=stroke, fill=fill)
        elif isinstance(item, Circle):
            stroke, fill = self.paint(item.paint)
            c.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)
        elif isinstance(item, Line):
            self.paint(item.paint)
            c.line(item.x1, item.y1, item.x2, item.y2)
        elif isinstance(item, Polygon):
            stroke, fill = self.paint(item.paint)
            path = c.beginPath()
            path.moveTo(*item.points[0])
            for point in item.points[1:]:
                path.lineTo(*point)
            if item.closed:
                path.close()
            c.drawPath(path, stroke=stroke, fill=fill)
        elif isinstance(item, Text):
            self.text(item)
        else:  # pragma: no cover - a new shape must be added to every backend
            raise TypeError(f"unknown scene item {item!r}")

    def text(self, t: Text) -> None:
        c = self.c
        width = fonts.measure(t.text, t.font, t.size) + t.word_space * t.spaces
        x0 = {"start": 0.0, "middle": -width / 2, "end": -width}[t.anchor]
        # The page space has y down; glyphs need y up, so flip locally at the baseline.
        m = (Transform.translate(t.x, t.y) @ Transform.rotate(t.rotation)
             @ Transform.scale(1, -1))
        c.saveState()
        c.transform(m.a, m.b, m.c, m.d, m.e, m.f)
        text = c.beginText(x0, 0)
        text.setFont(_font_name(t.font), t.size)
        text.setFillColor(self.colour(t.fill))
        if t.word_space:
            # PDF word spacing (Tw) keeps a justified line one searchable string.
            text.setWordSpace(t.word_space)
        text.textOut(t.text)
        c.drawText(text)
        c.restoreState()

    def group(self, g: Group) -> None:
        if g.role == REGISTRATION and self.inks is not None:
            self.registration += 1
            try:
                self._group(g)
            finally:
                self.registration -= 1
            return
        self._group(g)

    def _group(self, g: Group) -> None:
        c = self.c
        c.saveState()
        t = g.transform
        if not t.is_identity:
            c.transform(t.a, t.b, t.c, t.d, t.e, t.f)
        if g.key is not None:
            name = "F" + "".join(ch if ch.isalnum() else "_" for ch in g.key)
            if name not in self.forms:
                box = g.clip or Rect(-1000, -1000, 3000, 3000)
                # reportlab takes any number for the form's box; its stubs say int.
                c.beginForm(name, box.x, box.y, box.right, box.bottom)  # type: ignore[arg-type]
                self.body(g)
                c.endForm()
                self.forms.add(name)
            c.doForm(name)
        else:
            self.body(g)
        c.restoreState()

    def body(self, g: Group) -> None:
        if g.clip is not None:
            path = self.c.beginPath()
            path.rect(g.clip.x, g.clip.y, g.clip.w, g.clip.h)
            self.c.clipPath(path, stroke=0, fill=0)
        self.items(g.items)


def _box(rect: Rect, page_h: float) -> tuple[float, float, float, float]:
    return (round(mm_to_pt(rect.x), 4), round(mm_to_pt(page_h - rect.bottom), 4),
            round(mm_to_pt(rect.right), 4), round(mm_to_pt(page_h - rect.y), 4))


def render(pages: Sequence[Page], *, title: str = "", cmyk: bool = False,
           lang: str | None = None, outline: Sequence[tuple[str, int, int]] = (),
           inks: Inks | None = None) -> bytes:
    """The pages as one PDF with embedded font subsets, TrimBox/BleedBox per page and no
    date or random ID, so the same pages always give the same bytes.

    *lang* sets the document's language (``en``, ``ru``) for readers and screen readers;
    *outline* lists bookmarks as (title, level from 0, page index), in page order. *inks*
    turns every colour into CMYK its own way (a print shop's profile; see
    :mod:`.pdfx`), and makes groups of the :data:`REGISTRATION` role print in all four."""
    buffer = io.BytesIO()
    first = pages[0]
    # types-reportlab types initialFontName as a number; reportlab wants the font's name.
    canvas = Canvas(buffer, pagesize=(mm_to_pt(first.width), mm_to_pt(first.height)),
                    invariant=1, pageCompression=1,
                    initialFontName=_font_name("regular"),  # type: ignore[arg-type]
                    initialFontSize=9, lang=lang)
    canvas.setTitle(title)
    canvas.setCreator("opencards")
    canvas.setAuthor("opencards")
    writer = _Writer(canvas, cmyk, inks)
    marks: dict[int, list[tuple[str, int]]] = {}
    for text, level, index in outline:
        marks.setdefault(index, []).append((text, level))
    if outline:
        canvas.showOutline()
    for number, page in enumerate(pages):
        for k, (text, level) in enumerate(marks.get(number, [])):
            key = f"p{number}-{k}"
            canvas.bookmarkPage(key)
            canvas.addOutlineEntry(text, key, level=level)
        canvas.setPageSize((mm_to_pt(page.width), mm_to_pt(page.height)))
        full = Rect(0, 0, page.width, page.height)
        canvas.setTrimBox(_box(page.trim or full, page.height))
        canvas.setBleedBox(_box(page.bleed or page.trim or full, page.height))
        canvas.saveState()
        canvas.transform(_PT, 0, 0, -_PT, 0, mm_to_pt(page.height))
        if page.background:
            writer.item(Box(full, Paint(fill=page.background)))
        writer.items(page.items)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
