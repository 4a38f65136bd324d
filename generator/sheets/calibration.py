"""The duplex calibration sheet: vernier scales at five places, read through the sheet, give
the printer's shift, turn and scale (see :mod:`.readings` for turning them into options)."""
from __future__ import annotations

from ..draw.geometry import Rect
from ..draw.scene import Group, Item, Page, Text
from .marks import MARK_INK, registration_targets, sheet_ruler
from .readings import expected_reading
from .spec import SheetSpec, back_shift, front_correction, mirror
from .vernier import Axis, Place, back_scale, front_scale, places


def _made_with(spec: SheetSpec) -> str:
    x, y = spec.back_offset
    sx, sy = spec.back_scale
    return (f"--back-offset {x:g},{y:g} --back-rotate {spec.back_rotate:g} "
            f"--back-scale {sx:g},{sy:g}")


def _place_box(place: Place) -> Rect:
    """Where a place's scales, name and "made for" line print (both halves, the back's
    moved by up to 6 mm)."""
    x, y = place.x_zero
    return Rect(x - 8.0, y - 18.0, 56.0, 34.0)


def read_command(spec: SheetSpec) -> str:
    """The command that turns the sheet's readings into options: with the sheet's paper,
    flip and margins, so the options it prints are for the same printer set-up."""
    return (f"opencards calibrate --paper {spec.paper} --flip {spec.flip} {spec.margin_text} "
            '--read "TL=X,Y TR=X,Y BL=X,Y BR=X,Y C=X,Y"')


def calibration_pages(spec: SheetSpec) -> list[Page]:
    """A duplex test sheet: front and back page. The vernier halves on the back are left out
    of the sheet's correction, so their readings are the printer's own error wherever they
    are printed; the registration targets and the rest of the back take the correction, so
    the targets coincide once it is right."""
    size = spec.size
    cx = size.width / 2
    to_back = mirror(spec)
    correction = front_correction(spec)
    front: list[Item] = []
    raw_back: list[Item] = []
    for place in places(spec):
        for axis in Axis:
            front.append(front_scale(place, axis))
            raw_back.append(back_scale(place, axis))
        x, y = place.x_zero
        # Rounded first, so that a tiny negative does not print as -0.0.
        ex, ey = (round(v, 1) + 0.0 for v in expected_reading(place, correction))
        front.append(Text(x - 6.0, y - 14.0, place.name, 3.4, MARK_INK, "bold", "start"))
        front.append(Text(x - 6.0, y + 13.0, f"made for {ex:+.1f},{ey:+.1f}", 2.0, MARK_INK,
                          "regular", "start"))
    top = places(spec)[0].x_zero[1] + 26.0
    lines: list[tuple[str, float] | None] = [
        (f"1. Print this sheet duplex at 100% (actual size), flipping on the {spec.flip} "
         "edge.", 3.0),
        ("2. Hold it against a window or lamp. Each scale is a mm ruler on the front and a", 5.5),
        ("    vernier on the back. Whole mm: the ruler mark at or before the back's long zero",
         5.0),
        ("    tick (left of it for X, below it for Y). Tenths: count the back ticks from the",
         5.0),
        ("    zero to the one that lines up with a ruler mark. -1.3 reads as -2 and 7 ticks.",
         5.0),
        None,
        ("3. Read X and Y at TL, TR, BL, BR and C, then run", 0.0),
        (f"    {read_command(spec).partition(' --read ')[0]}", 5.0),
        (f"        --read {read_command(spec).partition(' --read ')[2]}", 5.0),
        ("    It prints the --back-offset, --back-rotate and --back-scale to build with.", 5.0),
        ("The readings are where your printer puts the back side: they do not depend on the",
         6.5),
        ("options this sheet was made with. It was made with", 5.0),
        (f"    {_made_with(spec)}:", 5.0),
        ("if those are right, each place reads what is printed under it, and the targets in the",
         5.0),
        ("corners coincide.", 5.0)]
    y = top
    left = cx - 80.0
    for line in lines:
        if line is None:
            # The rest goes between the centre place and the bottom ones.
            y = places(spec)[-1].x_zero[1] + 24.0
            continue
        text, step = line
        y += step
        front.append(Text(left, y, text, 3.0, MARK_INK, "regular", "start"))
    front.append(Text(cx, top - 2.0, "opencards duplex calibration", 5.0, MARK_INK, "bold"))
    # A large correction moves the corner targets in onto the corner places: then they go
    # to the middles of the side edges.
    targets = registration_targets(spec, avoid=[_place_box(place) for place in places(spec)])
    front += targets
    front += sheet_ruler(spec)
    corrected: list[Item] = list(targets)
    # The vernier halves are drawn as seen from the front and mirrored onto the back page,
    # outside the corrected group: the printer alone decides where they land.
    back: list[Item] = [Group(tuple(corrected), back_shift(spec)),
                        Group(tuple(raw_back), to_back)]
    return [Page(size.width, size.height, tuple(front), label="calibration front"),
            Page(size.width, size.height, tuple(back), label="calibration back")]
