"""Writing a job's files: all of them or none, through :func:`~generator.io.output.staged`."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..io.output import atomic_write, prepare_parent, staged
from ..sheets.files import OutFile

#: Told (files written so far, files in all) after each file, to move a progress bar.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Built:
    """A file a job wrote: where it is, its pages and its length in bytes."""

    path: Path
    pages: int
    size: int
    #: Sheets of paper the file prints on, when the build was asked to count them.
    sheets: int | None = None
    #: Gives the file's ink in rated pages (see :mod:`generator.sheets.ink`), when the
    #: build was asked to count it: worked out in the background, waited for when read.
    ink_of: Callable[[], float] | None = field(default=None, compare=False, repr=False)
    #: The page size the summary names, as :attr:`OutFile.paper`.
    paper: str | None = None

    @property
    def ink(self) -> float | None:
        return None if self.ink_of is None else self.ink_of()


def write_files(out_dir: Path, files: Iterable[OutFile], *, total: int | None = None,
                progress: Progress | None = None) -> list[Built]:
    """Writes *files* into *out_dir*, all or none: each goes into a hidden folder first
    and they move in together (a caller's ``staged`` block for the same folder moves them
    in with its own). *progress* is told after each file, out of *total* (or of
    ``len(files)``)."""
    if total is None and progress is not None and isinstance(files, Sequence):
        total = len(files)
    built: list[Built] = []
    with staged(out_dir) as stage:
        for file in files:
            path = stage.write(file.name, file.data)
            built.append(Built(path, file.pages, file.size, file.sheets, file.ink_of,
                               file.paper))
            if progress is not None:
                progress(len(built), total if total is not None else len(built))
    return built


def write_one(path: Path, data: bytes | str, *, option: str = "--out") -> Path:
    """Writes one file whole (its folder made if missing); *option* is named if the
    folder cannot be."""
    prepare_parent(path, option)
    return atomic_write(path, data)
