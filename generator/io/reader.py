"""Reading TOML templates with key paths, so every mistake is reported as file: key: expected."""
from __future__ import annotations

import math
import os
import tomllib
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from ..errors import TemplateError, did_you_mean, excerpt
from ..model.cards import COLOUR_CHOICES, Colour
from ..model.limits import Limit
from ..model.units import LENGTH_FORMS, parse_length
from .prescan import check_toml_shape, read_bounded

T = TypeVar("T")
_MISSING: Any = object()


def describe(value: object) -> str:
    """How a TOML value is named in an error message: its text and, if confusing, its type."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return excerpt(value)
    if isinstance(value, int) and abs(value) >= 10 ** 60:
        return f"an integer of {len(str(abs(value)))} digits"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"


def display_path(path: Path) -> str:
    """A path as the user would type it: relative to the working folder when inside it."""
    return _display(str(path), os.getcwd())


@lru_cache(maxsize=1024)
def _display(path: str, cwd: str) -> str:
    # Cached: every template read and every reference check names its file, and resolving
    # a path costs a system call per folder in it.
    try:
        return str(Path(path).resolve().relative_to(Path(cwd).resolve()))
    except (ValueError, OSError, RuntimeError):
        # Outside the working folder, or a name that cannot be resolved (a loop of links
        # raises RuntimeError, a name over the system's limit OSError): shown as given,
        # and the read that follows says what is wrong with it.
        return path


def file_exists(path: Path, shown: str) -> bool:
    """Whether anything is at *path* (a link's target, FIFOs and folders included: the
    reader refuses those by name).

    :raises: :exc:`TemplateError` for a name the system refuses to look up: one too long,
        or a loop of symbolic links.
    """
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as e:
        raise TemplateError(shown, "", expected="a file name the system can open",
                            got=e.strerror or type(e).__name__) from None
    except ValueError:   # a NUL in the name
        raise TemplateError(shown, "", expected="a file name without NUL") from None
    return True


def link_loop(path: Path) -> frozenset[str] | None:
    """The files of the loop of symbolic links *path* leads into (absolute, as the links
    name them), or None if it leads to a file, to nothing, or through a linked folder.

    >>> link_loop(Path("/")) is None
    True
    """
    seen: list[str] = []
    here = os.path.abspath(path)
    while os.path.islink(here) and len(seen) < 64:
        if here in seen:
            return frozenset(seen[seen.index(here):])
        seen.append(here)
        try:
            target = os.readlink(here)
        except OSError:
            return None
        here = os.path.normpath(os.path.join(os.path.dirname(here), target))
    return frozenset(seen[seen.index(here):]) if here in seen else None


def read_toml(path: Path) -> dict[str, Any]:
    """Parses a TOML file, turning syntax and encoding errors into one-line TemplateErrors.

    Only a regular file of at most :data:`~generator.io.prescan.MAX_FILE_BYTES` is read,
    and its nesting and dotted keys are checked before the parser sees them.
    """
    shown = display_path(path)
    try:
        text = read_bounded(path, shown).decode("utf-8")
    except UnicodeDecodeError:
        raise TemplateError(shown, "", expected="UTF-8 text") from None
    except OSError as e:
        raise TemplateError(shown, "", expected="a readable file",
                            got=e.strerror or type(e).__name__) from None
    return parse_toml_text(text, shown)


def parse_toml_text(text: str, shown: str) -> dict[str, Any]:
    """Parses TOML *text* read from *shown* (a file, an upload, stdin), as :func:`read_toml`
    does: its nesting and dotted keys checked first, errors as one-line TemplateErrors."""
    try:
        check_toml_shape(text)
    except ValueError as e:
        raise TemplateError(shown, "", expected=str(e)) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TemplateError(shown, "", expected="valid TOML", got=str(e)) from None
    except ValueError as e:
        # tomllib lets int() refuse integers of more than 4300 digits.
        raise TemplateError(shown, "", expected="valid TOML",
                            got=str(e).split(":")[0]) from None
    except RecursionError:
        raise TemplateError(shown, "", expected="valid TOML nested less deeply") from None


class Reader:
    """A view of one TOML table that remembers its key path and which keys were read.

    Call :meth:`finish` once all known keys are read: anything left is an unknown key.
    """

    def __init__(self, path: str, data: Mapping[str, Any], prefix: str = "") -> None:
        self.path = path
        self.data = data
        self.prefix = prefix
        self._seen: set[str] = set()

    def key(self, key: str) -> str:
        return f"{self.prefix}.{key}" if self.prefix else key

    def fail(self, key: str, expected: str, got: object = _MISSING, *, raw: bool = False,
             hint: str | None = None) -> TemplateError:
        shown = None if got is _MISSING else (str(got) if raw else describe(got))
        return TemplateError(self.path, self.key(key), expected=expected, got=shown, hint=hint)

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = _MISSING, what: str = "a value") -> Any:
        self._seen.add(key)
        if key in self.data:
            return self.data[key]
        if default is _MISSING:
            raise TemplateError(self.path, self.key(key), expected=what, problem="missing")
        return default

    def _typed(self, key: str, default: Any, check: Callable[[Any], bool], what: str) -> Any:
        value = self.raw(key, default, what)
        if value is default and default is not _MISSING:
            return value
        if not check(value):
            raise self.fail(key, what, value)
        return value

    def string(self, key: str, default: Any = _MISSING) -> str:
        value: str = self._typed(key, default, lambda v: isinstance(v, str), "a string")
        return value

    def boolean(self, key: str, default: Any = _MISSING) -> bool:
        value: bool = self._typed(key, default, lambda v: isinstance(v, bool),
                                  "true or false")
        return value

    def integer(self, key: str, default: Any = _MISSING, *, low: int | None = None,
                high: int | None = None) -> int:
        what = "an integer" if low is None or high is None else f"an integer from {low} to {high}"
        value: int = self._typed(key, default, lambda v: isinstance(v, int)
                                 and not isinstance(v, bool), what)
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.fail(key, what, value)
        return value

    def number(self, key: str, default: Any = _MISSING, *, limit: Limit | None = None
               ) -> float:
        """A finite number (TOML's nan and inf are refused), inside *limit* if given."""
        what = limit.expected() if limit else "a finite number"
        value = self._typed(key, default, lambda v: isinstance(v, (int, float))
                            and not isinstance(v, bool), what)
        result = float(value) if not isinstance(value, int) or abs(value) < 10 ** 300 \
            else math.inf
        if not math.isfinite(result) or (limit is not None and not limit.holds(result)):
            raise self.fail(key, what, value)
        return result

    def length(self, key: str, default: Any = _MISSING, *, positive: bool = True,
               limit: Limit | None = None) -> float:
        """A finite length in mm, inside *limit* if given, else greater than 0 (or, with
        *positive* false, any)."""
        value = self.raw(key, default, LENGTH_FORMS)
        try:
            mm = parse_length(value)
        except ValueError:
            raise self.fail(key, LENGTH_FORMS, value) from None
        if limit is not None and not limit.holds(mm):
            raise self.fail(key, limit.expected(), value)
        if positive and mm <= 0:
            raise self.fail(key, "a length greater than 0", value)
        return mm

    def choice(self, key: str, choices: Mapping[str, T], default: Any = _MISSING) -> T:
        expected = "one of " + ", ".join(repr(c) for c in choices)
        value = self.raw(key, default, expected)
        if value is default and default is not _MISSING:
            given: T = value   # the caller's default, already of its type
            return given
        if isinstance(value, str) and value in choices:
            return choices[value]
        hint = did_you_mean(value, choices) if isinstance(value, str) else None
        raise self.fail(key, expected, value, hint=hint)

    def strings(self, key: str, default: Any = _MISSING) -> list[str]:
        value = self._typed(key, default, lambda v: isinstance(v, list)
                            and all(isinstance(x, str) for x in v), "a list of strings")
        return list(value)

    def words(self, key: str, default: Any = _MISSING) -> list[str]:
        """A list written either as a TOML list of strings or as one space-separated string."""
        what = "a space-separated string or a list of strings"
        value = self.raw(key, default, what)
        if isinstance(value, str):
            return value.split()
        if isinstance(value, list) and all(isinstance(x, str) for x in value):
            return list(value)
        raise self.fail(key, what, value)

    def table(self, key: str, default_empty: bool = False) -> Reader:
        value = self.raw(key, {} if default_empty else _MISSING, "a table")
        if not isinstance(value, dict):
            raise self.fail(key, "a table", value)
        return Reader(self.path, value, self.key(key))

    def keys(self) -> list[str]:
        """All keys of this table, in file order, marked as read (the caller checks each)."""
        self._seen.update(self.data)
        return list(self.data)

    def finish(self) -> None:
        """Rejects the first unknown key, suggesting the closest known one."""
        for key in self.data:
            if key not in self._seen:
                raise TemplateError(self.path, self.key(key), problem="unknown key",
                                    expected="one of " + ", ".join(sorted(self._seen)),
                                    hint=did_you_mean(key, self._seen))


def require_known(path: str, key: str, name: str, known: Iterable[str], expected: str,
                  got: str | None = None) -> None:
    """Rejects *name* unless it is one of *known*, listing them and suggesting the closest.

    :raises: :exc:`TemplateError` at *key* of *path*.
    """
    options = sorted(known)
    if name not in options:
        raise TemplateError(path, key, expected=f"{expected}: " + ", ".join(options),
                            got=got if got is not None else repr(name),
                            hint=did_you_mean(name, options))


def read_colour(reader: Reader, key: str, value: object) -> Colour:
    """*value* at *key* as a colour (``R``, ``red``, ...).

    :raises: :exc:`TemplateError` listing the colours.
    """
    try:
        return Colour.parse(value)  # type: ignore[arg-type]
    except (ValueError, AttributeError):
        raise reader.fail(key, f"a colour: {COLOUR_CHOICES}", value) from None
