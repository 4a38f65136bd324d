"""The unfiltered PNG writer that patience tables use, and the opaque RGB canvas: same
pixels as Pillow's own encoder, the dpi recorded, a file any reader opens."""
from __future__ import annotations

import io
import zlib

from PIL import Image, ImageChops, ImageDraw

from generator.draw.backends import png
from generator.draw.geometry import Rect
from generator.draw.scene import Box, Group, Page, Paint, Text
from generator.draw.geometry import Transform


def _picture() -> Image.Image:
    image = Image.new("RGB", (37, 23), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((3, 4, 20, 15), fill=(200, 30, 40))
    draw.line((0, 22, 36, 0), fill=(10, 20, 200), width=2)
    return image


def test_unfiltered_png_decodes_to_the_same_pixels_with_its_dpi():
    image = _picture()
    data = png.encode_unfiltered(image, dpi=150)
    back = Image.open(io.BytesIO(data))
    back.load()
    assert back.format == "PNG" and back.mode == "RGB" and back.size == (37, 23)
    assert ImageChops.difference(back, image).getbbox() is None
    assert round(back.info["dpi"][0]) == 150
    # Every row is written with filter 0 (none): the first byte of each decoded row.
    idat = data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8]
    rows = zlib.decompress(idat)
    stride = 37 * 3 + 1
    assert len(rows) == 23 * stride and all(rows[i * stride] == 0 for i in range(23))


def test_unfiltered_png_is_the_same_bytes_every_time():
    assert png.encode_unfiltered(_picture(), dpi=96) == png.encode_unfiltered(_picture(), dpi=96)


def test_render_on_an_rgb_canvas_composites_layers_like_alpha_compositing():
    # A clipped group (drawn on its own layer and pasted) and turned text (a layer too).
    paint = Paint(fill="#2040c0")
    inner = Group((Box(Rect(0, 0, 30, 30), paint),), Transform(), clip=Rect(5, 5, 10, 10))
    page = Page(40, 40, (inner, Text(20, 30, "K", 8, "#c02020", rotation=90)),
                background="#ffffff")
    image = png.render_image(page, dpi=100, oversample=2)
    assert image.mode == "RGB"
    px = image.load()
    # Inside the clip the box's colour; outside it, paper.
    centre = round(10 / 25.4 * 100)
    assert px[centre, centre] == (0x20, 0x40, 0xC0)
    assert px[2, 2] == (255, 255, 255)
    filtered = Image.open(io.BytesIO(png.render(page, dpi=100, oversample=2)))
    unfiltered = Image.open(io.BytesIO(png.render(page, dpi=100, oversample=2,
                                                  filtered=False)))
    assert ImageChops.difference(filtered.convert("RGB"), unfiltered).getbbox() is None
