"""`opencards rules deal` on every shipped game: a game that starts from a shuffle deals
starts that `opencards validate` accepts, the same seed gives the same bytes and another
seed another deal; a game whose start is a fixed position is refused in one line."""
from __future__ import annotations

import pytest

from generator.cli import cli
from generator.io.templates import Library
from generator.model.layout import Facing, Layout
from generator.io.layouts import load_layout

GAMES = Library().names("game")
# The starts the sources give as figures (seed000 figures 1, 4, 5 and 12): basic 1, 4, 18.
FIXED = ["basic-1", "basic-1-queen", "basic-1-tests-beat", "basic-1-two-tests", "basic-18",
         "basic-18-groups", "basic-18-onto", "basic-4", "basic-4-equal", "basic-4-identical",
         "basic-4-queen"]
SHUFFLED = [name for name in GAMES if name not in FIXED]


def _deal(runner, tmp_path, name: str, seed: int, *extra: str):
    out = tmp_path / f"{name}-{seed}{''.join(extra)}.toml"
    result = runner.invoke(cli, ["rules", "deal", name, "--seed", str(seed), *extra])
    assert result.exit_code == 0, (name, seed, result.output)
    out.write_text(result.output, encoding="utf-8")
    return out, result.output


def test_the_shuffled_starts_include_the_ones_once_refused():
    assert set(FIXED) < set(GAMES)
    for name in ("word-2", "word-12", "word-puzzle-5", "initial-1", "initial-2",
                 "initial-5", "initial-9", "initial-10", "basic-48", "word-1"):
        assert name in SHUFFLED


@pytest.mark.parametrize("name", SHUFFLED)
def test_deals_validate_and_are_seeded(runner, tmp_path, name):
    texts = []
    for seed in range(5):
        path, text = _deal(runner, tmp_path, name, seed)
        checked = runner.invoke(cli, ["validate", str(path)])
        assert checked.exit_code == 0, (name, seed, checked.output)
        assert "a valid start" in checked.output
        texts.append(text)
    assert texts[0] != texts[1]
    assert len(set(texts)) == 5
    assert _deal(runner, tmp_path, name, 3)[1] == texts[3]


@pytest.mark.parametrize("name", ["word-1", "word-2", "word-puzzle-5",
                                  "word-puzzle-5-duel"])
def test_every_pair_of_sets_deals_a_valid_start(runner, tmp_path, name, library):
    for pair in range(1, len(library.game(name).pairs) + 1):
        path, _ = _deal(runner, tmp_path, name, 0, "--pair", str(pair))
        checked = runner.invoke(cli, ["validate", str(path)])
        assert checked.exit_code == 0, (name, pair, checked.output)


@pytest.mark.parametrize("name", FIXED)
def test_fixed_starts_are_refused_in_one_line(runner, name):
    result = runner.invoke(cli, ["rules", "deal", name, "--seed", "1"])
    assert result.exit_code == 1
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert f"{name} does not start from a shuffle" in lines[0]
    assert "its start is the fixed position of a figure in its source" in lines[0]
    assert "; write it as a layout (see '" in lines[0]


def test_negative_seeds_are_refused_like_patience_deal(runner):
    for command in (["rules", "deal", "initial-1"], ["patience", "deal", "nivernaise"]):
        result = runner.invoke(cli, [*command, "--seed", "-1"])
        assert result.exit_code != 0
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "-1 is not in the range x>=0" in lines[0]


def _layout(runner, tmp_path, name: str, seed: int) -> Layout:
    return load_layout(Library(), str(_deal(runner, tmp_path, name, seed)[0]))[1]


def test_king_square_cards_lie_face_down(runner, tmp_path):
    # Initial 2 and word 2: whatever the shuffle put on e1 and e8 is turned face down.
    for name in ("initial-2", "word-2"):
        layout = _layout(runner, tmp_path, name, 4)
        down = sorted(sq for sq, piece in layout.pieces() if not piece.face_up)
        assert down == ["e1", "e8"], name
    # Initial 9: each side's 1B is moved onto its king square, face down.
    for seed in range(5):
        layout = _layout(runner, tmp_path, "initial-9", seed)
        assert [(sq, str(layout.top(sq))) for sq in ("e1", "e8")] == \
            [("e1", "(1B)^"), ("e8", "(1B)v")]


def test_home_ranks_hold_each_sides_pack(runner, tmp_path):
    layout = _layout(runner, tmp_path, "initial-1", 2)
    ranks = {sq: int(sq[1:]) for sq, _ in layout.pieces()}
    assert len(ranks) == 64
    assert all((p.facing is Facing.NORTH) == (ranks[sq] <= 4) for sq, p in layout.pieces())
    layout = _layout(runner, tmp_path, "basic-48", 2)
    assert sorted({int(sq[1:]) for sq in layout}) == [1, 2, 7, 8] and len(layout) == 32


def test_word_12_takes_the_qs_off_after_the_deal(runner, tmp_path):
    frees = set()
    for seed in range(5):
        layout = _layout(runner, tmp_path, "word-12", seed)
        assert len(layout) == 62
        assert not any(p.card.notation().startswith("Q/") for _, p in layout.pieces())
        frees.add(tuple(sorted(set(f"{f}{r}" for f in "abcdefgh" for r in range(1, 9))
                               - set(layout))))
    # The free squares are where the Qs fell, so they change with the seed.
    assert len(frees) > 1


def test_word_puzzle_5_arrows_alternate_on_the_dark_squares(runner, tmp_path):
    layout = _layout(runner, tmp_path, "word-puzzle-5", 1)
    assert len(layout) == 32
    for square, piece in layout.pieces():
        rank = int(square[1:])
        assert piece.facing is (Facing.NORTH if rank % 2 == 0 else Facing.SOUTH), square


def test_open_is_refused_where_no_pack_lies_face_down(runner):
    result = runner.invoke(cli, ["rules", "deal", "initial-2", "--seed", "1", "--open"])
    assert result.exit_code == 1 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "--open: initial-2 lays no pack face down to open" in result.stderr
    for name in ("basic-65", "initial-6", "initial-11", "basic-52"):
        assert runner.invoke(cli, ["rules", "deal", name, "--seed", "1", "--open"]
                             ).exit_code == 0, name
