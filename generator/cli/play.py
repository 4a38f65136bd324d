"""``opencards rules play`` and ``opencards rules lay``: a game record played through the
engine, and where a card from the hand may go."""
from __future__ import annotations

import json
from pathlib import Path

import click

from .common import library
from ..app.position import outcome_data, plies_data, refusal_data, seat_gains
from ..errors import IllegalMoveError
from ..io.layouts import load_layout_file
from ..model.hands import parse_item
from ..model.layout import Side, player_key
from ..rules.follow_ups import Phase
from ..rules.position import Position
from .rules import rules



@rules.command("play")
@click.argument("layout_file", metavar="LAYOUT")
@click.option("--moves", "record", required=True, metavar="MOVES",
              help="The moves in turn, separated by spaces: e2-e3 d4xe5 c1+c3 b1-d3-f5 "
                   "e8-off c4= c4=c3 3R@d4 3R@hand pass.")
@click.option("--side", type=click.Choice([side.value for side in Side]),
              help="Who makes the first move (default: the owner of the first move's card, "
                   "as figure --moves; a game of more than two players starts with seat 1).")
@click.option("--game", "game_name", metavar="NAME", help="Instead of the layout's game.")
@click.option("--words", "words_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A word list (one word per line) instead of the shipped one.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_context
def play_command(ctx: click.Context, layout_file: str, record: str, side: str | None,
                 game_name: str | None, words_file: Path | None, as_json: bool) -> None:
    """Play MOVES from LAYOUT: print each move with what it took, the position reached and
    the outcome, and the position text of the end (to play on from, or to draw). An
    illegal move stops with its number and the reason. In a game of more than two players
    (initial 7) the seats play in turn from seat 1, and each move says which seat took the
    cards it removed. LAYOUT is a shipped layout's name, a .toml file, - for standard
    input (a piped 'rules deal'), or a position text (which says who moves and the move
    number)."""
    loaded = load_layout_file(library(ctx), layout_file, game_name)
    game = loaded.game
    if side is not None and game.players > 2:
        raise click.UsageError(f"--side: {game.name} is played by {game.players} seats in "
                               "turn, seat 1 first; leave --side out")
    moves = record.split()
    # Without --side the first move's card says who moves first, as figure --moves reads
    # it; a position text says it itself.
    turn = side or (loaded.first_mover(moves) if game.players <= 2 else None)
    position = loaded.position(turn, words_file)
    try:
        plies = position.play_record(moves)
    except IllegalMoveError as e:
        if not as_json:
            raise
        # A tool reads the refusal as it reads a result: the moves played before it, the
        # position they reached, and the refused move with its reason code.
        click.echo(_json(loaded.shown, position, refused=refusal_data(e)))
        ctx.exit(1)
    verdict = position.outcome()
    if as_json:
        click.echo(_json(loaded.shown, position))
        return
    gains = seat_gains(position)
    for ply, gain in zip(plies, gains):
        took = f" removes {' '.join(c.notation() for c in ply.took)}" if ply.took else ""
        if len(gain) == 1:
            took += f" to {next(iter(gain))}"
        elif gain:
            took += " (" + "; ".join(f"{seat} takes {' '.join(c.notation() for c in cards)}"
                                     for seat, cards in gain.items()) + ")"
        click.echo(f"{ply.number}. {ply.player} {ply.notation()}{took}")
    click.echo(str(position.layout))
    click.echo(f"position: {position_text(position) or 'cannot be written as a position text'}")
    click.echo(str(verdict))
    if not verdict.over:
        click.echo(next_moves_line(position))


def _json(shown: str, position: Position, refused: dict[str, object] | None = None) -> str:
    """``rules play --json``: the moves played and where they left the game (the moves
    and the outcome as the editor writes them, :mod:`generator.app.position`), and the
    move refused, if one was."""
    data: dict[str, object] = {
        "layout": shown, "game": position.game.name,
        "moves": plies_data(position),
        "rows": {str(rank): row for rank, row in position.layout.rows().items()},
        "hands": position.layout.hands.lines(), "to_move": player_key(position.player),
        "phase": position.phase.value,
        "position": position_text(position),
        "legal_moves": [m.notation() for m in position.legal_moves()]
        + (["pass"] if position.may_pass() else []),
        "outcome": outcome_data(position.outcome()),
    }
    if refused is not None:
        data["refused"] = refused
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False)


def position_text(position: Position) -> str | None:
    """The position text of *position* (docs/position-text.md), or None when one of its
    names or letters cannot be written in one."""
    try:
        return position.text()
    except ValueError:
        return None


@rules.command("lay")
@click.argument("layout_file", metavar="LAYOUT")
@click.argument("card_text", metavar="CARD")
@click.option("--side", type=click.Choice([side.value for side in Side]),
              default=Side.SOUTH.value, show_default=True, help="Who lays the card.")
@click.option("--game", "game_name", metavar="NAME", help="Instead of the layout's game.")
@click.pass_context
def lay_command(ctx: click.Context, layout_file: str, card_text: str, side: str,
                game_name: str | None) -> None:
    """List the squares where SIDE may lay CARD (like 3R, 30Y or A/R) in LAYOUT: a
    shipped layout's name, a .toml file, or - for standard input."""
    try:
        card = parse_item(card_text)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'CARD'") from None
    loaded = load_layout_file(library(ctx), layout_file, game_name)
    squares = loaded.rules().lay_squares(loaded.layout, card, side)
    click.echo(" ".join(squares) or f"{loaded.shown}: {side} may not lay {card} anywhere")


_OWES = {Phase.OPEN: "must open", Phase.TAKE: "must take", Phase.PUSH: "may push",
         Phase.TURN: "may turn letters"}

#: Moves named in full on the line of what can be played next; more are counted.
SHOWN_MOVES = 20


def next_moves_line(position: Position) -> str:
    """What the side to move may play now, in one line: ``south may play (3): ...``."""
    moves = [m.notation() for m in position.legal_moves()]
    if position.may_pass():
        moves.append("pass")
    who = f"{position.player} {_OWES.get(position.phase, 'may play')}" \
        if position.game.players > 1 else "legal moves"
    shown = " ".join(moves[:SHOWN_MOVES])
    more = f" and {len(moves) - SHOWN_MOVES} more" if len(moves) > SHOWN_MOVES else ""
    return f"{who} ({len(moves)}): {shown}{more}"
