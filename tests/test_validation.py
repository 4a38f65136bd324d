"""Layout validation: every shipped layout passes, every broken fixture gives its problems."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.cli import cli
from generator.io.figures import read_figure_table
from generator.io.layouts import load_layout_file, sources_for
from generator.model.layout import Layout, OffBoard, parse_stack
from generator.rules import problems
from generator.rules.bound import Rules

BROKEN = sorted((Path(__file__).parent / "data" / "rules" / "broken").glob("*.toml"))


def _expected(path: Path) -> list[tuple[str, str | None]]:
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# expect:"):
            code, square = line.removeprefix("# expect:").split()
            found.append((code, None if square == "-" else square))
    return found


def test_every_shipped_layout_is_valid_for_its_game(library, runner):
    names = library.names("layout")
    assert len(names) >= 24
    for name in names:
        layout = library.layout(name)
        game = library.game(layout.game)
        # Figures of positions during play (their [figure] table says play = true) are
        # checked as validate --play checks them; every other layout is a start.
        during_play = read_figure_table(library.files("layout")[name]).play
        found = problems(Rules(game, library.board(layout.board)), layout,
                         sources=sources_for(library, layout, game), start=not during_play)
        assert found == [], (name, [str(v) for v in found])
        result = runner.invoke(cli, ["validate", name] + (["--play"] if during_play else []))
        assert result.exit_code == 0 and ("a valid position for" if during_play
                                          else "a valid start for") in result.output


def test_every_game_has_a_shipped_start(library):
    games = {library.layout(name).game for name in library.names("layout")}
    assert games == set(library.names("game"))


def test_there_are_at_least_15_broken_layouts():
    assert len(BROKEN) >= 15
    assert all(_expected(path) for path in BROKEN)


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_broken_layout_lists_its_problems(runner, path):
    result = runner.invoke(cli, ["validate", "--json", str(path)])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data["valid"] is False
    assert [(p["code"], p["square"]) for p in data["problems"]] == _expected(path)
    # The text form names every square at fault, one problem a line, and no traceback.
    text = runner.invoke(cli, ["validate", str(path)])
    assert text.exit_code == 1 and "Traceback" not in text.output
    lines = text.stdout.splitlines()
    assert len(lines) == len(_expected(path))
    for line, (code, square) in zip(lines, _expected(path)):
        assert line.startswith(f"{path.name}: ") or f"/{path.name}: " in line
        assert line.endswith(f"[{code}]") and (square is None or f": {square}: " in line)


def test_the_fixture_name_is_among_its_problems():
    aliases = {"value-not-in-game": "not-in-game", "card-of-other-pack": "not-in-game",
               "off-board-rank": "off-board", "off-board-file": "off-board",
               "pile-at-start": "pile", "card-twice-in-stock": "card-twice",
               "stock-not-in-game": "not-in-game"}
    for path in BROKEN:
        assert aliases.get(path.stem, path.stem) in {c for c, _ in _expected(path)}, path


def test_play_positions_skip_the_start_checks(library, runner, tmp_path):
    # A game-48 position after a press: a pile, and cards away from their home ranks.
    text = (Path(library.files("layout")["basic-48-start"])).read_text(encoding="utf-8")
    layout = library.layout("basic-48-start")
    pressed = layout.without("a1").with_piece("c4", layout.top("a1"))
    pressed = pressed.with_piece("c4", layout.top("b1"))
    rules = Rules(library.game("basic-48"), library.board("board-a"))
    sources = sources_for(library, layout, rules.game)
    assert problems(rules, pressed.without("b1"), sources=sources, start=False) == []
    start_problems = problems(rules, pressed.without("b1"), sources=sources)
    assert {v.code for v in start_problems} == {"pile", "wrong-home-row"}
    path = tmp_path / "moved.toml"
    path.write_text(text.replace('1 = "', '3 = "', 1), encoding="utf-8")
    assert runner.invoke(cli, ["validate", str(path)]).exit_code == 1
    assert runner.invoke(cli, ["validate", "--play", str(path)]).exit_code == 0


def test_game_option_overrides_the_layout_game(runner):
    result = runner.invoke(cli, ["validate", "game9-start", "--game", "basic-1"])
    assert result.exit_code == 1
    assert "wrong-board" in result.stdout and "wrong-material" in result.stdout


def test_layout_without_game_needs_the_option(runner, tmp_path, library):
    text = library.files("layout")["game9-start"].read_text(encoding="utf-8")
    path = tmp_path / "nogame.toml"
    path.write_text(text.replace('game = "initial-9"\n', ""), encoding="utf-8")
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "the layout names no game; give one with --game" in result.stderr
    assert runner.invoke(cli, ["validate", str(path), "--game", "initial-9"]).exit_code == 0


@pytest.mark.parametrize(("args", "message"), [
    (["validate", "nosuch"], "no layout named 'nosuch'"),
    (["validate", "game9-start", "--game", "basic-99"], "no game named 'basic-99'"),
    (["validate", "missing.toml"], "missing.toml: no such layout file"),
])
def test_validate_mistakes_are_one_line(runner, args, message):
    result = runner.invoke(cli, args)
    assert result.exit_code == 1 and message in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_problems_are_sorted_and_deterministic(library):
    layout = Layout.from_rows("board-a", {1: "(7R)^ 5R^ . . . . . .", 3: "3Gv . . . . . . ."},
                              players={"south": "pack1:G1", "north": "pack1:G2"})
    game = library.game("basic-1")
    found = problems(Rules(game, library.board("board-a")), layout,
                     sources=sources_for(library, layout, game))
    again = problems(Rules(game, library.board("board-a")), layout,
                     sources=sources_for(library, layout, game))
    assert found == again
    squares = [v.square for v in found]
    assert squares[:2] == [None, None] and squares.index("a1") < squares.index("a3")


@pytest.mark.parametrize(("fixture", "square", "message"), [
    ("off-board-rank", "d9", "2Rv lies on rank 9, off the board (ranks 1 to 8)"),
    ("off-board-file", "i2", "3R^ lies beyond file h, off the board (files a to h)"),
])
def test_the_engine_reports_piles_off_the_board(library, fixture, square, message):
    position = load_layout_file(library, str(BROKEN[0].parent / f"{fixture}.toml"))
    # Off the board is wrong at the start and during play alike.
    for start in (True, False):
        assert [(v.code, v.square, v.message) for v in position.problems(start=start)] == [
            ("off-board", square, message)]


def test_off_board_problems_sort_with_the_rest(library):
    game = library.game("initial-9")
    start = library.layout("game9-start")
    layout = Layout(start.board, {**start.stacks, "d4": parse_stack("1Gv")}, start.players,
                    off_board=(OffBoard(0, 0, parse_stack("1R^")), OffBoard(8, 2,
                                                                             parse_stack("2Rv"))))
    found = problems(Rules(game, library.board(start.board)), layout,
                     sources=sources_for(library, layout, game))
    # Rank 0 lies below rank 1, file i beyond file h; the extra 1G makes the one on d7 twice.
    assert [(v.code, v.square) for v in found] == [
        ("off-board", "a0"), ("off-board", "i2"), ("wrong-home-row", "d4"), ("card-twice", "d7")]
    assert found[0].message == "1R^ lies on rank 0, off the board (ranks 1 to 8)"


def test_covering_a_test_card_counts_as_a_take_on_move_1(library):
    # The safe basic-1-queen start with north's test card (1B) and 8R swapped: the test card
    # on e7 now faces south's 4B on e2 down the empty e file. 4B beats no card there, but any
    # card covers a face-down test card, so the start is not safe.
    start = library.layout("basic-1-queen-start")
    game = library.game("basic-1-queen")
    layout = start.without("e7").without("e8").with_piece("e7", start.top("e8")) \
        .with_piece("e8", start.top("e7"))
    found = problems(Rules(game, library.board("board-a")), layout,
                     sources=sources_for(library, layout, game))
    assert [(v.code, v.square, v.message) for v in found] == [
        ("beatable-on-move-1", "e7", "(1B)v can be taken at once by 4B^ from e2 (e2xe7); "
         "basic-1-queen needs a start where no card can be taken on the first move")]


def test_a_rank_far_longer_than_the_board_is_listed_not_a_traceback(tmp_path, runner):
    """A rank of 32 piles on an 8-file board (found by the template fuzzer): the piles past
    file p have labels that run out of letters ('{8'), and validate still lists every
    problem in one line each instead of failing on the sort."""
    row = " ".join(["8Rv 7Yv 8Gv 7Bv (1B)v 6Gv 5Yv 6Rv"] * 4)
    layout = tmp_path / "long-rank.toml"
    layout.write_text(
        'kind = "layout"\ntitle = "x"\nboard = "board-a"\ngame = "basic-1"\n'
        '[players]\nsouth = "pack1:G1"\nnorth = "pack1:G2"\n[rows]\n'
        f'"8" = "{row}"\n"7" = "4Rv 3Yv 4Gv 3Bv 5Bv 2Gv 1Yv 2Rv"\n'
        '"2" = "4B^ 3G^ 4Y^ 3R^ 5R^ 2Y^ 1G^ 2B^"\n"1" = "8B^ 7G^ 8Y^ 7R^ (1R)^ 6Y^ 5G^ 6B^"\n',
        encoding="utf-8")
    result = runner.invoke(cli, ["validate", str(layout)])
    assert result.exit_code == 1, result.output
    off = [line for line in result.output.splitlines() if "off the board" in line]
    assert len(off) == 24 and "Traceback" not in result.output, result.output
