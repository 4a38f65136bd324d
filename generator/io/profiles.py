"""Printer profiles: the sheet settings that suit one printer (paper, flip, margins, and the
back correction read off the calibration sheet), saved by name as TOML files in the user's
config folder (``platformdirs``; ``OPENCARDS_CONFIG_DIR`` overrides it, as the tests do)."""
from __future__ import annotations

import os
import re
import tomllib
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from ..errors import NotFoundError, ProfileError, did_you_mean
from ..model.limits import BACK_OFFSET, BACK_ROTATE, BACK_SCALE, EDGE_MARGIN, MARGIN, Limit
from .output import atomic_write, prepare_dir

#: Set to a folder to keep profiles there instead of the user's config folder.
CONFIG_ENV = "OPENCARDS_CONFIG_DIR"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


@dataclass(frozen=True)
class Profile:
    """What a profile holds; *margins* (top, right, bottom, left) is empty when *margin*
    applies to every edge."""

    paper: str = "a4"
    flip: str = "long"
    margin: float = 5.0
    margins: tuple[float, ...] = ()
    back_offset: tuple[float, float] = (0.0, 0.0)
    back_rotate: float = 0.0
    back_scale: tuple[float, float] = (1.0, 1.0)

    def toml(self) -> str:
        lines = ["# An opencards printer profile: 'opencards printer save' wrote it."]
        for key, value in asdict(self).items():
            if isinstance(value, str):
                lines.append(f'{key} = "{value}"')
            elif isinstance(value, (tuple, list)):
                lines.append(f"{key} = [{', '.join(repr(float(v)) for v in value)}]")
            else:
                lines.append(f"{key} = {float(value)!r}")
        return "\n".join(lines) + "\n"


def config_dir() -> Path:
    import platformdirs  # where used: only --printer and 'printer' read the config folder
    return Path(os.environ.get(CONFIG_ENV) or platformdirs.user_config_dir("opencards"))


def _folder() -> Path:
    return config_dir() / "printers"


def _path(name: str) -> Path:
    if not _NAME.match(name):
        raise ProfileError(f"printer {name!r}: a name is letters, digits, '.', '_' and '-' "
                           "(up to 64), starting with a letter or digit")
    return _folder() / f"{name}.toml"


def names() -> list[str]:
    folder = _folder()
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


def save(name: str, profile: Profile) -> Path:
    path = _path(name)
    prepare_dir(path.parent)
    return atomic_write(path, profile.toml())


def load(name: str) -> Profile:
    """:raises: :exc:`NotFoundError` naming the saved profiles, :exc:`ProfileError` for a
    file that is not a profile."""
    path = _path(name)
    if not path.is_file():
        hint = did_you_mean(name, names())
        saved = ", ".join(names()) or "none saved yet ('opencards printer save NAME ...')"
        raise NotFoundError(f"printer {name!r} not found"
                            + (f" ({hint})" if hint else "")
                            + f"; profiles: {saved}")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ProfileError(f"{path}: not a readable profile ({e})") from None
    known = {f.name for f in fields(Profile)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ProfileError(f"{path}: unknown key {unknown[0]!r}; a profile has "
                           f"{', '.join(sorted(known))}")

    def text(key: str, default: str) -> str:
        value = data.get(key, default)
        if not isinstance(value, str):
            raise ProfileError(f"{path}: {key}: expected text, got {value!r}")
        return value

    def number(key: str, default: float, limit: Limit) -> float:
        value = data.get(key, default)
        if not _within(value, limit):
            raise ProfileError(f"{path}: {key}: expected {limit.expected()}, got {value!r}")
        return float(value)

    def numbers(key: str, default: tuple[float, ...], counts: tuple[int, ...],
                limit: Limit) -> tuple[float, ...]:
        value = data.get(key, list(default))
        if (not isinstance(value, list) or len(value) not in counts
                or not all(_within(v, limit) for v in value)):
            raise ProfileError(f"{path}: {key}: expected {' or '.join(map(str, counts))} "
                               f"numbers, each {limit.expected()}, got {value!r}")
        return tuple(float(v) for v in value)

    # The same limits as the command-line options these values stand in for.
    offset = numbers("back_offset", (0.0, 0.0), (2,), BACK_OFFSET)
    scale = numbers("back_scale", (1.0, 1.0), (2,), BACK_SCALE)
    return Profile(paper=text("paper", "a4"), flip=text("flip", "long"),
                   margin=number("margin", 5.0, MARGIN),
                   margins=numbers("margins", (), (0, 4), EDGE_MARGIN),
                   back_offset=(offset[0], offset[1]),
                   back_rotate=number("back_rotate", 0.0, BACK_ROTATE),
                   back_scale=(scale[0], scale[1]))


def _within(value: object, limit: Limit) -> bool:
    """A TOML number inside *limit*: not a boolean, not NaN, not too big for a float."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return (not isinstance(value, int) or abs(value) < 10 ** 300) and limit.holds(value)


def delete(name: str) -> Path:
    path = _path(name)
    load(name)   # the same error for a name that is not there
    path.unlink()
    return path
