"""The Besieged City's dead-end test (Besieged.dead_end, proved in its docstring and in
docs/solvers.md): a rampart card above its pile's bottom that no chain of cards going up after
it can hold when it goes up is never played, so the search cuts the position. Checked against
a plain exhaustive search (every legal move, exact positions) on made-up and drawn
positions (issue 40)."""
from __future__ import annotations

import random

import pytest
from test_patience_rules import table
from test_solver_proofs import endgame, exhaustive, swapped

from generator.patience import Patience, State, patience
from generator.patience.besieged import ORDER
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
