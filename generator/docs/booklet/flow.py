"""Blocks flowed into pages: paragraphs set justified and hyphenated, lists, tables and
figures as unbreakable units, headings kept with what follows, no single line of a
paragraph alone at the foot or head of a page, a running header with the chapter's title
(but on a chapter's first page) and the page number in the footer. Pages are made up to be
at least :data:`FULL`: a chapter follows on the page of the one before, a figure waits for
the text after it, a page breaks earlier (:func:`_flow`, :func:`_fuller`). The
cross-references print their target's page, so the chapters are set again until those
numbers stand still (:data:`PASSES`). The contents list is set last, when the chapters know
their pages; its length depends only on how many entries it has, so one pass suffices.

Everything is in mm on scene pages; the PDF backend only translates them.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import NamedTuple

from ...draw import fonts
from ...draw.backends.pdf import OUTLINED
from ...errors import TemplateError
from ...draw.geometry import Rect, Transform
from ...draw.scene import Box, Group, Item, Line, Page, Paint, Text
from ...draw.text import GLUE as TEXT_GLUE, Line as SetLine, fit_lines
from ...io.booklets import banner_cards
from ...model.booklet import (LINK, Banner, Booklet, Bullets, Chapter, FigureRef, Paragraph,
                              Table, Turn, unlinked)
from .sizes import PAIR_GAP, START_SECTIONS, Placement, pairs, placements

#: The most lines a heading may take: a longer one is a paragraph set by mistake, and it
#: stays with what follows, so a page could not hold it.
HEADING_LINES = 3

#: Trimmed page sizes (width, height) in mm.
PAPERS = {"a5": (148.0, 210.0), "a4": (210.0, 297.0), "letter": (215.9, 279.4),
          "half-letter": (139.7, 215.9)}

#: Glue between two words that must stay on one line (the line breaker's own): it is
#: printed as a no-break space.
GLUE = TEXT_GLUE
NBSP = "\u00a0"
MINUS = "\u2212"
#: Russian words that never end a line, after Russian typesetting practice as the editors'
#: handbooks teach it (e.g. Milchin and Cheltsova, «Справочник издателя и автора», on
#: breaking lines): one-letter words, and the two-letter prepositions, conjunctions and
#: particles, each bound to the word after it.
_RU_BEFORE = frozenset({
    "а", "в", "и", "к", "о", "с", "у", "я",                         # one letter
    "во", "до", "за", "из", "ко", "на", "об", "от", "по", "со",     # prepositions
    "да", "но", "ни", "не",                                          # conjunctions, particles
    "из-за", "из-под"})
#: Particles that never begin a line: bound to the word before them (same practice).
_RU_AFTER = frozenset({"же", "ж", "ли", "ль", "бы", "б"})
#: Longer prepositions bound only to a square's name (через f6).
_RU_BEFORE_SQUARE = frozenset({"через", "между", "перед", "около"})
#: Nouns bound to the one-letter name or the number after them (same practice: a name or a
#: number is not parted from its word): буква Ш, вертикаль c, горизонталь 8, вариант 5.
_RU_NAMED = re.compile(r"(букв|вертикал|горизонтал)\w*")
_RU_NUMBERED = re.compile(r"(вариант|горизонтал|игр|глав)\w*")
#: What may open a bound word and still leave it the word: «(в», «„и».
_OPENING = "([«„“\"'"
_CLOSING = ".,;:!?)]»“”\"'"
_SQUARE = re.compile(r"[a-h][1-8](?!\w)")
_INITIALS = re.compile(r"(?<![\w])([А-ЯЁA-Z]\.)\s+(?=[А-ЯЁA-Z])")
_NUMBER_AFTER = re.compile(r"(?<![\w])(Рис\.|рис\.|№)\s+(?=\d)")
_MINUS = re.compile(r"(?<![\w\-])-(?=\d)")
#: A cross-reference and the closing quotes right after it.
_PAGED = re.compile(LINK.pattern + r"([\u201d\u00bb\u2019\")]*)")


def glued(text: str, lang: str) -> str:
    """*text* with the typography the language asks for everywhere: a minus sign for a
    hyphen before a number; in English typographic quotes and apostrophes
    (:func:`curly`); in Russian a no-break glue between initials and after Рис.
    (Short words are kept with the next by :func:`set_lines`.)

    >>> glued("С. Л. Панфилов, очки -1", "ru").replace(GLUE, "_")
    'С._Л._Панфилов, очки \u22121'
    """
    text = _MINUS.sub(MINUS, text)
    if lang != "ru":
        return curly(text) if lang == "en" else text
    for pattern in (_INITIALS, _NUMBER_AFTER):
        text = pattern.sub(lambda m: m.group(1) + GLUE, text)
    return text


def curly(text: str) -> str:
    """English text with typographic quotes for straight ones: an apostrophe (don't,
    south's, players') is ’; a quote opens (‘ “) at the text's start or after a space,
    bracket or dash, and closes (’ ”) the one open; a straight quote after a number with
    none open is a prime (5′, 3″).

    >>> curly('''South's card is "free"; the 'game' of 5'.''')
    'South’s card is “free”; the ‘game’ of 5′.'
    """
    out: list[str] = []
    open_ = {"'": False, '"': False}
    for i, ch in enumerate(text):
        if ch not in open_:
            out.append(ch)
            continue
        before = text[i - 1] if i else " "
        after = text[i + 1] if i + 1 < len(text) else " "
        if ch == "'" and before.isalnum() and after.isalpha():
            out.append("’")            # an apostrophe inside a word
        elif (before.isspace() or before in "([{—–-") and not after.isspace():
            open_[ch] = True
            out.append("‘" if ch == "'" else "“")
        elif open_[ch]:
            open_[ch] = False
            out.append("’" if ch == "'" else "”")
        elif before.isdigit():
            out.append("′" if ch == "'" else "″")
        else:
            out.append("’" if ch == "'" else "”")
    return "".join(out)


#: English words that may not end a line: one-letter words, and the words that stand before
#: a number (fig. 3, p. 12).
_EN_SHORT = frozenset({"a", "A", "I"})
_EN_BEFORE_NUMBER = frozenset({"fig.", "Fig.", "p.", "pp.", "No.", "no."})
#: Units a number is not parted from (5 mm).
_UNITS = re.compile(r"(mm|cm|m|pt|px|%|°)(?!\w)")


def _must_not_end(word: str, following: str, lang: str) -> bool:
    """A word that may not end a line. Russian: a word of :data:`_RU_BEFORE` (after an
    opening bracket or quote too: «(в»), a word before a particle of :data:`_RU_AFTER`, a
    longer preposition before a square's name (через f6), a number before the word it counts
    (16 карт, от 1 до 8; not before a letter or a number: «Т 2 3 4» may break), a noun of
    :data:`_RU_NAMED` before a one-letter name (буква Ш, вертикали c), one of
    :data:`_RU_NUMBERED` before a number (варианте 5), a letter before its gloss (Т (туз)).
    English: a one-letter word (a, I), fig. or p. before its number. Both: a number before
    its unit (5 mm)."""
    if word.replace(".", "").replace(",", "").isdigit() and _UNITS.match(following):
        return True
    if lang == "ru":
        bare = word.lstrip(_OPENING).lower()
        named = following.lstrip(_OPENING).rstrip(_CLOSING)
        return (bare in _RU_BEFORE
                or following.rstrip(_CLOSING).lower() in _RU_AFTER
                or (bare in _RU_BEFORE_SQUARE and _SQUARE.match(following) is not None)
                or (bare.isdigit() and len(named) > 1 and named.isalpha())
                or (_RU_NAMED.fullmatch(bare) is not None and len(named) == 1)
                or (_RU_NUMBERED.fullmatch(bare) is not None and named.isdigit())
                or (len(bare) == 1 and bare.isalpha() and word[-1:].isupper()
                    and following.startswith("(")))
    return word in _EN_SHORT or (word in _EN_BEFORE_NUMBER and following[:1].isdigit())


def set_lines(text: str, width: float, font: str, size: float, lang: str, *,
              justify: bool, balance: bool = False) -> list[SetLine]:
    """*text* broken into lines (:func:`fit_lines`, hyphenated when justified) with the
    language's typography (:func:`glued`): no line ends in a word that must stay with the
    next (:func:`_must_not_end`), no justified line's word gap grows past twice a space,
    the last line is never the tail of a hyphenated word, and with *balance* (titles,
    headings, captions) the lines are even and the last is not one word alone."""
    return fit_lines(glued(text, lang), width, font, size, lang, justify=justify,
                     hyphenate=justify, balance=balance,
                     keep=lambda word, following: _must_not_end(word, following, lang))


def prepared(text: str, lang: str) -> tuple[str, list[tuple[str, str]]]:
    """A block's *text* as :func:`set_lines` gets it, and its links in order as (label,
    target): each link printed as its label, English quotes turned (:func:`curly`)."""
    text, links = unlinked(text)
    english = lang == "en"
    # A label stays on one line: its words are glued. Its quotes are the text's.
    labels = [(GLUE.join((curly(label) if english else label).split()),
               f"{chapter}/{part}" if part else chapter)
              for label, chapter, part in links]
    text = curly(text) if english else text
    for label, _ in labels:
        text = text.replace(" ".join(label.split(GLUE)), label, 1)
    return text, labels


def shown(text: str) -> str:
    """The glue printed as a no-break space."""
    return text.replace(GLUE, NBSP)


INK = "#1a1a1a"
GREY = "#555555"
RULE = "#999999"
#: The tint behind a game's banner and its "on your turn" box.
TINT = "#ececec"
#: The rule at the left of a game's variants, which sets them apart from the rules: it
#: stands in the margin, this far left of the text, and has a colour of its own.
SIDEBAR = "#8a8a8a"
SIDEBAR_X = -2.6
SIDEBAR_WIDTH = 0.6
#: The role of a start position's listing under its board: text, but not read by the
#: index.
LISTING = "listing"
#: Sections set as a sidebar, by id.
SIDEBAR_SECTIONS = frozenset({"variants"})


@dataclass(frozen=True)
class Style:
    body: float = 3.3          # font sizes in mm (3.3 mm is about 9.4 pt)
    lead: float = 4.55         # baseline to baseline
    paragraph_gap: float = 1.6
    h1: float = 5.8
    h2: float = 3.9
    caption: float = 2.9
    header: float = 2.6
    indent: float = 4.0        # list items hang after their bullet

    def scaled(self, k: float) -> Style:
        """The same style for a page *k* times as wide as A5."""
        return Style(*(round(getattr(self, f.name) * k, 3) for f in fields(self)))


@dataclass(frozen=True)
class Geometry:
    """A page and its type area. Header and footer lie inside the type area, so every
    glyph on a page lies inside it."""

    width: float
    height: float
    margin_x: float
    margin_top: float
    margin_bottom: float
    style: Style = field(default_factory=Style)

    @classmethod
    def for_paper(cls, paper: str) -> Geometry:
        width, height = PAPERS[paper]
        scale = width / 148.0
        # Larger pages get larger type too, but not in full proportion: an A4 line of
        # A5 type would run to 150 characters, and fully scaled type would look shouty.
        type_scale = min(1.0 + (scale - 1.0) * 0.5, 1.25)
        return cls(width, height, round(14 * scale, 2), 12.0, 12.0,
                   Style().scaled(type_scale) if type_scale != 1.0 else Style())

    @property
    def type_area(self) -> Rect:
        return Rect(self.margin_x, self.margin_top, self.width - 2 * self.margin_x,
                    self.height - self.margin_top - self.margin_bottom)

    @property
    def column(self) -> float:
        return self.type_area.w

    @property
    def body_top(self) -> float:
        return self.margin_top + 9.0 * self.style.header / Style.header

    @property
    def body_bottom(self) -> float:
        return self.height - self.margin_bottom - 8.0 * self.style.header / Style.header


#: The fewest rows of a table, below its head, on either side of a page break: a table
#: that would leave fewer at a page's foot or head moves more rows with them.
TABLE_HEAD = 3
TABLE_TAIL = 6
#: The space above a chapter's title set under the end of the chapter before.
CHAPTER_GAP = 9.0

#: A figure may be drawn down to this share of its height to stay on the page of the text
#: that introduces it, rather than leave that page half empty.
SHRINK = 0.7


@dataclass
class Unit:
    """An unbreakable piece of a chapter, drawn with y = 0 at its top."""

    height: float
    items: list[Item]
    space_before: float = 0.0
    keep_with_next: bool = False
    art: float = 0.0
    """A figure's drawing: its height (the unit's height less the gap below it); 0 for
    text, which cannot shrink."""
    centre: float = 0.0
    """The x the drawing is centred on, kept when it shrinks."""
    links: list[tuple[Rect, str]] = field(default_factory=list)
    """Cross-references on this unit: the label's box (unit coordinates) and the target,
    ``chapter`` or ``chapter/section``."""
    anchor: str = ""
    """What links to this unit: ``chapter`` for a chapter's title, ``chapter/section`` for
    a section's heading."""
    header: Unit | None = None
    """A table row's header row, set again at the top of a page the table runs onto."""
    section: str = ""
    """The section the unit belongs to, ``chapter/section`` ("" for a chapter's title and
    banner): the index reads the sections it indexes."""
    sidebar: bool = False
    """Part of a sidebar (a game's variants): a rule in the margin runs beside it."""
    asked: float = 0.0
    """A shrunk figure's drawing height before any shrinking (0: not shrunk)."""
    least: float = 0.0
    """The lowest the drawing may be shrunk to (a start not at all, an example's board
    not under :data:`~.sizes.LEAST_EXAMPLE` wide)."""

    def room_to_shrink(self) -> float:
        return max(0.0, self.art - max(SHRINK * (self.asked or self.art), self.least))

    def shrunk(self, by: float) -> Unit:
        """The figure drawn *by* mm less high, scaled about its centre line."""
        k = (self.art - by) / self.art
        at = Transform.translate(self.centre * (1.0 - k), 0) @ Transform.scale(k, k)
        return Unit(self.height - by, [Group(tuple(self.items), at)], self.space_before,
                    self.keep_with_next, self.art - by, self.centre, section=self.section,
                    sidebar=self.sidebar, asked=self.asked or self.art, least=self.least)


class Link(NamedTuple):
    """A link on page *page* (index from 0): its box in mm from the page's top left, and
    where it leads: page *to_page*, *to_y* mm from the top."""

    page: int
    box: Rect
    to_page: int
    to_y: float


@dataclass(frozen=True)
class Typeset:
    pages: list[Page]
    outline: list[tuple[str, int, int]]
    """(title, level, page index) for the PDF's bookmarks: chapters, and their sections
    one level down."""
    contents: list[tuple[str, int]]
    """(chapter title, printed page number) as the contents list shows them."""
    links: list[Link] = field(default_factory=list)
    """The contents' entries and the cross-references of the text, resolved to pages."""


def _text(x: float, y: float, text: str, size: float, *, font: str = "regular",
          anchor: str = "start", fill: str = INK, word_space: float = 0.0) -> Text:
    return Text(round(x, 3), round(y, 3), text, size, fill, font, anchor,
                word_space=word_space)


class _Setter:
    def __init__(self, geometry: Geometry, lang: str) -> None:
        self.g, self.s, self.lang = geometry, geometry.style, lang
        #: What a cross-reference's page is printed after (``p.``); "" prints none.
        self.page_word = ""
        #: The printed page of each anchor a cross-reference may name (0 while unknown).
        self.pages: dict[str, int] = {}

    def paged(self, text: str) -> str:
        """*text* with each cross-reference to a chapter of the booklet followed by its
        page, as a link of its own: "general rules, p. 10" (after a closing quote that
        follows the label). A link to a chapter left out stays as it is."""
        if not self.page_word:
            return text

        def add(m: re.Match[str]) -> str:
            target = f"{m.group(2)}/{m.group(3)}" if m.group(3) else m.group(2)
            if target not in self.pages:
                return m.group(0)
            # Unknown yet: two digits, as most pages have.
            number = self.pages[target] or 99
            return f"{m.group(0)}, [{self.page_word}{GLUE}{number}](#{target})"

        return _PAGED.sub(add, text)

    def lines(self, text: str, width: float, *, x: float = 0.0, size: float | None = None,
              font: str = "regular", justify: bool = True, fill: str = INK,
              anchor: str = "start", lead: float | None = None,
              balance: bool = False) -> list[Unit]:
        size = size or self.s.body
        lead = lead or self.s.lead * size / self.s.body
        text, labels = prepared(self.paged(text), self.lang)
        units = []
        set_ = set_lines(text, width, font, size, self.lang, justify=justify,
                         balance=balance)
        for number, line in enumerate(set_):
            at = {"start": x, "middle": x + width / 2, "end": x + width}[anchor]
            # The baseline sits where the ascender of a body line would leave it.
            # PDF word spacing widens a no-break space too: share the stretch among all.
            spaces, glue = line.text.count(" "), line.text.count(GLUE)
            stretch = line.word_space * spaces / (spaces + glue) if glue else line.word_space
            printed = shown(line.text)
            unit = Unit(lead, [_text(at, lead * 0.78, printed, size, font=font,
                                     anchor=anchor, fill=fill, word_space=round(stretch, 4))])
            searched = 0   # a label is looked for after the one before on the line
            while labels and labels[0][0] in line.text[searched:]:
                label, target = labels.pop(0)
                start = line.text.index(label, searched)
                searched = start + len(label)

                def advance(part: str) -> float:
                    return (fonts.measure(shown(part), font, size)
                            + stretch * (part.count(" ") + part.count(GLUE)))

                left = at - {"start": 0.0, "middle": 0.5, "end": 1.0}[anchor] * advance(
                    line.text)
                x0 = left + advance(line.text[:start])
                unit.links.append((Rect(x0, 0.0, advance(label), lead), target))
            # A word hyphenated at the line's end is not parted across two pages.
            unit.keep_with_next = number < len(set_) - 1 and line.words[-1].endswith("-")
            units.append(unit)
        return units

    @staticmethod
    def keep_paragraph(units: list[Unit]) -> list[Unit]:
        """No first line alone at a page's foot, no last line alone at a page's head:
        the first two and the last two lines stay together (short paragraphs whole)."""
        n = len(units)
        for i, unit in enumerate(units[:-1]):
            if n <= 3 or i == 0 or i == n - 2:
                unit.keep_with_next = True
        return units

    def paragraph(self, p: Paragraph) -> list[Unit]:
        units = self.keep_paragraph(self.lines(p.text, self.g.column))
        units[0].space_before = self.s.paragraph_gap
        return units

    def bullets(self, b: Bullets) -> list[Unit]:
        units: list[Unit] = []
        for item in b.items:
            lines = self.keep_paragraph(self.lines(item, self.g.column - self.s.indent,
                                                   x=self.s.indent))
            lines[0].items.append(_text(1.2, self.s.lead * 0.78, "•", self.s.body))
            lines[0].space_before = 0.6 if units else self.s.paragraph_gap
            units += lines
        return units

    def heading(self, text: str, size: float, space_before: float, where: str = "",
                key: str = "", anchor: str = "") -> list[Unit]:
        units = self.lines(text, self.g.column, size=size, font="bold", justify=False,
                           balance=True)
        if units:
            units[0].anchor = anchor
        if not units:
            raise TemplateError(where, key, expected="a heading with text", got=repr(text))
        if len(units) > HEADING_LINES:
            raise TemplateError(where, key, expected=f"a heading that fits in "
                                f"{HEADING_LINES} lines of the page",
                                got=f"{len(units)} lines ({len(text):,} characters)")
        for unit in units:
            unit.keep_with_next = True
        units[0].space_before = space_before
        return units

    def table(self, t: Table) -> list[Unit]:
        cols = max(len(r) for r in t.rows)
        rows = [tuple(r) + ("",) * (cols - len(r)) for r in t.rows]
        size = self.s.body * 0.9
        lead = self.s.lead * 0.84  # cells are short: set them a little tighter than text
        pad = 0.9
        width = self.g.column

        def natural(cell: str, font: str) -> float:
            return fonts.measure(cell, font, size)

        longest = [max(max((natural(w, "bold") for w in r[c].split()), default=0.0)
                       for r in rows) + 2 * pad for c in range(cols)]
        full = [max(natural(r[c], "bold") for r in rows) + 2 * pad for c in range(cols)]
        if sum(full) <= width:
            widths = [f + (width - sum(full)) / cols for f in full]
        else:
            spare = width - sum(longest)
            extra = [f - m for f, m in zip(full, longest)]
            widths = [m + spare * e / (sum(extra) or 1) for m, e in zip(longest, extra)]
        units: list[Unit] = []
        for number, row in enumerate(rows):
            font = "bold" if number == 0 else "regular"
            cells = [self.lines(cell, widths[c] - 2 * pad, x=sum(widths[:c]) + pad, size=size,
                                font=font, justify=False, lead=lead)
                     for c, cell in enumerate(row)]
            height = max(sum(u.height for u in cell) for cell in cells) + 2 * pad
            items: list[Item] = []
            for cell in cells:
                y = pad
                for unit in cell:
                    items.append(Group(tuple(unit.items), Transform.translate(0, y)))
                    y += unit.height
            rule = 0.35 if number == 0 else 0.15
            items.append(Line(0, height, width, height, Paint(stroke=GREY, width=rule)))
            if number == 0:
                items.append(Line(0, 0, width, 0, Paint(stroke=GREY, width=0.35)))
            units.append(Unit(height, items, header=units[0] if units else None))
        # A table breaks only where at least TABLE_HEAD rows stand under its head and
        # TABLE_TAIL rows go on to the next page (under the head set again).
        for k, unit in enumerate(units[:-1]):
            unit.keep_with_next = k < TABLE_HEAD or k >= len(units) - TABLE_TAIL
        units[0].space_before = self.s.paragraph_gap + 0.8
        return units

    def banner(self, banner: Banner, words: Mapping[str, str], names: Mapping[str, str]
               ) -> Unit:
        """A game's banner: players, length and difficulty on one line, the cards on the
        next, centred on a tinted box under the chapter's title. A label keeps its first
        word on its line, and a separator never starts one."""
        players = f"{banner.players}\u2013{banner.most_players}" if banner.most_players \
            else str(banner.players)
        parts = [(words["players"], players)]
        if banner.length:
            parts.append((words["length"], banner.length))
        if banner.difficulty:
            parts.append((words["difficulty"], banner.difficulty))
        cards = banner_cards(banner, dict(words), dict(names))
        texts = [f"{GLUE}· ".join(f"{label}:{GLUE}{value}" for label, value in parts),
                 f"{words['cards']}:{GLUE}{cards}"]
        pad = 1.6
        size = self.s.body * 0.92
        lines = [line for text in texts
                 for line in self.lines(text, self.g.column - 4 * pad, x=2 * pad, size=size,
                                        justify=False, anchor="middle")]
        return self._tinted(lines, pad, space_before=2.5)

    def _tinted(self, lines: list[Unit], pad: float, space_before: float) -> Unit:
        """*lines* stacked on a tinted box the column's width, as one unit kept with what
        follows: a banner, an "on your turn" box."""
        items: list[Item] = []
        y = pad
        for line in lines:
            items.append(Group(tuple(line.items), Transform.translate(0, round(y, 3))))
            y += line.height
        height = y + pad
        box = Box(Rect(0, 0, self.g.column, height), Paint(fill=TINT), radius=1.2)
        return Unit(height, [box, *items], space_before=space_before, keep_with_next=True)

    def turn(self, turn: Turn, heading: str) -> Unit:
        """A game's "on your turn" box: its heading, then each line after a bullet, on the
        banner's tint."""
        pad = 2.0
        size = self.s.body * 0.95
        lines = self.lines(heading, self.g.column - 4 * pad, x=2 * pad, size=size,
                           font="bold", justify=False)
        indent = 2 * pad + self.s.indent
        for text in turn.lines:
            set_ = self.lines(text, self.g.column - indent - 2 * pad, x=indent, size=size,
                              justify=False)
            set_[0].items.append(_text(2 * pad + 1.2, set_[0].height * 0.78, "•", size))
            lines += set_
        box = self._tinted(lines, pad, space_before=4.5)
        # A summary of the section before: it may end a page, the next heading its own
        # lines at the head of the next.
        box.keep_with_next = False
        return box

    def _art(self, page: Page, scale: float, x: float) -> Group:
        # The figure's signs and labels are drawn, not set: they stay out of the page's
        # text, which a reader searches and copies.
        return Group(page.items, Transform.translate(x, 0) @ Transform.scale(scale, scale),
                     clip=Rect(0, 0, page.width, page.height), role=OUTLINED)

    def _caption(self, ref: FigureRef, number: int, word: str, width: float, x: float
                 ) -> list[Unit]:
        return self.lines(f"{word} {number}. {ref.caption}", width, x=x,
                          size=self.s.caption, fill=GREY, justify=False, anchor="middle",
                          balance=True)

    def _check_fits(self, ref: FigureRef, height: float) -> None:
        if height > self.g.body_bottom - self.g.body_top:
            # The figure and its caption stay together: more than a page cannot be set.
            file, _, key = ref.where.partition(": ")
            raise TemplateError(file, f"{key}.caption", expected="a caption that fits on "
                                "the page with its figure",
                                got=f"{len(ref.caption):,} characters")

    def figure(self, ref: FigureRef, page: Page, number: int, word: str,
               placement: Placement | None = None, listing: str = "") -> list[Unit]:
        """A figure and its caption, kept together; a board drawn at its placement's width
        (never wider than the column), anything else as large as its share of the page's
        height allows. A start's *listing* follows the caption, each side (a line of
        *listing*) from a new line."""
        if placement is None:
            room = (self.g.body_bottom - self.g.body_top) * ref.height
            scale = min(self.g.column / page.width, room / page.height)
        else:
            scale = min(1.0, self.g.column / page.width)
        w, h = page.width * scale, page.height * scale
        art = self._art(page, scale, (self.g.column - w) / 2)
        caption = self._caption(ref, number, word, self.g.column * 0.9, self.g.column * 0.05)
        least = h * min(1.0, placement.least / w) if placement is not None else 0.0
        first = Unit(h + 1.5, [art], space_before=self.s.paragraph_gap + 1.5,
                     keep_with_next=True, art=h, centre=self.g.column / 2, least=least)
        self._check_fits(ref, first.height + sum(u.height for u in caption))
        for unit in caption[:-1]:
            unit.keep_with_next = True
        caption[-1].height += 1.5
        if not listing:
            return [first, *caption]
        listed = [line for side in listing.split("\n")
                  for line in self.lines(side, self.g.column, size=self.s.caption,
                                         justify=False)]
        # The listing is read with the board: the two stay on one page.
        for unit in [*caption, *listed[:-1]]:
            unit.keep_with_next = True
        for unit in listed:
            unit.items = [Group(tuple(unit.items), role=LISTING)]
        listed[-1].height += 3.0
        return [first, *caption, *listed]

    def pair(self, refs: tuple[FigureRef, FigureRef], pages: tuple[Page, Page],
             number: int, word: str, placed: Mapping[str, Placement]) -> list[Unit]:
        """Two boards side by side, each centred in half the column over its own caption
        (figures *number* and *number* + 1): two positions of one example compared at a
        glance."""
        half = self.g.column * (1.0 - PAIR_GAP) / 2
        arts: list[Item] = []
        heights, least = [], 0.0
        captions: list[Item] = []
        caption_height = 0.0
        for k, (ref, page) in enumerate(zip(refs, pages)):
            left = 0.0 if k == 0 else self.g.column - half
            scale = min(1.0, half / page.width)
            w, h = page.width * scale, page.height * scale
            arts.append(self._art(page, scale, left + (half - w) / 2))
            heights.append(h)
            least = max(least, h * min(1.0, placed[ref.where].least / w))
            y = 0.0
            for unit in self._caption(ref, number + k, word, half, left):
                captions.append(Group(tuple(unit.items), Transform.translate(0, round(y, 3))))
                y += unit.height
            caption_height = max(caption_height, y)
        h = max(heights)
        first = Unit(h + 1.5, arts, space_before=self.s.paragraph_gap + 1.5,
                     keep_with_next=True, art=h, centre=self.g.column / 2, least=least)
        caption = Unit(caption_height + 1.5, captions)
        self._check_fits(refs[0], first.height + caption.height)
        return [first, caption]


def _check_header(setter: _Setter, chapter: Chapter) -> None:
    """A chapter's title is its pages' running header, one line: it must fit there.

    :raises: :exc:`TemplateError` naming the chapter's file.
    """
    g = setter.g
    width = fonts.measure(chapter.title, "regular", g.style.header)
    if width > g.column:
        raise TemplateError(chapter.where, "title", expected=f"a title that fits the "
                            f"running header's one line ({g.column:.0f} mm)",
                            got=f"{width:,.0f} mm ({len(chapter.title):,} characters)")


def _chapter_units(setter: _Setter, chapter: Chapter, figures: Mapping[str, Page],
                   counter: list[int], booklet: Booklet,
                   listings: Mapping[str, str] | None = None) -> list[Unit]:
    s = setter.s
    placed = placements((chapter,), setter.g.column)
    word = booklet.words.get("figure", "Figure")
    _check_header(setter, chapter)
    # The gap before the title counts only where the chapter follows on the page of the
    # chapter before.
    units = setter.heading(chapter.title, s.h1, CHAPTER_GAP, chapter.where, "title",
                           anchor=chapter.key)
    if chapter.banner is not None:
        units.append(setter.banner(chapter.banner, booklet.words, booklet.names))
    body = setter.g.body_bottom - setter.g.body_top
    keys = [section.key for section in chapter.sections]
    # The "on your turn" box follows the setup (a deal or layout in the traditional games;
    # START_SECTIONS), or else comes before the moves.
    starts = [i for i, key in enumerate(keys) if key in START_SECTIONS]
    turn_after = starts[0] if starts else keys.index("moves") - 1 if "moves" in keys else -1
    if chapter.turn is not None and turn_after < 0:
        units.append(setter.turn(chapter.turn, booklet.words["turn"]))
    for i, section in enumerate(chapter.sections):
        start = len(units)
        if section.heading:
            units += setter.heading(section.heading, s.h2, 4.5, chapter.where,
                                    f"section[{i}].heading",
                                    anchor=f"{chapter.key}/{section.key}")
        partner = {id(a): b for a, b in pairs(section)
                   if a.where in figures and b.where in figures}
        seconds = {id(b) for b in partner.values()}
        for block in section.blocks:
            if id(block) in seconds:
                continue   # set beside the figure before it
            if isinstance(block, Paragraph):
                units += setter.paragraph(block)
            elif isinstance(block, Bullets):
                units += setter.bullets(block)
            elif isinstance(block, Table):
                rows = setter.table(block)
                if any(row.height > body for row in rows):
                    raise TemplateError(chapter.where, f"section[{i}].text", expected="table "
                                        "rows that fit on a page", problem="a row is taller "
                                        "than the page")
                units += rows
            elif id(block) in partner:
                other = partner[id(block)]
                units += setter.pair((block, other), (figures[block.where],
                                                      figures[other.where]),
                                     counter[0] + 1, word, placed)
                counter[0] += 2
            else:
                counter[0] += 1
                units += setter.figure(block, figures[block.where], counter[0], word,
                                       placed.get(block.where),
                                       (listings or {}).get(block.where, ""))
        for unit in units[start:]:
            unit.section = f"{chapter.key}/{section.key}"
            unit.sidebar = section.key in SIDEBAR_SECTIONS
        if chapter.turn is not None and i == turn_after:
            units.append(setter.turn(chapter.turn, booklet.words["turn"]))
    return units


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


def _index_units(setter: _Setter, entries: list[tuple[str, list[int]]]) -> list[Unit]:
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


#: A chapter's last page should hold at least this share of the body: a page with one
#: table row or three lines reads as a mistake. Such a page is pulled back onto the page
#: before by drawing that page's figures a little smaller, or else given more of the text.
RUNT = 0.2
#: Every page holds at least this share of the body, but a chapter's last page before a
#: chapter that opens a new page (and the colophon): a figure that does not fit under the
#: text waits for the text after it, and a chapter follows on the page of the one before
#: while that page is less full than this.
FULL = 0.6


def _paginate(units: list[Unit], g: Geometry, start: list[tuple[float, Unit]] | None = None,
              *, runt: bool = True) -> list[list[tuple[float, Unit]]]:
    """Units placed on pages as (top y, unit), the first page after what *start* already
    placed on it. A unit that keeps with the next moves with it to a new page when the two
    do not both fit. A page left under :data:`FULL` gives way to earlier breaks
    (:func:`_fuller`); with *runt*, a last page under :data:`RUNT` full is avoided when it
    can be (:func:`_without_runt`)."""
    pages, laid, breaks = _fuller(units, g, start)
    if not runt or len(pages) < 2 \
            or _depth(pages[-1], g) >= RUNT * (g.body_bottom - g.body_top):
        return pages
    return _without_runt(laid, pages, g, start, breaks)


def _depth(placed: list[tuple[float, Unit]], g: Geometry) -> float:
    """How far down the body a page's units reach."""
    return max((y + unit.height for y, unit in placed), default=g.body_top) - g.body_top


def _underfull(pages: list[list[tuple[float, Unit]]], g: Geometry) -> int:
    """How many pages but the last are under :data:`FULL`."""
    body = g.body_bottom - g.body_top
    return sum(_depth(page, g) < FULL * body - 0.01 for page in pages[:-1])


def _fuller(units: list[Unit], g: Geometry, start: list[tuple[float, Unit]] | None
            ) -> tuple[list[list[tuple[float, Unit]]], list[Unit], frozenset[int]]:
    """The pages of :func:`_fill`, where a page (not the last) is left under :data:`FULL`
    because what comes next cannot be split, with the page before broken earlier: the
    run that ends it goes over to fill the short page, as long as the page before stays
    :data:`FULL`. Also the units as laid and the breaks (unit ids) that were forced."""
    body = g.body_bottom - g.body_top
    breaks: frozenset[int] = frozenset()
    laid = list(units)
    pages = _fill(laid, g, breaks, start)
    short = _underfull(pages, g)
    while short:
        better = None
        for n in range(1, len(pages) - 1):
            if _depth(pages[n], g) >= FULL * body - 0.01:
                continue
            for y, unit in reversed(pages[n - 1]):
                if y - unit.space_before - g.body_top < FULL * body:
                    break
                k = next((k for k, u in enumerate(laid) if u is unit), 0)
                if k == 0 or laid[k - 1].keep_with_next:
                    continue
                trial = list(units)
                tried = _fill(trial, g, breaks | {id(unit)}, start)
                if _underfull(tried, g) < short:
                    better = (tried, trial, breaks | {id(unit)})
                    break
            if better:
                break
        if better is None:
            break
        pages, laid, breaks = better
        short = _underfull(pages, g)
    return pages, laid, breaks


def _without_runt(units: list[Unit], pages: list[list[tuple[float, Unit]]], g: Geometry,
                  start: list[tuple[float, Unit]] | None = None,
                  breaks: frozenset[int] = frozenset()) -> list[list[tuple[float, Unit]]]:
    """The chapter's pages without a nearly empty last page, if that can be done:

    - the figures of the last two pages drawn smaller (down to :data:`SHRINK`, shared in
      proportion to what each can give) so that the last page's text fits on the page
      before, as a typesetter squeezes a page rather than leave a line alone on the next;
    - else the break before the last page moved back, unit by unit, until the last page
      holds :data:`RUNT` of the body, as long as the page before stays :data:`FULL`.
    Otherwise the pages stay as they were. *units* are as laid, *breaks* those forced."""
    body = g.body_bottom - g.body_top
    ids = {id(unit): k for k, unit in enumerate(units)}

    def end(page: list[tuple[float, Unit]]) -> int:
        # The page's last unit of this chapter: a page may also open with a table's header
        # set again, or hold the end of the chapter before.
        return max((ids.get(id(unit), -1) for _, unit in page), default=-1)

    last, before = end(pages[-2]) + 1, (end(pages[-3]) + 1 if len(pages) > 2 else 0)
    need = _depth(pages[-1], g) + units[last].space_before - (body - _depth(pages[-2], g))
    figures = [k for k in range(before, len(units)) if units[k].art]
    room = sum(units[k].room_to_shrink() for k in figures)
    if figures and room >= need:
        squeezed = list(units)
        for k in figures:
            squeezed[k] = units[k].shrunk(need * units[k].room_to_shrink() / room + 0.01)
        tried = _fill(squeezed, g, breaks, start)
        if len(tried) < len(pages):
            return tried
    for cut in range(last - 1, before, -1):
        if units[cut - 1].keep_with_next:
            continue   # the break would split what must stay together
        tried = _fill(list(units), g, breaks | {id(units[cut])}, start)
        if len(tried) != len(pages) or _depth(tried[-2], g) < FULL * body:
            break
        if _depth(tried[-1], g) >= RUNT * body:
            return tried
    return pages


def _group_end(units: list[Unit], i: int) -> int:
    """The last unit of the run that *units[i]* keeps with."""
    while units[i].keep_with_next and i + 1 < len(units):
        i += 1
    return i


def _float_figure(units: list[Unit], i: int, j: int) -> bool:
    """Moves the first figure of *units[i..j]* (with its caption) past the text that
    follows it, to the end of the next run of units that is not split by the move: within
    the chapter (*units*), never past another figure (their numbers stay in order), into
    a table or past a sidebar. The text that introduced the figure still comes before it, as a float does in
    print: it may land after the next heading when it ends its section. True if moved."""
    f = next((k for k in range(i, j + 1) if units[k].art), None)
    if f is None:
        return False
    c = _group_end(units, f)
    q = c + 1
    while q < len(units) and not units[q].art:
        q = _group_end(units, q)
        if any(unit.art or unit.sidebar for unit in units[c + 1:q + 1]):
            return False    # nor past a game's variants, set apart in the margin
        if q + 1 >= len(units) or units[q + 1].header is None:
            units[f:q + 1] = units[c + 1:q + 1] + units[f:c + 1]
            return True
        q += 1
    return False


#: A figure too tall for the rest of its page goes to the top of the next, and the text
#: after it fills the page instead, when that rest is at least this share of the body: a
#: game's start across the column rarely fits under the chapter's opening text.
FLOAT = 0.2


def _float(units: list[Unit], i: int, j: int, room: float) -> bool:
    """Moves the text after the figure *units[i..j]* (and what stays with it) before it,
    as much as fits in *room*, whole runs kept together, stopping at the next figure, a
    table row, a sidebar, or the end of the figure's section (a start's figure may float
    past the sections that follow the setup: it is read before play). False if nothing
    fits."""
    pulled = 0
    start = end = j + 1
    home = units[i].section
    start_figure = home.rpartition("/")[2] in START_SECTIONS

    def may_pull(unit: Unit) -> bool:
        return not unit.art and unit.header is None and not unit.sidebar and (
            start_figure or unit.section == home)

    while end < len(units) and may_pull(units[end]):
        chain = end
        need = units[end].space_before + units[end].height
        while units[chain].keep_with_next and chain + 1 < len(units):
            chain += 1
            need += units[chain].space_before + units[chain].height
        if not all(may_pull(units[k]) for k in range(end + 1, chain + 1)) or need > room:
            break
        room -= need
        end = chain + 1
        pulled += 1
    if not pulled:
        return False
    units[i:end] = units[start:end] + units[i:start]
    return True


def _fill(units: list[Unit], g: Geometry, breaks: frozenset[int] = frozenset(),
          start: list[tuple[float, Unit]] | None = None) -> list[list[tuple[float, Unit]]]:
    """Units placed greedily on pages, a new page also before each unit whose id is in
    *breaks*. The first page holds *start* already (the end of the chapter before).
    *units* is left in the order placed, its figures as drawn."""
    pages: list[list[tuple[float, Unit]]] = [list(start or [])]
    y = g.body_top + _depth(pages[0], g) if pages[0] else g.body_top
    full = g.body_top + FULL * (g.body_bottom - g.body_top)
    done: set[int] = set()
    i = 0
    while i < len(units):
        j = _group_end(units, i)
        need = (units[i].space_before if pages[-1] else 0.0) + units[i].height
        need += sum(units[k].space_before + units[k].height for k in range(i + 1, j + 1))
        over = y + need - (g.body_bottom + 0.01)
        forced = id(units[i]) in breaks - done and bool(pages[-1])
        if forced:
            done.add(id(units[i]))   # once: the new page may open with a table's header
        if (over > 0 or forced) and pages[-1]:
            # A figure that would fit a little smaller stays here with its text; one that
            # would leave the page too empty waits for the text after it.
            figure = next((k for k in range(i, j + 1) if units[k].art), None)
            if not forced and figure is not None and units[figure].room_to_shrink() >= over:
                units[figure] = units[figure].shrunk(over + 0.01)
                continue
            # A figure too tall for the rest of the page heads the next, and the text
            # after it fills this page; failing that, it waits for the text after it.
            if not forced and units[i].art and g.body_bottom - y >= FLOAT * (
                    g.body_bottom - g.body_top) and _float(units, i, j, g.body_bottom - y):
                continue
            if not forced and y < full and _float_figure(units, i, j):
                continue
            pages.append([])
            y = g.body_top
            header = units[i].header
            if header is not None:
                pages[-1].append((y, header))
                y += header.height
            continue
        for k in range(i, j + 1):
            if pages[-1]:
                y += units[k].space_before
            pages[-1].append((y, units[k]))
            y += units[k].height
        i = j + 1
    return pages


def _frame(g: Geometry, header: str, number: int | None) -> list[Item]:
    area = g.type_area
    items: list[Item] = []
    if header:
        base = area.y + g.style.header
        items.append(_text(g.width / 2, base, shown(header), g.style.header, fill=GREY,
                           anchor="middle"))
        items.append(Line(area.x, base + 1.6, area.right, base + 1.6,
                          Paint(stroke=RULE, width=0.2)))
    if number is not None:
        items.append(_text(g.width / 2, area.bottom - 0.6, str(number), g.style.header,
                           fill=GREY, anchor="middle"))
    return items


def _page(g: Geometry, placed: list[tuple[float, Unit]], header: str, number: int | None,
          label: str) -> Page:
    items = _frame(g, header, number)
    for y, unit in placed:
        items.append(Group(tuple(unit.items), Transform.translate(g.margin_x, round(y, 3))))
    items += _sidebar_rules(g, placed)
    return Page(g.width, g.height, tuple(items), label=label)


def _sidebar_rules(g: Geometry, placed: list[tuple[float, Unit]]) -> list[Item]:
    """A rule in the left margin beside each run of sidebar units on a page, from the top
    of the run's first unit to the foot of its last."""
    rules: list[Item] = []
    top: float | None = None
    foot = 0.0
    for y, unit in [*placed, (0.0, Unit(0.0, []))]:
        if unit.sidebar:
            top = y if top is None else top
            foot = y + unit.height
        elif top is not None:
            x = round(g.margin_x + SIDEBAR_X, 3)
            rules.append(Line(x, round(top, 3), x, round(foot, 3),
                              Paint(stroke=SIDEBAR, width=SIDEBAR_WIDTH)))
            top = None
    return rules


def _title_page(booklet: Booklet, setter: _Setter) -> Page:
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
    return _page(g, placed, "", None, "title")


def _contents(booklet: Booklet, setter: _Setter, entries: list[tuple[str, int]]
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
            _text(room + 3.0, base, ". " * count, size, fill=RULE, anchor="end"),
            _text(g.column, base, str(number), size, anchor="end")]
        entry[0].space_before = 1.0
        units += entry
    return _paginate(units, g)


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


def _flow(booklet: Booklet, setter: _Setter, figures: Mapping[str, Page], first: int,
          listings: Mapping[str, str] | None = None) -> list[_Body]:
    """The chapters set on pages, the first printed with number *first*. A chapter of
    :attr:`Booklet.opening` starts a new page; any other follows on the last page of the
    chapter before when that page is less than :data:`FULL`. A chapter's last page is kept
    from being a runt (:data:`RUNT`) only before a chapter that starts a new page: one that
    follows fills the page."""
    g = setter.g
    body = g.body_bottom - g.body_top
    counter = [0]
    pages: list[_Body] = []
    chapters = booklet.chapters
    for n, chapter in enumerate(chapters):
        units = _chapter_units(setter, chapter, figures, counter, booklet, listings)
        if chapter.key == "index":
            # The pages before the index do not move when it is set: it lists theirs.
            units += _index_units(setter, term_pages(
                booklet, [(first + k, page.placed) for k, page in enumerate(pages)]))
        follows = bool(pages) and chapter.key not in booklet.opening \
            and _depth(pages[-1].placed, g) < FULL * body
        start = pages.pop() if follows else None
        after = chapters[n + 1].key if n + 1 < len(chapters) else ""
        placed = _paginate(units, g, start.placed if start else None,
                           runt=not after or after in booklet.opening)
        for k, page in enumerate(placed):
            opens = any(unit.anchor == chapter.key for _, unit in page)
            on_top = start.chapter if start is not None and k == 0 else chapter
            pages.append(_Body(page, on_top, opens or bool(start and start.opens and k == 0)))
    return pages


def _anchors(pages: list[_Body], first: int) -> dict[str, int]:
    """Every anchor (chapter, ``chapter/section``) with the printed number of its page."""
    return {unit.anchor: first + k for k, page in enumerate(pages)
            for _, unit in page.placed if unit.anchor}


def typeset(booklet: Booklet, figures: Mapping[str, Page], geometry: Geometry,
            listings: Mapping[str, str] | None = None) -> Typeset:
    """The whole booklet as pages: title page, contents, the chapters (:func:`_flow`).
    *figures* are the drawn figures by :attr:`FigureRef.where`; *listings* the start
    positions as text, printed under their figures (:mod:`.listing`). The cross-references print
    their target's page: the chapters are set again with the pages the last setting
    found until the numbers no longer move (at most :data:`PASSES` settings)."""
    setter = _Setter(geometry, booklet.lang)
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
        pages.append(_page(geometry, placed, "", len(pages) + 1, "contents"))
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
        pages.append(_page(geometry, page.placed, header, len(pages) + 1, label))
        placed_pages.append(page.placed)
    return Typeset(pages, outline, entries, _links(placed_pages, geometry))


def _anchor_names(booklet: Booklet) -> list[str]:
    """What a cross-reference may lead to: each chapter and each of its sections."""
    return [name for c in booklet.chapters
            for name in (c.key, *(f"{c.key}/{s.key}" for s in c.sections))]


#: A link to a printed page (the index's numbers): ``#page-12``.
PAGE_TARGET = "page-"


def _links(pages: list[list[tuple[float, Unit]]], g: Geometry) -> list[Link]:
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
