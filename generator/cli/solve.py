"""``opencards rules solve`` and ``opencards rules deal``: the patience solver and seeded
random starts, the puzzles of a booklet with checked answers."""
from __future__ import annotations

import json
from pathlib import Path

import click

from .common import LIMIT_DEFAULT, Duration, Integer, OutPath, library
from ..rules.games import cards_left
from ..app.deals import deal_start, patiences, write_layout
from ..errors import WrongKindError
from ..io.layouts import load_layout_file
from ..model.solving import SolverVerdict
from ..rules.solver import solve
from .rules import rules


@rules.command("solve")
@click.argument("layout_file", metavar="LAYOUT")
@click.option("--limit", "seconds", type=Duration(), default=LIMIT_DEFAULT, show_default=True,
              help="Stop searching after this long and give the best line found.")
@click.option("--nodes", type=Integer(1), default=None,
              help="Stop searching after this many positions, too (the same answer on any "
                   "machine).")
@click.option("--game", "game_name", metavar="NAME", help="Instead of the layout's game.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_context
def solve_command(ctx: click.Context, layout_file: str, seconds: float, nodes: int | None,
                  game_name: str | None, as_json: bool) -> None:
    """Solve a patience (a game of one player): basic 65 in the open (clear the board by
    shifts that make combinations), basic 52 in the open (every card onto an identical
    square), word puzzle 5. Prints a winning line, or the line that leaves fewest cards
    (proved the fewest, or the best found in the time), and whether the search was
    complete; every line replays with 'rules play'. Where the game's source calls a few
    cards left a good result (basic 65: 1 or 2), says whether the line is one. LAYOUT is
    a shipped layout's name, a .toml file, or - for standard input (a piped 'rules deal
    --open')."""
    loaded = load_layout_file(library(ctx), layout_file, game_name)
    game = loaded.game
    if not game.is_patience:
        names = [one.name for one in patiences(library(ctx))]
        raise WrongKindError(
            f"{loaded.shown}: {game.name} is a game of {game.players} players, not a "
            f"patience; rules solve plays the games of one player: {', '.join(names)}")
    found = solve(loaded.rules(), loaded.layout, seconds=seconds, nodes=nodes)
    moves = [m.notation() for m in found.moves]
    cleared = len(loaded.layout) - len(found.start)
    good = found.left <= game.good_result if game.good_result else None
    if as_json:
        click.echo(json.dumps({"layout": loaded.shown, "game": game.name,
                               "solved": found.solved, "complete": found.complete,
                               "verdict": found.verdict.value,
                               "left": found.left, "fewest_proved": found.fewest,
                               "good_result": good, "moves": moves,
                               "cleared_at_start": cleared, "positions": found.positions},
                              indent=2, sort_keys=True))
        return
    if cleared:
        click.echo(f"{cleared} cards in combinations at the start leave the board at once")
    click.echo(" ".join(moves) if moves else "no move")
    if found.solved:
        verdict = "solved"
    elif found.fewest:
        verdict = f"at best {found.left} card(s) left (proved)"
    else:
        verdict = f"{found.left} card(s) left, best found"
    limit = f"{seconds:g} s" + ("" if nodes is None else f" or {nodes} positions")
    search = ("the search was complete" if found.complete else
              f"the search stopped after {limit}")
    if found.verdict is SolverVerdict.LOST:
        search += ", so no line clears it (lost)"
        if not found.fewest:
            search += f"; the search for fewer cards stopped after {limit}"
    elif found.verdict is SolverVerdict.UNKNOWN:
        search += " (unknown: neither a win nor a proof)"
    click.echo(f"{verdict}; {search} ({found.positions} positions)")
    if good is not None and not found.solved:
        counted = f"the source counts {cards_left(game.good_result)} left as one"
        if good:
            click.echo(f"a good result ({counted})")
        elif found.fewest:
            click.echo(f"not a good result, and no line gives one ({counted})")
        else:
            more = "a longer --limit" + ("" if nodes is None else " or more --nodes")
            click.echo(f"no good result found ({counted}); {more} may find one")


@rules.command("deal")
@click.argument("game_name", metavar="GAME")
@click.option("--seed", type=Integer(0), required=True,
              help="The shuffle's seed, 0 or more (as in 'patience deal'): same seed, same deal.")
@click.option("--open", "face_up", is_flag=True,
              help="Lay the board's cards face up: the patience in the open.")
@click.option("--pair", type=Integer(1), default=1, show_default=True,
              help="Which of the game's pairs of packs to play.")
@click.option("--out", "out_file", type=OutPath(dir_okay=False, path_type=Path),
              help="Write the layout file here instead of printing it.")
@click.pass_context
def deal_command(ctx: click.Context, game_name: str, seed: int, face_up: bool, pair: int,
                 out_file: Path | None) -> None:
    """Deal a random start of GAME (a seeded shuffle) as a layout file that validates."""
    lib = library(ctx)
    game = lib.game(game_name)
    try:
        game.pair(pair)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--pair'") from None
    try:
        start = deal_start(lib, game, seed, face_up=face_up, pair=pair)
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    if out_file is None:
        click.echo(start.text, nl=False)
    else:
        click.echo(f"wrote {write_layout(out_file, start)}")
