"""Fuller sheets: guides that take less room (--marks corners, lines), no fixed gap between
marks and margin, gaps with inner bleed, and a part-filled last sheet cut as the cards it
holds. Checked on the scenes (every setting) and on the PDFs (page boxes, card count)."""
from __future__ import annotations

import pytest

import pdfgeom
from generator.cli import cli
from generator.draw import fonts
from generator.draw.geometry import Rect, Size
from generator.draw.scene import Box, Circle, Group, Line, Paint, Text, walk
from generator.sheets.cards import TARGET_GAP, card_sheets, cut_lines, plan
from generator.sheets.marks import target_layout, target_touches
from generator.sheets.spec import Flip, Marks, Paper, SheetSpec

POKER = Size(63, 88)


def art(spec, card):
    return Group((Box(Rect(-spec.bleed, -spec.bleed, card.width + 2 * spec.bleed,
                           card.height + 2 * spec.bleed), Paint(fill="#ff0000")),))


def sheets(spec, card=POKER, count=36):
    return card_sheets([art(spec, card)] * count, [art(spec, card)] * count, card, spec, "T")


def trims(page):
    return [t.apply_rect(i.rect) for i, t in walk(page.items)
            if isinstance(i, Box) and i.paint == Paint()]


def ink_boxes(page):
    """A box around every mark and text on the page (cards' art left out), page mm."""
    out = []
    for item, t in walk(page.items):
        if isinstance(item, Line):
            out.append(Rect.bounding([t.apply(item.x1, item.y1), t.apply(item.x2, item.y2)]))
        elif isinstance(item, Circle):
            out.append(t.apply_rect(Rect(item.cx - item.r, item.cy - item.r, 2 * item.r,
                                         2 * item.r)))
        elif isinstance(item, Text):
            w = fonts.measure(item.text, item.font, item.size)
            local = Rect(item.x, item.y - item.size * 0.75, w, item.size * 0.95)
            turned = {0.0: local, 90.0: Rect(item.x, item.y, item.size * 0.95, w),
                      180.0: Rect(item.x - w, item.y - item.size * 0.2, w, item.size * 0.95)}
            out.append(t.apply_rect(turned[item.rotation]))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_fit_a4_and_letter_with_corner_marks(paper):
    spec = SheetSpec(paper=Paper(paper), marks=Marks.CORNERS)
    pages = sheets(spec)
    assert len(pages) == 8                     # 36 cards, 4 sheets of 9, fronts and backs
    for page in pages:
        cards = trims(page)
        assert len(cards) == 9
        bleeds = [c.inset(-spec.bleed) for c in cards]
        block = Rect.bounding([p for c in cards for p in c.corners()])
        for box in ink_boxes(page):
            assert spec.printable.inset(-1e-6).contains(box), (page.label, box)
            # Nothing but the corner ticks (on the bleed, cut away) touches the cards.
            if not (box.w < 1e-9 or box.h < 1e-9):
                assert not any(box.intersects(b) for b in bleeds), (page.label, box)
            else:
                assert not box.intersects(block), (page.label, box)


def test_corner_ticks_lie_in_the_bleed_and_show_on_any_art():
    spec = SheetSpec(marks=Marks.CORNERS, bleed=3.0)
    front = sheets(spec)[0]
    block = Rect.bounding([p for c in trims(front) for p in c.corners()])
    ticks = [(i, t) for i, t in walk(front.items) if isinstance(i, Line)
             and i.paint.width == 0.25 and block.inset(-3.0 - 1e-6).contains(
                 Rect.bounding([t.apply(i.x1, i.y1), t.apply(i.x2, i.y2)]))]
    halos = [i for i, t in walk(front.items) if isinstance(i, Line)
             and i.paint.stroke == "#ffffff"]
    xs, ys = cut_lines(plan(POKER, spec, 36))
    assert len(ticks) == 2 * (len(xs) + len(ys)) == len(halos)
    for line, t in ticks:
        box = Rect.bounding([t.apply(line.x1, line.y1), t.apply(line.x2, line.y2)])
        assert not box.intersects(block)         # outside the trim: cut away


def test_without_a_fixed_gap_a_10mm_margin_still_takes_32_cards(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--margin", "10mm",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    geo = pdfgeom.read(tmp_path / "pack1.pdf")
    assert len(geo) == 2 and len(geo[0].markers) == 32


def test_guide_lines_run_from_the_bleed_to_the_printable_edge():
    spec = SheetSpec(marks=Marks.LINES)
    front = sheets(spec)[0]
    block = Rect.bounding([p for c in trims(front) for p in c.corners()])
    p = spec.printable
    lines = [Rect.bounding([t.apply(i.x1, i.y1), t.apply(i.x2, i.y2)])
             for i, t in walk(front.items) if isinstance(i, Line) and i.paint.width == 0.25]
    xs = sorted({round(c.x, 6) for c in trims(front)} | {round(c.right, 6)
                                                          for c in trims(front)})
    centres, radius = target_layout(spec, avoid=[Rect(0, 0, 0, 0)])
    gap = radius + TARGET_GAP
    for x in xs:
        mine = sorted((round(b.y, 6), round(b.bottom, 6)) for b in lines
                      if b.w == 0 and round(b.x, 6) == x)
        assert len(mine) == 2
        (top, inner_top), (inner_bottom, bottom) = mine
        assert inner_top == round(block.y - spec.bleed - 1.0, 6)
        assert inner_bottom == round(block.bottom + spec.bleed + 1.0, 6)
        # To the printable edge, or (issue 27) to 1 mm short of a target in its way.
        near = [(cx, cy) for cx, cy in centres if abs(cx - x) <= gap]
        assert top == round(p.y, 6) or any(top == round(cy + gap, 6) for _, cy in near)
        assert bottom == round(p.bottom, 6) or any(bottom == round(cy - gap, 6)
                                                   for _, cy in near)
    # The guides (not the targets' own cross arms) stay clear of the targets.
    guides = [b for b in lines if (b.x + b.w / 2, b.y + b.h / 2) not in centres]
    assert len(guides) == len(lines) - 2 * len(centres)
    for line in guides:
        assert not any(target_touches(c, line, radius) for c in centres)


def test_a_gap_gives_each_card_half_of_it_as_inner_bleed_and_corner_ticks_in_it():
    spec = SheetSpec(marks=Marks.CORNERS, gap=6.0, bleed=2.0)
    front = sheets(spec, Size(25, 50), 32)[0]
    placed = [g for g in front.items if isinstance(g, Group) and g.role.startswith("card")]
    block = Rect.bounding([p for c in trims(front) for p in c.corners()])
    inner = [g for g in placed if g.clip is not None]
    assert inner
    for g in placed:
        # Each side of the clip is the bleed at the block's edge, 2 mm into a gap.
        assert g.clip.x in (-2.0,) and g.clip.w == pytest.approx(25 + 4)
    in_gaps = [Rect.bounding([t.apply(i.x1, i.y1), t.apply(i.x2, i.y2)])
               for i, t in walk(front.items) if isinstance(i, Line)
               and i.paint.width == 0.25 and block.contains(
                   Rect.bounding([t.apply(i.x1, i.y1), t.apply(i.x2, i.y2)]))]
    assert in_gaps
    for box in in_gaps:
        for card in trims(front):
            assert not box.intersects(card.inset(-2.0)), box


def test_a_part_filled_last_sheet_is_cut_as_the_cards_it_holds(tmp_path, library):
    from generator.app import KitOptions, build_kit
    build_kit(library, tmp_path, KitOptions(items=["pack52"]))    # 8 a sheet: 6 full sheets and 4 cards
    geo = pdfgeom.read(tmp_path / "pack52.pdf")
    assert len(geo) == 14
    last = geo[-2]
    cards = last.markers
    assert len(cards) == 4
    x0 = min(c[0] for c in cards)
    y0 = min(c[1] for c in cards)
    x1 = max(c[0] + c[2] for c in cards)
    y1 = max(c[1] + c[3] for c in cards)
    assert last.boxes["TrimBox"] == pytest.approx((x0, y0, x1 - x0, y1 - y0), abs=0.01)
    full = geo[0].boxes["TrimBox"]
    assert full[3] > last.boxes["TrimBox"][3] + 120    # two rows shorter
    # Crop marks only beside the rows that are there.
    marks = [s for s in last.segments if abs(abs(s[1][0] - s[0][0]) +
                                             abs(s[1][1] - s[0][1]) - 3.0) < 0.01]
    assert marks and all(y0 - 6.01 <= min(a[1], b[1]) and max(a[1], b[1]) <= y1 + 6.01
                         for a, b in marks)


@pytest.mark.parametrize("args", [["--marks", "ticks"], ["--gap", "30mm"]])
def test_bad_sheet_options_are_one_line_errors(runner, tmp_path, args):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--out", str(tmp_path), *args])
    assert result.exit_code == 1 and result.output.startswith("Error:")
    assert result.output.count("\n") == 1


@pytest.mark.parametrize(("orientation", "sheets_", "size"), [
    ("auto", 5, (88.0, 63.0)), ("turned", 5, (88.0, 63.0)), ("upright", 6, (63.0, 88.0))])
def test_poker_cards_turn_when_that_saves_sheets(runner, tmp_path, orientation, sheets_,
                                                 size):
    result = runner.invoke(cli, ["build", "--only", "pack36", "--orientation", orientation,
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pages = pdfgeom.read(tmp_path / "pack36.pdf")
    assert len(pages) == 2 * sheets_
    assert sum(len(p.markers) for p in pages) == 2 * 36
    for geo in pages:
        for marker in geo.markers:
            assert marker[2:] == pytest.approx(size, abs=0.01)


def test_auto_keeps_cards_upright_when_turning_saves_nothing(tmp_path, library):
    from generator.app import KitOptions, build_kit
    build_kit(library, tmp_path, KitOptions(items=["pack1"]))
    assert {(round(m[2], 2), round(m[3], 2))
            for m in pdfgeom.read(tmp_path / "pack1.pdf")[0].markers} == {(25.0, 50.0)}


@pytest.mark.parametrize("flip", ["long", "short"])
def test_turned_cards_have_their_backs_behind_them(tmp_path, library, flip):
    import raster
    from test_registration import grid_slots, behind, misregistration
    from generator.app import KitOptions, build_kit
    build_kit(library, tmp_path, KitOptions(items=["pack36"], spec=SheetSpec(flip=Flip(flip))))
    path = tmp_path / "pack36.pdf"
    for reading in misregistration(path, flip):
        assert reading == pytest.approx((0.0, 0.0), abs=0.05)
    pages = raster.render(path, dpi=100)
    for n, geo in enumerate(pdfgeom.read(path)[::2]):
        back = pages[2 * n + 1]
        for rect, taken in grid_slots(geo.markers):
            x, y, w, h = behind(rect, back, flip)
            share = back.inked(x + 1, y + 1, w - 2, h - 2)
            assert (share > 0.5) if taken else (share < 0.001), (n, rect, share)


@pytest.mark.parametrize(("flip", "margins"), [("long", (5.0, 5.0, 25.0, 5.0)),
                                               ("short", (5.0, 12.0, 5.0, 4.0)),
                                               ("long", (15.0, 6.0, 5.0, 9.0)),
                                               ("long", (5.0, 5.0, 5.0, 20.0))])
def test_per_edge_margins_keep_both_sides_clear_of_every_edge(flip, margins):
    """The back goes through the printer with the edges the flip swaps, so nothing on
    either page comes nearer an edge than that edge's margin, front or back."""
    spec = SheetSpec(flip=Flip(flip), margins=margins)
    top, right, bottom, left = margins
    w, h = spec.size.width, spec.size.height
    allowed = Rect(left, top, w - left - right, h - top - bottom).inset(-1e-6)
    pages = sheets(spec, Size(25, 50), 32)
    for page in pages:
        for box in ink_boxes(page) + [c.inset(-spec.bleed) for c in trims(page)]:
            assert allowed.contains(box), (page.label, box)
    assert sum(len(trims(p)) for p in pages[::2]) == 32


def test_a_large_bottom_margin_on_the_command_line(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--margins", "5,5,25,5",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for geo in pdfgeom.read(tmp_path / "pack1.pdf"):
        lowest = max(max(a[1], b[1]) for a, b in geo.segments)
        assert lowest <= 297 - 25 + 1e-3
        x, y, w, h = geo.boxes["BleedBox"]
        assert y + h <= 297 - 25


def test_calibrating_with_per_edge_margins_reads_with_the_same_margins(runner, tmp_path):
    from pypdf import PdfReader
    result = runner.invoke(cli, ["calibrate", "--margins", "5,5,20,5", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    text = PdfReader(tmp_path / "calibration-a4-long.pdf").pages[0].extract_text()
    assert "--flip long --margins 5,5,20,5" in text and '--read "TL=X,Y' in text
    result = runner.invoke(cli, ["calibrate", "--margins", "5,5,20,5", "--read",
                                 "TL=1,0 TR=1,0 BL=1,0 BR=1,0"])
    assert "--back-offset -1.00,0.00" in result.output
    assert "opencards build --paper a4 --flip long --margins 5,5,20,5" in result.output


@pytest.mark.parametrize("value", ["5,5", "5,5,5,x", "5,5,40,5"])
def test_bad_margins_are_one_line_errors(runner, tmp_path, value):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--margins", value,
                                 "--out", str(tmp_path)])
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "--margins" in result.output


@pytest.mark.parametrize(("args", "per_sheet", "pages"), [
    # Issue 27: guide lines used to push the targets, and with them a row, off the sheet.
    (["--marks", "lines", "--card-size", "63x88mm"], 8, 8),
    (["--marks", "lines"], 32, 2),
    (["--card-size", "63x88mm"], 8, 8)])
def test_guide_lines_cost_no_cards_on_letter(runner, tmp_path, args, per_sheet, pages):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--paper", "letter", *args,
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    geo = pdfgeom.read(tmp_path / "pack1.pdf")
    assert len(geo) == pages and len(geo[0].markers) == per_sheet
