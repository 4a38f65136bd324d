"""A patience's table as a picture: every slot of the tableau at its position and rotation,
drawn with the tool's own traditional card art.

The tableau gives slot centres in card pitches (see :mod:`generator.patience.tableau`);
here one pitch becomes the card's long side plus a gap, in mm. A pile of several cards is a
short offset stack under its top card with a count beside it; the stock is face down (its
top card's back); an empty place is a dashed outline with the slot's label inside.

The engine keeps cards as ranks and suits only: the rules never ask which pack a card came
from. A real table of two or four packs has each duplicate from a different pack, so the
drawing gives the n-th occurrence of a card (slots in tableau order, each pile bottom
first) the copy n: the copy marks on faces and backs then look as they would on a table.
"""
from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from ..draw.art.marks import centred_text, fit_size
from ..draw.art.traditional import traditional_back, traditional_front
from ..draw import fonts
from ..draw.backends import png
from ..draw.geometry import Rect, Size, Transform
from ..draw.scene import Box, Circle, Group, Item, Page, Paint, Text
from ..draw.style import DEFAULT_STYLE
from ..errors import FigureError
from ..model.traditional import PrintedCard, TraditionalPack, parse_rank
from ..patience import Patience, Role, Slot, State
from ..patience import cards as C
from .build import encode
from .tableau_labels import BESIDE, UNDER, Label, place

#: Piles drawn face down: only the back of the top card and the count show.
FACE_DOWN = (Role.STOCK,)
#: At most this many card edges show under a pile's top card: enough to read "a pile",
#: few enough that the stack stays inside its grid cell.
STACK_EDGES = 3
INK = "#1b1b1b"
MUTED = "#5f6368"
EDGE = "#9aa0a6"
BADGE = "#33415c"


@dataclass(frozen=True, slots=True)
class TableauGeometry:
    """Where slot (x, y) in pitches lands on the page: ``origin + (x * pitch, y * rise)``
    mm (*rise*, the rows' pitch, is the pitch unless labels need more room below)."""

    card: Size
    pitch: float
    origin: tuple[float, float]
    rise: float = 0.0

    def centre(self, slot: Slot) -> tuple[float, float]:
        return (self.origin[0] + slot.x * self.pitch,
                self.origin[1] + slot.y * (self.rise or self.pitch))


def pack_for(game: Patience, base: TraditionalPack | None = None) -> TraditionalPack:
    """The pack a patience is played with: *base* (a 52-card pack template) printed in as
    many copies as the patience uses."""
    if base is None:
        return TraditionalPack("pack52", "52-card pack", lowest=2, copies=game.packs)
    if base.lowest != 2:
        raise FigureError(f"{base.name} has {len(base)} cards; the patiences need a 52-card "
                          f"pack")
    return replace(base, copies=game.packs)


def _half_extent(card: Size, rotation: int) -> tuple[float, float]:
    """Half the width and height of the box a card turned by *rotation* covers."""
    rad = math.radians(rotation)
    cos, sin = abs(math.cos(rad)), abs(math.sin(rad))
    return ((card.width * cos + card.height * sin) / 2,
            (card.width * sin + card.height * cos) / 2)


def _printed(game: Patience, state: State) -> list[list[PrintedCard]]:
    """Every pile's cards with the copy each one is drawn as (module docstring)."""
    seen: dict[int, int] = {}
    piles = []
    for pile in state.piles:
        printed = []
        for c in pile:
            seen[c] = seen.get(c, 0) + 1
            printed.append(PrintedCard(C.card(c), (seen[c] - 1) % game.packs + 1))
        piles.append(printed)
    return piles


def slot_name(slot: Slot, names: Mapping[str, str]) -> str:
    """What the figure calls *slot*: its id (the move notation's name), or the name *names*
    gives it, by the whole id (``stock``) or by the letters before its number (``LF`` of
    ``LF3``, the number kept: a booklet's ``Л3``); an empty name leaves the slot unlabelled
    (a row the caption describes)."""
    stem = slot.id.rstrip("0123456789")
    if names.get(stem) == "" or names.get(slot.id) == "":
        return ""
    if slot.id in names:
        return names[slot.id]
    if stem != slot.id and stem in names:
        return names[stem] + slot.id[len(stem):]
    return slot.id


def _label_text(slot: Slot, words: bool, names: Mapping[str, str]) -> str:
    """The slot's name and its label; without *words* the name alone: a booklet's figure
    speaks only the booklet's language, and the engine's labels are English words or
    Cadogan's plate letters A-D, which neither the booklet's text nor seed 004 uses."""
    shown = slot.label if words else ""
    name = slot_name(slot, names)
    return f"{name} · {shown}" if shown and name else name


def _place_text(slot: Slot, words: bool, pack: TraditionalPack) -> str:
    """What an empty place shows inside: its label, or without *words* the label's first
    token when that is card notation ("A♠" of "A♠ up"), written with *pack*'s index (a
    Russian pack's "Т♠"), which reads in the booklet's language."""
    if words:
        return slot.label
    first = slot.label.split(" ")[0] if slot.label else ""
    if not first or first[-1] not in "♠♣♥♦":
        return ""
    try:
        return pack.index(parse_rank(first[:-1])) + first[-1]
    except ValueError:
        return first


def _pile(pack: TraditionalPack, slot: Slot, cards: list[PrintedCard], card: Size,
          centre: tuple[float, float], words: bool, faces: FigureFaces | None = None
          ) -> list[Item]:
    """One slot: the cards (or the empty place), turned about the slot's centre; the top
    card's face as *faces* asks (None: as the card is printed)."""
    u = card.height / 88.0
    cx, cy = centre
    turn = Transform.rotate(slot.rotation, centre) if slot.rotation else Transform()
    at = Transform.translate(cx - card.width / 2, cy - card.height / 2)
    items: list[Item] = []
    if not cards:
        outline = Box(Rect(cx - card.width / 2, cy - card.height / 2, card.width, card.height),
                      Paint(stroke=EDGE, width=0.35 * u * 2, dash=(2.0 * u * 2, 1.4 * u * 2)),
                      radius=2.5 * u)
        inner: list[Item] = [outline]
        place = _place_text(slot, words, pack)
        if place:
            inner.append(centred_text(place, cx, cy, fit_size(
                place, "bold", 9.0 * u, card.width - 6 * u), MUTED))
        return [Group(tuple(inner), turn, role=f"slot {slot.id} empty")]
    step = 1.1 * u
    edges = min(len(cards) - 1, STACK_EDGES)
    # The edges under the top card are plain outlines: what shows of a pile is its thickness.
    for n in range(edges, 0, -1):
        items.append(Box(Rect(cx - card.width / 2 + n * step, cy - card.height / 2 + n * step,
                              card.width, card.height),
                         Paint(fill=DEFAULT_STYLE.paper, stroke=EDGE, width=0.25 * u * 2),
                         radius=2.5 * u))
    top = cards[-1]
    if slot.role in FACE_DOWN:
        art = traditional_back(pack, top, size=card)
    elif faces is None:
        art = traditional_front(pack, top, size=card)
    else:
        art = traditional_front(pack, top, size=card, index_scale=faces.index_scale,
                                turn=slot.rotation if faces.upright else 0)
    items.append(Group((art,), at))
    items.append(Box(Rect(cx - card.width / 2, cy - card.height / 2, card.width, card.height),
                     Paint(stroke=EDGE, width=0.25 * u * 2), radius=2.5 * u))
    if len(cards) > 1:
        # The count sits on the top card's upper right corner, readable at any rotation
        # because it is turned back upright below.
        bx, by = cx + card.width / 2 - 1.5 * u, cy - card.height / 2 + 1.5 * u
        r = 6.5 * u
        count = str(len(cards))
        items.append(Group((
            Circle(0, 0, r, Paint(fill=BADGE, stroke=DEFAULT_STYLE.paper, width=0.6 * u)),
            centred_text(count, 0, 0, fit_size(count, "bold", 7.5 * u, 1.6 * r), "#ffffff")),
            Transform.translate(*turn.apply(bx, by)), role=f"count {count}"))
        return [Group(tuple(items[:-1]), turn, role=f"slot {slot.id}"), items[-1]]
    return [Group(tuple(items), turn, role=f"slot {slot.id}")]


def _label_room(slots: tuple[Slot, ...], slot: Slot, pitch: float) -> float:
    """How wide *slot*'s label may be (mm): the way to the nearest slot of its row (each of
    two neighbours' centred labels takes half of it), at most two pitches (a pile alone at
    a side, such as a stock, may carry a word longer than a card is wide)."""
    near = [abs(other.x - slot.x) for other in slots
            if other is not slot and abs(other.y - slot.y) < 0.6]
    return min(min(near), 2.0) * pitch if near else 2 * pitch


#: In a part of a table, an empty stretch between the chosen slots' rows wider than this
#: (pitches) closes up to it: the part reads as one close picture.
CLOSE_UP = 1.3
#: The same across the columns, a little wider: a pile alone at the side (the Empress's
#: talons, the queens set aside) keeps room for a two-word label beside the last column.
CLOSE_UP_ACROSS = 1.6


def _closed_up(values: list[float], most: float = CLOSE_UP) -> dict[float, float]:
    """Each coordinate in *values* moved so that no gap between neighbours exceeds
    *most* (the order and the smaller gaps kept)."""
    ordered = sorted(set(values))
    moved = {ordered[0]: ordered[0]} if ordered else {}
    for before, after in zip(ordered, ordered[1:]):
        moved[after] = moved[before] + min(after - before, most)
    return moved


def part_of(tableau_slots: tuple[Slot, ...], part: Collection[str]) -> tuple[Slot, ...]:
    """The slots named in *part*, by id (``A7``) or by the letters before their number
    (``GE``: every General), moved together where the whole table has an empty stretch
    between them (:data:`CLOSE_UP`, :data:`CLOSE_UP_ACROSS`); all slots if *part* is empty.

    >>> from generator.patience import patience
    >>> [(s.id, s.y) for s in part_of(patience("empress-of-india").tableau.slots,
    ...                                ["A1", "N1"])]
    [('A1', -5.5), ('N1', -4.2)]
    """
    if not part:
        return tableau_slots
    chosen = [s for s in tableau_slots
              if s.id in part or s.id.rstrip("0123456789") in part]
    xs = _closed_up([s.x for s in chosen], CLOSE_UP_ACROSS)
    ys = _closed_up([s.y for s in chosen])
    return tuple(replace(s, x=round(xs[s.x], 6), y=round(ys[s.y], 6)) for s in chosen)


@dataclass(frozen=True, slots=True)
class FigureFaces:
    """How a figure's face-up cards differ from printed ones (see
    :func:`generator.draw.art.traditional.traditional_front`): their corner indices
    *index_scale* times larger, and on a crossways card *upright*, as on a card lying
    that way. At a booklet's scale a card is about a centimetre wide and a printed
    card's index about 3 pt; a crossways card's index then ran along its long side."""

    index_scale: float = 1.0
    upright: bool = False


def _labels_and_reach(drawn: tuple[Slot, ...], extents: Mapping[str, tuple[float, float]],
                      texts: Mapping[str, str], beside_ids: Mapping[str, float],
                      card_height: float, spacing: tuple[float, float, float, float],
                      label_size: float, sized: bool
                      ) -> tuple[list[Label], list[tuple[float, float, float, float]]]:
    """Each slot's label as drawn and the page's extent it needs: its turned card plus
    room for its label (under the card, or at its right for *beside_ids*) and its badge.
    *spacing*: the columns' and rows' pitch, the card pitch and the gap."""
    across, rise, pitch, gap = spacing
    reach = []
    shown: list[Label] = []
    for slot in drawn:
        hw, hh = extents[slot.id]
        pad = card_height * 0.1
        text = texts[slot.id]
        x, y = slot.x * across, slot.y * rise
        if slot.id in beside_ids:
            shown.append(Label(text, label_size, beside=True))
            reach.append((x - hw - pad, y - hh - pad,
                          x + hw + BESIDE * label_size + beside_ids[slot.id] + pad,
                          y + hh + pad))
            continue
        room = _label_room(drawn, slot, across) - gap / 2 if sized else pitch - gap / 2
        size = fit_size(text, "regular", label_size, room) if text else 0.0
        # A sized label may be wider than its card: the page makes room for it.
        half = fonts.measure(text, "regular", size) / 2 if text and sized else 0.0
        shown.append(Label(text, size))
        below = hh + (label_size * 1.6 if text else 0)
        reach.append((x - max(hw, half) - pad, y - hh - pad,
                      x + max(hw, half) + pad, y + below + pad))
    return shown, reach


def tableau_page(game: Patience, state: State, *, pack: TraditionalPack | None = None,
                 card_height: float = 40.0, gap: float | None = None, title: str = "",
                 labels: bool = True, words: bool = True, margin: float = 6.0,
                 label_size: float | None = None, names: Mapping[str, str] | None = None,
                 part: Collection[str] = (), beside: bool = False,
                 faces: FigureFaces | None = None) -> Page:
    """The position *state* of *game* as one page: cards *card_height* mm tall (the width
    follows the pack's proportions), slots one pitch (long side + *gap*) apart. *labels*
    prints each slot's id (the move notation's name, or the name *names* gives it: see
    :func:`slot_name`) under it, *label_size* mm high (default in proportion to the card;
    a larger one widens the gap so that it keeps clear of the card below); *words* False
    leaves out the engine's English words ("guard", "up") for a booklet in another
    language. A *part* (slot ids or their letters, see :func:`part_of`) draws only those
    slots, closed up: a view large enough to read of a table too wide for the page.

    With a *label_size* and *beside*, a label that has no room under its card (the
    Besieged City's reserve, upright cards above upright cards) stands at the card's
    right, the columns opening for it, and the rows close up as far as the labels left
    under cards allow (:func:`generator.docs.tableau_labels.place`): a table taller than
    wide then draws larger on a page. *faces*: the face-up cards as a figure draws them
    (:class:`FigureFaces`)."""
    if card_height <= 0:
        raise ValueError(f"card height {card_height} mm (expected more than 0)")
    pack = pack_for(game, pack)
    names = names or {}
    card = Size(card_height * pack.width / pack.height, card_height)
    sized = label_size is not None
    beside = beside and sized and labels
    gap = card_height * 0.14 if gap is None else gap
    pitch = card_height + gap
    # A label larger than the card's proportion needs room under the card: the rows move
    # apart, the columns stay (a wider label may overhang its own gap).
    rise = pitch if label_size is None or not labels or beside else max(
        pitch, card_height + label_size * 1.8)
    title_size = card_height * 0.13
    if label_size is None:
        label_size = card_height * 0.085
    drawn = part_of(game.tableau.slots, part)
    index = {s.id: i for i, s in enumerate(game.tableau.slots)}
    extents = {slot.id: _half_extent(card, slot.rotation) for slot in drawn}
    texts = {slot.id: _label_text(slot, words, names) if labels else "" for slot in drawn}
    across = pitch
    beside_ids: Mapping[str, float] = {}
    if beside:
        placing = place(drawn, extents, texts, card_height, pitch, label_size,
                        lambda text: fonts.measure(text, "regular", label_size))
        rise, across, beside_ids = placing.rise, placing.across, placing.beside
    shown, reach = _labels_and_reach(drawn, extents, texts, beside_ids, card_height,
                                     (across, rise, pitch, gap), label_size, sized)
    left = min(r[0] for r in reach)
    top = min(r[1] for r in reach)
    head = title_size * 2.0 if title else 0.0
    width = max(r[2] for r in reach) - left + 2 * margin
    height = max(r[3] for r in reach) - top + 2 * margin + head
    geometry = TableauGeometry(card, across, (margin - left, margin + head - top), rise)
    items: list[Item] = []
    if title:
        items.append(Text(width / 2, margin + title_size, title, title_size, INK, font="bold"))
    printed = _printed(game, state)
    for slot, label in zip(drawn, shown):
        cards = printed[index[slot.id]]
        centre = geometry.centre(slot)
        items += _pile(pack, slot, cards, card, centre, words, faces)
        if not label.text:
            continue
        hw, hh = extents[slot.id]
        if label.beside:
            items.append(Text(centre[0] + hw + BESIDE * label_size,
                              centre[1] + label_size * 0.36, label.text, label.size, MUTED,
                              anchor="start"))
        else:
            items.append(Text(centre[0], centre[1] + hh + label_size * (
                UNDER if beside else 1.25), label.text, label.size, MUTED))
    return Page(round(width, 3), round(height, 3), tuple(items), background="#ffffff",
                label=title or game.name)



#: The largest PNG (in pixels) drawn oversampled: La Nivernaise and the Besieged City at
#: 150 dpi (about 3.8 million) are, the Empress of India (15 million) is not.
SMOOTH_PIXELS = 5_000_000

#: The files a dealt tableau can be written as.
TABLEAU_FORMATS = ("svg", "png", "pdf")


def tableau_format(out: Path, fmt: str | None) -> str:
    """*fmt*, or the format *out*'s suffix names; one sentence when neither is usable."""
    chosen = (fmt or out.suffix.lstrip(".")).lower()
    if chosen not in TABLEAU_FORMATS:
        raise FigureError(f"{out}: cannot tell the drawing's format from "
                          f"{('--format ' + repr(fmt)) if fmt else repr(out.suffix or 'no suffix')}"
                          f"; use .svg, .png or .pdf")
    return chosen


def encode_tableau(page: Page, fmt: str, *, dpi: float = 150) -> bytes | str:
    """*page* as SVG, PDF or PNG. A PNG is a picture for the screen, written with light,
    unfiltered compression. It is drawn at twice its size and scaled down, for soft edges
    and even hatching on the backs, unless it has more than :data:`SMOOTH_PIXELS` pixels:
    the Empress's table (about 73 x 58 cm with 40 mm cards, 15 million pixels at 150 dpi)
    then spent most of its time on passes over the four-times-larger canvas, and is drawn
    at its own size (text is smoothed by FreeType anyway). A table repeats its pips and
    indices hundreds of times: each distinct text is rendered once and pasted (issue 15).
    See bench/tableau.py."""
    if fmt == "png":
        pixels = (page.width * dpi / 25.4) * (page.height * dpi / 25.4)
        return png.render(page, dpi=dpi, oversample=2 if pixels <= SMOOTH_PIXELS else 1,
                          compress_level=1, filtered=False, reuse_text=True)
    return encode(page, fmt, dpi=dpi)


#: A table in outline (:func:`plan_page`): each block's fill by the role of its first
#: slot (the army's red, the navy's black, as the deal's cards), its frame and its gap
#: round the cards it covers (pitches).
PLAN_FILL = {Role.ARMY: "#f3d9d9", Role.NAVY: "#dcdcdc"}
PLAN_PAPER = "#ffffff"
PLAN_PAD = 0.04


def plan_page(game: Patience, blocks: Collection[tuple[Collection[str], str]], *,
              width: float = 120.0, height: float = 70.0, label_size: float = 2.4) -> Page:
    """*game*'s whole table in outline, no cards, about *width* by *height* mm: for each
    of *blocks* (slot ids or their letters, as :func:`part_of` reads them; a label, lines
    parted by a newline) a box round where those slots lie on the table (the tableau's
    own positions, its rows closer than its columns where the height asks it), its label
    *label_size* mm high inside it, or under it where it does not fit inside (a single
    pile). The reader sees where each part of a table drawn in parts lies."""
    chosen = []
    for names, label in blocks:
        slots = [s for s in game.tableau.slots
                 if s.id in names or s.id.rstrip("0123456789") in names]
        if not slots:
            raise FigureError(f"no slot of {game.name} is {', '.join(sorted(names))}")
        chosen.append((slots, label.split("\n")))
    xs = [s.x for slots, _ in chosen for s in slots]
    ys = [s.y for slots, _ in chosen for s in slots]
    margin = 1.0
    pitch = rise = 10.0
    for _ in range(6):
        boxes, extent = _plan_boxes(chosen, pitch, rise, label_size)
        # The labels under the boxes take what the table leaves of the width and height.
        side = (extent[2] - extent[0]) - (max(xs) - min(xs)) * pitch
        pitch = max(1.0, (width - 2 * margin - side) / (max(xs) - min(xs)))
        foot = (extent[3] - extent[1]) - (max(ys) - min(ys)) * rise
        rise = min(pitch, max(1.0, (height - 2 * margin - foot) / (max(ys) - min(ys))))
    boxes, extent = _plan_boxes(chosen, pitch, rise, label_size)
    items: list[Item] = []
    texts: list[Item] = []
    lead = label_size * 1.3
    for box, lines, fill, x, top in boxes:
        items.append(Box(box, Paint(fill=fill, stroke=MUTED, width=0.3), radius=0.8))
        texts += [Text(x, top + k * lead, line, label_size, INK, anchor="middle")
                  for k, line in enumerate(lines)]
    shift = Transform.translate(margin - extent[0], margin - extent[1])
    return Page(round(extent[2] - extent[0] + 2 * margin, 3),
                round(extent[3] - extent[1] + 2 * margin, 3),
                (Group((*items, *texts), shift),), background="#ffffff", label=game.name)


def _plan_boxes(chosen: list[tuple[list[Slot], list[str]]], pitch: float, rise: float,
                size: float) -> tuple[list[tuple[Rect, list[str], str, float, float]],
                                      list[float]]:
    """The boxes of :func:`plan_page`, columns *pitch* and rows *rise* mm apart: each
    block's box, label lines, fill, label centre x and first baseline; and the extent of
    all (left, top, right, foot)."""
    # A pile's card, a fifth of the rows' pitch clear of the next row.
    card = Size(rise * 0.8 * 0.72, rise * 0.8)
    pad = PLAN_PAD * rise
    lead, gap = size * 1.3, size * 0.6
    boxes = []
    extent = [math.inf, math.inf, -math.inf, -math.inf]
    for slots, lines in chosen:
        reach = []
        for slot in slots:
            hw, hh = _half_extent(card, slot.rotation)
            reach.append((slot.x * pitch - hw, slot.y * rise - hh,
                          slot.x * pitch + hw, slot.y * rise + hh))
        left, top = min(r[0] for r in reach) - pad, min(r[1] for r in reach) - pad
        box = Rect(left, top, max(r[2] for r in reach) + pad - left,
                   max(r[3] for r in reach) + pad - top)
        wide = max(fonts.measure(line, "regular", size) for line in lines)
        tall = lead * (len(lines) - 1) + size
        x = box.x + box.w / 2
        if wide + 2 * gap <= box.w and tall + gap <= box.h:
            first = box.y + (box.h - tall) / 2 + size * 0.8
        else:
            first = box.bottom + gap + size * 0.8
        extent = [min(extent[0], box.x, x - wide / 2), min(extent[1], box.y),
                  max(extent[2], box.right, x + wide / 2),
                  max(extent[3], box.bottom, first - size * 0.8 + tall)]
        boxes.append((box, lines, PLAN_FILL.get(slots[0].role, PLAN_PAPER), x, first))
    return boxes, extent
