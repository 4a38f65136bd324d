"""Ass: the trick resolver on hand-made tricks (each rule, each precedence row, every trump
option), legal plays and discards, card points, targets and banks."""
from __future__ import annotations

import doctest
import importlib

import pytest

from generator.model.traditional import Suit, full_pack, parse_cards
from generator.ass import (AssRules, LedCheckFailure, TrumpSetup, Way, card_points,
                                 legal_plays, play_problem, resolve, score_deal)
from generator.ass.tables import ORDER, POINTS

S, C, H, D = Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS
SUITS = {"S": S, "C": C, "H": H, "D": D}


def setup(option: int, suits: str = "") -> TrumpSetup:
    return TrumpSetup.of(option, [SUITS[s] for s in suits.split()])


# (id, cards, option, trump suits, winner seat, way of each card that took over after the
# lead, in order). Option 2 is "no trumps".
CASES = [
    # The kill table in the main suit.
    ("higher-kills-lower", "9S JS", 2, "", 2, [Way.MAIN]),
    ("six-spoils-jack-and-ten", "6S JS 10S QH", 2, "", 1, []),
    ("queen-kills-six", "6S QS", 2, "", 2, [Way.MAIN]),
    ("eight-kills-six", "6S 8S", 2, "", 2, [Way.MAIN]),
    ("ace-cannot-kill-eight", "8S AS", 2, "", 1, []),
    ("king-kills-eight", "8S KS", 2, "", 2, [Way.MAIN]),
    ("six-kills-seven-without-one-below", "7S 6S", 2, "", 2, [Way.MAIN]),
    ("ten-ranks-above-king", "KS 10S", 2, "", 2, [Way.MAIN]),
    ("king-does-not-kill-ace", "AS KS", 2, "", 1, []),
    ("seven-kills-nothing", "9S 7S 7H", 2, "", 1, []),
    # One below: only the led card while unbeaten, and its chains.
    ("ten-one-below-ace", "AS 10S", 2, "", 2, [Way.ONE_BELOW]),
    ("nine-one-below-jack", "JS 9S", 2, "", 2, [Way.ONE_BELOW]),
    ("chain-K-Q-J", "10S KS QS JS", 2, "", 4, [Way.ONE_BELOW] * 3),
    ("one-below-not-against-a-beater", "9S QS JS", 2, "", 2, [Way.MAIN]),
    ("one-below-after-a-discard", "QS AH JS", 2, "", 3, [Way.ONE_BELOW]),
    ("one-below-holder-killed-in-suit", "KS QS AS", 2, "", 3, [Way.ONE_BELOW, Way.MAIN]),
    # Equal rank: only against the led card (and equal-rank or one-below holders).
    ("equal-rank-beats-led", "9S 9H", 2, "", 2, [Way.EQUAL]),
    ("last-equal-rank-wins", "9S 9H 9D", 2, "", 3, [Way.EQUAL, Way.EQUAL]),
    ("equal-rank-not-against-main", "9S JS 9H", 2, "", 2, [Way.MAIN]),
    ("equal-rank-over-one-below", "JS 9S JH", 2, "", 3, [Way.ONE_BELOW, Way.EQUAL]),
    ("main-suit-over-equal-rank", "9S 9H JS", 2, "", 3, [Way.EQUAL, Way.MAIN]),
    ("no-one-below-after-equal-rank", "JS JH 9S", 2, "", 2, [Way.EQUAL]),
    # The eight of another suit changes the main suit.
    ("off-suit-eight-kills-ace", "AS 8H", 2, "", 2, [Way.EIGHT]),
    ("off-suit-eight-kills-queen", "QS 8H", 2, "", 2, [Way.EIGHT]),
    ("queen-of-the-eights-suit-no-led-check", "AS 8H QH", 2, "", 3, [Way.EIGHT, Way.MAIN]),
    ("ace-of-new-main-suit-cannot-kill-eight", "AS 8H AH", 2, "", 2, [Way.EIGHT]),
    ("another-eight", "AS 8H 8D", 2, "", 3, [Way.EIGHT, Way.EIGHT]),
    ("main-suit-eight-then-off-suit-eight", "JS 8S 8H", 2, "", 3, [Way.MAIN, Way.EIGHT]),
    # The led-card check while the original main suit stands.
    ("led-check-back-to-leader", "6S QS KS", 2, "", 1, [Way.MAIN]),
    ("led-check-passed", "9S QS KS", 2, "", 3, [Way.MAIN, Way.MAIN]),
    # Option 3: one trump suit for everyone; a trump beats only a lower rank.
    ("trump-above-led", "9S JH", 3, "H", 2, [Way.TRUMP]),
    ("trump-9-cannot-beat-king", "KS 9C", 3, "C", 1, []),
    ("trump-10-beats-king", "KS 10C", 3, "C", 2, [Way.TRUMP]),
    ("trump-queen-below-ten", "10S QH", 3, "H", 1, []),
    ("plain-main-cannot-beat-trump-opt3", "9S JH AS", 3, "H", 2, [Way.TRUMP]),
    ("higher-trump-same-suit", "9S JH QH", 3, "H", 3, [Way.TRUMP, Way.TRUMP]),
    ("lower-trump-same-suit", "9S QH JH", 3, "H", 2, [Way.TRUMP]),
    ("trump-six-kills-trump-jack", "9S JH 6H", 3, "H", 3, [Way.TRUMP, Way.TRUMP]),
    ("trump-six-cannot-kill-trump-queen", "9S QH 6H", 3, "H", 2, [Way.TRUMP]),
    ("plain-equal-rank-beats-led-trump", "9H 9S", 3, "H", 2, [Way.EQUAL]),
    ("equal-rank-trump-stands", "9S 9H 9D JH JS", 3, "H", 2, [Way.EQUAL_TRUMP]),
    ("trump-above-equal-rank-holder", "9S 9D JH", 3, "H", 3, [Way.EQUAL, Way.TRUMP]),
    ("low-trump-under-equal-rank", "9S 9D 7H", 3, "H", 2, [Way.EQUAL]),
    ("trump-does-not-beat-an-eight", "AS 8D AH", 3, "H", 2, [Way.EIGHT]),
    ("trump-above-one-below-and-led", "KS QS 10H", 3, "H", 3, [Way.ONE_BELOW, Way.TRUMP]),
    ("trump-below-led-over-one-below", "KS QS JH", 3, "H", 2, [Way.ONE_BELOW]),
    ("trump-above-main-holder", "9S JS QH", 3, "H", 3, [Way.MAIN, Way.TRUMP]),
    ("trump-below-main-holder", "9S AS KH", 3, "H", 2, [Way.MAIN]),
    # Seed 003, option 3: "regular cards do not beat trump cards", not even the plain 8.
    ("plain-eight-does-not-beat-a-trump", "9H 8S", 3, "H", 1, []),
    ("trump-does-not-beat-a-main-suit-eight", "JS 8S 10H", 3, "H", 2, [Way.MAIN]),
    # Option 1: a trump suit per player, in playing order.
    ("opt1-main-suit-over-trump", "9S JH AS", 1, "C H D", 3, [Way.TRUMP, Way.MAIN]),
    ("opt1-other-players-higher-trump", "9S JH QC", 1, "S H C", 3, [Way.TRUMP, Way.TRUMP]),
    ("opt1-not-my-trump", "9S JC", 1, "S H", 1, []),
    # The holder took by equal rank with a 6 of my trump suit: the kill table decides.
    ("opt1-trump-nine-cannot-kill-own-suit-six", "6S 6C 9C", 1, "S H C", 2, [Way.EQUAL]),
    ("opt1-trump-queen-kills-own-suit-six", "6S 6C QC", 1, "S H C", 3, [Way.EQUAL, Way.TRUMP]),
    ("opt1-main-over-equal-rank-trump", "9S 9H JS", 1, "D H C", 3,
     [Way.EQUAL_TRUMP, Way.MAIN]),
    # The booklet's trick 3 (Vera 9D, Anna 9S her trump, then Boris): seed 003 "A card of
    # the same value can only be interrupted by the main card" (row moves:led-rank-trump).
    # The 6D beats the led 9 without being above it, and an 8 of another suit beats any
    # holder; Boris's trump jack does not.
    ("opt1-six-of-main-suit-over-equal-rank-trump", "9D 9S 6D", 1, "H S C", 3,
     [Way.EQUAL_TRUMP, Way.MAIN]),
    ("opt1-off-suit-eight-over-equal-rank-trump", "9D 9S 8H", 1, "H S C", 3,
     [Way.EQUAL_TRUMP, Way.EIGHT]),
    ("opt1-higher-trump-not-over-equal-rank-trump", "9D 9S JC", 1, "H S C", 2,
     [Way.EQUAL_TRUMP]),
    # A led trump (the leader's own suit under option 1): the general rules, "written on
    # the example of a game in which each player has his own trump card", let "a map of
    # the same dignity" beat the led card and except no led trump (our reading, row
    # moves:led-trump; fourth review r-ass, C1: the whole deal's trick 12, Boris's 6C led,
    # Anna's plain 6D). A trump of its rank beats it too; a plain card of another rank
    # only by the main suit.
    ("opt1-plain-equal-rank-over-led-trump", "6C 6D", 1, "C S", 2, [Way.EQUAL]),
    ("opt1-trump-equal-rank-over-led-trump", "9C 9S", 1, "C S", 2, [Way.EQUAL_TRUMP]),
    ("opt1-plain-off-suit-not-over-led-trump", "9C JD", 1, "C S", 1, []),
    # Option 2: no trumps.
    ("opt2-off-suit-is-a-discard", "9S JH", 2, "", 1, []),
    # Option 4: two trump suits.
    ("opt4-second-trump-suit", "10S KH AD", 4, "H D", 3, [Way.TRUMP]),
    ("opt4-higher-rank-other-trump-suit", "9S JH QD", 4, "H D", 3, [Way.TRUMP, Way.TRUMP]),
    # Option 5: spades senior, diamonds junior, hearts and clubs plain.
    ("opt5-senior-over-junior", "9H JD QS", 5, "", 3, [Way.TRUMP, Way.TRUMP]),
    ("opt5-junior-cannot-beat-senior", "9H QS KD", 5, "", 2, [Way.TRUMP]),
    ("opt5-plain-cannot-beat-junior-lead", "9D JH", 5, "", 1, []),
    ("opt5-junior-cannot-kill-senior-lead", "9S JD", 5, "", 1, []),
    ("opt5-equal-rank-any-tier", "9S 9H", 5, "", 2, [Way.EQUAL]),
]


@pytest.mark.parametrize("cards, option, suits, winner, ways",
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_trick(cards, option, suits, winner, ways):
    trick = resolve(parse_cards(cards), setup(option, suits))
    assert trick.winner == winner
    assert str(trick.card) == cards.split()[winner - 1]
    assert [s.way for s in trick.steps[1:] if s.took] == ways
    # Every step says why, naming its card.
    for step, card in zip(trick.steps, cards.split()):
        assert str(step.card) == card and card in step.reason


def test_there_are_at_least_30_cases_and_every_option_is_covered():
    assert len(CASES) >= 30
    assert {c[2] for c in CASES} == {1, 2, 3, 4, 5}
    taken = {w for c in CASES for w in c[5]}
    assert taken == set(Way) - {Way.LED}


def test_holder_after_each_card_and_the_main_suit_change():
    trick = resolve(parse_cards("AS 8H QH 9H"))
    assert [s.holder for s in trick.steps] == [1, 2, 3, 3]
    assert [s.main_suit for s in trick.steps] == [S, H, H, H]
    assert "main suit becomes H" in trick.steps[1].reason


def test_led_check_sends_the_trick_back_to_the_leader_unless_switched_off():
    trick = resolve(parse_cards("6S QS KS"))
    assert [s.holder for s in trick.steps] == [1, 2, 1]
    assert "back to the leader" in trick.steps[2].reason
    ignored = resolve(parse_cards("6S QS KS"),
                      rules=AssRules(led_check_failure=LedCheckFailure.IGNORE))
    assert ignored.winner == 2


def test_switches_change_their_rule():
    assert resolve(parse_cards("AS KS")).winner == 1
    assert resolve(parse_cards("AS KS"), rules=AssRules(king_kills_ace=True)).winner == 2
    trump_h = setup(3, "H")
    assert resolve(parse_cards("9H 8S"), trump_h).winner == 1
    assert resolve(parse_cards("9H 8S"), trump_h,
                   rules=AssRules(eight_beats_trumps=True)).winner == 2
    opt5 = setup(5)
    assert resolve(parse_cards("JD 9S"), opt5).winner == 1
    assert resolve(parse_cards("JD 9S"), opt5,
                   rules=AssRules(higher_tier_beats_any_rank=True)).winner == 2


@pytest.mark.parametrize("cards, message", [
    ("5S 6S", "5S is not in the 36-card pack"),
    ("6S 9H 6S", "6S is played twice"),
    ("6S", "2 to 6; got 1"),
    ("6S 7S 8S 9S 10S JS QS", "2 to 6; got 7"),
])
def test_bad_tricks(cards, message):
    with pytest.raises(ValueError, match=message):
        resolve(parse_cards(cards))


def test_trump_setups_check_their_suits():
    with pytest.raises(ValueError, match="takes 1 trump suit, got 2"):
        setup(3, "H D")
    with pytest.raises(ValueError, match="takes 2 trump suits, got 1"):
        setup(4, "H")
    with pytest.raises(ValueError, match="each trump suit once"):
        setup(1, "H H")
    with pytest.raises(ValueError, match="one trump suit per player"):
        resolve(parse_cards("9S JH AS"), setup(1, "C H"))


# --- legal plays -----------------------------------------------------------------------

def test_a_player_who_does_not_beat_must_follow_the_main_suit():
    hand = parse_cards("7S QH")
    led = parse_cards("AS")
    assert "discard that suit" in play_problem(hand, led, parse_cards("QH")[0])
    assert play_problem(hand, led, parse_cards("7S")[0]) is None
    assert play_problem(parse_cards("QH KD"), led, parse_cards("QH")[0]) is None


def test_an_off_suit_eight_beats_only_from_a_hand_void_in_the_main_suit():
    led = parse_cards("AS")
    problem = play_problem(parse_cards("7S 8H"), led, parse_cards("8H")[0])
    assert problem and "no card of the main suit S" in problem and "7S" in problem
    assert play_problem(parse_cards("8H KD"), led, parse_cards("8H")[0]) is None


def test_legal_plays_follow_the_current_main_suit():
    assert legal_plays(parse_cards("7S 9S QH"), parse_cards("JS")) == parse_cards("7S 9S")
    # After the eight of hearts the main suit is hearts.
    assert legal_plays(parse_cards("QH 7S 9D"), parse_cards("AS 8H")) == parse_cards("QH")
    assert play_problem(parse_cards("7S"), parse_cards("AS"), parse_cards("KS")[0]) == \
        "KS is not in the hand"


def test_a_player_who_could_beat_may_discard_instead():
    """Seed 003 says the led card 'is necessary to kill' but also 'If the player does not
    hit, then he must throw off any card of the same suit, if any', with no exception for
    one who could beat: beating is a choice (our reading, sources row
    moves:beating-optional, printed in the Ass chapter)."""
    # 9S beats the led JS (one below) and AS beats it by rank; 7S does not beat: a discard.
    assert legal_plays(parse_cards("9S 7S AS"), parse_cards("JS")) == parse_cards("9S 7S AS")
    # Void in diamonds, the second player's trump 10C beats the led KD; 7H may still go.
    assert resolve(parse_cards("KD 10C")).steps[-1].took
    assert not resolve(parse_cards("KD 7H")).steps[-1].took
    assert legal_plays(parse_cards("10C 7H"), parse_cards("KD")) == parse_cards("10C 7H")


# --- scoring ---------------------------------------------------------------------------

def test_card_points_are_46_a_suit():
    assert card_points(full_pack(6)) == 184
    assert [POINTS[r] for r in ORDER] == [-1, 0, 16, 0, 1, 3, 5, 10, 12]


def test_a_four_player_deal():
    taken = [parse_cards("8S AS 10S KS 8H AH 10H"), [], parse_cards("6S"),
             parse_cards("QS JS")]
    result = score_deal(taken, [True, False, True, False])
    rows = [(p.points, p.target, p.reached, p.change, p.banks) for p in result.players]
    assert rows == [(81, 68, True, -1, 2), (0, 92, False, 0, 3), (-1, 68, False, 1, 4),
                    (4, 92, False, 0, 3)]
    assert not result.game_over


def test_targets_by_players_and_the_six_player_switch():
    # Seed 003: "When playing six - go → 92 points, no → 128 points", as printed; the +24
    # pattern of the other rows (116) is a switch.
    for players, low, high in ((2, 44, 68), (3, 56, 80), (4, 68, 92), (5, 80, 104),
                               (6, 92, 128)):
        result = score_deal([[]] * players, [True] + [False] * (players - 1))
        assert (result.players[0].target, result.players[1].target) == (low, high)
    pattern = AssRules(six_player_target=116)
    assert score_deal([[]] * 6, [False] * 6, rules=pattern).players[0].target == 116


def test_the_game_ends_with_no_banks_or_six():
    cleared = score_deal([parse_cards("8S 8H 8D AS AH"), []], [True, False], banks=[1, 3])
    assert cleared.game_over and cleared.winners == (1,)
    lost = score_deal([[], parse_cards("8S")], [True, False], banks=[5, 3])
    assert lost.lost == (1,) and lost.game_over and lost.winners == (2,)
    everyone = score_deal([[], []], [True, True], banks=[5, 5])
    assert everyone.lost == (1, 2) and not everyone.game_over
    # Seed 003: with everyone at six, play goes on until a bank is dropped or added and the
    # banks differ; then the fewest win. Player 1 misses again (7), player 2 drops one (5).
    apart = score_deal([[], parse_cards("8S 8H 8D 8C AS AH AD AC 10S 10H")], [True, True],
                       banks=[6, 6])
    assert [p.banks for p in apart.players] == [7, 5]
    assert apart.game_over and apart.winners == (2,)
    # One goes to seven and the other stays at six: the banks differ, the game is over.
    seven = score_deal([[], []], [True, False], banks=[6, 6])
    assert [p.banks for p in seven.players] == [7, 6]
    assert seven.game_over and seven.winners == (2,)


@pytest.mark.parametrize("taken, committed, banks, message", [
    ([parse_cards("8S"), parse_cards("8S")], [True, True], None, "8S is taken twice"),
    ([[]], [True], None, "2 to 6 players, got 1"),
    ([[], []], [True], None, "2 players took cards, but 1 commitments"),
    ([parse_cards("5S"), []], [True, True], None, "not in the 36-card pack"),
    ([[], []], [True, True], [0, 3], "player 1 has 0 banks"),
])
def test_bad_scores(taken, committed, banks, message):
    with pytest.raises(ValueError, match=message):
        score_deal(taken, committed, banks)


@pytest.mark.parametrize("name", ["tables", "rules", "trick", "play", "score"])
def test_doctests(name):
    module = importlib.import_module(f"generator.ass.{name}")
    assert doctest.testmod(module).failed == 0


def test_any_card_may_be_led_and_option_1_reads_the_seats_so_far():
    assert legal_plays(parse_cards("7S QH"), []) == parse_cards("7S QH")
    # Seat 3's trump is hearts: JH beats the 9S as a trump, so it is legal though the
    # hand holds a spade.
    full_table = setup(1, "C D H S")
    assert legal_plays(parse_cards("JH 7S"), parse_cards("9S 7D"), full_table) == \
        parse_cards("JH 7S")
    assert legal_plays(parse_cards("JH 7S"), parse_cards("9S 7D"), setup(2)) == \
        parse_cards("7S")


def test_the_holder_of_the_lowest_diamond_may_lead_any_card():
    """Seed 003: "The first move in the first game belongs to the player who has a card of
    the minimum value of the diamonds" names the leader, not the card: the leader may lead
    any card, not only that diamond (our reading, row deal:first-leader; the booklet's
    first deal has Anna hold the 8D and lead the KD)."""
    hand = parse_cards("8D KD AS 7H")
    assert legal_plays(hand, []) == hand


def test_a_red_suits_sign_in_a_trick_label_prints_red():
    """Issue 39 review (layout): under each card of a worked trick the label "3 Vera ♥" gave
    the player's trump suit in black, though the card above prints hearts red; the sign is
    now set in the cards' red, the rest of the label in ink, the runs side by side."""
    from generator.draw import fonts
    from generator.draw.art.traditional import BLACK, RED, suit_signed_text
    from generator.draw.scene import runs_of

    label = runs_of(suit_signed_text(50.0, 10.0, "3 Vera ♥", 3.6, "#222222"), fonts.measure)
    assert [(t.text, t.fill) for t in label] == [("3 Vera ", "#222222"), ("♥", RED)]
    whole = fonts.measure("3 Vera ♥", "regular", 3.6)
    assert label[0].x == pytest.approx(50.0 - whole / 2, abs=1e-3)
    assert label[1].x == pytest.approx(label[0].x + fonts.measure("3 Vera ", "regular", 3.6),
                                       abs=1e-3)
    plain = suit_signed_text(0, 0, "2 Boris ♣", 3.6, BLACK)
    assert plain.runs() == [("2 Boris ♣", BLACK)]
