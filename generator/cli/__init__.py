"""The ``opencards`` command: a thin shell over functions users can import."""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from .common import EnumChoice, Integer, Length, OutPath, library, plural, progress, summary
from .lazy import LazyGroup
from .stdout import guard as guard_stdout
# The other jobs are imported in their commands: each loads its own part of the package.
from ..app import KitOptions, build_kit, default_items, split_booklets
from ..app.options import (DEFAULT_ITEMS, LANGUAGES, RENDER_FORMATS, Backs, CutFormat,
                           CutterMarks, Flip, Marks, Orientation, Paper)
from ..model.units import Size
from ..errors import GeneratorError, one_line
from ..model import limits
from ..io.templates import TemplateKind
from .shop import build_for_shop, export_for_shop, export_shop_option, shop_options
from .sheet_options import (CardSize, Sheets, applied, profiled, sheet_options,
                            sheet_spec)


class _OneLineErrors(LazyGroup):
    """Shows every user mistake, click's own included, as one line on stderr with exit 1.

    Anything else is a bug and keeps its traceback. Ctrl-C is not a mistake: it prints
    ``Aborted.`` and exits with 130, the shell's code for a process stopped by SIGINT.
    """

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            # Here rather than in click's own handler, which prints an empty line first;
            # staged output has been removed on the way up.
            _interrupted()

    def main(self, args: Any = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.Abort as e:
            if isinstance(e.__cause__, KeyboardInterrupt):  # Ctrl-C while parsing options
                _interrupted()
            click.echo("Error: aborted", err=True)
            sys.exit(1)
        except click.ClickException as e:
            message = e.format_message()
            if isinstance(e, click.UsageError) and e.ctx is not None:
                message += f" (see '{e.ctx.command_path} --help')"
            click.echo(f"Error: {one_line(message)}", err=True)
            sys.exit(1)
        except GeneratorError as e:
            click.echo(f"Error: {one_line(str(e))}", err=True)
            sys.exit(e.exit_code)
        if not standalone_mode:
            return rv
        sys.exit(rv if isinstance(rv, int) else 0)


#: What Ctrl-C prints (also in ``generator/__main__.py``, for one during start-up), and
#: the exit code 128 + SIGINT that shells report for an interrupted command.
INTERRUPTED, INTERRUPTED_EXIT = "Aborted.", 130


def _interrupted() -> NoReturn:
    click.echo(INTERRUPTED, err=True)
    sys.exit(INTERRUPTED_EXIT)


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    # click's version_option wants the version when the command is declared; reading it
    # costs a start-up of every command, so it is read only when asked for.
    if not value or ctx.resilient_parsing:
        return
    from .. import __version__
    click.echo(f"opencards, version {__version__}")
    ctx.exit()


def _folders_only(_ctx: click.Context, param: click.Parameter, value: tuple[Path, ...]
                  ) -> tuple[Path, ...]:
    # click's file_okay=False refuses regular files only: /dev/null or a FIFO would pass
    # and be searched as an empty folder.
    for path in value:
        if not path.is_dir():
            raise click.BadParameter(f"expected a folder of templates, got {str(path)!r}, "
                                     "which is not a folder", param=param)
    return value


@click.group(cls=_OneLineErrors)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_show_version, help="Show the version and exit.")
@click.option("--templates", "template_dirs", multiple=True, callback=_folders_only,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="A folder of your own templates (packs/, letters/, boards/, layouts/, "
                   "games/, traditional/, settings.toml), searched before the shipped ones. "
                   "May be given more than once.")
@click.pass_context
def cli(ctx: click.Context, template_dirs: tuple[Path, ...]) -> None:
    """Print-ready open playing cards, letter cards and boards."""
    ctx.obj = {"templates": list(template_dirs)}


def _natural(name: str) -> list[str | int]:
    """A sort key that puts basic-4 before basic-18: runs of digits compare as numbers."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


@cli.command("list")
@click.pass_context
def list_command(ctx: click.Context) -> None:
    """List the packs, letter sets, boards, layouts, games and patiences that are
    available. A template that does not load is named on stderr, one line each, after the
    rest are listed (exit code 1); a loop of symbolic links is one line, naming its files."""
    from ..io.reader import display_path, link_loop
    from ..patience import PATIENCES  # here: it loads the patience engine
    lib = library(ctx)
    width = max(len(n) for kind in TemplateKind for n in (*lib.names(kind), *PATIENCES))
    broken: list[str] = []
    # A loop of links is one mistake however many of its files are templates: one line.
    loops: dict[frozenset[str], list[str]] = {}
    for kind in TemplateKind:
        click.echo(f"{kind.heading}:")
        files = lib.files(kind)
        for name in sorted(files, key=_natural):
            try:
                title = lib.get(kind, name).title
            except GeneratorError as e:
                loop = link_loop(files[name])
                if loop is None:
                    broken.append(str(e))
                elif loop not in loops:
                    loops[loop] = [display_path(files[name])]
                    broken.append("")   # its place among the lines, filled in below
                else:
                    loops[loop].append(display_path(files[name]))
                continue
            click.echo(f"  {name:<{width}}  {title}")
    told = iter(loops.values())
    broken = [line or _loop_line(next(told)) for line in broken]
    click.echo("patiences (opencards patience deal NAME --seed N):")
    for name, kind_of in PATIENCES.items():
        click.echo(f"  {name:<{width}}  {kind_of.title}")
    click.echo(f"sizes: card {lib.settings().card}, square {lib.settings().square}")
    for line in broken:
        click.echo(f"Error: {line}", err=True)
    if broken:
        ctx.exit(1)


def _loop_line(files: list[str]) -> str:
    """The one line of a loop of symbolic links, naming each template file in it."""
    if len(files) == 1:
        return f"{files[0]}: expected a readable file, got a loop of symbolic links"
    return (f"{', '.join(files)}: expected readable files, got one loop of symbolic links "
            f"(each leads to the next)")


@cli.command()
@click.argument("name")
@click.pass_context
def show(ctx: click.Context, name: str) -> None:
    """Show one template as text: a pack's cards with groups and markings, a letter set,
    a board or a layout. NAME is a name from 'opencards list' or a path to a .toml file."""
    from .show import patience_text, template_text  # here: it loads the rule engine
    lib = library(ctx)
    if not name.endswith(".toml") and not any(name in lib.files(kind) for kind in TemplateKind):
        from ..patience import PATIENCES
        if name in PATIENCES:
            click.echo(patience_text(name))
            return
    click.echo(template_text(lib.find(name), lib))


@cli.command()
@click.argument("name")
@click.option("--format", "fmt", type=click.Choice(RENDER_FORMATS), default="png",
              show_default=True,
              help="File format of each card or board image.")
@click.option("--out", "out_dir", type=OutPath(path_type=Path), default=Path("output"),
              show_default=True, help="Folder to write into (created if missing).")
@click.option("--dpi", type=Integer(30, 1200), default=300, show_default=True,
              help="Resolution of PNG files.")
@click.option("--bleed", type=Length(limits.BLEED), default="0mm", show_default=True,
              help="Art extended past the trim on every side, e.g. 2mm or 0.125in.")
@click.pass_context
def render(ctx: click.Context, name: str, fmt: str, out_dir: Path, dpi: int,
           bleed: float) -> None:
    """Draw every card face and back of a pack or letter set, or a board, one file each.

    NAME is a pack, letter set or board from 'opencards list'."""
    from ..app import RenderOptions, render as render_files
    with progress(f"{name} -> {fmt}") as step:
        written = render_files(library(ctx), name, out_dir,
                               RenderOptions(fmt=fmt, dpi=dpi, bleed=bleed), progress=step)
    click.echo(f"wrote {plural(len(written), fmt.upper() + ' file')} to {out_dir}")


@cli.command()
@click.option("--out", "out_file", type=OutPath(path_type=Path, dir_okay=False),
              default=Path("output/preview.png"), show_default=True,
              help="The PNG file to write.")
@click.option("--dpi", type=Integer(30, 600), default=100, show_default=True,
              help="Resolution of the PNG, in dots per inch.")
@click.pass_context
def preview(ctx: click.Context, out_file: Path, dpi: int) -> None:
    """Draw a contact sheet: one card of every pack and letter set, face over back, and
    both boards."""
    from ..app import preview as write_preview
    click.echo(f"wrote {write_preview(library(ctx), out_file, dpi=dpi)}")


@cli.command("build")
@sheet_options
@click.option("--only", "only", multiple=True, metavar="NAME",
              help="Build just this item (a pack, letter set, board, or booklet-en / "
                   "booklet-ru); repeatable. "
                   f"Default: {', '.join((*DEFAULT_ITEMS, 'booklet-en'))}.")
@click.option("--lang", type=click.Choice(LANGUAGES, case_sensitive=False), default=None,
              help="The language of the rule booklet the build adds (booklet-LANG.pdf) "
                   "[default: en]. With --only, name the booklet there instead "
                   "(--only booklet-ru).")
@click.option("--out", "out_dir", type=OutPath(path_type=Path), default=Path("output"),
              show_default=True, help="Folder for the PDFs (created if missing).")
@click.option("--card-size", type=CardSize(), default=None,
              help="Card size WIDTHxHEIGHT, e.g. 25x50mm [default: [card] in "
                   "templates/settings.toml, 25x50mm, or in a --templates folder's "
                   "settings.toml].")
@click.option("--bleed", type=Length(limits.BLEED), default="2mm", show_default=True,
              help="Art extended past the cut on the outer edges (0 allowed).")
@click.option("--backs", type=EnumChoice(Backs), default="duplex",
              show_default=True,
              help="duplex: backs on the reverse of each sheet; glue: backs on their own "
                   "sheet to glue on, with pin-hole marks; fronts-only / backs-only: the "
                   "two sides as two files, for a duplex by hand; fold: each back beside "
                   "its face, to fold behind it (no registration).")
@click.option("--gap", type=Length(limits.GAP), default="0mm", show_default=True,
              help="Space between cards; each card's art runs into half of it (the inner "
                   "bleed), so a cut a little off shows no white and not the neighbour.")
@click.option("--marks", type=EnumChoice(Marks), default="crop",
              show_default=True,
              help="Cutting guides: crop marks at the ends of every cut; corners: short "
                   "ticks close to the bleed (fits more cards, e.g. nine 63x88mm on A4); "
                   "lines: every cut drawn out to the printable edge.")
@click.option("--orientation", type=EnumChoice(Orientation),
              default="auto", show_default=True,
              help="Cards upright on the sheet, turned a quarter (as on landscape paper), "
                   "or auto: turned only when that needs fewer sheets.")
@click.option("--overlap", type=Length(limits.OVERLAP), default="6mm", show_default=True,
              help="Glue strip shared by neighbouring board pieces.")
@click.option("--cmyk", is_flag=True, help="Write colours as CMYK (for print shops).")
@click.option("--ink", "count_ink", is_flag=True,
              help="Add each file's ink estimate to the summary: the pages at 5% coverage "
                   "that cartridge yields are rated in (every page rasterised at 60 dpi, "
                   "about as long again as the drawing).")
@click.option("--cut", type=EnumChoice(CutFormat), default=None,
              help="Also write a cut file per card sheet (NAME-cut-N.svg or .dxf) for a "
                   "cutting machine: each card's outline with rounded corners, and print "
                   "its three registration marks on the fronts.")
@click.option("--cut-marks", type=EnumChoice(CutterMarks), default=None,
              help="The style of --cut's marks: silhouette (default: a square and two "
                   "L-brackets, Silhouette Studio's type 1) or squares (three filled 5 mm "
                   "squares).")
@click.option("--cut-mark-inset", type=Length(limits.CUTTER_INSET), default=None,
              help="Paper edge to --cut's marks, as Silhouette Studio's registration "
                   "\"Inset\" (default: 10 mm, or 5 mm where that fits more cards; the "
                   "sheet's note says which).")
@click.option("--cut-mark-length", type=Length(limits.CUTTER_LENGTH), default=None,
              help="The L-brackets' arm length, as Studio's registration \"Length\" "
                   "(default: 20 mm, or shorter, down to 6.7 mm, where that fits more cards).")
@click.option("--sheets", type=Sheets(), default=None, metavar="LIST",
              help="Reprint only these sheets of each item, e.g. 2,5-6 (as numbered on the "
                   "sheets); written as NAME-sheets-2,5-6.pdf, without the booklet unless "
                   "named with --only.")
@shop_options
@click.pass_context
def build_command(ctx: click.Context, paper: Paper, flip: Flip,
                  back_offset: tuple[float, float], back_rotate: float,
                  back_scale: tuple[float, float], margin: float,
                  margins: tuple[float, float, float, float] | None, printer: str | None,
                  only: tuple[str, ...], lang: str | None, out_dir: Path,
                  card_size: Size | None, bleed: float,
                  backs: Backs, gap: float, marks: Marks, orientation: Orientation,
                  overlap: float, cmyk: bool, count_ink: bool, cut: CutFormat | None,
                  cut_marks: CutterMarks | None, cut_mark_inset: float | None,
                  cut_mark_length: float | None,
                  sheets: frozenset[int] | None, shop: bool, icc: Path | None,
                  overprint_black: bool) -> None:
    """Build the print-ready kit: one PDF per pack, deck, letter set and board, kit.pdf
    with everything in printing order, and the rule booklet on A5 (on half-letter with
    --paper letter)."""
    lib = library(ctx)
    # Rule booklets (booklet-en, booklet-ru) are items too, printed on their own paper.
    if lang is not None and (only or sheets or shop or icc or overprint_black):
        raise click.UsageError(
            f"--lang chooses the booklet of a build of the whole kit; name it with --only "
            f"booklet-{lang}, or make it alone with 'opencards booklet --lang {lang}'")
    names = only or default_items(sheets, lang)
    if shop or icc or overprint_black:
        # Print-shop files: an alias of 'opencards shop', which does it all.
        items, langs = split_booklets(names)
        for name in items:
            lib.item(name)  # a misspelt name fails first, as in a build
        build_for_shop(ctx, lib, items, bool(only and langs), out_dir, paper, card_size,
                       shop, icc, overprint_black)
        return
    sheet = profiled(printer, paper=paper, flip=flip, back_offset=back_offset, margin=margin,
                      back_rotate=back_rotate, back_scale=back_scale, margins=margins)
    spec = sheet_spec(**sheet, bleed=bleed, backs=backs, gap=gap, marks=marks,
                 orientation=orientation)
    options = KitOptions(items=names, spec=spec, card=card_size, cmyk=cmyk, overlap=overlap,
                         sheets=sheets, count_ink=count_ink, cut=cut,
                         cut_marks=cut_marks, cut_mark_inset=cut_mark_inset,
                         cut_mark_length=cut_mark_length)
    kit_items = split_booklets(names)[0]
    with progress("drawing") as bar:
        done: list[str] = []

        def step(name: str) -> None:
            # The lib has checked every name by the first call: the bar opens then.
            done.append(name)
            bar(len(done), len(kit_items))
        built = build_kit(lib, out_dir, options, progress=step)
    _say_profile(printer)
    summary(built, out_dir)


def _say_profile(printer: str | None) -> None:
    """One line naming the printer profile applied and what it set, so a build that
    used a profile says so; nothing without one."""
    line = applied(printer)
    if line is not None:
        click.echo(line)


@cli.command("calibrate")
@sheet_options
@click.option("--out", "out_dir", type=OutPath(path_type=Path), default=Path("output"),
              show_default=True,
              help="Folder for the test sheet calibration-PAPER-FLIP.pdf (created if "
                   "missing).")
@click.option("--read", "readings", metavar='"TL=X,Y TR=X,Y BL=X,Y BR=X,Y [C=X,Y]"',
              help="What you read off the printed sheet at each place (a fine scale's "
                   "MARK:TICK, or whole mm off the coarse grid): instead of writing a sheet, "
                   "print the options that correct your printer, or the second sheet to "
                   "make. Give it the options the sheet was made with.")
def calibrate_command(paper: Paper, flip: Flip, back_offset: tuple[float, float],
                      back_rotate: float, back_scale: tuple[float, float], margin: float,
                      margins: tuple[float, float, float, float] | None,
                      printer: str | None, out_dir: Path, readings: str | None) -> None:
    """Write a one-sheet duplex test page with a coarse grid and two vernier scales at five
    places: print it, hold it to the light and read them; then run it again with --read
    (and the options the sheet was made with) to get the --back-offset, --back-rotate and
    --back-scale for your printer. A printer more than 2 mm off reads the grids first and
    makes a second sheet with the rough correction they give."""
    from ..app import calibrate, next_step, read_calibration
    spec = sheet_spec(**profiled(printer, paper=paper, flip=flip, back_offset=back_offset,
                             margin=margin, back_rotate=back_rotate, back_scale=back_scale,
                             margins=margins))
    if readings is not None:
        for line in read_calibration(spec, readings):
            click.echo(line)
        return
    built = calibrate(out_dir, spec)
    _say_profile(printer)
    summary([built], out_dir)
    click.echo(f"print it duplex at 100%, read the five places, then run: {next_step(spec)}")


@cli.command("export-cards")
@click.option("--only", "only", multiple=True, metavar="NAME",
              help="Export just this pack or letter set; repeatable.")
@click.option("--out", "out_dir", type=OutPath(path_type=Path), default=Path("output"),
              show_default=True,
              help="Folder to write into: the PNGs go in OUT/cards/NAME/ (created if "
                   "missing).")
@click.option("--dpi", type=Integer(72, 1200), default=300, show_default=True,
              help="Resolution of the PNGs, in dots per inch.")
@click.option("--bleed", type=Length(limits.BLEED), default="0.125in", show_default=True,
              help="Bleed on every side, as print shops ask (1/8 in = 3.175 mm).")
@click.option("--card-size", type=CardSize(), default=None,
              help="Card size WIDTHxHEIGHT, e.g. 25x50mm, or a shop size by name (poker: "
                   "2.5x3.5in) [default: [card] in "
                   "templates/settings.toml or a --templates folder's, a traditional pack "
                   "its own].")
@export_shop_option
@click.pass_context
def export_cards_command(ctx: click.Context, only: tuple[str, ...], out_dir: Path, dpi: int,
                         bleed: float, card_size: Size | None, shop: bool) -> None:
    """Write every card face and back as a PNG with bleed, for print-on-demand upload
    (OUT/cards/NAME/NAME-1R-face.png)."""
    from ..app import ExportOptions, export_cards
    if shop:
        export_for_shop(library(ctx), only, out_dir, dpi, card_size, bleed)
        return
    with progress("exporting") as step:
        built = export_cards(library(ctx), out_dir, ExportOptions(
            items=only, dpi=dpi, bleed=bleed, card=card_size), progress=step)
    click.echo(f"wrote {len(built)} PNG files ({dpi} dpi, {bleed:g} mm bleed) to "
               f"{out_dir / 'cards'}")


def main() -> None:
    guard_stdout()
    cli(prog_name="opencards")


# The commands in their own modules, imported only when one runs or shows its own help
# (see .lazy): "name", "module:command", and the short help 'opencards --help' lists.
cli.add_lazy("validate", "generator.cli.rules:validate",
             "Check a layout against a game's rules and list every problem with its square.")
cli.add_lazy("rules", "generator.cli.rules:rules",
             "Quick questions to the rule engine: who beats whom, which combinations, "
             "moves, words.",
             # rules play, lay, solve and deal add themselves to the rules group.
             also=("generator.cli.play", "generator.cli.solve"))
cli.add_lazy("ass", "generator.cli.ass:ass",
             "Ass, the trick game of the 36-card pack: tricks, legal plays, scores.")
cli.add_lazy("figure", "generator.cli.figure:figure",
             "Draw LAYOUT (a shipped layout's name, a .toml file, or - for standard input) "
             "as a figure: the cards "
             "on their squares, with annotations from the options and the layout's "
             "[figure] table.")
cli.add_lazy("gallery", "generator.cli.figure:gallery",
             "Draw the figures gallery from the shipped example layouts.")
cli.add_lazy("booklet", "generator.cli.booklet:booklet",
             "Write the rule booklet OUT/booklet-LANG.pdf for GAMES (default: the "
             "booklet's own selection).")
cli.add_lazy("shop", "generator.cli.shop:shop_command",
             "Files for a print shop: NAME-shop.pdf per item, one card a page (face, back, "
             "face, ...), 3 mm or 1/8 in bleed, crop marks in registration colour, CMYK "
             "through an ICC profile, PDF/X-1a.")
cli.add_lazy("preflight", "generator.cli.shop:preflight_command",
             "Check PDF files as a print shop's preflight does: every resource a content "
             "stream or form uses declared, fonts embedded, CMYK, grey or spot colours "
             "only, no transparency, total ink under the limit (from pixels), TrimBox and BleedBox on every page, lines under "
             "0.5 mm on one plate, a PDF/X output intent with an ICC v2 profile, image "
             "resolution.")
cli.add_lazy("printer", "generator.cli.printer:printer",
             "Printer profiles: the paper, flip, margins and back correction that suit one "
             "printer, saved by name, for 'build --printer NAME' and 'calibrate --printer "
             "NAME'.")
cli.add_lazy("serve", "generator.cli.serve:serve",
             "Start the board editor in the browser: set up a position, play it with the "
             "rules, export the figure.")
cli.add_lazy("patience", "generator.cli.patience:patience",
             "Cadogan's patiences: nivernaise, empress-of-india, besieged-city.")
