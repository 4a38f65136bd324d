"""A file made and encoded but not written: what the sheets' and the documents' layout
hands up to the jobs (:mod:`generator.app`), which write them all or none."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class OutFile:
    #: Where the file goes inside the output folder: ``kit.pdf``, ``cards/pack1/x.png``.
    name: str
    data: bytes | str
    pages: int = 1
    #: Sheets of paper the file prints on, when the build was asked to count them.
    sheets: int | None = None
    #: Gives the file's ink in rated pages (see :mod:`.ink`), when asked to count it:
    #: worked out in the background, and waited for when first read.
    ink_of: Callable[[], float] | None = field(default=None, compare=False, repr=False)
    #: The page size, for a file whose pages are not the sheets the kit was asked to print
    #: on (a booklet's: ``A5 (148 x 210 mm)``); None for the kit's own files.
    paper: str | None = None

    @property
    def size(self) -> int:
        """The file's length in bytes, as written (text in UTF-8)."""
        return len(self.data.encode("utf-8") if isinstance(self.data, str) else self.data)
