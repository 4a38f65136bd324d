"""Reads a PDF's drawing as a RIP would: every content stream (pages, and the forms they
place, each once) with the graphics state that applies at each operator: the matrix, the
fill and stroke colours, the line width, overprint. The preflight (:mod:`.preflight`)
judges what it sees; the ink check (:mod:`.inkcover`) rewrites the streams it walked.

A form placed in several places is walked once, in the state of its first placing: a
form's drawing is the same wherever it goes, and ours start from a state of their own.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import pikepdf

#: The resource category each operator's name operand is looked up in (ISO 32000-1,
#: 7.8.3); ``scn``/``SCN`` take a name only for a pattern, as their last operand.
RESOURCE_OF = {"gs": "/ExtGState", "Tf": "/Font", "Do": "/XObject", "cs": "/ColorSpace",
               "CS": "/ColorSpace", "scn": "/Pattern", "SCN": "/Pattern", "sh": "/Shading"}
#: Colour spaces named by operators (``cs``) that need no resource.
DEVICE_SPACES = {"/DeviceGray", "/DeviceRGB", "/DeviceCMYK", "/Pattern"}
FILLS = {"f", "F", "f*", "B", "B*", "b", "b*"}
STROKES = {"S", "s", "B", "B*", "b", "b*"}
TEXT_SHOWS = {"Tj", "TJ", "'", '"'}
PATH_BUILDERS = {"m", "l", "c", "v", "y", "re", "h"}

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` (PDF's row-vector order: ``cm`` makes ``m x CTM``)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


@dataclass(frozen=True)
class PdfColour:
    """A colour as set: its space (``DeviceCMYK``, ``DeviceGray``, ``DeviceRGB`` or the
    name of a colour space resource) and its components."""

    space: str
    values: tuple[float, ...]

    def cmyk(self) -> tuple[float, float, float, float] | None:
        """The inks it prints with, for a device CMYK or grey colour; else None."""
        if self.space == "DeviceCMYK" and len(self.values) == 4:
            c, m, y, k = self.values
            return (c, m, y, k)
        if self.space == "DeviceGray" and len(self.values) == 1:
            return (0.0, 0.0, 0.0, round(1 - self.values[0], 6))
        return None


BLACK_GREY = PdfColour("DeviceGray", (0.0,))


@dataclass(frozen=True)
class GraphicsState:
    ctm: Matrix = IDENTITY
    fill: PdfColour = BLACK_GREY
    stroke: PdfColour = BLACK_GREY
    width: float = 1.0
    fill_overprint: bool = False
    stroke_overprint: bool = False
    overprint_mode: int = 0

    def line_width(self) -> float:
        """The line width in page units (pt): the width scaled by the matrix's mean scale."""
        a, b, c, d, _, _ = self.ctm
        return self.width * math.sqrt(abs(a * d - b * c))


@dataclass
class Stream:
    """One content stream walked: the page's or a form's."""

    obj: Any                 # the pikepdf object: a page dictionary or a form stream
    key: tuple[int, int]     # its object number and generation
    page: int                # the page (from 1) it was first drawn on
    kind: str                # "page" or "form"
    instructions: list[Any] = field(default_factory=list)


@dataclass(frozen=True)
class Event:
    """What one operator did: *what* is ``fill``, ``stroke``, ``text``, ``image``,
    ``missing`` (a name not in the stream's resources), ``colour`` (a colour set),
    ``state`` (a graphics state set by ``gs``) or ``font``; *state* is the state it did
    it in; *box* the page-space bounds (pt) of the path or image it painted; *name* the
    resource it named; *target* the resource itself."""

    what: str
    stream: Stream
    index: int
    op: str
    state: GraphicsState
    box: tuple[float, float, float, float] | None = None
    name: str = ""
    category: str = ""
    target: Any = None


Visitor = Callable[[Event], None]


def _inherited_resources(page: Any) -> Any:
    node = page
    while node is not None:
        if "/Resources" in node:
            return node.Resources
        node = node.get("/Parent")
    return None


def _numbers(operands: Any) -> tuple[float, ...]:
    return tuple(float(v) for v in operands if not isinstance(v, pikepdf.Object))


class _Walker:
    def __init__(self, visit: Visitor) -> None:
        self.visit = visit
        self.seen: set[tuple[int, int]] = set()
        self.streams: list[Stream] = []

    def run(self, stream: Stream, resources: Any, state: GraphicsState) -> None:
        self.streams.append(stream)
        stream.instructions = list(pikepdf.parse_content_stream(stream.obj))
        stack: list[GraphicsState] = []
        path: list[tuple[float, float]] = []
        for index, (operands, operator) in enumerate(stream.instructions):
            op = str(operator)

            def event(what: str, box: Any = None, **kw: Any) -> None:
                self.visit(Event(what, stream, index, op, state, box, **kw))
            found = self._resource(op, operands, resources, event)
            if op == "q":
                stack.append(state)
            elif op == "Q" and stack:
                state = stack.pop()
            elif op == "cm":
                a, b, c, d, e, f = (float(v) for v in operands)
                state = replace(state, ctm=multiply((a, b, c, d, e, f), state.ctm))
            elif op == "w":
                state = replace(state, width=float(operands[0]))
            elif op in ("k", "K", "g", "G", "rg", "RG", "sc", "SC", "scn", "SCN", "cs", "CS"):
                state = self._colour(op, operands, state, found)
                event("colour")
            elif op == "gs" and found is not None:
                state = self._extgstate(found, state)
                event("state", name=str(operands[0]), target=found)
            elif op in PATH_BUILDERS:
                path += self._points(op, operands, state.ctm)
            elif op in FILLS or op in STROKES or op in ("n",):
                box = _bounds(path)
                if op in FILLS:
                    event("fill", box)
                if op in STROKES:
                    event("stroke", box)
                path = []
            elif op in TEXT_SHOWS:
                event("text")
            elif op == "Do" and found is not None:
                self._place(found, str(operands[0]), state, stream, event)

    @staticmethod
    def _resource(op: str, operands: Any, resources: Any,
                  event: Callable[..., None]) -> Any:
        category = RESOURCE_OF.get(op)
        if category is None or not operands:
            return None
        name = operands[-1] if op in ("scn", "SCN") else operands[0]
        if not isinstance(name, pikepdf.Name):
            return None
        if op in ("cs", "CS") and str(name) in DEVICE_SPACES:
            return None
        table = resources.get(category) if resources is not None else None
        if table is None or name not in table:
            event("missing", name=str(name), category=category)
            return None
        target = table[name]
        if op == "Tf":
            event("font", name=str(name), target=target)
        return target

    @staticmethod
    def _colour(op: str, operands: Any, state: GraphicsState, found: Any) -> GraphicsState:
        stroking = op.isupper()
        space = {"k": "DeviceCMYK", "g": "DeviceGray", "rg": "DeviceRGB"}.get(op.lower())
        if op in ("cs", "CS"):
            # A space named by a resource is known by its family ([/Separation ...]).
            named = found if found is not None else operands[0]
            family = named[0] if isinstance(named, pikepdf.Array) and len(named) else named
            colour = PdfColour(str(family).lstrip("/"), ())
        elif space is not None:
            colour = PdfColour(space, _numbers(operands))
        else:   # sc/scn: in the space set last by cs/CS
            current = state.stroke if stroking else state.fill
            colour = PdfColour(current.space, _numbers(operands))
        return replace(state, stroke=colour) if stroking else replace(state, fill=colour)

    @staticmethod
    def _extgstate(gs: Any, state: GraphicsState) -> GraphicsState:
        if "/LW" in gs:
            state = replace(state, width=float(gs.LW))
        if "/OP" in gs:
            state = replace(state, stroke_overprint=bool(gs.OP),
                            fill_overprint=bool(gs.get("/op", gs.OP)))
        if "/op" in gs:
            state = replace(state, fill_overprint=bool(gs.op))
        if "/OPM" in gs:
            state = replace(state, overprint_mode=int(gs.OPM))
        return state

    @staticmethod
    def _points(op: str, operands: Any, ctm: Matrix) -> list[tuple[float, float]]:
        values = [float(v) for v in operands]
        if op == "re":
            x, y, w, h = values
            corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
            return [apply(ctm, px, py) for px, py in corners]
        return [apply(ctm, values[i], values[i + 1]) for i in range(0, len(values) - 1, 2)]

    def _place(self, xobject: Any, name: str, state: GraphicsState, stream: Stream,
               event: Callable[..., None]) -> None:
        subtype = xobject.get("/Subtype")
        if subtype == "/Image":
            corners = [apply(state.ctm, x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]
            event("image", _bounds(corners), name=name, target=xobject)
            return
        if subtype != "/Form" or xobject.objgen in self.seen:
            return
        self.seen.add(xobject.objgen)
        a, b, c, d, e, f = (float(v) for v in xobject.get("/Matrix", IDENTITY))
        inner = replace(state, ctm=multiply((a, b, c, d, e, f), state.ctm))
        # A form without resources of its own: what it names is undefined (the page's
        # resources are no longer looked in since PDF 1.2), so it is walked with none.
        self.run(Stream(xobject, xobject.objgen, stream.page, "form"),
                 xobject.get("/Resources"), inner)


def _bounds(points: list[tuple[float, float]]) -> tuple[float, float, float, float] | None:
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def walk(pdf: pikepdf.Pdf, visit: Visitor) -> list[Stream]:
    """Walks every page of *pdf* and the forms it places, telling *visit* each event;
    returns the streams walked, their instructions parsed."""
    walker = _Walker(visit)
    for number, page in enumerate(pdf.pages, 1):
        walker.run(Stream(page.obj, page.obj.objgen, number, "page"),
                   _inherited_resources(page.obj), GraphicsState())
    return walker.streams


def events(pdf: pikepdf.Pdf) -> Iterator[Event]:
    """Every event of *pdf*, in drawing order."""
    found: list[Event] = []
    walk(pdf, found.append)
    return iter(found)
