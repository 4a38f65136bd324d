"""No cut of the solver of basic 65 in the open may fake a proof: on small positions (a few
cards dealt into a corner of the board, where they make combinations) its verdicts are
checked against a plain exhaustive search over the plain rules (legal_moves and play, exact
positions, no cut), :meth:`Cut.blocked` is checked on every position that search
visits (it may only call a position blocked when no line clears it), and every win the
solver claims is replayed move by move through the rules."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.io.layouts import sources_for
from generator.model.layout import Layout, Side
from generator.model.solving import SolverVerdict
from generator.rules.dealing import deal
from generator.rules.lines import XY
from generator.rules.openboard import OpenBoard, apply, flat
from generator.rules.openboard_cut import Cut, child_cut
from generator.rules.solver import solve
from generator.rules.starting import clear_at_start
from generator.rules.bound import Rules

#: Positions the plain search may visit before a case is skipped as too big.
CAP = 20_000


def clears(layout: Layout, board, game, seen: dict, cap: int = CAP) -> bool:
    """Can *layout* be cleared? Every legal move, exact positions remembered; the answer of
    every position visited is left in *seen*. :raises: OverflowError past *cap*."""
    key = frozenset(layout.stacks.items())
    if key in seen:
        return seen[key]
    if len(seen) >= cap:
        raise OverflowError
    if not layout.stacks:
        seen[key] = True
        return True
    rules = Rules(game, board)
    result = any(clears(rules.play(layout, move, Side.SOUTH), board, game, seen, cap)
                 for move in rules.board_moves(layout, Side.SOUTH))
    seen[key] = result
    return result


def corner(library, seed: int, files: int, ranks: int, keep: float) -> Layout:
    """An open deal of basic 65 cut down to the cards of a *files* x *ranks* corner, each
    kept with chance *keep*, after the combinations of the start have left."""
    game = library.game("basic-65")
    board = library.board(game.boards[0])
    sources = sources_for(library, Layout(board.name), game)
    rng = random.Random(seed)
    layout = deal(game, board, sources, game.pairs[0], rng, face_up=True)
    kept = {s: st for s, st in layout.items()
            if XY[s][0] < files and XY[s][1] < ranks and rng.random() < keep}
    return clear_at_start(layout._replace(kept), library.game("basic-65-open"))


#: How many children the solver's child_cut dropped over the checks (which must be some).
dropped = [0]


def check(library, layout: Layout) -> tuple[bool, int] | None:
    """Compare the solver with the plain search on *layout*; None if too big to search.
    Returns (clears, how many positions the cut was checked on)."""
    game, board = library.game("basic-65-open"), library.board("board-a")
    seen: dict = {}
    try:
        truth = clears(layout, board, game, seen)
    except OverflowError:
        return None
    engine, cut = OpenBoard(game), Cut(game)
    for key, result in seen.items():
        cells = flat(Layout("board-a")._replace(dict(key)))
        assert cells is not None
        blocked, near = cut.examine(cells)
        if blocked:
            assert not result, sorted((s, str(st[-1])) for s, st in key)
        # The cheap reading of a settled board finds the same shifts.
        shifts = engine.shifts(cells, settled=True)
        assert sorted(shifts) == sorted(engine.shifts(cells))
        # A child dropped unmade must be one the cut proves blocked (and so one that
        # cannot be cleared, which the loop above checks wherever the plain search went).
        prospects = cut.prospects(cells, near)
        for origin, target, gone in shifts:
            emptied = sum(1 << s for s in gone if s != target) | 1 << origin
            if child_cut(prospects, emptied, len(gone)):
                child = apply(cells, origin, target, gone)
                assert cut.blocked(child), (sorted((s, str(st[-1])) for s, st in key),
                                               origin, target)
                dropped[0] += 1
    found = solve(Rules(game, board), layout, seconds=None, nodes=10_000)
    assert found.verdict is (SolverVerdict.WON if truth else SolverVerdict.LOST)
    if truth:
        position = found.start
        for move in found.moves:
            assert move in Rules(game, board).board_moves(position, Side.SOUTH), move
            position = Rules(game, board).play(position, move, Side.SOUTH)
        assert len(position) == 0
    return truth, len(seen)


def test_small_corners_agree_with_the_plain_search(library):
    outcomes = {True: 0, False: 0}
    checked = 0
    for seed in range(40):
        result = check(library, corner(library, seed, 4, 4, 0.8))
        if result is not None:
            outcomes[result[0]] += 1
            checked += result[1]
    # Both answers must occur, and children must be dropped, or the comparison proves little.
    assert outcomes[True] >= 3 and outcomes[False] >= 3, outcomes
    assert checked >= 500
    assert dropped[0] >= 100, dropped


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), files=st.integers(3, 5), ranks=st.integers(3, 5),
       keep=st.floats(0.5, 1.0))
def test_random_corners_agree_with_the_plain_search(library, seed, files, ranks, keep):
    check(library, corner(library, seed, files, ranks, keep))


def _cells(rows: dict[int, str]):
    cells = flat(Layout.from_rows("board-a", rows))
    assert cells is not None
    return cells


@pytest.mark.parametrize("rows, blocked", [
    # Fact 1: three fives, but no two in a row with a third square: no five can leave
    # (the old count of colours and values saw three fives and let it pass).
    ({1: "1R . 1G . . . . .", 3: ". . . . 5G . . .", 5: ". . . . . . . 5Y",
      8: ". . . . . . . 5B"}, True),
    # Fact 2: 1B and 1Y both need the one pair 1R 1G (their only way out is to be shifted
    # next to it), and one shift takes the pair away.
    ({1: "1R 1G . . . . . .", 5: ". . . . . . . 1B", 8: ". . . . . . . 1Y"}, True),
    # A second pair (1R 1G and 3B 3Y): each lone card has one of its own; and it clears.
    ({1: "1R 1G . . . . . .", 3: "3B 3Y . . . . . .", 5: ". . . . . . . 1B",
      8: ". . . . . . . 3G"}, False),
    # Fact 3: three pairs, each taken with its lone card or another red card, but no two
    # share a third square, so every shift takes three cards, and eight is not 3k.
    ({1: "1R 1G . . . . . .", 3: "3B 3Y . . . . . .", 5: "5R 50R . . . . . 1B",
      8: ". . . . . . . 3G"}, True),
    # Fact 3 again: eleven cards, and the pairs a1-b1 and b1-c1 share a card on rank 1,
    # but not a third square (c1 for the first; a1 and d1 for the second): no shift
    # takes more than three.
    ({1: "1R 1G 2G . . . . .", 4: ". . . . . . . 1Y", 5: "3Y 3G . . . . . .",
      6: ". . . . 7G 70G . .", 7: "6R 60R . . . . . .", 8: ". . . . 3B . . ."}, True),
    # Four cards in one shift: 2Y onto b1 makes 1R 2Y 3B 4G (b1 is the third square of
    # both a1-c1 and c1-d1, and 2Y completes both), so four is no proof of loss.
    ({1: "1R . 3B 4G . . . .", 8: ". . . . . . . 2Y"}, False),
    # Fact 3's witness is a card off both pairs: a1-b1 (red) and c2-c3 (fives) meet on c1
    # only for a red five, and the one red five is b1's own, which cannot both stay put
    # there and be shifted onto c1. Five cards need two extra cards and no shift takes
    # more than three (7R onto c1 takes the red three in a row and leaves the fives).
    ({1: "1R 5R . . . . . .", 2: ". . 5G . . . . .", 3: ". . 5Y . . . . .",
      8: ". . . . . . . 7R"}, True),
    # The same with a second red five far off: 50R onto c1 takes all five cards.
    ({1: "1R 5R . . . . . .", 2: ". . 5G . . . . .", 3: ". . 5Y . . . . .",
      8: ". . . . . . . 50R"}, False),
])
def test_blocked_positions_made_by_hand(library, rows, blocked):
    cut = Cut(library.game("basic-65-open"))
    assert cut.blocked(_cells(rows)) is blocked
    layout = Layout.from_rows("board-a", rows)
    assert check(library, layout) is not None
    assert check(library, layout)[0] is not blocked


def test_settled_shifts_equal_the_plain_reading(library):
    """The solver reads shifts off two squares each side of the target (no combination
    lies on a board it searches): the same shifts, taking the same cards, as the full
    reading (tests/test_openboard.py holds that to the rules), on boards a search meets."""
    game, patience = library.game("basic-65"), library.game("basic-65-open")
    board = library.board(game.boards[0])
    sources = sources_for(library, Layout(board.name), game)
    engine = OpenBoard(patience)
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        layout = deal(game, board, sources, game.pairs[0], rng, face_up=True)
        cells = flat(clear_at_start(layout, patience))
        assert cells is not None
        for _ in range(10):
            plain = sorted(engine.shifts(cells))
            assert sorted(engine.shifts(cells, settled=True)) == plain
            compared += len(plain)
            if not plain:
                break
            cells = apply(cells, *rng.choice(plain))
    assert compared >= 2000
    # Two cards of a colour each side: 8R onto c1 takes all five.
    cells = _cells({1: "1R 3R . 5R 7R . . .", 8: ". . . . . . . 8R"})
    assert [gone for origin, target, gone in engine.shifts(cells, settled=True)
            if (origin, target) == (63, 2)] == [[0, 1, 2, 3, 4]]


def test_deal_53_is_lost_at_its_start(library):
    """Deal 53 of `rules deal basic-65 --open` (31 cards, one extra card needed): no two
    live pairs meet (fact 3, with a witness off both pairs), so it is proved lost at its start;
    it was undecided after 60 s while a pair's own card counted as the witness."""
    game, patience = library.game("basic-65"), library.game("basic-65-open")
    board = library.board(game.boards[0])
    sources = sources_for(library, Layout(board.name), game)
    layout = deal(game, board, sources, game.pairs[0], random.Random(53), face_up=True)
    found = solve(Rules(patience, board), layout, seconds=None, nodes=20_000)
    assert found.verdict is SolverVerdict.LOST and len(found.start) == 31
    # Proved at the start, before any shift (the search for the fewest cards that follows
    # a proof of loss makes more positions, so their count no longer shows it).
    assert Cut(patience).blocked(flat(found.start))
