"""Time limits read on one clock (issue 40): the wall clock, or the search's own CPU time.

"10 s a deal on one core" is a CPU budget. On a machine that other jobs share, a search
limited by the wall clock gets only part of a core for its 10 s and decides less; the
CPU time of the process that searches (``time.process_time``: what that process has
spent on the processor, all its threads together, one core's seconds) counts only what
it was given. A node budget stays the way to compare runs on different machines; the CPU
clock is for the limit the goal is stated in.

A :class:`TimeLimit` is one value that the solver, its probes and the player pass down
in place of a number of seconds: it knows its clock and when it began, so a step that
gets a share of what is left reads the same clock. A plain number of seconds (or None)
stands for a limit on the wall clock, as before.
"""
from __future__ import annotations

import time
from collections.abc import Callable

#: A clock: seconds since some fixed moment, never going back.
Clock = Callable[[], float]

#: The clocks a limit may be read on, by the name `--clock` takes.
CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.process_time}


class TimeLimit:
    """*seconds* (None: no limit) counted on *clock* from the moment it is made."""

    def __init__(self, seconds: float | None, clock: Clock = time.perf_counter) -> None:
        self.seconds = seconds
        self.clock = clock
        self.began = clock()

    @classmethod
    def of(cls, limit: float | TimeLimit | None) -> TimeLimit:
        """*limit* itself, or a number of seconds (None: none) on the wall clock from now."""
        return limit if isinstance(limit, TimeLimit) else cls(limit)

    @classmethod
    def named(cls, seconds: float | None, clock: str) -> TimeLimit:
        """*seconds* on the clock called *clock* (a key of :data:`CLOCKS`)."""
        return cls(seconds, CLOCKS[clock])

    def elapsed(self) -> float:
        return self.clock() - self.began

    def left(self) -> float | None:
        """The seconds left (negative once over), or None for no limit."""
        return None if self.seconds is None else self.seconds - self.elapsed()

    def over(self) -> bool:
        return self.seconds is not None and self.elapsed() > self.seconds

    def share(self, part: float) -> TimeLimit:
        """A limit of *part* of what is left (none if this has none; never below 0), on
        the same clock, beginning now."""
        left = self.left()
        return TimeLimit(None if left is None else max(0.0, left) * part, self.clock)

    def spent(self) -> bool:
        """Whether a limit is set and nothing of it is left."""
        left = self.left()
        return left is not None and left <= 0
