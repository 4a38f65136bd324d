"""Cut files for cutting machines (build --cut svg|dxf): read back with our own SVG path
reader and with ezdxf, every card's cut path is its trim in the PDF to 0.01 mm with the
card's corner radius, one path per card on each sheet; the cutter's three marks print on
the fronts where the cut file has them, and nothing else on the sheet comes near them."""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import ezdxf
import pytest

import pdfgeom
from generator.cli import cli
from generator.draw.geometry import Rect, Size
from generator.draw.scene import Box, Group, Paint, Polygon, walk
from generator.model.settings import CORNER_RADIUS
from generator.sheets.cards import card_sheets, oriented_plan
from generator.sheets.cutter import QUIET, cutter_polygons, cutter_rects
from generator.sheets.spec import Backs, Flip, Marks, Paper, SheetSpec
from test_fuller_sheets import ink_boxes

SVG = "{http://www.w3.org/2000/svg}"


def svg_outline(d: str) -> tuple[Rect, list[float]]:
    """The box of an SVG path of absolute M, L, H, V, A and Z commands (a rounded
    rectangle's straight runs reach its box on every side), and its arcs' radii."""
    tokens = re.findall(r"[MLHVAZ]|-?\d+(?:\.\d+)?", d)
    x = y = 0.0
    points, radii = [], []
    i, cmd = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd == "Z":
                continue
        if cmd in "ML":
            x, y = float(tokens[i]), float(tokens[i + 1])
            i += 2
        elif cmd == "H":
            x = float(tokens[i])
            i += 1
        elif cmd == "V":
            y = float(tokens[i])
            i += 1
        elif cmd == "A":
            rx, ry = float(tokens[i]), float(tokens[i + 1])
            assert rx == ry and tokens[i + 2:i + 5] == ["0", "0", "1"], d
            radii.append(rx)
            x, y = float(tokens[i + 5]), float(tokens[i + 6])
            i += 7
        else:
            raise AssertionError(f"unexpected path command {cmd!r} in {d}")
        points.append((x, y))
    return Rect.bounding(points), radii


def read_svg(path) -> tuple[list[tuple[Rect, list[float]]], list[list[tuple[float, float]]]]:
    root = ET.parse(path).getroot()
    assert root.get("viewBox").split()[:2] == ["0", "0"]
    cut = root.find(f"{SVG}g[@id='cut']")
    marks = root.find(f"{SVG}g[@id='registration']")
    outlines = [svg_outline(p.get("d")) for p in cut.findall(f"{SVG}path")]
    polygons = []
    for p in marks.findall(f"{SVG}path"):
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", p.get("d"))]
        polygons.append(list(zip(numbers[0::2], numbers[1::2])))
    return outlines, polygons


def read_dxf(path, height: float):
    """Cut outlines and registration outlines, turned back into page mm (y down)."""
    doc = ezdxf.readfile(path)
    assert doc.header["$INSUNITS"] == 4      # millimetres
    outlines = []
    for pl in doc.modelspace().query("LWPOLYLINE[layer=='CUT']"):
        assert pl.closed
        vertices = list(pl.get_points("xyb"))
        xs = [v[0] for v in vertices]
        ys = [height - v[1] for v in vertices]
        radii = []
        for (x1, y1, b), (x2, y2, _) in zip(vertices, vertices[1:] + vertices[:1]):
            if b:
                # A quarter arc: its chord is the radius times the square root of 2.
                assert b == pytest.approx(math.tan(math.pi / 8))
                radii.append(math.dist((x1, y1), (x2, y2)) / math.sqrt(2))
        outlines.append((Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)),
                         radii))
    marks = [[(x, height - y) for x, y in pl.get_points("xy")]
             for pl in doc.modelspace().query("LWPOLYLINE[layer=='REGISTRATION']")]
    hatches = doc.modelspace().query("HATCH[layer=='REGISTRATION']")
    assert len(hatches) == len(marks)
    return outlines, marks


def fronts(geo, args):
    """The front pages of a card PDF: every other page of a duplex or glued build."""
    return geo if "fronts-only" in args else geo[0::2]


CASES = [
    ("svg", ["--only", "pack1"], 3.6),
    ("dxf", ["--only", "latin1", "--paper", "letter"], 3.6),
    # Turned cards, several sheets and a part-filled last one.
    ("svg", ["--only", "pack52"], 3.6),
    ("dxf", ["--only", "pack1", "--card-size", "63x88mm", "--backs", "glue"], 3.6),
    ("svg", ["--only", "pack2", "--card-size", "30x60mm", "--marks", "corners",
             "--gap", "3mm", "--backs", "fronts-only"], 3.6),
]


@pytest.mark.parametrize("fmt,args,radius", CASES)
def test_every_cut_path_is_its_cards_trim_in_the_pdf(runner, tmp_path, fmt, args, radius):
    result = runner.invoke(cli, ["build", "--cut", fmt, "--out", str(tmp_path), *args])
    assert result.exit_code == 0, result.output
    name = args[1]
    side = "-fronts" if "fronts-only" in args else ""
    pages = fronts(pdfgeom.read(tmp_path / f"{name}{side}.pdf"), args)
    files = sorted(tmp_path.glob(f"{name}-cut-*.{fmt}"),
                   key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    assert len(files) == len(pages) >= 1
    for page, path in zip(pages, files):
        if fmt == "svg":
            outlines, marks = read_svg(path)
        else:
            outlines, marks = read_dxf(path, page.height_mm)
        trims = sorted(page.markers)
        assert len(outlines) == len(trims)
        for (box, radii), trim in zip(sorted(outlines, key=lambda o: (o[0].x, o[0].y, o[0].w)),
                                      sorted(trims)):
            assert (box.x, box.y, box.w, box.h) == pytest.approx(trim, abs=0.01)
            assert radii == pytest.approx([radius] * 4, abs=0.01)
        # The marks in the file are the ones printed on the front.
        assert len(marks) == 3
        printed = [p for p in page.polygons if len(p) in (4, 6) and _near_corner(p, page)]
        for mark in marks:
            assert any(_same_polygon(mark, p) for p in printed), (path.name, mark)


def _near_corner(polygon, page) -> bool:
    xs = [x for x, _ in polygon]
    return min(xs) < 40 or max(xs) > 170


def _same_polygon(a, b) -> bool:
    a = sorted({(round(x, 2), round(y, 2)) for x, y in a})
    b = sorted({(round(x, 2), round(y, 2)) for x, y in b})
    return len(a) == len(b) and all(math.dist(p, q) < 0.01 for p, q in zip(a, b))


def test_cut_files_are_the_same_bytes_every_time(runner, tmp_path):
    for run in ("one", "two"):
        for fmt in ("svg", "dxf"):
            result = runner.invoke(cli, ["build", "--cut", fmt, "--only", "pack1",
                                         "--out", str(tmp_path / run)])
            assert result.exit_code == 0, result.output
    for fmt in ("svg", "dxf"):
        assert ((tmp_path / "one" / f"pack1-cut-1.{fmt}").read_bytes()
                == (tmp_path / "two" / f"pack1-cut-1.{fmt}").read_bytes())


def test_without_cut_no_marks_and_no_files(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert not list(tmp_path.glob("*-cut-*"))
    marks = cutter_polygons(SheetSpec())
    page = pdfgeom.read(tmp_path / "pack1.pdf")[0]
    assert not any(_same_polygon(m, p) for m in marks for p in page.polygons)


def art(spec, card):
    return Group((Box(Rect(-spec.bleed, -spec.bleed, card.width + 2 * spec.bleed,
                           card.height + 2 * spec.bleed), Paint(fill="#ff0000")),))


def cutter_items(page):
    return [(i, t) for i, t in walk(page.items) if isinstance(i, Polygon)
            and len(i.points) in (4, 6) and i.paint == Paint(fill="#000000")]


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("card", [Size(25, 50), Size(63, 88), Size(44, 63)])
@pytest.mark.parametrize("extra", [{}, {"marks": Marks.CORNERS},
                                   {"gap": 4.0}, {"margin": 12.0}, {"backs": Backs.GLUE},
                                   {"back_offset": (1.5, -1.0)}])
def test_nothing_on_the_sheet_comes_near_the_cutters_marks(paper, card, extra):
    spec = SheetSpec(paper=Paper(paper), cutter_marks=True, **extra)
    pages = card_sheets([art(spec, card)] * 40, [art(spec, card)] * 40, card, spec, "T")
    # The marks where the sheet placed them (it may move them nearer the edge and shorten
    # the brackets to fit more cards).
    spec = oriented_plan(card, spec, 40).spec
    quiet = [r.inset(-QUIET + 1e-6) for r in cutter_rects(spec)]
    for n, page in enumerate(pages):
        front = n % 2 == 0
        assert len(cutter_items(page)) == (3 if front else 0), page.label
        marks = [] if not front else quiet
        # The marks sit inside the printable area.
        for r in cutter_rects(spec):
            assert spec.printable.contains(r)
        trims = [t.apply_rect(i.rect) for i, t in walk(page.items)
                 if isinstance(i, Box) and i.paint == Paint()]
        ink = [c.inset(-spec.bleed) for c in trims] + ink_boxes(page)
        for box in ink:
            for mark in marks:
                assert not box.intersects(mark), (page.label, box, mark)


def test_registration_targets_leave_the_corners_to_the_cutter(runner, tmp_path):
    """The duplex targets move off the corners (the cutter's square holds one), and still
    coincide front and back."""
    result = runner.invoke(cli, ["build", "--cut", "svg", "--only", "pack1",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    spec = SheetSpec(cutter_marks=True)
    from generator.sheets.cards import ink_zones, plan
    from generator.sheets.marks import target_centres
    sheet = plan(Size(25, 50), spec, 32)
    centres = target_centres(spec, avoid=ink_zones(sheet.block, spec) + [
        r.inset(-QUIET) for r in cutter_rects(spec)])
    p = spec.printable
    assert all(p.x + 15 < x < p.right - 15 or p.y + 30 < y < p.bottom - 30
               for x, y in centres)


def test_cut_with_folded_backs_is_a_one_line_error(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--cut", "svg", "--backs", "fold", "--only",
                                 "pack1", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "--cut" in result.output
    assert not list(tmp_path.glob("*"))


def test_cut_with_guide_lines_fits_eight_poker_cards_on_letter(runner, tmp_path):
    # Guide lines on the fronts break round the cutter's keep-out squares (the pixels are
    # checked in test_cutter_keepout.py), so --marks lines goes with --cut.
    result = runner.invoke(cli, ["build", "--cut", "svg", "--marks", "lines", "--paper",
                                 "letter", "--card-size", "poker", "--only", "pack1",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    svg = (tmp_path / "pack1-cut-1.svg").read_text(encoding="utf-8")
    assert svg.count('<path id="card-') == 8


def test_bad_cut_format_is_refused(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--cut", "pdf", "--out", str(tmp_path)])
    assert result.exit_code == 1 and "'svg'" in result.output
    assert result.output.count("\n") == 1


def _radii(group):
    return sorted({round(i.radius, 6) for i, _ in walk((group,)) if isinstance(i, Box)
                   and i.radius})


def test_the_card_frames_follow_the_corner_radius(library):
    from generator.draw.art.cards import card_back, card_front
    pack = library.pack("pack1")
    card = next(iter(pack))
    # The default draws the frames as they always were: 2.1 and 1.6 mm corners.
    assert _radii(card_front(pack, card)) == [1.6, 2.1]
    assert _radii(card_back(pack, card)) == [2.1]
    assert CORNER_RADIUS == 3.6
    # Concentric with the cut: radius less the inset (1.5 and 2 mm on a 25 x 50 card).
    assert _radii(card_front(pack, card, corner=5.0)) == [3.0, 3.5]
    assert _radii(card_back(pack, card, corner=5.0)) == [3.5]


def test_settings_corner_radius_reaches_art_and_cut(runner, tmp_path):
    root = tmp_path / "templates"
    root.mkdir()
    (root / "settings.toml").write_text(
        'kind = "settings"\n[card]\nwidth = "25mm"\nheight = "50mm"\n'
        'corner_radius = "2mm"\n[square]\nwidth = "25mm"\nheight = "50mm"\n')
    result = runner.invoke(cli, ["--templates", str(root), "build", "--cut", "svg",
                                 "--only", "pack1", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    outlines, _ = read_svg(tmp_path / "out" / "pack1-cut-1.svg")
    assert all(radii == [2.0] * 4 for _, radii in outlines)
    (root / "settings.toml").write_text(
        'kind = "settings"\n[card]\nwidth = "25mm"\nheight = "50mm"\n'
        'corner_radius = "13mm"\n[square]\nwidth = "25mm"\nheight = "50mm"\n')
    result = runner.invoke(cli, ["--templates", str(root), "build", "--only", "pack1",
                                 "--out", str(tmp_path / "bad")])
    assert result.exit_code == 1
    assert "settings.toml" in result.output and "card.corner_radius" in result.output
    assert result.output.count("\n") == 1


def test_a_reprint_writes_the_cut_files_of_its_sheets_only(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--cut", "dxf", "--only", "pack52", "--sheets",
                                 "2,7", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.glob("*-cut-*")) == ["pack52-cut-2.dxf",
                                                                 "pack52-cut-7.dxf"]
    pages = pdfgeom.read(tmp_path / "pack52-sheets-2,7.pdf")
    for page, n in zip(pages[0::2], (2, 7)):
        outlines, _ = read_dxf(tmp_path / f"pack52-cut-{n}.dxf", page.height_mm)
        assert sorted((round(b.x, 2), round(b.y, 2)) for b, _ in outlines) == sorted(
            (round(x, 2), round(y, 2)) for x, y, _, _ in page.markers)


@pytest.mark.parametrize("paper, flip", [("a4", "long"), ("letter", "short")])
def test_with_the_cutters_marks_the_targets_still_coincide_through_the_sheet(paper, flip):
    from generator.draw.scene import Circle
    from generator.sheets.spec import mirror
    card = Size(25, 50)
    spec = SheetSpec(paper=Paper(paper), flip=Flip(flip), cutter_marks=True)
    front, back = card_sheets([art(spec, card)] * 32, [art(spec, card)] * 32, card, spec,
                              "T")[:2]

    def dots(page):
        return sorted((round(t.apply(i.cx, i.cy)[0], 3), round(t.apply(i.cx, i.cy)[1], 3))
                      for i, t in walk(page.items) if isinstance(i, Circle) and i.paint.fill)
    on_front = dots(front)
    assert len(on_front) == 2                  # the pair at the edge middles
    to_front = mirror(spec)
    seen = sorted((round(x, 3), round(y, 3)) for x, y in
                  (to_front.apply(*c) for c in dots(back)))
    assert seen == on_front
