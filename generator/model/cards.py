"""Colours, cards and packs of the open playing cards. Pure data: standard library only."""
from __future__ import annotations

import enum
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field


class Colour(enum.Enum):
    """A suit colour; each fills the outline of a traditional suit sign."""

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    @property
    def code(self) -> str:
        return self.value

    @property
    def suit(self) -> str:
        return _SUITS[self][0]

    @property
    def suit_sign(self) -> str:
        return _SUITS[self][1]

    @property
    def swapped(self) -> Colour:
        """The colour across board A's middle line (R<->B, Y<->G)."""
        return _SWAP[self]

    @classmethod
    def parse(cls, text: str) -> Colour:
        """Gets a colour from its code or name: ``R``, ``red``, ``Red``.

        :raises: :exc:`ValueError` for anything else.
        """
        key = text.strip().lower() if isinstance(text, str) else text
        for colour in cls:
            if key in (colour.code.lower(), colour.name.lower()):
                return colour
        raise ValueError(f"not a colour: {text!r}")

    def __str__(self) -> str:
        return self.name.lower()


_SUITS = {
    Colour.RED: ("hearts", "\u2665"),
    Colour.YELLOW: ("diamonds", "\u2666"),
    Colour.GREEN: ("clubs", "\u2663"),
    Colour.BLUE: ("spades", "\u2660"),
}
_SWAP = {Colour.RED: Colour.BLUE, Colour.BLUE: Colour.RED,
         Colour.YELLOW: Colour.GREEN, Colour.GREEN: Colour.YELLOW}

#: Colours in the order packs list them (the columns of the pack tables).
COLOURS: tuple[Colour, ...] = (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE)
COLOUR_CHOICES = "R, Y, G or B (or red, yellow, green, blue)"

_CARD = re.compile(r"^([1-8])(0*)([RYGB])$")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A numbered card: a seniority 1-8 with 0, 1 or 2 appended zeros, in one colour.

    >>> Card.from_notation("30R").rank, Card.from_notation("30R").value
    (3, 30)
    >>> Card.from_notation("100Y").notation()
    '100Y'
    """

    rank: int
    colour: Colour
    zeros: int = 0

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """Parses ``3R``, ``30R``, ``100Y``.

        :raises: :exc:`ValueError` if *text* is not a card.
        """
        match = _CARD.match(text.strip()) if isinstance(text, str) else None
        if not match or len(match.group(2)) > 2:
            raise ValueError(f"not a card: {text!r} (expected like 3R, 30R or 100Y)")
        return cls(int(match.group(1)), Colour(match.group(3)), len(match.group(2)))

    @property
    def value(self) -> int:
        """The printed value: 3, 30 or 300."""
        return int(self.rank * 10 ** self.zeros)  # int ** int is typed Any: the exponent may be negative

    def notation(self) -> str:
        return f"{self.value}{self.colour.code}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Card.from_notation({self.notation()!r})"


class Hatching(enum.Enum):
    """The line pattern printed on a back, one per pack so packs differ face down."""

    DIAGONAL = "diagonal"          # lines rising at 45 degrees
    ANTIDIAGONAL = "antidiagonal"  # lines falling at 45 degrees
    CROSS = "cross"
    HORIZONTAL = "horizontal"
    VERTICAL = "vertical"
    GRID = "grid"
    NONE = "none"


class Marking(enum.Enum):
    """A mark printed on a face or a back."""

    DAGGER = "dagger"
    FRAME = "frame"
    CIRCLES = "circles"
    DOUBLE_CIRCLES = "double-circles"
    RHOMBUSES = "rhombuses"
    ARROW = "arrow"
    HATCHING = "hatching"


@dataclass(frozen=True, slots=True)
class PackMarks:
    """How one pack is told apart from the others (domain.md 1.2, 1.5, 6)."""

    face_frame: bool = False
    face_circles: bool = False
    back_circles: bool = False
    back_double_circles: bool = False
    back_hatching: Hatching = Hatching.DIAGONAL
    arrow: bool = True
    dagger_split: str | None = None
    dagger_group: str | None = None


@dataclass(frozen=True, slots=True)
class CardGroup:
    """A proportional group: a named part of a pack dealt to one player."""

    name: str
    cards: tuple[Card, ...]

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __len__(self) -> int:
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class Split:
    """A way of dividing a pack into proportional groups that partition it."""

    name: str
    groups: tuple[CardGroup, ...]

    def group_of(self, card: Card) -> CardGroup | None:
        for group in self.groups:
            if card in group:
                return group
        return None

    def group(self, name: str) -> CardGroup:
        for group in self.groups:
            if group.name == name:
                return group
        raise KeyError(name)


#: The versions of the system a pack or board is made for: the initial version (simple
#: decks, the colourless board), the basic one (packs 1 and 2, board A), the full one.
VERSIONS = ("initial", "basic", "full")


@dataclass(frozen=True, slots=True)
class Pack:
    """A pack of 32 numbered cards (4 colours x 8 ranks) with its markings and splits."""

    name: str
    title: str
    zeros: int
    ranks: tuple[int, ...]
    marks: PackMarks
    splits: tuple[Split, ...] = ()
    version: str = "basic"
    notes: str = ""
    cards: tuple[Card, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(
            Card(rank, colour, self.zeros) for rank in self.ranks for colour in COLOURS))

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def split(self, name: str) -> Split:
        for split in self.splits:
            if split.name == name:
                return split
        raise KeyError(name)

    def has_dagger(self, card: Card) -> bool:
        """Whether *card* carries the dagger (on face and back) in this pack."""
        if self.marks.dagger_split is None or card not in self:
            return False
        group = self.split(self.marks.dagger_split).group_of(card)
        return group is not None and group.name == self.marks.dagger_group

    def face_marks(self, card: Card) -> frozenset[Marking]:
        marks = set()
        if self.has_dagger(card):
            marks.add(Marking.DAGGER)
        if self.marks.face_frame:
            marks.add(Marking.FRAME)
        if self.marks.face_circles:
            marks.add(Marking.CIRCLES)
        if self.marks.arrow:
            marks.add(Marking.ARROW)
        return frozenset(marks)

    def back_marks(self, card: Card) -> frozenset[Marking]:
        """Backs differ card by card: the dagger shows through on face-down test cards."""
        marks = set()
        if self.has_dagger(card):
            marks.add(Marking.DAGGER)
        if self.marks.back_circles:
            marks.add(Marking.CIRCLES)
        if self.marks.back_double_circles:
            marks.add(Marking.DOUBLE_CIRCLES)
        if self.marks.back_hatching is not Hatching.NONE:
            marks.add(Marking.HATCHING)
        return frozenset(marks)

    def groups_of(self, card: Card) -> Mapping[str, str]:
        """The group *card* belongs to in each split, e.g. ``{"two": "G1", "four": "Q3"}``."""
        found = {}
        for split in self.splits:
            group = split.group_of(card)
            if group is not None:
                found[split.name] = group.name
        return found
