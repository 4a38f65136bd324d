"""Which characters the bundled fonts can print, read from their ``cmap`` tables with the
standard library, so that a template is checked when it is loaded (by ``show`` and
``validate`` as by ``build``) and a title the fonts cannot draw never prints as boxes.

This reader is small on purpose: the loader may not import the drawing layer, and the
check needs only the character map. The drawing layer's metrics (draw/fontfile.py) use
the same reader for the map from characters to glyphs.
"""
from __future__ import annotations

import struct
from bisect import bisect_right
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from ..errors import TemplateError
from .resources import fonts_dir

#: The bundled fonts every printed text may be set in (the art uses both weights).
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
#: How the fonts are named in messages.
FONT_NAME = "DejaVu Sans"


class _Coverage:
    """A set of code points stored as sorted, disjoint [start, end] ranges."""

    def __init__(self, ranges: Iterable[tuple[int, int]]) -> None:
        merged: list[tuple[int, int]] = []
        for start, end in sorted(ranges):
            if merged and start <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(merged[-1][1], end))
            else:
                merged.append((start, end))
        self.starts = [r[0] for r in merged]
        self.ends = [r[1] for r in merged]

    def __contains__(self, code: int) -> bool:
        i = bisect_right(self.starts, code) - 1
        return i >= 0 and code <= self.ends[i]


def table_offsets(data: bytes) -> dict[bytes, int]:
    """Where each table of the TrueType font *data* starts, by its four-letter tag."""
    num_tables = struct.unpack_from(">H", data, 4)[0]
    return {data[12 + 16 * i:16 + 16 * i]: struct.unpack_from(">I", data, 20 + 16 * i)[0]
            for i in range(num_tables)}


def cmap_glyphs(data: bytes) -> dict[int, int]:
    """Each code point the TrueType font *data* maps to a glyph other than .notdef, with
    that glyph's number, from its Unicode cmap subtable (format 12 if present, else 4).

    :raises: :exc:`ValueError` if the font has neither.
    """
    fmt, at = _unicode_subtable(data)
    if fmt == 4:
        return _format4(data, at)
    found = {}
    for start, end, glyph in _format12_groups(data, at):
        for code in range(start, end + 1):
            if glyph + code - start:   # glyph 0 is .notdef: not printable
                found[code] = glyph + code - start
    return found


def _cmap_ranges(data: bytes) -> list[tuple[int, int]]:
    """The code points of :func:`cmap_glyphs`, as ranges (format 12 stores them so)."""
    fmt, at = _unicode_subtable(data)
    if fmt == 4:
        return [(code, code) for code in _format4(data, at)]
    ranges = []
    for start, end, glyph in _format12_groups(data, at):
        if glyph == 0:   # the first code maps to .notdef: not printable
            start += 1
        if start <= end:
            ranges.append((start, end))
    return ranges


def _unicode_subtable(data: bytes) -> tuple[int, int]:
    """The format (12 if present, else 4) and offset of the font's Unicode cmap subtable.

    :raises: :exc:`ValueError` if the font has neither.
    """
    cmap = table_offsets(data)[b"cmap"]
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    subtables: dict[int, int] = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        if (platform, encoding) in ((3, 10), (0, 4), (0, 6)) or \
                (platform, encoding) in ((3, 1), (0, 3)):
            fmt = struct.unpack_from(">H", data, cmap + offset)[0]
            subtables.setdefault(fmt, cmap + offset)
    for fmt in (12, 4):
        if fmt in subtables:
            return fmt, subtables[fmt]
    raise ValueError("no Unicode cmap of format 4 or 12")


def _format12_groups(data: bytes, at: int) -> list[tuple[int, int, int]]:
    """(first code, last code, glyph of the first code) of each group."""
    groups = struct.unpack_from(">I", data, at + 12)[0]
    return [struct.unpack_from(">III", data, at + 16 + 12 * i) for i in range(groups)]


def _format4(data: bytes, at: int) -> dict[int, int]:
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    range_offsets_at = at + 16 + 6 * segments
    offsets = struct.unpack_from(f">{segments}H", data, range_offsets_at)
    found = {}
    for i in range(segments):
        start, end = starts[i], ends[i]
        if start == 0xFFFF:
            continue
        for code in range(start, end + 1):
            if offsets[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:
                # The offset is counted from where it is stored, in bytes.
                where = range_offsets_at + 2 * i + offsets[i] + 2 * (code - start)
                glyph = struct.unpack_from(">H", data, where)[0]
                if glyph:
                    glyph = (glyph + deltas[i]) & 0xFFFF
            if glyph:
                found[code] = glyph
    return found


@lru_cache(maxsize=None)
def _coverage(folder: Path) -> _Coverage:
    """The characters every bundled font has: a text may be set in either weight."""
    fonts = [_Coverage(_cmap_ranges((folder / name).read_bytes())) for name in FONT_FILES]
    ranges = list(zip(fonts[0].starts, fonts[0].ends))
    for other in fonts[1:]:
        ranges = _intersect(ranges, list(zip(other.starts, other.ends)))
    return _Coverage(ranges)


def _intersect(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The overlap of two sorted lists of disjoint ranges, in one walk along both."""
    out, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        start, end = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if start <= end:
            out.append((start, end))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return out


def missing_characters(text: str) -> list[str]:
    """The characters of *text* the bundled fonts cannot print, in order, each once.

    >>> missing_characters("Pack 1: Колода \u4e2d\u6587")
    ['中', '文']
    """
    coverage = _coverage(fonts_dir())
    missing: dict[str, None] = {}
    for ch in text:
        if not ch.isspace() and ord(ch) not in coverage:
            missing.setdefault(ch)
    return list(missing)


def check_printable(path: str, key: str, text: str) -> None:
    """Refuses *text* at *key* of *path* if the bundled fonts lack any of its characters,
    naming each as U+XXXX and the character.

    :raises: :exc:`TemplateError`.
    """
    missing = missing_characters(text)
    if missing:
        shown = ", ".join(f"U+{ord(ch):04X} {ch!r}" for ch in missing[:8])
        more = f" and {len(missing) - 8} more" if len(missing) > 8 else ""
        raise TemplateError(path, key, problem=f"the bundled font {FONT_NAME} has no glyph "
                            f"for {shown}{more}", expected="text it can print")
