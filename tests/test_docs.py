"""The documentation site in docs/ builds without a warning, lists every command and the
public API, and writes nothing into the source tree (issue 28)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pytest

from generator.cli import cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _tree(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site as CI builds it: HTML, warnings as errors, output and doctrees in a
    temporary folder. About 3 s."""
    out = tmp_path_factory.mktemp("site")
    before = _tree(DOCS)
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         "-d", str(out / "doctrees"), str(DOCS), str(out / "html")],
        capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert _tree(DOCS) == before, "the docs build wrote into docs/"
    return out / "html"


def _command_paths(group: click.Group, prefix: str) -> list[str]:
    """Every command and subcommand as 'opencards patience deal', lazy ones included."""
    ctx = click.Context(group)
    paths = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        paths.append(f"{prefix} {name}")
        if isinstance(command, click.Group):
            paths += _command_paths(command, f"{prefix} {name}")
    return paths


def test_the_site_builds_without_warnings(site):
    for page in ["index", "printing", "figures", "booklets", "games", "rule-engine",
                 "patiences-and-ass", "sources", "templates", "architecture", "performance", "cli",
                 "api"]:
        assert (site / f"{page}.html").is_file(), page


def test_the_cli_reference_lists_every_command(site):
    """sphinx-click reads a group's command table; the lazy commands
    (generator/cli/lazy.py) must be there too, with their subcommands."""
    page = (site / "cli.html").read_text(encoding="utf-8")
    paths = _command_paths(cli, "opencards")
    assert len(paths) > 15
    missing = [path for path in paths if f'id="{path.replace(" ", "-")}"' not in page]
    assert missing == [], f"not in the generated CLI reference: {missing}"


def test_the_api_page_documents_the_public_api(site):
    page = (site / "api.html").read_text(encoding="utf-8")
    for name in ["generator.rules.Position", "generator.errors.IllegalMoveError",
                 "generator.errors.ReasonCode", "generator.docs.diagram.figure_page"]:
        assert f'id="{name}"' in page, name
    assert 'id="module-generator.rules.position"' in page
