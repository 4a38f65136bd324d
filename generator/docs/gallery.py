"""The figures gallery, docs/figures.png: shipped example layouts drawn by the figure tool
with their own annotations, side by side."""
from __future__ import annotations

from pathlib import Path

from ..io.templates import Library


def write_gallery(library: Library, path: Path, *, dpi: float = 100) -> Path:
    raise NotImplementedError
