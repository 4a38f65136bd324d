"""The Empress of India (Cadogan; other_games.md 2.2): four packs, sixteen foundations
round the Empress, an Army of red cards and a Navy of black ones.

How the engine reads the rules:

- Set aside before the deal: the Empress (one Q♣) and her guard (the eight red jacks), which
  never move; the eight black aces (Admirals, AD1-AD8) building up in suit A 2 ... 10 J K,
  with no queen; the eight red kings (Generals, GE1-GE8) building down K Q 10 ... 2 A, with
  no jack; the other seven black queens are discarded.
- The deal fills the Army (A1-A24, two rows of twelve) with red cards and the Navy (N1-N24)
  with black ones as they come; a card whose colour is already full goes to that colour's
  talon (``red``, ``black``). The rest is the stock.
- Cards reach the foundations only in pairs, one red and one black at once: ``A5+N7``
  plays the Army card in A5 and the Navy card in N7 together, each on a foundation of its
  colour that takes it. Seed 004 says so: a card of the Army is laid on one of the Fleet
  and the other way round, and the pair so made never parts but goes to its foundations
  at once («должны быть немедленно положены на соотвѣтствующія основанія»); each card is
  paired only once, and the player chooses when to pair (so a player may wait for a
  wanted card to come up before opening a gap).
- Switch ``advance_pairing`` (default off; Cadogan's variant beyond seed 004, as the
  research notes read his English original, other_games.md 2.2): an Army card may be laid
  on any Navy card, or a Navy card on any Army card (``A5/N7``), before they can be
  played; the couple never parts and is later played with ``N7>F``. A card is paired
  once: nothing is laid on a couple.
- A gap in the Army or Navy is refilled at once from its colour's talon, or, when that is
  empty, by turning the stock until a card of the right colour comes (the other colour's
  cards go to their own talon on the way). A gap stays empty when neither has the colour.
- ``deal`` turns the whole rest of the stock onto the two talons, each card to its colour,
  once no pair fits: seed 004 goes through the rest of the pack when all the fitting cards
  have been played («Когда сыграны всѣ подходящія карты, то перебираютъ всю остальную
  колоду»); our reading of "all the fitting cards played" is that no pair can be played
  (the alternative, that the player may stop playing and deal, is the switch). By then
  every gap has been refilled, so the deal changes nothing and the patience is lost: the
  seed's going through the pack is the refill above, which puts the cards not needed for
  gaps into the two talons (sources row moves:deal-no-pair). No redeal.
- Switch ``deal_at_will`` (default off, a house rule): ``deal`` whenever the stock has
  cards, as the engine allowed before. With ``advance_pairing`` on the deal is at will too:
  that variant was built and measured so, and once a card may wait in a couple there is
  no one answer to when "all the fitting cards" have been played.
"""
from __future__ import annotations

from array import array
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from ..errors import ReasonCode, Refusal
from . import cards as C
from .clock import TimeLimit
from .empress_probe import probe
from .engine import Patience, PatienceMove, PatienceMoveKind, State
from .tableau import Role, Slot, Tableau

#: An Army or Navy cell as one number, by how many cards it holds.
_CELL = (lambda pile: 0xFFFF, lambda pile: pile[0], lambda pile: 64 + 64 * pile[0] + pile[1])

#: Ranks in building order after the foundation card.
BLACK_UP = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13)
RED_DOWN = (13, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
SPADES, CLUBS, HEARTS, DIAMONDS = range(4)

# The star of plate 014, clockwise from the top left: (x, y, rotation).
_RING = ((-0.5, -1.0, 0), (0.5, -1.0, 0), (1.0, -0.5, 90), (1.0, 0.5, 90),
         (0.5, 1.0, 0), (-0.5, 1.0, 0), (-1.0, 0.5, 90), (-1.0, -0.5, 90))
_OUTER = ((0.0, -3.5, 0), (1.8, -1.8, 45), (3.5, 0.0, 90), (1.8, 1.8, 45),
          (0.0, 3.5, 0), (-1.8, 1.8, 45), (-3.5, 0.0, 90), (-1.8, -1.8, 45))


def _ring(radius: float) -> list[tuple[float, float, int]]:
    # The rings are the same shape at two sizes: the long axis scales, the offset of 0.5 stays.
    return [(x * radius if abs(x) == 1.0 else x, y * radius if abs(y) == 1.0 else y, r)
            for x, y, r in _RING]


def _tableau() -> Tableau:
    slots = [Slot("EMP", 0.0, 0.0, 0, Role.DECORATION, "Empress")]
    slots += [Slot(f"G{i}", x, y, r, Role.DECORATION, "guard")
              for i, (x, y, r) in enumerate(_ring(1.3), start=1)]
    slots += [Slot(f"AD{i}", x, y, r, Role.FOUNDATION, "Admiral")
              for i, (x, y, r) in enumerate(_ring(2.4), start=1)]
    slots += [Slot(f"GE{i}", x, y, r, Role.FOUNDATION, "General")
              for i, (x, y, r) in enumerate(_OUTER, start=1)]
    for i in range(24):
        slots.append(Slot(f"A{i + 1}", i % 12 - 5.5, -5.5 + i // 12, 0, Role.ARMY))
    for i in range(24):
        slots.append(Slot(f"N{i + 1}", i % 12 - 5.5, 4.5 + i // 12, 0, Role.NAVY))
    slots += [Slot("red", 7.5, -5.0, 0, Role.TALON, "red talon"),
              Slot("black", 7.5, 5.0, 0, Role.TALON, "black talon"),
              Slot("stock", 7.5, 0.0, 0, Role.STOCK),
              Slot("discard", -7.5, 0.0, 0, Role.DISCARD, "7 black queens")]
    return Tableau(tuple(slots))


@dataclass(frozen=True)
class EmpressSwitches:
    #: A red and a black card may be laid together before they can be played and wait as a
    #: couple (Cadogan's variant; seed 004 plays a pair to the foundations at once).
    advance_pairing: bool = False
    #: The rest of the stock may be dealt out onto the talons at any time (seed 004 deals
    #: it out once all the fitting cards have been played).
    deal_at_will: bool = False


class Empress(Patience):
    name = "empress-of-india"
    title = "The Empress of India"
    packs = 4
    tableau = _tableau()
    goal = 192
    dealt: ClassVar[dict[Role, int]] = {Role.DECORATION: 9, Role.FOUNDATION: 16,
                                        Role.DISCARD: 7, Role.ARMY: 24, Role.NAVY: 24}
    Switches = EmpressSwitches
    switches: EmpressSwitches
    batched = True

    def __init__(self, switches: EmpressSwitches | None = None) -> None:
        super().__init__(switches)
        ix = self.index
        self.army = tuple(ix[f"A{i}"] for i in range(1, 25))
        self.navy = tuple(ix[f"N{i}"] for i in range(1, 25))
        self.admirals = tuple(ix[f"AD{i}"] for i in range(1, 9))
        self.generals = tuple(ix[f"GE{i}"] for i in range(1, 9))
        self.red, self.black, self.stock = ix["red"], ix["black"], ix["stock"]
        if not self.deals_at_will:
            # The seed's rule: no probe, and the deal is forced once no pair fits, so a
            # second move order would only search the same positions again (and with any
            # fitting pair played at once, :meth:`safe_move`, a deal is one line).
            self.solver_plan = (("complete", 0, 1.0),)

    def deal(self, seed: int) -> State:
        deck = C.shuffled(self.packs, seed)
        piles: list[tuple[int, ...]] = [()] * len(self.index)
        piles[self.index["EMP"]] = (C.of(C.QUEEN, CLUBS),)
        set_aside = [piles[self.index["EMP"]][0]]
        for n in range(8):
            guard = (C.of(C.JACK, HEARTS if n % 2 == 0 else DIAMONDS),)
            admiral = (C.of(C.LOW_ACE, SPADES if n % 2 == 0 else CLUBS),)
            general = (C.of(C.KING, HEARTS if n % 2 == 0 else DIAMONDS),)
            piles[self.index[f"G{n + 1}"]] = guard
            piles[self.admirals[n]] = admiral
            piles[self.generals[n]] = general
            set_aside += [guard[0], admiral[0], general[0]]
        discard = (C.of(C.QUEEN, SPADES),) * 4 + (C.of(C.QUEEN, CLUBS),) * 3
        piles[self.index["discard"]] = discard
        set_aside += list(discard)
        for c in set_aside:
            deck.remove(c)  # the first copy from the bottom: which copy goes is immaterial
        army: list[int] = []
        navy: list[int] = []
        red: list[int] = []
        black: list[int] = []
        while len(army) < 24 or len(navy) < 24:
            c = deck.pop()
            if C.is_red(c):
                (army if len(army) < 24 else red).append(c)
            else:
                (navy if len(navy) < 24 else black).append(c)
        for i, c in zip(self.army, army):
            piles[i] = (c,)
        for i, c in zip(self.navy, navy):
            piles[i] = (c,)
        piles[self.red], piles[self.black], piles[self.stock] = (tuple(red), tuple(black),
                                                                 tuple(deck))
        return State(tuple(piles))

    # --- rules -----------------------------------------------------------------------------

    def _foundation_for(self, state: State, c: int) -> int | None:
        """The first foundation that takes *c* now, if any."""
        red = C.is_red(c)
        order = RED_DOWN if red else BLACK_UP
        for f in self.generals if red else self.admirals:
            pile = state.piles[f]
            if C.suit(pile[0]) == C.suit(c) and len(pile) < 12 and order[len(pile)] == C.rank(c):
                return f
        return None

    def _need(self, state: State, c: int) -> int:
        """How many cards of its suit must be played before *c* fits (0: it fits now)."""
        red = C.is_red(c)
        order = RED_DOWN if red else BLACK_UP
        at = order.index(C.rank(c))
        return min((at - len(state.piles[f]) for f in (self.generals if red else
                                                         self.admirals)
                    if C.suit(state.piles[f][0]) == C.suit(c) and len(state.piles[f]) <= at),
                   default=99)

    def _wanted(self, state: State) -> dict[int, int]:
        """Every card that some foundation takes now, and the first such foundation."""
        wanted: dict[int, int] = {}
        for f in self.generals + self.admirals:
            pile = state.piles[f]
            if len(pile) < 12:
                order = RED_DOWN if f in self.generals else BLACK_UP
                wanted.setdefault(C.of(order[len(pile)], C.suit(pile[0])), f)
        return wanted

    @property
    def deals_at_will(self) -> bool:
        """Whether ``deal`` is legal while a pair still fits (see the module's notes)."""
        return self.switches.deal_at_will or self.switches.advance_pairing

    def _plays(self, state: State) -> Iterator[PatienceMove]:
        """Every pair and couple that goes to the foundations now."""
        ids = self.tableau.ids
        piles = state.piles
        wanted = self._wanted(state)
        playable_army = [i for i in self.army if len(piles[i]) == 1 and piles[i][0] in wanted]
        playable_navy = [i for i in self.navy if len(piles[i]) == 1 and piles[i][0] in wanted]
        for a in playable_army:
            for n in playable_navy:
                yield PatienceMove(PatienceMoveKind.PAIR, ids[a], ids[n])
        for cell in self.army + self.navy:
            # Only the couples that fit: the others would be refused (a superset is all
            # this must give, but a solver asks it in every position).
            if len(piles[cell]) == 2 and piles[cell][0] in wanted and piles[cell][1] in wanted:
                yield PatienceMove(PatienceMoveKind.MOVE, ids[cell], "F")

    def candidates(self, state: State) -> Iterable[PatienceMove]:
        ids = self.tableau.ids
        piles = state.piles
        plays = list(self._plays(state))
        yield from plays
        if self.switches.advance_pairing:
            free_army = [i for i in self.army if len(piles[i]) == 1]
            free_navy = [i for i in self.navy if len(piles[i]) == 1]
            for a in free_army:
                for n in free_navy:
                    yield PatienceMove(PatienceMoveKind.LAY, ids[a], ids[n])
                    yield PatienceMove(PatienceMoveKind.LAY, ids[n], ids[a])
        if not plays or self.deals_at_will:
            yield PatienceMove(PatienceMoveKind.DEAL)

    def attempt(self, state: State, move: PatienceMove) -> State | Refusal:
        if move.kind is PatienceMoveKind.DEAL:
            if state.piles[self.stock] and not self.deals_at_will:
                fits = next(self._plays(state), None)
                if fits is not None:
                    return Refusal(f"the rest of the stock is dealt out only when no pair "
                                   f"fits (seed 004): {fits} can still be played; dealing at "
                                   f"will is the house switch deal_at_will",
                                   ReasonCode.PLAY_LEFT)
            return self._deal_out(state)
        if move.kind is PatienceMoveKind.REDEAL:
            return Refusal("The Empress of India is laid out once: no redeal",
                           ReasonCode.NO_SUCH_PLAY)
        src = self.slot_index(move.source)
        if isinstance(src, str):
            return src
        if move.kind is PatienceMoveKind.MOVE:
            return self._play_couple(state, src, move)
        dst = self.slot_index(move.target)
        if isinstance(dst, str):
            return dst
        roles = {self.tableau.slots[src].role, self.tableau.slots[dst].role}
        if roles != {Role.ARMY, Role.NAVY}:
            return Refusal("a pair is one Army card (A1-A24) and one Navy card (N1-N24)",
                           ReasonCode.WRONG_SLOT)
        for cell, slot_id in ((src, move.source), (dst, move.target)):
            if not state.piles[cell]:
                return Refusal(f"{slot_id} is empty", ReasonCode.EMPTY)
            if len(state.piles[cell]) == 2:
                return Refusal(f"{slot_id} is already paired: a card is paired only once",
                               ReasonCode.PAIRED)
        a, b = state.piles[src][0], state.piles[dst][0]
        if move.kind is PatienceMoveKind.LAY:
            if not self.switches.advance_pairing:
                return Refusal("a pair goes to the foundations at once (A5+N7); pairing in "
                               "advance is the house switch advance_pairing (Cadogan's "
                               "variant)", ReasonCode.SWITCHED_OFF)
            after = self.moved(state, {src: (), dst: (b, a)})
            return self._refill(after, src)
        fa, fb = self._foundation_for(state, a), self._foundation_for(state, b)
        if fa is None or fb is None:
            return Refusal(f"{C.name(a if fa is None else b)} fits no foundation yet",
                           ReasonCode.NOT_NEXT)
        after = self.moved(state, {src: (), dst: (), fa: state.piles[fa] + (a,),
                                   fb: state.piles[fb] + (b,)})
        army_cell, navy_cell = (src, dst) if src in self.army else (dst, src)
        return self._refill(self._refill(after, army_cell), navy_cell)

    def _play_couple(self, state: State, cell: int, move: PatienceMove) -> State | Refusal:
        role = self.tableau.slots[cell].role
        if move.target != "F" and self.tableau.slots[self.index.get(move.target, 0)].role \
                is not Role.FOUNDATION:
            return Refusal("a couple is played to the foundations: write CELL>F",
                           ReasonCode.WRONG_SLOT)
        if role not in (Role.ARMY, Role.NAVY):
            return Refusal(f"{move.source} is not in the Army or the Navy",
                           ReasonCode.WRONG_SLOT)
        pile = state.piles[cell]
        if len(pile) != 2:
            return Refusal(f"{move.source} holds a single card: play it with a card of the "
                           f"other colour, e.g. A5+N7", ReasonCode.NOT_PAIRED)
        a, b = pile
        fa = self._foundation_for(state, a)
        fb = self._foundation_for(state, b)
        if fa is None or fb is None:
            return Refusal(f"{C.name(a if fa is None else b)} of the couple fits no "
                           f"foundation yet", ReasonCode.NOT_NEXT)
        after = self.moved(state, {cell: (), fa: state.piles[fa] + (a,),
                                   fb: state.piles[fb] + (b,)})
        return self._refill(after, cell)

    def _refill(self, state: State, cell: int) -> State:
        want_red = cell in self.army
        talon = self.red if want_red else self.black
        if state.piles[talon]:
            t = state.piles[talon]
            return self.moved(state, {cell: (t[-1],), talon: t[:-1]})
        stock = list(state.piles[self.stock])
        other = list(state.piles[self.black if want_red else self.red])
        while stock:
            c = stock.pop()
            if C.is_red(c) == want_red:
                return self.moved(state, {cell: (c,), self.stock: tuple(stock),
                                          self.black if want_red else self.red: tuple(other)})
            other.append(c)
        return self.moved(state, {self.stock: (),
                                  self.black if want_red else self.red: tuple(other)})

    def _deal_out(self, state: State) -> State | Refusal:
        stock = list(state.piles[self.stock])
        if not stock:
            return Refusal("the stock is out", ReasonCode.STOCK_OUT)
        red, black = list(state.piles[self.red]), list(state.piles[self.black])
        while stock:
            c = stock.pop()
            (red if C.is_red(c) else black).append(c)
        return self.moved(state, {self.stock: (), self.red: tuple(red),
                                  self.black: tuple(black)})

    def key(self, state: State) -> Hashable:
        # Which cell holds a card, and which of two equal foundations is which, changes
        # nothing: sort them.
        p = state.piles
        return (tuple(sorted(p[i] for i in self.army)), tuple(sorted(p[i] for i in self.navy)),
                tuple(sorted(p[i] for i in self.admirals)),
                tuple(sorted(p[i] for i in self.generals)),
                p[self.red], p[self.black], p[self.stock])

    #: Advance pairings in the first batch the solver builds (the rest come later).
    FIRST_PAIRINGS = 8
    #: With the switch ``advance_pairing`` on: the win probe (:mod:`.empress_probe`) may
    #: take 75 % of the limits (it stops sooner when it has tried all it knows); then the
    #: complete search in two orders, each with half of what is left: pairings in advance
    #: before dealing out the stock (0) or after (1). Each order wins deals the other does
    #: not within its time (over deals 0-29 at 10 s: 6 won by the first alone, 10 by both
    #: halves). With ``deal_at_will`` alone the probe gives up at once and the two orders
    #: are pairs before dealing out the stock (0) or dealing it out first (1). By default
    #: (seed 004's rule) the plan is one complete search (set in ``__init__``).
    solver_plan: tuple[tuple[str, int, float], ...] = (
        ("probe", 0, 0.75), ("complete", 0, 0.5), ("complete", 1, 1.0))

    def solver_probe(self, state: State, nodes: int | None,
                     seconds: float | TimeLimit | None
                     ) -> tuple[tuple[PatienceMove, ...] | None, int]:
        """A beam search over the likeliest pairings in advance with the stock dealt out
        at several moments (:mod:`.empress_probe`): it finds most wins long before the
        complete search would, and can only find wins. Nothing under the seed's rule."""
        return probe(self, state, nodes=nodes, seconds=seconds)

    def solver_moves(self, state: State) -> list[tuple[tuple[PatienceMove, ...], State]]:
        """Every legal move but the pairings :meth:`refillable` proves unneeded (see
        :meth:`solver_batches`)."""
        return [edge for batch in self.solver_batches(state) for edge in batch]

    def solver_batches(self, state: State
                       ) -> Iterator[list[tuple[tuple[PatienceMove, ...], State]]]:
        """Every legal move (but the pairings in advance from a side that can no longer be
        refilled, :meth:`refillable`), in two batches: the plays (couples, then fresh pairs), the
        :attr:`FIRST_PAIRINGS` advance pairings whose cards will be wanted soonest and at
        about the same time, and dealing out the stock; then every other advance pairing.
        Moves that give the same :meth:`packed` key (equal cards in other cells) are tried
        once."""
        ids = self.tableau.ids
        seen: set[bytes] = set()
        plays = [m for m in self.candidates(state) if m.kind is not PatienceMoveKind.LAY]
        lays: list[tuple[tuple[int, int], PatienceMove]] = []
        if self.switches.advance_pairing:
            # One cell per card value: equal cards in other cells give the same keys.
            free_army = {state.piles[i][0]: i for i in self.army if len(state.piles[i]) == 1}
            free_navy = {state.piles[i][0]: i for i in self.navy if len(state.piles[i]) == 1}
            need_navy = {b: self._need(state, b) for b in free_navy}
            # A side that can never be refilled again gains nothing by pairing in advance
            # (see :meth:`refillable`).
            army_lays, navy_lays = self.refillable(state, True), self.refillable(state, False)
            for r, a in free_army.items():
                nr = self._need(state, r)
                for b, n in free_navy.items():
                    nb = need_navy[b]
                    score = (max(nr, nb), abs(nr - nb))
                    if army_lays:
                        lays.append((score, PatienceMove(PatienceMoveKind.LAY, ids[a], ids[n])))
                    if navy_lays:
                        lays.append((score, PatienceMove(PatienceMoveKind.LAY, ids[n], ids[a])))
            lays.sort(key=lambda sm: (sm[0], str(sm[1])))
        first = [m for m in plays if m.kind is not PatienceMoveKind.DEAL]
        deal = [m for m in plays if m.kind is PatienceMoveKind.DEAL]
        if not self.switches.advance_pairing:
            # Which pair goes up never matters (:meth:`safe_move`): one stands for all.
            first = first[:1]
        if self.solver_variant == 1 and not self.switches.advance_pairing:
            # With deal_at_will (only then has this patience a second order without
            # advance_pairing): deal out the stock before any pair.
            first = deal + first
        elif self.solver_variant == 1:
            first += deal + [m for _, m in lays[:self.FIRST_PAIRINGS]]
        else:
            first += [m for _, m in lays[:self.FIRST_PAIRINGS]] + deal
        for chosen in (first, [m for _, m in lays[self.FIRST_PAIRINGS:]]):
            found: list[tuple[tuple[PatienceMove, ...], State]] = []
            for move in chosen:
                after = self.attempt(state, move)
                if isinstance(after, State):
                    k = self.packed(after)
                    if k not in seen:
                        seen.add(k)
                        found.append(((move,), after))
            if found:
                yield found

    def refillable(self, state: State, army: bool) -> bool:
        """Whether a gap in the Army (*army*) or the Navy can still be refilled: the stock
        has cards, or that colour's talon does.

        **Dominance** (the only move the complete search leaves out): when it cannot, an
        advance pairing whose laid card comes from that side (``A5/N7`` for the Army) is
        never needed. Proof: say the stock and the red talon are empty in S and S' is S
        after ``A5/N7``. The stock stays empty for good, and the red talon grows only from
        the stock, so A5 stays empty in S' for good, and N7 holds a couple, which no move
        but ``N7>F`` touches. Take any winning line from S'. It must play ``N7>F`` (its two
        cards go up nowhere else); play the same line from S with ``A5+N7`` in its place.
        Every earlier move touches neither A5 nor N7, so it is legal from S with the same
        effect; ``A5+N7`` needs both cards to fit, as ``N7>F`` does, puts them on the same
        foundations, and refills A5 (from nothing: it stays empty) and N7 as ``N7>F`` does;
        from then on the two positions are the same. So S wins whenever S' does, and the
        search may skip the pairing. The Navy's side is the same with colours swapped."""
        return bool(state.piles[self.stock]) or bool(
            state.piles[self.red if army else self.black])

    def safe_move(self, state: State) -> PatienceMove | None:
        """Without ``advance_pairing``: any pair that fits, whenever the stock is out, and
        under the seed's deal rule (no ``deal_at_will``) whenever one fits at all. None
        otherwise (with the switch on, or with ``deal_at_will`` while the stock has cards,
        when dealing now is the other choice; :meth:`solver_batches` then offers one pair
        and the deal).

        **Which pair is played never matters** (without ``advance_pairing``). A pair
        empties one Army and one Navy cell and refills them, the Army's first, each from
        its colour's talon or, when that is empty, by turning the stock (the other
        colour's cards go to their talon). Neither refill looks at which cell emptied or
        which cards went up, so between two deals the *k*-th card each colour receives
        depends only on *k*, and a colour's cards that can be in play at its *k*-th
        play are the same set *A_k* in every line. Within one colour a card fits when,
        for its place *p* in its suit's building order, fewer copies of place *p* are up
        than of place *p* − 1 (the equal foundations of a suit are interchangeable); so
        the cards that can go up from a set of cards, in any order, have one greatest
        "closure", the same whatever was played first, and every set played legally lies
        in it. After *k* − 1 plays of the colour (a set *D* inside the closure of *A_k*), a
        card of *A_k* fits iff the closure of *A_k* holds more than *k* − 1 cards (if it
        holds more, the lowest place where *D* has fewer copies than the closure has a
        copy that fits). That count does not depend on *D*: every line can make its *k*-th
        pair exactly when every other can, so all lines stick at the same pair, and when
        stuck *D* has as many cards as the closure at every place, so it *is* the closure:
        the positions are the same (the cells as multisets, as the key holds them). Under
        the seed's rule the deal then comes, forced and the same, and the argument starts
        again, so every line from a position ends in the same position: either all win
        or none does, and any fitting pair may be played at once. (With ``deal_at_will``
        only when to deal is a choice; lines that deal after the same number of pairs
        stay alike, by the same argument.)"""
        if self.switches.advance_pairing:
            return None
        if state.piles[self.stock] and self.switches.deal_at_will:
            return None
        for move in self._plays(state):
            return move if move.kind is PatienceMoveKind.PAIR else None
        return None

    # --- what a player sees: everything but the stock (the talons are face up) -----------

    def hidden(self, state: State) -> int:
        return len(state.piles[self.stock])

    def reveals(self, before: State, after: State) -> bool:
        return len(before.piles[self.stock]) != len(after.piles[self.stock])

    def reveal_rank(self, state: State, move: PatienceMove) -> tuple[int, ...]:
        """Plays first; then pairings in advance of two cards both wanted within two
        cards; then dealing out the stock; then the other pairings, soonest wanted first."""
        if move.kind is PatienceMoveKind.DEAL:
            return (2,)
        if move.kind is not PatienceMoveKind.LAY:
            return (0,)
        need = max(self._need(state, state.piles[self.index[move.source]][0]),
                   self._need(state, state.piles[self.index[move.target]][0]))
        return (1 if need <= 2 else 3, need)

    def packed(self, state: State) -> bytes:
        """The Army cells and the Navy cells are each a multiset (a refill goes to the
        cell that emptied, and every cell plays alike), and so are the foundations of one
        suit; the stock only ever loses cards off its top (a refill turns it, ``deal``
        empties it), so its length says what it holds."""
        p = state.piles
        # A cell as one number below 2**16: a card, 64 + 64 x + y for a couple, or empty.
        cells = array("H", sorted(_CELL[len(p[i])](p[i]) for i in self.army))
        cells += array("H", sorted(_CELL[len(p[i])](p[i]) for i in self.navy))
        out = bytearray(cells.tobytes())
        for piles in (self.admirals, self.generals):
            out += bytes(sorted((len(p[i]) << 2) | p[i][0] // 13 for i in piles))
        out += bytes(p[self.red]) + b"\xff" + bytes(p[self.black]) + b"\xff"
        out.append(len(p[self.stock]))
        return bytes(out)
