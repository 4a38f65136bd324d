"""The cut of the solver of basic 65 in the open: facts about pairs of cards that prove a
flat board (.openboard) can never be cleared. Standard library only.

:meth:`Cut.examine` proves a position lost (three facts, proved in its docstring);
:meth:`Cut.prospects` reads the same facts off a position for its children, and
:func:`child_cut` drops a child they would cut without making it (proved in
:meth:`Cut.prospects`); :meth:`Cut.read` gives the verdict and the prospects from one reading
of the board, as the solver wants both. tests/test_open_solver_proofs.py holds every one of
them to a plain exhaustive search over the rules.
"""
from __future__ import annotations

from typing import cast

from .games import CombinationKind, Game
from .lines import LINE_THROUGH, SQUARES, LineOrientation
from .openboard import COLOUR_OF, RANK_OF, Cells

_INDEX = {square: i for i, square in enumerate(SQUARES)}
_BOARD = range(64)


class Cut:
    """The facts of one game (its combination kinds and orientations) that prove flat
    boards lost: which pairs of squares make three in a row with a third, and what a pair
    of cards takes there."""

    def __init__(self, game: Game) -> None:
        rules = game.combinations
        self.pairs = _pairs(tuple(rules.orientations))
        self.accept = _acceptance(CombinationKind.COLOUR in rules.kinds,
                                  CombinationKind.VALUE in rules.kinds,
                                  CombinationKind.SEQUENCE in rules.kinds)

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
           third square *t* and one card, the shifted one, completes both; and then every
           card it takes but the shifted one is in such a pair. On each line through *t*
           the cards that stay put and leave lie at most two a side (three in a row on
           one side would be a combination already, and none lies on the board between
           shifts), and each side's one or two, or the nearest card of each side
           together, make a live pair completed on *t*. The shifted card is no card of
           those pairs: their cards stay put while it moves (were it one of theirs, that
           pair would not be there when it lands). So two pairs meet on *t* only when
           some card on the board off both of them completes both, and the pairs a shift
           onto *t* takes all meet each other so, with the shifted card as the witness.
           The cards it takes beyond three (its extra cards) are then at most the cards of
           the pairs that meet on *t* less two, and shifts onto one square share no card.
           A board of 3k + 1 cards needs one extra card at least, and one of 3k + 2 two.
           Cards only ever leave, so pairs, and cards off them that complete them, only
           disappear: if the squares where two live pairs meet, each counted as the
           cards of the pairs meeting there less two, add up to fewer, the board cannot
           be cleared. (Like the others, this holds for boards with no combination lying
           on them, as after the start and after every shift.) A card of one of the
           pairs never counts as the witness: deal 53's start (31 cards) has three
           squares where two live pairs would meet but for that, and none where they do.
        """
        return self._read(cells, near, full=False)[:2]

    def read(self, cells: Cells, near: list[PairAt] | None = None
             ) -> tuple[bool, list[PairAt], Prospects]:
        """:meth:`examine` and :meth:`prospects` from one reading of the board: the solver
        wants both of each position it expands, and they rest on the same live pairs."""
        blocked, near, prospects = self._read(cells, near, full=True)
        return blocked, near, cast("Prospects", prospects)  # full: always made

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
        * each square where two live pairs meet (fact 3: a card off both completes
          both), with the cards of the pairs meeting there (a bit mask): in the child the
          pairs meeting there are some of those whose cards are still on the board (a
          witness there was one here, off the same pairs), so it counts at most those less
          two, and a square with fewer than three left has no two pairs and gives no
          extra card (fact 3).

        :func:`child_cut` reads these against the squares a shift empties."""
        return self.read(cells, near)[2]

    def _read(self, cells: Cells, near: list[PairAt] | None, full: bool
              ) -> tuple[bool, list[PairAt], Prospects | None]:
        """The verdict of :meth:`examine`, the pairs, and with *full* the
        :meth:`prospects` (without, the reading stops as soon as the verdict is known)."""
        occupied, colours, ranks, by_colour = _census(cells)
        near = self._near_pairs(cells, near, occupied)
        partnered, offers, doubled, enough = self._meeting_pairs(
            cells, near, occupied, colours, ranks, by_colour, full)
        # Fact 3: too few cards can leave beyond three a shift.
        blocked, lonely = _lonely_cards(cells, occupied, partnered, offers, not enough, full)
        if not blocked and len(lonely) > 1:
            # Fact 2: the cards in no live pair need pairs of their own, sharing no card.
            blocked = not _disjoint(sorted((takes for _, _, takes in lonely), key=len),
                                    0, 0, [_DISJOINT_STEPS])
        if not full:
            return blocked, near, None
        return blocked, near, _prospects(len(occupied), lonely, list(doubled.values()))

    def _near_pairs(self, cells: Cells, near: list[PairAt] | None, occupied: list[int]
                    ) -> list[PairAt]:
        """The pairs of *cells* that could take something: found afresh, or those of
        *near* (a parent's) whose two cards are still there."""
        if near is not None:
            return [pair for pair in near if cells[pair[0]] and cells[pair[1]]]
        accept = self.accept
        # What a pair takes hangs on its cards only: one that takes nothing never will.
        return [(first, *pair) for first in occupied for pair in self.pairs[first]
                if cells[pair[0]] and accept[cells[first]][cells[pair[0]]][pair[1]][1:]
                != ((), 0, 0)]

    def _meeting_pairs(self, cells: Cells, near: list[PairAt], occupied: list[int],
                       colours: list[int], ranks: list[int], by_colour: list[int], full: bool
                       ) -> tuple[int, list[tuple[int, int, int]], dict[int, int], bool]:
        """What the pairs of *near* offer: the squares of the cards in live pairs, each
        pair that takes something (its squares, colour bit and rank bits), the cards of
        the live pairs meeting on each third square (fact 3), and whether those give the
        extra cards the board needs (without *full*, the reading of fact 3 stops there)."""
        accept = self.accept
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
            if enough and not full:
                continue
            for third, side in thirds:
                # What this side takes (a sequence reads differently on either side).
                colour, _, _, rank_bits = row[side]
                if colour < 0 and not rank_bits & present:
                    continue
                # Some card on the board off both pairs must fit both: one of the colour
                # both take, or of a rank both take, or of the colour one takes and a rank
                # the other (_meetings).
                here = at_third.setdefault(third, [])
                met = _meetings(here, pair, colour, rank_bits, cells, occupied, present,
                                by_colour)
                if met:
                    doubled[third] = doubled.get(third, 0) | met
                    enough = sum(bin(cards).count("1") - 2
                                 for cards in doubled.values()) >= wanted_extra
                here.append((colour, rank_bits, pair))
        return partnered, offers, doubled, enough


def _census(cells: Cells) -> tuple[list[int], list[int], list[int], list[int]]:
    """The squares of *cells* that hold a card, the cards of each colour and of each rank
    (counts), and the ranks on the board of each colour (bit masks)."""
    colour_of, rank_of = COLOUR_OF, RANK_OF
    colours = [0] * 4
    ranks = [0] * 11
    by_colour = [0] * 4
    occupied = [square for square in _BOARD if cells[square]]
    for square in occupied:
        card = cells[square]
        colour = colour_of[card]
        colours[colour] += 1
        ranks[rank_of[card]] += 1
        by_colour[colour] |= 1 << rank_of[card]
    return occupied, colours, ranks, by_colour


def _lonely_cards(cells: Cells, occupied: list[int], partnered: int,
                  offers: list[tuple[int, int, int]], blocked: bool, full: bool
                  ) -> tuple[bool, list[tuple[int, int, list[int]]]]:
    """The cards in no live pair, each with the squares of the pairs that could take it
    and those pairs; and whether the board is *blocked* already or by one of them no pair
    takes (fact 1). Without *full* the reading stops once the board is blocked."""
    colour_of, rank_of = COLOUR_OF, RANK_OF
    lonely = []
    for square in occupied:
        if blocked and not full:
            break
        if partnered >> square & 1:
            continue
        card = cells[square]
        colour_bit, rank_bit = 1 << colour_of[card], 1 << rank_of[card]
        takes = [pair for pair, c, r in offers if c & colour_bit or r & rank_bit]
        blocked = blocked or not takes  # fact 1: it can never leave
        squares = 0
        for pair in takes:
            squares |= pair
        lonely.append((square, squares, takes))
    return blocked, lonely


def _prospects(cards: int, lonely: list[tuple[int, int, list[int]]], meeting: list[int]
               ) -> Prospects:
    """The :data:`Prospects` of a board of *cards* cards, from its cards in no live pair
    and the cards of the pairs meeting on each third square."""
    meeting_cards = 0
    for cards_there in meeting:
        meeting_cards |= cards_there
    watched = 0
    for square, squares, _ in lonely:
        watched |= 1 << square | squares
    return (cards, lonely, meeting, meeting_cards,
            sum(bin(cards_there).count("1") - 2 for cards_there in meeting), watched, {})


#: What :meth:`Cut.prospects` finds: the cards on the board; the cards in no live pair
#: (square, the squares of the pairs that could take it, those pairs as bit masks of two
#: squares); the cards of the pairs that meet on each square where two live pairs are
#: completed by one card, all those cards, and how many extra cards they count for; the
#: squares of the cards in no live pair and of their pairs, and fact 2's answers by the
#: part of those squares a shift empties.
Prospects = tuple[int, list[tuple[int, int, list[int]]], list[int], int, int, int,
                  dict[int, bool]]


def child_cut(prospects: Prospects, emptied: int, gone: int) -> bool:
    """True when the position a shift leads to is blocked by fact 1 or fact 3 of
    :meth:`Cut.examine`, read off the :meth:`Cut.prospects` of the position it
    came from; *emptied* is the bit mask of the squares of the cards that leave (the
    shifted card's square among them), *gone* how many they are. A proof, by the reasons
    given in :meth:`Cut.prospects`; False proves nothing."""
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


def _live(colour: int, wanted: tuple[tuple[int, int], ...], colours: list[int],
          ranks: list[int]) -> bool:
    """Whether some card besides a pair's own completes it: a third card of the pair's
    colour (*colour* -1: the pair is not of one colour), or a card of a *wanted* rank
    beyond the pair's *own* cards of that rank."""
    if colour >= 0 and colours[colour] >= 3:
        return True
    return any(ranks[rank] > own for rank, own in wanted)


def _meetings(here: list[tuple[int, int, int]], pair: int, colour: int, rank_bits: int,
              cells: Cells, occupied: list[int], present: int, by_colour: list[int]) -> int:
    """The squares of *pair* and of the live pairs *here* (met before on the same third
    square, as (colour, ranks, squares)) that it meets there, or 0 when it meets none.
    The masks sieve quickly; :func:`_completes_both` keeps the pairs' own cards out."""
    met = 0
    for c, r, other in here:
        if (c == colour >= 0 or r & rank_bits & present or
                c >= 0 and by_colour[c] & rank_bits or
                colour >= 0 and by_colour[colour] & r) and \
                _completes_both(cells, occupied, other | pair, c, r, colour, rank_bits):
            met |= other | pair
    return met


def _completes_both(cells: Cells, occupied: list[int], pairs: int, colour: int,
                    ranks: int, other_colour: int, other_ranks: int) -> bool:
    """Whether a card on *occupied* off the squares *pairs* (a bit mask) completes two
    pairs on their third square: it is of *colour* (-1: none) or of a rank in *ranks*, and
    of *other_colour* or a rank in *other_ranks*. The card a shift brings there is never
    one of the pairs' own: those stay put until the shift takes them."""
    colour_of, rank_of = COLOUR_OF, RANK_OF
    for square in occupied:
        if pairs >> square & 1:
            continue
        card = cells[square]
        card_colour, rank_bit = colour_of[card], 1 << rank_of[card]
        if (card_colour == colour or ranks & rank_bit) and \
                (card_colour == other_colour or other_ranks & rank_bit):
            return True
    return False


#: How many steps the exact search of fact 2 (Cut.blocked) may take before it gives up
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


def _pairs(orientations: tuple[LineOrientation, ...]) -> tuple[tuple[Pair, ...], ...]:
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
