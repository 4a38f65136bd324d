"""Games as data: a :class:`Game` names its material, movement, interaction, set-up and goal.

Every rule that the sources leave open is a named switch with a default, so one engine plays
all the games and a game file only says where it differs. Standard library only.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ..model.board import Shade
from ..model.cards import Card
from ..model.layout import Side
from .lines import LineOrientation


class Step(enum.Enum):
    """How far a piece travels in one move."""

    KING = "king"                  # one square in any of the 8 directions
    QUEEN = "queen"                # any number of free squares along one line
    COLOUR_QUEEN = "colour-queen"  # like a queen, but stops only on squares of its colour
    JUMP = "jump"                  # a king step, or jumps over matching neighbours (game 5)
    SHIFT = "shift"                # to any free square, only to form a combination or word
    NONE = "none"                  # pieces stay where they are laid


class Capture(enum.Enum):
    """What happens when a piece moves onto an opponent's piece."""

    BEAT = "beat"    # the beaten card leaves the board and the beater takes its square
    PRESS = "press"  # the presser lies on top and the pile moves by its top card
    NONE = "none"    # not allowed (except covering a test card, see Movement)


class Placement(enum.Enum):
    """Where a card from the hand or pile may be laid, in games that lay cards."""

    NONE = "none"
    FREE = "free"                    # any free square
    ADJACENT_OWN = "adjacent-own"    # a free square next (by an edge) to one's own card
    IDENTICAL = "identical"          # a free square of the same colour and value (game 52)
    VALUE_ROW = "value-row"          # a free square on the horizontal of the card's value
    OPPONENT_HALF = "opponent-half"  # anywhere on the opponent's half, free or not


class EqualValues(enum.Enum):
    """Whether cards of equal seniority beat each other on any square."""

    BEAT = "beat"            # any equal value: 3R and 30B beat each other
    IDENTICAL = "identical"  # only identical cards: 3R beats 30R and no other three
    NO = "no"                # equal values never beat each other


class Removal(enum.Enum):
    """Which cards of a combination or word made by a move leave the board."""

    NONE = "none"
    OPPONENT = "opponent"  # the opponent's cards in a line holding both sides' cards
    ALL = "all"            # every card of the line (the prize of games 65 and word 12)
    TURN = "turn"          # a line of the mover's own cards is turned face down (initial 12)


class FaceDown(enum.Enum):
    """Which cards lie face down at the start."""

    TESTS = "tests"  # only the test cards, which act like chess kings
    ALL = "all"      # every card (games that open cards one by one)


class Arrows(enum.Enum):
    """What the orientation arrows must show at the start."""

    OWNERS = "owners"                  # every card points at its owner's opponent
    ALTERNATE_ROWS = "alternate-rows"  # one way on even ranks, the other on odd (puzzle 5)
    ANY = "any"


class Goal(enum.Enum):
    COVER_TEST_CARD = "cover-test-card"
    CROSS_MIDDLE = "cross-middle"
    ALL_ACROSS = "all-across"
    LEAVE_BOARD = "leave-board"
    MOST_PRESSED = "most-pressed"
    IDENTICAL_SQUARES = "identical-squares"
    MOST_REMOVED = "most-removed"
    FIVE_IN_LINE = "five-in-line"
    MOST_COMBINATIONS = "most-combinations"
    MOST_TURNED = "most-turned"
    LAST_TO_LAY = "last-to-lay"
    REORIENT_ALL = "reorient-all"
    GIVEAWAY = "giveaway"  # the side with no card left free (all pressed) wins (game 48)
    PILE_VALUES = "pile-values"  # the sum of the values in one's piles (game 48, own cards)
    HAND_VALUES = "hand-values"  # basic 52 counted by the values left in hand, lower wins


MATERIALS = ("cards", "letters")


class CombinationKind(enum.StrEnum):
    """What the cards of a combination share (seed000, seed002)."""

    COLOUR = "colour"      # one colour
    VALUE = "value"        # one value
    SEQUENCE = "sequence"  # values rising or falling by one at each step


COMBINATION_KINDS: tuple[CombinationKind, ...] = tuple(CombinationKind)
#: How the players read words: ``any`` way along a line (8 directions), or ``seated``:
#: each from his own edge, left to right along horizontals and diagonals and top to
#: bottom along verticals, so the two read every line in opposite directions (seed001,
#: word 2: "for each player any certain direction of reading of words can be authorized").
READINGS = ("any", "seated")


class Crossing(enum.StrEnum):
    """Which of the combinations one move makes leave when they cross (share a card on
    different lines)."""

    ALL = "all"  # every one, crossing ones together
    ONE = "one"  # only one, the mover's choice (a take move; seed000, basic 65)


CROSSINGS: tuple[Crossing, ...] = tuple(Crossing)


@dataclass(frozen=True, slots=True)
class Beating:
    """The switches of beating (seed000 game 1, seed002 games 1-3).

    Cards of one colour: the higher value beats. Other colours: only a card that moves onto
    a square of its own colour (it becomes trump). Face-down test cards are beaten by any
    card and beat nothing.
    """

    trumps: bool = True
    """A card of another colour beats when the destination square has the beater's colour."""
    equal_values: EqualValues = EqualValues.BEAT
    test_cards_beat: bool = False
    """The variant of game 1/4 where a test card may beat any opponent's card anywhere."""
    zeros_count: bool = False
    """Whether the appended zero of pack 2 adds seniority (normally 1 = 10 = 100)."""

    def describe(self) -> str:
        return (f"beating: trumps {'on' if self.trumps else 'off'}, equal values "
                f"{self.equal_values.value}, test cards beat "
                f"{'yes' if self.test_cards_beat else 'no'}")


@dataclass(frozen=True, slots=True)
class Pressing:
    """The switches of pressing (game 48): colour or value must match."""

    by_square: bool = True
    """A card may also press anything lying on a square of its own colour."""
    own_cards: bool = False
    """The variant where players may press their own cards too."""
    compulsory: bool = False
    """A side that can press an opponent's card must press one (game 48's giveaway form)."""

    def describe(self) -> str:
        return (f"pressing: on squares of its colour {'yes' if self.by_square else 'no'}, "
                f"own cards {'yes' if self.own_cards else 'no'}, compulsory "
                f"{'yes' if self.compulsory else 'no'}")


@dataclass(frozen=True, slots=True)
class Movement:
    step: Step = Step.KING
    capture: Capture = Capture.BEAT
    placement: Placement = Placement.NONE
    cover_test_cards: bool = True
    """Any piece may move onto an opponent's face-down test card, even where pieces never
    otherwise meet (games 18, initial 9, word 2): that is the winning move."""
    exit_far_edge: bool = False
    """A piece may leave the board over the opponent's edge (word game 1's goal)."""
    piles: bool = False
    """Piles (cards lying on cards) may form during play."""
    forced_opening: bool = False
    """After a lay, the layer opens one face-down card next (by an edge) to the laid card
    and takes it to a free identical square, or into his hand if none is free (basic 52)."""
    push_adjacent: bool = False
    """After laying, the layer may move one opponent's open card touching the laid card
    (edge or corner) to any free square (initial 12)."""
    shift_to_identical: bool = False
    """An open card off its identical square may be shifted onto a free identical square;
    until then it lies on the dark square the deal put it on (basic 52 in the open)."""
    onto_to_combine: bool = False
    """A card may step onto an opponent's open card when it makes a combination there;
    the covered card leaves with the opponent's cards of the combination (game 18's
    variant)."""
    lay_on_letters: bool = False
    """A letter may also be laid on a letter when it makes a word there (word 25's
    variant); the pile counts by its top letter and leaves whole."""
    shift_onto_cards: bool = False
    """A shift may also lay the card on an open card, when the pile it makes is part of a
    combination; the pile counts by its top card and leaves whole (basic 65's patience)."""
    opening_cover: bool = False
    """Each side's first move must cover an opponent's card; a side with no cover passes
    until it has one (initial 1: "chaque joueur doit commencer par couvrir")."""
    one_row: bool = False
    """Cards are laid on one horizontal only, the one the first card was laid on, and on
    cards there only once its eight squares are full (initial 8)."""

    def describe(self) -> str:
        extras = [part for part in (
            "push after laying: yes" if self.push_adjacent else "",
            "each side's first move must be a cover" if self.opening_cover else "",
            "lays on the row of the first card, on cards once it is full" if self.one_row
            else "",
            "after a lay, a face-down neighbour is opened onto its identical square"
            if self.forced_opening else "",
            "leaves over the far edge" if self.exit_far_edge else "",
            "shifts onto open cards too (the pile leaves whole)" if self.shift_onto_cards
            else "",
            "lays on letters too where it makes a word" if self.lay_on_letters else "",
            "steps onto an opponent's card where it makes a combination (the card leaves)"
            if self.onto_to_combine else "",
            "open cards off their identical squares are shifted onto them"
            if self.shift_to_identical else "",
            "covering a test card: " + ("wins" if self.cover_test_cards else "not a move"))
            if part]
        return (f"movement: {self.step.value}; meeting: {self.capture.value}; placement: "
                f"{self.placement.value}; piles: {'yes' if self.piles else 'no'}; "
                + "; ".join(extras))


@dataclass(frozen=True, slots=True)
class Combinations:
    """Lines of 3 or more adjacent cards of one colour, one value, or a run of values."""

    enabled: bool = False
    kinds: tuple[CombinationKind, ...] = COMBINATION_KINDS
    min_length: int = 3
    removes: Removal = Removal.NONE
    """Which cards of a combination made by a move leave the board."""
    orientations: tuple[LineOrientation, ...] = tuple(LineOrientation)
    """The lines combinations count on (initial 8: horizontal only)."""
    own_to_stock: bool = False
    """The maker's own cards of a removed combination go under his stock, the opponent's
    leave the game (initial 8)."""
    crossing: Crossing = Crossing.ALL
    """``all``: every combination a move makes leaves, crossing ones together; ``one``: of
    combinations that cross (share a card on different lines) only one leaves, the mover's
    choice (a ``take`` move), and the others lose the shared card with it (seed000 game 65)."""
    seats: tuple[LineOrientation, ...] = ()
    """In a game of more than two players, the orientation each seat scores, seat 1 first
    (initial 7): a combination leaves the board to the seat whose orientation it lies on,
    whoever laid the card. Empty: to the mover."""
    compulsory: bool = True
    """True: combinations leave as soon as they are made. False: they stay until a player
    takes one off with a move of its own (``c1*c3``), which he need not do (seed000 game
    65 calls compulsory removal the worse rule for the patience)."""

    def describe(self) -> str:
        """The switches in words; empty when the game makes no combinations."""
        if not self.enabled:
            return ""
        return (f"combinations: {', '.join(self.kinds)} of {self.min_length}+; "
                f"removes {self.removes.value}"
                + ("" if self.compulsory else ", only when taken by a move (c1*c3)")
                + ("; of crossing ones only one (the mover's choice)"
                   if self.crossing is Crossing.ONE else "")
                + ("; the maker's own cards go under his stock" if self.own_to_stock else "")
                + (f"; on {', '.join(self.orientations)} lines only"
                   if len(self.orientations) < 4 else "")
                + ("; each goes to the seat of its direction: " + ", ".join(
                    f"seat {n} {o}" for n, o in enumerate(self.seats, start=1))
                   if self.seats else ""))


@dataclass(frozen=True, slots=True)
class Lines:
    """Lines of one side's pieces, whatever they show: five in a row (initial 4, word 25)."""

    enabled: bool = False
    length: int = 5
    removes: bool = False
    """True: the line leaves the board with the cards under it and scores for its owner
    (initial 4); false: the first such line wins (word 25)."""

    def describe(self) -> str:
        """The switches in words; empty when lines of a side's pieces count for nothing."""
        if not self.enabled:
            return ""
        return (f"lines of one side's pieces: {self.length} in a line "
                + ("leave the board and score" if self.removes else "win"))


@dataclass(frozen=True, slots=True)
class Words:
    """Letter lines that read as a word in any of the 8 directions."""

    enabled: bool = False
    min_length: int = 3
    removes: Removal = Removal.NONE
    """Which letters of a word made by a move leave the board."""
    turn_letters: bool = False
    """The mover may turn round any letters of a word his move made (word puzzle 5); in
    a game of two sides only the opponent's, which become his."""
    forbid_own_words: bool = False
    """A letter may not be laid where it makes a word of its layer's letters alone (word
    25's stated rule: players "can not have own letters in a line if these letters form a
    word")."""
    top_letters_only: bool = False
    """A word takes only the top letter of each pile in it; the letters under it stay (word
    25's variant of letters laid on letters, its second way of taking)."""
    reading: str = "any"
    """Which way a word made by a move must read to count for the mover (:data:`READINGS`)."""

    def describe(self) -> str:
        """The switches in words; empty when moves make no words."""
        if not self.enabled:
            return ""
        return (f"words: {self.min_length}+ letters; removes {self.removes.value}"
                + ("; the mover may turn round letters of a word he made (c4~d5~)"
                   if self.turn_letters else "")
                + ("; no letter laid where it makes a word of its layer's letters alone"
                   if self.forbid_own_words else "")
                + ("; a word takes only the top letter of a pile"
                   if self.top_letters_only else "")
                + ("; each player reads words from his own edge (left to right, top "
                   "to bottom)" if self.reading == "seated" else ""))


@dataclass(frozen=True, slots=True)
class Setup:
    """What a starting layout must look like. Empty ranks mean "anywhere"."""

    south_rows: tuple[int, ...] = ()
    north_rows: tuple[int, ...] = ()
    complete: bool = False
    """Each side's whole pack or group (cut to the game's ranks) is on the board."""
    cards: int | None = None
    """The exact number of pieces on the board, when the game fixes it."""
    off_colour: bool = False
    """No card on a square of its own colour (basic game 1)."""
    shade: Shade | None = None
    """All pieces on squares of this shade (game 52, puzzle 5)."""
    face_down: FaceDown = FaceDown.TESTS
    test_cards: tuple[Card, ...] = ()
    """Cards that must lie face down as test cards, whichever side holds them."""
    false_tests: tuple[Card, ...] = ()
    """Test cards that are decoys: covering one wins nothing (basic 1's variant with two
    test cards a side, 1G and 1Y false)."""
    tests_on_king_squares: bool = False
    """Each side's test card lies on the king square of its own half (e1 or e8)."""
    tests_per_side: int = 0
    tests_laid_first: bool = False
    """The board starts empty and each side's first card, laid from its stock, is its test
    card, face down on its king square (initial 3); until a side has laid it, covering it
    cannot have won."""
    safe_first_move: bool = False
    """No piece may be beaten or pressed by the opponent's first move."""
    arrows: Arrows = Arrows.OWNERS
    removed_letters: tuple[str, ...] = ()
    """Letters taken off before play (word game 12 removes Q)."""
    one_pack: bool = False
    """One pack lies on the board and the other is played from the pile (basic 52)."""
    clear_at_start: bool = False
    """The combinations lying on the board when play begins leave it at once, before the
    first move (seed000, game 65's patience in the open)."""

    def home_rows(self, side: Side | str) -> tuple[int, ...]:
        """The ranks *side* starts on (empty: anywhere).

        :raises: :exc:`ValueError` if *side* is not a side.
        """
        return self.south_rows if Side.parse(side) is Side.SOUTH else self.north_rows

    def describe(self) -> str:
        rows = "; ".join(f"{side} on ranks {', '.join(map(str, self.home_rows(side)))}"
                         for side in Side if self.home_rows(side))
        tests = " ".join(c.notation() for c in self.test_cards)
        false = " ".join(c.notation() for c in self.false_tests)
        return "start: " + "; ".join(part for part in (
            rows, "complete packs" if self.complete else "",
            f"{self.cards} cards" if self.cards is not None else "",
            f"test cards {tests}" if tests else "",
            f"{self.tests_per_side} test card(s) a side" if self.tests_per_side else "",
            f"false test cards {false} (covering one wins nothing)" if false else "",
            "test cards on the king squares" if self.tests_on_king_squares else "",
            "the board empty, each side's first card laid face down as its test card"
            if self.tests_laid_first else "",
            f"arrows {self.arrows.value}",
            f"letters removed {' '.join(self.removed_letters)}" if self.removed_letters
            else "",
            "one pack on the board, the other played" if self.one_pack else "",
            "combinations lying there at the start leave at once" if self.clear_at_start
            else "",
            "no card on its own colour" if self.off_colour else "",
            "no card takeable on move 1" if self.safe_first_move else "",
            "all face down" if self.face_down.value == "all" else "",
            f"{self.shade} squares only" if self.shade else "") if part)


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the open cards: everything the engine needs to check and play it."""

    name: str
    title: str
    version: str = "basic"
    source: str = ""
    summary: str = ""
    goal: Goal = Goal.COVER_TEST_CARD
    boards: tuple[str, ...] = ("board-a",)
    material: str = "cards"
    pairs: tuple[tuple[str, ...], ...] = ()
    """The packs or groups the two sides play, e.g. ("pack1:G1", "pack1:G2"); either side
    may take either member of a pair. A shared game may name a single set: ("latin1",)."""
    ranks: tuple[int, ...] = tuple(range(1, 9))
    owners: bool = True
    """Pieces belong to the side their arrow points away from; False for shared pieces."""
    movement: Movement = field(default_factory=Movement)
    beating: Beating = field(default_factory=Beating)
    pressing: Pressing = field(default_factory=Pressing)
    combinations: Combinations = field(default_factory=Combinations)
    words: Words = field(default_factory=Words)
    lines: Lines = field(default_factory=Lines)
    setup: Setup = field(default_factory=Setup)
    players: int = 2
    stuck_loses: bool = False
    """A side that cannot move when its turn comes loses (word 12's variant)."""
    patience_of: str = ""
    """The game whose patience in the open this is (one player, every card dealt face up):
    ``rules deal basic-65 --open`` deals basic-65-open."""
    good_result: int = 0
    """The most cards a patience may leave that its source still calls a good result (0:
    the source names none); seed000 says 1 or 2 for basic 65's patience in the open."""

    def __str__(self) -> str:
        return self.name

    @property
    def needs_word_list(self) -> bool:
        """Whether moves make words, so that the game's rules need a word list."""
        return self.words.enabled

    @property
    def is_patience(self) -> bool:
        """Whether one player plays it alone."""
        return self.players == 1

    @property
    def plays_any_set(self) -> bool:
        """Whether the players choose one of several letter sets (seed001 plays "any one
        complete set"), so that a chapter's set is one of the game's choices."""
        return self.material == "letters" and len(self.pairs) > 1

    @property
    def word_length(self) -> int:
        """The fewest letters of a word that counts (3 in a game that makes no words)."""
        return self.words.min_length if self.words.enabled else 3

    @property
    def combination_length(self) -> int:
        """The fewest cards of a combination that counts (3 in a game that makes none)."""
        return self.combinations.min_length if self.combinations.enabled else 3

    @property
    def combination_kinds(self) -> tuple[CombinationKind, ...]:
        """The kinds of combination that count (those of a combination game's switches)."""
        return self.combinations.kinds

    def pair(self, number: int) -> tuple[str, ...]:
        """The packs or groups of pair *number* (counted from 1).

        :raises: :exc:`ValueError` naming how many pairs the game has.
        """
        if not 1 <= number <= len(self.pairs):
            raise ValueError(f"{self.name} has {len(self.pairs)} pair(s) of packs")
        return self.pairs[number - 1]

    def describe(self) -> str:
        """The game in words (``opencards show GAME``): what it is played with, how pieces
        move and meet, and its set-up, each group of switches saying its own. Every switch
        a game file can set shows here (tests/test_show_switches.py)."""
        movement = self.movement
        lines = [f"{self.name}: {self.title}", f"source: {self.source}", self.summary, "",
                 f"goal: {self.goal.value}; boards: {', '.join(self.boards)}; "
                 f"{self.players} player(s)"
                 + ("; a side that cannot move loses" if self.stuck_loses else "")
                 + (f"; the patience in the open of {self.patience_of}"
                    if self.patience_of else "")
                 + (f"; {cards_left(self.good_result)} left is a good result"
                    if self.good_result else ""),
                 f"plays {self.material}: " + " | ".join(" vs ".join(p) for p in self.pairs)
                 + f"; values {', '.join(map(str, self.ranks))}; pieces belong to "
                 + ("their side" if self.owners else "nobody"),
                 movement.describe()]
        if movement.capture is Capture.BEAT:
            lines.append(self.beating.describe())
        if movement.capture is Capture.PRESS:
            lines.append(self.pressing.describe())
        lines += [part for part in (self.combinations.describe(), self.lines.describe(),
                                    self.words.describe()) if part]
        lines.append(self.setup.describe())
        return "\n".join(lines)


def cards_left(most: int) -> str:
    """'1 or 2 cards' for *most* 2: the counts a patience's source calls a good result."""
    counts = [str(n) for n in range(1, most + 1)]
    said = counts[0] if most == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"
    return f"{said} card{'' if most == 1 else 's'}"


def opponent(side: Side | str) -> Side:
    """The other side: ``south`` <-> ``north``.

    :raises: :exc:`ValueError` if *side* is not a side.
    """
    return Side.parse(side).opponent
