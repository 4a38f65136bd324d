"""Printer profiles: the sheet settings that suit one printer (paper, flip, margins, and the
back correction read off the calibration sheet), saved by name as TOML files in the user's
config folder (``platformdirs``; ``OPENCARDS_CONFIG_DIR`` overrides it, as the tests do)."""
from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from ..errors import GeneratorError, NotFoundError, ProfileError, did_you_mean, excerpt
from ..model.limits import BACK_OFFSET, BACK_ROTATE, BACK_SCALE, EDGE_MARGIN, MARGIN, Limit
from .output import atomic_write, prepare_dir
from .reader import Reader, display_path, read_toml

#: Set to a folder to keep profiles there instead of the user's config folder.
CONFIG_ENV = "OPENCARDS_CONFIG_DIR"
#: A profile's name, matched in full (``re.match`` with ``$`` would let a name end in a
#: newline through, and the file name with it).
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
#: What a profile's paper and flip may be: the choices of --paper and --flip.
PAPERS = ("a4", "letter", "a3", "a5", "tabloid")
FLIPS = ("long", "short")


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


def check_name(name: str) -> str:
    """*name* if it may name a profile.

    :raises: :exc:`ProfileError` saying what a name is.
    """
    if not _NAME.fullmatch(name):
        raise ProfileError(f"printer {excerpt(name)}: a name is letters, digits, '.', '_' "
                           "and '-' (up to 64), starting with a letter or digit")
    return name


def _path(name: str) -> Path:
    return _folder() / f"{check_name(name)}.toml"


def _entries() -> Iterator[tuple[str, Path]]:
    """Every ``*.toml`` entry of the profiles folder (of any kind: a file, a link, a
    folder, a FIFO), by its name without the suffix, in name order."""
    folder = _folder()
    try:
        listing = sorted(os.listdir(folder))
    except (FileNotFoundError, NotADirectoryError):
        return
    except OSError as e:
        raise ProfileError(f"{folder}: cannot list the printer profiles "
                           f"({e.strerror or type(e).__name__})") from None
    for entry in listing:
        if entry.endswith(".toml") and not entry.startswith("."):
            yield entry[:-len(".toml")], folder / entry


def names() -> list[str]:
    """The names of every entry in the profiles folder, usable or not."""
    return [name for name, _ in _entries()]


def _inside_config(action: str) -> None:
    """Refuses to *action* a profile when the profiles folder is, or passes through, a link
    that leads out of the config folder: nothing is written or removed outside it (a link
    planted there would otherwise turn ``printer save`` into a write anywhere)."""
    folder = _folder()
    config = os.path.realpath(config_dir())
    if not os.path.lexists(folder):
        return
    real = os.path.realpath(folder)
    if os.path.commonpath([real, config]) != config or real == config:
        raise ProfileError(f"{folder}: leads to {real}, outside the config folder {config}; "
                           f"printer profiles are not {action} there (make 'printers' a "
                           f"folder of its own)")


def save(name: str, profile: Profile) -> Path:
    path = _path(name)
    _inside_config("written")
    prepare_dir(path.parent)
    return atomic_write(path, profile.toml())


def load(name: str) -> Profile:
    """:raises: :exc:`NotFoundError` naming the saved profiles, :exc:`ProfileError` or
    :exc:`~generator.errors.TemplateError` for a file that is not a profile."""
    path = _path(name)
    if not os.path.lexists(path):
        saved = names()
        hint = did_you_mean(name, saved)
        listed = ", ".join(saved) or "none saved yet ('opencards printer save NAME ...')"
        raise NotFoundError(f"printer {name!r} not found"
                            + (f" ({hint})" if hint else "")
                            + f"; profiles: {listed}")
    return read(path)


def read(path: Path) -> Profile:
    """The profile in the file *path*, read as templates are (a regular file of bounded
    size and nesting) and checked key by key against the limits of the options its
    values stand in for.

    :raises: :exc:`~generator.errors.TemplateError` naming the file and the key.
    """
    data = read_toml(path)
    r = Reader(display_path(path), data)
    paper = r.raw("paper", "a4")
    if not (isinstance(paper, str) and paper.lower() in PAPERS):
        raise r.fail("paper", "one of " + ", ".join(PAPERS), paper,
                     hint=did_you_mean(paper, PAPERS) if isinstance(paper, str) else None)
    flip = r.choice("flip", {f: f for f in FLIPS}, "long")
    margin = r.number("margin", 5.0, limit=MARGIN)

    def numbers(key: str, default: tuple[float, ...], counts: tuple[int, ...],
                limit: Limit) -> tuple[float, ...]:
        value = r.raw(key, list(default))
        expected = (f"{' or '.join(map(str, counts))} numbers in a list, each "
                    f"{limit.expected()}")
        if not isinstance(value, list) or len(value) not in counts:
            raise r.fail(key, expected, value)
        for i, item in enumerate(value):
            if not _within(item, limit):
                raise r.fail(f"{key}[{i}]", limit.expected(), item)
        return tuple(float(v) for v in value)

    # The same limits as the command-line options these values stand in for.
    margins = numbers("margins", (), (0, 4), EDGE_MARGIN)
    offset = numbers("back_offset", (0.0, 0.0), (2,), BACK_OFFSET)
    rotate = r.number("back_rotate", 0.0, limit=BACK_ROTATE)
    scale = numbers("back_scale", (1.0, 1.0), (2,), BACK_SCALE)
    r.finish()
    return Profile(paper=paper.lower(), flip=flip, margin=margin, margins=margins,
                   back_offset=(offset[0], offset[1]), back_rotate=rotate,
                   back_scale=(scale[0], scale[1]))


def _within(value: object, limit: Limit) -> bool:
    """A TOML number inside *limit*: not a boolean, not NaN, not too big for a float."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return (not isinstance(value, int) or abs(value) < 10 ** 300) and limit.holds(value)


def survey() -> list[tuple[str, Profile | GeneratorError]]:
    """Every entry of the profiles folder with its profile, or the one-line error that
    stops it being used (a name a profile cannot have, a file that is not a profile): one
    bad file hides no other."""
    out: list[tuple[str, Profile | GeneratorError]] = []
    for name, path in _entries():
        try:
            if not _NAME.fullmatch(name):
                raise ProfileError(f"{display_path(path)}: not a profile name (letters, "
                                   "digits, '.', '_' and '-', starting with a letter or "
                                   "digit); rename the file or delete it")
            out.append((name, read(path)))
        except GeneratorError as e:
            out.append((name, e))
    return out


def delete(name: str) -> Path:
    """Removes the entry *name* that :func:`names` lists, whatever is in it: a corrupt
    file, one with a name ``save`` would refuse, a link (not what it points to), a FIFO,
    or an empty folder.

    :raises: :exc:`NotFoundError` for a name not listed, :exc:`ProfileError` if it
    cannot be removed.
    """
    path = dict(_entries()).get(name)
    if path is not None:
        _inside_config("deleted")
    if path is None:
        check_name(name)
        load(name)          # the error a missing profile gives everywhere
        raise NotFoundError(f"printer {name!r} not found")
    try:
        if stat.S_ISDIR(os.lstat(path).st_mode):
            path.rmdir()
        else:
            path.unlink()
    except OSError as e:
        raise ProfileError(f"{display_path(path)}: cannot delete it "
                           f"({e.strerror or type(e).__name__})") from None
    return path
