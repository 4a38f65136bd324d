"""`opencards render` and `opencards preview` from the outside."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from generator.cli import cli
from generator.io.resources import templates_dir

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("fmt", ["png", "svg", "pdf"])
def test_render_writes_one_file_per_face_and_back_identically(runner, tmp_path, fmt):
    runs = []
    for n in (1, 2):
        out = tmp_path / f"run{n}"
        result = runner.invoke(cli, ["render", "simple1", "--format", fmt, "--dpi", "60",
                                     "--out", str(out)])
        assert result.exit_code == 0, result.output
        runs.append({p.name: p.read_bytes() for p in sorted(out.iterdir())})
    assert len(runs[0]) == 64
    assert "simple1-1R-face." + fmt in runs[0] and "simple1-8B-back." + fmt in runs[0]
    assert runs[0] == runs[1]


def test_render_letters_and_boards(runner, tmp_path):
    result = runner.invoke(cli, ["render", "cyrillic", "--format", "svg", "--out",
                                 str(tmp_path)])
    assert result.exit_code == 0
    assert (tmp_path / "cyrillic-Ж-Y-face.svg").is_file()
    result = runner.invoke(cli, ["render", "board-a", "--format", "png", "--dpi", "30",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0
    image = Image.open(tmp_path / "board-a.png")
    assert image.size == (round(224 / 25.4 * 30), round(424 / 25.4 * 30))


def test_render_bleed_grows_the_page(runner, tmp_path):
    result = runner.invoke(cli, ["render", "pack2", "--dpi", "254", "--bleed", "2mm",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0
    assert Image.open(tmp_path / "pack2-10R-face.png").size == (290, 540)


def test_missing_glyph_is_one_line(runner, tmp_path):
    text = (templates_dir() / "letters" / "cyrillic.toml").read_text(encoding="utf-8")
    text = text.replace('"Г Д Е Ж', '"Г Д Е 字').replace('"Ж" = 0.94', '"字" = 0.94')
    (tmp_path / "letters").mkdir()
    (tmp_path / "letters" / "cyrillic.toml").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(cli, ["--templates", str(tmp_path), "render", "cyrillic",
                                 "--out", str(out)])
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1
    assert "has no glyph for '字' (U+5B57)" in result.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_out(runner, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    result = runner.invoke(cli, ["render", "board-a", "--out", str(locked)])
    assert result.exit_code == 1 and "not writable" in result.stderr


def test_out_is_a_file(runner, tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    result = runner.invoke(cli, ["render", "board-a", "--out", str(target / "sub")])
    assert result.exit_code == 1 and result.stderr.startswith("Error: ")
    assert result.stderr.count("\n") == 1
    assert target.read_text() == "x"


def test_render_rejects_layouts(runner, tmp_path):
    result = runner.invoke(cli, ["render", "game9-start", "--out", str(tmp_path)])
    assert result.exit_code == 1 and "is a layout" in result.stderr
    assert not list(tmp_path.iterdir())


def test_preview_is_up_to_date(runner, tmp_path):
    """docs/preview.png is what 'opencards preview' draws today (regenerate with it)."""
    fresh = tmp_path / "preview.png"
    result = runner.invoke(cli, ["preview", "--out", str(fresh)])
    assert result.exit_code == 0
    committed = Image.open(ROOT / "docs" / "preview.png").convert("RGB")
    drawn = Image.open(fresh).convert("RGB")
    assert committed.size == drawn.size
    diff = ImageChops.difference(committed, drawn).convert("L")
    # Font rasterisers may differ by a shade between Pillow builds, never by a shape.
    assert sum(diff.histogram()[64:]) < 0.002 * diff.width * diff.height, \
        "docs/preview.png is stale: run 'opencards preview'"
