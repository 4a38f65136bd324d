"""``opencards rules play`` and ``opencards rules lay``: a game record played through the
engine, and where a card from the hand may go."""
from __future__ import annotations

import json
from pathlib import Path

import click

from .common import library
from ..io.layouts import load_position, word_list_for
from ..model.hands import parse_item
from ..model.layout import Side
from ..rules.goals import quiet_after
from ..rules.laying import lay_squares
from ..rules.playout import judge_turn
from ..rules.turns import replay
from .rules import rules



@rules.command("play")
@click.argument("layout_file", metavar="LAYOUT")
@click.option("--moves", "record", required=True, metavar="MOVES",
              help="The moves in turn, separated by spaces: e2-e3 d4xe5 c1+c3 b1-d3-f5 "
                   "e8-off c4= c4=c3 3R@d4 3R@hand pass.")
@click.option("--side", type=click.Choice([side.value for side in Side]),
              default=Side.SOUTH.value, show_default=True, help="Who makes the first move.")
@click.option("--game", "game_name", metavar="NAME", help="Instead of the layout's game.")
@click.option("--words", "words_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A word list (one word per line) instead of wordfreq's.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_context
def play_command(ctx: click.Context, layout_file: str, record: str, side: str,
                 game_name: str | None, words_file: Path | None, as_json: bool) -> None:
    """Play MOVES from LAYOUT: print each move with what it took, the position reached and
    the outcome. An illegal move stops with its number and the reason."""
    position = load_position(library(ctx), layout_file, game_name)
    game, board = position.game, position.board
    words = word_list_for(position.sources, words_file) if game.words.enabled else None
    plies = replay(position.layout, board, game, record.split(), first=side, words=words)
    layout, quiet = position.layout, 0
    for ply in plies:
        quiet = quiet_after(ply.move, layout, ply.layout, quiet)
        layout = ply.layout
    to_move = Side.parse(side)
    if plies and game.players > 1:
        to_move = plies[-1].side.opponent
    last = plies[-1] if plies else None
    verdict = judge_turn(layout, board, game, to_move, last=last.move if last else None,
                         mover=last.side if last else None, quiet=quiet, words=words)
    if as_json:
        click.echo(json.dumps({
            "layout": position.shown, "game": game.name,
            "moves": [{"number": p.number, "side": p.side.value, "move": p.notation(),
                       "took": [c.notation() for c in p.took]} for p in plies],
            "rows": {str(rank): row for rank, row in layout.rows().items()},
            "hands": layout.hands.lines(), "to_move": to_move.value,
            "outcome": {"over": verdict.over, "winner": verdict.winner and verdict.winner.value,
                        "reason": verdict.reason,
                        "scores": {s.value: n for s, n in verdict.scores.items()}},
        }, indent=2, sort_keys=True, ensure_ascii=False))
        return
    for ply in plies:
        took = f" removes {' '.join(c.notation() for c in ply.took)}" if ply.took else ""
        click.echo(f"{ply.number}. {ply.side} {ply.notation()}{took}")
    click.echo(str(layout))
    click.echo(str(verdict))


@rules.command("lay")
@click.argument("layout_file", metavar="LAYOUT")
@click.argument("card_text", metavar="CARD")
@click.option("--side", type=click.Choice([side.value for side in Side]),
              default=Side.SOUTH.value, show_default=True, help="Who lays the card.")
@click.option("--game", "game_name", metavar="NAME", help="Instead of the layout's game.")
@click.pass_context
def lay_command(ctx: click.Context, layout_file: str, card_text: str, side: str,
                game_name: str | None) -> None:
    """List the squares where SIDE may lay CARD (like 3R, 30Y or A/R) in LAYOUT."""
    try:
        card = parse_item(card_text)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'CARD'") from None
    position = load_position(library(ctx), layout_file, game_name)
    words = word_list_for(position.sources, None) if position.game.words.enabled else None
    squares = lay_squares(position.layout, position.board, position.game, card,
                          Side.parse(side), words=words)
    click.echo(" ".join(squares) or f"{position.shown}: {side} may not lay {card} anywhere")
