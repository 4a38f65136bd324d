"""Random playouts of every shipped game from its start: each ends with a decided outcome
(a winner or a draw the rules name) within the move limit, and nothing raises."""
from __future__ import annotations

import random

import pytest

from generator.io.layouts import load_layout_file, word_list_for
from generator.io.templates import Library
from generator.rules.playout import playout
from generator.rules.bound import Rules
from generator.rules.position import Position

SEEDS = 50
LAYOUTS = Library().names("layout")


@pytest.mark.parametrize("name", LAYOUTS)
def test_random_playouts_end_decided(library, name):
    position = load_layout_file(library, name)
    game = position.game
    words = word_list_for(position.sources, None) if game.words.enabled else None
    for seed in range(SEEDS):
        result = playout(Position(Rules(game, position.board, words), position.layout),
                         random.Random(seed), limit=1500)
        assert result.outcome.over, (name, seed, str(result.outcome))
        assert result.plies < 1500 and result.outcome.reason


def test_every_game_has_a_start_to_play_out(library):
    assert {library.layout(name).game for name in LAYOUTS} == set(library.names("game"))
