"""Issue 43: a die file for shops that ask for the cut as its own file. 'opencards shop
--die' writes NAME-die.pdf beside each card item's shop file: page for page the same boxes,
and on each page only the cut, stroked in a Separation colour space named CutContour (the
name RIPs and plotters look for), overprinting, lying on the TrimBox to 0.01 mm with the
cards' rounded corners. Read with pikepdf."""
from __future__ import annotations

import pikepdf
import pytest

from generator.cli import cli
from generator.model.settings import CORNER_RADIUS

PT = 25.4 / 72


@pytest.fixture(scope="module")
def shop_dir(tmp_path_factory):
    from click.testing import CliRunner
    out = tmp_path_factory.mktemp("die")
    result = CliRunner().invoke(cli, ["shop", "--only", "pack1", "--only", "board-a", "--die",
                                      "--paper", "letter", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def mm(box) -> list[float]:
    return [float(v) * PT for v in box]


def test_each_card_item_gets_a_die_page_for_every_shop_page(shop_dir):
    assert not (shop_dir / "board-a-die.pdf").exists()     # a board is cut straight
    with pikepdf.open(shop_dir / "pack1-die.pdf") as die, \
            pikepdf.open(shop_dir / "pack1-shop.pdf") as shop:
        assert len(die.pages) == len(shop.pages) == 64
        for cut, art in zip(die.pages, shop.pages):
            for key in ("/MediaBox", "/TrimBox", "/BleedBox"):
                assert mm(cut[key]) == pytest.approx(mm(art[key]), abs=0.01), key


def test_the_cut_is_a_cutcontour_spot_on_the_trim_with_round_corners(shop_dir):
    with pikepdf.open(shop_dir / "pack1-die.pdf") as die:
        for page in die.pages:
            resources = page.Resources
            assert "/Font" not in resources and "/XObject" not in resources
            space = resources.ColorSpace.CutContour
            assert space[0] == "/Separation" and space[1] == "/CutContour"
            assert space[2] == "/DeviceCMYK"
            assert resources.ExtGState.Over.OP is True
            ops = pikepdf.parse_content_stream(page)
            names = [str(op) for _, op in ops]
            assert names[:3] == ["CS", "SCN", "gs"] and names[-1] == "S"
            points = []
            for operands, op in ops:
                if str(op) in ("m", "l", "c"):
                    values = [float(v) * PT for v in operands]
                    points += list(zip(values[::2], values[1::2]))
            xs, ys = [x for x, _ in points], [y for _, y in points]
            left, bottom, right, top = mm(page.TrimBox)
            assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx(
                (left, bottom, right, top), abs=0.01)
            # Four corner curves, each starting the card's corner radius along an edge.
            assert names.count("c") == 4
            start = next(operands for operands, op in ops if str(op) == "m")
            assert [float(v) * PT for v in start] == pytest.approx(
                [left + CORNER_RADIUS, bottom], abs=0.01)


def test_the_same_build_gives_the_same_die_bytes(shop_dir, runner, tmp_path):
    result = runner.invoke(cli, ["shop", "--only", "pack1", "--die", "--paper", "letter",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "pack1-die.pdf").read_bytes() == \
        (shop_dir / "pack1-die.pdf").read_bytes()


@pytest.mark.parametrize(("bleed", "mm_"), [("5mm", 5.0), ("0.125in", 3.175), ("0", 0.0)])
def test_the_shop_bleed_is_a_choice_for_the_shop_file_and_its_die(runner, tmp_path, bleed,
                                                                  mm_):
    """Issue 43: shops ask for 3 mm, 1/8 in, 5 mm...; --bleed sets it, in both files, and
    the crop marks and page grow with it (BleedBox to TrimBox, to 0.01 mm)."""
    result = runner.invoke(cli, ["shop", "--only", "pack1", "--die", "--bleed", bleed,
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for name in ("pack1-shop.pdf", "pack1-die.pdf"):
        with pikepdf.open(tmp_path / name) as pdf:
            for page in pdf.pages:
                trim, bleed_box = mm(page.TrimBox), mm(page.BleedBox)
                assert [t - b for t, b in zip(trim[:2], bleed_box[:2])] == pytest.approx(
                    [mm_, mm_], abs=0.01), name
                assert [b - t for t, b in zip(trim[2:], bleed_box[2:])] == pytest.approx(
                    [mm_, mm_], abs=0.01), name


def test_builds_bleed_with_shop_points_to_the_shop_option(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--shop", "--bleed", "3mm", "--only", "pack1",
                                 "--out", str(tmp_path)])
    assert result.exit_code != 0
    assert "use 'opencards shop --bleed LEN'" in result.output
    assert not list(tmp_path.iterdir())
