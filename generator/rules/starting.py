"""What a start takes off before the first move: the combinations lying on the board when a
patience in the open begins (seed000, game 65). Standard library only."""
from __future__ import annotations

from ..model.layout import Layout
from .combos import combinations
from .games import Game


def clear_at_start(layout: Layout, game: Game) -> Layout:
    """*layout* without the combinations lying on it, when *game* takes them off at the
    start; otherwise *layout* itself. Taking them off leaves no new combination (lines are
    of neighbouring cards), so a start already cleared is returned unchanged."""
    rules = game.combinations
    if not game.setup.clear_at_start or not rules.enabled:
        return layout
    squares = {s for c in combinations(layout, min_length=rules.min_length, kinds=rules.kinds,
                                       orientations=rules.orientations) for s in c.squares}
    if not squares:
        return layout
    return layout._replace({s: st for s, st in layout.items() if s not in squares})
