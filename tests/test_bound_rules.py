"""A game's rules are bound once (issue 41): no function of the package takes a layout, a
board and a game together, and the strategies a Position asks are the ones its rules picked
when it started."""
from __future__ import annotations
import ast
import re
from pathlib import Path
import generator
from generator.rules import Position, Rules
from generator.rules.captures import PressOwnCards

PACKAGE = Path(generator.__file__).parent
TRIO = {"layout", "board", "game"}


def _trio_functions(source: str, where: str) -> list[str]:
    """Every function in *source* whose parameters include all of :data:`TRIO`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            names = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
            if TRIO <= names:
                found.append(f"{where}:{node.lineno} {node.name}")
    return found


def test_the_check_finds_a_function_that_takes_the_trio():
    # The rule below must be able to fail: a method taking the three in any order, one
    # keyword-only, is found; one taking the bound rules is not.
    source = ("class A:\n    def squares(self, board, layout, *, game=None): ...\n"
              "def moves(rules, layout, side): ...\n")
    assert _trio_functions(source, "x.py") == ["x.py:2 squares"]


def test_no_function_takes_a_layout_a_board_and_a_game_together():
    found = [hit for path in sorted(PACKAGE.rglob("*.py"))
             for hit in _trio_functions(path.read_text(encoding="utf-8"),
                                        str(path.relative_to(PACKAGE)))]
    assert found == [], "bind the game and board once (generator.rules.bound.Rules): " + \
        ", ".join(found)


#: A read of one of a game's switch groups (``game.movement.capture``, ``game.beating``): the
#: rules objects read them once when a Position starts, the loader (io/) when it builds the
#: game, and the game describes itself (``Game.describe``, ``combination_length``).
SWITCH_READ = re.compile(r"\bgame\.(movement|beating|pressing|combinations|lines|setup)\b"
                         r"|\bgame\.words\.")
#: Where the switches are read: the rules and the loader.
READERS = ("rules/", "io/")


def _switch_reads(source: str, where: str) -> list[str]:
    return [f"{where}:{n} {line.strip()}" for n, line in enumerate(source.splitlines(), 1)
            if SWITCH_READ.search(line)]


def test_the_check_finds_a_switch_read():
    source = "x = position.game.movement.capture\nk = game.combination_kinds\nw = game.words\n"
    assert _switch_reads(source, "docs/a.py") == ["docs/a.py:1 x = position.game.movement.capture"]


def test_only_the_rules_and_the_loader_read_a_games_switches():
    """Issue 41: "switch reads only inside the rules objects and the game's
    self-description"; the drawing, booklet, CLI and editor ask the rules or the game."""
    found = [hit for path in sorted(PACKAGE.rglob("*.py"))
             if not path.relative_to(PACKAGE).as_posix().startswith(READERS)
             for hit in _switch_reads(path.read_text(encoding="utf-8"),
                                      path.relative_to(PACKAGE).as_posix())]
    assert found == [], "ask the bound rules or the game instead: " + "; ".join(found)


def test_a_position_asks_the_strategies_its_rules_picked_when_it_started(library):
    # Seed000, game 48's variant: "players can press their own cards too" — the capture
    # rule is the own-cards one, picked once from the game's switch.
    game, board = library.game("basic-48-own"), library.board("board-a")
    rules = Rules(game, board)
    assert type(rules.capture) is PressOwnCards and rules.capture.game is game
    position = Position(rules, library.layout("basic-48-own-start"))
    assert position.rules is rules and position.game is game and position.board is board
    placement, goal = rules.placement, rules.goal
    position.push(position.legal_moves()[0])
    position.pop()
    assert (rules.placement, rules.goal) == (placement, goal)
    assert goal.game is game and placement.board is board


def test_only_the_follow_ups_a_game_has_are_bound(library):
    board = library.board("board-a")
    phases = {name: [f.phase.value for f in Rules(library.game(name), board).follow_ups]
              for name in ("basic-1", "basic-52", "initial-12", "word-puzzle-5-duel")}
    assert phases == {"basic-1": [], "basic-52": ["open"], "initial-12": ["push"],
                      "word-puzzle-5-duel": ["turn"]}
