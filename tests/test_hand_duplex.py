"""Issue 43, item 6: a duplex by hand is two files, the fronts and the backs, printed one
after the other. Both record their layout in their print notes; a backs build that does not
match the fronts already in the folder is refused in one line, before anything is written.
(Before, fronts built with --cut and backs without it were laid out differently, and the
backs' note still said "print on the reverse of fronts sheet 1".)"""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from generator.cli import cli

CUT = ["--paper", "letter", "--card-size", "poker", "--cut", "svg", "--gap", "1.2",
       "--marks", "corners"]


def note_text(path) -> str:
    doc = pdfium.PdfDocument(path)
    try:
        return " ".join(doc[0].get_textpage().get_text_range().split())
    finally:
        doc.close()


def build(runner, out, backs, *options):
    return runner.invoke(cli, ["build", "--only", "pack1", "--backs", backs, *options,
                               "--out", str(out)])


def test_both_notes_record_the_layout_and_a_matching_backs_build_goes_ahead(runner,
                                                                            tmp_path):
    assert build(runner, tmp_path, "fronts-only", *CUT).exit_code == 0
    result = build(runner, tmp_path, "backs-only", *CUT)
    assert result.exit_code == 0, result.output
    fronts, backs = note_text(tmp_path / "pack1-fronts.pdf"), note_text(
        tmp_path / "pack1-backs.pdf")
    record = "layout: letter long, gap 1.2 mm, bleed 2 mm, corners guides, cut (silhouette)"
    assert record in fronts and record in backs, (fronts, backs)
    assert "print at 100% on the reverse of fronts sheet 1" in backs


@pytest.mark.parametrize(("backs_options", "said"), [
    (["--paper", "letter", "--card-size", "poker"],
     "fronts gap 1.2 mm but backs gap 0 mm, fronts corners guides but backs crop guides, "
     "fronts cut (silhouette) but backs no cut"),
    ([*CUT[:7], "1.0", *CUT[8:]], "fronts gap 1.2 mm but backs gap 1 mm"),
    ([*CUT, "--flip", "short"], "fronts letter long but backs letter short"),
    (["--paper", "letter", "--card-size", "bridge", *CUT[4:]], "fronts block"),
], ids=["no cut", "gap", "flip", "card size"])
def test_backs_that_do_not_match_the_fronts_in_the_folder_are_refused(
        runner, tmp_path, backs_options, said):
    assert build(runner, tmp_path, "fronts-only", *CUT).exit_code == 0
    before = sorted(p.name for p in tmp_path.iterdir())
    result = build(runner, tmp_path, "backs-only", *backs_options)
    assert result.exit_code == 1, result.output
    assert result.output.count("\n") == 1, result.output
    assert "pack1-backs.pdf: does not match" in result.output and said in result.output
    assert "build the backs with the options the fronts were built with" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_backs_alone_in_a_folder_are_built(runner, tmp_path):
    """No fronts in the folder (printed from another folder, or to be built next): nothing
    to compare with."""
    result = build(runner, tmp_path, "backs-only")
    assert result.exit_code == 0, result.output
    assert "layout: a4 long" in note_text(tmp_path / "pack1-backs.pdf")
