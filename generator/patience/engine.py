"""What the three patiences share: moves and their notation, positions, the checks of card
conservation, legality with a reason, and replaying a written game.

Move notation (one token per move, tokens separated by spaces or commas; slot ids are
those of the patience's tableau, e.g. ``LF1``, ``L3``, ``FA2``, ``A17``, ``W2``, ``R23``):

``SRC>DST``
    move the top card of SRC onto DST (a foundation, a gap, a packet). ``stock`` and
    ``talon`` are slots too: ``stock>LF2`` fills a flank gap from the stock. DST may be
    written ``F``: the first foundation, in slot order, that takes the card.
``A5+N7``
    the Empress: pair the Army card in A5 with the Navy card in N7 and play both.
``A5/N7``
    the Empress with the house switch ``advance_pairing`` on (Cadogan's variant; by
    default a pair goes up at once, as seed 004 says): lay the card in A5 on the one in
    N7 now, to play the couple later with ``N7>F``.
``deal``
    deal from the stock as the patience does when play is stuck (La Nivernaise: the next
    packet of the round, four cards).
``redeal``
    gather the table and deal again (La Nivernaise only, once).
"""
from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from ..errors import PatienceError, ReasonCode, Refusal, code_of, did_you_mean
from . import cards as C
from .clock import TimeLimit
from .tableau import Role, Tableau


class PatienceMoveKind(enum.Enum):
    MOVE = ">"
    PAIR = "+"
    LAY = "/"
    DEAL = "deal"
    REDEAL = "redeal"


@dataclass(frozen=True, slots=True)
class PatienceMove:
    """One move; ``str(move)`` is its notation and :meth:`parse` reads it back."""

    kind: PatienceMoveKind
    source: str = ""
    target: str = ""

    def __str__(self) -> str:
        if self.kind in (PatienceMoveKind.DEAL, PatienceMoveKind.REDEAL):
            return str(self.kind.value)
        return f"{self.source}{self.kind.value}{self.target}"

    @classmethod
    def parse(cls, text: str) -> PatienceMove:
        """
        >>> PatienceMove.parse("LF1>FA2")
        PatienceMove(kind=<PatienceMoveKind.MOVE: '>'>, source='LF1', target='FA2')
        >>> str(PatienceMove.parse("a5+n7")), str(PatienceMove.parse("DEAL"))
        ('A5+N7', 'deal')
        """
        token = text.strip()
        for kind in (PatienceMoveKind.DEAL, PatienceMoveKind.REDEAL):
            if token.lower() == kind.value:
                return cls(kind)
        m = re.fullmatch(r"([A-Za-z]+\d*)\s*([>+/])\s*([A-Za-z]+\d*)", token)
        if not m:
            raise ValueError(f"not a move: {token!r} (expected SRC>DST, A5+N7, A5/N7, deal "
                             f"or redeal)")
        src, sign, dst = m.groups()
        return cls(PatienceMoveKind(sign), _slot_case(src), _slot_case(dst))


def _slot_case(token: str) -> str:
    # Slot ids are upper case except the off-plate piles, which read as words.
    return token.lower() if token.lower() in ("stock", "talon", "red", "black") else token.upper()


def parse_moves(text: str) -> list[PatienceMove]:
    """Moves written one after another; the error names the move's number (from 1)."""
    moves = []
    for number, token in enumerate(re.split(r"[\s,;]+", text.strip()), start=1):
        if not token:
            continue
        try:
            moves.append(PatienceMove.parse(token))
        except ValueError as e:
            raise PatienceError(f"move {number}: {e}", ReasonCode.NOT_A_MOVE,
                                number=number, move=token, reason=str(e)) from None
    return moves


@dataclass(frozen=True, slots=True)
class State:
    """A position: the cards of every slot (bottom first, top LAST), in the order of the
    tableau's slots, how many redeals have been used, and how far a deal made in steps has
    got (La Nivernaise: the packets of the round being laid so far; 0 when none is)."""

    piles: tuple[tuple[int, ...], ...]
    redeals: int = 0
    dealing: int = 0


@dataclass(frozen=True, slots=True)
class Single:
    """A ``SRC>DST`` move resolved against a position: the slots, the card and the roles."""

    src: int
    dst: int
    card: int
    src_role: Role
    dst_role: Role


class Patience:
    """One patience's rules. Subclasses give the tableau, the deal, the candidate moves and
    :meth:`attempt`; everything else is shared."""

    name: ClassVar[str]
    title: ClassVar[str]
    packs: ClassVar[int]
    tableau: ClassVar[Tableau]
    #: Cards on the foundations when the game is won.
    goal: ClassVar[int]
    #: Cards in each role right after the deal (other_games.md section 3).
    dealt: ClassVar[dict[Role, int]]
    Switches: ClassVar[type]
    #: True when :meth:`solver_batches` gives more than one batch (else the solver asks
    #: :meth:`solver_moves` once and keeps nothing for later).
    batched: ClassVar[bool] = False
    #: How the solver spends its limits, step by step: ``("probe", 0, share)`` runs
    #: :meth:`solver_probe`, ``("complete", order, share)`` the complete search in move
    #: order *order* (:meth:`solver_moves` and :meth:`score` read :attr:`solver_variant`;
    #: every order tries every move, so each search is complete), each with *share* of
    #: what is left of the limits when it starts; the last step takes all that is left.
    #: Without the probe (``solve(..., probe=False)``) its steps are left out. A patience
    #: whose switches change what pays may set its own in ``__init__``.
    solver_plan: tuple[tuple[str, int, float], ...] = (("complete", 0, 1.0),)
    solver_variant = 0

    def __init__(self, switches: Any = None) -> None:
        self.switches = switches if switches is not None else self.Switches()
        self.index = {slot_id: i for i, slot_id in enumerate(self.tableau.ids)}
        self.foundations = tuple(self.index[s.id] for s in self.tableau.with_role(
            Role.FOUNDATION))

    # --- to be given by each patience ------------------------------------------------------

    def deal(self, seed: int) -> State:
        raise NotImplementedError

    def candidates(self, state: State) -> Iterable[PatienceMove]:
        """Every move that might be legal (a superset; :meth:`attempt` decides)."""
        raise NotImplementedError

    def attempt(self, state: State, move: PatienceMove) -> State | Refusal:
        """The position after *move*, or the reason it is illegal (with its code)."""
        raise NotImplementedError

    # --- shared ----------------------------------------------------------------------------

    def on_foundations(self, state: State) -> int:
        return sum(len(state.piles[i]) for i in self.foundations)

    def won(self, state: State) -> bool:
        return self.on_foundations(state) == self.goal

    def successors(self, state: State) -> list[tuple[PatienceMove, State]]:
        found = []
        for move in self.candidates(state):
            after = self.attempt(state, move)
            if isinstance(after, State):
                found.append((move, after))
        return found

    def legal_moves(self, state: State) -> list[PatienceMove]:
        return [move for move, _ in self.successors(state)]

    def stuck(self, state: State) -> bool:
        """Not won and no legal move left."""
        return not self.won(state) and not self.successors(state)

    def solver_moves(self, state: State) -> list[tuple[tuple[PatienceMove, ...], State]]:
        """The edges a solver follows from *state*, in the order to try them: each is a
        chain of moves (usually one) and the position it leads to. Together they must reach
        every position :meth:`successors` reaches, or one of the same :meth:`packed` key, or
        one that provably wins whenever those do (the patience's docstring says why)."""
        return [((move, ), after) for move, after in self.successors(state)]

    def solver_probe(self, state: State, nodes: int | None,
                     seconds: float | TimeLimit | None
                     ) -> tuple[tuple[PatienceMove, ...] | None, int]:
        """A quick search for a win from *state* within the given limits, where
        :attr:`solver_plan` puts it: the moves of a win, or None; and the positions it
        expanded. It may leave out any move, since it only finds wins; the solver replays
        its line through :meth:`attempt` before believing it."""
        return None, 0

    def solver_batches(self, state: State
                       ) -> Iterator[list[tuple[tuple[PatienceMove, ...], State]]]:
        """:meth:`solver_moves` in batches, the likeliest first: the solver builds a batch
        only when the search comes back to it, so a patience with hundreds of moves a
        position pays for the few it tries first (all of them in the end, if need be)."""
        yield self.solver_moves(state)

    # --- what a player sees (the player-view rate, .player) ------------------------------

    def hidden(self, state: State) -> int:
        """How many cards a player cannot see in *state* (0: the patience hides none)."""
        return 0

    def reveals(self, before: State, after: State) -> bool:
        """Whether the move from *before* to *after* shows the player a card hidden
        before. Read off pile sizes only, so asking it peeks at nothing."""
        return False

    def reveal_rank(self, state: State, move: PatienceMove) -> tuple[int, ...]:
        """How much a player who sees only the face-up cards prefers *move* among those
        that uncover something (lower first). Reads the move and the face-up cards only."""
        return (0,)

    def safe_step(self, state: State) -> tuple[PatienceMove, State] | None:
        """:meth:`safe_move` and the position after it (a patience may build it faster)."""
        move = self.safe_move(state)
        return None if move is None else (move, self.play(state, move))

    def safe_move(self, state: State) -> PatienceMove | None:
        """A move the solver plays at once with no alternative, because playing it never
        turns a won deal into a lost one (the patience proves it); None when there is none."""
        return None

    def dead_end(self, state: State) -> bool:
        """True when *state* provably cannot be won, so the solver need not search under
        it (the patience proves each test it makes); False when it cannot tell."""
        return False

    def score(self, state: State) -> int:
        """How promising a position looks to the solver (higher is better)."""
        return self.on_foundations(state)

    def key(self, state: State) -> Hashable:
        """What makes two positions the same for play."""
        return (state.piles, state.redeals)

    def packed(self, state: State) -> bytes:
        """:meth:`key` as compact bytes for the solver's table: a card is one byte (codes
        0-51), a pile ends with 255. Two positions share it only if they play alike."""
        out = bytearray()
        for pile in state.piles:
            out += bytes(pile)
            out.append(255)
        out.append(state.redeals)
        return bytes(out)

    def play(self, state: State, move: PatienceMove) -> State:
        after = self.attempt(state, move)
        if isinstance(after, str):
            raise PatienceError(f"illegal move {move}: {after}", code_of(after),
                                move=str(move), reason=after)
        return after

    def replay(self, seed: int, moves: Sequence[PatienceMove]) -> State:
        """The position after dealing *seed* and playing *moves*; an illegal move stops the
        replay with its number and the reason."""
        state = self.deal(seed)
        for number, move in enumerate(moves, start=1):
            after = self.attempt(state, move)
            if isinstance(after, str):
                raise PatienceError(f"{self.name} seed {seed}: move {number} ({move}) is "
                                    f"illegal: {after}", code_of(after), number=number,
                                    move=str(move), reason=after)
            state = after
        return state

    def single(self, state: State, move: PatienceMove) -> Single | Refusal:
        """The opening every ``SRC>DST`` move shares: both slots exist and the source holds
        a card. The reason otherwise, naming the slot."""
        src = self.slot_index(move.source)
        if isinstance(src, str):
            return src
        dst = self.slot_index(move.target)
        if isinstance(dst, str):
            return dst
        pile = state.piles[src]
        if not pile:
            return Refusal(f"{move.source} is empty", ReasonCode.EMPTY)
        slots = self.tableau.slots
        return Single(src, dst, pile[-1], slots[src].role, slots[dst].role)

    def first_foundation(self, state: State, move: PatienceMove,
                         order: Sequence[int] | None = None) -> State | Refusal:
        """``SRC>F``: the move to the first foundation (in *order*, default slot order)
        that takes the source's top card, or why none does (the first one's reason and
        its code: a card that fits none is NOT_NEXT, a gap owed first GAP_FIRST)."""
        src = self.slot_index(move.source)
        if isinstance(src, str):
            return src
        if not state.piles[src]:
            return Refusal(f"{move.source} is empty", ReasonCode.EMPTY)
        reasons = []
        for f in self.foundations if order is None else order:
            after = self.attempt(state, PatienceMove(PatienceMoveKind.MOVE, move.source,
                                                     self.tableau.ids[f]))
            if isinstance(after, State):
                return after
            reasons.append(after)
        return Refusal(f"no foundation takes {C.name(state.piles[src][-1])}"
                       + (f" ({reasons[0]})" if reasons else ""),
                       reasons[0].code if reasons else ReasonCode.NOT_NEXT)

    def slot_index(self, slot_id: str) -> int | Refusal:
        """The index of a slot, or the reason there is no such slot."""
        if slot_id in self.index:
            return self.index[slot_id]
        hint = did_you_mean(slot_id, self.index)
        return Refusal(f"{self.name} has no slot {slot_id!r}" + (f" ({hint})" if hint else ""),
                       ReasonCode.NO_SUCH_SLOT)

    def conservation(self, state: State) -> list[str]:
        """Problems with the cards on the table: every card of the packs exactly once per
        pack, no more and no fewer. Empty when all is well."""
        held = Counter(c for pile in state.piles for c in pile)
        expected = Counter(C.deck(self.packs))
        problems = []
        for c in sorted(set(held) | set(expected)):
            if held[c] != expected[c]:
                problems.append(f"{C.name(c)}: {held[c]} on the table, expected {expected[c]}")
        return problems

    def role_counts(self, state: State) -> dict[Role, int]:
        counts: dict[Role, int] = Counter()
        for slot, pile in zip(self.tableau.slots, state.piles):
            counts[slot.role] += len(pile)
        return dict(counts)

    def cards(self, state: State, slot_id: str) -> tuple[str, ...]:
        """The cards of one slot, bottom first, in the model's notation."""
        return tuple(C.name(c) for c in state.piles[self.index[slot_id]])

    # helpers for subclasses

    @staticmethod
    def moved(state: State, changes: Mapping[int, tuple[int, ...]], **extra: Any) -> State:
        piles = list(state.piles)
        for i, pile in changes.items():
            piles[i] = pile
        return replace(state, piles=tuple(piles), **extra)


def switch_names(patience: type[Patience]) -> list[str]:
    return [f.name for f in fields(patience.Switches)]


def make_switches(patience: type[Patience], given: dict[str, str]) -> Any:
    """The patience's switches with the *given* ones changed (values as typed: true/false
    or a whole number)."""
    values: dict[str, Any] = {}
    known = {f.name: f for f in fields(patience.Switches)}
    for key, text in given.items():
        attr = key.replace("-", "_")
        if attr not in known:
            hint = did_you_mean(attr, known)
            raise PatienceError(f"{patience.name} has no switch {key!r}"
                                + (f" ({hint})" if hint else f"; switches: "
                                   f"{', '.join(known) or 'none'}"))
        default = getattr(patience.Switches(), attr)
        if isinstance(default, bool):
            if text.lower() not in ("true", "false", "yes", "no", "1", "0"):
                raise PatienceError(f"switch {key}: expected true or false, got {text!r}")
            values[attr] = text.lower() in ("true", "yes", "1")
        else:
            try:
                values[attr] = int(text)
            except ValueError:
                raise PatienceError(f"switch {key}: expected a whole number, got {text!r}"
                                    ) from None
            if values[attr] < 0:
                raise PatienceError(f"switch {key}: expected 0 or more, got {text!r}")
    return patience.Switches(**values)
