"""The figures gallery, docs/figures.png: shipped layouts drawn by the figure tool with their
own ``[figure]`` annotations (and one move sequence), in both styles: the full cards in the
top row, the same positions as compact diagrams under them."""
from __future__ import annotations

from collections.abc import Mapping

from ..draw.geometry import Transform
from ..draw.scene import Group, Item, Page, Text
from ..draw.style import DEFAULT_STYLE
from ..io.figures import FigureStyle, FigureTable
from ..io.layouts import LayoutFile
from ..model.settings import Settings
from .build import draw_position, option_annotations

#: Width of each figure on the sheet and the gap around them, in mm.
WIDTH = 70.0
GAP = 5.0
#: The row headings' size and the room they take above a row, in mm.
HEADING_SIZE = 4.2
HEADING_ROOM = 8.0

#: (layout, command-line annotations, side to move): what the gallery shows, left to right.
#: The first shows a chess diagram's conventions at once: the last move tinted, the legal
#: moves of a selected card as dots with a ring round the card it may take, the sides'
#: marks on every card and the side to move, with a legend to all of them.
FIGURES: tuple[tuple[str, dict[str, str | tuple[str, ...]], str | None], ...] = (
    ("game1-demo", {"moves": "c2-d3 g7-g6 d3-e4 b7-c6 e4-f5 h7-g7", "select": "f5"}, "next"),
    ("example-beating", {}, None),
    ("example-combinations", {}, None),
    ("example-pressing", {}, None),
    ("game9-start", {}, None),
)
CAPTIONS = {"game1-demo": "Basic game 1 after six moves: the last one tinted, the moves of "
            "4Y as dots, its capture ringed"}
#: The figures drawn with their legend (--legend).
LEGENDS = {"game1-demo"}
HEADINGS = {"full": "--style full: the cards as printed",
            "compact": "--style compact: square cells, cards as symbols, for a text column"}


def gallery_page(layouts: Mapping[str, tuple[LayoutFile, FigureTable]], settings: Settings
                 ) -> Page:
    """The gallery of :data:`FIGURES`, each drawn from its layout in *layouts* (by name,
    with its ``[figure]`` table: the job looks them up) in the kit's *settings*."""
    items: list[Item] = []
    y = GAP
    width = GAP + len(FIGURES) * (WIDTH + GAP)
    for style in FigureStyle:
        items.append(Text(GAP, y + HEADING_SIZE, HEADINGS[style], HEADING_SIZE,
                          DEFAULT_STYLE.ink, "bold", "start"))
        y += HEADING_ROOM
        x, height = GAP, 0.0
        for name, options, to_move in FIGURES:
            changes = option_annotations(**options)
            changes["style"] = style
            changes["legend"] = name in LEGENDS
            position, table = layouts[name]
            page = draw_position(settings, position, table, changes,
                                 caption=CAPTIONS.get(name), width=WIDTH, to_move=to_move,
                                 frames=False).final
            items.append(Group(page.items, Transform.translate(x, y),
                               role=f"figure {name} {style}"))
            x += WIDTH + GAP
            height = max(height, page.height)
        y += height + GAP
    return Page(width, y, tuple(items), background=DEFAULT_STYLE.paper,
                label="opencards figures")
