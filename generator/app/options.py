"""The values the jobs' options take, for front ends to offer and parse: papers, flips,
marks and the other choices, card sizes, sheet lists, and the formats each job writes.
The figure's are declared with its options, in :mod:`generator.app.figure`.

The booklet's and the tableau's choices are read from their modules when first asked
for: those modules load the typesetter and the figure code, which a command that offers
neither does not need (see docs/performance.md)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..io.languages import LANGUAGES
from ..sheets.cutfiles import FORMATS as CUT_FORMATS
from ..sheets.kit import DEFAULT_ITEMS, SHOP_SIZES, parse_size
from ..sheets.render import FORMATS as RENDER_FORMATS
from ..sheets.selection import parse_sheets
from ..sheets.cutfiles import CutFormat
from ..sheets.spec import (PAPERS, Backs, CutterMarks, Flip, Marks, Orientation, Paper,
                           SheetSpec)

if TYPE_CHECKING:
    from ..docs.booklet.build import IMPOSITIONS as BOOKLET_IMPOSITIONS
    from ..docs.booklet.build import PAPERS as BOOKLET_PAPERS
    from ..docs.tableau import TABLEAU_FORMATS

__all__ = [
    "BOOKLET_IMPOSITIONS", "BOOKLET_PAPERS", "CUT_FORMATS", "CutFormat", "DEFAULT_ITEMS",
    "LANGUAGES", "PAPERS", "RENDER_FORMATS", "SHOP_SIZES", "TABLEAU_FORMATS", "Backs",
    "CutterMarks", "Flip", "Marks", "Orientation", "Paper", "SheetSpec", "parse_sheets",
    "parse_size",
]


def __getattr__(name: str) -> Any:
    if name in ("BOOKLET_IMPOSITIONS", "BOOKLET_PAPERS"):
        from ..docs.booklet import build
        return build.IMPOSITIONS if name == "BOOKLET_IMPOSITIONS" else build.PAPERS
    if name == "TABLEAU_FORMATS":
        from ..docs.tableau import TABLEAU_FORMATS
        return TABLEAU_FORMATS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
