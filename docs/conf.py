"""Sphinx configuration of the opencards documentation site.

Build it with ``sphinx-build -W -b html docs OUTDIR`` (warnings are errors);
``tests/test_docs.py`` does that in the test suite. Nothing is downloaded while building:
intersphinx is not used.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator import __version__  # noqa: E402

project = "opencards"
author = "the opencards authors"
copyright = "the opencards authors"
version = release = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx_click",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]
# Anchors for '## ' and '### ' headings, so pages can link to page.md#a-heading.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"

html_theme = "furo"
html_title = f"opencards {__version__}"


def _load_every_command() -> None:
    """Import the lazy commands (generator/cli/lazy.py) so that sphinx-click, which reads a
    group's ``commands`` table, lists every command and subcommand, not just the eager ones."""
    import click

    from generator.cli import cli

    def load(group: click.Group) -> None:
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            if isinstance(command, click.Group):
                load(command)

    load(cli)


_load_every_command()
