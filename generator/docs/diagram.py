"""A position and its annotations as a scene: the board (or a crop of it, from either side),
each card drawn with the kit's own art scaled to its square, and the annotations on top.

:func:`figure_page` is the one function scripts call; :func:`to_svg`, :func:`to_png` and
:func:`to_pdf` turn its page into bytes through the kit's backends. Every card drawing
carries a key, so the SVG holds each distinct card once and places it with ``<use>``.
"""
from __future__ import annotations

import dataclasses
import enum
import hashlib
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..draw import fonts
from ..draw.art.board import (EDGE, View, board_group, board_size, square_rect, squares_area,
                              whole)
from ..draw.art.cards import side_mark
from ..draw.art.symbols import BORDER, TILE, heading_mark, side_bar
from ..draw.backends import pdf, png, svg
from ..draw.geometry import Rect, Size, Transform
from ..draw.scene import Box, Circle, Group, Item, Line, Page, Paint, Polygon, Text
from ..draw.style import DEFAULT_STYLE, Style
from ..draw.text import break_lines
from ..errors import FigureError
from ..model.board import MAX_FILES, MAX_RANKS, Board, parse_square
from ..model.cards import Pack
from ..model.layout import Layout, Piece, Side, Stack
from ..model.letters import LetterSet
from ..model.settings import Settings
from ..sheets.printable import open_cards
from .figure import COLOURS, Arrow, Figure, Outline

Source = Pack | LetterSet

#: Width of a figure when none is asked for: a column of a printed page.
DEFAULT_WIDTH = 100.0
#: How far each card under the top one of a pile peeks out, in square units (see _unit).
PILE_STEP = 1.6
#: How much of its square a card fills, and the width of the field round a face's panel
#: (card units, see _unit): what a tint round a card may cover.
CARD_FILL = 0.92
CARD_FIELD = 2.0
#: The caption's size on the final page, whatever the figure's width (mm; 9.6 pt, a book's
#: body size), and the distance between the baselines of its lines.
CAPTION_SIZE = 3.4
CAPTION_LEADING = CAPTION_SIZE * 1.3
#: The last move's squares are tinted in a violet no square of the board has (the board's
#: hues are red, yellow, green and blue), laid over the square's own colour at
#: :data:`TINT_OPACITY`: every square colour still shows, changed by at least 45 CIELAB
#: units (tests/test_figures.py).
LAST_MOVE = "#7a00ff"
#: The arrow of a last move that left the board: the key's colour of a move.
OFF_MOVE = COLOURS["green"]
TINT_OPACITY = 0.45
#: Arrows asked for are laid over the cards at this strength, so that the value and suit
#: of a card under one still read; the head stops this share of a square short of the
#: target's centre, off its suit sign.
ARROW_OPACITY = 0.6
ARROW_SHORT = 0.2
#: The selected card's destinations: ink, see-through, on any square colour.
MOVE_MARK = "#1b1b1b"
MOVE_OPACITY = 0.5
PROBLEM = "#d62728"
#: How much of a taken card (a ghost) the paper laid over it hides.
GHOST_WASH = 0.6
#: Whose card is whose, at a glance and in greyscale: the side whose cards carry a solid
#: ink bar at their base (north, as Black sits at the top of a chess diagram); the other
#: side's bar is open.
SOLID_SIDE = Side.NORTH


#: Every kind of mark a figure draws, by the name a diagram key gives it: each drawing of one
#: is a group whose role is ``mark KIND`` (the sides' bars ``side south``/``side north``,
#: the last move's tint ``last move``), so a key can be checked against what figures draw.
MARK_KINDS = ("side-south", "side-north", "face-down", "pile", "king-square", "last-move",
              "arrow-move", "arrow-beat", "arrow-press", "arrow-open", "may-move", "may-take",
              "highlight", "problem", "line", "line-took", "taken", "forbidden", "circle",
              "dot", "to-move")
#: The kind of an arrow by how it ends, and of a mark by its shape (a cross is a card taken).
ARROW_KIND = {"-": "arrow-move", "x": "arrow-beat", "+": "arrow-press", "=": "arrow-open"}
MARK_KIND = {"circle": "circle", "dot": "dot", "cross": "taken", "forbidden": "forbidden"}


def marks_drawn(items: tuple[Item, ...]) -> set[str]:
    """The kinds of mark (:data:`MARK_KINDS`) a drawn figure's scene holds."""
    found: set[str] = set()
    for item in items:
        if not isinstance(item, Group):
            continue
        role = item.role or ""
        if role.startswith("mark "):
            found.add(role[5:])
        elif role.startswith("side "):
            found.add(f"side-{role[5:]}")
        elif role == "last move":
            found.add("last-move")
        elif role.startswith("to-move "):
            found.add("to-move")
        found |= marks_drawn(item.items)
    return found


def _unit(square: Size) -> float:
    """Annotations are designed on a 25 x 50 mm square and scale with its smaller side."""
    return min(square.width / 25.0, square.height / 50.0)


#: The compact style's square cell and edge bands, in mm before the figure's scale: an 8 x 8
#: board is then 220 mm square and, printed 60-80 mm wide, as large as a chess diagram.
COMPACT_CELL = Size(25.0, 25.0)
COMPACT_EDGE = 10.0


@dataclass(frozen=True)
class _Look:
    """How the figure draws cards on its squares: the kit's own card art on squares shaped
    like cards, or the compact style's symbols on square cells."""

    square: Size
    edge: float
    card: Size
    """What is drawn on a square, in its own mm, before it is fitted to the square."""
    fill: float
    """How much of its square it fills."""
    field: float
    """The band inside its edge (its own mm) that holds no sign: what a tint may cover."""
    unit: float
    """The annotations' scale: 1 on a 25 x 50 mm square, and on a 25 mm cell."""
    compact: bool


def _look(figure: Figure, settings: Settings) -> _Look:
    if figure.style == "compact":
        edge = COMPACT_EDGE if figure.coords else 0.0
        # No field: a symbol's border is its frame, in the card's colour, which a tint or a
        # line round the card must leave as it is.
        return _Look(COMPACT_CELL, edge, Size(TILE, TILE), TILE / COMPACT_CELL.width, 0.0,
                     COMPACT_CELL.width / 25.0, True)
    edge = EDGE if figure.coords else 0.0
    card = settings.card
    return _Look(settings.square, edge, card, CARD_FILL, CARD_FIELD * _unit(card),
                 _unit(settings.square), False)


#: The edge labels' least size on a printed booklet's page (mm; 6 pt, the smallest type a
#: printed book's reader is asked to read).
LEAST_LABEL = 2.12


def _labelled(look: _Look, view: View, width: float, least: float) -> _Look:
    """*look* with the compact style's edge bands widened, if need be, for labels of
    *least* mm on a figure *width* mm wide: a band holds labels up to 0.55 of its width,
    and the board is its files plus two bands."""
    if not least or not look.compact or look.edge == 0:
        return look
    room = 0.55 * width - 2 * least
    if room <= 0:
        return look
    need = board_size(look.square, 0.0, view).width * least / room
    return dataclasses.replace(look, edge=round(max(look.edge, need), 3))


def compact_square(view: View, width: float, least_label: float = 0.0) -> float:
    """The width (mm) of one square, the room a card has, on a compact board showing
    *view* drawn *width* mm wide with its edge labels no smaller than *least_label* mm: what
    decides whether a card's value reads on paper.

    >>> round(compact_square(View(), 57.0, LEAST_LABEL), 1), round(compact_square(
    ...     View(files=(2, 7)), 57.0, LEAST_LABEL), 1)
    (6.2, 8.2)
    """
    look = _labelled(_look(Figure(style="compact"), Settings()), view, width, least_label)
    return look.square.width * width / board_size(look.square, look.edge, view).width


def _view(figure: Figure, board: Board) -> View:
    crop = figure.crop
    return View(crop.files, crop.ranks, figure.flip) if crop else whole(board, figure.flip)


class _Squares:
    """Where squares lie on the figure (before scaling): the one place annotations ask."""

    def __init__(self, square: Size, edge: float, view: View, unit: float) -> None:
        self.square, self.edge, self.view, self.unit = square, edge, view, unit

    def rect(self, name: str) -> Rect:
        # Any board's square names (a1-p8): the view knows which of them are shown.
        file, rank = parse_square(name, MAX_FILES, MAX_RANKS)
        return square_rect(file, rank, self.square, (self.edge, self.edge), self.view)

    def centre(self, name: str) -> tuple[float, float]:
        return self.rect(name).centre

    def off_point(self, origin: str, side: Side) -> tuple[float, float]:
        """A point past the far edge the card on *origin* leaves the board over."""
        file, _ = parse_square(origin)
        far, before = (7, 6) if side is Side.SOUTH else (0, 1)
        (x1, y1), (x2, y2) = self.centre(f"{'abcdefgh'[file]}{before + 1}"), \
            self.centre(f"{'abcdefgh'[file]}{far + 1}")
        step = math.hypot(x2 - x1, y2 - y1)
        # Half a square beyond the last one, and most of the way across the edge band.
        reach = (step / 2 + self.edge * 0.7) / step
        return (x2 + (x2 - x1) * reach, y2 + (y2 - y1) * reach)

    def shown(self, name: str) -> bool:
        return self.view.contains(*parse_square(name, MAX_FILES, MAX_RANKS))


# --- cards ---------------------------------------------------------------------------------

def _source_for(piece: Piece, layout: Layout, sources: Mapping[str, Source]) -> Source:
    """The pack or letter set a piece is drawn from: its owner's, else the first that
    holds the card (pieces without arrows in games where cards belong to nobody)."""
    names = [layout.players[piece.owner].partition(":")[0]] \
        if piece.owner is not None and piece.owner in layout.players else []
    names += [ref.partition(":")[0] for ref in layout.players.values()]
    names += list(sources)
    for name in names:
        source = sources.get(name)
        if source is not None and piece.card in source:
            return source
    for name in names:
        if name in sources and open_cards(sources[name]).holds_kind(piece.card):
            return sources[name]
    # A layout whose [players] name packs that do not hold its cards (letter sets under
    # numbered cards): validate lists it, and figure --allow-invalid stops here in one line.
    named = ", ".join(sorted({ref for ref in layout.players.values()})) or "none"
    raise FigureError(f"no pack or letter set of the layout holds {piece.card.notation()} "
                      f"(its players: {named}); name packs that hold its cards")


#: Drawings already made, by what they depend on: a booklet draws the same few dozen cards,
#: and the same board from the same side, in figure after figure. The drawings are
#: immutable, so one serves every figure. Packs, letter sets, boards and styles are not
#: hashable: they are keyed by identity and kept alive in the value, so their ids stay
#: theirs.
_DRAWN: dict[tuple[object, ...], tuple[object, Group]] = {}
_DRAWN_LIMIT = 4096


def _drawn(key: tuple[object, ...], keep: object, draw: Callable[[], Group]) -> Group:
    """The drawing for *key*, made by *draw* the first time (*keep* holds the objects
    whose ids are in *key*)."""
    found = _DRAWN.get(key)
    if found is None:
        if len(_DRAWN) >= _DRAWN_LIMIT:
            _DRAWN.clear()
        found = _DRAWN[key] = (keep, draw())
    return found[1]


def _card_art(piece: Piece, source: Source, size: Size, style: Style) -> Group:
    """The card as the kit prints it, keyed so that a figure draws each distinct card once."""
    return _drawn(("card", id(source), id(style), piece.card, piece.face_up, size),
                  (source, style), lambda: _draw_card_art(piece, source, size, style))


def _draw_card_art(piece: Piece, source: Source, size: Size, style: Style) -> Group:
    art = open_cards(source).drawn(piece.card, piece.face_up, size=size, style=style)
    if art.key is None:
        art = dataclasses.replace(art, key=f"{source.name}-{piece.card.notation()}-face")
    return art


def _side_art(side: Side, card: Size, style: Style) -> Group:
    """The mark of *side* on its cards (:data:`SOLID_SIDE` solid, the other open), in
    card-local mm, drawn once per figure and placed on each card."""
    return Group((side_mark(card, side is SOLID_SIDE, style),), key=f"side-{side.value}-"
                 f"{card.width:g}x{card.height:g}-{_fingerprint(style)}", role=f"side {side.value}")


def _symbol_art(piece: Piece, source: Source, base: str | None, style: Style) -> Group:
    """The compact style's symbol of *piece* (its side bar to come at *base*), keyed so that
    a figure draws each distinct one once."""
    def draw() -> Group:
        art = open_cards(source).symbol(piece.card, piece.face_up, base, style)
        face = "face" if piece.face_up else "back"
        return dataclasses.replace(art, key=f"{source.name}-{piece.card.notation()}-{face}-"
                                   f"symbol-{base or 'none'}-{_fingerprint(style)}")
    return _drawn(("symbol", id(source), id(style), piece.card, piece.face_up, base),
                  (source, style), draw)


def _bar_art(side: Side, base: str, style: Style) -> Group:
    return Group((side_bar(base, side is SOLID_SIDE, style),),
                 key=f"side-{side.value}-bar-{base}-{_fingerprint(style)}",
                 role=f"side {side.value}")


def _board_art(board: Board, square: Size, edge: float, style: Style, view: View,
               coords: bool, least_label: float = 0.0) -> Group:
    """The board as :func:`board_group` draws it, keyed so that a document holds each
    distinct board drawing once (a PDF form, an SVG symbol) and places it in every figure
    that shows it."""
    def draw() -> Group:
        art = board_group(board, square=square, edge=edge, style=style, view=view,
                          file_letters=coords, least_label=least_label,
                          turned_digits=False)
        # The key names everything the drawing depends on, the style by its contents.
        return dataclasses.replace(art, key=(
            f"{board.name}-board-{view.files[0]}-{view.files[1]}-{view.ranks[0]}-"
            f"{view.ranks[1]}-{'north' if view.flip else 'south'}-{edge:g}-"
            f"{'coords' if coords else 'plain'}-{square.width:g}x{square.height:g}-"
            f"{_fingerprint(style)}" + (f"-labels{least_label:g}" if least_label else "")))
    return _drawn(("board", id(board), id(style), square, edge, view, coords, least_label),
                  (board, style), draw)


def _fingerprint(style: Style) -> str:
    """A short name for a style's contents, the same in every run."""
    return hashlib.sha1(repr(style).encode("utf-8")).hexdigest()[:8]


def _stack_items(stack: Stack, rect: Rect, layout: Layout, sources: Mapping[str, Source],
                 look: _Look, viewer: Side, style: Style) -> list[Item]:
    u = look.unit
    card = look.card
    shown = stack[-3:]  # a short pile says "a pile"; the count says how many
    step = PILE_STEP * u
    room = step * (len(shown) - 1)
    scale = min((rect.w - room) / card.width, (rect.h - room) / card.height) * look.fill
    items: list[Item] = []
    for depth, piece in enumerate(reversed(shown)):
        # Lower cards peek out up and to the right, as a pile on the table does.
        cx = rect.centre[0] - room / 2 + depth * step
        cy = rect.centre[1] + room / 2 - depth * step
        owner = piece.owner
        source = _source_for(piece, layout, sources)
        if look.compact:
            # Upright, as a chess diagram draws its men: the side bar's end says whose.
            turn = 0
            base = None if owner is None else "bottom" if owner is viewer else "top"
            art: tuple[Item, ...] = (_symbol_art(piece, source, base, style),)
            if owner is not None and base is not None:
                art += (_bar_art(owner, base, style),)
                if len(layout.players) == 1:
                    # Cards of nobody (word puzzle 5): the bar no longer says whose, so the
                    # tile also shows the way its arrow points.
                    art += (heading_mark(base, style),)
        else:
            # Each card is drawn as its owner sees it: the arrow points at the opponent.
            turn = 180 if owner is not None and owner is not viewer else 0
            art = (_card_art(piece, source, card, style),)
            if owner is not None:
                art += (_side_art(owner, card, style),)
        place = (Transform.translate(cx, cy) @ Transform.rotate(turn)
                 @ Transform.scale(scale) @ Transform.translate(-card.width / 2,
                                                                -card.height / 2))
        items.insert(0, Group(art, place, role=None if piece.face_up else "mark face-down"))
    if len(stack) > 1:
        r = 4.2 * u
        x, y = rect.right - r - 0.8 * u, rect.bottom - r - 0.8 * u
        items.append(Circle(x, y, r, Paint(fill=style.ink, stroke=style.paper, width=0.6 * u)))
        items.append(_text(str(len(stack)), x, y + 1.6 * u, 4.6 * u, style.paper, "bold"))
        items.append(_named("pile"))
    return items


def _named(kind: str) -> Group:
    """An empty group that names the kind of mark drawn just before it (MARK_KINDS): the
    marks' own shapes stay where they were, and a key can still be checked against them."""
    return Group((), role=f"mark {kind}")


def _ghost_items(figure: Figure, at: _Squares, layout: Layout, sources: Mapping[str, Source],
                 look: _Look, viewer: Side, style: Style) -> list[Item]:
    """The piles the last move took, each drawn on the square it left under a paper wash
    (a ghost: still readable, plainly no longer there) and the cross that says taken."""
    items: list[Item] = []
    for ghost in figure.ghosts:
        if not at.shown(ghost.square):
            continue
        rect = at.rect(ghost.square)
        drawn = _stack_items(ghost.pile, rect, layout, sources, look, viewer, style)
        drawn.append(Box(rect.inset(0.4 * at.unit), Paint(fill=style.paper,
                                                           opacity=GHOST_WASH)))
        drawn += _cross(ghost.square, at, at.unit)
        items.append(Group(tuple(drawn), role="mark taken"))
    return items


def _cross(square: str, at: _Squares, u: float) -> list[Item]:
    """A card taken: a red cross from corner to corner of its square."""
    rect = at.rect(square).inset(3 * u)
    paint = Paint(stroke=COLOURS["red"], width=2.2 * u)
    return [Line(rect.x, rect.y, rect.right, rect.bottom, paint),
            Line(rect.x, rect.bottom, rect.right, rect.y, paint)]


def _text(text: str, x: float, y: float, size: float, fill: str, font: str = "regular"
          ) -> Text:
    fonts.check_glyphs(text, font, f"text {text!r}")
    return Text(x, y, text, size, fill, font, "middle")


# --- annotations ---------------------------------------------------------------------------

def _arrow_items(arrow: Arrow, at: _Squares, layout: Layout, look: _Look, area: Rect,
                 shift: tuple[float, float] = (0.0, 0.0)) -> list[Item]:
    """*arrow* see-through, so the cards it crosses stay readable, its tail clear of the
    moving card's panel (its value and suit), its head short of the target's centre (the
    suit sign) and, where it leaves *area* (a crop), cut at the edge with its head inside;
    its shaft and head moved sideways by *shift* (see :func:`_fanned`), its ring left round
    the target."""
    u = look.unit
    start = at.centre(arrow.origin)
    ring = min(at.square.width, at.square.height)
    if arrow.kind == "=":
        return [Circle(*start, ring * 0.3, Paint(stroke=arrow.colour, width=1.4 * u,
                                                 dash=(2 * u, 1.4 * u), opacity=ARROW_OPACITY))]
    leaving = layout.top_written(arrow.origin)
    owner = (leaving.owner if leaving is not None else None) or (
        Side.parse(arrow.mover) if arrow.mover else Side.SOUTH)
    points = [start] + [at.off_point(arrow.origin, owner) if stop == "off" else at.centre(stop)
                        for stop in arrow.stops]
    target = points[-1]
    if leaving is not None:
        points[0] = _leaving(at.rect(arrow.origin), look, points[1])
    if arrow.stops[-1] != "off":
        points[-1] = _towards(points[-1], points[-2], ARROW_SHORT * ring)
    points = [(x + shift[0], y + shift[1]) for x, y in points]
    head = 6.5 * u
    # Kept a half head inside the edge, so that a cut arrow's head shows whole.
    shown = _clipped(points, area.inset(head / 2 + 0.4 * u))
    if shown is None:
        return []
    (x1, y1), (x2, y2) = shown[-2], shown[-1]
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = min(head, length)
    # The shaft stops where the head begins, so the tip stays sharp at every width and
    # the see-through shaft and head do not overlap.
    base = (x2 - ux * head, y2 - uy * head)
    paint = Paint(stroke=arrow.colour, width=1.7 * u, opacity=ARROW_OPACITY)
    half = head * 0.5
    items: list[Item] = [
        Polygon(tuple(shown[:-1] + [base]), paint, closed=False),
        Polygon(((x2, y2), (base[0] - uy * half, base[1] + ux * half),
                 (base[0] + uy * half, base[1] - ux * half)),
                Paint(fill=arrow.colour, opacity=ARROW_OPACITY))]
    if arrow.kind in "x+" and shown[-1] == points[-1]:
        # A beat or a press: a ring around the target says a card is taken or pressed.
        items.append(Circle(*target, ring * 0.42, Paint(
            stroke=arrow.colour, width=1.0 * u, opacity=ARROW_OPACITY,
            dash=() if arrow.kind == "x" else (2 * u, 1.2 * u))))
    return items


def _fanned(arrows: tuple[Arrow, ...], at: _Squares) -> list[tuple[float, float]]:
    """A sideways shift for each of *arrows*: arrows that leave one square along one line
    (c3-b4 and c3xa5, c3-c5 and c3xc6) are set side by side, a head's width apart, so the
    longer one does not run over the shorter one's head."""
    shifts = [(0.0, 0.0)] * len(arrows)
    lines: dict[tuple[str, float], list[int]] = {}
    for n, arrow in enumerate(arrows):
        if arrow.kind == "=" or not arrow.stops or arrow.stops[0] == "off":
            continue
        (x1, y1), (x2, y2) = at.centre(arrow.origin), at.centre(arrow.stops[0])
        lines.setdefault((arrow.origin, round(math.atan2(y2 - y1, x2 - x1), 3)),
                         []).append(n)
    gap = 0.28 * min(at.square.width, at.square.height)
    for (_, angle), members in lines.items():
        across = (-math.sin(angle), math.cos(angle))
        for k, n in enumerate(members):
            by = (k - (len(members) - 1) / 2) * gap
            shifts[n] = (across[0] * by, across[1] * by)
    return shifts


def _leaving(rect: Rect, look: _Look, towards: tuple[float, float]) -> tuple[float, float]:
    """Where the way from the centre of the square *rect* to *towards* leaves the card's
    panel: an arrow's tail starts there, off the card's value and suit."""
    across, down = _card_band(rect, look)
    (cx, cy), (tx, ty) = rect.centre, towards
    dx, dy = tx - cx, ty - cy
    reach = [(rect.w / 2 - across) / abs(dx)] if dx else []
    reach += [(rect.h / 2 - down) / abs(dy)] if dy else []
    t = min(reach + [0.5])  # never past half way to the next stop
    return (cx + dx * t, cy + dy * t)


def _towards(point: tuple[float, float], other: tuple[float, float], by: float
             ) -> tuple[float, float]:
    """*point* moved *by* towards *other* (no further than half way)."""
    (x1, y1), (x2, y2) = point, other
    length = math.hypot(x2 - x1, y2 - y1)
    if length == 0:
        return point
    by = min(by, length / 2)
    return (x1 + (x2 - x1) * by / length, y1 + (y2 - y1) * by / length)


def _clipped(points: list[tuple[float, float]], area: Rect
             ) -> list[tuple[float, float]] | None:
    """The part of the path through *points* inside *area*: the stretch that holds its end,
    else the last stretch inside; None if none of it is."""
    runs: list[list[tuple[float, float]]] = []
    for a, b in zip(points, points[1:]):
        piece = _clip_segment(a, b, area)
        if piece is None:
            continue
        if runs and runs[-1][-1] == piece[0] == a:
            runs[-1].append(piece[1])
        else:
            runs.append(list(piece))
    runs = [r for r in runs if math.dist(r[0], r[-1]) > 1e-6]
    return runs[-1] if runs else None


def _clip_segment(a: tuple[float, float], b: tuple[float, float], area: Rect
                  ) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The part of the segment a-b inside *area* (Liang-Barsky), or None."""
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x1 - area.x), (dx, area.right - x1), (-dy, y1 - area.y),
                 (dy, area.bottom - y1)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 > t1:
        return None
    return ((a if t0 == 0 else (x1 + dx * t0, y1 + dy * t0)),
            (b if t1 == 1 else (x1 + dx * t1, y1 + dy * t1)))


def _outline_levels(outlines: tuple[Outline, ...]) -> list[int]:
    """How deep each outline is set inside its squares: the first level that no earlier
    outline sharing a square with it holds, so lines apart stay at the squares' edge and
    only overlapping ones step inwards (never deeper than the number they overlap)."""
    levels: list[int] = []
    for n, outline in enumerate(outlines):
        taken = {levels[k] for k in range(n) if set(outlines[k].squares) & set(outline.squares)}
        levels.append(next(level for level in range(len(taken) + 1) if level not in taken))
    return levels


def _card_band(rect: Rect, look: _Look) -> tuple[float, float]:
    """How far in from the edges of the square *rect* a card's panel begins, across (left
    and right) and down (top and bottom): the square's margin round the card and the card's
    outer field, where no sign of the card is drawn."""
    card = look.card
    scale = min(rect.w / card.width, rect.h / card.height) * look.fill
    field = look.field * scale
    return ((rect.w - card.width * scale) / 2 + field, (rect.h - card.height * scale) / 2 + field)


def _outline_items(squares: tuple[str, ...], colour: str, at: _Squares, look: _Look,
                   level: int, levels: int) -> list[Item]:
    """A line around a straight line of squares, kept inside the squares and in the band
    between each square's edge and its card's panel, so it crosses no value, suit or edge
    label: *levels* outlines share that band, this one at *level* (0 at the outside).
    A line along a file or rank is one frame round its squares; a diagonal one, whose
    squares meet only at corners, a frame round each square joined corner to corner."""
    rect = at.rect(squares[0])
    band = min(_card_band(rect, look))
    step = band / levels
    width = min(1.6 * look.unit, step * 0.7)
    inset = step * (level + 0.5)
    paint = Paint(stroke=colour, width=width)
    rects = [at.rect(square) for square in squares]
    xs, ys = {r.x for r in rects}, {r.y for r in rects}
    if len(xs) == 1 or len(ys) == 1:
        left, top = min(r.x for r in rects), min(r.y for r in rects)
        right, bottom = max(r.right for r in rects), max(r.bottom for r in rects)
        return [Box(Rect(left, top, right - left, bottom - top).inset(inset), paint)]
    items: list[Item] = [Box(r.inset(inset), paint) for r in rects]
    for a, b in zip(rects, rects[1:]):
        # The corner the two squares share, and each frame's corner nearest it.
        dx, dy = (1 if b.x > a.x else -1), (1 if b.y > a.y else -1)
        px, py = (a.right if dx > 0 else a.x), (a.bottom if dy > 0 else a.y)
        items.append(Line(px - dx * inset, py - dy * inset, px + dx * inset, py + dy * inset,
                          paint))
    return items


def _mark_items(square: str, shape: str, colour: str, at: _Squares, u: float) -> list[Item]:
    cx, cy = at.centre(square)
    r = min(at.square.width, at.square.height) * 0.36
    if shape == "circle":
        return [Circle(cx, cy, r, Paint(stroke=colour, width=1.6 * u))]
    if shape == "dot":
        return [Circle(cx, cy, r * 0.3, Paint(fill=colour, stroke=DEFAULT_STYLE.paper,
                                               width=0.6 * u))]
    if shape == "forbidden":
        # The no-entry sign: a ring and one stroke from its upper left to its lower right.
        d = r * math.sqrt(0.5)
        paint = Paint(stroke=colour, width=1.8 * u)
        return [Circle(cx, cy, r, paint), Line(cx - d, cy - d, cx + d, cy + d, paint)]
    d = r * 0.75
    paint = Paint(stroke=colour, width=1.8 * u)
    return [Line(cx - d, cy - d, cx + d, cy + d, paint),
            Line(cx - d, cy + d, cx + d, cy - d, paint)]


def _frame(square: str, colour: str, at: _Squares, u: float, *, dash: tuple[float, ...] = ()
           ) -> Box:
    width = 1.8 * u
    return Box(at.rect(square).inset(width / 2 + 0.3 * u), Paint(stroke=colour, width=width,
                                                                dash=dash))


def _tint_items(figure: Figure, at: _Squares, layout: Layout, look: _Look) -> list[Item]:
    """The last move's from- and to-squares tinted, as chess diagrams show it: a square
    left empty all over, a square with a card round the card, over the square's margin
    and the card's outer field, so nothing is drawn over the card's value, suit or marks."""
    items: list[Item] = []
    if figure.last_move is None:
        return items
    move = figure.last_move
    paint = Paint(fill=LAST_MOVE, opacity=TINT_OPACITY)
    for square in dict.fromkeys((move.origin, *[s for s in move.stops if s != "off"])):
        if not at.shown(square):
            continue
        rect = at.rect(square)
        if layout.top_written(square) is None:
            items.append(Box(rect, paint))
            continue
        items.append(_round_card(rect, look, LAST_MOVE, TINT_OPACITY))
    return items


def _round_card(rect: Rect, look: _Look, colour: str, opacity: float) -> Box:
    """A band round the card on the square *rect*, as wide as the margin round a lone card
    and the field outside its panel: over none of the card's signs."""
    band = min(_card_band(rect, look))
    return Box(rect.inset(band / 2), Paint(stroke=colour, width=band, opacity=opacity))


def _destination_items(figure: Figure, at: _Squares, look: _Look, style: Style) -> list[Item]:
    """The selected card's legal moves: a dot on each free square it may go to, a ring
    round each card it may take (see-through, as lichess marks them)."""
    items: list[Item] = []
    u = at.unit
    for destination in figure.destinations:
        rect = at.rect(destination.square)
        if destination.take:
            # A grey core with a paper edge on either side, as the dots have: the edge shows
            # on the navy and dark green squares, the core on the light ones, both on the
            # mid ones, in colour and in a grey print (ink alone only darkened a dark square
            # a little).
            paper = _round_card(rect, look, style.paper, 1.0)
            core = dataclasses.replace(paper, paint=Paint(
                stroke=MOVE_MARK, width=paper.paint.width * 0.5, opacity=MOVE_OPACITY))
            items += [paper, core, _named("may-take")]
        else:
            # Ink with a paper edge: the dot shows on light and dark squares alike.
            items += [Circle(*rect.centre, min(rect.w, rect.h) * 0.16,
                             Paint(fill=MOVE_MARK, stroke=style.paper, width=0.8 * u,
                                   opacity=MOVE_OPACITY)), _named("may-move")]
    return items


def _annotation_items(figure: Figure, at: _Squares, layout: Layout, area: Rect, look: _Look,
                      style: Style) -> list[Item]:
    u = at.unit
    items: list[Item] = []
    def marked(kind: str, drawn: list[Item]) -> None:
        if drawn:
            items.extend(drawn)
            items.append(_named(kind))

    for square in figure.problems:
        marked("problem", [_frame(square, PROBLEM, at, u, dash=(3 * u, 1.6 * u))])
    for highlight in figure.highlights:
        marked("highlight", [_frame(highlight.square, highlight.colour, at, u)])
    levels = _outline_levels(figure.outlines)
    for outline, level in zip(figure.outlines, levels):
        # Overlapping lines are told apart by stepping them inwards, within the card's band.
        marked("line-took" if outline.took else "line",
               _outline_items(outline.squares, outline.colour, at, look, level,
                              max(levels) + 1))
    for square in figure.crossed:
        marked("taken", _cross(square, at, u))
    for mark in figure.marks:
        marked(MARK_KIND[mark.shape], _mark_items(mark.square, mark.shape, mark.colour, at, u))
    for arrow, shift in zip(figure.arrows, _fanned(figure.arrows, at)):
        marked(ARROW_KIND[arrow.kind], _arrow_items(arrow, at, layout, look, area, shift))
    move = figure.last_move
    if move is not None and move.stops and move.stops[-1] == "off":
        # A card that left the board has no square to tint: an arrow shows where it went,
        # green as every move's arrow is in the key (its square left is tinted violet).
        marked("arrow-move", _arrow_items(dataclasses.replace(move, colour=OFF_MOVE), at,
                                          layout, look, area))
    return items + _destination_items(figure, at, look, style)


# --- the legend ----------------------------------------------------------------------------

#: The legend's type size and swatch, on the final page whatever the figure's width (mm).
LEGEND_SIZE = 3.0
LEGEND_SWATCH = 4.0
LEGEND_ROW = 5.6
#: What an arrow's ending says, as the legend names it.
ARROW_KINDS = {"-": "move", "x": "beat", "+": "press", "=": "card opened"}


def _swatch_arrow(colour: str, kind: str) -> list[Item]:
    s = LEGEND_SWATCH
    paint = Paint(stroke=colour, width=0.5, opacity=ARROW_OPACITY)
    if kind == "=":
        return [Circle(s / 2, s / 2, s * 0.38, Paint(stroke=colour, width=0.45, dash=(0.6, 0.4),
                                                      opacity=ARROW_OPACITY))]
    items: list[Item] = [Line(0.2, s / 2, s - 1.3, s / 2, paint),
                         Polygon(((s, s / 2), (s - 1.4, s / 2 - 0.8), (s - 1.4, s / 2 + 0.8)),
                                 Paint(fill=colour, opacity=ARROW_OPACITY))]
    if kind in "x+":
        items.append(Circle(s - 0.6, s / 2, 1.3, Paint(
            stroke=colour, width=0.3, opacity=ARROW_OPACITY,
            dash=() if kind == "x" else (0.5, 0.3))))
    return items


def _swatch_line(colour: str) -> list[Item]:
    s = LEGEND_SWATCH
    return [Polygon(((0.3, 1.0), (s - 0.3, 1.0), (s - 0.3, s - 1.0), (0.3, s - 1.0)),
                    Paint(stroke=colour, width=0.5))]


def _in_view(figure: Figure, at: _Squares) -> Figure:
    """*figure* with only the annotations its crop shows: the legend keys what is drawn,
    not what the crop left out."""
    def seen(*squares: str) -> bool:
        return any(square != "off" and at.shown(square) for square in squares)

    last = figure.last_move
    return dataclasses.replace(
        figure, highlights=tuple(h for h in figure.highlights if seen(h.square)),
        arrows=tuple(a for a in figure.arrows if seen(a.origin, *a.stops)),
        marks=tuple(m for m in figure.marks if seen(m.square)),
        outlines=tuple(o for o in figure.outlines if seen(*o.squares)),
        crossed=tuple(c for c in figure.crossed if seen(c)),
        ghosts=tuple(g for g in figure.ghosts if seen(g.square)),
        destinations=tuple(d for d in figure.destinations if seen(d.square)),
        problems=tuple(p for p in figure.problems if seen(p)),
        last_move=last if last is not None and seen(last.origin, *last.stops) else None)


#: A legend entry: its label and its swatch, drawn in a LEGEND_SWATCH square.
Entry = tuple[str, list[Item]]


def _legend_entries(figure: Figure, owners: set[Side], style: Style, viewer: Side = Side.SOUTH
                    ) -> list[Entry]:
    """(label, swatch drawn in a LEGEND_SWATCH square) for each convention *figure* shows,
    in the order a reader meets them: sides, the last move, the selected card's moves, then
    the annotations asked for."""
    return [*_side_entries(owners, style), *_turn_entries(figure, style, viewer),
            *_destination_entries(figure, style), *_frame_entries(figure),
            *_outline_entries(figure), *_arrow_entries(figure), *_mark_entries(figure),
            *_taken_entries(figure, style)]


def _side_entries(owners: set[Side], style: Style) -> list[Entry]:
    """The look of each side's cards: solid or outlined."""
    s = LEGEND_SWATCH
    bar = Rect(0.2, s / 2 - 0.8, s - 0.4, 1.6)
    entries: list[Entry] = []
    for side in (Side.SOUTH, Side.NORTH):
        if side in owners:
            paint = Paint(fill=style.ink) if side is SOLID_SIDE \
                else Paint(fill=style.paper, stroke=style.ink, width=0.35)
            entries.append((f"{side.value}'s card", [Box(bar, paint, radius=0.3)]))
    return entries


def _turn_entries(figure: Figure, style: Style, viewer: Side) -> list[Entry]:
    """The side to move and the last move."""
    s = LEGEND_SWATCH
    entries: list[Entry] = []
    if figure.to_move is not None:
        # As the marker beside the board: up the page for the side at the bottom.
        tip, base = (0.6, s - 0.8) if Side.parse(figure.to_move) is viewer else (s - 0.6, 0.8)
        entries.append((f"{figure.to_move} to move", [Polygon(
            ((s / 2, tip), (s - 0.6, base), (0.6, base)), Paint(fill=style.ink))]))
    if figure.last_move is not None:
        entries.append(("last move", [
            Box(Rect(0, 0, s, s), Paint(fill=style.board_light)),
            Box(Rect(0, 0, s, s), Paint(fill=LAST_MOVE, opacity=TINT_OPACITY))]))
    return entries


def _destination_entries(figure: Figure, style: Style) -> list[Entry]:
    """Where the selected card may move: onto a free square, or onto a card."""
    s = LEGEND_SWATCH
    entries: list[Entry] = []
    if any(not d.take for d in figure.destinations):
        entries.append(("may move here", [Circle(s / 2, s / 2, 0.9, Paint(
            fill=MOVE_MARK, stroke=style.paper, width=0.2, opacity=MOVE_OPACITY))]))
    if any(d.take for d in figure.destinations):
        entries.append(("may move onto", [Box(Rect(0, 0, s, s).inset(0.5), Paint(
            stroke=MOVE_MARK, width=1.0, opacity=MOVE_OPACITY))]))
    return entries


def _frame_entries(figure: Figure) -> list[Entry]:
    """The framed squares: one entry per colour (the selected card's, or highlighted),
    then the engine's problems."""
    s = LEGEND_SWATCH
    selected = {figure.select} if figure.select else set()
    selected |= {show.square for show in figure.show if show.what == "moves" and show.square}
    frames: dict[str, str] = {}
    for highlight in figure.highlights:
        label = "selected card" if highlight.square in selected else "highlighted"
        if frames.get(highlight.colour) not in (None, label):
            label = "highlighted"
        frames[highlight.colour] = label
    entries: list[Entry] = [
        (label, [Box(Rect(0, 0, s, s).inset(0.4), Paint(stroke=colour, width=0.6))])
        for colour, label in frames.items()]
    if figure.problems:
        entries.append(("rule engine's problem", [Box(Rect(0, 0, s, s).inset(0.4), Paint(
            stroke=PROBLEM, width=0.6, dash=(1.0, 0.55)))]))
    return entries


def _outline_entries(figure: Figure) -> list[Entry]:
    """The lines outlined: found by the engine, and the one that took."""
    entries: list[Entry] = []
    found = [o for o in figure.outlines if not o.took]
    if found:
        what = {show.what for show in figure.show} & {"combos", "words"}
        label = {frozenset({"combos"}): "combination",
                 frozenset({"words"}): "word"}.get(frozenset(what), "found by the engine")
        entries.append((label, _swatch_line(found[0].colour)))
    took = [o for o in figure.outlines if o.took]
    if took:
        entries.append(("line that took", _swatch_line(took[0].colour)))
    return entries


def _arrow_entries(figure: Figure) -> list[Entry]:
    """One entry per colour and ending of the arrows drawn."""
    return [(ARROW_KINDS[kind], _swatch_arrow(colour, kind))
            for colour, kind in dict.fromkeys((a.colour, a.kind) for a in figure.arrows)]


def _mark_entries(figure: Figure) -> list[Entry]:
    """One entry per shape and colour of the marks, but the cross (see _taken_entries)."""
    s = LEGEND_SWATCH
    entries: list[Entry] = []
    for shape, colour in dict.fromkeys((m.shape, m.colour) for m in figure.marks):
        if shape == "cross":
            continue  # a cross is a card taken: _taken_entries keys it
        if shape == "forbidden":
            entries.append(("not allowed", [
                Circle(s / 2, s / 2, s * 0.36, Paint(stroke=colour, width=0.45)),
                Line(s / 2 - s * 0.25, s / 2 - s * 0.25, s / 2 + s * 0.25, s / 2 + s * 0.25,
                     Paint(stroke=colour, width=0.45))]))
            continue
        shapes: dict[str, list[Item]] = {
            "circle": [Circle(s / 2, s / 2, s * 0.36, Paint(stroke=colour, width=0.45))],
            "dot": [Circle(s / 2, s / 2, 0.7, Paint(fill=colour))]}
        # --show threats rings in red every card either side could take next move.
        threats = shape == "circle" and colour == COLOURS["red"] \
            and any(show.what == "threats" for show in figure.show)
        entries.append(("could be taken next" if threats else "marked", shapes[shape]))
    return entries


def _taken_entries(figure: Figure, style: Style) -> list[Entry]:
    """The cards the last move took (drawn as ghosts), and cards crossed out as taken."""
    s = LEGEND_SWATCH
    entries: list[Entry] = []
    if figure.ghosts:
        paint = Paint(stroke=COLOURS["red"], width=0.6)
        entries.append(("taken by the last move", [
            Box(Rect(0.6, 0.2, s - 1.2, s - 0.4), Paint(fill=style.paper, stroke="#b0b0b0",
                                                         width=0.3), radius=0.3),
            Line(0.6, 0.6, s - 0.6, s - 0.6, paint), Line(0.6, s - 0.6, s - 0.6, 0.6, paint)]))
    if figure.crossed or any(m.shape == "cross" for m in figure.marks):
        paint = Paint(stroke=COLOURS["red"], width=0.6)
        entries.append(("taken", [Line(0.6, 0.6, s - 0.6, s - 0.6, paint),
                                  Line(0.6, s - 0.6, s - 0.6, 0.6, paint)]))
    return entries


def _legend(entries: list[Entry], width: float, top: float, style: Style
            ) -> tuple[list[Item], float]:
    """The entries in rows under the board, wrapped to *width*: the items and the height
    they take from *top*."""
    items: list[Item] = []
    x, y, margin = 2.0, top, 2.0
    for label, swatch in entries:
        need = LEGEND_SWATCH + 1.2 + fonts.measure(label, "regular", LEGEND_SIZE)
        if x > margin and x + need > width - margin:
            x, y = margin, y + LEGEND_ROW
        items.append(Group(tuple(swatch), Transform.translate(x, y), role=f"legend {label}"))
        text = _text(label, x + LEGEND_SWATCH + 1.2, y + LEGEND_SWATCH / 2 + LEGEND_SIZE * 0.36,
                     LEGEND_SIZE, style.ink)
        items.append(dataclasses.replace(text, anchor="start"))
        x += need + 3.0
    return items, (y - top + LEGEND_ROW if entries else 0.0)


def _to_move_marker(side: Side, viewer: Side, size: Size, edge: float, style: Style) -> Group:
    """The side to move, as chess diagrams mark it: in the corner of the edge bands on that
    side's right, a solid triangle pointing the way that side plays (as the arrows on its
    cards do)."""
    x = size.width - edge / 2
    near = side is viewer  # the side sitting at the bottom of the figure
    y = size.height - edge / 2 if near else edge / 2
    h = edge * 0.5
    s = -1 if near else 1  # up the page for the side at the bottom
    points = ((x, y + s * h / 2), (x - h * 0.6, y - s * h / 2), (x + h * 0.6, y - s * h / 2))
    return Group((Polygon(points, Paint(fill=style.ink)),), role=f"to-move {side.value}")


# --- the figure ----------------------------------------------------------------------------

def figure_page(layout: Layout, board: Board, sources: Mapping[str, Source],
                figure: Figure = Figure(), *, settings: Settings = Settings(),
                width: float = DEFAULT_WIDTH, style: Style = DEFAULT_STYLE,
                least_label: float = 0.0) -> Page:
    """*layout* on *board* as a page *width* mm wide, with *figure*'s view and annotations;
    its edge labels no smaller than *least_label* mm (a booklet's :data:`LEAST_LABEL`).

    *sources* are the packs and letter sets by name (``LayoutFile.sources``). The annotations
    are drawn as given: validating the layout and asking the engine (``--show``) is the
    business of :mod:`generator.docs.annotate` and :func:`generator.docs.build.build_figure`.

    :raises: :exc:`FigureError` for a card no pack of the layout holds.
    """
    view = _view(figure, board)
    look = _labelled(_look(figure, settings), view, width, least_label)
    square, edge = look.square, look.edge
    at = _Squares(square, edge, view, look.unit)
    size = board_size(square, edge, view)
    # Labels no smaller than least_label on the final page, as far as their band allows.
    least = round(least_label * size.width / width, 3)
    least = least if edge and least > edge * 0.4 else 0.0
    viewer = Side.NORTH if figure.flip else Side.SOUTH
    items: list[Item] = [_board_art(board, square, edge, style, view, bool(figure.coords),
                                    least)]
    if any(at.shown(k) for k in board.king_squares):
        # The board's own rings, which the key explains: an empty group names them.
        items.append(_named("king-square"))
    for name, stack in layout.items():
        if at.shown(name):
            items += _stack_items(stack, at.rect(name), layout, sources, look, viewer, style)
    items += _ghost_items(figure, at, layout, sources, look, viewer, style)
    tints = _tint_items(figure, at, layout, look)
    if tints:
        items.append(Group(tuple(tints), role="last move"))
    # Arrows may leave the board over its far edge into the band; in a crop they stop at
    # the squares shown, so a move from outside the crop does not cross the labels.
    clip = Rect(0, 0, size.width, size.height) if figure.crop is None \
        else squares_area(square, edge, view)
    items.append(Group(tuple(_annotation_items(figure, at, layout, clip, look, style)),
                       clip=clip, role="annotations"))
    if figure.to_move is not None and edge > 0:
        items.append(_to_move_marker(Side.parse(figure.to_move), viewer, size, edge, style))
    scale = width / size.width
    height = size.height * scale
    page_items: list[Item] = [Group(tuple(items), Transform.scale(scale), role="figure")]
    if figure.legend:
        owners = {owner for name, stack in layout.items()
                  if at.shown(name) and (owner := stack[-1].owner) is not None}
        legend, room = _legend(_legend_entries(_in_view(figure, at), owners, style, viewer),
                               width, height + 2.0, style)
        page_items += legend
        height += room + (2.0 if room else 0.0)
    if figure.caption:
        # One size for every caption, as a book sets them: a long one wraps.
        lines = break_lines(figure.caption, width - 4, "regular", CAPTION_SIZE, "en",
                            justify=False, hyphenate=False)
        for n, line in enumerate(lines):
            page_items.append(_text(line.text, width / 2, height + 2.2 + CAPTION_SIZE
                                    + n * CAPTION_LEADING, CAPTION_SIZE, style.ink))
        height += 2.2 + CAPTION_SIZE * 1.6 + (len(lines) - 1) * CAPTION_LEADING
    label = figure.caption or layout.title or layout.name
    return Page(width, height, tuple(page_items), background=style.paper, label=label)


class SvgText(enum.StrEnum):
    """How SVG text is written: as outlines (the default: the same picture everywhere), or
    as real text in the embedded fonts (selectable and searchable)."""

    OUTLINES = "outlines"
    REAL = "real"


def to_svg(page: Page, *, text: SvgText | str = SvgText.OUTLINES) -> str:
    """The figure as SVG text, each distinct card drawing written once; *text* ``real``
    writes ``<text>`` elements in the embedded fonts instead of outlines."""
    try:
        real = SvgText(text) is SvgText.REAL
    except ValueError:
        raise ValueError(f"unknown text {text!r} (expected outlines or real)") from None
    return svg.render(page, reuse=True, real_text=real)


def to_png(page: Page, *, dpi: float = 150) -> bytes:
    # Twice oversampled, not four times as for print: a figure is read on screen or at
    # 150 dpi, where the finer edge does not show, and a full board then draws 3x faster.
    # Light compression: a full board's file grows by about 8 % and encodes in a third of
    # the time, which keeps a 64-card figure near 100 ms.
    return png.render(page, dpi=dpi, oversample=2, compress_level=1)


def to_pdf(page: Page) -> bytes:
    return pdf.render([page], title=page.label)
