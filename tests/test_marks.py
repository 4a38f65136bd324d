"""Printer's marks and page boxes as a print shop checks them, read back out of the PDFs (and,
for many more sheet settings, out of the scenes): crop marks never on any card's or board
piece's bleed, BleedBox = the cut block grown by the bleed, a seam diamond on every square
line that crosses a seam."""
from __future__ import annotations

import pytest

import pdfgeom
from generator.draw.geometry import Rect, Size
from generator.draw.scene import Box, Group, Line, Paint, walk
from generator.sheets.board import board_sheets
from generator.sheets.cards import card_sheets
from generator.sheets.marks import MARK_INK, MARK_WIDTH
from generator.app import KitOptions, build_kit
from generator.sheets.spec import Backs, Flip, Paper, SheetSpec

TOL = 0.01
CARD_ITEMS = ("pack1", "pack2", "latin1", "latin2", "cyrillic")
BOARD_ITEMS = ("board-a", "colourless")
#: The board drawn for 25 x 50 mm squares: 8 x 8 squares inside a 12 mm edge band.
EDGE, FILES, RANKS = 12.0, 8, 8


@pytest.fixture(scope="module")
def kit(tmp_path_factory, library):
    out = tmp_path_factory.mktemp("marks-kit")
    build_kit(library, out, KitOptions(items=CARD_ITEMS + BOARD_ITEMS))
    return out


@pytest.fixture(scope="module")
def wide_bleed(tmp_path_factory, library):
    """A wider bleed and a duplex offset, so a box that ignores either shows."""
    out = tmp_path_factory.mktemp("marks-wide")
    build_kit(library, out, KitOptions(items=["pack1", "board-a"], spec=SheetSpec(bleed=3.5, back_offset=(1.25, -0.75))))
    return out


def grown(rect, d):
    x, y, w, h = rect
    return (x - d, y - d, w + 2 * d, h + 2 * d)


def overlaps(segment, box):
    """Whether any point of an axis-parallel *segment* lies inside *box* by more than TOL."""
    (x1, y1), (x2, y2) = segment
    x, y, w, h = box
    return (max(x1, x2) > x + TOL and min(x1, x2) < x + w - TOL
            and max(y1, y2) > y + TOL and min(y1, y2) < y + h - TOL)


def crop_marks_on(geo, length=3.0):
    return [s for s in geo.segments
            if abs(abs(s[1][0] - s[0][0]) + abs(s[1][1] - s[0][1]) - length) < TOL]


def bounding(rects):
    x0 = min(r[0] for r in rects)
    y0 = min(r[1] for r in rects)
    return (x0, y0, max(r[0] + r[2] for r in rects) - x0, max(r[1] + r[3] for r in rects) - y0)


# --- crop marks ----------------------------------------------------------------------

@pytest.mark.parametrize("name", CARD_ITEMS)
def test_card_sheet_crop_marks_stay_off_every_cards_bleed(kit, name):
    for geo in pdfgeom.read(kit / f"{name}.pdf"):
        marks = crop_marks_on(geo)
        # 7 x 5 slots: both ends of 8 vertical and 6 horizontal cuts, fronts and backs.
        assert len(marks) == 2 * (8 + 6)
        assert len(geo.markers) == 32
        for mark in marks:
            for card in geo.markers:
                assert not overlaps(mark, grown(card, 2.0)), (name, mark, card)


@pytest.mark.parametrize("name", BOARD_ITEMS)
def test_board_piece_crop_marks_stay_off_the_pieces_bleed(kit, name):
    for geo in pdfgeom.read(kit / f"{name}.pdf"):
        marks = crop_marks_on(geo)
        assert len(marks) == 8  # both ends of the four cuts around a piece
        trim = geo.boxes["TrimBox"]
        for mark in marks:
            assert not overlaps(mark, grown(trim, 2.0)), (name, mark)
            # ...and each one lies on the line of a cut, where a knife is laid.
            (x1, y1), (x2, y2) = mark
            on_cut = (x1 == pytest.approx(x2, abs=TOL) and any(
                x1 == pytest.approx(v, abs=TOL) for v in (trim[0], trim[0] + trim[2]))) or (
                y1 == pytest.approx(y2, abs=TOL) and any(
                    y1 == pytest.approx(v, abs=TOL) for v in (trim[1], trim[1] + trim[3])))
            assert on_cut, (name, mark)


def _scene_marks(page, spec):
    paint = Paint(stroke=MARK_INK, width=MARK_WIDTH)
    found = []
    for item, t in walk(page.items):
        if isinstance(item, Line) and item.paint == paint:
            (x1, y1), (x2, y2) = t.apply(item.x1, item.y1), t.apply(item.x2, item.y2)
            if abs(abs(x2 - x1) + abs(y2 - y1) - spec.mark_length) < 1e-9:
                found.append(((x1, y1), (x2, y2)))
    return found


def _scene_trims(page):
    """Every card's trim on *page*: the invisible marker each placed card carries."""
    return [t.apply_rect(item.rect) for item, t in walk(page.items)
            if isinstance(item, Box) and item.paint == Paint()]


SPECS = [SheetSpec(), SheetSpec(bleed=0), SheetSpec(bleed=3.5, mark_offset=0.5),
         SheetSpec(gap=3.0), SheetSpec(paper=Paper.LETTER, flip=Flip.SHORT),
         SheetSpec(paper=Paper.A3, backs=Backs.GLUE, back_offset=(2.0, -1.0))]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.paper}-b{s.bleed:g}-g{s.gap:g}"
                         f"-{s.flip}-{s.backs}")
def test_crop_marks_clear_the_bleed_for_any_sheet_settings(spec):
    art = Group((Box(Rect(-spec.bleed, -spec.bleed, 25 + 2 * spec.bleed,
                          50 + 2 * spec.bleed), Paint(fill="#ff0000")),))
    pages = card_sheets([art] * 40, [art] * 40, Size(25, 50), spec, "t")
    for page in pages:
        trims = _scene_trims(page)
        assert trims
        marks = _scene_marks(page, spec)
        assert marks
        for mark in marks:
            for trim in trims:
                box = grown((trim.x, trim.y, trim.w, trim.h), spec.bleed + spec.mark_offset)
                # Not even the gap between bleed and mark is crossed.
                assert not overlaps(mark, grown(box, -TOL)), (mark, trim)
    figure = Group((Box(Rect(0, 0, 224, 424), Paint(fill="#00ff00")),))
    for page in board_sheets(figure, Size(224, 424), spec, title="t"):
        marks = _scene_marks(page, spec)
        assert len(marks) == 8
        assert page.trim is not None
        box = page.trim.inset(-spec.bleed - spec.mark_offset)
        for mark in marks:
            assert not overlaps(mark, grown((box.x, box.y, box.w, box.h), -TOL)), mark


# --- page boxes ----------------------------------------------------------------------

def _check_boxes(geo, block, bleed):
    assert geo.boxes["TrimBox"] == pytest.approx(block, abs=TOL)
    assert geo.boxes["BleedBox"] == pytest.approx(grown(block, bleed), abs=TOL)


@pytest.mark.parametrize("name", CARD_ITEMS)
def test_card_sheet_bleedbox_is_the_cut_block_grown_by_the_bleed(kit, name):
    for geo in pdfgeom.read(kit / f"{name}.pdf"):
        _check_boxes(geo, bounding(geo.markers), 2.0)


def _board_piece_sizes(board, cols, rows, overlap=6.0):
    """Piece sizes in page order (quarter by quarter), with each inner glue strip."""
    w, h = board.width / cols, board.height / rows
    pieces = [(c, r) for r in range(rows) for c in range(cols)]
    quarter = lambda c, r: 1 + (c >= cols // 2) + 2 * (r >= rows // 2)
    pieces.sort(key=lambda p: (quarter(*p), p[1], p[0]))
    return [(c, r, w + (overlap if c < cols - 1 else 0), h + (overlap if r < rows - 1 else 0))
            for c, r in pieces]


@pytest.mark.parametrize("name", BOARD_ITEMS)
def test_board_page_bleedbox_is_the_piece_grown_by_the_bleed(kit, name):
    pages = pdfgeom.read(kit / f"{name}.pdf")
    sizes = _board_piece_sizes(Size(224, 424), 2, 2)
    assert len(pages) == len(sizes)
    for geo, (_, _, w, h) in zip(pages, sizes):
        # Each piece is centred on A4.
        _check_boxes(geo, ((210 - w) / 2, (297 - h) / 2, w, h), 2.0)


def test_boxes_follow_a_wider_bleed_and_the_back_offset(wide_bleed):
    for geo in pdfgeom.read(wide_bleed / "pack1.pdf"):
        _check_boxes(geo, bounding(geo.markers), 3.5)
    for geo, (_, _, w, h) in zip(pdfgeom.read(wide_bleed / "board-a.pdf"),
                                 _board_piece_sizes(Size(224, 424), 2, 2)):
        _check_boxes(geo, ((210 - w) / 2, (297 - h) / 2, w, h), 3.5)


# --- seam diamonds -------------------------------------------------------------------

def _diamond_centres(geo, window):
    """Centres of the seam diamonds that print on the page (inside *window*)."""
    centres = []
    x, y, w, h = window
    for poly in geo.polygons:
        if len(poly) != 4:
            continue
        cx = sum(p[0] for p in poly) / 4
        cy = sum(p[1] for p in poly) / 4
        reach = sorted(round(abs(p[0] - cx) + abs(p[1] - cy), 3) for p in poly)
        if reach != [1.2] * 4:
            continue
        if x - TOL <= cx <= x + w + TOL and y - TOL <= cy <= y + h + TOL:
            centres.append((cx, cy))
    return sorted(centres)


@pytest.mark.parametrize(("card", "cols", "rows"), [((25, 50), 2, 2), ((30, 60), 2, 4)])
def test_every_square_line_crossing_a_seam_has_its_diamond(tmp_path, library, card,
                                                           cols, rows):
    """On each piece, a diamond sits wherever a square line meets a seam, on the piece
    that owns the edge and on the neighbour's glue strip alike, none missing, none extra."""
    sq = Size(*card)
    board = Size(FILES * sq.width + 2 * EDGE, RANKS * sq.height + 2 * EDGE)
    build_kit(library, tmp_path, KitOptions(items=["board-a"], card=sq))
    pages = pdfgeom.read(tmp_path / "board-a.pdf")
    pieces = _board_piece_sizes(board, cols, rows)
    assert len(pages) == len(pieces)
    seam_xs = [board.width * k / cols for k in range(1, cols)]
    seam_ys = [board.height * k / rows for k in range(1, rows)]
    line_xs = [EDGE + k * sq.width for k in range(FILES + 1)]
    line_ys = [EDGE + k * sq.height for k in range(RANKS + 1)]
    for geo, (c, r, w, h) in zip(pages, pieces):
        trim = geo.boxes["TrimBox"]
        assert trim[2:] == pytest.approx((w, h), abs=TOL)
        ax, ay = c * board.width / cols, r * board.height / rows   # piece origin, board mm
        seen = lambda bx, by: (ax - 2 <= bx <= ax + w + 2 and ay - 2 <= by <= ay + h + 2)
        want = [(x, y) for x in seam_xs for y in line_ys if seen(x, y)]
        want += [(x, y) for y in seam_ys for x in line_xs if seen(x, y)]
        want = sorted((trim[0] + x - ax, trim[1] + y - ay) for x, y in want)
        assert want, (c, r)
        got = _diamond_centres(geo, grown(trim, 2.0))
        assert len(got) == len(want), (c, r, got)
        assert [v for p in got for v in p] == pytest.approx([v for p in want for v in p],
                                                            abs=TOL)
