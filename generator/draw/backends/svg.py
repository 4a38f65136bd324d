"""SVG backend (svgwrite). Units stay mm through the viewBox; text is written as outlines
so the file looks the same on machines without the bundled fonts, or, asked for, as real
``<text>`` in the bundled fonts, embedded as subsets, so that it can be selected, searched
and edited. Ids are explicit and numbers have three decimals, so the same page always gives
the same text."""
from __future__ import annotations

import base64
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .. import fonts
from ..geometry import Transform
from ..scene import (Box, Circle, Group, Item, Line, Page, Paint, Polygon, Text, fmt, runs_of,
                     words_of)

if TYPE_CHECKING:  # svgwrite is imported where used: commands that write no SVG skip it
    import svgwrite


def _matrix(t: Transform) -> str:
    return "matrix(" + " ".join(fmt(v) for v in (t.a, t.b, t.c, t.d, t.e, t.f)) + ")"


class _SvgWriter:
    def __init__(self, dwg: svgwrite.Drawing, prefix: str, reuse: bool = False,
                 real_text: bool = False) -> None:
        self.dwg = dwg
        self.prefix = prefix
        self.clips = 0
        self.reuse = reuse
        self.real_text = real_text
        self.defined: set[str] = set()
        self.outlines: dict[tuple[str, str, str, str], str] = {}
        #: The characters set in real text, by font: what each embedded subset holds.
        self.chars: dict[str, set[str]] = {}

    def paint(self, paint: Paint) -> dict[str, str]:
        attrs = {"fill": paint.fill or "none"}
        if paint.stroke:
            attrs.update({"stroke": paint.stroke, "stroke_width": fmt(paint.width)})
            if paint.dash:
                attrs["stroke_dasharray"] = ",".join(fmt(d) for d in paint.dash)
        if paint.opacity < 1:
            attrs["opacity"] = fmt(paint.opacity)
        return attrs

    def items(self, items: Sequence[Item], parent: Any) -> None:
        for item in items:
            parent.add(self.element(item))

    def element(self, item: Item) -> Any:  # an svgwrite element (svgwrite has no types)
        d = self.dwg
        if isinstance(item, Group):
            if self.reuse and item.key is not None:
                return self.use(item)
            return self.group(item)
        if isinstance(item, Box):
            r = item.rect
            extra = {"rx": fmt(item.radius), "ry": fmt(item.radius)} if item.radius else {}
            return d.rect(insert=(fmt(r.x), fmt(r.y)), size=(fmt(r.w), fmt(r.h)),
                          **extra, **self.paint(item.paint))
        if isinstance(item, Circle):
            return d.circle(center=(fmt(item.cx), fmt(item.cy)), r=fmt(item.r),
                            **self.paint(item.paint))
        if isinstance(item, Line):
            return d.line(start=(fmt(item.x1), fmt(item.y1)), end=(fmt(item.x2), fmt(item.y2)),
                          **self.paint(item.paint))
        if isinstance(item, Polygon):
            points = [(fmt(x), fmt(y)) for x, y in item.points]
            make = d.polygon if item.closed else d.polyline
            return make(points=points, **self.paint(item.paint))
        if isinstance(item, Text):
            return self.text(item)
        raise TypeError(f"unknown scene item {item!r}")  # pragma: no cover

    def text(self, t: Text) -> Any:
        if self.real_text:
            return self.real(t)
        if t.colours:
            group = self.dwg.g()
            for part in runs_of(t, fonts.measure):
                group.add(self.text(part))
            return group
        if t.word_space and t.rotation == 0:
            group = self.dwg.g()
            for part in words_of(t, fonts.measure):
                group.add(self.text(part))
            return group
        width = fonts.measure(t.text, t.font, t.size)
        x0 = {"start": 0.0, "middle": -width / 2, "end": -width}[t.anchor]
        if self.reuse:
            return self.glyphs(t, x0)
        path = self.dwg.path(d=fonts.outline(t.text, t.font, t.size, x0, 0.0), fill=t.fill)
        path["transform"] = _matrix(Transform.translate(t.x, t.y) @ Transform.rotate(t.rotation))
        path["aria-label"] = t.text
        return path

    def real(self, t: Text) -> Any:
        """Text as a ``<text>`` element in the bundled font, started where the outlines
        would start (the font's own advances, no kerning), so it lands where they do."""
        width = fonts.measure(t.text, t.font, t.size) + t.word_space * t.spaces
        x0 = {"start": 0.0, "middle": -width / 2, "end": -width}[t.anchor]
        name, weight = fonts.family(t.font)
        self.chars.setdefault(t.font, set()).update(t.text)
        element = self.dwg.text("" if t.colours else t.text, insert=(fmt(x0), 0),
                                fill=t.fill, font_family=name, font_size=fmt(t.size))
        if t.colours:
            # One text element still, its coloured runs as spans: read and copied whole.
            for part, fill in t.runs():
                element.add(self.dwg.tspan(part, fill=fill))
        if weight != "normal":
            element["font-weight"] = weight
        if t.word_space:
            element["word-spacing"] = fmt(t.word_space)
        element["transform"] = _matrix(Transform.translate(t.x, t.y)
                                       @ Transform.rotate(t.rotation))
        element["xml:space"] = "preserve"
        return element

    def font_faces(self) -> None:
        """One ``@font-face`` a font used, its subset embedded as a data URI."""
        if not self.chars:
            return
        rules = []
        for key in sorted(self.chars):
            name, weight = fonts.family(key)
            data = base64.b64encode(fonts.subset(key, "".join(sorted(self.chars[key]))))
            rules.append(f"@font-face {{ font-family: '{name}'; font-weight: {weight}; "
                         f"src: url(data:font/ttf;base64,{data.decode('ascii')}) "
                         "format('truetype'); }")
        rules.append("text { font-kerning: none; }")
        self.dwg.defs.add(self.dwg.style("\n".join(rules)))

    def glyphs(self, t: Text, x0: float) -> Any:
        """Text as a reference to its outline, written once per text, font and size; the
        fill sits on the reference so one outline serves every colour."""
        ref = f"{self.prefix}t{len(self.outlines) + 1}"
        ref = self.outlines.setdefault((t.text, t.font, fmt(t.size), fmt(x0)), ref)
        if ref not in self.defined:
            self.defined.add(ref)
            path = self.dwg.path(d=fonts.outline(t.text, t.font, t.size, x0, 0.0), id=ref)
            path["aria-label"] = t.text
            self.dwg.defs.add(path)
        use = self.dwg.use(f"#{ref}", fill=t.fill)
        use["transform"] = _matrix(Transform.translate(t.x, t.y) @ Transform.rotate(t.rotation))
        return use

    def use(self, g: Group) -> Any:
        """A keyed group is written once into <defs> and drawn again by reference."""
        ref = self.prefix + "k-" + "".join(ch if ch.isalnum() else "-" for ch in str(g.key))
        if ref not in self.defined:
            self.defined.add(ref)
            element = self.group(g)
            element["id"] = ref
            self.dwg.defs.add(element)
        return self.dwg.use(f"#{ref}")

    def group(self, g: Group) -> Any:
        element = self.dwg.g()
        if not g.transform.is_identity:
            element["transform"] = _matrix(g.transform)
        if g.role:
            element["class"] = g.role
        if g.clip is not None:
            self.clips += 1
            clip_id = f"{self.prefix}clip{self.clips}"
            clip = self.dwg.defs.add(self.dwg.clipPath(id=clip_id))
            c = g.clip
            clip.add(self.dwg.rect(insert=(fmt(c.x), fmt(c.y)), size=(fmt(c.w), fmt(c.h))))
            inner = self.dwg.g(clip_path=f"url(#{clip_id})")
            self.items(g.items, inner)
            element.add(inner)
        else:
            self.items(g.items, element)
        return element


def render(page: Page, *, prefix: str = "", reuse: bool = False,
           real_text: bool = False) -> str:
    """One page as a standalone SVG document sized in mm. With *reuse*, every group with a
    key is written once into ``<defs>`` and drawn by ``<use>`` wherever it appears, which
    keeps a figure of 64 cards small; without it the output is the plain nested drawing.
    With *real_text*, text is ``<text>`` in the bundled fonts, embedded as subsets of the
    characters used (each font once, as ``@font-face``), instead of outlines."""
    import svgwrite
    dwg = svgwrite.Drawing(size=(f"{fmt(page.width)}mm", f"{fmt(page.height)}mm"),
                           viewBox=f"0 0 {fmt(page.width)} {fmt(page.height)}",
                           profile="full", debug=False)
    if page.label:
        dwg.set_desc(title=page.label)
    writer = _SvgWriter(dwg, prefix, reuse, real_text)
    if page.background:
        dwg.add(dwg.rect(insert=(0, 0), size=(fmt(page.width), fmt(page.height)),
                         fill=page.background))
    writer.items(page.items, dwg)
    writer.font_faces()
    return str(dwg.tostring()) + "\n"
