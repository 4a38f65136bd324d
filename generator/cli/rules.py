"""``opencards validate`` and ``opencards rules ...``: the rule engine on the command line.

A thin shell: each command parses its options, asks the library (:mod:`generator.io.layouts`
and the rule engine) and prints the answer.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from .common import Integer, cards_left, emit_json, library, plural
from ..io.layouts import game_for, load_layout, load_layout_file, sources_for, word_list_for
from ..model.cards import Colour
from ..model.layout import Piece, Side
from ..rules import beating, combinations, find_words
from ..rules.games import EqualValues, Game




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
        min_length = game.words.min_length if game is not None and game.words.enabled else 3
    word_list = word_list_for(sources_for(lib, layout), words_file)
    found = find_words(layout, word_list, min_length=min_length)
    for word in found:
        click.echo(word.notation())
    # Which words count is the list's doing, so the answer names it.
    click.echo(f"word list: {word_list.source}" if found
               else f"{shown}: no words (word list: {word_list.source})")


# --- the 'game' kind in 'opencards show' --------------------------------------------------

def game_text(game: Game) -> str:
    """A game as text: what it is played with, how pieces move and meet, and its set-up.
    Every switch a game file can set shows here (tests/test_show_switches.py)."""
    m, s = game.movement, game.setup
    extras = [part for part in (
        "push after laying: yes" if m.push_adjacent else "",
        "each side's first move must be a cover" if m.opening_cover else "",
        "lays on the row of the first card, on cards once it is full" if m.one_row else "",
        "after a lay, a face-down neighbour is opened onto its identical square"
        if m.forced_opening else "",
        "leaves over the far edge" if m.exit_far_edge else "",
        "shifts onto open cards too (the pile leaves whole)" if m.shift_onto_cards else "",
        "lays on letters too where it makes a word" if m.lay_on_letters else "",
        "steps onto an opponent's card where it makes a combination (the card leaves)"
        if m.onto_to_combine else "",
        "open cards off their identical squares are shifted onto them"
        if m.shift_to_identical else "",
        "covering a test card: " + ("wins" if m.cover_test_cards else "not a move")) if part]
    lines = [f"{game.name}: {game.title}", f"source: {game.source}", game.summary, "",
             f"goal: {game.goal.value}; boards: {', '.join(game.boards)}; "
             f"{game.players} player(s)"
             + ("; a side that cannot move loses" if game.stuck_loses else "")
             + (f"; the patience in the open of {game.patience_of}"
                if game.patience_of else "")
             + (f"; {cards_left(game.good_result)} left is a good result"
                if game.good_result else ""),
             f"plays {game.material}: " + " | ".join(" vs ".join(p) for p in game.pairs)
             + f"; values {', '.join(map(str, game.ranks))}; pieces belong to "
             + ("their side" if game.owners else "nobody"),
             f"movement: {m.step.value}; meeting: {m.capture.value}; placement: "
             f"{m.placement.value}; piles: {'yes' if m.piles else 'no'}; "
             + "; ".join(extras)]
    if m.capture.value == "beat":
        b = game.beating
        lines.append(f"beating: trumps {'on' if b.trumps else 'off'}, equal values "
                     f"{b.equal_values.value}, test cards beat "
                     f"{'yes' if b.test_cards_beat else 'no'}")
    if m.capture.value == "press":
        p = game.pressing
        lines.append(f"pressing: on squares of its colour {'yes' if p.by_square else 'no'}, "
                     f"own cards {'yes' if p.own_cards else 'no'}, compulsory "
                     f"{'yes' if p.compulsory else 'no'}")
    if game.combinations.enabled:
        c = game.combinations
        lines.append(f"combinations: {', '.join(c.kinds)} of {c.min_length}+; "
                     f"removes {c.removes.value}"
                     + ("" if c.compulsory else ", only when taken by a move (c1*c3)")
                     + ("; of crossing ones only one (the mover's choice)"
                        if c.crossing == "one" else "")
                     + ("; the maker's own cards go under his stock" if c.own_to_stock
                        else "")
                     + (f"; on {', '.join(c.orientations)} lines only"
                        if len(c.orientations) < 4 else "")
                     + ("; each goes to the seat of its direction: " + ", ".join(
                         f"seat {n} {o}" for n, o in enumerate(c.seats, start=1))
                        if c.seats else ""))
    if game.lines.enabled:
        n = game.lines
        lines.append(f"lines of one side's pieces: {n.length} in a line "
                     + ("leave the board and score" if n.removes else "win"))
    if game.words.enabled:
        lines.append(f"words: {game.words.min_length}+ letters; removes "
                     f"{game.words.removes.value}"
                     + ("; the mover may turn round letters of a word he made (c4~d5~)"
                        if game.words.turn_letters else "")
                     + ("; no letter laid where it makes a word of its layer's letters alone"
                        if game.words.forbid_own_words else "")
                     + ("; a word takes only the top letter of a pile"
                        if game.words.top_letters_only else "")
                     + ("; each player reads words from his own edge (left to right, top "
                        "to bottom)" if game.words.reading == "seated" else ""))
    rows = "; ".join(f"{side} on ranks {', '.join(map(str, s.home_rows(side)))}"
                     for side in Side if s.home_rows(side))
    tests = " ".join(c.notation() for c in s.test_cards)
    false = " ".join(c.notation() for c in s.false_tests)
    lines.append("start: " + "; ".join(part for part in (
        rows, "complete packs" if s.complete else "",
        f"{s.cards} cards" if s.cards is not None else "",
        f"test cards {tests}" if tests else "",
        f"{s.tests_per_side} test card(s) a side" if s.tests_per_side else "",
        f"false test cards {false} (covering one wins nothing)" if false else "",
        "test cards on the king squares" if s.tests_on_king_squares else "",
        "the board empty, each side's first card laid face down as its test card"
        if s.tests_laid_first else "",
        f"arrows {s.arrows.value}",
        f"letters removed {' '.join(s.removed_letters)}" if s.removed_letters else "",
        "one pack on the board, the other played" if s.one_pack else "",
        "combinations lying there at the start leave at once" if s.clear_at_start else "",
        "no card on its own colour" if s.off_colour else "",
        "no card takeable on move 1" if s.safe_first_move else "",
        "all face down" if s.face_down.value == "all" else "",
        f"{s.shade} squares only" if s.shade else "") if part))
    return "\n".join(lines)

