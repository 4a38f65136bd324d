"""``opencards validate`` and ``opencards rules ...``: the rule engine on the command line.

A thin shell: it loads templates, calls the pure rule functions and prints their answers.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from ..model.cards import Colour
from ..errors import NotFoundError
from ..rules.games import EqualValues, Game
from ..model.layout import Layout, Piece
from ..model.letters import LetterSet
from ..io.reader import Reader, display_path, read_toml
from ..rules import combinations, explain_beat, find_words, legal_moves, problems
from ..io.templates import Library, layout_from_toml
from ..rules.validation import Source, Violation
from ..io.wordlists import SetWordList, default_word_list, read_word_file


def _library(ctx: click.Context) -> Library:
    return Library.with_user_dirs(ctx.obj["templates"])


def _emit_json(data: object) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))


# --- loading -----------------------------------------------------------------------------

def _off_board(shown: str, data: dict[str, Any]) -> tuple[dict[str, Any], list[Violation]]:
    """Takes squares beyond the 8x8 board out of a layout's [rows], as problems to list.

    Rank keys such as "9" and tokens past the eighth of a rank name squares that do not
    exist; validation reports them with the rest instead of stopping at the first.
    """
    rows = data.get("rows")
    if not isinstance(rows, dict):
        return data, []
    found: list[Violation] = []
    kept: dict[str, Any] = {}
    for key, line in rows.items():
        tokens = line.split() if isinstance(line, str) else None
        if tokens is not None and key.lstrip("-").isdigit() and not 1 <= int(key) <= 8:
            found += [Violation("off-board", f"{'abcdefgh'[i] if i < 8 else '?'}{key}",
                                f"{token} lies on rank {key}, off the board (ranks 1 to 8)")
                      for i, token in enumerate(tokens) if token != "."]
            continue
        if tokens is not None and len(tokens) > 8:
            found += [Violation("off-board", f"{chr(ord('a') + i)}{key}",
                                f"{token} lies beyond file h, off the board (files a to h)")
                      for i, token in enumerate(tokens[8:], start=8) if token != "."]
            line = " ".join(tokens[:8])
        kept[key] = line
    return {**data, "rows": kept}, found


def load_layout(library: Library, name: str) -> tuple[str, Layout, list[Violation]]:
    """A layout by name or .toml path, with any off-board squares as problems."""
    if not name.endswith(".toml"):
        files = library.files("layout")
        if name not in files:
            library.layout(name)  # raises the usual "no layout named ..." with a suggestion
        path = files[name]
    else:
        path = Path(name)
        if not path.is_file():
            raise NotFoundError(f"{name}: no such layout file")
    shown = display_path(path)
    data, off_board = _off_board(shown, read_toml(path))
    reader = Reader(shown, data)
    kind = reader.raw("kind", None)
    if kind != "layout":
        raise reader.fail("kind", "'layout'", kind)
    layout = layout_from_toml(path.stem, reader)
    library.check_layout(layout, path)
    return shown, layout, off_board


def sources_for(library: Library, layout: Layout, game: Game) -> dict[str, Source]:
    """The packs and letter sets named by the game and the layout, by name."""
    names = {ref.partition(":")[0] for pair in game.pairs for ref in pair}
    names |= {ref.partition(":")[0] for ref in layout.players.values()}
    return {n: library.source(n) for n in sorted(names)}


def _game_for(library: Library, layout: Layout, game_name: str | None, shown: str) -> Game:
    name = game_name or layout.game
    if not name:
        raise NotFoundError(f"{shown}: the layout names no game; give one with --game "
                            f"(known: {', '.join(library.names('game'))})")
    return library.game(name)


def _word_list(words_file: Path | None, sources: Mapping[str, Source]) -> SetWordList:
    if words_file is not None:
        return read_word_file(words_file)
    scripts = sorted({s.script for s in sources.values() if isinstance(s, LetterSet)})
    return default_word_list(scripts[0] if scripts else "latin")


# --- validate ----------------------------------------------------------------------------

@click.command()
@click.argument("layout_file", metavar="FILE.toml")
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

    FILE.toml is a layout file or the name of a shipped layout. Exits with 1 if there is
    any problem.
    """
    library = _library(ctx)
    shown, layout, found = load_layout(library, layout_file)
    game = _game_for(library, layout, game_name, shown)
    board = library.board(layout.board)
    found = found + problems(layout, game, board=board, start=not play,
                             sources=sources_for(library, layout, game))
    if as_json:
        _emit_json({"layout": shown, "game": game.name, "start": not play,
                    "valid": not found,
                    "problems": [{"code": v.code, "square": v.square, "message": v.message}
                                 for v in found]})
    elif found:
        for violation in found:
            click.echo(f"{shown}: {violation} [{violation.code}]")
        click.echo(f"{len(found)} problem{'s' if len(found) != 1 else ''} for "
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
    switches = _library(ctx).game(game_name).beating
    changes: dict[str, Any] = {}
    if equal_values is not None:
        changes["equal_values"] = EqualValues(equal_values)
    if trumps is not None:
        changes["trumps"] = trumps
    verdict, reason = explain_beat(attacker, defender, on=square,
                                   rules=replace(switches, **changes))
    where = f"on a {square} square" if square else "on a colourless square"
    click.echo(f"{attacker.notation()} {'beats' if verdict else 'does not beat'} "
               f"{defender.notation()} {where}: {reason}")


@rules.command()
@click.argument("layout_file", metavar="FILE.toml")
@click.option("--min", "min_length", type=click.IntRange(2, 8), default=3, show_default=True,
              help="Fewest cards in a combination.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_context
def combos(ctx: click.Context, layout_file: str, min_length: int, as_json: bool) -> None:
    """List every maximal combination on a layout: colour, value and sequence lines."""
    shown, layout, _ = load_layout(_library(ctx), layout_file)
    found = combinations(layout, min_length=min_length)
    if as_json:
        _emit_json([{"kind": c.kind, "orientation": c.orientation, "squares": list(c.squares),
                     "cards": [card.notation() for card in c.cards]} for c in found])
        return
    for combo in found:
        click.echo(f"{combo.notation()} ({combo.orientation})")
    if not found:
        click.echo(f"{shown}: no combinations")


@rules.command()
@click.argument("layout_file", metavar="FILE.toml")
@click.option("--side", type=click.Choice(["south", "north"]), default="south",
              show_default=True, help="The side to move.")
@click.option("--game", "game_name", metavar="NAME", help="Instead of the layout's game.")
@click.option("--words", "words_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A word list (one word per line) instead of wordfreq's.")
@click.pass_context
def moves(ctx: click.Context, layout_file: str, side: str, game_name: str | None,
          words_file: Path | None) -> None:
    """List the legal moves of one side in a layout under its game."""
    library = _library(ctx)
    shown, layout, _ = load_layout(library, layout_file)
    game = _game_for(library, layout, game_name, shown)
    words = (_word_list(words_file, sources_for(library, layout, game))
             if game.words.enabled else None)
    found = legal_moves(layout, library.board(layout.board), game, side, words=words)
    click.echo(" ".join(m.notation() for m in found) or f"{shown}: {side} has no moves")


@rules.command("words")
@click.argument("layout_file", metavar="FILE.toml")
@click.option("--words", "words_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A word list (one word per line) instead of wordfreq's.")
@click.option("--min", "min_length", type=click.IntRange(2, 8), default=3, show_default=True,
              help="Fewest letters in a word.")
@click.pass_context
def words_command(ctx: click.Context, layout_file: str, words_file: Path | None,
                  min_length: int) -> None:
    """List the words the letter cards of a layout spell, in all 8 directions."""
    library = _library(ctx)
    shown, layout, _ = load_layout(library, layout_file)
    sources = library.sources(layout)
    word_list = _word_list(words_file, sources)
    found = find_words(layout, word_list, min_length=min_length)
    for word in found:
        click.echo(word.notation())
    if not found:
        click.echo(f"{shown}: no words ({word_list.source})")


# --- the 'game' kind in 'opencards show' --------------------------------------------------

def game_text(game: Game) -> str:
    """A game as text: what it is played with, how pieces move and meet, and its set-up."""
    m, s = game.movement, game.setup
    lines = [f"{game.name}: {game.title}", f"source: {game.source}", game.summary, "",
             f"goal: {game.goal.value}; boards: {', '.join(game.boards)}; "
             f"{game.players} player(s)",
             "plays: " + " | ".join(" vs ".join(p) for p in game.pairs)
             + f"; values {', '.join(map(str, game.ranks))}",
             f"movement: {m.step.value}; meeting: {m.capture.value}; placement: "
             f"{m.placement.value}; piles: {'yes' if m.piles else 'no'}"]
    if m.capture.value == "beat":
        b = game.beating
        lines.append(f"beating: trumps {'on' if b.trumps else 'off'}, equal values "
                     f"{b.equal_values.value}, test cards beat "
                     f"{'yes' if b.test_cards_beat else 'no'}")
    if game.combinations.enabled:
        c = game.combinations
        lines.append(f"combinations: {', '.join(c.kinds)} of {c.min_length}+; "
                     f"removes {c.removes.value}")
    if game.words.enabled:
        lines.append(f"words: {game.words.min_length}+ letters; removes "
                     f"{game.words.removes.value}")
    rows = "; ".join(f"{side} on ranks {', '.join(map(str, s.home_rows(side)))}"
                     for side in ("south", "north") if s.home_rows(side))
    tests = " ".join(c.notation() for c in s.test_cards)
    lines.append("start: " + "; ".join(part for part in (
        rows, "complete packs" if s.complete else "",
        f"{s.cards} cards" if s.cards is not None else "",
        f"test cards {tests}" if tests else "",
        "test cards on the king squares" if s.tests_on_king_squares else "",
        "no card on its own colour" if s.off_colour else "",
        "no card takeable on move 1" if s.safe_first_move else "",
        "all face down" if s.face_down.value == "all" else "",
        f"{s.shade} squares only" if s.shade else "") if part))
    return "\n".join(lines)

