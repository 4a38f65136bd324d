"""On A3 small items share sheets in kit.pdf: both packs on one sheet, both Latin letter
sets on another, each back still behind its face; each item's own PDF is as before, and a
kit on A4 (where every item fills its sheet) is untouched."""
from __future__ import annotations

import pytest

import pdfgeom
from generator.cli import cli

PAPER_W = {"a3": 297.0, "a4": 210.0}


@pytest.fixture(scope="module")
def a3_kit(tmp_path_factory):
    from click.testing import CliRunner
    out = tmp_path_factory.mktemp("a3")
    result = CliRunner().invoke(cli, ["build", "--paper", "a3", "--only", "pack1", "--only",
                                      "pack2", "--only", "latin1", "--only", "latin2",
                                      "--only", "cyrillic", "--only", "board-a",
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_small_items_share_a3_sheets_in_the_kit(a3_kit):
    kit = pdfgeom.read(a3_kit / "kit.pdf")
    # pack1 + pack2, latin1 + latin2, cyrillic: three duplex sheets; board: 4 pieces,
    # each with a blank reverse.
    assert len(kit) == 3 * 2 + 4 * 2
    assert [len(p.markers) for p in kit[:6]] == [64, 64, 64, 64, 32, 32]
    # Each item's own file still has its sheet to itself.
    for name in ("pack1", "pack2", "latin1", "latin2", "cyrillic"):
        assert [len(p.markers) for p in pdfgeom.read(a3_kit / f"{name}.pdf")] == [32, 32]


def test_shared_sheets_are_labelled_with_every_item(a3_kit):
    import pypdf
    text = pypdf.PdfReader(a3_kit / "kit.pdf").pages[0].extract_text()
    assert "Pack 1" in text and "Pack 2" in text and " + " in text


def test_on_a_shared_sheet_every_back_is_behind_its_face(a3_kit):
    kit = pdfgeom.read(a3_kit / "kit.pdf")
    for front, back in ((kit[0], kit[1]), (kit[2], kit[3])):
        # Long-edge flip: the back page is the front mirrored left to right.
        mirrored = sorted((round(PAPER_W["a3"] - x - w, 2), round(y, 2), round(w, 2),
                           round(h, 2)) for x, y, w, h in front.markers)
        assert mirrored == sorted(tuple(round(v, 2) for v in m) for m in back.markers)


@pytest.mark.parametrize("args, pages", [
    (["--paper", "a4"], 4 * 2 + 4 * 2),                 # A4: nothing shared
    (["--paper", "a3", "--sheets", "1"], 4 * 2 + 1 * 2),  # the board's first piece
    (["--paper", "a3", "--cut", "svg"], 4 * 2 + 4 * 2),
])
def test_no_sharing_on_a4_nor_for_reprints_and_cut_files(runner, tmp_path, args, pages):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--only", "pack2", "--only",
                                 "latin1", "--only", "latin2", "--only", "board-a",
                                 "--out", str(tmp_path), *args])
    assert result.exit_code == 0, result.output
    kit = next(tmp_path.glob("kit*.pdf"))
    geo = pdfgeom.read(kit)
    assert len(geo) == pages
    assert max(len(p.markers) for p in geo) == 32
