"""What a solver says of a deal of one player: won, lost or unknown. Shared by the board
engine's solver (basic 52 and 65 in the open) and the patience engine's, which report in the
same words (``rules solve``, ``patience solve``)."""
from __future__ import annotations

import enum


class SolverVerdict(enum.Enum):
    """A solver's answer, written as the commands print it:

    >>> SolverVerdict("lost") is SolverVerdict.LOST
    True
    >>> [v.value for v in SolverVerdict]
    ['won', 'lost', 'unknown']
    """

    WON = "won"
    #: Every reachable position was searched without a win: the deal cannot be won.
    LOST = "lost"
    #: A limit stopped the search before it could say.
    UNKNOWN = "unknown"
