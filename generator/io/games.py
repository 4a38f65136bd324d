"""Loads game templates (``templates/games/*.toml``, ``kind = "game"``) into :class:`Game`.

A game file may start from another with ``extends = "basic-1"``: its tables are merged key
by key over the base, so a variant states only what it changes.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import did_you_mean
from ..model.board import Shade
from ..model.cards import Card
from ..model.seats import Seat
from ..rules.games import (COMBINATION_KINDS, MATERIALS, READINGS, Arrows, Beating, Capture,
                           CombinationKind, Combinations, Crossing, EqualValues, FaceDown, Game,
                           Goal, Lines, Movement, Placement, Pressing, Removal, Setup, Step, Words)
from ..rules.lines import ORIENTATIONS, LineOrientation
from .reader import Reader, read_toml, require_known
from .resources import templates_dir

VERSIONS = {v: v for v in ("initial", "basic", "word")}
SHADES = {"dark": Shade.DARK, "light": Shade.LIGHT}

#: Every key a game file may hold, by table ("" is the top level). docs/ lists them all.
GAME_KEYS: dict[str, tuple[str, ...]] = {
    "": ("kind", "extends", "title", "version", "source", "summary", "goal", "boards",
         "material", "pairs", "ranks", "owners", "players", "stuck_loses"),
    "movement": ("step", "capture", "placement", "cover_test_cards", "exit_far_edge", "piles",
                 "one_row", "forced_opening", "push_adjacent", "shift_onto_cards",
                 "lay_on_letters", "onto_to_combine", "shift_to_identical", "opening_cover"),
    "beating": ("trumps", "equal_values", "test_cards_beat", "zeros_count"),
    "pressing": ("by_square", "own_cards", "compulsory"),
    "combinations": ("enabled", "kinds", "min_length", "removes", "orientations",
                     "own_to_stock", "crossing", "compulsory", "seats"),
    "lines": ("enabled", "length", "removes"),
    "words": ("enabled", "min_length", "removes", "turn_letters", "forbid_own_words",
              "top_letters_only", "reading"),
    "setup": ("south_rows", "north_rows", "complete", "cards", "off_colour", "shade",
              "face_down", "test_cards", "tests_on_king_squares", "tests_per_side",
              "safe_first_move", "arrows", "removed_letters", "one_pack", "false_tests",
              "tests_laid_first"),
}


def _choices(enum_type: Any) -> dict[str, Any]:
    return {member.value: member for member in enum_type}


def _merge(base: Mapping[str, Any], child: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in child.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


#: The longest file name (in UTF-8 bytes) most file systems take.
MAX_NAME_BYTES = 255


def _resolve(reader: Reader, chain: tuple[str, ...]) -> dict[str, Any]:
    """The file's data with its ``extends`` chain merged in, base first."""
    data = dict(reader.data)
    base = data.pop("extends", None)
    if base is None:
        return data
    # A plain name only: extends = "../../x" must not read files outside the template
    # folders (the game's own folder and the shipped games).
    if not isinstance(base, str) or not base or base.startswith(".") \
            or any(ch in base for ch in "/\\:\0"):
        raise reader.fail("extends", "the name of another game (no folders)", base)
    if len(f"{base}.toml".encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES:
        # A longer file name cannot exist on any common disk, and asking the system for
        # one fails with an OSError rather than saying there is none.
        raise reader.fail("extends", f"the name of another game (a file name of at most "
                          f"{MAX_NAME_BYTES} bytes)", base)
    if base in chain:
        raise reader.fail("extends", "a chain of games without a loop", base,
                          hint="cycle: " + " -> ".join((*chain, base)))
    here = Path(reader.path).parent / f"{base}.toml"
    path = here if here.is_file() else templates_dir() / "games" / f"{base}.toml"
    if not path.is_file():
        raise reader.fail("extends", "the name of a game in the same folder or shipped", base)
    base_reader = Reader(reader.path, read_toml(path))
    return _merge(_resolve(base_reader, (*chain, base)), data)


def game_from_toml(name: str, reader: Reader, chain: tuple[str, ...] = ()) -> Game:
    """Builds a :class:`Game` from a game file, rejecting unknown keys and bad values.

    :raises: :exc:`TemplateError` naming the file and key.
    """
    reader = Reader(reader.path, _resolve(reader, (*chain, name)))
    reader.raw("kind")
    pairs = _pairs(reader)
    ranks = _ranks(reader)
    game = Game(
        name=name,
        title=reader.string("title"),
        version=reader.choice("version", VERSIONS),
        source=reader.string("source", ""),
        summary=reader.string("summary", ""),
        goal=reader.choice("goal", _choices(Goal)),
        boards=tuple(reader.strings("boards")),
        material=reader.choice("material", {m: m for m in MATERIALS}, "cards"),
        pairs=pairs,
        ranks=ranks,
        owners=reader.boolean("owners", True),
        players=reader.integer("players", 2, low=1, high=8),
        stuck_loses=reader.boolean("stuck_loses", False),
        patience_of=reader.string("patience_of", ""),
        good_result=reader.integer("good_result", 0, low=0, high=64),
        movement=_movement(reader.table("movement", default_empty=True)),
        beating=_beating(reader.table("beating", default_empty=True)),
        pressing=_pressing(reader.table("pressing", default_empty=True)),
        combinations=_combinations(reader),
        words=_words(reader),
        lines=_lines(reader),
        setup=_setup(reader.table("setup", default_empty=True)),
    )
    reader.finish()
    _check_beating(reader, game)
    _check_players(reader, game)
    _check_movement(reader, game)
    _check_words(reader, game)
    return game


def _ranks(reader: Reader) -> tuple[int, ...]:
    ranks = reader.raw("ranks", list(range(1, 9)), "a list of ranks 1-8")
    if (not isinstance(ranks, list) or not ranks or not all(
            isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= 8 for r in ranks)):
        raise reader.fail("ranks", "a list of different ranks from 1 to 8", ranks)
    return tuple(ranks)


def _check_beating(reader: Reader, game: Game) -> None:
    """The goal and the beating switches agree."""
    if (game.goal is Goal.COVER_TEST_CARD and game.movement.capture is Capture.BEAT
            and game.beating.equal_values is EqualValues.NO and not game.beating.test_cards_beat):
        # Seed000, game 4: without equal values beating each other the game cannot be won
        # unless test cards may beat; the text couples the two switches.
        raise reader.fail("beating.test_cards_beat", "true when beating.equal_values is 'no' "
                          "(seed000 game 4 couples them)", False)


def _check_movement(reader: Reader, game: Game) -> None:
    """Each way of laying a card on another comes only with the movement it belongs to."""
    if game.movement.shift_onto_cards and (game.movement.step is not Step.SHIFT
                                           or not game.movement.piles):
        # Laying a card on another is a kind of shift, and it makes a pile.
        raise reader.fail("movement.shift_onto_cards", "true only with step = 'shift' and "
                          "piles = true", True)
    if game.movement.shift_to_identical and game.movement.placement is not Placement.IDENTICAL:
        raise reader.fail("movement.shift_to_identical", "true only with placement = "
                          "'identical'", True)
    if game.movement.onto_to_combine and (game.movement.step is not Step.KING
                                          or not game.combinations.enabled):
        raise reader.fail("movement.onto_to_combine", "true only with step = 'king' and a "
                          "[combinations] table", True)
    if game.movement.lay_on_letters and (
            game.movement.placement is not Placement.FREE or not game.words.enabled
            or not game.movement.piles):
        # A letter goes on a letter only to make a word, and that makes a pile.
        raise reader.fail("movement.lay_on_letters", "true only with placement = 'free', "
                          "a [words] table and piles = true", True)


def _check_words(reader: Reader, game: Game) -> None:
    """The word switches come only with the words and movement they speak of."""
    if game.words.top_letters_only and not game.movement.lay_on_letters:
        # Only letters laid on letters make piles of letters.
        raise reader.fail("words.top_letters_only", "true only with movement.lay_on_letters",
                          True)
    if game.words.forbid_own_words and (game.movement.placement is not Placement.FREE
                                        or game.movement.lay_on_letters
                                        or not game.words.enabled):
        # The seed states it for word 25 as laid (free squares only), beside its variant.
        raise reader.fail("words.forbid_own_words", "true only with placement = 'free', a "
                          "[words] table and no lay_on_letters", True)
    if game.words.reading != "any" and (
            not game.owners or game.movement.step not in (Step.KING, Step.QUEEN)
            or game.words.turn_letters or not game.words.enabled):
        # Read from a player's seat: games of two sides whose letters move and whose words
        # take (word games 1 and 2).
        raise reader.fail("words.reading", "'any' unless the letters have owners and move "
                          "as a king or a queen, with a [words] table and no turn_letters",
                          game.words.reading)


def _check_players(reader: Reader, game: Game) -> None:
    """A game of more than two players is played as initial 7 is: every card from one
    pile, each seat scoring the combinations of its own orientation, which take all their
    cards off at once; nothing else is modelled for more than two."""
    rules = game.combinations
    if game.players <= 2:
        if rules.seats:
            raise reader.fail("combinations.seats", "no seats in a game of "
                              f"{game.players} player(s) (they are for more than two)",
                              list(rules.seats))
        return
    if game.players > len(Seat):
        raise reader.fail("players", f"1 to {len(Seat)}", game.players)
    if len(rules.seats) != game.players or set(rules.seats) != set(rules.orientations):
        # Every combination that can be made has a seat to go to.
        raise reader.fail("combinations.seats", f"the orientation each of the {game.players} "
                          "players scores, in playing order, each of the orientations "
                          "once", list(rules.seats))
    if (game.goal is not Goal.MOST_REMOVED or game.owners
            or game.movement.placement is not Placement.FREE or rules.removes is not
            Removal.ALL or not rules.compulsory or rules.crossing is not Crossing.ALL
            or rules.own_to_stock or game.words.enabled or game.lines.enabled):
        raise reader.fail("players", "2 or fewer unless the game is played as initial 7 "
                          "(goal most-removed, owners false, placement free, combinations "
                          "removing all at once)", game.players)


def _pairs(reader: Reader) -> tuple[tuple[str, ...], ...]:
    value = reader.raw("pairs", [], "a list of [south, north] pairs")
    what = 'a list of pairs like ["pack1:G1", "pack1:G2"] (or ["latin1"] for one shared set)'
    if not isinstance(value, list) or not all(
            isinstance(p, list) and len(p) in (1, 2) and all(isinstance(x, str) for x in p)
            for p in value):
        raise reader.fail("pairs", what, value)
    return tuple(tuple(p) for p in value)


def _movement(r: Reader) -> Movement:
    movement = Movement(
        step=r.choice("step", _choices(Step), Step.KING),
        capture=r.choice("capture", _choices(Capture), Capture.BEAT),
        placement=r.choice("placement", _choices(Placement), Placement.NONE),
        cover_test_cards=r.boolean("cover_test_cards", True),
        exit_far_edge=r.boolean("exit_far_edge", False),
        piles=r.boolean("piles", False),
        one_row=r.boolean("one_row", False),
        forced_opening=r.boolean("forced_opening", False),
        push_adjacent=r.boolean("push_adjacent", False),
        shift_onto_cards=r.boolean("shift_onto_cards", False),
        lay_on_letters=r.boolean("lay_on_letters", False),
        onto_to_combine=r.boolean("onto_to_combine", False),
        shift_to_identical=r.boolean("shift_to_identical", False),
        opening_cover=r.boolean("opening_cover", False))
    r.finish()
    return movement


def _beating(r: Reader) -> Beating:
    beating = Beating(
        trumps=r.boolean("trumps", True),
        equal_values=r.choice("equal_values", _choices(EqualValues), EqualValues.BEAT),
        test_cards_beat=r.boolean("test_cards_beat", False),
        zeros_count=r.boolean("zeros_count", False))
    r.finish()
    return beating


def _pressing(r: Reader) -> Pressing:
    pressing = Pressing(by_square=r.boolean("by_square", True),
                        own_cards=r.boolean("own_cards", False),
                        compulsory=r.boolean("compulsory", False))
    r.finish()
    return pressing


def _combinations(reader: Reader) -> Combinations:
    present = reader.has("combinations")
    r = reader.table("combinations", default_empty=True)
    kinds = [CombinationKind(kind) for kind in _members(r, "kinds", COMBINATION_KINDS)]
    orientations = [LineOrientation(name) for name in _members(r, "orientations",
                                                               tuple(ORIENTATIONS))]
    rules = Combinations(enabled=r.boolean("enabled", present), kinds=tuple(kinds),
                         min_length=r.integer("min_length", 3, low=2, high=8),
                         removes=r.choice("removes", _choices(Removal), Removal.NONE),
                         orientations=tuple(orientations),
                         own_to_stock=r.boolean("own_to_stock", False),
                         crossing=r.choice("crossing", _choices(Crossing), Crossing.ALL),
                         compulsory=r.boolean("compulsory", True),
                         seats=tuple(_seats(r, orientations)))
    if rules.removes is not Removal.ALL:
        # The seed states both rules for basic 65, where a combination leaves whole; with
        # only the opponent's cards leaving, a shared card could stay and the choice of
        # one combination would not settle the other.
        if rules.crossing is not Crossing.ALL:
            raise r.fail("crossing", "'all' unless removes = 'all' (the choice of one "
                         "crossing combination is stated for basic 65 only)", rules.crossing.value)
        if not rules.compulsory:
            raise r.fail("compulsory", "true unless removes = 'all' (optional removal is "
                         "stated for basic 65 only)", False)
    r.finish()
    return rules


def _members(r: Reader, key: str, allowed: tuple[str, ...]) -> list[str]:
    """The list *key*, each name one of *allowed* (all of them by default)."""
    names = r.strings(key, list(allowed))
    for i, name in enumerate(names):
        if name not in allowed:
            raise r.fail(f"{key}[{i}]", "one of " + ", ".join(allowed), name,
                         hint=did_you_mean(name, allowed))
    return names


def _seats(r: Reader, orientations: list[LineOrientation]) -> list[LineOrientation]:
    """The ``seats`` of a game of more than two players: each orientation once."""
    seats = r.strings("seats", [])
    for i, name in enumerate(seats):
        if name not in orientations or name in seats[:i]:
            raise r.fail(f"seats[{i}]", "a different one of the orientations "
                         + ", ".join(orientations), name,
                         hint=did_you_mean(name, orientations))
    return [LineOrientation(name) for name in seats]


def _lines(reader: Reader) -> Lines:
    present = reader.has("lines")
    r = reader.table("lines", default_empty=True)
    rules = Lines(enabled=r.boolean("enabled", present),
                  length=r.integer("length", 5, low=3, high=8),
                  removes=r.boolean("removes", False))
    r.finish()
    return rules


def _words(reader: Reader) -> Words:
    present = reader.has("words")
    r = reader.table("words", default_empty=True)
    rules = Words(enabled=r.boolean("enabled", present),
                  min_length=r.integer("min_length", 3, low=2, high=8),
                  removes=r.choice("removes", _choices(Removal), Removal.NONE),
                  turn_letters=r.boolean("turn_letters", False),
                  forbid_own_words=r.boolean("forbid_own_words", False),
                  top_letters_only=r.boolean("top_letters_only", False),
                  reading=r.choice("reading", {k: k for k in READINGS}, "any"))
    r.finish()
    return rules


def _rows(r: Reader, key: str) -> tuple[int, ...]:
    value = r.raw(key, [], "a list of ranks 1-8")
    if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 8 for v in value):
        raise r.fail(key, "a list of ranks from 1 to 8", value)
    return tuple(value)


def _setup(r: Reader) -> Setup:
    tests = []
    for i, token in enumerate(r.words("test_cards", [])):
        try:
            tests.append(Card.from_notation(token))
        except ValueError:
            raise r.fail(f"test_cards[{i}]", "a card like 1R or 10B", token) from None
    false_tests = []
    for i, token in enumerate(r.words("false_tests", [])):
        try:
            false_tests.append(Card.from_notation(token))
        except ValueError:
            raise r.fail(f"false_tests[{i}]", "a card like 1G or 10Y", token) from None
    cards = r.raw("cards", None, "a number of cards")
    if cards is not None and (not isinstance(cards, int) or isinstance(cards, bool)
                              or not 0 <= cards <= 64):
        raise r.fail("cards", "a number of cards from 0 to 64", cards)
    setup = Setup(
        south_rows=_rows(r, "south_rows"), north_rows=_rows(r, "north_rows"),
        complete=r.boolean("complete", False), cards=cards,
        off_colour=r.boolean("off_colour", False),
        shade=r.choice("shade", SHADES, None),
        face_down=r.choice("face_down", _choices(FaceDown), FaceDown.TESTS),
        test_cards=tuple(tests),
        false_tests=tuple(false_tests),
        tests_on_king_squares=r.boolean("tests_on_king_squares", False),
        tests_per_side=r.integer("tests_per_side", 1 if tests else 0, low=0, high=4),
        tests_laid_first=r.boolean("tests_laid_first", False),
        safe_first_move=r.boolean("safe_first_move", False),
        arrows=r.choice("arrows", _choices(Arrows), Arrows.OWNERS),
        removed_letters=tuple(r.words("removed_letters", [])),
        one_pack=r.boolean("one_pack", False),
        clear_at_start=r.boolean("clear_at_start", False))
    r.finish()
    return setup


def check_game_refs(game: Game, shown: str, boards: Mapping[str, Path],
                    sources: Mapping[str, Path]) -> None:
    """Every board and pack or letter set a game names must exist.

    :raises: :exc:`TemplateError` naming the key at fault.
    """
    for i, board in enumerate(game.boards):
        require_known(shown, f"boards[{i}]", board, boards, "a board")
    for i, pair in enumerate(game.pairs):
        for j, ref in enumerate(pair):
            require_known(shown, f"pairs[{i}][{j}]", ref.partition(":")[0], sources,
                          "a pack or letter set (optionally with :group)", got=repr(ref))
