"""The Besieged City (Cadogan; seed 004 «Осажденный городъ»; other_games.md 2.3): two packs,
a Reserve of twelve cards in four rows of three, fourteen crossways Ramparts round it and four
foundations in the corners.

How the engine reads the rules (the Roman numbers are those of seed 004's rules):

- Each foundation takes all 26 cards of one suit in the zig-zag order
  ``A K 2 Q 3 J 4 10 5 9 6 8 7 7 8 6 9 5 10 4 J 3 Q 2 K A`` (:data:`ORDER`; the second half
  mirrors the first, which is other_games.md's inference from "it ends on an ace"). The
  first ace of a suit to appear starts an empty foundation.
- Foundations are fed from rampart tops (``W1>F``) and from the stock card just turned
  (``stock>F``) (I); a turned card that is not played goes to the talon (``stock>talon``).
- Rampart tops pack on each other in suit, one rank up or down (ace low, no wrap) or next to
  each other in :data:`ORDER` (Q on 2, J on 3 and back), mixing both freely (II). Switch
  ``seven_on_seven`` (default on; the text is unclear): the two sevens, neighbours at the
  turn of the order, may pack on each other.
- A Reserve card (``R23``: row 2, column 3) packs only on the ramparts at the ends of its
  own row (W2, E2) and at the sides, the ends of its own column (T3, S3) (III: "только на
  карты, находящіяся по концамъ или сторонамъ той линіи, съ которой онѣ взяты"); the seed
  knows no exception, and neither does the engine by default.
- A rampart gap is filled from the Reserve with a card of the row or column it closes (IV);
  while that line holds a Reserve card, the gap is filled before anything else (Cadogan's
  "at once"); a gap whose line has no Reserve card left stays empty. A Reserve gap is
  refilled at once from the talon, or from the stock when the talon is empty (V). Talon
  cards reach play only through the Reserve (I).
- Switch ``transposition`` (default off; a variant: Cadogan's, not in seed 004): once the
  talon and the stock are both exhausted, Reserve cards may change places, so a Reserve
  card may pack on, or fill, any rampart. It is a choice: the engine folds each change of
  places into the move it allows, and a gap must be filled only when the Reserve holds more
  cards than the places off the gap's line (with more, some card is in that line wherever
  the player puts them; with fewer, the player may empty the line first).
- Switch ``house_swaps`` (default off; a house rule, looser than both sources): the same
  as soon as the stock is out, with the talon still full. No redeal.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import ClassVar

from ..errors import ReasonCode, Refusal
from . import cards as C
from .besieged_shuffles import Arrangement, Component, Shuffles
from .clock import TimeLimit
from .engine import Patience, PatienceMove, PatienceMoveKind, Single, State
from .tableau import Role, Slot, Tableau

#: The ranks of a foundation from bottom to top.
ORDER = (1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7, 7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1)
ROWS, COLS = 4, 3
#: _DUE[n][rank]: where in :data:`ORDER` a card of *rank* is wanted next by a foundation
#: holding n cards (len(ORDER) when never again).
_DUE = tuple(tuple(next((i for i in range(n, len(ORDER)) if ORDER[i] == r), len(ORDER))
                   for r in range(14)) for n in range(len(ORDER) + 1))


#: _LAST[n][rank]: the last place in :data:`ORDER` where a foundation holding n cards still
#: wants a card of *rank* (-1 when never again).
_LAST = tuple(tuple(max((i for i in range(n, len(ORDER)) if ORDER[i] == r), default=-1)
                    for r in range(14)) for n in range(len(ORDER) + 1))


#: _CODES[suit][rank]: the card's code.
_CODES = tuple(tuple(C.of(r, s) if r else -1 for r in range(14)) for s in range(4))


def _tableau() -> Tableau:
    slots = [Slot("F1", 0, 0, 0, Role.FOUNDATION), Slot("F2", 4, 0, 0, Role.FOUNDATION),
             Slot("F3", 0, 5, 0, Role.FOUNDATION), Slot("F4", 4, 5, 0, Role.FOUNDATION)]
    slots += [Slot(f"R{r}{c}", c, r, 0, Role.RESERVE)
              for r in range(1, ROWS + 1) for c in range(1, COLS + 1)]
    slots += [Slot(f"T{c}", c, 0, 90, Role.RAMPART, "B" if c == 1 else "")
              for c in range(1, COLS + 1)]
    slots += [Slot(f"W{r}", 0, r, 90, Role.RAMPART, "A" if r == 1 else "")
              for r in range(1, ROWS + 1)]
    slots += [Slot(f"E{r}", 4, r, 90, Role.RAMPART, "C" if r == 1 else "")
              for r in range(1, ROWS + 1)]
    slots += [Slot(f"S{c}", c, 5, 90, Role.RAMPART, "D" if c == 1 else "")
              for c in range(1, COLS + 1)]
    # The talon and stock stand one column right of the ramparts E1-E4, beside the middle
    # rows: a picture of the table is taller than wide, so a column at the side costs it
    # no size on a page, where a row below would (review of the patience booklets, 6).
    slots += [Slot("talon", 5.0, 2, 0, Role.TALON), Slot("stock", 5.0, 3.5, 0, Role.STOCK)]
    return Tableau(tuple(slots))


@dataclass(frozen=True)
class BesiegedSwitches:
    #: The two sevens of a suit may pack on each other.
    seven_on_seven: bool = True
    #: Cadogan's variant: once talon and stock are both out, Reserve cards may change places.
    transposition: bool = False
    #: A house rule: once the stock is out (talon or not), Reserve cards may change places.
    house_swaps: bool = False


def _neighbours(seven_on_seven: bool) -> frozenset[tuple[int, int]]:
    pairs = {(r, r + 1) for r in range(1, 13)}
    pairs |= {(ORDER[i], ORDER[i + 1]) for i in range(12)}
    if seven_on_seven:
        pairs.add((7, 7))
    return frozenset(pairs | {(b, a) for a, b in pairs})


class Besieged(Patience):
    name = "besieged-city"
    title = "The Besieged City"
    packs = 2
    tableau = _tableau()
    goal = 104
    dealt: ClassVar[dict[Role, int]] = {Role.FOUNDATION: 0, Role.RESERVE: 12,
                                        Role.RAMPART: 14, Role.TALON: 0, Role.STOCK: 78}
    Switches = BesiegedSwitches
    switches: BesiegedSwitches

    def __init__(self, switches: BesiegedSwitches | None = None) -> None:
        super().__init__(switches)
        ix = self.index
        self.reserve = tuple(ix[s.id] for s in self.tableau.with_role(Role.RESERVE))
        self.ramparts = tuple(ix[s.id] for s in self.tableau.with_role(Role.RAMPART))
        self.talon, self.stock = ix["talon"], ix["stock"]
        self.neighbours = _neighbours(self.switches.seven_on_seven)
        self._counts: dict[tuple[int, ...], frozenset[int]] = {}
        # _packs[c][u]: card c packs on card u (rule II), asked for every pair of tops in
        # every position the solver meets.
        self._packs = tuple(tuple(C.suit(c) == C.suit(u) and (C.rank(c), C.rank(u))
                                  in self.neighbours for u in range(52)) for c in range(52))
        #: The ranks each rank packs on.
        self.next_to = tuple(tuple(r for r in range(1, 14) if (rank, r) in self.neighbours)
                             for rank in range(14))
        # The ramparts that close each Reserve place's row and column.
        self.lines: dict[int, frozenset[int]] = {}
        for r in range(1, ROWS + 1):
            for c in range(1, COLS + 1):
                self.lines[ix[f"R{r}{c}"]] = frozenset(
                    ix[k] for k in (f"W{r}", f"E{r}", f"T{c}", f"S{c}"))
        self.closes = {rampart: tuple(p for p in self.reserve if rampart in self.lines[p])
                       for rampart in self.ramparts}
        #: How many Reserve places lie off the line a rampart closes (9 for a row, 8 for a
        #: column).
        self.off_line = {rampart: len(self.reserve) - len(self.closes[rampart])
                         for rampart in self.ramparts}
        self.row_ends = tuple(ix[f"{side}{r}"] for side in "WE" for r in range(1, ROWS + 1))
        self.column_ends = tuple(ix[f"{side}{c}"] for side in "TS" for c in range(1, COLS + 1))
        self._shuffles = Shuffles(self._packs)
        self.twins = tuple((ix[f"W{r}"], ix[f"E{r}"]) for r in range(1, ROWS + 1)) + tuple(
            (ix[f"T{c}"], ix[f"S{c}"]) for c in range(1, COLS + 1))

    def deal(self, seed: int) -> State:
        deck = C.shuffled(self.packs, seed)
        piles: list[tuple[int, ...]] = [()] * len(self.index)
        for i in self.reserve + self.ramparts:
            piles[i] = (deck.pop(),)
        piles[self.stock] = tuple(deck)
        return State(tuple(piles))

    # --- rules -----------------------------------------------------------------------------

    def _free_places(self, state: State) -> bool:
        """True when Reserve cards may change places (switch ``transposition`` once talon
        and stock are out, switch ``house_swaps`` once the stock is out), so that a Reserve
        card is no longer bound to its own line."""
        piles = state.piles
        if piles[self.stock]:
            return False
        return self.switches.house_swaps or (self.switches.transposition
                                             and not piles[self.talon])

    def _reaches(self, state: State, reserve: int, rampart: int) -> bool:
        return rampart in self.lines[reserve] or self._free_places(state)

    def _must_fill(self, state: State, gap: int) -> bool:
        """Whether the rampart gap *gap* must be filled before anything else: while its line
        holds a Reserve card (rule IV); once the places are free, while the Reserve holds
        more cards than there are places off that line, since then some card lies in it
        however the player arranges them."""
        piles = state.piles
        if self._free_places(state):
            return sum(1 for p in self.reserve if piles[p]) > self.off_line[gap]
        return any(piles[p] for p in self.closes[gap])

    def _pending_gap(self, state: State) -> int | None:
        """The rampart gap that must be filled now, if any. There is never more than one: a
        gap opens one move at a time and, when it must be filled, only its filling is legal;
        and a gap that need not be filled when it opens never must later, since lines and
        the Reserve only lose cards once the Reserve is no longer refilled."""
        for g in self.ramparts:
            if not state.piles[g] and self._must_fill(state, g):
                return g
        return None

    def _foundation_fit(self, state: State, f: int, c: int) -> Refusal | None:
        pile = state.piles[f]
        slot = self.tableau.ids[f]
        if not pile:
            if C.rank(c) != C.LOW_ACE:
                return Refusal(f"{slot} is empty and starts with an ace", ReasonCode.NOT_NEXT)
            for other in self.foundations:
                if state.piles[other] and C.suit(state.piles[other][0]) == C.suit(c):
                    return Refusal(f"{self.tableau.ids[other]} already holds "
                                   f"{C.SUITS[C.suit(c)].name.lower()}", ReasonCode.NOT_NEXT)
            return None
        if C.suit(pile[0]) != C.suit(c):
            return Refusal(f"{slot} holds {C.SUITS[C.suit(pile[0])].name.lower()}",
                           ReasonCode.NOT_NEXT)
        if len(pile) == len(ORDER):
            return Refusal(f"{slot} is complete", ReasonCode.NOT_NEXT)
        want = ORDER[len(pile)]
        if C.rank(c) != want:
            return Refusal(f"{slot} wants a {C.name(C.of(want, C.suit(c)))[:-1]} next, not "
                           f"{C.name(c)}", ReasonCode.NOT_NEXT)
        return None

    def _packs_on(self, c: int, under: int) -> bool:
        return self._packs[c][under]

    def candidates(self, state: State) -> Iterable[PatienceMove]:
        gap = self._pending_gap(state)
        if gap is not None:
            yield from self._gap_fills(state, gap)
            return
        # Only moves that pass the cheap checks: a solver asks this in every position.
        yield from self._foundation_plays(state)
        yield from self._reserve_packs(state)
        yield from self._rampart_packs(state)
        if state.piles[self.stock]:
            yield PatienceMove(PatienceMoveKind.MOVE, "stock", "talon")

    def _gap_fills(self, state: State, gap: int) -> Iterable[PatienceMove]:
        ids = self.tableau.ids
        for p in self.reserve:
            if state.piles[p] and self._reaches(state, p, gap):
                yield PatienceMove(PatienceMoveKind.MOVE, ids[p], ids[gap])

    def _foundation_plays(self, state: State) -> Iterable[PatienceMove]:
        """Each rampart top and the stock card to the first foundation that takes it."""
        ids, piles = self.tableau.ids, state.piles
        # The card each foundation takes (:meth:`_foundation_fit`, asked once a foundation
        # instead of once a card).
        takes = self._takes(state)
        for src in self.ramparts + (self.stock,):
            if piles[src] and piles[src][-1] in takes:
                yield PatienceMove(PatienceMoveKind.MOVE, ids[src], ids[takes[piles[src][-1]]])

    def _reserve_packs(self, state: State) -> Iterable[PatienceMove]:
        """Reserve cards onto the rampart tops they reach, and, once the places are free,
        into the gaps that need not be filled (a gap that must be is :meth:`_gap_fills`',
        and one whose line is empty otherwise takes no card)."""
        ids, piles = self.tableau.ids, state.piles
        free = self._free_places(state)
        for p in self.reserve:
            if piles[p]:
                for r in self.ramparts:
                    if not self._reaches(state, p, r):
                        continue
                    if (piles[r] and self._packs_on(piles[p][-1], piles[r][-1])) or (
                            free and not piles[r]):
                        yield PatienceMove(PatienceMoveKind.MOVE, ids[p], ids[r])

    def _rampart_packs(self, state: State) -> Iterable[PatienceMove]:
        ids = self.tableau.ids
        for src in self.ramparts:
            if state.piles[src]:
                for dst in self.ramparts:
                    if dst != src and state.piles[dst] and self._packs_on(
                            state.piles[src][-1], state.piles[dst][-1]):
                        yield PatienceMove(PatienceMoveKind.MOVE, ids[src], ids[dst])

    def attempt(self, state: State, move: PatienceMove) -> State | Refusal:
        if move.kind is PatienceMoveKind.DEAL:
            return Refusal("turn the stock one card at a time: stock>F or stock>talon",
                           ReasonCode.NO_SUCH_PLAY)
        if move.kind is not PatienceMoveKind.MOVE:
            return Refusal("The Besieged City has no paired plays; write SRC>DST",
                           ReasonCode.NO_SUCH_PLAY)
        if move.target == "F":
            return self.first_foundation(state, move)
        single = self.single(state, move)
        if isinstance(single, str):
            return single
        gap = self._pending_gap(state)
        if gap is not None and not (single.dst == gap and single.src_role is Role.RESERVE):
            return self._gap_first(state, gap)
        why = self._refusal(state, move, single)
        if why:
            return why
        src, dst = single.src, single.dst
        after = self.moved(state, {src: state.piles[src][:-1],
                                   dst: state.piles[dst] + (single.card,)})
        if single.src_role is Role.RESERVE:
            after = self._refill(after, src)
        return after

    def _refusal(self, state: State, move: PatienceMove, single: Single) -> Refusal | None:
        """Why the card may not go where *move* puts it, by the role of the destination."""
        src_role, dst_role = single.src_role, single.dst_role
        if dst_role is Role.FOUNDATION:
            if src_role not in (Role.RAMPART, Role.STOCK):
                return Refusal("only rampart tops and the turned stock card go to a "
                               "foundation" + ("; Reserve cards pass through a rampart first"
                                               if src_role is Role.RESERVE else ""),
                               ReasonCode.WRONG_SLOT)
            return self._foundation_fit(state, single.dst, single.card)
        if dst_role is Role.TALON:
            return None if src_role is Role.STOCK else Refusal(
                "only the turned stock card goes to the talon", ReasonCode.WRONG_SLOT)
        if dst_role is Role.RAMPART:
            return self._rampart_refusal(state, move, single)
        return Refusal(f"nothing is moved to {move.target}", ReasonCode.WRONG_SLOT)

    def _gap_first(self, state: State, gap: int) -> Refusal:
        ids = self.tableau.ids
        where = "row" if gap in self.row_ends else "column"
        if self._free_places(state):
            return Refusal(f"the rampart gap {ids[gap]} must be filled first, with a Reserve "
                           f"card (rule IV: the Reserve holds more cards than the places off "
                           f"its {where}, so one of them lies in it)", ReasonCode.GAP_FIRST)
        line = ", ".join(f"{ids[p]} {C.name(state.piles[p][-1])}"
                         for p in self.closes[gap] if state.piles[p])
        return Refusal(f"the rampart gap {ids[gap]} must be filled first, with a Reserve card "
                       f"of its {where} ({line}) (rule IV)", ReasonCode.GAP_FIRST)

    def _line_refusal(self, state: State, single: Single) -> Refusal:
        """Why a Reserve card may not go to a rampart off its line (rule III)."""
        ids = self.tableau.ids
        own = [ids[r] for r in self.row_ends + self.column_ends if r in self.lines[single.src]]
        why = (f"{C.name(single.card)} from {ids[single.src]} goes only onto the ramparts "
               f"at the ends of its own row and column, {', '.join(own[:-1])} or {own[-1]}, "
               f"not {ids[single.dst]} (rule III)")
        if self.switches.house_swaps:
            why += "; the Reserve cards change places only once the stock is out"
        elif self.switches.transposition:
            why += ("; the Reserve cards change places only once the talon and the stock are "
                    "both exhausted")
        return Refusal(why, ReasonCode.OFF_LINE)

    def _rampart_refusal(self, state: State, move: PatienceMove,
                         single: Single) -> Refusal | None:
        under, c = state.piles[single.dst], single.card
        if single.src_role is Role.RESERVE:
            if not self._reaches(state, single.src, single.dst):
                return self._line_refusal(state, single)
        elif single.src_role is Role.RAMPART:
            if not under:
                return Refusal(f"the gap {move.target} is filled from the Reserve",
                               ReasonCode.WRONG_SLOT)
        else:
            return Refusal("a rampart takes cards from the Reserve and other ramparts only",
                           ReasonCode.WRONG_SLOT)
        if under and not self._packs_on(c, under[-1]):
            return Refusal(f"{C.name(c)} does not pack on {C.name(under[-1])}: same suit, one "
                           f"rank apart or neighbours in the foundation order",
                           ReasonCode.DOES_NOT_PACK)
        return None

    def _refill(self, state: State, place: int) -> State:
        for source in (self.talon, self.stock):
            pile = state.piles[source]
            if pile:
                return self.moved(state, {place: (pile[-1],), source: pile[:-1]})
        return state

    #: The player's policy as a probe with half the limits, then the complete search with
    #: what is left. Under seed 004's rule the player (:mod:`.player`), which commits to one
    #: line, won 41 of the 64 deals of 0-199 that the complete search alone left unknown at
    #: 10 s (35 of them within 4 s). The probe comes first so that the player, which hands
    #: the solver the endgame once nothing is hidden (when the probe has nothing to do),
    #: still gives it one search with all its time. Weighed again at 10 s of CPU a deal
    #: (session 17, deals 0-99): 94 won with the probe, 83 with the complete search alone.
    solver_plan = (("probe", 0, 0.5), ("complete", 0, 1.0))

    def solver_probe(self, state: State, nodes: int | None,
                     seconds: float | TimeLimit | None
                     ) -> tuple[tuple[PatienceMove, ...] | None, int]:
        """The player's line from *state* (it sees only the face-up cards, and the solver
        replays its line before believing it), and the positions the player searched (its
        plans' and its final solve's: :attr:`~.player.PlayerResult.nodes`). The player gets
        the step's limits as they are: *nodes* positions in all (exactly: it stops once they
        are spent, so the complete search after it gets the rest of the budget), *seconds*
        of thinking, or both. So a search limited by positions runs the same probe as one
        limited by time and gives the same result on any machine. With no limit at all
        there is nothing to share and the complete search runs alone; nothing is left to
        probe once no card is hidden either (the player would only call the solver)."""
        if (TimeLimit.of(seconds).seconds is None and nodes is None) or \
                self.hidden(state) == 0:
            return None, 0
        from .player import play_blind  # the player calls the solver: imported when used
        played = play_blind(self, 0, seconds=seconds, nodes=nodes, start=state)
        return (played.moves if played.won else None), played.nodes

    def solver_moves(self, state: State) -> list[tuple[tuple[PatienceMove, ...], State]]:
        """Every legal move, none left out, in the order to try them: foundation plays,
        then turning the stock, then packing (the score picks among what follows).

        With :attr:`merge_shuffles` a position stands for its whole shuffle class
        (:mod:`.besieged_shuffles`): the shuffles of a merged suit are not edges; instead
        every move out of the class that touches that suit's piles is tried from every
        arrangement of the suit, its edge the shuffles there and the move. A move that
        touches no merged suit's piles is tried from this arrangement only: it leads into
        the same class from any other (docs/solvers.md, *Shuffle classes*)."""
        moves = self.successors(state)
        edges: list[tuple[tuple[PatienceMove, ...], State]] = [((m,), s) for m, s in moves]
        if self._merging(state):
            merged = [(slots, start, found) for slots, start, found in self._suit_classes(state)
                      if found is not None]
            mine = {i for slots, _, _ in merged for i in slots}
            edges = [(e, s) for e, s in edges if not self._is_shuffle(state, e[0], mine)]
            edges += self._class_exits(state, merged)
        ids, slots = self.index, self.tableau.slots
        turn = [e for e in edges if e[0][-1].target == "talon"]
        up = [e for e in edges if slots[ids[e[0][-1].target]].role is Role.FOUNDATION]
        rest = [e for e in edges if e[0][-1].target != "talon"
                and slots[ids[e[0][-1].target]].role is not Role.FOUNDATION]
        return up + turn + rest

    #: Whether the solver treats a shuffle class as one position (:meth:`solver_moves`,
    #: :meth:`packed`); off only to compare with the search without it.
    merge_shuffles: ClassVar[bool] = True

    def _merging(self, state: State) -> bool:
        """Whether *state* stands for its shuffle class: with :attr:`merge_shuffles`, while
        no gap must be filled (only then are shuffles legal), and while the key's one other
        exchange of ramparts is that of twins (talon or stock not out; the places not
        free), so that the class's name and the key's own merging agree. Shuffles change
        none of these, so every member of a class gets the same answer."""
        piles = state.piles
        return (self.merge_shuffles and bool(piles[self.talon] or piles[self.stock])
                and not self._free_places(state) and self._pending_gap(state) is None)

    def _twins_by_bottom(self, state: State) -> State:
        """*state* with the piles of each twin pair in the order of their bottoms (empty
        last): shuffles never change a bottom, so every member of a class is put in order
        the same way."""
        piles, swap = state.piles, {}
        for x, y in self.twins:
            bx = piles[x][0] if piles[x] else 255
            by = piles[y][0] if piles[y] else 255
            if by < bx:
                swap[x], swap[y] = piles[y], piles[x]
        return self.moved(state, swap) if swap else state

    def _suit_classes(self, state: State
                      ) -> list[tuple[tuple[int, ...], Arrangement, Component | None]]:
        """For each suit with a rampart pile whose bottom is of that suit: those ramparts,
        their piles, and the shuffle component of those piles (None when too big), whose
        least arrangement is taken with the piles of twins whose bottoms are equal in
        sorted order."""
        piles = state.piles
        out = []
        for suit in range(4):
            slots = tuple(r for r in self.ramparts if piles[r] and C.suit(piles[r][0]) == suit)
            if slots:
                start = tuple(piles[r] for r in slots)
                pairs = [(slots.index(x), slots.index(y)) for x, y in self.twins
                         if x in slots and y in slots and piles[x][0] == piles[y][0]]
                out.append((slots, start, self._shuffles.component(slots, start, pairs)))
        return out

    def _is_shuffle(self, state: State, move: PatienceMove, slots: set[int]) -> bool:
        src, dst = self.index.get(move.source), self.index[move.target]
        return (src in slots and dst in slots and len(state.piles[src]) > 1)

    def _class_exits(self, state: State,
                     merged: list[tuple[tuple[int, ...], Arrangement, Component]]
                     ) -> list[tuple[tuple[PatienceMove, ...], State]]:
        """The moves out of the shuffle class that touch a merged suit's piles, from every
        arrangement of that suit but the present one (whose moves :meth:`successors`
        gives): a top going up, a Reserve card packing on a top, a pile's last card
        packing on another top of its suit (which opens a gap)."""
        ids, piles = self.tableau.ids, state.piles
        takes = self._takes(state)
        free = self._free_places(state)
        out: list[tuple[tuple[PatienceMove, ...], State]] = []
        for slots, start, found in merged:
            suit = C.suit(start[0][0])
            reserve = [(p, piles[p][-1]) for p in self.reserve
                       if piles[p] and C.suit(piles[p][-1]) == suit]
            for member in found.reached:
                if member == start:
                    continue
                exits = []
                for k, pile in enumerate(member):
                    top, slot = pile[-1], slots[k]
                    if top in takes:
                        exits.append(PatienceMove(PatienceMoveKind.MOVE, ids[slot],
                                                  ids[takes[top]]))
                    for p, card in reserve:
                        if (free or slot in self.lines[p]) and self._packs[card][top]:
                            exits.append(PatienceMove(PatienceMoveKind.MOVE, ids[p], ids[slot]))
                    if len(pile) == 1:
                        for j, other in enumerate(member):
                            if j != k and self._packs[top][other[-1]]:
                                exits.append(PatienceMove(PatienceMoveKind.MOVE, ids[slot],
                                                          ids[slots[j]]))
                if not exits:
                    continue
                there = self.moved(state, dict(zip(slots, member)))
                way = tuple(PatienceMove(PatienceMoveKind.MOVE, ids[slots[a]], ids[slots[b]])
                            for a, b in found.path(start, member))
                for move in exits:
                    after = self.attempt(there, move)
                    if isinstance(after, State):
                        out.append((way + (move,), after))
        return out

    def _takes(self, state: State) -> dict[int, int]:
        """The card each foundation takes next, and which foundation: a started suit's next
        card; an ace of a suit not started, the first empty foundation."""
        piles = state.piles
        takes: dict[int, int] = {}
        started: set[int] = set()
        empty = None
        for f in self.foundations:
            pile = piles[f]
            if pile:
                suit = C.suit(pile[0])
                started.add(suit)
                if len(pile) < len(ORDER):
                    takes[_CODES[suit][ORDER[len(pile)]]] = f
            elif empty is None:
                empty = f
        if empty is not None:
            for suit in range(4):
                if suit not in started:
                    takes[_CODES[suit][C.LOW_ACE]] = empty
        return takes

    def score(self, state: State) -> int:
        """Three points a card on the foundations, less one for each rampart card lying
        on a card of its packet that its foundation wants sooner: such a card must be moved
        again before the one under it can go up, and a position full of them is one the
        ramparts cannot clear at the end. (Counting cards alone, the search reached 56 of
        104 cards on average over deals 0-99 and won none; with this score it won deals
        0-19 within 3,000 positions each, both measured when the house rule ``house_swaps``
        was the default.)"""
        piles = state.piles
        length = [0, 0, 0, 0]
        for f in self.foundations:
            if piles[f]:
                length[C.suit(piles[f][0])] = len(piles[f])
        blocked = 0
        for r in self.ramparts:
            soonest = len(ORDER)
            for c in piles[r]:
                due = _DUE[length[C.suit(c)]][C.rank(c)]
                if due > soonest:
                    blocked += 1
                else:
                    soonest = due
        return 3 * self.on_foundations(state) - blocked

    def dead_end(self, state: State) -> bool:
        """True when some rampart card that is not its pile's bottom can never go up (two
        tests, each proved here).

        **Proof.** A rampart pile gets cards only on its top: a Reserve card or another
        rampart's top packs on it (same suit, neighbours), or a Reserve card fills it when it
        is empty (rule IV; a rampart card never goes into a gap). So every card above a
        pile's bottom lies on a card it packs on, and it never becomes a bottom itself: it
        moves only onto another rampart's top or up. Take such a card *c*. When it goes up
        it lies on some card *z1*, on *z2*, ... down to a pile's bottom *zk*; each lies on
        the next, so each pair packs, all are distinct and still on the table, so each goes
        up after *c*; and *zk* is a bottom now, or a card of the Reserve, talon or stock
        (which may fill a gap later), since a card above a bottom never becomes one. A card
        of rank *r* can go up after *c* only if its suit's foundation still wants *r* at a
        later place of :data:`ORDER` than the first place left for *c*'s rank (the copies of
        a rank are interchangeable, so that is the most room there is). So if no chain of
        packing neighbours of *c*'s suit, each with a copy on the table (another copy for
        *c*'s own rank) that can go up after *c*, leads from *c* to a card that can be a
        bottom, *c* never goes up and the deal, not yet won, is lost. It holds under every
        switch (none lets a rampart card fill a gap). Once the first ace of a suit is up,
        for instance, the other ace can go up only off the bottom of a pile (every card it
        packs on, a two or a king, goes up before it).

        **Second test.** Say a card *c* lies above a card *b* of its pile that must go up
        before it (every place left for *b*'s rank in :data:`ORDER` comes before every place
        left for *c*'s). *b* can neither move nor go up while *c* lies on the pile, and *c*
        cannot go up before *b*, so *c* must first move off the pile, onto the top of
        another pile: a card *c* packs on, on the table then, so on the table now (nothing
        comes back from a foundation), and not one of the cards under *c* in its pile
        (those stay there, under *c*, until it has gone). When no such card is left, *c*
        never moves and the deal is lost."""
        piles = state.piles
        above = [c for r in self.ramparts for c in piles[r][1:]]
        if not above:
            return False
        height = [0, 0, 0, 0]
        for f in self.foundations:
            if piles[f]:
                height[C.suit(piles[f][0])] = len(piles[f])
        # The codes (both copies of a card share one) of the cards that can be a bottom:
        # the piles' bottoms, the Reserve, the talon and the stock.
        heaps = frozenset([piles[r][0] for r in self.ramparts if piles[r]]
                          + [piles[p][0] for p in self.reserve if piles[p]]).union(
            self._codes(piles[self.talon]), self._codes(piles[self.stock]))
        table: Counter[int] | None = None  # every card on the table, counted when needed
        for r in self.ramparts:
            pile = piles[r]
            if len(pile) < 2:
                continue
            suit = C.suit(pile[0])  # a pile above its bottom is of one suit (rule II)
            h = height[suit]
            # The earliest of the last places left for the cards under the one at *depth*:
            # below it, that card must go up before it.
            earliest = _LAST[h][C.rank(pile[0])]
            for depth in range(1, len(pile)):
                rank = C.rank(pile[depth])
                if earliest < _DUE[h][rank]:
                    if table is None:
                        table = self._on_table(piles)
                    if not self._outlet(pile, depth, suit, rank, table):
                        return True
                earliest = min(earliest, _LAST[h][rank])
        for c in set(above):
            suit, rank = C.suit(c), C.rank(c)
            first = _DUE[height[suit]][rank]
            last = _LAST[height[suit]]
            code = _CODES[suit]
            # Most cards lie next to a neighbour that goes up later and can be a bottom.
            if any(last[r] > first and code[r] in heaps
                   for r in self.next_to[rank]):
                continue
            if table is None:
                table = self._on_table(piles)
            if not self._supported(suit, rank, height[suit], table, heaps):
                return True
        return False

    def _on_table(self, piles: tuple[tuple[int, ...], ...]) -> Counter[int]:
        """Every card not on a foundation, counted by code."""
        return Counter(c for i in self.ramparts + self.reserve + (self.talon, self.stock)
                       for c in piles[i])

    def _outlet(self, pile: tuple[int, ...], depth: int, suit: int, rank: int,
                table: Counter[int]) -> bool:
        """Whether a card the one at *depth* of *pile* packs on is on the table outside the
        cards under it in that pile (:meth:`dead_end`, second test)."""
        under = Counter(pile[:depth])
        under[pile[depth]] += 1  # nor the card itself (a seven may pack on a seven)
        code = _CODES[suit]
        return any(table[code[r]] > under[code[r]] for r in self.next_to[rank])

    def _codes(self, pile: tuple[int, ...]) -> frozenset[int]:
        # The talon and the stock change by one card at a time and are met again and
        # again in a search: take each one's codes once.
        found = self._counts.get(pile)
        if found is None:
            if len(self._counts) > 512:
                self._counts.clear()
            found = self._counts[pile] = frozenset(pile)
        return found

    def _supported(self, suit: int, rank: int, height: int, table: Counter[int],
                   heaps: frozenset[int]) -> bool:
        """Whether a chain of packing neighbours that can all go up after a card of *rank*
        leads from it to a card that can be a pile's bottom (:meth:`dead_end`); *table*
        counts the cards on the table by code, and *heaps* holds the codes of those that
        can be a bottom."""
        first = _DUE[height][rank]
        last = _LAST[height]
        code = _CODES[suit]
        later = [r for r in range(1, 14)
                 if last[r] > first and table[code[r]] > (1 if r == rank else 0)]
        reach = {r for r in later if (rank, r) in self.neighbours}
        frontier = list(reach)
        while frontier:
            here = frontier.pop()
            if code[here] in heaps:
                return True
            for r in later:
                if r not in reach and (here, r) in self.neighbours:
                    reach.add(r)
                    frontier.append(r)
        return False

    def key(self, state: State) -> Hashable:
        """Positions that play alike share a key: :meth:`packed` says which."""
        return self.packed(state)

    # --- what a player sees: the stock is face down but for the card just turned (its
    # top); the talon is face up ------------------------------------------------------------

    def hidden(self, state: State) -> int:
        return max(0, len(state.piles[self.stock]) - 1)

    def reveals(self, before: State, after: State) -> bool:
        return len(before.piles[self.stock]) != len(after.piles[self.stock])

    def reveal_rank(self, state: State, move: PatienceMove) -> tuple[int, ...]:
        if move.target == "talon":
            return (2,)
        role = self.tableau.slots[self.index[move.target]].role
        return (0,) if role is Role.FOUNDATION else (1,)

    def packed(self, state: State) -> bytes:
        """:meth:`key` as bytes, positions that play alike merged (each reduction proved in
        docs/solvers.md, "The Besieged City's symmetries"). The stock only loses cards off
        its top, so its length says what it holds.

        - **Twins.** The two ramparts at the ends of one Reserve row (W, E), or of one
          column (T, S), close the same line and play the same part, so each pair is held
          in sorted order. (Slot order, which a swap may change, would matter only if two
          gaps had to be filled at once, and :meth:`_pending_gap` shows there is never more
          than one.)
        - **Idle ramparts.** Once talon and stock are both out no Reserve place is
          refilled, so a rampart whose line has no Reserve card left never takes one again
          and its gap need never be filled: such ramparts differ in nothing but their
          packets, and the key holds those as one multiset.
        - **Shuffle classes** (with :attr:`merge_shuffles`, while no gap must be filled):
          each suit's rampart piles are written as the least arrangement shuffles reach
          (:mod:`.besieged_shuffles`), so a whole class shares one key."""
        if self._merging(state):
            state = self._twins_by_bottom(state)
            least: dict[int, tuple[int, ...]] = {}
            for slots, start, found in self._suit_classes(state):
                if found is not None and found.least != start:
                    least.update(zip(slots, found.least))
            if least:
                state = self.moved(state, least)
        p = state.piles
        out = bytearray(sorted((len(p[i]) << 2) | C.suit(p[i][0]) if p[i] else 255
                               for i in self.foundations))
        if self._free_places(state):
            # Any Reserve card reaches any rampart now, and whether a gap must be filled
            # depends on how many Reserve cards there are and on whether the gap closes a
            # row or a column: the places no longer matter, only the two kinds of rampart.
            out += bytes(sorted(p[i][0] if p[i] else 254 for i in self.reserve))
            # Eight row ends, then six column ends: the count says where one kind stops.
            ramparts = sorted(p[i] for i in self.row_ends) + sorted(
                p[i] for i in self.column_ends)
            for pile in ramparts:
                out += bytes(pile)
                out.append(255)
        else:
            out += self._lines_key(p)
        out += bytes(p[self.talon])
        out += bytes((255, len(p[self.stock])))
        return bytes(out)

    def _lines_key(self, p: tuple[tuple[int, ...], ...]) -> bytes:
        """The Reserve and the ramparts, twins and idle ramparts merged (:meth:`packed`).
        Every part is written so that no part is the beginning of another (a packet ends in
        255; 254 is an empty place, 253 an idle rampart), so the bytes say what they hold."""
        idle = not p[self.talon] and not p[self.stock]
        written: dict[int, bytes] = {}
        spare: list[bytes] = []
        for g in self.ramparts:
            packet = bytes(p[g]) + b"\xff"
            if idle and not any(p[q] for q in self.closes[g]):
                spare.append(packet)
                packet = b"\xfd"
            written[g] = packet
        out = bytearray(p[q][0] if p[q] else 254 for q in self.reserve)
        for x, y in self.twins:
            a, b = written[x], written[y]
            out += a + b if a <= b else b + a
        return bytes(out) + b"".join(sorted(spare))
