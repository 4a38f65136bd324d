"""--backs fold prints no registration targets, so its sheets keep no room for them: where
the targets pushed a row or column off a duplex sheet, a fold sheet holds more pairs, and
its note and ruler still find a place clear of the cards."""
from __future__ import annotations

import pytest

import pdfgeom
from generator.cli import cli
from generator.draw.geometry import Rect, Size
from generator.draw.scene import Box, Line, Paint, walk
from generator.sheets.cards import oriented_plan
from generator.sheets.fold import fold_sheets, pair_size
from generator.sheets.spec import Backs, Marks, Paper, SheetSpec
from test_fuller_sheets import art, ink_boxes

#: (paper, marks, card, pairs a sheet when the targets' room is kept, pairs now). Since
#: issue 27 guide lines (--marks lines) stop short of the targets instead of pushing them
#: off the sheet, so a duplex sheet with lines holds as many as a fold sheet (it held 12,
#: 15 and 35 of these before).
GAINS = [("letter", "lines", Size(25, 50), 15, 15), ("a4", "lines", Size(25, 45), 20, 20),
         ("letter", "corners", Size(25, 45), 15, 20), ("a3", "lines", Size(25, 50), 40, 40)]


@pytest.mark.parametrize("paper, marks, card, before, after", GAINS)
def test_fold_sheets_take_the_room_targets_would_have_had(paper, marks, card, before,
                                                           after):
    margin = 10.0 if marks == "corners" else 5.0
    spec = SheetSpec(paper=Paper(paper), marks=Marks(marks), backs=Backs.FOLD, margin=margin)
    pair = pair_size(card)
    assert oriented_plan(pair, spec, 100).per_sheet == before     # with the targets' room
    pages = fold_sheets([art(spec, card)] * after, [art(spec, card)] * after, card, spec,
                        "T")
    assert len(pages) == 1
    trims = [t.apply_rect(i.rect) for i, t in walk(pages[0].items)
             if isinstance(i, Box) and i.paint == Paint()]
    assert len(trims) == 2 * after                       # a face and a back per pair
    bleeds = [r.inset(-spec.bleed) for r in trims]
    for box in ink_boxes(pages[0]):
        assert spec.printable.inset(-1e-6).contains(box), box
        if box.w > 1e-9 and box.h > 1e-9:                # the note and the ruler
            assert not any(box.intersects(b) for b in bleeds), box


def test_a_fold_build_on_letter_with_guide_lines_puts_15_pairs_a_sheet(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--backs", "fold", "--paper", "letter",
                                 "--marks", "lines", "--only", "pack1",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pages = pdfgeom.read(tmp_path / "pack1.pdf")
    assert [len(p.markers) // 2 for p in pages] == [15, 15, 2]
