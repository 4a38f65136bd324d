"""Where the shipped templates and fonts are: the checkout first, then the installed package."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parents[2]


def _checkout_dir(name: str) -> Path | None:
    # An editable install or a plain clone keeps the data beside the package, where users
    # edit it; a wheel carries a copy under generator/_data.
    candidate = _CHECKOUT / name
    if candidate.is_dir() and (_CHECKOUT / "pyproject.toml").is_file():
        return candidate
    return None


def _package_dir(name: str) -> Path:
    return Path(str(resources.files("generator") / "_data" / name))


def data_dir(name: str) -> Path:
    return _checkout_dir(name) or _package_dir(name)


def templates_dir() -> Path:
    return data_dir("templates")


def fonts_dir() -> Path:
    return data_dir("fonts")
