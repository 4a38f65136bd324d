"""The unfiltered PNG writer takes the pixels a band of rows at a time (issue 15): an image
of several bands, the last one short, decodes to the same pixels, every row once."""
from __future__ import annotations

import io
import zlib

from PIL import Image, ImageChops, ImageDraw

from generator.draw.backends import png


def test_an_image_of_several_bands_decodes_to_the_same_pixels():
    height = png._BAND * 3 + 7
    image = Image.new("RGB", (53, height), "white")
    draw = ImageDraw.Draw(image)
    for y in range(0, height, 5):
        # A different colour on every fifth row: a row written twice or dropped shows.
        draw.line((0, y, 52, height - y), fill=(y % 256, 255 - y % 256, 90), width=1)
    data = png.encode_unfiltered(image, dpi=150)
    back = Image.open(io.BytesIO(data))
    back.load()
    assert back.size == (53, height)
    assert ImageChops.difference(back.convert("RGB"), image).getbbox() is None
    idat = data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8]
    assert len(zlib.decompress(idat)) == height * (53 * 3 + 1)
