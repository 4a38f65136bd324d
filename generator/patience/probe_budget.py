"""What a win probe may spend (issue 41): the positions and seconds a probe's tries share.

The Empress's and La Nivernaise's probes run several beam searches (*tries*) one after
another within one limit. A beam asks its budget, with the positions it has expanded so
far, whether to go on; the probe adds what each try spent to what the tries before it
spent. The clock is read only every 32 positions, so that asking costs little.
"""
from __future__ import annotations

from .clock import TimeLimit


class ProbeBudget:
    """The limits of one probe, *nodes* positions and *seconds* (None: no limit; a number
    is read on the wall clock, a :class:`~.clock.TimeLimit` on its own clock), and what its
    tries have spent so far (:attr:`used` positions, :meth:`elapsed` seconds)."""

    def __init__(self, nodes: int | None, seconds: float | TimeLimit | None) -> None:
        self.nodes = nodes
        self.limit = TimeLimit.of(seconds)
        #: The seconds allowed (None: no limit), on :attr:`limit`'s clock.
        self.seconds = self.limit.seconds
        #: Positions expanded by the tries closed so far.
        self.used = 0

    def allows(self, expanded: int) -> bool:
        """Whether a try that has expanded *expanded* positions may go on."""
        if self.nodes is not None and self.used + expanded > self.nodes:
            return False
        return self.seconds is None or expanded % 32 != 0 or self.elapsed() < self.seconds

    def elapsed(self) -> float:
        return self.limit.elapsed()

    def now(self) -> float:
        """The budget's clock: what a try reads to time itself."""
        return self.limit.clock()

    def attempt(self) -> Attempt:
        """A new try's share of the budget."""
        return Attempt(self)


class Attempt:
    """One try: called by its beam with the positions expanded so far, it answers as the
    budget does and counts the positions the try spent (the one refused is not spent);
    :meth:`close` adds them to the budget."""

    def __init__(self, budget: ProbeBudget) -> None:
        self.budget = budget
        self.expanded = 0

    def __call__(self, expanded: int) -> bool:
        go_on = self.budget.allows(expanded)
        self.expanded = expanded if go_on else expanded - 1
        return go_on

    def close(self) -> int:
        """Adds the try's positions to the budget's and returns them."""
        self.budget.used += self.expanded
        return self.expanded
