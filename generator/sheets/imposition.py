"""Sheets: cards n-up with crop marks, registration targets, duplex or glued backs, and the
calibration sheet. Pure geometry over scenes; no card art and no backend here.

Conventions. Pages are portrait. A duplex PDF pairs page 2k (back) with page 2k-1
(front). The sheet turns over its long edge (``flip="long"``: backs mirrored left-right) or
its short edge (``"short"``: mirrored top-bottom). ``back_offset`` (x right, y up, in mm)
is how far the whole back side should land from the front, seen from the front after the
sheet turns; it moves marks too, because a printer shifts everything on that side.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import GeneratorError
from ..draw.geometry import Rect, Size, Transform
from ..draw.scene import Box, Circle, Group, Item, Line, Page, Paint, Polygon, Text

PAPERS: dict[str, Size] = {"a4": Size(210.0, 297.0), "letter": Size(215.9, 279.4),
                           "a3": Size(297.0, 420.0)}
FLIPS = ("long", "short")
BACKS = ("duplex", "glue")
MARK_INK = "#000000"
MARK_WIDTH = 0.25


class ImpositionError(GeneratorError):
    """The cards or board do not fit the chosen paper."""


@dataclass(frozen=True)
class SheetSpec:
    paper: str = "a4"
    margin: float = 5.0        # the printer's safe margin: nothing is printed nearer the edge
    gap: float = 0.0           # between cards; 0 means neighbours share one cut line
    bleed: float = 2.0
    flip: str = "long"
    backs: str = "duplex"
    back_offset: tuple[float, float] = (0.0, 0.0)
    mark_offset: float = 1.0   # from the bleed edge to where a crop mark starts
    mark_length: float = 3.0

    @property
    def size(self) -> Size:
        return PAPERS[self.paper]

    @property
    def printable(self) -> Rect:
        return Rect(0, 0, self.size.width, self.size.height).inset(self.margin)

    @property
    def mark_reach(self) -> float:
        """How far past the trim the bleed and crop marks go."""
        return self.bleed + self.mark_offset + self.mark_length


@dataclass(frozen=True)
class SheetPlan:
    spec: SheetSpec
    card: Size
    cols: int
    rows: int
    slots: tuple[Rect, ...]   # trim rectangles of the front, row by row from the top left

    @property
    def per_sheet(self) -> int:
        return len(self.slots)

    @property
    def block(self) -> Rect:
        return Rect.bounding([p for s in self.slots for p in s.corners()])


def plan(card: Size, spec: SheetSpec, count: int | None = None) -> SheetPlan:
    """The largest grid of upright cards that fits inside the safe margin together with
    its bleed and crop marks, trimmed to *count* cards and centred on the sheet.

    :raises: :exc:`ImpositionError` if not one card fits.
    """
    area = spec.printable.inset(spec.mark_reach + 2.0)  # 2 mm between marks and margin
    cols = math.floor((area.w + spec.gap) / (card.width + spec.gap) + 1e-9)
    rows = math.floor((area.h + spec.gap) / (card.height + spec.gap) + 1e-9)
    if cols < 1 or rows < 1:
        raise ImpositionError(
            f"a {card.width:g} x {card.height:g} mm card does not fit on {spec.paper.upper()}"
            f" with a {spec.margin:g} mm margin and {spec.bleed:g} mm bleed")
    if count is not None and count < cols * rows:
        rows = max(1, math.ceil(count / cols))
        if rows == 1:
            cols = count
    width = cols * card.width + (cols - 1) * spec.gap
    height = rows * card.height + (rows - 1) * spec.gap
    x0 = (spec.size.width - width) / 2
    y0 = (spec.size.height - height) / 2
    slots = tuple(Rect(x0 + c * (card.width + spec.gap), y0 + r * (card.height + spec.gap),
                       card.width, card.height) for r in range(rows) for c in range(cols))
    return SheetPlan(spec, card, cols, rows, slots)


def mirror(spec: SheetSpec) -> Transform:
    """Maps a front position to where the same spot of paper is printed on the back."""
    size = spec.size
    if spec.flip == "long":
        return Transform.mirror_x(size.width / 2)
    return Transform.mirror_y(size.height / 2)


def back_shift(spec: SheetSpec) -> Transform:
    """The translation of the back page that makes it land *back_offset* from the front."""
    dx, dy = spec.back_offset
    # Long flip mirrors x, so a shift seen as +x from the front is -x on the back page;
    # y is up in the option but down on the page.
    return Transform.translate(-dx, -dy) if spec.flip == "long" else Transform.translate(dx, dy)


def _place(art: Group, card: Size, slot: Rect, reach: Rect, role: str) -> Group:
    """*art* (card-local) at *slot*, clipped to *reach*, with its trim marker."""
    return Group((art, _trim_marker(card)), Transform.translate(slot.x, slot.y),
                 clip=reach.moved(-slot.x, -slot.y), role=role)


def _trim_marker(card: Size) -> Box:
    """The card's trim as a path that paints nothing: invisible in print, but it lets
    tools (and our tests) read where each card was placed, through every transform."""
    return Box(Rect(0, 0, card.width, card.height), Paint())


def _reach(slot: Rect, block: Rect, spec: SheetSpec) -> Rect:
    """A card's clip: bleed past the block's outer edges, half the gap between cards."""
    inner = min(spec.bleed, spec.gap / 2)
    eps = 1e-6
    left = spec.bleed if slot.x <= block.x + eps else inner
    top = spec.bleed if slot.y <= block.y + eps else inner
    right = spec.bleed if slot.right >= block.right - eps else inner
    bottom = spec.bleed if slot.bottom >= block.bottom - eps else inner
    return Rect(slot.x - left, slot.y - top, slot.w + left + right, slot.h + top + bottom)


def cut_lines(sheet: SheetPlan) -> tuple[list[float], list[float]]:
    """x positions of the vertical cuts and y positions of the horizontal ones."""
    xs = sorted({round(v, 6) for s in sheet.slots for v in (s.x, s.right)})
    ys = sorted({round(v, 6) for s in sheet.slots for v in (s.y, s.bottom)})
    return xs, ys


def crop_marks(sheet: SheetPlan) -> list[Line]:
    """A short line beyond the bleed at both ends of every cut line, never on a card."""
    spec = sheet.spec
    block = sheet.block
    start = spec.bleed + spec.mark_offset
    end = start + spec.mark_length
    paint = Paint(stroke=MARK_INK, width=MARK_WIDTH)
    xs, ys = cut_lines(sheet)
    marks = []
    for x in xs:
        marks.append(Line(x, block.y - end, x, block.y - start, paint))
        marks.append(Line(x, block.bottom + start, x, block.bottom + end, paint))
    for y in ys:
        marks.append(Line(block.x - end, y, block.x - start, y, paint))
        marks.append(Line(block.right + start, y, block.right + end, y, paint))
    return marks


def target_centres(spec: SheetSpec, radius: float = 3.0) -> list[tuple[float, float]]:
    """Registration targets at the four corners of the printable area: a set that both
    flips map onto itself, so front and back targets coincide when the sheet turns."""
    p = spec.printable.inset(radius + 0.5)
    return [(p.x, p.y), (p.right, p.y), (p.x, p.bottom), (p.right, p.bottom)]


def target(cx: float, cy: float, r: float = 3.0) -> list[Item]:
    paint = Paint(stroke=MARK_INK, width=MARK_WIDTH)
    return [Circle(cx, cy, r * 0.62, paint), Circle(cx, cy, r * 0.25, Paint(fill=MARK_INK)),
            Line(cx - r, cy, cx + r, cy, paint), Line(cx, cy - r, cx, cy + r, paint)]


def pinholes(sheet: SheetPlan) -> list[Item]:
    """Rings at the block's corners: pierce them, then join the holes on the reverse to
    draw the rectangle the backs sheet is glued onto."""
    items: list[Item] = []
    paint = Paint(stroke=MARK_INK, width=MARK_WIDTH)
    for x, y in sheet.block.corners():
        items += [Circle(x, y, 1.6, paint), Circle(x, y, 0.3, Paint(fill=MARK_INK))]
    return items


def ruler(x: float, y: float, length: float = 50.0) -> list[Item]:
    """A scale bar in mm, so users can check the print was not scaled to fit."""
    paint = Paint(stroke=MARK_INK, width=0.2)
    items: list[Item] = [Line(x, y, x + length, y, paint)]
    for mm in range(0, int(length) + 1):
        tick = 2.0 if mm % 10 == 0 else (1.3 if mm % 5 == 0 else 0.7)
        items.append(Line(x + mm, y, x + mm, y - tick, paint))
    items.append(Text(x + length + 1.5, y, f"{length:g} mm", 2.2, MARK_INK, "regular", "start"))
    return items


def _info(spec: SheetSpec, text: str, *, back: bool) -> list[Item]:
    """The line at the top of a sheet and the ruler at the bottom, inside the margin."""
    printable = spec.printable
    items: list[Item] = [Text(printable.x + 8, printable.y + 2.4, text, 2.4, MARK_INK,
                              "regular", "start")]
    if not back:
        items += ruler(printable.x + 8, printable.bottom - 1.0)
    return items


def card_sheets(fronts: Sequence[Group], backs: Sequence[Group], card: Size,
                spec: SheetSpec, title: str) -> list[Page]:
    """Front and back pages for *fronts*/*backs* (card-local art with spec.bleed).

    Duplex: front, back, front, back... with each back mirrored for the flip. Glue: the
    same order, printed single-sided; the fronts carry pin-hole marks at the block corners.
    """
    sheet = plan(card, spec, len(fronts))
    per = sheet.per_sheet
    pages: list[Page] = []
    count = math.ceil(len(fronts) / per)
    flip_to_back = mirror(spec)
    how = ("print at 100% (actual size), duplex, flip on the "
           f"{spec.flip} edge" if spec.backs == "duplex"
           else "print at 100% (actual size), one side; glue the backs sheet on the reverse")
    marks = crop_marks(sheet)
    targets = [i for c in target_centres(spec) for i in target(*c)]
    front_marks: list[Item] = [*marks, *targets]
    if spec.backs == "glue":
        front_marks += pinholes(sheet)
    back_marks: list[Item] = [_mirror_line(m, flip_to_back) for m in marks] + targets
    for n in range(count):
        chunk = range(n * per, min(len(fronts), (n + 1) * per))
        front_items: list[Item] = []
        back_items: list[Item] = []
        for slot_index, i in enumerate(chunk):
            slot = sheet.slots[slot_index]
            reach = _reach(slot, sheet.block, spec)
            front_items.append(_place(fronts[i], card, slot, reach, f"card {i}"))
            back_items.append(_place(backs[i], card, flip_to_back.apply_rect(slot),
                                     flip_to_back.apply_rect(reach), f"back {i}"))
        label = f"{title} - sheet {n + 1} of {count}"
        front_page = Page(spec.size.width, spec.size.height,
                          (*front_items, *front_marks,
                           *_info(spec, f"{label}: fronts - {how}", back=False)),
                          trim=sheet.block, bleed=sheet.block.inset(-spec.bleed),
                          label=f"{label} fronts")
        back_block = flip_to_back.apply_rect(sheet.block)
        shift = back_shift(spec)
        back_page = Page(spec.size.width, spec.size.height,
                         (Group((*back_items, *back_marks,
                                 *_info(spec, f"{label}: backs", back=True)),
                                shift, role="back side"),),
                         trim=shift.apply_rect(back_block),
                         bleed=shift.apply_rect(back_block.inset(-spec.bleed)),
                         label=f"{label} backs")
        pages += [front_page, back_page]
    return pages


def blank_back(spec: SheetSpec, label: str) -> Page:
    """The reverse of a one-sided sheet in a duplex file, so later pairs stay paired."""
    return Page(spec.size.width, spec.size.height, (), label=f"{label} (blank reverse)")


def calibration_pages(spec: SheetSpec, steps: int = 8, step: float = 0.5) -> list[Page]:
    """A duplex test sheet. Each labelled line on the front has a partner on the back,
    drawn *label* mm away from it (x right, y up, as seen from the front). Held against
    the light, the pair that looks like one straight line names the ``--back-offset``
    that cancels the printer's error, in steps of *step* mm."""
    size = spec.size
    cx, cy = size.width / 2, size.height / 2
    to_back = mirror(spec)
    line = Paint(stroke=MARK_INK, width=0.3)
    front: list[Item] = []
    back: list[Item] = []
    pitch = 9.0
    for k in range(-steps, steps + 1):
        shift = k * step
        label = f"{shift:+g}" if k else "0"
        # X pairs: vertical lines along the top; the back line lands shift mm to the right.
        x = cx + k * pitch
        top = 52.0
        front += [Line(x, top, x, top + 16, line),
                  Text(x, top + 21, label, 2.6, MARK_INK, "bold" if k == 0 else "regular")]
        back.append(_mirror_line(Line(x + shift, top - 6, x + shift, top + 10, line), to_back))
        # Y pairs: horizontal lines down the middle; the back line lands shift mm higher.
        y = cy + 4 + k * pitch
        left = cx - 28.0
        front += [Line(left, y, left + 16, y, line),
                  Text(left + 19, y + 0.9, label, 2.6, MARK_INK,
                       "bold" if k == 0 else "regular", "start")]
        back.append(_mirror_line(Line(left - 6, y - shift, left + 10, y - shift, line),
                                 to_back))
    text = [
        ("X: which pair of vertical lines looks like one line?", cx, 41.0, "middle"),
        ("Y: which pair of horizontal", cx + 2, cy + 4 - steps * pitch - 2, "start"),
        ("lines looks like one line?", cx + 2, cy + 4 - steps * pitch + 2, "start"),
        (f"1. Print this sheet duplex at 100% (actual size), flipping on the {spec.flip} "
         "edge.", cx, size.height - 56, "middle"),
        ("2. Hold it against a window or lamp. Each front line has a partner printed on the "
         "back.", cx, size.height - 51, "middle"),
        ("3. Read the label of the pair that coincides, for X and for Y, and build with "
         "--back-offset X,Y.", cx, size.height - 46, "middle"),
        (f"This sheet was made with --back-offset {spec.back_offset[0]:g},"
         f"{spec.back_offset[1]:g}: once that is right, the pairs labelled 0 coincide.",
         cx, size.height - 39, "middle")]
    front += [Text(x, y, t, 3.0, MARK_INK, "regular", anchor) for t, x, y, anchor in text]
    front.append(Text(cx, 30, "opencards duplex calibration", 5.0, MARK_INK, "bold"))
    front += [i for c in target_centres(spec) for i in target(*c)]
    front += ruler(spec.printable.x + 8, spec.printable.bottom - 1.0)
    back += [i for c in target_centres(spec) for i in target(*c)]
    return [Page(size.width, size.height, tuple(front), label="calibration front"),
            Page(size.width, size.height, (Group(tuple(back), back_shift(spec)),),
                 label="calibration back")]


def _mirror_line(item: Line, t: Transform) -> Line:
    x1, y1 = t.apply(item.x1, item.y1)
    x2, y2 = t.apply(item.x2, item.y2)
    return Line(x1, y1, x2, y2, item.paint)


# --- boards in pieces -------------------------------------------------------------------

@dataclass(frozen=True)
class Tile:
    """One printed piece of a board: *area* of the board (in board mm) including any
    overlap strip, *own* the part it alone covers, and where it sits in the grid."""

    area: Rect
    own: Rect
    col: int
    row: int
    cols: int
    rows: int


def tiles(board: Size, spec: SheetSpec, overlap: float) -> list[Tile]:
    """Cuts a board into quarters, and each quarter further if a piece (with its overlap
    strip, bleed and marks) does not fit the paper. Overlap strips lie on the right edge
    of each piece that has a neighbour to the right and on the bottom edge of each piece
    with one below, so neighbours share exactly *overlap* mm."""
    room = spec.printable.inset(spec.mark_reach + 9.0)  # space for the label line
    cols = rows = 2
    while (board.width / cols + overlap) > room.w + 1e-9:
        cols += 2
        if cols > 64:
            raise ImpositionError(f"the board does not fit on {spec.paper.upper()}")
    while (board.height / rows + overlap) > room.h + 1e-9:
        rows += 2
        if rows > 64:
            raise ImpositionError(f"the board does not fit on {spec.paper.upper()}")
    w, h = board.width / cols, board.height / rows
    found = []
    for r in range(rows):
        for c in range(cols):
            own = Rect(c * w, r * h, w, h)
            extra_w = overlap if c < cols - 1 else 0.0
            extra_h = overlap if r < rows - 1 else 0.0
            found.append(Tile(Rect(own.x, own.y, w + extra_w, h + extra_h), own, c, r,
                              cols, rows))
    return found


def _quarter_name(tile: Tile) -> tuple[int, str]:
    qc, qr = (0 if tile.col < tile.cols // 2 else 1), (0 if tile.row < tile.rows // 2 else 1)
    number = 1 + qc + 2 * qr
    return number, ("top left", "top right", "bottom left", "bottom right")[number - 1]


def board_sheets(figure: Group, size: Size, spec: SheetSpec, *, title: str,
                 overlap: float = 6.0, seams: Sequence[Item] = ()) -> list[Page]:
    """A page per piece: the piece's part of *figure* (board mm, origin top left), crop
    marks at its corners, its overlap strip hatched as the glue edge, alignment marks on
    the seams, and a label naming the quarter and which way is up."""
    # Pages go quarter by quarter, so the pieces of one quarter come out together.
    pieces = sorted(tiles(size, spec, overlap), key=lambda t: (_quarter_name(t)[0], t.row,
                                                               t.col))
    pages = []
    ink = Paint(stroke=MARK_INK, width=MARK_WIDTH)
    for tile in pieces:
        area = tile.area
        x0 = (spec.size.width - area.w) / 2
        y0 = (spec.size.height - area.h) / 2
        place = Transform.translate(x0 - area.x, y0 - area.y)
        trim = Rect(x0, y0, area.w, area.h)
        bleed_rect = trim.inset(-spec.bleed)
        items: list[Item] = [Group((Group((figure, *seams), clip=area.inset(-spec.bleed)),),
                                   place, role="board piece")]
        glue = []
        if area.w > tile.own.w:
            glue.append(Rect(tile.own.right, area.y, area.right - tile.own.right, area.h))
        if area.h > tile.own.h:
            glue.append(Rect(area.x, tile.own.bottom, area.w, area.bottom - tile.own.bottom))
        for strip in glue:
            page_strip = place.apply_rect(strip)
            items.append(_glue_strip(page_strip))
        # Crop marks at the piece's corners, outside the bleed.
        start = spec.bleed + spec.mark_offset
        end = start + spec.mark_length
        for x in (trim.x, trim.right):
            items += [Line(x, trim.y - end, x, trim.y - start, ink),
                      Line(x, trim.bottom + start, x, trim.bottom + end, ink)]
        for y in (trim.y, trim.bottom):
            items += [Line(trim.x - end, y, trim.x - start, y, ink),
                      Line(trim.right + start, y, trim.right + end, y, ink)]
        number, where = _quarter_name(tile)
        piece = ""
        if tile.cols > 2 or tile.rows > 2:
            per_c, per_r = tile.cols // 2, tile.rows // 2
            piece = (f", piece {1 + tile.col % per_c + per_c * (tile.row % per_r)} of "
                     f"{per_c * per_r}")
        label = (f"{title}: quarter {number} of 4 ({where}{piece}). Top edge = the north "
                 "player's side. Print at 100%.")
        items.append(Text(spec.size.width / 2, bleed_rect.y - end - 3.0, label, 2.6,
                          MARK_INK, "regular"))
        items.append(Text(spec.size.width / 2, bleed_rect.y - end - 7.0, "\u2191 north", 2.6,
                          MARK_INK, "bold"))
        items += ruler(spec.printable.x + 8, spec.printable.bottom - 1.0)
        pages.append(Page(spec.size.width, spec.size.height, tuple(items), trim=trim,
                          bleed=bleed_rect, label=f"{title} quarter {number}{piece}"))
    return pages


def _glue_strip(strip: Rect) -> Group:
    """Grey hatching over an overlap strip: glue the neighbouring piece on top of it, or
    cut it off along its inner edge and tape the pieces for a folding board."""
    paint = Paint(stroke="#555555", width=0.25)
    lines: list[Item] = []
    step = 2.0
    n = int((strip.w + strip.h) / step) + 2
    for i in range(n):
        d = i * step
        lines.append(Line(strip.x + d, strip.y, strip.x + d - strip.h, strip.bottom, paint))
    edge = Paint(stroke="#000000", width=0.3, dash=(1.5, 1.0))
    inner_x = strip.x if strip.h >= strip.w else None
    border: list[Item] = [Box(strip, Paint(stroke="#555555", width=0.2))]
    if inner_x is not None:
        border.append(Line(strip.x, strip.y, strip.x, strip.bottom, edge))
    else:
        border.append(Line(strip.x, strip.y, strip.right, strip.y, edge))
    return Group((Group(tuple(lines), clip=strip), *border), role="glue edge")


def seam_marks(size: Size, tiles_: Sequence[Tile], square: Size, origin: tuple[float, float]
               ) -> list[Item]:
    """Alignment marks where square lines cross a seam, drawn in board mm so they show on
    both neighbouring pieces (on the owner's edge and on the overlap strip)."""
    items: list[Item] = []
    xs = sorted({t.own.right for t in tiles_ if t.col < t.cols - 1})
    ys = sorted({t.own.bottom for t in tiles_ if t.row < t.rows - 1})
    ox, oy = origin
    for x in xs:
        for k in range(9):
            y = oy + k * square.height
            items.append(Polygon(((x, y - 1.2), (x + 1.2, y), (x, y + 1.2), (x - 1.2, y)),
                                 Paint(fill="#000000")))
        items.append(Line(x, 0, x, size.height, Paint(stroke="#000000", width=0.2,
                                                       dash=(1.5, 1.0))))
    for y in ys:
        for k in range(9):
            x = ox + k * square.width
            items.append(Polygon(((x - 1.2, y), (x, y - 1.2), (x + 1.2, y), (x, y + 1.2)),
                                 Paint(fill="#000000")))
        items.append(Line(0, y, size.width, y, Paint(stroke="#000000", width=0.2,
                                                      dash=(1.5, 1.0))))
    return items
