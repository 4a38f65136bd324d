"""The Besieged City's dead-end test (Besieged.dead_end, proved in its docstring and in
docs/solvers.md): a rampart card above its pile's bottom that no chain of cards going up after
it can hold when it goes up is never played, so the search cuts the position. Checked against
a plain exhaustive search (every legal move, exact positions) on made-up and drawn
positions (issue 40). The same for the solver's symmetries: twins, idle ramparts and the
shuffle classes (generator/patience/besieged_shuffles.py)."""
from __future__ import annotations

import random

import pytest
from test_patience_rules import table
from test_solver_proofs import endgame, exhaustive, swapped

from generator.patience import Patience, State, patience
from generator.patience.besieged import ORDER
from generator.patience.besieged_shuffles import Shuffles
from generator.patience.solver import SolverVerdict, solve

_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def _spades_short_of(left: int, **piles: str) -> dict[str, str]:
    """Every suit complete on its foundation but spades, which lack their last *left*
    cards; *piles* says where those are."""
    order = [_NAMES.get(r, str(r)) for r in ORDER]
    found = {f"F{i}": " ".join(f"{r}{suit}" for r in order)
             for i, suit in ((2, "C"), (3, "H"), (4, "D"))}
    found["F1"] = " ".join(f"{r}S" for r in order[:-left])
    return found | piles


def test_the_last_ace_lying_on_a_card_played_before_it_is_a_dead_end():
    """Seed 004 builds each foundation «тузъ, король, двойка, дама ...» and back down to
    the ace, so a suit's second ace goes up last; a rampart card lies on a card it packed
    on (rule II) and never goes into a gap (rule IV fills gaps from the Reserve). The ace
    on the king: whatever lies under it goes up before it, so it is never played. The king
    on the ace is won. The plain search says the same of both."""
    game = patience("besieged-city")
    stuck = table(game, _spades_short_of(3, W1="KS AS", E2="2S"))
    assert game.dead_end(stuck)
    assert exhaustive(game, stuck) is False
    assert solve(game, 0, start=stuck).verdict is SolverVerdict.LOST
    free = table(game, _spades_short_of(3, W1="AS KS", E2="2S"))
    assert not game.dead_end(free)
    assert exhaustive(game, free) is True
    assert solve(game, 0, start=free).verdict is SolverVerdict.WON


def test_a_card_is_held_by_a_chain_down_to_a_card_that_can_be_a_bottom():
    """The queen of spades may end on the two on the king on the ace, a pile's bottom, so
    the first test lets it be; with the ace above the king nothing can hold the ace."""
    game = patience("besieged-city")
    chained = table(game, _spades_short_of(6, E2="AS KS 2S 3S QS", W1="JS"))
    assert not game.dead_end(chained)
    assert exhaustive(game, chained) is False  # lost all the same: the jack must go first
    above = table(game, _spades_short_of(5, E2="2S KS AS", W1="3S QS"))
    assert game.dead_end(above)
    assert exhaustive(game, above) is False


def test_a_card_on_one_played_before_it_with_nowhere_to_go_is_a_dead_end():
    """Second test: the queen of spades lies on the three, which goes up before it, so the
    queen must move off first, onto a card it packs on (jack, king, two or three of
    spades) in another pile. With the jack gone up and the king and two under it in the
    same pile, there is none: a dead end, lost for the plain search too. With the jack on
    another pile there is one (not a dead end), and with the queen and three apart and the
    rest in order the position is won."""
    game = patience("besieged-city")
    walled = table(game, _spades_short_of(5, E2="AS KS 2S 3S QS"))
    assert game.dead_end(walled)
    assert exhaustive(game, walled) is False
    assert solve(game, 0, start=walled).verdict is SolverVerdict.LOST
    outlet = table(game, _spades_short_of(6, E2="AS KS 2S 3S QS", W1="JS"))
    assert not game.dead_end(outlet)
    apart = table(game, _spades_short_of(5, E2="AS KS 2S QS", W1="3S"))
    assert not game.dead_end(apart)
    assert exhaustive(game, apart) is True
    assert solve(game, 0, start=apart).verdict is SolverVerdict.WON


class _Watched:
    """Notes every position the dead-end test cuts (the solver makes a fresh game for each
    move order, so the note is kept on the class)."""

    fired: list[State] = []


def _watched(switches: dict[str, str]) -> Patience:
    base = type(patience("besieged-city"))

    class Watched(base):  # type: ignore[valid-type, misc]
        def dead_end(self, state: State) -> bool:
            dead = super().dead_end(state)
            if dead:
                _Watched.fired.append(state)
            return dead

    return Watched(patience("besieged-city", switches).switches)


@pytest.mark.parametrize("switches", [{}, {"transposition": "true"}, {"house_swaps": "true"}])
def test_every_dead_end_the_search_meets_is_lost_and_verdicts_agree(switches):
    """On the last moves of the stored win with cards swapped between piles (which makes
    many positions lost), the search's verdicts are the plain search's, and every position
    it cut as a dead end is searched again plainly: none may be winnable."""
    game = _watched(switches)
    _Watched.fired.clear()
    verdicts = []
    for cut in (6, 8, 10):
        name_game, base = endgame("besieged-city", cut)
        for seed in range(16):
            start = base if seed == 0 else swapped(game, base, random.Random(seed), seed)
            truth = exhaustive(game, start, cap=20_000)
            if truth is None:
                continue
            result = solve(game, 0, start=start, nodes=100_000, probe=False)
            assert result.verdict is (SolverVerdict.WON if truth else SolverVerdict.LOST)
            verdicts.append(result.verdict)
    assert verdicts.count(SolverVerdict.WON) >= 2, verdicts
    assert verdicts.count(SolverVerdict.LOST) >= 2, verdicts
    distinct = list(dict.fromkeys(_Watched.fired))
    assert len(distinct) >= 100, len(distinct)
    for state in distinct[:60]:
        assert exhaustive(game, state, cap=20_000) is not True


def _image(game: Patience, state: State, rows: list[int], columns: list[int],
           flips: set[str]) -> State:
    """*state* with the Reserve's rows and columns permuted (row r goes to rows[r], with
    its two row ends; column c to columns[c], with its two column ends), and the two ends
    of the lines in *flips* exchanged."""
    piles = list(state.piles)
    ix = game.index
    moved = {}
    for r in range(4):
        for c in range(3):
            moved[f"R{rows[r] + 1}{columns[c] + 1}"] = state.piles[ix[f"R{r + 1}{c + 1}"]]
        west, east = f"W{r + 1}", f"E{r + 1}"
        if west in flips:
            west, east = east, west
        moved[f"W{rows[r] + 1}"] = state.piles[ix[west]]
        moved[f"E{rows[r] + 1}"] = state.piles[ix[east]]
    for c in range(3):
        top, bottom = f"T{c + 1}", f"S{c + 1}"
        if top in flips:
            top, bottom = bottom, top
        moved[f"T{columns[c] + 1}"] = state.piles[ix[top]]
        moved[f"S{columns[c] + 1}"] = state.piles[ix[bottom]]
    for slot, pile in moved.items():
        piles[ix[slot]] = pile
    return State(tuple(piles), state.redeals)


def _drawn(game: Patience, rng: random.Random, left: int) -> State:
    """Every suit complete but spades and hearts, whose last *left* cards each lie one by
    one in drawn Reserve places and ramparts, on the talon and in the stock (the stock
    out half the time, so that lines empty for good)."""
    order = [_NAMES.get(r, str(r)) for r in ORDER]
    cards = [f"{r}{suit}" for suit in "SH" for r in order[-left:]]
    rng.shuffle(cards)
    slots = [f"R{r}{c}" for r in range(1, 5) for c in range(1, 4)] + [
        f"{side}{i}" for side, n in (("T", 3), ("S", 3), ("W", 4), ("E", 4))
        for i in range(1, n + 1)]
    piles = _spades_short_of(left)
    piles["F3"] = " ".join(f"{r}H" for r in order[:-left])
    stock = rng.random() < 0.5
    for card in cards:
        where = rng.choice(["talon"] * 6 + ["stock"] * 3 * stock + slots)
        if where in ("talon", "stock"):
            piles[where] = f"{piles.get(where, '')} {card}".strip()
        else:
            slots.remove(where)
            piles[where] = card
    return table(game, piles)


def test_positions_that_differ_by_a_symmetry_of_the_lines_play_alike():
    """Seed 004's rule III ties a Reserve card to «концамъ или сторонамъ той линіи, съ
    которой онѣ взяты» and rule IV fills a gap from «того ряда, на концѣ котораго оказалось
    свободное мѣсто»: only the lines matter, not which row or column is which, nor which
    end of a line is which. So a position and its image with the two ends of some lines
    exchanged share a key, and the plain search (exact positions, no key) and the solver
    give both the same verdict. The rows and columns renumbered too give the plain search's
    verdict again: a symmetry the key does not use (docs/solvers.md: it never merged two
    positions in the searches measured)."""
    game = patience("besieged-city")
    rng = random.Random(40)
    verdicts = []
    # The last moves of the stored win with cards swapped (many lost, the lines mostly
    # empty), and drawn positions with talon and stock (mostly won).
    cases = [swapped(game, endgame("besieged-city", cut)[1], random.Random(seed), 2 * seed)
             for cut in (6, 8) for seed in range(8)]
    cases += [_drawn(game, rng, rng.randint(3, 4)) for _ in range(16)]
    for start in cases:
        flips = {s for s in ("W1", "W3", "T2", "T3") if rng.random() < 0.5}
        image = _image(game, start, [0, 1, 2, 3], [0, 1, 2], flips)
        assert game.packed(image) == game.packed(start)
        renumbered = _image(game, image, rng.sample(range(4), 4), rng.sample(range(3), 3),
                            set())
        truth = exhaustive(game, start, cap=20_000)
        if truth is None:
            continue
        assert exhaustive(game, image, cap=20_000) is truth
        assert exhaustive(game, renumbered, cap=20_000) is truth
        for shown in (image, renumbered):
            result = solve(game, 0, start=shown, nodes=100_000, probe=False)
            assert result.verdict is (SolverVerdict.WON if truth else SolverVerdict.LOST)
        verdicts.append(result.verdict)
    assert verdicts.count(SolverVerdict.WON) >= 3 and verdicts.count(SolverVerdict.LOST) >= 3, verdicts
    # A card moved to another row is not a symmetry: the key tells the positions apart.
    one = table(game, {"W1": "5H", "E1": "9D", "R11": "2C", "R12": "4S", "stock": "3C"})
    other = table(game, {"W2": "5H", "E1": "9D", "R11": "2C", "R12": "4S", "stock": "3C"})
    assert game.packed(one) != game.packed(other)
    assert game.packed(one) == game.packed(_image(game, one, [0, 1, 2, 3], [0, 1, 2], {"W1"}))


def test_once_talon_and_stock_are_out_ramparts_with_empty_lines_are_interchangeable():
    """Rule V refills a Reserve place only from the talon or the stock, so once both are
    out a line with no Reserve card left never gets one back; its ramparts take no Reserve
    card (rule III) and their gaps stay empty (rule IV). The key holds their packets as one
    multiset: exchanging two such packets keeps the key and the plain search's verdict,
    while exchanging one with a rampart of a line that still holds a Reserve card changes
    the key. Here row 1 and columns 2 and 3 are empty: W1, E1, T2, S2, T3 and S3 are idle,
    W2 closes row 2, which holds R21 (the queen: once a gap opens it must fill it)."""
    game = patience("besieged-city")
    rest = _spades_short_of(7, R21="QS")
    cases = [({"W1": "4S", "T3": "3S", "S2": "AS KS 2S", "E1": "JS"}, True),
             ({"W1": "4S", "T3": "3S", "S2": "KS AS 2S", "E1": "JS"}, False)]
    for piles, winnable in cases:
        start = table(game, rest | piles)
        assert exhaustive(game, start) is winnable
        assert solve(game, 0, start=start, probe=False).verdict is (
            SolverVerdict.WON if winnable else SolverVerdict.LOST)
        moved = dict(piles)
        moved["S3"], moved["T3"] = moved.pop("T3"), ""
        moved["T2"], moved["W1"] = moved.pop("W1"), ""
        image = table(game, rest | moved)
        assert game.packed(image) == game.packed(start)
        assert exhaustive(game, image) is winnable
        busy = dict(piles)
        busy["W2"] = busy.pop("W1")  # row 2 still holds R21: not idle
        assert game.packed(table(game, rest | busy)) != game.packed(start)


class _Exact(type(patience("besieged-city"))):  # type: ignore[misc]
    """The solver without shuffle classes: every shuffle an edge, every position its key."""

    merge_shuffles = False


class _Capped(type(patience("besieged-city"))):  # type: ignore[misc]
    """The solver merging only components of at most three arrangements: a suit with a
    larger one keeps its shuffles as plain moves beside the merged suits."""

    def __init__(self, switches=None):  # type: ignore[no-untyped-def]
        super().__init__(switches)
        self._shuffles = Shuffles(self._packs, limit=3)


class _Counted(type(patience("besieged-city"))):  # type: ignore[misc]
    """The solver with shuffle classes, counting the positions it expands whose class holds
    more than one arrangement of some suit (so that the test cannot pass without them)."""

    merged: list[int] = []

    def _class_exits(self, state, merged):  # type: ignore[no-untyped-def]
        if any(len(found.reached) > 1 for _, _, found in merged):
            _Counted.merged.append(1)
        return super()._class_exits(state, merged)


def _heaped(game: Patience, rng: random.Random, left: int) -> State:
    """Every suit complete but spades and hearts, whose last *left* cards lie in the stock
    (at least one), on the talon, in drawn Reserve places and on the ramparts, where a card
    goes onto a pile whose top it packs on when there is one (rule II), so that tops can be
    shuffled."""
    order = [_NAMES.get(r, str(r)) for r in ORDER]
    cards = [f"{r}{suit}" for suit in "SH" for r in order[-left:]]
    rng.shuffle(cards)
    piles = _spades_short_of(left)
    piles["F3"] = " ".join(f"{r}H" for r in order[:-left])
    piles["stock"] = cards.pop()
    reserve = [f"R{r}{c}" for r in range(1, 5) for c in range(1, 4)]
    ramparts = [f"{side}{i}" for side, n in (("T", 3), ("S", 3), ("W", 4), ("E", 4))
                for i in range(1, n + 1)]
    rng.shuffle(ramparts)
    used: list[str] = []
    for card in cards:
        where = rng.choice(["talon", "stock", "reserve", "rampart", "rampart", "rampart"])
        if where in ("talon", "stock"):
            piles[where] = f"{piles.get(where, '')} {card}".strip()
        elif where == "reserve" and reserve:
            piles[reserve.pop(rng.randrange(len(reserve)))] = card
        else:
            onto = [r for r in used if _packs(game, card, piles[r].split()[-1])]
            if onto and rng.random() < 0.8:
                r = rng.choice(onto)
                piles[r] += f" {card}"
            else:
                r = ramparts.pop()
                used.append(r)
                piles[r] = card
    return table(game, piles)


def _packs(game: Patience, card: str, under: str) -> bool:
    """Whether *card* packs on *under* (rule II), read off a two-card table."""
    codes = table(game, {"W1": card, "E1": under})
    return bool(game._packs[codes.piles[game.index["W1"]][0]][codes.piles[game.index["E1"]][0]])


def test_positions_joined_by_shuffles_are_one_class_and_verdicts_agree():
    """Seed 004's rule II lets rampart tops pack on each other (same suit, neighbours) and
    rule IV fills only gaps: a top that lies on a card can go back where it was, so
    positions joined by such moves reach each other and are won or lost together, and the
    solver searches them as one (docs/solvers.md, *Shuffle classes*). On drawn positions
    with the stock not out and cards heaped on the ramparts, the solver with the classes,
    with only the small ones, without them, and the plain exhaustive search give the same
    verdict, and each won line replays to a win."""
    game, exact = _Counted(), _Exact()
    _Counted.merged.clear()
    rng = random.Random(15)
    verdicts = []
    for _ in range(40):
        start = _heaped(game, rng, rng.randint(3, 5))
        truth = exhaustive(game, start, cap=20_000)
        if truth is None:
            continue
        for solver in (game, exact, _Capped()):
            result = solve(solver, 0, start=start, nodes=100_000, probe=False)
            assert result.verdict is (SolverVerdict.WON if truth else SolverVerdict.LOST)
            if truth:
                after = start
                for move in result.moves:
                    after = game.play(after, move)
                assert game.won(after)
        verdicts.append(truth)
    assert verdicts.count(True) >= 3 and verdicts.count(False) >= 3, verdicts
    assert len(_Counted.merged) >= 10, len(_Counted.merged)


def test_a_shuffle_keeps_the_key_and_a_move_out_of_the_class_changes_it():
    """The three of spades lies on the four (rule II, neighbours) and may go onto the two
    of the other pile and back, and the king on the ace onto the two (neighbours in the
    foundation order): all three positions are one class and one key. The three on the
    talon instead is another position."""
    game = patience("besieged-city")
    rest = _spades_short_of(7, stock="QS JS")
    a = table(game, rest | {"W1": "4S 3S", "E2": "2S", "T1": "AS KS"})
    b = table(game, rest | {"W1": "4S", "E2": "2S 3S", "T1": "AS KS"})
    c = table(game, rest | {"W1": "4S 3S", "E2": "2S KS", "T1": "AS"})
    assert game.packed(a) == game.packed(b) == game.packed(c)
    assert len({_Exact().packed(s) for s in (a, b, c)}) == 3
    d = table(game, _spades_short_of(7, stock="QS JS", talon="3S")
              | {"W1": "4S", "E2": "2S", "T1": "AS KS"})
    assert game.packed(d) != game.packed(a)
    # The four, wanted next, lies under the three: only a shuffle frees it. The solver
    # finds the win from every member of the class, whichever arrangement it starts from.
    for start in (a, b, c):
        assert exhaustive(game, start) is True
        assert solve(game, 0, start=start, probe=False).verdict is SolverVerdict.WON


#: A deal of 20,000-36,999,999 picked by the session-18 scan (docs/solvers.md, "The Besieged
#: City under seed 004's rule"): no ace on a rampart, no rampart card packing on another, no
#: Reserve card packing on a rampart of its row or column, and no rampart card ever wanted
#: by foundations fed from the stock alone.
FROZEN = 23_663_166


def test_a_deal_where_only_the_stock_ever_moves_is_proved_lost():
    """Seed 004 lets a Reserve card reach the foundations only over a rampart (rule I), and
    only over the ramparts at the ends of its own row and column (III: «только на карты,
    находящіяся по концамъ или сторонамъ той линіи, съ которой онѣ взяты»), by packing on a
    top (II) or filling a gap (IV). In this deal none of that is ever possible, so the
    twelve Reserve cards never go up: every position the plain exhaustive search meets
    (every legal move, exact positions) has the Reserve and the ramparts as dealt, none is
    won, and `solve`, the player's probe first, proves the deal lost within 2,000
    positions."""
    game = patience("besieged-city")
    start = game.deal(FROZEN)
    table_slots = game.reserve + game.ramparts
    seen, todo = {start}, [start]
    while todo:
        state = todo.pop()
        assert all(state.piles[i] == start.piles[i] for i in table_slots)
        assert not game.won(state)
        for _, after in game.successors(state):
            if after not in seen:
                seen.add(after)
                todo.append(after)
    assert exhaustive(game, start, cap=len(seen) + 1) is False
    found = solve(game, FROZEN, nodes=2_000)
    assert found.verdict is SolverVerdict.LOST
    alone = solve(game, FROZEN, nodes=2_000, probe=False)
    assert alone.verdict is SolverVerdict.LOST
