"""The bundled fonts: where they are, which glyphs they have, how wide text is, and text
as outlines. The one place outside the backends that reads font files."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import FontError
from ..io.resources import fonts_dir

if TYPE_CHECKING:  # fontTools is imported where used: commands that draw nothing skip it
    from fontTools.ttLib import TTFont

#: Font keys used by scenes -> bundled file names.
FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}


@dataclass(frozen=True)
class FontInfo:
    key: str
    path: Path
    units_per_em: int
    ascent: float  # fraction of the em
    descent: float


def font_path(key: str) -> Path:
    if key not in FONT_FILES:
        raise FontError(f"unknown font {key!r} (known: {', '.join(FONT_FILES)})")
    path = fonts_dir() / FONT_FILES[key]
    if not path.is_file():
        raise FontError(f"{path}: bundled font file is missing")
    return path


@lru_cache(maxsize=None)
def _font(key: str) -> TTFont:
    from fontTools.ttLib import TTFont
    return TTFont(str(font_path(key)), lazy=True)


@lru_cache(maxsize=None)
def info(key: str) -> FontInfo:
    font = _font(key)
    upm = font["head"].unitsPerEm
    hhea = font["hhea"]
    return FontInfo(key, font_path(key), upm, hhea.ascent / upm, -hhea.descent / upm)


@lru_cache(maxsize=4096)
def _missing(text: str, key: str) -> tuple[str, ...]:
    cmap = _font(key).getBestCmap()
    return tuple(sorted({ch for ch in text if ord(ch) not in cmap and not ch.isspace()}))


def missing_glyphs(text: str, key: str) -> list[str]:
    return list(_missing(text, key))


def check_glyphs(text: str, key: str, where: str) -> None:
    """:raises: :exc:`FontError` naming the character the bundled font cannot draw."""
    missing = missing_glyphs(text, key)
    if missing:
        shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
        raise FontError(f"{where}: the bundled font {FONT_FILES[key]} has no glyph for "
                        f"{shown}")


@lru_cache(maxsize=4096)
def measure(text: str, key: str, size: float) -> float:
    """The advance width of *text* in mm at *size* mm (no kerning, as in the PDF)."""
    font = _font(key)
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    units = sum(hmtx[cmap[ord(ch)]][0] for ch in text if ord(ch) in cmap)
    return units * size / info(key).units_per_em


def outline(text: str, key: str, size: float, x: float, y: float) -> str:
    """SVG path data drawing *text* with its baseline start at (x, y), in mm, y down."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen
    font = _font(key)
    cmap = font.getBestCmap()
    glyphs = font.getGlyphSet()
    hmtx = font["hmtx"]
    scale = size / info(key).units_per_em
    pen = SVGPathPen(glyphs, ntos=_num)
    cursor = 0.0
    for ch in text:
        name = cmap.get(ord(ch))
        if name is None:
            continue
        # Font units have y up; the page has y down, so flip while scaling.
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, x + cursor, y)))
        cursor += hmtx[name][0] * scale
    return pen.getCommands()


def _num(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@lru_cache(maxsize=4096)
def ink_bounds(text: str, key: str, size: float) -> tuple[float, float, float, float]:
    """The inked box of *text* set at the origin: (left, top, right, bottom) in mm, y down,
    relative to the start of the baseline. Used to centre signs optically."""
    font = _font(key)
    cmap = font.getBestCmap()
    scale = size / info(key).units_per_em
    boxes = []
    cursor = 0.0
    for ch in text:
        name = cmap.get(ord(ch))
        if name is None:
            continue
        bounds = _glyph_bounds(name, key)
        if bounds:
            x0, y0, x1, y1 = bounds
            boxes.append((cursor + x0 * scale, -y1 * scale, cursor + x1 * scale, -y0 * scale))
        cursor += font["hmtx"][name][0] * scale
    if not boxes:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


@lru_cache(maxsize=8192)
def _glyph_bounds(name: str, key: str) -> tuple[float, float, float, float] | None:
    """The inked box of one glyph in font units (y up), or None for a blank one: the same
    glyph is measured once, whatever the sizes and texts it is set in."""
    from fontTools.pens.boundsPen import BoundsPen

    glyphs = _glyph_set(key)
    pen = BoundsPen(glyphs)
    glyphs[name].draw(pen)
    return pen.bounds


@lru_cache(maxsize=None)
def _glyph_set(key: str):  # noqa: ANN202 - fontTools' glyph set
    return _font(key).getGlyphSet()
