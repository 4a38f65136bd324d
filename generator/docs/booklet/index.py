"""The index: where each term is found (:func:`term_pages`, read from the text the
chapters before the index printed on their pages) and its entries set as units, each page
number a link to its page. Apart from :mod:`.setter` because it reads pages already made
up, not blocks.
"""
from __future__ import annotations

from ...draw.backends.pdf import OUTLINED
from ...draw.geometry import Rect, Transform
from ...draw.scene import Group, Item, Text
from ...model.booklet import Booklet
from .setter import Setter
from .typography import GLUE
from .units import LISTING, PAGE_TARGET, Unit


def _printed(items: list[Item] | tuple[Item, ...]) -> list[str]:
    """The lines of text under *items*, in order, without the figures' (outlined) texts
    and the start positions' listings (cards and squares, nothing an index points to)."""
    found: list[str] = []
    for item in items:
        if isinstance(item, Group):
            if item.role not in (OUTLINED, LISTING):
                found += _printed(item.items)
        elif isinstance(item, Text):
            found.append(item.text)
    return found


def _read(lines: list[str]) -> str:
    """Lines as one text: a word hyphenated at a line's end is joined again."""
    text = ""
    for line in lines:
        if len(text) > 1 and text.endswith("-") and text[-2].isalpha():
            text = text[:-1] + line
        else:
            text = f"{text} {line}" if text else line
    return text


def term_pages(booklet: Booklet, pages: list[tuple[int, list[tuple[float, Unit]]]]
               ) -> list[tuple[str, list[int]]]:
    """Each index term with the printed numbers of the *pages* (number, placed units)
    where it is found in an indexed section: a rule section (one with a source), or any
    section of the chapters of :attr:`Booklet.index_also`. Terms found nowhere are left
    out; the entries are in the language's alphabetical order."""
    indexed = {f"{c.key}/{s.key}" for c in booklet.chapters for s in c.sections
               if s.source or c.key in booklet.index_also}
    texts = []
    for number, placed in pages:
        lines = [line for _, unit in placed if unit.section in indexed
                 for line in _printed(unit.items)]
        if lines:
            texts.append((number, _read(lines)))
    entries = []
    for term in booklet.index:
        found = [number for number, text in texts if term.find.search(text)]
        if found:
            entries.append((term.label, found))
    return sorted(entries, key=lambda e: e[0].casefold().replace("ё", "е"))


def index_units(setter: Setter, entries: list[tuple[str, list[int]]]) -> list[Unit]:
    """The index's entries: the term, then its pages; a long entry's further lines are
    indented."""
    units: list[Unit] = []
    for label, numbers in entries:
        # Each number is a link to its page.
        text = f"{label}{GLUE}" + ", ".join(f"[{n}](#{PAGE_TARGET}{n})" for n in numbers)
        lines = setter.keep_paragraph(setter.lines(text, setter.g.column - setter.s.indent,
                                                   justify=False))
        for k, line in enumerate(lines):
            if k:
                line.items = [Group(tuple(line.items),
                                    Transform.translate(setter.s.indent, 0))]
                line.links = [(Rect(box.x + setter.s.indent, box.y, box.w, box.h), target)
                              for box, target in line.links]
        lines[0].space_before = 0.8
        units += lines
    return units
