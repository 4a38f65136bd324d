"""A quick search for a win of La Nivernaise, tried before the complete search.

The complete search (:mod:`.solver`) must visit every order in which cards can be parked
in the eight flank places, and most of the positions it meets before a win are such
orders. This probe looks at far fewer: a beam search over a flat copy of the position,
in which every card that fits a foundation goes up at once (flank cards first) except
where the choice matters (a suit with thirteen cards up and the exchange on takes any of
its ranks, and which one fixes the rest), and each level tries only the moves that are
left: one such play, a Line top or the stock's top into a flank gap, and, when none of
those is left, dealing or the redeal (as a player deals "when stuck"). A deal lays one
packet of the round (seed 004's stop after each, row deal:packet-by-packet); the next
packet of a round partly laid is offered beside the other options (:data:`MID_ROUND_DEAL`). Each level keeps
the best few positions by a value; tries with wider beams and other values follow one
another (:data:`TRIES`); a try that the last one says cannot finish in what is left of the
limits is not started, and the complete search gets the time.

A probe only ever finds wins, so it cannot make a verdict wrong: it says "won" or
nothing, and the solver replays its line through the game's own move checker
(:meth:`~.engine.Patience.play`) before believing it. "Lost" still needs the complete
search.

The flat position mirrors :class:`~.nivernaise.Nivernaise` exactly: the eight flank places
in the game's order (a card or :data:`EMPTY`), each suit's two foundation piles as their
lengths (the ascending pile holds ranks 1 to its length, the descending one 13 down to
14 less its length: their cards follow from that), the six Line packets and the stock as
tuples of card codes (top last), and the redeals used. The exchanges between a suit's two
piles are written out only when a card goes up, as the complete search does (the slide
of the split to just below the card, then the card up).
"""
from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from typing import TYPE_CHECKING

from .engine import PatienceMove, PatienceMoveKind, State
from .clock import TimeLimit
from .probe_budget import ProbeBudget

if TYPE_CHECKING:
    from .nivernaise import Nivernaise

#: A flank place with no card.
EMPTY = -1
#: Cards a won game has on its foundations.
GOAL = 104


class NivernaiseFlat:
    """One position; the moves below return a new one and never change this one."""

    __slots__ = ("flanks", "heights", "packets", "stock", "redeals", "found", "want",
                 "dealing")

    def __init__(self, flanks: list[int], heights: list[int],
                 packets: list[tuple[int, ...]], stock: tuple[int, ...], redeals: int,
                 found: int, dealing: int = 0) -> None:
        self.flanks = flanks
        #: Suit s: heights[2 * s] cards on its ascending pile, heights[2 * s + 1] on its
        #: descending one.
        self.heights = heights
        self.packets = packets
        self.stock = stock
        self.redeals = redeals
        self.found = found
        #: The packet (0-5) the next deal lays, as ``State.dealing``.
        self.dealing = dealing
        #: The cards :meth:`FlatRules.play_all` would play now, once known.
        self.want: frozenset[int] | None = None

    def copy(self) -> NivernaiseFlat:
        twin = NivernaiseFlat(self.flanks[:], self.heights[:], self.packets[:], self.stock,
                              self.redeals, self.found, self.dealing)
        twin.want = self.want
        return twin

    def key(self, exchange: bool) -> tuple[object, ...]:
        """Equal for positions that play alike: the flank places are interchangeable, and
        a split-free suit's split can be slid anywhere; before a redeal the stock is the
        deal's less cards off its top, so its length stands for it."""
        h = self.heights
        if exchange:
            h = h[:]
            for s in range(0, 8, 2):
                if h[s] + h[s + 1] == 13:
                    h[s] = h[s + 1] = 99
        return (tuple(sorted(self.flanks)), tuple(h), tuple(self.packets),
                self.stock if self.redeals else len(self.stock), self.redeals,
                self.dealing if self.stock else 0)


def flat(game: Nivernaise, state: State) -> NivernaiseFlat:
    """The flat copy of a La Nivernaise position."""
    p = state.piles
    flanks = [p[i][-1] if p[i] else EMPTY for i in game.flanks]
    heights = []
    for up, down in zip(game.up, game.down):
        heights += [len(p[up]), len(p[down])]
    return NivernaiseFlat(flanks, heights, [p[i] for i in game.line], p[game.stock],
                          state.redeals, sum(heights), state.dealing)


def state_of(game: Nivernaise, pos: NivernaiseFlat) -> State:
    """The game's position for a flat one (the tests compare the two)."""
    piles: list[tuple[int, ...]] = [()] * len(game.tableau.ids)
    for i, c in zip(game.flanks, pos.flanks):
        piles[i] = () if c == EMPTY else (c,)
    for s, (up, down) in enumerate(zip(game.up, game.down)):
        nu, nd = pos.heights[2 * s], pos.heights[2 * s + 1]
        piles[up] = tuple(range(13 * s, 13 * s + nu))
        piles[down] = tuple(range(13 * s + 12, 13 * s + 12 - nd, -1))
    for i, packet in zip(game.line, pos.packets):
        piles[i] = packet
    piles[game.stock] = pos.stock
    return State(tuple(piles), pos.redeals, pos.dealing)


#: A line is kept as a chain (the moves of the last level, the line before them), so a
#: level does not copy the whole line of every position it keeps.
Line = tuple["Line | None", tuple[PatienceMove, ...]] | None


def moves_of(line: Line) -> tuple[PatienceMove, ...]:
    parts = []
    while line is not None:
        line, moves = line
        parts.append(moves)
    return tuple(m for moves in reversed(parts) for m in moves)


class FlatRules:
    """The moves on flat positions, with the game's slot names for writing them out."""

    def __init__(self, game: Nivernaise) -> None:
        self.game = game
        self.exchange = game.switches.exchange
        self.redeals = game.switches.redeals
        self.whole_round = game.switches.deal_whole_round
        one = game._one  # noqa: SLF001 (the game's one-move chains, made once)
        flank_ids = list(game.flanks)
        line_ids = list(game.line)
        #: Place numbers: 0-7 the flanks, 8-13 the packets, 14 the stock.
        self.slot = flank_ids + line_ids + [game.stock]
        self.up_move = [[one[src][game.up[s]][0] for s in range(4)] for src in self.slot]
        self.down_move = [[one[src][game.down[s]][0] for s in range(4)]
                          for src in self.slot]
        self.to_flank = [[one[src][f][0] for f in flank_ids] for src in self.slot]
        self.slide_down = [one[game.up[s]][game.down[s]][0] for s in range(4)]
        self.slide_up = [one[game.down[s]][game.up[s]][0] for s in range(4)]
        self.deal_move = PatienceMove(PatienceMoveKind.DEAL)
        self.redeal_move = PatienceMove(PatienceMoveKind.REDEAL)
        #: _wants[s][nu][nd]: the cards of suit s that fit its piles of those lengths,
        #: none when it is split free (:meth:`play_all` leaves those to the search).
        self._wants: list[list[list[frozenset[int]]]] = []
        for s in range(4):
            rows: list[list[frozenset[int]]] = []
            for nu in range(14):
                row: list[frozenset[int]] = []
                for nd in range(14):
                    want: set[int] = set()
                    if not (self.exchange and nu + nd == 13):
                        want.update([13 * s + nu] if nu < 13 else [])
                        want.update([13 * s + 12 - nd] if nd < 13 else [])
                    row.append(frozenset(want))
                rows.append(row)
            self._wants.append(rows)

    def fits(self, pos: NivernaiseFlat, c: int) -> bool:
        s, r = c // 13, c % 13 + 1
        nu, nd = pos.heights[2 * s], pos.heights[2 * s + 1]
        if self.exchange and nu + nd == 13:
            return True
        return r == nu + 1 or r == 13 - nd

    def free(self, pos: NivernaiseFlat, s: int) -> bool:
        """The suit is split free: any of its ranks goes up next."""
        return self.exchange and pos.heights[2 * s] + pos.heights[2 * s + 1] == 13

    def _take(self, pos: NivernaiseFlat, place: int) -> int:
        """Takes the top card off a flank place or a packet (refilling an emptied packet
        from the stock); returns it."""
        if place < 8:
            c = pos.flanks[place]
            pos.flanks[place] = EMPTY
            return c
        k = place - 8
        packet = pos.packets[k]
        c = packet[-1]
        if len(packet) == 1:
            stock = pos.stock
            take = min(4, len(stock))
            pos.packets[k] = stock[len(stock) - take:][::-1]
            pos.stock = stock[:len(stock) - take]
        else:
            pos.packets[k] = packet[:-1]
        return c

    def play(self, pos: NivernaiseFlat, place: int, out: list[PatienceMove]) -> None:
        """The top card of *place* up (it fits: the caller checked), with the slide of
        the split first when its suit is split free."""
        c = self._take(pos, place)
        s, r = c // 13, c % 13 + 1
        pos.want = None
        h = pos.heights
        nu, nd = h[2 * s], h[2 * s + 1]
        if self.exchange and nu + nd == 13:
            if nu >= r:
                out += [self.slide_down[s]] * (nu - r + 1)
            else:
                out += [self.slide_up[s]] * (r - 1 - nu)
            out.append(self.up_move[place][s])
            h[2 * s], h[2 * s + 1] = r, 14 - r
        elif r == nu + 1:
            out.append(self.up_move[place][s])
            h[2 * s] = nu + 1
        else:
            out.append(self.down_move[place][s])
            h[2 * s + 1] = nd + 1
        pos.found += 1

    def park(self, pos: NivernaiseFlat, place: int, out: list[PatienceMove]) -> None:
        """The top of a packet (8-13) or of the stock (14) into the first flank gap."""
        gap = pos.flanks.index(EMPTY)
        if place == 14:
            c = pos.stock[-1]
            pos.stock = pos.stock[:-1]
        else:
            c = self._take(pos, place)
        pos.flanks[gap] = c
        out.append(self.to_flank[place][gap])

    def deal(self, pos: NivernaiseFlat, out: list[PatienceMove]) -> None:
        """One ``deal``: the next packet of the round (four cards, or what is left), or
        the rest of the round under the switch ``deal_whole_round``."""
        if self.whole_round:
            self.lay_round(pos)
        else:
            stock = pos.stock
            k = pos.dealing if stock else 0
            take = min(4, len(stock))
            pos.packets[k] = pos.packets[k] + stock[len(stock) - take:][::-1]
            pos.stock = stock[:len(stock) - take]
            pos.dealing = (k + 1) % 6 if pos.stock else 0
        out.append(self.deal_move)

    def lay_round(self, pos: NivernaiseFlat) -> None:
        """The round laid to its end, from its next packet (the redeal lays a whole one)."""
        stock = pos.stock
        first = pos.dealing if stock else 0
        top_first = stock[::-1]
        pos.packets = pos.packets[:first] + [
            p + top_first[4 * k:4 * k + 4] for k, p in enumerate(pos.packets[first:])]
        pos.stock = stock[:max(0, len(stock) - 4 * (6 - first))]
        pos.dealing = 0

    def can_redeal(self, pos: NivernaiseFlat) -> bool:
        return not pos.stock and pos.redeals < self.redeals and any(pos.packets)

    def redeal(self, pos: NivernaiseFlat, out: list[PatienceMove]) -> None:
        gathered = tuple(c for packet in pos.packets for c in packet)
        pos.packets = [()] * 6
        pos.stock = gathered[::-1]
        pos.redeals += 1
        pos.dealing = 0
        self.lay_round(pos)
        out.append(self.redeal_move)

    def wanted(self, pos: NivernaiseFlat) -> frozenset[int]:
        """The cards that fit a foundation now, but those of split-free suits (kept on the
        position until a play changes the heights)."""
        want = pos.want
        if want is None:
            h, t = pos.heights, self._wants
            want = pos.want = (t[0][h[0]][h[1]] | t[1][h[2]][h[3]] | t[2][h[4]][h[5]]
                               | t[3][h[6]][h[7]])
        return want

    def play_all(self, pos: NivernaiseFlat, out: list[PatienceMove]) -> None:
        """Plays every card that fits, flank cards first, but none to a split-free suit
        (which of its ranks goes first is a choice for the search), until none is left."""
        flanks = pos.flanks
        while True:
            want = self.wanted(pos)
            if not want.isdisjoint(flanks):
                for place in range(8):
                    if flanks[place] in want:
                        self.play(pos, place, out)
                        break
                continue
            for k, packet in enumerate(pos.packets):
                if packet and packet[-1] in want:
                    self.play(pos, 8 + k, out)
                    break
            else:
                return

    def options(self, pos: NivernaiseFlat, deal_any_time: bool) -> list[tuple[int, int]]:
        """The choices a level tries after :meth:`play_all`: (PLAY, place) for a card of a
        split-free suit, (PARK, place) for a packet or the stock into a gap, (DEAL, 0)
        and (REDEAL, 0). Dealing is offered only when nothing else is, unless
        *deal_any_time*."""
        out: list[tuple[int, int]] = []
        seen: set[int] = set()
        for place in range(8):
            c = pos.flanks[place]
            if c != EMPTY and c not in seen and self.free(pos, c // 13):
                seen.add(c)
                out.append((PLAY, place))
        for k in range(6):
            packet = pos.packets[k]
            if packet and self.free(pos, packet[-1] // 13):
                out.append((PLAY, 8 + k))
        if EMPTY in pos.flanks:
            for k in range(6):
                if pos.packets[k]:
                    out.append((PARK, 8 + k))
            if pos.stock:
                out.append((PARK, 14))
        if pos.stock:
            # A round partly laid goes on whenever the beam likes (the rest of it would
            # otherwise wait until every gap is filled).
            if deal_any_time or not out or (pos.dealing and MID_ROUND_DEAL):
                out.append((DEAL, 0))
        elif self.can_redeal(pos) and (deal_any_time or not out):
            out.append((REDEAL, 0))
        return out

    def apply(self, pos: NivernaiseFlat, option: tuple[int, int],
              out: list[PatienceMove]) -> NivernaiseFlat:
        child = pos.copy()
        kind, place = option
        if kind == PLAY:
            self.play(child, place, out)
        elif kind == PARK:
            self.park(child, place, out)
        elif kind == DEAL:
            self.deal(child, out)
        else:
            self.redeal(child, out)
        self.play_all(child, out)
        return child


PLAY, PARK, DEAL, REDEAL = range(4)
#: Offer the next packet of a round partly laid among the other options, not only when
#: nothing else is left as a new round is: otherwise the beam fills every flank gap before
#: it lays the next packet. On deals 0-199 at 20,000 positions: 180 won with it, 175
#: without (docs/solvers.md, session 15).
MID_ROUND_DEAL = True


# --- values: how promising a position looks (higher is better) -------------------------


def lying_on(packets: Iterable[tuple[int, ...]], wanted: Container[int]) -> int:
    """The cards lying on top of the *wanted* ones in the packets (top last), counted
    again for each wanted card they cover: how much digging the wanted cards need. The
    probe's :func:`buried` value and the complete search's buried orders both use it."""
    depth = 0
    for packet in packets:
        top = len(packet) - 1
        for place, card in enumerate(packet):
            if card in wanted:
                depth += top - place
    return depth


def buried(rules: FlatRules, pos: NivernaiseFlat) -> int:
    """Cards up first; then free flank places, less the cards lying on top of the wanted
    cards in the packets (a split-free suit wants all its cards)."""
    suits = rules.game._suits  # noqa: SLF001 (the game's tables of what each suit allows)
    h = pos.heights
    want = frozenset().union(*(suits[s][h[2 * s]][h[2 * s + 1]].wanted for s in range(4)))
    return (pos.found * 1000 + 30 * pos.flanks.count(EMPTY)
            - 10 * lying_on(pos.packets, want))


def plain(rules: FlatRules, pos: NivernaiseFlat) -> int:
    """Cards up, then free flank places."""
    return pos.found * 100 + pos.flanks.count(EMPTY)


Value = Callable[[FlatRules, NivernaiseFlat], int]


def beam(rules: FlatRules, start: NivernaiseFlat, *, width: int, value: Value, deal_any_time: bool,
         budget: Callable[[int], bool]) -> tuple[PatienceMove, ...] | None:
    """A beam search from *start*: *width* positions kept a level (the best by *value*),
    each extended by every option of :meth:`FlatRules.options`. *budget* is asked with the
    positions expanded so far and says whether to go on. The moves of a win, or None."""
    first: list[PatienceMove] = []
    pos = start.copy()
    rules.play_all(pos, first)
    level: list[tuple[NivernaiseFlat, Line]] = [(pos, (None, tuple(first)))]
    expanded = 0
    while level:
        children: list[tuple[int, int, NivernaiseFlat, Line]] = []
        # Each level's children are told apart by key; across levels a position is rarely
        # met twice (every option uses up a gap, a card or a deal), and a set over every
        # level would hold millions of keys at the widest tries.
        seen: set[tuple[object, ...]] = set()
        for pos, line in level:
            if pos.found == GOAL:
                return moves_of(line)
            expanded += 1
            if not budget(expanded):
                return None
            for option in rules.options(pos, deal_any_time):
                out: list[PatienceMove] = []
                child = rules.apply(pos, option, out)
                k = child.key(rules.exchange)
                if k in seen:
                    continue
                seen.add(k)
                children.append((-value(rules, child), len(children), child,
                                 (line, tuple(out))))
        children.sort(key=lambda t: (t[0], t[1]))
        level = [(c, line) for _, _, c, line in children[:width]]
    return None


#: The probe's tries, in order: (beam width, value, deal whenever the beam likes rather
#: than only when nothing else is left). Chosen on deals 0-39, each try run alone on each
#: deal: dealing only when stuck won 12-20 of the 40 at widths 16-64 against 3-9 when the
#: beam might deal at any time (a deal's plays outscore parking, so the beam fills with
#: dealt positions); width is what wins more (64: 22, 1024: 31, 4096: 34 deals, each
#: wider beam winning all the narrower one did), the values much less (at 1024, `buried`
#: 31, `plain` 30; two more, one counting the cards that lie on cards wanted sooner, one
#: weighing cards wanted within two plays, won 30 and 31 and were dropped). A narrow beam
#: first finds the easy wins in a few thousand positions; the widest try is for deals with
#: time to spare.
TRIES: tuple[tuple[int, Value, bool], ...] = (
    (64, plain, False), (1024, buried, False), (4096, plain, False), (4096, buried, False),
    (16384, plain, False))


def _fits(last: tuple[int, int, float], width: int, used: int, nodes: int | None,
          spent: float, seconds: float | None) -> bool:
    """Whether a try *width* wide can finish within what is left of the limits, judged
    by the last try (its width, positions and time; a beam's work grows with its width).
    A beam cut off before its last level finds nothing, so the time is better left to the
    complete search, which can win or prove a loss with it."""
    was, positions, took = last
    grow = width / was
    if nodes is not None and used + positions * grow > nodes:
        return False
    return seconds is None or spent + took * grow <= seconds


def probe(game: Nivernaise, state: State, *, nodes: int | None,
          seconds: float | TimeLimit | None,
          tries: tuple[tuple[int, Value, bool], ...] = TRIES
          ) -> tuple[tuple[PatienceMove, ...] | None, int]:
    """A winning line from *state*, or None; and the positions expanded. Stops after
    *nodes* positions or *seconds*."""
    budget = ProbeBudget(nodes, seconds)
    rules = FlatRules(game)
    start = flat(game, state)
    last: tuple[int, int, float] | None = None  # the previous try: width, positions, time
    for width, value, deal_any_time in tries:
        if last is not None and not _fits(last, width, budget.used, nodes, budget.elapsed(),
                                          budget.seconds):
            break  # the try would be cut off unfinished: the complete search gets the time
        tried = budget.now()
        attempt = budget.attempt()
        line = beam(rules, start, width=width, value=value, deal_any_time=deal_any_time,
                    budget=attempt)
        spent = attempt.close()
        if line is not None:
            return line, budget.used
        last = (width, spent, budget.now() - tried)
        if not budget.allows(1):
            break
    return None, budget.used
