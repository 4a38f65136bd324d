"""Loads the TOML templates (packs, letter sets, boards, layouts, settings) into the model.

Every template names its ``kind``; its name is the file name without ``.toml``. Folders are
searched in order, so a user's folder given first overrides a shipped template of that name.
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal, overload

from ..model.board import FILE_LETTERS, Board, Shade, Square, parse_size
from ..model.cards import COLOUR_CHOICES, Card, Colour, Group, Hatching, Pack, PackMarks, Split
from ..errors import NotFoundError, TemplateError, WrongKindError, did_you_mean
from .games import check_game_refs, game_from_toml
from .traditional import traditional_from_toml
from ..rules.games import Game
from ..rules.validation import Source
from ..model.limits import CARD_SIDE, FREQUENCY, SQUARE_SIDE, check_frequency_sum
from ..model.units import Size
from ..model.layout import Layout, OffBoard, Side, Stack, parse_stack
from ..model.letters import LetterGroup, LetterMarks, LetterSet
from .glyphs import check_printable
from .hands import hands_from_toml
from .reader import Reader, display_path, read_toml, require_known
from .resources import templates_dir
from ..model.settings import CORNER_RADIUS, Settings
from ..model.traditional import TraditionalPack


class TemplateKind(StrEnum):
    """What a template describes; its file says so in ``kind`` and lives in its folder."""

    PACK = "pack"
    LETTERS = "letters"
    BOARD = "board"
    LAYOUT = "layout"
    GAME = "game"
    TRADITIONAL = "traditional"

    @property
    def folder(self) -> str:
        """The folder under a templates root that holds this kind."""
        if self in (TemplateKind.LETTERS, TemplateKind.TRADITIONAL):
            return self.value
        return f"{self.value}s"

    @property
    def heading(self) -> str:
        """What templates of this kind are called in listings."""
        return {TemplateKind.LETTERS: "letter sets",
                TemplateKind.TRADITIONAL: "traditional packs"}.get(self, self.folder)


HATCHINGS = {h.value: h for h in Hatching}
VERSIONS = {v: v for v in ("initial", "basic", "full")}
SCRIPTS = {v: v for v in ("latin", "cyrillic")}


def _colour(reader: Reader, key: str, value: object) -> Colour:
    try:
        return Colour.parse(value)  # type: ignore[arg-type]
    except (ValueError, AttributeError):
        raise reader.fail(key, f"a colour: {COLOUR_CHOICES}", value) from None


# --- packs -----------------------------------------------------------------------------

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
        groups.append(Group(group_name, tuple(cards)))
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


# --- letter sets -----------------------------------------------------------------------

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
        dagger_group=None if dagger is None else _colour(m, "dagger_group", dagger),
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
        colour = _colour(groups_reader, key, key)
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


# --- boards ----------------------------------------------------------------------------

_CELL = re.compile(r"^([RYGB])?([1-9])?([dl])$")


def _size(reader: Reader) -> tuple[int, int]:
    """The optional ``size`` key: "8x8" (the default) or "16x4" (turned crosswise)."""
    text = reader.string("size", "8x8")
    try:
        return parse_size(text)
    except ValueError:
        raise reader.fail("size", "8x8 or 16x4 (files x ranks)", text) from None


def board_from_toml(name: str, reader: Reader) -> Board:
    title = reader.string("title")
    version = reader.choice("version", VERSIONS, "basic")
    notes = reader.string("notes", "")
    thin_line = reader.boolean("thin_line", False)
    files, ranks = _size(reader)
    last = FILE_LETTERS[files - 1]
    names = frozenset(f"{f}{r}" for f in FILE_LETTERS[:files] for r in range(1, ranks + 1))
    kings = reader.strings("king_squares", [])
    for i, square in enumerate(kings):
        # Exactly as the board names its squares: "e1 " or "E1" would name none of them.
        if square not in names:
            raise reader.fail(f"king_squares[{i}]", f"a square a1 to {last}{ranks} (lower "
                              "case, no spaces)", square)
    edges = reader.table("edges", default_empty=True)
    top = tuple(_colour(edges, f"top[{i}]", c)
                for i, c in enumerate(_n(edges, "top", files)))
    bottom = tuple(_colour(edges, f"bottom[{i}]", c)
                   for i, c in enumerate(_n(edges, "bottom", files)))
    left = tuple(_digits(edges, "left", ranks))
    right = tuple(_digits(edges, "right", ranks))
    # The 16 crosswise digits: the half-rows of the 8x8 board, or the 16 verticals of the
    # board turned crosswise (domain.md 2.3).
    crosswise = tuple(_digits(edges, "crosswise", 16))
    edges.finish()
    rows = reader.table("rows")
    squares: dict[tuple[int, int], Square] = {}
    for key in rows.keys():
        if key not in {str(r) for r in range(1, ranks + 1)}:
            raise rows.fail(key, f"a rank 1 to {ranks} as the key", key)
        cells = rows.words(key)
        if len(cells) != files:
            raise rows.fail(key, f"{files} squares (one per file a-{last})", f"{len(cells)}",
                            raw=True)
        rank = int(key) - 1
        for file, cell in enumerate(cells):
            match = _CELL.match(cell)
            if not match:
                raise rows.fail(f"{key}[{file}]", "a square like R4l or B8d (colour R/Y/G/B, "
                                "value, d for dark or l for light) or 4d on a colourless "
                                "board", cell)
            colour = Colour(match.group(1)) if match.group(1) else None
            value = int(match.group(2)) if match.group(2) else None
            squares[(file, rank)] = Square(file, rank, colour, value,
                                           Shade(match.group(3)))
    missing = [r for r in range(1, ranks + 1) if (0, r - 1) not in squares]
    if missing:
        raise rows.fail(str(missing[0]), f"all {ranks} ranks", None, hint="rank is missing")
    reader.finish()
    board = Board(name, title,
                  tuple(squares[(f, r)] for r in range(ranks) for f in range(files)),
                  top, bottom, left, right, crosswise, tuple(kings), thin_line, version, notes,
                  files, ranks)
    _check_edges(board, reader)
    return board


def _n(reader: Reader, key: str, n: int) -> list[Any]:
    value = reader.raw(key, [], f"a list of {n}")
    if not isinstance(value, list) or len(value) not in (0, n):
        raise reader.fail(key, f"a list of {n} (or an empty list)", value)
    return value


def _digits(reader: Reader, key: str, n: int) -> list[int]:
    value = _n(reader, key, n)
    for i, v in enumerate(value):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 9:
            raise reader.fail(f"{key}[{i}]", "a digit 0-9", v)
    return value


def _check_edges(board: Board, reader: Reader) -> None:
    """Edge colour labels mark the verticals: the lower half takes the bottom labels and the
    upper half the top ones (the colours cross at the middle line)."""
    half = board.ranks // 2
    for labels, ranks, edge in ((board.bottom_labels, range(0, half), "bottom"),
                                (board.top_labels, range(half, board.ranks), "top")):
        for file, label in enumerate(labels):
            for rank in ranks:
                square = board.at(file, rank)
                if square.colour is not label:
                    raise TemplateError(
                        reader.path, f"rows.{rank + 1}[{file}]",
                        problem=f"square {square.name} does not match the {edge} edge label",
                        expected=f"{label} like the label of file {FILE_LETTERS[file]}",
                        got=str(square.colour or "no colour"))


# --- layouts ---------------------------------------------------------------------------

#: A rank key written as TOML keys are: "1" to "8" on the board, "9" or "0" beyond it.
_RANK_KEY = re.compile(r"^(0|-?[1-9][0-9]*)$")


def layout_from_toml(name: str, reader: Reader) -> Layout:
    """Builds a :class:`Layout`, keeping piles written beyond the 8x8 board (a rank key such
    as "9", tokens past the eighth) as its off-board pieces for validation to report.

    :raises: :exc:`TemplateError` naming the file and key.
    """
    title = reader.string("title")
    board = reader.string("board")
    game = reader.string("game", None)
    players_reader = reader.table("players", default_empty=True)
    players = {}
    for key in players_reader.keys():
        try:
            side = Side.parse(key)
        except ValueError:
            raise players_reader.fail(key, "a side: " + " or ".join(Side), key) from None
        players[side] = players_reader.string(key)
    hands = hands_from_toml(reader)
    files, ranks = _size(reader)
    last = FILE_LETTERS[files - 1]
    rows = reader.table("rows", default_empty=True)
    stacks: dict[str, Stack] = {}
    off_board: list[OffBoard] = []
    for key in rows.keys():
        # Off-board ranks are kept for validation to list; a rank past 99 is no pile.
        if not _RANK_KEY.fullmatch(key) or len(key) > 3:
            raise rows.fail(key, f"a rank 1 to {ranks} as the key", key)
        rank = int(key)
        tokens = rows.words(key)
        on_board = 1 <= rank <= ranks
        if on_board and len(tokens) < files:
            raise rows.fail(key, f"{files} squares (one per file a-{last}, '.' for empty)",
                            f"{len(tokens)}", raw=True)
        for file, token in enumerate(tokens):
            if token == ".":
                continue
            stack = _stack(rows, key, file, token)
            if on_board and file < files:
                stacks[f"{FILE_LETTERS[file]}{rank}"] = stack
            else:
                off_board.append(OffBoard(file, rank, stack))
    reader.raw("figure", None)  # how figures show the layout: read by io/figures.py
    reader.finish()
    return Layout(board, stacks, players, name, title, game, tuple(off_board), hands,
                  (files, ranks))


def _stack(rows: Reader, key: str, file: int, token: str) -> Stack:
    try:
        return parse_stack(token)
    except ValueError as e:
        raise rows.fail(f"{key}[{file}]", "cards like 3R^, 30Rv, (1B)^, A/R^ or "
                        "2Y^+1Rv for a pile", token, hint=str(e).split(" (")[0]) from None


# --- settings --------------------------------------------------------------------------

def settings_from_toml(reader: Reader) -> Settings:
    sizes = {}
    corner = CORNER_RADIUS
    for key, limit in (("card", CARD_SIDE), ("square", SQUARE_SIDE)):
        table = reader.table(key)
        sizes[key] = Size(table.length("width", limit=limit),
                          table.length("height", limit=limit))
        if key == "card":
            corner = table.length("corner_radius", CORNER_RADIUS, positive=False)
            if corner < 0 or corner > min(sizes[key].width, sizes[key].height) / 2:
                raise table.fail("corner_radius", "a length from 0 to half the card's "
                                 "shorter side", table.raw("corner_radius"))
        table.finish()
    reader.finish()
    return Settings(card=sizes["card"], square=sizes["square"], corner_radius=corner)


#: A template of any kind, as the model holds it; match on its type.
Template = Pack | LetterSet | Board | Layout | Game | TraditionalPack
#: What ``render`` and ``build`` draw: the things a kit holds.
KitItem = Pack | LetterSet | Board | TraditionalPack

_LOADERS: dict[TemplateKind, Callable[[str, Reader], Template]] = {
    TemplateKind.PACK: pack_from_toml, TemplateKind.LETTERS: letters_from_toml,
    TemplateKind.BOARD: board_from_toml, TemplateKind.LAYOUT: layout_from_toml,
    TemplateKind.GAME: game_from_toml, TemplateKind.TRADITIONAL: traditional_from_toml}


def load_file(path: Path) -> Template | Settings:
    """Loads one template file of any kind (or a settings file) into its model object."""
    reader = Reader(display_path(path), read_toml(path))
    choices: dict[str, TemplateKind | None] = {**{k.value: k for k in TemplateKind},
                                               "settings": None}
    kind = reader.choice("kind", choices)
    if kind is None:
        return settings_from_toml(reader)
    template = _LOADERS[kind](path.stem, reader)
    check_printable(reader.path, "title", template.title)
    return template


def kind_of(template: Template) -> TemplateKind:
    """The kind of a loaded template, as its file names it."""
    match template:
        case Pack():
            return TemplateKind.PACK
        case LetterSet():
            return TemplateKind.LETTERS
        case Board():
            return TemplateKind.BOARD
        case Layout():
            return TemplateKind.LAYOUT
        case Game():
            return TemplateKind.GAME
        case TraditionalPack():
            return TemplateKind.TRADITIONAL


# --- the library of all templates -----------------------------------------------------

def _name_of(path: Path) -> str:
    return path.name


def _stamp(folder: Path) -> int:
    """The folder's modification time in ns (-1 if it cannot be read: then it has no
    templates either)."""
    try:
        return folder.stat().st_mtime_ns
    except OSError:
        return -1


class Library:
    """All templates found in *roots* (searched in order; the first file of a name wins)."""

    def __init__(self, roots: Sequence[Path] | None = None) -> None:
        self.roots = [Path(r) for r in roots] if roots else [templates_dir()]
        self._cache: dict[Path, Template | Settings] = {}
        self._listings: dict[str, tuple[tuple[int, ...], dict[str, Path]]] = {}
        self._checked: set[Path] = set()

    @classmethod
    def with_user_dirs(cls, user_dirs: Iterable[Path]) -> Library:
        return cls([*[Path(d) for d in user_dirs], templates_dir()])

    def files(self, kind: TemplateKind | str) -> dict[str, Path]:
        folders = [root / TemplateKind(kind).folder for root in self.roots]
        # A build asks for the same listings hundreds of times (every reference of every
        # figure is checked): list a folder again only when its modification time says a
        # file was added, removed or renamed there.
        stamps = tuple(_stamp(folder) for folder in folders)
        cached = self._listings.get(str(kind))
        if cached is None or cached[0] != stamps:
            found: dict[str, Path] = {}
            for folder in folders:
                # By name: the order Path comparison gives within one folder, several times
                # faster.
                for path in sorted(folder.glob("*.toml"), key=_name_of):
                    found.setdefault(path.stem, path)
            cached = (stamps, dict(sorted(found.items())))
            # A folder changed in the last two seconds may change again within the
            # clock's granularity without a new time (git's "racy" case): list it anew
            # next time.
            if time.time_ns() - max(stamps) > 2_000_000_000:
                self._listings[str(kind)] = cached
        return dict(cached[1])

    def names(self, kind: TemplateKind | str) -> list[str]:
        return list(self.files(kind))

    def _load(self, path: Path, kind: TemplateKind) -> Template:
        if path not in self._cache:
            self._cache[path] = load_file(path)
        obj = self._cache[path]
        got = "settings" if isinstance(obj, Settings) else kind_of(obj).value
        if isinstance(obj, Settings) or got != kind:
            raise TemplateError(display_path(path), "kind", expected=repr(kind.value) +
                                f" for a file in {kind.folder}/", got=repr(got))
        return obj

    @overload
    def get(self, kind: Literal[TemplateKind.PACK], name: str) -> Pack: ...
    @overload
    def get(self, kind: Literal[TemplateKind.LETTERS], name: str) -> LetterSet: ...
    @overload
    def get(self, kind: Literal[TemplateKind.BOARD], name: str) -> Board: ...
    @overload
    def get(self, kind: Literal[TemplateKind.LAYOUT], name: str) -> Layout: ...
    @overload
    def get(self, kind: Literal[TemplateKind.GAME], name: str) -> Game: ...
    @overload
    def get(self, kind: Literal[TemplateKind.TRADITIONAL], name: str) -> TraditionalPack: ...
    @overload
    def get(self, kind: TemplateKind | str, name: str) -> Template: ...

    def get(self, kind: TemplateKind | str, name: str) -> Template:
        """The template *name* of *kind*, its references checked.

        :raises: :exc:`NotFoundError` (with the closest name) if there is none.
        """
        kind = TemplateKind(kind)
        files = self.files(kind)
        if name not in files:
            hint = did_you_mean(name, files)
            raise NotFoundError(f"no {kind} named {name!r} (known: {', '.join(files)})"
                                + (f"; {hint}" if hint else ""))
        obj = self._load(files[name], kind)
        if files[name] not in self._checked:
            # Once per file: a booklet asks for the same few templates hundreds of times.
            self._check_refs(obj, files[name])
            self._checked.add(files[name])
        return obj

    def pack(self, name: str) -> Pack:
        return self.get(TemplateKind.PACK, name)

    def letter_set(self, name: str) -> LetterSet:
        return self.get(TemplateKind.LETTERS, name)

    def board(self, name: str) -> Board:
        return self.get(TemplateKind.BOARD, name)

    def layout(self, name: str) -> Layout:
        return self.get(TemplateKind.LAYOUT, name)

    def game(self, name: str) -> Game:
        return self.get(TemplateKind.GAME, name)

    def traditional(self, name: str) -> TraditionalPack:
        return self.get(TemplateKind.TRADITIONAL, name)

    def settings(self) -> Settings:
        for root in self.roots:
            path = root / "settings.toml"
            if path.is_file():
                # Read once, as templates are: every figure of a booklet asks for them.
                if path not in self._cache:
                    self._cache[path] = load_file(path)
                obj = self._cache[path]
                if not isinstance(obj, Settings):
                    raise TemplateError(display_path(path), "kind", expected="'settings'",
                                        got=repr(kind_of(obj).value))
                return obj
        return Settings()

    def find(self, name: str) -> Template:
        """Finds *name* among all kinds, or loads it as a file path if it ends in .toml.

        :raises: :exc:`NotFoundError` with the closest name of any kind.
        """
        if name.endswith(".toml"):
            return self._from_path(name)
        for kind in TemplateKind:
            if name in self.files(kind):
                return self.get(kind, name)
        hint = did_you_mean(name, [n for kind in TemplateKind for n in self.names(kind)])
        raise NotFoundError(f"no template named {name!r} (see 'opencards list')"
                            + (f"; {hint}" if hint else ""))

    def _from_path(self, name: str) -> Template:
        path = Path(name)
        if not path.exists():   # a FIFO or a folder is refused by the reader, by name
            raise NotFoundError(f"{name}: no such template file")
        obj = load_file(path)
        if isinstance(obj, Settings):
            raise WrongKindError(f"{name}: a settings file; expected a template of kind "
                                 + ", ".join(repr(k.value) for k in TemplateKind))
        self._check_refs(obj, path)
        return obj

    def source(self, name: str) -> Source:
        """The pack or letter set *name*: one card set, whichever kind it is.

        :raises: :exc:`NotFoundError` as :meth:`find`, or :exc:`WrongKindError`.
        """
        found = self.find(name)
        if isinstance(found, (Pack, LetterSet)):
            return found
        raise WrongKindError(f"{name!r} is a {kind_of(found)}; expected a pack or a "
                             "letter set")

    def item(self, name: str) -> KitItem:
        """A pack, letter set or board: something a kit holds and ``render`` draws.

        :raises: :exc:`NotFoundError` as :meth:`find`, or :exc:`WrongKindError`.
        """
        found = self.find(name)
        if isinstance(found, (Pack, LetterSet, Board, TraditionalPack)):
            return found
        raise WrongKindError(f"{name!r} is a {kind_of(found)}; a kit holds packs, letter "
                             "sets and boards")

    def sources(self, layout: Layout) -> dict[Side, Source]:
        """The pack or letter set each side plays ("pack1:G2" names pack1)."""
        return {side: self.source(ref.partition(":")[0])
                for side, ref in layout.players.items()}

    def check_layout(self, layout: Layout, path: Path) -> None:
        """Checks that the board and packs a layout loaded from *path* names exist.

        :raises: :exc:`TemplateError` naming the file and key.
        """
        self._check_layout_refs(layout, path)

    def _check_refs(self, template: Template, path: Path) -> None:
        """The boards, packs and letter sets a layout or game names must exist."""
        if isinstance(template, Layout):
            self._check_layout_refs(template, path)
        if isinstance(template, Game):
            check_game_refs(template, display_path(path), self.files(TemplateKind.BOARD),
                            self._source_files())
            self._check_pair_groups(template, display_path(path))

    def _check_pair_groups(self, game: Game, shown: str) -> None:
        """A pair names a pack's group ("pack1:G1") or a letter set's colour ("latin1:red")
        that exists, so that a typo is blamed on the game, not on every layout."""
        for i, pair in enumerate(game.pairs):
            for j, ref in enumerate(pair):
                base, _, group = ref.partition(":")
                if group:
                    require_known(shown, f"pairs[{i}][{j}]", group,
                                  _group_names(self.source(base)), f"a group of {base}",
                                  got=repr(ref))

    def _source_files(self) -> dict[str, Path]:
        return {**self.files(TemplateKind.PACK), **self.files(TemplateKind.LETTERS)}

    def _check_layout_refs(self, layout: Layout, path: Path) -> None:
        shown = display_path(path)
        require_known(shown, "board", layout.board, self.files(TemplateKind.BOARD), "a board")
        for side, ref in layout.players.items():
            base, _, group = ref.partition(":")
            require_known(shown, f"players.{side}", base, self._source_files(),
                          "a pack or letter set (optionally with :group)", got=repr(ref))
            if group:
                names = _group_names(self.source(base))
                if group not in names:
                    raise TemplateError(shown, f"players.{side}", expected=f"a group of {base}: "
                                        + ", ".join(names), got=repr(group))


def _group_names(owner: Source) -> list[str]:
    if isinstance(owner, Pack):
        return [g.name for s in owner.splits for g in s.groups]
    return [str(g.colour) for g in owner.groups]
