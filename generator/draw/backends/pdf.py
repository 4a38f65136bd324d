"""PDF backend (reportlab): mm -> pt and the y flip happen here and nowhere else."""
from __future__ import annotations

import hashlib
import io
import itertools
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .. import fonts
from ..geometry import Rect, Transform
from ..scene import (REGISTRATION, Box, Circle, Group, Item, Line, Page, Paint, Polygon,
                     Text)
from ...model.units import mm_to_pt

if TYPE_CHECKING:  # reportlab is imported where used: commands that write no PDF skip it
    from reportlab.pdfgen.canvas import Canvas

_PT = mm_to_pt(1.0)

#: The role of a group whose texts are drawn as glyph outlines, not as text: a rule
#: booklet's figures, so that the suit signs, values and edge labels of a diagram do not
#: come out in the page's text when a reader searches or copies it (the body and the
#: captions around the figure stay text). A card form first drawn inside such a group is
#: outlined wherever the document places it again.
OUTLINED = "outlined"


#: Fonts known to be registered with reportlab: asked for every text, and reportlab lists
#: its registered names afresh on each call.
_REGISTERED: set[str] = set()


def _font_name(key: str) -> str:
    name = f"OpenCards-{key}"
    if name in _REGISTERED:
        return name
    from reportlab.pdfbase import pdfmetrics
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(_tagged_font_class()(name, str(fonts.font_path(key))))
    _REGISTERED.add(name)
    return name


def subset_tag(font: bytes, number: int, codes: Sequence[int]) -> bytes:
    """The six capitals before the ``+`` of an embedded subset's name: worked out from the
    font, the subset's number and the characters it holds, so different subsets (of two
    fonts, or of one) get different tags, as the PDF reference asks, and the same subset
    the same tag in every build.

    >>> subset_tag(b"DejaVuSans", 0, [65, 66]) != subset_tag(b"DejaVuSans-Bold", 0, [65, 66])
    True
    """
    digest = hashlib.sha1(font + b"/%d/" % number + ",".join(map(str, codes)).encode()).digest()
    return bytes(65 + byte % 26 for byte in digest[:6])


@lru_cache(maxsize=1)
def _tagged_font_class() -> type:
    """reportlab's TrueType font, naming its subsets by :func:`subset_tag`. reportlab
    tags subset n of every font alike (``AAAAAA+`` for the first), so a page in regular
    and bold text had two subsets with one tag."""
    from reportlab.pdfbase import ttfonts

    class TaggedTTFont(ttfonts.TTFont):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            # The kit's files each embed the glyphs of every character of the kit (see
            # pdfset), so the same subset is cut from the font file once, not once a file.
            make = self.face.makeSubset

            @lru_cache(maxsize=8)
            def made(codes: tuple[int, ...]) -> bytes:
                subset: bytes = make(list(codes))
                return subset
            setattr(self.face, "makeSubset", lambda subset: made(tuple(subset)))

        def addObjects(self, doc: Any) -> None:
            state = self.state.get(doc)
            subsets = [list(s) for s in state.subsets] if state is not None else []
            original = getattr(ttfonts, "SUBSETN", None)
            if original is None:   # a reportlab that names subsets some other way
                super().addObjects(doc)
                return
            face = self.face.name

            def tag(n: int, *args: Any) -> bytes:
                return subset_tag(face, n, subsets[n]) if n < len(subsets) else original(n)
            # addObjects looks SUBSETN up in its module as it names each subset.
            setattr(ttfonts, "SUBSETN", tag)
            try:
                super().addObjects(doc)
            finally:
                setattr(ttfonts, "SUBSETN", original)

    return TaggedTTFont


@lru_cache(maxsize=64)
def _turn_and_flip(rotation: float) -> tuple[float, ...]:
    """What ``translate(x, y) @ rotate(rotation) @ scale(1, -1)`` computes without x and
    y: the same for most texts of a page, so worked out once per angle."""
    r = Transform.rotate(rotation)
    # translate @ rotate, as Transform.__matmul__ computes it, with x = y = 0 kept apart
    a, b = 1 * r.a + 0 * r.b, 0 * r.a + 1 * r.b
    c, d = 1 * r.c + 0 * r.d, 0 * r.c + 1 * r.d
    e0, f0 = 1 * r.e + 0 * r.f, 0 * r.e + 1 * r.f
    # ... @ scale(1, -1)
    return (a * 1 + c * 0, b * 1 + d * 0, a * 0 + c * -1, b * 0 + d * -1,
            a * 0 + c * 0, e0, b * 0 + d * 0, f0)


def _text_matrix(x: float, y: float, rotation: float) -> Transform:
    """``translate(x, y) @ rotate(rotation) @ scale(1, -1)`` to the last bit (the same
    float operations in the same order), for the thousands of texts of a booklet."""
    a, b, c, d, e1, e0, f1, f0 = _turn_and_flip(rotation)
    return Transform(a, b, c, d, e1 + (e0 + x), f1 + (f0 + y))


@lru_cache(maxsize=None)
def _outline_font(key: str) -> Any:  # a fontTools TTFont (fontTools has no types)
    from fontTools.ttLib import TTFont
    return TTFont(str(fonts.font_path(key)), lazy=True)


@lru_cache(maxsize=None)
def _outline_metrics(key: str) -> tuple[dict[int, str], dict[str, int], int]:
    """The character map (to glyph names), advance widths and units per em of font *key*,
    from the metrics reader that measures text (fontTools takes ten times as long to
    read the same tables), with fontTools' names for the glyphs."""
    from ..fontfile import FontFile
    metrics = FontFile(fonts.font_path(key))
    order = _outline_font(key).getGlyphOrder()
    names = {code: order[glyph] for code, glyph in metrics.cmap.items()}
    advances = {order[glyph]: metrics.advances[glyph] for glyph in set(metrics.cmap.values())}
    return names, advances, metrics.units_per_em


def _ascii(name: str) -> str:
    """A glyph name as a PDF name's letters: its ASCII letters and digits, and a short hash
    to keep two names apart that differ only elsewhere."""
    readable = "".join(ch if ch.isascii() and ch.isalnum() else "_" for ch in name)
    return f"{readable[:30]}_{hashlib.sha1(name.encode()).hexdigest()[:6]}"


def _path_pen(glyphs: Any, path: Any) -> Any:
    """A fontTools pen drawing into the reportlab path *path* (quadratic curves become
    cubic)."""
    from fontTools.pens.basePen import BasePen

    class Pen(BasePen):  # type: ignore[misc]
        def _moveTo(self, pt: tuple[float, float]) -> None:
            path.moveTo(*pt)

        def _lineTo(self, pt: tuple[float, float]) -> None:
            path.lineTo(*pt)

        def _curveToOne(self, p1: tuple[float, float], p2: tuple[float, float],
                        p3: tuple[float, float]) -> None:
            path.curveTo(*p1, *p2, *p3)

        def _closePath(self) -> None:
            path.close()

    return Pen(glyphs)


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


@lru_cache(maxsize=4096)
def form_name(key: str) -> str:
    """The PDF name of the form XObject drawn for group *key*.

    The same key gets the same name in every document, because kit.pdf replays pages
    drawn for the items' own files together with their forms. Different keys get different
    names: a short hash of the whole key keeps ``my-pack-back`` and ``my_pack-back`` apart
    (a shared name would print one pack's backs for both). Only ASCII letters and digits of
    the key are kept for a reader, since PDF names are bytes (``пак-back`` must not fail).
    Remembered: a page asks for the name each time it places a card.
    """
    readable = "".join(ch if ch.isascii() and ch.isalnum() else "_" for ch in key)
    digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]
    return f"F{readable[:40]}_{digest}"


#: Maps a ``#rrggbb`` colour to the C, M, Y, K fractions to print it with.
Inks = Callable[[str], tuple[float, float, float, float]]


#: Lines thinner than this (mm on the page) print on one plate given ``thin_inks``; the
#: same as :data:`.colour.THIN_LINE`, kept here so a PDF without a profile needs no Pillow.
THIN_LINE = 0.5

#: Solid black, the one ink that overprints with ``overprint_black``.
BLACK = (0.0, 0.0, 0.0, 1.0)


class _Writer:
    def __init__(self, canvas: Canvas, cmyk: bool, inks: Inks | None = None,
                 overprint_black: bool = False, thin_inks: Inks | None = None) -> None:
        self.c = canvas
        self.cmyk = cmyk
        self.inks = inks
        #: The one-plate inks of lines thinner than :data:`THIN_LINE` mm, with *inks*.
        self.thin_inks = thin_inks if inks is not None else None
        #: How much the groups around the item being drawn scale it (a line's width in mm
        #: on the page is its width times this).
        self.scale = 1.0
        #: Solid black (0 0 0 1 through *inks*) overprints: it prints over the other plates
        #: instead of knocking them out, so a shop's misregistration shows no white rim
        #: round black text and frames. Every other colour knocks out.
        self.overprint_black = overprint_black and inks is not None
        #: Inside a group of the registration role: every colour prints in all four inks.
        self.registration = 0
        self.forms: set[str] = set()
        self.colours: dict[str, Any] = {}
        #: The group each form was drawn from, for a document that replays these pages.
        self.form_groups: dict[str, Group] = {}
        #: Inside a group of the :data:`OUTLINED` role: texts are drawn as outlines.
        self.outlined = 0
        #: The glyph forms defined so far, by (font key, glyph name).
        self.glyph_forms: dict[tuple[str, str], str] = {}

    def colour(self, hex_colour: str, thin: bool = False) -> Any:  # a reportlab colour
        if self.inks is not None:
            from reportlab.lib.colors import CMYKColor
            return CMYKColor(*self.cmyk_inks(hex_colour, thin))
        # A page uses a handful of colours thousands of times: parse each once.
        found = self.colours.get(hex_colour)
        if found is None:
            from reportlab.lib.colors import CMYKColor, HexColor
            found = CMYKColor(*cmyk_of(hex_colour)) if self.cmyk else HexColor(hex_colour)
            self.colours[hex_colour] = found
        return found

    def cmyk_inks(self, hex_colour: str, thin: bool = False
                  ) -> tuple[float, float, float, float]:
        """The inks *hex_colour* prints with, *thin* for a line under :data:`THIN_LINE`
        (through the plain formula where no inks were given)."""
        if self.registration and self.inks is not None:
            return (1.0, 1.0, 1.0, 1.0)
        if thin and self.thin_inks is not None:
            return self.thin_inks(hex_colour)
        return self.inks(hex_colour) if self.inks is not None else cmyk_of(hex_colour)

    def black(self, hex_colour: str, thin: bool = False) -> bool:
        """Whether *hex_colour* prints as solid black alone (not in registration colour)."""
        return (self.inks is not None and not self.registration
                and tuple(self.cmyk_inks(hex_colour, thin)) == BLACK)

    def paint(self, paint: Paint) -> tuple[int, int]:
        c = self.c
        if paint.fill:
            c.setFillColor(self.colour(paint.fill))
            if self.overprint_black:
                c.setFillOverprint(self.black(paint.fill))
        if paint.stroke:
            thin = self.thin_inks is not None and paint.width * self.scale < THIN_LINE
            c.setStrokeColor(self.colour(paint.stroke, thin))
            if self.overprint_black:
                c.setStrokeOverprint(self.black(paint.stroke, thin))
            c.setLineWidth(paint.width)
            c.setDash(list(paint.dash) if paint.dash else [])
        if paint.opacity < 1:
            # After the colours: setting a colour sets its own alpha (1) too.
            c.setFillAlpha(paint.opacity)
            c.setStrokeAlpha(paint.opacity)
        return (1 if paint.stroke else 0), (1 if paint.fill else 0)

    def items(self, items: Sequence[Item]) -> None:
        run: list[Text] = []
        for item in items:
            if isinstance(item, Text):
                run.append(item)
                continue
            if run:
                self.texts(run)
                run = []
            self.item(item)
        if run:
            self.texts(run)

    def item(self, item: Item) -> None:
        paint = getattr(item, "paint", None)
        if paint is not None and paint.opacity < 1:
            # A see-through shape: the alpha lives in the graphics state, saved around it.
            self.c.saveState()
            self._item(item)
            self.c.restoreState()
            return
        self._item(item)

    def _item(self, item: Item) -> None:
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
            self.texts([item])
        else:  # pragma: no cover - a new shape must be added to every backend
            raise TypeError(f"unknown scene item {item!r}")

    def texts(self, run: Sequence[Text]) -> None:
        if self.outlined:
            for t in run:
                self.outlines(t)
            return
        self.real_texts(run)

    def outlines(self, t: Text) -> None:
        """*t* as its glyphs' outlines: each glyph a form written once per document (a
        figure repeats a handful of signs and letters hundreds of times), placed along the
        text's baseline and filled in the text's colour. A form runs in a state of its own,
        so one glyph's placement moves the pen on from the last."""
        cmap, advances, upm = _outline_metrics(t.font)
        x0 = 0.0
        if t.anchor != "start":
            width = fonts.measure(t.text, t.font, t.size) + t.word_space * t.spaces
            x0 = {"middle": -width / 2, "end": -width}[t.anchor]
        scale = t.size / upm
        c = self.c
        c.saveState()
        fills = [fill for part, fill in t.runs() for _ in part]
        self.paint(Paint(fill=t.fill))
        fill = t.fill
        m = _text_matrix(t.x, t.y, t.rotation)
        c.transform(m.a, m.b, m.c, m.d, m.a * x0 + m.e, m.b * x0 + m.f)
        c.transform(scale, 0, 0, scale, 0, 0)
        cursor = placed = 0.0     # in font units
        for ch, colour in zip(t.text, fills):
            name = cmap.get(ord(ch))
            if name is None:
                continue
            form = self.glyph_form(t.font, name)
            if form and colour != fill:
                fill = colour
                self.paint(Paint(fill=colour))
            if form:
                c.transform(1, 0, 0, 1, cursor - placed, 0)
                placed = cursor
                c.doForm(form)
            cursor += advances[name] + (t.word_space / scale if ch == " " else 0.0)
        c.restoreState()

    def glyph_form(self, key: str, name: str) -> str:
        """The form drawing glyph *name* of font *key* in font units (y up), filled in
        whatever colour is set where it is placed; "" for a glyph with no outline (a
        space)."""
        found = self.glyph_forms.get((key, name))
        if found is not None:
            return found
        from fontTools.pens.boundsPen import BoundsPen
        glyphs = _outline_font(key).getGlyphSet()
        bounds = BoundsPen(glyphs)
        glyphs[name].draw(bounds)
        if bounds.bounds is None:
            self.glyph_forms[(key, name)] = ""
            return ""
        form = f"G{key}_{_ascii(name)}"
        x0, y0, x1, y1 = bounds.bounds
        c = self.c
        c.beginForm(form, x0, y0, x1, y1)
        path = c.beginPath()
        glyphs[name].draw(_path_pen(glyphs, path))
        # TrueType outlines are filled by the non-zero winding rule.
        c.drawPath(path, stroke=0, fill=1, fillMode=0)
        self.end_form(form)
        self.glyph_forms[(key, name)] = form
        return form

    def real_texts(self, run: Sequence[Text]) -> None:
        """Texts drawn one after another, as one PDF text object: each is placed by its own
        text matrix, and font, colour and word spacing are set only when they change. A
        booklet page has hundreds of lines; a text object and a saved state for each
        (what a canvas.drawString does) cost more than the glyphs."""
        c = self.c
        c.saveState()   # word spacing and the fill colour outlast the text object
        text = c.beginText()
        font: tuple[str, float] | None = None
        fill: str | None = None
        word_space = 0.0
        for t in run:
            x0 = 0.0
            if t.anchor != "start":
                # A line set from its start (a booklet's body text) needs no measuring.
                width = fonts.measure(t.text, t.font, t.size) + t.word_space * t.spaces
                x0 = {"middle": -width / 2, "end": -width}[t.anchor]
            # The page space has y down; glyphs need y up, so each text flips at its
            # baseline, then starts x0 along it.
            m = _text_matrix(t.x, t.y, t.rotation)
            text.setTextTransform(m.a, m.b, m.c, m.d, m.a * x0 + m.e, m.b * x0 + m.f)
            if (t.font, t.size) != font:
                font = (t.font, t.size)
                text.setFont(_font_name(t.font), t.size)
            runs = t.runs()
            if runs[0][1] != fill:
                fill = runs[0][1]
                self.text_fill(text, fill)
            if t.word_space != word_space:
                # PDF word spacing (Tw) keeps a justified line one searchable string.
                word_space = t.word_space
                text.setWordSpace(word_space)
            # A line's coloured runs follow one another from the pen's place: one
            # string still, spaced as a whole.
            for part, colour in runs:
                if colour != fill:
                    fill = colour
                    self.text_fill(text, colour)
                text.textOut(part)
        c.drawText(text)
        c.restoreState()

    def text_fill(self, text: Any, colour: str) -> None:
        text.setFillColor(self.colour(colour))
        if self.overprint_black:
            text.setFillOverprint(self.black(colour))

    def group(self, g: Group) -> None:
        if g.role == OUTLINED:
            self.outlined += 1
            try:
                self._group(g)
            finally:
                self.outlined -= 1
            return
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
        outer = self.scale
        if not t.is_identity:
            c.transform(t.a, t.b, t.c, t.d, t.e, t.f)
            self.scale = outer * abs(t.a * t.d - t.b * t.c) ** 0.5
        if g.key is not None:
            name = form_name(g.key)
            if name not in self.forms:
                self.define_form(name, g)
            if self.overprint_black:
                # A form inherits the overprint of where it is placed, but is drawn as if
                # it started with none: it starts with none.
                c.setFillOverprint(False)
                c.setStrokeOverprint(False)
            c.doForm(name)
        else:
            self.body(g)
        c.restoreState()
        self.scale = outer

    def define_form(self, name: str, g: Group) -> None:
        """Writes *g*'s drawing once as the form *name*, for pages to place."""
        c = self.c
        box = g.clip or Rect(-1000, -1000, 3000, 3000)
        # reportlab takes any number for the form's box; its stubs say int.
        c.beginForm(name, box.x, box.y, box.right, box.bottom)  # type: ignore[arg-type]
        self.body(g)
        self.end_form(name)
        self.forms.add(name)
        self.form_groups[name] = g

    def end_form(self, name: str) -> None:
        """Ends the form *name* begun on the canvas, declaring in its own resources the
        graphics states it sets (overprint, opacity). reportlab names them (``/gRLs0 gs``)
        but writes them into a page's resources only, so a form's names were undefined
        where ISO 32000 looks them up (issue 43: a preflight reports a missing resource,
        and a RIP may drop the overprint). A form that sets none keeps reportlab's own
        resources, byte for byte."""
        c = self.c
        c.endForm()
        from reportlab.pdfbase import pdfdoc
        form = getattr(c, "_doc").idToObject[pdfdoc.xObjectName(name)]
        if not form.ExtGState:
            return
        # What PDFFormXObject.format would make, with the graphics states added.
        resources = pdfdoc.PDFResourceDictionary()
        resources.basicFonts()
        resources.allProcs()
        if form.XObjects:
            setattr(resources, "XObject", form.XObjects)   # attributes the stubs lack
        setattr(resources, "ExtGState", form.ExtGState)
        form.Resources = resources

    def body(self, g: Group) -> None:
        if g.clip is not None:
            path = self.c.beginPath()
            path.rect(g.clip.x, g.clip.y, g.clip.w, g.clip.h)
            self.c.clipPath(path, stroke=0, fill=0)
        self.items(g.items)


def _box(rect: Rect, page_h: float) -> tuple[float, float, float, float]:
    return (round(mm_to_pt(rect.x), 4), round(mm_to_pt(page_h - rect.bottom), 4),
            round(mm_to_pt(rect.right), 4), round(mm_to_pt(page_h - rect.y), 4))


#: A link inside a document: on page *page* (index from 0) the box (mm from the page's top
#: left) that leads to page *to_page*, *to_y* mm from its top; a booklet's
#: :class:`~generator.docs.booklet.units.Link` is one.
PageLink = tuple[int, Rect, int, float]


def _destination(to_page: int, to_y: float) -> str:
    """The name of the place a link leads to: the same place, the same name, in every
    build (two links to one heading share it)."""
    return f"to{to_page}-{to_y:.2f}"


def render(pages: Iterable[Page], *, title: str = "", cmyk: bool = False,
           lang: str | None = None, outline: Sequence[tuple[str, int, int]] = (),
           inks: Inks | None = None, overprint_black: bool = False,
           links: Sequence[PageLink] = (), author: str = "",
           thin_inks: Inks | None = None, subject: str | None = None) -> bytes:
    """The pages as one PDF with embedded font subsets, TrimBox/BleedBox per page and no
    date or random ID, so the same pages always give the same bytes.

    *pages* may be an iterator: each page is drawn as it comes and not kept (its content
    stream is kept compressed), so a file of thousands of pages takes little more memory
    than one of a few.

    *lang* sets the document's language (``en``, ``ru``) for readers and screen readers;
    *outline* lists bookmarks as (title, level from 0, page index), in page order. *inks*
    turns every colour into CMYK its own way (a print shop's profile; see
    :mod:`.pdfx`), and makes groups of the :data:`REGISTRATION` role print in all four;
    with *overprint_black* too, solid black overprints the other inks, and with
    *thin_inks* a stroke thinner than :data:`THIN_LINE` mm prints in those (one plate).

    *links* become link annotations without a border: a click on the box goes to the
    target page, its top edge at the target height. *author* is the document's author
    (the game system's, for a rule booklet); opencards by default. *subject*, if given, is
    the document's subject (reportlab's default says "unspecified").

    :raises: :exc:`ValueError` if there is no page, or a link leads to a page the
        document does not have.
    """
    remaining = iter(pages)
    first = next(remaining, None)
    if first is None:
        raise ValueError("a PDF needs at least one page")
    document = Document(first, title, cmyk, lang=lang, inks=inks,
                        overprint_black=overprint_black, author=author,
                        thin_inks=thin_inks, subject=subject)
    marks: dict[int, list[tuple[str, int]]] = {}
    for text, level, index in outline:
        marks.setdefault(index, []).append((text, level))
    if outline:
        document.canvas.showOutline()
    sources: dict[int, list[tuple[Rect, str]]] = {}
    targets: dict[int, dict[str, float]] = {}
    for on, box, to_page, to_y in links:
        name = _destination(to_page, to_y)
        sources.setdefault(on, []).append((box, name))
        targets.setdefault(to_page, {})[name] = to_y
    count = 0
    for number, page in enumerate(itertools.chain((first,), remaining)):
        for k, (text, level) in enumerate(marks.get(number, [])):
            key = f"p{number}-{k}"
            document.canvas.bookmarkPage(key)
            document.canvas.addOutlineEntry(text, key, level=level)
        document.link(page, sources.get(number, ()), targets.get(number, {}))
        document.page(page)
        count = number + 1
    missing = sorted(p for p in (*sources, *targets) if p >= count)
    if missing:
        raise ValueError(f"a link on or to page {missing[0] + 1}, and the document has "
                         f"{count} page{'s' if count != 1 else ''}")
    return document.finish()


_NAMES_CACHED = False


def _cache_pdf_names() -> None:
    """Makes reportlab's PDFName remember its answers.

    Writing a document turns every dictionary key into a PDF name (``Type`` to ``/Type``)
    one character at a time in Python, tens of thousands of times for a booklet (the
    English one's PDF took 0.29 s of CPU with the original, 0.19 s cached). The function
    depends on its text alone, so a cached one gives the same bytes. reportlab calls it through its module, so replacing the
    module's attribute reaches every call; anything unhashable goes to the original."""
    global _NAMES_CACHED
    if _NAMES_CACHED:
        return
    from reportlab.pdfbase import pdfdoc
    original = pdfdoc.PDFName
    known: dict[str, str] = {}

    def name(data: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs or type(data) is not str:
            return original(data, *args, **kwargs)
        found = known.get(data)
        if found is None:
            found = known[data] = original(data)
        return found

    setattr(name, "__wrapped__", original)
    pdfdoc.PDFName = name
    _NAMES_CACHED = True


#: The PDFs' Producer: the program that wrote them, and the library it writes them with.
PRODUCER = "opencards (ReportLab PDF Library)"


class Document:
    """One PDF being written: a canvas, its writer and its pages (:mod:`.pdfset` writes
    several that share pages)."""

    def __init__(self, first: Page, title: str, cmyk: bool, *, lang: str | None = None,
                 characters: dict[str, str] | None = None, inks: Inks | None = None,
                 overprint_black: bool = False, author: str = "",
                 thin_inks: Inks | None = None, subject: str | None = None) -> None:
        from reportlab.pdfgen.canvas import Canvas
        _cache_pdf_names()
        self.buffer = io.BytesIO()
        # types-reportlab types initialFontName as a number; reportlab wants the font's name.
        self.canvas = Canvas(self.buffer, pagesize=(mm_to_pt(first.width),
                                                    mm_to_pt(first.height)),
                             invariant=1, pageCompression=1,
                             initialFontName=_font_name("regular"),  # type: ignore[arg-type]
                             initialFontSize=9, lang=lang)
        self.canvas.setTitle(title)
        # invariant=1 fixes the dates and the file ID: the same pages give the same bytes.
        self.canvas.setCreator("opencards")
        self.canvas.setProducer(PRODUCER)
        self.canvas.setAuthor(author or "opencards")
        if subject is not None:
            self.canvas.setSubject(subject)
        self.writer = _Writer(self.canvas, cmyk, inks, overprint_black, thin_inks)
        if characters:
            self._number_glyphs(characters)

    def _number_glyphs(self, characters: dict[str, str]) -> None:
        """Gives each font's glyphs their codes, and each font its name, in a fixed order
        (reportlab's TrueType subsets otherwise number them as they are first used)."""
        from reportlab.pdfbase import pdfmetrics
        # reportlab's documented way for TrueType subsets (splitString, then
        # getSubsetInternalName); the stubs know neither, nor the canvas's document.
        doc = getattr(self.canvas, "_doc")
        fonts: list[Any] = [pdfmetrics.getFont(_font_name(key)) for key in characters]
        for font, chars in zip(fonts, characters.values()):
            font.splitString(chars, doc)
        for font in fonts:
            font.getSubsetInternalName(0, doc)

    def _begin(self, page: Page) -> None:
        c = self.canvas
        c.setPageSize((mm_to_pt(page.width), mm_to_pt(page.height)))
        full = Rect(0, 0, page.width, page.height)
        c.setTrimBox(_box(page.trim or full, page.height))
        c.setBleedBox(_box(page.bleed or page.trim or full, page.height))

    def link(self, page: Page, boxes: Iterable[tuple[Rect, str]],
             places: dict[str, float]) -> None:
        """Before *page* is drawn: its link annotations (each box, mm from the top left,
        leading to a named place) and the named places on it (mm from its top), in page
        space without the drawing's transform, which only the page's stream has."""
        c = self.canvas
        for name, y in places.items():
            c.bookmarkHorizontalAbsolute(name, round(mm_to_pt(page.height - y), 4))
        for box, name in boxes:
            c.linkRect("", name, _box(box, page.height), relative=0, thickness=0)

    def page(self, page: Page) -> tuple[list[str], list[str]]:
        """Draws *page*; returns its content stream and the forms it uses."""
        c = self.canvas
        self._begin(page)
        c.saveState()
        if self.writer.overprint_black:
            # Overprint mode 1: an ink at 0 leaves the plate below alone (black over a
            # colour keeps the colour under it), as PDF/X workflows expect.
            c.setOverprintMask(True)
        c.transform(_PT, 0, 0, -_PT, 0, mm_to_pt(page.height))
        if page.background:
            full = Rect(0, 0, page.width, page.height)
            self.writer.item(Box(full, Paint(fill=page.background)))
        self.writer.items(page.items)
        c.restoreState()
        # The page's stream and forms as reportlab holds them until showPage.
        drawn = (list(getattr(c, "_code")), list(getattr(c, "_formsinuse")))
        self._show_page()
        return drawn

    def _show_page(self) -> None:
        """Ends the page, and compresses its content stream at once.

        reportlab keeps every page's stream as text until :meth:`finish` and compresses
        them all then: 6 MB for the 236 pages of a 4,096-card set. Compressed here, with
        the filters reportlab would apply and in the same order, the stream takes a tenth
        of that and the bytes written are the same: reportlab writes a stream whose
        dictionary already names its filter as it is ("only apply filters if they haven't
        been applied elsewhere", :class:`reportlab.pdfbase.pdfdoc.PDFStream`), and a page
        whose Contents is set keeps it (every PDF attribute of a page may be set).
        """
        self.canvas.showPage()
        from reportlab import rl_config
        from reportlab.pdfbase import pdfdoc
        page = getattr(self.canvas, "_doc").Pages.pages[-1]
        if page.Contents or not page.stream or not page.compression:
            return  # reportlab's own way: nothing to compress, or not asked to
        filters: list[Any] = ([pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress]
                              if rl_config.useA85 else [pdfdoc.PDFZCompress])
        content = page.stream
        for encoding in reversed(filters):
            content = encoding.encode(content)
        stream = pdfdoc.PDFStream(content=content)
        stream.dictionary["Filter"] = pdfdoc.PDFArray(
            [pdfdoc.PDFName(f.pdfname) for f in filters])
        setattr(stream, "__Comment__", "page stream")  # as reportlab names it; not in stubs
        page.Contents = stream
        page.stream = None

    def replay(self, page: Page, code: list[str], forms: list[str],
               groups: dict[str, Group]) -> None:
        """Writes a page drawn in another document: its stream, and the forms it uses,
        defined here from their groups where this document lacks them."""
        for name in forms:
            if name not in self.writer.forms:
                self.writer.define_form(name, groups[name])
        self._begin(page)
        getattr(self.canvas, "_code").extend(code)
        getattr(self.canvas, "_formsinuse").extend(forms)
        self._show_page()

    def finish(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()
