"""What a sheet is: paper, safe margin, bleed, marks, and how its reverse is printed.

Conventions. Pages are portrait. A duplex PDF pairs page 2k (back) with page 2k-1
(front). The sheet turns over its long edge (:attr:`Flip.LONG`: backs mirrored left-right)
or its short edge (:attr:`Flip.SHORT`: mirrored top-bottom). ``back_offset`` (x right,
y up, in mm) is how far the whole back side should land from the front, seen from the front
after the sheet turns; it moves marks too, because a printer shifts everything on that side.
``back_rotate`` (degrees, counter-clockwise seen from the front) and ``back_scale`` (x, y
factors) correct a printer that turns or stretches the back side; both act about the sheet
centre, scale first, then the turn, then the offset.
"""
from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import TypeVar

from ..draw.geometry import Rect, Size, Transform
from ..errors import ImpositionError
from ..model.limits import CUTTER_INSET, CUTTER_LENGTH

class Paper(enum.StrEnum):
    """The sheet sizes the kit is laid out for (``--paper``), portrait."""

    A3 = "a3"
    A4 = "a4"
    A5 = "a5"
    LETTER = "letter"
    #: 11 x 17 in, the sheet also sold as Ledger (its landscape name).
    TABLOID = "tabloid"

    @property
    def size(self) -> Size:
        return PAPERS[self]

    @property
    def imperial(self) -> bool:
        """Measured in inches: print shops there ask for 1/8 in of bleed."""
        return self in (Paper.LETTER, Paper.TABLOID)


#: Portrait sheet sizes by paper.
PAPERS: dict[Paper, Size] = {Paper.A4: Size(210.0, 297.0), Paper.LETTER: Size(215.9, 279.4),
                             Paper.A3: Size(297.0, 420.0), Paper.A5: Size(148.0, 210.0),
                             Paper.TABLOID: Size(279.4, 431.8)}


class Flip(enum.StrEnum):
    """The edge a duplex printer turns the sheet over."""

    LONG = "long"
    SHORT = "short"


class Backs(enum.StrEnum):
    """Where the card backs go: on the reverse of each sheet (by a duplex printer, or by
    hand: the fronts and the backs as two files printed one after the other), on a sheet
    of their own that is glued onto the reverse of the fronts, or beside each face, to be
    folded behind it."""

    DUPLEX = "duplex"
    GLUE = "glue"
    FRONTS_ONLY = "fronts-only"
    BACKS_ONLY = "backs-only"
    FOLD = "fold"

    @property
    def registered(self) -> bool:
        """Whether the backs go on the reverse by a second pass through a printer, whose
        error the back correction cancels. Glued and folded backs need no registration."""
        return self not in (Backs.GLUE, Backs.FOLD)

    @property
    def manual(self) -> bool:
        """One half of a duplex printed by hand."""
        return self in (Backs.FRONTS_ONLY, Backs.BACKS_ONLY)


class Marks(enum.StrEnum):
    """The cutting guides on card sheets (see :mod:`.guides`)."""

    CROP = "crop"
    CORNERS = "corners"
    LINES = "lines"


class CutterMarks(enum.StrEnum):
    """The style of a cutting machine's registration marks (``--cut-marks``, see
    :mod:`.cutter`)."""

    SILHOUETTE = "silhouette"
    SQUARES = "squares"


class Orientation(enum.StrEnum):
    """How cards sit on the sheet: upright, turned a quarter (as on landscape paper), or
    whichever needs fewer sheets (upright when both need as many)."""

    AUTO = "auto"
    UPRIGHT = "upright"
    TURNED = "turned"


_Choice = TypeVar("_Choice", bound=enum.StrEnum)


def _check_member(kind: type[_Choice], field: str, value: object) -> None:
    """Refuses a *value* that is no member of *kind*: a spelling is read into a member
    once, where it is typed (the command line's parameter types), never here."""
    if not isinstance(value, kind):
        choices = ", ".join(f"{kind.__name__}.{member.name}" for member in kind)
        raise ImpositionError(f"sheet {field}: expected one of {choices}, got {value!r}")


@dataclass(frozen=True)
class SheetSpec:
    """A sheet and how to print it. The choices take their enums' members only; a
    spelling such as ``"short"`` is refused here rather than printed the wrong way.

    >>> SheetSpec(flip=Flip.SHORT).flip is Flip.SHORT
    True
    """

    paper: Paper = Paper.A4
    margin: float = 5.0        # the printer's safe margin: nothing is printed nearer the edge
    #: Per-edge margins (top, right, bottom, left) instead of *margin*, for printers with a
    #: larger margin on one edge.
    margins: tuple[float, float, float, float] | None = None
    gap: float = 0.0           # between cards; 0 means neighbours share one cut line
    bleed: float = 2.0
    flip: Flip = Flip.LONG
    backs: Backs = Backs.DUPLEX
    back_offset: tuple[float, float] = (0.0, 0.0)
    back_rotate: float = 0.0
    back_scale: tuple[float, float] = (1.0, 1.0)
    marks: Marks = Marks.CROP
    orientation: Orientation = Orientation.AUTO
    mark_offset: float = 1.0   # from the bleed edge to where a crop mark starts
    mark_length: float = 3.0
    #: Room kept at three corners for a cutting machine's registration marks (--cut).
    cutter_marks: bool = False
    #: Their style: Silhouette's square and two brackets, or three squares.
    cutter_style: CutterMarks = CutterMarks.SILHOUETTE
    #: Silhouette Studio's registration settings "Inset" (paper edge to the marks) and
    #: "Length" (the brackets' arms), in mm; None: chosen for the card size so that the
    #: most cards fit (see :func:`.cards.oriented_plan`).
    cutter_inset: float | None = None
    cutter_length: float | None = None

    def __post_init__(self) -> None:
        _check_member(Paper, "paper", self.paper)
        _check_member(Flip, "flip", self.flip)
        _check_member(Backs, "backs", self.backs)
        _check_member(Marks, "marks", self.marks)
        _check_member(Orientation, "orientation", self.orientation)
        _check_member(CutterMarks, "cutter_style", self.cutter_style)
        for name in ("margin", "gap", "bleed", "mark_offset", "mark_length"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or value < 0:
                raise ImpositionError(f"sheet {name}: expected a length of 0 mm or more, "
                                      f"got {value!r}")
        for name, limit in (("cutter_inset", CUTTER_INSET), ("cutter_length", CUTTER_LENGTH)):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, (int, float))
                                      or not limit.low <= value <= limit.high):
                raise ImpositionError(f"sheet {name}: expected {limit.low:g} to "
                                      f"{limit.high:g} mm, got {value!r}")
        m = self.margins
        if m is not None and (not isinstance(m, tuple) or len(m) != 4 or not all(
                isinstance(v, (int, float)) and v >= 0 for v in m)):
            raise ImpositionError("sheet margins: expected (top, right, bottom, left) in mm, "
                                  f"each 0 or more, got {m!r}")
        offset = self.back_offset
        if (not isinstance(offset, tuple) or len(offset) != 2
                or not all(isinstance(v, (int, float)) for v in offset)):
            raise ImpositionError(f"sheet back_offset: expected (x, y) in mm, got {offset!r}")
        if not isinstance(self.back_rotate, (int, float)) or abs(self.back_rotate) > 5:
            raise ImpositionError("sheet back_rotate: expected degrees from -5 to 5, "
                                  f"got {self.back_rotate!r}")
        scale = self.back_scale
        if (not isinstance(scale, tuple) or len(scale) != 2
                or not all(isinstance(v, (int, float)) and 0.9 <= v <= 1.1 for v in scale)):
            raise ImpositionError("sheet back_scale: expected (x, y) factors from 0.9 to 1.1, "
                                  f"got {scale!r}")

    @property
    def size(self) -> Size:
        return PAPERS[self.paper]

    @property
    def printable(self) -> Rect:
        if self.margins is None:
            return Rect(0, 0, self.size.width, self.size.height).inset(self.margin)
        top, right, bottom, left = self.margins
        # The back of the sheet goes through the same printer with the edges the flip
        # swaps: what both sides can print is the larger of the two margins it swaps.
        if self.flip is Flip.LONG:
            left = right = max(left, right)
        else:
            top = bottom = max(top, bottom)
        return Rect(left, top, self.size.width - left - right,
                    self.size.height - top - bottom)

    @property
    def margin_text(self) -> str:
        """The margin options as typed: ``--margin 5`` or ``--margins 5,5,12,5``."""
        if self.margins is None:
            return f"--margin {self.margin:g}"
        return "--margins " + ",".join(f"{v:g}" for v in self.margins)

    @property
    def mark_reach(self) -> float:
        """How far past the trim the bleed and crop marks go."""
        return self.bleed + self.mark_offset + self.mark_length


def mirror(spec: SheetSpec) -> Transform:
    """Maps a front position to where the same spot of paper is printed on the back."""
    size = spec.size
    if spec.flip is Flip.LONG:
        return Transform.mirror_x(size.width / 2)
    return Transform.mirror_y(size.height / 2)


def front_correction(spec: SheetSpec) -> Transform:
    """Where the back side's content should land, seen from the front, in page mm (y down):
    scaled, turned and moved about the sheet centre as *spec* asks."""
    size = spec.size
    cx, cy = size.width / 2, size.height / 2
    dx, dy = spec.back_offset
    sx, sy = spec.back_scale
    # Counter-clockwise seen from the front is a negative (clockwise) page turn.
    return (Transform.translate(cx + dx, cy - dy) @ Transform.rotate(-spec.back_rotate)
            @ Transform.scale(sx, sy) @ Transform.translate(-cx, -cy))


def back_shift(spec: SheetSpec) -> Transform:
    """The transform of the back page that makes it land *back_offset* from the front,
    turned by *back_rotate* and scaled by *back_scale*. Glued and folded backs are not
    corrected: a backs sheet is cut out and glued, folded backs print on the front side, so
    a printer's duplex error means nothing to either."""
    if not spec.backs.registered:
        return Transform()
    if spec.back_rotate != 0 or spec.back_scale != (1.0, 1.0):
        # The back page is the front mirrored: correct in front terms, between mirrors.
        flip = mirror(spec)
        return flip @ front_correction(spec) @ flip
    dx, dy = spec.back_offset
    # Long flip mirrors x, so a shift seen as +x from the front is -x on the back page;
    # y is up in the option but down on the page.
    return (Transform.translate(-dx, -dy) if spec.flip is Flip.LONG
            else Transform.translate(dx, dy))


def correction_reach(spec: SheetSpec) -> tuple[float, float]:
    """How far (mm, across and down) the back correction moves any corner of the printable
    area: back-page marks keep this much more room from the margin, so the correction
    never pushes them into it. (0, 0) for glued or folded backs, which are not corrected."""
    if not spec.backs.registered or (spec.back_offset == (0.0, 0.0) and spec.back_rotate == 0
                                    and spec.back_scale == (1.0, 1.0)):
        return (0.0, 0.0)
    fix = front_correction(spec)
    rx = ry = 0.0
    for x, y in spec.printable.corners():
        fx, fy = fix.apply(x, y)
        rx, ry = max(rx, abs(fx - x)), max(ry, abs(fy - y))
    # Whole tenths: the marks move in tidy steps and the files stay short.
    return (math.ceil(rx * 10 - 1e-9) / 10, math.ceil(ry * 10 - 1e-9) / 10)


def safe_area(spec: SheetSpec, extra: float = 0.0) -> Rect:
    """The printable area less the back correction's reach (and *extra* on every side):
    where marks shared by both sides go."""
    rx, ry = correction_reach(spec)
    p = spec.printable
    return Rect(p.x + rx + extra, p.y + ry + extra, p.w - 2 * (rx + extra),
                p.h - 2 * (ry + extra))


def common_area(spec: SheetSpec) -> Rect:
    """Where a card sheet's cards and guides may print so that both sides stay inside the
    printer's margin: the printable area less, at each edge, how far the back correction
    moves the back side's ink towards that edge (a 4 mm shift up takes 4 mm off the top
    only). Front ink inside it is inside the printable area, and so is the same ink on the
    back, mirrored and corrected: the printable area is symmetric about the flip's axis.
    The printable area itself when the backs take no correction."""
    p = spec.printable
    if not spec.backs.registered or (spec.back_offset == (0.0, 0.0) and spec.back_rotate == 0
                                    and spec.back_scale == (1.0, 1.0)):
        return p
    fix = front_correction(spec)
    moves = [(fx - x, fy - y) for x, y in p.corners() for fx, fy in [fix.apply(x, y)]]

    def tenths(v: float) -> float:
        # Whole tenths, as the targets' room (correction_reach): tidy numbers in the file.
        return math.ceil(max(0.0, v) * 10 - 1e-9) / 10

    # The move is affine, so inside the printable area it is largest at a corner.
    left = tenths(-min(dx for dx, _ in moves))
    right = tenths(max(dx for dx, _ in moves))
    top = tenths(-min(dy for _, dy in moves))
    bottom = tenths(max(dy for _, dy in moves))
    return Rect(p.x + left, p.y + top, p.w - left - right, p.h - top - bottom)
