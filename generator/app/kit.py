"""The build: the kit's items as print-ready PDFs with kit.pdf, and the rule booklets
named among the items, written in one all-or-nothing step. The job looks the items up
in the library (:func:`kit_items`); the sheets get them as printables, with the
settings."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import ImpositionError, NotFoundError
from ..io.languages import LANGUAGES
from ..io.output import staged
from ..io.templates import Library
from ..model.units import Size
from ..sheets.kit import DEFAULT_ITEMS, Items, kit_files
from ..sheets.printable import printable
from ..sheets.cutfiles import CutFormat
from ..sheets.files import OutFile
from ..sheets.spec import Backs, CutterMarks, SheetSpec
from .duplex import matching_fronts
from .files import Built, write_files

#: What the default ``opencards build`` adds to the kit's items.
DEFAULT_BOOKLETS = ("booklet-en",)
PREFIX = "booklet-"


def default_items(sheets: frozenset[int] | None = None, lang: str | None = None
                  ) -> tuple[str, ...]:
    """What a build makes when no item is named: the kit and the booklet in *lang*
    (default English); a reprint of some sheets is of the kit's sheets only."""
    booklets = DEFAULT_BOOKLETS if lang is None else (PREFIX + lang,)
    return DEFAULT_ITEMS if sheets else (*DEFAULT_ITEMS, *booklets)


def split_booklets(items: Sequence[str]) -> tuple[list[str], list[str]]:
    """The kit's items and the languages of the booklets among *items* (``booklet-ru``).

    :raises: :exc:`NotFoundError` for ``booklet-xx`` in a language without a booklet.
    """
    kit = [name for name in items if not name.startswith(PREFIX)]
    langs = [name.removeprefix(PREFIX) for name in items if name.startswith(PREFIX)]
    for lang in langs:
        if lang not in LANGUAGES:
            known = ", ".join(PREFIX + code for code in LANGUAGES)
            raise NotFoundError(f"no booklet {PREFIX + lang!r}; expected one of {known}")
    return kit, langs


def kit_items(library: Library, names: Sequence[str]) -> Items:
    """The kit items *names* name (each once, in order) as printables, by the name each
    was asked for.

    :raises: the errors of :meth:`Library.item` for a misspelt name or a template that
        is no kit item.
    """
    return {name: printable(library.item(name)) for name in dict.fromkeys(names)}


@dataclass(frozen=True)
class KitOptions:
    """What ``opencards build`` is asked for (besides the print-shop files)."""

    #: Packs, letter sets, boards, traditional packs, and ``booklet-LANG``: each a file.
    items: Sequence[str] = DEFAULT_ITEMS
    spec: SheetSpec = SheetSpec()
    #: The card size asked for, overriding the settings' and a traditional pack's own.
    card: Size | None = None
    cmyk: bool = False
    #: The glue strip shared by neighbouring board pieces, in mm.
    overlap: float = 6.0
    #: Only these sheets of each item (``NAME-sheets-2,5-6.pdf``).
    sheets: frozenset[int] | None = None
    #: Each file's ink estimate, for the summary (PDFium rasterises every page: about
    #: as much work as drawing them, so only on request; sheets of paper are always given).
    count_ink: bool = False
    #: A cut file per card sheet for a cutting machine, and its marks on the fronts.
    cut: CutFormat | None = None
    cut_marks: CutterMarks | None = None
    #: Paper edge to the cutter's marks and their brackets' arms (Silhouette Studio's
    #: Inset and Length), in mm; none: the sheet chooses (see sheets.cards.oriented_plan).
    cut_mark_inset: float | None = None
    cut_mark_length: float | None = None


def build_kit(library: Library, out_dir: Path, options: KitOptions = KitOptions(), *,
              progress: Callable[[str], None] | None = None) -> list[Built]:
    """Writes ``NAME.pdf`` for each kit item, ``kit.pdf`` with all of them (in the
    items' order) and ``booklet-LANG.pdf`` for each booklet named, into *out_dir*: all of
    them, or none. *progress* is told each kit item's name as its drawing starts. The
    booklets are set on half of the kit's sheet (:func:`~.booklet.booklet_paper`).

    :raises: :exc:`~generator.errors.GeneratorError` subclasses for a misspelt item,
        options that do not go together, a drawing that cannot be made or a file that
        cannot be written; nothing is written then.
    """
    names, langs = split_booklets(options.items)
    items = kit_items(library, names)  # a misspelt name fails before a booklet is drawn
    spec = options.spec
    for option, value in (("--cut-marks", options.cut_marks),
                          ("--cut-mark-inset", options.cut_mark_inset),
                          ("--cut-mark-length", options.cut_mark_length)):
        if value is not None and options.cut is None:
            raise ImpositionError(f"{option} sets the marks of --cut; add --cut svg "
                                  "or --cut dxf")
    if options.cut_marks is not None:
        spec = replace(spec, cutter_style=options.cut_marks)
    spec = replace(spec, cutter_inset=options.cut_mark_inset,
                   cutter_length=options.cut_mark_length)
    built: list[Built] = []
    # One staging for the kit and the booklets: all their files move in, or none.
    with staged(out_dir):
        if items:
            files: Iterable[OutFile] = kit_files(
                items, library.settings(), spec=spec, card=options.card, cmyk=options.cmyk,
                overlap=options.overlap, progress=progress, sheets=options.sheets,
                count_ink=options.count_ink,
                cut=options.cut)
            if spec.backs is Backs.BACKS_ONLY:
                files = matching_fronts(out_dir, files)
            built = write_files(out_dir, files)
        if langs:
            # Imported here: the typesetter is a third of the start-up of a build
            # that makes no booklet.
            from .booklet import booklet_files, booklet_paper, made_booklets
            # The kit first: its ink estimate is worked out in the background meanwhile.
            for made in made_booklets(library, langs, booklet_paper(spec.paper)):
                built += write_files(out_dir, booklet_files(made))
    return built
