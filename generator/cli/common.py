"""What every command module shares: the template library of the invocation, JSON output,
lengths typed on the command line, the progress bar and the summary of files written."""
from __future__ import annotations

import enum
import json
import math
import re
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import click

from ..io.templates import Library
from ..model.limits import BLEED, Limit
from ..model.units import LENGTH_FORMS, parse_length

if TYPE_CHECKING:
    from ..app import Built, Progress
    # click's parameter types are generic in the value they give from 8.2 on; at run
    # time the plain classes, which older click also has.
    IntType = click.ParamType[int, Any]
    FloatType = click.ParamType[float, Any]
    StrChoice = click.Choice[str]
else:
    IntType = FloatType = click.ParamType
    StrChoice = click.Choice

#: A bare number as people type one: ASCII digits only. ``float`` alone would also take
#: "nan", "inf", "1_0" and digits of other scripts.
_NUMBER = re.compile(r"\s*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\s*",
                     re.ASCII)


def library(ctx: click.Context) -> Library:
    """The shipped templates, behind the user's own ``--templates`` folders."""
    return Library.with_user_dirs(ctx.obj["templates"])


def emit_json(data: object, *, sort_keys: bool = False) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=sort_keys, ensure_ascii=False))


def number(text: str) -> float:
    """A finite number typed on the command line, like ``-0.5`` or ``1e-3``.

    :raises: :exc:`ValueError` for anything else, NaN and infinities included.
    """
    if not _NUMBER.fullmatch(text):
        raise ValueError(f"not a number: {text!r}")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"not a finite number: {text!r}")
    return value


def mm(text: str) -> float:
    """A length typed on the command line: a bare number is mm, else "2mm", "0.1in"...

    :raises: :exc:`ValueError` if *text* is not a finite length.
    """
    try:
        return number(text)
    except ValueError:
        return parse_length(text.strip())


#: A whole number as people type one: ASCII digits, an optional sign. ``int`` alone would
#: also take "1_000" and the digits of other scripts ("１", "١").
_INTEGER = re.compile(r"\s*[+-]?[0-9]+\s*", re.ASCII)
#: More digits than any count, seed or resolution needs: refused before int() reads them.
_MAX_DIGITS = 30


def integer(text: str) -> int:
    """A whole number typed on the command line, in ASCII digits only.

    :raises: :exc:`ValueError` for anything else.
    """
    if len(text) > _MAX_DIGITS + 2 or not _INTEGER.fullmatch(text):
        raise ValueError(f"not a whole number in the digits 0-9: {text!r}")
    return int(text)


def ascii_digits_only(text: str) -> bool:
    """Whether a switch value with digits in it is a whole number written in 0-9: the
    engines read numbers with ``int``, which would also take "1_0" and "\uff12"."""
    return not any(ch.isdigit() for ch in text) or bool(_INTEGER.fullmatch(text))


class OutPath(click.Path):
    """A path for what a command writes that is not an option: ``--out --help`` took
    ``--help`` as the folder and wrote a booklet into it. A path that does start with a
    hyphen is still written as ``./-name``."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, str) and value.startswith("-"):
            self.fail(f"expected a path, got the option {value!r} (for a path that starts "
                      f"with '-', write ./{value})", param, ctx)
        return super().convert(value, param, ctx)


class Integer(IntType):
    """A whole-number option in ASCII digits, from *low* to *high* where given; instead of
    click's INT and IntRange, which read any script's digits through ``int``."""

    name = "integer"

    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        self.low, self.high = low, high

    def expected(self) -> str:
        if self.low is not None and self.high is not None:
            return f"a whole number from {self.low} to {self.high}"
        if self.low is not None:
            return f"a whole number of at least {self.low}"
        return "a whole number"

    def convert(self, value: Any, param: Any, ctx: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            result = value
        else:
            try:
                result = integer(str(value))
            except ValueError:
                self.fail(f"expected {self.expected()} in the digits 0-9, got {value!r}",
                          param, ctx)
        if (self.low is not None and result < self.low) or \
                (self.high is not None and result > self.high):
            # click's IntRange wording, which the options still of that type give too.
            self.fail(f"{result} is not in the range {self._range()}.", param, ctx)
        return result

    def _range(self) -> str:
        if self.low is None:
            return f"x<={self.high}"
        return f"x>={self.low}" if self.high is None else f"{self.low}<=x<={self.high}"


class Number(FloatType):
    """A plain number option (an angle, a factor), refused outside its :class:`Limit`;
    unlike click's FloatRange it refuses NaN, which compares false with both ends."""

    name = "number"

    def __init__(self, limit: Limit) -> None:
        self.limit = limit

    def parse(self, text: str) -> float:
        return number(text)

    def form(self) -> str:
        """What a value that cannot be read at all was expected to look like."""
        return self.limit.expected()

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        try:
            result = value if isinstance(value, float) else self.parse(str(value))
        except ValueError:
            self.fail(f"expected {self.form()}, got {value!r}", param, ctx)
        if not self.limit.holds(result):
            self.fail(f"expected {self.limit.expected()}, got {value!r}", param, ctx)
        return result


#: The one default of every ``--limit`` (``rules solve``, ``patience solve``,
#: ``patience stats``): long enough for most deals, short enough to wait for.
LIMIT_DEFAULT = "10s"


class Duration(FloatType):
    """A time limit such as ``10s``, ``500ms`` or ``2m`` (a bare number is seconds), in
    seconds; the one type of every ``--limit``, so that they read and fail alike."""

    name = "TIME"

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        if isinstance(value, float):
            return value
        match = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|s|m|min)?\s*", str(value))
        if not match or float(match.group(1)) <= 0:
            self.fail(f"expected a time like 10s, 500ms or 2m, got {value!r}", param, ctx)
        number, unit = float(match.group(1)), match.group(2) or "s"
        return number / 1000 if unit == "ms" else number * (1 if unit == "s" else 60)


class Length(Number):
    """A length option in mm, refused outside its :class:`Limit` with one line."""

    name = "length"

    def __init__(self, limit: Limit = BLEED) -> None:
        super().__init__(limit)

    def parse(self, text: str) -> float:
        return mm(text)

    def form(self) -> str:
        return LENGTH_FORMS


E = TypeVar("E", bound=enum.StrEnum)


class EnumChoice(StrChoice, Generic[E]):
    """A choice among the spellings of *kind*'s members, read into the member itself: the
    options are parsed once, here, and the library takes the enums only. Shown and refused
    as click's Choice shows and refuses its strings."""

    def __init__(self, kind: type[E], case_sensitive: bool = True) -> None:
        super().__init__([member.value for member in kind], case_sensitive=case_sensitive)
        self.kind = kind

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> E:
        if isinstance(value, self.kind):
            return value
        return self.kind(super().convert(value, param, ctx))


@contextmanager
def progress(label: str) -> Iterator[Progress]:
    """A progress callback for the library that moves a bar on stderr; the bar opens at the
    first step, when the library has drawn everything and knows how many files follow."""
    with ExitStack() as stack:
        bars: list[Any] = []

        def step(done: int, total: int) -> None:
            if not sys.stderr.isatty():
                return  # click would print the label alone: a stray line in a log
            if not bars:
                bars.append(stack.enter_context(click.progressbar(
                    length=total, label=label, file=sys.stderr, show_pos=True)))
            bars[0].update(done - bars[0].pos)
        yield step


def summary(built: list[Built], out: Path) -> None:
    """The table of files written: pages, sheets and ink where counted, sizes, and the
    page size of a file not on the kit's sheets (a booklet's)."""
    width = max(len(b.path.name) for b in built)
    # A column is there if any row has it; a row without it (a booklet's) keeps it blank.
    sheets = any(b.sheets is not None for b in built)
    inks = any(b.ink_of is not None for b in built)
    for b in built:
        counted = ""
        if sheets:
            counted += (" " * 12 if b.sheets is None else
                        f"  {b.sheets:>3} sheet{'s' if b.sheets != 1 else ' '}")
        if inks:
            counted += " " * 12 if b.ink is None else f"  ink {b.ink:6.1f}"
        click.echo(f"  {b.path.name:<{width}}  {b.pages:>3} page{'s' if b.pages != 1 else ' '}"
                   f"{counted}  {b.size / 1024:8.1f} KiB"
                   + (f"  on {b.paper}" if b.paper else ""))
    if inks:
        click.echo("ink: an estimate in pages at 5% coverage, the pages printers' cartridge "
                   "yields are rated in")
    total = sum(b.size for b in built)
    click.echo(f"{plural(len(built), 'file')}, {plural(sum(b.pages for b in built), 'page')}, "
               f"{total / 1024:.1f} KiB in {out}")


def plural(number: int, noun: str) -> str:
    """'1 file', '2 files': a count with its noun in the right number (regular plurals)."""
    return f"{number} {noun}{'' if number == 1 else 's'}"
