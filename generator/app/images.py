"""Pictures of the system: one file per card or board (``render``), the contact sheet
(``preview``) and the figures gallery (``gallery``)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..docs.gallery import FIGURES, gallery_page
from ..draw.backends import png
from ..io.figures import figure_layout
from ..io.output import staged
from ..io.templates import Library
from ..sheets.preview import BOARDS, LETTER_CARDS, PACK_CARDS, contact_sheet
from ..sheets.render import encode, file_name, render_pages
from .files import Progress, write_one


@dataclass(frozen=True)
class RenderOptions:
    """What ``opencards render`` is asked for."""

    fmt: str = "png"
    dpi: int = 300
    #: Art extended past the trim on every side, in mm.
    bleed: float = 0.0


def render(library: Library, name: str, out_dir: Path,
           options: RenderOptions = RenderOptions(), *,
           progress: Progress | None = None) -> list[Path]:
    """Writes every card face and back of the pack or letter set *name*, or the board
    *name*, one file each in *out_dir*, all or none; returns them in pack order.

    Everything is drawn before the folder is made; the files are encoded one at a time
    as they are written.
    """
    pages = render_pages(library.item(name), library.settings(), options.fmt,
                         dpi=options.dpi, bleed=options.bleed)
    written: list[Path] = []
    with staged(out_dir) as stage:
        for stem, page in pages:
            written.append(stage.write(file_name(stem, options.fmt),
                                       encode(page, options.fmt, dpi=options.dpi)))
            if progress:
                progress(len(written), len(pages))
    return written


def preview(library: Library, out_file: Path, *, dpi: float = 100) -> Path:
    """Writes the contact sheet (one card of every pack and letter set, face over back,
    and both boards) as the PNG *out_file*; ``docs/preview.png`` is this at 100 dpi."""
    sheet = contact_sheet(library.settings(),
                          {name: library.pack(name) for name, _ in PACK_CARDS},
                          {name: library.letter_set(name) for name, _, _ in LETTER_CARDS},
                          {name: library.board(name) for name in BOARDS})
    return write_one(out_file, png.render(sheet, dpi=dpi))


def gallery(library: Library, out_file: Path, *, dpi: float = 100) -> Path:
    """Writes the figures gallery as the PNG *out_file*; ``docs/figures.png`` is this at
    100 dpi (a test keeps it up to date)."""
    layouts = {name: figure_layout(library, name) for name, _, _ in FIGURES}
    return write_one(out_file, png.render(gallery_page(layouts, library.settings()), dpi=dpi))
