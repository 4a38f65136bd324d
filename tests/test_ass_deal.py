"""A whole deal of Ass: dealing, topping up, the first lead, every trick as the resolver
says, refused moves with their reason, the score; and the combination and rating
switches, off and on."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from generator.cli import cli
from generator.model.traditional import PlayingCard, Suit, full_pack, parse_cards
from generator.ass import (DEFAULT_RULES, DEFAULT_TRUMPS, NO_TRUMPS, AssRules,
                                 DealError, TrumpSetup, combination_bonus, legal_plays,
                                 make_rules, play_deal, rating, resolve, score_deal)
from generator.ass.deal import HAND, first_leader, shuffled_pack

SETUPS = [TrumpSetup.of(2), TrumpSetup.of(3, [Suit.HEARTS]),
          TrumpSetup.of(4, [Suit.SPADES, Suit.DIAMONDS]), TrumpSetup.of(5)]


def _option1(players: int) -> TrumpSetup:
    return TrumpSetup.of(1, list(Suit)[:players] + [Suit.SPADES] * (players - 4))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_card_is_dealt_once_and_ends_taken_or_in_the_stock(players):
    # Option 1, the default, gives each player a suit of their own: four at most.
    trumps = DEFAULT_TRUMPS if players <= 4 else NO_TRUMPS
    for seed in range(15):
        deal = play_deal(seed, players, trumps=trumps)
        held = Counter(c for cards in deal.taken for c in cards) + Counter(deal.left)
        assert held == Counter(full_pack(6)), (seed, players)
        assert len(deal.tricks) == 36 // players
        assert all(len(t.cards) == players for t in deal.tricks)
        # Only five players leave a card: 35 go round in 7 tricks of 5.
        assert len(deal.left) == (1 if players == 5 else 0)
        assert all(len(h) == 4 for h in deal.hands)


@pytest.mark.parametrize("setup", SETUPS + ["option1"], ids=str)
def test_each_trick_is_the_resolvers_verdict_and_goes_to_its_taker(setup):
    for players in (2, 3, 4):
        trumps = _option1(players) if setup == "option1" else setup
        for seed in range(10):
            deal = play_deal(seed, players, trumps=trumps)
            piles: list[list[PlayingCard]] = [[] for _ in range(players)]
            leader = deal.first_leader
            for t in deal.tricks:
                assert t.leader == leader
                assert list(t.players) == [(leader + i) % players for i in range(players)]
                seats = trumps
                if trumps.option.number == 1:  # each player's own suit, in playing order
                    seats = TrumpSetup(trumps.option, tuple(trumps.suits[p] for p in t.players))
                verdict = resolve(t.cards, seats)
                assert t.players[verdict.winner - 1] == t.taker
                assert verdict.card == t.trick.card
                piles[t.taker].extend(t.cards)
                leader = t.taker
            assert [list(p) for p in deal.taken] == piles


def test_the_policy_plays_only_legal_cards_replayed_as_given_moves():
    for players in (2, 3, 4, 6):
        for seed in range(8):
            deal = play_deal(seed, players, trumps=SETUPS[1])
            moves = [list(t.cards) for t in deal.tricks]
            again = play_deal(seed, players, trumps=SETUPS[1], moves=moves)
            assert again == deal


def test_hands_are_topped_up_after_each_trick_taker_first():
    # Two players: 8 cards dealt, 28 in the stock, 14 rounds of topping up.
    deal = play_deal(3, 2)
    seen = set(deal.hands[0]) | set(deal.hands[1])
    played = [c for t in deal.tricks for c in t.cards]
    assert len(played) == 36 and len(set(played)) == 36
    # Every player plays 18 cards: 4 dealt and 14 drawn.
    for p in range(2):
        assert sum(pl == p for t in deal.tricks for pl in t.players) == 18
    assert seen <= set(played)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_each_trick_records_the_cards_drawn_after_it(players):
    """The draws a trick records (shown in the booklet's whole deal so that it can be
    replayed with a pack: fourth review r-ass, T1) are the stock's next cards, the taker
    first and then in playing order, listed by player; with them each card played was in
    its player's hand. Seed 003 keeps the hands equal ('everyone always has as many cards
    as the others'); drawing after each trick is our reading, row deal:refill."""
    trumps = DEFAULT_TRUMPS if players <= 4 else NO_TRUMPS
    for seed in range(6):
        deal = play_deal(seed, players, trumps=trumps)
        stock = shuffled_pack(seed)[:36 - HAND * players]
        hands = [list(h) for h in deal.hands]
        for t in deal.tricks:
            for player, card in zip(t.players, t.cards):
                hands[player].remove(card)   # ValueError: played a card not held
            if len(stock) >= players:
                order = [(t.taker + i) % players for i in range(players)]
                drawn = {p: stock.pop() for p in order}
                assert t.draws == tuple(drawn[p] for p in range(players)), (seed, t.number)
            else:
                assert t.draws == (), (seed, t.number)
            for player, card in enumerate(t.draws):
                hands[player].append(card)
        assert hands == [[]] * players and tuple(reversed(stock)) == deal.left


def test_first_lead_goes_to_the_lowest_diamond_else_to_player_1():
    def hands(*texts):
        return [parse_cards(t) for t in texts]
    assert first_leader(hands("AS KD", "9D 7H", "8D QS")) == 2   # 8D below 9D and KD
    assert first_leader(hands("AS 10D", "KD 7H")) == 1           # K below 10 in Ass
    assert first_leader(hands("AS 7C", "KS 7H", "6H 8S")) == 0
    for seed in range(20):
        deal = play_deal(seed, 4)
        diamonds = [(c.rank, p) for p, h in enumerate(deal.hands) for c in h
                    if c.suit is Suit.DIAMONDS]
        if not diamonds:
            assert deal.first_leader == 0


def test_a_card_not_in_the_hand_is_refused_with_the_hand():
    deal = play_deal(1, 3)
    first = deal.tricks[0]
    stranger = next(c for c in full_pack(6) if c not in deal.hands[first.leader])
    with pytest.raises(DealError, match=rf"trick 1, card 1 \({stranger}, player "
                                        rf"{first.leader + 1}, holding .*\): {stranger} is "
                                        "not in the hand"):
        play_deal(1, 3, moves=[[stranger]])


def test_a_discard_of_another_suit_is_refused_while_the_main_suit_is_held():
    # Deal 1, three players, no trumps: P2 leads QC; P3 beats with QS; P1 holds AS KS JC 9C.
    deal = play_deal(1, 3, trumps=NO_TRUMPS)
    assert [str(c) for c in deal.hands[0]] == ["AS", "KS", "JC", "9C"]
    with pytest.raises(DealError, match="trick 1, card 3 .*KS does not beat and the hand "
                                        "holds 9C JC of the main suit C"):
        play_deal(1, 3, trumps=NO_TRUMPS, moves=[parse_cards("QC QS KS")])
    # The same player may discard a club instead.
    ok = play_deal(1, 3, trumps=NO_TRUMPS, moves=[parse_cards("QC QS JC")])
    assert [str(c) for c in ok.tricks[0].cards] == ["QC", "QS", "JC"]


def test_too_many_tricks_or_cards_are_refused():
    with pytest.raises(DealError, match="13 tricks given, but a deal of 3 players has 12"):
        play_deal(1, 3, moves=[[]] * 13)
    with pytest.raises(DealError, match="trick 1: 4 cards given for 3 players"):
        play_deal(1, 3, moves=[parse_cards("QC QS 9C 6S")])
    with pytest.raises(ValueError, match="2 to 6 players, got 7"):
        play_deal(1, 7)


def test_the_score_is_the_score_code_on_the_cards_taken():
    deal = play_deal(5, 4, committed=[True, False, True, False], banks=[3, 2, 1, 5])
    expected = score_deal(deal.taken, [True, False, True, False], [3, 2, 1, 5])
    assert deal.score == expected
    assert sum(p.points for p in deal.score.players) == 184


# --- combination bonuses and the printed rating: off by default, the stated reading on ---

def test_combination_bonus_reading():
    def bonus(text):
        return combination_bonus(parse_cards(text))
    assert bonus("QH KH 7S 9D") == 25
    assert bonus("JS QS 7H 9D") == 15
    assert bonus("JS QS KS 9D") == 40
    assert bonus("6C 7C 9C AC") == 10
    assert bonus("QH KS JD QC") == 0           # pairs must share a suit
    assert bonus("JH QH KH 6H") == 50


def _seed_with_bonus(players: int) -> int:
    for seed in range(200):
        deal = play_deal(seed, players)
        if any(combination_bonus(h) for h in deal.hands):
            return seed
    raise AssertionError("no deal with a combination in 200 seeds")


def test_combinations_are_off_by_default():
    assert DEFAULT_RULES.hand_combinations is False
    seed = _seed_with_bonus(3)
    deal = play_deal(seed, 3)
    assert deal.bonuses == (0, 0, 0)
    assert sum(p.points for p in deal.score.players) == 184


def test_combinations_on_add_the_dealt_hands_bonus_to_the_points():
    seed = _seed_with_bonus(3)
    off = play_deal(seed, 3)
    on = play_deal(seed, 3, rules=AssRules(hand_combinations=True))
    assert on.tricks == off.tricks   # the play does not change, only the score
    assert on.bonuses == tuple(combination_bonus(h) for h in on.hands) != (0, 0, 0)
    for a, b, bonus in zip(off.score.players, on.score.players, on.bonuses):
        assert b.points == a.points + bonus and b.bonus == bonus
        assert b.reached == (b.points >= b.target)


def test_printed_rating_only_when_switched_on():
    assert rating(68, 1, 0, 1, 68) == 150.0
    assert rating(30, 0, 1, 1, 60) == 0.0
    assert rating(50, 0, 0, 2, 100) == 50.0
    # The source's own counter-example: P = T, D - C = 3, G = 3 gives 1 + 50 %.
    assert rating(204, 3, 0, 3, 204) == 150.0
    with pytest.raises(ValueError, match="at least one deal"):
        rating(1, 1, 0, 0, 10)
    deal = play_deal(2, 2, committed=[True, True])
    assert all(p.rating is None for p in deal.score.players)
    rated = play_deal(2, 2, committed=[True, True], rules=AssRules(printed_rating=True))
    for p in rated.score.players:
        dropped, added = int(p.change < 0), int(p.change > 0)
        assert p.rating == pytest.approx(100 * p.points * (dropped - added) / p.target + 50)


def test_switches_by_name():
    assert make_rules({"hand-combinations": "yes", "printed_rating": "1"}) == AssRules(
        hand_combinations=True, printed_rating=True)
    with pytest.raises(ValueError, match="no switch 'combos'"):
        make_rules({"combos": "true"})
    with pytest.raises(ValueError, match="expected true or false"):
        make_rules({"hand-combinations": "maybe"})


# --- the command ---

def test_cli_deal_text(runner):
    result = runner.invoke(cli, ["ass", "deal", "--seed", "1", "--players", "3",
                                 "--option", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "deal 1, 3 players, option 2: no trumps"
    assert lines[1] == "P1 is dealt AS KS JC 9C"
    assert lines[4] == "P2 leads first"
    assert lines[5].split() == ["trick", "1:", "P2", "QC", "P3", "QS", "P1", "9C", "->", "P3",
                                "takes", "with", "QS,", "6", "points,", "draw", "P1", "7D",
                                "P2", "6S", "P3", "9S"]
    assert sum(line.startswith("trick") for line in lines) == 12
    assert lines[-3].startswith("P1") and "target  80" in lines[-3]


def test_cli_deal_json_and_moves(runner):
    args = ["ass", "deal", "--seed", "1", "--players", "3", "--option", "2", "--json"]
    data = json.loads(runner.invoke(cli, args).output)
    assert data["first_leader"] == 2 and len(data["tricks"]) == 12
    assert data["tricks"][0]["taker"] == 3 and data["tricks"][0]["card"] == "QS"
    assert sum(len(t) for t in data["taken"]) == 36
    given = json.loads(runner.invoke(cli, args + ["--moves", "QC QS JC; 9S"]).output)
    assert [c["card"] for c in given["tricks"][0]["cards"]] == ["QC", "QS", "JC"]
    assert given["tricks"][1]["cards"][0]["card"] == "9S"
    on = json.loads(runner.invoke(cli, args + ["--switch", "printed-rating=true"]).output)
    assert all(p["rating"] is not None for p in on["score"]["players"])


@pytest.mark.parametrize("extra, message", [
    (["--moves", "QC QS KS"], "KS does not beat and the hand holds 9C JC of the main suit C"),
    (["--moves", "QC QS 9C; 9S 6S"], "trick 2, card 2 (6S, player 1"),
    (["--moves", "QC XX"], "not a card: 'XX'"),
    (["--switch", "combos=true"], "no switch 'combos'"),
    (["--switch", "combos"], "expected NAME=VALUE"),
    (["--option", "1", "--trumps", "H S"], "one trump suit per player"),
    (["--go", "4"], "player 4 is not one of 1 to 3"),
])
def test_cli_deal_bad_input_is_one_line(runner, extra, message):
    option = [] if "--option" in extra else ["--option", "2"]
    result = runner.invoke(cli, ["ass", "deal", "--seed", "1", "--players", "3", *option,
                                 *extra])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], lines


def test_legal_plays_agree_with_the_deal_refusals():
    # Every card the deal refuses at a point is outside legal_plays there, and back.
    for trumps in (NO_TRUMPS, DEFAULT_TRUMPS):
        deal = play_deal(1, 3, trumps=trumps)
        hand = list(deal.hands[0])
        played = parse_cards("QC QS")
        # Player 1 plays third: under option 1 the trick's seats are P2, P3, P1.
        seats = trumps if trumps is NO_TRUMPS else TrumpSetup.of(1, [Suit.CLUBS, Suit.HEARTS,
                                                                     Suit.SPADES])
        legal = legal_plays(hand, played, seats)
        for card in hand:
            moves = [played + [card]]
            if card in legal:
                play_deal(1, 3, trumps=trumps, moves=moves)
            else:
                with pytest.raises(DealError):
                    play_deal(1, 3, trumps=trumps, moves=moves)
