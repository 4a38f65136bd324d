"""Start-up: the CLI imports a command's module, and the drawing libraries, only when that
command runs, so `opencards --version` or `--help` does not pay for all of them."""
from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from generator.cli import cli

HEAVY = ("reportlab", "svgwrite", "PIL", "fontTools", "wordfreq", "pyphen", "pypdfium2")


def _loaded_after(code: str) -> dict:
    """Runs *code* in a fresh interpreter; returns which heavy libraries it loaded."""
    probe = (f"import sys\n{code}\n"
             f"import json\nprint(json.dumps({{h: h in sys.modules for h in {HEAVY!r}}}))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def _run_cli(*args: str) -> str:
    return ("from generator.cli import cli\n"
            f"try:\n    cli({list(args)!r}, prog_name='opencards')\n"
            "except SystemExit as e:\n    assert e.code == 0, e.code\n")


@pytest.mark.parametrize("code", [
    "import generator.cli",
    _run_cli("--version"),
    _run_cli("--help"),
], ids=["import", "version", "help"])
def test_start_up_loads_no_drawing_library(code):
    assert _loaded_after(code) == {h: False for h in HEAVY}


def test_a_command_still_loads_what_it_uses():
    """The guard above must be able to fail: a command that draws does load them."""
    loaded = _loaded_after(
        "from generator.cli import cli\n"
        "from generator.draw.backends import pdf, svg\n"
        "from generator.draw.scene import Page, Text\n"
        "page = Page(20, 20, (Text(2, 10, 'A', 5, '#000000'),))\n"
        "pdf.render([page])\n"
        "svg.render(page)")   # SVG text is drawn as glyph outlines, through fontTools
    assert loaded["reportlab"] and loaded["fontTools"] and loaded["svgwrite"]


def test_help_lists_every_command_with_its_own_short_help():
    ctx = click.Context(cli)
    help_text = CliRunner().invoke(cli, ["--help"]).output
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        assert command is not None, name
        assert f"  {name} " in help_text, name
        if name in cli.lazy:
            # The table's copy of the help is what --help shows before the module loads.
            assert cli.lazy[name].short_help == command.get_short_help_str(limit=10_000), name


def test_every_lazy_command_runs():
    runner = CliRunner()
    for name in cli.lazy:
        result = runner.invoke(cli, [name, "--help"], prog_name="opencards")
        assert result.exit_code == 0, (name, result.output)
        assert f"Usage: opencards {name}" in result.output


def test_rules_subcommands_from_other_modules_are_there():
    result = CliRunner().invoke(cli, ["rules", "--help"])
    for sub in ("play", "lay", "solve", "deal"):
        assert f"  {sub} " in result.output, sub


def test_an_unknown_command_is_still_one_line():
    result = CliRunner().invoke(cli, ["valdiate"])
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1].startswith("Error: No such command")


def test_the_package_metadata_is_read_only_for_the_version():
    """importlib.metadata costs about 50 ms a start; only --version needs it."""
    probe = ("import sys\nfrom generator.cli import cli\n"
             "before = 'importlib.metadata' in sys.modules\n"
             "from generator import __version__\n"
             "print(before, 'importlib.metadata' in sys.modules, __version__)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[:2] == ["False", "True"] and out[2] != "0+unknown"


#: The package's parts a build of kit items does not use: the rule engine, the patience
#: and Ass engines, the booklet's typesetter and the figure code (issue 41: they were a
#: sixth of the kit build's start-up; docs/performance.md).
UNUSED_BY_THE_KIT = ("generator.rules", "generator.patience", "generator.ass",
                     "generator.docs.booklet", "generator.docs.diagram",
                     "generator.app.booklet", "generator.app.figure")


def _parts_loaded(tmp_path, *args: str) -> list[str]:
    probe = (_run_cli(*args) + "import sys\n"
             f"print([m for m in {UNUSED_BY_THE_KIT!r} if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, cwd=tmp_path).stdout
    return json.loads(out.strip().splitlines()[-1].replace("'", '"'))


def test_a_build_of_kit_items_loads_no_engine_nor_the_booklet_code(tmp_path):
    assert _parts_loaded(tmp_path, "build", "--only", "pack1", "--out", "out") == []
    # The guard can fail: the booklet command loads the typesetter.
    assert "generator.docs.booklet" in _parts_loaded(tmp_path, "booklet", "--help")
