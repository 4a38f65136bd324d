"""An installed opencards (a wheel, outside the checkout) finds its templates and fonts."""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from generator.io import resources

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # --no-build-isolation uses the hatchling from the test extras: no network needed.
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(out), str(ROOT)], check=True, capture_output=True)
    return next(out.glob("opencards-*.whl"))


def test_wheel_carries_templates_and_fonts(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in ROOT.glob("templates/**/*.toml"):
        assert f"generator/_data/{path.relative_to(ROOT).as_posix()}" in names
    assert any(n.startswith("generator/_data/fonts/") for n in names)
    assert "generator/py.typed" in names


def test_installed_wheel_runs_outside_the_checkout(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site)}
    result = subprocess.run([sys.executable, "-m", "generator", "list"], cwd=tmp_path,
                            env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "pack1" in result.stdout and "board-a" in result.stdout
    where = subprocess.run([sys.executable, "-c", "from generator.io import resources as r; "
                            "print(r.templates_dir())"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, check=True).stdout.strip()
    assert Path(where) == site / "generator" / "_data" / "templates"


def test_installed_wheel_imports_as_opencards(wheel, tmp_path):
    """The product's name is the Python name too (issue 44): an installed wheel loads a
    shipped layout through ``import opencards`` and prints its board."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site)}
    result = subprocess.run(
        [sys.executable, "-c", "import opencards; "
         "print(opencards.__file__); print(opencards.Position.from_layout('game1-demo'))"],
        cwd=tmp_path, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    where, *board = result.stdout.splitlines()
    assert Path(where) == site / "opencards" / "__init__.py"
    assert "(1R)^" in "\n".join(board) and board[-1] == "south to move"


def test_checkout_is_preferred():
    assert resources.templates_dir() == ROOT / "templates"
    assert resources.fonts_dir() == ROOT / "fonts"


def test_wheel_carries_the_cmyk_profile_and_its_licence(wheel):
    """build --shop's default profile ships with the licence that allows shipping it."""
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "generator/_data/icc/opencards-coated-fogra39l.icc" in names
    assert "generator/_data/icc/LICENSE" in names
