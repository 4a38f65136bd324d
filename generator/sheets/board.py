"""Boards in pieces: a board cut into quarters (and a quarter further if the paper is
small), one page per piece, with glue strips where neighbours overlap and diamonds where
the square lines cross a seam.

Of the card sheet options, ``--marks`` and ``--orientation`` apply to pieces too: the
piece's cutting guides are drawn in the chosen style (crop marks, corner ticks, or lines
to the printable edge, broken round the label and the ruler), and a piece may lie turned
a quarter (clockwise, the north edge on the right) when that needs fewer pieces or is
asked for. ``--gap`` has no meaning for a board: each piece is a page of its own."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..draw import fonts
from ..draw.geometry import Rect, Size, Transform
from ..draw.scene import Box, Group, Item, Line, Page, Paint, Polygon, Text
from ..errors import ImpositionError
from .guides import around, guides, mark_reach
from .marks import MARK_INK, print_note, sheet_ruler
from .notes import RULER_BOX
from .spec import Marks, Orientation, SheetSpec, mirror, safe_area

#: Half the diagonal of a seam diamond, mm.
DIAMOND = 1.2


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
    strip, bleed and marks) does not fit the paper, upright or turned as
    :func:`board_turned` decides. Overlap strips lie on the right edge of each piece that
    has a neighbour to the right and on the bottom edge of each piece with one below, so
    neighbours share exactly *overlap* mm.

    :raises: :exc:`ImpositionError` if even a 32nd of a quarter does not fit.
    """
    return _tiles(board, spec, overlap, board_turned(board, spec, overlap))


def board_turned(board: Size, spec: SheetSpec, overlap: float) -> bool:
    """Whether the pieces lie turned a quarter: if ``--orientation turned`` asks, or with
    *auto* if turned pieces are fewer (upright when both are as many)."""
    if spec.orientation is Orientation.UPRIGHT:
        return False
    if spec.orientation is Orientation.TURNED:
        return True
    try:
        upright = len(_tiles(board, spec, overlap, False))
    except ImpositionError:
        return True
    try:
        return len(_tiles(board, spec, overlap, True)) < upright
    except ImpositionError:
        return False


def _tiles(board: Size, spec: SheetSpec, overlap: float, turned: bool) -> list[Tile]:
    room = spec.printable.inset(mark_reach(spec) + 9.0)  # space for the label line
    # A turned piece's width runs down the page.
    room_w, room_h = (room.h, room.w) if turned else (room.w, room.h)
    cols = rows = 2
    while (board.width / cols + overlap) > room_w + 1e-9:
        cols += 2
        if cols > 64:
            raise ImpositionError(f"the board does not fit on {spec.paper.upper()}")
    while (board.height / rows + overlap) > room_h + 1e-9:
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
    turned = board_turned(size, spec, overlap)
    pieces = sorted(_tiles(size, spec, overlap, turned),
                    key=lambda t: (_quarter_name(t)[0], t.row, t.col))
    pages = []
    for tile in pieces:
        area = tile.area
        w, h = (area.h, area.w) if turned else (area.w, area.h)
        x0 = (spec.size.width - w) / 2
        y0 = (spec.size.height - h) / 2
        trim = Rect(x0, y0, w, h)
        if turned:
            # A quarter turn clockwise, as turned cards lie: the north edge on the right.
            place = (Transform.translate(trim.right, trim.y) @ Transform.rotate(90)
                     @ Transform.translate(-area.x, -area.y))
        else:
            place = Transform.translate(x0 - area.x, y0 - area.y)
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
            # The strip's inner edge, where it is cut off for a folding board.
            ax, ay, bx, by = ((strip.x, strip.y, strip.x, strip.bottom) if strip.h >= strip.w
                              else (strip.x, strip.y, strip.right, strip.y))
            items.append(_glue_strip(page_strip, (*place.apply(ax, ay), *place.apply(bx, by))))
        number, where = _quarter_name(tile)
        piece = ""
        if tile.cols > 2 or tile.rows > 2:
            per_c, per_r = tile.cols // 2, tile.rows // 2
            piece = (f", piece {1 + tile.col % per_c + per_c * (tile.row % per_r)} of "
                     f"{per_c * per_r}")
        edge, arrow = ("Right", "\u2192") if turned else ("Top", "\u2191")
        label = (f"{title}: quarter {number} of 4 ({where}{piece}). {edge} edge = the north "
                 "player's side. Print at 100%.")
        above = bleed_rect.y - mark_reach(spec)
        marks = guides(trim, (trim.x, trim.right), (trim.y, trim.bottom), (trim,), spec)
        if spec.marks is Marks.LINES:
            # Lines to the printable edge would run through the label and the ruler.
            p = safe_area(spec)
            keep_out = [Rect(0, above - 7.0 - 3.0, spec.size.width, 7.0 + 1.0),
                        Rect(p.x + 8 - 1.0, p.bottom - 1.0 - RULER_BOX[1] - 1.0,
                             RULER_BOX[0] + 2.0, RULER_BOX[1] + 2.0)]
            marks = [part for line in marks for part in around(line, keep_out)]
        items += marks
        items.append(Text(spec.size.width / 2, above - 3.0, label, 2.6, MARK_INK, "regular"))
        items.append(Text(spec.size.width / 2, above - 7.0, f"{arrow} north", 2.6, MARK_INK,
                          "bold"))
        items += sheet_ruler(spec)
        pages.append(Page(spec.size.width, spec.size.height, tuple(items), trim=trim,
                          bleed=bleed_rect, label=f"{title} quarter {number}{piece}"))
    return pages


def _glue_strip(strip: Rect, edge: tuple[float, float, float, float]) -> Group:
    """Grey hatching over an overlap strip: glue the neighbouring piece on top of it, or
    cut it off along its inner edge (*edge*, page mm) and tape the pieces for a folding
    board."""
    paint = Paint(stroke="#555555", width=0.25)
    lines: list[Item] = []
    step = 2.0
    n = int((strip.w + strip.h) / step) + 2
    for i in range(n):
        d = i * step
        lines.append(Line(strip.x + d, strip.y, strip.x + d - strip.h, strip.bottom, paint))
    dashed = Paint(stroke="#000000", width=0.3, dash=(1.5, 1.0))
    border: list[Item] = [Box(strip, Paint(stroke="#555555", width=0.2)), Line(*edge, dashed)]
    return Group((Group(tuple(lines), clip=strip), *border), role="glue edge")


def seam_marks(size: Size, tiles_: Sequence[Tile], squares: Rect, square: Size
               ) -> list[Item]:
    """Alignment marks where square lines cross a seam, drawn in board mm so they show on
    both neighbouring pieces (on the owner's edge and on the overlap strip). *squares* is
    where the board's squares lie, *square* the size of one: the count of square lines
    follows from them, so any number of files and ranks gets a diamond on every line."""
    items: list[Item] = []
    xs = sorted({t.own.right for t in tiles_ if t.col < t.cols - 1})
    ys = sorted({t.own.bottom for t in tiles_ if t.row < t.rows - 1})
    files = round(squares.w / square.width)
    ranks = round(squares.h / square.height)
    ox, oy = squares.x, squares.y
    d = DIAMOND
    for x in xs:
        for k in range(ranks + 1):
            y = oy + k * square.height
            items.append(Polygon(((x, y - d), (x + d, y), (x, y + d), (x - d, y)),
                                 Paint(fill="#000000")))
        items.append(Line(x, 0, x, size.height, Paint(stroke="#000000", width=0.2,
                                                       dash=(1.5, 1.0))))
    for y in ys:
        for k in range(files + 1):
            x = ox + k * square.width
            items.append(Polygon(((x - d, y), (x, y - d), (x + d, y), (x, y + d)),
                                 Paint(fill="#000000")))
        items.append(Line(0, y, size.width, y, Paint(stroke="#000000", width=0.2,
                                                      dash=(1.5, 1.0))))
    return items


def blank_back(spec: SheetSpec, front: Page) -> Page:
    """The reverse of a one-sided sheet (a board piece) in a duplex file, so later pairs
    stay paired. One line in the print note's small grey type says it is blank on purpose,
    so nobody takes it for a failed print: at the top of the page or else at the bottom,
    wherever it lies behind the front's margin, which is cut off, not behind its art."""
    text = f"Back of {front.label}: intentionally blank (a board prints on one side)"
    top = print_note(spec, text)
    # On a narrow sheet (A5) the line shrinks to the printable width.
    room = safe_area(spec).right - top.x
    width = fonts.measure(text, top.font, top.size)
    if width > room:
        top = replace(top, size=top.size * room / width)
    bottom = replace(top, y=safe_area(spec).bottom - 0.9)
    behind = mirror(spec).apply_rect(front.bleed or Rect(0, 0, 0, 0))
    chosen = (bottom if behind.intersects(_note_box(top))
              and not behind.intersects(_note_box(bottom)) else top)
    return Page(spec.size.width, spec.size.height, (chosen,),
                label=f"{front.label} (blank reverse)")


def _note_box(note: Text) -> Rect:
    """The box a one-line note set at the top left by :func:`print_note` inks."""
    width = fonts.measure(note.text, note.font, note.size)
    return Rect(note.x, note.y - note.size, width, note.size * 1.3)
