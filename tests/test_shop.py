"""Print-shop output: ``build --shop`` (one card a page, PDF/X-1a, CMYK through an ICC
profile, K-only black, registration crop marks) and ``export-cards --shop`` (PNGs at the
shop's pixel sizes with an sRGB profile)."""
from __future__ import annotations

import io
import math
import re
import shutil
import subprocess

import pikepdf
import pypdfium2
import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader

from generator.cli import cli
from generator.draw.backends.colour import ProfiledInks, default_profile, load_profile
from generator.draw.backends.pdf import cmyk_of
from generator.draw.geometry import Size
from generator.draw.scene import REGISTRATION, Group, Line
from generator.draw.style import DEFAULT_STYLE
from generator.errors import IccProfileError
from generator.sheets.kit import parse_size
from generator.sheets.spec import Paper
from generator.app import ShopOptions, make_shop_files
from generator.sheets.printable import printable
from generator.sheets.shop import (INCH_BLEED, METRIC_BLEED, in_inches,
                                   item_shop_pages, shop_bleed, shop_size)

from pdfgeom import _apply, _mul

PT = 72 / 25.4


def pack1_shop_pages(library, card, paper):
    return item_shop_pages(printable(library.item("pack1")), library.settings(), card, paper)


@pytest.fixture(scope="module")
def profile():
    return default_profile()


@pytest.fixture(scope="module")
def shop_files(tmp_path_factory, library, profile):
    """pack1 (open cards, 25 x 50 mm), pack36 (a traditional pack, black values) and
    board-a, as a print shop gets them."""
    out = tmp_path_factory.mktemp("shop")
    make_shop_files(library, out, ShopOptions(items=["pack1", "pack36", "board-a"]))
    return out


def _box_mm(page, name):
    x1, y1, x2, y2 = (float(v) / PT for v in page.obj[f"/{name}"])
    return x1, y1, x2, y2


def _streams(pdf):
    """Every content stream of *pdf*: pages and the form XObjects they use."""
    for page in pdf.pages:
        yield page
        for form in page.Resources.get("/XObject", {}).values():
            yield form


# --- the PDF a shop opens -----------------------------------------------------------------

def test_the_file_is_well_formed_for_pikepdf_pypdf_and_qpdf(shop_files):
    path = shop_files / "pack1-shop.pdf"
    with pikepdf.open(path) as pdf:
        assert pdf.check_pdf_syntax() == []
        assert pdf.pdf_version == "1.4"   # PDF/X-1a:2003 is PDF 1.4 at most
    assert len(PdfReader(path).pages) == 64
    if shutil.which("qpdf"):
        done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr


def test_one_page_for_each_face_and_back_in_shop_order(shop_files, library):
    reader = PdfReader(shop_files / "pack1-shop.pdf")
    cards = len(library.item("pack1").cards)
    assert len(reader.pages) == 2 * cards
    texts = [page.extract_text() for page in reader.pages]
    # Page 1 is card 1's face, page 2 its back, page 3 card 2's face...
    faces = [re.search(r"(pack1-\S+) face", t) for t in texts[0::2]]
    backs = [re.search(r"(pack1-\S+) back", t) for t in texts[1::2]]
    assert all(faces) and all(backs)
    assert [m.group(1) for m in faces] == [m.group(1) for m in backs]
    assert len(set(m.group(1) for m in faces)) == cards
    assert len(PdfReader(shop_files / "pack36-shop.pdf").pages) == 2 * 36
    assert len(PdfReader(shop_files / "board-a-shop.pdf").pages) == 1


def test_trim_and_bleed_boxes_are_the_card_and_3mm_around_it(shop_files):
    with pikepdf.open(shop_files / "pack1-shop.pdf") as pdf:
        for page in pdf.pages:
            tx1, ty1, tx2, ty2 = _box_mm(page, "TrimBox")
            bx1, by1, bx2, by2 = _box_mm(page, "BleedBox")
            mx1, my1, mx2, my2 = _box_mm(page, "MediaBox")
            assert tx2 - tx1 == pytest.approx(25.0, abs=0.01)
            assert ty2 - ty1 == pytest.approx(50.0, abs=0.01)
            for trim, bleed in ((tx1, bx1), (ty1, by1)):
                assert trim - bleed == pytest.approx(3.0, abs=0.01)
            for trim, bleed in ((tx2, bx2), (ty2, by2)):
                assert bleed - trim == pytest.approx(3.0, abs=0.01)
            # Room for the crop marks beyond the bleed on every side.
            assert min(bx1 - mx1, by1 - my1, mx2 - bx2, my2 - by2) >= 6.0


def test_inch_cards_and_letter_paper_get_an_eighth_of_an_inch(library, profile, tmp_path):
    poker, name = shop_size(parse_size("poker"))
    assert name == "poker" and in_inches(poker) and poker == parse_size("2.5x3.5in")
    pages = pack1_shop_pages(library, poker, Paper.A4)
    page = pages[0]
    assert page.trim.w == pytest.approx(63.5, abs=0.01)
    assert page.trim.h == pytest.approx(88.9, abs=0.01)
    assert page.trim.x - page.bleed.x == pytest.approx(3.175, abs=0.01)
    letter = pack1_shop_pages(library, None, Paper.LETTER)[0]
    assert letter.trim.x - letter.bleed.x == pytest.approx(3.175, abs=0.01)
    assert shop_bleed(Size(25, 50), Paper.A4) == METRIC_BLEED
    assert shop_bleed(Size(25, 50), Paper.LETTER) == INCH_BLEED


def test_a_traditional_pack_keeps_its_metric_size(shop_files):
    """Issue 27: pack36's own 63 x 88 mm is what European shops print, with 3 mm bleed;
    it used to become a 2.5 x 3.5 in poker card with 1/8 in bleed."""
    with pikepdf.open(shop_files / "pack36-shop.pdf") as pdf:
        tx1, ty1, tx2, ty2 = _box_mm(pdf.pages[0], "TrimBox")
        bx1, _, _, _ = _box_mm(pdf.pages[0], "BleedBox")
    assert (tx2 - tx1, ty2 - ty1) == (pytest.approx(63.0, abs=0.01),
                                      pytest.approx(88.0, abs=0.01))
    assert tx1 - bx1 == pytest.approx(3.0, abs=0.01)


def test_card_sizes_are_named_but_never_rounded():
    assert shop_size(Size(63.5, 88.9)) == (Size(63.5, 88.9), "poker")
    assert shop_size(Size(88.9, 63.5)) == (Size(88.9, 63.5), "poker")   # turned
    assert shop_size(parse_size("bridge")) == (Size(57.15, 88.9), "bridge")
    assert shop_size(Size(63, 88)) == (Size(63, 88), None)     # metric stays metric
    assert shop_size(Size(57, 89)) == (Size(57, 89), None)
    assert shop_size(Size(59, 92)) == (Size(59, 92), None)     # euro: shops sell it in mm


# --- colour ---------------------------------------------------------------------------------

COLOUR_OPERATORS = {"k", "K", "rg", "RG", "g", "G", "sc", "SC", "scn", "SCN", "cs", "CS"}


def _colours(pdf):
    """(operator, operands) of every colour setting, and the fill colour of every text."""
    used, text_fills = [], []
    for stream in _streams(pdf):
        fill = None
        for operands, op in pikepdf.parse_content_stream(stream):
            op = str(op)
            if op in COLOUR_OPERATORS:
                used.append((op, tuple(float(v) for v in operands
                                       if not isinstance(v, pikepdf.Name))))
                if op == "k":
                    fill = tuple(float(v) for v in operands)
            elif op in ("Tj", "TJ"):
                text_fills.append(fill)
    return used, text_fills


def test_every_colour_is_cmyk_and_black_text_is_k_only(shop_files):
    for name in ("pack1-shop.pdf", "pack36-shop.pdf", "board-a-shop.pdf"):
        with pikepdf.open(shop_files / name) as pdf:
            used, text_fills = _colours(pdf)
        # PDF/X-1a: no RGB or grey device colours, no colour spaces: CMYK only.
        assert {op for op, _ in used} <= {"k", "K"}, name
        assert text_fills and None not in text_fills
        # Black text is K 100 % alone ("0 0 0 1 k"), never a rich black of four inks.
        assert (0.0, 0.0, 0.0, 1.0) in text_fills, name
        for c, m, y, k in text_fills:
            assert not (k >= 0.9 and c + m + y > 0), (name, (c, m, y, k))
    # The operator itself, as a shop's preflight reads it.
    with pikepdf.open(shop_files / "pack36-shop.pdf") as pdf:
        stream = b"".join(pikepdf.unparse_content_stream(pikepdf.parse_content_stream(s))
                          for s in _streams(pdf))
    assert b"0 0 0 1 k" in stream


def test_frames_print_in_k_only(shop_files):
    """pack1's faces have the dark frame (the style's ink): its stroke is K 100 %."""
    with pikepdf.open(shop_files / "pack1-shop.pdf") as pdf:
        used, _ = _colours(pdf)
    strokes = {operands for op, operands in used if op == "K"}
    assert (0.0, 0.0, 0.0, 1.0) in strokes
    # Apart from the crop marks' registration colour, no stroke is a rich black.
    assert not any(k >= 0.9 and c + m + y > 0 for c, m, y, k in strokes - {(1.0,) * 4})


def _registration_segments(page):
    """Stroked straight segments drawn in all four inks at 100 %, in page mm (y down)."""
    height = float(page.mediabox[3]) / PT
    ctm, stack, path, stroke, found = (1, 0, 0, 1, 0, 0), [], [], None, []
    for operands, op in pikepdf.parse_content_stream(page):
        op = str(op)
        if op == "q":
            stack.append((ctm, stroke))
        elif op == "Q":
            ctm, stroke = stack.pop()
        elif op == "cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == "K":
            stroke = tuple(float(v) for v in operands)
        elif op == "m":
            path = [_apply(ctm, *map(float, operands))]
        elif op == "l":
            path.append(_apply(ctm, *map(float, operands)))
        elif op == "S":
            if stroke == (1.0, 1.0, 1.0, 1.0):
                found += [((p[0] / PT, height - p[1] / PT), (q[0] / PT, height - q[1] / PT))
                          for p, q in zip(path, path[1:])]
            path = []
    return found


def test_crop_marks_are_in_registration_colour_outside_the_bleed(shop_files):
    with pikepdf.open(shop_files / "pack1-shop.pdf") as pdf:
        page = pdf.pages[0]
        height = float(page.mediabox[3]) / PT
        tx1, ty1, tx2, ty2 = _box_mm(page, "TrimBox")
        bx1, by1, bx2, by2 = _box_mm(page, "BleedBox")
        marks = _registration_segments(page)
    # y down like the scene: flip the boxes read in PDF space.
    top, bottom = height - ty2, height - ty1
    bleed_top, bleed_bottom = height - by2, height - by1
    assert len(marks) == 8
    for (x1, y1), (x2, y2) in marks:
        if x1 == pytest.approx(x2):     # vertical: on a side of the trim, above or below
            assert min(abs(x1 - tx1), abs(x1 - tx2)) < 0.01
            assert max(y1, y2) <= bleed_top + 1e-6 or min(y1, y2) >= bleed_bottom - 1e-6
        else:                            # horizontal: on the top or bottom of the trim
            assert min(abs(y1 - top), abs(y1 - bottom)) < 0.01
            assert max(x1, x2) <= bx1 + 1e-6 or min(x1, x2) >= bx2 - 1e-6


def test_only_the_crop_marks_are_registration_coloured(library):
    page = pack1_shop_pages(library, None, Paper.A4)[0]
    groups = [item for item in page.items if isinstance(item, Group) and
              item.role == REGISTRATION]
    assert len(groups) == 1 and all(isinstance(line, Line) for line in groups[0].items)


def test_the_pdf_has_a_cmyk_output_intent_and_claims_pdfx_1a(shop_files):
    with pikepdf.open(shop_files / "pack1-shop.pdf") as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX
        assert str(intent.OutputConditionIdentifier) == "FOGRA39"
        data = intent.DestOutputProfile.read_bytes()
        assert int(intent.DestOutputProfile.N) == 4
        info = pdf.docinfo
        assert str(info.GTS_PDFXVersion) == "PDF/X-1a:2003"
        assert info.Trapped == pikepdf.Name("/False")
        assert str(info.Title) and str(info.CreationDate) and str(info.ModDate)
        assert len(pdf.trailer.ID) == 2
    icc = ImageCms.ImageCmsProfile(io.BytesIO(data))
    assert icc.profile.xcolor_space.strip() == "CMYK"
    assert icc.profile.device_class == "prtr"


def test_pages_rasterise_with_the_art_inside_and_white_beyond_the_marks(shop_files):
    doc = pypdfium2.PdfDocument(shop_files / "pack1-shop.pdf")
    scale = 300 / 72
    for index in (0, 1):
        image = doc[index].render(scale=scale).to_pil().convert("RGB")
        page_w = image.width / (300 / 25.4)
        centre = image.getpixel((image.width // 2, image.height // 2))
        corner = image.getpixel((2, 2))
        assert corner == (255, 255, 255)
        assert centre != (255, 255, 255) or index == 0   # a face's panel is white
        # The bleed: 1.5 mm outside the trim's left edge, half way down, is art, not paper.
        trim_x = (page_w - 25) / 2
        px = round((trim_x - 1.5) * 300 / 25.4)
        assert image.getpixel((px, image.height // 2)) != (255, 255, 255)
    doc.close()


def test_the_same_input_gives_the_same_bytes(library, profile, tmp_path, shop_files):
    make_shop_files(library, tmp_path, ShopOptions(items=["pack1"]))
    assert (tmp_path / "pack1-shop.pdf").read_bytes() == \
        (shop_files / "pack1-shop.pdf").read_bytes()


# --- the colour conversion ------------------------------------------------------------------

def _lab(image, transform):
    lightness, a, b = ImageCms.applyTransform(image, transform).getpixel((0, 0))
    return (lightness * 100 / 255, a - 128, b - 128)


def test_suit_colours_soft_proof_close_to_the_screen(profile):
    """Printed through the profile (soft proof back to Lab), each suit colour lands near its
    sRGB original; the old formula shifted the green by over 30 delta E."""
    inks = ProfiledInks(profile)
    lab = ImageCms.createProfile("LAB")
    proof = ImageCms.buildTransform(ImageCms.ImageCmsProfile(io.BytesIO(profile.data)), lab,
                                    "CMYK", "LAB", renderingIntent=1)
    screen = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), lab, "RGB", "LAB",
                                     renderingIntent=1)

    def printed(cmyk):
        return _lab(Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in cmyk)), proof)

    for colour in DEFAULT_STYLE.suit.values():
        rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        want = _lab(Image.new("RGB", (1, 1), rgb), screen)
        assert math.dist(printed(inks(colour)), want) < 10, colour
    green = DEFAULT_STYLE.suit[next(c for c in DEFAULT_STYLE.suit if c.name == "GREEN")]
    rgb = tuple(int(green[i:i + 2], 16) for i in (1, 3, 5))
    want = _lab(Image.new("RGB", (1, 1), rgb), screen)
    assert math.dist(printed(cmyk_of(green)), want) > 30   # what the profile fixes
    assert math.dist(printed(inks(green)), want) < 6


def test_greys_print_on_black_alone(profile):
    inks = ProfiledInks(profile)
    assert inks(DEFAULT_STYLE.ink) == (0.0, 0.0, 0.0, 1.0)
    assert inks("#000000") == (0.0, 0.0, 0.0, 1.0)
    assert inks("#ffffff") == (0.0, 0.0, 0.0, 0.0)
    c, m, y, k = inks("#808080")
    assert (c, m, y) == (0, 0, 0) and 0.3 < k < 0.8
    # Lighter greys, lighter tints.
    assert inks("#c0c0c0")[3] < k < inks("#404040")[3]


def test_no_art_colour_exceeds_the_profiles_ink_limit(profile):
    inks = ProfiledInks(profile)
    style = DEFAULT_STYLE
    colours = [*style.suit.values(), *style.tint.values(), *style.dark.values(),
               *style.on_suit.values(), style.back_border, style.back_lines,
               style.back_field, style.board_dark, style.board_light]
    assert max(sum(inks(c)) for c in colours) <= 3.0


def test_the_files_stay_under_the_strictest_card_shops_ink_limit(shop_files):
    """DriveThruCards takes at most 240 % total ink; the crop marks (400 %, outside the
    bleed) are cut away and do not count."""
    for name in ("pack1-shop.pdf", "pack36-shop.pdf", "board-a-shop.pdf"):
        with pikepdf.open(shop_files / name) as pdf:
            used, _ = _colours(pdf)
        inks = [sum(v) for op, v in used if v != (1.0, 1.0, 1.0, 1.0)]
        assert max(inks) <= 2.4, name


# --- --icc --------------------------------------------------------------------------------

def test_a_custom_profile_is_embedded_as_a_custom_condition(tmp_path, library, profile):
    mine = tmp_path / "shop.icc"
    mine.write_bytes(profile.data)
    custom = load_profile(mine)
    assert custom.identifier == "Custom" and custom.description
    made = make_shop_files(library, tmp_path / "out", ShopOptions(items=["latin1"], icc=mine))
    assert made.condition == "Custom"
    with pikepdf.open(tmp_path / "out" / "latin1-shop.pdf") as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert str(intent.OutputConditionIdentifier) == "Custom"
        assert intent.DestOutputProfile.read_bytes() == profile.data


def test_an_rgb_or_broken_profile_is_refused_in_one_line(tmp_path, runner):
    rgb = tmp_path / "srgb.icc"
    rgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    with pytest.raises(IccProfileError, match="expected a CMYK output"):
        load_profile(rgb)
    junk = tmp_path / "junk.icc"
    junk.write_text("not a profile")
    for path, words in ((rgb, "got a RGB display profile"), (junk, "expected an ICC")):
        result = runner.invoke(cli, ["build", "--shop", "--icc", str(path), "--only", "pack1",
                                     "--out", str(tmp_path / "out")])
        assert result.exit_code == 1
        assert result.output.startswith("Error: ") and words in result.output
        assert result.output.count("\n") == 1
    assert not (tmp_path / "out").exists()


# --- the command line ---------------------------------------------------------------------

@pytest.mark.parametrize(("size", "trim", "bleed", "said"), [
    # Issue 27: the 63 x 88 mm + 3 mm file European shops ask for.
    ("63x88mm", (63.0, 88.0), 3.0, None),
    ("2.5x3.5in", (63.5, 88.9), 3.175, "the shop's poker size"),
    ("poker", (63.5, 88.9), 3.175, "the shop's poker size")])
def test_build_shop_from_the_command_line(runner, tmp_path, size, trim, bleed, said):
    result = runner.invoke(cli, ["build", "--shop", "--only", "latin2", "--card-size",
                                 size, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "rounded" not in result.output
    assert (said in result.output) if said else ("poker" not in result.output)
    assert "PDF/X-1a:2003" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["latin2-shop.pdf"]
    with pikepdf.open(tmp_path / "latin2-shop.pdf") as pdf:
        x1, y1, x2, y2 = _box_mm(pdf.pages[0], "TrimBox")
        bx1, by1, _, _ = _box_mm(pdf.pages[0], "BleedBox")
        assert (x2 - x1, y2 - y1) == (pytest.approx(trim[0], abs=0.01),
                                      pytest.approx(trim[1], abs=0.01))
        assert (x1 - bx1, y1 - by1) == (pytest.approx(bleed, abs=0.01),
                                        pytest.approx(bleed, abs=0.01))


def test_shop_options_are_documented_and_checked(runner, tmp_path):
    build_help = runner.invoke(cli, ["build", "--help"]).output
    assert "--shop" in build_help and "--icc FILE" in build_help
    assert "--shop" in runner.invoke(cli, ["export-cards", "--help"]).output
    result = runner.invoke(cli, ["build", "--only", "pack1", "--icc", __file__,
                                 "--out", str(tmp_path)])
    assert result.exit_code == 1 and "--icc needs --shop" in result.output
    result = runner.invoke(cli, ["build", "--shop", "--only", "booklet-en",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 1 and "booklets have no print-shop file" in result.output
    result = runner.invoke(cli, ["build", "--shop", "--backs", "fold", "--only", "pack1",
                                 "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "--backs does not apply to --shop" in result.output
    assert not (tmp_path / "out").exists()


# --- export-cards --shop ------------------------------------------------------------------

TINY_LETTERS = """kind = "letters"
title = "Two letters"
script = "latin"

[marks]
back_rhombuses = true
back_hatching = "horizontal"
arrow = true
dagger_group = "yellow"

[groups.red]
letters = "A"

[groups.yellow]
letters = "B"

[frequency]
source = "made up for this test"

[frequency.percent]
A = 50.0
B = 50.0
"""


def test_shop_pngs_have_the_shop_pixel_size_and_an_srgb_profile(runner, tmp_path):
    # Two letter cards: the full-size PNGs are slow to draw, and two show it all.
    (tmp_path / "t" / "letters").mkdir(parents=True)
    (tmp_path / "t" / "letters" / "tiny.toml").write_text(TINY_LETTERS, encoding="utf-8")
    args = ["--templates", str(tmp_path / "t"), "export-cards", "--shop", "--only", "tiny",
            "--card-size", "poker"]
    result = runner.invoke(cli, [*args, "--out", str(tmp_path / "a")])
    assert result.exit_code == 0, result.output
    assert "the shop's poker size" in result.output
    files = sorted((tmp_path / "a" / "cards" / "tiny").iterdir())
    assert [f.name for f in files] == ["tiny-A-R-back.png", "tiny-A-R-face.png",
                                       "tiny-B-Y-back.png", "tiny-B-Y-face.png"]
    for file in files:
        with Image.open(file) as image:
            # 2.5 x 3.5 in plus 1/8 in bleed a side at 300 dpi.
            assert image.size == (825, 1125)
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
            data = image.info["icc_profile"]
            icc = ImageCms.ImageCmsProfile(io.BytesIO(data))
        assert icc.profile.xcolor_space.strip() == "RGB"
        # littleCMS would stamp the time of the run: the header's date is a fixed day.
        assert data[24:30] == bytes([0x07, 0xD0, 0, 1, 0, 1])
        assert "sRGB" in icc.profile.profile_description
    # Same input, same bytes (the profile's creation date is fixed).
    again = runner.invoke(cli, [*args, "--out", str(tmp_path / "b")])
    assert again.exit_code == 0
    assert [(tmp_path / "b" / "cards" / "tiny" / f.name).read_bytes() for f in files] == \
        [f.read_bytes() for f in files]


# --- issue 27: subset tags and overprinting black -------------------------------------------

def _fonts(pdf):
    """Every font dictionary the pages and their forms use."""
    found = {}
    for stream in _streams(pdf):
        for font in _resources(stream).get("/Font", {}).values():
            found[str(font.BaseFont)] = font
    return found


def _resources(stream):
    return stream.Resources if hasattr(stream, "Resources") else stream.get("/Resources", {})


@pytest.mark.parametrize("file", ["pack1-shop.pdf", "board-a-shop.pdf"])
def test_each_embedded_subset_has_a_tag_of_its_own(shop_files, file):
    """The regular and the bold subset were both AAAAAA+: tags of different subsets must
    differ (PDF reference, 'font subsets')."""
    with pikepdf.open(shop_files / file) as pdf:
        fonts = _fonts(pdf)
        tags = [name[1:].split("+")[0] for name in fonts]
        assert len(fonts) >= 2 and len(set(tags)) == len(tags), sorted(fonts)
        for name, font in fonts.items():
            assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans(-Bold)?", name)
            assert str(font.FontDescriptor.FontName) == name


def _paints(pdf_path):
    """(operator, colour, overprint, mode) of every fill, stroke and text shown in the
    file, following q/Q, gs, colour operators and forms."""
    out = []
    with pikepdf.open(pdf_path) as pdf:
        def run(stream, resources, state):
            states = resources.get("/ExtGState", {})
            stack = []
            for operands, op in pikepdf.parse_content_stream(stream):
                op = str(op)
                if op == "q":
                    stack.append(dict(state))
                elif op == "Q":
                    state = stack.pop()
                elif op == "gs":
                    for key, value in states[operands[0]].items():
                        state[key] = value if key == "/OPM" else bool(value)
                elif op in ("k", "K"):
                    state[op] = tuple(round(float(v), 4) for v in operands)
                elif op in ("f", "f*", "F", "B", "B*", "b", "b*", "Tj", "TJ", "'", '"'):
                    out.append(("fill", state.get("k"), state.get("/op", False),
                                state.get("/OPM", 0)))
                if op in ("S", "s", "B", "B*", "b", "b*"):
                    out.append(("stroke", state.get("K"), state.get("/OP", False),
                                state.get("/OPM", 0)))
                elif op == "Do":
                    form = resources["/XObject"][operands[0]]
                    run(form, form.get("/Resources", resources), dict(state))
        for page in pdf.pages:
            run(page, page.Resources, {})
    return out


def test_black_knocks_out_unless_asked_to_overprint(runner, tmp_path):
    """Issue 27: with --overprint-black, solid black (0 0 0 1: text, frames, values) is
    painted with overprint on and overprint mode 1, so a plate printed a little off leaves
    no white rim; every other colour, registration marks included, still knocks out.
    Without it nothing overprints."""
    for args, name in ((["--overprint-black"], "a"), ([], "b")):
        result = runner.invoke(cli, ["build", "--shop", "--only", "pack36", *args,
                                     "--out", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
    black = (0.0, 0.0, 0.0, 1.0)
    paints = _paints(tmp_path / "a" / "pack36-shop.pdf")
    assert sum(1 for _, colour, _, _ in paints if colour == black) > 100
    assert sum(1 for _, colour, _, _ in paints if colour not in (black, None)) > 100
    for kind, colour, overprint, mode in paints:
        assert overprint == (colour == black), (kind, colour)
        assert mode == 1
    assert not any(overprint for _, _, overprint, _ in _paints(tmp_path / "b" /
                                                                 "pack36-shop.pdf"))
    result = runner.invoke(cli, ["build", "--overprint-black", "--only", "pack1", "--out",
                                 str(tmp_path / "c")])
    assert result.exit_code != 0 and "--overprint-black needs --shop" in result.output
    assert not (tmp_path / "c").exists()
