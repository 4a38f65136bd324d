"""Faces and backs of traditional playing cards (the packs of Ass and the patiences), in
card-local mm like the open cards: origin at the trimmed card's top left, art reaching
*bleed* mm past the trim.

A face has its index and suit sign in the top-left corner and, turned 180 degrees, in the
bottom-right one, so the card reads from either end. Number cards carry their pips where a
real pack has them (three columns, the lower half turned); courts carry a figure of their
rank in a framed panel, once upright and once turned, as a double-headed court card does
(drawn in :mod:`.courts`); the ace carries one large pip. When a pack is printed in
several copies (for the patiences), the copy's colour and number sit under the corner index
and on the back, so mixed packs can be sorted again. The back of a copy is the same for
every card: a back that told cards apart would give them away face down.
"""
from __future__ import annotations

from ...model.traditional import ACE, JACK, PrintedCard, Suit, TraditionalPack
from ...model.units import Size
from ...model.cards import Hatching
from .. import fonts
from ..geometry import Rect, Transform
from ..scene import Box, Circle, Group, Item, Line, Paint, Polygon, Text
from ..style import DEFAULT_STYLE, Style
from . import courts
from .marks import centred_text, field, hatching

RED = "#c0231d"
BLACK = "#1b1b1b"
#: One colour per copy of a pack (backs, and the face's copy disc); they differ in hue and
#: in lightness, and the copy number is printed too, for readers who cannot tell them apart.
COPY_COLOURS = ("#1a3f8f", "#a8201a", "#1e6b2f", "#7a4a00")
FRAME = "#9aa0a6"
#: The corner index's centre from the left edge and the widest its ink may be (in units
#: of a 63 x 88 mm card's mm): its left edge stays 1.1 mm inside the frame's line.
INDEX_X, INDEX_ROOM = 6.8, 7.0
#: How narrow a wide index may be set (its width over the font's) before it is set smaller.
CONDENSED = 0.8
#: The pale field of the court panels, per suit colour.
COURT_TINT = {True: "#fbe3e1", False: "#e6e9ef"}

#: Pip positions of the number cards as (column, row) in a pip box: columns 0 (left),
#: 0.5 (centre), 1 (right); rows 0 (top) to 1 (bottom). Pips below the middle are turned
#: 180 degrees, as on a real pack, so the card looks the same from both ends.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3),
        (0, 1), (1, 1)),
    10: ((0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3),
         (0.5, 5 / 6), (0, 1), (1, 1)),
}


def _unit(size: Size) -> float:
    """Art is designed on a 63 x 88 mm card and scales with the card's smaller side."""
    return min(size.width / 63.0, size.height / 88.0)


def suit_colour(suit: Suit) -> str:
    return RED if suit.red else BLACK


def copy_colour(copy: int) -> str:
    return COPY_COLOURS[(copy - 1) % len(COPY_COLOURS)]


def _turned(items: list[Item], size: Size) -> Group:
    """*items* turned 180 degrees about the card's centre."""
    return Group(tuple(items), Transform.rotate(180, (size.width / 2, size.height / 2)))


def _corner(pack: TraditionalPack, printed: PrintedCard, size: Size, u: float) -> list[Item]:
    """The index, the suit sign under it and, for a multi-copy pack, the copy disc: the
    top-left corner of the face (the caller turns a copy into the bottom-right one)."""
    card = printed.card
    colour = suit_colour(card.suit)
    cx = INDEX_X * u
    items: list[Item] = [_index(pack.index(card.rank), cx, 7.4 * u, u, colour),
                         centred_text(card.suit.sign, cx, 14.4 * u, 5.6 * u, colour,
                                      font="regular")]
    if pack.copies > 1:
        items.append(Circle(cx, 20.6 * u, 2.5 * u, Paint(fill=copy_colour(printed.copy))))
        items.append(centred_text(str(printed.copy), cx, 20.6 * u, 3.2 * u,
                                  DEFAULT_STYLE.paper))
    return items


def _backing(corner: list[Item], u: float) -> Box:
    """Paper under a corner's index, sign and disc (:func:`_corner` or
    :func:`_corner_in_line`): from the index's left to the farthest of them, a unit
    round."""
    xs, ys = [0.0], [0.0]
    for item in corner:
        if isinstance(item, Circle):
            xs.append(item.cx + item.r)
            ys.append(item.cy + item.r)
        elif isinstance(item, Text):
            _, _, right, bottom = fonts.ink_bounds(item.text, item.font, item.size)
            xs.append(item.x + right)
            ys.append(item.y + bottom)
    left, top = (INDEX_X - INDEX_ROOM / 2 - 1.0) * u, 2.6 * u
    return Box(Rect(left, top, max(xs) + 1.0 * u - left, max(ys) + 1.0 * u - top),
               Paint(fill=DEFAULT_STYLE.paper), radius=1.0 * u)


def _corner_in_line(pack: TraditionalPack, printed: PrintedCard, u: float) -> list[Item]:
    """The corner of a card seen crossways: the index, the suit sign and the copy disc in
    one line along the top edge. The pips of a card lying that way leave a band along its
    long side free, not a column along its short one (they start 16.5 units from the short
    edge, 20 from the long one)."""
    card = printed.card
    colour = suit_colour(card.suit)
    text = pack.index(card.rank)
    index = _index(text, INDEX_X * u, 7.4 * u, u, colour)
    left, _, right, _ = fonts.ink_bounds(text, "bold", 7.5 * u)
    # The index is set narrower when wide (_index): its ink ends within INDEX_ROOM.
    end = INDEX_X * u + min(right - left, INDEX_ROOM * u) / 2
    sign_left, _, sign_right, _ = fonts.ink_bounds(card.suit.sign, "regular", 5.6 * u)
    sign = end + 1.0 * u + (sign_right - sign_left) / 2
    items: list[Item] = [index, centred_text(card.suit.sign, sign, 7.4 * u, 5.6 * u, colour,
                                             font="regular")]
    if pack.copies > 1:
        disc = sign + (sign_right - sign_left) / 2 + 3.5 * u
        items.append(Circle(disc, 7.4 * u, 2.5 * u, Paint(fill=copy_colour(printed.copy))))
        items.append(centred_text(str(printed.copy), disc, 7.4 * u, 3.2 * u,
                                  DEFAULT_STYLE.paper))
    return items


def _index(text: str, cx: float, cy: float, u: float, colour: str) -> Item:
    """The corner index, centred on (cx, cy), its ink at most :data:`INDEX_ROOM` wide so
    that it keeps clear of the frame: a wide index (10) is set condensed, as real packs
    set it, down to :data:`CONDENSED`, and only then smaller."""
    size = 7.5 * u
    left, _, right, _ = fonts.ink_bounds(text, "bold", size)
    room = INDEX_ROOM * u
    if right - left <= room:
        return centred_text(text, cx, cy, size, colour)
    narrow = max(CONDENSED, room / (right - left))
    size *= min(1.0, room / ((right - left) * narrow))
    return Group((centred_text(text, 0.0, 0.0, size, colour),),
                 Transform.translate(cx, cy) @ Transform.scale(narrow, 1.0))


def _pips(card_rank: int, suit: Suit, size: Size, u: float) -> list[Item]:
    colour = suit_colour(suit)
    left, right = 20.0 * u, size.width - 20.0 * u
    top, bottom = 16.5 * u, size.height - 16.5 * u
    pip = 10.5 * u
    items: list[Item] = []
    for col, row in PIPS[card_rank]:
        x = left + col * (right - left)
        y = top + row * (bottom - top)
        items.append(centred_text(suit.sign, x, y, pip, colour, font="regular",
                                  rotation=180 if row > 0.5 else 0))
    return items


def _court(card_rank: int, suit: Suit, size: Size, u: float) -> list[Item]:
    """A framed panel split at its middle, the upper half a figure of the rank (see
    :mod:`.courts`) with the suit sign beside its head, the lower half the same turned:
    a double-headed court card."""
    colour = suit_colour(suit)
    panel = Rect(12.0 * u, 10.0 * u, size.width - 24.0 * u, size.height - 20.0 * u)
    cy = size.height / 2
    # The figure's box sits on the middle line, centred across the card.
    place = (Transform.translate(size.width / 2 - courts.WIDTH / 2 * u, cy - courts.HEIGHT * u)
             @ Transform.scale(u))
    half: list[Item] = [
        Group(tuple(courts.court_figure(card_rank, colour)), place),
        centred_text(suit.sign, size.width / 2 - 14.0 * u, cy - 28.0 * u, 6.0 * u, colour,
                     font="regular"),
    ]
    return [Box(panel, Paint(fill=COURT_TINT[suit.red], stroke=colour, width=0.5 * u),
                radius=1.5 * u),
            Group((*half, _turned(list(half), size)), clip=panel, role="court figure"),
            Line(panel.x, cy, panel.right, cy, Paint(stroke=colour, width=0.35 * u))]


def traditional_front(pack: TraditionalPack, printed: PrintedCard, *, size: Size | None = None,
                      bleed: float = 0.0, style: Style = DEFAULT_STYLE, turn: int = 0,
                      index_scale: float = 1.0) -> Group:
    """The face of *printed* (a card and its copy) of *pack*.

    A figure's card has two more choices a printed card has not (:func:`_figure_corners`):
    a card the figure turns *turn* degrees (90 or 270) has its corners where the turned
    card's top left and bottom right are, upright, and *index_scale* enlarges them."""
    size = size or pack.size
    u = _unit(size)
    card = printed.card
    area = Rect(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed)
    items: list[Item] = [field(area, style.paper),
                         Box(Rect(0, 0, size.width, size.height).inset(2.2 * u),
                             Paint(stroke=FRAME, width=0.3 * u), radius=2.5 * u)]
    figure = turn % 180 == 90 or index_scale != 1.0
    if not figure:
        corner = _corner(pack, printed, size, u)
        items += [*corner, _turned(corner, size)]
    if card.rank == ACE:
        items.append(centred_text(card.suit.sign, size.width / 2, size.height / 2, 30.0 * u,
                                  suit_colour(card.suit), font="regular"))
    elif card.rank >= JACK:
        items += _court(card.rank, card.suit, size, u)
    else:
        items += _pips(card.rank, card.suit, size, u)
    if figure:
        # Drawn last: an enlarged index may reach the edge of a court's panel.
        items += _figure_corners(pack, printed, size, u, turn, index_scale)
    return Group(tuple(items), clip=area,
                 role=f"face {pack.name} {card.notation()} copy {printed.copy}")


def _figure_corners(pack: TraditionalPack, printed: PrintedCard, size: Size, u: float,
                    turn: int, scale: float) -> list[Item]:
    """The two corners of a figure's card: enlarged *scale* times about the frame's corner
    (the pips keep clear of an index up to about 1.4 times), and on a card turned *turn*
    degrees by a quarter, drawn as on a card lying that way: upright at the top left and
    the bottom right of what the reader sees, in one line (:func:`_corner_in_line`). A
    crossways card's index then reads as an upright card's does, not along the card's
    long side (review of the patience booklets, 6: the ramparts' indices ran
    vertically)."""
    inset = 2.2 * u
    grow = (Transform.translate(inset, inset) @ Transform.scale(scale)
            @ Transform.translate(-inset, -inset))
    across = turn % 180 == 90
    seen = Size(size.height, size.width) if across else size
    drawn = _corner_in_line(pack, printed, u) if across else _corner(pack, printed, seen, u)
    if ACE != printed.card.rank >= JACK:
        # A court's panel reaches under the enlarged corner: a patch of paper keeps the
        # index clear of its frame.
        drawn.insert(0, _backing(drawn, u))
    corner: list[Item] = [Group(tuple(drawn), grow)]
    both: list[Item] = [*corner, _turned(corner, seen)]
    if not across:
        return both
    # The box the reader sees, in the card's own frame: the seen card turned back.
    middle = (size.width / 2, size.height / 2)
    back = (Transform.rotate(-turn, middle)
            @ Transform.translate((size.width - seen.width) / 2, (size.height - seen.height) / 2))
    return [Group(tuple(both), back)]


def traditional_back(pack: TraditionalPack, printed: PrintedCard, *, size: Size | None = None,
                     bleed: float = 0.0, style: Style = DEFAULT_STYLE) -> Group:
    """The back of every card of one copy: the copy's colour to the bleed, a white band
    inside the trim, a lattice, and in the middle the copy number (for a pack printed in
    several copies) or a plain lozenge. Point-symmetric, so it looks the same either way
    up."""
    size = size or pack.size
    u = _unit(size)
    colour = copy_colour(printed.copy)
    area = Rect(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed)
    panel = Rect(0, 0, size.width, size.height).inset(4.0 * u)
    key = f"{pack.name}-back-{printed.copy}"
    items: list[Item] = [
        field(area, colour),
        Box(Rect(0, 0, size.width, size.height).inset(2.6 * u),
            Paint(stroke=style.paper, width=0.8 * u), radius=2.5 * u),
        hatching(panel, Hatching.CROSS, 3.2 * u, 0.35 * u, "#ffffff", key=f"{key}-lines"),
    ]
    cx, cy = size.width / 2, size.height / 2
    if pack.copies > 1:
        items.append(Circle(cx, cy, 9.0 * u, Paint(fill=style.paper)))
        items.append(Circle(cx, cy, 7.8 * u, Paint(fill=colour)))
        items.append(centred_text(str(printed.copy), cx, cy, 10.0 * u, style.paper))
    else:
        w, h = 9.0 * u, 14.0 * u
        items.append(Polygon(((cx, cy - h), (cx + w, cy), (cx, cy + h), (cx - w, cy)),
                             Paint(fill=style.paper)))
        items.append(Polygon(((cx, cy - h * 0.6), (cx + w * 0.6, cy), (cx, cy + h * 0.6),
                              (cx - w * 0.6, cy)), Paint(fill=colour)))
    return Group(tuple(items), clip=area, key=key, role=f"back {key}")


#: The suits' signs printed in :data:`RED`, as the cards print them.
RED_SIGNS = frozenset("♥♦")


def red_suit_runs(text: str) -> tuple[tuple[int, int, str], ...]:
    """The runs of *text* that are red suits' signs (♥ ♦), in the red the cards print them
    in, as :attr:`~generator.draw.scene.Text.colours` takes them: a sign in a line of text
    reads like the card it names."""
    runs: list[tuple[int, int, str]] = []
    for at, char in enumerate(text):
        if char not in RED_SIGNS:
            continue
        if runs and runs[-1][1] == at:
            runs[-1] = (runs[-1][0], at + 1, RED)
        else:
            runs.append((at, at + 1, RED))
    return tuple(runs)


def suit_signed_text(x: float, y: float, text: str, size: float, fill: str,
                     font: str = "regular") -> Text:
    """*text* centred on (*x*, *y*), each red suit's sign (♥ ♦) in the red the cards print
    it in, the rest in *fill*: a label such as "3 Vera ♥" reads like the card above it."""
    return Text(x, y, text, size, fill, font, colours=red_suit_runs(text))
