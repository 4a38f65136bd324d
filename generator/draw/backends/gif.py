"""Animated GIF backend (Pillow): pages drawn by the PNG backend, one frame each, on one
shared palette so colours hold still from frame to frame."""
from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..scene import Page
from . import png

if TYPE_CHECKING:
    from PIL import Image


def render(pages: Sequence[Page], *, dpi: float = 100, pause_ms: int = 1200,
           final_pause_ms: int = 3000) -> bytes:
    """The pages as a looping GIF that shows each for *pause_ms* and the last for
    *final_pause_ms*. Pages of different sizes are placed on the first page's size.

    Frames are drawn at twice their size, not four times as PNG files are: a palette of
    255 colours keeps little of the finer shading, and it halves the time of a sequence."""
    from PIL import Image  # where used: commands that write no GIF skip Pillow
    frames = [png.render_image(p, dpi=dpi, oversample=2) for p in pages]
    size = frames[0].size
    frames = [f if f.size == size else _fit(f, size) for f in frames]
    # The last frame holds the most of what the sequence shows: its palette serves all.
    palette = frames[-1].quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    quantised = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    out = io.BytesIO()
    quantised[0].save(out, format="GIF", save_all=True, append_images=quantised[1:], loop=0,
                      duration=[pause_ms] * (len(frames) - 1) + [final_pause_ms],
                      optimize=False, disposal=1)
    return out.getvalue()


def _fit(frame: Image.Image, size: tuple[int, int]) -> Image.Image:
    from PIL import Image
    canvas = Image.new("RGB", size, "white")
    canvas.paste(frame, (0, 0))
    return canvas
