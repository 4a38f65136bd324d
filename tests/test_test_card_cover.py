"""A face-down test card covers nothing (seed000 game 1: test cards "can not be imposed on
other playing cards"), not even the opponent's face-down test card; only the stated variant
where test cards beat (beating.test_cards_beat, basic 4 without equal values) lets it.
Any face-up card may cover the opponent's test card, which wins."""
from __future__ import annotations

import dataclasses

from generator.cli import cli
from generator.model.layout import Layout
from generator.rules import Move
from generator.rules.moves import MoveKind
from generator.rules.bound import Rules

ROWS = {5: ". . . . (1B)v . . .", 4: ". . . (1R)^ . 5G^ . ."}
LAYOUT_FILE = """kind = "layout"
title = "South's test card next to north's"
board = "board-a"
game = "basic-1"

[players]
south = "pack1:G1"
north = "pack1:G2"

[rows]
5 = ". . . . (1B)v . . ."
4 = ". . . (1R)^ . 5G^ . ."
"""


def _layout() -> Layout:
    return Layout.from_rows("board-a", ROWS, players={"south": "pack1:G1",
                                                      "north": "pack1:G2"})


def test_a_test_card_does_not_cover_the_opponents_test_card(library):
    game, board = library.game("basic-1"), library.board("board-a")
    assert not game.beating.test_cards_beat
    moves = Rules(game, board).board_moves(_layout(), "south")
    assert Move(MoveKind.COVER, "d4", "e5") not in moves
    assert not [m for m in moves if m.origin == "d4" and m.target == "e5"]
    # The test card still steps like a king onto free squares ...
    assert Move(MoveKind.MOVE, "d4", "e4") in moves
    # ... and the face-up 5G beside it may cover north's test card.
    assert Move(MoveKind.COVER, "f4", "e5") in moves
    # North's test card cannot cover south's either.
    assert not [m for m in Rules(game, board).board_moves(_layout(), "north")
                if m.origin == "e5" and m.target == "d4"]


def test_the_variant_where_test_cards_beat_lets_it_cover(library):
    game, board = library.game("basic-1"), library.board("board-a")
    variant = dataclasses.replace(game, beating=dataclasses.replace(game.beating,
                                                                    test_cards_beat=True))
    assert Move(MoveKind.COVER, "d4", "e5") in Rules(variant, board).board_moves(_layout(), "south")
    # The shipped game with that variant: basic 4 itself, without equal values.
    no_equal = library.game("basic-4")
    assert no_equal.beating.test_cards_beat
    layout = Layout.from_rows("board-a", {5: ". . . . (10B)v . . .",
                                          4: ". . . (1R)^ . . . ."},
                              players={"south": "pack1", "north": "pack2"})
    assert Move(MoveKind.COVER, "d4", "e5") in Rules(no_equal, board).board_moves(layout, "south")


def test_rules_play_refuses_the_cover(runner, tmp_path):
    path = tmp_path / "tests.toml"
    path.write_text(LAYOUT_FILE, encoding="utf-8")
    refused = runner.invoke(cli, ["rules", "play", str(path), "--moves", "d4xe5"])
    assert refused.exit_code == 1 and refused.stdout == ""
    assert refused.stderr.startswith("Error: move 1 (d4xe5) is illegal: (1R)^ on d4 cannot "
                                     "make that move")
    assert refused.stderr.count("\n") == 1 and "d4xe5" not in refused.stderr.split(";")[1]
    won = runner.invoke(cli, ["rules", "play", str(path), "--moves", "f4xe5"])
    assert won.exit_code == 0
    assert won.output.splitlines()[-1] == "south wins: the opponent's test card is covered"
