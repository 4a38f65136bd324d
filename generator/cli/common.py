"""What every command module shares: the template library of the invocation, JSON output
and lengths typed on the command line."""
from __future__ import annotations

import json
from typing import Any

import click

from ..io.templates import Library
from ..model.units import LENGTH_FORMS, parse_length


def library(ctx: click.Context) -> Library:
    """The shipped templates, behind the user's own ``--templates`` folders."""
    return Library.with_user_dirs(ctx.obj["templates"])


def emit_json(data: object, *, sort_keys: bool = False) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=sort_keys, ensure_ascii=False))


def mm(text: str) -> float:
    """A length typed on the command line: a bare number is mm, else "2mm", "0.1in"...

    :raises: :exc:`ValueError` if *text* is not a length.
    """
    try:
        return float(text)
    except ValueError:
        return parse_length(text.strip())


class Length(click.ParamType):
    """A length option in mm, refused outside [*low*, *high*] with one line."""

    name = "length"

    def __init__(self, low: float = 0.0, high: float = 20.0) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        try:
            length = mm(str(value))
        except ValueError:
            self.fail(f"expected {LENGTH_FORMS}, got {value!r}", param, ctx)
        if not self.low <= length <= self.high:
            self.fail(f"expected a length from {self.low:g} to {self.high:g} mm, "
                      f"got {value!r}", param, ctx)
        return length
