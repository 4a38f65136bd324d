"""The Besieged City's shuffle classes: rampart arrangements that reach each other by
shuffles, which the solver treats as one position (proved in docs/solvers.md, "The Besieged
City's symmetries", *Shuffle classes*).

A *shuffle* moves a rampart top that lies on another card onto another rampart's top it
packs on. It needs only the two tops, opens and fills no gap, and can be undone at once (the
card lay on a card it packs on), so positions joined by shuffles reach each other and are
won or lost together. A pile above its bottom holds cards of its bottom's suit, so each
suit's cards shuffle only among the piles whose bottom is of that suit, and a class is one
component per suit: this module finds a suit's component by a plain breadth-first walk and
names it by its least arrangement.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

#: The piles of one suit's ramparts, in slot order.
Arrangement = tuple[tuple[int, ...], ...]
#: One shuffle: the places (indexes into the suit's slots) of its source and destination.
Step = tuple[int, int]

#: Arrangements a component may hold before the solver gives up merging it (it then tries
#: that suit's shuffles one by one, as plain moves). A class is expanded from every
#: arrangement, so a big one is dear: with 4,000, deal 94's first 3,000 positions took
#: about 40 times the CPU time they take without classes, with 64 one to two times
#: (docs/solvers.md, session 15).
LIMIT = 64
#: Arrangements remembered across positions before the memory is cleared.
MEMORY = 400_000


@dataclass(frozen=True)
class Component:
    """One suit's arrangements that shuffles join, each with the step that first reached it
    from the arrangement the walk began at (None for that one)."""

    slots: tuple[int, ...]
    reached: dict[Arrangement, tuple[Arrangement, Step] | None]
    least: Arrangement

    def path(self, start: Arrangement, end: Arrangement) -> list[Step]:
        """Shuffles from *start* to *end*: back from *start* to where the walk began (each
        shuffle undone), then on to *end*."""
        back = [(b, a) for a, b in self._from_root(start)]
        return back[::-1] + self._from_root(end)

    def _from_root(self, member: Arrangement) -> list[Step]:
        steps: list[Step] = []
        link = self.reached[member]
        while link is not None:
            member, step = link
            steps.append(step)
            link = self.reached[member]
        return steps[::-1]


class Shuffles:
    """Finds and remembers the shuffle components of arrangements."""

    def __init__(self, packs: Sequence[Sequence[bool]], limit: int = LIMIT) -> None:
        self._packs = packs
        self.limit = limit
        # (slots, arrangement) -> its component, or None when it has more than *limit*.
        self._known: dict[tuple[tuple[int, ...], Arrangement], Component | None] = {}

    def component(self, slots: tuple[int, ...], start: Arrangement,
                  twins: Sequence[tuple[int, int]] = ()) -> Component | None:
        """The component of *start* over the ramparts *slots*, or None when it holds more
        than :attr:`limit` arrangements (a property of the component, whichever member the
        walk starts from, so every member gets the same answer). *twins* are places of
        *slots* (twin ramparts with equal bottoms) whose piles the key may exchange: the
        least arrangement is taken with each such pair in sorted order, so that a component
        and its image with those piles exchanged get the same name."""
        if (slots, start) in self._known:
            return self._known[(slots, start)]
        packs = self._packs
        reached: dict[Arrangement, tuple[Arrangement, Step] | None] = {start: None}
        todo = [start]
        big = False
        while todo and not big:
            here = todo.pop()
            for i, pile in enumerate(here):
                if len(pile) < 2:
                    continue
                top = packs[pile[-1]]
                for j, other in enumerate(here):
                    if j != i and top[other[-1]]:
                        there = list(here)
                        there[i], there[j] = pile[:-1], other + pile[-1:]
                        after = tuple(there)
                        if after not in reached:
                            reached[after] = (here, (i, j))
                            todo.append(after)
                            if len(reached) > self.limit:
                                big = True
        if len(self._known) > MEMORY:
            self._known.clear()
        if big:
            # Every member found lies in the same too-big component.
            for member in reached:
                self._known[(slots, member)] = None
            return None
        found = Component(slots, reached, min(map(_sorting(twins), reached)))
        for member in reached:
            self._known[(slots, member)] = found
        return found


def _sorting(twins: Sequence[tuple[int, int]]) -> Callable[[Arrangement], Arrangement]:
    def sort(member: Arrangement) -> Arrangement:
        if not twins:
            return member
        out = list(member)
        for i, j in twins:
            if out[j] < out[i]:
                out[i], out[j] = out[j], out[i]
        return tuple(out)
    return sort
