"""`opencards build` from the outside: parse the PDFs it writes and check them to 0.01 mm."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
from PIL import Image
from pypdf import PdfReader

import pdfgeom
from generator.cli import cli
from generator.sheets.board import tiles
from generator.sheets.cards import card_sheets, oriented_plan, plan
from generator.sheets.marks import target_centres
from generator.sheets.spec import Backs, Flip, PAPERS, Paper, SheetSpec
from generator.draw.art.board import board_size
from generator.draw.geometry import Rect, Size
from generator.app import KitOptions, build_kit
from generator.sheets.kit import DEFAULT_ITEMS

TOL = 0.01
DUPLEX_CHECK = Path(__file__).resolve().parent / "tools" / "duplex_check.py"


@pytest.fixture(scope="module")
def kit(tmp_path_factory, library):
    out = tmp_path_factory.mktemp("kit")
    build_kit(library, out, KitOptions())
    return out


def _flat(points):
    return [v for p in points for v in p]


def _mirror(rect, spec):
    x, y, w, h = rect
    size = spec.size
    if spec.flip == "long":
        return (size.width - x - w, y, w, h)
    return (x, size.height - y - h, w, h)


def _shift(rect, spec):
    """Where a back rectangle is drawn on the back page after --back-offset."""
    x, y, w, h = rect
    dx, dy = spec.back_offset
    return (x - dx, y - dy, w, h) if spec.flip == "long" else (x + dx, y + dy, w, h)


def test_default_kit_files_and_pages(kit):
    names = sorted(p.name for p in kit.iterdir())
    assert names == sorted([f"{n}.pdf" for n in DEFAULT_ITEMS] + ["kit.pdf"])
    counts = {p.name: len(PdfReader(p).pages) for p in kit.iterdir()}
    for name in ("pack1", "pack2", "simple1", "simple2", "latin1", "latin2", "cyrillic"):
        assert counts[f"{name}.pdf"] == 2  # a whole pack on one sheet, fronts and backs
    assert counts["board-a.pdf"] == counts["colourless.pdf"] == 4
    # kit.pdf: 7 duplex pairs, then each board quarter with a blank reverse.
    assert counts["kit.pdf"] == 14 + 16
    assert not list(kit.glob(".*"))  # no temporary files left behind


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.25, -0.75)])
def test_every_front_trim_maps_onto_its_back_trim(tmp_path, library, flip, offset):
    spec = SheetSpec(flip=Flip(flip), back_offset=offset)
    build_kit(library, tmp_path, KitOptions(items=["pack1", "latin1"], spec=spec))
    for name in ("pack1", "latin1"):
        front, back = pdfgeom.read(tmp_path / f"{name}.pdf")
        assert len(front.markers) == len(back.markers) == 32
        for f, b in zip(front.markers, back.markers):
            assert f[2:] == pytest.approx((25, 50), abs=TOL)
            assert b == pytest.approx(_shift(_mirror(f, spec), spec), abs=TOL)
        # The back art (a shared form) is drawn exactly at each back trim.
        assert _flat((x, y) for _, x, y in back.forms) == pytest.approx(
            _flat((m[0], m[1]) for m in back.markers), abs=TOL)
        # Every card sits inside the page's TrimBox (the cut block).
        reader = PdfReader(tmp_path / f"{name}.pdf")
        page_h = float(reader.pages[0].mediabox.height)
        trim = [float(v) * 25.4 / 72 for v in reader.pages[0].trimbox]
        block = (trim[0], page_h * 25.4 / 72 - trim[3], trim[2] - trim[0], trim[3] - trim[1])
        for x, y, w, h in front.markers:
            assert block[0] - TOL <= x and x + w <= block[0] + block[2] + TOL
            assert block[1] - TOL <= y and y + h <= block[1] + block[3] + TOL


def _centres(geo, length):
    """Crossing points of the target crosshairs (segments of *length* mm)."""
    found = []
    for (x1, y1), (x2, y2) in geo.segments:
        if abs(abs(x2 - x1) - length) < TOL and abs(y2 - y1) < TOL:
            found.append(((x1 + x2) / 2, y1))
    return sorted(found)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_registration_targets_coincide_under_the_flip(tmp_path, library, flip):
    spec = SheetSpec(flip=Flip(flip))
    build_kit(library, tmp_path, KitOptions(items=["pack2"], spec=spec))
    front, back = pdfgeom.read(tmp_path / "pack2.pdf")
    on_front = _centres(front, 6.0)
    assert len(on_front) == 4
    assert _flat(on_front) == pytest.approx(_flat(sorted(target_centres(spec))), abs=TOL)
    turned = sorted(_mirror((x, y, 0, 0), spec)[:2] for x, y in _centres(back, 6.0))
    assert _flat(turned) == pytest.approx(_flat(on_front), abs=TOL)


def test_crop_marks_lie_outside_every_trim(kit):
    for path in sorted(kit.glob("*.pdf")):
        for geo in pdfgeom.read(path):
            trims = geo.markers
            marks = [s for s in geo.segments
                     if abs(abs(s[1][0] - s[0][0]) + abs(s[1][1] - s[0][1]) - 3.0) < TOL]
            for (x1, y1), (x2, y2) in marks:
                for x, y, w, h in trims:
                    inside = (x - TOL < min(x1, x2) and max(x1, x2) < x + w + TOL
                              and y - TOL < min(y1, y2) and max(y1, y2) < y + h + TOL)
                    assert not inside, (path.name, (x1, y1, x2, y2))
    sheet = pdfgeom.read(kit / "pack1.pdf")[0]
    marks = [s for s in sheet.segments
             if abs(abs(s[1][0] - s[0][0]) + abs(s[1][1] - s[0][1]) - 3.0) < TOL]
    assert len(marks) == 2 * (8 + 6)  # both ends of 8 vertical and 6 horizontal cuts


def test_board_pieces_tile_the_board(kit, library):
    size = board_size(library.settings().square)
    pieces = tiles(size, SheetSpec(), 6.0)
    reader = PdfReader(kit / "board-a.pdf")
    for page, piece in zip(reader.pages, pieces):
        box = page.trimbox
        width = (float(box.right) - float(box.left)) * 25.4 / 72
        height = (float(box.top) - float(box.bottom)) * 25.4 / 72
        assert (width, height) == pytest.approx((piece.area.w, piece.area.h), abs=TOL)
    text = "".join(page.extract_text() for page in reader.pages)
    for n in range(1, 5):
        assert f"quarter {n} of 4" in text
    assert "north" in text


def test_pdfs_are_valid_and_fonts_embedded(kit):
    for path in sorted(kit.glob("*.pdf")):
        with pikepdf.open(path) as pdf:
            check = getattr(pdf, "check_pdf_syntax", None) or pdf.check
            assert check() == [], path.name
            fonts = {}
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                    fonts[str(obj.get("/BaseFont"))] = obj
            assert fonts and not any("Helvetica" in name for name in fonts), path.name
            for name, font in fonts.items():
                if "/DescendantFonts" in font:
                    font = font.DescendantFonts[0]
                if "/FontDescriptor" in font:
                    assert "/FontFile2" in font.FontDescriptor, (path.name, name)
                    assert "+" in name


def test_two_builds_are_byte_identical(kit, library, tmp_path):
    build_kit(library, tmp_path, KitOptions())
    for path in sorted(kit.glob("*.pdf")):
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


def test_cmyk_writes_no_rgb(tmp_path, library):
    build_kit(library, tmp_path, KitOptions(items=["pack1"], cmyk=True))
    with pikepdf.open(tmp_path / "pack1.pdf") as pdf:
        ops = {str(op) for page in pdf.pages for _, op in pikepdf.parse_content_stream(page)}
        forms = [x for x in pdf.objects if isinstance(x, pikepdf.Stream)
                 and x.get("/Subtype") == "/Form"]
        for form in forms:
            ops |= {str(op) for _, op in pikepdf.parse_content_stream(form)}
    assert "k" in ops and "rg" not in ops and "RG" not in ops


#: Sheets of 32 cards of 25 x 50 mm: A5 (issue 43) holds 15 a sheet.
PACK_SHEETS = {"a3": 1, "a4": 1, "letter": 1, "tabloid": 1, "a5": 3}


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_each_paper_holds_a_pack(tmp_path, library, paper):
    build_kit(library, tmp_path, KitOptions(items=["pack2"], spec=SheetSpec(paper=Paper(paper))))
    reader = PdfReader(tmp_path / "pack2.pdf")
    assert len(reader.pages) == 2 * PACK_SHEETS[paper]
    box = reader.pages[0].mediabox
    size = PAPERS[paper]
    assert float(box.width) * 25.4 / 72 == pytest.approx(size.width, abs=TOL)
    assert float(box.height) * 25.4 / 72 == pytest.approx(size.height, abs=TOL)


def test_bigger_cards_take_more_sheets(tmp_path, library):
    build_kit(library, tmp_path, KitOptions(items=["simple1"], card=Size(63, 88)))
    assert plan(Size(63, 88), SheetSpec()).per_sheet == 6  # 3 across: marks in the margin
    per_sheet = oriented_plan(Size(63, 88), SheetSpec(), 32).per_sheet
    assert per_sheet == 8  # turned, 2 x 4: four sheets instead of six
    assert len(PdfReader(tmp_path / "simple1.pdf").pages) == 2 * -(-32 // per_sheet)


@pytest.mark.parametrize(("flip", "offset"), [("long", "0,0"), ("short", "0,0"),
                                              ("long", "1.5,-0.8")])
def test_outside_duplex_check_reads_the_offset(tmp_path, runner, flip, offset):
    result = runner.invoke(cli, ["build", "--only", "pack2", "--flip", flip,
                                 f"--back-offset={offset}", "--out", str(tmp_path)])
    assert result.exit_code == 0
    out = subprocess.run([sys.executable, str(DUPLEX_CHECK), str(tmp_path / "pack2.pdf"),
                          flip], capture_output=True, text=True, check=True).stdout
    dx = float(out.split("dx=")[1].split()[0])
    dy = float(out.split("dy=")[1].split()[0])
    want = [float(v) for v in offset.split(",")]
    assert (dx, dy) == pytest.approx(want, abs=0.05), out


# --- the command line ----------------------------------------------------------------

def test_build_command_summary(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--only", "board-a",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "pack1.pdf" in result.stdout and "kit.pdf" in result.stdout
    assert "3 files, 16 pages" in result.stdout  # 2 + 4 + kit (2 + 4 quarters + 4 blanks)


@pytest.mark.parametrize(("args", "message"), [
    (["--paper", "B7"], "Invalid value for '--paper': 'B7' is not one of"),
    (["--card-size", "500x5mm"], "expected each side a length from 5 to 400 mm"),
    (["--card-size", "25by50"], "expected WIDTHxHEIGHT like 25x50mm"),
    (["--card-size", "250x300mm"], "does not fit on A4"),
    (["--back-offset", "1;2"], "expected two lengths in mm"),
    (["--bleed", "3 furlongs"], "Invalid value for '--bleed'"),
    (["--only", "pakc1"], "did you mean 'pack1'?"),
    (["--only", "game9-start"], "a kit holds packs, letter sets and boards"),
])
def test_bad_options_are_one_line_and_write_nothing(runner, tmp_path, args, message):
    out = tmp_path / "out"
    result = runner.invoke(cli, ["build", *args, "--out", str(out)])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines()[-1].startswith("Error: ")
    assert message in result.stderr and "Traceback" not in result.output
    assert not out.exists() or not list(out.iterdir())


def test_unwritable_out_leaves_nothing(runner, tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("keep")
    result = runner.invoke(cli, ["build", "--only", "pack1", "--out", str(blocker / "sub")])
    assert result.exit_code == 1 and "cannot create the output folder" in result.stderr
    assert blocker.read_text() == "keep" and list(tmp_path.iterdir()) == [blocker]


def test_calibrate_command(runner, tmp_path):
    result = runner.invoke(cli, ["calibrate", "--paper", "letter", "--flip", "short",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0
    reader = PdfReader(tmp_path / "calibration-letter-short.pdf")
    assert len(reader.pages) == 2
    text = reader.pages[0].extract_text()
    assert "--paper letter --flip short --margin 5" in text and '--read "TL=X,Y' in text


def test_export_cards(runner, tmp_path):
    result = runner.invoke(cli, ["export-cards", "--only", "latin2", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "cards" / "latin2").iterdir())
    assert len(files) == 64
    image = Image.open(tmp_path / "cards" / "latin2" / "latin2-A-G-face.png")
    # 25 x 50 mm plus 1/8 in bleed on every side, at 300 dpi.
    assert image.size == (round((25 + 2 * 3.175) / 25.4 * 300),
                          round((50 + 2 * 3.175) / 25.4 * 300))
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_identical_backs_are_drawn_once_per_document(kit):
    """Backs are form XObjects: a pack holds two designs (with and without the dagger)."""
    with pikepdf.open(kit / "pack1.pdf") as pdf:
        back_page = pdf.pages[1]
        names = [str(k) for k in back_page.Resources.XObject.keys()]
        uses = [str(operands[0]) for operands, op in pikepdf.parse_content_stream(back_page)
                if str(op) == "Do"]
    assert len(uses) == 32
    assert len(set(uses)) == 2 and set(uses) <= set(names)
    assert sum("dagger" in u for u in uses) == 16


def test_glue_fronts_have_pinholes_beyond_the_block_corners(tmp_path, library):
    from generator.draw.scene import Circle, walk
    from generator.draw.art.cards import card_back, card_front
    pack = library.pack("simple1")
    spec = SheetSpec(backs=Backs.GLUE, bleed=0)
    fronts = [card_front(pack, c) for c in pack]
    backs = [card_back(pack, c) for c in pack]
    front, back = card_sheets(fronts, backs, Size(25, 50), spec, "t")
    block = plan(Size(25, 50), spec, 32).block
    rings = sorted((c.cx, c.cy) for c, _ in walk(front.items)
                   if isinstance(c, Circle) and c.r == 1.6)
    assert len(rings) == 8 and not [r for r in rings if block.inset(-1).contains(Rect(*r, 0, 0))]
    assert not [c for c, _ in walk(back.items) if isinstance(c, Circle) and c.r == 1.6]
    assert "glue the backs sheet" in "".join(
        t.text for t, _ in walk(front.items) if hasattr(t, "text"))


def test_zero_bleed(tmp_path, library):
    build_kit(library, tmp_path, KitOptions(items=["pack2"], spec=SheetSpec(bleed=0)))
    reader = PdfReader(tmp_path / "pack2.pdf")
    page = reader.pages[0]
    assert [float(v) for v in page.trimbox] == pytest.approx(
        [float(v) for v in page.bleedbox], abs=1e-3)


def test_card_size_scales_the_board_squares_too(tmp_path, library):
    build_kit(library, tmp_path, KitOptions(items=["board-a"], card=Size(30, 60)))
    pieces = tiles(board_size(Size(30, 60)), SheetSpec(), 6.0)
    reader = PdfReader(tmp_path / "board-a.pdf")
    assert len(reader.pages) == len(pieces) == 8  # a quarter no longer fits A4: halves
    box = reader.pages[0].trimbox
    width = (float(box.right) - float(box.left)) * 25.4 / 72
    assert width == pytest.approx(pieces[0].area.w, abs=TOL)
    assert "piece 1 of 2" in reader.pages[0].extract_text()


def test_split_quarters_print_quarter_by_quarter(tmp_path, library):
    build_kit(library, tmp_path, KitOptions(items=["colourless"], card=Size(30, 60)))
    texts = [p.extract_text() for p in PdfReader(tmp_path / "colourless.pdf").pages]
    order = [(t.split("quarter ")[1][0], t.split("piece ")[1][0]) for t in texts]
    assert order == [(q, p) for q in "1234" for p in "12"]


def test_the_summary_counts_in_words_of_the_right_number():
    """'1 file, 1 page', never '1 file(s), 1 pages' (issue 44)."""
    from generator.cli.common import plural
    assert [plural(1, "file"), plural(2, "file"), plural(0, "page")] == [
        "1 file", "2 files", "0 pages"]
