"""A backend-neutral display list in millimetres (origin top left, y down).

Art functions build these shapes; the PDF, SVG and PNG backends only translate them.
Colours are ``#rrggbb`` strings; ``None`` means no fill or no stroke.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Union

from .geometry import Rect, Transform


@dataclass(frozen=True, slots=True)
class Paint:
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25
    dash: tuple[float, ...] = ()
    #: 1 opaque, less see-through: the shape (fill and stroke together) is laid over what
    #: is below at this strength, as SVG's ``opacity`` does.
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle, optionally with rounded corners."""

    rect: Rect
    paint: Paint
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    paint: Paint


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    paint: Paint


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    paint: Paint
    closed: bool = True


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text. (x, y) is the baseline point the anchor refers to; *size* is the
    font size in mm; *rotation* turns the text clockwise around (x, y). *word_space* is
    extra room after each space, in mm (justified lines of a booklet). *colours* are
    runs of the text drawn in a fill of their own, ``(start, end, fill)`` in characters,
    in order and apart (a red suit's sign in a line of black text): the line is measured
    and placed as one, whatever its colours."""

    x: float
    y: float
    text: str
    size: float
    fill: str
    font: str = "regular"
    anchor: str = "middle"  # start, middle or end
    rotation: float = 0.0
    word_space: float = 0.0
    colours: tuple[tuple[int, int, str], ...] = ()

    @property
    def spaces(self) -> int:
        return self.text.count(" ")

    def runs(self) -> list[tuple[str, str]]:
        """The text cut where its colour changes, as (part, fill): one part without
        :attr:`colours`."""
        parts, at = [], 0
        for start, end, fill in self.colours:
            if start > at:
                parts.append((self.text[at:start], self.fill))
            if end > start:
                parts.append((self.text[start:end], fill))
            at = max(at, end)
        if at < len(self.text) or not parts:
            parts.append((self.text[at:], self.fill))
        return parts


def runs_of(t: Text, measure: Callable[[str, str, float], float]) -> list[Text]:
    """A text with :attr:`~Text.colours` as one start-anchored text per colour run, each
    where it stands in the whole line (its spaces stretched by *word_space*), for backends
    that draw a text in one colour. *measure* is the font metric."""
    width = measure(t.text, t.font, t.size) + t.word_space * t.spaces
    along = -{"start": 0.0, "middle": width / 2, "end": width}[t.anchor]
    # Along the baseline, turned as the text is (clockwise, y down).
    dx, dy = math.cos(math.radians(t.rotation)), math.sin(math.radians(t.rotation))
    parts = []
    for part, fill in t.runs():
        parts.append(replace(t, x=t.x + along * dx, y=t.y + along * dy, text=part,
                             fill=fill, anchor="start", colours=()))
        along += measure(part, t.font, t.size) + t.word_space * part.count(" ")
    return parts


def words_of(t: Text, measure: Callable[[str, str, float], float]) -> list[Text]:
    """A text with *word_space* as one start-anchored text per word, for backends that
    cannot stretch spaces (SVG outlines, Pillow). *measure* is the font metric."""
    width = measure(t.text, t.font, t.size) + t.word_space * t.spaces
    x = t.x - {"start": 0.0, "middle": width / 2, "end": width}[t.anchor]
    space = measure(" ", t.font, t.size) + t.word_space
    parts = []
    for word in t.text.split(" "):
        if word:
            parts.append(replace(t, x=x, text=word, anchor="start", word_space=0.0))
        x += measure(word, t.font, t.size) + space
    return parts


@dataclass(frozen=True, slots=True)
class Group:
    """Shapes drawn through *transform*, clipped to *clip* (in the group's own units).
    Groups with the same *key* are identical and may be drawn once and reused."""

    items: tuple[Item, ...]
    transform: Transform = Transform()
    clip: Rect | None = None
    key: str | None = None
    role: str | None = None


Item = Union[Box, Circle, Line, Polygon, Text, Group]

#: The role of a group whose shapes a print shop's file prints in every ink (C, M, Y and K
#: at 100 %), as crop marks must be to show on each printing plate. Other output draws it
#: in its own colours.
REGISTRATION = "registration"


@dataclass(frozen=True, slots=True)
class Page:
    """A page of *width* x *height* mm. *trim* and *bleed* become the PDF TrimBox/BleedBox."""

    width: float
    height: float
    items: tuple[Item, ...] = ()
    trim: Rect | None = None
    bleed: Rect | None = None
    background: str | None = None
    label: str = ""


def walk(items: tuple[Item, ...], transform: Transform = Transform()
         ) -> Iterator[tuple[Item, Transform]]:
    """Yields (shape, transform to page) for every shape under *items*, groups flattened."""
    for item in items:
        if isinstance(item, Group):
            yield from walk(item.items, transform @ item.transform)
        else:
            yield item, transform


def fmt(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text

