"""The glue method and the back side's room on the paper: the cut-out backs block says which
edge is up and whose backs it holds, the pin-hole rings stay off the cards, a glued sheet
takes no duplex correction, and no correction pushes back-page ink into the printer's
margin (a correction too large for the paper is one line of error)."""
from __future__ import annotations

import pytest

from generator.cli import cli
from generator.draw.geometry import Rect, Size, Transform
from generator.draw.scene import Box, Circle, Group, Line, Paint, Polygon, Text, walk
from generator.sheets.cards import card_sheets, plan
from generator.sheets.glue import TAB
from generator.sheets.marks import PINHOLE_RADIUS
from generator.sheets.spec import Backs, Flip, Paper, SheetSpec

CARD = Size(25, 50)


def art(spec):
    return Group((Box(Rect(-spec.bleed, -spec.bleed, 25 + 2 * spec.bleed,
                           50 + 2 * spec.bleed), Paint(fill="#ff0000")),))


def pages_for(spec, count=32):
    return card_sheets([art(spec)] * count, [art(spec)] * count, CARD, spec, "Pack T")


def trims(page):
    return [t.apply_rect(i.rect) for i, t in walk(page.items)
            if isinstance(i, Box) and i.paint == Paint()]


def ink_points(page):
    """Every point of ink on *page*, in page mm (ends of lines, circle extremes, polygon
    corners, text baselines), and card bleeds' corners."""
    points = []
    for item, t in walk(page.items):
        if isinstance(item, Line):
            points += [t.apply(item.x1, item.y1), t.apply(item.x2, item.y2)]
        elif isinstance(item, Circle):
            points += [t.apply(item.cx + dx, item.cy + dy) for dx, dy in
                       ((item.r, 0), (-item.r, 0), (0, item.r), (0, -item.r))]
        elif isinstance(item, Polygon):
            points += [t.apply(*p) for p in item.points]
        elif isinstance(item, Box) and item.paint != Paint():
            points += [t.apply(*c) for c in item.rect.corners()]
    return points


@pytest.mark.parametrize("flip", ["long", "short"])
def test_pinhole_rings_sit_outside_the_cards_and_join_into_the_block_edges(flip):
    spec = SheetSpec(backs=Backs.GLUE, flip=Flip(flip))
    front = pages_for(spec)[0]
    block = plan(CARD, spec, 32).block
    rings = [(c.cx, c.cy) for c, t in walk(front.items)
             if isinstance(c, Circle) and c.r == PINHOLE_RADIUS]
    assert len(rings) == 8
    for x, y in rings:
        for trim in trims(front):
            bleed = trim.inset(-spec.bleed)
            # The nearest point of the card's bleed is farther than the ring's radius.
            dx = max(bleed.x - x, 0, x - bleed.right)
            dy = max(bleed.y - y, 0, y - bleed.bottom)
            assert (dx * dx + dy * dy) ** 0.5 > PINHOLE_RADIUS, ((x, y), trim)
    # Opposite holes lie on one edge line of the block: joined, they draw its edges.
    edges = {round(v, 6) for v in (block.x, block.right, block.y, block.bottom)}
    on_x = sorted(round(x, 6) for x, _ in rings if round(x, 6) in (round(block.x, 6),
                                                                      round(block.right, 6)))
    on_y = sorted(round(y, 6) for _, y in rings if round(y, 6) in (round(block.y, 6),
                                                                      round(block.bottom, 6)))
    assert len(on_x) == 4 and len(on_y) == 4 and set(on_x) | set(on_y) == edges


@pytest.mark.parametrize("flip", ["long", "short"])
def test_the_backs_block_carries_an_up_arrow_and_the_name_on_its_tab(flip):
    spec = SheetSpec(backs=Backs.GLUE, flip=Flip(flip))
    back = pages_for(spec)[1]
    block = Rect.bounding([p for r in trims(back) for p in r.corners()])
    texts = [(i, t) for i, t in walk(back.items) if isinstance(i, Text) and "UP:" in i.text]
    assert len(texts) == 1 and "Pack T" in texts[0][0].text
    arrows = [[t.apply(*p) for p in i.points] for i, t in walk(back.items)
              if isinstance(i, Polygon) and i.paint.fill]
    assert len(arrows) == 1
    tip = arrows[0][0]
    # The tab: outside the card block and its bleed, inside the backs sheet's cut.
    if flip == "long":
        tab = Rect(block.x, block.y - TAB, block.w, TAB - spec.bleed)
        assert tip[1] == min(p[1] for p in arrows[0])       # it points up
    else:
        tab = Rect(block.x, block.bottom + spec.bleed, block.w, TAB - spec.bleed)
        assert tip[1] == max(p[1] for p in arrows[0])       # down: the fronts' top edge
        assert texts[0][0].rotation == 180
    assert all(tab.inset(-1e-9).contains(Rect(x, y, 0, 0)) for x, y in arrows[0])
    x, y = texts[0][1].apply(texts[0][0].x, texts[0][0].y)
    assert tab.contains(Rect(x, y, 0, 0))
    # The cut across the tab's outer edge has its crop marks.
    outer = block.y - TAB if flip == "long" else block.bottom + TAB
    marks = [(i, t) for i, t in walk(back.items) if isinstance(i, Line)
             and i.y1 == i.y2 and abs(t.apply(i.x1, i.y1)[1] - outer) < 1e-6]
    assert len(marks) == 2


def test_a_glued_backs_sheet_takes_no_duplex_correction():
    plain = pages_for(SheetSpec(backs=Backs.GLUE))[1]
    corrected = pages_for(SheetSpec(backs=Backs.GLUE, back_offset=(2.0, -1.0), back_rotate=0.4,
                                    back_scale=(0.99, 1.0)))[1]
    assert trims(corrected) == trims(plain)
    assert plain.trim == corrected.trim


@pytest.mark.parametrize("spec", [
    SheetSpec(back_offset=(6.0, 0.0)), SheetSpec(back_offset=(-4.0, 5.0)),
    SheetSpec(back_offset=(0.0, -9.0)), SheetSpec(paper=Paper.LETTER, back_offset=(3.0, 3.0)),
    SheetSpec(back_rotate=1.0, back_scale=(1.01, 1.01)),
    SheetSpec(flip=Flip.SHORT, back_offset=(3.0, -5.0), margin=8.0),
    SheetSpec(backs=Backs.GLUE, paper=Paper.LETTER), SheetSpec(backs=Backs.GLUE, flip=Flip.SHORT)],
    ids=lambda s: f"{s.paper}-{s.flip}-{s.backs}-{s.back_offset}-{s.back_rotate:g}")
def test_back_page_ink_stays_inside_the_safe_margin_whatever_the_correction(spec):
    inside = spec.printable.inset(-1e-6)
    for page in pages_for(spec):
        for x, y in ink_points(page):
            assert inside.contains(Rect(x, y, 0, 0)), (page.label, (x, y))


def test_targets_and_notes_move_in_to_make_room_for_the_correction():
    """Without the room the offset would carry the back's targets and note off the edge."""
    spec = SheetSpec(back_offset=(0.0, 4.0))
    back = pages_for(spec)[1]
    top = min(y for _, y in ink_points(back))
    assert spec.printable.y <= top < spec.printable.y + 1.0


@pytest.mark.parametrize("args", [["--back-offset", "12,0"], ["--back-rotate", "4"],
                                  ["--paper", "letter", "--back-offset", "0,10"]])
def test_a_correction_too_large_for_the_paper_is_one_line(runner, tmp_path, args):
    """The grid shrinks for a correction (issue 27), so only a card that fits without it
    and not with it is refused."""
    result = runner.invoke(cli, ["build", "--only", "pack1", "--out", str(tmp_path),
                                 "--card-size", "180x250mm"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(cli, ["build", "--only", "pack1", "--out", str(tmp_path / "c"),
                                 "--card-size", "180x250mm", *args])
    assert result.exit_code == 1
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("Error: a 180 x 250 mm card does not fit") and \
        "and the back correction" in last and "Traceback" not in result.output
    assert not (tmp_path / "c").exists()
