"""How wide the booklet draws each board, in which style, and which boards stand side by
side: a game's start across the whole text column, an example's board at least
:data:`LEAST_EXAMPLE` wide, and two consecutive boards of one example as a pair.

A board's part is read from where it stands, not written in each chapter: a board without
moves or crop in a section that sets the game up is the game's start; any other board is
an example. A figure table's ``width`` and ``style`` keys override the defaults."""
from __future__ import annotations

from dataclasses import dataclass

from ...model.booklet import Chapter, FigureRef, Section

#: Sections, by id, that set a game's start: a board without moves or crop there is the
#: game's start position.
START_SECTIONS = frozenset({"setup", "deal", "layout"})
#: The narrowest an example's board is drawn on paper (mm): at 45 mm the cells of an 8 x 8
#: board are over 5 mm, and a card's value still reads at 7 pt.
LEAST_EXAMPLE = 45.0
#: The gap between two boards set side by side, as a share of the column.
PAIR_GAP = 0.05
#: An example's board, one of a pair or alone: this share of the column, so that the
#: boards of one example are drawn alike.
EXAMPLE = (1.0 - PAIR_GAP) / 2


def is_start(section: Section, ref: FigureRef) -> bool:
    """*ref* is the start position of its chapter's game."""
    return (ref.layout is not None and not ref.moves and not ref.crop
            and section.key in START_SECTIONS)


def pairs(section: Section) -> list[tuple[FigureRef, FigureRef]]:
    """The boards of *section* set side by side: its example boards (not the start, not a
    row of cards) taken two by two in order; an odd last one stands alone."""
    boards = [b for b in section.blocks
              if isinstance(b, FigureRef) and b.layout is not None and b.width is None
              and not is_start(section, b)]
    return [(boards[i], boards[i + 1]) for i in range(0, len(boards) - 1, 2)]


@dataclass(frozen=True)
class Placement:
    """How a board is drawn: *width* mm wide in *style* (None: full where the full style
    fits the figure's height share, else compact); never squeezed narrower than *least*
    mm to keep a page."""

    width: float
    least: float
    style: str | None = None
    start: bool = False
    paired: bool = False


def placements(chapters: tuple[Chapter, ...], column: float) -> dict[str, Placement]:
    """Each board figure of *chapters* by :attr:`FigureRef.where`, for a text *column* mm
    wide."""
    found: dict[str, Placement] = {}
    for chapter in chapters:
        for section in chapter.sections:
            paired = {id(ref) for pair in pairs(section) for ref in pair}
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
                found[ref.where] = Placement(width, least, ref.style, start,
                                             id(ref) in paired)
    return found
