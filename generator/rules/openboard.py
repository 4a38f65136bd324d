"""Basic game 65 in the open on a flat board: a bytearray with one small integer a square
instead of a Layout, so the solver can list and make shifts without building positions
(copying 65 bytes costs less than keeping what to undo). Standard library only.

The rules are those of :func:`.moves.legal_moves` and :func:`.moves.play` for a game whose
cards all lie open, one to a square, and whose combinations all leave the board when made:
a card shifts to a free square only where it makes a combination, and every maximal
combination through that square then leaves. tests/test_openboard.py checks the two agree
move for move on random positions.

.openboard_cut proves positions lost for the solver (:class:`.openboard_cut.Cut`: a card
that can never leave, by facts about pairs of cards, which never move but to leave).

A card is coded ``colour * 8 + rank`` (1-32; 0 is a free square): zeros on a card never
matter to a combination, so cards alike but for their zeros share a code.
"""
from __future__ import annotations

import operator
from collections.abc import Callable

from ..model.cards import COLOURS, Card
from ..model.layout import Layout
from .games import CombinationKind, Crossing, Game, Placement, Removal, Step
from .lines import LINE_THROUGH, SQUARES, LineOrientation

#: A flat board: index = rank * 8 + file (the order of SQUARES), value = card code or 0;
#: one more square, OFF, always free, stands for "off the board" in the tables.
Cells = bytearray
OFF = 64

_COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}
#: code -> colour index and rank; a free square gets values that match nothing.
COLOUR_OF = [-1] + [(code - 1) // 8 for code in range(1, 33)]
RANK_OF = [-100] + [(code - 1) % 8 + 1 for code in range(1, 33)]
_INDEX = {square: i for i, square in enumerate(SQUARES)}


def code(card: Card) -> int:
    """The code of *card* on a flat board."""
    return _COLOUR_INDEX[card.colour] * 8 + card.rank


def _arms(orientations: tuple[LineOrientation, ...]
          ) -> tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...]:
    """square index -> per orientation, the squares before it (nearest first) and after it
    along the line through it."""
    found = []
    for square in SQUARES:
        per = []
        for orientation in orientations:
            line = [_INDEX[s] for s in LINE_THROUGH[(square, orientation)]]
            i = line.index(_INDEX[square])
            per.append((tuple(reversed(line[:i])), tuple(line[i + 1:])))
        found.append(tuple(per))
    return tuple(found)


def suits(game: Game) -> bool:
    """Whether *game*'s moves in the open are the plain shifts this module makes: shifts
    to free squares, combinations that all leave at once, no words, lines of five or
    matching squares."""
    rules = game.combinations
    return (game.movement.step is Step.SHIFT and rules.enabled
            and rules.removes is Removal.ALL and rules.compulsory
            and rules.crossing is not Crossing.ONE
            and not game.movement.shift_onto_cards and not game.words.enabled
            and not game.lines.enabled and game.movement.placement is not Placement.IDENTICAL)


def flat(layout: Layout) -> Cells | None:
    """*layout* as a flat board, or None if a square holds a pile, a face-down card or a
    letter (the plain rules then do not hold)."""
    cells = bytearray(65)
    for square, stack in layout.items():
        piece = stack[-1]
        if len(stack) != 1 or not piece.face_up or not isinstance(piece.card, Card):
            return None
        cells[_INDEX[square]] = code(piece.card)
    return cells


class OpenBoard:
    """The shifts of one game (its combination kinds, orientations and minimum length) on
    flat boards."""

    def __init__(self, game: Game) -> None:
        rules = game.combinations
        self.min_length = rules.min_length
        self.colour = CombinationKind.COLOUR in rules.kinds
        self.value = CombinationKind.VALUE in rules.kinds
        self.sequence = CombinationKind.SEQUENCE in rules.kinds
        self.arms = _arms(tuple(rules.orientations))
        self.windows = tuple(tuple((*(before + (OFF, OFF))[:2], *(after + (OFF, OFF))[:2])
                                   for before, after in arms) for arms in self.arms)
        # The quick sieve of _accepted knows combinations of three of every kind.
        self.sieve = self.min_length == 3 and self.colour and self.value and self.sequence
        #: square -> bit mask of the squares on the lines through it (itself left out).
        self.lines_of = tuple(sum(1 << square for arms in per for arm in arms
                                  for square in arm) for per in self.arms)
        #: square -> bit mask of the squares :meth:`_settled_lines` reads around it.
        #: square -> the cards on the squares read around it, as a tuple (for the memo).
        self.window_cards = tuple(operator.itemgetter(*(s for window in per for s in window))
                                  for per in self.windows)
        #: (target, window_cards) -> what settled shifts onto the target take: colours and
        #: ranks accepted there, by card code for cards off the window, by origin for
        #: cards in it. The shifts onto a square of a settled board hang on these alone.
        self.memo: dict[tuple[int, tuple[int, ...]], _TargetMemo] = {}
        self.window_of = tuple(sum(1 << square for square in {s for window in per
                                                              for s in window} - {OFF})
                               for per in self.windows)

    def taken(self, cells: Cells, origin: int, target: int, card: int) -> list[int]:
        """The squares that leave the board when *card* shifts from *origin* (a free square
        while it is read) to *target*, *target* included; empty if it makes nothing."""
        saved = cells[origin]
        cells[origin] = 0
        try:
            return self._lines(cells, target, card)
        finally:
            cells[origin] = saved

    def _lines(self, cells: Cells, target: int, card: int) -> list[int]:
        colour_of, rank_of, need = COLOUR_OF, RANK_OF, self.min_length - 1
        colour, rank = colour_of[card], rank_of[card]
        found: list[int] = []
        # Lines of one colour, and lines of one value: the same run, read off either table.
        alike = [(table, wanted) for on, table, wanted in
                 ((self.colour, colour_of, colour), (self.value, rank_of, rank)) if on]
        for arm_pair, window in zip(self.arms[target], self.windows[target]):
            # A run through the target starts at a card next to it: none, nothing to read.
            near_before, near_after = cells[window[0]], cells[window[2]]
            if not near_before and not near_after:
                continue
            for table, wanted in alike:
                if table[near_before] != wanted and table[near_after] != wanted:
                    continue
                run: list[int] = []
                for arm in arm_pair:
                    for square in arm:
                        if table[cells[square]] != wanted:
                            break
                        run.append(square)
                if len(run) >= need:
                    found += run
            if self.sequence:
                before, after = arm_pair
                for step in (1, -1):
                    if rank_of[near_before] != rank - step and \
                            rank_of[near_after] != rank + step:
                        continue
                    # Rising along the line by *step*: before the card the ranks fall.
                    run = []
                    next_rank = rank
                    for square in before:
                        next_rank -= step
                        if rank_of[cells[square]] != next_rank:
                            break
                        run.append(square)
                    next_rank = rank
                    for square in after:
                        next_rank += step
                        if rank_of[cells[square]] != next_rank:
                            break
                        run.append(square)
                    if len(run) >= need:
                        found += run
        if not found:
            return []
        return sorted({target, *found})

    def _settled_lines(self, cells: Cells, target: int, card: int) -> list[int]:
        """:meth:`_lines` for a board on which no combination lies (as between the shifts
        of a search that started from a board cleared of them, see :meth:`shifts`), of a
        game whose combinations are three or more of one colour, one value or a sequence.
        Then a run through *target* has at most two of its cards on either side: three
        on one side would make, with each other, a combination of the same kind already
        lying on the board. So two squares each side are all there is to read."""
        colour_of, rank_of = COLOUR_OF, RANK_OF
        colour, rank = colour_of[card], rank_of[card]
        found: list[int] = []
        for a1, a2, b1, b2 in self.windows[target]:
            x1, y1 = cells[a1], cells[b1]
            # Every run through the target goes on to a card next to it of the card's
            # colour, or a rank at most one away (a free square has neither).
            if colour_of[x1] != colour and colour_of[y1] != colour and \
                    not -1 <= rank_of[x1] - rank <= 1 and not -1 <= rank_of[y1] - rank <= 1:
                continue
            x2, y2 = cells[a2], cells[b2]
            # One colour, one value, then sequences rising and falling along the line.
            for table, wanted in ((colour_of, colour), (rank_of, rank)):
                if table[x1] == wanted:
                    if table[x2] == wanted:
                        found += (a1, a2)
                        if table[y1] == wanted:
                            found.append(b1)
                            if table[y2] == wanted:
                                found.append(b2)
                    elif table[y1] == wanted:
                        found += (a1, b1)
                        if table[y2] == wanted:
                            found.append(b2)
                elif table[y1] == wanted and table[y2] == wanted:
                    found += (b1, b2)
            r1, r2, s1, s2 = rank_of[x1], rank_of[x2], rank_of[y1], rank_of[y2]
            for step in (1, -1):
                before = (r1 == rank - step) + (r1 == rank - step and r2 == rank - 2 * step)
                after = (s1 == rank + step) + (s1 == rank + step and s2 == rank + 2 * step)
                if before + after >= 2:
                    found += (a1, a2)[:before]
                    found += (b1, b2)[:after]
        if not found:
            return []
        return sorted({target, *found})

    def _accepted(self, cells: Cells, target: int) -> tuple[int, int]:
        """Bit masks of the colours and ranks a card needs to make a combination of three
        (of any kind) on the free square *target*. Moving the card away from beside
        *target* can only break lines, so this is a superset of what a shift really makes
        there; :meth:`taken` decides."""
        colour_of, rank_of = COLOUR_OF, RANK_OF
        colours = ranks = 0
        # a1 a2 before the square (a1 next to it), b1 b2 after it; 64 is always free.
        for a1, a2, b1, b2 in self.windows[target]:
            x1, y1 = cells[a1], cells[b1]
            if x1:
                rank = rank_of[x1]
                x2 = cells[a2]
                if x2:
                    if colour_of[x1] == colour_of[x2]:
                        colours |= 1 << colour_of[x1]
                    step = rank - rank_of[x2]
                    if step == 0 or step == 1 or step == -1:
                        # Same value, or a sequence going on past x1: x2 x1 card.
                        ranks |= 1 << (rank + step)
                if y1:
                    if colour_of[x1] == colour_of[y1]:
                        colours |= 1 << colour_of[x1]
                    step = rank_of[y1] - rank
                    if step == 0 or step == 2 or step == -2:
                        ranks |= 1 << (rank + step // 2)
            if y1:
                y2 = cells[b2]
                if y2:
                    rank = rank_of[y1]
                    if colour_of[y1] == colour_of[y2]:
                        colours |= 1 << colour_of[y1]
                    step = rank - rank_of[y2]
                    if step == 0 or step == 1 or step == -1:
                        ranks |= 1 << (rank + step)
        return colours, ranks

    def shifts(self, cells: Cells, settled: bool = False) -> list[tuple[int, int, list[int]]]:
        """Every legal shift on *cells*: (origin, target, squares that leave), in the order
        of :func:`.moves.legal_moves` (origin square name, then target square name).
        *settled* says that no combination lies on *cells* (true from a board cleared of
        them, after any number of shifts: a shift only takes cards away, and the card it
        moves leaves with every combination through its new square); the shifts are then
        read more cheaply (:meth:`_settled_lines`), come in no particular order, and what
        shifts onto a square take is remembered in :attr:`memo` by the cards on the squares
        read around it, all it hangs on then."""
        free = [i for i in range(64) if not cells[i]]
        if not self.sieve:
            found = self._tried_shifts(cells, free)
        else:
            found = []
            lines_at = self._settled_lines if settled else self._lines
            by_colour, by_rank = _squares_by_colour_and_rank(cells)
            for target in free:
                colours, ranks, alike, by_origin = self._reading(cells, target, settled)
                if colours or ranks:
                    self._shifts_onto(cells, target, _origins(colours, ranks, by_colour,
                                                              by_rank),
                                      settled, alike, by_origin, lines_at, found)
        if not settled:
            found.sort(key=lambda m: (SQUARES[m[0]], SQUARES[m[1]]))
        return found

    def _tried_shifts(self, cells: Cells, free: list[int]) -> list[tuple[int, int, list[int]]]:
        """Every shift, each card tried on every free square (no sieve for these rules)."""
        found = []
        for origin in range(64):
            card = cells[origin]
            if card:
                found += [(origin, target, gone) for target in free
                          if (gone := self.taken(cells, origin, target, card))]
        return found

    def _reading(self, cells: Cells, target: int, settled: bool) -> _TargetMemo:
        """The colours and ranks *target* accepts, with the places to remember what each
        card code off the lines and each origin on them takes there (kept in the memo only
        on a settled board)."""
        if not settled:
            colours, ranks = self._accepted(cells, target)
            return colours, ranks, {}, {}
        # What the target accepts and what each card takes there hangs on the squares
        # read around it only: remember it.
        memo = self.memo
        memo_key = (target, self.window_cards[target](cells))
        entry = memo.get(memo_key)
        if entry is None:
            entry = (*self._accepted(cells, target), {}, {})
            if len(memo) < MEMO:
                memo[memo_key] = entry
        return entry

    def _shifts_onto(self, cells: Cells, target: int, origins: set[int], settled: bool,
                     alike: dict[int, list[int]], by_origin: dict[int, list[int]],
                     lines_at: Callable[[Cells, int, int], list[int]],
                     found: list[tuple[int, int, list[int]]]) -> None:
        """Adds to *found* the shifts from *origins* onto *target* that take something.

        A card off the lines through the target (or, on a settled board, off the squares
        read around it) takes what any card alike takes there: worked out once per card
        code (*alike*). One on them is read with its own square freed (remembered by
        origin, *by_origin*, on a settled board)."""
        lines = self.window_of[target] if settled else self.lines_of[target]
        for origin in origins:
            card = cells[origin]
            if lines >> origin & 1:
                known = by_origin.get(origin)
                if known is None:
                    cells[origin] = 0
                    known = lines_at(cells, target, card)
                    cells[origin] = card
                    if settled:
                        by_origin[origin] = known
                gone = known
            else:
                known = alike.get(card)
                gone = alike[card] = lines_at(cells, target, card) \
                    if known is None else known
            if gone:
                found.append((origin, target, gone))


def _squares_by_colour_and_rank(cells: Cells) -> tuple[list[list[int]], list[list[int]]]:
    """The squares of the cards on *cells*, by colour index and by rank."""
    by_colour: list[list[int]] = [[], [], [], []]
    by_rank: list[list[int]] = [[] for _ in range(10)]
    for square in range(64):
        card = cells[square]
        if card:
            by_colour[COLOUR_OF[card]].append(square)
            by_rank[RANK_OF[card]].append(square)
    return by_colour, by_rank


def _origins(colours: int, ranks: int, by_colour: list[list[int]], by_rank: list[list[int]]
             ) -> set[int]:
    """The squares of the cards of a colour or a rank in the bit masks *colours*, *ranks*."""
    origins: set[int] = set()
    for c in range(4):
        if colours >> c & 1:
            origins.update(by_colour[c])
    for r in range(1, 9):
        if ranks >> r & 1:
            origins.update(by_rank[r])
    return origins


#: How many targets' readings OpenBoard.memo keeps (a few hundred bytes each).
MEMO = 300_000
#: An entry of OpenBoard.memo: colours and ranks accepted, what a card code off the squares
#: read takes, what the card on each square read takes.
_TargetMemo = tuple[int, int, dict[int, list[int]], dict[int, list[int]]]


def apply(cells: Cells, origin: int, target: int, gone: list[int]) -> Cells:
    """A new flat board after the shift: the card moves, then *gone* leaves."""
    after = bytearray(cells)
    after[target] = after[origin]
    after[origin] = 0
    for square in gone:
        after[square] = 0
    return after
