"""How wide the booklet draws each board, in which style, and which boards stand side by
side: a game's start across the whole text column, an example's board at least
:data:`LEAST_EXAMPLE` wide and wide enough for its cards (:data:`LEAST_CARD`), and two
consecutive boards of one example as a pair where both are cropped close enough for their
cards to read at half the column.

A board's part is read from where it stands, not written in each chapter: a board without
moves or crop in a section that sets the game up is the game's start; any other board is
an example. A figure table's ``width`` and ``style`` keys override the defaults."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...draw.art.board import View
from ...model.booklet import Chapter, FigureRef, Paragraph, Section
from ..diagram import LEAST_LABEL, compact_square
from ..figure import Crop

#: Sections, by id, that set a game's start: a board without moves or crop there is the
#: game's start position.
START_SECTIONS = frozenset({"setup", "deal", "layout"})
#: The narrowest an example's board is drawn on paper (mm): at 45 mm the cells of an 8 x 8
#: board are over 5 mm, and a card's value still reads at 7 pt.
LEAST_EXAMPLE = 45.0
#: The narrowest a card's square is printed on an example's board (mm): the English review
#: of issue 39 found a card's value hard to read on a pair's 8-file boards (6.2 mm squares);
#: a crop of 6 files beside another reads at 8.2 mm, a start across the column at 13.6 mm.
LEAST_CARD = 8.0
#: The gap between two boards set side by side, as a share of the column.
PAIR_GAP = 0.05
#: An example's board, one of a pair or alone: this share of the column, so that the
#: boards of one example are drawn alike.
EXAMPLE = (1.0 - PAIR_GAP) / 2


def is_start(section: Section, ref: FigureRef) -> bool:
    """*ref* is the start position of its chapter's game."""
    return (ref.layout is not None and not ref.moves and not ref.crop
            and section.key in START_SECTIONS)


def card_width(ref: FigureRef, width: float) -> float:
    """The printed width (mm) of a card's square on *ref*'s board drawn *width* mm wide
    (compact, as examples are drawn): the boards of the system have 8 x 8 squares, a crop
    shows fewer."""
    crop = Crop.parse(ref.crop) if ref.crop else Crop()
    return compact_square(View(crop.files, crop.ranks), width, LEAST_LABEL)


def width_for_cards(ref: FigureRef, column: float) -> float:
    """The least width (mm, to 0.1 mm, at most *column*) at which *ref*'s cards are
    :data:`LEAST_CARD` wide."""
    low, high = 10.0, column
    if card_width(ref, high) < LEAST_CARD:
        return column
    while high - low > 0.1:
        middle = (low + high) / 2
        low, high = (middle, high) if card_width(ref, middle) < LEAST_CARD else (low, middle)
    return round(high + 0.05, 1)


#: A worked example's numbered move opens its paragraph: "5. b4-b5 c6xb5." (a patience's
#: "4. П5 → ЛФ4."), the number and a full stop.
MOVE = re.compile(r"\d+\.\s")


def pairs(section: Section, column: float) -> list[tuple[FigureRef, FigureRef]]:
    """The boards of *section* set side by side in a text *column* mm wide: its example
    boards (not the start, not a row of cards) taken two by two in order, where both show
    their cards :data:`LEAST_CARD` wide at half the column (a crop of 6 files or fewer)
    and no move of a worked example (:data:`MOVE`) stands between them; a board whose
    cards would be smaller, or with a move between it and the next, stands alone, wider.
    A pair is set where its second figure stands: a move between them would be read
    before the position that leads to it (issue 39, eleventh review r-main-ru, initial
    game 9: «после хода юга e5-d6» set after move 7)."""
    boards = [b for b in section.blocks
              if isinstance(b, FigureRef) and b.layout is not None and b.width is None
              and not is_start(section, b)]
    moves = [n for n, b in enumerate(section.blocks)
             if isinstance(b, Paragraph) and MOVE.match(b.text)]
    at = {id(b): n for n, b in enumerate(section.blocks)}
    found, i = [], 0
    while i + 1 < len(boards):
        first, second = at[id(boards[i])], at[id(boards[i + 1])]
        if all(card_width(b, EXAMPLE * column) >= LEAST_CARD for b in boards[i:i + 2]) \
                and not any(first < n < second for n in moves):
            found.append((boards[i], boards[i + 1]))
            i += 2
        else:
            i += 1
    return found


@dataclass(frozen=True)
class FigurePlacement:
    """How a board is drawn: *width* mm wide in *style* (None: full where the full style
    fits the figure's height share, else compact); never squeezed narrower than *least*
    mm to keep a page."""

    width: float
    least: float
    style: str | None = None
    start: bool = False
    paired: bool = False


def placements(chapters: tuple[Chapter, ...], column: float) -> dict[str, FigurePlacement]:
    """Each board figure of *chapters* by :attr:`FigureRef.where`, for a text *column* mm
    wide."""
    found: dict[str, FigurePlacement] = {}
    for chapter in chapters:
        for section in chapter.sections:
            paired = {id(ref) for pair in pairs(section, column) for ref in pair}
            for ref in section.blocks:
                if not isinstance(ref, FigureRef) or ref.layout is None:
                    continue
                start = is_start(section, ref)
                if ref.width is not None:
                    width = ref.width * column
                elif start:
                    width = column
                else:
                    width = EXAMPLE * column
                width = min(column, max(width, LEAST_EXAMPLE))
                least = width if start else min(width, LEAST_EXAMPLE)
                if not start and ref.width is None:
                    # Shrunk to keep a page, or standing alone, the cards still read.
                    cards = width_for_cards(ref, column)
                    width, least = max(width, cards), max(least, cards)
                found[ref.where] = FigurePlacement(width, least, ref.style, start,
                                             id(ref) in paired)
    return found
