"""--sheets 2,5-6 (reprinting some sheets) and the summary's sheet counts and ink estimate."""
from __future__ import annotations

import pikepdf
import pypdfium2
import pytest

from generator.cli import cli
from generator.draw.geometry import Rect
from generator.draw.scene import Box, Page, Paint
from generator.sheets.ink import coverage, rated_pages
from generator.sheets.selection import parse_sheets, pick_sheets, sheet_text


def page_texts(path):
    doc = pypdfium2.PdfDocument(path)
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]


@pytest.mark.parametrize("text, sheets", [("2", {2}), ("2,5-6", {2, 5, 6}),
                                          (" 1 - 3 , 3", {1, 2, 3})])
def test_sheet_lists_read_as_typed(text, sheets):
    assert parse_sheets(text) == sheets
    assert parse_sheets(sheet_text(parse_sheets(text))) == sheets


@pytest.mark.parametrize("text", ["", "0", "3-1", "2,x", "1-", "-2"])
def test_a_bad_sheet_list_is_refused(text):
    with pytest.raises(ValueError, match="expected sheet"):
        parse_sheets(text)


def test_picking_keeps_both_sides_of_a_sheet():
    pages = ["1f", "1b", "2f", "2b", "3f", "3b"]
    assert pick_sheets(pages, 2, {2, 3, 9}) == ["2f", "2b", "3f", "3b"]
    assert pick_sheets(pages, 1, {2, 5}) == ["1b", "3f"]


def test_reprinting_sheets_writes_those_sheets_beside_the_whole_file(runner, tmp_path):
    args = ["build", "--only", "pack1", "--card-size", "63x88mm", "--orientation",
            "upright", "--out", str(tmp_path)]
    assert runner.invoke(cli, args).exit_code == 0
    whole = (tmp_path / "pack1.pdf").read_bytes()
    result = runner.invoke(cli, [*args, "--sheets", "2,4-9"])
    assert result.exit_code == 0, result.output
    # The reprint has its own name: the whole item's file is untouched.
    assert (tmp_path / "pack1.pdf").read_bytes() == whole
    texts = page_texts(tmp_path / "pack1-sheets-2,4-9.pdf")
    # Fronts and backs of sheets 2, 4, 5 and 6: the pack has six, so 7-9 are none.
    assert len(texts) == 8
    for n, sheet in enumerate((2, 4, 5, 6)):
        assert f"sheet {sheet} of 6: fronts" in texts[2 * n]
        assert f"sheet {sheet} of 6: backs" in texts[2 * n + 1]
    assert "booklet" not in result.stdout
    assert "4 sheets" in result.stdout


def test_a_board_reprints_one_page_a_piece(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--only", "board-a", "--only", "pack1",
                                 "--sheets", "3", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board-a-sheets-3.pdf",
                                                           "kit-sheets-3.pdf"]
    texts = page_texts(tmp_path / "board-a-sheets-3.pdf")
    assert len(texts) == 1 and "quarter 3 of 4" in texts[0]
    # In the duplex kit the piece keeps its blank reverse.
    assert len(pikepdf.open(tmp_path / "kit-sheets-3.pdf").pages) == 2


def test_sheets_no_item_has_is_one_line_and_writes_nothing(runner, tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(cli, ["build", "--only", "pack1", "--sheets", "2-3",
                                 "--out", str(out)])
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == (
        "Error: --sheets 2-3: no item has such a sheet (the most any of pack1 has is 1)")
    assert not out.exists()


def test_the_summary_counts_sheets_and_ink_per_item(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--only", "board-a", "--ink",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()
            if ".pdf" in line}
    assert rows["pack1.pdf"][3:5] == ["1", "sheet"]       # duplex: both pages on one
    assert rows["board-a.pdf"][3:5] == ["4", "sheets"]    # a piece a sheet, one side
    assert rows["kit.pdf"][3:5] == ["5", "sheets"]
    pack, board, kit = (float(rows[f][6]) for f in ("pack1.pdf", "board-a.pdf", "kit.pdf"))
    assert 0 < pack < board and kit == pytest.approx(pack + board, abs=0.11)
    assert "5% coverage" in result.stdout


def test_ink_is_each_colours_share_of_the_page():
    def page(colour, width):
        return Page(100, 100, (Box(Rect(0, 0, width, 100), Paint(fill=colour)),))
    assert coverage(page("#ffffff", 100)) == 0
    assert coverage(page("#000000", 50)) == pytest.approx(0.5, abs=0.02)
    assert coverage(page("#ff0000", 100)) == pytest.approx(2.0)       # magenta + yellow
    assert coverage(page("#808080", 100)) == pytest.approx(0.5, abs=0.01)  # black only
    # A page all black is twenty pages at 5 %.
    assert rated_pages([page("#000000", 100)]) == pytest.approx(20.0)
