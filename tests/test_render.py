"""`opencards render` and `opencards preview` from the outside."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from generator.cli import cli
from generator.draw.geometry import Size
from generator.errors import WrongKindError
from generator.io.resources import templates_dir
from generator.app import ExportOptions, RenderOptions, export_cards, render
from generator.app import preview as write_preview

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
    assert "cyrillic.toml: groups.yellow.letters[3]: " in result.stderr
    assert "has no glyph for U+5B57 '字'" in result.stderr


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
    change = what_changed(committed, drawn)
    assert change is None, (f"docs/preview.png is stale: {change}; regenerate it with "
                            "'opencards preview --out docs/preview.png' and commit it")


PREVIEW_DPI = 100


def what_changed(committed: Image.Image, drawn: Image.Image) -> str | None:
    """None if two renderings of the preview agree, else what differs, for the message."""
    if committed.size != drawn.size:
        (w0, h0), (w1, h1) = committed.size, drawn.size
        return (f"the sheet is now {w1} x {h1} px ({_mm(w1)} x {_mm(h1)} mm), "
                f"was {w0} x {h0} px ({_mm(w0)} x {_mm(h0)} mm)")
    # Font rasterisers may differ by a shade between Pillow builds, never by a shape. The
    # largest channel counts: in grey (convert("L")) a changed blue would weigh a ninth.
    red, green, blue = ImageChops.difference(committed, drawn).split()
    strong = ImageChops.lighter(ImageChops.lighter(red, green), blue).point(
        lambda v: 255 if v >= 64 else 0)
    count, area = strong.histogram()[255], strong.width * strong.height
    if count < 0.002 * area:
        return None
    left, top, right, bottom = strong.getbbox() or (0, 0, 0, 0)
    return (f"{count} of {area} pixels ({count / area:.1%}) differ by more than a shade, "
            f"all within x {left}-{right}, y {top}-{bottom} px (from {_mm(left)}, "
            f"{_mm(top)} to {_mm(right)}, {_mm(bottom)} mm)")


def _mm(px: int) -> str:
    return f"{px * 25.4 / PREVIEW_DPI:.1f}"


def test_a_stale_preview_says_what_changed():
    sheet = Image.new("RGB", (400, 200), "white")
    assert what_changed(sheet, sheet.copy()) is None
    shaded = sheet.copy()
    shaded.paste((200, 200, 200), (0, 0, 400, 200))  # a shade lighter everywhere
    assert what_changed(sheet, shaded) is None
    bluer = sheet.copy()
    bluer.paste((255, 255, 100), (0, 0, 400, 200))  # only the blue channel changes
    assert what_changed(sheet, bluer) is not None
    moved = sheet.copy()
    moved.paste((0, 0, 0), (100, 40, 140, 90))
    assert what_changed(sheet, moved) == (
        "2000 of 80000 pixels (2.5%) differ by more than a shade, all within x 100-140, "
        "y 40-90 px (from 25.4, 10.2 to 35.6, 22.9 mm)")
    assert what_changed(sheet, Image.new("RGB", (410, 200), "white")) == (
        "the sheet is now 410 x 200 px (104.1 x 50.8 mm), was 400 x 200 px (101.6 x 50.8 mm)")


# --- the library functions behind the commands ------------------------------------------

def test_render_to_reports_progress_and_returns_the_files_in_pack_order(library, tmp_path):
    steps = []
    written = render(library, "simple2", tmp_path / "out", RenderOptions(fmt="svg"), progress=lambda done, total: steps.append((done, total)))
    assert steps == [(n, 64) for n in range(1, 65)]
    assert [p.name for p in written[:3]] == ["simple2-1R-face.svg", "simple2-1R-back.svg",
                                             "simple2-1Y-face.svg"]
    assert sorted(written) == sorted((tmp_path / "out").iterdir())


def test_render_to_writes_nothing_for_a_layout(library, tmp_path):
    with pytest.raises(WrongKindError, match="'game9-start' is a layout"):
        render(library, "game9-start", tmp_path / "out", RenderOptions(fmt="png"))
    assert not (tmp_path / "out").exists()


def test_write_preview_makes_its_folder(library, tmp_path):
    path = write_preview(library, tmp_path / "new" / "sheet.png", dpi=30)
    assert path == tmp_path / "new" / "sheet.png"
    assert Image.open(path).info["dpi"] == pytest.approx((30, 30), abs=0.01)


def test_export_cards_without_items_takes_the_card_sets_of_the_kit(library, tmp_path):
    steps = []
    built = export_cards(library, tmp_path, ExportOptions(dpi=72, bleed=0, card=Size(5, 10)), progress=lambda done, total: steps.append((done, total)))
    # pack1, pack2, the decks simple1 and simple2, latin1, latin2 and cyrillic, 32 cards
    # each; no boards.
    assert sorted(p.name for p in (tmp_path / "cards").iterdir()) == [
        "cyrillic", "latin1", "latin2", "pack1", "pack2", "simple1", "simple2"]
    assert len(built) == 7 * 32 * 2 == steps[-1][0] == steps[-1][1]
    assert Image.open(built[0].path).size == (round(5 / 25.4 * 72), round(10 / 25.4 * 72))
