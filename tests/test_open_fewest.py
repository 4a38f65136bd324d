"""Basic 65 in the open, a board that cannot be cleared: the solver still gives the line that
leaves fewest cards. Seed000, card game 65, its patience in the open: the patience is solved
when every card has left the board, and "Good result can be 1 or 2 playing cards the
staying on the game board", so a lost deal's best line is worth reporting, and the proof
that the board cannot be cleared must not stop the search for it."""
from __future__ import annotations

import json
import random

from test_open_solver_proofs import corner

from generator.cli import cli
from generator.io.layouts import sources_for
from generator.model.layout import Layout, Side
from generator.model.solving import SolverVerdict
from generator.rules import Position
from generator.rules.dealing import deal
from generator.rules.openboard import flat
from generator.rules.openboard_cut import Cut
from generator.rules.openboard_fewest import floor, one_is_too_few
from generator.rules.solver import solve
from generator.rules.bound import Rules

#: Four cards: 1R 2R on a1 b1, 30R on c3 (onto c1, or 2R onto b2, takes the three) and 6G on
#: h8, which nothing takes. Four cards (3k + 1) with no extra card to take: the cut proves
#: the board lost before any shift, yet one shift leaves a single card.
FOUR = {8: ". . . . . . . 6G", 3: ". . 30R . . . . .", 1: "1R 2R . . . . . ."}
#: A node budget, not a time limit, decides each search here (the same on any machine): many
#: times the 170 positions the largest takes. On the command line the time is a ceiling.
NODES = 10_000
CEILING = ("--nodes", "10000", "--limit", "10m")


def _replays(layout: Layout, board, game, found) -> Layout:
    """The solver's line played through the plain rules, every move checked legal."""
    position = found.start
    for move in found.moves:
        assert move in Rules(game, board).board_moves(position, Side.SOUTH), move
        position = Rules(game, board).play(position, move, Side.SOUTH)
    return position


def test_a_lost_board_reports_the_shift_that_leaves_one_card(library):
    # Issue 38, item 4: this board used to answer "no move, 4 cards left".
    game, board = library.game("basic-65-open"), library.board("board-a")
    layout = Layout.from_rows("board-a", FOUR)
    assert Cut(game).blocked(flat(layout))
    found = solve(Rules(game, board), layout, seconds=None, nodes=NODES)
    assert found.verdict is SolverVerdict.LOST and found.fewest
    assert found.left == 1 and len(found.moves) == 1
    assert [str(stack[-1].card) for stack in _replays(layout, board, game, found).stacks.values()
            ] == ["6G"]


def test_the_command_says_the_fewest_and_that_it_is_a_good_result(runner, tmp_path):
    path = tmp_path / "four.toml"
    rows = "".join(f'{rank} = "{row}"\n' for rank, row in FOUR.items())
    path.write_text('kind = "layout"\ntitle = "t"\nboard = "board-a"\ngame = "basic-65-open"\n'
                    '[players]\nsouth = "pack1"\nnorth = "pack2"\n[rows]\n' + rows,
                    encoding="utf-8")
    text = runner.invoke(cli, ["rules", "solve", str(path), *CEILING])
    assert text.exit_code == 0, text.output
    lines = text.output.splitlines()
    assert lines[0] in ("c3-c1", "b1-b2")
    assert lines[1].startswith("at best 1 card(s) left (proved); the search was complete, so "
                               "no line clears it (lost)")
    assert lines[2] == "a good result (the source counts 1 or 2 cards left as one)"
    data = json.loads(runner.invoke(cli, ["rules", "solve", str(path), *CEILING, "--json"]).output)
    assert data["verdict"] == "lost" and data["left"] == 1 and data["fewest_proved"]
    assert data["good_result"] is True
    # Seven lone cards and nothing to shift: all stay, proved, and that is no good result.
    path.write_text(path.read_text(encoding="utf-8").split("[rows]")[0] +
                    '[rows]\n8 = "6G . 1R . 7B . . 3Y"\n1 = "1Y . . 5G . . . 8B"\n',
                    encoding="utf-8")
    none = runner.invoke(cli, ["rules", "solve", str(path), *CEILING]).output.splitlines()
    assert none[0] == "no move" and none[1].startswith("at best 7 card(s) left (proved)")
    assert none[2] == "not a good result, and no line gives one (the source counts 1 or 2 " \
        "cards left as one)"


def _open_deal(library, seed: int):
    game = library.game("basic-65")
    board = library.board(game.boards[0])
    sources = sources_for(library, Layout(board.name), game)
    layout = deal(game, board, sources, game.pairs[0], random.Random(seed), face_up=True)
    return layout, board, library.game("basic-65-open")


def test_deals_proved_lost_at_their_start_still_get_a_line(library):
    # `rules deal basic-65 --open --seed 45` and `--seed 76`: the cut proves both lost
    # before any shift (each was "no move, 21 / 23 cards left"); the best line leaves 3
    # and 1 (proved: an exhaustive search, and one card left on a board that cannot be
    # cleared). The line replays through the rules to a position with that many cards.
    for seed, left in ((45, 3), (76, 1)):
        layout, board, game = _open_deal(library, seed)
        found = solve(Rules(game, board), layout, seconds=None, nodes=NODES)
        assert Cut(game).blocked(flat(found.start)), seed
        assert found.verdict is SolverVerdict.LOST and found.fewest, seed
        assert found.left == left < len(found.start), seed
        position = Position(Rules(game, board), layout)
        position.play_record([m.notation() for m in found.moves])
        assert len(position.layout) == left and not position.legal_moves(), seed


def fewest_plain(layout: Layout, board, game, seen: dict, cap: int = 3_000) -> int:
    """The fewest cards any line from *layout* leaves: every legal move, exact positions, no
    cut; the answer of every position visited is left in *seen*.
    :raises: OverflowError past *cap* positions."""
    key = frozenset(layout.stacks.items())
    if key in seen:
        return seen[key]
    if len(seen) >= cap:
        raise OverflowError
    rules = Rules(game, board)
    result = min((fewest_plain(rules.play(layout, move, Side.SOUTH), board, game, seen, cap)
                  for move in rules.board_moves(layout, Side.SOUTH)), default=len(layout))
    seen[key] = result
    return result


def test_the_fewest_equals_a_plain_exhaustive_search_on_small_corners(library):
    game, board = library.game("basic-65-open"), library.board("board-a")
    cut = Cut(game)
    lost_with_fewer = floors = raised = two = 0
    for seed in range(40):
        layout = corner(library, seed, 4, 4, 0.8)
        seen: dict = {}
        try:
            truth = fewest_plain(layout, board, game, seen)
        except OverflowError:
            continue
        # The floor may never promise fewer cards than a line can leave.
        for key, fewest in seen.items():
            cells = flat(Layout("board-a")._replace(dict(key)))
            blocked, near, prospects = cut.read(cells)
            low = floor(prospects, 1 if blocked else 0)
            shown = sorted((s, str(t[-1])) for s, t in key)
            assert low <= fewest, shown
            floors += 1
            raised += 0 < low < len(key)
            # On a board that cannot be cleared, "one card is too few" must be a proof.
            if fewest and one_is_too_few(cut, cells, near, prospects):
                assert fewest >= 2, shown
                two += 1
        found = solve(Rules(game, board), layout, seconds=None, nodes=NODES)
        assert found.fewest and found.left == truth, (seed, found.left, truth)
        assert len(_replays(layout, board, game, found)) == truth
        if found.verdict is SolverVerdict.LOST and 0 < truth < len(found.start):
            lost_with_fewer += 1
    # Enough lost boards where shifts still help, and floors above nothing, or the
    # comparison proves little.
    assert lost_with_fewer >= 20 and floors >= 1000 and raised >= 100 and two >= 50, \
        (lost_with_fewer, floors, raised, two)
