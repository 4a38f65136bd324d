"""The kit's files: every item as a print-ready PDF, plus kit.pdf with all of them in
printing order, encoded and handed to the build job (:mod:`generator.app.kit`), which
looks the items up, hands them here as :class:`~.printable.Printable` s with the
settings, and writes the files all or none.

A build takes one of three pipelines, each a function below: one item alone
(:func:`_one_item`: drawn page by page as it is written, no kit.pdf); a large kit
(:func:`_kit_page_by_page`); every other kit, and any reprint of some sheets
(:func:`_kit_kept`: drawn once and kept whole until written).

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
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..draw.backends import pdf, pdfset
from ..draw.geometry import Size
from ..draw.scene import Page
from ..errors import ImpositionError, OutputError
from ..model.settings import Settings
from ..model.units import parse_length
from .board import blank_back
from .calibration import calibration_pages
from .cards import card_sheets
from .cutfiles import CutFormat, cut_files
from .files import OutFile
from .fold import fold_sheets
from .printable import Printable
from .selection import check_chosen, pick_sheets, sheet_text
from .sharing import CardArt, Part, shared_parts, shares
from .spec import Backs, SheetSpec

if TYPE_CHECKING:
    # Imported where an estimate is asked for: a build that counts no ink loads no
    # rasteriser (see docs/performance.md).
    from .ink import Counting

#: What ``opencards build`` makes when no --only is given, in printing order: the packs of
#: the basic version, the two decks of the initial version, the letter sets, the boards.
#: A box that plays every game of the default booklets: ``tests/test_kit_complete.py``
#: fails when a game there needs an item missing here (see :mod:`generator.io.kit_needs`).
#: A list rather than worked out from the booklet: the box is a product of its own, the
#: same whichever booklet goes with it, and its order is chosen for the printer.
DEFAULT_ITEMS = ("pack1", "pack2", "simple1", "simple2", "latin1", "latin2", "cyrillic",
                 "board-a", "colourless")

#: The kit's items by the name each was asked for (``--only``), in printing order: the
#: name says which item an error is about; the item's own name titles its file.
Items = Mapping[str, Printable]

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


def item_pages(item: Printable, spec: SheetSpec, settings: Settings, *,
               overlap: float = 6.0, card: Size | None = None) -> list[Page]:
    """The sheets of one kit item: card fronts and backs, or a board in pieces. *card* is
    the size asked for on the command line: it overrides a traditional pack's own."""
    return list(item.sheets(spec, settings, overlap=overlap, card=card))


def card_art(item: Printable, spec: SheetSpec, settings: Settings,
             card: Size | None = None) -> CardArt | None:
    """Every card of *item* drawn with the spec's bleed, or None for a board."""
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


def _duplex_ready(pages: list[Page], spec: SheetSpec, one_sided: bool) -> list[Page]:
    """Board pieces print on one side; in a duplex kit each gets a blank reverse so that
    every card sheet still has its backs on the reverse."""
    if spec.backs is not Backs.DUPLEX or not one_sided:
        return pages
    out: list[Page] = []
    for page in pages:
        out += [page, blank_back(spec, page)]
    return out


#: A file's ink in rated pages, when asked for (see :class:`.ink.Counting`).
Ink = Callable[[], float]
#: A file ready to write: name, pages, bytes, sheets of paper and ink (None unless the
#: build counts it).
_Encoded = tuple[str, int, bytes, int | None, Ink | None]


@dataclass(frozen=True)
class _Build:
    """What every pipeline of :func:`kit_files` is given: the items, their file names
    and how to draw and encode them."""

    items: Items
    #: Each item's file name, by the name it was asked for (its side and sheets added).
    files: dict[str, str]
    #: kit.pdf's name, its side and sheets added.
    kit_file: str
    spec: SheetSpec
    settings: Settings
    overlap: float
    card: Size | None
    cmyk: bool
    count_ink: bool
    progress: Callable[[str], None] | None

    def pages(self, name: str) -> Iterator[Page]:
        """Item *name*'s sheets, one at a time."""
        return self.items[name].sheets(self.spec, self.settings, overlap=self.overlap,
                                       card=self.card)

    def title(self, name: str) -> str:
        return f"opencards {self.items[name].name}"

    def told(self, name: str) -> None:
        if self.progress:
            self.progress(name)

    def one_sided(self, name: str) -> bool:
        return not self.items[name].backs

    def paper_sheets(self, name: str, pages: int) -> int:
        """Sheets of paper *pages* pages of *name* print on: a duplex card sheet is one,
        anything else one a page (a glued sheet's backs are paper of their own)."""
        if self.spec.backs is Backs.DUPLEX and not self.one_sided(name):
            return -(-pages // 2)
        return pages

    def pages_per_sheet(self, name: str) -> int:
        """Pages a numbered sheet of *name* has: a card sheet's fronts and backs, duplex
        or glued; one page otherwise."""
        two = self.spec.backs in (Backs.DUPLEX, Backs.GLUE) and not self.one_sided(name)
        return 2 if two else 1


def kit_files(items: Items, settings: Settings, *, spec: SheetSpec = SheetSpec(),
              card: Size | None = None, cmyk: bool = False, overlap: float = 6.0,
              progress: Callable[[str], None] | None = None,
              sheets: frozenset[int] | None = None, count_ink: bool = False,
              cut: CutFormat | None = None) -> list[OutFile]:
    """``NAME.pdf`` for each of *items* and ``kit.pdf`` with all of them, in *items*
    order, encoded. *settings* are the library's; *card* overrides their card size.
    *sheets* keeps only those sheets of each item (see :mod:`.selection`; the files are
    then ``NAME-sheets-2,5-6.pdf``). Each PDF comes with the sheets of paper it prints
    on; *count_ink* adds its ink estimate, which rasterises every page (about as much
    work as drawing them). *cut* (``svg`` or ``dxf``) also makes a cut file per card sheet (see
    :mod:`.cutfiles`) and prints the cutter's marks.

    :raises: :exc:`ImpositionError` if no item has any of *sheets*; :exc:`OutputError`
        as :func:`output_stems`.
    """
    if card is not None:
        # Squares have the cards' shape: a card must cover its square on the board.
        settings = replace(settings, card=card, square=card)
    # Two items sharing a file fail before any progress is shown.
    stems = output_stems(items)
    if spec.gap > 0 and items and not any(item.backs for item in items.values()):
        raise ImpositionError("--gap spaces the cards on card sheets; a board is printed "
                              "one piece a page, so a gap means nothing to it (leave "
                              "--gap out, or build cards with it)")
    cut_encoded: list[tuple[str, bytes]] = []
    if cut is not None:
        # The sheets keep their corners for the cutter's marks, and print them.
        spec = replace(spec, cutter_marks=True)
        cut_encoded = cut_files(items, spec, settings, cut, card=card, sheets=sheets,
                                stems=stems)
    # By hand the two sides are two files each, side by side in one folder.
    side = {Backs.FRONTS_ONLY: "-fronts", Backs.BACKS_ONLY: "-backs"}.get(spec.backs, "")
    if sheets is not None:
        # A reprint never replaces the whole item's file.
        side += f"-sheets-{sheet_text(sheets)}"
    build = _Build(items, {name: f"{stem}{side}.pdf" for name, stem in stems.items()},
                   f"kit{side}.pdf", spec, settings, overlap, card, cmyk, count_ink,
                   progress)
    if len(items) == 1 and sheets is None:
        encoded = _one_item(build)
    elif (len(items) > 1 and sheets is None and not shares(spec, sheets, cut)
          and sum(item.cards for item in items.values()) >= LAZY_KIT_CARDS):
        encoded = _kit_page_by_page(build)
    else:
        encoded = _kit_kept(build, sheets, cut)
    return [OutFile(file, data, pages, paper, ink)
            for file, pages, data, paper, ink in encoded] + [
        OutFile(file, data) for file, data in cut_encoded]


def _total(inks: Sequence[Ink]) -> Ink:
    """The ink of the files whose inks are *inks*, together."""
    return lambda: sum(ink() for ink in inks)


def _one_item(build: _Build) -> list[_Encoded]:
    """The item's own PDF and no kit.pdf, each page drawn, written and dropped in turn,
    so that a letter set of thousands of cards takes about the memory of one of 32.
    Nothing if it has no page (a board's backs)."""
    (name,) = build.items
    build.told(name)
    pages = build.pages(name)
    first = next(pages, None)
    if first is None:
        return []
    drawn = [0]

    def counted() -> Iterator[Page]:
        for page in itertools.chain((first,), pages):
            drawn[0] += 1
            yield page
    data = pdf.render(counted(), title=build.title(name), cmyk=build.cmyk)
    file, paper = build.files[name], build.paper_sheets(name, drawn[0])
    if not build.count_ink:
        return [(file, drawn[0], data, paper, None)]
    from .ink import Counting
    with Counting() as counting:
        ink = counting.of_document(data)
    return [(file, drawn[0], data, paper, ink)]


def _kit_kept(build: _Build, sheets: frozenset[int] | None,
              cut: CutFormat | None) -> list[_Encoded]:
    """Every item drawn once and kept until the files are encoded: each item's file (of
    its *sheets* only, if given) and kit.pdf (on A3 with small items sharing sheets)."""
    drawn = {}
    for name in build.items:
        build.told(name)
        drawn[name] = item_pages(build.items[name], build.spec, build.settings,
                                 overlap=build.overlap, card=build.card)
    if sheets is not None:
        check_chosen(sheets, {name: -(-len(pages) // build.pages_per_sheet(name))
                              for name, pages in drawn.items()})
        drawn = {name: pick_sheets(pages, build.pages_per_sheet(name), sheets)
                 for name, pages in drawn.items()}
    # kit-backs.pdf pairs with kit-fronts.pdf even when the boards leave one card item.
    whole_kit = len(drawn) > 1
    drawn = {name: pages for name, pages in drawn.items() if pages}
    with _Inks(build) as inks:
        if not whole_kit:
            encoded: list[tuple[str, int, bytes]] = []
            for name, pages in drawn.items():
                data = pdf.render(pages, title=build.title(name), cmyk=build.cmyk)
                inks.finished(len(encoded), data)
                encoded.append((build.files[name], len(pages), data))
            return inks.counted(drawn, [], encoded)
        parts = [Part((name,), pages) for name, pages in drawn.items()]
        if shares(build.spec, sheets, cut):
            # On A3 small items share sheets in kit.pdf (see :mod:`.sharing`).
            parts = shared_parts(list(drawn), drawn,
                                 lambda name: card_art(build.items[name], build.spec,
                                                       build.settings, build.card),
                                 build.spec, lambda art: card_pages_of(art, build.spec))
        kit = [p for part in parts for p in _duplex_ready(part.pages, build.spec,
                                                          build.one_sided(part.names[0]))]
        # Each page is drawn once, for its item's file; kit.pdf reuses what was drawn
        # (pages of sheets shared on A3 are drawn for it).
        datas, whole = pdfset.render_with_whole(
            [(pages, build.title(name)) for name, pages in drawn.items()], kit,
            whole_title="opencards kit", cmyk=build.cmyk, finished=inks.finished)
        encoded = [(build.files[name], len(pages), data)
                   for (name, pages), data in zip(drawn.items(), datas)]
        encoded.append((build.kit_file, len(kit), whole))
        return inks.counted(drawn, parts, encoded)


class _Inks:
    """The ink estimates of a build that counts them (nothing otherwise), each item's
    asked for as soon as its file is made: a thread of its own (:class:`.ink.Counting`)
    rasterises it while the next files are written. Used as a context manager."""

    def __init__(self, build: _Build) -> None:
        self.build = build
        self.counting: Counting | None = None
        if build.count_ink:
            from .ink import Counting
            self.counting = Counting()
        #: Each item's ink, in the order of the files.
        self.inks: list[Ink] = []

    def __enter__(self) -> _Inks:
        return self

    def __exit__(self, *_exc: object) -> None:
        if self.counting is not None:
            self.counting.close()

    def finished(self, index: int, data: bytes) -> None:
        """Item file number *index* is made: its ink is asked for."""
        if self.counting is not None:
            self.inks.append(self.counting.of_document(data))

    def counted(self, drawn: dict[str, list[Page]], parts: Sequence[Part],
                encoded: list[tuple[str, int, bytes]]) -> list[_Encoded]:
        """*encoded* (file, pages, bytes: the items' files in *drawn* order, then
        kit.pdf) with each file's sheets of paper, and its ink when the build counts it.
        No page is drawn again, but for sheets shared on A3, drawn for kit.pdf alone; the
        kit's sheets and ink are its parts'."""
        build, counting = self.build, self.counting
        inks: Sequence[Ink | None] = self.inks if counting else [None] * len(drawn)
        per_item = {name: (build.paper_sheets(name, len(pages)), ink)
                    for (name, pages), ink in zip(drawn.items(), inks, strict=True)}
        per_part = [per_item[part.names[0]] if len(part.names) == 1 else
                    (build.paper_sheets(part.names[0], len(part.pages)),
                     None if counting is None else counting.of_pages(part.pages))
                    for part in parts]
        counts: dict[str, tuple[int | None, Ink | None]] = {
            build.files[name]: c for name, c in per_item.items()}
        if parts:
            part_inks = [ink for _, ink in per_part if ink is not None]
            counts[build.kit_file] = (sum(c[0] for c in per_part),
                                      None if counting is None else _total(part_inks))
        return [(file, pages, data, *counts.get(file, (None, None)))
                for file, pages, data in encoded]


#: From this many cards on, a kit of several items is drawn page by page, twice: once to
#: read the characters every file numbers its glyphs from, once into the files. That
#: costs about a fifth more time and keeps memory flat; a smaller kit is drawn once and
#: kept whole until written (a 1,000-card kit's drawings take about 8 MB).
LAZY_KIT_CARDS = 1000


def _kit_page_by_page(build: _Build) -> list[_Encoded]:
    """Each item's file and kit.pdf as :func:`_kit_kept` makes them when no sheets are
    shared, byte for byte, with no page kept once it is in its files. Items without
    pages get no file."""
    # The first drawing: characters, and which items have pages at all.
    found: dict[str, set[str]] = {}
    named: list[str] = []
    for name in build.items:
        before = len(named)
        one_sided = build.one_sided(name)
        for page in build.pages(name):
            # With its blank reverse, whose note's characters every file numbers too.
            pdfset.characters(_duplex_ready([page], build.spec, one_sided), found)
            if len(named) == before:
                named.append(name)

    def parts() -> Iterator[tuple[Iterator[Page], str]]:
        for name in build.items:
            build.told(name)
            if name in named:
                yield build.pages(name), build.title(name)

    def after(index: int, page: Page) -> list[Page]:
        return _duplex_ready([page], build.spec, build.one_sided(named[index]))[1:]
    with _Inks(build) as inks:
        datas, whole, counts, kit_pages = pdfset.render_parts_and_whole(
            parts(), pdfset.glyph_order(found), after, whole_title="opencards kit",
            cmyk=build.cmyk, finished=inks.finished)
    item_inks: Sequence[Ink | None] = inks.inks if build.count_ink else [None] * len(named)
    encoded: list[_Encoded] = [
        (build.files[name], pages, data, build.paper_sheets(name, pages), ink)
        for name, data, pages, ink in zip(named, datas, counts, item_inks, strict=True)]
    kit_ink = _total([e[4] for e in encoded if e[4] is not None]) if build.count_ink else None
    return encoded + [(build.kit_file, kit_pages, whole, sum(e[3] or 0 for e in encoded),
                       kit_ink)]


#: The whole kit's file: no item may be written under this name beside it.
KIT_STEM = "kit"


def output_stems(items: Items) -> dict[str, str]:
    """The file name stem of each item, by the name it was asked for: its template's name
    made safe (``--only ../x/evil.toml`` is written as ``evil.pdf`` inside the output
    folder).

    :raises: :exc:`OutputError` when two items would share a file, or when a kit of more
        than one item has an item named ``kit`` (its file would be kit.pdf).
    """
    stems: dict[str, str] = {}
    taken: dict[str, str] = {}
    for name, item in items.items():
        stem = item.stem
        if stem.casefold() in taken:
            raise OutputError(f"{name!r} and {taken[stem.casefold()]!r} would both be "
                              f"written as {stem}.pdf; rename one of the templates")
        if stem.casefold() == KIT_STEM and len(items) > 1:
            raise OutputError(f"{name!r} would be written as {KIT_STEM}.pdf, the file of "
                              f"the whole kit; rename the template")
        taken[stem.casefold()] = name
        stems[name] = stem
    return stems


def calibration_file(spec: SheetSpec) -> OutFile:
    """The duplex calibration sheet of *spec*'s paper and flip as a PDF."""
    pages = calibration_pages(spec)
    data = pdf.render(pages, title="opencards duplex calibration")
    return OutFile(f"calibration-{spec.paper}-{spec.flip}.pdf", data, len(pages))
