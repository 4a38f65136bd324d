"""Animated GIF backend (Pillow): pages drawn by the PNG backend, one frame each, on one
shared palette so colours hold still from frame to frame."""
from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..scene import Page
from ...errors import OutputError
from . import png, raster

if TYPE_CHECKING:
    from PIL import Image


def render(pages: Sequence[Page], *, dpi: float = 100, pause_ms: int = 1200,
           final_pause_ms: int = 3000) -> bytes:
    """The pages as a looping GIF that shows each for *pause_ms* and the last for
    *final_pause_ms*. Pages of different sizes are placed on the first page's size.

    Frames are drawn at twice their size, not four times as PNG files are: a palette of
    255 colours keeps little of the finer shading, and it halves the time of a sequence.

    All frames together count against :data:`~.raster.MAX_PIXELS`, as one image does, and
    each is turned into its palette's bytes as soon as it is drawn: memory holds one
    drawing at a time and one byte a pixel of the others, however many moves are shown.

    :raises: :exc:`OutputError` before anything is drawn if the frames are too many pixels.
    """
    from PIL import Image  # where used: commands that write no GIF skip Pillow
    check_frames(pages, dpi)
    size = raster.pixel_size(pages[0], dpi)
    # The last frame holds the most of what the sequence shows: its palette serves all,
    # so it is drawn first.
    last = _frame(pages[-1], dpi, size)
    palette = last.quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    del last
    quantised = [_frame(p, dpi, size).quantize(palette=palette, dither=Image.Dither.NONE)
                 for p in pages[:-1]]
    quantised.append(_frame(pages[-1], dpi, size).quantize(palette=palette,
                                                            dither=Image.Dither.NONE))
    out = io.BytesIO()
    quantised[0].save(out, format="GIF", save_all=True, append_images=quantised[1:], loop=0,
                      duration=[pause_ms] * (len(pages) - 1) + [final_pause_ms],
                      optimize=False, disposal=1)
    return out.getvalue()


def check_frames(pages: Sequence[Page], dpi: float) -> None:
    """:raises: :exc:`OutputError` in one line if the GIF of *pages* at *dpi* (every frame
    the first page's size) is more pixels than :data:`~.raster.MAX_PIXELS`."""
    width, height = raster.pixel_size(pages[0], dpi)
    total = len(pages) * width * height
    if total <= raster.MAX_PIXELS:
        return
    best = int(dpi * (raster.MAX_PIXELS / total) ** 0.5)
    while best > 1 and len(pages) * _area(raster.pixel_size(pages[0], best)) > raster.MAX_PIXELS:
        best -= 1
    raise OutputError(f"a GIF of {len(pages)} frames of {width} x {height} pixels at {dpi:g} "
                      f"dpi is {total:,} pixels, above the limit of {raster.MAX_PIXELS:,} for "
                      f"all its frames: lower --dpi (at most {best} dpi for {len(pages)} "
                      "frames) or show fewer --moves")


def _area(size: tuple[int, int]) -> int:
    return size[0] * size[1]


def _frame(page: Page, dpi: float, size: tuple[int, int]) -> Image.Image:
    frame = png.render_image(page, dpi=dpi, oversample=2)
    return frame if frame.size == size else _fit(frame, size)


def _fit(frame: Image.Image, size: tuple[int, int]) -> Image.Image:
    from PIL import Image
    canvas = Image.new("RGB", size, "white")
    canvas.paste(frame, (0, 0))
    return canvas
