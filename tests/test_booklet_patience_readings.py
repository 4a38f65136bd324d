"""The patience booklets print readings of seed 004 (templates/sources/*.toml, printed with
{reading:...}); the engine must play what they say. Issue 39, fifth review: the Besieged City's
rule II on a packet's direction and rule V's reserve gap needed a stated reading, and these
check the engine against the words printed."""
from __future__ import annotations

import re

from generator.model.traditional import parse_cards
from generator.patience import PatienceMove, Patience, State, patience
from generator.patience import cards as C

RAMPARTS = [f"T{c}" for c in (1, 2, 3)] + [f"{side}{r}" for side in "WE" for r in (1, 2, 3, 4)] \
    + [f"S{c}" for c in (1, 2, 3)]


def _city(piles: dict[str, str]) -> tuple[Patience, State]:
    """A Besieged City position: every rampart not given holds a 9 of diamonds (so no gap
    asks to be filled first), the given slots their cards bottom first."""
    game = patience("besieged-city")
    out: list[tuple[int, ...]] = [()] * len(game.tableau.slots)
    for slot, text in {**{r: "9D" for r in RAMPARTS}, **piles}.items():
        out[game.index[slot]] = tuple(C.code(c) for c in parse_cards(text))
    return game, State(tuple(out), 0)


def _top(game: Patience, state: State, slot: str) -> str:
    return C.name(state.piles[game.index[slot]][-1])


def test_a_rampart_packet_may_change_direction_and_mix_the_orders():
    """Seed 004, Осажденный городъ, rule II: «карты, сложенныя въ восходящемъ или
    нисходящемъ порядкѣ, должны быть положены въ одну и ту же пачку»; the printed reading
    moves:packet-turns says a packet may go up, then down, and mix rank and order neighbours,
    only the top card and the card laid on it having to fit."""
    game, state = _city({"W1": "4H", "E1": "5H", "E2": "4H", "E3": "QH", "stock": "9D"})
    for move in ("E1>W1", "E2>W1"):       # 5 on 4 (up), then 4 on that 5 (down)
        after = game.attempt(state, PatienceMove.parse(move))
        assert isinstance(after, State), after
        state = after
    assert [C.name(c) for c in state.piles[game.index["W1"]]] == ["4H", "5H", "4H"]
    # The 4 is also the 3's neighbour in rank; a queen goes on the 2 of the order, not on a 4.
    refused = game.attempt(state, PatienceMove.parse("E3>W1"))
    assert isinstance(refused, str)


def test_a_reserve_gap_is_filled_at_once_from_the_talon_or_else_the_stock():
    """Seed 004, rule V: «Свободныя мѣста въ резервѣ пополняются картами изъ талона, если
    же талона нѣтъ, то изъ колоды»; the printed reading moves:reserve-gap-at-once says it is
    filled at once, in the move that opened it."""
    game, state = _city({"R11": "5C", "W1": "6C", "talon": "KD", "stock": "2H"})
    after = game.attempt(state, PatienceMove.parse("R11>W1"))
    assert isinstance(after, State) and _top(game, after, "R11") == "KD"
    game, state = _city({"R11": "5C", "W1": "6C", "stock": "2H"})
    after = game.attempt(state, PatienceMove.parse("R11>W1"))
    assert isinstance(after, State) and _top(game, after, "R11") == "2H"



def test_a_nivernaise_round_is_laid_packet_by_packet_and_a_stock_card_never_goes_straight_up():
    """Seed 004, Нивернезъ: «Но выкладывая новый рядъ пачекъ, останавливаются, осматриваютъ
    линію (правило II) и Фланги и играютъ всѣ подходящія карты» and «Свободныя мѣста можно
    пополнять картами изъ колоды или же съ линіи»; the printed readings deal:packet-by-packet
    and moves:stock-to-flank say a deal lays the round's next packet, the player may play
    before the next one, and a stock card goes only into a flank gap, unseen, never straight
    to a foundation. The house switch deal_whole_round lays all six packets in one deal."""
    game = patience("nivernaise")
    state = game.deal(16)
    stock = len(state.piles[game.index["stock"]])
    line = [len(state.piles[game.index[f"L{i}"]]) for i in range(1, 7)]
    after = game.attempt(state, PatienceMove.parse("deal"))
    assert isinstance(after, State), after
    assert [len(after.piles[game.index[f"L{i}"]]) for i in range(1, 7)] == [
        line[0] + 4, *line[1:]]
    assert len(after.piles[game.index["stock"]]) == stock - 4
    # Between packets every move is open: here a flank gap is filled from the Line.
    opened = game.play(game.play(after, PatienceMove.parse("L4>FK3")),
                       PatienceMove.parse("LF4>FK3"))
    assert isinstance(game.attempt(opened, PatienceMove.parse("L2>LF4")), State)
    whole = patience("nivernaise", {"deal_whole_round": "true"})
    dealt = whole.attempt(state, PatienceMove.parse("deal"))
    assert isinstance(dealt, State), dealt
    assert [len(dealt.piles[game.index[f"L{i}"]]) for i in range(1, 7)] == [
        n + 4 for n in line]
    assert len(dealt.piles[game.index["stock"]]) == stock - 24
    # Straight from the stock to a foundation is refused, whatever the card.
    assert isinstance(game.attempt(state, PatienceMove.parse("stock>FA1")), str)
    # Into a flank gap it goes, and it is the stock's top card that lands there.
    for move in ("L4>FK3", "LF4>FK3"):
        played = game.attempt(state, PatienceMove.parse(move))
        assert isinstance(played, State), played
        state = played
    top = state.piles[game.index["stock"]][-1]
    filled = game.attempt(state, PatienceMove.parse("stock>LF4"))
    assert isinstance(filled, State) and filled.piles[game.index["LF4"]] == (top,)


def test_a_reserve_card_goes_onto_the_four_ramparts_of_its_row_and_column_only():
    """Seed 004, Осажденный городъ, rule III: «только на карты, находящіяся по концамъ или
    сторонамъ той линіи, съ которой онѣ взяты»; the printed reading moves:reserve-lines
    counts the card's row and its column as lines: R11 reaches W1 and E1 (row 1), T1 and S1
    (column 1), and no other rampart."""
    for rampart in RAMPARTS:
        game, state = _city({"R11": "5C", rampart: "6C", "stock": "2H"})
        after = game.attempt(state, PatienceMove.parse(f"R11>{rampart}"))
        assert isinstance(after, State) == (rampart in ("W1", "E1", "T1", "S1")), rampart


def test_the_patience_and_ass_readings_are_printed_as_our_reading():
    """Issue 39, sixth review: the Empress's note 16 («Въ ... черныхъ — королей») and its
    rule I were printed as Cadogan's rules with no mark though docs/sources.md lists them as
    readings; every reading sentence of seed 003's Ass and seed 004's patiences begins with
    the mark, so the booklet never states a reading flat."""
    import tomllib
    from pathlib import Path
    marks = {"en": "Our reading", "ru": "Наше толкование"}
    # A correction of the seed's translation (ninth review: the Empress's footnote 16) is
    # no reading and says so.
    corrected = {"en": "Correction:", "ru": "Исправление:"}
    for game in ("ass", "nivernaise", "empress-of-india", "besieged-city"):
        path = Path(__file__).parents[1] / "templates" / "sources" / f"{game}.toml"
        rows = tomllib.loads(path.read_text(encoding="utf-8"))["rule"]
        for key, row in rows.items():
            if row["basis"] == "our-reading" and "en" in row:
                for lang, mark in marks.items():
                    assert row[lang].startswith(mark), (game, key, lang)
            if row["basis"] == "correction" and "en" in row:
                for lang, mark in corrected.items():
                    assert row[lang].startswith(mark), (game, key, lang)


def test_the_transposition_fill_reading_prints_the_engines_thresholds():
    """Issue 39, tenth review (correctness 2): the variant Transposition printed "a rampart
    gap whose row or column holds no reserve card may now be filled or left empty", unmarked
    and not what the engine does. Seed 004 has no transposition (rule III: «только на карты,
    находящіяся по концамъ или сторонамъ той линіи, съ которой онѣ взяты»); with the switch,
    the printed reading switch.transposition:fill says a gap must still be filled while more
    than 9 reserve cards are left (a row's gap) or more than 8 (a column's). The engine is
    played at each threshold and one card under it, and the numbers are read back from the
    printed sentence in both languages. Sixth review (r-pat 2): the variant's rule prints the
    thresholds plainly, "10 or more" for a row's gap and "9 or more" for a column's, and the
    row's note keeps the counting reason (the other rows hold at most 9, the other columns 8)."""
    import tomllib
    from pathlib import Path
    root = Path(__file__).parents[1] / "templates"
    for lang in ("en", "ru"):
        chapter = tomllib.loads((root / "booklets" / lang / "besieged-city.toml").read_text(
            encoding="utf-8"))
        variants = next(s["text"] for s in chapter["section"] if s["id"] == "variants")
        rule = next(line for line in variants.splitlines()
                    if "{note:switch.transposition:fill}" in line)
        assert [int(n) for n in re.findall(r"\b\d+\b", rule)] == [10, 9], (lang, rule)
    path = root / "sources" / "besieged-city.toml"
    row = tomllib.loads(path.read_text(encoding="utf-8"))["rule"]["switch.transposition:fill"]
    printed = {lang: [int(n) for n in re.findall(r"\b\d+\b", row[lang])] for lang in ("en", "ru")}
    assert printed["en"] == printed["ru"] == [9, 8], printed
    game = patience("besieged-city", {"transposition": "true"})
    every = [f"R{r}{c}" for r in (1, 2, 3, 4) for c in (1, 2, 3)]
    for gap, line, limit in (("W1", ("R11", "R12", "R13"), 9), ("T1", ("R11", "R21", "R31",
                                                                          "R41"), 8)):
        for held in (limit + 1, limit):
            # Over the threshold, as many cards as can be are off the gap's line (one still
            # lies in it); at the threshold, the line is full: the gap is optional all the
            # same, since the player may first move those cards elsewhere.
            off = [p for p in every if p not in line]
            places = (off + list(line))[:held] if held > limit else (list(line) + off)[:held]
            out: list[tuple[int, ...]] = [()] * len(game.tableau.slots)
            for slot in RAMPARTS:
                out[game.index[slot]] = (C.code(parse_cards("9D")[0]),)
            for p in places:
                out[game.index[p]] = (C.code(parse_cards("8S")[0]),)
            out[game.index[gap]] = ()
            out[game.index["E4"]] = (C.code(parse_cards("AS")[0]),)
            after = game.attempt(State(tuple(out), 0), PatienceMove.parse("E4>F1"))
            must = held > limit
            assert isinstance(after, State) != must, (gap, held, after)
