"""The blank reverse of a board piece in the duplex kit.pdf says it is blank on purpose
(issue 44, "Output": 8 of the kit's pages were blank backs of board quarters with no
note, which a reader takes for a failed print), in the print note's small grey type, on
the strip of paper behind the front's margin, which is cut off with it."""
from __future__ import annotations

import pytest
from pypdf import PdfReader

from generator.cli import cli
from generator.draw import fonts
from generator.draw.geometry import Rect
from generator.draw.scene import Text
from generator.sheets.board import blank_back
from generator.sheets.kit import item_pages
from generator.sheets.printable import printable
from generator.sheets.marks import MARK_INK
from generator.sheets.spec import Flip, Paper, SheetSpec, mirror


def test_each_blank_back_of_the_kit_says_whose_back_it_is(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--only", "board-a", "--out",
                                 str(tmp_path)])
    assert result.exit_code == 0, result.output
    pages = [page.extract_text().strip() for page in PdfReader(tmp_path / "kit.pdf").pages]
    # pack1's fronts and backs, then each quarter followed by its reverse.
    assert len(pages) == 10
    for quarter in range(1, 5):
        front, back = pages[2 * quarter], pages[2 * quarter + 1]
        assert f"Board A (basic version): quarter {quarter} of 4" in front
        assert back == (f"Back of Board A (basic version) quarter {quarter}: "
                        "intentionally blank (a board prints on one side)")
    # The board's own file has no reverses: it prints on one side.
    assert len(PdfReader(tmp_path / "board-a.pdf").pages) == 4


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("flip", list(Flip))
def test_the_note_lies_behind_the_cut_off_margin(library, paper, flip):
    spec = SheetSpec(paper=paper, flip=flip)
    for item in ("board-a", "colourless"):
        for front in item_pages(printable(library.item(item)), spec, library.settings()):
            (note,) = blank_back(spec, front).items
            assert isinstance(note, Text) and note.fill == MARK_INK and note.size < 3
            width = fonts.measure(note.text, note.font, note.size)
            box = Rect(note.x, note.y - note.size, width, note.size * 1.3)
            assert spec.printable.contains(box), (item, front.label)
            assert front.bleed is not None
            # Seen through the paper, the note is outside the piece and its bleed.
            assert not mirror(spec).apply_rect(front.bleed).intersects(box), \
                (item, front.label)
