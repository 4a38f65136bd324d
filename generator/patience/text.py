"""A position as plain text and as JSON-ready data, slot by slot in the tableau's order."""
from __future__ import annotations

from typing import Any

from . import cards as C
from .engine import Patience, State
from .tableau import Role

#: Face-down piles: only their size is shown.
_HIDDEN = (Role.STOCK,)


def position_lines(game: Patience, state: State) -> list[str]:
    """One line per slot: id, role, label, the cards bottom first (top last)."""
    width = max(len(i) for i in game.tableau.ids)
    lines = []
    for slot, pile in zip(game.tableau.slots, state.piles):
        if slot.role in _HIDDEN:
            shown = f"{len(pile)} cards"
        elif slot.role is Role.TALON and len(pile) > 1:
            shown = f"{len(pile)} cards, top {C.name(pile[-1])}"
        else:
            shown = C.names(pile) if pile else "-"
        label = f" ({slot.label})" if slot.label else ""
        lines.append(f"{slot.id:<{width}}  {slot.role.value:<11} {shown}{label}")
    return lines


def status_line(game: Patience, state: State) -> str:
    found = game.on_foundations(state)
    if game.won(state):
        return f"won: all {game.goal} cards on the foundations"
    moves = [str(move) for move in game.legal_moves(state)]
    if not moves:
        return f"stuck: {found} of {game.goal} cards on the foundations, no legal move"
    shown = " ".join(moves[:SHOWN_MOVES]) + (
        f" and {len(moves) - SHOWN_MOVES} more" if len(moves) > SHOWN_MOVES else "")
    return (f"{found} of {game.goal} cards on the foundations, {len(moves)} legal "
            f"move{'s' if len(moves) != 1 else ''}: {shown}")


#: Legal moves named in full on the status line; more are counted.
SHOWN_MOVES = 20


def position_data(game: Patience, state: State) -> dict[str, Any]:
    """The tableau with its cards: what a drawing or another tool needs."""
    return {
        "patience": game.name,
        "title": game.title,
        "packs": game.packs,
        "redeals_used": state.redeals,
        "on_foundations": game.on_foundations(state),
        "goal": game.goal,
        "won": game.won(state),
        "legal_moves": [str(move) for move in game.legal_moves(state)],
        "slots": [{"id": slot.id, "role": slot.role.value, "x": slot.x, "y": slot.y,
                   "rotation": slot.rotation, "label": slot.label,
                   "cards": [C.name(c) for c in pile]}
                  for slot, pile in zip(game.tableau.slots, state.piles)],
    }
