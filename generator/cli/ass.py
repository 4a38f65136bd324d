"""``opencards ass ...``: the trick game Ass on the command line (resolve a trick, list
the legal plays of a hand, score a deal). A thin shell over :mod:`generator.rules.ass`."""
from __future__ import annotations

from typing import Any

import click

from .common import emit_json
from ..model.traditional import PlayingCard, Suit, parse_cards
from ..rules.ass import (TRUMP_OPTIONS, DealScore, Trick, TrumpSetup, legal_plays, play_problem,
                         resolve, score_deal)


def _cards(text: str, what: str) -> list[PlayingCard]:
    try:
        return parse_cards(text.replace(",", " "))
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint=what) from None


def _suits(text: str) -> list[Suit]:
    try:
        return [Suit.parse(t) for t in text.replace(",", " ").split()]
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--trumps") from None


def _setup(trump: str | None, option: int | None, trumps: str | None) -> TrumpSetup:
    """--trump X is option 3 with X; otherwise --option (default 2, no trumps) with
    --trumps."""
    if trump is not None:
        if option not in (None, 3) or trumps:
            raise click.UsageError("--trump SUIT is option 3 (one trump suit for all); use "
                                   "--option with --trumps for the others")
        option, trumps = 3, trump
    try:
        return TrumpSetup.of(option or 2, _suits(trumps or ""))
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--trumps") from None



def _trump_options(f: Any) -> Any:
    f = click.option("--trumps", metavar="SUITS",
                     help="Trump suits: one per player in playing order for option 1 "
                          "(\"H S C D\"), two for option 4.")(f)
    f = click.option("--option", type=click.IntRange(1, 5), default=None,
                     help="Trump option: 1 a suit per player, 2 none (default), 3 one "
                          "suit, 4 two suits, 5 spades senior and diamonds junior.")(f)
    f = click.option("--trump", metavar="SUIT",
                     help="One trump suit for every player (option 3), e.g. H.")(f)
    return f


@click.group()
def ass() -> None:
    """Ass, the trick game of the 36-card pack: tricks, legal plays, scores.

    Cards are written 6S 10H JC QD KS AH (or with the Russian indices В Д К Т); the game
    ranks them 6 7 8 9 J Q K 10 A."""


@ass.command()
@click.argument("cards")
@_trump_options
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def trick(cards: str, trump: str | None, option: int | None, trumps: str | None,
          as_json: bool) -> None:
    """Who takes the trick CARDS (played in order, player 1 leads), and why, card by card.

    Example: opencards ass trick "6S JS 10S QH" --trump H"""
    setup = _setup(trump, option, trumps)
    played = _cards(cards, "CARDS")
    try:
        setup.check_seats(len(played))
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--trumps") from None
    try:
        result = resolve(played, setup)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="CARDS") from None
    if as_json:
        emit_json(trick_json(result, setup))
        return
    for step in result.steps:
        mark = "leads" if step.seat == 1 else ("takes" if step.took else "     ")
        click.echo(f"P{step.seat} {str(step.card):<3} {mark} holder P{step.holder}  "
                   f"{step.reason}")
    click.echo(f"winner: P{result.winner} with {result.card} "
               f"(option {setup.option.number}: {setup.option.summary})")


def trick_json(result: Trick, setup: TrumpSetup) -> dict[str, Any]:
    return {"winner": result.winner, "card": str(result.card),
            "option": setup.option.number, "trumps": [s.value for s in setup.suits],
            "main_suit": result.main_suit.value,
            "steps": [{"seat": s.seat, "card": str(s.card), "took": s.took,
                       "way": s.way.value if s.way else None, "holder": s.holder,
                       "main_suit": s.main_suit.value, "reason": s.reason}
                      for s in result.steps]}


@ass.command()
@click.argument("played")
@click.option("--hand", required=True, metavar="CARDS", help="The cards of the player to move.")
@_trump_options
def legal(played: str, hand: str, trump: str | None, option: int | None,
          trumps: str | None) -> None:
    """Which cards of --hand may be played after the cards PLAYED to this trick, and why
    the others may not. With option 1, --trumps names the suits of the seats so far and
    the player's own."""
    setup = _setup(trump, option, trumps)
    cards, held = _cards(played, "PLAYED"), _cards(hand, "--hand")
    try:
        allowed = legal_plays(held, cards, setup)
        for card in held:
            problem = play_problem(held, cards, card, setup)
            click.echo(f"{card}: " + ("may be played" if problem is None else problem))
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="PLAYED") from None
    click.echo("legal: " + (" ".join(map(str, allowed)) or "none"))


@ass.command()
@click.argument("taken", nargs=-1, required=True)
@click.option("--go", "going", multiple=True, type=int, metavar="SEAT",
              help="A player (1-based) who committed to the lower target; repeatable.")
@click.option("--banks", metavar="N,N,...", help="Banks of each player before the deal "
              "(default 3 each).")
@click.option("--json", "as_json", is_flag=True)
def score(taken: tuple[str, ...], going: tuple[int, ...], banks: str | None,
          as_json: bool) -> None:
    """Score one deal: TAKEN is the cards each player took, one argument per player in
    playing order ("-" for none). Prints points, targets and bank changes.

    Example: opencards ass score "8S AS 10S" - "6S QS" --go 1 --banks 3,2,3"""
    piles = [[] if t.strip() in ("", "-") else _cards(t, f"TAKEN {i}")
             for i, t in enumerate(taken, start=1)]
    for seat in going:
        if not 1 <= seat <= len(piles):
            raise click.BadParameter(f"player {seat} is not one of 1 to {len(piles)}",
                                     param_hint="--go")
    try:
        counts = [int(b) for b in banks.split(",")] if banks else None
    except ValueError:
        raise click.BadParameter(f"expected whole numbers like 3,2,3, got {banks!r}",
                                 param_hint="--banks") from None
    try:
        result = score_deal(piles, [i + 1 in going for i in range(len(piles))], counts)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="TAKEN") from None
    if as_json:
        emit_json(score_json(result))
        return
    for p in result.players:
        change = {-1: "drops a bank", 1: "adds a bank", 0: "no change"}[p.change]
        click.echo(f"P{p.seat}  {p.points:>4} points  target {p.target:>3}"
                   f"{' (go)' if p.committed else '     '}  "
                   f"{'reached' if p.reached else 'missed '}  {change:<12}  banks {p.banks}")
    if result.game_over:
        click.echo("game over: " + ", ".join(f"P{s}" for s in result.winners) + " win"
                   + ("s" if len(result.winners) == 1 else ""))
    elif result.lost:
        click.echo("every player has six banks: play on until the banks differ")


def score_json(result: DealScore) -> dict[str, Any]:
    return {"players": [{"seat": p.seat, "points": p.points, "committed": p.committed,
                         "target": p.target, "reached": p.reached, "change": p.change,
                         "banks": p.banks} for p in result.players],
            "game_over": result.game_over, "winners": list(result.winners),
            "lost": list(result.lost)}


__all__ = ["ass", "TRUMP_OPTIONS"]
