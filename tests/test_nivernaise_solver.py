"""La Nivernaise's solver in its last phase (stock out, no redeal left): the dead-end test
(5) of generator/patience/nivernaise.py is checked on drawn positions against a plain
exhaustive search that has no reduction at all, and on a hand-made position."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.patience import PatienceMove, PatienceMoveKind, State
from generator.patience.nivernaise import ORDERS, Nivernaise, NivernaiseSwitches
from generator.patience.solver import SolverVerdict, solve

from test_patience_rules import table
from test_solver_proofs import exhaustive


def last_phase(game: Nivernaise, rng: random.Random, left: int) -> State:
    """A position of the last phase with about *left* cards off the foundations: each suit
    stopped at a drawn height on both piles, the cards left dealt at random into a few
    flank places and a few packets."""
    piles: list[tuple[int, ...]] = [()] * len(game.tableau.slots)
    rest: list[int] = []
    budget = left
    for s in rng.sample(range(4), 4):
        off = min(budget, rng.choice((0, 1, 2, 3, 4, 5, 6, 8, 10, 13)))
        budget -= off
        # *off* cards of the suit stay out: drawn split between the two piles' ends.
        total = 26 - off
        nu = rng.randint(max(0, total - 13), min(13, total))
        nd = total - nu
        piles[game.up[s]] = tuple(13 * s + r for r in range(nu))
        piles[game.down[s]] = tuple(13 * s + 12 - r for r in range(nd))
        # The suit's cards not on either pile: two copies of each rank, less those up.
        for r in range(13):
            rest += [13 * s + r] * (2 - (r < nu) - (r >= 13 - nd))
    rng.shuffle(rest)
    # Mostly full flanks and one to three deep packets: where parking room runs short.
    flanks = rng.sample(game.flanks, max(0, min(len(rest) - 2, rng.randint(6, 8))))
    for i in flanks:
        piles[i] = (rest.pop(),)
    packets = rng.sample(game.line, rng.randint(1, 2))
    while rest:
        i = rng.choice(packets)
        piles[i] = piles[i] + (rest.pop(),)
    return State(tuple(piles), game.switches.redeals)


def check(game: Nivernaise, start: State) -> bool | None:
    """The solver's verdict on *start* against the plain search's; a win is replayed."""
    truth = exhaustive(game, start, cap=20_000)
    if truth is None:
        return None
    # With the win probe and without it: a probe win could hide a wrong cut of the
    # complete search, so the complete search is checked alone too.
    for probe in (True, False):
        result = solve(game, 0, start=start, nodes=100_000, probe=probe)
        expected = SolverVerdict.WON if truth else SolverVerdict.LOST
        assert result.verdict is expected, (start, probe)
        if truth:
            state = start
            for move in result.moves:
                state = game.play(state, move)  # raises on an illegal move
            assert game.won(state)
    return truth


def _full_but(game: Nivernaise, **piles: str) -> State:
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    full = {}
    for row, suit in enumerate("SCHD", start=1):
        full[f"FA{row}"] = " ".join(f"{r}{suit}" for r in ranks)
        full[f"FK{row}"] = " ".join(f"{r}{suit}" for r in reversed(ranks))
    return table(game, {**full, **piles}, redeals=1)


def test_a_wanted_card_buried_deeper_than_the_gaps_is_a_dead_end():
    game = Nivernaise()
    # Spades and hearts are full up and K-5 down (each wants its 4 next); clubs and
    # diamonds are full up and K-4 down (each wants its 3). Seven cards no pile wants sit
    # on the flanks (one gap) and two more on top of the 4s and 3s in L1.
    down = "KS QS JS 10S 9S 8S 7S 6S 5S"
    kept = dict(FK1=down, FK3=down.replace("S", "H"),
                FK2="KC QC JC 10C 9C 8C 7C 6C 5C 4C", FK4="KD QD JD 10D 9D 8D 7D 6D 5D 4D")
    flanks = dict(LF1="AC", LF2="2C", LF3="AD", LF4="2D", RF1="AS", RF2="2S", RF3="3S")
    buried = _full_but(game, **kept, **flanks, L1="4S 3C 3D 4H 2H 3H AH")
    assert game.conservation(buried) == []
    assert game.dead_end(buried)
    assert exhaustive(game, buried) is False
    assert solve(game, 0, start=buried).verdict is SolverVerdict.LOST
    # Two more gaps (2S and 3S moved onto L2): the 4H is within reach, no dead end, and
    # the position is won (park AH 3H 2H, play the 4H and the rest follows).
    reachable = _full_but(game, **kept, **{k: v for k, v in flanks.items() if k < "RF2"},
                          L1="4S 3C 3D 4H 2H 3H AH", L2="3S 2S")
    assert game.conservation(reachable) == []
    assert not game.dead_end(reachable)
    assert check(game, reachable) is True
    # Before the last phase (a redeal left) the test never fires.
    assert not game.dead_end(State(buried.piles, 0))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), left=st.integers(4, 22),
       exchange=st.booleans())
def test_last_phase_verdicts_agree_with_a_plain_exhaustive_search(seed, left, exchange):
    game = Nivernaise(NivernaiseSwitches(exchange=exchange))
    check(game, last_phase(game, random.Random(seed), left))


class _Watched(Nivernaise):
    """La Nivernaise noting every position its dead-end test cuts (the solver builds a
    fresh game for each of its move orders, so the note is kept on the class)."""

    fired: list[State] = []

    def dead_end(self, state: State) -> bool:
        dead = super().dead_end(state)
        if dead:
            _Watched.fired.append(state)
        return dead


def test_every_dead_end_the_search_meets_is_lost_and_both_answers_occur():
    # Each position the test calls a dead end during the searches is searched again,
    # plainly: none may be winnable.
    game = _Watched()
    _Watched.fired.clear()
    won = lost = 0
    for seed in range(600):
        truth = check(game, last_phase(game, random.Random(seed), 12 + seed % 10))
        if truth is not None:
            won += truth
            lost += not truth
    assert won >= 20 and lost >= 20, (won, lost)
    distinct = list(dict.fromkeys(_Watched.fired))
    assert len(distinct) >= 80, len(distinct)
    for state in distinct[::3]:
        assert exhaustive(game, state) is False


def _dig_case(game: Nivernaise, flanks: str, line: str) -> State:
    # Hearts, clubs and diamonds are full up and K-6 down: each wants its 5 next. The 5s
    # lie in L1 under the hearts 4 and 3; the cards below them wait on the flanks.
    down = "K{0} Q{0} J{0} 10{0} 9{0} 8{0} 7{0} 6{0}"
    places = {f: c for f, c in zip(("LF1", "LF2", "LF3", "LF4", "RF1", "RF2", "RF3"),
                                   flanks.split())}
    return _full_but(game, FK2=down.format("C"), FK3=down.format("H"),
                     FK4=down.format("D"), L1=line, **places)


def test_in_the_last_phase_a_park_comes_only_within_a_dig():
    # (6): two gaps, and the hearts 3 and 4 must both go into them before the 5 under
    # them can play. The solver offers that as one edge and never a park on its own.
    game = Nivernaise()
    won = _dig_case(game, "2H AH 4C 3C 2C AC", "AD 2D 3D 4D 5D 5C 5H 4H 3H")
    assert game.conservation(won) == []
    chains = [" ".join(map(str, chain)) for chain, _ in game.solver_moves(won)]
    assert "L1>RF3 L1>RF4 L1>FK3" in chains, chains
    assert all(chain.split()[-1].split(">")[1][:2] in ("FA", "FK") for chain in chains)
    assert check(game, won) is True
    # One gap fewer (the diamonds 4 waits on a flank): the dig cannot be made, lost.
    lost = _dig_case(game, "2H AH 4C 3C 2C AC 4D", "AD 2D 3D 5D 5C 5H 4H 3H")
    assert game.conservation(lost) == []
    assert check(game, lost) is False


def _settled_top(game: Nivernaise, state: State, packet: int) -> bool:
    """(4): the packet's top fits where (2) or (3) would play a flank card at once."""
    piles = state.piles
    card = piles[packet][-1]
    nu, nd = game._suit_lengths(state, card // 13)
    rank = card % 13 + 1
    return (rank in (nu + 1, 13 - nd)) and (
        nu + nd > 13 or (nu + nd == 12 and game.switches.exchange))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), left=st.integers(6, 26))
def test_every_park_then_play_of_the_last_phase_is_a_dig_the_solver_offers(seed, left):
    # Each legal run of parks off one packet followed by a play of the card they
    # uncovered reaches a position the solver's edges reach too.
    game = Nivernaise()
    start = last_phase(game, random.Random(seed), left)
    offered = {game.packed(after) for _, after in game.solver_moves(start)}
    gaps = [i for i in game.flanks if not start.piles[i]]
    for packet in game.line:
        pile = start.piles[packet]
        if not pile or _settled_top(game, start, packet):
            continue
        state = start
        for gap in gaps[:len(pile) - 1]:
            state = game.play(state, PatienceMove(PatienceMoveKind.MOVE, game.ids[packet],
                                                  game.ids[gap]))
            for move, after in game.successors(state):
                if move.source == game.ids[packet] and move.target[:2] in ("FA", "FK"):
                    assert game.packed(after) in offered, (start, packet, move)


def test_before_the_last_deal_only_the_packets_it_reaches_are_parked_from():
    # (7): no redeal left and four cards in the stock, so the last deal covers L1 only.
    # Hearts, clubs and spades are full up and K-6 down. The hearts 4 on L1 must be
    # parked in the one gap before the deal buries it under the 5, 3, 2 and ace, or the
    # hearts stop at the 5; then the ace of spades is dug off the clubs 5 and all plays.
    game = Nivernaise()
    down = "K{0} Q{0} J{0} 10{0} 9{0} 8{0} 7{0} 6{0}"
    flanks = dict(zip(("LF1", "LF2", "LF3", "LF4", "RF1", "RF2", "RF3"),
                      "4C 3C 2C AC 4S 3S 2S".split()))
    start = _full_but(game, FK1=down.format("S"), FK2=down.format("C"),
                      FK3=down.format("H"), L1="5S 5C AS 4H", stock="5H 3H 2H AH",
                      **flanks)
    assert game.conservation(start) == []
    chains = [" ".join(map(str, chain)) for chain, _ in game.solver_moves(start)]
    assert "L1>RF4" in chains, chains
    assert check(game, start) is True
    # Without the park before the deal it is lost: the plain search agrees.
    dealt = game.play(start, PatienceMove(PatienceMoveKind.DEAL))
    assert exhaustive(game, dealt) is False
    # With the ace of spades and the hearts 4 on L2, which the deal does not reach, the
    # park of the 4 can wait until a dig: the solver offers no park off L2 on its own
    # (the only L1 edge is playing the clubs 5), and the verdict still agrees.
    later = _full_but(game, FK1=down.format("S"), FK2=down.format("C"),
                      FK3=down.format("H"), L1="5S 5C", L2="AS 4H", stock="5H 3H 2H AH",
                      **flanks)
    assert game.conservation(later) == []
    chains = [" ".join(map(str, chain)) for chain, _ in game.solver_moves(later)]
    assert chains == ["L1>FK2", "stock>RF4", "deal"], chains
    assert check(game, later) is not None


def test_a_round_partly_laid_moves_the_packets_the_last_deals_reach():
    """(7) with seed 004's round laid packet by packet («выкладывая новый рядъ пачекъ,
    останавливаются ... и играютъ всѣ подходящія карты»; row deal:packet-by-packet): with
    one packet of the round laid, the next deal lays L2, so the case above moved from L1
    to L2 needs the park off L2, and L1 is the packet no deal reaches."""
    game = Nivernaise()
    down = "K{0} Q{0} J{0} 10{0} 9{0} 8{0} 7{0} 6{0}"
    flanks = dict(zip(("LF1", "LF2", "LF3", "LF4", "RF1", "RF2", "RF3"),
                      "4C 3C 2C AC 4S 3S 2S".split()))
    laid = _full_but(game, FK1=down.format("S"), FK2=down.format("C"),
                     FK3=down.format("H"), L2="5S 5C AS 4H", stock="5H 3H 2H AH", **flanks)
    start = State(laid.piles, laid.redeals, 1)
    chains = [" ".join(map(str, chain)) for chain, _ in game.solver_moves(start)]
    assert "L2>RF4" in chains, chains
    assert check(game, start) is True
    dealt = game.play(start, PatienceMove(PatienceMoveKind.DEAL))
    assert game.cards(dealt, "L2")[-4:] == ("AH", "2H", "3H", "5H")
    assert check(game, dealt) is False  # the 4H buried under the deal: proved lost
    # The same cards on L1, which the rest of the round does not reach: no park off L1
    # on its own (the 4H can wait for a dig, the deal going onto L2), and the verdict is
    # the plain search's: won.
    later = State(_full_but(game, FK1=down.format("S"), FK2=down.format("C"),
                            FK3=down.format("H"), L1="5S 5C AS 4H", stock="5H 3H 2H AH",
                            **flanks).piles, 1, 1)
    chains = [" ".join(map(str, chain)) for chain, _ in game.solver_moves(later)]
    assert not any(chain.startswith("L1>") for chain in chains), chains
    assert check(game, later) is True


def before_the_last_deals(game: Nivernaise, rng: random.Random, left: int) -> State:
    """A drawn last-phase position (:func:`last_phase`) with up to eight of its cards put
    back into the stock and a round partly laid (the next packet drawn): the deals to
    come, one packet each, and the moves between them."""
    base = last_phase(game, rng, left)
    piles = list(base.piles)
    packets = [i for i in game.line if piles[i]]
    stock: tuple[int, ...] = ()
    for _ in range(rng.randint(1, 8)):
        i = rng.choice(packets)
        if len(piles[i]) > 1:
            stock += piles[i][-1:]
            piles[i] = piles[i][:-1]
    piles[game.stock] = stock
    laid = rng.randrange(6) if stock and not game.switches.deal_whole_round else 0
    return State(tuple(piles), base.redeals, laid)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), left=st.integers(4, 18), whole=st.booleans())
def test_verdicts_with_deals_to_come_agree_with_a_plain_exhaustive_search(seed, left, whole):
    """Seed 004's round laid packet by packet (the default), and the whole-round house
    switch: with a few cards in the stock and a round partly laid, the solver's verdict
    (its reduction (7) included) is the plain search's. Nearly all such drawn positions
    can be won, so this checks above all that no reduction hides a win (a wrong "lost");
    the hand-made case above has a loss."""
    game = Nivernaise(NivernaiseSwitches(deal_whole_round=whole))
    check(game, before_the_last_deals(game, random.Random(seed), left))


def _in_order(order: int) -> Nivernaise:
    """La Nivernaise whose solver runs the complete search in move order *order* alone."""

    class OneOrder(Nivernaise):
        solver_plan = (("complete", order, 1.0),)

    return OneOrder()


def test_every_move_order_gives_the_plain_searchs_verdict():
    # The orders change which position is expanded next, never what is searched: each
    # alone must agree with the plain search, on won and on lost positions.
    games = [_in_order(order) for order in range(len(ORDERS))]
    seen = {True: 0, False: 0}
    for seed in range(200):
        start = last_phase(games[0], random.Random(seed), 10 + seed % 12)
        truth = exhaustive(games[0], start, cap=20_000)
        if truth is None:
            continue
        seen[truth] += 1
        for game in games:
            result = solve(game, 0, start=start, nodes=100_000, probe=False)
            assert result.verdict is (SolverVerdict.WON if truth else SolverVerdict.LOST), (
                start, game.solver_plan)
            state = start
            for move in result.moves:
                state = game.play(state, move)
            assert game.won(state) is truth
    assert seen[True] >= 10 and seen[False] >= 10, seen


def test_a_buried_order_ranks_a_shallow_wanted_card_first():
    # Hearts, clubs and diamonds wait for their 5s, spades for its 4. The same cards lie
    # in L1 and L2, but the 5H lies on top in one position and three cards down in the
    # other: a buried order ranks the first higher, the plain orders the two alike.
    down = "K{0} Q{0} J{0} 10{0} 9{0} 8{0} 7{0} 6{0}"
    piles = dict(FK2=down.format("C"), FK3=down.format("H"), FK4=down.format("D"),
                 FK1=down.format("S") + " 5S", LF1="4C", LF2="3C", LF3="2C", LF4="AC")
    plain, buried = Nivernaise(), Nivernaise()
    buried.solver_variant = next(i for i, o in enumerate(ORDERS) if o.buried)
    shallow = _full_but(plain, **piles, L1="4D 3D 2D AD 5C 5D 4H 3H 2H AH 5H",
                        L2="4S 3S 2S AS")
    deep = _full_but(plain, **piles, L1="4D 3D 2D AD 5C 5D 4H 5H 3H 2H AH",
                     L2="4S 3S 2S AS")
    for state in (shallow, deep):
        assert plain.conservation(state) == []
    assert buried.score(shallow) > buried.score(deep)
    assert plain.score(shallow) == plain.score(deep)
