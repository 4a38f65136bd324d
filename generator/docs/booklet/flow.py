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

import math
from collections.abc import Mapping
from dataclasses import dataclass

from ...draw import fonts
from ...draw.geometry import Rect
from ...draw.scene import Page
from ...errors import TemplateError
from ...model.booklet import Booklet, Chapter
from .index import index_units, term_pages
from .makeup import framed_page, paginate
from .setter import Setter, chapter_units
from .typography import glued, set_lines
from .units import GREY, PAGE_TARGET, RULE, Link, PageGeometry, Typeset, Unit, text_item


def _title_page(booklet: Booklet, setter: Setter) -> Page:
    g = setter.g
    units = setter.lines(booklet.title, g.column, size=9.0, font="bold", anchor="middle",
                         justify=False, balance=True)
    units += setter.lines(booklet.subtitle, g.column, size=5.0, anchor="middle",
                          justify=False, balance=True)
    units.append(Unit(12.0, []))
    for line in booklet.title_lines:
        units += setter.lines(line, g.column, anchor="middle", justify=False, fill=GREY)
    top = g.height * 0.3
    if top + sum(unit.height for unit in units) > g.body_bottom:
        raise TemplateError(booklet.where, "title", expected="a title, subtitle and lines "
                            "that fit on the title page", got=f"{len(units)} lines")
    placed = []
    for unit in units:
        placed.append((top, unit))
        top += unit.height
    return framed_page(g, placed, "", None, "title")


def _contents(booklet: Booklet, setter: Setter, entries: list[tuple[str, int]]
              ) -> list[list[tuple[float, Unit]]]:
    """The contents list, one entry per chapter (in the booklet's order), each entry a link
    to its chapter."""
    g = setter.g
    units = setter.heading(booklet.contents_heading, g.style.h1, 0.0, booklet.where,
                           "contents")
    size = g.style.body
    # Room for a three-digit number whatever the number is, so that the entries break the
    # same way before and after the page numbers are known.
    room = g.column - fonts.measure("999", "regular", size) - 4.0
    dot = fonts.measure(". ", "regular", size)
    for (title, number), chapter in zip(entries, booklet.chapters):
        lines = set_lines(title, room, "regular", size, setter.lang, justify=False)
        entry = setter.lines(title, room, justify=False)
        for unit in entry:
            unit.links.append((Rect(0.0, 0.0, g.column, unit.height), chapter.key))
        count = max(0, math.floor((room + 3.0 - lines[-1].natural - 1.0) / dot))
        base = setter.s.lead * 0.78
        entry[-1].items += [
            text_item(room + 3.0, base, ". " * count, size, fill=RULE, anchor="end"),
            text_item(g.column, base, str(number), size, anchor="end")]
        entry[0].space_before = 1.0
        units += entry
    return paginate(units, g)


#: At most this many settings of the chapters: the page numbers printed after the
#: cross-references change the text's width, which may move a target to another page.
PASSES = 4


@dataclass
class _Body:
    """A page of the chapters: its units, the chapter at its top, and whether a chapter's
    title is set on it (then it has no running header)."""

    placed: list[tuple[float, Unit]]
    chapter: Chapter
    opens: bool


def _flow(booklet: Booklet, setter: Setter, figures: Mapping[str, Page], first: int,
          listings: Mapping[str, str] | None = None) -> list[_Body]:
    """The chapters set on pages, the first printed with number *first*. Every chapter
    starts a new page, as published rulebooks start each game (issue 39, third review: a
    game's variants ran onto the next game's page, and a page where a chapter started
    half way down lost the running head of the chapter at its top); so a chapter's last
    page may be short, but is kept from being a runt (:data:`~.makeup.RUNT`)."""
    g = setter.g
    counter = [0]
    pages: list[_Body] = []
    for chapter in booklet.chapters:
        units = chapter_units(setter, chapter, figures, counter, booklet, listings)
        if chapter.key == "index":
            # The pages before the index do not move when it is set: it lists theirs.
            units += index_units(setter, term_pages(
                booklet, [(first + k, page.placed) for k, page in enumerate(pages)]))
        placed = paginate(units, g)
        for page in placed:
            pages.append(_Body(page, chapter,
                               any(unit.anchor == chapter.key for _, unit in page)))
    return pages


def _anchors(pages: list[_Body], first: int) -> dict[str, int]:
    """Every anchor (chapter, ``chapter/section``) with the printed number of its page."""
    return {unit.anchor: first + k for k, page in enumerate(pages)
            for _, unit in page.placed if unit.anchor}


def typeset(booklet: Booklet, figures: Mapping[str, Page], geometry: PageGeometry,
            listings: Mapping[str, str] | None = None) -> Typeset:
    """The whole booklet as pages: title page, contents, the chapters (:func:`_flow`).
    *figures* are the drawn figures by :attr:`FigureRef.where`; *listings* the start
    positions as text, printed under their figures (:mod:`.listing`). The cross-references print
    their target's page: the chapters are set again with the pages the last setting
    found until the numbers no longer move (at most :data:`PASSES` settings)."""
    setter = Setter(geometry, booklet.lang)
    setter.page_word = booklet.words.get("page", "")
    setter.pages = {key: 0 for key in _anchor_names(booklet)}
    # The contents' own length depends on the number of entries only: set it once with
    # placeholder numbers to learn how many pages it takes.
    provisional = _contents(booklet, setter, [(c.title, 999) for c in booklet.chapters])
    first = 2 + len(provisional)
    for _ in range(PASSES):
        bodies = _flow(booklet, setter, figures, first, listings)
        found = _anchors(bodies, first)
        if found == setter.pages:
            break
        setter.pages = found
    numbers = _anchors(bodies, first)
    entries = [(chapter.title, numbers[chapter.key]) for chapter in booklet.chapters]
    contents = _contents(booklet, setter, entries)
    pages = [_title_page(booklet, setter)]
    placed_pages: list[list[tuple[float, Unit]]] = [[]]   # the title page has no links
    for placed in contents:
        pages.append(framed_page(geometry, placed, "", len(pages) + 1, "contents"))
        placed_pages.append(placed)
    outline = [(booklet.contents_heading, 0, 1)]
    headings = {f"{c.key}/{s.key}": s.heading for c in booklet.chapters for s in c.sections}
    titles = {c.key: c.title for c in booklet.chapters}
    for page in bodies:
        label = page.chapter.key
        for _, unit in page.placed:
            if unit.anchor in titles:
                outline.append((titles[unit.anchor], 0, len(pages)))
                label = unit.anchor
            elif "/" in unit.anchor:
                outline.append((headings[unit.anchor], 1, len(pages)))
        # A chapter's first page has its title: no running header above it.
        header = "" if page.opens else glued(page.chapter.title, booklet.lang)
        pages.append(framed_page(geometry, page.placed, header, len(pages) + 1, label))
        placed_pages.append(page.placed)
    return Typeset(pages, outline, entries, _links(placed_pages, geometry))


def _anchor_names(booklet: Booklet) -> list[str]:
    """What a cross-reference may lead to: each chapter and each of its sections."""
    return [name for c in booklet.chapters
            for name in (c.key, *(f"{c.key}/{s.key}" for s in c.sections))]


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
