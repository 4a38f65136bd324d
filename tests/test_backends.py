"""The three backends agree with each other and write what users need: embedded fonts,
extractable text, TrimBox, identical bytes on every run."""
from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from generator.draw.art.cards import card_back, card_front, letter_front
from generator.draw.backends import pdf, png, svg
from generator.model.cards import Card
from generator.draw.geometry import Rect, Size, Transform
from generator.sheets.render import card_page
from generator.draw.scene import Box, Circle, Group, Line, Page, Paint, Polygon, Text


def _scene() -> Page:
    """One of every shape, with a clip, a transform and turned text."""
    items = (
        Box(Rect(5, 5, 30, 20), Paint(fill="#c62828")),
        Box(Rect(40, 5, 30, 20), Paint(fill="#cfdbef", stroke="#1b1b1b", width=1.0),
            radius=3),
        Circle(20, 45, 10, Paint(fill="#45b04f")),
        Line(40, 35, 75, 60, Paint(stroke="#1a3f8f", width=1.2)),
        Polygon(((45, 70), (75, 70), (60, 90)), Paint(fill="#f5c400")),
        Text(20, 80, "8R", 9, "#1b1b1b", "bold", "middle"),
        Text(20, 95, "Ж\u2020", 9, "#1b1b1b", "bold", "middle", 180),
        Group((Box(Rect(0, 0, 40, 40), Paint(fill="#1a3f8f")),),
              Transform.translate(80, 10), clip=Rect(0, 0, 15, 15)),
    )
    return Page(100, 100, items, background="#ffffff")


def _pdf_raster(data: bytes, dpi: int) -> Image.Image:
    page = pdfium.PdfDocument(data)[0]
    return page.render(scale=dpi / 72).to_pil().convert("RGB")


def test_png_and_pdf_draw_the_same_scene():
    page = _scene()
    dpi = 100
    from_png = Image.open(io.BytesIO(png.render(page, dpi=dpi))).convert("RGB")
    from_pdf = _pdf_raster(pdf.render([page]), dpi)
    assert from_png.size == from_pdf.size
    diff = ImageChops.difference(from_png, from_pdf).convert("L")
    off = sum(diff.histogram()[81:])
    # Edges antialias differently; anything beyond a thin seam means a shape moved.
    assert off / (diff.width * diff.height) < 0.01, off


def test_png_pixel_at_known_position():
    image = Image.open(io.BytesIO(png.render(_scene(), dpi=254)))  # 10 px per mm
    assert image.info["dpi"] == pytest.approx((254, 254), abs=0.01)
    assert image.getpixel((200, 150)) == (0xc6, 0x28, 0x28)     # inside the red box
    assert image.getpixel((200, 450)) == (0x45, 0xb0, 0x4f)     # circle centre
    assert image.getpixel((850, 150)) == (0x1a, 0x3f, 0x8f)     # inside the clip
    assert image.getpixel((1050 - 100, 300)) == (255, 255, 255)  # clipped away


def test_svg_uses_mm_and_outlines():
    text = svg.render(_scene())
    assert 'width="100mm"' in text and 'viewBox="0 0 100 100"' in text
    assert 'aria-label="8R"' in text and "<text" not in text
    assert 'id="clip1"' in text and "url(#clip1)" in text


def test_pdf_embeds_font_subsets_and_text_is_extractable(library):
    letters = library.letter_set("cyrillic")
    card = next(c for c in letters if c.letter == "Ж")
    pack = library.pack("pack2")
    pages = [card_page(letter_front(letters, card), Size(25, 50), 2, "Ж"),
             card_page(card_front(pack, Card.from_notation("80R")), Size(25, 50), 2, "80R")]
    reader = PdfReader(io.BytesIO(pdf.render(pages)))
    assert "Ж" in reader.pages[0].extract_text()
    assert "80" in reader.pages[1].extract_text() and "\u2020" in reader.pages[1].extract_text()
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts[font["/BaseFont"]] = font
    assert fonts and all("+" in name for name in fonts)  # subset prefix ABCDEF+
    for font in fonts.values():
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font \
            else font
        descriptor = descendant["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor
    assert not any("Helvetica" in name for name in fonts)


def test_pdf_boxes(library):
    pack = library.pack("pack1")
    page = card_page(card_back(pack, pack.cards[0]), Size(25, 50), 2, "back")
    reader = PdfReader(io.BytesIO(pdf.render([page])))
    mm = 72 / 25.4
    trim = [float(v) / mm for v in reader.pages[0].trimbox]
    bleed = [float(v) / mm for v in reader.pages[0].bleedbox]
    assert trim == pytest.approx([2, 2, 27, 52], abs=0.01)
    assert bleed == pytest.approx([0, 0, 29, 54], abs=0.01)


@pytest.mark.parametrize("encode", [lambda p: pdf.render([p]), lambda p: svg.render(p),
                                    lambda p: png.render(p, dpi=120)],
                         ids=["pdf", "svg", "png"])
def test_same_scene_same_bytes(encode):
    assert encode(_scene()) == encode(_scene())
