"""The ink estimate is asked for (issue 41): ``opencards build`` prints pages, sheets and
size; ``build --ink`` adds the ink column and its footnote. Rasterising every page cost as
much as drawing the kit (docs/performance.md), so a build that is not asked for the
figure must not load the rasteriser at all."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from generator.app import KitOptions, build_kit
from generator.cli import cli
from generator.sheets import ink

FOOTNOTE = "ink: an estimate in pages at 5% coverage"
#: What only the ink estimate loads.
RASTERISER = ("generator.sheets.ink", "pypdfium2")


def _rows(output: str) -> dict[str, list[str]]:
    return {line.split()[0]: line.split() for line in output.splitlines() if ".pdf" in line}


def _loaded(tmp_path, *args: str) -> list[str]:
    """Which of :data:`RASTERISER` a build with *args* loads, in a fresh interpreter."""
    probe = ("import sys\nfrom generator.cli import cli\n"
             f"try:\n    cli({['build', *args, '--out', 'out']!r}, prog_name='opencards')\n"
             "except SystemExit as e:\n    assert e.code == 0, e.code\n"
             f"print(__import__('json').dumps([m for m in {RASTERISER!r} if m in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, cwd=tmp_path).stdout
    return json.loads(out.strip().splitlines()[-1])


def test_a_default_build_does_not_rasterise(tmp_path):
    assert _loaded(tmp_path, "--only", "pack1", "--only", "board-a") == []
    # The guard can fail: asked for the estimate, the build loads PDFium.
    assert _loaded(tmp_path, "--only", "pack1", "--ink") == list(RASTERISER)


def test_the_default_summary_has_sheets_and_no_ink(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--only", "board-a",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    rows = _rows(result.stdout)
    assert rows["pack1.pdf"][1:5] == ["2", "pages", "1", "sheet"]   # duplex: both on one
    assert rows["board-a.pdf"][1:5] == ["4", "pages", "4", "sheets"]
    assert rows["kit.pdf"][3:5] == ["5", "sheets"] and rows["kit.pdf"][6] == "KiB"
    assert not any("ink" in row for row in rows.values())
    assert FOOTNOTE not in result.stdout


def test_ink_adds_the_column_with_the_estimate_of_the_file_written(runner, tmp_path):
    plain = runner.invoke(cli, ["build", "--only", "pack1", "--only", "board-a",
                                "--out", str(tmp_path / "plain")])
    asked = runner.invoke(cli, ["build", "--only", "pack1", "--only", "board-a", "--ink",
                                "--out", str(tmp_path / "ink")])
    assert asked.exit_code == 0, asked.output
    rows = _rows(asked.stdout)
    # Each row is the default's with the ink column between sheets and size.
    for name, row in _rows(plain.stdout).items():
        assert rows[name][:5] + rows[name][7:] == row and rows[name][5] == "ink"
    # The figure is the estimate of the file as written, at the summary's resolution.
    data = (tmp_path / "ink" / "pack1.pdf").read_bytes()
    assert rows["pack1.pdf"][6] == f"{ink.rated(ink.page_coverages(data)):.1f}"
    assert FOOTNOTE in asked.stdout
    # The estimate reads the files; it does not change them.
    assert data == (tmp_path / "plain" / "pack1.pdf").read_bytes()


def test_ink_does_not_apply_to_print_shop_files(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--shop", "--ink", "--only", "pack1",
                                 "--out", str(tmp_path)])
    assert result.exit_code != 0
    assert "--ink does not apply to --shop" in result.stderr


@pytest.mark.parametrize("count_ink", [False, True])
def test_the_kit_job_counts_sheets_always_and_ink_on_request(library, tmp_path, count_ink):
    built = build_kit(library, tmp_path, KitOptions(items=["pack1", "board-a"],
                                                    count_ink=count_ink))
    assert [b.sheets for b in built] == [1, 4, 5]
    assert all((b.ink is not None) is count_ink for b in built)
