"""The whole booklet as pages: the title page, the contents, the chapters flowed one
after the other (:func:`_flow`), the PDF's outline and links (:func:`typeset`). Each
chapter starts a new page. The cross-references print their target's page, so the chapters
are set again until those numbers stand still (:data:`PASSES`). The contents list is set
last, when the chapters know their pages; its length depends only on how many entries it
has, so one pass suffices.

The parts it ties together: :mod:`.typography` (a line by language), :mod:`.units` (the
geometry and the units), :mod:`.setter` (blocks to units), :mod:`.index` and
:mod:`.makeup` (units to pages).
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ...draw import fonts
from ...draw.geometry import Rect
from ...draw.scene import Page
from ...errors import TemplateError
from ...model.booklet import Booklet, Chapter, figure_numbers, table_numbers
from .index import glossary_pages, glossary_terms, index_units, term_pages
from .makeup import RUNT, depth, framed_page, paginate
from .setter import COLOPHON, Setter, chapter_units
from .typography import glued, set_lines
from .units import GREY, INK, PAGE_TARGET, RULE, Link, PageGeometry, Typeset, Unit, text_item


#: The space between two of the title page's lines under the title (mm).
TITLE_LINE_GAP = 3.0


def _title_page(booklet: Booklet, setter: Setter) -> Page:
    g = setter.g
    units = setter.lines(booklet.title, g.column, size=9.0, font="bold", anchor="middle",
                         justify=False, balance=True)
    units += setter.lines(booklet.subtitle, g.column, size=5.0, anchor="middle",
                          justify=False, balance=True)
    units.append(Unit(12.0, []))
    # The lines under the title read as separate statements, not one grey block (issue 39,
    # review of the cover): the first, what the booklet is about, in the text's colour;
    # the others in grey; a little space between each. One that needs two lines breaks
    # by the rule for titles (balanced, after a colon, never before a number's noun nor
    # after a preposition): patience review 8, «…играют полными колодами / по 52 карты».
    for n, line in enumerate(booklet.title_lines):
        if n:
            units.append(Unit(TITLE_LINE_GAP, []))
        units += setter.lines(line, g.column, anchor="middle", justify=False,
                              fill=GREY if n else INK, title=True)
    top = g.height * 0.3
    if top + sum(unit.height for unit in units) > g.body_bottom:
        raise TemplateError(booklet.where, "title", expected="a title, subtitle and lines "
                            "that fit on the title page", got=f"{len(units)} lines")
    placed = []
    for unit in units:
        placed.append((top, unit))
        top += unit.height
    return framed_page(g, placed, "", None, "title")


def contents_entries(booklet: Booklet) -> list[tuple[str, str, int]]:
    """The contents' entries in order as (title, anchor, level): each chapter; a level
    below it, the sections of it the booklet lists besides (:attr:`Booklet.contents_also`:
    a reader looks for the players' questions) and, in a booklet of one game, that game's
    sections (a reader of a single game looks its parts up, as the text refers to them).
    The colophon, set at the booklet's end (:func:`_set_colophon`), is listed there as a
    chapter, before the back cover (:data:`BACK_COVER`) where that is last (issue 39,
    session-17 Russian review: the contents did not name it)."""
    games = [c for c in booklet.chapters if c.banner is not None]
    found = []
    imprint = []
    for chapter in booklet.chapters:
        found.append((chapter.title, chapter.key, 0))
        one_game = len(games) == 1 and chapter is games[0]
        found += [(s.heading, f"{chapter.key}/{s.key}", 1) for s in chapter.sections
                  if s.heading and s.key != COLOPHON
                  and (one_game or f"{chapter.key}/{s.key}" in booklet.contents_also)]
        imprint += [(s.heading, f"{chapter.key}/{s.key}", 0) for s in chapter.sections
                    if s.heading and s.key == COLOPHON]
    at = len(found) - 1 if found and found[-1][1] == BACK_COVER else len(found)
    return found[:at] + imprint + found[at:]


#: The fewest dots a contents entry's leader may have; a title that would leave fewer
#: breaks its line earlier.
LEADER = 4


def _contents(booklet: Booklet, setter: Setter, listed: list[tuple[str, str, int]],
              numbers: Mapping[str, int]) -> list[list[tuple[float, Unit]]]:
    """The contents list: each entry :func:`contents_entries` *listed* with its page from
    *numbers* (999 where a number is not known yet), each a link to its place."""
    g = setter.g
    units = setter.heading(booklet.contents_heading, g.style.h1, 0.0, booklet.where,
                           "contents")
    size = g.style.body
    # Room for a three-digit number whatever the number is, so that the entries break the
    # same way before and after the page numbers are known.
    room = g.column - fonts.measure("999", "regular", size) - 4.0
    dot = fonts.measure(". ", "regular", size)
    for title, anchor, level in listed:
        number = numbers.get(anchor, 999)
        indent = level * setter.s.indent
        width, balance = room - indent, False
        lines = set_lines(title, width, "regular", size, setter.lang, justify=False)
        if (room + 3.0 - indent - lines[-1].natural - 1.0) / dot < LEADER:
            # A title that fills the line leaves its leader a dot or two, which reads as a
            # stray full stop (issue 39, fifth review): it breaks a line earlier instead,
            # into lines of even length (no word alone on the last).
            width, balance = room - indent - LEADER * dot, True
            lines = set_lines(title, width, "regular", size, setter.lang, justify=False,
                              balance=True)
        entry = setter.lines(title, width, x=indent, justify=False, balance=balance)
        for unit in entry:
            unit.links.append((Rect(0.0, 0.0, g.column, unit.height), anchor))
        count = max(0, math.floor((room + 3.0 - indent - lines[-1].natural - 1.0) / dot))
        base = setter.s.lead * 0.78
        entry[-1].items += [
            text_item(room + 3.0, base, ". " * count, size, fill=RULE, anchor="end"),
            text_item(g.column, base, str(number), size, anchor="end")]
        entry[0].space_before = 0.0 if level else 1.0
        units += entry
    return paginate(units, g)


#: At most this many settings of the chapters: the page numbers printed after the
#: cross-references change the text's width, which may move a target to another page.
PASSES = 6


@dataclass
class _Body:
    """A page of the chapters: its units, the chapter at its top, and whether a chapter's
    title is set on it (then it has no running header)."""

    placed: list[tuple[float, Unit]]
    chapter: Chapter
    opens: bool
    #: The page's label if not its chapter's key: the colophon's own page.
    label: str = ""


def _flow(booklet: Booklet, setter: Setter, figures: Mapping[str, Page], first: int,
          listings: Mapping[str, str] | None = None) -> list[_Body]:
    """The chapters set on pages, the first printed with number *first*. Every chapter
    starts a new page, as published rulebooks start each game (issue 39, third review: a
    game's variants ran onto the next game's page, and a page where a chapter started
    half way down lost the running head of the chapter at its top); so a chapter's last
    page may be short, but is kept from being a runt (:data:`~.makeup.RUNT`). The
    colophon is taken out of its chapter and set at the booklet's end
    (:func:`_set_colophon`)."""
    g = setter.g
    counter = [0]
    pages: list[_Body] = []
    colophon: tuple[Chapter, list[Unit]] | None = None
    for chapter in booklet.chapters:
        units = chapter_units(setter, chapter, figures, counter, booklet, listings)
        # Which pages face each other: a worked example's move may stand on a left-hand
        # page beside the figure of the move before it (makeup._float).
        g = replace(setter.g, first_page=first + len(pages))
        if chapter.key == "index":
            # The pages before the index do not move when it is set: it lists theirs.
            body = g.body_bottom - g.body_top
            room = body - depth(paginate(units, g)[-1], g)
            units += index_units(setter, term_pages(
                booklet, [(first + k, page.placed) for k, page in enumerate(pages)]),
                room, body, RUNT * body)
        units, taken = _without_colophon(chapter, units)
        if taken:
            colophon = (chapter, taken)
        placed = paginate(units, g)
        for page in placed:
            pages.append(_Body(page, chapter,
                               any(unit.anchor == chapter.key for _, unit in page)))
    if colophon is not None:
        _set_colophon(pages, *colophon, g)
    return pages


#: The chapter that is the booklet's outside back cover, a page of its own (the quick
#: reference: :mod:`.impose` keeps the last page there).
BACK_COVER = "reference"


def _without_colophon(chapter: Chapter, units: list[Unit]) -> tuple[list[Unit], list[Unit]]:
    """*units* of *chapter* without its colophon (:data:`COLOPHON`), and the colophon's."""
    keys = [section.key for section in chapter.sections]
    if COLOPHON not in keys:
        return units, []
    at = keys.index(COLOPHON)
    rest = itertools.takewhile(lambda s: not s.heading, chapter.sections[at + 1:])
    names = {f"{chapter.key}/{s.key}" for s in (chapter.sections[at], *rest)}
    return ([unit for unit in units if unit.section not in names],
            [unit for unit in units if unit.section in names])


def _set_colophon(pages: list[_Body], chapter: Chapter, colophon: list[Unit],
                  g: PageGeometry) -> None:
    """The colophon set as the booklet's last words, at the top of a page of its own: the
    last page, or the inside back cover where the last page is the back cover
    (:data:`BACK_COVER`), in every booklet alike (issue 39, tenth review: the colophon
    floated in the middle of the credits' second page; fourth review r-ass, L2: set at the
    page's foot, it stood alone under three quarters of an empty page). Set under a
    glossary's last rows, that page either named the glossary in its running head above
    the colophon (patience review 8) or lost the head the glossary's other pages have
    (twelfth review); a page of its own has no running head and needs none."""
    cover = len(pages) - 1 if len(pages) > 1 and pages[-1].chapter.key == BACK_COVER \
        and pages[-2].chapter.key != BACK_COVER else len(pages)
    host = _Body([], chapter, True, COLOPHON)   # no running header: not a chapter's
    pages.insert(cover, host)
    y = g.body_top
    for n, unit in enumerate(colophon):
        y += unit.space_before if n else 0.0
        host.placed.append((y, unit))
        y += unit.height


def _anchors(pages: list[_Body], first: int) -> dict[str, int]:
    """Every anchor (chapter, ``chapter/section``) with the printed number of its page."""
    return {unit.anchor: first + k for k, page in enumerate(pages)
            for _, unit in page.placed if unit.anchor}


def typeset(booklet: Booklet, figures: Mapping[str, Page], geometry: PageGeometry,
            listings: Mapping[str, str] | None = None) -> Typeset:
    """The whole booklet as pages: title page, contents, the chapters (:func:`_flow`).
    *figures* are the drawn figures by :attr:`FigureRef.where`; *listings* the start
    positions as text, printed under their figures (:mod:`.listing`). The cross-references print
    their target's page, but a reference to a figure or table on its own page none
    (:func:`_beside`): the chapters are set again with the pages the last setting found
    until the numbers no longer move (at most :data:`PASSES` settings)."""
    setter = Setter(geometry, booklet.lang)
    setter.page_word = booklet.words.get("page", "")
    setter.phrases = tuple(p for p in (booklet.words.get("reading_mark", ""),) if p)
    setter.continued = booklet.words.get("continued", "")
    floats = frozenset(figure_numbers(booklet.chapters)) | frozenset(
        table_numbers(booklet.chapters))
    setter.pages = {key: 0 for key in _anchor_names(booklet, floats)}
    glossary = glossary_terms(booklet)
    # The contents' own length depends on the number of entries only: set it once with
    # placeholder numbers to learn how many pages it takes.
    listed = contents_entries(booklet)
    provisional = _contents(booklet, setter, listed, {})
    first = 2 + len(provisional)
    # A reference set without its page may, being shorter, push its target onto the
    # next page (a table the make-up keeps whole): it keeps its page from then on, or the
    # settings would go round between the two.
    moved: frozenset[tuple[str, str]] = frozenset()
    for _ in range(PASSES):
        bodies = _flow(booklet, setter, figures, first, listings)
        found = _anchors(bodies, first)
        moved |= setter.here - _beside(bodies, first, found)
        here = _beside(bodies, first, found) - moved
        terms = glossary_pages(glossary, [(first + k, page.placed)
                                          for k, page in enumerate(bodies)])
        if found == setter.pages and here == setter.here and terms == setter.term_pages:
            break
        setter.pages, setter.here, setter.term_pages = found, here, terms
    numbers = _anchors(bodies, first)
    entries = [(title, numbers[anchor]) for title, anchor, _ in listed]
    contents = _contents(booklet, setter, listed, numbers)
    pages = [_title_page(booklet, setter)]
    placed_pages: list[list[tuple[float, Unit]]] = [[]]   # the title page has no links
    for placed in contents:
        pages.append(framed_page(geometry, placed, "", len(pages) + 1, "contents"))
        placed_pages.append(placed)
    outline = [(booklet.contents_heading, 0, 1)]
    headings = {f"{c.key}/{s.key}": s.heading for c in booklet.chapters for s in c.sections}
    titles = {c.key: c.title for c in booklet.chapters}
    for page in bodies:
        label = page.label or page.chapter.key
        for _, unit in page.placed:
            if unit.anchor in titles:
                outline.append((titles[unit.anchor], 0, len(pages)))
                label = unit.anchor
            elif unit.anchor in headings:
                # The colophon, set at the booklet's end, is not a section of the chapter
                # whose page it shares.
                level = 0 if unit.anchor.endswith(f"/{COLOPHON}") else 1
                outline.append((headings[unit.anchor], level, len(pages)))
        # A chapter's first page has its title, and the colophon's page is no chapter's:
        # no running header above either.
        header = "" if page.opens else glued(page.chapter.title, booklet.lang)
        pages.append(framed_page(geometry, page.placed, header, len(pages) + 1, label))
        placed_pages.append(page.placed)
    return Typeset(pages, outline, entries, _links(placed_pages, geometry))


def _beside(pages: list[_Body], first: int, found: dict[str, int]
            ) -> frozenset[tuple[str, str]]:
    """Each cross-reference (:attr:`.units.Unit.refs`) placed on the page of its target,
    by the page numbers *found*: it prints no page
    (:attr:`.setter.Setter.here`)."""
    return frozenset(ref for k, page in enumerate(pages) for _, unit in page.placed
                     for ref in unit.refs if found.get(ref[1]) == first + k)


def _anchor_names(booklet: Booklet, floats: frozenset[str]) -> list[str]:
    """What a cross-reference may lead to: each chapter, each of its sections and each
    of the *floats* (figures and captioned tables)."""
    return [name for c in booklet.chapters
            for name in (c.key, *(f"{c.key}/{s.key}" for s in c.sections))] + sorted(floats)


def _links(pages: list[list[tuple[float, Unit]]], g: PageGeometry) -> list[Link]:
    """Every link of the units placed on *pages*, to the page and height of its target (a
    page's body top for a link to a page); a link to a chapter the booklet leaves out is
    dropped (its label prints as text)."""
    anchors = {unit.anchor: (number, y) for number, placed in enumerate(pages)
               for y, unit in placed if unit.anchor}
    anchors |= {f"{PAGE_TARGET}{number + 1}": (number, g.body_top)
                for number in range(len(pages))}
    links = []
    for number, placed in enumerate(pages):
        for y, unit in placed:
            for box, target in unit.links:
                if target in anchors:
                    to_page, to_y = anchors[target]
                    links.append(Link(number, Rect(g.margin_x + box.x, y + box.y, box.w,
                                                   box.h), to_page, to_y))
    return links
