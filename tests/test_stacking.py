"""Basic 65's patience with cards laid on each other (basic-65-stacking): a shift may put a
card on an open card when the pile's top makes a combination; the pile leaves whole."""
from __future__ import annotations

import dataclasses

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.errors import IllegalMoveError, TemplateError
from generator.model.layout import Layout, Side
from generator.rules import Position
from generator.rules.moves import Move, MoveKind
from generator.rules.bound import Rules

ROWS = {1: "2R 3R 5B . . . . .", 5: ". . . . 4G . . .", 8: ". . . . . . 7Y ."}


def _moves(library, game_name, rows=ROWS):
    layout = Layout.from_rows("board-a", rows)
    game = library.game(game_name)
    return layout, game, Rules(game, library.board("board-a")).board_moves(layout, Side.SOUTH)


def test_a_card_laid_on_a_card_to_make_a_combination(library):
    layout, game, moves = _moves(library, "basic-65-stacking")
    onto = Move(MoveKind.SHIFT, "e5", "c1")
    assert onto in moves
    after = Rules(game, library.board("board-a")).play(layout, onto, Side.SOUTH)
    # 2R 3R 4G is a sequence: the three piles leave, the covered 5B with its pile.
    assert dict(after.stacks).keys() == {"g8"}
    assert sorted(c.notation() for c in after.hands.of(Side.SOUTH).taken) == \
        ["2R", "3R", "4G", "5B"]


def test_no_card_on_a_card_without_a_combination_or_the_switch(library):
    _, _, moves = _moves(library, "basic-65-stacking")
    # 7Y on c1 makes nothing; a card never lands on its own square.
    assert Move(MoveKind.SHIFT, "g8", "c1") not in moves
    assert not [m for m in moves if m.origin == m.target]
    # Plain basic 65: the same lay onto 5B is no move (d1, a free square, still is).
    _, _, plain = _moves(library, "basic-65")
    assert Move(MoveKind.SHIFT, "e5", "c1") not in plain
    assert Move(MoveKind.SHIFT, "e5", "d1") not in plain  # 2R 3R 5B 4G: no run through d1


def test_a_face_down_card_is_never_covered(library):
    # While a card lies face down the turn opens one; 4G opened at e5 may go onto the open
    # 5B but never onto the face-down (3B).
    rows = {1: "2R 3R 5B . . . . .", 2: "(3B) 3B . . . . . .", 5: ". . . . (4G) . . ."}
    _, _, moves = _moves(library, "basic-65-stacking", rows)
    assert Move(MoveKind.OPEN, "e5", "c1") in moves
    assert Move(MoveKind.OPEN, "a2", "a2") in moves
    assert not [m for m in moves if m.target == "a2" and m.origin != "a2"]


def test_the_switch_needs_shifts_and_piles(library, tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "bad.toml").write_text(  # piles left off
        'kind = "game"\nextends = "basic-65"\n[movement]\nshift_onto_cards = true\n')
    from generator.io.templates import Library
    with pytest.raises(TemplateError, match="shift_onto_cards"):
        Library.with_user_dirs([tmp_path]).game("bad")


def test_the_patience_lays_a_card_on_a_card(library):
    # The seed gives the rule for the patience, where every card lies open and any card
    # may shift; its form here is the game with one player.
    game = dataclasses.replace(library.game("basic-65-stacking"), players=1)
    layout = Layout.from_rows("board-a", {1: "2R 3R 5B . . . . .", 5: ". . . . 4G . . .",
                                          8: ". . . . . . 7Y ."})
    position = Position(Rules(game, library.board("board-a")), layout)
    ply = position.push_text("e5-c1")
    assert sorted(c.notation() for c in ply.took) == ["2R", "3R", "4G", "5B"]
    position.pop()
    with pytest.raises(IllegalMoveError) as refused:
        position.push_text("g8-c1")
    assert refused.value.number == 1


def test_the_two_player_game_is_over_once_every_card_is_open(tmp_path):
    # Seed000 game 65: "the game is finished when all cards on the board are open".
    path = tmp_path / "pos.toml"
    path.write_text('kind = "layout"\ntitle = "t"\nboard = "board-a"\n'
                    'game = "basic-65-stacking"\n'
                    '[players]\nsouth = "pack1"\nnorth = "pack2"\n[rows]\n'
                    '1 = "2R 3R 5B . . . . ."\n5 = ". . . . 4G . . ."\n8 = ". . . . . . 7Y ."\n')
    result = CliRunner().invoke(cli, ["rules", "play", str(path), "--moves", "e5-c1"])
    assert result.exit_code == 1 and "the game is over (a draw: every card is open" \
        in result.stderr
