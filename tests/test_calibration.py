"""The calibration loop as a person runs it, with a simulated printer. The printer's error
(shift, turn, scale per axis, about the sheet centre, as seen from the front) is applied to
the rendered back page; the sheet is read from the pixels the way its words say: the grid
line nearest each back dot (whole mm), and, when every dot is within 2 mm, the front mark
and back tick of each fine scale that line up (MARK:TICK); ``calibrate --read`` turns the
readings into options, or into a second sheet to make for a printer far off; the kit is
built with the options and printed by the same printer; and the registration targets at
the corners of the printable area, which enclose the card block, must then coincide within
0.15 mm. Because the leftover error is affine, the block inside the targets is within that
too."""
from __future__ import annotations

import math
import re
import shlex

import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.cli import cli
from generator.draw.geometry import Transform
from generator.io.profiles import CONFIG_ENV
from generator.sheets.marks import target_centres
from generator.sheets.readings import TRUST, expected_reading, parse_readings, solve
from generator.sheets.spec import Flip, Paper, SheetSpec, back_shift, front_correction
from generator.sheets.vernier import (FINE_REACH, GAP, GRID, PITCH, RULER, TICKS, Axis,
                                      fine_reading, placement, places)

DPI = 600.0
PX = DPI / 25.4
SPEC = SheetSpec()          # A4, 5 mm margin, long flip


def printer(shift=(0.0, 0.0), turn=0.0, scale=(1.0, 1.0), spec=SPEC) -> Transform:
    """Where a printer puts a back point, seen from the front, in page mm (y down): *shift*
    x right / y up, *turn* degrees counter-clockwise, *scale* per axis, about the centre."""
    cx, cy = spec.size.width / 2, spec.size.height / 2
    return (Transform.translate(cx + shift[0], cy - shift[1]) @ Transform.rotate(-turn)
            @ Transform.scale(*scale) @ Transform.translate(-cx, -cy))


def inverse(t: Transform) -> Transform:
    det = t.a * t.d - t.b * t.c
    a, b, c, d = t.d / det, -t.b / det, -t.c / det, t.a / det
    return Transform(a, b, c, d, -(a * t.e + c * t.f), -(b * t.e + d * t.f))


def pages(path):
    """Both pages of a duplex PDF as ink (0 paper .. 1 black), at DPI."""
    doc = pdfium.PdfDocument(str(path))
    try:
        out = []
        for i in range(2):
            grey = doc[i].render(scale=DPI / 72, grayscale=True).to_numpy()
            grey = grey[..., 0] if grey.ndim == 3 else grey
            out.append(1.0 - grey.astype(np.float32) / 255.0)
        return out
    finally:
        doc.close()


def sample(ink, xs, ys):
    """Bilinear ink at page points (mm arrays)."""
    u, v = xs * PX - 0.5, ys * PX - 0.5
    i0, j0 = np.floor(v).astype(int), np.floor(u).astype(int)
    fv, fu = v - i0, u - j0
    h, w = ink.shape
    i0, j0 = np.clip(i0, 0, h - 2), np.clip(j0, 0, w - 2)
    return ((ink[i0, j0] * (1 - fu) + ink[i0, j0 + 1] * fu) * (1 - fv)
            + (ink[i0 + 1, j0] * (1 - fu) + ink[i0 + 1, j0 + 1] * fu) * fv)


class Sheet:
    """A printed duplex sheet held to the light: the front page as drawn, and the back page
    turned over (long or short edge, as *spec* says) and put where *misprint* puts it."""

    def __init__(self, path, misprint: Transform, spec: SheetSpec = SPEC):
        self.front, self.back = pages(path)
        self.width, self.height = spec.size.width, spec.size.height
        self.long = spec.flip == "long"
        self.from_front = inverse(misprint)

    def front_ink(self, xs, ys):
        return sample(self.front, xs, ys)

    def back_ink(self, xs, ys):
        # The spot seen at (x, y) was printed at the printer's inverse of it, on the back
        # page mirrored as the sheet turns.
        t = self.from_front
        bx = t.a * xs + t.c * ys + t.e
        by = t.b * xs + t.d * ys + t.f
        if self.long:
            return sample(self.back, self.width - bx, by)
        return sample(self.back, bx, self.height - by)


def tick_centres(profile, along):
    """Centres of the ink runs of a profile: one per tick."""
    inked = profile > 0.25
    edges = np.flatnonzero(np.diff(inked.astype(int)))
    starts, ends = edges[::2] + 1, edges[1::2] + 1
    return [float((profile[s:e] * along[s:e]).sum() / profile[s:e].sum())
            for s, e in zip(starts, ends)]


def fine_pairs(sheet: Sheet, place, axis: Axis, within: float = PITCH / 2):
    """Every (front mark, back tick) of a fine scale that line up within *within* mm,
    best first, found in the pixels."""
    frame = placement(place, axis)
    step = 0.01
    along = np.arange(-10.5, 10.5, step)

    def grid(across):
        s, t = np.meshgrid(along, across)
        return frame.a * s + frame.c * t + frame.e, frame.b * s + frame.d * t + frame.f

    ruler = sheet.front_ink(*grid(np.arange(-4.5, -0.5, 0.1))).mean(axis=0)
    ruler[along > RULER[-1] + 0.6] = 0.0     # the axis letter beside the ruler
    ruler_ticks = tick_centres(ruler, along)
    assert len(ruler_ticks) == len(RULER), ruler_ticks
    # The vernier's band: below the ruler's ticks (across > 0 past the gap), wherever the
    # error across the scale has moved it.
    across = np.arange(0.2, GAP + 10.0, 0.1)
    back = sheet.back_ink(*grid(across))
    # The rows every one of the 11 ticks crosses (the numbers below them make fewer runs).
    band = [len(tick_centres(row, along)) == len(TICKS) for row in back]
    vernier = tick_centres(back[band].mean(axis=0), along)
    assert len(vernier) == len(TICKS), vernier
    pairs = sorted((abs(b - r), RULER[k], TICKS[j]) for j, b in enumerate(vernier)
                   for k, r in enumerate(ruler_ticks) if abs(b - r) < within)
    return [(mark, tick) for _, mark, tick in pairs]


def read_scale(sheet: Sheet, place, axis: Axis) -> str:
    """What a person writes: the mark and tick that line up best, MARK:TICK."""
    mark, tick = fine_pairs(sheet, place, axis)[0]
    return f"{mark}:{tick}"


def _runs(profile, along):
    """(centre, ink) of each run of ink of a profile: one per grid line."""
    inked = profile > 0.2
    edges = np.flatnonzero(np.diff(inked.astype(int)))
    starts, ends = edges[::2] + 1, edges[1::2] + 1
    return [(float((profile[s:e] * along[s:e]).sum() / profile[s:e].sum()),
             float(profile[s:e].sum())) for s, e in zip(starts, ends)]


def read_grid(sheet: Sheet, place) -> tuple[int, int]:
    """The grid lines nearest the back's dot, counted from the thick 0 lines (X right, Y
    up), found in the pixels."""
    gx, gy = place.grid
    s = np.arange(-GRID - 0.6, GRID + 0.6, 0.02)
    # Lines: across the grid halfway between two lines, so only the crossing ones show.
    xs = _runs(sheet.front_ink(gx + s, np.full_like(s, gy + 0.5)), s)
    ys = _runs(sheet.front_ink(np.full_like(s, gx + 0.5), gy + s), s)
    assert len(xs) == len(ys) == 2 * GRID + 1, (len(xs), len(ys))
    # The dot: the most ink within 0.6 mm of a point (a tick or line has far less).
    u = np.arange(-GRID - 0.5, GRID + 0.5, 0.1)
    px, py = np.meshgrid(gx + u, gy + u)
    ink = sheet.back_ink(px, py)
    k = 6
    c = np.pad(ink, ((1, 0), (1, 0))).cumsum(0).cumsum(1)
    box = c[k * 2:, k * 2:] - c[:-k * 2, k * 2:] - c[k * 2:, :-k * 2] + c[:-k * 2, :-k * 2]
    i, j = np.unravel_index(np.argmax(box), box.shape)
    assert box[i, j] > 0.6 * (2 * k) ** 2, "no dot"
    dx, dy = gx + u[j + k] - 0.05, gy + u[i + k] - 0.05

    def nearest(lines, at):
        zero = max(range(len(lines)), key=lambda n: lines[n][1])   # the thickest line
        n = min(range(len(lines)), key=lambda n: abs(lines[n][0] - at))
        return n - zero

    return nearest(xs, dx - gx), -nearest(ys, dy - gy)


def read_coarse(sheet: Sheet, spec: SheetSpec = SPEC) -> dict[str, tuple[int, int]]:
    return {p.name: read_grid(sheet, p) for p in places(spec)}


def read_sheet(sheet: Sheet, spec: SheetSpec = SPEC, leave_out=()) -> str:
    """The readings as the sheet's words ask for them: the grids' whole mm when a dot is
    more than 2 mm off, or else the fine scales."""
    coarse = read_coarse(sheet, spec)
    if any(abs(v) > FINE_REACH for pair in coarse.values() for v in pair):
        return " ".join(f"{n}={x},{y}" for n, (x, y) in coarse.items() if n not in leave_out)
    return " ".join(f"{p.name}={read_scale(sheet, p, Axis.X)},"
                    f"{read_scale(sheet, p, Axis.Y)}" for p in places(spec)
                    if p.name not in leave_out)


def built_spec(options, flip="long", paper="a4") -> SheetSpec:
    """The sheet a build with ``calibrate --read``'s options makes (its targets have moved
    in to leave the correction room)."""
    return SheetSpec(paper=Paper(paper), flip=Flip(flip),
                     back_offset=tuple(map(float, options[1].split(","))),
                     back_rotate=float(options[3]),
                     back_scale=tuple(map(float, options[5].split(","))))


def _centroid(ink_at, cx: float, cy: float) -> tuple[float, float]:
    """The centre of the target near (cx, cy): the centroid of the ink within 2.5 mm of it
    (the ring, dot and cross, not a crop mark or the ruler nearby), taken again round each
    estimate so a target far from (cx, cy) is not cut off."""
    s = np.arange(-5.0, 5.0, 0.02)
    for reach in (5.0, 2.5, 2.5, 2.5):
        xs, ys = np.meshgrid(cx + s, cy + s)
        ink = ink_at(xs, ys) * (np.hypot(xs - cx, ys - cy) < reach)
        assert ink.sum() > 0, (cx, cy)
        cx, cy = (ink * xs).sum() / ink.sum(), (ink * ys).sum() / ink.sum()
    return cx, cy


def target_error(sheet: Sheet, spec: SheetSpec = SPEC, calibration: bool = False) -> float:
    """The largest gap between a front target and the back target seen through it, mm
    (a calibration sheet keeps its targets off its places)."""
    worst = 0.0
    avoid = [p.box.inset(-GRID) for p in places(spec)] if calibration else []
    for cx, cy in target_centres(spec, avoid):
        fx, fy = _centroid(sheet.front_ink, cx, cy)
        bx, by = _centroid(sheet.back_ink, cx, cy)
        worst = max(worst, math.hypot(bx - fx, by - fy))
    return worst


ERRORS = {
    "shift 2 mm": printer(shift=(2.0, -2.0)),
    "turn 0.5 deg": printer(turn=0.5),
    "scale 0.7 %": printer(scale=(0.993, 1.0)),
    "all three": printer(shift=(-1.5, 2.0), turn=-0.5, scale=(1.007, 0.995)),
}


def _command(line: str) -> list[str]:
    """A command line as printed, split as a shell would, without 'opencards'."""
    words = shlex.split(line.strip())
    assert words[0] == "opencards", line
    return words[1:]


def calibration_loop(runner, tmp_path, misprint, paper="a4", flip="long", leave_out=()):
    """Runs the loop as the sheet and the terminal say: make a sheet, read it, run the read
    command it prints; for a printer far off, make the second sheet the answer names and
    read that. Returns the options of 'build with' and how many sheets it took."""
    spec = SheetSpec(paper=Paper(paper), flip=Flip(flip))
    options: list[str] = []
    for n in range(1, 4):
        out = tmp_path / f"sheet{n}"
        result = runner.invoke(cli, ["calibrate", "--paper", paper, "--flip", flip,
                                     "--out", str(out), *options])
        assert result.exit_code == 0, result.output
        said = re.search(r"then run: (opencards .*)$", result.output, re.M).group(1)
        read = _command(said)
        sheet = Sheet(out / f"calibration-{paper}-{flip}.pdf", misprint, spec)
        readings = read_sheet(sheet, spec, leave_out)
        result = runner.invoke(cli, [*read[:read.index("--read") + 1], readings])
        assert result.exit_code == 0, (readings, result.output)
        found = re.search(r"^build with: (.*)$", result.output, re.M)
        if found:
            return found.group(1).split(), n
        again = _command(re.search(r"^  (opencards calibrate .*)$", result.output,
                                   re.M).group(1))
        options = again[again.index("--back-offset"):]
    raise AssertionError(f"no answer after three sheets: {result.output}")


def build_and_measure(runner, tmp_path, misprint, options, paper="a4", flip="long"):
    """Builds pack 1 with *options* for the sheet's paper and flip, prints it with the same
    printer: the largest gap between front and back targets, mm."""
    out = tmp_path / "built"
    result = runner.invoke(cli, ["build", "--only", "pack1", "--paper", paper, "--flip", flip,
                                 "--out", str(out), *options])
    assert result.exit_code == 0, result.output
    spec = built_spec(options, flip, paper)
    return target_error(Sheet(out / "pack1.pdf", misprint, spec), spec)


@pytest.mark.parametrize("error", list(ERRORS))
def test_reading_the_sheet_and_building_with_the_answer_registers_within_015_mm(
        runner, tmp_path, error):
    misprint = ERRORS[error]
    sheet = tmp_path / "plain"
    runner.invoke(cli, ["calibrate", "--out", str(sheet)])
    assert target_error(Sheet(sheet / "calibration-a4-long.pdf", misprint),
                        calibration=True) > 0.6
    options, _ = calibration_loop(runner, tmp_path, misprint)
    left = build_and_measure(runner, tmp_path, misprint, options)
    assert left < 0.15, (error, options, left)


#: Printers 6 to 15 mm off (issue 43: "a printer more than 6 mm off cannot be
#: calibrated"), on every paper and both flips, some turned and stretched as well.
FAR = [("a4", "long", dict(shift=(6.0, -6.5))),
       ("a4", "short", dict(shift=(-15.0, 11.0), turn=0.3)),
       ("letter", "long", dict(shift=(-9.5, 14.6), scale=(1.004, 0.997))),
       ("letter", "short", dict(shift=(12.2, -7.7), turn=-0.4)),
       ("a3", "long", dict(shift=(14.0, 8.3), turn=0.2, scale=(0.996, 1.003))),
       ("a3", "short", dict(shift=(-7.1, -14.4)))]


@pytest.mark.slow
@pytest.mark.parametrize(("paper", "flip", "error"), FAR, ids=str)
def test_a_printer_far_off_is_calibrated_through_a_second_sheet(runner, tmp_path, paper,
                                                                flip, error):
    """The grids read the first sheet to 1 mm; the second sheet, made with the rough
    correction they give, lands within the fine scales' reach and reads what is left."""
    spec = SheetSpec(paper=Paper(paper), flip=Flip(flip))
    misprint = printer(spec=spec, **error)
    options, sheets = calibration_loop(runner, tmp_path, misprint, paper, flip)
    assert sheets == 2
    left = build_and_measure(runner, tmp_path, misprint, options, paper, flip)
    assert left < 0.15, (error, options, left)


@pytest.mark.parametrize("shift", [(2.0, -1.0), (1.0, 2.0), (-2.0, 0.0)], ids=str)
def test_a_whole_mm_reading_cannot_be_taken_1_mm_wrong(runner, tmp_path, shift):
    """Issue 43: at a whole mm the zero tick sat on a ruler mark and the instructions fitted
    two readings, 1 mm apart. Now the words ask for the mark and tick that line up: every
    pair that lines up or nearly does (to 0.15 mm, more than a person misjudges) gives
    the printer's error within 0.15 mm, on both axes at every place."""
    result = runner.invoke(cli, ["calibrate", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    misprint = printer(shift=shift)
    sheet = Sheet(tmp_path / "calibration-a4-long.pdf", misprint)
    for place in places(SPEC):
        for axis, want in ((Axis.X, shift[0]), (Axis.Y, shift[1])):
            pairs = fine_pairs(sheet, place, axis, within=0.15)
            assert pairs, (place.name, axis)
            for mark, tick in pairs:
                assert abs(fine_reading(mark, tick) - want) <= 0.15, (place.name, axis,
                                                                      mark, tick)


@pytest.mark.parametrize("leave_out_c", [False, True], ids=["with C", "without C"])
def test_a_mark_counted_one_off_is_refused_by_the_fit(runner, tmp_path, leave_out_c):
    """If a person still counts a front mark one off at any one place, on either axis, the
    fit refuses the readings with one line naming a place to read again (also when the
    optional C is left out), rather than printing options 1 mm wrong; a miscount that
    takes a reading past the fine reach asks for a second sheet, which reads true."""
    result = runner.invoke(cli, ["calibrate", "--out", str(tmp_path)])
    # Within the fine reach: turned, stretched and shifted, so no reading is a whole mm.
    misprint = printer(shift=(0.6, -1.2), turn=0.3, scale=(1.003, 0.998))
    readings = parse_readings(read_sheet(Sheet(tmp_path / "calibration-a4-long.pdf",
                                               misprint)))
    if leave_out_c:
        del readings["C"]
    assert solve(SPEC, readings).left_over < 0.12
    for name in readings:
        for axis in (0, 1):
            for step in (1.0, -1.0):
                wrong = dict(readings)
                pair = list(wrong[name])
                pair[axis] += step
                wrong[name] = (pair[0], pair[1])
                text = " ".join(f"{n}={x:.1f},{y:.1f}" for n, (x, y) in wrong.items())
                result = runner.invoke(cli, ["calibrate", "--read", text])
                assert "build with" not in result.output, (name, axis, step, result.output)
                if result.exit_code == 0:
                    assert "make a second sheet" in result.output
                    assert abs(pair[axis]) > FINE_REACH
                    continue
                assert result.exit_code == 1, (name, axis, step, result.output)
                assert "from the fit" in result.output
                assert result.output.count("\n") == 1, result.output


def _sheet_text(path) -> str:
    doc = pdfium.PdfDocument(str(path))
    try:
        return doc[0].get_textpage().get_text_range()
    finally:
        doc.close()


@pytest.mark.parametrize(("error", "within"), [
    # The printer of issue 27, which the commands without --flip left 2.9-4.6 mm off.
    (dict(shift=(3.0, -2.5), turn=0.6), 0.1),
    # Turned and scaled both ways: the 0.1 mm steps of the readings leave up to 0.12 mm.
    (dict(shift=(-1.5, 2.0), turn=-0.5, scale=(1.007, 0.995)), 0.15)], ids=str)
def test_the_loop_works_on_a_short_edge_flip_too(runner, tmp_path, monkeypatch, error,
                                                 within):
    """Issue 27: every command the loop prints names the flip the sheet was made for, so a
    person copying them (on Letter, flipping on the short edge) builds for that printer;
    the targets then meet within 0.1 mm."""
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "config"))
    spec = SheetSpec(paper=Paper.LETTER, flip=Flip.SHORT)
    misprint = printer(spec=spec, **error)
    result = runner.invoke(cli, ["calibrate", "--paper", "letter", "--flip", "short",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    sheet = tmp_path / "calibration-letter-short.pdf"
    said = re.search(r"then run: (opencards .*)$", result.output, re.M).group(1)
    read = _command(said)
    assert read[read.index("--flip") + 1] == "short"
    # The sheet prints the same command (over two lines).
    assert " ".join(said.split()[:-6]) in " ".join(_sheet_text(sheet).split())
    options, _ = calibration_loop(runner, tmp_path, misprint, "letter", "short")
    result = runner.invoke(cli, [*read[:read.index("--read")], *options, "--read",
                                 read_sheet(Sheet(sheet, misprint, spec), spec)])
    advice = result.output
    commands = [line for line in advice.splitlines() if "opencards " in line]
    assert commands and all("--flip short" in c for c in commands), commands
    left = build_and_measure(runner, tmp_path, misprint, options, "letter", "short")
    assert left < within, (options, left)
    # The profile it offers to save builds the same file.
    read = _command(said)
    last = runner.invoke(cli, [*read[:read.index("--read")], "--read", " ".join(
        f"{n}=0:0,0:0" for n in ("TL", "TR", "BL", "BR"))])
    save = _command(re.search(r"to keep it: (opencards printer save .*)$", last.output,
                              re.M).group(1))
    save = [w for w in save]
    result = runner.invoke(cli, [w if w != "NAME" else "office" for w in save[:save.index(
        "--back-offset")]] + options)
    assert result.exit_code == 0, result.output
    result = runner.invoke(cli, ["build", "--printer", "office", "--only", "pack1", "--out",
                                 str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "built" / "pack1.pdf").read_bytes() == \
        (tmp_path / "b" / "pack1.pdf").read_bytes()


def test_a_second_sheet_reads_what_is_left_and_the_answer_adds_it(runner, tmp_path):
    """Issue 43: readings used to be absolute, so a second sheet printed with a rough
    correction read off the scale as the first did. Now the back takes the sheet's
    correction: made with --back-offset 1,0, a printer that puts the backs 1.5 mm left
    reads -0.5 (what is left), and the read command, which keeps the sheet's options,
    answers +1.5."""
    result = runner.invoke(cli, ["calibrate", "--out", str(tmp_path), "--back-offset", "1,0"])
    assert result.exit_code == 0, result.output
    said = _command(re.search(r"then run: (opencards .*)$", result.output, re.M).group(1))
    assert said[said.index("--back-offset") + 1] == "1,0"
    sheet = Sheet(tmp_path / "calibration-a4-long.pdf", printer(shift=(-1.5, 0.0)))
    readings = read_sheet(sheet)
    assert all(fine_reading(*map(int, r.split("=")[1].split(",")[0].split(":")))
               == pytest.approx(-0.5) for r in readings.split()), readings
    result = runner.invoke(cli, [*said[:said.index("--read") + 1], readings])
    assert "build with: --back-offset 1.50,0.00 --back-rotate 0.000 --back-scale " \
           "1.0000,1.0000" in result.output, result.output


def test_made_with_the_right_options_each_place_reads_near_0(runner, tmp_path):
    """A sheet made with the options that cancel a printer reads near 0:0 everywhere and
    its dots sit on the 0 lines, as it says."""
    misprint = ERRORS["all three"]
    options = ["--back-offset", "1.51,-2.00", "--back-rotate", "0.500",
               "--back-scale", "0.9930,1.0050"]
    result = runner.invoke(cli, ["calibrate", "--out", str(tmp_path), *options])
    assert result.exit_code == 0, result.output
    spec = SheetSpec(back_offset=(1.51, -2.0), back_rotate=0.5, back_scale=(0.993, 1.005))
    sheet = Sheet(tmp_path / "calibration-a4-long.pdf", misprint)
    assert target_error(sheet, spec, calibration=True) < 0.15
    assert set(read_coarse(sheet).values()) == {(0, 0)}
    for place in places(spec):
        for axis in Axis:
            mark, tick = fine_pairs(sheet, place, axis)[0]
            # 0.1 mm steps, and the printer scales and turns the vernier too.
            assert abs(fine_reading(mark, tick)) <= 0.15, (place.name, axis)


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("made", [(0.0, 0.0, 0.0), (4.0, -3.0, 0.4)], ids=str)
def test_solve_recovers_an_exact_printer(flip, made):
    """Exact readings of a sheet made with or without a correction give back the printer."""
    dx, dy, turn = made
    sheet = SheetSpec(flip=Flip(flip), back_offset=(dx, dy), back_rotate=turn)
    spec = SheetSpec(flip=Flip(flip))
    misprint = printer(shift=(0.8, -1.2), turn=0.4, scale=(0.995, 1.003), spec=spec)
    lands = misprint @ front_correction(sheet)
    readings = {}
    for place in places(spec):
        px, py = place.x_zero
        qx, qy = place.y_zero
        readings[place.name] = (lands.apply(px, py)[0] - px, -(lands.apply(qx, qy)[1] - qy))
    found = solve(sheet, readings)
    fix = front_correction(SheetSpec(flip=Flip(flip), back_offset=found.back_offset,
                                     back_rotate=found.back_rotate,
                                     back_scale=found.back_scale))
    for x, y in target_centres(spec):
        # Corrected and then misprinted, every point lands where it was drawn.
        lx, ly = misprint.apply(*fix.apply(x, y))
        assert math.hypot(lx - x, ly - y) < 0.02
    assert found.left_over < 0.02      # the options are rounded as printed


@pytest.mark.parametrize("flip", ["long", "short"])
def test_the_back_page_transform_is_the_front_correction_seen_through_the_sheet(flip):
    spec = SheetSpec(flip=Flip(flip), back_offset=(1.0, 0.5), back_rotate=0.3,
                     back_scale=(0.99, 1.01))
    w, h = spec.size.width, spec.size.height
    turn = (lambda x, y: (w - x, y)) if flip == "long" else (lambda x, y: (x, h - y))
    on_back = back_shift(spec)
    for x, y in [(20.0, 30.0), (190.0, 280.0), (105.0, 148.5)]:
        # A spot drawn on the back page at the turned-over (x, y) lands, seen from the
        # front, where the front correction sends (x, y).
        seen = turn(*on_back.apply(*turn(x, y)))
        assert seen == pytest.approx(front_correction(spec).apply(x, y))


@pytest.mark.parametrize(("text", "message"), [
    ("TL=0,0 TR=0,0 BL=0,0", "missing BR"),
    ("TL=0,0 TR=0,0 BL=0,0 BR=0,0 XX=1,1", "no place 'XX'"),
    ("TL=0,0 TR=0,0 BL=0,0 BR=0,0 TL=1,1", "TL is given twice"),
    ("TL=0,x TR=0,0 BL=0,0 BR=0,0", "TL: expected X,Y"),
    ("TL=17,0 TR=0,0 BL=0,0 BR=0,0", "TL X = 17 is off the grid"),
    ("TL=9:0,0 TR=0,0 BL=0,0 BR=0,0", "TL X = 9:0: a fine scale's front marks run"),
    ("TL=0,0:6 TR=0,0 BL=0,0 BR=0,0", "TL Y = 0:6"),
    ("TL 0,0", "expected PLACE=X,Y"),
    ("TL=-5.9,0 TR=5.9,0 BL=-5.9,0 BR=5.9,0", "more than a printer does"),
    ("TL=1:0,0:0 TR=0:0,0:0 BL=0:0,0:0 BR=0:0,0:0", "do not fit one shift, turn and scale"),
])
def test_bad_readings_are_one_line_errors(runner, text, message):
    result = runner.invoke(cli, ["calibrate", "--read", text])
    assert result.exit_code == 1
    assert message in result.output and result.output.count("\n") == 1, result.output


def test_readings_accept_lower_case_places_pairs_and_an_optional_centre():
    assert parse_readings("tl=+4:4,-2:-2 TR=.4,-0.1 BL=3:3,-0.2 BR=0.3,-1:-1") == {
        "TL": (0.4, -0.2), "TR": (0.4, -0.1), "BL": (0.3, -0.2), "BR": (0.3, -0.1)}


@pytest.mark.parametrize(("option", "value"), [("--back-rotate", "6"),
                                               ("--back-scale", "1.2"),
                                               ("--back-scale", "1,1,1")])
def test_out_of_range_corrections_are_refused(runner, tmp_path, option, value):
    result = runner.invoke(cli, ["build", "--only", "pack1", "--out", str(tmp_path),
                                 option, value])
    assert result.exit_code == 1 and "Error:" in result.output
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("value", ["16", "-16", "+16.0"])
def test_the_ends_of_the_grid_are_readings_and_give_the_next_step(runner, value):
    """The grid reads from -16 to 16 mm, both ends taken; past them is one line that says
    what to do next. Readings past the fine reach give a second sheet to make, not
    options to build with."""
    text = " ".join(f"{p}={value},0" for p in ("TL", "TR", "BL", "BR"))
    result = runner.invoke(cli, ["calibrate", "--read", text])
    assert result.exit_code == 0, result.output
    assert "build with" not in result.output
    offset = -float(value)
    assert re.search(rf"^  opencards calibrate --paper a4 --flip long --margin 5 "
                     rf"--back-offset {offset:.2f},0.00 --back-rotate 0.000", result.output,
                     re.M), result.output
    result = runner.invoke(cli, ["calibrate", "--read", text.replace(value, value + "1")])
    assert result.exit_code == 1 and "is off the grid" in result.output
    assert "make a sheet with a rough guess" in result.output
