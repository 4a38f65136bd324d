"""``opencards booklet``: the rule booklet as a PDF. A thin shell over
:func:`generator.app.make_booklet`."""
from __future__ import annotations

from pathlib import Path

import click

from ..app import BookletOptions, make_booklet
from ..app.options import BOOKLET_IMPOSITIONS, BOOKLET_PAPERS, LANGUAGES
from ..errors import NotFoundError
from ..model import limits
from .common import Length, OutPath, library, plural


@click.command()
@click.argument("games", nargs=-1)
@click.option("--lang", type=click.Choice(LANGUAGES, case_sensitive=False), default="en",
              show_default=True, help="The booklet's language.")
@click.option("--paper", type=click.Choice(BOOKLET_PAPERS), default="a5", show_default=True,
              help="The booklet's page size.")
@click.option("--imposition", type=click.Choice(BOOKLET_IMPOSITIONS), default="none",
              show_default=True,
              help="saddle: also write the pages 2-up for duplex printing (flip on the short "
                   "edge), folding and stapling.")
@click.option("--creep", type=Length(limits.CREEP), default="0mm", show_default=True,
              help="With --imposition saddle: how far the innermost sheet's pages move toward "
                   "the fold, for thick booklets.")
@click.option("--out", "out_dir", type=OutPath(path_type=Path), default=Path("output"),
              show_default=True, help="Folder for booklet-LANG.pdf (created if missing).")
@click.option("--contact-sheet", "sheet", type=click.Path(path_type=Path), default=None,
              help="Also draw the first pages side by side as a PNG (docs/booklet.png).")
@click.pass_context
def booklet(ctx: click.Context, games: tuple[str, ...], lang: str, paper: str,
            imposition: str, creep: float, out_dir: Path, sheet: Path | None) -> None:
    """Write the rule booklet OUT/booklet-LANG.pdf for GAMES (default: the booklet's own
    selection). Every figure's layout and every worked example is checked by the rule
    engine first."""
    try:
        made = make_booklet(library(ctx), out_dir, BookletOptions(
            lang=lang, games=games, paper=paper, imposition=imposition, creep=creep,
            contact_sheet=sheet))
    except NotFoundError as e:
        raise _language_as_game(games, e) from None
    for built in made.written:
        click.echo(f"wrote {built.path}")
    if made.contact_sheet is not None:
        click.echo(f"wrote {made.contact_sheet}")
    # Chapters named on the command line count even without a game template (Ass, the
    # patiences); otherwise the default selection's game chapters.
    games_count = len(games) if games else made.games
    click.echo(f"{plural(made.pages, 'page')}, {plural(made.figures, 'figure')}, "
               f"{plural(games_count, 'game')}")


def _language_as_game(games: tuple[str, ...], error: NotFoundError) -> NotFoundError:
    """*error* (a game with no chapter), or, when that game is a language code ('booklet
    ru'), the command that makes the booklet in that language."""
    for name in games:
        if name.lower() in LANGUAGES and repr(name) in str(error):
            rest = " ".join(game for game in games if game.lower() not in LANGUAGES)
            command = f"opencards booklet --lang {name.lower()}" + (f" {rest}" if rest else "")
            return NotFoundError(f"{name!r} is a language, not a game: run '{command}'")
    return error
