"""``build --shop`` and ``export-cards --shop``: the options, and the runs they start. The
files themselves are made by :mod:`generator.sheets.shop`."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..draw.geometry import Size
from ..io.templates import Library
from .common import progress, summary

# The shop modules (pikepdf, littleCMS) are imported by the runs below, not here: every
# command's start-up would pay for them otherwise.


def shop_options(f: Any) -> Any:
    """``--shop`` and ``--icc FILE`` for ``build``."""
    f = click.option("--icc", type=click.Path(exists=True, dir_okay=False, path_type=Path),
                     default=None, metavar="FILE",
                     help="With --shop: the CMYK output profile of your shop's printing "
                          "condition (default: the bundled FOGRA39 coated offset profile).")(f)
    f = click.option("--shop", is_flag=True,
                     help="Files for a print shop: NAME-shop.pdf, one card a page (face, "
                          "back, face, ...), 3 mm or 1/8 in bleed, crop marks in registration "
                          "colour, CMYK through an ICC profile, PDF/X-1a. Only --only, "
                          "--card-size (rounded to a shop size), --paper (letter: 1/8 in "
                          "bleed) and --out apply; no booklet.")(f)
    return f


def export_shop_option(f: Any) -> Any:
    return click.option("--shop", is_flag=True,
                        help="PNGs as print shops take them: an sRGB profile embedded, "
                             "exact pixel sizes (poker with 1/8 in bleed: 825x1125 at 300 "
                             "dpi); --card-size rounds to the nearest shop size.")(f)


def _rounded(card: Size | None) -> Size | None:
    """The card size rounded to a shop size, said on the terminal when it changes."""
    from ..sheets.shop import shop_size
    if card is None:
        return None
    size, name = shop_size(card)
    if name is not None and size != card:
        click.echo(f"card size {card} rounded to the shop's {name} size {size} "
                   f"({size.width / 25.4:g} x {size.height / 25.4:g} in)")
    return size


#: The build options a shop build takes; the others lay out home-printed sheets.
SHOP_TAKES = {"only", "out_dir", "card_size", "paper", "shop", "icc"}


def build_for_shop(ctx: click.Context, lib: Library, items: Sequence[str],
                   booklets_named: bool, out_dir: Path, paper: str, card: Size | None,
                   shop: bool, icc: Path | None) -> None:
    """The ``build --shop`` run. Rule booklets are left out: they have no shop file."""
    from ..draw.backends.colour import default_profile, load_profile
    from ..draw.backends.pdfx import PDFX_VERSION
    from ..sheets.shop import build_shop
    if not shop:
        raise click.UsageError("--icc needs --shop (it is the profile of the shop's files)")
    for param in ctx.command.params:
        if (param.name is not None and param.name not in SHOP_TAKES
                and ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE):
            # Typed on purpose, so better refused than quietly dropped.
            raise click.UsageError(f"{param.opts[0]} does not apply to --shop, whose files "
                                   "are single cards the shop lays out itself")
    if booklets_named:
        raise click.UsageError("rule booklets have no print-shop file: build them without "
                               "--shop")
    profile = load_profile(icc) if icc is not None else default_profile()
    size = _rounded(card)
    with progress("drawing") as bar:
        done: list[str] = []

        def step(name: str) -> None:
            done.append(name)
            bar(len(done), len(items))
        built = build_shop(lib, out_dir, profile, items=items, card=size, paper=paper,
                           progress=step)
    summary(built, out_dir)
    click.echo(f"{PDFX_VERSION}, printing condition {profile.identifier} "
               f"({profile.description})")


def export_for_shop(lib: Library, only: Sequence[str], out_dir: Path, dpi: int,
                    card: Size | None, bleed: float) -> None:
    """The ``export-cards --shop`` run."""
    from ..sheets.shop import export_shop_cards
    size = _rounded(card)
    with progress("exporting") as step:
        built = export_shop_cards(lib, out_dir, items=only, dpi=dpi, card=size, bleed=bleed,
                                  progress=step)
    click.echo(f"wrote {len(built)} PNG files ({dpi} dpi, {bleed:g} mm bleed, sRGB) to "
               f"{out_dir / 'cards'}")
