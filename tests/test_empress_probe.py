"""The Empress of India's win probe: its flat positions follow the game's own rules move by
move, and every win it reports replays through the game's move checker. The probe plays
pairings in advance, so it runs with the house switch ``advance_pairing`` on (Cadogan's
variant); under the default, seed 004's rule, it gives up at once."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from generator.patience import parse_moves, patience
from generator.patience import cards as C
from generator.patience import empress_probe as P
from generator.patience.engine import PatienceMoveKind
from generator.patience.solver import SolverVerdict, solve

#: The house switch the probe works under.
CADOGAN = {"advance_pairing": "true"}
WINS = json.loads((Path(__file__).parent / "data" / "patience" / "wins.json").read_text(
    encoding="utf-8"))


def _step(move) -> P.Step:
    def cell(slot: str) -> int:
        return int(slot[1:]) - 1 + (24 if slot[0] == "N" else 0)
    if move.kind is PatienceMoveKind.PAIR:
        a, n = sorted((cell(move.source), cell(move.target)))
        return (P.PAIR, a, n)
    if move.kind is PatienceMoveKind.MOVE:
        return (P.COUPLE, cell(move.source))
    if move.kind is PatienceMoveKind.LAY:
        return (P.LAY, cell(move.source), cell(move.target))
    return (P.DEAL,)


def _apply(pos: P.EmpressFlat, step: P.Step) -> None:
    if step[0] == P.PAIR:
        pos.pair(step[1], step[2])
    elif step[0] == P.COUPLE:
        pos.play_couple(step[1])
    elif step[0] == P.LAY:
        pos.lay(step[1], step[2])
    else:
        pos.deal()


def _same(a: P.EmpressFlat, b: P.EmpressFlat) -> bool:
    return (a.cells, a.heights, a.red, a.black, a.stock, a.found) == \
        (b.cells, b.heights, b.red, b.black, b.stock, b.found)


def test_the_flat_position_follows_a_won_game_move_by_move():
    # The stored win plays pairs, couples and pairings in advance and empties the talons
    # and the stock: the flat copy must equal the real position after every move.
    entry = WINS["empress-of-india"]
    game = patience("empress-of-india", entry["switches"])
    state = game.deal(entry["seed"])
    pos = P.flat(game, state)
    kinds = set()
    for move in parse_moves(entry["moves"]):
        kinds.add(move.kind)
        state = game.play(state, move)
        _apply(pos, _step(move))
        assert _same(pos, P.flat(game, state)), move
    assert kinds >= {PatienceMoveKind.PAIR, PatienceMoveKind.MOVE, PatienceMoveKind.LAY}
    assert pos.found == 192


@pytest.mark.parametrize("seed", [0, 5, 11])
def test_the_flat_position_follows_random_moves_as_the_rules_play_them(seed):
    # Random legal moves, plays preferred so that foundations and refills from the talons
    # and the stock all happen; the flat copy must equal the real position after each.
    game = patience("empress-of-india", CADOGAN)
    rng = random.Random(seed)
    state = game.deal(seed)
    pos = P.flat(game, state)
    kinds = set()
    for _ in range(160):
        moves = game.legal_moves(state)
        if not moves:
            break
        plays = [m for m in moves if m.kind in (PatienceMoveKind.PAIR, PatienceMoveKind.MOVE)]
        deal = [m for m in moves if m.kind is PatienceMoveKind.DEAL]
        move = rng.choice(plays) if plays and rng.random() < 0.8 else \
            deal[0] if deal and rng.random() < 0.02 else rng.choice(moves)
        kinds.add(move.kind)
        state = game.play(state, move)
        _apply(pos, _step(move))
        assert _same(pos, P.flat(game, state)), move
    assert kinds >= {PatienceMoveKind.PAIR, PatienceMoveKind.LAY}


def test_dealing_out_the_stock_is_followed_too():
    game = patience("empress-of-india", CADOGAN)
    state = game.deal(3)
    pos = P.flat(game, state)
    move = next(m for m in game.legal_moves(state) if m.kind is PatienceMoveKind.DEAL)
    pos.deal()
    assert _same(pos, P.flat(game, game.play(state, move)))
    assert not pos.stock and len(pos.red) + len(pos.black) > 100


@pytest.mark.parametrize("seed", [4, 7, 9])
def test_a_probe_win_replays_to_a_win(seed):
    game = patience("empress-of-india", CADOGAN)
    line, used = P.probe(game, game.deal(seed), nodes=3000, seconds=None)
    assert line is not None and 0 < used <= 3000
    assert game.won(game.replay(seed, line))


def test_the_probe_stops_at_its_node_budget_and_says_nothing():
    game = patience("empress-of-india", CADOGAN)
    line, used = P.probe(game, game.deal(0), nodes=50, seconds=None)
    assert line is None and used <= 50


def test_the_solver_reports_a_probe_win_with_the_replayable_moves():
    game = patience("empress-of-india", CADOGAN)
    result = solve(game, 7, nodes=2000)
    assert result.verdict is SolverVerdict.WON
    assert game.won(game.replay(7, result.moves)) and result.nodes <= 2000


def _all_lays(pos: P.EmpressFlat) -> list[tuple[int, int, int]]:
    """Every advance pairing with its score, the slow way: the first cell of each card
    value, both ways round."""
    first: dict[int, int] = {}
    for i, v in enumerate(pos.cells):
        if 0 <= v < 64:
            first.setdefault(v, i)
    red = [(v, i) for v, i in first.items() if i < 24]
    black = [(v, i) for v, i in first.items() if i >= 24]
    red_ready = any(pos.need(v) == 0 for v, _ in red)
    black_ready = any(pos.need(v) == 0 for v, _ in black)
    out = []
    for r, a in red:
        for b, n in black:
            nr, nb = pos.need(r), pos.need(b)
            base = 4 * max(nr, nb) + abs(nr - nb)
            out.append((base + 2 * red_ready, a, n))
            out.append((base + 2 * black_ready, n, a))
    return sorted(out)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_likeliest_pairings_are_the_best_scored_of_all(seed):
    # lays() ranks pairs of needs rather than pairs of cards; it must give what scoring
    # every pairing and sorting would, at every width, all along a line of play.
    game = patience("empress-of-india", CADOGAN)
    rng = random.Random(seed)
    pos = P.flat(game, game.deal(seed))
    for _ in range(60):
        P.play_all(pos, [])
        table = pos.needs()
        assert all(table[C.suit(c)][P._AT[c]] == pos.need(c)
                   for c in range(52) if P._AT[c] < 12)
        every = _all_lays(pos)
        if not every:
            break
        for width in (1, 3, 7, 40):
            assert P.lays(pos, width) == every[:width]
        # Each side that can draw gives its own best half.
        army = [x for x in every if x[1] < 24][:2] if pos.stock or pos.red else []
        navy = [x for x in every if x[1] >= 24][:2] if pos.stock or pos.black else []
        assert P.lays(pos, 4, sides=True) == sorted(army + navy)
        _, src, dst = rng.choice(every[:8])
        pos.lay(src, dst)


def test_under_the_seed_rule_the_probe_gives_up_at_once():
    """Seed 004, «Индійская императрица»: pairs go to the foundations at once
    («немедленно»), so there is no pairing in advance for the probe to try; it answers
    nothing and leaves the limits to the complete search, which still wins the deal."""
    game = patience("empress-of-india")
    assert P.probe(game, game.deal(18), nodes=3000, seconds=None) == (None, 0)
    assert solve(game, 18, nodes=5000).verdict is SolverVerdict.WON
