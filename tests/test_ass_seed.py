"""Ass: the rules of seed 003 that issue 38 found unpinned or wrong, each test quoting the
seed's sentence. Seed 003 is a machine translation of a Russian page; the quotes are its
words (the Russian terms in brackets where the translation garbles them: «банка» is the
"bank", "pot", "can" or "jar", «козырь» the trump)."""
from __future__ import annotations

import json

import pytest

from generator.cli import cli
from generator.model.traditional import Suit, parse_cards
from generator.ass import (DEFAULT_TRUMPS, AssRules, TrumpSetup, Way, legal_plays,
                                 play_deal, resolve, score_deal)

S, C, H, D = Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS


def _winner(cards: str, setup: TrumpSetup, rules: AssRules = AssRules()) -> str:
    return str(resolve(parse_cards(cards), setup, rules).card)


# --- "regular cards do not beat trump cards" (options 3 and 4) ----------------------------

OPTION3, OPTION4 = TrumpSetup.of(3, [H]), TrumpSetup.of(4, [H, D])


@pytest.mark.parametrize("setup", [OPTION3, OPTION4], ids=["option3", "option4"])
@pytest.mark.parametrize("cards, winner", [
    # The case: a plain eight of another suit against a led trump.
    ("7H 8S", "7H"),
    # A plain eight against a trump that took the trick: the kill table, which makes the
    # 8 the strongest card, is "the possibilities of each card without considering a
    # trump card".
    ("9S JH 8C", "JH"),
    # A plain card of the main suit that kills the led card does not take it back from
    # the trump (under option 1 it would: "the card of the main suit takes advantage of
    # the trump card").
    ("9S JH AS", "JH"),
    # Equal rank passes the barrier only onto its own rank: a plain king beats the led
    # trump king ...
    ("KH KS", "KS"),
    # ... but not the trump queen that took the led king one below.
    ("KH QH KS", "QH"),
])
def test_under_options_3_and_4_a_plain_card_does_not_beat_a_trump(setup, cards, winner):
    """Seed 003: "3 option - 1 trump card for all players and regular cards do not beat
    trump cards. 4 option - 2 trumps for all players and normal cards do not beat trump
    cards." and "If you use one or two trumps at all, then cards of the same denomination
    are allowed to overlap, no matter what card it is"."""
    trick = resolve(parse_cards(cards), setup)
    assert str(trick.card) == winner
    if winner != cards.split()[-1]:
        assert "plain card does not beat a trump" in trick.steps[-1].reason


@pytest.mark.parametrize("setup", [OPTION3, OPTION4], ids=["option3", "option4"])
def test_the_plain_eight_still_beats_plain_cards_and_trumps_still_rank(setup):
    """Seed 003's kill table ("8 | 6 - B, 10, T of any suit, D, K of another suit") holds
    between plain cards; a trump still beats only a lower card ("you need at least 10")."""
    assert _winner("AS 8C", setup) == "8C"
    assert _winner("KS 9H", setup) == "KS"
    assert _winner("KS 10H", setup) == "10H"


def test_the_eight_over_trumps_is_a_named_house_rule_off_by_default():
    """The seed's words are the default; letting the void-handed eight beat trumps is the
    switch eight_beats_trumps (seed 003: "regular cards do not beat trump cards")."""
    assert AssRules().eight_beats_trumps is False
    assert _winner("7H 8S", OPTION3, AssRules(eight_beats_trumps=True)) == "8S"


def test_the_cli_refuses_the_plain_eight_against_a_trump(runner):
    """Seed 003, option 3: "regular cards do not beat trump cards"."""
    result = runner.invoke(cli, ["ass", "trick", "7H 8S", "--trump", "H"])
    assert result.exit_code == 0
    assert result.output.splitlines()[-1].startswith("winner: P1 with 7H (option 3")


def test_a_held_plain_eight_is_no_way_out_of_following_a_trump_lead():
    """Seed 003: "If the player does not hit, then he must throw off any card of the same
    suit, if any." Under option 3 the plain eight does not hit a led trump, so a hand
    holding a trump must follow with it."""
    assert legal_plays(parse_cards("8S 6H"), parse_cards("7H"), OPTION3) == parse_cards("6H")


# --- option 5: three tiers ------------------------------------------------------------------

@pytest.mark.parametrize("cards, winner", [
    ("9D 8H", "9D"),   # a plain eight does not beat a junior trump
    ("9S 8D", "9S"),   # a junior eight does not beat a senior trump
    ("9D 8S", "8S"),   # the senior eight beats a junior trump
    ("9H 8C", "8C"),   # plain against plain: the table
    ("KD KH", "KH"),   # equal rank onto its own rank, any tier
])
def test_option_5_tiers(cards, winner):
    """Seed 003: "The senior trump is allowed to beat everything, the minor trump is
    allowed to beat only the minor trump card and ordinary cards, usual cards are allowed
    to beat only ordinary cards." (peaks = spades senior, tambourines = diamonds junior)."""
    assert _winner(cards, TrumpSetup.of(5)) == winner


# --- option 1 is the default -----------------------------------------------------------------

def test_option_1_is_the_default_of_the_api():
    """Seed 003: "1 variant - each player has a different trump card. This option is used
    by default and most often." Told nothing, player 1 has spades, 2 clubs, 3 hearts,
    4 diamonds (our reading: the seed lets the players choose)."""
    assert DEFAULT_TRUMPS.option.number == 1
    # Seat 2's trump is clubs: the jack of clubs beats the led nine as a trump.
    trick = resolve(parse_cards("9S JC"))
    assert trick.winner == 2 and trick.steps[1].way is Way.TRUMP
    assert resolve(parse_cards("9S JC"), TrumpSetup.of(2)).winner == 1
    assert play_deal(5, 4) == play_deal(5, 4, trumps=TrumpSetup.of(1, [S, C, H, D]))
    assert legal_plays(parse_cards("JC 7S"), parse_cards("9S")) == parse_cards("JC 7S")


def test_option_1_is_the_default_of_the_commands(runner):
    """Seed 003: "This option is used by default and most often." """
    trick = runner.invoke(cli, ["ass", "trick", "9S JC"])
    assert trick.output.splitlines()[-1] == ("winner: P2 with JC (option 1: each player has "
                                             "a trump suit of their own; P1 S, P2 C)")
    data = json.loads(runner.invoke(cli, ["ass", "trick", "9S JC", "--json"]).output)
    assert (data["option"], data["trumps"]) == (1, ["S", "C"])
    deal = runner.invoke(cli, ["ass", "deal", "--seed", "5"])
    assert deal.output.splitlines()[0] == ("deal 5, 4 players, option 1: each player has a "
                                           "trump suit of their own; P1 S, P2 C, P3 H, P4 D")
    assert "1 a suit per player (default)" in runner.invoke(cli, ["ass", "trick", "--help"]
                                                            ).output


def test_option_1_needs_a_suit_for_each_player(runner):
    """Seed 003: "each player has a different trump card": four suits, four players at
    most; five or six take another option, in one line."""
    result = runner.invoke(cli, ["ass", "deal", "--players", "5"])
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "at most 4 players, got 5; choose another trump option" in result.output
    assert runner.invoke(cli, ["ass", "deal", "--players", "5", "--option", "2"]
                         ).exit_code == 0


# --- the bank target is reached when collected exactly ---------------------------------------

EXACT_44 = "8S 8H AS"            # 16 + 16 + 12
EXACT_68 = "8S 8H 8D 8C KS 6S"   # 16 * 4 + 5 - 1


def test_collecting_exactly_the_target_drops_a_bank():
    """Seed 003: "If the player goes for this, and does not gain the required number of
    points, then he adds one bank, and if he types [наберёт: collects it], then one bank
    is deducted. If the player does not go for it, then he needs to collect the usual
    amount of points to drop one jar". Two players: "go → 44 points, no → 68 points"."""
    went = score_deal([parse_cards(EXACT_44), []], [True, False])
    assert (went.players[0].points, went.players[0].target) == (44, 44)
    assert went.players[0].change == -1 and went.players[0].banks == 2
    free = score_deal([parse_cards(EXACT_68), []], [False, False])
    assert (free.players[0].points, free.players[0].target) == (68, 68)
    assert free.players[0].change == -1 and free.players[0].banks == 2
    # One point short (the 6 is worth -1): committed adds a bank, not committed keeps.
    for pile, went_for_it, change in ((EXACT_44, True, 1), (EXACT_68, False, 0)):
        short = score_deal([parse_cards(pile + " 6H"), []], [went_for_it, False])
        assert not short.players[0].reached and short.players[0].change == change


# --- "one below" only while nobody has beaten the led card ----------------------------------

def test_one_below_takes_only_the_led_card_nobody_has_beaten():
    """Seed 003: "Cards in the parentheses indicate the cards that can be killed only if a
    move has been made from this card and has not yet been interrupted by anyone." The
    led KS is beaten by AS; 8S kills the ace but not the king, so the trick goes back to
    the leader; the led king has been beaten, so the queen one below it no longer takes."""
    no_trumps = TrumpSetup.of(2)
    assert _winner("KS QS", no_trumps) == "QS"            # unbeaten: one below takes
    trick = resolve(parse_cards("KS AS 8S QS"), no_trumps)
    assert [s.holder for s in trick.steps] == [1, 2, 1, 1]
    assert trick.winner == 1 and not trick.steps[3].took
    assert "QS does not beat KS" in trick.steps[3].reason


# --- an 8 of the player's own trump suit (option 1) ------------------------------------

def test_an_eight_of_ones_own_trump_suit_still_needs_a_hand_without_the_main_suit():
    """Seed 003: "To interrupt a figure eight, which is different in suit, from the card
    with which the first move was made (the main card), it is possible only if the player
    does not have any cards of the main suit." Under option 1 the 8 of a player's own
    trump suit is both a trump and an 8 of another suit; the rules make no exception for
    it, and the booklet prints our reading (row moves:trump-eight): it is played as an 8.
    Boris (seat 2, clubs his trumps) may not beat Anna's led 9H with his 8C while he holds
    a heart, and may when he holds none, taking the trick as an 8 of another suit."""
    option1 = TrumpSetup.of(1, [S, C])
    led = parse_cards("9H")
    assert legal_plays(parse_cards("8C 7H"), led, option1) == parse_cards("7H")
    assert legal_plays(parse_cards("8C 7S"), led, option1) == parse_cards("8C 7S")
    trick = resolve(parse_cards("9H 8C"), option1)
    assert trick.winner == 2 and trick.steps[-1].way is Way.EIGHT
