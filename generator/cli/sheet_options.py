"""The sheet options of the printing commands (``build``, ``calibrate``, ``printer
save``): their types on the command line, the SheetSpec they make, and a saved printer
profile filling in those not typed."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource

from ..errors import ProfileError
from ..io import profiles
from ..model import limits
from ..app.options import (SHOP_SIZES, Backs, Flip, Marks, Orientation, Paper, SheetSpec,
                           parse_sheets, parse_size)
from ..model.units import Size
from .common import EnumChoice, Length, Number, mm, number

if TYPE_CHECKING:
    # Generic in click from 8.2 on; the plain class at run time (see .common).
    LengthsType = click.ParamType[tuple[float, ...], Any]
    ScaleType = click.ParamType[tuple[float, float], Any]
    SizeType = click.ParamType[Size, Any]
    SheetsType = click.ParamType[frozenset[int], Any]
else:
    LengthsType = ScaleType = SizeType = SheetsType = click.ParamType


class Lengths(LengthsType):
    """*count* lengths typed as ``a,b,...`` (in mm unless a unit is given), each within
    *limit*: ``--back-offset 0.5,-1.2``, ``--margins 5,5,12,5``."""

    def __init__(self, name: str, count: int, limit: limits.Limit, wanted: str,
                 each: str) -> None:
        self.name, self.count, self.limit = name, count, limit
        self.wanted, self.each = wanted, each

    def convert(self, value: Any, param: Any, ctx: Any) -> tuple[float, ...]:
        if isinstance(value, tuple):
            return value
        try:
            found = tuple(mm(p) for p in str(value).split(","))
        except ValueError:
            found = ()
        if len(found) != self.count:
            self.fail(f"expected {self.wanted}, got {value!r}", param, ctx)
        if not all(self.limit.holds(v) for v in found):
            self.fail(f"expected {self.each} {self.limit.expected()}, got {value!r}",
                      param, ctx)
        return found


#: --back-offset: how far to move the backs.
OFFSET = Lengths("X,Y", 2, limits.BACK_OFFSET, "two lengths in mm like 0.5,-1.2", "each")
#: --margins: the printer's safe margin at each edge.
MARGINS = Lengths("T,R,B,L", 4, limits.EDGE_MARGIN,
                  "four lengths top,right,bottom,left like 5,5,12,5", "each margin")


class Scale(ScaleType):
    name = "SX[,SY]"

    def convert(self, value: Any, param: Any, ctx: Any) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        parts = str(value).split(",")
        try:
            factors = [number(p) for p in parts]
        except ValueError:
            factors = []
        if len(factors) not in (1, 2) or not all(limits.BACK_SCALE.holds(f) for f in factors):
            self.fail(f"expected one or two factors {limits.BACK_SCALE.span()} like "
                      f"0.993 or 0.993,1.002, got {value!r}", param, ctx)
        return (factors[0], factors[-1])


class CardSize(SizeType):
    name = "WxH"

    def convert(self, value: Any, param: Any, ctx: Any) -> Size:
        if isinstance(value, Size):
            return value
        try:
            size = parse_size(str(value))
        except ValueError:
            self.fail(f"expected WIDTHxHEIGHT like 25x50mm or 1x2in, or a shop size "
                      f"({', '.join(SHOP_SIZES)}), got {value!r}",
                      param, ctx)
        if not (limits.CARD_SIDE.holds(size.width) and limits.CARD_SIDE.holds(size.height)):
            self.fail(f"expected each side {limits.CARD_SIDE.expected()}, got {value!r}",
                      param, ctx)
        return size


class Sheets(SheetsType):
    name = "sheets"

    def convert(self, value: Any, param: Any, ctx: Any) -> frozenset[int]:
        if isinstance(value, frozenset):
            return value
        try:
            return parse_sheets(str(value))
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


def sheet_options(f: Any) -> Any:
    """The options of the sheet and the printer that every printing command takes, shown
    by --help in the order listed here."""
    options = [
        click.option("--paper", type=EnumChoice(Paper, case_sensitive=False),
                     default="a4", show_default=True,
                     help="Sheet size (portrait); tabloid is 11 x 17 in (Ledger)."),
        click.option("--flip", type=EnumChoice(Flip), default="long",
                     show_default=True,
                     help="Which edge the sheet turns over when printed duplex."),
        click.option("--back-offset", type=OFFSET, default="0,0", show_default=True,
                     help="Move the backs by X,Y mm (x right, y up, seen from the front) "
                          "to correct your printer; read it off 'opencards calibrate'."),
        click.option("--back-rotate", type=Number(limits.BACK_ROTATE), default=0.0,
                     metavar="DEG", show_default=True,
                     help="Turn the backs DEG degrees counter-clockwise (seen from the "
                          "front) about the sheet centre; read it off 'opencards "
                          "calibrate'."),
        click.option("--back-scale", type=Scale(), default="1", show_default=True,
                     help="Scale the backs by SX (and SY) about the sheet centre, for a "
                          "printer that stretches one side; read it off 'calibrate'."),
        click.option("--margin", type=Length(limits.MARGIN), default="5mm",
                     show_default=True,
                     help="The printer's safe margin: nothing is printed nearer the edge."),
        click.option("--margins", type=MARGINS, default=None,
                     help="Per-edge safe margins top,right,bottom,left in mm (instead of "
                          "--margin), for a printer with a larger margin on one edge."),
        click.option("--printer", "printer", metavar="NAME", default=None,
                     help="Use the saved printer profile NAME ('opencards printer save') "
                          "for every sheet option not given here."),
    ]
    for option in reversed(options):  # click shows the option applied last first
        f = option(f)
    return f


def sheet_spec(paper: Paper, flip: Flip, back_offset: tuple[float, float], margin: float,
               bleed: float = 2.0, backs: Backs = Backs.DUPLEX, back_rotate: float = 0.0,
               back_scale: tuple[float, float] = (1.0, 1.0), gap: float = 0.0,
               marks: Marks = Marks.CROP, orientation: Orientation = Orientation.AUTO,
               margins: tuple[float, float, float, float] | None = None) -> SheetSpec:
    """The options, parsed into their types, as the library's :class:`SheetSpec`."""
    return SheetSpec(paper=paper, flip=flip, back_offset=back_offset, margin=margin,
                     margins=margins, bleed=bleed, backs=backs, back_rotate=back_rotate,
                     back_scale=back_scale, gap=gap, marks=marks, orientation=orientation)


#: The sheet options a profile holds, by their parameter names.
KEYS = ("paper", "flip", "margin", "margins", "back_offset", "back_rotate", "back_scale")


def with_profile(name: str | None, values: dict[str, Any]) -> dict[str, Any]:
    """*values* of the current command with the saved profile *name* filling in every
    sheet option left at its default: an option typed on the command line wins."""
    if name is None:
        return values
    profile = profiles.load(name)
    typed = _typed()
    _check_paper_and_flip(name, profile, values, typed)
    out = dict(values)
    for key in KEYS:
        if key not in typed:
            value = getattr(profile, key)
            out[key] = (value or None) if key == "margins" else value
    # A profile holds the choices as its file spells them: read into their types here,
    # as the command line's are.
    out["paper"], out["flip"] = Paper(str(out["paper"]).lower()), Flip(str(out["flip"]))
    return out


#: The profile's back correction: read off a sheet of its paper, printed with its flip.
_CORRECTION = ("back_offset", "back_rotate", "back_scale")


def _check_paper_and_flip(name: str, profile: profiles.Profile, values: dict[str, Any],
                          typed: set[str]) -> None:
    """Refuses to apply a profile's back correction to another paper or flip than the one
    it was calibrated on: a printer shifts, turns and stretches each paper and each way of
    turning the sheet differently, and a correction about another sheet centre or mirrored
    the other way moves the backs further off.

    :raises: :exc:`ProfileError` in one line with the fix.
    """
    if typed & set(_CORRECTION) or (profile.back_offset == (0.0, 0.0)
                                    and profile.back_rotate == 0.0
                                    and profile.back_scale == (1.0, 1.0)):
        return
    wrong = [f"--{key} {values[key]}" for key in ("paper", "flip")
             if key in typed and str(values[key]) != getattr(profile, key)]
    if wrong:
        raise ProfileError(
            f"printer {name} was calibrated on {profile.paper}, flip {profile.flip}: its "
            f"back correction does not hold for {' '.join(wrong)}; calibrate that set-up "
            f"with: opencards calibrate --printer {name} {' '.join(wrong)} --back-offset 0,0 "
            "and save it as another profile, or type --back-offset 0,0 to build without a "
            "correction")


def _given() -> list[str]:
    """The sheet options of the current command typed on the command line, in KEYS
    order."""
    ctx = click.get_current_context()
    return [key for key in KEYS
            if ctx.get_parameter_source(key) not in (ParameterSource.DEFAULT, None)]


def _typed() -> set[str]:
    """The sheet options a profile must leave alone: those typed, and a margin typed
    either way."""
    typed = set(_given())
    if typed & {"margin", "margins"}:
        # One setting typed two ways: --margin 10 replaces the profile's per-edge margins
        # too (they would win over it), and --margins replaces its margin.
        typed |= {"margin", "margins"}
    return typed


def applied(name: str | None) -> str | None:
    """The line that says the saved profile *name* was applied and what it set (the
    back correction first, the reason a profile is made), naming the options typed on
    the command line that won over it; None without a profile."""
    if name is None:
        return None
    profile = profiles.load(name)
    typed = _typed()
    x, y = profile.back_offset
    sx, sy = profile.back_scale
    settings = {"back_offset": f"back offset {x:g},{y:g} mm",
                "back_rotate": f"back rotate {profile.back_rotate:g} degrees",
                "back_scale": f"back scale {sx:g},{sy:g}",
                "paper": f"paper {profile.paper}", "flip": f"flip {profile.flip}",
                "margin": (f"margins {','.join(f'{v:g}' for v in profile.margins)} mm"
                           if profile.margins else f"margin {profile.margin:g} mm")}
    set_ = [text for key, text in settings.items() if key not in typed]
    line = f"printer profile {name} applied: {', '.join(set_) or 'nothing'}"
    given = _given()
    if given:
        line += "; as typed: " + ", ".join(f"--{key.replace('_', '-')}" for key in given)
    return line


def profiled(printer: str | None, **values: Any) -> dict[str, Any]:
    """The sheet options with the saved printer profile *printer* filling in those left
    at default."""
    return with_profile(printer, values)
