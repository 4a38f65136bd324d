"""Checks on an input file before it is parsed: a regular file, not too big, and TOML
whose nesting and dotted keys the parser gets through quickly.

Templates come from users, and ``tomllib`` has no limits of its own: a FIFO or a link to
``/dev/zero`` blocks the reader forever, a 1000-deep array overflows Python's stack, and
a dotted key of 50,000 parts takes minutes and gigabytes (its cost grows faster than the
square of the parts). A single linear pass over the text, stopping at the first excess,
refuses all of these before ``tomllib`` sees them.
"""
from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable
from pathlib import Path

from ..errors import TemplateError

#: The largest template or settings file read, in bytes. The shipped ones are under 10 KB.
MAX_FILE_BYTES = 1_000_000
#: Arrays and inline tables nested deeper than this are refused (templates use 2).
MAX_DEPTH = 32
#: A dotted key (or table header) with more parts than this is refused (templates use 3).
MAX_KEY_PARTS = 32

# What the scan stops at: string openers, comments, brackets, and the punctuation that
# moves between a key and its value. Everything else is skipped by the regex engine.
_TOKEN = re.compile(r'"""|\'\'\'|["\'#\[\]{}=,.\n]')
_MULTI_END = {'"""': re.compile(r'(?<!\\)(?:\\\\)*"""'), "'''": re.compile(r"'''")}
_BASIC_END = re.compile(r'(?<!\\)(?:\\\\)*"|\n')


def read_bounded(path: Path, shown: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of *path*, refusing anything but a regular file of at most *limit* bytes.

    Every file the program reads comes through here (templates, settings, word lists,
    booklet sources, ICC profiles). The file is opened without blocking and then looked
    at through the open descriptor: opening a FIFO would otherwise wait for a writer, and
    a check of the name before opening could be raced by a swap of the file. The read
    stops one byte past the limit in case the file grew meanwhile.

    :raises: :exc:`TemplateError` naming the file as *shown*, or :exc:`OSError`.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise TemplateError(shown, "", expected="a regular file", got="a folder") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise TemplateError(shown, "", expected="a regular file",
                                got=_file_kind(info.st_mode))
        if info.st_size > limit:
            raise TemplateError(shown, "", expected=f"a file of at most {limit:,} bytes",
                                got=f"{info.st_size:,} bytes")
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise TemplateError(shown, "", expected=f"a file of at most {limit:,} bytes",
                            got="more")
    return data


def _file_kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "a special file"


def check_toml_shape(text: str) -> None:
    """Refuses TOML nested deeper than :data:`MAX_DEPTH` or with a dotted key of more than
    :data:`MAX_KEY_PARTS` parts. Syntax errors are left to the parser.

    :raises: :exc:`ValueError` saying what was expected.

    >>> check_toml_shape('a.b = [[1, 2], {c.d = "x.y.z"}]  # a.b.c.d.e')
    >>> check_toml_shape("x = " + "[" * 40 + "]" * 40)
    Traceback (most recent call last):
    ValueError: arrays and inline tables nested at most 32 deep
    >>> check_toml_shape("a" + ".a" * 40 + " = 1")
    Traceback (most recent call last):
    ValueError: keys of at most 32 dotted parts
    """
    shape = _KeyShape()
    pos = 0
    while (match := _TOKEN.search(text, pos)) is not None:
        token, pos = match.group(), match.end()
        pos = _past_literal(text, token, pos)
        shape.read(token)


def _past_literal(text: str, token: str, pos: int) -> int:
    """Where the scan goes on after *token* ending at *pos*: past the string or comment it
    opens (the end of *text* if unclosed), or *pos* for any other token."""
    if token in _MULTI_END:
        closing = _MULTI_END[token].search(text, pos)
        return len(text) if closing is None else closing.end()
    if token == '"':
        closing = _BASIC_END.search(text, pos)
        return len(text) if closing is None else closing.end()
    if token == "'":
        end = text.find("'", pos)
        return len(text) if end < 0 else end + 1
    if token == "#":
        end = text.find("\n", pos)  # the line's end is read next: it ends a key
        return len(text) if end < 0 else end
    return pos


class _KeyShape:
    """What the scan of :func:`check_toml_shape` knows between tokens.

    One stack entry per open bracket: "[" an array, "{" an inline table, "h" a table
    header. In a key (line start, header, after "{" or "," in an inline table) the dots
    are counted; after "=" they are decimal points until the next key begins.
    """

    def __init__(self) -> None:
        self.stack: list[str] = []
        self.in_key, self.parts, self.line_start = True, 1, True

    def read(self, token: str) -> None:
        """Takes in one token; strings and comments change nothing but the line start."""
        step = _STEPS.get(token)
        if step is not None:
            step(self, token)
        self.line_start = token == "\n" or (token == "[" and bool(self.stack)
                                             and self.stack[-1] == "h")

    def newline(self, token: str) -> None:
        if not self.stack:
            self.in_key, self.parts = True, 1

    def dot(self, token: str) -> None:
        if self.in_key:
            self.parts += 1
            if self.parts > MAX_KEY_PARTS:
                raise ValueError(f"keys of at most {MAX_KEY_PARTS} dotted parts")

    def equals(self, token: str) -> None:
        self.in_key = False

    def comma(self, token: str) -> None:
        if self.stack and self.stack[-1] == "{":
            self.in_key, self.parts = True, 1

    def open(self, token: str) -> None:
        stack = self.stack
        if token == "[" and self.in_key and (not stack or stack[-1] == "h") and self.line_start:
            stack.append("h")   # [table] or [[array of tables]]: a key follows
            return
        stack.append(token)
        if len(stack) > MAX_DEPTH:
            raise ValueError(f"arrays and inline tables nested at most {MAX_DEPTH} deep")
        self.in_key, self.parts = token == "{", 1

    def close(self, token: str) -> None:
        if self.stack:
            self.stack.pop()
        self.in_key = False   # a value or a header has ended: the next key starts a line


#: What each punctuation token does to the scan's state.
_STEPS: dict[str, Callable[[_KeyShape, str], None]] = {
    "\n": _KeyShape.newline, ".": _KeyShape.dot, "=": _KeyShape.equals,
    ",": _KeyShape.comma, "[": _KeyShape.open, "{": _KeyShape.open,
    "]": _KeyShape.close, "}": _KeyShape.close}
