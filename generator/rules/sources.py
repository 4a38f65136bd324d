"""The sources table: for every rule a game applies, the seed passage it follows, or the
project's reading of what the seeds leave open (with the reason and the alternative).

A row covers one rule *key*: a key of the game's template (``goal``, ``movement.step``,
``setup.south_rows``), a switch or option of a game defined in code (``switch.end_swaps``,
``trump-option.3``), or one *aspect* of such a key written ``key:aspect`` (``goal:tie``)
for a rule the engine applies inside that key's strategy. The rows themselves are data,
``templates/sources/GAME.toml``, read by :mod:`generator.io.sources`. Standard library only.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any


class Basis(enum.Enum):
    """What a rule rests on."""

    SEED = "seed"                # a seed passage says so
    OUR_READING = "our-reading"  # the seeds leave it open: the project's choice
    VARIANT = "variant"          # a variant the seed offers besides its main rule
    HOUSE_RULE = "house-rule"    # a looser rule of ours, a named switch that is off by default
    #: The seed's words err (a slip of its translation) and the rule follows the original
    #: instead: a settled fact, not a point left open (issue 39, ninth review of the
    #: patiences: the Empress's footnote 16 says 'kings' where Cadogan says queens).
    CORRECTION = "correction"


@dataclass(frozen=True, slots=True)
class SourceRow:
    """One rule of one game and what it rests on."""

    key: str
    """The rule: a template key, a code game's switch, or ``key:aspect``."""
    value: Any
    """The value the game gives the key (``None`` for an aspect without one)."""
    basis: Basis
    seed: str
    """The seed document, "000" to "004"."""
    where: str
    """The game and section in that seed ("card game 48", "jeu de cartes 5")."""
    passage: str
    """The seed's own words, a few, in its language; may be empty for a reading."""
    reason: str = ""
    """Why the project reads it so (readings), or why the seed's words err (corrections)."""
    alternative: str = ""
    """The other reading a player may agree on (readings), or the seed's words taken as
    they stand (corrections)."""
    en: str = ""
    """The booklet's English sentence for a reading, where a chapter prints one."""
    ru: str = ""
    """The same in Russian."""

    @property
    def base_key(self) -> str:
        """The key without its aspect: ``goal`` for ``goal:tie``."""
        return self.key.partition(":")[0]

    @property
    def aspect(self) -> str:
        return self.key.partition(":")[2]

    def text(self, lang: str) -> str:
        """The booklet's sentence in *lang* ("en" or "ru")."""
        return self.en if lang == "en" else self.ru


@dataclass(frozen=True, slots=True)
class GameSources:
    """The rows of one game, in the order its file gives them."""

    game: str
    rows: tuple[SourceRow, ...]

    def row(self, key: str) -> SourceRow | None:
        return next((r for r in self.rows if r.key == key), None)


#: Rules every game has, whether or not its file states them (the defaults apply).
ALWAYS = ("goal", "movement.step", "movement.capture")

#: Template keys that describe or name a game, or say what it is printed with, rather than
#: state a rule the engine applies: they need no row. ``pairs`` and ``boards`` name the
#: material (packs, letter sets, boards) and ``extends`` the base a variant starts from.
DESCRIPTIVE_KEYS = frozenset({"kind", "extends", "title", "version", "source", "summary",
                              "boards", "material", "pairs"})

#: The games defined in code (not by a template), by their sources file name.
CODE_GAMES = ("ass", "nivernaise", "empress-of-india", "besieged-city")

#: Rules every code game has besides its switches.
CODE_GAME_RULES = ("material", "deal", "moves", "goal")

#: The sources file of the rules every board, word and initial game shares (the booklet's
#: general rules), and those rules: who moves first, and a side with no move.
GENERAL = "general"
GENERAL_RULES = ("first-player", "no-move")

