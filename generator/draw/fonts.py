"""The bundled fonts: where they are, which glyphs they have, how wide text is, and text
as outlines. With :mod:`.fontfile` (metrics, read without fontTools) the one place
outside the backends that reads font files."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import FontError
from ..io.resources import fonts_dir
from .fontfile import FontFile

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
    """The font as fontTools reads it: only for glyph outlines (SVG text)."""
    from fontTools.ttLib import TTFont
    return TTFont(str(font_path(key)), lazy=True)


@lru_cache(maxsize=None)
def _metrics(key: str) -> FontFile:
    """The font's metrics and character map, read without fontTools (see
    :mod:`.fontfile`): every build measures text, few draw outlines."""
    return FontFile(font_path(key))


@lru_cache(maxsize=None)
def info(key: str) -> FontInfo:
    font = _metrics(key)
    upm = font.units_per_em
    return FontInfo(key, font_path(key), upm, font.ascent / upm, -font.descent / upm)


@lru_cache(maxsize=4096)
def _missing(text: str, key: str) -> tuple[str, ...]:
    cmap = _metrics(key).cmap
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
    font = _metrics(key)
    cmap, advances = font.cmap, font.advances
    units = sum(advances[cmap[ord(ch)]] for ch in text if ord(ch) in cmap)
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
    return str(pen.getCommands())


def _num(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@lru_cache(maxsize=4096)
def ink_bounds(text: str, key: str, size: float) -> tuple[float, float, float, float]:
    """The inked box of *text* set at the origin: (left, top, right, bottom) in mm, y down,
    relative to the start of the baseline. Used to centre signs optically."""
    font = _metrics(key)
    scale = size / info(key).units_per_em
    boxes = []
    cursor = 0.0
    for ch in text:
        glyph = font.cmap.get(ord(ch))
        if glyph is None:
            continue
        bounds = font.box(glyph)
        if bounds:
            x0, y0, x1, y1 = bounds
            boxes.append((cursor + x0 * scale, -y1 * scale, cursor + x1 * scale, -y0 * scale))
        cursor += font.advances[glyph] * scale
    if not boxes:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def family(key: str) -> tuple[str, str]:
    """(family name, CSS weight) of the font *key*, as a document that names it says."""
    name = _font(key)["name"].getBestFamilyName()
    return str(name), "bold" if key == "bold" else "normal"


@lru_cache(maxsize=64)
def subset(key: str, chars: str) -> bytes:
    """The font *key* cut down to the glyphs of *chars*, as TrueType bytes, the same bytes
    in every run (no new timestamp) and without kerning or other layout features, so text
    set with it advances exactly as :func:`measure` says."""
    import io
    from fontTools import subset as subsetting
    options = subsetting.Options()
    options.layout_features = []
    options.drop_tables += ["kern", "GPOS", "GSUB", "GDEF", "FFTM"]
    options.recalc_timestamp = False
    options.hinting = False
    font = subsetting.load_font(str(font_path(key)), options)
    subsetter = subsetting.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    out = io.BytesIO()
    subsetting.save_font(font, out, options)
    return out.getvalue()
