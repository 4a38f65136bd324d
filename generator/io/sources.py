"""Reads the sources table, ``templates/sources/GAME.toml``: one file per game (a game
template's name, or a game defined in code: ``ass``, ``nivernaise``, ``empress-of-india``,
``besieged-city``) and ``general.toml`` for the rules all board games share (who moves
first, a side with no move), each rule a ``[rule."KEY"]`` table (see
:mod:`generator.rules.sources`).

A file's top-level ``seed`` and ``where`` are the defaults of its rows. A row::

    [rule."goal:tie"]
    basis = "our-reading"       # or "seed", "variant", "house-rule", "correction"
    value = "..."               # the game's value of the key (compared with the template)
    passage = "the seed's words"
    reason = "why we read it so"
    alternative = "what else it could mean"
    en = "The booklet's sentence."   # printed where a chapter writes {reading:goal:tie}
    ru = "Предложение книжки."

:func:`coverage_problems` says which rules have no row, which rows name no rule, and which
values differ from the game's: the test suite asks it, so a new key or switch without a row
fails there. A bad row is one line naming the file and the row.
"""
from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import fields
from pathlib import Path
from typing import Any

from ..errors import TemplateError
from ..rules.sources import (ALWAYS, CODE_GAME_RULES, CODE_GAMES, DESCRIPTIVE_KEYS,
                             GENERAL, GENERAL_RULES, Basis, GameSources, SourceRow)
from .glyphs import check_printable
from .reader import Reader, display_path, read_toml
from .templates import Library, TemplateKind

SEEDS = ("000", "001", "002", "003", "004")
_BASES = {b.value: b for b in Basis}


def sources_files(library: Library) -> dict[str, Path]:
    """The sources files by game name; a ``--templates`` folder's file wins. Listed once
    in the library's life: a booklet asks for a row at every reading it prints."""
    def listed() -> dict[str, Path]:
        found: dict[str, Path] = {}
        for root in library.roots:
            for path in sorted((root / "sources").glob("*.toml")):
                found.setdefault(path.stem, path)
        return found
    return dict(library.memo("sources files", listed))


def _game_sources(library: Library, path: Path) -> GameSources:
    """:func:`read_sources` of *path*, parsed once in the library's life."""
    return library.memo(("sources", path), lambda: read_sources(path))


def read_sources(path: Path) -> GameSources:
    """One game's rows.

    :raises: :exc:`TemplateError` naming the file and the row.
    """
    shown = display_path(path)
    r = Reader(shown, read_toml(path))
    seed = r.string("seed", "")
    where = r.string("where", "")
    rules = r.table("rule")
    r.finish()
    rows = tuple(_row(Reader(shown, rules.data[key], f'rule."{key}"'), key, seed, where)
                 for key in rules.keys())
    return GameSources(path.stem, rows)


def _row(r: Reader, key: str, seed: str, where: str) -> SourceRow:
    if not isinstance(r.data, dict):
        raise TemplateError(r.path, r.prefix, expected="a table of basis, value, passage...")
    row = SourceRow(
        key=key, value=r.raw("value", None), basis=r.choice("basis", _BASES),
        seed=r.string("seed", seed), where=r.string("where", where),
        passage=r.string("passage", ""), reason=r.string("reason", ""),
        alternative=r.string("alternative", ""), en=r.string("en", ""), ru=r.string("ru", ""))
    r.finish()
    if row.basis in (Basis.OUR_READING, Basis.HOUSE_RULE):
        for name in ("reason", "alternative"):
            if not getattr(row, name).strip():
                raise r.fail(name, "why the project reads it so and the other reading, "
                             f"for an {row.basis.value} row")
    else:
        for name in ("seed", "where", "passage"):
            if not getattr(row, name).strip():
                raise r.fail(name, f"the seed, the place in it and its words, for a "
                             f"{row.basis.value} row")
        if row.basis is Basis.CORRECTION and not row.reason.strip():
            raise r.fail("reason", "why the seed's words err, for a correction row")
    if row.seed and row.seed not in SEEDS:
        raise r.fail("seed", "one of " + ", ".join(SEEDS), row.seed)
    if bool(row.en) != bool(row.ru):
        raise r.fail("ru" if row.en else "en", "the booklet's sentence in both languages")
    for lang in ("en", "ru"):
        check_printable(r.path, r.key(lang), row.text(lang))
    return row


def load_sources(library: Library) -> dict[str, GameSources]:
    """Every game's rows, by game name."""
    return {name: _game_sources(library, path)
            for name, path in sources_files(library).items()}


def game_headings(library: Library, names: Iterable[str]) -> dict[str, tuple[str, str]]:
    """The title of each game template of *names* (others are passed over) and the game it
    extends (``""`` for none), by name: what the sources page heads a game's table with."""
    files = library.files(TemplateKind.GAME)
    return {name: (library.game(name).title, str(read_toml(files[name]).get("extends", "")))
            for name in names if name in files}


def rules_of(library: Library, game: str) -> dict[str, Any]:
    """The rules of *game* that need a row, with the value the game gives each (``None``
    where the rule has no single value: a code game's deal, moves and goal).

    A game template's own keys (a variant's: the keys it changes) but the descriptive ones,
    and :data:`ALWAYS` for a game that extends none; a code game's switches and options.
    """
    if game == GENERAL:
        return {key: None for key in GENERAL_RULES}
    if game in CODE_GAMES:
        return {**{key: None for key in CODE_GAME_RULES}, **code_game_switches(game)}
    path = library.files(TemplateKind.GAME)[game]
    raw = read_toml(path)
    found: dict[str, Any] = {}
    for key, value in raw.items():
        if isinstance(value, dict):
            found.update({f"{key}.{k}": v for k, v in value.items()})
        elif key not in DESCRIPTIVE_KEYS:
            found[key] = value
    if "extends" not in raw:
        loaded = library.get(TemplateKind.GAME, game)
        defaults = {"goal": loaded.goal.value, "movement.step": loaded.movement.step.value,
                    "movement.capture": loaded.movement.capture.value}
        found = {**{key: defaults[key] for key in ALWAYS}, **found}
    return found


def _inherited(library: Library, game: str) -> set[str]:
    """The keys and tables *game* has through its ``extends`` chain, and :data:`ALWAYS`:
    what an aspect row (``goal:tie``, ``words:dictionary``) may qualify."""
    if game in (GENERAL, *CODE_GAMES):
        return set()
    found = set(ALWAYS)
    files = library.files(TemplateKind.GAME)
    seen: set[str] = set()
    while game in files and game not in seen:
        seen.add(game)
        raw = read_toml(files[game])
        for key, value in raw.items():
            if isinstance(value, dict):
                found |= {key, *(f"{key}.{k}" for k in value)}
            else:
                found.add(key)
        game = raw.get("extends", "")
    return found


def coverage_problems(library: Library) -> list[str]:
    """Each rule of a shipped game without a row, each row that names no rule of its game
    or gives another value than the game's, and each sources file of no game: one line
    each, naming the file and the key. Empty when the table covers every game."""
    games = [GENERAL, *library.names(TemplateKind.GAME), *CODE_GAMES]
    files = sources_files(library)
    problems = [f"{display_path(files[name])}: names no game (expected one of the game "
                f"templates, {GENERAL} or {', '.join(CODE_GAMES)})" for name in files if name not in games]
    for game in games:
        if game not in files:
            problems.append(f"sources/{game}.toml: missing (every game has a sources file)")
            continue
        shown = display_path(files[game])
        rules = rules_of(library, game)
        sources = _game_sources(library, files[game])
        have = {row.key for row in sources.rows}
        problems += [f"{shown}: no row for {key!r}" for key in rules if key not in have]
        # A variant may say, under "extends", what the seed says of it as a whole (initial
        # game 6 is basic game 65 with the initial decks and changes no key).
        extends = read_toml(library.files(TemplateKind.GAME)[game]).get("extends") \
            if game not in (GENERAL, *CODE_GAMES) else None
        if extends is not None:
            rules = {**rules, "extends": extends}
        aspects = set(rules) | _inherited(library, game)
        for row in sources.rows:
            if row.base_key not in (aspects if row.aspect else rules):
                problems.append(f"{shown}: rule.\"{row.key}\": names no rule of {game} "
                                f"(expected one of {', '.join(rules)}, or KEY:aspect)")
            elif row.base_key == "boards" and row.aspect not in library.game(game).boards:
                problems.append(f"{shown}: rule.\"{row.key}\": names no board of {game} "
                                f"(expected boards:BOARD, BOARD one of "
                                f"{', '.join(library.game(game).boards)})")
            elif not row.aspect and rules[row.key] is not None and row.value != rules[row.key]:
                problems.append(f"{shown}: rule.\"{row.key}\": value {row.value!r}, but the "
                                f"game has {rules[row.key]!r}")
    return problems


def reading_text(library: Library, game: str, key: str, lang: str) -> str:
    """The booklet's sentence in *lang* of the row *key* of *game*.

    :raises: :exc:`KeyError` naming what is missing (the caller names its file).
    """
    files = sources_files(library)
    if game not in files:
        raise KeyError(f"no sources file for {game}")
    row = _game_sources(library, files[game]).row(key)
    if row is None:
        raise KeyError(f"no row {key!r} in sources/{game}.toml")
    if not row.text(lang):
        raise KeyError(f"row {key!r} of sources/{game}.toml has no {lang} sentence")
    return row.text(lang)


def read_boards(library: Library, game: str) -> tuple[str, ...]:
    """The boards *game* plays on that the seeds do not name for it: each has a row
    ``boards:BOARD`` of our reading (the banner marks them)."""
    files = sources_files(library)
    if game not in files:
        return ()
    sources = _game_sources(library, files[game])
    return tuple(row.aspect for row in sources.rows
                 if row.base_key == "boards" and row.basis is Basis.OUR_READING)


def code_game_switches(game: str) -> dict[str, Any]:
    """Every switch and option a code game exposes, by row key, with its default: a new
    field in a switches dataclass, or a new trump option, has a key here and so needs a row.
    """
    if game == "ass":
        from ..ass.rules import DEFAULT_RULES, TRUMP_OPTIONS, AssRules
        keys: dict[str, Any] = {f"switch.{f.name}": _plain(getattr(DEFAULT_RULES, f.name))
                                for f in fields(AssRules)}
        keys.update({f"trump-option.{n}": option.summary for n, option in TRUMP_OPTIONS.items()})
        return keys
    from ..patience import PATIENCES
    kind = PATIENCES[game]
    defaults = kind.Switches()
    return {f"switch.{f.name}": getattr(defaults, f.name) for f in fields(kind.Switches)}


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, enum.Enum) else value
