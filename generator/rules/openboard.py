"""Basic game 65 in the open on a flat board: a bytearray with one small integer a square
instead of a Layout, so the solver can list and make shifts without building positions
(copying 65 bytes costs less than keeping what to undo). Standard library only.

The rules are those of :func:`.moves.legal_moves` and :func:`.moves.play` for a game whose
cards all lie open, one to a square, and whose combinations all leave the board when made:
a card shifts to a free square only where it makes a combination, and every maximal
combination through that square then leaves. tests/test_openboard.py checks the two agree
move for move on random positions.

:meth:`OpenBoard.examine` proves positions lost for the solver: a card that can never leave
(facts about pairs of cards, which never move but to leave, proved in its docstring;
tests/test_open_solver_proofs.py holds them to a plain exhaustive search).

A card is coded ``colour * 8 + rank`` (1-32; 0 is a free square): zeros on a card never
matter to a combination, so cards alike but for their zeros share a code.
"""
from __future__ import annotations

import operator

from ..model.cards import COLOURS, Card
from ..model.layout import Layout
from .games import Game, Placement, Removal, Step
from .lines import LINE_THROUGH, SQUARES

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


def _arms(orientations: tuple[str, ...]) -> tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]],
                                                        ...], ...]:
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
            and rules.removes is Removal.ALL and rules.compulsory and rules.crossing != "one"
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
        self.colour = "colour" in rules.kinds
        self.value = "value" in rules.kinds
        self.sequence = "sequence" in rules.kinds
        self.arms = _arms(tuple(rules.orientations))
        self.windows = tuple(tuple((*(before + (OFF, OFF))[:2], *(after + (OFF, OFF))[:2])
                                   for before, after in arms) for arms in self.arms)
        # The quick sieve of _accepted knows combinations of three of every kind.
        self.sieve = self.min_length == 3 and self.colour and self.value and self.sequence
        self.pairs = _pairs(tuple(rules.orientations))
        #: square -> bit mask of the squares on the lines through it (itself left out).
        self.lines_of = tuple(sum(1 << square for arms in per for arm in arms
                                  for square in arm) for per in self.arms)
        self.accept = _acceptance(self.colour, self.value, self.sequence)
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
        lines_at = self._settled_lines if settled and self.sieve else self._lines
        free = [i for i in range(64) if not cells[i]]
        found = []
        if not self.sieve:
            for origin in range(64):
                card = cells[origin]
                if card:
                    found += [(origin, target, gone) for target in free
                              if (gone := self.taken(cells, origin, target, card))]
        else:
            by_colour: list[list[int]] = [[], [], [], []]
            by_rank: list[list[int]] = [[] for _ in range(10)]
            for square in range(64):
                card = cells[square]
                if card:
                    by_colour[COLOUR_OF[card]].append(square)
                    by_rank[RANK_OF[card]].append(square)
            memo = self.memo
            for target in free:
                if settled:
                    # What the target accepts and what each card takes there hangs on
                    # the squares read around it only: remember it.
                    memo_key = (target, self.window_cards[target](cells))
                    entry = memo.get(memo_key)
                    if entry is None:
                        entry = (*self._accepted(cells, target), {}, {})
                        if len(memo) < MEMO:
                            memo[memo_key] = entry
                    colours, ranks, alike, by_origin = entry
                else:
                    colours, ranks = self._accepted(cells, target)
                    alike, by_origin = {}, {}
                if not colours and not ranks:
                    continue
                origins: set[int] = set()
                for c in range(4):
                    if colours >> c & 1:
                        origins.update(by_colour[c])
                for r in range(1, 9):
                    if ranks >> r & 1:
                        origins.update(by_rank[r])
                # A card off the lines through the target (or, on a settled board, off the
                # squares read around it) takes what any card alike takes there: work it
                # out once per card code.
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
        if not settled:
            found.sort(key=lambda m: (SQUARES[m[0]], SQUARES[m[1]]))
        return found


    def blocked(self, cells: Cells) -> bool:
        """True when no line can clear *cells*: a proof (see :meth:`examine`)."""
        return self.examine(cells)[0]

    def examine(self, cells: Cells, near: list[PairAt] | None = None
                ) -> tuple[bool, list[PairAt]]:
        """Whether no line can clear *cells* (True is a proof, by the facts below), and
        the pairs of squares one or two apart on a line that both hold a card. *near*,
        those of a position *cells* came from, saves looking for them again: cards only
        leave, so they are among them.

        Only the shifted card ever moves, and it leaves with the combination it makes, so
        every other card stays where it lies until it leaves. A shift to *t* takes the
        maximal combinations through *t*; each is a run of three or more along one line,
        every three squares in a row of which are a combination of the same kind (one
        colour, one value, or ranks rising by one). So each card that leaves without
        being the shifted one lies, in that run, next to another card that stays put
        (or two squares from it, with *t* between them), and the two make three in a row
        with the card on a third square (the shifted card, or one more card of the run).
        Such a pair is **live** here when the two lie on one line one or two squares
        apart, a third square makes three in a row with them, and some other card on
        the board (anywhere: it may be the one that shifts) completes the combination
        there. Cards never come back and never move but to leave, so a pair that is not
        live now never will be.

        1. A card in no live pair can only leave as the shifted card, onto the third
           square of a live pair that takes it; if no live pair takes it, it can never
           leave (a stranded card, as :func:`stranded` counts but with the squares).
        2. Each shift moves one card, and the pair it completes leaves with it. So the
           cards in no live pair need shifts of their own, onto pairs that share no card
           (two shifts never take the same card): if no such choice exists, some card
           stays. The choice is searched exactly, but only so far (a few thousand
           steps): a search cut short proves nothing and says "not blocked".
        3. A shift takes more than three cards only when two live pairs have the same
           third square *t* and one card (the shifted one) completes both; and then every
           card it takes but the shifted one is in such a pair. On each line through *t*
           the cards that stay put and leave lie at most two a side (three in a row on
           one side would be a combination already, and none lies on the board between
           shifts), and each side's one or two, or the nearest card of each side
           together, make a live pair completed on *t*. So the cards a shift onto *t*
           takes beyond three (its extra cards) are at most the cards of those pairs
           less two, and shifts onto one square share no card. A board of 3k + 1 cards
           needs one extra card at least, and one of 3k + 2 two; live pairs only ever
           disappear, so if the squares that are the third of two live pairs completed by
           one card, each counted as the cards of such pairs there less two, add up to
           fewer, the board cannot be cleared. (Like the others, this holds for boards with
           no combination lying on them, as after the start and after every shift.)
        """
        colour_of, rank_of = COLOUR_OF, RANK_OF
        colours = [0] * 4
        ranks = [0] * 11
        # The ranks on the board of each colour.
        by_colour = [0] * 4
        occupied = [square for square in _BOARD if cells[square]]
        for square in occupied:
            card = cells[square]
            colour = colour_of[card]
            colours[colour] += 1
            ranks[rank_of[card]] += 1
            by_colour[colour] |= 1 << rank_of[card]
        if near is None:
            # What a pair takes hangs on its cards only: one that takes nothing never will.
            accept = self.accept
            near = [(first, *pair) for first in occupied for pair in self.pairs[first]
                    if cells[pair[0]] and accept[cells[first]][cells[pair[0]]][pair[1]][1:]
                    != ((), 0, 0)]
        else:
            near = [pair for pair in near if cells[pair[0]] and cells[pair[1]]]
        return self._judge(cells, occupied, colours, ranks, by_colour, near), near

    def _judge(self, cells: Cells, occupied: list[int], colours: list[int],
               ranks: list[int], by_colour: list[int], near: list[PairAt]) -> bool:
        colour_of, rank_of, accept = COLOUR_OF, RANK_OF, self.accept
        partnered = 0
        offers: list[tuple[int, int, int]] = []  # (squares of the pair, colour bit, rank bits)
        # Fact 3: the squares where two live pairs are completed by one card, and the
        # cards of such pairs there.
        at_third: dict[int, list[tuple[int, int, int]]] = {}
        doubled: dict[int, int] = {}
        # A board of 3k cards needs no extra card: fact 3 has nothing to say.
        wanted_extra = len(occupied) % 3
        enough = not wanted_extra
        present = by_colour[0] | by_colour[1] | by_colour[2] | by_colour[3]
        for first, second, shape, thirds in near:
            row = accept[cells[first]][cells[second]]
            colour, wanted, colour_bit, rank_bits = row[shape]
            if not colour_bit and not rank_bits:
                continue
            pair = 1 << first | 1 << second
            offers.append((pair, colour_bit, rank_bits))
            if not _live(colour, wanted, colours, ranks):
                continue
            partnered |= pair
            if enough:
                continue
            for third, side in thirds:
                # What this side takes (a sequence reads differently on either side).
                colour, _, _, rank_bits = row[side]
                if colour < 0 and not rank_bits & present:
                    continue
                # Some card on the board must fit both: one of the colour both take, or
                # of a rank both take, or of the colour one takes and a rank the other.
                here = at_third.setdefault(third, [])
                for c, r, other in here:
                    if c == colour >= 0 or r & rank_bits & present or \
                            c >= 0 and by_colour[c] & rank_bits or \
                            colour >= 0 and by_colour[colour] & r:
                        doubled[third] = doubled.get(third, 0) | other | pair
                        enough = sum(bin(cards).count("1") - 2
                                     for cards in doubled.values()) >= wanted_extra
                here.append((colour, rank_bits, pair))
        if not enough:
            return True  # fact 3: too few cards can leave beyond three a shift
        lonely = [square for square in occupied if not partnered >> square & 1]
        if not lonely:
            return False
        choices = []
        for square in lonely:
            card = cells[square]
            colour_bit, rank_bit = 1 << colour_of[card], 1 << rank_of[card]
            takes = [pair for pair, c, r in offers if c & colour_bit or r & rank_bit]
            if not takes:
                return True  # fact 1: it can never leave
            choices.append(takes)
        if len(choices) == 1:
            return False
        return not _disjoint(sorted(choices, key=len), 0, 0, [_DISJOINT_STEPS])


    def prospects(self, cells: Cells, near: list[PairAt]) -> Prospects:
        """What facts 1-3 of :meth:`examine` can still say about any position a shift leads
        to from *cells* (and *near*, its pairs as :meth:`examine` returned them), so the
        solver can drop a child that they would cut without making it.

        A child's board is a part of *cells*: the shifted card leaves at once from its new
        square, and no other card moves. So every pair of cards, every live pair and every
        card that could complete a pair in the child was one in *cells*; everything facts
        1-3 count in the child is a part of what they count here:

        * each card of *cells* in no live pair, with the pairs that could take it (as bit
          masks of two squares): in the child it is in no live pair either, if it is still
          there, and only those of its pairs whose two cards are both still there can take
          it (fact 1). Those cards are some of the child's cards in no live pair, each
          with at most those pairs, so if they cannot have pairs of their own that share
          no card, the child's cannot either (fact 2; a search cut short proves nothing);
        * each square that is the third of two live pairs completed by one card, with the
          cards of those pairs (a bit mask): in the child the cards of such pairs there
          are some of those of them still on the board, so it counts at most those less
          two, and a square with fewer than three left has no two pairs and gives no
          extra card (fact 3).

        :func:`child_cut` reads these against the squares a shift empties."""
        colour_of, rank_of, accept = COLOUR_OF, RANK_OF, self.accept
        colours = [0] * 4
        ranks = [0] * 11
        by_colour = [0] * 4
        occupied = [square for square in _BOARD if cells[square]]
        for square in occupied:
            card = cells[square]
            colours[colour_of[card]] += 1
            ranks[rank_of[card]] += 1
            by_colour[colour_of[card]] |= 1 << rank_of[card]
        present = by_colour[0] | by_colour[1] | by_colour[2] | by_colour[3]
        partnered = 0
        offers: list[tuple[int, int, int]] = []
        at_third: dict[int, list[tuple[int, int, int]]] = {}
        doubled: dict[int, int] = {}
        for first, second, shape, thirds in near:
            if not cells[first] or not cells[second]:
                continue
            row = accept[cells[first]][cells[second]]
            colour, wanted, colour_bit, rank_bits = row[shape]
            if not colour_bit and not rank_bits:
                continue
            pair = 1 << first | 1 << second
            offers.append((pair, colour_bit, rank_bits))
            if not _live(colour, wanted, colours, ranks):
                continue
            partnered |= pair
            for third, side in thirds:
                colour, _, _, rank_bits = row[side]
                if colour < 0 and not rank_bits & present:
                    continue
                here = at_third.setdefault(third, [])
                for c, r, other in here:
                    if c == colour >= 0 or r & rank_bits & present or \
                            c >= 0 and by_colour[c] & rank_bits or \
                            colour >= 0 and by_colour[colour] & r:
                        doubled[third] = doubled.get(third, 0) | other | pair
                here.append((colour, rank_bits, pair))
        lonely = []
        for square in occupied:
            if partnered >> square & 1:
                continue
            card = cells[square]
            colour_bit, rank_bit = 1 << colour_of[card], 1 << rank_of[card]
            takes = [pair for pair, c, r in offers if c & colour_bit or r & rank_bit]
            squares = 0
            for pair in takes:
                squares |= pair
            lonely.append((square, squares, takes))
        meeting = list(doubled.values())
        meeting_cards = 0
        for cards in meeting:
            meeting_cards |= cards
        watched = 0
        for square, squares, _ in lonely:
            watched |= 1 << square | squares
        return (len(occupied), lonely, meeting, meeting_cards,
                sum(bin(cards).count("1") - 2 for cards in meeting), watched, {})


#: What :meth:`OpenBoard.prospects` finds: the cards on the board; the cards in no live pair
#: (square, the squares of the pairs that could take it, those pairs as bit masks of two
#: squares); the cards of the pairs that meet on each square where two live pairs are
#: completed by one card, all those cards, and how many extra cards they count for; the
#: squares of the cards in no live pair and of their pairs, and fact 2's answers by the
#: part of those squares a shift empties.
Prospects = tuple[int, list[tuple[int, int, list[int]]], list[int], int, int, int,
                  dict[int, bool]]


def child_cut(prospects: Prospects, emptied: int, gone: int) -> bool:
    """True when the position a shift leads to is blocked by fact 1 or fact 3 of
    :meth:`OpenBoard.examine`, read off the :meth:`OpenBoard.prospects` of the position it
    came from; *emptied* is the bit mask of the squares of the cards that leave (the
    shifted card's square among them), *gone* how many they are. A proof, by the reasons
    given in :meth:`OpenBoard.prospects`; False proves nothing."""
    count, lonely, meeting, meeting_cards, extra, watched, answers = prospects
    wanted_extra = (count - gone) % 3
    if wanted_extra:
        if emptied & meeting_cards:
            extra = 0
            for cards in meeting:
                extra += max(0, bin(cards & ~emptied).count("1") - 2)
        if extra < wanted_extra:
            return True
    hit = False
    for square, near, takes in lonely:
        if emptied & near and not emptied >> square & 1:
            hit = True
            for pair in takes:
                if not pair & emptied:
                    break
            else:
                return True
    if not hit or len(lonely) < 2:
        return False
    # Fact 2 among the cards in no live pair here: in the child they are still in none,
    # with fewer pairs to take them, and the child may have more such cards. The answer
    # hangs on which of their squares and their pairs' the shift empties.
    emptied &= watched
    known = answers.get(emptied)
    if known is None:
        choices = sorted(([pair for pair in takes if not pair & emptied]
                          for square, _, takes in lonely if not emptied >> square & 1),
                         key=len)
        known = answers[emptied] = len(choices) > 1 and \
            not _disjoint(choices, 0, 0, [_DISJOINT_STEPS])
    return known

_BOARD = range(64)
#: How many targets' readings OpenBoard.memo keeps (a few hundred bytes each).
MEMO = 300_000
#: An entry of OpenBoard.memo: colours and ranks accepted, what a card code off the squares
#: read takes, what the card on each square read takes.
_TargetMemo = tuple[int, int, dict[int, list[int]], dict[int, list[int]]]
def _live(colour: int, wanted: tuple[tuple[int, int], ...], colours: list[int],
          ranks: list[int]) -> bool:
    """Whether some card besides a pair's own completes it: a third card of the pair's
    colour (*colour* -1: the pair is not of one colour), or a card of a *wanted* rank
    beyond the pair's *own* cards of that rank."""
    if colour >= 0 and colours[colour] >= 3:
        return True
    return any(ranks[rank] > own for rank, own in wanted)


#: How many steps the exact search of fact 2 (OpenBoard.blocked) may take before it gives up
#: and proves nothing.
_DISJOINT_STEPS = 4000


def _disjoint(choices: list[list[int]], index: int, used: int, steps: list[int]) -> bool:
    """Whether each of *choices* from *index* on can take one pair (a bit mask of two
    squares) sharing no square with *used* or with the others; True also when *steps* run
    out (not proved)."""
    if index == len(choices):
        return True
    for pair in choices[index]:
        steps[0] -= 1
        if steps[0] < 0:
            return True
        if not pair & used and _disjoint(choices, index + 1, used | pair, steps):
            return True
    return False


#: A pair of squares seen from its lower one: (higher square, shape, third squares, each
#: with the shape of its side).
Pair = tuple[int, int, tuple[tuple[int, int], ...]]
#: A pair of squares: (lower square, higher square, shape, third squares as in Pair).
PairAt = tuple[int, int, int, tuple[tuple[int, int], ...]]
#: Where the third square of three in a row lies for two squares of one line (lower index
#: first): between them, or next to the lower one, the higher one, or either.
MIDDLE, BEYOND_LOW, BEYOND_HIGH, BEYOND_EITHER = range(4)


def _pairs(orientations: tuple[str, ...]) -> tuple[tuple[Pair, ...], ...]:
    """square -> (a higher square, shape, third squares) for every square one or two
    squares along a line of *orientations* from it with which it makes three in a row with
    a third square; each third square comes with the shape that reads that side alone."""
    shapes: dict[tuple[int, int], int] = {}
    lines = sorted({LINE_THROUGH[(square, o)] for square in SQUARES for o in orientations})
    for line in lines:
        squares = [_INDEX[s] for s in line]
        for a, b, c in zip(squares, squares[1:], squares[2:]):
            # Three in a row a b c: the pair (a, b) has its third square beyond b, (b, c)
            # beyond b on the other side, (a, c) between them.
            for x, y, beyond in ((a, b, b), (b, c, b)):
                low, high = min(x, y), max(x, y)
                bit = 1 if beyond == low else 2
                shapes[(low, high)] = shapes.get((low, high), 0) | bit
            shapes[(min(a, c), max(a, c))] = 4
    found: list[list[Pair]] = [[] for _ in range(64)]
    for (low, high), bits in sorted(shapes.items()):
        shape = MIDDLE if bits == 4 else {1: BEYOND_LOW, 2: BEYOND_HIGH, 3: BEYOND_EITHER}[bits]
        if bits == 4:
            thirds: tuple[tuple[int, int], ...] = (((low + high) // 2, MIDDLE),)
        else:
            step = high - low
            thirds = tuple((t, side) for bit, t, side in ((1, low - step, BEYOND_LOW),
                                                         (2, high + step, BEYOND_HIGH))
                           if bits & bit)
        found[low].append((high, shape, thirds))
    return tuple(tuple(row) for row in found)


#: What a pair of cards takes on its third square: (colour or -1, ((rank, how many of the
#: pair have it), ...), colour bit, rank bits).
Offer = tuple[int, tuple[tuple[int, int], ...], int, int]


def _acceptance(colour: bool, value: bool, sequence: bool
                ) -> tuple[tuple[tuple[Offer, ...], ...], ...]:
    """card code at the lower square -> card code at the higher -> shape -> what a card on
    the third square must be to make a combination of the game's kinds with the two."""
    table = []
    for low in range(33):
        row = []
        for high in range(33):
            per = []
            for shape in range(4):
                per.append(_offer(low, high, shape, colour, value, sequence))
            row.append(tuple(per))
        table.append(tuple(row))
    return tuple(table)


def _offer(low: int, high: int, shape: int, colour: bool, value: bool,
           sequence: bool) -> Offer:
    if not low or not high:
        return (-1, (), 0, 0)
    wanted: set[int] = set()
    low_rank, high_rank = RANK_OF[low], RANK_OF[high]
    if value and low_rank == high_rank:
        wanted.add(low_rank)
    if sequence:
        step = high_rank - low_rank
        if shape == MIDDLE:
            if step in (2, -2):
                wanted.add(low_rank + step // 2)
        elif step in (1, -1):
            # Three in a row t low high (the third square beyond the lower) or low high t.
            if shape in (BEYOND_LOW, BEYOND_EITHER) and 1 <= low_rank - step <= 8:
                wanted.add(low_rank - step)
            if shape in (BEYOND_HIGH, BEYOND_EITHER) and 1 <= high_rank + step <= 8:
                wanted.add(high_rank + step)
    same = colour and COLOUR_OF[low] == COLOUR_OF[high]
    own = tuple((rank, (rank == low_rank) + (rank == high_rank)) for rank in sorted(wanted))
    return (COLOUR_OF[low] if same else -1, own, 1 << COLOUR_OF[low] if same else 0,
            sum(1 << rank for rank in wanted))


def apply(cells: Cells, origin: int, target: int, gone: list[int]) -> Cells:
    """A new flat board after the shift: the card moves, then *gone* leaves."""
    after = bytearray(cells)
    after[target] = after[origin]
    after[origin] = 0
    for square in gone:
        after[square] = 0
    return after


def stranded(cells: Cells) -> int:
    """How many cards can never leave: no two other cards left share their colour or
    their value, or run on from them in a sequence of three. Cards only ever leave the
    board, so a stranded card stays stranded: this is a floor for the cards left.
    (Counts whole colours and values, so it holds for combinations of three or more.)"""
    colours = [0] * 4
    ranks = [0] * 11
    for card in cells:
        if card:
            colours[COLOUR_OF[card]] += 1
            ranks[RANK_OF[card]] += 1
    count = 0
    for card in cells:
        if not card:
            continue
        rank = RANK_OF[card]
        if colours[COLOUR_OF[card]] >= 3 or ranks[rank] >= 3:
            continue
        below, above = ranks[rank - 1] if rank > 1 else 0, ranks[rank + 1]
        if below and (above or (rank > 2 and ranks[rank - 2])) or above and ranks[rank + 2]:
            continue
        count += 1
    return count

