"""Sheet geometry: grids, mirrors, marks, offsets, board pieces, calibration."""
from __future__ import annotations

import pytest

from generator.draw.geometry import Size
from generator.errors import ImpositionError
from generator.sheets.board import seam_marks, tiles
from generator.sheets.calibration import calibration_pages
from generator.sheets.cards import card_sheets, plan, sheet_crop_marks
from generator.sheets.marks import target_centres
from generator.sheets.spec import (Backs, Flip, Orientation, PAPERS, Paper, SheetSpec, back_shift,
                                   front_correction, mirror)
from generator.draw.geometry import Rect
from generator.draw.scene import Group, Line, Polygon, Text, walk
from generator.sheets.vernier import GAP, places

CARD = Size(25, 50)


@pytest.mark.parametrize("paper", sorted(set(PAPERS) - {Paper.A5}))
def test_a_whole_pack_fits_one_sheet_with_bleed_and_marks(paper):
    spec = SheetSpec(paper=Paper(paper))
    sheet = plan(CARD, spec, 32)
    assert sheet.per_sheet >= 32
    reach = sheet.block.inset(-spec.mark_reach)
    assert spec.printable.contains(reach)  # marks and bleed stay inside the safe margin
    # centred on the sheet
    assert sheet.block.x == pytest.approx(spec.size.width - sheet.block.right)
    assert sheet.block.y == pytest.approx(spec.size.height - sheet.block.bottom)


def test_default_a4_grid():
    sheet = plan(CARD, SheetSpec(), 32)
    assert (sheet.cols, sheet.rows) == (7, 5)
    assert sheet.slots[0].x == pytest.approx(17.5) and sheet.slots[0].y == pytest.approx(23.5)


def test_too_big_a_card_is_refused():
    with pytest.raises(ImpositionError, match="does not fit on A4"):
        plan(Size(250, 300), SheetSpec())


@pytest.mark.parametrize(("field", "value", "message"), [
    ("flip", "lon", "sheet flip: expected one of Flip.LONG, Flip.SHORT, got 'lon'"),
    ("flip", "short", "sheet flip: expected one of Flip.LONG, Flip.SHORT, got 'short'"),
    ("backs", "glue", "sheet backs: expected one of Backs.DUPLEX, Backs.GLUE, "
                      "Backs.FRONTS_ONLY, Backs.BACKS_ONLY, Backs.FOLD, got 'glue'"),
    ("paper", "a4", "sheet paper: expected one of Paper.A3, Paper.A4, Paper.A5, Paper.LETTER, "
                    "Paper.TABLOID, got 'a4'"),
    ("bleed", -1.0, "sheet bleed: expected a length of 0 mm or more, got -1.0"),
    ("back_offset", (1.0,), "sheet back_offset: expected (x, y) in mm, got (1.0,)"),
])
def test_a_misspelt_sheet_choice_is_refused_not_guessed(field, value, message):
    """``flip="lon"`` once printed short-edge backs without a word; a spelling is now
    refused even when right, since the command line reads it into its member."""
    with pytest.raises(ImpositionError) as caught:
        SheetSpec(**{field: value})
    assert str(caught.value) == message


def test_flip_and_backs_take_a_member_only():
    """A spelling is read into its member once, where it is typed (issue 24): the spec's
    annotations hold, and a string is refused even when it spells a member."""
    assert SheetSpec(flip=Flip.SHORT).flip is Flip.SHORT
    assert SheetSpec(backs=Backs.GLUE).backs is Backs.GLUE
    # A short flip turns the sheet top over bottom: x stays, y mirrors.
    assert mirror(SheetSpec(flip=Flip.SHORT)).apply(10, 20) == pytest.approx((10, 277))
    assert mirror(SheetSpec(flip=Flip.LONG)).apply(10, 20) == pytest.approx((200, 20))


@pytest.mark.parametrize("flip", ["long", "short"])
def test_mirror_is_an_involution_and_keeps_targets(flip):
    spec = SheetSpec(flip=Flip(flip))
    m = mirror(spec)
    for x, y in [(10, 20), (100.5, 3.25)]:
        assert (m @ m).apply(x, y) == pytest.approx((x, y))
    centres = sorted(target_centres(spec))
    turned = sorted((round(a, 9), round(b, 9)) for a, b in (m.apply(x, y) for x, y in centres))
    assert turned == centres


@pytest.mark.parametrize(("flip", "offset"), [("long", (1.5, -0.8)), ("short", (-1.0, 2.0))])
def test_back_offset_is_seen_from_the_front(flip, offset):
    """A point on the back page, turned to the front, lands offset mm away (y up)."""
    spec = SheetSpec(flip=Flip(flip), back_offset=offset)
    x, y = 50.0, 80.0
    on_back = mirror(spec).apply(x, y)
    landed = mirror(spec).apply(*back_shift(spec).apply(*on_back))
    assert landed[0] - x == pytest.approx(offset[0])
    assert y - landed[1] == pytest.approx(offset[1])  # y up


def test_crop_marks_sit_beyond_the_bleed_at_every_cut():
    spec = SheetSpec()
    sheet = plan(CARD, spec, 32)
    marks = sheet_crop_marks(sheet)
    bleed_box = sheet.block.inset(-spec.bleed)
    assert len(marks) == 2 * (sheet.cols + 1 + sheet.rows + 1)
    for m in marks:
        assert not (bleed_box.x < (m.x1 + m.x2) / 2 < bleed_box.right
                    and bleed_box.y < (m.y1 + m.y2) / 2 < bleed_box.bottom)
        length = abs(m.x2 - m.x1) + abs(m.y2 - m.y1)
        assert length == pytest.approx(spec.mark_length)
        assert spec.printable.contains(
            type(bleed_box)(min(m.x1, m.x2), min(m.y1, m.y2), abs(m.x2 - m.x1),
                            abs(m.y2 - m.y1)))


@pytest.mark.parametrize("overlap", [0.0, 6.0, 10.0])
def test_board_quarters_tile_the_board_with_the_overlap(overlap):
    size = Size(224, 424)
    pieces = tiles(size, SheetSpec(), overlap)
    assert [(t.col, t.row) for t in pieces] == [(0, 0), (1, 0), (0, 1), (1, 1)]
    own = [t.own for t in pieces]
    assert sum(r.w * r.h for r in own) == pytest.approx(size.width * size.height)
    assert own[0].right == pytest.approx(112) and own[0].bottom == pytest.approx(212)
    left, right = pieces[0].area, pieces[1].area
    assert left.right - right.x == pytest.approx(overlap)        # shared strip
    top, bottom = pieces[0].area, pieces[2].area
    assert top.bottom - bottom.y == pytest.approx(overlap)
    assert pieces[3].area.right == pytest.approx(224) and pieces[3].area.bottom == pytest.approx(424)


def test_seam_diamonds_follow_the_boards_own_files_and_ranks():
    """A board of 4 files and 6 ranks (not 8 x 8): one diamond per square line on each seam."""
    square = Size(25, 50)
    squares = Rect(12, 12, 4 * square.width, 6 * square.height)
    size = Size(squares.w + 24, squares.h + 24)
    pieces = tiles(size, SheetSpec(), 6.0)
    centres = sorted(
        (sum(x for x, _ in p.points) / 4, sum(y for _, y in p.points) / 4)
        for p in seam_marks(size, pieces, squares, square) if isinstance(p, Polygon))
    mid_x, mid_y = size.width / 2, size.height / 2
    want = sorted([(mid_x, 12 + k * 50.0) for k in range(7)]
                  + [(12 + k * 25.0, mid_y) for k in range(5)])
    assert [v for c in centres for v in c] == pytest.approx([v for c in want for v in c])


def test_small_paper_splits_quarters_further():
    pieces = tiles(Size(224, 424), SheetSpec(paper=Paper.A4), 6.0)
    assert len(pieces) == 4
    big = tiles(Size(448, 848), SheetSpec(paper=Paper.A4, orientation=Orientation.UPRIGHT), 6.0)
    assert len(big) == 16 and all(SheetSpec().printable.w > t.area.w for t in big)
    # Turned a quarter, its pieces are fewer: auto turns them.
    turned = tiles(Size(448, 848), SheetSpec(paper=Paper.A4), 6.0)
    assert len(turned) == 12 and all(SheetSpec().printable.h > t.area.w for t in turned)


def _vernier_ticks_seen_from_front(spec):
    """The back page's vernier ticks (the short 0.15 mm lines), seen through the sheet."""
    _, back = calibration_pages(spec)
    to_front = mirror(spec)
    return sorted(tuple(round(v, 6) for v in (*to_front.apply(*t.apply(i.x1, i.y1)),
                                              *to_front.apply(*t.apply(i.x2, i.y2))))
                  for i, t in walk(back.items)
                  if isinstance(i, Line) and i.paint.width == 0.15)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_calibration_verniers_take_the_sheets_correction(flip):
    """Issue 43: the back halves of the scales move with the sheet's correction, as the rest
    of the back does, so a second sheet made with a rough correction reads what is left
    (absolute readings put a printer far off the scale on every sheet); a perfect printer
    puts each vernier's zero tick opposite its ruler's zero, shifted by the correction."""
    plain = SheetSpec(flip=Flip(flip))
    corrected = SheetSpec(flip=Flip(flip), back_offset=(1.0, -1.5), back_rotate=0.4,
                          back_scale=(0.995, 1.004))
    for spec in (plain, corrected):
        ticks = _vernier_ticks_seen_from_front(spec)
        assert len(ticks) == 5 * 2 * 11
        fix = front_correction(spec)
        starts = {(round(x, 4), round(y, 4)) for x, y, _, _ in ticks}
        for place in places(spec):
            # The zero ticks start GAP past the seam: below the X ruler, right of the Y one.
            for (x, y), (dx, dy) in ((place.x_zero, (0.0, GAP)), (place.y_zero, (GAP, 0.0))):
                want = fix.apply(x + dx, y + dy)
                assert (round(want[0], 4), round(want[1], 4)) in starts, (place.name, x, y)
    _, back = calibration_pages(corrected)
    groups = [g for g in back.items if isinstance(g, Group)]
    assert groups[0].transform == back_shift(corrected)


def test_card_sheets_group_structure():
    from generator.draw.scene import Box, Paint
    from generator.draw.geometry import Rect
    art = [Group((Box(Rect(0, 0, 25, 50), Paint(fill="#ff0000")),)) for _ in range(40)]
    pages = card_sheets(art, art, CARD, SheetSpec(), "test")
    assert len(pages) == 4  # 35 per sheet: two sheets, fronts and backs
    assert pages[0].label.endswith("fronts") and pages[1].label.endswith("backs")
