"""A request's JSON body, read within bounds: its size, the time it takes to arrive, its
nesting, the length of its numbers, and text that is valid Unicode.

The API's bodies are flat objects (``{"players": {"south": "pack1:G1"}}`` is the deepest),
so anything nested deeper is refused before the parser sees it: Python's parser recurses
once a level and would fail on 100,000 levels without a clear line. A number of thousands
of digits is refused as Python's ``int`` refuses it (over 4,300 digits), in a line of ours.
"""
from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from ..errors import BodyError
from ..io.prescan import MAX_FILE_BYTES

#: The largest request body read: a layout file's limit and room for the JSON around it.
MAX_BODY = MAX_FILE_BYTES + 64_000
#: The deepest nesting of arrays and objects read (the API needs two).
MAX_DEPTH = 8
#: The longest number read, in characters (the API reads no number at all today).
MAX_NUMBER = 40
#: How long a body may take to arrive once its headers have (a client sending a byte a
#: second would otherwise hold its connection for days).
BODY_SECONDS = 30.0

# A JSON string, escapes included, matched without backtracking (the "unrolled loop").
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKET = re.compile(rb"[\[\]{}]")


async def read_body(chunks: Any, declared: str | None) -> bytes:
    """The body from the async iterator *chunks*, at most :data:`MAX_BODY` bytes, within
    :data:`BODY_SECONDS`.

    :raises: :exc:`BodyError` (413 too large, 408 too slow).
    """
    if declared is not None:
        if not declared.isascii() or not declared.isdigit() or len(declared) > 18:
            raise BodyError(f"Content-Length {declared[:30]!r} is not a number of bytes")
        if int(declared) > MAX_BODY:
            raise BodyError(f"request of {int(declared)} bytes: at most {MAX_BODY} are read",
                            413)
    parts: list[bytes] = []
    read = 0

    async def gather() -> None:
        nonlocal read
        async for chunk in chunks:
            read += len(chunk)
            if read > MAX_BODY:
                raise BodyError(f"request over {MAX_BODY} bytes", 413)
            parts.append(chunk)

    try:
        await asyncio.wait_for(gather(), BODY_SECONDS)
    except asyncio.TimeoutError:
        raise BodyError(f"the request body did not arrive within {BODY_SECONDS:g} s "
                        f"({read} bytes came)", 408) from None
    return b"".join(parts)


def json_object(raw: bytes) -> dict[str, Any]:
    """The JSON object *raw* holds (``{}`` for an empty body).

    :raises: :exc:`BodyError` naming what is wrong: not UTF-8, nested too deep, a number
        too long, not JSON, not an object, or a lone surrogate escaped in a string.
    """
    if not raw.strip():
        return {}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BodyError(f"the request body is not UTF-8 text: {e}") from None
    depth = deepest = 0
    for bracket in _BRACKET.finditer(_STRING.sub(b'""', raw)):
        depth += 1 if bracket.group() in (b"[", b"{") else -1
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            raise BodyError(f"the request body nests arrays and objects more than "
                            f"{MAX_DEPTH} deep")
    try:
        data = json.loads(text, parse_int=_number(int), parse_float=_number(float),
                          parse_constant=_constant)
    except ValueError as e:  # JSONDecodeError, and the number checks below
        raise BodyError(f"the request body is not JSON: {e}") from None
    if not isinstance(data, dict):
        raise BodyError("the request body must be a JSON object")
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as e:
        bad = e.object[e.start:e.end] if isinstance(e.object, str) else ""
        raise BodyError(f"the request body escapes a lone surrogate "
                        f"({bad.encode('unicode_escape').decode('ascii')}), which is no "
                        "character: text must be valid Unicode") from None
    return data


def _number(kind: type[int] | type[float]) -> Any:
    def parse(text: str) -> int | float:
        if len(text) > MAX_NUMBER:
            raise ValueError(f"a number of {len(text)} characters (at most {MAX_NUMBER})")
        return kind(text)
    return parse


def _constant(text: str) -> float:
    raise ValueError(f"{text} is not a JSON number")
