"""Writes ``docs/sources.md``, the sources table of every shipped game, from the rows in
``templates/sources/`` (:mod:`generator.io.sources`): each rule with the seed passage it
follows, or the project's reading with its reason and alternative.

    python -m generator.docs.sources            # rewrites docs/sources.md
    python -m generator.docs.sources --check    # exit 1 if the page is out of date

The page is generated, never edited by hand; a test fails when it is out of date.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import GeneratorError
from ..io.sources import game_headings, load_sources
from ..io.templates import Library
from ..rules.sources import CODE_GAMES, GENERAL, Basis, GameSources, SourceRow

PAGE = Path(__file__).resolve().parent.parent.parent / "docs" / "sources.md"

#: The seeds as the page names them.
SEEDS = {"000": "seed 000 (the basic games, English machine translation)",
         "001": "seed 001 (the word games, English machine translation)",
         "002": "seed 002 (the French manual of the initial version)",
         "003": "seed 003 (Ass, Russian)",
         "004": "seed 004 (Cadogan's patiences, Russian)"}

CODE_TITLES = {"ass": "Ass (the trick game)", "nivernaise": "La Nivernaise (patience)",
               "empress-of-india": "The Empress of India (patience)",
               "besieged-city": "The Besieged City (patience)"}

BASES = {Basis.SEED: "seed", Basis.OUR_READING: "**our reading**", Basis.VARIANT: "variant",
         Basis.HOUSE_RULE: "house rule", Basis.CORRECTION: "correction"}

INTRO = """\
# Sources of the rules

This page lists, game by game, every rule the engine applies and what it rests on: the
seed document and its words (a few, in the seed's language), or **our reading** where the
seeds leave the rule open, with the reason and the other reading players may agree on
instead, or a **variant** the seed offers besides its main rule, or a **house rule**: a
looser rule of ours, a named switch that is off by default, or a **correction**: the
seed's words err (a slip of its translation) and the rule follows the original. The seeds are the source
documents of the project: {seeds}.

The page is generated from `templates/sources/` (one file per game, see
[Games](games.md)) by `python -m generator.docs.sources`; a test fails when a game's
template or code gains a rule without a row, when a row's value differs from the game's,
or when this page is out of date. The booklet's "our reading" sentences are the same
rows' `en` and `ru` texts, so the engine, the booklet and this page say the same.

A key is a game template's key (see [Templates](templates.md)), a switch or trump option
of a game written in code, or `key:aspect` for one part of a rule that the key's strategy
applies. A variant game lists only what it changes.
"""


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


def _value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value) or "none"
    return str(value)


def _basis(row: SourceRow) -> str:
    text = f"{row.where}: “{row.passage}”" if row.passage else row.where
    if row.basis in (Basis.OUR_READING, Basis.HOUSE_RULE):
        said = f" The seed: {row.seed}, {text}." if row.passage else ""
        return f"{_sentence(row.reason)}.{said} *Alternative:* {row.alternative}."
    if row.basis is Basis.CORRECTION:
        taken = f" *Taken as it stands:* {row.alternative}." if row.alternative else ""
        return f"{row.seed}, {text}, corrected: {row.reason}.{taken}"
    return f"{row.seed}, {text}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _table(sources: GameSources) -> list[str]:
    lines = ["| Rule | Value | Basis | Source, or reason and alternative |",
             "| --- | --- | --- | --- |"]
    for row in sources.rows:
        lines.append(f"| `{row.key}` | {_cell(_value(row.value))} | {BASES[row.basis]} | "
                     f"{_cell(_basis(row))} |")
    return lines


def _in_number_order(name: str) -> tuple[object, ...]:
    """basic-4 before basic-18, and each game just before its variants."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name))


def render(table: Mapping[str, GameSources], headings: Mapping[str, tuple[str, str]]) -> str:
    """The page's text: the rows of *table* by game, each game template headed by its title
    and the game it extends (*headings*, by name)."""
    out = [INTRO.format(seeds="; ".join(SEEDS.values())).rstrip(), ""]
    games = sorted(headings, key=_in_number_order)
    for name in [GENERAL, *games, *CODE_GAMES]:
        if name not in table:
            continue
        if name == GENERAL:
            title, note = "General rules", "Every board, word and initial game (`general`)."
        elif name in CODE_GAMES:
            title, note = CODE_TITLES[name], "Defined in code; its switches and options."
        else:
            title, extends = headings[name]
            note = f"`{name}`" + (f", as `{extends}` except:" if extends else ".")
        out += [f"## {title}", "", note, "", *_table(table[name]), ""]
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str]) -> int:
    try:
        library = Library()
        table = load_sources(library)
        text = render(table, game_headings(library, table))
    except GeneratorError as e:
        print(f"Error: {e}", file=sys.stderr)
        return 1
    if "--check" in argv:
        if PAGE.read_text(encoding="utf-8") != text:
            print(f"{PAGE.name} is out of date: run python -m generator.docs.sources",
                  file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
