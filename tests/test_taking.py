"""The two removal switches of basic 65 (seed000): of crossing combinations only one leaves
(crossing = "one"), and combinations that stay until a player takes them (compulsory =
false). Hand-made positions: three ones on file c and three reds on rank 3 share c3."""
from __future__ import annotations

import dataclasses

import pytest

from generator.cli import cli
from generator.errors import IllegalMoveError
from generator.model.layout import Layout, Side
from generator.rules.games import Game
from generator.rules.solver import solve
from generator.rules.position import replay
from generator.rules.bound import Rules

# 1R on h8 shifted to c3 makes 1Y 1G 1R (file c) and 5R 7R 1R (rank 3), crossing on c3.
CROSS = {8: ". . . . . . . 1R", 3: "5R 7R . . . . . .", 2: ". . 1G . . . . .",
         1: ". . 1Y . . . . ."}


def _patience(library, name: str) -> Game:
    """The patience (one player) under *name*'s rules: the seed gives both switches for
    the patience, where every card lies open and any card may shift."""
    return dataclasses.replace(library.game(name), players=1)


def _cards(layout: Layout) -> dict[str, str]:
    return {s: p.card.notation() for s, p in layout.pieces()}


def test_main_game_takes_both_crossing_combinations(library):
    layout = Layout.from_rows("board-a", CROSS)
    rules = Rules(library.game("basic-65"), library.board("board-a"))
    after = rules.play(layout, _move(layout, library, "basic-65", "h8-c3"), Side.SOUTH)
    assert _cards(after) == {}


def _move(layout, library, game, text):
    moves = Rules(library.game(game), library.board("board-a")).board_moves(layout, Side.SOUTH)
    return next(m for m in moves if m.notation() == text)


def test_crossing_one_mover_takes_one_and_breaks_the_other(library):
    game, board = _patience(library, "basic-65-crossing"), library.board("board-a")
    layout = Layout.from_rows("board-a", CROSS)
    after = Rules(game,
                  board).play(layout, _move(layout, library, "basic-65-crossing", "h8-c3"),
                              Side.SOUTH)
    # Both combinations still lie there: the mover must choose, and may do nothing else.
    assert len(after) == 5
    assert [m.notation() for m in Rules(game, board).board_moves(after, Side.SOUTH)] == \
        ["a3*c3", "c1*c3"]
    plies = replay(Rules(game, board), layout, ["h8-c3", "c1*c3"])
    # The take belongs to the same turn (south again) and takes the ones; the reds, broken,
    # stay on the board.
    assert [p.side for p in plies] == [Side.SOUTH, Side.SOUTH]
    assert sorted(c.notation() for c in plies[1].took) == ["1G", "1R", "1Y"]
    assert _cards(plies[1].layout) == {"a3": "5R", "b3": "7R"}
    assert len(plies[1].layout.hands.of(Side.SOUTH).taken) == 3
    reds = replay(Rules(game, board), layout, ["h8-c3", "a3*c3"])[1].layout
    assert _cards(reds) == {"c1": "1Y", "c2": "1G"}


def test_crossing_one_refuses_anything_but_the_take(library):
    game, board = _patience(library, "basic-65-crossing"), library.board("board-a")
    layout = Layout.from_rows("board-a", CROSS)
    with pytest.raises(IllegalMoveError) as refused:
        replay(Rules(game, board), layout, ["h8-c3", "a3-a4"])
    assert str(refused.value) == ("move 2 (a3-a4) is illegal: south must first take one of "
                                  "the crossing combinations it made: a3*c3 c1*c3")
    with pytest.raises(IllegalMoveError, match=r"move 2 \(a3\*b3\) is illegal: south must "
                       "first take"):
        replay(Rules(game, board), layout, ["h8-c3", "a3*b3"])


def test_crossing_one_lets_a_lone_combination_leave_by_itself(library):
    game, board = _patience(library, "basic-65-crossing"), library.board("board-a")
    layout = Layout.from_rows("board-a", {8: ". . . . . . . 1R", 2: ". . 1G . . . . .",
                                          1: ". . 1Y . . . . ."})
    plies = replay(Rules(game, board), layout, ["h8-c3"])
    assert _cards(plies[0].layout) == {}
    assert Rules(game, board).board_moves(plies[0].layout, Side.NORTH) == []


def test_optional_removal_leaves_combinations_until_taken(library):
    game, board = _patience(library, "basic-65-optional"), library.board("board-a")
    layout = Layout.from_rows("board-a", CROSS)
    plies = replay(Rules(game, board), layout, ["h8-c3"])
    after = plies[0].layout
    assert len(after) == 5 and plies[0].took == ()
    moves = [m.notation() for m in Rules(game, board).board_moves(after, Side.NORTH)]
    # Taking is offered, never forced: shifts that make a combination remain.
    assert "a3*c3" in moves and "c1*c3" in moves
    assert any("*" not in m for m in moves)
    taken = replay(Rules(game, board), after, ["c1*c3"], first=Side.NORTH)[0]
    assert _cards(taken.layout) == {"a3": "5R", "b3": "7R"}
    assert len(taken.layout.hands.of(Side.NORTH).taken) == 3
    with pytest.raises(IllegalMoveError, match="no combination that may be taken lies from "
                       "a3 to b3; takes now: a3\\*c3 c1\\*c3"):
        replay(Rules(game, board), after, ["a3*b3"])


def test_solver_best_result_follows_the_switch(library):
    # Known by construction: the main game clears all five with h8-c3; with only one of the
    # crossing lines leaving, two cards of the other stay whatever is done.
    board = library.board("board-a")
    layout = Layout.from_rows("board-a", CROSS)
    main = solve(Rules(library.game("basic-65-open"), board), layout, seconds=None, nodes=1000)
    assert main.solved and [m.notation() for m in main.moves] == ["h8-c3"]
    for name in ("basic-65-crossing", "basic-65-optional"):
        found = solve(Rules(_patience(library, name), board), layout, seconds=None,
                      nodes=1000)
        assert found.complete and not found.solved and found.left == 2, name
        assert [m.notation() for m in found.moves][-1] in ("a3*c3", "c1*c3")


@pytest.mark.parametrize(("key", "value", "message"), [
    ("crossing", '"one"', "combinations.crossing: expected 'all' unless removes = 'all'"),
    ("compulsory", "false", "combinations.compulsory: expected true unless removes = 'all'"),
    ("crossing", '"some"', "combinations.crossing: expected one of 'all', 'one'"),
])
def test_switches_need_whole_combinations_to_leave(runner, tmp_path, key, value, message):
    games = tmp_path / "games"
    games.mkdir()
    (games / "mixed.toml").write_text(f'kind = "game"\nextends = "basic-18"\ntitle = "t"\n'
                                      f'[combinations]\n{key} = {value}\n', encoding="utf-8")
    result = runner.invoke(cli, ["--templates", str(tmp_path), "show", "mixed"])
    assert result.exit_code == 1 and message in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1


def test_show_names_the_removal_switches(runner):
    shown = runner.invoke(cli, ["show", "basic-65-optional"]).output
    assert "removes all, only when taken by a move (c1*c3); of crossing ones only one" in shown
    main = runner.invoke(cli, ["show", "basic-65"]).output
    assert "removes all\n" in main and "crossing" not in main
