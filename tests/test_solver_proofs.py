"""No reduction of the patience solver may fake a proof: its verdicts on small positions are
checked against a plain exhaustive search with none (every legal move, exact positions), and
every win it claims replays move by move through the game's own move checker.

The small positions are the last moves of the stored won games (tests/data/patience), some
with cards swapped between piles, which makes many of them lost."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.rules.patience import Patience, State, parse_moves, patience
from generator.rules.patience import cards as C
from generator.rules.patience.solver import Verdict, solve
from generator.rules.patience.tableau import Role

WINS = json.loads((Path(__file__).parent / "data" / "patience" / "wins.json").read_text(
    encoding="utf-8"))
#: Positions the plain search may visit before a case is skipped as too big.
CAP = 30_000
#: Slots whose cards may be swapped: not the foundations, the set-aside cards or the stock
#: (whose face-down order the solver's key reads off its length).
_FIXED = (Role.FOUNDATION, Role.DECORATION, Role.DISCARD, Role.STOCK)


def exhaustive(game: Patience, start: State, cap: int = CAP) -> bool | None:
    """Can *start* be won? A depth-first search over every legal move, remembering exact
    positions and nothing else; None when it would visit more than *cap* positions."""
    seen = {start}
    stack = [start]
    while stack:
        state = stack.pop()
        if game.won(state):
            return True
        for _, after in game.successors(state):
            if after not in seen:
                if len(seen) >= cap:
                    return None
                seen.add(after)
                stack.append(after)
    return False


def endgame(name: str, cut: int) -> tuple[Patience, State]:
    """The stored won game of *name*, *cut* moves before its end."""
    entry = WINS[name]
    game = patience(name, entry["switches"])
    moves = parse_moves(entry["moves"])
    return game, game.replay(entry["seed"], moves[:len(moves) - cut])


def swapped(game: Patience, state: State, rng: random.Random, swaps: int) -> State:
    """*state* with *swaps* pairs of same-coloured cards exchanged between free piles."""
    places = [(i, j) for i, (slot, pile) in enumerate(zip(game.tableau.slots, state.piles))
              if slot.role not in _FIXED for j in range(len(pile))]
    piles = [list(p) for p in state.piles]
    for _ in range(swaps):
        if len(places) < 2:
            break
        (a, i), (b, j) = rng.sample(places, 2)
        if C.is_red(piles[a][i]) == C.is_red(piles[b][j]):
            piles[a][i], piles[b][j] = piles[b][j], piles[a][i]
    return State(tuple(map(tuple, piles)), state.redeals)


def check(game: Patience, start: State) -> tuple[Verdict, bool] | None:
    truth = exhaustive(game, start)
    if truth is None:
        return None
    result = solve(game, 0, start=start, nodes=200_000)
    assert result.verdict is (Verdict.WON if truth else Verdict.LOST)
    if truth:
        state = start
        for move in result.moves:
            state = game.play(state, move)  # raises on an illegal move
        assert game.won(state) and state == result.position
    return result.verdict, truth


#: For each patience, how far from the end the cases start: where the plain search still
#: finishes quickly and swaps make some positions lost.
CUTS = {"nivernaise": (12, 16, 24), "empress-of-india": (8, 12), "besieged-city": (8,)}


@pytest.mark.parametrize("name", sorted(WINS))
def test_verdicts_agree_with_a_plain_exhaustive_search(name):
    outcomes = []
    for cut in CUTS[name]:
        game, base = endgame(name, cut)
        for seed in range(12):
            start = base if seed == 0 else swapped(game, base, random.Random(seed), 2 * seed)
            outcome = check(game, start)
            if outcome is not None:
                outcomes.append(outcome)
    verdicts = [v for v, _ in outcomes]
    # The cases must test both answers, or a solver that always says one would pass.
    assert verdicts.count(Verdict.WON) >= 2 and verdicts.count(Verdict.LOST) >= 2, verdicts


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(WINS)), cut=st.integers(1, 24), seed=st.integers(0, 10**6),
       swaps=st.integers(0, 12))
def test_a_won_answer_always_replays_and_a_lost_one_is_true(name, cut, seed, swaps):
    game, base = endgame(name, min(cut, max(CUTS[name])))
    start = swapped(game, base, random.Random(seed), swaps)
    check(game, start)


@pytest.mark.parametrize("name", sorted(WINS))
def test_a_full_table_costs_time_but_never_a_wrong_verdict(name):
    # With room for 20 keys the table fills at once; the search then goes on without
    # remembering, and must still say what the plain search says.
    checked = 0
    for cut in CUTS[name][:1]:
        game, base = endgame(name, cut)
        for seed in range(4):
            start = base if seed == 0 else swapped(game, base, random.Random(seed), 2 * seed)
            truth = exhaustive(game, start)
            if truth is None:
                continue
            result = solve(game, 0, start=start, nodes=400_000, table=20)
            assert result.verdict is (Verdict.WON if truth else Verdict.LOST)
            checked += 1
    assert checked >= 2


def test_stats_merge_verdicts_with_an_interval_that_holds_the_unknown_deals():
    import doctest

    from generator.rules.patience import stats
    assert doctest.testmod(stats).failed == 0
    results = [stats.DealResult(seed, verdict, 0, 1, 0.5, "")
               for seed, verdict in enumerate(["won"] * 6 + ["lost"] * 3 + ["unknown"])]
    total = stats.summary(results)
    assert (total.deals, total.won, total.lost, total.unknown) == (10, 6, 3, 1)
    assert total.low == pytest.approx(stats.wilson(6, 10)[0])
    assert total.high == pytest.approx(stats.wilson(7, 10)[1])
    assert total.low < 0.6 < 0.7 < total.high


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(WINS)), seed=st.integers(0, 10**6))
def test_a_won_answer_on_a_whole_deal_replays_to_a_win(name, seed):
    game = patience(name)
    result = solve(game, seed, nodes=400)
    state = game.replay(seed, result.moves)  # every move checked by the game itself
    assert state == result.position
    assert game.won(state) is (result.verdict is Verdict.WON)
