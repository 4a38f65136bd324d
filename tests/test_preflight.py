"""Issue 43: shop files that pass a print shop's preflight, and the preflight itself
(``opencards preflight``, run at the end of every ``opencards shop`` build).

These are print-production checks, not game rules: no seed passage applies. What each
test keeps is named from issue 43's list (items 1, 5 and 7, and the preflight step)."""
from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest

from generator.app import ShopOptions, make_shop_files
from generator.cli import cli
from generator.draw.backends.colour import THIN_LINE, default_profile, load_profile
from generator.draw.backends.preflight import preflight
from generator.errors import IccProfileError, PreflightError
from generator.sheets.kit import DEFAULT_ITEMS

from pdfstreams import strokes, undeclared_names

#: The default kit, and a traditional pack: its courts are drawn in fine red lines and
#: its faces framed in a 0.30 mm grey.
ITEMS = (*DEFAULT_ITEMS, "pack36")


@pytest.fixture(scope="module")
def overprinted(tmp_path_factory, library):
    """Every item's shop file with --overprint-black (the forms then set graphics
    states); the build has run its own preflight, which raises on any error."""
    out = tmp_path_factory.mktemp("shop-op")
    made = make_shop_files(library, out, ShopOptions(items=ITEMS, overprint_black=True))
    return out, made


@pytest.fixture(scope="module")
def plain(tmp_path_factory, library):
    out = tmp_path_factory.mktemp("shop")
    made = make_shop_files(library, out, ShopOptions())
    return out, made


def _files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*-shop.pdf"))


# --- item 1: every form declares the resources it uses -----------------------------------

def test_every_stream_declares_every_name_it_uses(overprinted, plain):
    """Item 1: the back-art forms set overprint with ``/gRLs0 gs`` and declared no
    /ExtGState of their own (pack1, latin1, cyrillic, pack2, latin2). Every name a page or
    form uses (gs, Tf, Do, cs, scn, sh) must be in that stream's own /Resources."""
    files = _files(overprinted[0]) + _files(plain[0])
    assert len(files) == len(ITEMS) + len(DEFAULT_ITEMS)
    checked_gs = 0
    for path in files:
        with pikepdf.open(path) as pdf:
            assert undeclared_names(pdf) == [], path.name
            checked_gs += sum(1 for form in pdf.objects if isinstance(form, pikepdf.Stream)
                              and "/ExtGState" in form.get("/Resources", {}))
    assert checked_gs > 0   # forms that set a graphics state were there to check


# --- item 7: thin lines on one plate ------------------------------------------------------

def test_lines_under_half_a_millimetre_print_on_one_plate(overprinted):
    """Item 7: the backs' 0.35 mm hatching in bluish grey printed on three plates, and a
    traditional pack's 0.30 mm grey frames on four; a prepress check asks for one plate
    under ~0.5 mm. Every stroke of every shop file, read from the content streams (forms
    with the matrix they are placed with): under THIN_LINE mm on one plate, the crop
    marks' registration colour (outside the bleed) apart."""
    thin_seen = 0
    for path in _files(overprinted[0]):
        with pikepdf.open(path) as pdf:
            for page, colour, width in strokes(pdf):
                if colour == (1.0, 1.0, 1.0, 1.0):
                    assert width == pytest.approx(0.1, abs=1e-3)   # a crop mark
                    continue
                if width < THIN_LINE:
                    thin_seen += 1
                    plates = [v for v in colour if v > 0]
                    assert len(plates) <= 1, (path.name, page, colour, width)
    assert thin_seen > 1000   # the hatching, frames and court outlines were all read


def test_a_thin_line_keeps_its_lightness_on_black():
    """A thin line goes to black at a tint that prints as light as its colour (soft proof
    through the profile): the backs' bluish-grey hatching, and the traditional courts' red
    outlines (magenta alone, the other one-plate choice, printed them hot pink)."""
    from PIL import Image, ImageCms
    from generator.draw.backends.colour import ProfiledInks, srgb_lab
    profile = default_profile()
    inks = ProfiledInks(profile)
    proof = ImageCms.buildTransform(ImageCms.ImageCmsProfile(io.BytesIO(profile.data)),
                                    ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                    renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    for colour in ("#6b7a99", "#c0231d", "#9aa0a6"):
        assert sum(1 for v in inks(colour) if v > 0) > 1   # several plates when thick
        c, m, y, k = inks.one_plate(colour)
        assert (c, m, y) == (0, 0, 0) and 0.3 < k < 0.9, colour
        printed = ImageCms.applyTransform(
            Image.new("CMYK", (1, 1), (0, 0, 0, round(k * 255))), proof).getpixel((0, 0))
        assert printed[0] * 100 / 255 == pytest.approx(srgb_lab(colour)[0], abs=1.5), colour
    # Solid black and one-plate colours stay as they are.
    assert inks.one_plate("#000000") == (0.0, 0.0, 0.0, 1.0)


# --- the preflight ------------------------------------------------------------------------

def test_every_shop_file_of_the_kit_passes_the_preflight(overprinted, plain):
    """Done-when of issue 43: a preflight of every shop file of the kit reports no error.
    Each build ran it on every file as its last step (an error raises, and nothing is
    written: test_a_shop_build_failing_its_preflight_writes_nothing); no warning either."""
    for folder, made in (overprinted, plain):
        assert made.warnings == []
        assert sorted(b.path for b in made.written) == _files(folder)


def _broken(source: Path) -> bytes:
    """A two-page shop file with one defect of each kind a shop refuses, on page 1 unless
    said: an undefined graphics state, an RGB fill, a 0.2 mm line on four plates inside the
    bleed, a 400 % fill, black overprinting 240 % (page 2), a font not embedded, a
    see-through graphics state, a Lab colour (beside an allowed spot colour), an RGB
    image at 10 ppi (4 pixels over 1 cm), no TrimBox on page 2, and an ICC v4 profile in
    the output intent."""
    with pikepdf.open(source) as pdf:
        del pdf.pages[2:]
        first, second = pdf.pages
        x0, y0, x1, y1 = (float(v) for v in first.obj.BleedBox)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        first.obj.Resources.Font.FX = pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
            BaseFont=pikepdf.Name.Helvetica))
        if "/ExtGState" not in first.obj.Resources:
            first.obj.Resources.ExtGState = pikepdf.Dictionary()
        first.obj.Resources.ExtGState.Half = pikepdf.Dictionary(ca=0.5, CA=0.5)
        # A Lab colour (refused) and a spot colour with a CMYK alternate (allowed).
        first.obj.Resources.ColorSpace = pikepdf.Dictionary(
            Lab=pikepdf.Array([pikepdf.Name.Lab, pikepdf.Dictionary(WhitePoint=[0.95, 1, 1.09])]),
            Gold=pikepdf.Array([pikepdf.Name.Separation, pikepdf.Name.Gold,
                                pikepdf.Name.DeviceCMYK, pikepdf.Dictionary(
                                    FunctionType=2, Domain=[0, 1], C0=[0, 0, 0, 0],
                                    C1=[0, 0.2, 0.8, 0], N=1)]))
        image = pdf.make_stream(bytes(4 * 4 * 3), Type=pikepdf.Name.XObject,
                                Subtype=pikepdf.Name.Image, Width=4, Height=4,
                                ColorSpace=pikepdf.Name.DeviceRGB, BitsPerComponent=8)
        if "/XObject" not in first.obj.Resources:
            first.obj.Resources.XObject = pikepdf.Dictionary()
        first.obj.Resources.XObject.Im9 = image
        first.contents_add(pdf.make_stream(
            f"q 28.35 0 0 28.35 {cx} {cy} cm /Im9 Do Q".encode()))
        first.contents_add(pdf.make_stream(
            f"q /Nowhere gs /Half gs 1 0 0 rg {cx} {cy} 5 5 re f "
            f"/Lab cs 50 0 0 sc {cx} {cy - 6} 2 2 re f /Gold cs 1 sc {cx} {cy - 9} 2 2 re f "
            f"{0.2 * 72 / 25.4} w 0.5 0.4 0.3 0.2 K {x0 + 5} {cy} m {x1 - 5} {cy} l S "
            f"1 1 1 1 k {cx - 20} {cy - 20} 6 6 re f "
            f"BT /FX 9 Tf 0 0 0 1 k {cx} {cy + 10} Td (x) Tj ET Q".encode()))
        second.obj.Resources.ExtGState.OPX = pikepdf.Dictionary(OP=True, op=True, OPM=1)
        second.contents_add(pdf.make_stream(
            f"q 0.8 0.8 0.8 0 k {cx - 8} {cy - 8} 16 16 re f "
            f"/OPX gs 0 0 0 1 k {cx - 4} {cy - 4} 8 8 re f Q".encode()))
        del second.obj["/TrimBox"]
        (intent,) = pdf.Root.OutputIntents
        profile = bytearray(intent.DestOutputProfile.read_bytes())
        profile[8] = 4
        intent.DestOutputProfile = pdf.make_stream(bytes(profile))
        out = io.BytesIO()
        pdf.save(out)
    return out.getvalue()


def test_a_broken_file_reports_each_error(overprinted):
    data = _broken(overprinted[0] / "pack1-shop.pdf")
    findings = preflight(data, "broken.pdf")
    lines = [f.line() for f in findings]
    errors = [line for line in lines if ": error: " in line]

    def one(*words: str) -> str:
        hits = [line for line in errors if all(w in line for w in words)]
        assert len(hits) == 1, (words, lines)
        return hits[0]
    assert one("page 1:", "/Nowhere (gs)", "/ExtGState").startswith("broken.pdf: page 1: error:")
    one("page 1:", "RGB (rg)", "CMYK or grey only")
    one("page 1:", "0.20 mm line on 4 plates", "C 50% M 40% Y 30% K 20%", "one plate")
    one("page 1:", "400% total ink", "at most 300%")
    # 0.8 + 0.8 + 0.8 under black that overprints: 340 %, not 240 % or 100 %.
    one("page 2:", "340% total ink")
    one("page 1:", "Helvetica is not embedded")
    one("page 2:", "no TrimBox")
    one("document:", "ICC v4", "ICC v2 profile")
    one("page 1:", "image /Im9 is in /DeviceRGB")
    one("page 1:", "image /Im9 prints at 10 ppi", "at least 150 ppi")
    one("page 1:", "transparency (/CA 0.5, /ca 0.5) with /Half", "no transparency")
    one("page 1:", "paints in a Lab colour space", "a spot colour only")
    assert not any("Separation" in line or "Gold" in line for line in lines)
    assert len(errors) == 12, lines
    # The image is left out of the ink measured, and the report says so.
    assert [line for line in lines if ": warning: " in line] == [
        "broken.pdf: document: warning: the ink of 1 placed image is not measured; "
        "expected images' ink checked another way (only vector art is measured)"]
    # A shop's stricter limit is one option away.
    assert any("page 1:" in f.line() and "400%" in f.line() and "at most 240%" in f.line()
               for f in preflight(data, "broken.pdf", ink_limit=2.4))


def test_the_command_reports_and_fails(runner, tmp_path, overprinted):
    good = overprinted[0] / "board-a-shop.pdf"
    bad = tmp_path / "broken.pdf"
    bad.write_bytes(_broken(overprinted[0] / "pack1-shop.pdf"))
    result = runner.invoke(cli, ["preflight", str(good)])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith(": passed")
    result = runner.invoke(cli, ["preflight", str(good), str(bad)])
    assert result.exit_code == 1
    assert "broken.pdf: page 1: error: " in result.output
    assert result.output.strip().splitlines()[-1].endswith("broken.pdf: 12 errors, 1 warning")
    junk = tmp_path / "junk.pdf"
    junk.write_text("not a pdf")
    result = runner.invoke(cli, ["preflight", str(junk)])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "expected a PDF file" in result.output


def test_a_shop_build_failing_its_preflight_writes_nothing(runner, tmp_path):
    """The preflight is the shop build's last step: an error (here pack1's 236 % blue
    against a shop limit of 200 %) lists each finding and stops the build."""
    out = tmp_path / "out"
    result = runner.invoke(cli, ["shop", "--only", "pack1", "--ink-limit", "200",
                                 "--out", str(out)])
    assert result.exit_code == 1
    assert "pack1-shop.pdf: page 3: error: 236% total ink" in result.output
    assert "Error: " in result.output and "no file written" in result.output
    assert not out.exists() or not any(out.iterdir())
    result = runner.invoke(cli, ["shop", "--only", "board-a", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "preflight: no error in 1 file" in result.output


# --- item 5: an ICC v4 profile is refused -------------------------------------------------

def test_a_v4_profile_is_refused_in_one_line(tmp_path, runner):
    """Item 5: PDF/X-1a is PDF 1.4, whose output intents take ICC v2 profiles; a v4
    profile was embedded without a word. A v4 header on the bundled profile's data."""
    data = bytearray(default_profile().data)
    data[8], data[9] = 4, 0x30
    v4 = tmp_path / "press-v4.icc"
    v4.write_bytes(bytes(data))
    with pytest.raises(IccProfileError, match="version 4.3 profile; PDF/X-1a needs an ICC v2"):
        load_profile(v4)
    out = tmp_path / "out"
    result = runner.invoke(cli, ["shop", "--icc", str(v4), "--only", "board-a",
                                 "--out", str(out)])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1
    assert result.output.startswith("Error: ") and "press-v4.icc" in result.output
    assert "PDF/X-1a needs an ICC v2 profile" in result.output
    assert not out.exists()
