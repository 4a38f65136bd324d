"""Duplex registration from the pixels, in the repository (no ../shared needed): each
front/back pair is rasterised, the back turned over as the paper turns, and the centres of
the registration targets on both sides compared. A correct kit reads 0 within 0.05 mm; a
``--back-offset X,Y`` build reads back as X,Y. The targets look the same under either flip,
so a second check finds a printed back behind every card and bare paper behind every
empty slot: backs mirrored the wrong way, or a slot left blank, show there."""
from __future__ import annotations

import pytest

import pdfgeom
import raster
from generator.cli import cli
from generator.app import KitOptions, build_kit
from generator.sheets.spec import Flip, SheetSpec

CARD_ITEMS = ("pack1", "pack2", "latin1", "latin2", "cyrillic")
TOL = 0.05


@pytest.fixture(scope="module")
def kit(tmp_path_factory, library):
    out = tmp_path_factory.mktemp("registration")
    build_kit(library, out, KitOptions(items=CARD_ITEMS + ("board-a", "colourless")))
    return out


def turned_over(point, page, flip):
    """Where a spot printed on the back page lies, seen through the sheet from the front."""
    x, y = point
    return (page.width_mm - x, y) if flip == "long" else (x, page.height_mm - y)


def misregistration(path, flip, pages=None):
    """(dx, dy) of the backs against the fronts for every sheet of *path* (or of its
    rasterised *pages*): x right, y up, as seen from the front, averaged over the four
    targets (each must agree with it)."""
    pages = raster.render(path) if pages is None else pages
    assert len(pages) % 2 == 0 and pages
    readings = []
    for front, back in zip(pages[::2], pages[1::2]):
        on_front = raster.target_centres(front)
        on_back = [turned_over(c, back, flip) for c in raster.target_centres(back)]
        shifts = []
        for fx, fy in on_front:
            bx, by = min(on_back, key=lambda b: (b[0] - fx) ** 2 + (b[1] - fy) ** 2)
            shifts.append((bx - fx, fy - by))      # y up
        dx = sum(s[0] for s in shifts) / 4
        dy = sum(s[1] for s in shifts) / 4
        for s in shifts:
            assert s == pytest.approx((dx, dy), abs=TOL), shifts
        readings.append((dx, dy))
    return readings


@pytest.mark.parametrize("name", CARD_ITEMS)
def test_every_sheet_of_the_kit_registers_within_005_mm(kit, name):
    for reading in misregistration(kit / f"{name}.pdf", "long"):
        assert reading == pytest.approx((0.0, 0.0), abs=TOL)


def test_kit_pdf_pairs_every_card_sheet_and_leaves_board_reverses_blank(kit):
    cards = 2 * len(CARD_ITEMS)      # one sheet each, front and back
    for reading in misregistration(None, "long", raster.render(kit / "kit.pdf",
                                                               pages=slice(cards))):
        assert reading == pytest.approx((0.0, 0.0), abs=TOL)
    boards = raster.render(kit / "kit.pdf", dpi=50, pages=slice(cards, None))
    assert len(boards) == 2 * 8      # each board's four quarters, each with its reverse
    for piece, reverse in zip(boards[::2], boards[1::2]):
        assert piece.inked(0, 0, piece.width_mm, piece.height_mm) > 0.3
        # Blank but for the small grey note that says so, in the margin cut off
        # (tests/test_blank_backs.py reads it): no art that could show through the board.
        assert reverse.inked(0, 0, reverse.width_mm, reverse.height_mm) < 0.01


@pytest.mark.parametrize(("flip", "offset"), [("short", "0,0"), ("long", "1.5,-0.7"),
                                              ("short", "1.5,-0.7"), ("long", "-0.4,1.1")])
def test_a_back_offset_build_reads_back_as_that_offset(runner, tmp_path, flip, offset):
    result = runner.invoke(cli, ["build", "--only", "pack2", "--flip", flip,
                                 f"--back-offset={offset}", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    want = tuple(float(v) for v in offset.split(","))
    readings = misregistration(tmp_path / "pack2.pdf", flip)
    assert readings and all(r == pytest.approx(want, abs=TOL) for r in readings), readings


def test_the_calibration_sheet_registers_like_the_kit(runner, tmp_path):
    """Its targets sit at the middles of the side edges (issue 43: where no back of a
    printer far off lands in a grid), and read back the sheet's offset as the kit's do."""
    from generator.sheets.calibration import _place_box
    from generator.sheets.marks import target_centres
    from generator.sheets.spec import Flip as SpecFlip
    from generator.sheets.vernier import places
    result = runner.invoke(cli, ["calibrate", "--flip", "short", "--back-offset", "1,-0.5",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    spec = SheetSpec(flip=SpecFlip.SHORT, back_offset=(1.0, -0.5))
    front, back = raster.render(tmp_path / "calibration-a4-short.pdf")
    centres = target_centres(spec, [_place_box(p) for p in places(spec)])
    assert len(centres) == 2
    for x, y in centres:
        fx, fy = front.centroid(x - 3.4, y - 3.4, 6.8, 6.8)
        # The same spot of paper on the back page, and its target moved by the offset.
        bx, by = back.centroid(x + 1.0 - 3.4, back.height_mm - y - 0.5 - 3.4, 6.8, 6.8)
        bx, by = turned_over((bx, by), back, "short")
        assert (bx - fx, fy - by) == pytest.approx((1.0, -0.5), abs=TOL)


def grid_slots(cards):
    """Every slot of the grid the cards sit in, as (x, y, w, h), with whether it holds one."""
    xs = sorted({round(c[0], 2) for c in cards})
    ys = sorted({round(c[1], 2) for c in cards})
    w, h = cards[0][2], cards[0][3]
    taken = {(round(c[0], 2), round(c[1], 2)) for c in cards}
    return [((x, y, w, h), (x, y) in taken) for y in ys for x in xs]


def behind(rect, page, flip):
    x, y, w, h = rect
    return (page.width_mm - x - w, y, w, h) if flip == "long" else (
        x, page.height_mm - y - h, w, h)


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("name", ["pack1", "latin2"])
def test_behind_every_card_its_back_and_behind_every_empty_slot_paper(tmp_path, library,
                                                                        name, flip):
    build_kit(library, tmp_path, KitOptions(items=[name], spec=SheetSpec(flip=Flip(flip))))
    path = tmp_path / f"{name}.pdf"
    pages = raster.render(path)
    for n, geo in enumerate(pdfgeom.read(path)[::2]):
        back = pages[2 * n + 1]
        slots = grid_slots(geo.markers)
        assert len(slots) == 35 and sum(taken for _, taken in slots) == 32
        for rect, taken in slots:
            x, y, w, h = behind(rect, back, flip)
            share = back.inked(x + 1, y + 1, w - 2, h - 2)
            if taken:
                assert share > 0.5, (name, flip, rect, share)
            else:
                assert share < 0.001, (name, flip, rect, share)
