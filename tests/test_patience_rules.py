"""Hand-made positions for each rule of the three patiences: what is legal, what is refused
and why, and what a move leaves on the table."""
from __future__ import annotations

import pytest

from generator.errors import PatienceError
from generator.patience import Patience, PatienceMove, State, patience
from generator.patience import cards as C
from generator.patience.besieged import ORDER
from generator.patience.empress import BLACK_UP, RED_DOWN
from generator.patience.engine import PatienceMoveKind


def table(game: Patience, piles: dict[str, str], redeals: int = 0) -> State:
    """A position with the given slots (cards bottom first) and every other slot empty."""
    out: list[tuple[int, ...]] = [()] * len(game.tableau.slots)
    for slot_id, text in piles.items():
        out[game.index[slot_id]] = tuple(C.code(c) for c in
                                         __import__("generator.model.traditional", fromlist=[
                                             "parse_cards"]).parse_cards(text))
    return State(tuple(out), redeals)


def ok(game: Patience, state: State, move: str) -> State:
    after = game.attempt(state, PatienceMove.parse(move))
    assert isinstance(after, State), after
    if not move.endswith(">F"):  # the shorthand F is listed as the foundation it names
        assert PatienceMove.parse(move) in game.legal_moves(state)
    return after


def refused(game: Patience, state: State, move: str) -> str:
    reason = game.attempt(state, PatienceMove.parse(move))
    assert isinstance(reason, str), f"{move} was allowed"
    assert PatienceMove.parse(move) not in game.legal_moves(state)
    return reason


def cards(game: Patience, state: State, slot: str) -> str:
    return " ".join(game.cards(state, slot))


# --- La Nivernaise --------------------------------------------------------------------------

@pytest.fixture
def niv() -> Patience:
    return patience("nivernaise")


def test_nivernaise_foundations_start_with_ace_and_king_of_their_row(niv):
    state = table(niv, {"LF1": "AS", "LF2": "KS", "RF1": "AH", "L1": "5C 2S",
                        "stock": "3C"})
    assert "spades only" in refused(niv, state, "RF1>FA1")
    assert "starts with a king" in refused(niv, state, "LF1>FK1")
    state = ok(niv, state, "LF1>FA1")
    state = ok(niv, state, "LF2>FK1")
    state = ok(niv, state, "L1>FA1")
    assert cards(niv, state, "FA1") == "AS 2S" and cards(niv, state, "FK1") == "KS"
    assert "starts with an ace" in refused(niv, state, "L1>FA2")
    assert "FA1 takes spades only, not 5C" in refused(niv, state, "L1>FA1")


def test_nivernaise_king_pile_builds_down_to_the_ace(niv):
    state = table(niv, {"FK3": "KH QH", "LF1": "JH", "LF2": "10H", "stock": "2C"})
    assert "10H does not follow QH" in refused(niv, state, "LF2>FK3")
    state = ok(niv, state, "LF1>FK3")
    assert cards(niv, ok(niv, state, "LF2>FK3"), "FK3") == "KH QH JH 10H"


def test_nivernaise_exchange_moves_one_card_between_a_suits_piles(niv):
    state = table(niv, {"FA2": "AC 2C 3C 4C 5C", "FK2": "KC QC JC 10C 9C 8C 7C 6C",
                        "FA1": "AS 2S", "FK1": "KS", "stock": "9D"})
    after = ok(niv, state, "FA2>FK2")
    assert cards(niv, after, "FA2") == "AC 2C 3C 4C"
    assert cards(niv, after, "FK2").endswith("6C 5C")
    assert cards(niv, ok(niv, after, "FK2>FA2"), "FA2").endswith("4C 5C")
    assert "own suit" in refused(niv, state, "FA2>FK1")
    assert "does not follow" in refused(niv, state, "FA1>FK1")
    off = patience("nivernaise", {"exchange": "false"})
    assert "switched off" in refused(off, state, "FA2>FK2")


def test_nivernaise_flank_gaps_are_filled_from_stock_or_line_never_built_on(niv):
    state = table(niv, {"LF1": "9D", "L1": "3C 4C", "stock": "7H 8H"})
    assert "never built on" in refused(niv, state, "L1>LF1")
    assert "must first fill a flank gap" in refused(niv, state, "stock>FA3")
    after = ok(niv, state, "stock>LF2")
    assert cards(niv, after, "LF2") == "8H" and cards(niv, after, "stock") == "7H"
    after = ok(niv, after, "L1>RF4")
    assert cards(niv, after, "RF4") == "4C" and cards(niv, after, "L1") == "3C"
    assert "stock or from a Line top" in refused(niv, table(niv, {"LF1": "9D"}), "LF1>LF2")


def test_nivernaise_an_emptied_packet_gets_four_new_cards_at_once(niv):
    state = table(niv, {"L2": "AD", "L3": "9C 8C", "stock": "2H 3H 4H 5H 6H 7H"})
    after = ok(niv, state, "L2>FA4")
    # The top stock card is dealt first, so it lies at the bottom of the new packet.
    assert cards(niv, after, "L2") == "7H 6H 5H 4H"
    assert cards(niv, after, "stock") == "2H 3H"
    # A single card taken off a packet is not replaced.
    assert cards(niv, ok(niv, after, "L3>LF1"), "L3") == "9C"


def test_nivernaise_deal_puts_four_cards_on_every_packet_as_far_as_the_stock_goes():
    """Row deal:short-stock (our reading), under the house switch deal_whole_round: one
    ``deal`` lays the round, four cards a packet from the left while the stock lasts."""
    whole = patience("nivernaise", {"deal_whole_round": "true"})
    stock = " ".join(f"{r}S" for r in range(2, 11)) + " JD QD KD"  # 12 cards, KD on top
    state = table(whole, {"L1": "AC", "L4": "AH", "stock": stock})
    after = ok(whole, state, "deal")
    assert cards(whole, after, "L1") == "AC KD QD JD 10S"
    assert cards(whole, after, "L2") == "9S 8S 7S 6S"
    assert cards(whole, after, "L3") == "5S 4S 3S 2S"
    assert cards(whole, after, "L4") == "AH" and cards(whole, after, "stock") == ""
    assert "stock is out; redeal" in refused(whole, after, "deal")


def test_nivernaise_deals_a_round_packet_by_packet_as_far_as_the_stock_goes(niv):
    """Seed 004, «Нивернезъ»: «выкладывая новый рядъ пачекъ, останавливаются»: each
    ``deal`` lays one packet's four cards, from the left; a short stock (row
    deal:short-stock) ends the round at the packet it runs out on, and the next round
    starts again at L1."""
    stock = " ".join(f"{r}S" for r in range(2, 11)) + " JD QD KD"  # 12 cards, KD on top
    state = table(niv, {"L1": "AC", "L4": "AH", "stock": stock})
    after = ok(niv, state, "deal")
    assert cards(niv, after, "L1") == "AC KD QD JD 10S"
    assert cards(niv, after, "L2") == ""
    assert cards(niv, after, "stock") == "2S 3S 4S 5S 6S 7S 8S 9S"
    after = ok(niv, ok(niv, after, "deal"), "deal")
    assert cards(niv, after, "L2") == "9S 8S 7S 6S"
    assert cards(niv, after, "L3") == "5S 4S 3S 2S"
    assert cards(niv, after, "L4") == "AH" and cards(niv, after, "stock") == ""
    assert "stock is out; redeal" in refused(niv, after, "deal")
    # A round cut short by the stock: once the stock has cards again (after the redeal),
    # the next round starts on L1, not where the last one stopped.
    assert niv.key(after) == niv.key(State(after.piles, after.redeals, 0))


#: Seed 004, «Нивернезъ»: «Но выкладывая новый рядъ пачекъ, останавливаются, осматриваютъ
#: линію (правило II) и Фланги и играютъ всѣ подходящія карты.» The round's stock, top card
#: first: packet L1 gets 5D-8D, packet L2 9D 10D JD and the 2S on top, then L3-L6.
ROUND = ("5D 6D 7D 8D  9D 10D JD 2S  4H 5H 6H 7H  8H 9H 10H JH  4C 5C 6C 7C  8C 9C 10C JC"
         "  QC QH")
ROUND_TABLE = {"FA1": "AS", "L1": "9S", "L2": "10S", "L3": "2H 3S", "L4": "JS", "L5": "QS",
               "L6": "8S", "stock": " ".join(reversed(ROUND.split()))}


def test_nivernaise_a_card_that_fits_mid_round_is_played_before_the_next_packet(niv):
    """Seed 004 (ROUND above): while laying a new round the player stops and plays what
    fits (our reading, row deal:packet-by-packet: after each packet). The second packet
    puts the 2S on L2; it goes up, and so does the 3S on L3, before the third packet
    covers it."""
    state = table(niv, ROUND_TABLE)
    after = ok(niv, state, "deal")
    assert cards(niv, after, "L1") == "9S 5D 6D 7D 8D" and cards(niv, after, "L2") == "10S"
    after = ok(niv, after, "deal")
    assert cards(niv, after, "L2") == "10S 9D 10D JD 2S" and cards(niv, after, "L3") == "2H 3S"
    after = ok(niv, ok(niv, after, "L2>FA1"), "L3>FA1")
    assert cards(niv, after, "FA1") == "AS 2S 3S"
    # The round goes on at the third packet, not at L1.
    after = ok(niv, after, "deal")
    assert cards(niv, after, "L3") == "2H 4H 5H 6H 7H" and cards(niv, after, "L1") == \
        "9S 5D 6D 7D 8D"
    for _ in range(3):
        after = ok(niv, after, "deal")
    assert cards(niv, after, "L6") == "8S 8C 9C 10C JC" and cards(niv, after, "stock") == \
        "QH QC"
    # The round is over: the next deal starts a new one on L1.
    assert cards(niv, ok(niv, after, "deal"), "L1") == "9S 5D 6D 7D 8D QC QH"


def test_nivernaise_deal_whole_round_switch_lays_all_six_packets_at_once():
    """The house switch deal_whole_round (never the default): the round of ROUND above is
    laid as one move, so the 3S is covered before the 2S can go up and pull it after."""
    whole = patience("nivernaise", {"deal_whole_round": "true"})
    after = ok(whole, table(whole, ROUND_TABLE), "deal")
    assert cards(whole, after, "L3") == "2H 3S 4H 5H 6H 7H"
    assert cards(whole, after, "L6") == "8S 8C 9C 10C JC"
    after = ok(whole, after, "L2>FA1")
    assert "3S" not in cards(whole, after, "FA1")
    assert "takes spades only, not 7H" in refused(whole, after, "L3>FA1")


def test_nivernaise_redeal_gathers_the_line_from_the_left_once(niv):
    state = table(niv, {"L1": "2S 3S", "L2": "4S 5S 6S", "L6": "7S", "stock": "9D"})
    assert "stock still has 1" in refused(niv, state, "redeal")
    state = table(niv, {"L1": "2S 3S", "L2": "4S 5S 6S", "L6": "7S"})
    after = ok(niv, state, "redeal")
    # Picked up from the left and turned over: the left packet's bottom card comes first.
    assert cards(niv, after, "L1") == "2S 3S 4S 5S"
    assert cards(niv, after, "L2") == "6S 7S"
    assert after.redeals == 1
    emptied = table(niv, {"L1": "2S"}, redeals=1)
    assert "no redeal left" in refused(niv, emptied, "redeal")
    twice = patience("nivernaise", {"redeals": "2"})
    assert isinstance(twice.attempt(emptied, PatienceMove.parse("redeal")), State)


def test_nivernaise_is_won_with_all_104_cards_up(niv):
    up = " ".join(f"{r}{s}" for r in ["A", *range(2, 11), "J", "Q", "K"] for s in "S")
    piles = {}
    for row, suit in enumerate("SCHD", start=1):
        ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
        piles[f"FA{row}"] = " ".join(f"{r}{suit}" for r in ranks)
        piles[f"FK{row}"] = " ".join(f"{r}{suit}" for r in reversed(ranks))
    assert up.startswith("AS 2S")
    state = table(niv, piles)
    assert niv.won(state) and not niv.stuck(state) and niv.conservation(state) == []


def test_nivernaise_stuck_when_no_move_is_left(niv):
    state = table(niv, {**{f"LF{r}": "5C" for r in range(1, 5)},
                        **{f"RF{r}": "5D" for r in range(1, 5)}, "L1": "9H"}, redeals=1)
    assert niv.legal_moves(state) == [] and niv.stuck(state)


# --- The Empress of India -------------------------------------------------------------------

@pytest.fixture
def emp() -> Patience:
    return patience("empress-of-india")


@pytest.fixture
def cadogan() -> Patience:
    """The Empress with the house switch on: pairing in advance (Cadogan's variant)."""
    return patience("empress-of-india", {"advance_pairing": "true"})


def empress_table(emp: Patience, **extra: str) -> State:
    piles = {f"AD{i}": "AS" if i % 2 else "AC" for i in range(1, 9)}
    piles |= {f"GE{i}": "KH" if i % 2 else "KD" for i in range(1, 9)}
    piles |= {k.replace("_", ""): v for k, v in extra.items()}
    return table(emp, piles)


def test_empress_foundation_orders_skip_the_removed_ranks():
    assert BLACK_UP[-3:] == (10, 11, 13)  # black: 10 J K, no queen
    assert RED_DOWN[:3] == (13, 12, 10)   # red: K Q 10, no jack
    assert len(BLACK_UP) == len(RED_DOWN) == 12


def test_empress_first_pair_is_a_black_two_and_a_red_queen(emp):
    state = empress_table(emp, A1="QH", A2="10H", N1="2S", N2="3S", red="5H 9D",
                          black="4C 6C")
    after = ok(emp, state, "A1+N1")
    assert cards(emp, after, "GE1") == "KH QH" and cards(emp, after, "AD1") == "AS 2S"
    # Gaps are refilled at once from each colour's talon.
    assert cards(emp, after, "A1") == "9D" and cards(emp, after, "N1") == "6C"
    assert "10H fits no foundation yet" in refused(emp, state, "A2+N1")
    assert "3S fits no foundation yet" in refused(emp, state, "A1+N2")
    assert "one Army card" in refused(emp, state, "N1+N2")
    assert "single card" in refused(emp, state, "A1>F")


def test_empress_skipped_ranks_follow_each_other(emp):
    state = empress_table(emp, AD1="AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
                          GE1="KH QH", A1="10H", N1="JS")
    after = ok(emp, state, "A1+N1")
    assert cards(emp, after, "GE1").endswith("QH 10H")
    state = empress_table(emp, AD1="AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", GE1="KH QH 10H",
                          A1="9H", N1="KS")
    assert cards(emp, ok(emp, state, "A1+N1"), "AD1").endswith("JS KS")


def test_empress_pair_goes_to_the_foundations_at_once_under_the_seed_rule(emp):
    """Seed 004, «Индійская императрица»: the pair made of an Army card and a Fleet card
    «не могутъ быть впослѣдствіи раздѣлены, а должны быть немедленно положены на
    соотвѣтствующія основанія». By default one move puts both cards up and refills both
    cells; laying a card on another to wait as a couple is refused, naming the switch."""
    state = empress_table(emp, A1="QD", A2="5H", N1="2C", N2="7S", red="8H", black="9S")
    played = ok(emp, state, "A1+N1")
    assert cards(emp, played, "GE2") == "KD QD" and cards(emp, played, "AD2") == "AC 2C"
    assert cards(emp, played, "A1") == "8H" and cards(emp, played, "N1") == "9S"
    assert emp.on_foundations(played) == emp.on_foundations(state) + 2
    why = refused(emp, state, "A1/N1")
    assert "at once" in why and "house switch advance_pairing" in why and "\n" not in why
    assert "house switch advance_pairing" in refused(emp, state, "N2/A2")
    assert "5H fits no foundation yet" in refused(emp, state, "A2+N2")
    assert not any(m.kind is PatienceMoveKind.LAY for m in emp.legal_moves(state))


def test_empress_couples_laid_in_advance_stay_together_with_the_switch(cadogan):
    """Cadogan's variant beyond seed 004 (the research notes' reading of his English
    original): with ``advance_pairing`` on, ``A5/N7`` lays a card to wait as a couple,
    which never parts and goes up later with ``N7>F``; still each card is paired once
    («Каждая карта можетъ быть спарована только однажды»)."""
    state = empress_table(cadogan, A1="QD", A2="5H", N1="2C", N2="7S", red="8H")
    laid = ok(cadogan, state, "A2/N2")
    assert cards(cadogan, laid, "N2") == "7S 5H" and cards(cadogan, laid, "A2") == "8H"
    assert "already paired" in refused(cadogan, laid, "A1/N2")
    assert "already paired" in refused(cadogan, laid, "A1+N2")
    assert "fits no foundation" in refused(cadogan, laid, "N2>F")
    couple = ok(cadogan, ok(cadogan, state, "A1/N1"), "N1>F")
    assert cards(cadogan, couple, "GE2") == "KD QD" and cards(cadogan, couple, "AD2") == "AC 2C"


def test_empress_gap_is_refilled_from_the_stock_when_the_talon_is_empty(emp):
    """Seed 004, «Индійская императрица», rule II: a gap is filled «картами той-же масти
    изъ талона, а если нѣтъ талона, то изъ колоды», and the cards «которыя не требуются для
    занятія свободныхъ мѣстъ, складываются въ двѣ пачки» (sources row moves:refill-stock):
    the stock is turned until a red card comes; the black ones on the way go to their talon."""
    state = empress_table(emp, A1="QH", N1="2S", black="9C", stock="4H 6S 5S")
    after = ok(emp, state, "A1+N1")
    assert cards(emp, after, "A1") == "4H"
    assert cards(emp, after, "N1") == "6S"  # from the black talon's new top
    assert cards(emp, after, "black") == "9C 5S"
    assert cards(emp, after, "stock") == ""


def test_empress_deal_turns_the_stock_onto_the_two_talons(emp):
    state = empress_table(emp, A1="5H", N1="5S", stock="2H 3S 4D 5C")
    after = ok(emp, state, "deal")
    assert cards(emp, after, "red") == "4D 2H" and cards(emp, after, "black") == "5C 3S"
    assert "stock is out" in refused(emp, after, "deal")
    assert "no redeal" in refused(emp, state, "redeal")


def test_empress_deals_out_the_stock_only_when_no_pair_fits(emp):
    """Seed 004, «Индійская императрица»: «Когда сыграны всѣ подходящія карты, то
    перебираютъ всю остальную колоду» — the rest of the pack is gone through once all the
    fitting cards have been played (our reading: once no pair can be played). While QH and
    2S make a pair, ``deal`` is refused in one line naming the rule, the pair and the
    switch; once the pair is up and none fits, the deal is played."""
    state = empress_table(emp, A1="QH", A2="5H", N1="2S", N2="7S", red="9H", black="9S",
                          stock="2H 3S 4D 5C")
    why = refused(emp, state, "deal")
    assert "only when no pair fits" in why and "A1+N1" in why and "deal_at_will" in why
    assert "\n" not in why
    assert not any(m.kind is PatienceMoveKind.DEAL for m in emp.legal_moves(state))
    played = ok(emp, state, "A1+N1")
    assert not any(m.kind is PatienceMoveKind.PAIR for m in emp.legal_moves(played))
    after = ok(emp, played, "deal")
    assert cards(emp, after, "red") == "4D 2H" and cards(emp, after, "black") == "5C 3S"
    assert cards(emp, after, "stock") == ""


def test_empress_is_lost_once_no_pair_fits_for_the_deal_changes_nothing(emp):
    """Sources row moves:deal-no-pair: seed 004 goes through the rest of the pack «Когда
    сыграны всѣ подходящія карты»; every gap has been filled at once (rule II) by then, so
    the deal leaves the army and the navy as they were and no pair fits after it either:
    the booklet says the patience is lost when no pair can be played."""
    state = empress_table(emp, A1="5H", A2="9D", N1="7S", N2="JC", stock="2H 3S 4D 5C")
    assert not any(m.kind is PatienceMoveKind.PAIR for m in emp.legal_moves(state))
    after = ok(emp, state, "deal")
    for cell in ("A1", "A2", "N1", "N2"):
        assert cards(emp, after, cell) == cards(emp, state, cell)
    assert emp.legal_moves(after) == []


def test_empress_deals_at_will_with_the_house_switch():
    """The house switch ``deal_at_will`` (off by default; seed 004 deals the rest of the
    pack out «Когда сыграны всѣ подходящія карты») lets the stock be dealt out while a pair
    still fits, as does Cadogan's variant ``advance_pairing``."""
    for switch in ("deal_at_will", "advance_pairing"):
        game = patience("empress-of-india", {switch: "true"})
        state = empress_table(game, A1="QH", N1="2S", stock="2H 3S 4D 5C")
        after = ok(game, state, "deal")
        assert cards(game, after, "red") == "4D 2H" and cards(game, after, "stock") == ""
        assert cards(game, after, "A1") == "QH"  # the pair still waits to be played


def test_empress_is_won_with_sixteen_foundations_of_twelve(emp):
    black = {1: "A", 11: "J", 13: "K"}
    red = {12: "Q", 13: "K", 1: "A"}
    piles = {}
    for i in range(1, 9):
        s = "S" if i % 2 else "C"
        piles[f"AD{i}"] = " ".join(f"{black.get(r, r)}{s}" for r in BLACK_UP)
        s = "H" if i % 2 else "D"
        piles[f"GE{i}"] = " ".join(f"{red.get(r, r)}{s}" for r in RED_DOWN)
    assert emp.won(table(emp, piles))
    assert not emp.won(empress_table(emp))


# --- The Besieged City ------------------------------------------------------------------------

@pytest.fixture
def city() -> Patience:
    return patience("besieged-city")


RAMPARTS = [f"T{c}" for c in (1, 2, 3)] + [f"{side}{r}" for side in "WE" for r in (1, 2, 3, 4)] \
    + [f"S{c}" for c in (1, 2, 3)]


def walled(game: Patience, piles: dict[str, str]) -> State:
    """A Besieged City position whose ramparts, unless given, hold a 9 of diamonds each, so
    that no rampart gap asks to be filled first."""
    return table(game, {**{r: "9D" for r in RAMPARTS}, **piles})


def test_besieged_foundation_order_zigzags_and_ends_on_an_ace():
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    assert " ".join(names.get(r, str(r)) for r in ORDER) == \
        "A K 2 Q 3 J 4 10 5 9 6 8 7 7 8 6 9 5 10 4 J 3 Q 2 K A"


def test_besieged_foundation_takes_its_suit_in_order(city):
    state = table(city, {"W1": "KS AS", "T1": "2S", "E1": "2H", "stock": "AH KS"})
    assert "starts with an ace" in refused(city, state, "T1>F1")
    state = ok(city, state, "W1>F1")
    assert "wants a K next" in refused(city, state, "T1>F1")
    state = ok(city, state, "stock>F1")
    state = ok(city, state, "T1>F1")
    assert cards(city, state, "F1") == "AS KS 2S"
    assert "holds spades" in refused(city, state, "E1>F1")
    assert cards(city, ok(city, state, "stock>F"), "F2") == "AH"


def test_besieged_second_ace_does_not_start_a_second_foundation(city):
    state = table(city, {"F1": "AS", "W1": "AS", "stock": "9D"})
    assert "already holds spades" in refused(city, state, "W1>F2")
    full = " ".join(f"{ {1: 'A', 11: 'J', 12: 'Q', 13: 'K'}.get(r, r)}S" for r in ORDER[:-1])
    state = table(city, {"F1": full, "W1": "AS", "stock": "9D"})
    assert cards(city, ok(city, state, "W1>F1"), "F1").endswith("KS AS")


@pytest.mark.parametrize(("top", "under", "fits"), [
    ("5H", "6H", True), ("6H", "5H", True),      # plain rank, either way
    ("QH", "2H", True), ("2H", "QH", True),      # neighbours in the foundation order
    ("JH", "3H", True), ("AH", "KH", True), ("AH", "2H", True),
    ("KH", "AH", True),                          # foundation neighbours (A K ...)
    ("5H", "6D", False),                         # other suit
    ("5H", "8H", False), ("QH", "3H", True), ("QH", "4H", False),
    ("7H", "7H", True),                          # the turn of the order (switch on)
])
def test_besieged_rampart_packing(city, top, under, fits):
    state = table(city, {"W1": top, "E2": under, "stock": "9D"})
    result = city.attempt(state, PatienceMove.parse("W1>E2"))
    assert isinstance(result, State) is fits, result


def test_besieged_seven_on_seven_is_a_switch(city):
    strict = patience("besieged-city", {"seven_on_seven": "false"})
    state = table(strict, {"W1": "7H", "E2": "7H", "stock": "9D"})
    assert "does not pack" in refused(strict, state, "W1>E2")


#: Seed 004, «Осажденный городъ», rule III: Reserve cards go onto rampart cards "но только на
#: карты, находящіяся по концамъ или сторонамъ той линіи, съ которой онѣ взяты" (only onto
#: those at the ends or sides of the line they are taken from); the seed has no exception.
RULE_III = "rule III"


def test_besieged_reserve_packs_only_on_the_ramparts_closing_its_row_and_column(city):
    """Seed 004, rule III (see RULE_III): R23's line is row 2 (its ends W2, E2) and column 3
    (its sides T3, S3); Cadogan's note puts the 4 of clubs at R11 onto A, B, C or D only."""
    piles = {"R23": "5C", "W2": "6C", "E2": "4C", "T3": "6C", "S3": "6C", "W1": "6C",
             "T1": "6C", "talon": "KD", "stock": "9D"}
    state = walled(city, piles)
    for rampart in ("W2", "E2", "T3", "S3"):
        ok(city, state, f"R23>{rampart}")
    for rampart in ("W1", "T1"):
        assert refused(city, state, f"R23>{rampart}") == (
            f"5C from R23 goes only onto the ramparts at the ends of its own row and column, "
            f"W2, E2, T3 or S3, not {rampart} (rule III)")
    after = ok(city, state, "R23>W2")
    assert cards(city, after, "R23") == "KD"  # refilled from the talon at once
    assert "pass through a rampart" in refused(city, state, "R23>F1")


def test_besieged_a_reserve_card_never_leaves_its_line_by_default(city):
    """Seed 004, rule III (see RULE_III), with no exception: the stock out and most of the
    pack in the talon, or talon and stock both exhausted, a Reserve card is still refused
    on a rampart of another line, naming the card and the rule."""
    for piles in ({"R11": "5C", "S3": "6C", "talon": "9H QS 4D"},   # the stock is out
                  {"R11": "5C", "S3": "6C"}):                        # and the talon too
        state = walled(city, piles)
        assert refused(city, state, "R11>S3") == (
            "5C from R11 goes only onto the ramparts at the ends of its own row and column, "
            "W1, E1, T1 or S1, not S3 (rule III)")


def test_besieged_house_swaps_let_the_reserve_reach_any_rampart_once_the_stock_is_out():
    """The house rule, looser than seed 004's rule III (see RULE_III), is a switch that is
    off by default: with it, once the stock is out, a Reserve card packs on any rampart,
    the talon still full."""
    house = patience("besieged-city", {"house_swaps": "true"})
    state = walled(house, {"R11": "5C", "S3": "6C", "talon": "9H QS 4D"})
    after = ok(house, state, "R11>S3")
    assert cards(house, after, "R11") == "4D"
    with_stock = walled(house, {"R11": "5C", "S3": "6C", "stock": "9H"})
    assert refused(house, with_stock, "R11>S3").endswith(
        "(rule III); the Reserve cards change places only once the stock is out")


def test_besieged_transposition_comes_only_once_talon_and_stock_are_exhausted():
    """Cadogan's transposition (other_games.md 2.3: "when the talon is exhausted and all
    the cards have been dealt", not in seed 004, so a variant switch): refused while the
    talon holds a card, allowed once talon and stock are both out."""
    cadogan = patience("besieged-city", {"transposition": "true"})
    talon_left = walled(cadogan, {"R11": "5C", "S3": "6C", "talon": "9H"})
    assert refused(cadogan, talon_left, "R11>S3").endswith(
        "(rule III); the Reserve cards change places only once the talon and the stock are "
        "both exhausted")
    ok(cadogan, walled(cadogan, {"R11": "5C", "S3": "6C"}), "R11>S3")


def test_besieged_transposition_is_a_choice_not_a_duty():
    """Cadogan: stuck Reserve cards *may* be transposed. A gap whose line is empty need not
    be filled, with the switch or without (seed 004, rule IV fills a gap only "изъ того
    ряда" at whose end it is); with the switch another line's card may fill it."""
    piles = {"W1": "", "R32": "8S", "R41": "JH", "E2": "AS", "stock": ""}
    for switches in ({}, {"transposition": "true"}):
        game = patience("besieged-city", switches)
        state = walled(game, piles)
        moves = {str(m) for m in game.legal_moves(state)}
        assert "E2>F1" in moves  # play goes on with W1 empty
        after = ok(game, state, "E2>F1")  # and E2's line holds no card either: no duty
        assert "E2>F1" not in {str(m) for m in game.legal_moves(after)}
        if switches:
            assert {"R32>W1", "R41>W1"} <= moves
        else:
            assert "R32>W1" not in moves
            assert "rule III" in refused(game, state, "R32>W1")


def test_besieged_with_transposition_a_full_enough_reserve_still_fills_a_gap_first():
    """Rule IV's gap is filled before anything else when the Reserve holds more cards than
    the places off the gap's line (ten cards and nine places off row 1): one of them is in
    row 1 however they are placed, and any of them may fill it."""
    cadogan = patience("besieged-city", {"transposition": "true"})
    reserve = {f"R{r}{c}": "8S" for r in (1, 2, 3, 4) for c in (1, 2, 3)}
    del reserve["R11"], reserve["R12"]
    state = walled(cadogan, {**reserve, "W1": "", "E2": "AS"})
    assert refused(cadogan, state, "E2>F1").startswith("the rampart gap W1 must be filled "
                                                       "first, with a Reserve card (rule IV")
    ok(cadogan, state, "R43>W1")
    del reserve["R13"]  # nine cards: they may all lie off row 1
    ok(cadogan, walled(cadogan, {**reserve, "W1": "", "E2": "AS"}), "E2>F1")


def test_besieged_a_rampart_gap_is_filled_first_from_its_line(city):
    """Seed 004, rule IV: "Свободныя мѣста въ окопахъ замѣщаются изъ резерва какою бы то ни
    было картою изъ того ряда, на концѣ котораго оказалось свободное мѣсто"."""
    state = walled(city, {"W2": "AS", "R21": "9H", "R22": "4D", "R11": "3C", "E3": "8H",
                         "R31": "9H", "stock": "2D 5C"})
    after = ok(city, state, "W2>F1")
    assert cards(city, after, "W2") == ""
    assert sorted(str(m) for m in city.legal_moves(after)) == ["R21>W2", "R22>W2"]
    assert refused(city, after, "stock>talon") == (
        "the rampart gap W2 must be filled first, with a Reserve card of its row "
        "(R21 9H, R22 4D) (rule IV)")
    assert "rule III" in refused(city, after, "R11>W2")
    filled = ok(city, after, "R22>W2")
    assert cards(city, filled, "W2") == "4D"
    assert cards(city, filled, "R22") == "5C"  # no talon: refilled from the stock


def test_besieged_stock_is_turned_to_foundation_or_talon(city):
    state = walled(city, {"W1": "9H", "R11": "8S", "stock": "AD QS"})
    after = ok(city, state, "stock>talon")
    assert cards(city, after, "talon") == "QS"
    assert "only rampart tops and the turned stock card" in refused(city, after, "talon>F1")
    assert cards(city, ok(city, after, "stock>F1"), "F1") == "AD"


def test_besieged_the_old_end_swaps_switch_is_gone():
    with pytest.raises(PatienceError, match="no switch 'end_swaps'"):
        patience("besieged-city", {"end_swaps": "true"})


# --- notation and replay ------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["LF1>FA2", "A5+N7", "A5/N7", "deal", "redeal",
                                  "stock>talon", "R23>W2", "W1>F"])
def test_notation_round_trips(text):
    assert str(PatienceMove.parse(text)) == text


def test_replay_refuses_an_illegal_move_with_its_number_and_reason(niv):
    state = niv.deal(3)
    flank = niv.cards(state, "LF1")[0]
    with pytest.raises(PatienceError, match=r"seed 3: move 2 \(LF1>FA1\) is illegal: FA1 "
                                            r"takes spades only, not " + flank):
        niv.replay(3, [PatienceMove.parse("deal"), PatienceMove.parse("LF1>FA1")])


def test_unknown_slots_and_patiences_are_named(niv):
    assert "no slot 'LF9'" in niv.attempt(niv.deal(0), PatienceMove.parse("LF9>FA1"))
    with pytest.raises(PatienceError, match="did you mean 'besieged-city'"):
        patience("besieged")
    with pytest.raises(PatienceError, match="no switch 'redeal'.*did you mean 'redeals'"):
        patience("nivernaise", {"redeal": "2"})
    with pytest.raises(PatienceError, match="expected a whole number"):
        patience("nivernaise", {"redeals": "two"})


def test_to_any_foundation_names_the_card_and_the_first_reason():
    from generator.patience import patience as make
    for name in ("nivernaise", "besieged-city"):
        game = make(name)
        state = game.deal(0)
        source = "LF1" if name == "nivernaise" else "W1"
        reason = game.attempt(state, PatienceMove.parse(f"{source}>F"))
        if isinstance(reason, str):
            assert reason.startswith("no foundation takes ") and "(" in reason
        assert "no slot 'LF9'" in str(game.attempt(state, PatienceMove.parse("LF9>F")))
        emptied = table(game, {})
        assert game.attempt(emptied, PatienceMove.parse(f"{source}>F")) == f"{source} is empty"
