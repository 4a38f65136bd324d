"""Finds the TOML templates and loads them into the model: the :class:`Library` of every
kind, and the settings. Each kind has its own reader (:mod:`.packs` for packs and letter
sets, :mod:`.boards`, :mod:`.layout_text`, :mod:`.games`, :mod:`.traditional`).

Every template names its ``kind``; its name is the file name without ``.toml``. Folders are
searched in order, so a user's folder given first overrides a shipped template of that name.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypeVar, overload

from ..model.board import Board
from ..model.cards import Pack
from ..errors import NotFoundError, TemplateError, WrongKindError, closest, did_you_mean
from .boards import board_from_toml
from .layout_text import layout_from_toml
from .packs import letters_from_toml, pack_from_toml
from .traditional import traditional_from_toml
from ..model.limits import CARD_SIDE, SQUARE_SIDE
from ..model.units import Size
from ..model.layout import Layout, Side
from ..model.letters import LetterSet
from .glyphs import check_printable
from .reader import Reader, display_path, file_exists, read_toml, require_known
from .resources import templates_dir
from ..model.settings import CORNER_RADIUS, Settings
from ..model.traditional import TraditionalPack

if TYPE_CHECKING:
    # The rule engine is loaded with the first game read: the kit's build reads none,
    # and importing the engine was a tenth of its start-up (docs/performance.md).
    from ..rules.games import Game
    from ..rules.validation import Source


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
Template: TypeAlias = "Pack | LetterSet | Board | Layout | Game | TraditionalPack"
#: What ``render`` and ``build`` draw: the things a kit holds.
KitItem = Pack | LetterSet | Board | TraditionalPack

def _game_from_toml(name: str, reader: Reader) -> Game:
    from .games import game_from_toml
    return game_from_toml(name, reader)


_LOADERS: dict[TemplateKind, Callable[[str, Reader], Template]] = {
    TemplateKind.PACK: pack_from_toml, TemplateKind.LETTERS: letters_from_toml,
    TemplateKind.BOARD: board_from_toml, TemplateKind.LAYOUT: layout_from_toml,
    TemplateKind.GAME: _game_from_toml, TemplateKind.TRADITIONAL: traditional_from_toml}


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
        case TraditionalPack():
            return TemplateKind.TRADITIONAL
        case _:   # a Game, whose class comes with the rule engine
            return TemplateKind.GAME


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


_T = TypeVar("_T")


class Library:
    """All templates found in *roots* (searched in order; the first file of a name wins)."""

    def __init__(self, roots: Sequence[Path] | None = None) -> None:
        self.roots = [Path(r) for r in roots] if roots else [templates_dir()]
        self._cache: dict[Path, Template | Settings] = {}
        self._listings: dict[str, tuple[tuple[int, ...], dict[str, Path]]] = {}
        self._checked: set[Path] = set()
        self._memo: dict[object, Any] = {}
        self._folders: dict[TemplateKind, list[Path]] = {}
        self._sources: tuple[Mapping[str, Path], Mapping[str, Path], dict[str, Path]] | None \
            = None

    @classmethod
    def with_user_dirs(cls, user_dirs: Iterable[Path]) -> Library:
        return cls([*[Path(d) for d in user_dirs], templates_dir()])

    def files(self, kind: TemplateKind | str) -> dict[str, Path]:
        """The templates of *kind*, name to file, in name order: the first root's of a name."""
        return dict(self._listing(kind))

    def _listing(self, kind: TemplateKind | str) -> Mapping[str, Path]:
        """:meth:`files` without the copy, for the library's own look-ups: a template read
        looks up its kind's and its references' listings about seven times, and copying a
        listing of 10,000 names each time made reading every template (``list``)
        quadratic."""
        kind = TemplateKind(kind)
        folders = self._folders.get(kind)
        if folders is None:
            folders = self._folders[kind] = [root / kind.folder for root in self.roots]
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
        return cached[1]

    def names(self, kind: TemplateKind | str) -> list[str]:
        return list(self._listing(kind))

    def memo(self, key: object, make: Callable[[], _T]) -> _T:
        """*make()*, computed once in this library's life under *key*: data its roots hold
        beside the templates (the sources tables), read as the templates are, once."""
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]  # type: ignore[no-any-return]

    def _read(self, path: Path) -> Template | Settings:
        """The file at *path*, read once in this library's life."""
        if path not in self._cache:
            self._cache[path] = load_file(path)
        return self._cache[path]

    def _load(self, path: Path, kind: TemplateKind) -> Template:
        obj = self._read(path)
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
        files = self._listing(kind)
        if name not in files:
            raise NotFoundError(f"no {kind} named {name!r} ({closest(name, files)})")
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
            # Anything of the name, not only a regular file: a FIFO, a device or a folder
            # there is refused by the reader rather than passed over in silence.
            if os.path.lexists(path):
                # Read once, as templates are: every figure of a booklet asks for them.
                obj = self._read(path)
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
            if name in self._listing(kind):
                return self.get(kind, name)
        hint = did_you_mean(name, [n for kind in TemplateKind for n in self.names(kind)])
        raise NotFoundError(f"no template named {name!r} (see 'opencards list')"
                            + (f"; {hint}" if hint else ""))

    def _from_path(self, name: str) -> Template:
        path = Path(name)
        if not file_exists(path, display_path(path)):   # a FIFO or a folder: the reader
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
        # A layout is drawn as a diagram: point there rather than leave the user stuck.
        draw = f" (draw a layout with 'opencards figure {name} --out FILE')" \
            if isinstance(found, Layout) else ""
        raise WrongKindError(f"{name!r} is a {kind_of(found)}; a kit holds packs, letter "
                             f"sets and boards{draw}")

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
        if not isinstance(template, (Pack, LetterSet, Board, Layout, TraditionalPack)):
            from .games import check_game_refs   # a Game
            check_game_refs(template, display_path(path), self._listing(TemplateKind.BOARD),
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
        """The packs and letter sets, merged once per pair of listings."""
        packs, letters = self._listing(TemplateKind.PACK), self._listing(TemplateKind.LETTERS)
        if self._sources is None or self._sources[0] is not packs or \
                self._sources[1] is not letters:
            self._sources = (packs, letters, {**packs, **letters})
        return self._sources[2]

    def _check_layout_refs(self, layout: Layout, path: Path) -> None:
        shown = display_path(path)
        require_known(shown, "board", layout.board, self._listing(TemplateKind.BOARD),
                      "a board")
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
