"""A backend-neutral display list in millimetres (origin top left, y down).

Art functions build these shapes; the PDF, SVG and PNG backends only translate them.
Colours are ``#rrggbb`` strings; ``None`` means no fill or no stroke.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .geometry import Rect, Transform


@dataclass(frozen=True, slots=True)
class Paint:
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25
    dash: tuple[float, ...] = ()


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
    font size in mm; *rotation* turns the text clockwise around (x, y)."""

    x: float
    y: float
    text: str
    size: float
    fill: str
    font: str = "regular"
    anchor: str = "middle"  # start, middle or end
    rotation: float = 0.0


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


def walk(items: tuple[Item, ...], transform: Transform = Transform()):
    """Yields (shape, transform to page) for every shape under *items*, groups flattened."""
    for item in items:
        if isinstance(item, Group):
            yield from walk(item.items, transform @ item.transform)
        else:
            yield item, transform


def fmt(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def dump(items: tuple[Item, ...], indent: int = 0) -> str:
    """A stable text form of a scene, for golden tests and readable diffs."""
    lines = []
    pad = "  " * indent
    for item in items:
        if isinstance(item, Group):
            t = item.transform
            head = f"{pad}group key={item.key} role={item.role}"
            if not t.is_identity:
                head += " matrix=" + ",".join(fmt(v) for v in (t.a, t.b, t.c, t.d, t.e, t.f))
            if item.clip:
                r = item.clip
                head += f" clip={fmt(r.x)},{fmt(r.y)},{fmt(r.w)},{fmt(r.h)}"
            lines.append(head)
            lines.append(dump(item.items, indent + 1))
        elif isinstance(item, Box):
            r = item.rect
            lines.append(f"{pad}box {fmt(r.x)},{fmt(r.y)},{fmt(r.w)},{fmt(r.h)} "
                         f"r={fmt(item.radius)} {_paint(item.paint)}")
        elif isinstance(item, Circle):
            lines.append(f"{pad}circle {fmt(item.cx)},{fmt(item.cy)} r={fmt(item.r)} "
                         f"{_paint(item.paint)}")
        elif isinstance(item, Line):
            lines.append(f"{pad}line {fmt(item.x1)},{fmt(item.y1)} {fmt(item.x2)},"
                         f"{fmt(item.y2)} {_paint(item.paint)}")
        elif isinstance(item, Polygon):
            pts = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in item.points)
            lines.append(f"{pad}polygon {pts} closed={item.closed} {_paint(item.paint)}")
        elif isinstance(item, Text):
            lines.append(f"{pad}text {item.text!r} {fmt(item.x)},{fmt(item.y)} "
                         f"size={fmt(item.size)} font={item.font} anchor={item.anchor} "
                         f"rot={fmt(item.rotation)} fill={item.fill}")
    return "\n".join(line for line in lines if line)


def _paint(p: Paint) -> str:
    text = f"fill={p.fill} stroke={p.stroke}"
    if p.stroke:
        text += f" w={fmt(p.width)}"
    if p.dash:
        text += " dash=" + ",".join(fmt(d) for d in p.dash)
    return text
