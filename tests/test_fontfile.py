"""The standard-library reader of the fonts' metrics gives fontTools' values, for every
glyph of both bundled fonts: text measured, centred and checked for glyphs is unchanged
by not loading fontTools."""
from __future__ import annotations

import pytest
from fontTools.ttLib import TTFont

from generator.draw import fonts
from generator.draw.fontfile import FontFile


@pytest.fixture(scope="module", params=sorted(fonts.FONT_FILES))
def pair(request):
    path = fonts.font_path(request.param)
    return FontFile(path), TTFont(str(path))


def test_units_ascent_and_descent(pair):
    ours, theirs = pair
    assert ours.units_per_em == theirs["head"].unitsPerEm
    assert (ours.ascent, ours.descent) == (theirs["hhea"].ascent, theirs["hhea"].descent)


def test_every_glyphs_advance(pair):
    ours, theirs = pair
    order = theirs.getGlyphOrder()
    hmtx = theirs["hmtx"]
    assert len(ours.advances) == len(order)
    assert list(ours.advances) == [hmtx[name][0] for name in order]


def test_the_character_map(pair):
    ours, theirs = pair
    ids = {name: i for i, name in enumerate(theirs.getGlyphOrder())}
    expected = {code: ids[name] for code, name in theirs.getBestCmap().items()
                if name != ".notdef"}
    assert ours.cmap == expected


def test_every_glyphs_box(pair):
    ours, theirs = pair
    glyf = theirs["glyf"]
    for number, name in enumerate(theirs.getGlyphOrder()):
        glyph = glyf[name]
        stored = (glyph.xMin, glyph.yMin, glyph.xMax, glyph.yMax) \
            if glyph.numberOfContours != 0 else None
        assert ours.box(number) == stored, name


def test_measuring_and_centring_use_them():
    text = "Ass 10♥ Туз"
    font = TTFont(str(fonts.font_path("bold")))
    cmap, hmtx = font.getBestCmap(), font["hmtx"]
    units = sum(hmtx[cmap[ord(ch)]][0] for ch in text)
    assert fonts.measure(text, "bold", 10.0) == pytest.approx(
        units * 10.0 / font["head"].unitsPerEm, abs=1e-12)
    left, top, right, bottom = fonts.ink_bounds("8", "bold", 10.0)
    eight = font["glyf"][cmap[ord("8")]]
    scale = 10.0 / font["head"].unitsPerEm
    assert (left, top, right, bottom) == pytest.approx(
        (eight.xMin * scale, -eight.yMax * scale, eight.xMax * scale, -eight.yMin * scale))
