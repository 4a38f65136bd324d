"""``opencards patience deal|play|solve``: Cadogan's three patiences on the command line.

A thin shell over :mod:`generator.patience`: parse, ask the engine, print.
"""
from __future__ import annotations

import json
import re
import sys
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource

from pathlib import Path

from ..model import limits
from .common import (LIMIT_DEFAULT, Duration, Integer, Number, OutPath, ascii_digits_only,
                     library, plural)
from ..app.deals import draw_tableau
from ..app.options import TABLEAU_FORMATS
from ..errors import PatienceError
from ..patience import Patience, State, parse_moves
from ..patience import patience as make_patience
from ..patience.solver import SolverVerdict, solve
from ..patience.text import position_data, position_lines, status_line

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..patience.stats import DealResult


def _game(name: str, switches: tuple[str, ...]) -> Patience:
    given: dict[str, str] = {}
    for text in switches:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            raise PatienceError(f"--switch: expected NAME=VALUE, got {text!r}")
        if not ascii_digits_only(value):
            raise PatienceError(f"--switch: expected a value in the digits 0-9, got {text!r}")
        given[key.strip()] = value.strip()
    return make_patience(name, given)


def _show(game: Patience, seed: int, state: State, as_json: bool,
          extra: dict[str, Any] | None = None) -> None:
    if as_json:
        data = {"seed": seed, **position_data(game, state), **(extra or {})}
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo(f"{game.title}, seed {seed} ({game.packs} packs)")
    for line in position_lines(game, state):
        click.echo(f"  {line}")
    click.echo(status_line(game, state))


_name = click.argument("name", metavar="NAME")
_seed = click.option("--seed", type=Integer(0), required=True,
                     help="The number of the deal: the same seed deals the same cards.")
_switch = click.option("--switch", "switches", multiple=True, metavar="NAME=VALUE",
                       help="Change a rule switch, e.g. redeals=2; repeatable.")
_json = click.option("--json", "as_json", is_flag=True, help="Print JSON for tools.")
_clock = click.option("--clock", type=click.Choice(["wall", "cpu"]), default="wall",
                      show_default=True,
                      help="What --limit counts: wall-clock time, or the CPU time of the "
                           "process searching (one core's seconds, whatever else runs).")


@click.group("patience")
def patience() -> None:
    """Cadogan's patiences: nivernaise, empress-of-india, besieged-city."""


@patience.command("deal")
@_name
@_seed
@_switch
@_json
@click.option("--out", type=OutPath(dir_okay=False, path_type=Path), default=None,
              help="Draw the dealt tableau into this file (.svg, .png or .pdf) instead of "
                   "printing it.")
@click.option("--format", "fmt", type=click.Choice(TABLEAU_FORMATS), default=None,
              help="The drawing's format when --out's suffix does not say.")
@click.option("--dpi", type=Integer(30, 600), default=150, show_default=True,
              help="Resolution of a PNG drawing.")
@click.option("--card-height", type=Number(limits.TABLEAU_CARD_HEIGHT), default=40.0,
              show_default=True, help="Height of a drawn card in mm.")
@click.pass_context
def deal_command(ctx: click.Context, name: str, seed: int, switches: tuple[str, ...],
                 as_json: bool, out: Path | None, fmt: str | None, dpi: int,
                 card_height: float) -> None:
    """Deal NAME and print the tableau slot by slot (cards bottom first, top last), or
    with --out draw it with the tool's own 52-card pack (template pack52), one copy per
    pack the patience uses."""
    game = _game(name, switches)
    state = game.deal(seed)
    if out is None:
        _show(game, seed, state, as_json)
        return
    written = draw_tableau(library(ctx), game, seed, state, out, fmt=fmt, dpi=dpi,
                           card_height=card_height)
    click.echo(f"wrote {written}")


@patience.command("play")
@_name
@_seed
@click.option("--moves", required=True, metavar='"M1 M2 ..."',
              help='Moves in the notation, e.g. "LF1>FA1 stock>LF1 deal".')
@_switch
@_json
@click.pass_context
def play_command(ctx: click.Context, name: str, seed: int, moves: str,
                 switches: tuple[str, ...], as_json: bool) -> None:
    """Replay moves on a deal and print the position reached; an illegal move stops the
    replay with its number and the reason (with --json, a JSON answer with the reason's
    code, exit code 1)."""
    game = _game(name, switches)
    try:
        state = game.replay(seed, parse_moves(moves))
    except PatienceError as e:
        if not as_json or e.code is None:
            raise
        # A tool reads the refusal as JSON too, as 'rules play --json' answers one.
        click.echo(json.dumps({"patience": game.name, "seed": seed, "refused": {
            "number": e.number, "move": e.move, "reason": e.reason, "code": str(e.code)}},
            indent=2, ensure_ascii=False))
        ctx.exit(1)
    _show(game, seed, state, as_json)


@patience.command("solve")
@_name
@_seed
@click.option("--limit", type=Duration(), default=LIMIT_DEFAULT, show_default=True,
              help="Stop the search after this long.")
@click.option("--nodes", type=Integer(1), default=None,
              help="Stop after this many positions (the same result on any machine).")
@_clock
@_switch
@_json
def solve_command(name: str, seed: int, limit: float | None, nodes: int | None, clock: str,
                  switches: tuple[str, ...], as_json: bool) -> None:
    """Search the deal for a win; print the winning moves, or the moves to the best
    position reached and that position, and whether the search was complete."""
    from ..patience.clock import TimeLimit

    game = _game(name, switches)
    result = solve(game, seed, nodes=nodes, seconds=TimeLimit.named(limit, clock))
    moves = " ".join(map(str, result.moves))
    verdict = {
        SolverVerdict.WON: "won",
        SolverVerdict.LOST: "lost: every reachable position was searched (a proof)",
        SolverVerdict.UNKNOWN: "unknown: the limit came before a win or a proof",
    }[result.verdict]
    if as_json:
        _show(game, seed, result.position, True, {
            "verdict": result.verdict.value, "complete": result.complete, "moves": moves,
            "nodes": result.nodes, "seconds": round(result.seconds, 3)})
        return
    click.echo(f"{game.title}, seed {seed}: {verdict} ({result.nodes} positions, "
               f"{result.seconds:.1f} s{' of CPU' if clock == 'cpu' else ''})")
    click.echo(f"moves: {moves or '(none)'}")
    if result.verdict is not SolverVerdict.WON:
        click.echo(f"best position reached ({result.on_foundations} of {game.goal} on the "
                   f"foundations):")
        for line in position_lines(game, result.position):
            click.echo(f"  {line}")



def _deal_range(_: click.Context, param: click.Parameter, value: str) -> range:
    m = re.fullmatch(r"\s*([0-9]+)\s*(?:-\s*([0-9]+))?\s*", value)
    if not m:
        raise click.BadParameter(f"expected a range of deals like 0-999 or one deal like 7, "
                                 f"got {value!r}", param=param)
    from ..patience.reports import MAX_DEALS, MAX_SEED

    # Compared by length first: int() refuses a number of over 4,300 digits with an error.
    if any(len((digits or "").lstrip("0")) > len(str(MAX_SEED)) for digits in m.groups()) or \
            int(m.group(2) or m.group(1)) > MAX_SEED:
        raise click.BadParameter(f"expected deals from 0 to {MAX_SEED:,}, got {value!r}",
                                 param=param)
    first = int(m.group(1))
    last = int(m.group(2)) if m.group(2) is not None else first
    if last < first:
        raise click.BadParameter(f"the range {value!r} ends before it starts", param=param)
    if last - first + 1 > MAX_DEALS:
        raise click.BadParameter(f"expected at most {MAX_DEALS:,} deals a run (split a "
                                 f"larger range and add the runs up with --merge), got "
                                 f"{value!r}", param=param)
    return range(first, last + 1)


@patience.command("stats")
@_name
@click.option("--deals", callback=_deal_range, default="0-99", show_default=True,
              help="The deals (seeds) to decide, FIRST-LAST.")
@click.option("--limit", type=Duration(), default=LIMIT_DEFAULT, show_default=True,
              help="Stop each deal's search after this long.")
@click.option("--nodes", type=Integer(1), default=None,
              help="Stop each search after this many positions (the same on any machine; "
                   "with --player, the positions the player searches in a deal).")
@click.option("--jobs", type=Integer(1), default=None,
              help="Processes to run at once, at most the machine's cores [default: the "
                   "machine's cores].")
@click.option("--player", is_flag=True,
              help="Play as a player who sees only the face-up cards (the player-view "
                   "rate) instead of the solver, who sees every card.")
@click.option("--merge", "reports", multiple=True, metavar="FILE",
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Decide nothing: add up reports that 'stats --json' wrote (one range of "
                   "deals each, e.g. from several machines); repeatable.")
@click.option("--progress/--no-progress", default=None,
              help="A line on stderr as each deal is decided, with the counts so far "
                   "[default: when stderr is a terminal].")
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local",
              show_default=True,
              help="Where the deals are decided: local processes, or a dask.distributed "
                   "cluster (the optional cluster extra; same verdicts under --nodes).")
@click.option("--scheduler", metavar="ADDRESS", default=None,
              help="With --executor dask: the address of a running dask scheduler, e.g. "
                   "tcp://10.0.0.5:8786 [default: a LocalCluster of --jobs workers].")
@_clock
@_switch
@_json
def stats_command(name: str, deals: range, limit: float | None, nodes: int | None,
                  jobs: int | None, player: bool, reports: tuple[Path, ...],
                  progress: bool | None, executor: str, scheduler: str | None, clock: str,
                  switches: tuple[str, ...], as_json: bool) -> None:
    """Decide every deal of a range: won, lost (proved) or unknown (the limit came first),
    and the win rate with its 95 % interval. Deals are independent, so the work is spread
    over --jobs processes, and runs made apart add up with --merge."""
    from ..patience.pool import usable_cores
    from ..patience.stats import decide_all

    game = _game(name, switches)  # checks the name and switches before any work
    if reports:
        context = click.get_current_context()
        given_too = [f"--{option}" for option in ("deals", "limit", "nodes", "jobs", "executor",
                                                  "scheduler", "clock")
                     if context.get_parameter_source(option) is ParameterSource.COMMANDLINE]
        if given_too:
            raise click.UsageError(f"--merge adds up finished reports; {', '.join(given_too)} "
                                   f"cannot go with it")
        results = _merged(game, reports, player)
        shown = f"{len(reports)} reports added up"
    else:
        given = {key.strip(): value.strip()
                 for key, _, value in (text.partition("=") for text in switches)}
        if progress is None:
            progress = sys.stderr.isatty()
        if scheduler is not None and executor != "dask":
            raise click.UsageError("--scheduler names a dask scheduler: it goes with "
                                   "--executor dask")
        cores = usable_cores()
        if jobs is not None and jobs > cores and scheduler is None:
            click.echo(f"--jobs {jobs}: this machine gives it {plural(cores, 'core')}, so "
                       f"{cores} {'process runs' if cores == 1 else 'processes run'} "
                       f"(more would only share them)", err=True)
        done: list[DealResult] = []
        tell = _progress(len(deals), player) if progress else None

        def note(result: DealResult) -> None:
            done.append(result)
            if tell is not None:
                tell(result)
        try:
            if executor == "dask":
                from ..app.cluster import decide_on_dask
                results = decide_on_dask(game.name, deals, seconds=limit, nodes=nodes,
                                         switches=given, player=player, scheduler=scheduler,
                                         jobs=min(jobs or cores, cores), on_result=note,
                                         clock=clock)
            else:
                results = decide_all(game.name, deals, seconds=limit, nodes=nodes,
                                     jobs=min(jobs or cores, cores), switches=given,
                                     player=player, on_result=note, clock=clock)
        except KeyboardInterrupt:
            click.echo(_partial(done, len(deals), player), err=True)
            raise
        shown = f"limit {f'{limit:g} s' if limit else ''}" + (
            " of CPU" if limit and clock == "cpu" else "") + (
            f"{' or ' if limit else ''}{nodes} positions" if nodes else "")
    _report(game, results, player, shown, as_json)


def _partial(done: list[DealResult], total: int, player: bool) -> str:
    """The line a run stopped by Ctrl-C leaves: what the deals decided so far came to."""
    counts = {verdict: sum(r.verdict == verdict for r in done)
              for verdict in ("won", "lost", "unknown")}
    tally = (f"{counts['won']} won, {len(done) - counts['won']} not won" if player else
             f"{counts['won']} won, {counts['lost']} lost, {counts['unknown']} unknown")
    return f"stopped: {len(done)} of {total} deals decided: {tally}"


def _progress(total: int, player: bool) -> Callable[[DealResult], None]:
    """A reporter that writes one line on stderr a deal: its verdict and the counts so far
    (a run of 1,000 deals takes most of an hour, and an unknown deal shows which to study)."""
    counts = {"won": 0, "lost": 0, "unknown": 0}

    def report(result: DealResult) -> None:
        counts[result.verdict] += 1
        verdict = "not won" if player and result.verdict == "unknown" else result.verdict
        done = sum(counts.values())
        tally = (f"{counts['won']} won, {done - counts['won']} not won" if player else
                 f"{counts['won']} won, {counts['lost']} lost, {counts['unknown']} unknown")
        up = f"{result.on_foundations} card{'' if result.on_foundations == 1 else 's'} up"
        click.echo(f"deal {result.seed}: {verdict} in {result.seconds:.1f} s, {up}; "
                   f"{done} of {total} done: {tally}", err=True)
    return report


#: The largest report --merge reads: a run of 1,000 deals writes about 1 MB.
MAX_REPORT_BYTES = 64_000_000


def _merged(game: Patience, reports: tuple[Path, ...], player: bool) -> list[DealResult]:
    """The deals of *reports*, checked to be of this patience and view, each deal once.
    Every report is read, and each one that is not right gets one line on stderr; then
    the run fails with exit code 1."""
    from ..io.prescan import read_bounded
    from ..io.reader import display_path
    from ..errors import GeneratorError, one_line
    from ..patience.reports import read_report

    view = "player" if player else "omniscient"
    seen: dict[int, str] = {}
    results = []
    failures = []
    for path in reports:
        shown = display_path(path)
        try:
            try:
                text = read_bounded(path, shown, MAX_REPORT_BYTES).decode("utf-8")
            except (OSError, UnicodeDecodeError) as error:
                raise PatienceError(f"{shown}: cannot be read as text ({error})") from None
            name, its_view, found = read_report(text, shown, game.goal)
            if name != game.name:
                raise PatienceError(f"{shown}: a report on {name!r}, expected one on "
                                    f"{game.name!r}")
            if its_view != view:
                raise PatienceError(f"{shown}: a report of the {its_view} view, expected the "
                                    f"{view} view ({'with' if player else 'without'} "
                                    f"--player)")
            for result in found:
                if result.seed in seen:
                    raise PatienceError(f"{shown}: deal {result.seed} is also in "
                                        f"{seen[result.seed]}: each deal may be counted once")
        except GeneratorError as error:   # the reader's TemplateError too (a FIFO, a device)
            failures.append(one_line(str(error)))
            continue
        for result in found:
            seen[result.seed] = shown
        results.extend(found)
    if failures:
        for line in failures:
            click.echo(f"Error: {line}", err=True)
        click.get_current_context().exit(1)
    return sorted(results, key=lambda r: r.seed)


def _report(game: Patience, results: list[DealResult], player: bool, shown: str,
            as_json: bool) -> None:
    from ..patience.stats import ranges, summary, wilson

    total = summary(results)
    runs = ranges([r.seed for r in results])
    if as_json:
        click.echo(json.dumps({
            "patience": game.name, "deals": [runs[0][0], runs[-1][1]],
            "ranges": [list(run) for run in runs],
            "view": "player" if player else "omniscient",
            "won": total.won, "lost": total.lost, "unknown": total.unknown,
            "win_rate_low": round(total.low, 4), "win_rate_high": round(total.high, 4),
            "results": [{"seed": r.seed, "verdict": r.verdict, "nodes": r.nodes,
                         "seconds": r.seconds, "on_foundations": r.on_foundations,
                         "moves": r.moves} for r in results]}, indent=2))
        return
    n = total.deals
    span = ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in runs)
    if player:
        low, high = wilson(total.won, n)
        click.echo(f"{game.title}, deals {span}, played seeing only "
                   f"the face-up cards: {total.won} won, {n - total.won} not won ({shown})")
        click.echo(f"player-view win rate: {total.won / n:.1%}, 95 % interval {low:.1%}-"
                   f"{high:.1%}; {total.seconds / n:.2f} s a deal")
        return
    click.echo(f"{game.title}, deals {span}: {total.won} won, "
               f"{total.lost} lost, {total.unknown} unknown ({shown})")
    click.echo(f"win rate (the solver sees every card): {total.won / n:.1%}, 95 % interval "
               f"{total.low:.1%}-{total.high:.1%} (unknown deals counted as lost at the low "
               f"end, as won at the high end); {total.seconds / n:.2f} s a deal")
