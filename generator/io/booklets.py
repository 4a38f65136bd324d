"""Rule booklet content from ``templates/booklets/LANG/``: ``booklet.toml`` (the title
page, the words the typesetter prints, and which chapters come in which order) and one file
per chapter (a game, or a front or back matter chapter such as the notation).

A chapter is a title, an optional ``game``, an optional ``only_with`` and ``[[section]]``
tables, each with an ``id`` (the same in every language), a ``heading``, a ``text``, a ``source`` (where in the seeds
the rule comes from, or what the project chose where they are silent; kept, never printed)
and ``[[section.figure]]`` tables. A section with ``only_with`` (chapter names) is kept only
in a booklet that holds one of those chapters: the glossary's terms of a game the booklet
leaves out are left out too. A front or back chapter with ``only_with`` is kept the same
way, so a booklet of Ass alone has no chapter on the board's notation; ``board-games`` in
such a list stands for any chapter with a ``game`` key (a game of the board system).
The text is plain: paragraphs separated by blank lines, list items starting with ``- ``,
table rows written ``| a | b |`` (the first row is the header), a line ``{figure}``
where the next figure goes (figures not placed so go after the text), and in a section with
a ``[section.deal]`` a line ``{deal}``: the table of a whole deal of Ass as the engine plays
it (:mod:`.ass_deals`).

The loader checks every name a booklet refers to (game, layout, pack) and reports a mistake
as one line naming the file and the place; the rule engine's verdict on each figure comes
when the figure is drawn (:mod:`generator.docs.booklet.figures`).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..errors import NotFoundError, TemplateError, did_you_mean
from ..model.booklet import (BOARD_GAMES, DEAL_HEIGHT, FIGURE_REF, TABLE_REF, Banner, Block,
                             Booklet, Bullets, Chapter, FigureRef, IndexTerm, Paragraph,
                             PlanBlock, Section, Table, Turn, figure_anchor, figure_numbers,
                             needed, table_anchor, table_numbers, unlinked)
from .ass_deals import DEAL_MARK, HANDS_MARK, deal_table
from .figures import LISTS, FigureStyle
from .glyphs import check_printable
from .languages import LANGUAGES
from .reader import Reader, display_path, read_toml, require_known
from .sources import read_boards, reading_text
from .templates import Library

FIGURE_MARK = "{figure}"


@dataclass(frozen=True)
class Plan:
    """``booklet.toml``: which chapters come where; *games* is the default selection."""

    front: tuple[str, ...]
    games: tuple[str, ...]
    back: tuple[str, ...]


#: Where a game chapter's title joins its description to its name: a colon before a space,
#: or a dash between spaces (a no-break space too, as Russian sets one before a dash).
_DESCRIBED = re.compile(r":\s|\s[\u2014\u2013]\s")
#: Quotes that open and close a name: a colon or dash inside them is the name's own.
_OPENING, _CLOSING = "«“„", "»”“"


def game_name(title: str) -> str:
    """A game chapter's name as the cover lists it: its title up to the colon or the dash
    that joins a description ("Ass: a trick game…", «Ж… — игра во взятки…»; a colon right
    after an ellipsis reads badly in Russian), not one inside the name's quotes or a
    colon between digits.

    >>> game_name("Ass: a trick game with a 36-card pack")
    'Ass'
    >>> game_name("Ж…\u00a0— игра во взятки"), game_name("«Пасьянс: ночь»: пасьянс")
    ('Ж…', '«Пасьянс: ночь»')
    >>> game_name("Patience 2:1"), game_name("Word game 1")
    ('Patience 2:1', 'Word game 1')
    """
    depth = 0
    for at, char in enumerate(title):
        if depth and char in _CLOSING:
            depth -= 1
        elif char in _OPENING:
            depth += 1
        elif not depth and _DESCRIBED.match(title, at):
            return title[:at].rstrip()
    return title


def booklet_files(library: Library, lang: str) -> dict[str, Path]:
    """The booklet files of *lang* by name; a ``--templates`` folder's file wins."""
    found: dict[str, Path] = {}
    for root in library.roots:
        for path in sorted((root / "booklets" / lang).glob("*.toml")):
            found.setdefault(path.stem, path)
    return found


def load_booklet(library: Library, lang: str, games: tuple[str, ...] = ()) -> Booklet:
    """The booklet in *lang* with the chapters of *games* (none: the default selection).

    :raises: :exc:`TemplateError` or :exc:`NotFoundError`, one line naming the file and
        the place.
    """
    files = _files_of(library, lang)
    front = _read_front(library, lang, files["booklet"])
    shown, plan, words = front.shown, front.plan, front.words
    chapter_names = [n for n in files if n != "booklet"]
    _check_plan(front, lang, chapter_names)
    _check_games_asked(games, lang, chapter_names, plan)
    game_chapters = [load_chapter(library, files[name]) for name in games or plan.games]
    chapters, present = _with_matter(library, files, plan, game_chapters)
    _check_links(chapters, chapter_names)
    sections = {f"{c.key}/{s.key}" for c in chapters for s in c.sections}
    _check_contents_also(front, lang, chapters, chapter_names, sections)
    chapters = _figures_referred(chapters, words.get("figure_ref", "Figure"),
                                 words.get("table_ref", "Table"))
    _check_banner_words(chapters, words, front.names, shown)
    chapters = _banner_references(chapters)
    if any(c.turn is not None and not c.turn.heading for c in chapters) \
            and "turn" not in words:
        raise TemplateError(shown, "words.turn", expected="the heading of the games' "
                            "\"on your turn\" boxes")
    index = load_index_terms(library, lang) if "index" in present else ()
    cover = _chosen_cover(front, present, game_chapters)
    title, subtitle, lines = _cover_text(cover, game_chapters, front.counts, words, shown)
    # The system's author wrote none of the traditional games (Ass, Cadogan's patiences).
    author = front.author if BOARD_GAMES in present else ""
    return Booklet(lang, title, subtitle, lines, front.contents, chapters, words, shown,
                   index, front.index_also, front.names, author,
                   tuple(name for name in front.contents_also if name in sections))


def _files_of(library: Library, lang: str) -> dict[str, Path]:
    """:func:`booklet_files`, refusing a language without a booklet or a front file."""
    if lang not in LANGUAGES:
        raise NotFoundError(f"no booklet in language {lang!r}; expected one of "
                            f"{', '.join(LANGUAGES)}")
    files = booklet_files(library, lang)
    if "booklet" not in files:
        raise NotFoundError(f"booklets/{lang}/booklet.toml: the booklet's front file is missing")
    return files


@dataclass(frozen=True)
class _Front:
    """What ``booklet.toml`` says (shown as *shown*), its words and pack names completed
    from the other template folders' front files."""

    shown: str
    board_cover: Cover
    other_cover: Cover | None
    contents: str
    words: dict[str, str]
    names: dict[str, str]
    plan: Plan
    index_also: tuple[str, ...]
    contents_also: tuple[str, ...]
    counts: tuple[str, ...]
    author: str


def _read_front(library: Library, lang: str, main: Path) -> _Front:
    shown = display_path(main)
    r = Reader(shown, read_toml(main))
    board_cover = _cover(r)
    contents = _printable(r, "contents", r.string("contents"))
    words = r.table("words", default_empty=True)
    word_map = {key: _printable(words, key, words.string(key)) for key in words.keys()}
    names = r.table("names", default_empty=True)
    name_map = {key: _printable(names, key, names.string(key)) for key in names.keys()}
    # A booklet.toml of a --templates folder that leaves out the banner's words and the
    # names of the packs gets those of the other folders, the shipped one last.
    for other in _other_fronts(library, lang, main):
        word_map = {**other.get("words", {}), **word_map}
        name_map = {**other.get("names", {}), **name_map}
    plan = Plan(tuple(r.strings("front", [])), tuple(r.strings("games")),
                tuple(r.strings("back", [])))
    index_also = tuple(r.strings("index_also", []))
    contents_also = tuple(r.strings("contents_also", []))
    counts = tuple(_printable(r, f"game_counts[{i}]", count)
                   for i, count in enumerate(r.strings("game_counts", [])))
    other_cover = None
    if r.has("traditional"):
        table = r.table("traditional")
        other_cover = _cover(table)
        table.finish()
    author = _printable(r, "author", r.string("author", ""))
    r.finish()
    return _Front(shown, board_cover, other_cover, contents, word_map, name_map, plan,
                  index_also, contents_also, counts, author)


def _check_plan(front: _Front, lang: str, chapter_names: list[str]) -> None:
    """Every chapter the front file names has a file."""
    for i, name in enumerate(front.index_also):
        require_known(front.shown, f"index_also[{i}]", name, chapter_names,
                      f"a chapter file in booklets/{lang}/")
    for key in ("front", "games", "back"):
        for i, name in enumerate(getattr(front.plan, key)):
            require_known(front.shown, f"{key}[{i}]", name, chapter_names,
                          f"a chapter file in booklets/{lang}/")
    group = front.other_cover.group_games if front.other_cover is not None else ()
    for i, name in enumerate(group):
        require_known(front.shown, f"traditional.group.games[{i}]", name, chapter_names,
                      f"a chapter file in booklets/{lang}/")


def _check_games_asked(games: tuple[str, ...], lang: str, chapter_names: list[str],
                       plan: Plan) -> None:
    """Every game asked for has a chapter (one neither in front nor at the back)."""
    game_files = sorted(set(chapter_names) - set(plan.front) - set(plan.back))
    for name in games:
        if name not in game_files:
            hint = did_you_mean(name, game_files)
            raise NotFoundError(f"no booklet chapter for the game {name!r} in booklets/{lang}/"
                                f"; expected one of {', '.join(game_files)}"
                                + (f" ({hint})" if hint else ""))


def _check_contents_also(front: _Front, lang: str, chapters: tuple[Chapter, ...],
                         chapter_names: list[str], sections: set[str]) -> None:
    """Every ``contents_also`` entry names a chapter, and a section of it when the
    booklet keeps that chapter."""
    kept = {c.key for c in chapters}
    for i, name in enumerate(front.contents_also):
        # A section of a chapter this booklet leaves out is left out of its contents too.
        chapter = name.partition("/")[0]
        require_known(front.shown, f"contents_also[{i}]", chapter, chapter_names,
                      f"a chapter file in booklets/{lang}/")
        if chapter in kept:
            require_known(front.shown, f"contents_also[{i}]", name, sorted(sections),
                          "a chapter's section (chapter/section) for the contents")


def _chosen_cover(front: _Front, present: set[str], game_chapters: list[Chapter]) -> Cover:
    """A booklet without a board game has the title page of the other games, if the file
    gives one; either counts and names the games the booklet holds."""
    cover = front.board_cover if BOARD_GAMES in present or front.other_cover is None \
        else front.other_cover
    # One game alone: its own name is the title, "rules of the game" in the singular.
    if len(game_chapters) == 1 and cover.one is not None:
        cover = cover.one
    # Games all of one kind (Cadogan's patiences): the cover says what they are.
    elif cover.group is not None and {c.key for c in game_chapters} <= set(cover.group_games):
        cover = cover.group
    return cover


def _with_matter(library: Library, files: dict[str, Path], plan: Plan,
                 games: list[Chapter]) -> tuple[tuple[Chapter, ...], set[str]]:
    """*games* with the front and back chapters they need, and the names a section's
    ``only_with`` is matched against (the chapters kept, and :data:`BOARD_GAMES` when a
    game of the board system is among them): the board system's equipment, notation and
    rules come only with a board game.

    :raises: :exc:`TemplateError` for an ``only_with`` naming no chapter.
    """
    present = {c.key for c in games}
    if any(c.game for c in games):
        present.add(BOARD_GAMES)
    matter = {name: load_chapter(library, files[name])
              for name in dict.fromkeys([*plan.front, *plan.back])}
    names = [n for n in files if n != "booklet"]
    for chapter in [*games, *matter.values()]:
        _check_only_with(chapter, names)
    kept = [*(matter[n] for n in plan.front if needed(matter[n].only_with, present)), *games,
            *(matter[n] for n in plan.back if needed(matter[n].only_with, present))]
    present |= {c.key for c in kept}
    chosen = {c.key for c in games}
    return tuple(_untitled(_only_chosen(c, present), chosen) if c.key in matter else
                 _only_chosen(c, present) for c in kept), present


def _untitled(chapter: Chapter, games: set[str]) -> Chapter:
    """A front or back *chapter* whose sections meant only for some games lose their
    heading where those are all the booklet's *games*: in a booklet of Ass alone, an "Ass"
    heading under "About this booklet" or the glossary only repeats what the whole booklet
    is about."""
    sections = tuple(replace(s, heading="") if s.only_with and games <= set(s.only_with)
                     else s for s in chapter.sections)
    return chapter if sections == chapter.sections else replace(chapter, sections=sections)


@dataclass(frozen=True)
class Cover:
    """A title page as booklet.toml writes it: its lines may hold ``{games}`` (the count
    of the booklet's games in words, from ``game_counts``), ``{names}`` (the games'
    names, each its chapter's title up to a colon) and ``{packs}`` (the cards the games
    are played with, each distinct phrase of ``packs``, keyed by chapter, once)."""

    where: str
    title: str
    subtitle: str
    lines: tuple[str, ...]
    packs: dict[str, str] = field(default_factory=dict)
    one: Cover | None = None
    """The title page of a booklet of a single game (its ``one`` table), if given: the
    same keys, ``packs`` taken from this one."""
    group: Cover | None = None
    """The title page of a booklet of several games all among ``group_games`` (its
    ``group`` table, with a ``games`` list), if given: the same keys, ``packs`` taken
    from this one."""
    group_games: tuple[str, ...] = ()


def _cover(r: Reader, packs_from: dict[str, str] | None = None) -> Cover:
    title = _printable(r, "title", r.string("title"))
    subtitle = _printable(r, "subtitle", r.string("subtitle", ""))
    lines = tuple(_printable(r, f"lines[{i}]", line)
                  for i, line in enumerate(r.strings("lines", [])))
    if packs_from is not None:
        return Cover(r.prefix, title, subtitle, lines, packs_from)
    packs_table = r.table("packs", default_empty=True)
    packs = {key: _printable(packs_table, key, packs_table.string(key))
             for key in packs_table.keys()}
    one = None
    if r.has("one"):
        one_table = r.table("one")
        one = _cover(one_table, packs)
        one_table.finish()
    group: Cover | None = None
    group_games: tuple[str, ...] = ()
    if r.has("group"):
        group_table = r.table("group")
        group_games = tuple(group_table.strings("games"))
        group = _cover(group_table, packs)
        group_table.finish()
    return Cover(r.prefix, title, subtitle, lines, packs, one, group, group_games)


def _cover_text(cover: Cover, games: list[Chapter], counts: tuple[str, ...],
                words: dict[str, str], shown: str) -> tuple[str, str, tuple[str, ...]]:
    """The title, subtitle and lines of *cover* for a booklet of *games*.

    :raises: :exc:`TemplateError` naming booklet.toml when a line counts the games and
        ``game_counts`` has no entry for their number.
    """
    def filled(text: str, key: str) -> str:
        if "{games}" in text and len(counts) < len(games):
            raise TemplateError(shown, "game_counts", expected=f"a count in words for "
                                f"each number of games up to {len(games)}, for {key}",
                                got=f"{len(counts)} entries")
        titles = [game_name(c.title) for c in games]
        names = titles[0] if len(titles) == 1 else \
            f"{', '.join(titles[:-1])} {words.get('and', 'and')} {titles[-1]}"
        if "{games}" in text:
            text = text.replace("{games}", counts[len(games) - 1])
        if "{packs}" in text:
            text = text.replace("{packs}", _packs(cover, games, key, words, shown))
        return text.replace("{names}", names)
    prefix = f"{cover.where}." if cover.where else ""
    return (filled(cover.title, f"{prefix}title"), filled(cover.subtitle, f"{prefix}subtitle"),
            tuple(filled(line, f"{prefix}lines[{i}]") for i, line in enumerate(cover.lines)))


def _packs(cover: Cover, games: list[Chapter], key: str, words: dict[str, str],
           shown: str) -> str:
    """The cards *games* are played with, as ``packs`` words them: the phrases of the
    games in order, each once, the last joined by the word for "and".

    :raises: :exc:`TemplateError` naming the ``packs`` key of a game it does not word.
    """
    phrases: list[str] = []
    for chapter in games:
        if chapter.key not in cover.packs:
            prefix = f"{cover.where}." if cover.where else ""
            raise TemplateError(shown, f"{prefix}packs.{chapter.key}",
                                expected=f"the cards {chapter.key} is played with, for {key}",
                                problem="missing")
        if cover.packs[chapter.key] not in phrases:
            phrases.append(cover.packs[chapter.key])
    return phrases[0] if len(phrases) == 1 else \
        f"{', '.join(phrases[:-1])} {words.get('and', 'and')} {phrases[-1]}"


def _check_only_with(chapter: Chapter, chapter_names: list[str]) -> None:
    """Every ``only_with`` of *chapter* and its sections names a chapter or the board games.

    :raises: :exc:`TemplateError` naming the file and the key.
    """
    known = [*chapter_names, BOARD_GAMES]
    for i, name in enumerate(chapter.only_with):
        require_known(chapter.where, f"only_with[{i}]", name, known,
                      f"a chapter file or {BOARD_GAMES}")
    for j, section in enumerate(chapter.sections):
        for i, name in enumerate(section.only_with):
            require_known(chapter.where, f"section[{j}].only_with[{i}]", name, known,
                          f"a chapter file or {BOARD_GAMES}")


def load_index_terms(library: Library, lang: str) -> tuple[IndexTerm, ...]:
    """The index's terms in *lang*: every term of ``booklets/terms.toml`` (the first
    folder's that has one) with a ``LANG_find`` pattern, labelled ``LANG_label`` or the
    term itself; ``LANG_head``, where given, finds the use its defining section defines
    it by; ``under``, where given, names (by its English term) the entry this one is
    printed under as a sub-entry, whose label its own starts with; ``listed``, sections
    whose page is listed however few their uses (:attr:`IndexTerm.listed`).

    :raises: :exc:`TemplateError` naming the file and the term for a bad pattern, or an
        ``under`` that names no indexed term or one whose label this one does not start
        with.
    """
    path = next((root / "booklets" / "terms.toml" for root in library.roots
                 if (root / "booklets" / "terms.toml").is_file()), None)
    if path is None:
        return ()
    shown = display_path(path)
    raw = read_toml(path).get("term", [])
    terms = []
    unders: list[tuple[Reader, str]] = []   # each term's reader and the entry it is under
    labels: dict[str, str] = {}             # each indexed term's label by its English name
    for i, term in enumerate(raw if isinstance(raw, list) else []):
        r = Reader(shown, term, f"term[{i}]")
        pattern = r.string(f"{lang}_find", "")
        if not pattern:
            continue
        label = _printable(r, f"{lang}_label", r.string(f"{lang}_label", "")
                           or r.string(lang))
        defined = tuple(r.strings("defined", []))
        listed = tuple(r.strings("listed", []))
        for key, names in (("defined", defined), ("listed", listed)):
            for k, name in enumerate(names):
                if name.count("/") != 1:
                    raise TemplateError(shown, r.key(f"{key}[{k}]"), expected="a section "
                                        "as chapter/section", got=repr(name))
        discussed = r.integer("discussed", low=0, high=99) if r.has("discussed") else None
        head = r.string(f"{lang}_head", "")
        for key, text in ((f"{lang}_find", pattern), (f"{lang}_head", head)):
            try:
                re.compile(text)
            except re.error as e:
                raise TemplateError(shown, r.key(key), expected="a regular expression",
                                    got=f"{text!r} ({e})") from None
        terms.append(IndexTerm.of(label, pattern, defined, discussed, head, listed=listed))
        unders.append((r, r.string("under", "")))
        labels[r.string("en", "")] = label
    for k, (r, under) in enumerate(unders):
        if not under:
            continue
        parent = labels.get(under, "")
        if not parent or not terms[k].label.startswith(f"{parent} "):
            raise TemplateError(shown, r.key("under"), expected="the English name of an "
                                f"indexed term whose {lang} label the term's own starts with",
                                got=repr(under))
        terms[k] = replace(terms[k], under=parent)
    return tuple(terms)


def _other_fronts(library: Library, lang: str, main: Path) -> list[dict[str, dict[str, str]]]:
    """The [words] and [names] of every booklet.toml of *lang* but *main*, in the order of
    the library's folders (the shipped one last)."""
    found = []
    for root in library.roots:
        path = root / "booklets" / lang / "booklet.toml"
        if path.is_file() and path.resolve() != main.resolve():
            data = read_toml(path)
            found.append({key: {k: v for k, v in data.get(key, {}).items()
                                if isinstance(v, str)}
                          for key in ("words", "names") if isinstance(data.get(key), dict)})
    return found


#: The words of booklet.toml a banner prints.
BANNER_WORDS = ("players", "length", "difficulty", "cards", "per_player", "all", "and",
                "board", "or", "reading_mark", "one_set")


def _check_banner_words(chapters: tuple[Chapter, ...], words: dict[str, str],
                        names: dict[str, str], shown: str) -> None:
    """The banners' labels and the names of the packs they list are in booklet.toml.

    :raises: :exc:`TemplateError` naming booklet.toml and the missing key.
    """
    banners = [c.banner for c in chapters if c.banner is not None]
    if not banners:
        return
    for word in BANNER_WORDS:
        if word not in words:
            raise TemplateError(shown, f"words.{word}", expected="the word a game's banner "
                                "prints")
    for banner in banners:
        for board in banner.boards:
            if board not in names:
                raise TemplateError(shown, f"names.{board}", expected="what a game's "
                                    "banner calls this board")
        if "+".join(banner.sources) not in names:
            for source in banner.sources:
                if source not in names:
                    raise TemplateError(shown, f"names.{source}", expected="what a game's "
                                        "banner calls this pack or letter set")


def banner_cards(banner: Banner, words: dict[str, str], names: dict[str, str]) -> str:
    """The cards a banner lists, in the booklet's words: ``packs 1 and 2, 16 per player``
    (without a count when the chapter draws no start).

    >>> words = {"and": "and", "per_player": "{count} per player", "all": "all {count}"}
    >>> banner_cards(Banner(2, ("pack1", "pack2"), 16), words, {"pack1": "pack 1",
    ...              "pack2": "pack 2"})
    'pack 1 and pack 2, 16 per player'
    >>> banner_cards(Banner(1, ("latin2",), 32), words, {"latin2": "Latin set 2"})
    'Latin set 2, all 32'
    >>> banner_cards(Banner(1, ("latin2",), 32, any_set=True), {**words, "one_set":
    ...              "any one letter set (here {set})"}, {"latin2": "Latin set 2"})
    'any one letter set (here Latin set 2), all 32'
    """
    if banner.cards_text:
        return banner.cards_text
    together = names.get("+".join(banner.sources))
    if together is None:
        together = f" {words['and']} ".join(names[s] for s in banner.sources)
    if banner.any_set:
        together = words["one_set"].format(set=together)
    if not banner.cards:
        return together
    count = words["per_player" if banner.players > 1 else "all"].format(count=banner.cards)
    return f"{together}, {count}"


def banner_boards(banner: Banner, words: dict[str, str], names: dict[str, str]) -> str:
    """The boards a banner lists, in the booklet's words; "" for a game without a board.
    Boards the seeds do not name for the game come after those they do, marked as our
    reading; within each part the boards keep the order of the booklet's [names] table, so
    every banner that lists the same two boards lists them in one order.

    >>> words = {"or": "or", "reading_mark": "our reading"}
    >>> names = {"colourless": "the colourless board", "board-a": "board A"}
    >>> banner_boards(Banner(2, ("simple1", "simple2"), 32, boards=("colourless",
    ...               "board-a")), words, names)
    'the colourless board or board A'
    >>> banner_boards(Banner(2, ("simple1", "simple2"), 32, boards=("colourless",
    ...               "board-a"), read_boards=("board-a",)), words, names)
    'the colourless board or board A (our reading)'
    >>> banner_boards(Banner(1, ("cyrillic",), 32, boards=("board-a", "colourless"),
    ...               read_boards=("board-a", "colourless")), words, names)
    'the colourless board or board A (our reading)'

    The mark leads to the reading: its note's number, or a link to where another chapter
    prints it (the setter adds its page):

    >>> banner_boards(Banner(2, ("initial1", "initial2"), 32, boards=("colourless",
    ...               "board-a"), read_boards=("board-a",), read_note=1), words, names)
    'the colourless board or board A (our reading\xa01)'
    >>> banner_boards(Banner(2, ("initial1", "initial2"), 32, boards=("colourless",
    ...               "board-a"), read_boards=("board-a",), read_at="initial-1/setup"),
    ...               words, names)
    'the colourless board or board A ([our reading](#initial-1/setup))'
    """
    either = f" {words['or']} "
    listed = sorted(banner.boards, key=list(names).index)
    named = either.join(names[b] for b in listed if b not in banner.read_boards)
    read = either.join(names[b] for b in listed if b in banner.read_boards)
    if read:
        mark = words["reading_mark"]
        if banner.read_note:
            mark = f"{mark}\u00a0{banner.read_note}"
        elif banner.read_at:
            mark = f"[{mark}](#{banner.read_at})"
        read = f"{read} ({mark})"
    return either.join(part for part in (named, read) if part)


def _check_links(chapters: tuple[Chapter, ...], chapter_names: list[str]) -> None:
    """Every cross-reference names a chapter file of the language, and a section of it
    when that chapter is in the booklet (a link to a chapter left out prints as text).

    :raises: :exc:`TemplateError` naming the file, the section and the target.
    """
    sections = {c.key: [s.key for s in c.sections] for c in chapters}
    for chapter in chapters:
        for i, section in enumerate(chapter.sections):
            texts = [t for b in section.blocks
                     for t in ((b.text,) if isinstance(b, Paragraph) else
                               b.items if isinstance(b, Bullets) else ())]
            for text in texts:
                for _, target, part in unlinked(text)[1]:
                    key = f"section[{i}].text"
                    require_known(chapter.where, key, target, chapter_names,
                                  "a chapter to link to")
                    if part and target in sections:
                        require_known(chapter.where, key, f"{target}/{part}",
                                      [f"{target}/{s}" for s in sections[target]],
                                      "a section to link to")


def _figures_referred(chapters: tuple[Chapter, ...], word: str,
                      table_word: str = "Table") -> tuple[Chapter, ...]:
    """*chapters* with each ``{figure:CHAPTER/SECTION[/N]}`` of a text made a link to that
    figure labelled with its number (*word* before it), and each ``{table:...}`` to that
    captioned table (*table_word* before its number): the setter adds its page. A
    captioned table gets its number.

    :raises: :exc:`TemplateError` naming the file, the section and the figure or table
        when the booklet has no such one (a reference to another game's figure is kept out
        of a booklet that may leave that game out).
    """
    kinds = ((FIGURE_REF, figure_anchor, figure_numbers(chapters), word, "figure"),
             (TABLE_REF, table_anchor, table_numbers(chapters), table_word, "captioned table"))

    def text_of(chapter: Chapter, i: int, text: str) -> str:
        for pattern, anchor_of, numbers, label, what in kinds:
            def link(m: re.Match[str]) -> str:
                anchor = anchor_of(m.group(1), m.group(2), int(m.group(3) or 1))
                if anchor not in numbers:
                    raise TemplateError(chapter.where, f"section[{i}].text", expected=f"a "
                                        f"{what} of this booklet to refer to",
                                        got=repr(m.group(0)))
                return f"[{label}\u00a0{numbers[anchor]}](#{anchor})"
            text = pattern.sub(link, text)
        return text

    def label_of(chapter: Chapter, i: int, text: str) -> str:
        # Drawn in the figure, not set: the number alone, no link.
        return LINK_MARK.sub(r"\1", text_of(chapter, i, text)).replace("\u00a0", " ")

    def blocks_of(chapter: Chapter, i: int, section: Section) -> tuple[Block, ...]:
        tables = 0
        blocks: list[Block] = []
        for block in section.blocks:
            if isinstance(block, Table) and block.caption:
                tables += 1
                block = replace(block, number=kinds[1][2][table_anchor(chapter.key,
                                                                       section.key, tables)])
            elif isinstance(block, FigureRef) and block.blocks:
                block = replace(block, blocks=tuple(replace(b, label=label_of(chapter, i,
                                                                              b.label))
                                                    for b in block.blocks))
            elif isinstance(block, Paragraph):
                block = replace(block, text=text_of(chapter, i, block.text))
            elif isinstance(block, Bullets):
                block = replace(block, items=tuple(text_of(chapter, i, t) for t in block.items))
            blocks.append(block)
        return tuple(blocks)

    return tuple(replace(chapter, sections=tuple(
        replace(section, blocks=blocks_of(chapter, i, section))
        for i, section in enumerate(chapter.sections))) for chapter in chapters)


#: A link as :func:`_figures_referred` writes it, ``[Figure 3](#anchor)``.
LINK_MARK = re.compile(r"\[([^]]*)\]\(#[^)]*\)")


def _only_chosen(chapter: Chapter, chosen: set[str]) -> Chapter:
    """*chapter* without the sections meant only for chapters that are not *chosen*."""
    kept = tuple(s for s in chapter.sections if needed(s.only_with, chosen))
    return chapter if len(kept) == len(chapter.sections) else replace(chapter, sections=kept)


def load_chapter(library: Library, path: Path) -> Chapter:
    shown = display_path(path)
    r = Reader(shown, read_toml(path))
    title = _printable(r, "title", r.string("title"))
    if not title.strip():
        # Read once here: the contents, the running header and the outline all print it.
        raise TemplateError(shown, "title", expected="a heading with text", got=repr(title))
    game = r.string("game", None)
    if game is not None:
        require_known(shown, "game", game, library.names("game"), "a game")
    raw = r.raw("section", [], "a list of [[section]] tables")
    if not isinstance(raw, list) or not all(isinstance(x, dict) for x in raw):
        raise r.fail("section", "a list of [[section]] tables", raw)
    has_banner = r.has("banner")
    estimate = r.table("banner", default_empty=True)
    length = _printable(estimate, "length", estimate.string("length", ""))
    difficulty = _printable(estimate, "difficulty", estimate.string("difficulty", ""))
    # A chapter without a game file writes its players and cards itself.
    players = estimate.integer("players", 0, low=0, high=8)
    most = estimate.integer("most_players", 0, low=0, high=8)
    cards_text = _printable(estimate, "cards", estimate.string("cards", ""))
    estimate.string("source", "")   # what the banner rests on; not printed
    estimate.finish()
    # A {note:KEY} in a text or a box's line is the number of the note {reading:KEY} in
    # the chapter's ordered lists (read before the readings are printed in their place).
    texts = [data.get("text") if isinstance(data.get("text"), str) else "" for data in raw]
    notes, starts = _note_numbers(texts)
    turn = _turn(r, notes=notes) if r.has("turn") else None
    course = _turn(r, "course", COURSE_LINES, notes) if r.has("course") else None
    if course is not None and not course.heading:
        raise TemplateError(shown, "course.heading", expected="the heading of the box",
                            got="nothing")
    only_with = tuple(r.strings("only_with", []))
    r.finish()
    # A {reading:KEY} in a text is the row KEY of the game's sources file (the chapter's
    # game, or a code game named like the chapter), in the chapter's language.
    reading = (game or path.stem, path.parent.name)
    sections = tuple(_section(library, Reader(shown, data, f"section[{i}]"), reading, notes,
                              starts[i])
                     for i, data in enumerate(raw))
    seen: set[str] = set()
    for i, section in enumerate(sections):
        if section.key in seen:
            raise TemplateError(shown, f"section[{i}].id", expected="an id used once",
                                got=repr(section.key))
        seen.add(section.key)
    banner = None
    if game is not None:
        banner = _banner_reading(_banner(library, game, sections, shown, length, difficulty),
                                 path.stem, sections, texts, notes)
        if players or most or cards_text:
            raise TemplateError(shown, "banner", expected="no players or cards in the "
                                "banner of a chapter with a game key (they come from the "
                                "game file)")
    elif has_banner:
        if not players or not cards_text or (most and most <= players):
            raise TemplateError(shown, "banner", expected="players (at least 1), cards, and "
                                "most_players above players if given, in the banner of a "
                                "chapter without a game key")
        banner = Banner(players, (), 0, length, difficulty, most, cards_text)
    return Chapter(path.stem, title, shown, sections, game, banner, turn, only_with, course)


#: How many lines an "on your turn" box may have: it is a summary, not the rules again.
TURN_LINES = (1, 6)
#: How many steps a box of a round's course (``[course]``) may list.
COURSE_LINES = (2, 6)


def _turn(r: Reader, key: str = "turn", limits: tuple[int, int] = TURN_LINES,
          notes: Mapping[str, int] | None = None) -> Turn:
    """The chapter's ``[turn]`` (or the *key* box, ``[course]``): its lines and the source
    they restate (required), and its own heading (optional). A line's ``{note:KEY}`` is
    the number of the chapter's note KEY (*notes*, :func:`_note_numbers`), as in the text:
    a box's "(our reading 2)" leads to the note its rule rests on (issue 39, ninth review:
    a bare "(our reading)" in a box named no note)."""
    t = r.table(key)
    heading = _printable(t, "heading", t.string("heading", "").strip())
    lines = [_printable(t, f"lines[{i}]",
                        _note_marks(t, line.strip(), notes or {}, f"lines[{i}]"))
             for i, line in enumerate(t.strings("lines"))]
    source = t.string("source")
    t.finish()
    low, high = limits
    if not low <= len(lines) <= high or not all(lines):
        raise TemplateError(r.path, f"{key}.lines", expected=f"{low} to {high} lines of text",
                            got=f"{len(lines)} lines")
    if not source.strip():
        raise TemplateError(r.path, f"{key}.source", expected="the sections and seed passages "
                            "the lines restate", got="nothing")
    return Turn(tuple(lines), source, heading)


def _banner(library: Library, name: str, sections: tuple[Section, ...], shown: str,
            length: str, difficulty: str) -> Banner:
    """A game chapter's banner: the players from the game file; the packs or letter sets
    and the cards each player plays from the chapter's first start diagram (its layout's
    sides), which must play one of the game's pairs.

    :raises: :exc:`TemplateError` naming the chapter file.
    """
    game = library.game(name)
    # Seed001 plays "any one complete set": the chapter's set is one of the game's choices.
    any_set = game.plays_any_set
    starts = [(b, b.layout) for s in sections for b in s.blocks
              if isinstance(b, FigureRef) and b.layout is not None]
    if not starts:
        # No start drawn: the game's first pair, without a count.
        first = tuple(dict.fromkeys(ref.partition(":")[0] for ref in game.pairs[0])) \
            if game.pairs else ()
        return Banner(game.players, first, 0, length, difficulty, boards=game.boards,
                      read_boards=read_boards(library, name), any_set=any_set)
    start, name_of_layout = starts[0]
    layout = library.layout(name_of_layout)
    refs = [layout.players[side] for side in sorted(layout.players, key=lambda s: s.value,
                                                    reverse=True)]
    sources = tuple(dict.fromkeys(ref.partition(":")[0] for ref in refs))
    pairs = {tuple(dict.fromkeys(ref.partition(":")[0] for ref in pair))
             for pair in game.pairs}
    if sources not in pairs:
        raise TemplateError(shown, f"{start.where.partition(': ')[2]}.layout",
                            expected=f"a start that plays one of the pairs of game {name} "
                            f"({'; '.join(' and '.join(p) for p in sorted(pairs))})",
                            got=" and ".join(sources) or "no packs")
    pieces = [piece for stack in layout.stacks.values() for piece in stack]
    if game.players > 1:
        counts = {side: sum(1 for p in pieces if p.owner is side) for side in layout.players}
        cards = max(counts.values())
    else:
        cards = len(pieces)
    return Banner(game.players, sources, cards, length, difficulty, boards=game.boards,
                  read_boards=read_boards(library, name), any_set=any_set)


def _banner_reading(banner: Banner, chapter: str, sections: tuple[Section, ...],
                    texts: list[str], notes: Mapping[str, int]) -> Banner:
    """*banner* with where *chapter* gives the reading of its boards the seeds do not name:
    the number of its note (``{reading:boards:BOARD}`` in a notes list), and the section
    whose *texts* print the reading (as a note or in the text), which the banners of other
    chapters that read the same boards refer to (:func:`_banner_references`)."""
    keys = [f"boards:{board}" for board in banner.read_boards]
    note = next((notes[key] for key in keys if key in notes), 0)
    at = next((f"{chapter}/{section.key}" for section, text in zip(sections, texts)
               if any(f"{{reading:{key}}}" in text for key in keys)), "")
    return replace(banner, read_note=note, read_at=at) if note or at else banner


def _banner_references(chapters: tuple[Chapter, ...]) -> tuple[Chapter, ...]:
    """*chapters* with each banner that marks a board as our reading made to lead to the
    reading: a chapter with its own note prints its number (:attr:`Banner.read_note`); one
    whose own text tells it, nothing more; one that tells it nowhere refers to the first
    chapter of the booklet that prints the reading of the same boards (:attr:`Banner.read_at`,
    printed with its page): issue 39, ninth review, «Доска: бесцветная или A (наше
    толкование)» in four chapters with no note for it."""
    printed: dict[frozenset[str], str] = {}
    for chapter in chapters:
        if chapter.banner is not None and chapter.banner.read_at:
            printed.setdefault(frozenset(chapter.banner.read_boards), chapter.banner.read_at)
    found = []
    for chapter in chapters:
        banner = chapter.banner
        if banner is None or not banner.read_boards:
            found.append(chapter)
            continue
        at = "" if banner.read_note else \
            banner.read_at or printed.get(frozenset(banner.read_boards), "")
        if at.partition("/")[0] == chapter.key:
            at = ""         # its own text tells the reading, under the banner
        found.append(chapter if at == banner.read_at else
                     replace(chapter, banner=replace(banner, read_at=at)))
    return tuple(found)


def _section(library: Library, r: Reader, reading: tuple[str, str],
             notes: Mapping[str, int] | None = None, first: int = 1) -> Section:
    """A section; *notes* are the chapter's notes by key, *first* the number of its first
    ordered item (:func:`_note_numbers`)."""
    key = r.string("id")
    heading = _printable(r, "heading", r.string("heading", ""))
    text = _note_marks(r, r.string("text", ""), notes or {})
    text = _readings(library, r, text, *reading)
    if r.has("deal") or DEAL_MARK in text:
        text = _with_deal(r, text, reading[1])
    text = _printable(r, "text", text)
    source = r.string("source", "")
    only_with = tuple(r.strings("only_with", []))
    raw = r.raw("figure", [], "a list of [[section.figure]] tables")
    if not isinstance(raw, list) or not all(isinstance(x, dict) for x in raw):
        raise r.fail("figure", "a list of [[section.figure]] tables", raw)
    r.finish()
    figures = [_figure(library, Reader(r.path, data, r.key(f"figure[{i}]")))
               for i, data in enumerate(raw)]
    blocks = _blocks(text, figures, r, first)
    return Section(key, heading, tuple(blocks), source, only_with)


def _with_deal(r: Reader, text: str, lang: str) -> str:
    """*text* with its ``{deal}`` line replaced by the table of the section's
    ``[section.deal]`` as the Ass engine plays it (:mod:`.ass_deals`)."""
    chunks = [c.strip() for c in text.strip().split("\n\n")]
    if chunks.count(DEAL_MARK) != 1:
        raise TemplateError(r.path, r.key("text"), expected=f"one {DEAL_MARK} line for the "
                            "section's [section.deal]", got=f"{chunks.count(DEAL_MARK)}")
    if not r.has("deal"):
        raise TemplateError(r.path, r.key("deal"), expected=f"a [section.deal] for the "
                            f"text's {DEAL_MARK} line", problem="missing")
    table, hands = deal_table(r.table("deal"), lang)
    if chunks.count(HANDS_MARK) != (hands is not None):
        raise TemplateError(r.path, r.key("text"), expected=f"a {HANDS_MARK} line exactly "
                            "when [section.deal] gives the hands' headings",
                            got=f"{chunks.count(HANDS_MARK)}")
    return "\n\n".join(table if c == DEAL_MARK else hands if c == HANDS_MARK and hands
                         else c for c in chunks)


READING_MARK = re.compile(r"\{reading:(?:([a-z0-9-]+)/)?([^{}\s/]+)\}")
#: An ordered list's item starts with this: the loader numbers the items, on through the
#: chapter (its notes, numbered as a book numbers its notes: a mark's number is the
#: chapter's one note of that number, wherever the mark stands).
ORDERED = "#. "
#: ``{note:KEY}``: the number of the note ``{reading:KEY}`` of the chapter's ordered lists.
NOTE_MARK = re.compile(r"\s*\{note:((?:[a-z0-9-]+/)?[^{}\s/]+)\}")


def _ordered_items(text: str) -> list[str]:
    """The items of *text*'s ordered lists, in order (each item's first line)."""
    return [line.strip()[len(ORDERED):].strip()
            for chunk in text.strip().split("\n\n") if chunk.strip().startswith(ORDERED)
            for line in chunk.strip().splitlines() if line.strip().startswith(ORDERED)]


def _note_numbers(texts: list[str]) -> tuple[dict[str, int], list[int]]:
    """The notes of a chapter whose sections have *texts*: each ``{reading:KEY}`` that is
    an item of an ordered list, by KEY, with its number in the chapter; and the number
    each section's first ordered item takes."""
    found: dict[str, int] = {}
    starts = []
    count = 0
    for text in texts:
        starts.append(count + 1)
        for item in _ordered_items(text):
            count += 1
            mark = READING_MARK.fullmatch(item)
            if mark is not None:
                found.setdefault(item[len("{reading:"):-1], count)
    return found, starts


def _note_marks(r: Reader, text: str, notes: Mapping[str, int], where: str = "text") -> str:
    """*text* with each ``{note:KEY}`` replaced by the number of the reading KEY in the
    chapter's notes (:func:`_note_numbers`), bound to the word before it: "(our
    reading 2)".

    :raises: :exc:`TemplateError` naming the file, the section and the key of a mark whose
        reading is no note of the chapter.
    """
    def number(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in notes:
            raise TemplateError(r.path, r.key(where), expected="{note:KEY} naming a "
                                f"'{ORDERED.strip()} {{reading:KEY}}' item of a notes list "
                                "in the chapter", got=match.group(0).strip())
        return f"\u00a0{notes[key]}"
    return NOTE_MARK.sub(number, text)


def _readings(library: Library, r: Reader, text: str, game: str, lang: str) -> str:
    """*text* with each ``{reading:KEY}`` replaced by the sentence in *lang* of the row KEY
    of *game*'s sources file (``{reading:GAME/KEY}``: of GAME's, a variant's reading told
    in its base game's chapter), so the booklet prints the reading the sources table gives.

    :raises: :exc:`TemplateError` naming the file, the section and the missing row.
    """
    def sentence(match: re.Match[str]) -> str:
        try:
            return reading_text(library, match.group(1) or game, match.group(2), lang)
        except KeyError as e:
            raise TemplateError(r.path, r.key("text"), expected=f"{{reading:KEY}} naming a "
                                f"row with an {lang} sentence", got=str(e.args[0])) from None
    return READING_MARK.sub(sentence, text)


#: The line over a table's rows that captions it: ``Table: Foundation order``.
TABLE_CAPTION = "Table:"


def _blocks(text: str, figures: list[FigureRef], r: Reader, first: int = 1) -> list[Block]:
    """*text*'s blocks, its figures in the place of its ``{figure}`` lines, its ordered
    lists numbered from *first* on."""
    blocks: list[Block] = []
    waiting = list(figures)
    for chunk in [c.strip() for c in text.strip().split("\n\n") if c.strip()]:
        lines = [line.strip() for line in chunk.splitlines()]
        if lines == [FIGURE_MARK]:
            if not waiting:
                raise TemplateError(r.path, r.key("text"), expected="a [[section.figure]] "
                                    f"for every {FIGURE_MARK} line", problem="too many "
                                    f"{FIGURE_MARK} lines")
            blocks.append(waiting.pop(0))
        elif lines[0].startswith("|") or (lines[0].startswith(TABLE_CAPTION) and len(lines) > 1
                                           and lines[1].startswith("|")):
            # "Table: what it shows" over the rows captions the table and numbers it.
            caption = lines.pop(0)[len(TABLE_CAPTION):].strip() \
                if lines[0].startswith(TABLE_CAPTION) else ""
            rows = []
            for line in lines:
                if not (line.startswith("|") and line.endswith("|")):
                    raise TemplateError(r.path, r.key("text"), expected="every line of a "
                                        "table written | cell | cell |", got=repr(line))
                rows.append(tuple(cell.strip() for cell in line[1:-1].split("|")))
            blocks.append(Table(tuple(rows), caption))
        elif lines[0].startswith(("- ", ORDERED)):
            # "#. " numbers the items in order: an ordered list is never read as a
            # worked example's numbered move ("1. e2-e3"), which is a paragraph.
            marker = ORDERED if lines[0].startswith(ORDERED) else "- "
            items: list[str] = []
            for line in lines:
                if line.startswith(marker):
                    items.append(line[len(marker):].strip())
                else:
                    items[-1] += " " + line
            if marker == ORDERED:
                blocks.append(Bullets(tuple(items), start=first))
                first += len(items)
            else:
                blocks.append(Bullets(tuple(items)))
        else:
            blocks.append(Paragraph(" ".join(lines)))
    return blocks + waiting


def _printable(r: Reader, key: str, text: str) -> str:
    """*text*, read at *key*, if the bundled fonts can print every character of it: the
    typesetter would otherwise drop what they lack (a caption of CJK printing as
    "Figure 12. ") and exit 0.

    :raises: :exc:`TemplateError` naming the file, the key and the characters.
    """
    check_printable(r.path, r.key(key), text)
    return text


def _figure(library: Library, r: Reader) -> FigureRef:
    where = f"{r.path}: {r.prefix}"
    layout, cards, dealt, key = _figure_subject(r)
    seed = r.integer("seed", 0, low=0)
    _check_subject_names(library, r, layout, cards)
    height, style, width = _figure_size(r, DEAL_HEIGHT if dealt is not None else 0.45)
    slots = _slot_names(r, dealt)
    part = _part(r, dealt)
    labels, outlined = _row_marks(library, r, cards)
    blocks = _plan_blocks(r, dealt)
    if (style is not None or width is not None) and layout is None:
        raise TemplateError(r.path, r.prefix, expected="style and width only with a layout "
                            "(a board)")
    plain = _plain(r, layout)
    ref = FigureRef(
        where, _printable(r, "caption", r.string("caption")), layout=layout, cards=cards, moves=r.string("moves", None),
        **{key: tuple(r.strings(key, [])) for key in LISTS}, crop=r.string("crop", None),
        flip=r.boolean("flip", False), play=r.boolean("play", False), patience=dealt,
        seed=seed, height=height, key=key, style=style, width=width, plain=plain,
        slots=slots, part=part, labels=labels, outlined=outlined, blocks=blocks)
    r.finish()
    return ref


def _figure_subject(r: Reader) -> tuple[str | None, str | None, str | None, tuple[str, ...]]:
    """What a figure shows, exactly one of: a layout, a row of cards, a patience's deal
    or a key of signs."""
    layout = r.string("layout", None)
    cards = r.string("cards", None)
    dealt = r.string("patience", None)
    key = tuple(_printable(r, "key", k) for k in r.strings("key", []))
    if sum(x is not None for x in (layout, cards, dealt, key or None)) != 1:
        raise TemplateError(r.path, r.prefix, expected="one of layout, cards, patience or key")
    if dealt is not None:
        # Here, not at the top: the patience engine loads only for booklets that show one.
        from ..patience import PATIENCES
        require_known(r.path, r.key("patience"), dealt, list(PATIENCES), "a patience")
    return layout, cards, dealt, key


def _check_subject_names(library: Library, r: Reader, layout: str | None,
                         cards: str | None) -> None:
    """The layout, or the pack or letter set of the cards, is one the library holds."""
    if layout is not None:
        require_known(r.path, r.key("layout"), layout, library.names("layout"), "a layout")
    if cards is not None:
        source = cards.partition(":")[0]
        known = [*library.names("pack"), *library.names("letters"),
                 *library.names("traditional")]
        require_known(r.path, r.key("cards"), source, known, "a pack or letter set")


def _figure_size(r: Reader, default: float) -> tuple[float, str | None, float | None]:
    """A figure's height on the page (*default* if the file gives none), its style and its
    width in the text column."""
    height = r.number("height", default)
    if not 0.1 <= height <= 1.0:
        raise r.fail("height", "a fraction of the page from 0.1 to 1", height)
    style = r.choice("style", {s.value: s.value for s in FigureStyle}, None)
    width = r.number("width") if r.has("width") else None
    if width is not None and not 0.2 <= width <= 1.0:
        raise r.fail("width", "a fraction of the text column from 0.2 to 1", width)
    return height, style, width


def _row_marks(library: Library, r: Reader, cards: str | None) -> tuple[tuple[str, ...], int]:
    """The labels under a row of traditional cards, and the place of the card outlined."""
    labels = tuple(_printable(r, f"labels[{i}]", label)
                   for i, label in enumerate(r.strings("labels", [])))
    if labels and (cards is None or cards.partition(":")[0] not in library.names("traditional")
                   or len(labels) != len(cards.partition(":")[2].split())):
        raise TemplateError(r.path, r.key("labels"), expected="one label per card of a row "
                            "of traditional cards")
    outlined = r.integer("outlined", 0, low=0)
    if outlined and (cards is None or cards.partition(":")[0] not in library.names("traditional")
                     or outlined > len(cards.partition(":")[2].split())):
        raise TemplateError(r.path, r.key("outlined"), expected="the place of a card in a "
                            "row of traditional cards", got=str(outlined))
    return labels, outlined


def _plain(r: Reader, layout: str | None) -> bool:
    """Whether a board figure is drawn without the marks of the moves that reached it."""
    plain = r.boolean("plain", False)
    # Moves are allowed: a plain figure may show a position reached by play, unmarked.
    marked = [k for k in LISTS if r.has(k)]
    if plain and (layout is None or marked):
        raise TemplateError(r.path, r.key("plain"), expected="plain only with a layout and "
                            "without marks" + (f" (remove {', '.join(marked)})" if marked
                                               else ""))
    return plain


def _plan_blocks(r: Reader, dealt: str | None) -> tuple[PlanBlock, ...]:
    """A patience's table in outline: its ``[[blocks]]``, each ``slots`` (ids of the
    patience or the letters before their number) and a ``label``."""
    if not r.has("blocks"):
        return ()
    raw = r.raw("blocks", [], "a list of [[blocks]] tables")
    if dealt is None or not isinstance(raw, list) or not raw \
            or not all(isinstance(x, dict) for x in raw):
        raise TemplateError(r.path, r.key("blocks"), expected="a list of [[blocks]] tables "
                            "(slots and a label), only with a patience")
    from ..patience import patience
    ids = [slot.id for slot in patience(dealt).tableau.slots]
    known = sorted({*ids, *(i.rstrip("0123456789") for i in ids)})
    blocks = []
    for n, data in enumerate(raw):
        b = Reader(r.path, data, r.key(f"blocks[{n}]"))
        slots = tuple(b.strings("slots"))
        if not slots:
            raise b.fail("slots", "the slots the block covers", slots)
        for k, name in enumerate(slots):
            require_known(r.path, f"{b.key('slots')}[{k}]", name, known, f"a slot of {dealt}")
        blocks.append(PlanBlock(slots, _printable(b, "label", b.string("label"))))
        b.finish()
    return tuple(blocks)


def _part(r: Reader, dealt: str | None) -> tuple[str, ...]:
    """A deal's ``part``: slot ids of the patience or the letters before their number."""
    if not r.has("part"):
        return ()
    if dealt is None:
        raise TemplateError(r.path, r.key("part"), expected="part only with a patience")
    from ..patience import patience
    ids = [slot.id for slot in patience(dealt).tableau.slots]
    known = sorted({*ids, *(i.rstrip("0123456789") for i in ids)})
    part = tuple(r.strings("part"))
    for n, name in enumerate(part):
        require_known(r.path, f"{r.key('part')}[{n}]", name, known, f"a slot of {dealt}")
    return part


def _slot_names(r: Reader, dealt: str | None) -> tuple[tuple[str, str], ...]:
    """A deal's [slots] table: each key a slot id of the patience or the letters before
    the number of some of its ids, each value the name printed."""
    if not r.has("slots"):
        return ()
    table = r.table("slots")
    if dealt is None:
        raise TemplateError(r.path, r.key("slots"), expected="slot names only with a patience")
    from ..patience import patience
    ids = [slot.id for slot in patience(dealt).tableau.slots]
    known = sorted({*ids, *(i.rstrip("0123456789") for i in ids)})
    names = []
    for key in table.keys():
        require_known(table.path, table.key(key), key, known, f"a slot of {dealt}")
        names.append((key, _printable(table, key, table.string(key))))
    table.finish()
    return tuple(names)
