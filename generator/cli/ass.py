"""``opencards ass ...``: the trick game Ass on the command line (resolve a trick, list
the legal plays of a hand, score a deal). A thin shell over :mod:`generator.ass`."""
from __future__ import annotations

from typing import Any

import click

from .common import Integer, ascii_digits_only, emit_json, integer, plural
from ..model.traditional import PlayingCard, Suit, parse_cards
from ..ass import (TRUMP_OPTIONS, AssRules, Deal, DealError, DealScore, Trick,
                         TrumpSetup, check_cards, legal_plays, make_rules, play_deal, play_problem, resolve,
                         score_deal)
from ..ass.rules import DEFAULT_OPTION
from ..ass.tables import POINTS


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
    """--trump X is option 3 with X; otherwise --option (default 1, a trump suit for each
    player, "used by default and most often" in seed 003) with --trumps; option 1 without
    --trumps gives the players spades, clubs, hearts, diamonds in turn."""
    if trump is not None:
        if option not in (None, 3) or trumps:
            raise click.UsageError("--trump SUIT is option 3 (one trump suit for all); use "
                                   "--option with --trumps for the others")
        option, trumps = 3, trump
    if option == 3 and not trumps:
        raise click.UsageError("option 3 is one trump suit for every player: name it with "
                               "--trump SUIT, e.g. --trump H")
    try:
        return TrumpSetup.of(option or DEFAULT_OPTION, _suits(trumps or ""))
    except ValueError as e:
        # Option 3's one suit comes with --trump; the others' suits with --trumps.
        hint = "--trump" if option == 3 and trump is not None else "--trumps"
        raise click.BadParameter(str(e), param_hint=hint) from None



def _trump_options(f: Any) -> Any:
    f = click.option("--trumps", metavar="SUITS",
                     help="Trump suits for options 1 and 4: one per player in playing order "
                          "for option 1 (\"H S C D\"; default S C H D), two for option 4 "
                          "(\"H S\"). Option 3 takes --trump.")(f)
    f = click.option("--option", type=Integer(1, 5), default=None,
                     help="Trump option: 1 a suit per player (default), 2 none, 3 one "
                          "suit, 4 two suits, 5 spades senior and diamonds junior.")(f)
    f = click.option("--trump", metavar="SUIT",
                     help="One trump suit for every player (option 3), e.g. H.")(f)
    return f


def _switch_option(f: Any) -> Any:
    return click.option("--switch", "switches", multiple=True, metavar="NAME=VALUE",
                        help="Change a reading of the rules (repeatable), e.g. "
                             "hand-combinations=true, printed-rating=true, "
                             "king-kills-ace=true, led-check-failure=ignore.")(f)


def _rules(switches: tuple[str, ...]) -> AssRules:
    given = {}
    for text in switches:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"expected NAME=VALUE, got {text!r}", param_hint="--switch")
        if not ascii_digits_only(value):
            raise click.BadParameter(f"expected a value in the digits 0-9, got {text!r}",
                                     param_hint="--switch")
        given[name.strip()] = value.strip()
    try:
        rules = make_rules(given)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--switch") from None
    # The engine takes any whole number; a target no one or everyone reaches is no game.
    # At least one point, at most every card point of the pack.
    most = 4 * sum(POINTS.values())
    if not 1 <= rules.six_player_target <= most:
        raise click.BadParameter(f"six-player-target: expected a whole number from 1 to "
                                 f"{most} (the pack's card points), got "
                                 f"{rules.six_player_target}", param_hint="--switch")
    return rules


def _going(going: tuple[int, ...], players: int) -> list[bool]:
    for seat in going:
        if not 1 <= seat <= players:
            raise click.BadParameter(f"player {seat} is not one of 1 to {players}",
                                     param_hint="--go")
    return [i + 1 in going for i in range(players)]


def _banks(banks: str | None) -> list[int] | None:
    try:
        return [integer(b) for b in banks.split(",")] if banks else None
    except ValueError:
        raise click.BadParameter(f"expected whole numbers like 3,2,3, got {banks!r}",
                                 param_hint="--banks") from None


@click.group()
def ass() -> None:
    """Ass, the trick game of the 36-card pack: tricks, legal plays, scores.

    Cards are written 6S 10H JC QD KS AH (or with the Russian indices В Д К Т); the game
    ranks them 6 7 8 9 J Q K 10 A. Trump option 1, a suit for each player, is the default,
    as the source says."""


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
        check_cards(played)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="CARDS") from None
    try:
        setup.check_seats(len(played))
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--trumps" if trumps else "--option"
                                 ) from None
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
               f"({setup.describe(len(played))})")


def trick_json(result: Trick, setup: TrumpSetup) -> dict[str, Any]:
    shown = setup.seated(len(result.steps))
    return {"winner": result.winner, "card": str(result.card),
            "option": setup.option.number, "trumps": [s.value for s in shown.suits],
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
@click.option("--go", "going", multiple=True, type=Integer(), metavar="SEAT",
              help="A player (1-based) who committed to the lower target; repeatable.")
@click.option("--banks", metavar="N,N,...", help="Banks of each player before the deal "
              "(default 3 each).")
@_switch_option
@click.option("--json", "as_json", is_flag=True, help="Print the score as JSON.")
def score(taken: tuple[str, ...], going: tuple[int, ...], banks: str | None,
          switches: tuple[str, ...], as_json: bool) -> None:
    """Score one deal: TAKEN is the cards each player took, one argument per player in
    playing order ("-" for none). Prints points, targets and bank changes.

    Example: opencards ass score "8S AS 10S" - "6S QS" --go 1 --banks 3,2,3"""
    piles = [[] if t.strip() in ("", "-") else _cards(t, f"TAKEN {i}")
             for i, t in enumerate(taken, start=1)]
    rules = _rules(switches)
    try:
        result = score_deal(piles, _going(going, len(piles)), _banks(banks), rules)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="TAKEN") from None
    if as_json:
        emit_json(score_json(result))
        return
    _echo_score(result)


def _echo_score(result: DealScore) -> None:
    for p in result.players:
        change = {-1: "drops a bank", 1: "adds a bank", 0: "no change"}[p.change]
        click.echo(f"P{p.seat}  {p.points:>4} points  target {p.target:>3}"
                   f"{' (go)' if p.committed else '     '}  "
                   f"{'reached' if p.reached else 'missed '}  {change:<12}  banks {p.banks}"
                   + (f"  (bonus {p.bonus})" if p.bonus else "")
                   + (f"  rating {p.rating:.1f} %" if p.rating is not None else ""))
    if result.game_over:
        click.echo("game over: " + ", ".join(f"P{s}" for s in result.winners) + " win"
                   + ("s" if len(result.winners) == 1 else ""))
    elif result.lost:
        click.echo("every player has six banks: play on until the banks differ")


def score_json(result: DealScore) -> dict[str, Any]:
    return {"players": [{"seat": p.seat, "points": p.points, "committed": p.committed,
                         "target": p.target, "reached": p.reached, "change": p.change,
                         "banks": p.banks, "bonus": p.bonus, "rating": p.rating}
                        for p in result.players],
            "game_over": result.game_over, "winners": list(result.winners),
            "lost": list(result.lost)}


def _tricks(text: str) -> list[list[PlayingCard]]:
    """--moves: tricks separated by ';', each the cards in playing order."""
    return [_cards(part, "--moves") for part in text.split(";")] if text.strip() else []


@ass.command("deal")
@click.option("--seed", type=Integer(0), default=0, show_default=True,
              help="Which shuffle: the same seed gives the same deal everywhere.")
@click.option("--players", type=Integer(2, 6), default=4, show_default=True,
              help="How many play, 2 to 6.")
@_trump_options
@click.option("--go", "going", multiple=True, type=Integer(), metavar="SEAT",
              help="A player (1-based) who committed to the lower target; repeatable.")
@click.option("--banks", metavar="N,N,...", help="Banks of each player before the deal "
              "(default 3 each).")
@click.option("--moves", default="", metavar="TRICKS",
              help="The cards of the first tricks in playing order, tricks separated by "
                   "';' (\"QC QS 9C; 9S KS 6S\"); the built-in policy plays the rest.")
@_switch_option
@click.option("--json", "as_json", is_flag=True, help="Print the deal as JSON.")
def deal_command(seed: int, players: int, trump: str | None, option: int | None,
                 trumps: str | None, going: tuple[int, ...], banks: str | None, moves: str,
                 switches: tuple[str, ...], as_json: bool) -> None:
    """Deal and play a whole deal of Ass: 4 cards each, the first lead to the lowest
    diamond, hands topped up from the stock after each trick, then the score.

    Cards not given with --moves are chosen by a fixed policy: the weakest card that takes
    the trick, else the legal card worth fewest points. With option 1, --trumps names each
    player's suit, player 1 first."""
    setup = _setup(trump, option, trumps)
    rules = _rules(switches)
    try:
        setup.check_seats(players)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--trumps" if trumps else "--option"
                                 ) from None
    try:
        result = play_deal(seed, players, trumps=setup, committed=_going(going, players),
                           banks=_banks(banks), moves=_tricks(moves), rules=rules)
    except DealError as e:
        if as_json and e.code is not None:
            # A tool reads a refused card as JSON, with the reason's code.
            emit_json({"seed": seed, "players": players,
                       "refused": {"reason": str(e), "code": str(e.code)}})
            click.get_current_context().exit(1)
        raise click.BadParameter(str(e), param_hint="--moves") from None
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--banks") from None
    if as_json:
        emit_json(deal_json(result, setup))
        return
    click.echo(f"deal {seed}, {players} players, {setup.describe(players)}")
    for i, hand in enumerate(result.hands, start=1):
        click.echo(f"P{i} is dealt {' '.join(map(str, hand))}"
                   + (f"  (combinations {result.bonuses[i - 1]})"
                      if result.bonuses and result.bonuses[i - 1] else ""))
    click.echo(f"P{result.first_leader + 1} leads first")
    for t in result.tricks:
        cards = "  ".join(f"P{p + 1} {c}" for p, c in zip(t.players, t.cards))
        # The draws, player 1's first, let a reader replay the deal with a pack.
        drawn = ", draw " + " ".join(f"P{p + 1} {c}" for p, c in enumerate(t.draws)) \
            if t.draws else ""
        click.echo(f"trick {t.number:>2}: {cards}  ->  P{t.taker + 1} takes with "
                   f"{t.trick.card}, {plural(t.points, 'point')}{drawn}")
    if result.left:
        click.echo(f"left in the stock: {' '.join(map(str, result.left))}")
    _echo_score(result.score)


def deal_json(result: Deal, setup: TrumpSetup) -> dict[str, Any]:
    return {"seed": result.seed, "players": result.players, "option": setup.option.number,
            "trumps": [s.value for s in setup.seated(result.players).suits],
            "hands": [[str(c) for c in h] for h in result.hands],
            "first_leader": result.first_leader + 1,
            "tricks": [{"number": t.number, "leader": t.leader + 1,
                        "cards": [{"player": p + 1, "card": str(c)}
                                  for p, c in zip(t.players, t.cards)],
                        "taker": t.taker + 1, "card": str(t.trick.card), "points": t.points,
                        "main_suit": t.trick.main_suit.value,
                        "draws": [{"player": p + 1, "card": str(c)}
                                  for p, c in enumerate(t.draws)]}
                       for t in result.tricks],
            "taken": [[str(c) for c in cards] for cards in result.taken],
            "left": [str(c) for c in result.left],
            "bonuses": list(result.bonuses),
            "score": score_json(result.score)}


__all__ = ["ass", "TRUMP_OPTIONS"]
