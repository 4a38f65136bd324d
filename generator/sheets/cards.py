"""Cards n-up: the grid on a sheet, and the front and back pages with duplex or glued
backs. Pure geometry over scenes; the card art comes in ready drawn."""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from ..draw.geometry import Rect, Size, Transform
from ..draw.scene import Box, Group, Item, Line, Page, Paint
from ..errors import ImpositionError
from .cutter import cutter_choices, cutter_items, cutter_zones, studio_settings
from .glue import glue_crop_marks, glue_overflow, glue_reach, tab_label, tab_reach, tab_rect
from .guides import around, guides, mark_reach, style
from .marks import (MARK_WIDTH, PINHOLE_RADIUS, mirrored, pinhole_centres, pinholes,
                    registration_targets, target_layout, target_touches)
from .notes import note, room_for_notes, ruler, usual_places
from .spec import (Backs, Flip, Marks, Orientation, SheetSpec, back_shift, common_area,
                   mirror)


@dataclass(frozen=True)
class SheetPlan:
    spec: SheetSpec
    card: Size                # as it lies on the sheet: width and height swapped if turned
    cols: int
    rows: int
    slots: tuple[Rect, ...]   # trim rectangles of the front, row by row from the top left
    turned: bool = False      # cards a quarter turn clockwise

    @property
    def per_sheet(self) -> int:
        return len(self.slots)

    @property
    def block(self) -> Rect:
        """The cut block: the rectangle all the cards are cut from."""
        return Rect.bounding([p for s in self.slots for p in s.corners()])


def plan(card: Size, spec: SheetSpec, count: int | None = None, *,
         targets: bool = True) -> SheetPlan:
    """The largest grid of upright cards that fits inside the safe margin together with
    its bleed and crop marks, trimmed to *count* cards and centred on the sheet (a glued
    sheet's block a little low, so its backs' tab has room above it). It keeps
    room for registration targets unless *targets* is false (sheets printed on one side
    only, which have none), for a cutting machine's marks if the spec asks, and for the
    tab of a glued backs sheet.

    :raises: :exc:`ImpositionError` if not one card fits.
    """
    # The block keeps clear of the margin on both sides, the back corrected.
    area = common_area(spec).inset(mark_reach(spec))
    if spec.backs is Backs.GLUE:
        above, below = glue_reach(spec, mark_reach(spec))
        area = Rect(area.x, spec.printable.y + above, area.w,
                    spec.printable.h - above - below)
    cols = math.floor((area.w + spec.gap) / (card.width + spec.gap) + 1e-9)
    rows = math.floor((area.h + spec.gap) / (card.height + spec.gap) + 1e-9)
    if spec.backs is Backs.GLUE:
        # The area above leaves the tab's room; the pin-hole rings reach a little past the
        # crop marks sideways: a column fewer while they would print in the margin (and
        # a row, should the tab still not fit; issue 16: 44 x 63 mm glued on Letter).
        while cols >= 1 and rows >= 1:
            wide, tall = glue_overflow(_centred_block(card, spec, cols, rows), spec)
            if not (wide or tall):
                break
            cols, rows = cols - wide, rows - tall
    cols, rows = _clear_of_targets(card, spec, cols, rows, targets)
    if cols < 1 or rows < 1:
        tab = " and the glue tab" if spec.backs is Backs.GLUE else ""
        if common_area(spec) != spec.printable:
            tab = (" and the back correction (--back-offset/--back-rotate/--back-scale), "
                   "which takes room from the edges the backs move towards")
        raise ImpositionError(
            f"a {card.width:g} x {card.height:g} mm card does not fit on {spec.paper.upper()}"
            f" with {spec.margin_text} and {spec.bleed:g} mm bleed{tab}")
    if count is not None and count < cols * rows:
        rows = max(1, math.ceil(count / cols))
        if rows == 1:
            cols = count
    width = cols * card.width + (cols - 1) * spec.gap
    height = rows * card.height + (rows - 1) * spec.gap
    x0, y0 = _block_origin(spec, width, height)
    slots = tuple(Rect(x0 + c * (card.width + spec.gap), y0 + r * (card.height + spec.gap),
                       card.width, card.height) for r in range(rows) for c in range(cols))
    return SheetPlan(spec, card, cols, rows, slots)


def ink_zones(block: Rect, spec: SheetSpec, *, lines: bool = True) -> list[Rect]:
    """Where a block's art, bleed and guides print: the targets keep clear of these. The
    guides lie in strips along the block's sides; its corners beyond the bleed are free.
    Guide lines (``--marks lines``) add bands across the sheet unless *lines* is false."""
    r = mark_reach(spec)
    reach = block.inset(-r)
    zones = [block.inset(-spec.bleed), Rect(block.x, block.y - r, block.w, r),
             Rect(block.x, block.bottom, block.w, r), Rect(block.x - r, block.y, r, block.h),
             Rect(block.right, block.y, r, block.h)]
    if lines and style(spec) is Marks.LINES:
        # Guide lines run on to the edge of the printable area.
        zones += [Rect(reach.x, 0, reach.w, spec.size.height),
                  Rect(0, reach.y, spec.size.width, reach.h)]
    return zones


def _ring_zones(block: Rect, spec: SheetSpec) -> list[Rect]:
    """The pin-hole rings of a glued sheet's fronts, which reach a little past the guides'
    strips (at the block's corners)."""
    if spec.backs is not Backs.GLUE:
        return []
    r = PINHOLE_RADIUS
    return [Rect(x - r, y - r, 2 * r, 2 * r) for x, y in pinhole_centres(block, spec)]


def _text_places(spec: SheetSpec) -> list[Rect]:
    """Where targets must not go besides the block: with a cutting machine's marks in the
    corners, the targets move to the edges, and must not land on the note or ruler."""
    return usual_places(spec) if spec.cutter_marks else []


def _centred_block(card: Size, spec: SheetSpec, cols: int, rows: int) -> Rect:
    width = cols * card.width + (cols - 1) * spec.gap
    height = rows * card.height + (rows - 1) * spec.gap
    return Rect(*_block_origin(spec, width, height), width, height)


def _block_origin(spec: SheetSpec, width: float, height: float) -> tuple[float, float]:
    """The block centred on the sheet, or on the printable area when per-edge margins make
    it lopsided (the flip's mirror axis stays centred: the printable area is symmetric
    about it)."""
    p = spec.printable
    both = common_area(spec)
    if both != p:
        # A back correction moves the back side: the block is centred where both sides
        # can print, which takes room from one side of the sheet for a shift.
        return both.x + (both.w - width) / 2, both.y + (both.h - height) / 2
    x0 = (spec.size.width - width) / 2 if spec.margins is None else p.x + (p.w - width) / 2
    if spec.backs is Backs.GLUE:
        # The tab reaches further above the block than anything below it: the block and
        # everything round it are centred, so the block sits a little low (on the backs
        # page too, whichever the flip: mirrored, the tab keeps the room it was given).
        above, below = glue_reach(spec, mark_reach(spec))
        top = p.y if spec.margins is not None else 0.0
        span = p.h if spec.margins is not None else spec.size.height
        return x0, top + (span - (above + height + below)) / 2 + above
    y0 = (spec.size.height - height) / 2 if spec.margins is None else p.y + (p.h - height) / 2
    return x0, y0


def _clear_of_targets(card: Size, spec: SheetSpec, cols: int, rows: int,
                      targets: bool = True) -> tuple[int, int]:
    """The grid, one column or row smaller if no set of registration targets clears it
    (only a block that fills the printable area on both axes comes near them). Without
    *targets*, the block need only leave room for the print note and the ruler. With a
    cutting machine's marks, the block keeps clear of them too, shrinking as far as that
    takes."""
    # A back correction moves the targets in from the corners (corrected, they still
    # clear the margin): the grid leaves room for them where they are.
    reserved = cutter_zones(spec)

    def clear(c: int, r: int) -> bool:
        block = _centred_block(card, spec, c, r)
        # Guide lines (--marks lines) make way for the targets: only the block and its
        # bleed and guides' strips must keep clear of them.
        zones = ink_zones(block, spec, lines=False)
        if any(zone.intersects(mark) for zone in zones + _ring_zones(block, spec)
               for mark in reserved):
            return False
        if not targets:
            # Guide lines run to the printable edge: the note and ruler cross them anyway.
            return room_for_notes(spec, ink_zones(block, spec, lines=False) + reserved)
        zones += reserved + _text_places(spec)
        centres, radius = target_layout(spec, avoid=zones)
        return not any(target_touches(t, zone, radius) for zone in zones for t in centres)
    if cols < 1 or rows < 1 or clear(cols, rows):
        return cols, rows
    options = [(c, r) for c, r in ((cols - 1, rows), (cols, rows - 1)) if c and r
               and clear(c, r)]
    if not options:
        # The cutter's marks, or targets moved in by a large back correction, reach further
        # in than one row or column: any smaller grid may do.
        options = [(c, r) for c in range(1, cols + 1) for r in range(1, rows + 1)
                   if clear(c, r)]
    return max(options, key=lambda cr: cr[0] * cr[1], default=(0, 0))


def oriented_plan(card: Size, spec: SheetSpec, count: int, *, targets: bool = True
                  ) -> SheetPlan:
    """The plan for *count* cards upright or turned, as ``spec.orientation`` says: *auto*
    turns them only if that needs fewer sheets. *targets* as for :func:`plan`.

    A cutting machine's marks whose inset or length the spec leaves open get the first
    choice of :data:`.cutter.INSETS` x :data:`.cutter.LENGTHS` (Studio's defaults first)
    that needs the fewest sheets; the plan's spec carries the choice, for the marks, the
    cut files and the note that tells the person what to set in Studio.

    :raises: :exc:`ImpositionError` if not one card fits either way that is allowed.
    """
    choices = cutter_choices(spec)
    if len(choices) == 1:
        return _oriented_plan(card, spec, count, targets)
    best: SheetPlan | None = None
    for choice in choices:
        try:
            found = _oriented_plan(card, choice, count, targets)
        except ImpositionError:
            continue
        if best is None or (math.ceil(count / found.per_sheet)
                            < math.ceil(count / best.per_sheet)):
            best = found
    # Nothing fits whatever the marks: the defaults' own error.
    return best if best is not None else _oriented_plan(card, choices[0], count, targets)


def _oriented_plan(card: Size, spec: SheetSpec, count: int, targets: bool) -> SheetPlan:
    turned_card = Size(card.height, card.width)
    if spec.orientation is Orientation.UPRIGHT or card.width == card.height:
        return plan(card, spec, count, targets=targets)
    if spec.orientation is Orientation.TURNED:
        return replace(plan(turned_card, spec, count, targets=targets), turned=True)
    upright = _fitting(card, spec, count, turned=False, targets=targets)
    turned = _fitting(turned_card, spec, count, turned=True, targets=targets)
    if upright is None:
        # Turned, if that fits; else the upright plan's own error.
        return turned if turned is not None else plan(card, spec, count, targets=targets)
    if turned is not None and (math.ceil(count / turned.per_sheet)
                               < math.ceil(count / upright.per_sheet)):
        return turned
    return upright


def _fitting(card: Size, spec: SheetSpec, count: int, turned: bool, targets: bool = True
             ) -> SheetPlan | None:
    """The plan for *card* as laid on the sheet, or None if not one fits."""
    try:
        return replace(plan(card, spec, count, targets=targets), turned=turned)
    except ImpositionError:
        return None


def cut_lines(sheet: SheetPlan) -> tuple[list[float], list[float]]:
    """x positions of the vertical cuts and y positions of the horizontal ones."""
    xs = sorted({round(v, 6) for s in sheet.slots for v in (s.x, s.right)})
    ys = sorted({round(v, 6) for s in sheet.slots for v in (s.y, s.bottom)})
    return xs, ys


def sheet_crop_marks(sheet: SheetPlan) -> list[Line]:
    """The sheet's cutting guides (crop marks unless the spec asks for other marks)."""
    xs, ys = cut_lines(sheet)
    return guides(sheet.block, xs, ys, sheet.slots, sheet.spec, edge=common_area(sheet.spec))


def _place(art: Group, card: Size, slot: Rect, reach: Rect, role: str,
           turned: bool = False) -> Group:
    """*art* (card-local, upright *card*) at *slot*, clipped to *reach*, with its trim
    marker; *turned* lays it a quarter turn clockwise."""
    if not turned:
        return Group((art, _trim_marker(card)), Transform.translate(slot.x, slot.y),
                     clip=reach.moved(-slot.x, -slot.y), role=role)
    place = Transform.translate(slot.right, slot.y) @ Transform.rotate(90)
    # The clip is in the card's own frame: the slot's reach turned back.
    back = Transform.rotate(-90) @ Transform.translate(-slot.right, -slot.y)
    return Group((art, _trim_marker(card)), place, clip=back.apply_rect(reach), role=role)


def _trim_marker(card: Size) -> Box:
    """The card's trim as a path that paints nothing: invisible in print, but it lets
    tools (and our tests) read where each card was placed, through every transform."""
    return Box(Rect(0, 0, card.width, card.height), Paint())


def card_reach(slot: Rect, block: Rect, spec: SheetSpec) -> Rect:
    """A card's clip: bleed past the block's outer edges, half the gap between cards."""
    inner = min(spec.bleed, spec.gap / 2)
    eps = 1e-6
    left = spec.bleed if slot.x <= block.x + eps else inner
    top = spec.bleed if slot.y <= block.y + eps else inner
    right = spec.bleed if slot.right >= block.right - eps else inner
    bottom = spec.bleed if slot.bottom >= block.bottom - eps else inner
    return Rect(slot.x - left, slot.y - top, slot.w + left + right, slot.h + top + bottom)


def _how_to_print(spec: SheetSpec) -> str:
    if spec.backs is Backs.DUPLEX:
        how = f"print at 100% (actual size), duplex, flip on the {spec.flip} edge"
    elif spec.backs.manual:
        how = (f"print at 100%, one side; then the backs file on the reverse, turned over "
               f"the {spec.flip} edge")
    else:
        how = "print at 100% (actual size), one side; glue the backs sheet on the reverse"
    # Studio reads the marks only where its own settings put them.
    return f"{how}; cutter marks: {studio_settings(spec)}" if spec.cutter_marks else how


#: What starts the layout record in the notes of a duplex by hand.
LAYOUT = "layout: "


def layout_record(spec: SheetSpec, block: Rect) -> str:
    """How a duplex by hand lays out its sheets, printed in the notes of both files: the
    backs build compares it with the fronts' (see :func:`generator.app.kit.check_pair`).
    The block's place and size stand for everything that moves the cards (card size,
    orientation, margins, correction); the rest names the choices a person typed."""
    cut = f"cut ({spec.cutter_style})" if spec.cutter_marks else "no cut"
    return (f"{LAYOUT}{spec.paper} {spec.flip}, gap {spec.gap:g} mm, bleed {spec.bleed:g} mm,"
            f" {spec.marks} guides, {cut}, block {block.x:.1f},{block.y:.1f} "
            f"{block.w:.1f}x{block.h:.1f}")


def _backs_note(spec: SheetSpec, label: str, sheet: int, block: Rect) -> str:
    if not spec.backs.manual:
        return f"{label}: backs"
    # By hand the person must know which printed front goes under which back, and that
    # the two files were laid out alike.
    return (f"{label}: backs - print at 100% on the reverse of fronts sheet {sheet}, "
            f"turned over the {spec.flip} edge; {layout_record(spec, block)}")


def card_sheets(fronts: Sequence[Group], backs: Sequence[Group], card: Size,
                spec: SheetSpec, title: str) -> list[Page]:
    """Front and back pages for *fronts*/*backs* (card-local art with spec.bleed).

    Duplex: front, back, front, back... with each back mirrored for the flip. Glue: the
    same order, printed single-sided; the fronts carry pin-hole marks at the block corners.
    Fronts-only and backs-only: the duplex pages of one side, for a duplex by hand.
    """
    return list(iter_card_sheets(zip(fronts, backs), len(fronts), card, spec, title))


def iter_card_sheets(sides: Iterable[tuple[Group, Group]], cards: int, card: Size,
                     spec: SheetSpec, title: str) -> Iterator[Page]:
    """The pages of :func:`card_sheets` one at a time, for *cards* (face, back) pairs
    taken from *sides* a sheet at a time: a set of thousands of cards is drawn as its
    pages are written, and each page can be dropped before the next is drawn. A spec
    that does not fit is refused at the first page, before any card is taken."""
    sheet = oriented_plan(card, spec, cards)
    spec = sheet.spec   # with the cutting machine's marks as the plan placed them
    per = sheet.per_sheet
    count = math.ceil(cards / per)
    pairs = iter(sides)
    flip_to_back = mirror(spec)
    how = _how_to_print(spec)
    # A cutting machine's marks print on the fronts only, but the targets and notes of
    # both sides keep clear of them.
    zones = ink_zones(sheet.block, spec) + cutter_zones(spec)
    # The back's note is placed on the back page, before its correction moves it.
    back_zones = [flip_to_back.apply_rect(z) for z in zones]
    # Guide lines stop short of the targets (see _Furniture), so they need not avoid them.
    avoid = ink_zones(sheet.block, spec, lines=False) + cutter_zones(spec) + _text_places(spec)
    targets = registration_targets(spec, avoid=avoid)
    centres, radius = target_layout(spec, avoid=avoid)
    if any(target_touches(c, z, radius) for c in centres for z in avoid):
        raise ImpositionError(
            f"{title}: the back correction (--back-offset/--back-rotate/--back-scale) moves "
            "the registration targets onto the cards; it is too large for this paper and "
            "card size (try a smaller --margin or larger paper)")
    shift = back_shift(spec)
    gaps = [Rect(x - radius - TARGET_GAP, y - radius - TARGET_GAP, 2 * (radius + TARGET_GAP),
                 2 * (radius + TARGET_GAP)) for x, y in centres]
    full = _Furniture.of(sheet, targets, title, gaps)
    last = cards - (count - 1) * per
    # A part-filled last sheet gets the marks and boxes of the cards it holds.
    partial = (full if last == per else
               _Furniture.of(replace(sheet, slots=sheet.slots[:last]), targets, title, gaps))
    for n in range(count):
        chunk = range(n * per, min(cards, (n + 1) * per))
        furniture = partial if n == count - 1 else full
        block, front_marks, back_marks = furniture.block, furniture.front, furniture.back
        front_items: list[Item] = []
        back_items: list[Item] = []
        for (slot_index, i), (face, back) in zip(enumerate(chunk), pairs):
            slot = sheet.slots[slot_index]
            reach = card_reach(slot, block, spec)
            front_items.append(_place(face, card, slot, reach, f"card {i}", sheet.turned))
            back_items.append(_place(back, card, flip_to_back.apply_rect(slot),
                                     flip_to_back.apply_rect(reach), f"back {i}",
                                     sheet.turned))
        label = f"{title} - sheet {n + 1} of {count}"
        layout = f"; {layout_record(spec, sheet.block)}" if spec.backs.manual else ""
        front_page = Page(spec.size.width, spec.size.height,
                          (*front_items, *front_marks, *cutter_items(spec),
                           note(spec, f"{label}: fronts - {how}{layout}", zones,
                                front_marks),
                           *ruler(spec, zones, targets)),
                          trim=block, bleed=block.inset(-spec.bleed),
                          label=f"{label} fronts")
        back_block = flip_to_back.apply_rect(block)
        back_page = Page(spec.size.width, spec.size.height,
                         (Group((*back_items, *back_marks,
                                 note(spec, _backs_note(spec, label, n + 1, sheet.block),
                                      back_zones, back_marks)),
                                shift, role="back side"),),
                         trim=shift.apply_rect(back_block),
                         bleed=shift.apply_rect(back_block.inset(-spec.bleed)),
                         label=f"{label} backs")
        # A duplex printed by hand: the same pages, the fronts and the backs in two files.
        if spec.backs is not Backs.BACKS_ONLY:
            yield front_page
        if spec.backs is not Backs.FRONTS_ONLY:
            yield back_page


#: Clear paper between a registration target and a guide line that stops short of it.
TARGET_GAP = 1.0


@dataclass(frozen=True)
class _Furniture:
    """A sheet's cut block and the marks around it, front and back (back-page coordinates,
    before the correction)."""

    block: Rect
    front: tuple[Item, ...]
    back: tuple[Item, ...]

    @staticmethod
    def of(sheet: SheetPlan, targets: list[Item], title: str,
           gaps: Sequence[Rect] = ()) -> _Furniture:
        """*gaps*: where guide lines break, to leave the targets clear."""
        spec = sheet.spec
        flip_to_back = mirror(spec)
        marks = sheet_crop_marks(sheet)
        front_marks = marks
        if style(spec) is Marks.LINES:
            marks = [part for line in marks for part in around(line, gaps)]
            # Guide lines run to the paper's edge: on the fronts they break round the
            # cutting machine's marks too, whose reader wants clear paper there (a
            # stroke's width further, so that no edge of a line's ink reaches in).
            clear = [zone.inset(-MARK_WIDTH) for zone in cutter_zones(spec)]
            front_marks = [part for line in marks for part in around(line, clear)]
        front: list[Item] = [*front_marks, *targets]
        back: list[Item] = [mirrored(m, flip_to_back) for m in marks] + targets
        reach = sheet.block.inset(-mark_reach(spec))
        if spec.backs is Backs.GLUE:
            front += pinholes(sheet.block, spec)
            xs, ys = cut_lines(sheet)
            back = [mirrored(m, flip_to_back)
                    for m in glue_crop_marks(sheet.block, xs, ys, spec)] + targets
            back += tab_label(flip_to_back.apply_rect(tab_rect(sheet.block)), title,
                              up=spec.flip is Flip.LONG)
            reach = Rect.bounding([*reach.corners(),
                                   *tab_reach(sheet.block, spec).corners()])
        _check_inside(back_shift(spec).apply_rect(flip_to_back.apply_rect(reach)), spec,
                      title)
        return _Furniture(sheet.block, tuple(front), tuple(back))


def _check_inside(ink: Rect, spec: SheetSpec, title: str) -> None:
    """Refuses a back side whose cards or marks would print inside the printer's margin:
    the back correction moved them there, or the glue tab does not fit."""
    p = spec.printable
    over = max(p.x - ink.x, p.y - ink.y, ink.right - p.right, ink.bottom - p.bottom)
    if over > 1e-6:
        cause = ("the glue tab" if spec.backs is Backs.GLUE
                 else "the back correction (--back-offset/--back-rotate/--back-scale)")
        raise ImpositionError(
            f"{title}: {cause} puts the backs' marks {over:.1f} mm into the printer's "
            f"margin ({spec.margin_text}) on {spec.paper.upper()}; it is too large for this "
            "paper and card size (try a smaller --margin or larger paper)")
