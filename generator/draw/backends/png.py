"""PNG backend (Pillow). mm -> px happens here; shapes are drawn at a multiple of the
target resolution and scaled down, which is how edges get antialiased."""
from __future__ import annotations

import io
import math
import struct
import zlib
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from .. import fonts
from ..geometry import Rect, Transform
from ..scene import (Box, Circle, Group, Item, Line, Page, Paint, Polygon, Text, runs_of,
                     words_of)
from ...model.units import mm_to_px

if TYPE_CHECKING:  # Pillow is imported where used: commands that draw no PNG skip it
    from PIL import Image, ImageFont

_MAX_PIXELS = 40_000_000  # keeps the oversampled canvas of a large page within memory
_BAND = 32  # rows encoded at a time by encode_unfiltered (measured: 16-64 are alike)


@lru_cache(maxsize=64)
def _font(key: str, px: int) -> ImageFont.FreeTypeFont:
    from PIL import ImageFont
    return ImageFont.truetype(str(fonts.font_path(key)), px)


#: Pillow's quarter turns, clockwise on the page (y down).
_QUARTERS = {90: "ROTATE_270", 180: "ROTATE_180", 270: "ROTATE_90"}


@lru_cache(maxsize=2048)
def _text_mask(key: str, px: int, text: str, anchor: str, fx: float, fy: float,
               turn: int = 0) -> tuple[Image.Image | None, int, int]:
    """The coverage of *text* as an "L" mask, anchored (fx, fy) past a whole pixel and
    turned *turn* degrees clockwise (a quarter turn, anchored on the pixel), and the
    offset of the mask's top left corner from that pixel; None for a text that covers
    nothing, such as a space."""
    from PIL import Image, ImageDraw
    font = _font(key, px)
    left, top, right, bottom = font.getbbox(text, anchor=anchor)
    x0, y0 = math.floor(left + fx) - 1, math.floor(top + fy) - 1
    w, h = math.ceil(right + fx) + 1 - x0, math.ceil(bottom + fy) + 1 - y0
    if right <= left or bottom <= top:
        return None, 0, 0
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).text((fx - x0, fy - y0), text, font=font, fill=255, anchor=anchor)
    if not turn:
        return mask, x0, y0
    # The anchor's place in the mask, carried through the turn.
    ax, ay = -x0, -y0
    ax, ay = {90: (h - ay, ax), 180: (w - ax, h - ay), 270: (ay, w - ax)}[turn]
    return mask.transpose(getattr(Image.Transpose, _QUARTERS[turn])), -ax, -ay


def _rgba(hex_colour: str) -> tuple[int, int, int, int]:
    return (int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16), 255)


class _Painter:
    def __init__(self, image: Image.Image, transform: Transform, *,
                 reuse_text: bool = False) -> None:
        from PIL import ImageDraw
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.t = transform
        #: Texts rendered once and pasted where they recur (see :meth:`text`).
        self.reuse_text = reuse_text

    def px(self, mm: float) -> float:
        return mm * self.t.scale_factor

    def items(self, items: tuple[Item, ...]) -> None:
        for item in items:
            self.item(item)

    def item(self, item: Item) -> None:
        if not isinstance(item, (Group, Text)) and item.paint.opacity < 1:
            self.translucent(item)
        elif isinstance(item, Group):
            self.group(item)
        elif isinstance(item, Box):
            self.box(item)
        elif isinstance(item, Circle):
            self.circle(item)
        elif isinstance(item, Line):
            self.line(item.x1, item.y1, item.x2, item.y2, item.paint)
        elif isinstance(item, Polygon):
            self.polygon(item)
        elif isinstance(item, Text):
            self.text(item)
        else:  # pragma: no cover
            raise TypeError(f"unknown scene item {item!r}")

    def translucent(self, item: Box | Circle | Line | Polygon) -> None:
        """A see-through shape: drawn opaque on a layer of its own, whose coverage is then
        weakened to the shape's opacity and laid over the picture, so parts of one shape
        that overlap (a bent shaft's joints) are not doubled, as in SVG and PDF."""
        from PIL import Image
        paint = item.paint
        grow = paint.width if paint.stroke else 0.0
        if isinstance(item, Box):
            outline = item.rect.inset(-grow).corners()
        elif isinstance(item, Circle):
            r = item.r + grow
            outline = ((item.cx - r, item.cy - r), (item.cx + r, item.cy + r))
        elif isinstance(item, Line):
            outline = ((item.x1, item.y1), (item.x2, item.y2))
        else:
            outline = item.points
        box = Rect.bounding(self.t.apply(x, y) for x, y in outline)
        pad = self.px(grow) + 2
        x0, y0 = math.floor(box.x - pad), math.floor(box.y - pad)
        x1, y1 = math.ceil(box.right + pad), math.ceil(box.bottom + pad)
        layer = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
        _Painter(layer, Transform.translate(-x0, -y0) @ self.t).item(
            replace(item, paint=replace(paint, opacity=1.0)))
        alpha = layer.getchannel("A").point(lambda v: round(v * paint.opacity))
        layer.putalpha(alpha)
        _paste(self.image, layer, x0, y0)

    def box(self, b: Box) -> None:
        r = b.rect
        axis_aligned = abs(self.t.b) < 1e-9 and abs(self.t.c) < 1e-9
        if b.paint.stroke and b.paint.dash:
            # Dashes run on round the corners, clockwise from the top left (after a rounded
            # corner) as in SVG.
            if b.paint.fill:
                self.box(replace(b, paint=replace(b.paint, stroke=None)))
            self.dashed(_rounded(r, b.radius) if b.radius else r.corners(), b.paint,
                        closed=True)
            return
        if not axis_aligned:
            self.polygon(Polygon(r.corners(), b.paint))
            return
        box = self.t.apply_rect(r)
        radius = self.px(b.radius)
        if b.paint.fill:
            self.draw.rounded_rectangle((box.x, box.y, box.right - 1, box.bottom - 1),
                                        radius=radius, fill=_rgba(b.paint.fill))
        if b.paint.stroke:
            # PDF and SVG centre a stroke on the path; Pillow draws it inside the box.
            half = self.px(b.paint.width) / 2
            grown = box.inset(-half)
            self.draw.rounded_rectangle((grown.x, grown.y, grown.right - 1, grown.bottom - 1),
                                        radius=radius + half, outline=_rgba(b.paint.stroke),
                                        width=max(1, round(self.px(b.paint.width))))

    def circle(self, c: Circle) -> None:
        x, y = self.t.apply(c.cx, c.cy)
        r = self.px(c.r)
        if c.paint.fill:
            self.draw.ellipse((x - r, y - r, x + r, y + r), fill=_rgba(c.paint.fill))
        if c.paint.stroke and c.paint.dash:
            # From three o'clock on round, as SVG starts a circle's dashes.
            steps = max(24, round(self.px(c.r) / 2))
            ring = [(c.cx + c.r * math.cos(2 * math.pi * k / steps),
                     c.cy + c.r * math.sin(2 * math.pi * k / steps)) for k in range(steps)]
            self.dashed(ring, c.paint, closed=True)
        elif c.paint.stroke:
            half = self.px(c.paint.width) / 2
            self.draw.ellipse((x - r - half, y - r - half, x + r + half, y + r + half),
                              outline=_rgba(c.paint.stroke),
                              width=max(1, round(self.px(c.paint.width))))

    def line(self, x1: float, y1: float, x2: float, y2: float, paint: Paint) -> None:
        if not paint.stroke:
            return
        width = max(1, round(self.px(paint.width)))
        colour = _rgba(paint.stroke)
        segments = [(x1, y1, x2, y2)]
        if paint.dash:
            segments = _dashes(x1, y1, x2, y2, paint.dash)
        for a, b, c, d in segments:
            self.draw.line((self.t.apply(a, b), self.t.apply(c, d)), fill=colour, width=width)

    def dashed(self, points: Sequence[tuple[float, float]], paint: Paint, *,
               closed: bool) -> None:
        """The dashes of *paint* along the path through *points* (mm), running on round
        its corners; each dash is one stroke with rounded joints."""
        if paint.stroke is None:
            return
        width = max(1, round(self.px(paint.width)))
        colour = _rgba(paint.stroke)
        for run in _dash_runs(list(points) + ([points[0]] if closed else []), paint.dash):
            self.draw.line([self.t.apply(x, y) for x, y in run], fill=colour, width=width,
                           joint="curve")

    def polygon(self, p: Polygon) -> None:
        points = [self.t.apply(x, y) for x, y in p.points]
        if p.paint.fill and p.closed:
            self.draw.polygon(points, fill=_rgba(p.paint.fill))
        if p.paint.stroke and p.paint.dash:
            self.dashed(p.points, p.paint, closed=p.closed)
        elif p.paint.stroke:
            ring = list(p.points) + ([p.points[0]] if p.closed else [])
            for (a, b), (c, d) in zip(ring, ring[1:]):
                self.line(a, b, c, d, p.paint)

    def text(self, t: Text) -> None:
        if t.colours:
            for part in runs_of(t, fonts.measure):
                self.text(part)
            return
        if t.word_space and t.rotation == 0:
            for part in words_of(t, fonts.measure):
                self.text(part)
            return
        size_px = max(1, round(self.px(t.size)))
        anchor = {"start": "ls", "middle": "ms", "end": "rs"}[t.anchor]
        x, y = self.t.apply(t.x, t.y)
        turn = (t.rotation + self.t.rotation) % 360
        square = round(turn) % 360
        if self.reuse_text and abs(turn - round(turn)) < 1e-6 and square % 90 == 0:
            # A picture repeats its texts (a table of cards draws the same pip and index
            # hundreds of times): each is rendered once (upright at a half-pixel step,
            # turned on whole pixels as before) and its coverage pasted in the text's
            # colour wherever it recurs. Pasting a colour through a mask blends as Pillow's
            # own text drawing does, on the opaque page and on a clipped group's layer.
            fx, fy = 0.0, 0.0
            if square:
                ix, iy = round(x), round(y)
            else:
                qx, qy = round(x * 2) / 2, round(y * 2) / 2
                ix, iy = math.floor(qx), math.floor(qy)
                fx, fy = qx - ix, qy - iy
            mask, off_x, off_y = _text_mask(t.font, size_px, t.text, anchor, fx, fy, square)
            if mask is not None:
                x0, y0 = ix + off_x, iy + off_y
                colour = _rgba(t.fill)[:len(self.image.mode)]
                self.image.paste(colour, (x0, y0, x0 + mask.width, y0 + mask.height), mask)
            return
        font = _font(t.font, size_px)
        if abs(turn) < 1e-6 or abs(turn - 360) < 1e-6:
            self.draw.text((x, y), t.text, font=font, fill=_rgba(t.fill), anchor=anchor)
            return
        # Pillow cannot turn text, so draw it on its own layer around the anchor point
        # and turn that layer.
        from PIL import Image, ImageDraw
        left, top, right, bottom = font.getbbox(t.text, anchor=anchor)
        pad = 2
        # Whole pixels: FreeType's boxes already are, the type of getbbox allows fractions.
        w, h = math.ceil(right - left) + 2 * pad, math.ceil(bottom - top) + 2 * pad
        layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        ImageDraw.Draw(layer).text((pad - left, pad - top), t.text, font=font,
                                   fill=_rgba(t.fill), anchor=anchor)
        ax, ay = pad - left, pad - top  # the anchor point inside the layer
        quarter = {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180,
                   270: Image.Transpose.ROTATE_90}
        if round(turn) in quarter and abs(turn - round(turn)) < 1e-6:
            turned = layer.transpose(quarter[round(turn)])
        else:
            turned = layer.rotate(-turn, resample=Image.Resampling.BICUBIC, expand=True)
        # The layer turns about its centre; follow the anchor point (clockwise, y down).
        rad = math.radians(turn)
        ox, oy = ax - w / 2, ay - h / 2
        rx = ox * math.cos(rad) - oy * math.sin(rad)
        ry = ox * math.sin(rad) + oy * math.cos(rad)
        _paste(self.image, turned, round(x - (turned.width / 2 + rx)),
               round(y - (turned.height / 2 + ry)))

    def group(self, g: Group) -> None:
        inner = self.t @ g.transform
        if g.clip is None:
            saved = self.t
            self.t = inner
            self.items(g.items)
            self.t = saved
            return
        box = inner.apply_rect(g.clip)
        x0, y0 = math.floor(box.x + 0.5), math.floor(box.y + 0.5)
        x1, y1 = math.floor(box.right + 0.5), math.floor(box.bottom + 0.5)
        if x1 <= x0 or y1 <= y0:
            return
        from PIL import Image
        layer = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
        _Painter(layer, Transform.translate(-x0, -y0) @ inner,
                 reuse_text=self.reuse_text).items(g.items)
        _paste(self.image, layer, x0, y0)


def _paste(base: Image.Image, layer: Image.Image, x: int, y: int) -> None:
    """Alpha-composites *layer* onto *base* at (x, y), cutting off what falls outside.
    An opaque RGB base takes the layer through its alpha as a mask, which composites the
    same way without the RGBA canvas (see :func:`render_image`)."""
    left, top = max(0, -x), max(0, -y)
    right = min(layer.width, base.width - x)
    bottom = min(layer.height, base.height - y)
    if right <= left or bottom <= top:
        return
    part = layer.crop((left, top, right, bottom))
    if base.mode == "RGB":
        base.paste(part, (x + left, y + top), part)
    else:
        base.alpha_composite(part, dest=(x + left, y + top))


def _rounded(r: Rect, radius: float, steps: int = 8) -> list[tuple[float, float]]:
    """The outline of *r* with corners rounded to *radius*, clockwise from the top edge's
    start, each quarter circle as *steps* segments."""
    radius = min(radius, r.w / 2, r.h / 2)
    points: list[tuple[float, float]] = []
    # Corner centres and the angle each arc starts at (y down: clockwise is increasing).
    for cx, cy, start in ((r.right - radius, r.y + radius, -90), (r.right - radius,
                          r.bottom - radius, 0), (r.x + radius, r.bottom - radius, 90),
                          (r.x + radius, r.y + radius, 180)):
        for k in range(steps + 1):
            a = math.radians(start + 90 * k / steps)
            points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    # Start where SVG starts a rounded rect's path: the top edge, after the first corner.
    return [(r.x + radius, r.y)] + points


def _dash_runs(points: list[tuple[float, float]], dash: tuple[float, ...]
               ) -> list[list[tuple[float, float]]]:
    """The dashes along the path through *points*, each as the points it passes: the
    pattern runs on from one segment into the next, as SVG and PDF dash a path."""
    runs: list[list[tuple[float, float]]] = []
    if sum(dash) <= 0:
        return [points]
    i, left = 0, dash[0]  # the dash (even) or gap (odd) under way, and what is left of it
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        length = math.hypot(x2 - x1, y2 - y1)
        pos = 0.0
        while length > 0:
            step = min(left, length - pos)
            if i % 2 == 0:
                a = (x1 + (x2 - x1) * pos / length, y1 + (y2 - y1) * pos / length)
                b = (x1 + (x2 - x1) * (pos + step) / length,
                     y1 + (y2 - y1) * (pos + step) / length)
                if runs and runs[-1][-1] == a:
                    runs[-1].append(b)
                else:
                    runs.append([a, b])
            pos += step
            left -= step
            if left <= 1e-12:
                i += 1
                left = dash[i % len(dash)]
            if pos >= length - 1e-12:
                break
    return runs


def _dashes(x1: float, y1: float, x2: float, y2: float, dash: tuple[float, ...]
            ) -> list[tuple[float, float, float, float]]:
    length = math.hypot(x2 - x1, y2 - y1)
    if length == 0:
        return []
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    out, pos, i = [], 0.0, 0
    while pos < length:
        run = dash[i % len(dash)]
        if i % 2 == 0:
            end = min(length, pos + run)
            out.append((x1 + ux * pos, y1 + uy * pos, x1 + ux * end, y1 + uy * end))
        pos += run
        i += 1
    return out


def render(page: Page, *, dpi: float = 300, oversample: int = 4,
           compress_level: int = 6, filtered: bool = True,
           icc_profile: bytes | None = None, reuse_text: bool = False) -> bytes:
    """One page as PNG bytes at *dpi*, with the dpi recorded in the file, and
    *icc_profile* (the colour space the pixels are in) embedded if given. *filtered* False
    writes the rows unfiltered (:func:`encode_unfiltered`): a screen picture that must be
    quick, at the price of a larger file (and no profile). *reuse_text* renders each
    distinct text once and pastes it where it recurs, placed to half a pixel instead of
    FreeType's 1/64: quicker for a page of repeated texts (a patience table), and it
    changes the pixels of text edges, so it is asked for, not the default."""
    image = render_image(page, dpi=dpi, oversample=oversample, reuse_text=reuse_text)
    if not filtered:
        return encode_unfiltered(image, dpi=dpi, compress_level=compress_level)
    out = io.BytesIO()
    extra = {"icc_profile": icc_profile} if icc_profile is not None else {}
    image.save(out, format="PNG", dpi=(dpi, dpi), compress_level=compress_level, **extra)
    return out.getvalue()


def encode_unfiltered(image: Image.Image, *, dpi: float, compress_level: int = 1) -> bytes:
    """An RGB image as PNG bytes with every row unfiltered. Pillow's encoder tries five
    filters on every row and keeps the best, which takes longer than the deflate itself on
    a large page; a drawing of flat colours on white compresses nearly as well without
    (a patience table: about a fifth larger, written in half the time)."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    width, height = image.size
    stride = width * 3
    # Each row is filter byte 0 and the row's bytes, fed to the compressor as they are.
    # The pixels are taken a band of rows at a time: the whole image's bytes at once (44 MB
    # for the Empress's table) cost a copy and a join, and the compressor then reads them
    # back from main memory; a band stays in the processor's cache (half the time).
    deflate = zlib.compressobj(compress_level)
    parts = []
    for top in range(0, height, _BAND):
        raw = memoryview(image.crop((0, top, width, min(height, top + _BAND))).tobytes())
        for start in range(0, len(raw), stride):
            parts.append(deflate.compress(b"\x00"))
            parts.append(deflate.compress(raw[start:start + stride]))
    parts.append(deflate.flush())
    per_metre = round(dpi / 0.0254)

    def chunk(tag: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + tag + body
                + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF))

    return b"".join((b"\x89PNG\r\n\x1a\n",
                     chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
                     chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
                     chunk(b"IDAT", b"".join(parts)),
                     chunk(b"IEND", b"")))


def render_image(page: Page, *, dpi: float = 300, oversample: int = 4,
                 reuse_text: bool = False) -> Image.Image:
    """One page as an RGB image at *dpi*, drawn at *oversample* times the size and scaled
    down; animations, whose palette loses fine shading anyway, may ask for less."""
    from PIL import Image
    from .raster import check_pixels
    # Memory is that of the image: one too large is refused in one line, not half drawn.
    check_pixels(page, dpi, "the dpi")
    width = max(1, round(mm_to_px(page.width, dpi)))
    height = max(1, round(mm_to_px(page.height, dpi)))
    factor = oversample
    while factor > 1 and width * height * factor * factor > _MAX_PIXELS:
        factor //= 2
    # The page is opaque, so the canvas is RGB: an RGBA one would be converted to
    # premultiplied alpha and back to be reduced, and then to RGB, three passes over the
    # largest image of the render (a third of a patience table's time).
    big = Image.new("RGB", (width * factor, height * factor),
                    _rgba(page.background or "#ffffff")[:3])
    scale = width * factor / page.width
    _Painter(big, Transform.scale(scale, height * factor / page.height),
             reuse_text=reuse_text).items(page.items)
    return big.reduce(factor) if factor > 1 else big
