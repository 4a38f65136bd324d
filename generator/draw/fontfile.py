"""The few tables of a TrueType font that laying out text needs, read with the standard
library: units per em, ascent and descent, advance widths, the character map and each
glyph's box.

Every build measures and centres text, and fontTools (which draws glyph outlines for SVG,
see :func:`generator.draw.fonts.outline`) costs a start about 0.1 s to import and to decode
these tables; reading them straight from the file takes a few milliseconds. The tables are
as the OpenType specification lays them out (``head``, ``hhea``, ``hmtx``, ``loca``,
``glyf``); the character map is :mod:`generator.io.glyphs`' reader, which the template
loader uses too. tests/test_fontfile.py holds every value equal to fontTools' own.
"""
from __future__ import annotations

import struct
from pathlib import Path

from ..io.glyphs import cmap_glyphs, table_offsets


class FontFile:
    """A TrueType font's metrics, in font units."""

    def __init__(self, path: Path) -> None:
        data = path.read_bytes()
        self._data = data
        tables = table_offsets(data)
        head, hhea = tables[b"head"], tables[b"hhea"]
        self.units_per_em: int = struct.unpack_from(">H", data, head + 18)[0]
        index_to_loc_format = struct.unpack_from(">h", data, head + 50)[0]
        #: The typographic ascent and descent of ``hhea`` (descent below the baseline is
        #: negative, as stored).
        self.ascent: int
        self.descent: int
        self.ascent, self.descent = struct.unpack_from(">hh", data, hhea + 4)
        long_metrics = struct.unpack_from(">H", data, hhea + 34)[0]
        glyph_count = struct.unpack_from(">H", data, tables[b"maxp"] + 4)[0]
        pairs = struct.unpack_from(f">{2 * long_metrics}H", data, tables[b"hmtx"])
        advances = list(pairs[0::2])
        # Glyphs after the last long metric share its advance (they store only a bearing).
        advances += [advances[-1]] * (glyph_count - long_metrics)
        self.advances: tuple[int, ...] = tuple(advances)
        #: Code point -> glyph number, for every character the font can draw.
        self.cmap: dict[int, int] = cmap_glyphs(data)
        loca = tables[b"loca"]
        if index_to_loc_format == 0:   # half the offsets, as 16-bit numbers
            self._loca = tuple(2 * v for v in struct.unpack_from(f">{glyph_count + 1}H",
                                                                 data, loca))
        else:
            self._loca = struct.unpack_from(f">{glyph_count + 1}I", data, loca)
        self._glyf = tables[b"glyf"]

    def box(self, glyph: int) -> tuple[int, int, int, int] | None:
        """The glyph's box (x min, y min, x max, y max, y up) as the font stores it, or
        None for a glyph without outline (a space). The stored box spans the outline's
        points; in the bundled fonts a curve's extremes are points, so it is the inked
        box (fontTools' BoundsPen differs by one unit on one glyph in 12,000, ◆ in bold)."""
        start, end = self._loca[glyph], self._loca[glyph + 1]
        if start == end:
            return None
        x_min, y_min, x_max, y_max = struct.unpack_from(">4h", self._data,
                                                        self._glyf + start + 2)
        return x_min, y_min, x_max, y_max
