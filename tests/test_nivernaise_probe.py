"""La Nivernaise's win probe: its flat positions follow the game's own rules move by move,
the moves it writes out are legal and lead where it thinks, and every win it reports
replays through the game's move checker."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from generator.patience import parse_moves, patience
from generator.patience import nivernaise_probe as P
from generator.patience.engine import PatienceMove, PatienceMoveKind, State
from generator.patience.nivernaise import Nivernaise, NivernaiseSwitches
from generator.patience.solver import SolverVerdict, solve

WINS = json.loads((Path(__file__).parent / "data" / "patience" / "wins.json").read_text(
    encoding="utf-8"))


def _follow(game: Nivernaise, rules: P.FlatRules, pos: P.NivernaiseFlat, move: PatienceMove) -> None:
    """*move*, made by the game, made on the flat copy with its own primitives."""
    if move.kind is PatienceMoveKind.DEAL:
        rules.deal(pos, [])
        return
    if move.kind is PatienceMoveKind.REDEAL:
        rules.redeal(pos, [])
        return
    src, dst = game.index[move.source], game.index[move.target]
    h = pos.heights
    pos.want = None  # the heights may change below
    if src in game.up + game.down:  # an exchange between a suit's two piles
        s = (game.up + game.down).index(src) % 4
        step = 1 if src in game.up else -1
        h[2 * s] -= step
        h[2 * s + 1] += step
        return
    place = rules.slot.index(src)
    if dst in game.flanks:
        if place == 14:
            c = pos.stock[-1]
            pos.stock = pos.stock[:-1]
        else:
            c = rules._take(pos, place)
        pos.flanks[game.flanks.index(dst)] = c
        return
    rules._take(pos, place)
    pile = (game.up + game.down).index(dst)
    h[2 * (pile % 4) + (pile >= 4)] += 1
    pos.found += 1


def _same(game: Nivernaise, pos: P.NivernaiseFlat, state: State) -> bool:
    mine = P.flat(game, state)
    return (pos.flanks, pos.heights, pos.packets, pos.stock, pos.redeals, pos.found) == (
        mine.flanks, mine.heights, mine.packets, mine.stock, mine.redeals, mine.found) \
        and P.state_of(game, pos) == state


def test_the_flat_position_follows_a_won_game_move_by_move():
    # The stored win plays from flanks and packets to both piles of every suit, exchanges,
    # fills gaps from the Line and the stock, deals, refills packets and redeals.
    entry = WINS["nivernaise"]
    game = patience("nivernaise", entry["switches"])
    assert isinstance(game, Nivernaise)
    rules = P.FlatRules(game)
    state = game.deal(entry["seed"])
    pos = P.flat(game, state)
    assert P.state_of(game, pos) == state
    kinds = set()
    for move in parse_moves(entry["moves"]):
        kinds.add(move.kind if move.kind is not PatienceMoveKind.MOVE else move.source[:1])
        state = game.play(state, move)
        _follow(game, rules, pos, move)
        assert _same(game, pos, state), move
    assert pos.found == 104
    assert {PatienceMoveKind.DEAL, PatienceMoveKind.REDEAL, "L", "F", "s"} <= kinds


@pytest.mark.parametrize(("seed", "exchange", "whole"),
                         [(0, True, False), (5, True, False), (11, False, False),
                          (20, True, False), (7, True, True)])
def test_the_probe_s_moves_replay_where_the_flat_copy_says(seed, exchange, whole):
    # Random choices among the probe's own options (each one move, then every play that
    # fits): the moves it writes out must be legal, in order, and lead the game to the
    # position the flat copy holds, all the way to the end of the deal's redeals; a deal
    # lays one packet (seed 004's stop after each, row deal:packet-by-packet), or the
    # whole round under the house switch.
    game = Nivernaise(NivernaiseSwitches(exchange=exchange, deal_whole_round=whole))
    rules = P.FlatRules(game)
    rng = random.Random(seed)
    state = game.deal(seed)
    pos = P.flat(game, state)
    first: list[PatienceMove] = []
    rules.play_all(pos, first)
    for move in first:
        state = game.play(state, move)
    assert _same(game, pos, state)
    kinds: set[int] = set()
    for _ in range(400):
        options = rules.options(pos, deal_any_time=rng.random() < 0.1)
        if not options:
            break
        option = rng.choice(options)
        kinds.add(option[0])
        out: list[PatienceMove] = []
        before = P.state_of(game, pos)
        child = rules.apply(pos, option, out)
        # Making a child never changes its parent (the beam keeps both).
        assert P.state_of(game, pos) == before
        for move in out:
            state = game.play(state, move)  # raises on an illegal move
        assert _same(game, child, state), option
        pos = child
    assert {P.PARK, P.DEAL} <= kinds
    assert not pos.stock and pos.redeals == 1


def test_a_split_free_suit_takes_any_rank_after_the_written_slide():
    # Spades: A-6 up and K-8 down (13 up, split free). Playing the 3S from a flank slides
    # the split down to the 2 and plays the 3 up; the game must agree, exchange by exchange.
    game = Nivernaise()
    rules = P.FlatRules(game)
    pos = P.flat(game, game.deal(0))
    pos.heights[0:2] = [6, 7]
    pos.flanks[0] = 2  # the three of spades
    piles = list(P.state_of(game, pos).piles)
    start = State(tuple(piles), 0)
    assert rules.free(pos, 0) and rules.fits(pos, 2)
    out: list[PatienceMove] = []
    child = pos.copy()
    rules.play(child, 0, out)
    assert [str(m) for m in out] == ["FA1>FK1"] * 4 + ["LF1>FA1"]
    after = start
    for move in out:
        after = game.play(after, move)
    assert P.state_of(game, child) == after and child.heights[0:2] == [3, 11]


@pytest.mark.parametrize("seed", [3, 8, 11])
def test_a_probe_win_replays_to_a_win(seed):
    game = patience("nivernaise")
    line, used = P.probe(game, game.deal(seed), nodes=3000, seconds=None)
    assert line is not None and 0 < used <= 3000
    assert game.won(game.replay(seed, line))


def test_the_probe_stops_at_its_node_budget_and_says_nothing():
    game = patience("nivernaise")
    line, used = P.probe(game, game.deal(2), nodes=50, seconds=None)
    assert line is None and used <= 50


def test_the_solver_reports_a_probe_win_with_the_replayable_moves():
    game = patience("nivernaise")
    # Deal 1: the probe wins within 4,000 positions, the complete search alone does not.
    result = solve(game, 1, nodes=4000)
    alone = solve(game, 1, nodes=4000, probe=False)
    assert result.verdict is SolverVerdict.WON and alone.verdict is SolverVerdict.UNKNOWN
    assert game.won(game.replay(1, result.moves))


def test_a_try_that_cannot_finish_is_not_started_and_leaves_the_rest_to_the_search():
    """A beam cut off before its last level finds nothing, so the probe starts a try only
    when the last one, scaled by width, says it fits in what is left."""
    # Under the whole-round deal neither beam wins deal 6 (the default, packet by packet,
    # gives the 1,024-wide beam a win).
    game = patience("nivernaise", {"deal_whole_round": "true"})
    start = game.deal(6)
    tries = ((1024, P.buried, False), (4096, P.plain, False))
    line, first = P.probe(game, start, nodes=None, seconds=None, tries=tries[:1])
    assert line is None and first > 10_000
    line, used = P.probe(game, start, nodes=first * 3, seconds=None, tries=tries)
    assert line is None and used == first  # 4,096 wide needs about four times as many
    line, used = P.probe(game, start, nodes=first * 6, seconds=None, tries=tries)
    assert line is None and used > first  # room for it: it runs


def test_a_try_fits_by_the_last_one_s_positions_and_time_scaled_by_width():
    last = (1024, 20_000, 1.0)  # width, positions, seconds
    assert P._fits(last, 4096, 30_000, 110_000, 2.0, 6.0)
    assert not P._fits(last, 4096, 30_000, 100_000, 2.0, 6.0)  # 30,000 + 80,000 positions
    assert not P._fits(last, 4096, 30_000, None, 2.5, 6.0)  # 2.5 s + 4 s
    assert P._fits(last, 2048, 30_000, None, 2.5, 6.0)
