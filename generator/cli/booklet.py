"""``opencards booklet``: the rule booklet as a PDF. A thin shell over
:mod:`generator.docs.booklet.build`."""
from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import click

from ..model import limits
from .common import Length, library
from ..docs.booklet.build import IMPOSITIONS, PAPERS, Made, make_booklet, write_booklet
from ..docs.booklet.contact import contact_png
from ..io.output import atomic_write, prepare_parent
from ..io.booklets import LANGUAGES
from ..errors import NotFoundError, OutputError
from ..io.templates import Library
from ..sheets.kit import Built


#: What the default ``opencards build`` adds to the kit's items.
DEFAULT_BOOKLETS = ("booklet-en",)
PREFIX = "booklet-"


def split_booklets(items: Sequence[str]) -> tuple[list[str], list[str]]:
    """The kit's items and the languages of the booklets among *items* (``booklet-ru``).

    :raises: :exc:`NotFoundError` for ``booklet-xx`` in a language without a booklet.
    """
    kit = [name for name in items if not name.startswith(PREFIX)]
    langs = [name.removeprefix(PREFIX) for name in items if name.startswith(PREFIX)]
    for lang in langs:
        if lang not in LANGUAGES:
            known = ", ".join(PREFIX + code for code in LANGUAGES)
            raise NotFoundError(f"no booklet {PREFIX + lang!r}; expected one of {known}")
    return kit, langs


def make_booklets(library: Library, langs: Sequence[str]) -> list[Made]:
    """The booklets ``build`` adds, on their own paper (A5), drawn before anything is
    written."""
    return [make_booklet(library, lang) for lang in dict.fromkeys(langs)]


def write_booklets(made: Sequence[Made], out_dir: Path) -> list[Built]:
    built = []
    for booklet_made in made:
        # Sizes from the bytes: inside build's staging the files are not in place yet.
        sizes = [len(booklet_made.pdf)] + ([len(booklet_made.saddle)]
                                           if booklet_made.saddle is not None else [])
        for path, size in zip(write_booklet(booklet_made, out_dir), sizes):
            built.append(Built(path, len(booklet_made.pages), size))
    return built


@click.command()
@click.argument("games", nargs=-1)
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True)
@click.option("--paper", type=click.Choice(PAPERS), default="a5", show_default=True,
              help="The booklet's page size.")
@click.option("--imposition", type=click.Choice(IMPOSITIONS), default="none",
              show_default=True,
              help="saddle: also write the pages 2-up for duplex printing (flip on the short "
                   "edge), folding and stapling.")
@click.option("--creep", type=Length(limits.CREEP), default="0mm", show_default=True,
              help="With --imposition saddle: how far the innermost sheet's pages move toward "
                   "the fold, for thick booklets.")
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("output"),
              show_default=True)
@click.option("--contact-sheet", "sheet", type=click.Path(path_type=Path), default=None,
              help="Also draw the first pages side by side as a PNG (docs/booklet.png).")
@click.pass_context
def booklet(ctx: click.Context, games: tuple[str, ...], lang: str, paper: str,
            imposition: str, creep: float, out_dir: Path, sheet: Path | None) -> None:
    """Write the rule booklet OUT/booklet-LANG.pdf for GAMES (default: the booklet's own
    selection). Every figure's layout and every worked example is checked by the rule
    engine first."""
    if sheet is not None:
        # Before the booklet is written: a contact sheet that cannot be, fails the run
        # with nothing written.
        if sheet.suffix.lower() != ".png":
            raise OutputError(f"{sheet}: --contact-sheet writes a PNG; expected a file "
                              f"name ending in .png, got {sheet.suffix or 'no suffix'!r}")
        if os.path.abspath(sheet) == os.path.abspath(out_dir):
            raise OutputError(f"{sheet}: --contact-sheet names the --out folder; expected "
                              "a .png file")
        prepare_parent(sheet, "--contact-sheet", create=False)
    made = make_booklet(library(ctx), lang, games,
                        paper=paper, imposition=imposition, creep=creep)
    contact = contact_png(made.pages) if sheet is not None else None
    for path in write_booklet(made, out_dir):
        click.echo(f"wrote {path}")
    if sheet is not None and contact is not None:
        prepare_parent(sheet, "--contact-sheet")
        click.echo(f"wrote {atomic_write(sheet, contact)}")
    # Chapters named on the command line count even without a game template (Ass, the
    # patiences); otherwise the default selection's game chapters.
    games_count = len(games) if games else len(made.booklet.games)
    click.echo(f"{len(made.pages)} pages, {len(made.figures)} figures, "
               f"{games_count} game{'s' if games_count != 1 else ''}")
