"""The kit's files: every item as a print-ready PDF, plus kit.pdf with all of them in
printing order, encoded and handed to the build job (:mod:`generator.app.kit`), which
writes them all or none.

A build of one item draws its pages one at a time and drops each once it is in the PDF,
so its memory hardly grows with the cards. kit.pdf replays the pages drawn for the items'
files, and for their content streams to mean the same in every file, each file numbers
its glyphs from every character of every page (see
:func:`~generator.draw.backends.pdfset.render_with_whole`), known only once all are drawn:
a kit of several items is drawn once and kept whole until written, or, from
:data:`LAZY_KIT_CARDS` cards on, drawn page by page twice (characters first)."""
from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from ..draw.backends import pdf, pdfset
from ..draw.geometry import Size
from .calibration import calibration_pages
from .cutfiles import CutFormat, cut_files
from .board import blank_back
from .cards import card_sheets
from .fold import fold_sheets
from .ink import Counting
from .sharing import CardArt, Part, shared_parts, shares
from .selection import check_chosen, pick_sheets, sheet_text
from .spec import Backs, SheetSpec
from ..errors import ImpositionError, OutputError
from .files import OutFile
from .printable import printable
from ..draw.scene import Page
from ..model.settings import Settings
from ..io.templates import Library
from ..model.units import parse_length

#: What ``opencards build`` makes when no --only is given, in printing order: the packs of
#: the basic version, the two decks of the initial version, the letter sets, the boards.
#: A box that plays every game of the default booklets: ``tests/test_kit_complete.py``
#: fails when a game there needs an item missing here (see :mod:`generator.io.kit_needs`).
#: A list rather than worked out from the booklet: the box is a product of its own, the
#: same whichever booklet goes with it, and its order is chosen for the printer.
DEFAULT_ITEMS = ("pack1", "pack2", "simple1", "simple2", "latin1", "latin2", "cyrillic",
                 "board-a", "colourless")


#: Card sizes print shops sell, in inches as they list them: ``--card-size poker`` is
#: 2.5 x 3.5 in. A size typed in mm stays in mm (a 63 x 88 mm card is not a poker card).
SHOP_SIZES: dict[str, tuple[float, float]] = {
    "poker": (2.5, 3.5), "bridge": (2.25, 3.5), "tarot": (2.75, 4.75),
    "mini": (1.75, 2.5), "square": (3.5, 3.5), "jumbo": (3.5, 5.5)}


def parse_size(text: str) -> Size:
    """Reads ``25x50mm``, ``25mmx50mm``, ``1x2in``: width x height; or the name of a shop
    size (``poker``: 2.5 x 3.5 in).

    :raises: :exc:`ValueError` if *text* is not a size.
    """
    named = SHOP_SIZES.get(text.strip().lower())
    if named is not None:
        return Size(*(parse_length(f"{side:g}in") for side in named))
    parts = re.split(r"\s*[x\u00d7]\s*", text.strip().lower())
    if len(parts) != 2 or not all(parts):
        raise ValueError(f"not a size: {text!r}")
    unit = re.search(r"[a-z]+$", parts[1])
    first = parts[0] if re.search(r"[a-z]$", parts[0]) else parts[0] + (unit.group(0)
                                                                        if unit else "mm")
    second = parts[1] if unit else parts[1] + "mm"
    return Size(parse_length(first), parse_length(second))


def item_pages(library: Library, name: str, spec: SheetSpec, settings: Settings, *,
               overlap: float = 6.0, card: Size | None = None) -> list[Page]:
    """The sheets of one kit item: card fronts and backs, or a board in pieces. *card* is
    the size asked for on the command line: it overrides a traditional pack's own."""
    return list(iter_item_pages(library, name, spec, settings, overlap=overlap, card=card))


def iter_item_pages(library: Library, name: str, spec: SheetSpec, settings: Settings, *,
                    overlap: float = 6.0, card: Size | None = None) -> Iterator[Page]:
    """The pages of :func:`item_pages` one at a time, each card drawn only when its sheet
    is: what a file of one item is written from, so that memory does not grow with the
    number of cards."""
    return printable(library.item(name)).sheets(spec, settings, overlap=overlap, card=card)


def card_art(library: Library, name: str, spec: SheetSpec, settings: Settings,
             card: Size | None = None) -> CardArt | None:
    """Every card of item *name* drawn with the spec's bleed, or None for a board."""
    item = printable(library.item(name))
    if not item.cards:
        return None
    sides = list(item.sides(settings, bleed=spec.bleed, card_size=card))
    return CardArt([face for _, face, _ in sides], [back for _, _, back in sides],
                   item.size(settings, card), item.title)


def card_pages_of(art: CardArt, spec: SheetSpec) -> list[Page]:
    """The sheets of *art*: folded pairs, or fronts and backs."""
    if spec.backs is Backs.FOLD:
        return fold_sheets(art.fronts, art.backs, art.size, spec, art.title)
    return card_sheets(art.fronts, art.backs, art.size, spec, art.title)


def _one_sided(library: Library, name: str) -> bool:
    return not printable(library.item(name)).backs


def _duplex_ready(pages: list[Page], spec: SheetSpec, one_sided: bool) -> list[Page]:
    """Board pieces print on one side; in a duplex kit each gets a blank reverse so that
    every card sheet still has its backs on the reverse."""
    if spec.backs is not Backs.DUPLEX or not one_sided:
        return pages
    out: list[Page] = []
    for page in pages:
        out += [page, blank_back(spec, page)]
    return out


def kit_files(library: Library, *, items: Sequence[str] = DEFAULT_ITEMS,
              spec: SheetSpec = SheetSpec(), card: Size | None = None, cmyk: bool = False,
              overlap: float = 6.0, progress: Callable[[str], None] | None = None,
              sheets: frozenset[int] | None = None, count_ink: bool = False,
              cut: CutFormat | None = None) -> list[OutFile]:
    """``NAME.pdf`` for each item and ``kit.pdf`` with all of them, in *items* order,
    encoded. *sheets* keeps only those sheets of each item (see :mod:`.selection`; the
    files are then ``NAME-sheets-2,5-6.pdf``); *count_ink* fills in each file's sheets of
    paper and ink estimate. *cut* (``svg`` or ``dxf``) also makes a cut file per card
    sheet (see :mod:`.cutfiles`) and prints the cutter's marks.

    :raises: :exc:`ImpositionError` if no item has any of *sheets*.
    """
    settings = library.settings()
    if card is not None:
        # Squares have the cards' shape: a card must cover its square on the board.
        settings = replace(settings, card=card, square=card)
    items = list(dict.fromkeys(items))
    # A misspelt name or two items sharing a file fail before any progress is shown.
    stems = output_stems(library, items)
    if spec.gap > 0 and items and all(_one_sided(library, name) for name in items):
        raise ImpositionError("--gap spaces the cards on card sheets; a board is printed "
                              "one piece a page, so a gap means nothing to it (leave "
                              "--gap out, or build cards with it)")
    cut_encoded: list[tuple[str, bytes]] = []
    if cut is not None:
        # The sheets keep their corners for the cutter's marks, and print them.
        spec = replace(spec, cutter_marks=True)
        cut_encoded = cut_files(library, items, spec, settings, cut, card=card,
                                sheets=sheets, stems=stems)
    # By hand the two sides are two files each, side by side in one folder.
    side = {Backs.FRONTS_ONLY: "-fronts", Backs.BACKS_ONLY: "-backs"}.get(spec.backs, "")
    if len(items) == 1 and sheets is None:
        # One file and no kit.pdf: its pages are drawn as they are written, so a letter
        # set of thousands of cards takes about the memory of one of 32.
        (name,) = items
        if progress:
            progress(name)
        file = f"{stems[name]}{side}.pdf"
        one = _render_lazily(library, name, spec, settings, overlap=overlap, card=card,
                             cmyk=cmyk, count_ink=count_ink)
        return _files([] if one is None else [(file, *one)], cut_encoded)
    if (len(items) > 1 and sheets is None and not shares(spec, sheets, cut)
            and _cards(library, items) >= LAZY_KIT_CARDS):
        return _files(_render_kit_lazily(
            library, items, [f"{stems[name]}{side}.pdf" for name in items],
            f"kit{side}.pdf", spec, settings, overlap=overlap, card=card, cmyk=cmyk,
            count_ink=count_ink, progress=progress), cut_encoded)
    drawn = {}
    for name in items:
        if progress:
            progress(name)
        drawn[name] = item_pages(library, name, spec, settings, overlap=overlap, card=card)
    documents: list[tuple[str, list[Page], str]] = []
    if sheets is not None:
        check_chosen(sheets, {name: _sheet_count(library, name, pages, spec)
                              for name, pages in drawn.items()})
        drawn = {name: pick_sheets(pages, _pages_per_sheet(library, name, spec), sheets)
                 for name, pages in drawn.items()}
        # A reprint never replaces the whole item's file.
        side += f"-sheets-{sheet_text(sheets)}"
    # kit-backs.pdf pairs with kit-fronts.pdf even when the boards leave one card item.
    whole_kit = len(drawn) > 1
    drawn = {name: pages for name, pages in drawn.items() if pages}
    for name, pages in drawn.items():
        documents.append((f"{stems[name]}{side}.pdf", pages,
                          f"opencards {library.item(name).name}"))
    parts = [Part((name,), pages) for name, pages in drawn.items()]
    if whole_kit and shares(spec, sheets, cut):
        # On A3 small items share sheets in kit.pdf (see :mod:`.sharing`).
        parts = shared_parts(list(drawn), drawn,
                             lambda name: card_art(library, name, spec, settings, card),
                             spec, lambda art: card_pages_of(art, spec))
    if whole_kit:
        kit = [p for part in parts
               for p in _duplex_ready(part.pages, spec, _one_sided(library, part.names[0]))]
        # Each page is drawn once, for its item's file; kit.pdf reuses what was drawn
        # (pages of sheets shared on A3 are drawn for it).
        parts_data, whole = pdfset.render_with_whole(
            [(pages, title) for _, pages, title in documents], kit,
            whole_title="opencards kit", cmyk=cmyk)
        encoded = [(file, pages, data)
                   for (file, pages, _), data in zip(documents, parts_data)]
        encoded.append((f"kit{side}.pdf", kit, whole))
    else:
        encoded = [(file, pages, pdf.render(pages, title=title, cmyk=cmyk))
                   for file, pages, title in documents]
    counts: dict[str, tuple[int | None, Ink | None]] = {}
    if count_ink:
        # The ink of each item is read off its PDF, just encoded: no page is drawn again.
        data_of = {file: data for file, _, data in encoded}
        with Counting() as counting:
            per_item = {name: (_paper_sheets(library, name, len(pages), spec),
                               counting.of_document(data_of[f"{stems[name]}{side}.pdf"]))
                        for name, pages in drawn.items()}
            per_part = [per_item[part.names[0]] if len(part.names) == 1 else
                        (_paper_sheets(library, part.names[0], len(part.pages), spec),
                         counting.of_pages(part.pages)) for part in parts]
        counts = {f"{stems[name]}{side}.pdf": c for name, c in per_item.items()}
        counts[f"kit{side}.pdf"] = (sum(c[0] for c in per_part),
                                    _total([c[1] for c in per_part]))
    return _files([(file, len(pages), data, *counts.get(file, (None, None)))
                   for file, pages, data in encoded], cut_encoded)


#: A file's ink in rated pages, when asked for (see :class:`.ink.Counting`).
Ink = Callable[[], float]
#: A file ready to write: name, pages, bytes, sheets of paper and ink (or None, None).
_Encoded = tuple[str, int, bytes, int | None, Ink | None]


def _total(inks: Sequence[Ink]) -> Ink:
    """The ink of the files whose inks are *inks*, together."""
    return lambda: sum(ink() for ink in inks)


def _render_lazily(library: Library, name: str, spec: SheetSpec, settings: Settings, *,
                   overlap: float, card: Size | None, cmyk: bool, count_ink: bool
                   ) -> tuple[int, bytes, int | None, Ink | None] | None:
    """Item *name*'s own PDF, each page drawn, written and dropped in turn: (pages, bytes,
    sheets of paper and ink when *count_ink*, else None), or None if it has no page."""
    pages = iter_item_pages(library, name, spec, settings, overlap=overlap, card=card)
    first = next(pages, None)
    if first is None:
        return None
    drawn = [0]

    def counted() -> Iterator[Page]:
        for page in itertools.chain((first,), pages):
            drawn[0] += 1
            yield page
    data = pdf.render(counted(), title=f"opencards {library.item(name).name}", cmyk=cmyk)
    if not count_ink:
        return drawn[0], data, None, None
    with Counting() as counting:
        ink = counting.of_document(data)
    return drawn[0], data, _paper_sheets(library, name, drawn[0], spec), ink


#: From this many cards on, a kit of several items is drawn page by page, twice: once to
#: read the characters every file numbers its glyphs from, once into the files. That
#: costs about a fifth more time and keeps memory flat; a smaller kit is drawn once and
#: kept whole until written (a 1,000-card kit's drawings take about 8 MB).
LAZY_KIT_CARDS = 1000


def _cards(library: Library, items: Sequence[str]) -> int:
    """The cards of *items* (a board has none)."""
    return sum(printable(library.item(name)).cards for name in items)


def _render_kit_lazily(library: Library, items: Sequence[str], files: Sequence[str],
                       kit_file: str, spec: SheetSpec, settings: Settings, *,
                       overlap: float, card: Size | None, cmyk: bool, count_ink: bool,
                       progress: Callable[[str], None] | None) -> list[_Encoded]:
    """Each item's file (*files*, in *items* order) and the kit's (*kit_file*) as the
    list path of :func:`build` writes them when no sheets are shared, byte for byte, with
    no page kept once it is in its files. Items without pages get no file."""
    def pages_of(name: str) -> Iterator[Page]:
        return iter_item_pages(library, name, spec, settings, overlap=overlap, card=card)

    # The first drawing: characters, and which items have pages at all.
    found: dict[str, set[str]] = {}
    named: list[str] = []
    for name in items:
        before = len(named)
        one_sided = _one_sided(library, name)
        for page in pages_of(name):
            # With its blank reverse, whose note's characters every file numbers too.
            pdfset.characters(_duplex_ready([page], spec, one_sided), found)
            if len(named) == before:
                named.append(name)

    def parts() -> Iterator[tuple[Iterator[Page], str]]:
        for name in items:
            if progress:
                progress(name)
            if name in named:
                yield pages_of(name), f"opencards {library.item(name).name}"

    def after(index: int, page: Page) -> list[Page]:
        return _duplex_ready([page], spec, _one_sided(library, named[index]))[1:]
    datas, whole, counts, kit_pages = pdfset.render_parts_and_whole(
        parts(), pdfset.glyph_order(found), after, whole_title="opencards kit", cmyk=cmyk)
    by_name = dict(zip(items, files))
    encoded: list[_Encoded] = [(by_name[name], pages, data, None, None)
                               for name, data, pages in zip(named, datas, counts)]
    if not count_ink:
        return encoded + [(kit_file, kit_pages, whole, None, None)]
    with Counting() as counting:
        encoded = [(file, pages, data, _paper_sheets(library, name, pages, spec),
                    counting.of_document(data))
                   for name, (file, pages, data, _, _) in zip(named, encoded)]
    return encoded + [(kit_file, kit_pages, whole, sum(e[3] or 0 for e in encoded),
                       _total([e[4] for e in encoded if e[4] is not None]))]


def _files(encoded: Sequence[_Encoded], cut_encoded: Sequence[tuple[str, bytes]]
           ) -> list[OutFile]:
    return [OutFile(file, data, pages, paper, ink)
            for file, pages, data, paper, ink in encoded] + [
        OutFile(file, data) for file, data in cut_encoded]


#: The whole kit's file: no item may be written under this name beside it.
KIT_STEM = "kit"


def output_stems(library: Library, items: Sequence[str]) -> dict[str, str]:
    """The file name stem of each item: its template's name made safe (``--only
    ../x/evil.toml`` is written as ``evil.pdf`` inside the output folder).

    :raises: :exc:`OutputError` when two items would share a file, or when a kit of more
        than one item has an item named ``kit`` (its file would be kit.pdf); the errors
        of :meth:`Library.item` for a misspelt name.
    """
    stems: dict[str, str] = {}
    taken: dict[str, str] = {}
    for name in items:
        stem = printable(library.item(name)).stem
        if stem.casefold() in taken:
            raise OutputError(f"{name!r} and {taken[stem.casefold()]!r} would both be "
                              f"written as {stem}.pdf; rename one of the templates")
        if stem.casefold() == KIT_STEM and len(items) > 1:
            raise OutputError(f"{name!r} would be written as {KIT_STEM}.pdf, the file of "
                              f"the whole kit; rename the template")
        taken[stem.casefold()] = name
        stems[name] = stem
    return stems


def _pages_per_sheet(library: Library, name: str, spec: SheetSpec) -> int:
    """Pages a numbered sheet of *name* has: a card sheet's fronts and backs, duplex or
    glued; one page otherwise."""
    two = spec.backs in (Backs.DUPLEX, Backs.GLUE) and not _one_sided(library, name)
    return 2 if two else 1


def _sheet_count(library: Library, name: str, pages: list[Page], spec: SheetSpec) -> int:
    """Numbered sheets of *name* (what ``--sheets`` picks from)."""
    return -(-len(pages) // _pages_per_sheet(library, name, spec))


def _paper_sheets(library: Library, name: str, pages: int, spec: SheetSpec) -> int:
    """Sheets of paper *pages* pages of *name* print on: a duplex card sheet is one,
    anything else one a page (a glued sheet's backs are paper of their own)."""
    if spec.backs is Backs.DUPLEX and not _one_sided(library, name):
        return -(-pages // 2)
    return pages


def calibration_file(spec: SheetSpec) -> OutFile:
    """The duplex calibration sheet of *spec*'s paper and flip as a PDF."""
    pages = calibration_pages(spec)
    data = pdf.render(pages, title="opencards duplex calibration")
    return OutFile(f"calibration-{spec.paper}-{spec.flip}.pdf", data, len(pages))
