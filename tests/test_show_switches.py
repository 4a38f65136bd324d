"""`opencards show GAME` prints every switch a game file sets, as the game describes itself
(Game.describe, issue 41): for every shipped game and every field of its model that differs
from the default, putting that one field back to its default changes the text shown. A switch added to the model but not to the view fails."""
from __future__ import annotations

import dataclasses

import pytest
from generator.io.templates import Library
from generator.rules.games import Game

#: What identifies a game rather than switching a rule.
_NAMES = {"name", "title", "source", "summary", "version"}


def _switches(game: Game) -> list[tuple[str, Game]]:
    """(dotted name, the game with that one switch back at its default) for every switch
    the game sets."""
    found = []
    for field in dataclasses.fields(game):
        value = getattr(game, field.name)
        if field.name in _NAMES:
            continue
        if dataclasses.is_dataclass(value):
            default = field.default_factory()  # type: ignore[misc]
            for inner in dataclasses.fields(value):
                if getattr(value, inner.name) != getattr(default, inner.name):
                    reset = dataclasses.replace(value, **{
                        inner.name: getattr(default, inner.name)})
                    found.append((f"{field.name}.{inner.name}",
                                  dataclasses.replace(game, **{field.name: reset})))
        elif field.default is not dataclasses.MISSING and value != field.default:
            found.append((field.name, dataclasses.replace(game, **{field.name: field.default})))
        elif field.default_factory is not dataclasses.MISSING and \
                value != field.default_factory():
            found.append((field.name, dataclasses.replace(
                game, **{field.name: field.default_factory()})))
    return found


GAMES = Library().names("game")


@pytest.mark.parametrize("name", GAMES)
def test_show_prints_every_switch_the_game_sets(library, name):
    game = library.game(name)
    shown = game.describe()
    silent = [switch for switch, reset in _switches(game) if reset.describe() == shown]
    assert not silent, f"show {name} does not print {', '.join(silent)}"


def test_the_older_switches_are_among_those_checked(library):
    # The walk above sees only switches a game sets: the older ones the view missed are
    # among them.
    seen = {switch for name in GAMES for switch, _ in _switches(library.game(name))}
    for switch in ("movement.one_row", "movement.forced_opening", "combinations.own_to_stock",
                   "stuck_loses", "setup.false_tests", "setup.one_pack"):
        assert switch in seen
