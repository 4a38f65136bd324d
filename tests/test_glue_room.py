"""The glued backs sheet's tab has its room on the paper (issue 16): the planner leaves
room above the card block for the tab and its marks, so every glued sheet it accepts prints
inside the printer's margin on both sides, whatever the paper, card size and marks."""
from __future__ import annotations

import pytest

from generator.cli import cli
from generator.draw.geometry import Rect, Size
from generator.draw.scene import Circle, Group, Page, Text, walk
from generator.errors import ImpositionError
from generator.sheets.cards import card_sheets, oriented_plan
from generator.sheets.glue import tab_rect
from generator.sheets.spec import Backs, Flip, Marks, Paper, SheetSpec, mirror
from test_fuller_sheets import art, ink_boxes, trims
from test_glue import ink_points


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("card", [Size(25, 50), Size(44, 63), Size(63, 88), Size(57, 89),
                                  Size(70, 120), Size(120, 70)], ids=str)
@pytest.mark.parametrize("extra", [{}, {"marks": Marks.CORNERS}, {"marks": Marks.LINES},
                                   {"flip": Flip.SHORT}, {"margin": 10.0},
                                   {"margins": (5.0, 5.0, 15.0, 5.0)}, {"gap": 3.0}],
                         ids=lambda e: ",".join(f"{k}={v}" for k, v in e.items()) or "plain")
def test_every_glued_sheet_the_planner_accepts_prints_inside_the_margin(paper, card, extra):
    spec = SheetSpec(paper=Paper(paper), backs=Backs.GLUE, **extra)
    try:
        pages = card_sheets([art(spec, card)] * 40, [art(spec, card)] * 40, card, spec, "T")
    except ImpositionError as e:
        # Only a card too large for the paper may be refused, never the tab alone.
        assert "does not fit" in str(e), e
        return
    inside = spec.printable.inset(-1e-6)
    for page in pages:
        for x, y in ink_points(page):
            assert inside.contains(Rect(x, y, 0, 0)), (page.label, (x, y))
        for box in ink_boxes(page):
            assert inside.contains(box), (page.label, box)
    # The note and the registration targets keep off the tab of the backs page.
    back = pages[1]
    sheet = oriented_plan(card, spec, 40)
    tab = mirror(spec).apply_rect(tab_rect(sheet.block))
    others = [(i, t) for i, t in walk(back.items)
              if isinstance(i, Circle) or (isinstance(i, Text) and not i.text.startswith("UP:"))]
    assert others
    for box in ink_boxes(Page(back.width, back.height, tuple(
            Group((i,), t) for i, t in others))):
        assert not box.intersects(tab), (box, tab)
    assert len(trims(pages[0])) == min(40, sheet.per_sheet)


def test_44x63_cards_glued_on_letter_build(runner, tmp_path):
    """The issue's command, which failed with "glue tab 0.3 mm into the margin"."""
    result = runner.invoke(cli, ["build", "--only", "pack1", "--backs", "glue", "--paper",
                                 "letter", "--card-size", "44x63mm", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "pack1.pdf").exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", [Size(25, 50), Size(44, 63), Size(63, 88)], ids=str)
def test_a_glued_sheet_holds_as_many_cards_as_a_duplex_one(paper, card):
    """The block sits a little low so the tab has its room: no row is lost to it."""
    glued = oriented_plan(card, SheetSpec(paper=Paper(paper), backs=Backs.GLUE), 99)
    duplex = oriented_plan(card, SheetSpec(paper=Paper(paper)), 99)
    assert glued.per_sheet == duplex.per_sheet
