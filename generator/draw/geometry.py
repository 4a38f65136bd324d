"""Plain geometry in millimetres, y pointing down: the one home of sizes, rectangles and
affine transforms. Pure: standard library only."""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ..model.units import Size as Size


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def inset(self, d: float) -> Rect:
        """Shrinks by *d* on every side (negative *d* grows, e.g. to add bleed)."""
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def contains(self, other: Rect, tol: float = 1e-9) -> bool:
        return (other.x >= self.x - tol and other.y >= self.y - tol
                and other.right <= self.right + tol and other.bottom <= self.bottom + tol)

    def intersects(self, other: Rect) -> bool:
        return (self.x < other.right and other.x < self.right
                and self.y < other.bottom and other.y < self.bottom)

    @staticmethod
    def bounding(points: Iterable[tuple[float, float]]) -> Rect:
        xs, ys = zip(*points)
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def corners(self) -> tuple[tuple[float, float], ...]:
        return ((self.x, self.y), (self.right, self.y), (self.right, self.bottom),
                (self.x, self.bottom))


@dataclass(frozen=True, slots=True)
class Transform:
    """The affine map x' = a x + c y + e, y' = b x + d y + f (PDF's matrix order)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    @staticmethod
    def translate(dx: float, dy: float) -> Transform:
        return Transform(e=dx, f=dy)

    @staticmethod
    def scale(sx: float, sy: float | None = None) -> Transform:
        return Transform(a=sx, d=sx if sy is None else sy)

    @staticmethod
    def rotate(degrees: float, about: tuple[float, float] = (0.0, 0.0)) -> Transform:
        """Turns clockwise on the page (y points down) by *degrees* around *about*."""
        cos: float
        sin: float
        if degrees % 90 == 0:
            # Exact values keep quarter turns free of 1e-17 noise in the output files.
            cos, sin = [(1, 0), (0, 1), (-1, 0), (0, -1)][int(degrees // 90) % 4]
        else:
            rad = math.radians(degrees)
            cos, sin = math.cos(rad), math.sin(rad)
        turn = Transform(cos, sin, -sin, cos)
        x, y = about
        return Transform.translate(x, y) @ turn @ Transform.translate(-x, -y)

    @staticmethod
    def mirror_x(axis: float) -> Transform:
        """Mirrors left-right across the vertical line x = *axis*."""
        return Transform(a=-1.0, e=2 * axis)

    @staticmethod
    def mirror_y(axis: float) -> Transform:
        """Mirrors top-bottom across the horizontal line y = *axis*."""
        return Transform(d=-1.0, f=2 * axis)

    def __matmul__(self, other: Transform) -> Transform:
        """``self @ other`` applies *other* first, then *self*."""
        return Transform(
            self.a * other.a + self.c * other.b, self.b * other.a + self.d * other.b,
            self.a * other.c + self.c * other.d, self.b * other.c + self.d * other.d,
            self.a * other.e + self.c * other.f + self.e,
            self.b * other.e + self.d * other.f + self.f)

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)

    def apply_rect(self, rect: Rect) -> Rect:
        return Rect.bounding(self.apply(x, y) for x, y in rect.corners())

    @property
    def is_identity(self) -> bool:
        return self == _IDENTITY

    @property
    def scale_factor(self) -> float:
        """The length scale (transforms here are rotations, mirrors, uniform scales)."""
        return math.sqrt(abs(self.a * self.d - self.b * self.c))

    @property
    def rotation(self) -> float:
        """The turn in degrees (clockwise on the page), ignoring any mirror."""
        return math.degrees(math.atan2(self.b, self.a))

    @property
    def mirrored(self) -> bool:
        return self.a * self.d - self.b * self.c < 0



#: Compared with rather than built afresh: every group of every page asks.
_IDENTITY = Transform()
