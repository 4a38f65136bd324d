"""Cards as the symbols of a compact diagram, in tile-local mm: a square tile in the card's
colour with its value (or letter) and suit sign upright, as a chess diagram draws its men,
so that an 8 x 8 board fits a column of text.

A symbol keeps what tells cards apart on the board: the value, the colour (the tile's tint,
the value's ink and the suit sign's shape), the pack (pack 1's dark frame, or the suit
colour's; circles and daggers), face-down cards (the back's hatching and marks) and the
side, a bar across the tile's edge nearest its owner, solid or open as on the full cards.
Nothing is turned: which end the bar is at, not the way the value reads, says whose it is.
"""
from __future__ import annotations

from .. import fonts
from ...model.cards import Card, Colour, Hatching, Pack
from ...model.letters import LetterCard, LetterSet
from ..geometry import Rect
from ..scene import Box, Circle, Group, Item, Paint, Polygon
from ..style import DEFAULT_STYLE, Style
from .cards import TEXT
from .marks import DAGGER, centred_text, fit_size, hatching, rhombus

#: The tile's side and the width of its edge band, in mm (a figure scales both).
TILE = 21.0
BORDER = 1.3
#: The side bar's thickness and the room it keeps at its end of the tile.
BAR = 3.0
BAR_ROOM = BORDER + 0.6 + BAR
#: The values' ink: the cards' own (:data:`TEXT`), but a darker yellow, as the symbol sets
#: the value on the suit's tint, not on a face's white panel: the card's yellow would stand
#: 4.4:1 from the yellow tint, this one 5.4:1 (WCAG asks 4.5 of text this size).
VALUE_INK = {**TEXT, Colour.YELLOW: "#7a5e00"}
#: The value's height: cap height 0.74 of the size, about 8 mm on the tile.
VALUE_SIZE = 10.8
SIGN_SIZE = 8.0


def _content(base: str | None) -> Rect:
    """The part of the tile left for the value and sign: all but the bar's end."""
    inner = Rect(0, 0, TILE, TILE).inset(BORDER)
    if base is None:
        return inner
    room = BAR_ROOM - BORDER
    return Rect(inner.x, inner.y + (room if base == "top" else 0), inner.w, inner.h - room)


def _row(text: str, colour: Colour, area: Rect, style: Style) -> list[Item]:
    """The value (or letter) and the suit sign side by side, centred in *area*: the value
    as large as fits beside the sign, the sign in the suit colour."""
    gap = 0.6
    sign = colour.suit_sign
    sign_w = _ink_width(sign, "regular", SIGN_SIZE)
    size = fit_size(text, "bold", VALUE_SIZE, area.w - sign_w - gap - 0.8)
    text_w = _ink_width(text, "bold", size)
    x = area.centre[0] - (text_w + gap + sign_w) / 2
    cy = area.centre[1]
    return [Group((centred_text(text, x + text_w / 2, cy, size, VALUE_INK[colour]),),
                  role="value"),
            Group((centred_text(sign, x + text_w + gap + sign_w / 2, cy, SIGN_SIZE,
                                style.suit[colour], font="regular"),), role="suit")]


def _ink_width(text: str, font: str, size: float) -> float:
    left, _, right, _ = fonts.ink_bounds(text, font, size)
    return right - left


def _corner_marks(area: Rect, base: str | None, dagger: bool, circle: bool, ink: str,
                  backing: str | None = None) -> list[Item]:
    """A small dagger and a dot (the face circles) in the two corners of *area* away from
    the side bar: the pack's group and pack marks, at a size a print still shows."""
    far = area.bottom - 2.0 if base == "top" else area.y + 2.0
    items: list[Item] = []
    if dagger:
        x = area.right - 1.8
        if backing:
            items.append(Circle(x, far, 1.8, Paint(fill=backing)))
        items.append(Group((centred_text(DAGGER, x, far, 4.2, ink),), role="dagger"))
    if circle:
        items.append(Circle(area.x + 1.8, far, 1.0, Paint(fill=ink)))
    return items


def _tile(fill: str, border: str) -> list[Item]:
    tile = Rect(0, 0, TILE, TILE)
    return [Box(tile, Paint(fill=fill), radius=2.0),
            Box(tile.inset(BORDER / 2), Paint(stroke=border, width=BORDER), radius=1.4)]


def side_bar(base: str, solid: bool, style: Style = DEFAULT_STYLE) -> Box:
    """The side's bar across the tile's *base* end (``top`` or ``bottom``), solid ink or
    open, as :func:`generator.draw.art.cards.side_mark` on a full card."""
    y = BORDER + 0.6 if base == "top" else TILE - BORDER - 0.6 - BAR
    bar = Rect(TILE / 2 - 5.0, y, 10.0, BAR)
    if solid:
        return Box(bar, Paint(fill=style.ink), radius=0.6)
    edge = 0.8
    return Box(bar.inset(edge / 2), Paint(fill=style.paper, stroke=style.ink, width=edge),
               radius=0.5)


#: The heading mark's half width and height (mm): a triangle in the tile's edge band opposite
#: the bar, clear of the letter (whose capitals stand in the middle of the tile).
HEADING_HALF = 2.4
HEADING_HEIGHT = 2.4


def heading_mark(base: str, style: Style = DEFAULT_STYLE) -> Group:
    """The way a card's arrow points, for cards that belong to nobody (word puzzle 5): a
    solid triangle at the tile's end away from the bar at *base*, pointing out over that
    edge. With the bar as its tail, the tile reads as an arrow."""
    tip = BORDER + 0.3 if base == "bottom" else TILE - BORDER - 0.3
    back = tip + HEADING_HEIGHT if base == "bottom" else tip - HEADING_HEIGHT
    points = ((TILE / 2, tip), (TILE / 2 - HEADING_HALF, back), (TILE / 2 + HEADING_HALF, back))
    return Group((Polygon(points, Paint(fill=style.ink)),), role="heading")


def card_symbol(pack: Pack, card: Card, face_up: bool, base: str | None,
                style: Style = DEFAULT_STYLE) -> Group:
    """*card* of *pack* as a tile, its side bar (left to the caller) to come at *base*."""
    area = _content(base)
    if not face_up:
        marks = pack.marks
        return _back_symbol(pack.name, pack.has_dagger(card), base, style, marks.back_hatching,
                            circles=marks.back_circles or marks.back_double_circles,
                            double=marks.back_double_circles)
    colour = card.colour
    items = _tile(style.tint[colour], style.ink if pack.marks.face_frame else style.suit[colour])
    items += _row(str(card.value), colour, area, style)
    items += _corner_marks(area, base, pack.has_dagger(card), pack.marks.face_circles, style.ink)
    return Group(tuple(items), role=f"symbol {pack.name} {card.notation()}")


def letter_symbol(letters: LetterSet, card: LetterCard, face_up: bool, base: str | None,
                  style: Style = DEFAULT_STYLE) -> Group:
    """A letter card as a tile: its letter and its group's suit sign."""
    area = _content(base)
    if not face_up:
        return _back_symbol(letters.name, letters.has_dagger(card), base, style,
                            letters.marks.back_hatching,
                            rhombus_mark=letters.marks.back_rhombuses)
    colour = card.colour
    items = _tile(style.tint[colour], style.suit[colour])
    items += _row(card.letter, colour, area, style)
    return Group(tuple(items), role=f"symbol {letters.name} {card.notation()}")


def _back_symbol(name: str, dagger: bool, base: str | None, style: Style, hatch: Hatching, *,
                 circles: bool = False, double: bool = False, rhombus_mark: bool = False
                 ) -> Group:
    """A face-down card: the back's hatching inside its dark band, with the back's circle
    or rhombus in the middle and the dagger where the back has one."""
    items = _tile(style.back_field, style.back_border)
    panel = Rect(0, 0, TILE, TILE).inset(BORDER + 0.4)
    if hatch is not Hatching.NONE:
        items.append(hatching(panel, hatch, style.hatch_step, style.hatch_width,
                              style.back_lines, key=f"{name}-symbol-lines"))
    area = _content(base)
    cx, cy = area.centre
    if circles:
        items += [Circle(cx, cy, 3.4, Paint(fill=style.paper)), Circle(cx, cy, 2.6,
                                                                        Paint(fill=style.ink))]
        if double:
            items += [Circle(cx, cy, 1.6, Paint(fill=style.paper)),
                      Circle(cx, cy, 1.0, Paint(fill=style.ink))]
    if rhombus_mark:
        items += rhombus(cx, cy, 5.0, 7.0, style.ink, style.paper)
    items += _corner_marks(area, base, dagger, False, style.ink, backing=style.paper)
    return Group(tuple(items), role=f"symbol {name} back")
