"""The patience solver: won games replayed from fixtures, complete and incomplete searches,
the same search for the same seed and node limit."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.patience import PatienceMove, parse_moves, patience
from generator.patience.besieged import ORDER
from generator.patience.engine import PatienceMoveKind
from generator.patience.solver import SolverVerdict, solve

from test_patience_rules import table

WINS = json.loads((Path(__file__).parent / "data" / "patience" / "wins.json").read_text(
    encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(WINS))
def test_a_stored_winning_game_replays_to_a_win(name):
    entry = WINS[name]
    game = patience(name, entry["switches"])
    state = game.deal(entry["seed"])
    for move in parse_moves(entry["moves"]):
        state = game.play(state, move)
        assert game.conservation(state) == [], move
    assert game.won(state)
    assert game.on_foundations(state) == game.goal


@pytest.mark.parametrize("name", sorted(WINS))
def test_a_winning_game_cut_short_is_not_won(name):
    entry = WINS[name]
    game = patience(name, entry["switches"])
    state = game.replay(entry["seed"], parse_moves(entry["moves"])[:-1])
    assert not game.won(state)


def test_same_seed_and_node_limit_give_the_same_search():
    game = patience("besieged-city")
    first, second = solve(game, 3, nodes=60), solve(game, 3, nodes=60)
    assert first.moves == second.moves and first.position == second.position
    assert first.verdict is SolverVerdict.UNKNOWN and not first.complete and first.nodes == 60


def test_best_position_moves_replay_to_the_position_reported():
    game = patience("nivernaise")
    result = solve(game, 2, nodes=500)
    assert game.replay(2, result.moves) == result.position
    assert result.on_foundations == game.on_foundations(result.position) > 0


def test_solver_finds_a_short_win_and_proves_a_loss():
    game = patience("nivernaise")
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    piles = {}
    for row, suit in enumerate("SCHD", start=1):
        piles[f"FA{row}"] = " ".join(f"{r}{suit}" for r in ranks)
        piles[f"FK{row}"] = " ".join(f"{r}{suit}" for r in reversed(ranks))
    # Take the last three hearts off the king pile and hide them in the Line and stock:
    # 3H on top of L1 above 2H, and the ace in the stock.
    piles["FK3"] = " ".join(f"{r}H" for r in reversed(ranks[3:]))
    winnable = table(game, {**piles, "L1": "2H 3H", "stock": "AH"})
    result = solve(game, 0, start=winnable)
    assert result.verdict is SolverVerdict.WON
    assert [str(m) for m in result.moves][:2] == ["L1>FK3", "L1>FK3"]
    # The same cards with 2H above 3H and no redeal left: nothing can ever move.
    lost = table(game, {**piles, **{f"LF{r}": "9C" for r in range(1, 5)},
                        **{f"RF{r}": "9C" for r in range(1, 5)}, "L1": "3H 2H"}, redeals=1)
    result = solve(game, 0, start=lost)
    assert result.verdict is SolverVerdict.LOST and result.complete and result.moves == ()
    assert game.stuck(lost)


def test_the_empress_and_the_besieged_city_searches_are_proofs_too():
    game = patience("besieged-city")
    stuck = table(game, {"F1": "AS", "W1": "5H", "E1": "9D"})
    result = solve(game, 0, start=stuck)
    assert result.verdict is SolverVerdict.LOST and result.complete
    assert PatienceMove.parse("W1>E1") not in game.legal_moves(stuck)


def test_solver_wins_a_besieged_city_endgame_only_with_cadogans_transposition():
    """Seed 004, rule III: a Reserve card goes "только на карты, находящіяся по концамъ или
    сторонамъ той линіи, съ которой онѣ взяты", with no exception, so the 2S walled in at
    R11 is lost; Cadogan's transposition (a variant switch), once talon and stock are both
    exhausted, lets it reach a rampart, and the deal is won."""
    # Spades lack their last three cards: 2S is in the Reserve at R11, whose row and
    # column are walled by 9Ds; KS and AS lie on ramparts elsewhere.
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    order = [names.get(r, str(r)) for r in ORDER]
    piles = {f"F{i}": " ".join(f"{r}{suit}" for r in order)
             for i, suit in ((2, "C"), (3, "H"), (4, "D"))}
    piles["F1"] = " ".join(f"{r}S" for r in order[:-3])
    piles |= {"R11": "2S", "W2": "KS", "E3": "AS", "W1": "9D", "E1": "9D", "T1": "9D",
              "S1": "9D"}
    seed_rule = patience("besieged-city")
    start = table(seed_rule, piles)
    assert solve(seed_rule, 0, start=start).verdict is SolverVerdict.LOST
    cadogan = patience("besieged-city", {"transposition": "true"})
    result = solve(cadogan, 0, start=start)
    assert result.verdict is SolverVerdict.WON
    state = start
    for move in result.moves:
        state = cadogan.play(state, move)
    assert cadogan.won(state)
    # With a card left in the talon, the transposition has not come yet.
    waiting = table(cadogan, {**piles, "F2": " ".join(f"{r}C" for r in order[:-1]),
                              "talon": "AC"})
    assert solve(cadogan, 0, start=waiting).verdict is SolverVerdict.LOST


def test_besieged_city_score_counts_rampart_cards_lying_on_cards_wanted_sooner():
    game = patience("besieged-city")
    # Spades: the foundation holds A K, so the 2 is wanted next, then the Q, 3, J...
    base = {"F1": "AS KS"}
    good = table(game, {**base, "W1": "3S QS 2S"})     # top 2S wanted first: nothing blocked
    bad = table(game, {**base, "W1": "2S QS 3S"})      # QS and 3S both lie on the 2S
    assert game.score(good) == 3 * 2
    assert game.score(bad) == 3 * 2 - 2
    # A second copy counts by where it is wanted next: after A K 2, the next 2 is far off.
    later = table(game, {"F1": "AS KS 2S", "W1": "2S QS"})
    assert game.score(later) == 3 * 3 - 0    # QS (next) lies on a 2S wanted much later


def test_besieged_city_key_merges_twin_ramparts_only():
    game = patience("besieged-city")
    one = table(game, {"W1": "5H", "E1": "9D", "R11": "2C", "stock": "3C"})
    swapped = table(game, {"W1": "9D", "E1": "5H", "R11": "2C", "stock": "3C"})
    other_line = table(game, {"W2": "5H", "E1": "9D", "R11": "2C", "stock": "3C"})
    assert game.key(one) == game.key(swapped)
    assert game.key(one) != game.key(other_line)
    assert game.packed(one) == game.packed(swapped)
    assert game.packed(one) != game.packed(other_line)
    # W1 and E1 both close row 1 only, so the same moves follow, with the names swapped.
    def renamed(state):
        swap = {"W1": "E1", "E1": "W1"}
        return sorted(">".join(swap.get(x, x) for x in str(m).split(">"))
                      for m in game.legal_moves(state))
    assert sorted(map(str, game.legal_moves(one))) == renamed(swapped)


def test_besieged_city_solver_tries_every_move_plays_first():
    game = patience("besieged-city")
    state = table(game, {"W1": "AS", "E1": "AC", "T1": "AH", "W2": "AH", "stock": "5D"})
    moves = [str(m) for chain, _ in game.solver_moves(state) for m in chain]
    assert sorted(moves) == sorted(map(str, game.legal_moves(state)))
    assert moves[:4] == ["T1>F1", "W1>F1", "W2>F1", "E1>F1"]


def test_the_solver_wins_a_real_besieged_city_deal_under_the_seeds_rule():
    """The default is seed 004's rule III (a Reserve card only onto the ramparts of its own
    row and column, no exception): a win the solver finds replays move by move under it,
    and the stored win (tests/data/patience/wins.json) does too."""
    game = patience("besieged-city")
    assert game.switches.transposition is False and game.switches.house_swaps is False
    for seed in (0, 1):
        result = solve(game, seed, nodes=3000)
        assert result.verdict is SolverVerdict.WON
        assert game.won(game.replay(seed, result.moves))
    entry = WINS["besieged-city"]
    assert entry["switches"] == {}
    assert game.won(game.replay(entry["seed"], parse_moves(entry["moves"])))


def test_besieged_city_key_keeps_row_and_column_ends_apart_once_places_are_free():
    """With the Reserve's places free, a gap must be filled while the Reserve holds more
    cards than the places off its line: nine for a row, eight for a column. So a gap at a
    row end and one at a column end are different positions with nine Reserve cards."""
    game = patience("besieged-city", {"transposition": "true"})
    reserve = {f"R{r}{c}": "8S" for r in (2, 3, 4) for c in (1, 2, 3)}
    walls = {r: "9D" for r in ("T1", "T2", "T3", "W1", "W2", "W3", "W4", "E1", "E2", "E3",
                               "E4", "S1", "S2", "S3")}
    row_gap = table(game, {**walls, **reserve, "W1": "", "E2": "AS"})
    column_gap = table(game, {**walls, **reserve, "T1": "", "E2": "AS"})
    assert game.packed(row_gap) != game.packed(column_gap)
    assert "E2>F1" in map(str, game.legal_moves(row_gap))
    assert "E2>F1" not in map(str, game.legal_moves(column_gap))
    other_row = table(game, {**walls, **reserve, "E4": "", "E2": "AS"})
    assert game.packed(row_gap) == game.packed(other_row)


def _runs(up: int, down: int, suit: str = "S") -> dict[str, str]:
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    return {"FA1": " ".join(f"{r}{suit}" for r in ranks[:up]),
            "FK1": " ".join(f"{r}{suit}" for r in reversed(ranks[13 - down:]))}


def test_nivernaise_plays_a_flank_card_at_once_only_where_that_is_proved_safe():
    game = patience("nivernaise")
    # Spades with A-9 up and K-8 down (15 cards): the 10 has one place left.
    assert str(game.safe_move(table(game, {**_runs(9, 6), "LF2": "10S", "L1": "5H"}))) \
        == "LF2>FA1"
    # A Line top waits while the stock could still refill its packet...
    assert game.safe_move(table(game, {**_runs(9, 6), "L1": "10S", "stock": "5H"})) is None
    # ...and goes at once when no refill or redeal can come.
    assert str(game.safe_move(table(game, {**_runs(9, 6), "L1": "5H 10S"}, redeals=1))) \
        == "L1>FA1"
    # 12 cards (A-5 up, K-7 down): both piles want the 6; a flank 6 goes at once.
    assert str(game.safe_move(table(game, {**_runs(5, 7), "RF1": "6S"}))) == "RF1>FA1"
    # Fewer: the 4 fits, but a split-free suit later could take any rank: no automatic play.
    assert game.safe_move(table(game, {**_runs(3, 2), "RF1": "4S"})) is None


def test_nivernaise_folds_the_exchanges_into_the_play_they_prepare():
    game = patience("nivernaise")
    # Thirteen spades up to the 8 and down to the 9: the split is free, any rank may come.
    split_free = table(game, {**_runs(8, 5), "LF1": "3S"})
    chains = [" ".join(map(str, chain)) for chain, _ in game.solver_moves(split_free)]
    assert chains[0] == "FA1>FK1 " * 6 + "LF1>FA1"
    # Every split of those thirteen cards is one key.
    assert game.packed(split_free) == game.packed(table(game, {**_runs(2, 11), "LF1": "3S"}))
    assert game.packed(split_free) != game.packed(table(game, {**_runs(2, 10), "LF1": "3S"}))
    # No exchange is tried alone, though it is legal.
    assert "FA1>FK1" in map(str, game.legal_moves(split_free))
    assert all(len(chain) > 1 or chain[0].target not in ("FK1", "FA1")
               or chain[0].source == "LF1" for chain, _ in game.solver_moves(split_free))


def test_nivernaise_solver_moves_are_legal_and_reach_every_legal_move():
    # Along the stored won game: every chain the solver follows replays through the move
    # checker to the position it claims, and every legal move but an exchange leads to a
    # key the solver reaches (a flank gap other than the first is the same key).
    game = patience("nivernaise")
    entry = WINS["nivernaise"]
    state = game.deal(entry["seed"])
    for move in parse_moves(entry["moves"]):
        edges = game.solver_moves(state)
        reached = set()
        for chain, after in edges:
            replayed = state
            for step in chain:
                replayed = game.play(replayed, step)
            assert replayed == after, chain
            reached.add(game.packed(after))
        played = {chain[-1].source for chain, _ in edges
                  if chain[-1].target[:2] in ("FA", "FK")}
        for legal, after in game.successors(state):
            is_exchange = legal.source[:2] in ("FA", "FK")
            # (4): a Line top that plays at once is not parked in a flank gap instead.
            parks_a_player = legal.target[:2] in ("LF", "RF") and legal.source in played
            if is_exchange or parks_a_player:
                continue
            if legal.target[:2] in ("LF", "RF") and game._last_phase(state):
                continue  # (6): only within a dig (tests/test_nivernaise_solver.py)
            stock = len(state.piles[game.stock])
            next_packet = state.dealing if stock else 0
            if legal.target[:2] in ("LF", "RF") and legal.source[0] == "L" and \
                    state.redeals >= game.switches.redeals and \
                    4 * ((int(legal.source[1:]) - 1 - next_packet) % 6) >= stock:
                continue  # (7): a packet the last deals do not reach, the same
            assert game.packed(after) in reached, legal
        state = game.play(state, move)


@pytest.mark.parametrize("seed", [18, 1073])
def test_the_solver_wins_a_real_empress_deal_under_the_seed_rule_and_it_replays(seed):
    """Seed 004, «Индійская императрица»: a pair is laid on the foundations at once
    («должны быть немедленно положены на соотвѣтствующія основанія»), and the rest of the
    stock is dealt out only «Когда сыграны всѣ подходящія карты» (no pair fits). Under the
    default the solver's win is made of such pairs and deals of the stock only, and every
    move of it passes the game's own move checker (deal 1073 is of the held-out range)."""
    game = patience("empress-of-india")
    assert not game.switches.advance_pairing and not game.switches.deal_at_will
    result = solve(game, seed, nodes=5000)
    assert result.verdict is SolverVerdict.WON
    assert {m.kind for m in result.moves} <= {PatienceMoveKind.PAIR, PatienceMoveKind.DEAL}
    state = game.deal(seed)
    for move in result.moves:
        state = game.play(state, move)  # raises on an illegal move
    assert game.won(state) and state == result.position


def test_the_solver_wins_a_real_empress_deal_trying_every_pairing():
    """With the house switch ``advance_pairing`` on (Cadogan's variant)."""
    game = patience("empress-of-india", {"advance_pairing": "true"})
    assert game.batched
    result = solve(game, 22, nodes=5000)
    assert result.verdict is SolverVerdict.WON
    assert game.won(game.replay(22, result.moves))
    # The batches hold every legal move, each once, and nothing else.
    state = game.deal(22)
    edges = [chain for batch in game.solver_batches(state) for chain, _ in batch]
    legal = {game.packed(after) for _, after in game.successors(state)}
    assert {game.packed(after) for batch in game.solver_batches(state)
            for _, after in batch} == legal
    assert len(edges) == len(legal)


@pytest.mark.parametrize("name", ["nivernaise", "empress-of-india", "besieged-city"])
@pytest.mark.parametrize("seconds", [0.0, -1.0, 1e-9])
def test_a_search_left_no_time_answers_unknown_from_the_start(name, seconds):
    """A player hands the solver what is left of its time, and the Empress's probe may
    spend all of it: the search then still answers (unknown, with the start as the best
    position reached) instead of failing. Deal 94 of the Empress is one her probe (which
    runs with the switch ``advance_pairing`` on) does not win."""
    game = patience(name, {"advance_pairing": "true"} if name == "empress-of-india" else None)
    seed = 94 if name == "empress-of-india" else 1
    found = solve(game, seed, seconds=seconds)
    assert found.verdict is SolverVerdict.UNKNOWN
    assert found.moves == () or game.won(found.position) is False
    assert found.on_foundations == game.on_foundations(found.position)


def test_besieged_city_probe_is_the_players_line_under_a_time_or_a_node_limit():
    """The Besieged City's probe plays as the player does (seeing only the face-up cards,
    under seed 004's rule) and gives its line only if it wins; the solver replays it. It
    runs under a node limit as under a time limit (issue 40: before, a node limit skipped
    it, so node-budget figures measured another search than the 10-s ones), spends exactly
    the positions the player searched, and leaves the rest of the budget to the complete
    search; once no card is hidden there is nothing to probe."""
    from generator.patience.player import play_blind
    game = patience("besieged-city")
    start = game.deal(0)
    blind = play_blind(game, 0, seconds=None, nodes=20_000, start=start)
    assert blind.won and blind.nodes < 20_000  # deal 0: the player wins in 13,307
    line, played = game.solver_probe(start, 20_000, None)
    assert (line, played) == (blind.moves, blind.nodes)
    assert game.solver_probe(start, None, 60.0) == (line, played)
    assert game.won(game.replay(0, line))
    # Too few positions for the player's win: nothing, and the budget spent to the last.
    assert game.solver_probe(start, 1000, None) == game.solver_probe(start, 1000, 600.0) == (
        None, 1000)
    # The probe takes half the budget; the complete search (deal 0 won in 768) the rest.
    alone = solve(game, 0, nodes=1500, probe=False)
    both = solve(game, 0, nodes=3000)
    assert alone.verdict is both.verdict is SolverVerdict.WON and alone.moves == both.moves
    assert both.nodes == 1500 + alone.nodes
    open_end = table(game, {"W1": "AS"})
    assert game.hidden(open_end) == 0 and game.solver_probe(open_end, None, 60.0) == (None, 0)
    assert game.solver_probe(open_end, 1000, None) == (None, 0)
