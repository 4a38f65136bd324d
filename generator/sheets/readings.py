"""From what a person reads off the calibration sheet to the options that cancel the printer's
duplex error: ``TL=3:2,-1:0 TR=... BL=... BR=... [C=...]`` -> back offset, turn and scale.

Each reading is where the printer put the back side at that place, seen from the front (x
right, y up, mm), relative to where the sheet's own correction meant it to go: a whole
number read off a coarse grid, or a fine scale's ``MARK:TICK`` (the front mark and back
tick that line up, see :mod:`.vernier`). The sheet's back is taken to land at R(P), a
shift, a turn and a scale per axis about the sheet centre; R is fitted to the readings by
least squares (each axis on its own: the X scale reads only x, the Y scale only y). The
printer is then R after the inverse of the sheet's correction K, and the correction that
cancels it is K after the inverse of R, split into the --back-offset, --back-rotate and
--back-scale that build takes. Coarse readings beyond the fine scales' reach give a rough
correction to make a second sheet with; that sheet's fine readings give the last one.
"""
from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..draw.geometry import Transform
from ..errors import ImpositionError, did_you_mean
from .spec import SheetSpec, front_correction
from .vernier import FINE_REACH, GRID, NAMES, RULER, TICKS, Place, fine_reading, places

REQUIRED = ("TL", "TR", "BL", "BR")
#: More left over than this at any place means a misread scale, not a printer: a front
#: mark miscounted by one at a single place leaves at least 0.37 mm (four corners, one
#: misread, A4/Letter/A3), an honest reading at most about 0.1 mm.
TRUST = 0.25

_NUMBER = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"   # ASCII digits, as every option takes
_PAIR = r"[+-]?[0-9]+:[+-]?[0-9]+"
_READING = re.compile(rf"^({_PAIR}|{_NUMBER}),({_PAIR}|{_NUMBER})$")


def _value(name: str, axis: str, text: str) -> float:
    """One axis of a reading: ``MARK:TICK`` off a fine scale, or a number in mm."""
    mark, colon, tick = text.partition(":")
    if colon:
        m, t = int(mark), int(tick)
        if m not in RULER or t not in TICKS:
            raise ImpositionError(
                f"--read: {name} {axis} = {text}: a fine scale's front marks run from "
                f"{RULER[0]} to {RULER[-1]} and its back ticks from {TICKS[0]} to "
                f"{TICKS[-1]}")
        return round(fine_reading(m, t), 6)
    v = float(text)
    if not -GRID <= v <= GRID:
        raise ImpositionError(
            f"--read: {name} {axis} = {v:g} is off the grid, which reads from {-GRID} to "
            f"{GRID} mm: check the sheet was printed at 100 % (not fit to page); if it was, "
            "make a sheet with a rough guess, e.g. --back-offset X,Y, and read that one")
    return v


def parse_readings(text: str) -> dict[str, tuple[float, float]]:
    """``"TL=3:2,-1:0 TR=..."`` as ``{"TL": (1.2, -1.0), ...}``; the four corners are
    required, C is optional.

    :raises: :exc:`ImpositionError` naming the place and what was expected.
    """
    readings: dict[str, tuple[float, float]] = {}
    for part in text.split():
        name, sep, value = part.partition("=")
        name = name.upper()
        if not sep:
            raise ImpositionError("--read: expected PLACE=X,Y like TL=3:2,-1:0 or TL=5,-3, "
                                  f"got {part!r}")
        if name not in NAMES:
            hint = did_you_mean(name, NAMES)
            raise ImpositionError(f"--read: no place {name!r} on the sheet; the places are "
                                  f"{', '.join(NAMES)}" + (f" ({hint})" if hint else ""))
        if name in readings:
            raise ImpositionError(f"--read: {name} is given twice")
        match = _READING.match(value)
        if not match:
            raise ImpositionError(f"--read: {name}: expected X,Y, each a fine scale's "
                                  f"MARK:TICK like 3:2 or whole mm off the grid like -4, "
                                  f"got {value!r}")
        readings[name] = (_value(name, "X", match.group(1)), _value(name, "Y", match.group(2)))
    missing = [name for name in REQUIRED if name not in readings]
    if missing:
        raise ImpositionError(f"--read: missing {', '.join(missing)}; give at least the "
                              "four corners, TL=X,Y TR=X,Y BL=X,Y BR=X,Y (and C=X,Y)")
    return readings


@dataclass(frozen=True)
class Correction:
    """The options that cancel the printer's error, and how well the readings fit them."""

    back_offset: tuple[float, float]
    back_rotate: float
    back_scale: tuple[float, float]
    left_over: float       # the largest gap between a reading and the fitted printer, mm
    worst: str             # the place where it is

    def options(self) -> str:
        x, y = self.back_offset
        sx, sy = self.back_scale
        return (f"--back-offset {x:.2f},{y:.2f} --back-rotate {self.back_rotate:.3f} "
                f"--back-scale {sx:.4f},{sy:.4f}")

    def rounded(self) -> Correction:
        """As :meth:`options` prints it, so a build with those options is this one."""
        x, y = self.back_offset
        sx, sy = self.back_scale
        # + 0.0 turns a rounded -0.0 into 0.0, so it prints without a sign.
        return Correction((round(x, 2) + 0.0, round(y, 2) + 0.0),
                          round(self.back_rotate, 3) + 0.0,
                          (round(sx, 4), round(sy, 4)), self.left_over, self.worst)


def _solve3(rows: Sequence[tuple[float, float, float]], rhs: Sequence[float]
            ) -> tuple[float, float, float]:
    """Least squares for three unknowns through the normal equations (Cramer's rule)."""
    n = [[sum(r[i] * r[j] for r in rows) for j in range(3)] for i in range(3)]
    b = [sum(r[i] * v for r, v in zip(rows, rhs)) for i in range(3)]

    def det(m: list[list[float]]) -> float:
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))

    d = det(n)
    if abs(d) < 1e-9:
        raise ImpositionError("--read: the places given do not span the sheet")
    out = []
    for k in range(3):
        m = [row[:] for row in n]
        for i in range(3):
            m[i][k] = b[i]
        out.append(det(m) / d)
    return out[0], out[1], out[2]


def landing_map(spec: SheetSpec, readings: dict[str, tuple[float, float]]) -> Transform:
    """The affine R fitted to the readings: where the sheet's back lands, seen from the
    front, in page mm (y down), relative to where it was drawn for the front."""
    cx, cy = spec.size.width / 2, spec.size.height / 2
    at = {p.name: p for p in places(spec)}
    x_rows, x_rhs, y_rows, y_rhs = [], [], [], []
    for name, (ex, ey) in readings.items():
        px, py = at[name].x_zero
        x_rows.append((px - cx, py - cy, 1.0))
        x_rhs.append(px - cx + ex)
        qx, qy = at[name].y_zero
        y_rows.append((qx - cx, qy - cy, 1.0))
        y_rhs.append(qy - cy - ey)           # the reading is up, the page is down
    a, c, e = _solve3(x_rows, x_rhs)
    b, d, f = _solve3(y_rows, y_rhs)
    centred = Transform(a, b, c, d, e, f)
    return Transform.translate(cx, cy) @ centred @ Transform.translate(-cx, -cy)


def inverse(t: Transform) -> Transform:
    det = t.a * t.d - t.b * t.c
    a, b, c, d = t.d / det, -t.b / det, -t.c / det, t.a / det
    return Transform(a, b, c, d, -(a * t.e + c * t.f), -(b * t.e + d * t.f))


def expected_reading(place: Place, sheet: Transform, correction: Transform
                     ) -> tuple[float, float]:
    """What the fine scales at *place* read on a sheet made with the correction *sheet*
    (see :func:`~generator.sheets.spec.front_correction`), from a printer that the
    *correction* cancels exactly."""
    lands = inverse(correction) @ sheet
    x, y = place.x_zero
    u, v = place.y_zero
    return lands.apply(x, y)[0] - x, -(lands.apply(u, v)[1] - v)


def solve(spec: SheetSpec, readings: dict[str, tuple[float, float]]) -> Correction:
    """The correction for the printer the readings of a sheet made with *spec* describe,
    rounded as printed."""
    cx, cy = spec.size.width / 2, spec.size.height / 2
    sheet = front_correction(spec)
    fix = sheet @ inverse(landing_map(spec, readings))
    # Split the linear part into a turn and a scale per axis (a printer does not shear).
    turn = math.atan2(fix.b - fix.c, fix.a + fix.d)
    cos, sin = math.cos(turn), math.sin(turn)
    sx = cos * fix.a + sin * fix.b
    sy = -sin * fix.c + cos * fix.d
    tx, ty = fix.apply(cx, cy)
    found = Correction((tx - cx, -(ty - cy)), -math.degrees(turn), (sx, sy), 0.0, "")
    found = found.rounded()
    if abs(found.back_rotate) > 3 or not all(0.95 <= v <= 1.05 for v in found.back_scale):
        raise ImpositionError(
            f"--read: the readings ask for a turn of {found.back_rotate:.2f} degrees and a "
            f"scale of {found.back_scale[0]:.3f},{found.back_scale[1]:.3f}, more than a "
            "printer does (3 degrees, 5 %): check that each place's X and Y are in order")
    # How far the readings are from what that correction expects.
    check = SheetSpec(paper=spec.paper, margin=spec.margin, margins=spec.margins,
                      flip=spec.flip,
                      back_offset=found.back_offset, back_rotate=found.back_rotate,
                      back_scale=found.back_scale)
    correction = front_correction(check)
    gaps = {}
    for place in places(spec):
        if place.name in readings:
            ex, ey = expected_reading(place, sheet, correction)
            rx, ry = readings[place.name]
            gaps[place.name] = max(abs(ex - rx), abs(ey - ry))
    worst = max(gaps, key=lambda name: gaps[name])
    return Correction(found.back_offset, found.back_rotate, found.back_scale,
                      gaps[worst], worst)


def is_coarse(readings: dict[str, tuple[float, float]]) -> bool:
    """Whether the readings go beyond the fine scales' reach: then they came off the coarse
    grids, and give a rough correction for a second sheet."""
    reach = FINE_REACH + 0.5          # a fine reading of a place the grid put at 2
    return any(abs(v) > reach for pair in readings.values() for v in pair)


def calibration_advice(spec: SheetSpec, text: str) -> list[str]:
    """What ``opencards calibrate --read`` prints: the options to build with, how well the
    readings fit, and how to check the result; or, for coarse readings, the second sheet
    to make and read.

    :raises: :exc:`ImpositionError` when the fine readings do not fit one printer.
    """
    readings = parse_readings(text)
    found = solve(spec, readings)
    sheet = f"--paper {spec.paper} --flip {spec.flip} {spec.margin_text}"
    if is_coarse(readings):
        worst = max(abs(v) for pair in readings.values() for v in pair)
        return [f"the backs land up to {worst:g} mm off, too far for the fine scales: this is "
                "a rough correction",
                f"next: make a second sheet with it, print it the same way and read it "
                "(grid, then fine scales):",
                f"  opencards calibrate {sheet} {found.options()}",
                "its read command (printed on it) keeps these options: the readings are "
                "what is left"]
    if found.left_over > TRUST:
        raise ImpositionError(
            f"--read: the readings do not fit one shift, turn and scale ({found.worst} is "
            f"{found.left_over:.2f} mm from the fit): read the places again, counting each "
            "front mark from its number (one off is 1 mm)")
    return [f"build with: {found.options()}",
            f"  opencards build {sheet} {found.options()}",
            f"the readings fit within {found.left_over:.2f} mm (largest at {found.worst})",
            f"to check, print 'opencards calibrate {sheet} {found.options()}': every dot "
            "sits on the grid's 0 lines, every scale reads near 0:0 and the targets coincide",
            f"to keep it: opencards printer save NAME {sheet} {found.options()}"]
