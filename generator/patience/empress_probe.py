"""A quick search for a win of the Empress of India, tried before the complete search.

The complete search (:mod:`.solver`) must build every one of the hundreds of advance
pairings of each position it expands; with four packs most deals can be won, and a win
is found much sooner by a search that looks only at the few likeliest moves. This probe
is such a search: a beam search over a flat copy of the position (cells and piles as
lists of small integers, no :class:`~.engine.State` or :class:`~.engine.PatienceMove` until a win
is written out), run several times with the stock dealt out at different moments.

A probe only ever finds wins, so it cannot make a verdict wrong: it can say "won" or
nothing, and the line it finds is replayed through the game's own move checker
(:meth:`~.engine.Patience.replay`) before it is believed. "Lost" still needs the complete
search.

The flat position mirrors :class:`~.empress.Empress` exactly: cells 0-23 are the Army
(A1-A24), 24-47 the Navy (N1-N24); a cell holds nothing, one card, or a couple (bottom,
top); each suit's four foundations are kept as their heights (cards on the pile, the
foundation card included), since only the heights decide what fits and which pile of a
suit takes a card is for the move checker to choose.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import cards as C
from .engine import PatienceMove, PatienceMoveKind, State
from .clock import TimeLimit
from .probe_budget import ProbeBudget

if TYPE_CHECKING:
    from .empress import Empress

#: For each card code: its place in its suit's building order (the foundation card is 0).
_AT = [0] * 52
for _c in range(52):
    _rank = C.rank(_c)
    if C.is_red(_c):
        _AT[_c] = (13, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1).index(_rank) if _rank not in (11,) \
            else 99
    else:
        _AT[_c] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13).index(_rank) if _rank != 12 else 99
_SUIT = [c // 13 for c in range(52)]
_RED = [c // 13 >= 2 for c in range(52)]
#: A cell holding no card; a couple is bottom * 64 + top + 64 (always >= 64).
EMPTY = -1
ARMY = range(24)
NAVY = range(24, 48)


class EmpressFlat:
    """One position, mutable; :meth:`copy` before changing a position another holds."""

    __slots__ = ("cells", "heights", "red", "black", "stock", "found")

    def __init__(self, cells: list[int], heights: list[list[int]], red: list[int],
                 black: list[int], stock: list[int], found: int) -> None:
        self.cells = cells
        self.heights = heights
        self.red = red
        self.black = black
        self.stock = stock
        self.found = found

    def copy(self) -> EmpressFlat:
        return EmpressFlat(self.cells[:], [h[:] for h in self.heights], self.red[:],
                           self.black[:], self.stock[:], self.found)

    def key(self) -> tuple[object, ...]:
        return (tuple(sorted(self.cells[:24])), tuple(sorted(self.cells[24:])),
                tuple(tuple(sorted(h)) for h in self.heights), tuple(self.red),
                tuple(self.black), len(self.stock))

    # --- rules (as Empress.attempt, without the checks the callers make) -----------------

    def fits(self, c: int) -> bool:
        return _AT[c] in self.heights[_SUIT[c]]

    def need(self, c: int) -> int:
        at = _AT[c]
        return min((at - h for h in self.heights[_SUIT[c]] if h <= at), default=99)

    def needs(self) -> list[list[int]]:
        """:meth:`need` for every card at once: ``needs()[suit][place]``, the place in the
        suit's building order (99 past the last pile)."""
        table = []
        for hs in self.heights:
            row = [99] * 12
            for h in hs:
                for at in range(h, 12):
                    if at - h < row[at]:
                        row[at] = at - h
            table.append(row)
        return table

    def _up(self, c: int) -> None:
        h = self.heights[_SUIT[c]]
        h[h.index(_AT[c])] += 1
        self.found += 1

    def refill(self, cell: int) -> None:
        want_red = cell < 24
        talon = self.red if want_red else self.black
        if talon:
            self.cells[cell] = talon.pop()
            return
        other = self.black if want_red else self.red
        stock = self.stock
        while stock:
            c = stock.pop()
            if _RED[c] == want_red:
                self.cells[cell] = c
                return
            other.append(c)
        self.cells[cell] = EMPTY

    def pair(self, a: int, n: int) -> None:
        self._up(self.cells[a])
        self._up(self.cells[n])
        self.refill(a)
        self.refill(n)

    def play_couple(self, cell: int) -> None:
        v = self.cells[cell] - 64
        self._up(v >> 6)
        self._up(v & 63)
        self.refill(cell)

    def lay(self, src: int, dst: int) -> None:
        self.cells[dst] = 64 + (self.cells[dst] << 6) + self.cells[src]
        self.refill(src)

    def deal(self) -> None:
        stock = self.stock
        while stock:
            c = stock.pop()
            (self.red if _RED[c] else self.black).append(c)


def flat(game: Empress, state: State) -> EmpressFlat:
    """The flat copy of an Empress position."""
    p = state.piles
    cells = []
    for i in game.army + game.navy:
        pile = p[i]
        cells.append(EMPTY if not pile else pile[0] if len(pile) == 1
                     else 64 + (pile[0] << 6) + pile[1])
    heights: list[list[int]] = [[], [], [], []]
    found = 0
    for f in game.admirals + game.generals:
        heights[p[f][0] // 13].append(len(p[f]))
        found += len(p[f])
    return EmpressFlat(cells, heights, list(p[game.red]), list(p[game.black]), list(p[game.stock]),
                found)


def _name(cell: int) -> str:
    return f"A{cell + 1}" if cell < 24 else f"N{cell - 23}"


#: A step of a line: (PAIR, army cell, navy cell), (COUPLE, cell), (LAY, source, target)
#: or (DEAL,).
Step = tuple[int, ...]
PAIR, COUPLE, LAY, DEAL = range(4)


def to_moves(steps: list[Step]) -> tuple[PatienceMove, ...]:
    """The line in the game's notation."""
    out = []
    for step in steps:
        if step[0] == PAIR:
            out.append(PatienceMove(PatienceMoveKind.PAIR, _name(step[1]), _name(step[2])))
        elif step[0] == COUPLE:
            out.append(PatienceMove(PatienceMoveKind.MOVE, _name(step[1]), "F"))
        elif step[0] == LAY:
            out.append(PatienceMove(PatienceMoveKind.LAY, _name(step[1]), _name(step[2])))
        else:
            out.append(PatienceMove(PatienceMoveKind.DEAL))
    return tuple(out)


def play_all(pos: EmpressFlat, steps: list[Step]) -> None:
    """Plays every couple and fresh pair that fits, until none is left."""
    cells = pos.cells
    while True:
        moved = False
        for cell in range(48):
            v = cells[cell]
            if v >= 64:
                v -= 64
                if pos.fits(v >> 6) and pos.fits(v & 63):
                    pos.play_couple(cell)
                    steps.append((COUPLE, cell))
                    moved = True
        red = [i for i in ARMY if 0 <= cells[i] < 64 and pos.fits(cells[i])]
        if red:
            black = [i for i in NAVY if 0 <= cells[i] < 64 and pos.fits(cells[i])]
            if black:
                # The lowest need after the play decides nothing here: any wanted pair
                # is as good as another for the probe.
                pos.pair(red[0], black[0])
                steps.append((PAIR, red[0], black[0]))
                moved = True
        if not moved:
            return


def lays(pos: EmpressFlat, width: int, sides: bool = False) -> list[tuple[int, int, int]]:
    """The *width* likeliest advance pairings (score, source, target), best first, equal
    scores in cell order: the couple's two cards wanted soonest and at about the same
    time, laid so that the side that has no wanted card is the one refilled. One cell
    stands for each card value (equal cards give the same position). With *sides*, the
    best half of *width* laid from each side that can still be refilled."""
    cells = pos.cells
    # Cells by how soon their card is wanted: {need: [cells, in order]}.
    red: dict[int, list[int]] = {}
    black: dict[int, list[int]] = {}
    seen: set[int] = set()
    table = pos.needs()
    for side, cell_range in ((red, ARMY), (black, NAVY)):
        for i in cell_range:
            v = cells[i]
            if 0 <= v < 64 and v not in seen:
                seen.add(v)
                at = _AT[v]
                need = table[_SUIT[v]][at] if at < 12 else 99
                if need < 99:
                    side.setdefault(need, []).append(i)
    if not red or not black:
        return []
    red_ready = 2 if 0 in red else 0
    black_ready = 2 if 0 in black else 0
    # The score depends on the two needs only: rank the pairs of needs, then take cells
    # from the best until *width* pairings are found (all of a score, to keep cell order).
    from_army: Levels = {}
    from_navy: Levels = {}
    for nr, reds in red.items():
        for nb, blacks in black.items():
            base = 4 * max(nr, nb) + abs(nr - nb)
            # Dig where nothing is wanted: laying the Army card refills the Army.
            from_army.setdefault(base + red_ready, []).append((reds, blacks))
            from_navy.setdefault(base + black_ready, []).append((blacks, reds))
    if not sides:
        for score, pairs in from_navy.items():
            from_army.setdefault(score, []).extend(pairs)
        return _best(from_army, width)
    half = (width + 1) // 2
    out = []
    if pos.stock or pos.red:
        out += _best(from_army, half)
    if pos.stock or pos.black:
        out += _best(from_navy, half)
    out.sort()
    return out


#: Pairings by score: {score: [(source cells, target cells)]}, any source on any target.
Levels = dict[int, list[tuple[list[int], list[int]]]]


def _best(levels: Levels, width: int) -> list[tuple[int, int, int]]:
    """The *width* best (score, source, target) of *levels*, in that order."""
    out: list[tuple[int, int, int]] = []
    for score in sorted(levels):
        level = []
        for sources, targets in levels[score]:
            taken = 0
            for src in sources:
                for dst in targets:
                    level.append((score, src, dst))
                    taken += 1
                    if taken >= width:
                        break
                if taken >= width:
                    break
        level.sort()
        out += level[:width - len(out)]
        if len(out) >= width:
            break
    return out


def shaped(pos: EmpressFlat) -> int:
    """How promising a position looks to the probe: cards up first, then couples that
    will fit soon, then wanted single cards."""
    v = pos.found * 1000
    table = pos.needs()
    for c in pos.cells:
        if c >= 64:
            c -= 64
            a, b = c >> 6, c & 63
            v -= 6 * max(table[_SUIT[a]][_AT[a]], table[_SUIT[b]][_AT[b]]) + 10
        elif c >= 0 and pos.fits(c):
            v += 3
    return v


def plain(pos: EmpressFlat) -> int:
    """Cards up and nothing else: among equals the beam keeps the order of :func:`lays`,
    so a beam one wide plays the likeliest pairing each time."""
    return pos.found


def roomy(pos: EmpressFlat) -> int:
    """Cards up, then single cards in the cells (room to pair and to play)."""
    return pos.found * 100 + sum(1 for c in pos.cells if 0 <= c < 64)


def beam(start: EmpressFlat, *, width: int, branch: int, deal_from: int,
         budget: Callable[[int], bool], value: Callable[[EmpressFlat], int] = shaped,
         sides: bool = False) -> list[Step] | None:
    """A beam search from *start*: *width* positions kept a level (the best by *value*),
    each extended by its *branch* likeliest pairings after playing all it can; the stock
    may be dealt out once *deal_from* cards are up (and always when no pairing is left).
    *budget* is asked with the positions expanded so far and says whether to go on;
    *sides* goes to :func:`lays`. The line to a win, or None."""
    first: list[Step] = []
    pos = start.copy()
    play_all(pos, first)
    level: list[tuple[EmpressFlat, list[Step]]] = [(pos, first)]
    seen = {pos.key()}
    expanded = 0
    while level:
        children: list[tuple[int, int, EmpressFlat, list[Step]]] = []
        for pos, steps in level:
            if pos.found == 192:
                return steps
            expanded += 1
            if not budget(expanded):
                return None
            options: list[Step] = [(LAY, s, d) for _, s, d in lays(pos, branch, sides)]
            if pos.stock and (pos.found >= deal_from or not options):
                options.append((DEAL,))
            for option in options:
                child = pos.copy()
                line = steps + [option]
                if option[0] == LAY:
                    child.lay(option[1], option[2])
                else:
                    child.deal()
                play_all(child, line)
                k = child.key()
                if k in seen:
                    continue
                seen.add(k)
                children.append((-value(child), len(children), child, line))
        children.sort(key=lambda t: (t[0], t[1]))
        level = [(c, line) for _, _, c, line in children[:width]]
    return None


#: The probe's tries, in order: (beam width, pairings a position, cards up before the
#: stock may be dealt out, the value that ranks a level, pairings from each side). A wide
#: beam finds more but costs more; dealing out early or late, the three values and the
#: two ways of choosing pairings each win deals the others miss. The order was chosen
#: over deals 0-79 (each try run alone on each deal): each next try is the one that won
#: the most deals still unwon for the positions it cost them, within 15,000 a deal; the
#: last, widest try is there for deals that need more.
TRIES: tuple[tuple[int, int, int, Callable[[EmpressFlat], int], bool], ...] = (
    (1, 3, 999, plain, False), (1, 3, 16, roomy, True), (1, 3, 60, shaped, False),
    (1, 3, 16, shaped, False), (4, 3, 999, roomy, True), (1, 3, 999, shaped, False),
    (4, 3, 16, shaped, False), (1, 3, 16, shaped, True), (1, 3, 60, roomy, False),
    (16, 3, 16, plain, True), (4, 3, 999, shaped, False), (16, 2, 16, shaped, False),
    (16, 2, 16, roomy, True), (48, 3, 999, plain, True), (16, 3, 16, roomy, True),
    (48, 3, 16, shaped, False), (48, 3, 999, shaped, False), (48, 3, 16, plain, False),
    (128, 3, 16, plain, True))


def probe(game: Empress, state: State, *, nodes: int | None,
          seconds: float | TimeLimit | None) -> tuple[tuple[PatienceMove, ...] | None, int]:
    """A winning line from *state*, or None; and the positions expanded. Stops after
    *nodes* positions or *seconds*.

    The probe's moves are pairings in advance, so it runs only with the switch
    ``advance_pairing`` on. Under the seed's rule (a pair goes up at once) it gives up at
    once: the only choice left is which fitting pair to play (and, with ``deal_at_will``,
    when to deal out the stock), and the complete search, which plays every pair once the
    stock is out (:meth:`~.empress.Empress.safe_move`), decides a deal sooner than a beam
    over those choices finds a win (over deals 20-79 at 10 s, with the deal at will, a
    beam of them won no deal the complete search missed and cost up to 7 s a deal)."""
    if not game.switches.advance_pairing:
        return None, 0
    budget = ProbeBudget(nodes, seconds)
    start = flat(game, state)
    for width, branch, deal_from, value, sides in TRIES:
        attempt = budget.attempt()
        line = beam(start, width=width, branch=branch, deal_from=deal_from, budget=attempt,
                    value=value, sides=sides)
        attempt.close()
        if line is not None:
            return to_moves(line), budget.used
        if not budget.allows(1):
            break
    return None, budget.used
