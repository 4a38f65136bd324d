"""The print note never has a mark printed across it (issue 16): when a full block sends it
down the left strip, it starts below the registration target and any crop or tab mark there.
Letter sheets of 44 x 63 and 63 x 88 mm cards did print the top-left target over its text."""
from __future__ import annotations

import pytest

from generator.draw import fonts
from generator.draw.geometry import Rect, Size
from generator.draw.scene import Circle, Line, Text, walk
from generator.errors import ImpositionError
from generator.sheets.cards import card_sheets
from generator.sheets.spec import Backs, Paper, SheetSpec
from test_fuller_sheets import art


def _note_and_marks(page):
    notes, marks = [], []
    for item, t in walk(page.items):
        if isinstance(item, Line):
            marks.append(Rect.bounding([t.apply(item.x1, item.y1), t.apply(item.x2, item.y2)]))
        elif isinstance(item, Circle):
            marks.append(t.apply_rect(Rect(item.cx - item.r, item.cy - item.r,
                                           2 * item.r, 2 * item.r)))
        elif isinstance(item, Text) and "sheet" in item.text:
            w = fonts.measure(item.text, item.font, item.size)
            local = {0.0: Rect(item.x, item.y - item.size * 0.75, w, item.size * 0.95),
                     90.0: Rect(item.x, item.y, item.size * 0.95, w)}[item.rotation]
            notes.append(t.apply_rect(local))
    return notes, marks


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("card", [Size(44, 63), Size(63, 88), Size(57, 89), Size(25, 50)],
                         ids=str)
@pytest.mark.parametrize("backs", ["duplex", "glue"])
def test_no_mark_prints_across_the_note(paper, card, backs):
    spec = SheetSpec(paper=Paper(paper), backs=Backs(backs))
    try:
        pages = card_sheets([art(spec, card)] * 40, [art(spec, card)] * 40, card, spec, "T")
    except ImpositionError as e:
        assert "does not fit" in str(e), e
        return
    for page in pages:
        notes, marks = _note_and_marks(page)
        assert len(notes) == 1, page.label
        crossing = [m for m in marks if m.intersects(notes[0])]
        assert not crossing, (page.label, notes[0], crossing)
