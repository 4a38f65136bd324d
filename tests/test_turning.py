"""Word puzzle 5's turning: after a move that makes a word, the mover may turn round any
letters of it (c4~d5~) or pass; in the two-player form only the opponent's letters, which
become his. Hand-made positions, a record played through `rules play`, and the verdict."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.errors import IllegalMoveError
from generator.io.wordlists import SetWordList
from generator.model.layout import Facing, Layout, Side
from generator.rules.goals import judge
from generator.rules.position import replay
from generator.rules.bound import Rules
from generator.rules.goal_rules import goal_rule


WORDS = SetWordList(frozenset({"CAT"}), "test")
# C and A on a1 and b1, pointing opposite ways; T slides down the c file onto c1.
ROWS = {1: "C/Y^ A/Yv . . . . . .", 4: ". . T/Y^ . . . . ."}


def _play(library, game, texts, rows=ROWS, first=Side.SOUTH):
    layout = Layout.from_rows("board-a", rows)
    return layout, replay(Rules(library.game(game), library.board("board-a"), WORDS), layout,
                          texts, first=first)


def test_a_word_lets_the_mover_turn_its_letters_and_solve_the_puzzle(library):
    game = library.game("word-puzzle-5")
    board = library.board("board-a")
    layout, plies = _play(library, "word-puzzle-5", ["c4-c1"])
    rules = Rules(game, board, WORDS)
    choices = {str(m) for m in rules.turn_moves(plies[-1].layout, Side.SOUTH,
                                                after=plies[-1].move)}
    # Any non-empty choice of the word's three letters: 7 of them.
    assert {"a1~", "b1~", "c1~", "a1~b1~c1~"} <= choices and len(choices) == 7
    _, plies = _play(library, "word-puzzle-5", ["c4-c1", "b1~"])
    after = plies[-1].layout
    assert after.top("b1").facing is Facing.NORTH
    verdict = judge(goal_rule(game, board), after, to_move=Side.SOUTH, moves=[],
                    last_move=plies[-1].move)
    assert verdict.over and "solved" in verdict.reason


def test_no_turn_without_a_word_and_a_turn_may_be_passed(library):
    with pytest.raises(IllegalMoveError, match=r"move 2 \(c2~\).*made a word"):
        _play(library, "word-puzzle-5", ["c4-c2", "c2~"])
    # Passing leaves every letter as it was; the next move is a slide again.
    _, plies = _play(library, "word-puzzle-5", ["c4-c1", "pass", "c1-c3"])
    assert plies[1].move is None and plies[2].layout.top("b1").facing is Facing.SOUTH


def test_two_players_turn_only_the_opponents_letters(library):
    # South's T (arrow north) makes CAT with its own C and north's A.
    _, plies = _play(library, "word-puzzle-5-duel", ["c4-c1", "b1~"])
    assert plies[-1].layout.top("b1").owner is Side.SOUTH  # turned: now south's
    with pytest.raises(IllegalMoveError, match=r"move 2 \(a1~\).*of the opponent"):
        _play(library, "word-puzzle-5-duel", ["c4-c1", "a1~"])
    # North may not move south's letters at all.
    with pytest.raises(IllegalMoveError, match=r"move 1 \(c4-c1\)"):
        _play(library, "word-puzzle-5-duel", ["c4-c1"], first=Side.NORTH)


def test_rules_play_shows_the_turn_and_the_solved_puzzle(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("cat\n")
    path = tmp_path / "pos.toml"
    path.write_text('kind = "layout"\ntitle = "t"\nboard = "board-a"\ngame = "word-puzzle-5"\n'
                    '[players]\nsouth = "latin1"\n[rows]\n1 = "C/Y^ A/Yv . . . . . ."\n'
                    '4 = ". . T/Y^ . . . . ."\n')
    result = CliRunner().invoke(cli, ["rules", "play", str(path), "--moves", "c4-c1 b1~",
                                      "--words", str(words)])
    assert result.exit_code == 0, result.output
    assert "b1~" in result.output and "solved" in result.output


def test_the_word_list_follows_the_letters_on_the_board(library):
    # Puzzle 5 allows Latin and Cyrillic sets: a Latin layout gets the English list.
    from generator.io.layouts import load_layout_file, word_list_for
    position = load_layout_file(library, "word-puzzle-5-start")
    assert "CAT" in word_list_for(position.sources, None)
