"""The figures gallery, docs/figures.png: shipped layouts drawn by the figure tool with their
own ``[figure]`` annotations (and one move sequence), side by side on one sheet."""
from __future__ import annotations

from ..draw.geometry import Transform
from ..draw.scene import Group, Item, Page
from ..draw.style import DEFAULT_STYLE
from ..io.templates import Library
from .build import draw_figure, option_annotations

#: Width of each figure on the sheet and the gap around them, in mm.
WIDTH = 70.0
GAP = 5.0

#: (layout, command-line annotations): what the gallery shows, left to right.
FIGURES: tuple[tuple[str, dict[str, str | tuple[str, ...]]], ...] = (
    ("example-beating", {}),
    ("example-combinations", {}),
    ("example-pressing", {}),
    ("game1-demo", {"moves": "b2-b3 g7-g6 b3-b4 g6-g5"}),
    ("game9-start", {}),
)
CAPTIONS = {"game1-demo": "Four moves of basic game 1, checked by the rule engine"}


def gallery_page(library: Library) -> Page:
    items: list[Item] = []
    x, height = GAP, 0.0
    for name, options in FIGURES:
        changes = option_annotations(**options)  # type: ignore[arg-type]
        page = draw_figure(library, name, changes, caption=CAPTIONS.get(name),
                           width=WIDTH).final
        items.append(Group(page.items, Transform.translate(x, GAP), role=f"figure {name}"))
        x += WIDTH + GAP
        height = max(height, page.height)
    return Page(x, height + 2 * GAP, tuple(items), background=DEFAULT_STYLE.paper,
                label="opencards figures")
