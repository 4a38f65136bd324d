"""``opencards validate`` and ``opencards rules ...``: the rule engine on the command line.

A thin shell: each command parses its options, asks the library (:mod:`generator.io.layouts`
and the rule engine) and prints the answer.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from .common import Integer, emit_json, library, plural
from ..io.layouts import game_for, load_layout, load_layout_file, sources_for, word_list_for
from ..model.cards import Colour
from ..model.layout import Piece, Side
from ..rules import beating, combinations, find_words
from ..rules.games import EqualValues




# --- validate ----------------------------------------------------------------------------

@click.command()
@click.argument("layout_file", metavar="LAYOUT")
@click.option("--game", "game_name", metavar="NAME",
              help="Check against this game instead of the layout's own 'game' key.")
@click.option("--play", is_flag=True,
              help="The layout is a position during play: skip the checks that only a "
                   "starting position must pass (home rows, complete packs, test cards...).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON for tools.")
@click.pass_context
def validate(ctx: click.Context, layout_file: str, game_name: str | None, play: bool,
             as_json: bool) -> None:
    """Check a layout against a game's rules and list every problem with its square.

    LAYOUT is a shipped layout's name, a .toml file, - for standard input, or a position
    text (checked as a position during play when it is of a game under way). Exits with
    1 if there is any problem.
    """
    position = load_layout_file(library(ctx), layout_file, game_name)
    shown, game = position.shown, position.game
    # A position text of a game under way is a position during play by its own account.
    play = play or position.in_play
    if position.state is not None:
        position.position()  # its side to move, what is owed: checked against the game
    found = position.problems(start=not play)
    if as_json:
        emit_json({"layout": shown, "game": game.name, "start": not play,
                    "valid": not found,
                    "problems": [{"code": v.code, "square": v.square, "message": v.message}
                                 for v in found]}, sort_keys=True)
    elif found:
        for violation in found:
            click.echo(f"{shown}: {violation} [{violation.code}]")
        click.echo(f"{plural(len(found), 'problem')} for "
                   f"{game.name}", err=True)
    else:
        stage = "position" if play else "start"
        click.echo(f"{shown}: a valid {stage} for {game.name} ({game.title})")
    if found:
        ctx.exit(1)


# --- rules ... ---------------------------------------------------------------------------

@click.group()
def rules() -> None:
    """Quick questions to the rule engine: who beats whom, which combinations, moves, words."""


def _piece(_: click.Context, param: click.Parameter, value: str) -> Piece:
    try:
        return Piece.from_notation(value)
    except ValueError as e:
        raise click.BadParameter(str(e), param=param) from None


def _colour(_: click.Context, param: click.Parameter, value: str | None) -> Colour | None:
    if value is None:
        return None
    try:
        return Colour.parse(value)
    except ValueError:
        raise click.BadParameter(f"expected R, Y, G or B, got {value!r}", param=param) \
            from None


@rules.command()
@click.argument("attacker", callback=_piece)
@click.argument("defender", callback=_piece)
@click.option("--on", "square", callback=_colour, metavar="COLOUR",
              help="Colour of the square they meet on (R, Y, G, B); none on a colourless "
                   "board.")
@click.option("--game", "game_name", default="basic-1", show_default=True, metavar="NAME",
              help="Take the beating switches from this game.")
@click.option("--equal-values", type=click.Choice([e.value for e in EqualValues]),
              help="Override whether equal values beat each other.")
@click.option("--trumps/--no-trumps", default=None, help="Override square trumps.")
@click.pass_context
def beats(ctx: click.Context, attacker: Piece, defender: Piece, square: Colour | None,
          game_name: str, equal_values: str | None, trumps: bool | None) -> None:
    """Does ATTACKER beat DEFENDER when it moves onto it? Cards like 8R, 30Y, (1B) for a
    face-down test card."""
    changes: dict[str, Any] = {}
    if equal_values is not None:
        changes["equal_values"] = EqualValues(equal_values)
    if trumps is not None:
        changes["trumps"] = trumps
    switches = replace(library(ctx).game(game_name).beating, **changes)
    ruling = beating.beats(attacker, defender, on=square, rules=switches)
    reason = ruling.reason(attacker, defender, on=square, rules=switches)
    where = f"on a {square} square" if square else "on a colourless square"
    click.echo(f"{attacker.notation()} {'beats' if ruling else 'does not beat'} "
               f"{defender.notation()} {where}: {reason}")


@rules.command()
@click.argument("layout_file", metavar="LAYOUT")
@click.option("--min", "min_length", type=Integer(2, 8), default=3, show_default=True,
              help="Fewest cards in a combination.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_context
def combos(ctx: click.Context, layout_file: str, min_length: int, as_json: bool) -> None:
    """List every maximal combination on LAYOUT: colour, value and sequence lines.
    LAYOUT is a shipped layout's name, a .toml file, or - for standard input."""
    shown, layout = load_layout(library(ctx), layout_file)
    found = combinations(layout, min_length=min_length)
    if as_json:
        emit_json([{"kind": c.kind, "orientation": c.orientation, "squares": list(c.squares),
                     "cards": [card.notation() for card in c.cards]} for c in found], sort_keys=True)
        return
    for combo in found:
        click.echo(f"{combo.notation()} ({combo.orientation})")
    if not found:
        click.echo(f"{shown}: no combinations")


@rules.command()
@click.argument("layout_file", metavar="LAYOUT")
@click.option("--side", type=click.Choice([side.value for side in Side]),
              help="The side to move [default: a position text's, else south].")
@click.option("--game", "game_name", metavar="NAME", help="Instead of the layout's game.")
@click.option("--words", "words_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A word list (one word per line) instead of the shipped one.")
@click.pass_context
def moves(ctx: click.Context, layout_file: str, side: str | None, game_name: str | None,
          words_file: Path | None) -> None:
    """List the legal moves of one side in LAYOUT under its game. LAYOUT is a shipped
    layout's name, a .toml file, - for standard input, or a position text."""
    loaded = load_layout_file(library(ctx), layout_file, game_name)
    position = loaded.position(side, words_file)
    side = position.turn.value
    found = position.legal_moves()
    verdict = position.outcome()
    if found:
        click.echo(" ".join(m.notation() for m in found))
    elif verdict.over:
        click.echo(f"{loaded.shown}: no moves, the game is over: {verdict}")
    else:
        click.echo(f"{loaded.shown}: {side} has no moves and passes")


@rules.command("words")
@click.argument("layout_file", metavar="LAYOUT")
@click.option("--words", "words_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A word list (one word per line) instead of the shipped one.")
@click.option("--min", "min_length", type=Integer(2, 8), default=None,
              help="Fewest letters in a word [default: the layout's game's, else 3].")
@click.pass_context
def words_command(ctx: click.Context, layout_file: str, words_file: Path | None,
                  min_length: int | None) -> None:
    """List the words the letter cards of LAYOUT spell, in all 8 directions. LAYOUT is a
    shipped layout's name, a .toml file, or - for standard input."""
    lib = library(ctx)
    shown, layout = load_layout(lib, layout_file)
    if min_length is None:
        # As the game counts words (word 2 counts two letters), so that this command and
        # `figure --show words` agree.
        game = game_for(lib, layout, None, shown) if layout.game else None
        min_length = game.word_length if game is not None else 3
    word_list = word_list_for(sources_for(lib, layout), words_file)
    found = find_words(layout, word_list, min_length=min_length)
    for word in found:
        click.echo(word.notation())
    # Which words count is the list's doing, so the answer names it.
    click.echo(f"word list: {word_list.source}" if found
               else f"{shown}: no words (word list: {word_list.source})")

