"""Three historic patiences from Lady Cadogan's book (seed 004; other_games.md section 2):
La Nivernaise, The Empress of India and The Besieged City, as a small engine of their own.

Standard library and the model only. Each patience is a :class:`Patience` with its tableau
(slots as data), a seeded deal, legal moves with reasons, won and stuck tests; the
:mod:`.solver` searches a deal for a win.

>>> game = patience("nivernaise")
>>> state = game.deal(7)
>>> game.conservation(state), game.role_counts(state)[Role.STOCK]
([], 72)
"""
from __future__ import annotations

from typing import Any

from ..errors import PatienceError, did_you_mean
from .besieged import Besieged as Besieged
from .empress import Empress as Empress
from .engine import Patience as Patience
from .engine import PatienceMove as PatienceMove
from .engine import PatienceMoveKind as PatienceMoveKind
from .engine import State as State
from .engine import make_switches as make_switches
from .engine import parse_moves as parse_moves
from .nivernaise import Nivernaise as Nivernaise
from .tableau import Role as Role
from .tableau import Slot as Slot
from .tableau import Tableau as Tableau

#: The patiences by name.
PATIENCES: dict[str, type[Patience]] = {p.name: p for p in (Nivernaise, Empress, Besieged)}


def patience(name: str, switches: dict[str, str] | None = None) -> Patience:
    """The patience called *name*, with any *switches* changed from their defaults."""
    try:
        kind = PATIENCES[name]
    except KeyError:
        hint = did_you_mean(name, PATIENCES)
        raise PatienceError(f"no patience {name!r}; "
                            + (hint or f"expected one of {', '.join(PATIENCES)}")) from None
    chosen: Any = make_switches(kind, switches or {})
    return kind(chosen)
