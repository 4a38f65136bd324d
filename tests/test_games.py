"""Game templates: every game loads, says what the seeds say, and bad files fail in one line."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.model.cards import Card
from generator.cli import cli
from generator.io.games import GAME_KEYS
from generator.rules.games import Capture, EqualValues, Goal, Step

ROOT = Path(__file__).resolve().parent.parent
REQUIRED = ["basic-1", "basic-4", "basic-18", "basic-48", "basic-52", "basic-65",
            *[f"initial-{n}" for n in range(1, 13)], "word-1", "word-2", "word-12",
            "word-25", "word-puzzle-5"]


def test_every_supported_game_ships(library):
    assert set(REQUIRED) <= set(library.names("game"))
    for name in library.names("game"):
        game = library.game(name)
        assert game.title and game.summary and game.source and game.pairs
        text = library.files("game")[name].read_text(encoding="utf-8")
        assert text.startswith("# "), f"{name} needs a leading comment"


def test_games_state_the_seed_facts(library):
    basic1 = library.game("basic-1")
    assert basic1.movement.step is Step.KING and basic1.movement.capture is Capture.BEAT
    assert basic1.beating.trumps and basic1.beating.equal_values is EqualValues.BEAT
    assert basic1.setup.off_colour and basic1.goal is Goal.COVER_TEST_CARD
    assert library.game("basic-4").ranks == (1, 2, 3, 4)
    assert set(library.game("basic-4").setup.test_cards) == {Card.from_notation("1R"),
                                                             Card.from_notation("10B")}
    assert set(library.game("basic-18").setup.test_cards) == {Card.from_notation("1B"),
                                                              Card.from_notation("10B")}
    assert library.game("basic-48").movement.step is Step.COLOUR_QUEEN
    assert library.game("basic-48").movement.capture is Capture.PRESS
    for n in (1, 2, 3, 4):
        beating = library.game(f"initial-{n}").beating
        assert not beating.trumps and beating.equal_values is EqualValues.IDENTICAL
    assert library.game("initial-5").movement.step is Step.JUMP
    assert library.game("word-1").movement.step is Step.QUEEN
    assert library.game("word-2").words.min_length == 3  # two letters: the stated option
    assert library.game("word-12").setup.removed_letters == ("Q",)


def test_extends_merges_tables_key_by_key(library):
    queen, base = library.game("basic-1-queen"), library.game("basic-1")
    assert queen.movement.step is Step.QUEEN and queen.movement.capture is Capture.BEAT
    assert queen.setup.safe_first_move and not queen.setup.off_colour
    assert queen.setup.test_cards == base.setup.test_cards and queen.pairs == base.pairs
    assert library.game("initial-6").version == "initial"


def test_every_game_key_is_documented_in_readme():
    """The pages on the rule engine, the games and the templates (once README's sections
    from "The rule engine" on) name every key a game file may hold."""
    section = "\n".join((ROOT / "docs" / page).read_text(encoding="utf-8") for page in
                        ["rule-engine.md", "games.md", "patiences-and-ass.md", "templates.md"])
    for table, keys in GAME_KEYS.items():
        for key in keys:
            assert re.search(rf"`{key}`", section), f"{table}.{key} is not in docs/"


def _game_file(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "games"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


BASE = (ROOT / "templates" / "games" / "basic-1.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("old", "new", "expected"), [
    ('step = "king"', 'step = "kng"', ["movement.step: expected one of", "did you mean 'king'?"]),
    ("trumps = true", "trumps = 1", ["beating.trumps: expected true or false, got 1"]),
    ("complete = true", "complet = true", ["setup.complet: unknown key",
                                           "did you mean 'complete'?"]),
    ('"1R", "1B"', '"1X", "1B"', ["setup.test_cards[0]: expected a card like 1R or 10B"]),
    ('ranks = [1, 2, 3, 4, 5, 6, 7, 8]', 'ranks = [0]', ["ranks: expected a list of"]),
    ('goal = "cover-test-card"', 'goal = "win"', ["goal: expected one of"]),
    ('pairs = [["pack1:G1", "pack1:G2"],', 'pairs = [["pack1:G1"], "x",',
     ["pairs: expected a list of pairs"]),
], ids=["bad-choice", "bad-type", "unknown-key", "bad-test-card", "bad-ranks", "bad-goal",
        "bad-pairs"])
def test_malformed_game_gives_one_line(runner, tmp_path, old, new, expected):
    assert old in BASE
    path = _game_file(tmp_path, "mine", BASE.replace(old, new, 1))
    result = runner.invoke(cli, ["show", str(path)])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.output
    assert "mine.toml" in result.stderr and "Traceback" not in result.output
    for piece in expected:
        assert piece in result.stderr, (piece, result.stderr)


def test_extends_loop_and_unknown_refs(runner, tmp_path):
    _game_file(tmp_path, "a", 'kind = "game"\nextends = "b"\n')
    path = _game_file(tmp_path, "b", 'kind = "game"\nextends = "a"\n')
    result = runner.invoke(cli, ["show", str(path)])
    assert result.exit_code == 1 and "cycle: b -> a -> b" in result.stderr
    _game_file(tmp_path, "c", BASE.replace('boards = ["board-a"]', 'boards = ["bord-a"]'))
    result = runner.invoke(cli, ["--templates", str(tmp_path), "validate", "game1-demo",
                                 "--game", "c"])
    assert result.exit_code == 1 and "boards[0]: expected a board" in result.stderr
    assert "did you mean 'board-a'?" in result.stderr


def test_show_a_game(runner):
    result = runner.invoke(cli, ["show", "basic-1"])
    assert result.exit_code == 0
    assert "beating: trumps on, equal values beat" in result.output
    assert "test cards 1R 1B 10R 10B" in result.output


def test_basic_4_couples_equal_values_and_test_cards(library, runner, tmp_path):
    main = library.game("basic-4")  # seed000: "more often" no equal values with reduced packs
    assert main.beating.equal_values is EqualValues.NO and main.beating.test_cards_beat
    variant = library.game("basic-4-equal")
    assert variant.beating.equal_values is EqualValues.BEAT and not variant.beating.test_cards_beat
    games = tmp_path / "games"
    games.mkdir()
    (games / "half.toml").write_text('# t\nkind = "game"\nextends = "basic-4"\ntitle = "t"\n'
                                     '[beating]\ntest_cards_beat = false\n', encoding="utf-8")
    result = runner.invoke(cli, ["--templates", str(tmp_path), "show", "half"])
    assert result.exit_code == 1 and "beating.test_cards_beat: expected true when " \
        "beating.equal_values is 'no' (seed000 game 4 couples them), got false" in result.stderr
