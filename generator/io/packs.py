"""Packs and letter sets from their TOML templates: the cards, their groups and marks.

:func:`pack_from_toml` and :func:`letters_from_toml` take a :class:`~.reader.Reader` over
one file; :class:`~.templates.Library` finds the files and checks what they name.
"""
from __future__ import annotations

from typing import Any

from ..errors import TemplateError, did_you_mean
from ..model.cards import VERSIONS as SYSTEM_VERSIONS
from ..model.cards import Card, CardGroup, Colour, Hatching, Pack, PackMarks, Split
from ..model.letters import LetterGroup, LetterMarks, LetterSet
from ..model.limits import FREQUENCY, check_frequency_sum
from .glyphs import check_printable
from .reader import Reader, read_colour

HATCHINGS = {h.value: h for h in Hatching}
VERSIONS = {v: v for v in SYSTEM_VERSIONS}
SCRIPTS = {v: v for v in ("latin", "cyrillic")}


def pack_from_toml(name: str, reader: Reader) -> Pack:
    title = reader.string("title")
    version = reader.choice("version", VERSIONS, "basic")
    zeros = reader.integer("zeros", 0, low=0, high=2)
    ranks = reader.raw("ranks", list(range(1, 9)), "a list of ranks 1-8")
    if (not isinstance(ranks, list) or not ranks or len(set(ranks)) != len(ranks)
            or not all(isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= 8
                       for r in ranks)):
        raise reader.fail("ranks", "a list of different ranks from 1 to 8", ranks)
    notes = reader.string("notes", "")
    m = reader.table("marks", default_empty=True)
    marks_args: dict[str, Any] = dict(
        face_frame=m.boolean("face_frame", False),
        face_circles=m.boolean("face_circles", False),
        back_circles=m.boolean("back_circles", False),
        back_double_circles=m.boolean("back_double_circles", False),
        back_hatching=m.choice("back_hatching", HATCHINGS, Hatching.DIAGONAL),
        arrow=m.boolean("arrow", True),
        dagger_split=m.string("dagger_split", None),
        dagger_group=m.string("dagger_group", None),
    )
    m.finish()
    pack = Pack(name, title, zeros, tuple(ranks), PackMarks(**marks_args), (), version, notes)
    splits_reader = reader.table("splits", default_empty=True)
    splits = tuple(_split(pack, splits_reader, split) for split in splits_reader.keys())
    reader.finish()
    pack = Pack(name, title, zeros, tuple(ranks), pack.marks, splits, version, notes)
    _check_dagger(pack, m)
    return pack


def _split(pack: Pack, splits: Reader, split_name: str) -> Split:
    reader = splits.table(split_name)
    seen: dict[Card, str] = {}
    groups = []
    for group_name in reader.keys():
        cards = []
        for i, token in enumerate(reader.words(group_name)):
            key = f"{group_name}[{i}]"
            try:
                card = Card.from_notation(token)
            except ValueError:
                raise reader.fail(key, "a card like 3R, 30R or 100Y", token) from None
            if card not in pack:
                raise reader.fail(key, f"a card of {pack.name} "
                                  f"({_pack_range(pack)})", token)
            if card in seen:
                raise reader.fail(key, "each card once per split", token, hint="duplicate card, "
                                  f"already in group {seen[card]}")
            seen[card] = group_name
            cards.append(card)
        groups.append(CardGroup(group_name, tuple(cards)))
    if not groups:
        raise splits.fail(split_name, "at least one group", {})
    missing = [c.notation() for c in pack if c not in seen]
    if missing:
        raise TemplateError(reader.path, reader.prefix, problem="groups do not partition "
                            "the pack", expected=f"all {len(pack)} cards of {pack.name}",
                            got=f"{len(seen)}; missing {' '.join(missing)}")
    return Split(split_name, tuple(groups))


def _pack_range(pack: Pack) -> str:
    values = [Card(r, Colour.RED, pack.zeros).value for r in pack.ranks]
    return f"values {', '.join(map(str, values))}" if len(values) < 3 else \
        f"values {values[0]}-{values[-1]}"


def _check_dagger(pack: Pack, marks: Reader) -> None:
    split, group = pack.marks.dagger_split, pack.marks.dagger_group
    if split is None and group is None:
        return
    if split is None or group is None:
        missing = "dagger_split" if split is None else "dagger_group"
        raise marks.fail(missing, "dagger_split and dagger_group set together", None,
                         hint="only one is set")
    names = [s.name for s in pack.splits]
    if split not in names:
        raise marks.fail("dagger_split", "the name of a split in [splits]: " +
                         (", ".join(names) or "none defined"), split,
                         hint=did_you_mean(split, names))
    groups = [g.name for g in pack.split(split).groups]
    if group not in groups:
        raise marks.fail("dagger_group", f"a group of split {split!r}: " + ", ".join(groups),
                         group, hint=did_you_mean(group, groups))


# --- letter sets ---------------------------------------------------------------------------

def letters_from_toml(name: str, reader: Reader) -> LetterSet:
    title = reader.string("title")
    script = reader.choice("script", SCRIPTS)
    notes = reader.string("notes", "")
    m = reader.table("marks", default_empty=True)
    dagger = m.raw("dagger_group", None)
    marks = LetterMarks(
        back_rhombuses=m.boolean("back_rhombuses", False),
        back_hatching=m.choice("back_hatching", HATCHINGS, Hatching.NONE),
        arrow=m.boolean("arrow", True),
        dagger_group=None if dagger is None else read_colour(m, "dagger_group", dagger),
    )
    m.finish()
    freq = reader.table("frequency")
    source = freq.string("source")
    percent_reader = freq.table("percent")
    percents: dict[str, float] = {}
    for letter in percent_reader.keys():
        if len(letter) != 1 or not letter.isalpha() or letter != letter.upper():
            raise percent_reader.fail(letter, "a single capital letter as the key", letter)
        percents[letter] = percent_reader.number(letter, limit=FREQUENCY)
    try:
        check_frequency_sum(sum(percents.values()))
    except ValueError as e:
        raise TemplateError(reader.path, "frequency.percent", expected=str(e),
                            got=f"a sum of {sum(percents.values()):g}") from None
    freq.finish()
    groups_reader = reader.table("groups")
    groups = []
    for key in groups_reader.keys():
        colour = read_colour(groups_reader, key, key)
        g = groups_reader.table(key)
        letters = g.words("letters")
        if not letters:
            raise g.fail("letters", "at least one letter", g.raw("letters"))
        for i, letter in enumerate(letters):
            where = f"letters[{i}]"
            if len(letter) != 1 or not letter.isalpha():
                raise g.fail(where, "a single letter", letter)
            if letter not in percents:
                raise g.fail(where, "a letter of frequency.percent", letter,
                             hint="no frequency given for it")
            if letters.index(letter) != i:
                raise g.fail(where, "each letter once per group", letter,
                             hint="duplicate card")
            check_printable(g.path, g.key(where), letter)
        g.finish()
        groups.append(LetterGroup(colour, tuple(letters)))
    reader.finish()
    if len(groups) != 2 or groups[0].colour is groups[1].colour:
        raise groups_reader.fail("", "two groups of different colours",
                                 f"{len(groups)}", raw=True)
    letter_set = LetterSet(name, title, script, tuple(groups), percents, source, marks, notes)
    weights = [letter_set.group_weight(g) for g in groups]
    if weights[0] != weights[1]:
        raise TemplateError(reader.path, "groups", problem="groups are not balanced",
                            expected="equal sums of frequency factors",
                            got=f"{groups[0].colour} {weights[0]}, "
                                f"{groups[1].colour} {weights[1]}")
    if marks.dagger_group is not None and marks.dagger_group not in [g.colour for g in groups]:
        raise TemplateError(reader.path, "marks.dagger_group", expected="the colour of one "
                            "of the groups", got=str(marks.dagger_group))
    return letter_set
