"""The values the jobs' options take, for front ends to offer and parse: papers, flips,
marks and the other choices, card sizes, sheet lists, and the formats each job writes.
The figure's are declared with its options, in :mod:`generator.app.figure`."""
from __future__ import annotations

from ..docs.booklet.build import IMPOSITIONS as BOOKLET_IMPOSITIONS
from ..docs.booklet.build import PAPERS as BOOKLET_PAPERS
from ..docs.tableau import TABLEAU_FORMATS
from ..io.booklets import LANGUAGES
from ..sheets.cutfiles import FORMATS as CUT_FORMATS
from ..sheets.kit import DEFAULT_ITEMS, SHOP_SIZES, parse_size
from ..sheets.render import FORMATS as RENDER_FORMATS
from ..sheets.selection import parse_sheets
from ..sheets.cutfiles import CutFormat
from ..sheets.spec import (PAPERS, Backs, CutterMarks, Flip, Marks, Orientation, Paper,
                           SheetSpec)

__all__ = [
    "BOOKLET_IMPOSITIONS", "BOOKLET_PAPERS", "CUT_FORMATS", "CutFormat", "DEFAULT_ITEMS",
    "LANGUAGES", "PAPERS", "RENDER_FORMATS", "SHOP_SIZES", "TABLEAU_FORMATS", "Backs",
    "CutterMarks", "Flip", "Marks", "Orientation", "Paper", "SheetSpec", "parse_sheets",
    "parse_size",
]
