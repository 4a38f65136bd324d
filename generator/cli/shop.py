"""``opencards shop`` (and ``build --shop``, its alias) and ``export-cards --shop``: the
options, and the runs they start. The jobs are :func:`generator.app.make_shop_files` and
:func:`generator.app.export_cards`."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..app import ExportOptions, ShopOptions, export_cards, make_shop_files, split_booklets
from ..app.options import DEFAULT_ITEMS, Paper
from ..app.shop import preflight_file, size_note
from ..errors import PreflightError
from ..io.templates import Library
from ..model.units import Size
from ..model import limits
from .common import EnumChoice, Length, OutPath, library, progress, summary
from .sheet_options import CardSize

#: What ``build --shop`` says, on stderr and in its help.
ALIAS_NOTE = ("build --shop is an alias of 'opencards shop', which takes only the options "
              "a shop file has")

_OVERPRINT_HELP = ("solid black (text, frames) overprints the colours under it instead of "
                   "knocking them out, so a plate printed a little off leaves no white rim "
                   "round black.")
_ICC_HELP = ("the CMYK output profile of your shop's printing condition (default: the "
             "bundled FOGRA39 coated offset profile).")

_INK_LIMIT_HELP = ("the most total ink the preflight allows anywhere in the bleed area, "
                   "all four plates added, in percent (default 300; DriveThruCards asks "
                   "240).")


def shop_options(f: Any) -> Any:
    """``--shop``, ``--icc FILE`` and ``--overprint-black`` for ``build``."""
    f = click.option("--overprint-black", is_flag=True,
                     help=f"With --shop: {_OVERPRINT_HELP}")(f)
    f = click.option("--icc", type=click.Path(exists=True, dir_okay=False, path_type=Path),
                     default=None, metavar="FILE", help=f"With --shop: {_ICC_HELP}")(f)
    f = click.option("--shop", is_flag=True,
                     help="An alias of 'opencards shop', which takes only the options a "
                          "shop file has: files for a print shop instead of sheets. Of "
                          "build's options only --only, --card-size, --paper, --icc, "
                          "--overprint-black and --out apply; no booklet.")(f)
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


@click.command("shop")
@click.option("--only", "only", multiple=True, metavar="NAME",
              help="Make just this item's file (a pack, letter set, traditional pack or "
                   f"board); repeatable. Default: {', '.join(DEFAULT_ITEMS)}.")
@click.option("--out", "out_dir", type=OutPath(path_type=Path), default=Path("output"),
              show_default=True, help="Folder for the files (created if missing).")
@click.option("--card-size", type=CardSize(), default=None,
              help="Card size WIDTHxHEIGHT, kept as typed (25x50mm stays in mm), or a shop "
                   "size by name (poker: 2.5x3.5in) [default: [card] in "
                   "templates/settings.toml or a --templates folder's, a traditional pack "
                   "its own].")
@click.option("--paper", type=EnumChoice(Paper, case_sensitive=False),
              default="a4", show_default=True,
              help="letter: the shop works in inches, so the bleed is 1/8 in (else 3 mm, "
                   "or 1/8 in for a card sized in whole eighths of an inch).")
@click.option("--icc", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, metavar="FILE", help=_ICC_HELP[0].upper() + _ICC_HELP[1:])
@click.option("--overprint-black", is_flag=True, help=_OVERPRINT_HELP[0].upper() + _OVERPRINT_HELP[1:])
@click.option("--ink-limit", type=click.FloatRange(100, 400), default=None, metavar="PERCENT",
              help=f"For the preflight run on every file: {_INK_LIMIT_HELP}")
@click.option("--die", is_flag=True,
              help="Also NAME-die.pdf for each card item, for shops that ask for the cut "
                   "as its own file: page for page the shop file's size and boxes, the "
                   "cut in the spot colour CutContour, overprinting.")
@click.option("--bleed", type=Length(limits.BLEED), default=None,
              help="The bleed your shop asks for, e.g. 3mm, 5mm or 0.125in [default: 3 mm, "
                   "or 1/8 in with --paper letter or tabloid or for an inch size].")
@click.pass_context
def shop_command(ctx: click.Context, only: tuple[str, ...], out_dir: Path, card_size: Size | None,
         paper: Paper, icc: Path | None, overprint_black: bool,
         ink_limit: float | None, die: bool, bleed: float | None) -> None:
    """Files for a print shop: NAME-shop.pdf per item, one card a page (face, back, face,
    ...), 3 mm or 1/8 in bleed, crop marks in registration colour, CMYK through an ICC
    profile, PDF/X-1a. Rule booklets have no shop file. Every file is preflighted
    (see 'opencards preflight'); an error stops the build and nothing is written."""
    lib = library(ctx)
    items, langs = split_booklets(only or DEFAULT_ITEMS)
    if langs:
        raise click.UsageError("rule booklets have no print-shop file: build them with "
                               "'opencards build' or 'opencards booklet'")
    for name in items:
        lib.item(name)  # a misspelt name fails before anything is drawn
    run_shop(lib, items, out_dir, paper, card_size, icc, overprint_black,
             _ink_limit(ink_limit), die, bleed)


def build_for_shop(ctx: click.Context, lib: Library, items: Sequence[str],
                   booklets_named: bool, out_dir: Path, paper: Paper, card: Size | None,
                   shop: bool, icc: Path | None, overprint_black: bool = False) -> None:
    """The ``build --shop`` run, an alias of ``opencards shop``: the options of ``build``
    that lay out home-printed sheets are refused. Rule booklets are left out: they have
    no shop file."""
    if not shop:
        raise click.UsageError("--icc needs --shop (it is the profile of the shop's files)"
                               if icc else "--overprint-black needs --shop (home sheets "
                               "print black as it is)")
    # build's own --bleed is the home sheets' (2 mm): typed with --shop it is refused.
    taken = {p.name for p in shop_command.params} - {"die", "bleed"} | {"shop"}
    for param in ctx.command.params:
        if (param.name is not None and param.name not in taken
                and ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE):
            # Typed on purpose, so better refused than quietly dropped.
            if param.name == "bleed":
                raise click.UsageError("--bleed with --shop: build's --bleed is the home "
                                       "sheets'; use 'opencards shop --bleed LEN'")
            raise click.UsageError(f"{param.opts[0]} does not apply to --shop, whose files "
                                   "are single cards the shop lays out itself")
    if booklets_named:
        raise click.UsageError("rule booklets have no print-shop file: build them without "
                               "--shop")
    run_shop(lib, items, out_dir, paper, card, icc, overprint_black)
    # Once done, so that a mistake is still the one line on stderr.
    click.echo(f"note: {ALIAS_NOTE}", err=True)


def run_shop(lib: Library, items: Sequence[str], out_dir: Path, paper: Paper,
             card: Size | None, icc: Path | None, overprint_black: bool,
             ink_limit: float | None = None, die: bool = False,
             bleed: float | None = None) -> None:
    """Makes the shop files (and die files with *die*), preflights the shop files and
    prints what was written and for which condition; a preflight error lists every
    finding on stderr before the error."""
    with progress("drawing") as bar:
        done: list[str] = []

        def step(name: str) -> None:
            done.append(name)
            bar(len(done), len(items))
        try:
            made = make_shop_files(lib, out_dir, ShopOptions(
                items=items, card=card, paper=paper, icc=icc,
                overprint_black=overprint_black, ink_limit=ink_limit, die=die,
                bleed=bleed), progress=step, note=click.echo)
        except PreflightError as e:
            for finding in e.findings:
                click.echo(finding.line(), err=True)   # type: ignore[attr-defined]
            raise
    summary(made.written, out_dir)
    click.echo(f"{made.pdfx_version}, printing condition {made.condition} "
               f"({made.condition_description})")
    for warning in made.warnings:
        click.echo(warning.line(), err=True)
    click.echo(f"preflight: no error in {made.preflighted} file"
               f"{'s' if made.preflighted != 1 else ''}"
               + (f", {len(made.warnings)} warning{'s' if len(made.warnings) != 1 else ''}"
                  if made.warnings else ""))


def _ink_limit(percent: float | None) -> float | None:
    return None if percent is None else percent / 100


@click.command("preflight")
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--ink-limit", type=click.FloatRange(100, 400), default=None, metavar="PERCENT",
              help=_INK_LIMIT_HELP[0].upper() + _INK_LIMIT_HELP[1:])
def preflight_command(files: tuple[Path, ...], ink_limit: float | None) -> None:
    """Check PDF files as a print shop's preflight does: every resource a content stream or
    form uses declared, fonts embedded, CMYK, grey or spot colours only, no
    transparency, total ink under the limit
    (from pixels), TrimBox and BleedBox on every page, lines under 0.5 mm on one plate,
    a PDF/X output intent with an ICC v2 profile, image resolution. One line per finding
    (file, page, what, expected); exit 1 if any is an error. 'opencards shop' runs it on
    every file it makes."""
    failed = 0
    for path in files:
        findings = preflight_file(path, _ink_limit(ink_limit))
        for finding in findings:
            click.echo(finding.line())
        errors = sum(1 for f in findings if f.severity == "error")
        warnings = len(findings) - errors
        failed += errors
        click.echo(f"{findings[0].file if findings else path}: "
                   + (f"{errors} error{'s' if errors != 1 else ''}" if errors else "passed")
                   + (f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else ""))
    if failed:
        raise SystemExit(1)


def export_for_shop(lib: Library, only: Sequence[str], out_dir: Path, dpi: int,
                    card: Size | None, bleed: float) -> None:
    """The ``export-cards --shop`` run."""
    size = _named(card)
    with progress("exporting") as step:
        built = export_cards(lib, out_dir, ExportOptions(
            items=only, dpi=dpi, bleed=bleed, card=size, shop=True), progress=step)
    click.echo(f"wrote {len(built)} PNG files ({dpi} dpi, {bleed:g} mm bleed, sRGB) to "
               f"{out_dir / 'cards'}")
