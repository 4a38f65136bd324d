"""Issue 43: A5 and tabloid (11 x 17 in, sold as Ledger) sheets. Every file of a build on
them is that size (MediaBox read with pikepdf, to 0.01 mm), nothing prints in the margin,
the booklet goes on A5 or half-letter, a shop file takes 1/8 in of bleed on tabloid as on
Letter, a profile may name them, and the calibration sheet, which needs A4 or more, says
so on A5 in one line."""
from __future__ import annotations

import pikepdf
import pytest

from generator.cli import cli
from generator.io.profiles import CONFIG_ENV
from generator.sheets.shop import INCH_BLEED, METRIC_BLEED, shop_bleed
from generator.sheets.spec import PAPERS, Paper
from generator.draw.geometry import Size

MM = 72 / 25.4


@pytest.mark.parametrize(("paper", "width", "height", "booklet"), [
    ("a5", 148.0, 210.0, "A5 (148 x 210 mm)"),
    ("tabloid", 279.4, 431.8, "half-letter (5.5 x 8.5 in)")])
def test_a_build_on_a5_or_tabloid_is_that_size(runner, tmp_path, paper, width, height,
                                                booklet):
    result = runner.invoke(cli, ["build", "--paper", paper, "--only", "pack1", "--only",
                                 "colourless", "--only", "booklet-en", "--out",
                                 str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert booklet in result.output
    for name in ("pack1.pdf", "colourless.pdf", "kit.pdf"):
        with pikepdf.open(tmp_path / name) as pdf:
            for page in pdf.pages:
                box = [float(v) / MM for v in page.mediabox]
                assert box[2] - box[0] == pytest.approx(width, abs=0.01), name
                assert box[3] - box[1] == pytest.approx(height, abs=0.01), name
                # The cut block lies inside the 5 mm margin (the kit's blank reverses of
                # the board pieces are trimmed as whole pages).
                if "/TrimBox" in page and name != "kit.pdf":
                    trim = [float(v) / MM for v in page.TrimBox]
                    assert trim[0] >= 5 - 0.01 and trim[2] <= width - 5 + 0.01, name
                    assert trim[1] >= 5 - 0.01 and trim[3] <= height - 5 + 0.01, name
    assert PAPERS[Paper(paper)] == Size(width, height)


def test_tabloid_takes_an_inch_bleed_at_a_shop_as_letter_does():
    card = Size(25.0, 50.0)
    assert shop_bleed(card, Paper.TABLOID) == shop_bleed(card, Paper.LETTER) == INCH_BLEED
    assert shop_bleed(card, Paper.A5) == METRIC_BLEED


def test_a_profile_may_name_a5_or_tabloid(runner, tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "config"))
    for paper in ("a5", "tabloid"):
        result = runner.invoke(cli, ["printer", "save", f"p-{paper}", "--paper", paper])
        assert result.exit_code == 0, result.output
        result = runner.invoke(cli, ["printer", "show", f"p-{paper}"])
        assert f"paper        {paper}" in result.output


def test_calibrating_on_tabloid_works_and_on_a5_is_one_line(runner, tmp_path):
    result = runner.invoke(cli, ["calibrate", "--paper", "tabloid", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "calibration-tabloid-long.pdf").is_file()
    result = runner.invoke(cli, ["calibrate", "--paper", "a5", "--out", str(tmp_path / "x")])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1, result.output
    assert "the calibration sheet does not fit a5" in result.output
    assert not (tmp_path / "x").exists()
