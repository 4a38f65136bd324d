"""The PNG backend renders each distinct text once and pastes its coverage where it
recurs (issue 15: a patience table draws the same pips hundreds of times). The pasted
text lands where Pillow's own drawing puts it, upright and at every quarter turn."""
from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from generator.draw.backends import png
from generator.draw.geometry import Transform
from generator.draw.scene import Text


def ink_box(image):
    """The box of everything not white (RGB) or not clear (RGBA)."""
    if image.mode == "RGBA":
        return image.getchannel("A").getbbox()
    return ImageChops.invert(image.convert("L")).getbbox()


@pytest.mark.parametrize("rotation", [0.0, 90.0, 180.0, 270.0])
@pytest.mark.parametrize("at", [(20.0, 20.0), (20.3, 19.8), (21.77, 22.51)])
@pytest.mark.parametrize("anchor", ["start", "middle", "end"])
def test_a_pasted_text_lands_where_pillow_draws_it(rotation, at, anchor):
    text = Text(at[0], at[1], "10♦", 4.0, "#c0392b", "bold", anchor, rotation)
    scale = Transform.scale(150 / 25.4, 150 / 25.4)
    pasted = Image.new("RGB", (240, 240), (255, 255, 255))
    png._Painter(pasted, scale, reuse_text=True).text(text)
    # Pillow's own drawing (upright, or drawn on a layer and turned), as on a clip layer.
    drawn = Image.new("RGBA", (240, 240), (0, 0, 0, 0))
    png._Painter(drawn, scale).text(text)
    # On a clip layer the reused text is the same pixels as Pillow's upright drawing
    # (at a whole pixel, where the half-pixel step changes nothing).
    if rotation == 0:
        scale = Transform.scale(10, 10)
        layer = Image.new("RGBA", (400, 400), (0, 0, 0, 0))
        png._Painter(layer, scale, reuse_text=True).text(
            Text(20.0, 20.0, "10♦", 4.0, "#c0392b", "bold", anchor))
        plain = Image.new("RGBA", (400, 400), (0, 0, 0, 0))
        png._Painter(plain, scale).text(Text(20.0, 20.0, "10♦", 4.0, "#c0392b", "bold",
                                             anchor))
        assert layer.tobytes() == plain.tobytes()
    a, b = ink_box(pasted), ink_box(drawn)
    assert a is not None and b is not None
    assert all(abs(p - q) <= 1 for p, q in zip(a, b)), (a, b)
    # The same glyphs: the pasted ink covers about as many pixels.
    dark = sum(pasted.convert("L").histogram()[:160])
    solid = sum(drawn.getchannel("A").histogram()[96:])
    assert abs(dark - solid) <= 0.15 * solid, (dark, solid)


def test_a_text_drawn_twice_is_rendered_once():
    png._text_mask.cache_clear()
    image = Image.new("RGB", (300, 100), (255, 255, 255))
    painter = png._Painter(image, Transform.scale(5, 5), reuse_text=True)
    for x in (5.0, 25.0, 45.0):
        painter.text(Text(x, 10.0, "♠", 6.0, "#000000"))
    info = png._text_mask.cache_info()
    assert info.misses == 1 and info.hits == 2
    # All three are drawn, alike.
    tiles = [image.crop((x * 5 - 20, 10, x * 5 + 40, 60)) for x in (5, 25, 45)]
    assert ink_box(tiles[0]) is not None
    assert tiles[0].tobytes() == tiles[1].tobytes() == tiles[2].tobytes()


def test_only_a_caller_that_asks_reuses_texts():
    """Other PNGs (export-cards, figures, the booklet's contact sheet) keep FreeType's own
    placement, pixel for pixel."""
    png._text_mask.cache_clear()
    page_text = Text(5.3, 10.7, "♠ 10", 6.0, "#000000")
    image = Image.new("RGB", (300, 100), (255, 255, 255))
    png._Painter(image, Transform.scale(5, 5)).text(page_text)
    assert png._text_mask.cache_info().misses == 0
    assert ink_box(image) is not None


def test_a_patience_table_reuses_its_texts():
    from generator.docs.tableau import encode_tableau, tableau_page
    from generator.patience import patience
    game = patience("empress-of-india")
    page = tableau_page(game, game.deal(2), title="The Empress of India, deal 2")
    png._text_mask.cache_clear()
    encode_tableau(page, "png", dpi=40)
    info = png._text_mask.cache_info()
    # Most of the table's texts (pips, indices, copy marks) are pastes of earlier ones.
    assert info.hits > 2 * info.misses
