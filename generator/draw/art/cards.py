"""Faces and backs of numbered cards and letter cards, in card-local mm.

Origin is the trimmed card's top left corner; art reaches *bleed* mm past the trim on every
side so a slightly off cut never shows white. A card is drawn upright as its owner sees it:
the orientation arrow at the top points at the opponent.

Mark placement, chosen so it survives turning the card over: daggers sit in two opposite
corners (top left and bottom right of the face). Turned over either edge, those spots are
behind the back's top right and bottom left corners, where the back daggers are drawn, so a
face-down test card shows its dagger "at the same place". Back circles and rhombuses sit on
the centre line, which no turn moves.
"""
from __future__ import annotations

from ...model.cards import Card, Colour, Hatching, Pack
from .. import fonts
from ..geometry import Rect, Size
from ...model.letters import LetterCard, LetterSet
from ...model.settings import CORNER_RADIUS
from ..scene import Box, Circle, Group, Item, Paint
from ..style import DEFAULT_STYLE, Style
from .marks import arrow, centred_text, dagger, disc, field, fit_size, hatching, rhombus

#: Text colours readable on white, per suit (the saturated yellow is too pale for text).
TEXT = {Colour.RED: "#b3261e", Colour.YELLOW: "#8a6a00", Colour.GREEN: "#1e6b2f",
        Colour.BLUE: "#173d7a"}


def _unit(size: Size) -> float:
    """Art is designed on a 25 x 50 mm card and scales with the card's smaller side."""
    return min(size.width / 25.0, size.height / 50.0)


def _base(size: Size, bleed: float, fill: str) -> tuple[Rect, list[Item]]:
    area = Rect(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed)
    return area, [field(area, fill)]


def _corner_points(size: Size, u: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """Centres of the top-left and bottom-right corner marks of a face."""
    return (4.6 * u, 6.2 * u), (size.width - 4.6 * u, size.height - 6.2 * u)


def _concentric(corner: float, inset: float) -> float:
    """The corner radius of a shape *inset* mm inside a trim with *corner* mm corners,
    so that its corners follow the cut's (square once the inset passes the radius)."""
    return max(0.0, corner - inset)


def _band(size: Size, u: float, colour: str, corner: float) -> Box:
    """A band from 1 to 2 units inside the trim, its inner edge on the panel's edge."""
    return Box(Rect(0, 0, size.width, size.height).inset(1.5 * u),
               Paint(stroke=colour, width=1.0 * u), radius=_concentric(corner, 1.5 * u))


def _panel_and_arrow(size: Size, u: float, colour: Colour, style: Style, frame: bool,
                     with_arrow: bool, corner: float) -> list[Item]:
    items: list[Item] = []
    panel = Rect(0, 0, size.width, size.height).inset(2.0 * u)
    items.append(Box(panel, Paint(fill=style.paper), radius=_concentric(corner, 2.0 * u)))
    # Every face has a band 1 to 2 units in from the trim: dark on the framed pack (the
    # framework that tells pack 1 from pack 2 across the board), in the suit colour on
    # the others. Every back has a band at the same place, so the two sides of a duplex
    # sheet share their strongest edges and misregistration shows at a glance.
    items.append(_band(size, u, style.ink if frame else style.suit[colour], corner))
    if with_arrow:
        items.append(arrow(size.width / 2, ARROW_TIP * u, ARROW_HEIGHT * u, 4.6 * u,
                           style.ink))
    return items


#: The orientation arrow's tip and height below the card's top edge, in units.
ARROW_TIP, ARROW_HEIGHT = 2.9, 4.2
#: The least room between the arrow's stem and a letter's ink, and between the two letters
#: of a letter card's face, in units. Capitals sit 1.7 to 2 units below the arrow; a mark
#: above the cap height (the breve of Й) or a letter whose ink reaches below the baseline
#: (J, Q, Д, Ц), centred by its ink, came within 0.3 units of the stem (issue 43).
LETTER_CLEARANCE = 1.0


def _letter_place(letter: str, size: Size, u: float, letter_size: float, with_arrow: bool
                  ) -> tuple[float, float]:
    """Where the upright letter's ink centres (y, mm from the top) and its font size: a
    third of the way down, or lower (and smaller if it must) so that its ink keeps
    :data:`LETTER_CLEARANCE` from the arrow above and from the turned letter below."""
    cy = size.height * 0.305
    if not with_arrow:
        return cy, letter_size
    _, top, _, bottom = fonts.ink_bounds(letter, "bold", letter_size)
    tall = bottom - top
    highest = (ARROW_TIP + ARROW_HEIGHT + LETTER_CLEARANCE) * u
    if cy - tall / 2 >= highest:
        return cy, letter_size
    lowest = size.height / 2 - LETTER_CLEARANCE * u / 2
    if tall > lowest - highest:
        letter_size *= (lowest - highest) / tall
        tall = lowest - highest
    return highest + tall / 2, letter_size


def card_front(pack: Pack, card: Card, *, size: Size = Size(25, 50), bleed: float = 0.0,
               style: Style = DEFAULT_STYLE, corner: float = CORNER_RADIUS) -> Group:
    """The face of *card* from *pack*: tinted field, value at both short ends (one copy
    turned 180 degrees), the suit sign with the colour letter, arrow, dagger, frame and
    circles as the pack's marks say."""
    u = _unit(size)
    w, h = size.width, size.height
    colour = card.colour
    area, items = _base(size, bleed, style.tint[colour])
    items += _panel_and_arrow(size, u, colour, style, pack.marks.face_frame,
                              pack.marks.arrow, corner)
    value = str(card.value)
    value_size = fit_size(value, "bold", 11.5 * u, w - 6.0 * u)
    top_centre = 12.4 * u
    items.append(centred_text(value, w / 2, top_centre, value_size, TEXT[colour]))
    items.append(centred_text(value, w / 2, h - top_centre, value_size, TEXT[colour],
                              rotation=180))
    # The suit sign repeats the colour as a shape and carries the colour's letter, so
    # the card reads without colour vision and in greyscale print.
    items.append(centred_text(colour.suit_sign, w / 2, h / 2, 17.5 * u, style.suit[colour],
                              font="regular"))
    items.append(centred_text(colour.code, w / 2, h / 2 - 0.5 * u, 4.8 * u,
                              style.on_suit[colour]))
    top_left, bottom_right = _corner_points(size, u)
    if pack.has_dagger(card):
        items += dagger(*top_left, 6.5 * u, style.ink)
        items += dagger(*bottom_right, 6.5 * u, style.ink, rotation=180)
    if pack.marks.face_circles:
        r = 1.35 * u
        items.append(Circle(w - top_left[0], top_left[1], r, Paint(fill=style.ink)))
        items.append(Circle(w - bottom_right[0], bottom_right[1], r, Paint(fill=style.ink)))
    return Group(tuple(items), clip=area, role=f"face {pack.name} {card.notation()}")


def _back(size: Size, bleed: float, style: Style, hatch: Hatching, key: str,
          marks: list[Item], corner: float) -> Group:
    """A hatched panel inside a dark band 1 to 2 units from the trim: the band sits where
    the face's panel edge (and pack 1's frame) is, so the two sides of a card line up
    visibly, and measurably, when a duplex sheet is held to the light."""
    area, items = _base(size, bleed, style.back_field)
    u = _unit(size)
    panel = Rect(0, 0, size.width, size.height).inset(2.0 * u)
    items.append(_band(size, u, style.back_border, corner))
    if hatch is not Hatching.NONE:
        items.append(hatching(panel.inset(0.6 * u), hatch, style.hatch_step * u,
                              style.hatch_width * u, style.back_lines, key=f"{key}-lines"))
    items += marks
    return Group(tuple(items), clip=area, key=key, role=f"back {key}")


def _back_daggers(size: Size, u: float, style: Style) -> list[Item]:
    top_left, bottom_right = _corner_points(size, u)
    w = size.width
    return (dagger(w - top_left[0], top_left[1], 6.5 * u, style.ink, backing=style.paper)
            + dagger(w - bottom_right[0], bottom_right[1], 6.5 * u, style.ink,
                     backing=style.paper, rotation=180))


def back_key(name: str, dagger: bool) -> str:
    """The key of the back :func:`card_back` or :func:`letter_back` draws for a card of
    the pack or letter set *name*, with or without the *dagger*: a set's backs are these
    two drawings, which callers can tell apart before drawing either."""
    return f"{name}-back{'-dagger' if dagger else ''}"


def card_back(pack: Pack, card: Card, *, size: Size = Size(25, 50), bleed: float = 0.0,
              style: Style = DEFAULT_STYLE, corner: float = CORNER_RADIUS) -> Group:
    """The back of *card*: the pack's hatching and circles, and the dagger where the face
    has one. Backs that look the same share a key so documents can draw them once."""
    u = _unit(size)
    w, h = size.width, size.height
    marks: list[Item] = []
    if pack.marks.back_circles or pack.marks.back_double_circles:
        for cy in (h * 0.32, h * 0.68):
            marks += disc(w / 2, cy, 2.4 * u, style.ink, style.paper,
                          double=pack.marks.back_double_circles)
    has_dagger = pack.has_dagger(card)
    if has_dagger:
        marks += _back_daggers(size, u, style)
    return _back(size, bleed, style, pack.marks.back_hatching,
                 back_key(pack.name, has_dagger), marks, corner)


def letter_front(letters: LetterSet, card: LetterCard, *, size: Size = Size(25, 50),
                 bleed: float = 0.0, style: Style = DEFAULT_STYLE,
                 corner: float = CORNER_RADIUS) -> Group:
    """A letter card's face: the letter upright in the top half and turned 180 degrees in
    the bottom half, so both players read it, on its group's colour."""
    u = _unit(size)
    w, h = size.width, size.height
    colour = card.colour
    area, items = _base(size, bleed, style.tint[colour])
    items += _panel_and_arrow(size, u, colour, style, False, letters.marks.arrow, corner)
    letter_size = fit_size(card.letter, "bold", 17.0 * u, w - 6.0 * u)
    cy, letter_size = _letter_place(card.letter, size, u, letter_size, letters.marks.arrow)
    items.append(centred_text(card.letter, w / 2, cy, letter_size, TEXT[colour]))
    items.append(centred_text(card.letter, w / 2, h - cy, letter_size, TEXT[colour],
                              rotation=180))
    # A small suit sign in two corners names the group's colour as a shape.
    top_left, bottom_right = _corner_points(size, u)
    sign = colour.suit_sign
    items.append(centred_text(sign, *top_left, 5.0 * u, style.suit[colour], font="regular"))
    items.append(centred_text(sign, *bottom_right, 5.0 * u, style.suit[colour],
                              font="regular", rotation=180))
    return Group(tuple(items), clip=area, role=f"face {letters.name} {card.notation()}")


def letter_back(letters: LetterSet, card: LetterCard, *, size: Size = Size(25, 50),
                bleed: float = 0.0, style: Style = DEFAULT_STYLE,
                corner: float = CORNER_RADIUS) -> Group:
    """A letter card's back: the set's hatching, dark rhombuses if the set has them, and
    the dagger for the dagger group."""
    u = _unit(size)
    w, h = size.width, size.height
    marks: list[Item] = []
    if letters.marks.back_rhombuses:
        for cy in (h * 0.32, h * 0.68):
            marks += rhombus(w / 2, cy, 5.0 * u, 7.0 * u, style.ink, style.paper)
    has_dagger = letters.has_dagger(card)
    if has_dagger:
        marks += _back_daggers(size, u, style)
    return _back(size, bleed, style, letters.marks.back_hatching,
                 back_key(letters.name, has_dagger), marks, corner)


def side_mark(size: Size, solid: bool, style: Style = DEFAULT_STYLE) -> Box:
    """A figure's mark of whose card this is (no printed card carries it): a bar across
    the card's base, the end nearest its owner, between the corner marks and under the
    lower value, where no pack or letter set prints anything (the arrow sits at the other
    end, daggers and circles in the corners). *solid* fills it with ink, as the dark men
    of a chess diagram; otherwise it is open, paper inside an ink edge."""
    u = _unit(size)
    w, h = size.width, size.height
    edge = 1.1 * u
    # Clear of the panel's edge, so that it is not read as part of pack 1's dark frame.
    bar = Rect(w / 2 - 5.5 * u, h - 7.5 * u, 11.0 * u, 4.9 * u)
    if solid:
        return Box(bar, Paint(fill=style.ink), radius=0.8 * u)
    return Box(bar.inset(edge / 2), Paint(fill=style.paper, stroke=style.ink, width=edge),
               radius=0.8 * u)
