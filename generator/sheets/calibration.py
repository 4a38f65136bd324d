"""The duplex calibration sheet: at five places a coarse grid and two vernier scales, read
through the sheet, give the printer's shift, turn and scale (see :mod:`.readings` for
turning them into options)."""
from __future__ import annotations

from ..draw import fonts
from ..draw.geometry import Rect
from ..draw.scene import Group, Item, Page, Text
from ..errors import ImpositionError
from .marks import MARK_INK, registration_targets, ruler
from .spec import SheetSpec, back_shift, mirror, safe_area
from .vernier import (FINE_REACH, GRID, Axis, Place, back_dot, back_scale, front_grid,
                      front_scale, places)


def _corrected(spec: SheetSpec) -> bool:
    return (spec.back_offset != (0.0, 0.0) or spec.back_rotate != 0
            or spec.back_scale != (1.0, 1.0))


def _made_with(spec: SheetSpec) -> str:
    x, y = spec.back_offset
    sx, sy = spec.back_scale
    return (f"--back-offset {x:g},{y:g} --back-rotate {spec.back_rotate:g} "
            f"--back-scale {sx:g},{sy:g}")


def _place_box(place: Place) -> Rect:
    """Where a place's grid, scales and name print, and as far around as the back of a
    printer up to GRID mm off lands: a target there would show a second dot in a grid."""
    return place.box.inset(-GRID)


def read_command(spec: SheetSpec) -> str:
    """The command that turns the sheet's readings into options: with the sheet's paper,
    flip, margins and correction, so the options it prints are for the same printer set-up
    and add what the sheet reads to what it was made with."""
    made = f" {_made_with(spec)}" if _corrected(spec) else ""
    return (f"opencards calibrate --paper {spec.paper} --flip {spec.flip} {spec.margin_text}"
            f'{made} --read "TL=X,Y TR=X,Y BL=X,Y BR=X,Y C=X,Y"')


def _instructions(spec: SheetSpec) -> dict[str, list[str]]:
    """The sheet's words by where they go: "top" between the top places, "upper" between
    them and the centre place, "lower" below it, "bottom" between the bottom places."""
    command, _, read = read_command(spec).partition(" --read ")
    reach = f"{FINE_REACH:g}"
    x, y = spec.back_offset
    sx, sy = spec.back_scale
    made = (["This sheet was made with", f"    --back-offset {x:g},{y:g}",
             f"    --back-rotate {spec.back_rotate:g}", f"    --back-scale {sx:g},{sy:g}:",
             "the readings are what is left of the error."] if _corrected(spec) else [])
    return {
        "top": ["1. Print duplex at 100 % (actual size), flipping",
                f"    on the {spec.flip} edge. Hold it to a window.",
                "2. Coarse: each grid shows a dot from the back.",
                "    X: the vertical line nearest it (+ right),",
                "    Y: the horizontal one (+ up), in mm from 0.",
                f"    All within -{reach} to +{reach}: go to 3. If not, write",
                "    these whole mm (TL=5,-3 ...) and go to 4:",
                "    it prints a second sheet to make and read."],
        "upper": ["3. Fine: at each X and Y scale find the back tick that lines up best with "
                  "a front mark. Write",
                  "    the mark's number (odd marks lie between numbers), a colon and the "
                  "tick's number,",
                  "    counted from the back's 0 (+ right or up, - left or down): "
                  "TL=3:2,-1:-1 ..."],
        "lower": ["4. Run (C may be left out):",
                  f"    {command}",
                  f"        --read {read}",
                  "    It prints the options to build with, or the second sheet to make."],
        "bottom": [*made, "When the backs land right, each dot",
                   "sits on the 0 lines, each scale reads",
                   "near 0:0 and the targets coincide."]}


def calibration_pages(spec: SheetSpec) -> list[Page]:
    """A duplex test sheet: front and back page. Everything on the back takes the sheet's
    correction, so a sheet made with a correction reads what is left of the error; the
    registration targets coincide once it is right."""
    size = spec.size
    cx = size.width / 2
    at = places(spec)
    words = _instructions(spec)
    step = 3.7
    # Between the top (and the bottom) places, the words shrink to the room, down to 1.5 mm.
    column = at[1].box.x - at[0].box.right - 9.0
    widest = max(fonts.measure(t, "regular", 2.5) for t in words["top"] + words["bottom"])
    narrow = min(2.5, 2.5 * column / widest)
    # Two places side by side with words between them; three rows with words between.
    if (narrow < 1.5
            or at[-1].box.y < at[0].box.bottom + 2.0 + step * len(words["upper"])
            or at[2].box.y < at[-1].box.bottom + 2.0 + step * len(words["lower"])):
        raise ImpositionError(
            f"calibrate: the calibration sheet does not fit {spec.paper} with these margins "
            "(it needs A4, Letter, A3 or tabloid, with margins up to about 20 mm): print it "
            "on one of them")
    to_back = mirror(spec)
    front: list[Item] = []
    seen_back: list[Item] = []
    for place in at:
        front.append(front_grid(place))
        seen_back.append(back_dot(place))
        for axis in Axis:
            front.append(front_scale(place, axis))
            seen_back.append(back_scale(place, axis))
    tl, tr, bl, centre = at[0], at[1], at[2], at[-1]

    def block(x: float, y: float, lines: list[str], size: float = 2.5) -> None:
        for text in lines:
            y += step * size / 2.5
            front.append(Text(x, y, text, size, MARK_INK, "regular", "start"))

    middle = tl.box.right + 6.0
    front.append(Text((tl.box.right + tr.box.x) / 2, tl.box.y + 3.0,
                      "opencards duplex calibration", 3.6 * narrow / 2.5, MARK_INK, "bold"))
    block(middle, tl.box.y + 4.0, words["top"], narrow)
    left = tl.box.x
    block(left, tl.box.bottom + 1.0, words["upper"])
    block(left, centre.box.bottom + 1.0, words["lower"])
    block(middle, bl.box.y + 2.0, words["bottom"], narrow)
    # The targets go where a printer far off cannot put them in a grid (the middles of
    # the side edges), so each grid shows one dot only.
    targets = registration_targets(spec, avoid=[_place_box(place) for place in at])
    front += targets
    # The 50 mm ruler between the bottom places: where every sheet has it (bottom left),
    # a large correction's room would move it into the BL grid.
    front += ruler(bl.box.right + 4.0, safe_area(spec).bottom - 1.0)
    # The back halves are drawn as seen from the front, mirrored onto the back page and
    # corrected as the rest of the back: a sheet made with a correction reads what is left.
    back: list[Item] = [Group(tuple(targets), back_shift(spec)),
                        Group(tuple(seen_back), back_shift(spec) @ to_back)]
    return [Page(size.width, size.height, tuple(front), label="calibration front"),
            Page(size.width, size.height, tuple(back), label="calibration back")]
