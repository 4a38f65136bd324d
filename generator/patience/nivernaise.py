"""La Nivernaise (Cadogan; other_games.md 2.1): two packs, eight foundations, two flanks
of four single cards and a Line of six packets.

How the engine reads the rules:

- Each suit has an ascending pile (ace up to king, slots FA1-FA4) and a descending pile
  (king down to ace, FK1-FK4) on one row: row 1 spades, 2 clubs, 3 hearts, 4 diamonds. The
  plate does not say which suit lies where; fixing it keeps each suit's pair side by side.
- Flank cards and the top card of each Line packet may go to a foundation. A flank gap may
  be filled, when the player likes, from the stock or from a Line top; flank cards are never
  built on. A stock card reaches a foundation only through a flank gap.
- A card taken off a packet is not replaced; a packet that becomes empty is at once given
  four new cards from the stock. A round of dealing puts four more cards on every packet,
  left to right, as far as the stock goes, and seed 004 has the player stop while laying
  it and play what fits: ``deal`` lays the next packet's four cards only, and between
  packets every move is open (our reading, sources row deal:packet-by-packet;
  ``State.dealing`` counts the packets of the round laid so far). Switch
  ``deal_whole_round`` (a house rule, off by default) lays the whole round as one move.
  Dealing is allowed whenever the stock has cards: the rule "when stuck" only describes
  when a player would want to.
- Switch ``exchange`` (default on): the top card of a suit's ascending pile may move onto
  its descending pile when it fits there, and back, one card per move.
- Switch ``redeals`` (default 1, Cadogan's "laid out only twice"): when the stock is out,
  the Line packets are picked up from the left, each laid on the ones before, and the
  whole turned over without shuffling to form the new stock (so the first card dealt is
  the bottom card of the left packet); six packets of four are dealt from it. The flanks
  stay. Tournament and PySolFC allow two.
- Cadogan lets a player look into the packets as deep as there are flank gaps; that is
  information, not a move, so the engine has no rule for it (the solver sees every card).
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from operator import itemgetter
from typing import ClassVar

from ..errors import ReasonCode, Refusal
from . import cards as C
from .clock import TimeLimit
from .engine import Patience, PatienceMove, PatienceMoveKind, State
from .nivernaise_probe import lying_on, probe
from .tableau import Role, Slot, Tableau

SUIT_SIGNS = "♠♣♥♦"
#: How far below its foundation count the solver ranks a position of the last phase
#: (stock out, no redeal left) that the automatic moves have not won: the search order only.
ENDGAME_WAIT = 20


@dataclass(frozen=True)
class SearchOrder:
    """How the complete search ranks the positions it has yet to expand (the search order
    only, never the verdict): the deals won quickly in one order and slowly in another
    differ widely, so the solver tries several, each with a share of the limit."""

    #: How far below its foundation count a position after the redeal ranks.
    redealt_wait: int
    #: Rank by the cards lying on the wanted ones in the Line packets too (see
    #: :meth:`Nivernaise.score`), not by the foundations and the waits alone.
    buried: bool = False


#: The move orders, by number (``solver_plan``'s steps name them).
ORDERS = (SearchOrder(10), SearchOrder(20), SearchOrder(5), SearchOrder(0),
          SearchOrder(10, buried=True), SearchOrder(0, buried=True))
#: In a buried order, the points a foundation card is worth: two a flank gap add up to 16
#: at most, and one a card lying on a wanted one takes off up to 60, so the cards up
#: decide nearly always.
BURIED_SCALE = 64
_ROW_Y = (0.0, 1.25, 2.5, 3.75)


def _tableau() -> Tableau:
    slots: list[Slot] = []
    for row, y in enumerate(_ROW_Y, start=1):
        slots.append(Slot(f"LF{row}", 1.0, y, 0, Role.FLANK))
    for row, y in enumerate(_ROW_Y, start=1):
        slots.append(Slot(f"FA{row}", 2.15, y, 0, Role.FOUNDATION,
                          f"A{SUIT_SIGNS[row - 1]} up"))
    for row, y in enumerate(_ROW_Y, start=1):
        slots.append(Slot(f"FK{row}", 3.1, y, 0, Role.FOUNDATION,
                          f"K{SUIT_SIGNS[row - 1]} down"))
    for row, y in enumerate(_ROW_Y, start=1):
        slots.append(Slot(f"RF{row}", 4.2, y, 0, Role.FLANK))
    for col in range(6):
        slots.append(Slot(f"L{col + 1}", float(col), 5.25, 0, Role.LINE))
    slots.append(Slot("stock", 6.5, 5.25, 0, Role.STOCK))
    return Tableau(tuple(slots))


@dataclass(frozen=True, slots=True)
class _SuitNow:
    """What a suit's two piles allow, by the ranks (0 = ace) of its cards: made once per
    pair of pile lengths, so that the solver looks it up rather than works it out for
    every card of every position."""

    #: Thirteen up with the exchange on: any card of the suit fits after a slide ((1)).
    split_free: bool
    #: The piles a card of each rank may be played to (split free: none listed).
    plays: tuple[tuple[int, ...], ...]
    #: A Line top of each rank that (4) plays rather than parks.
    settled: tuple[bool, ...]
    #: Where (2) or (3) plays a flank card of each rank at once (-1: nowhere).
    flank_safe: tuple[int, ...]
    #: Where (2) plays a Line top of each rank at once in the last phase (-1: nowhere).
    line_safe: tuple[int, ...]
    #: (2) or (3) can apply at all.
    hot: bool
    #: The suit's cards that could go up now, exchanges allowed ((5)).
    wanted: frozenset[int]


@dataclass(frozen=True)
class NivernaiseSwitches:
    #: Redeals after the first deal (Cadogan 1; Tournament and PySolFC 2).
    redeals: int = 1
    #: A card may move between a suit's ascending and descending piles.
    exchange: bool = True
    #: House rule: ``deal`` lays the whole round, four cards onto each of the six packets,
    #: with no stop between packets (seed 004 stops after each: row deal:packet-by-packet).
    deal_whole_round: bool = False


class Nivernaise(Patience):
    name = "nivernaise"
    title = "La Nivernaise"
    packs = 2
    tableau = _tableau()
    goal = 104
    dealt: ClassVar[dict[Role, int]] = {Role.FLANK: 8, Role.FOUNDATION: 0, Role.LINE: 24,
                                        Role.STOCK: 72}
    Switches = NivernaiseSwitches
    switches: NivernaiseSwitches

    def __init__(self, switches: NivernaiseSwitches | None = None) -> None:
        super().__init__(switches)
        ix = self.index
        self.flanks = tuple(ix[f"LF{r}"] for r in range(1, 5)) + tuple(
            ix[f"RF{r}"] for r in range(1, 5))
        self.up = tuple(ix[f"FA{r}"] for r in range(1, 5))
        self.down = tuple(ix[f"FK{r}"] for r in range(1, 5))
        self.line = tuple(ix[f"L{c}"] for c in range(1, 7))
        self.stock = ix["stock"]
        self.ids = self.tableau.ids
        # One-move chains SRC>DST by slot number, made once (the solver builds thousands a
        # second otherwise).
        self._one = [[(PatienceMove(PatienceMoveKind.MOVE, a, b),) for b in self.ids]
                     for a in self.ids]
        # The foundations are slots 4-11 in a row; a slice counts their cards fastest.
        first = min(self.foundations)
        if sorted(self.foundations) != list(range(first, first + 8)):
            raise TypeError("La Nivernaise's tableau must keep its foundations in a row")
        self._on_foundations = slice(first, first + 8)
        self._flank_set = frozenset(self.flanks)
        self._suits = [[[self._suit_now(suit, nu, nd) for nd in range(14)]
                        for nu in range(14)] for suit in range(4)]
        # The piles the solver reads for every position it makes, each set read in one
        # call: the suits' pile pairs, the flanks and the Line.
        self._pile_pairs = itemgetter(*(i for pair in zip(self.up, self.down) for i in pair))
        self._flank_piles = itemgetter(*self.flanks)
        self._line_piles = itemgetter(*self.line)
        free = self.switches.exchange
        #: Each suit's part of :meth:`packed`, by its two pile lengths.
        self._packed_pair = [[b"\xc8\xc8" if free and nu + nd == 13 else bytes((nu, nd))
                              for nd in range(14)] for nu in range(14)]

    def _suit_now(self, suit: int, nu: int, nd: int) -> _SuitNow:
        """(1)-(5) below for a suit with *nu* cards up its ascending pile and *nd* down
        its descending one."""
        exchange = self.switches.exchange
        up, down = self.up[suit], self.down[suit]
        n = nu + nd
        split_free = exchange and n == 13
        hot = n > 13 or (n == 12 and exchange)
        plays, settled, flank_safe, line_safe = [], [], [], []
        for r in range(1, 14):
            onto: tuple[int, ...] = ()
            if not split_free:
                if r == nu + 1:
                    onto += (up,)
                # At twelve either pile makes the suit split free: one key.
                if r == 13 - nd and not (r == nu + 1 and exchange and n == 12):
                    onto += (down,)
            fits = r in (nu + 1, 13 - nd) and not split_free
            dst = up if r == nu + 1 else down
            plays.append(onto)
            settled.append(fits and hot)
            flank_safe.append(dst if fits and hot else -1)
            line_safe.append(dst if fits and n > 13 else -1)
        if split_free:
            wanted = frozenset(range(13 * suit, 13 * suit + 13))
        else:
            wanted = frozenset(([13 * suit + nu] if nu < 13 else [])
                               + ([13 * suit + 12 - nd] if nd < 13 else []))
        return _SuitNow(split_free, tuple(plays), tuple(settled), tuple(flank_safe),
                        tuple(line_safe), hot, wanted)

    def _now(self, piles: tuple[tuple[int, ...], ...], suit: int) -> _SuitNow:
        return self._suits[suit][len(piles[self.up[suit]])][len(piles[self.down[suit]])]

    def _nows(self, piles: tuple[tuple[int, ...], ...]) -> list[_SuitNow]:
        """:meth:`_now` for the four suits, in suit order."""
        s0, s1, s2, s3 = self._suits
        u0, d0, u1, d1, u2, d2, u3, d3 = map(len, self._pile_pairs(piles))
        return [s0[u0][d0], s1[u1][d1], s2[u2][d2], s3[u3][d3]]

    #: First the win probe (:mod:`.nivernaise_probe`) with a fiftieth of the limits, which
    #: leaves it time for its narrowest beam only: that wins most deals in hundredths of a
    #: second. Then the complete search in the two buried orders (4 and 5 in ORDERS) with a
    #: twentieth each: when they win, most do it in well under a second. Then the probe
    #: again, with up to 80 % of what is left; then the complete search in order 1 with a
    #: tenth, and in order 0 with the rest: the one long search, which most proofs of loss
    #: need (docs/solvers.md says how this plan was chosen).
    solver_plan = (("probe", 0, 0.02), ("complete", 4, 0.05), ("complete", 5, 0.05),
                   ("probe", 0, 0.8), ("complete", 1, 0.1), ("complete", 0, 1.0))

    def solver_probe(self, state: State, nodes: int | None,
                     seconds: float | TimeLimit | None
                     ) -> tuple[tuple[PatienceMove, ...] | None, int]:
        """A beam search that plays what fits at once and parks, deals and redeals by a
        value (:mod:`.nivernaise_probe`): it finds many wins long before the complete
        search would, and can only find wins."""
        return probe(self, state, nodes=nodes, seconds=seconds)

    def on_foundations(self, state: State) -> int:
        return sum(map(len, state.piles[self._on_foundations]))

    def deal(self, seed: int) -> State:
        deck = C.shuffled(self.packs, seed)
        piles: list[tuple[int, ...]] = [()] * len(self.index)
        for i in self.flanks:
            piles[i] = (deck.pop(),)
        for i in self.line:
            piles[i] = tuple(deck.pop() for _ in range(4))
        piles[self.stock] = tuple(deck)
        return State(tuple(piles))

    # --- rules -----------------------------------------------------------------------------

    def _takes(self, pile_index: int, card: int, pile: tuple[int, ...]) -> bool:
        """Whether *card* may go on this foundation: :meth:`_fits` without the reason, for
        the move generator, which asks it of every top card."""
        rising = pile_index in self.up
        if C.suit(card) != (self.up if rising else self.down).index(pile_index):
            return False
        if not pile:
            return C.rank(card) == (C.LOW_ACE if rising else C.KING)
        want = C.rank(pile[-1]) + (1 if rising else -1)
        return C.rank(card) == want and 1 <= want <= 13

    def _fits(self, pile_index: int, card: int, pile: tuple[int, ...]) -> Refusal | None:
        """None if *card* may go on this foundation (:meth:`_takes`), else why not."""
        if self._takes(pile_index, card, pile):
            return None
        rising = pile_index in self.up
        suit = (self.up if rising else self.down).index(pile_index)
        slot = self.tableau.ids[pile_index]
        if C.suit(card) != suit:
            return Refusal(f"{slot} takes {C.SUITS[suit].name.lower()} only, not "
                           f"{C.name(card)}", ReasonCode.NOT_NEXT)
        if not pile:
            return Refusal(f"{slot} is empty and starts with {'an ace' if rising else 'a king'}",
                           ReasonCode.NOT_NEXT)
        return Refusal(f"{C.name(card)} does not follow {C.name(pile[-1])} on {slot}",
                       ReasonCode.NOT_NEXT)

    def candidates(self, state: State) -> Iterable[PatienceMove]:
        ids = self.tableau.ids
        gaps = [ids[i] for i in self.flanks if not state.piles[i]]
        for src in self.flanks + self.line:
            pile = state.piles[src]
            if not pile:
                continue
            s = C.suit(pile[-1])
            for f in (self.up[s], self.down[s]):
                if self._takes(f, pile[-1], state.piles[f]):
                    yield PatienceMove(PatienceMoveKind.MOVE, ids[src], ids[f])
        for src in self.line:
            if state.piles[src]:
                for gap in gaps:
                    yield PatienceMove(PatienceMoveKind.MOVE, ids[src], gap)
        if state.piles[self.stock]:
            for gap in gaps:
                yield PatienceMove(PatienceMoveKind.MOVE, "stock", gap)
        if self.switches.exchange:
            for a, k in zip(self.up, self.down):
                yield PatienceMove(PatienceMoveKind.MOVE, ids[a], ids[k])
                yield PatienceMove(PatienceMoveKind.MOVE, ids[k], ids[a])
        yield PatienceMove(PatienceMoveKind.DEAL)
        yield PatienceMove(PatienceMoveKind.REDEAL)

    def attempt(self, state: State, move: PatienceMove) -> State | Refusal:
        if move.kind is PatienceMoveKind.DEAL:
            return self._deal_round(state)
        if move.kind is PatienceMoveKind.REDEAL:
            return self._redeal(state)
        if move.kind is not PatienceMoveKind.MOVE:
            return Refusal("La Nivernaise has no paired plays; write SRC>DST",
                           ReasonCode.NO_SUCH_PLAY)
        if move.target == "F":
            return self.first_foundation(state, move, self.up + self.down)
        single = self.single(state, move)
        if isinstance(single, str):
            return single
        src, dst, card = single.src, single.dst, single.card
        src_role, dst_role = single.src_role, single.dst_role
        pile = state.piles[src]
        if dst_role is Role.FOUNDATION:
            if src_role is Role.STOCK:
                return Refusal("a stock card must first fill a flank gap",
                               ReasonCode.WRONG_SLOT)
            if src_role is Role.FOUNDATION:
                if not self.switches.exchange:
                    return Refusal("the exchange between foundations is switched off",
                                   ReasonCode.SWITCHED_OFF)
                if {src, dst} not in ({a, k} for a, k in zip(self.up, self.down)):
                    return Refusal("a card moves only between the two piles of its own "
                                   "suit", ReasonCode.WRONG_SLOT)
            elif src_role not in (Role.FLANK, Role.LINE):
                return Refusal(f"{move.source} is not a flank, a Line packet or a "
                               f"foundation", ReasonCode.WRONG_SLOT)
            why = self._fits(dst, card, state.piles[dst])
            if why:
                return why
        elif dst_role is Role.FLANK:
            if state.piles[dst]:
                return Refusal(f"{move.target} is not a gap: flank cards are never built "
                               f"on", ReasonCode.NOT_A_GAP)
            if src_role not in (Role.LINE, Role.STOCK):
                return Refusal("a flank gap is filled from the stock or from a Line top",
                               ReasonCode.WRONG_SLOT)
        else:
            return Refusal(f"cards go to foundations or flank gaps, not to {move.target}",
                           ReasonCode.WRONG_SLOT)
        changes = {src: pile[:-1], dst: state.piles[dst] + (card,)}
        after = self.moved(state, changes)
        if src_role is Role.LINE and not pile[:-1]:
            after = self._refill_packet(after, src)
        return after

    def _refill_packet(self, state: State, packet: int) -> State:
        stock = state.piles[self.stock]
        take = min(4, len(stock))
        new = tuple(reversed(stock[len(stock) - take:]))
        return self.moved(state, {packet: new, self.stock: stock[:len(stock) - take]})

    def _deal_round(self, state: State) -> State | Refusal:
        if not state.piles[self.stock]:
            return Refusal("the stock is out" + (
                "; redeal" if state.redeals < self.switches.redeals else ""),
                ReasonCode.STOCK_OUT)
        if self.switches.deal_whole_round:
            return self._dealt(state)
        return self._dealt_packet(state)

    def _redeal(self, state: State) -> State | Refusal:
        if state.piles[self.stock]:
            return Refusal(f"the stock still has {len(state.piles[self.stock])} cards",
                           ReasonCode.STOCK_LEFT)
        if state.redeals >= self.switches.redeals:
            return Refusal(f"no redeal left (this game allows {self.switches.redeals})",
                           ReasonCode.NO_REDEAL_LEFT)
        gathered = tuple(c for packet in self.line for c in state.piles[packet])
        if not gathered:
            return Refusal("the Line is empty: nothing to redeal", ReasonCode.EMPTY)
        changes: dict[int, tuple[int, ...]] = {packet: () for packet in self.line}
        changes[self.stock] = tuple(reversed(gathered))
        after = self.moved(state, changes, redeals=state.redeals + 1, dealing=0)
        # Laid out "as before" (rule IV): six packets at once, as at the start.
        return self._dealt(after)

    def key(self, state: State) -> Hashable:
        # The eight flank places are alike: which one holds a card changes nothing.
        flanks = tuple(sorted(state.piles[i] for i in self.flanks))
        rest = tuple(p for i, p in enumerate(state.piles) if i not in self.flanks)
        return (flanks, rest, state.redeals, self._next_packet(state))

    def _next_packet(self, state: State) -> int:
        """The packet (0 = L1) the next ``deal`` lays: a round ends when its sixth packet
        is laid or the stock runs out, however it ran out."""
        return state.dealing if state.piles[self.stock] else 0

    # --- the solver's reductions (docs/solvers.md) -----------------------------------------
    #
    # A suit's two piles are runs: the ascending one holds ranks 1..u (u = its length), the
    # descending one ranks d..13 (d = 14 - its length). Let n = u + 14 - d, the suit's
    # cards on the foundations.
    #
    # (1) An exchange needs the top of one pile to fit the other: u = d - 1, i.e. n = 13
    #     ("split free": one card of every rank up, the split between the piles anywhere).
    #     It leaves n = 13 and changes only where the split is. So every run of exchanges
    #     of a suit can be moved, without changing any other move, to just before the next
    #     play to that suit's piles (none of the other moves looks at the split), and there
    #     is always such a play (a won game has n = 26). The solver therefore never plays an
    #     exchange alone: a play of rank r to a split-free suit is one edge "slide the split
    #     to r - 1, then play r up", which reaches every position a play of r after any
    #     exchanges can (either pile then holds r: the result is the same), and all
    #     split-free positions of a suit share one key.
    # (2) When n > 13 (d <= u), each remaining card of the suit has one place (a rank above
    #     u goes up, one below d goes down; the other copy of its rank is already up) and
    #     each pile takes them in one order. A FLANK card that fits then is played at once:
    #     take any winning line L that plays it later; playing it first and then L (less
    #     that play) is legal throughout, because no other card could have gone where it
    #     goes, the flank card could not have moved anywhere else, deals and redeals never
    #     touch the flanks, and the gap it leaves only adds a choice (gaps are filled when
    #     the player likes). The same holds for a LINE top once the stock is out and no
    #     redeal is left: no packet is refilled or gathered again, and the card below it is
    #     uncovered sooner, which again only adds choices.
    # (3) When n = 12 and the exchange is on, both piles want the same rank r = u + 1, and
    #     a FLANK card of that rank is played at once too. In a winning line L the suit's
    #     next play is a card of rank r (nothing else fits, and no exchange is possible at
    #     n = 12): this card or its twin. If it is this card, playing it first changes
    #     nothing but the split, which exchanges restore. If it is the twin, taken off a
    #     flank, the flanks then hold the same cards either way; taken off a Line top, the
    #     early line puts the twin into the flank gap this card left (a legal move with the
    #     same refill), and the two lines meet again. Before that, L plays nothing on the
    #     suit, and the early line only has one gap more. (At n < 12 this fails: a split-
    #     free suit may take any rank next, which an early play to it rules out.)
    # (4) Where (2) or (3) would play a flank card at once, a LINE top that fits is never
    #     moved into a flank gap instead: from the gap it could only go where it fits now
    #     (its one place, or by (3) either pile), and nothing else goes there first but its
    #     twin, so playing it at once loses nothing and keeps the gap (the same argument,
    #     the packet losing the same top card either way).

    # (5) Dead end (:meth:`dead_end`). Once the stock is out and no redeal is left, a
    #     position where no foundation play can ever come again is lost. Call a card
    #     "wanted" when it could go up now: with the exchange on and thirteen of its suit up,
    #     every card of the suit left (one copy of each rank is left, and sliding the split
    #     reaches it); otherwise the rank after the ascending pile's top or before the
    #     descending pile's. Until the next foundation play the foundations change at most
    #     by exchanges, which keep the set of wanted cards, so that play is of a card wanted
    #     now. A flank card never moves but to a foundation. A packet card with k cards
    #     above it becomes a top only when those k have left the packet, and before the
    #     first play they can only go into flank gaps, of which no new one opens (only a
    #     play empties a flank), and nothing refills or regathers a packet. So if no flank
    #     card is wanted and no packet holds a wanted card with at most g cards above it
    #     (g = the gaps now), no card will ever be played again, and the game, not won yet,
    #     cannot be won.
    # (6) Digs. In the last phase a Line top is parked only as part of a dig: the top k
    #     cards of one packet put into k gaps and the card they covered played at once.
    #     Take a winning line L and a park of card X from packet p in it. Nothing refills
    #     or gathers p any more, so p changes only when L takes its next card. If L plays
    #     X from its flank before that, play X straight off p at that moment instead: p's
    #     top is still X, and the line in between had one gap more. Otherwise move the
    #     park to just before L takes p's next card: the moves in between touch neither p
    #     nor X and again had one gap more. Repeating this (each step moves a park later or
    #     removes one) ends with every park followed at once by a park or a play from the
    #     same packet; a park of a packet's last card is not followed by anything of p, so
    #     it becomes a play. So a run of parks off p always ends with a play off p: a dig.
    #     Before the last phase this fails: a deal covers X and a refill or redeal moves
    #     the cards below it, so a player may park for those.
    # (7) Packets the last deals will not reach. With no redeal left, s cards in the
    #     stock and the round's next packet q (0 = L1; always 0 under deal_whole_round),
    #     the deals lay packets q, q + 1, ... in turn, four cards each, until the stock is
    #     out; refills and draws only shrink the stock, so the k-th packet from 0 with
    #     4 ((k - q) mod 6) >= s gets no card from it (every move is open between two
    #     deals, so nothing else changes). A park off such a packet p therefore moves, as
    #     in (6), to just before the line takes p's next card or becomes a play: nothing
    #     in between, the deals included, touches p. The next card taken may be
    #     the packet's last, which the stock refills (an event of its own), so the edges
    #     off p are the digs of (6) and the whole packet parked and refilled.
    #
    # Search order (:meth:`score`): a position in that last phase (stock out, no redeal
    # left) that the automatic moves did not win scores ENDGAME_WAIT below its foundation
    # count, so the search widens before the last deal before it digs through the parking
    # orders of one hopeless last phase; a position after the redeal scores its order's
    # redealt_wait below it (ORDERS), so the orders give the first pass different room
    # before they commit to a redeal; and a buried order breaks ties between positions
    # with as many cards up by how deep the wanted cards lie in the Line. Each order's
    # search is complete; this changes only the order, never the verdict.

    # --- what a player sees ----------------------------------------------------------------
    # The stock is face down, and each Line packet shows its top card; a player may look
    # as many cards deep as there are flank gaps (our reading, sources row moves:look-into:
    # the top card does not count, so one gap shows the top and the card under it; with no
    # gap the top alone, as the booklet's example plays it).

    def _depth(self, state: State) -> int:
        return 1 + sum(1 for i in self.flanks if not state.piles[i])

    def hidden(self, state: State) -> int:
        depth = self._depth(state)
        return len(state.piles[self.stock]) + sum(
            max(0, len(state.piles[i]) - depth) for i in self.line)

    def reveals(self, before: State, after: State) -> bool:
        if len(before.piles[self.stock]) != len(after.piles[self.stock]) or \
                before.redeals != after.redeals:
            return True
        was, now = self._depth(before), self._depth(after)
        # A packet's cards keep their places from the bottom unless the stock refills it
        # (caught above): a card is uncovered when the seen part reaches lower.
        return any(max(0, len(after.piles[i]) - now) < max(0, len(before.piles[i]) - was)
                   for i in self.line)

    def reveal_rank(self, state: State, move: PatienceMove) -> tuple[int, ...]:
        """Foundation plays (flank cards first); a Line top into a flank gap when a gap
        stays open and the card it uncovers, seen through the gaps, can go up; dealing;
        other fillings that keep a gap open (Cadogan's advice), from the Line before the
        stock; the redeal; filling the last gap."""
        if move.kind is PatienceMoveKind.DEAL:
            return (4,)
        if move.kind is PatienceMoveKind.REDEAL:
            return (6,)
        piles = state.piles
        target = self.index[move.target]
        if self.tableau.slots[target].role is Role.FOUNDATION:
            return (0 if move.source.startswith(("LF", "RF")) else 1,)
        gaps = sum(1 for i in self.flanks if not piles[i])
        if gaps < 2:
            return (7,)
        if move.source == "stock":
            return (5,)
        packet = piles[self.index[move.source]]
        below = packet[-2] if len(packet) >= 2 else None
        if below is not None and any(self._takes(f, below, piles[f])
                                     for f in (self.up[below // 13], self.down[below // 13])):
            return (2,)
        return (3,)

    def _wanted(self, piles: tuple[tuple[int, ...], ...]) -> set[int]:
        """The cards that could go up now, exchanges allowed ((5) above)."""
        return set().union(*(now.wanted for now in self._nows(piles)))

    def _last_phase(self, state: State) -> bool:
        return not state.piles[self.stock] and state.redeals >= self.switches.redeals

    def dead_end(self, state: State) -> bool:
        """(5) above: in the last phase, no wanted card is a flank card or lies within
        reach (no more cards above it than there are flank gaps) in a packet."""
        piles = state.piles
        if not self._last_phase(state) or self.won(state):
            return False
        wanted = self._wanted(piles)
        tops = [piles[i] for i in self.flanks]
        if any(pile[-1] in wanted for pile in tops if pile):
            return False
        reach = -1 - sum(1 for pile in tops if not pile)
        return all(wanted.isdisjoint(piles[i][reach:]) for i in self.line)

    def score(self, state: State) -> int:
        found = self.on_foundations(state)
        order = ORDERS[self.solver_variant]
        if found == self.goal:
            return found * BURIED_SCALE if order.buried else found
        if state.redeals:
            found -= order.redealt_wait
        if self._last_phase(state):
            found -= ENDGAME_WAIT
        if not order.buried:
            return found
        # Positions with as many cards up are told apart by the flank gaps free to dig
        # with and by how deep the cards that could go up next lie in the Line.
        piles = state.piles
        depth = lying_on(self._line_piles(piles), self._wanted(piles))
        gaps = sum(1 for pile in self._flank_piles(piles) if not pile)
        return found * BURIED_SCALE + 2 * gaps - min(depth, BURIED_SCALE - 4)

    def _suit_lengths(self, state: State, suit: int) -> tuple[int, int]:
        return len(state.piles[self.up[suit]]), len(state.piles[self.down[suit]])

    def safe_move(self, state: State) -> PatienceMove | None:
        step = self.safe_step(state)
        return None if step is None else step[0]

    def safe_step(self, state: State) -> tuple[PatienceMove, State] | None:
        piles = state.piles
        # Suits where (2) or (3) can apply at all: more than thirteen cards up, or twelve
        # with the exchange on (then for flank cards only).
        nows = self._nows(piles)
        if not (nows[0].hot or nows[1].hot or nows[2].hot or nows[3].hot):
            return None
        for src in self.flanks + self.line if self._last_phase(state) else self.flanks:
            pile = piles[src]
            if pile:
                now = nows[pile[-1] // 13]
                # (2) and (3) for a flank card; only (2), in the last phase, for a Line top.
                safe = now.flank_safe if src in self._flank_set else now.line_safe
                dst = safe[pile[-1] % 13]
                if dst >= 0:
                    return self._one[src][dst][0], self._played(state, src, dst)
        return None

    def _played(self, state: State, src: int, dst: int) -> State:
        """The top card of *src* moved onto *dst* (legality checked by the caller), with
        an emptied Line packet refilled."""
        piles = list(state.piles)
        pile = piles[src]
        piles[src] = pile[:-1]
        piles[dst] = piles[dst] + pile[-1:]
        after = State(tuple(piles), state.redeals, state.dealing)
        if len(pile) == 1 and src in self.line:
            after = self._refill_packet(after, src)
        return after

    def solver_moves(self, state: State) -> list[tuple[tuple[PatienceMove, ...], State]]:
        """Every move but the exchanges, which (1) above folds into the plays; a card goes
        to the first flank gap only (the flank places are alike); plays first, then the
        gap fillings, then dealing. In the last phase a Line top is parked only as part of
        a dig ((6) above). Built here without :meth:`attempt`, for speed; a test holds
        them to the legal moves."""
        piles = state.piles
        found: list[tuple[tuple[PatienceMove, ...], State]] = []
        settled: set[int] = set()  # Line packets whose top (4) plays rather than parks
        nows = self._nows(piles)
        for src in self.flanks + self.line:
            pile = piles[src]
            if pile:
                now = nows[pile[-1] // 13]
                # Most tops fit nowhere: looked up here before any work is done.
                if (now.split_free or now.plays[pile[-1] % 13]) and \
                        self._plays(state, src, found):
                    settled.add(src)
        gaps = [i for i in self.flanks if not piles[i]]
        if gaps and self._last_phase(state):
            for src in self.line:
                if src not in settled:
                    self._digs(state, src, gaps, found)
        elif gaps:
            gap = gaps[0]
            # (7): before the last deal, the packets it will not reach.
            stock_left = len(piles[self.stock])
            last_deal = state.redeals >= self.switches.redeals
            next_packet = self._next_packet(state)
            for k, src in enumerate(self.line):
                pile = piles[src]
                if not pile or src in settled:
                    continue
                if last_deal and 4 * ((k - next_packet) % 6) >= stock_left:
                    self._digs(state, src, gaps, found)
                    if len(pile) <= len(gaps):
                        found.append(self._emptied(state, src, gaps))
                else:
                    found.append((self._one[src][gap], self._played(state, src, gap)))
            if piles[self.stock]:
                found.append((self._one[self.stock][gap],
                              self._played(state, self.stock, gap)))
        stock = piles[self.stock]
        if stock:
            dealt = (self._dealt(state) if self.switches.deal_whole_round
                     else self._dealt_packet(state))
            found.append(((PatienceMove(PatienceMoveKind.DEAL),), dealt))
        elif state.redeals < self.switches.redeals:
            redealt = self._redeal(state)
            if isinstance(redealt, State):
                found.append(((PatienceMove(PatienceMoveKind.REDEAL),), redealt))
        return found

    def _plays(self, state: State, src: int,
               found: list[tuple[tuple[PatienceMove, ...], State]]) -> bool:
        """Adds to *found* the plays of the top card of *src* (which has one) to the
        foundations, an exchange slide folded in by (1); True when (4) keeps that card
        out of the flank gaps."""
        piles = state.piles
        pile = piles[src]
        c = pile[-1]
        s = c // 13
        now = self._now(piles, s)
        one = self._one[src]
        if now.split_free:
            up, down = self.up[s], self.down[s]
            nu = len(piles[up])
            r = c % 13 + 1
            slide = (self._one[up][down] * (nu - r + 1) if nu >= r
                     else self._one[down][up] * (r - 1 - nu))
            # Slid to r - 1 and r played up: ranks 1..r up, 13 down to r down.
            moved = list(piles)
            moved[src] = pile[:-1]
            moved[up] = tuple(range(13 * s, 13 * s + r))
            moved[down] = tuple(range(13 * s + 12, 13 * s + r - 2, -1))
            after = State(tuple(moved), state.redeals, state.dealing)
            if len(pile) == 1 and src in self.line:
                after = self._refill_packet(after, src)
            found.append((slide + one[up], after))
            return False
        for dst in now.plays[c % 13]:
            found.append((one[dst], self._played(state, src, dst)))
        return now.settled[c % 13]

    def _digs(self, state: State, src: int, gaps: list[int],
              found: list[tuple[tuple[PatienceMove, ...], State]]) -> None:
        """(6): the top k cards of packet *src* parked in the first k gaps, then the card
        they covered played, for every k the gaps allow."""
        piles = state.piles
        pile = piles[src]
        parked = list(piles)
        moves: tuple[PatienceMove, ...] = ()
        for k in range(1, min(len(gaps), len(pile) - 1) + 1):
            gap = gaps[k - 1]
            parked[gap] = pile[-k:len(pile) - k + 1]
            parked[src] = pile[:-k]
            moves += self._one[src][gap]
            card = pile[-1 - k]
            now = self._now(piles, card // 13)  # parks leave the foundations as they are
            if not (now.split_free or now.plays[card % 13]):
                continue
            plays: list[tuple[tuple[PatienceMove, ...], State]] = []
            self._plays(State(tuple(parked), state.redeals, state.dealing), src, plays)
            found.extend((moves + edge, after) for edge, after in plays)

    def _emptied(self, state: State, src: int, gaps: list[int]
                 ) -> tuple[tuple[PatienceMove, ...], State]:
        """Every card of packet *src* parked, top first, in the first gaps, and the packet
        refilled from the stock."""
        piles = list(state.piles)
        pile = piles[src]
        moves: tuple[PatienceMove, ...] = ()
        for card, gap in zip(reversed(pile), gaps):
            piles[gap] = (card,)
            moves += self._one[src][gap]
        piles[src] = ()
        return moves, self._refill_packet(State(tuple(piles), state.redeals, state.dealing), src)

    def _dealt(self, state: State) -> State:
        """Four cards from the stock (which has some) onto each packet, left to right, as
        far as it goes: the whole round (the redeal's laying out, and ``deal`` under the
        switch ``deal_whole_round``), which the solver calls without the check. A round
        partly laid is finished from its next packet."""
        piles = list(state.piles)
        stock = piles[self.stock]
        top_first = stock[::-1]
        first = self._next_packet(state)
        for k, packet in enumerate(self.line[first:]):
            piles[packet] += top_first[4 * k:4 * k + 4]
        piles[self.stock] = stock[:max(0, len(stock) - 4 * (6 - first))]
        return State(tuple(piles), state.redeals)

    def _dealt_packet(self, state: State) -> State:
        """The next packet of the round given four cards from the stock (which has some),
        or what is left of it: seed 004's "выкладывая новый рядъ пачекъ, останавливаются
        ... и играютъ всѣ подходящія карты" (our reading, row deal:packet-by-packet)."""
        piles = list(state.piles)
        stock = piles[self.stock]
        k = self._next_packet(state)
        take = min(4, len(stock))
        piles[self.line[k]] += stock[len(stock) - take:][::-1]
        piles[self.stock] = stock[:len(stock) - take]
        return State(tuple(piles), state.redeals, (k + 1) % 6 if take < len(stock) else 0)

    def packed(self, state: State) -> bytes:
        piles = state.piles
        flanks = bytes(sorted([pile[0] if pile else 254
                               for pile in self._flank_piles(piles)]))
        pair = self._packed_pair
        u0, d0, u1, d1, u2, d2, u3, d3 = map(len, self._pile_pairs(piles))
        stock = piles[self.stock]
        # Before any redeal the stock is always the start's, less cards off its top.
        tail = bytes((state.redeals, len(stock), state.dealing if stock else 0)) + (
            bytes(stock) if state.redeals else b"")
        # The packets, each ended by 255 (no card's code).
        return b"".join((flanks, pair[u0][d0], pair[u1][d1], pair[u2][d2], pair[u3][d3],
                         b"\xff".join(map(bytes, self._line_piles(piles))), b"\xff",
                         tail))
