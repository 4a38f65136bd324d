"""``build --shop`` and ``export-cards --shop``: the options, and the runs they start. The
jobs are :func:`generator.app.make_shop_files` and :func:`generator.app.export_cards`."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..app import ExportOptions, ShopOptions, export_cards, make_shop_files
from ..app.options import Paper
from ..app.shop import size_note
from ..io.templates import Library
from ..model.units import Size
from .common import progress, summary


def shop_options(f: Any) -> Any:
    """``--shop``, ``--icc FILE`` and ``--overprint-black`` for ``build``."""
    f = click.option("--overprint-black", is_flag=True,
                     help="With --shop: solid black (text, frames) overprints the colours "
                          "under it instead of knocking them out, so a plate printed a "
                          "little off leaves no white rim round black.")(f)
    f = click.option("--icc", type=click.Path(exists=True, dir_okay=False, path_type=Path),
                     default=None, metavar="FILE",
                     help="With --shop: the CMYK output profile of your shop's printing "
                          "condition (default: the bundled FOGRA39 coated offset profile).")(f)
    f = click.option("--shop", is_flag=True,
                     help="Files for a print shop: NAME-shop.pdf, one card a page (face, "
                          "back, face, ...), 3 mm or 1/8 in bleed, crop marks in registration "
                          "colour, CMYK through an ICC profile, PDF/X-1a. Only --only, "
                          "--card-size (kept in mm, or a shop size by name: poker), "
                          "--paper (letter: 1/8 in bleed), --overprint-black and --out "
                          "apply; no booklet.")(f)
    return f


def export_shop_option(f: Any) -> Any:
    return click.option("--shop", is_flag=True,
                        help="PNGs as print shops take them: an sRGB profile embedded, "
                             "exact pixel sizes (--card-size poker with 1/8 in bleed: "
                             "825x1125 at 300 dpi).")(f)


def _named(card: Size | None) -> Size | None:
    """The card size as asked; a shop size (typed in inches or by name) is named on the
    terminal. Nothing is rounded: a size in mm stays in mm."""
    said = size_note(card)
    if said is not None:
        click.echo(said)
    return card


#: The build options a shop build takes; the others lay out home-printed sheets.
SHOP_TAKES = {"only", "out_dir", "card_size", "paper", "shop", "icc", "overprint_black"}


def build_for_shop(ctx: click.Context, lib: Library, items: Sequence[str],
                   booklets_named: bool, out_dir: Path, paper: Paper, card: Size | None,
                   shop: bool, icc: Path | None, overprint_black: bool = False) -> None:
    """The ``build --shop`` run. Rule booklets are left out: they have no shop file."""
    if not shop:
        raise click.UsageError("--icc needs --shop (it is the profile of the shop's files)"
                               if icc else "--overprint-black needs --shop (home sheets "
                               "print black as it is)")
    for param in ctx.command.params:
        if (param.name is not None and param.name not in SHOP_TAKES
                and ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE):
            # Typed on purpose, so better refused than quietly dropped.
            raise click.UsageError(f"{param.opts[0]} does not apply to --shop, whose files "
                                   "are single cards the shop lays out itself")
    if booklets_named:
        raise click.UsageError("rule booklets have no print-shop file: build them without "
                               "--shop")
    with progress("drawing") as bar:
        done: list[str] = []

        def step(name: str) -> None:
            done.append(name)
            bar(len(done), len(items))
        made = make_shop_files(lib, out_dir, ShopOptions(
            items=items, card=card, paper=paper, icc=icc, overprint_black=overprint_black),
            progress=step, note=click.echo)
    summary(made.written, out_dir)
    click.echo(f"{made.pdfx_version}, printing condition {made.condition} "
               f"({made.condition_description})")


def export_for_shop(lib: Library, only: Sequence[str], out_dir: Path, dpi: int,
                    card: Size | None, bleed: float) -> None:
    """The ``export-cards --shop`` run."""
    size = _named(card)
    with progress("exporting") as step:
        built = export_cards(lib, out_dir, ExportOptions(
            items=only, dpi=dpi, bleed=bleed, card=size, shop=True), progress=step)
    click.echo(f"wrote {len(built)} PNG files ({dpi} dpi, {bleed:g} mm bleed, sRGB) to "
               f"{out_dir / 'cards'}")
