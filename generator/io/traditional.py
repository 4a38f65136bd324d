"""Loads ``kind = "traditional"`` templates (templates/traditional/): the 36- and 52-card
packs of Ass and the patiences, with their indices, card size and number of copies.

The check that matters here is the script of the indices: a Cyrillic index written with a
Latin look-alike (Latin B, K, T for В, К, Т) prints the same but is a different character,
so search, sorting and the rule engine's input would all disagree with the printed card.
"""
from __future__ import annotations

import unicodedata

from ..model.traditional import (ACE, CYRILLIC_INDEX, JACK, KING, LATIN_INDEX, MAX_COPIES,
                                 QUEEN, TraditionalPack)
from ..model.limits import CARD_SIDE
from .glyphs import check_printable
from .reader import Reader

#: ``cards`` -> the lowest rank of the pack.
SIZES = {"36": 6, "52": 2}
SCRIPTS = {"latin": "latin", "cyrillic": "cyrillic"}
#: The keys of the [indices] table: the Latin notation of each court and ace rank.
INDEX_KEYS = {"J": JACK, "Q": QUEEN, "K": KING, "A": ACE}


def traditional_from_toml(name: str, reader: Reader) -> TraditionalPack:
    title = reader.string("title")
    cards = reader.integer("cards", 36)
    if str(cards) not in SIZES:
        raise reader.fail("cards", "36 (6 to ace) or 52 (2 to ace)", cards)
    script = reader.choice("script", SCRIPTS, "latin")
    copies = reader.integer("copies", 1, low=1, high=MAX_COPIES)
    notes = reader.string("notes", "")
    size = reader.table("card", default_empty=True)
    width = size.length("width", 63.0, limit=CARD_SIDE)
    height = size.length("height", 88.0, limit=CARD_SIDE)
    size.finish()
    indices = _indices(reader.table("indices", default_empty=True), script)
    reader.finish()
    return TraditionalPack(name, title, SIZES[str(cards)], script, indices, width, height,
                           copies, notes)


def _indices(table: Reader, script: str) -> dict[int, str]:
    """The [indices] table over the script's defaults, every letter in the pack's script."""
    defaults = CYRILLIC_INDEX if script == "cyrillic" else LATIN_INDEX
    indices = dict(defaults)
    for key in table.keys():
        if key not in INDEX_KEYS:
            raise table.fail(key, "one of the keys J, Q, K, A", key, raw=True)
        value = table.raw(key)
        if not isinstance(value, str) or not 1 <= len(value) <= 2 or not value.isalpha():
            raise table.fail(key, "one or two letters", value)
        for ch in value:
            if not _in_script(ch, script):
                raise table.fail(key, f"{script.capitalize()} letters "
                                 f"(like {defaults[INDEX_KEYS[key]]!r} "
                                 f"U+{ord(defaults[INDEX_KEYS[key]]):04X})",
                                 f"{value!r} with {ch!r} U+{ord(ch):04X} "
                                 f"{unicodedata.name(ch, '?')}", raw=True,
                                 hint="a look-alike from another script")
        check_printable(table.path, table.key(key), value)
        indices[INDEX_KEYS[key]] = value
    if len(set(indices.values())) != len(indices):
        raise table.fail("", "a different index for each of J, Q, K, A",
                         " ".join(indices[r] for r in sorted(indices)), raw=True)
    return indices


def _in_script(ch: str, script: str) -> bool:
    """Whether *ch* is a letter of *script* by its Unicode name (CYRILLIC... or LATIN...)."""
    return unicodedata.name(ch, "").startswith(script.upper() + " ")
