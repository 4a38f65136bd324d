"""Blocks set as units: a paragraph as justified, hyphenated lines, kept so that no first
or last line stands alone; lists, tables, headings, a game's banner and its "on your turn"
box; figures and pairs of boards with their captions. :func:`chapter_units` sets a whole
chapter in order. The units know their heights and what they keep with, not their pages:
:mod:`.makeup` places them.
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping

from ...draw import fonts
from ...draw.art.traditional import red_suit_runs
from ...draw.backends.pdf import OUTLINED
from ...draw.geometry import Rect, Transform
from ...draw.scene import Box, Group, Item, Line, Page, Paint
from ...errors import TemplateError
from ...io.booklets import banner_boards, banner_cards
from ...model.booklet import (LINK, Banner, Booklet, Bullets, Chapter, FigureRef, Paragraph,
                              Section, Table, Turn, figure_anchor, table_anchor,
                              unlinked)
from ..diagram import LEAST_LABEL
from .figures import TABLEAU_LABEL
from .sizes import MOVE, PAIR_GAP, START_SECTIONS, FigurePlacement, pairs, placements
from .typography import GLUE, NBSP, link_spans, prepared, set_lines, set_title, shown
from .units import (GREY, INK, LISTING, PAGE_TARGET, RULE, TINT, TURN, PageGeometry,
                    TypeStyle, Unit, text_item)

#: The most lines a heading may take: a longer one is a paragraph set by mistake, and it
#: stays with what follows, so a page could not hold it.
HEADING_LINES = 3
#: The label of a link printed as its target's page number alone ("[#](#basic-1)" prints
#: "19"): a table's page column (issue 39, review: the quick reference's games table).
PAGE_ONLY = "#"
#: A cross-reference and the closing quotes right after it.
_PAGED = re.compile(LINK.pattern + r"([\u201d\u00bb\u2019\"]*)")
#: The section of a chapter that is the booklet's colophon (its imprint: who made it, with
#: what, under which licence); the sections after it without a heading of their own go
#: with it (:func:`.flow._set_colophon`). It is set at the booklet's end under a
#: chapter's head, as the other back matter is (issue 39, eleventh review: EN p. 74, a
#: small bold subhead among the chapter heads of the glossary and the index).
COLOPHON = "colophon"
#: Sections set as a sidebar, by id.
SIDEBAR_SECTIONS = frozenset({"variants"})
#: A sidebar breaks across pages only leaving at least this many of its lines on each
#: side, and one of at most :data:`SIDEBAR_WHOLE` lines (its heading's too) is never
#: split: a box run two lines onto the next page reads as a box left unfinished (issue 39,
#: review: the Besieged City's variants, 4 lines + 2 over the page).
SIDEBAR_SIDE = 3
SIDEBAR_WHOLE = 6
#: The fewest rows of a table, below its head, on either side of a page break: a table
#: that would leave fewer at a page's foot or head moves more rows with them. The same
#: six on both sides: a head of four rows at a page's foot read as a table cut short
#: (issue 39, fourth review r-ass, L1: Ass's whole deal split 4/14).
TABLE_HEAD = 6
#: A short table kept whole that breaks across an open spread (below) leaves this many
#: rows on each page: it is read on at a glance over the fold, not turned over, so the
#: six-row rule for a break at a page turn does not hold it.
SPREAD_HEAD = 3
TABLE_TAIL = 6
#: A table of fewer rows than this (below its head) is never split: 3 + 6 rows over two
#: pages read as two tables, the second page three quarters empty (issue 39, eighth
#: review: Ass's card-power table of 9 rows). It moves whole, unless it is taller than
#: :data:`TABLE_WHOLE_HEIGHT` of the page's body.
TABLE_WHOLE = 12
TABLE_WHOLE_HEIGHT = 0.8
#: The most words of a sentence that may follow a reading's label on a paragraph's line
#: and end a page: "Our reading: the" at a page's foot is a label cut off from its note
#: (issue 39, eighth review); such a line stays with the next.
LABEL_TAIL = 2
#: How far (mm) a table's column widths move at a time in the search for its shortest
#: setting: a small step, and larger ones past settings that a small one does not improve.
TABLE_STEPS = (2.0, 6.0, 12.0)
#: A hair (mm) added to a column's longest word: a column squeezed to exactly that width
#: broke the word at rounding ("car d" in the Ass card-power table, issue 39 eighth review).
FIT = 0.05
#: A table's type (shares of the body's size and lead: cells are short, set a little
#: smaller and tighter than text), the space above and below a cell's lines, and how far
#: (mm) a cell's text stands in from its column's sides: a gutter of twice it between two
#: columns, so that a full cell never seems to run into the next (the Russian glossary's
#: «заходная карта» touched "led card").
TABLE_SIZE = 0.9
TABLE_LEAD = 0.84
TABLE_PAD = 0.9
TABLE_SIDE = 1.5
#: A section's notes (its readings and house rules, listed at its end under a one-word
#: label, "Notes:"; :func:`notes_at`) are set apart from the rules in a note style: type
#: this share of the body's, the block indented this far (mm), a hairline of the rules'
#: grey this far (mm) inside the indent beside it, from the label to the last note (issue
#: 39, tenth review: Ass's readings read as more rules). Quieter than a game's variants,
#: which have a heavier rule in the margin.
NOTE_SIZE = 0.9
NOTE_INDENT = 3.0
NOTE_RULE_X = 0.8
NOTE_RULE_WIDTH = 0.25
#: A notes list broken by a page leaves at least this many notes on each side, and one of
#: at most twice as many is never broken: a note alone at a page's head, cut off from its
#: list and its text, reads as a stray (issue 39, third review r-ass, finding 4: note 18
#: alone at the top of EN p. 11).
NOTES_SIDE = 2
#: The space (mm) between an ordered list's number and its item's text.
NUMBER_GAP = 1.2
#: A list item of at most this many lines is never split across pages.
ITEM_WHOLE = 4
#: A list of at most this many lines after the line that introduces it ("Within one
#: suit:") is kept whole with it: a lead-in with one item under it reads as cut off.
LIST_WHOLE = 8
#: The least share of its size a row of a trick's cards is drawn at to keep a page full:
#: more than a board's (units.SHRINK), as the reader reads the cards' corner indices.
TRICK_LEAST = 0.85
#: A section's heading keeps with at least this many lines of its section (fewer if the
#: section is shorter) ...
HEADING_KEEPS = 4
#: ... or three where the first paragraph cannot break after its fourth line ...
HEADING_LEAST = 3
#: ... and with its first block whole, a paragraph or list item of at most this many lines
#: (an example's intro with the first move after it): a heading is never stranded at a
#: page's foot with a line or a bullet under it (issue 39, fourth review).
FIRST_WHOLE = 4


def _bracket_depth(text: str) -> int:
    """How many round brackets are open at the end of *text*, the targets of its links
    (``[label](#target)``) not counted.

    >>> _bracket_depth("As in [game 1](#basic-1) (see [Packs](#equipment/packs) and ")
    1
    >>> _bracket_depth("As in [game 1](#basic-1) (see Packs) and ")
    0
    """
    plain = LINK.sub(lambda m: m.group(1), text)
    return plain.count("(") - plain.count(")")


class Setter:
    """Sets blocks as units for one page geometry and language, and prints each
    cross-reference's page once the pages are known (:attr:`pages`)."""

    def __init__(self, geometry: PageGeometry, lang: str) -> None:
        self.g, self.s, self.lang = geometry, geometry.style, lang
        #: What a cross-reference's page is printed after (``p.``); "" prints none.
        self.page_word = ""
        #: The printed page of each anchor a cross-reference may name (0 while unknown).
        self.pages: dict[str, int] = {}
        #: (text, target) of each reference that the last setting put on its target's
        #: page: "(Figure 34)", not "(Figure 34, p. 41)" on p. 41 (issue 39, fourth review
        #: r-main 8: a page number that names the page it is printed on); so too a section
        #: whose heading shares the page ("see “Playing a trick” below", not "(p. 7)" on
        #: p. 7: session 20's editor's review of Ass).
        self.here: frozenset[tuple[str, str]] = frozenset()
        #: Labels set whole wherever they stand ("Our reading"): never broken or
        #: hyphenated (:func:`.typography.bound`).
        self.phrases: tuple[str, ...] = ()
        #: The word a notes list's label takes where the list goes on over a page
        #: ("continued": "Notes (continued)"); "" repeats the label as it is.
        self.continued = ""
        #: The printed page where a section's text first uses a term, by (section, term):
        #: a table row that names a section (a glossary's entry) prints that page
        #: (:func:`.flow.glossary_pages`).
        self.term_pages: dict[tuple[str, str], int] = {}

    def paged(self, text: str, term: str = "") -> str:
        """*text* with each cross-reference to a chapter of the booklet followed by its
        page, as a link of its own, always inside brackets: "the general rules (p. 10)",
        and within brackets already there "(section "Packs", p. 5)", after a closing
        quote that follows the label (issue 39: a page number run into the sentence
        reads as its subject). A link to a chapter left out stays as it is, and so does a
        reference on its target's own page (:attr:`here`). A link labelled
        :data:`PAGE_ONLY` is its page number alone. Where the text is about a *term* (a
        glossary's row), a link to a section prints the page where the section's text
        first uses the term, and leads there (:attr:`term_pages`)."""
        if not self.page_word:
            return text

        def add(m: re.Match[str]) -> str:
            target = f"{m.group(2)}/{m.group(3)}" if m.group(3) else m.group(2)
            if target not in self.pages or (text, target) in self.here \
                    and m.group(1) != PAGE_ONLY:
                return m.group(0)
            # Unknown yet: two digits, as most pages have.
            number = self.pages[target] or 99
            to = target
            if (target, term) in self.term_pages:
                number = self.term_pages[target, term]
                to = f"{PAGE_TARGET}{number}"
            if m.group(1) == PAGE_ONLY:
                return f"[{number}](#{to}){m.group(4)}"
            page = f"[{self.page_word}{GLUE}{number}](#{to})"
            if _bracket_depth(text[:m.start()]) > 0:
                return f"{m.group(0)}, {page}"
            # Not bound to the label: a longer unbreakable chain would stretch the line's
            # word gaps (issue 39: no gaps over twice the normal space).
            return f"{m.group(0)} ({page})"

        return _PAGED.sub(add, text)

    def printed(self, text: str, term: str = "") -> str:
        """*text* as its lines print it, links as their labels and pages: what a table
        measures its columns by (not the link's target)."""
        return unlinked(self.paged(text, term))[0].replace(GLUE, " ")

    def lines(self, text: str, width: float, *, x: float = 0.0, size: float | None = None,
              font: str = "regular", justify: bool = True, fill: str = INK,
              anchor: str = "start", lead: float | None = None,
              balance: bool = False, page_list: bool = False, title: bool = False,
              term: str = "") -> list[Unit]:
        """*text* set in lines as units; a *title* by the rule for titles
        (:func:`.typography.set_title`); its links' pages as :meth:`paged` prints them
        for *term*."""
        size = size or self.s.body
        lead = lead or self.s.lead * size / self.s.body
        source = text
        text, labels = prepared(self.paged(text, term), self.lang)
        units = []
        set_ = set_title(text, width, font, size, self.lang, phrases=self.phrases) \
            if title else set_lines(text, width, font, size, self.lang, justify=justify,
                                    balance=balance, phrases=self.phrases,
                                    page_list=page_list,
                                    labels=tuple(label for label, _ in labels))
        spans = link_spans([line.text for line in set_], labels)
        for number, line in enumerate(set_):
            at = {"start": x, "middle": x + width / 2, "end": x + width}[anchor]
            # The baseline sits where the ascender of a body line would leave it.
            # PDF word spacing widens a no-break space too: share the stretch among all.
            spaces, glue = line.text.count(" "), line.text.count(GLUE)
            stretch = line.word_space * spaces / (spaces + glue) if glue else line.word_space
            printed = shown(line.text)
            # A red suit's sign prints red wherever it stands, as on the cards and under
            # a trick's cards (issue 39: captions printed ♥ ♦ black beside the labels'
            # red); a colour changes no width, so the line is set as before.
            unit = Unit(lead, [text_item(at, lead * 0.78, printed, size, font=font,
                                         anchor=anchor, fill=fill,
                                         word_space=round(stretch, 4),
                                         colours=red_suit_runs(printed))])

            def advance(part: str) -> float:
                return (fonts.measure(shown(part), font, size)
                        + stretch * (part.count(" ") + part.count(GLUE)))

            left = at - {"start": 0.0, "middle": 0.5, "end": 1.0}[anchor] * advance(line.text)
            for start, end, target in spans[number]:
                x0 = left + advance(line.text[:start])
                unit.links.append((Rect(x0, 0.0, advance(line.text[start:end]), lead),
                                   target))
            unit.refs = tuple(dict.fromkeys((source, target) for _, _, target
                                            in spans[number] if target in self.pages))
            # A word hyphenated at the line's end is not parted across two pages, nor a
            # reading's label from its note.
            unit.hyphen = number < len(set_) - 1 and line.words[-1].endswith("-")
            unit.keep_with_next = unit.hyphen or (number < len(set_) - 1
                                                  and self._label_ends(line.words))
            units.append(unit)
        return units

    def _label_ends(self, words: tuple[str, ...]) -> bool:
        """A line ends in a reading's label and at most :data:`LABEL_TAIL` words after
        it ("Our reading: the"), or in the label's first word where the label is parted."""
        labels = [phrase.split() for phrase in self.phrases]
        folded = [word.casefold().replace(GLUE, " ") for word in words]
        for label in labels:
            first = label[0].casefold()
            for at, word in enumerate(folded):
                # A mark in brackets, "(our reading 5)", is the label too: not parted
                # after "(our" at a page's foot (review r-ass, finding 6).
                if word.startswith(" ".join(label).casefold()) or (
                        at == len(folded) - 1 and word.lstrip("(") == first):
                    if len(folded) - 1 - at <= LABEL_TAIL:
                        return True
        return False

    @staticmethod
    def keep_paragraph(units: list[Unit]) -> list[Unit]:
        """No first line alone at a page's foot, no last line alone at a page's head:
        the first two and the last two lines stay together (short paragraphs whole)."""
        n = len(units)
        for i, unit in enumerate(units[:-1]):
            if n <= 3 or i == 0 or i == n - 2:
                unit.keep_with_next = True
        return units

    def paragraph(self, p: Paragraph, note: bool = False) -> list[Unit]:
        """A paragraph; with *note*, a notes list's label in the note style."""
        if note:
            units = self.keep_paragraph(self.lines(
                p.text, self.g.column - NOTE_INDENT, x=NOTE_INDENT,
                size=self.s.body * NOTE_SIZE, font="bold", justify=False))
            _note_rule(units)
        else:
            units = self.keep_paragraph(self.lines(p.text, self.g.column))
        units[0].space_before = self.s.paragraph_gap
        if p.text.rstrip().endswith(":"):
            # It introduces the table or list after it: never the last thing on a page.
            units[-1].keep_with_next = True
        return units

    def bullets(self, b: Bullets, note: bool = False) -> list[Unit]:
        """A list, each item hanging after its bullet, or an ordered list's after its
        number (set flush right before the items' common indent, wider where the numbers
        need it); with *note*, a notes list in the note style (:data:`NOTE_SIZE`)."""
        units: list[Unit] = []
        left, size = (NOTE_INDENT, self.s.body * NOTE_SIZE) if note else (0.0, self.s.body)
        lead = self.s.lead * size / self.s.body
        indent = item_indent(self.s, b, size)
        for number, item in enumerate(b.items, b.start):
            lines = self.keep_paragraph(self.lines(
                item, self.g.column - left - indent, x=left + indent, size=size))
            if len(lines) <= ITEM_WHOLE or note:
                # A note is read whole: the list parts between notes, never inside one
                # (review r-ass, finding 7: note 2 split across two pages).
                for line in lines[:-1]:
                    line.keep_with_next = True
            lines[0].items.append(
                text_item(left + indent - NUMBER_GAP, lead * 0.78, f"{number}.", size,
                          anchor="end") if b.numbered
                else text_item(left + 1.2, lead * 0.78, "•", size))
            lines[0].space_before = 0.6 if units else self.s.paragraph_gap
            lines[0].in_list = bool(units)
            units += lines
        if note:
            _note_rule(units)
        return units

    def note_head(self, label: str, section: str) -> Unit:
        """The head a notes list labelled *label* ("Notes:") carries at the top of a page
        it goes on to: "Notes (continued)" in the label's note style, so that a reader who
        turns the page knows what the notes are (issue 39, third review r-ass, finding 4)."""
        text = label.rstrip().rstrip(":")
        text = f"{text} ({self.continued})" if self.continued else label
        units = self.lines(text, self.g.column - NOTE_INDENT, x=NOTE_INDENT,
                           size=self.s.body * NOTE_SIZE, font="bold", justify=False)
        head = Unit(sum(unit.height for unit in units),
                    [Group(tuple(unit.items), Transform.translate(0.0, sum(
                        u.height for u in units[:k]))) for k, unit in enumerate(units)],
                    section=section)
        _note_rule([head])
        return head

    def heading(self, text: str, size: float, space_before: float, where: str = "",
                key: str = "", anchor: str = "") -> list[Unit]:
        units = self.lines(text, self.g.column, size=size, font="bold", justify=False,
                           title=True)
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
        """A table as one unit a row, its head row set again on each page it runs onto:
        columns as wide as make it shortest (:meth:`_column_widths`), kept so that it
        breaks only leaving :data:`TABLE_HEAD` rows under its head and :data:`TABLE_TAIL`
        on the next page, and a short table whole."""
        cols = max(len(r) for r in t.rows)
        rows = [tuple(r) + ("",) * (cols - len(r)) for r in t.rows]
        units = self._table_rows(rows, self._column_widths(rows))
        # A table breaks only where at least TABLE_HEAD rows stand under its head and
        # TABLE_TAIL rows go on to the next page (under the head set again).
        whole = len(units) - 1 < TABLE_WHOLE and sum(u.height for u in units) \
            <= TABLE_WHOLE_HEIGHT * (self.g.body_bottom - self.g.body_top)
        for k, unit in enumerate(units[:-1]):
            unit.keep_with_next = whole or k < TABLE_HEAD or k >= len(units) - TABLE_TAIL
        if whole and len(units) - 1 >= 2 * SPREAD_HEAD:
            # A short table kept whole may still break after its first SPREAD_HEAD rows
            # across an open spread (makeup._fill) rather than leave a left-hand page
            # under 75 % with the table and its lead-in overleaf (issue 39, fourth review
            # r-ass, L1: Ass's option-1 table, 90 mm with its three lines, left EN p. 8
            # 56 % full, and evening out spread the hole over pp. 5-8).
            units[SPREAD_HEAD].soft = True
        units[0].space_before = self.s.paragraph_gap + 0.8
        return units

    def _cell_width(self, shown: str) -> float:
        """The natural width of a cell's *shown* text (as :meth:`printed` gives it: a page
        link as its number), bold, as the widest of its fonts."""
        return fonts.measure(shown, "bold", self.s.body * TABLE_SIZE)

    def _column_widths(self, rows: list[tuple[str, ...]]) -> list[float]:
        """Each column's width: each its longest cell's where all fit the column, else
        the room beyond each column's longest word shared out as makes the table shortest
        (:meth:`_shortest_widths`)."""
        cols, width = len(rows[0]), self.g.column
        shown = [[self.printed(cell, row_term(rows, k)) for cell in row]
                 for k, row in enumerate(rows)]   # once a cell
        # A no-break space typed in a cell ("puzzle 5") binds its words into one.
        longest = [max(max((self._cell_width(w.replace(GLUE, " "))
                            for w in r[c].replace(NBSP, GLUE).split()), default=0.0)
                       for r in shown) + 2 * TABLE_SIDE + FIT for c in range(cols)]
        natural = [[self._cell_width(cell) for cell in row] for row in shown]
        full = [max(r[c] for r in natural) + 2 * TABLE_SIDE for c in range(cols)]
        if sum(full) <= width:
            return [f + (width - sum(full)) / cols for f in full]
        return self._shortest_widths(rows, natural, longest, full)

    def _shortest_widths(self, rows: list[tuple[str, ...]], natural: list[list[float]],
                         longest: list[float], full: list[float]) -> list[float]:
        """The room beyond each column's *longest* word shared out the way that makes the
        table shortest (*natural*: each cell's width as printed): by each column's longest
        cell (*full*), or by what all its cells
        need together (a column of short terms with one long one took a third of the
        glossary's width while the meanings wrapped to four lines: issue 39, sixth review,
        EN layout 4), or half way between; then :data:`TABLE_STEPS` mm at a time from one
        column to another while that takes lines off the table, no column under its
        longest word."""
        cols, side = len(rows[0]), TABLE_SIDE
        spare = self.g.column - sum(longest)
        by_longest = [f - m for f, m in zip(full, longest)]
        by_all = [sum(max(0.0, r[c] + 2 * side - longest[c]) for r in natural[1:])
                  for c in range(cols)]

        def shared(extra: list[float]) -> list[float]:
            return [m + spare * e / (sum(extra) or 1) for m, e in zip(longest, extra)]

        counted: dict[tuple[str, float], int] = {}

        def count(cell: str, room: float) -> int:
            if (cell, room) not in counted:
                counted[cell, room] = len(self.lines(
                    cell, room, size=self.s.body * TABLE_SIZE, justify=False,
                    lead=self.s.lead * TABLE_LEAD))
            return counted[cell, room]

        def tall(widths: list[float]) -> int:
            return sum(max(count(cell, widths[c] - 2 * side) for c, cell in enumerate(row))
                       for row in rows)

        ways = [shared(by_longest)]
        if sum(by_all):
            half = [a / (sum(by_all)) + b / (sum(by_longest) or 1)
                    for a, b in zip(by_all, by_longest)]
            ways += [shared(by_all), shared(half)]
        widths = min(ways, key=tall)   # the first of the shortest
        better = True
        while better:
            better = False
            for step, a, b in itertools.product(TABLE_STEPS, range(cols), range(cols)):
                moved = list(widths)
                moved[a] -= step
                moved[b] += step
                if a != b and moved[a] >= longest[a] and tall(moved) < tall(widths):
                    widths, better = moved, True
        return widths

    def _table_rows(self, rows: list[tuple[str, ...]], widths: list[float]) -> list[Unit]:
        """Each row as a unit of its cells' lines in columns *widths* wide, a rule under
        it (and over the head row), each row after the head with the head to set again."""
        units: list[Unit] = []
        size, lead, pad, side = (self.s.body * TABLE_SIZE, self.s.lead * TABLE_LEAD,
                                 TABLE_PAD, TABLE_SIDE)
        for number, row in enumerate(rows):
            font = "bold" if number == 0 else "regular"
            cells = [self.lines(cell, widths[c] - 2 * side, x=sum(widths[:c]) + side,
                                size=size, font=font, justify=False, lead=lead,
                                term=row_term(rows, number))
                     for c, cell in enumerate(row)]
            height = max(sum(u.height for u in cell) for cell in cells) + 2 * pad
            items: list[Item] = []
            links: list[tuple[Rect, str]] = []
            for cell in cells:
                y = pad
                for unit in cell:
                    items.append(Group(tuple(unit.items), Transform.translate(0, y)))
                    # A cell's cross-references stay links (the quick reference's page
                    # column, the glossary's: issue 39, links as in the contents).
                    links += unit.links_moved(0.0, y)
                    y += unit.height
            rule = 0.35 if number == 0 else 0.15
            items.append(Line(0, height, self.g.column, height, Paint(stroke=GREY,
                                                                      width=rule)))
            if number == 0:
                items.append(Line(0, 0, self.g.column, 0, Paint(stroke=GREY, width=0.35)))
            unit = Unit(height, items, header=units[0] if units else None, links=links)
            unit.refs = _refs(u for cell in cells for u in cell)
            units.append(unit)
        return units

    def banner(self, banner: Banner, words: Mapping[str, str], names: Mapping[str, str]
               ) -> Unit:
        """A game's banner: players, length and difficulty on one line, the cards on the
        next, the boards on a third (none for Ass and the patiences), centred on a tinted
        box under the chapter's title. A label keeps its first word on its line, and a
        separator never starts one."""
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
        boards = banner_boards(banner, dict(words), dict(names))
        if boards:
            texts.append(f"{words['board']}:{GLUE}{boards}")
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
        links: list[tuple[Rect, str]] = []
        y = pad
        for line in lines:
            items.append(Group(tuple(line.items), Transform.translate(0, round(y, 3))))
            links += line.links_moved(0.0, round(y, 3))
            y += line.height
        height = y + pad
        box = Box(Rect(0, 0, self.g.column, height), Paint(fill=TINT), radius=1.2)
        unit = Unit(height, [box, *items], space_before=space_before, keep_with_next=True,
                    links=links)
        unit.refs = _refs(lines)
        return unit

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
            set_[0].items.append(text_item(2 * pad + 1.2, set_[0].height * 0.78, "•", size))
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
        lines = self.lines(f"{word} {number}. {ref.caption}", width, x=x,
                           size=self.s.caption, fill=GREY, justify=False, anchor="middle",
                           balance=True)
        for line in lines:
            line.caption = True
        return lines

    def _check_fits(self, ref: FigureRef, height: float) -> None:
        if height > self.g.body_bottom - self.g.body_top:
            # The figure and its caption stay together: more than a page cannot be set.
            file, _, key = ref.where.partition(": ")
            raise TemplateError(file, f"{key}.caption", expected="a caption that fits on "
                                "the page with its figure",
                                got=f"{len(ref.caption):,} characters")

    def figure(self, ref: FigureRef, page: Page, number: int, word: str,
               placement: FigurePlacement | None = None, listing: str = "") -> list[Unit]:
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
        if ref.labels:
            # A trick's cards, labelled with their players, keep most of their size: their
            # corner indices are what the reader reads.
            least = h * TRICK_LEAST
        if ref.patience is not None:
            # A deal's slot labels are drawn TABLEAU_LABEL high at this scale: shrunk, they
            # stay no smaller than 6 pt (LEAST_LABEL).
            least = h * LEAST_LABEL / TABLEAU_LABEL
        if ref.key:
            # A diagram key's labels are set at caption size: drawn smaller, they would
            # fall below it (issue 39: the key's labels at the captions' size).
            least = h
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
             number: int, word: str, placed: Mapping[str, FigurePlacement]) -> list[Unit]:
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
        caption = Unit(caption_height + 1.5, captions, caption=True)
        self._check_fits(refs[0], first.height + caption.height)
        return [first, caption]


def row_term(rows: list[tuple[str, ...]], k: int) -> str:
    """The term row *k* of a table is about: its first cell (none for the head row)."""
    return rows[k][0] if k and rows[k] else ""


def item_indent(style: TypeStyle, b: Bullets, size: float) -> float:
    """How far (mm) the items of the list *b* set in *size* hang: a bullet's indent, or an
    ordered list's room for two digits (more where its numbers have more) and a stop, the
    same for every list of a chapter's notes whatever its numbers."""
    if not b.numbered:
        return style.indent
    digits = max(2, len(str(b.start + len(b.items) - 1)))
    return max(style.indent, fonts.measure("0" * digits + ".", "regular", size) + NUMBER_GAP)


def _note_rule(units: list[Unit]) -> None:
    """The note style's hairline beside *units*, each line's part reaching up over the
    gap above it, so that the rule runs unbroken down a page."""
    for unit in units:
        unit.items.append(Line(NOTE_RULE_X, -unit.space_before, NOTE_RULE_X, unit.height,
                               Paint(stroke=RULE, width=NOTE_RULE_WIDTH)))


def notes_at(section: Section, n: int) -> bool:
    """Block *n* of *section* is, or introduces, the section's notes: a one-word label
    ending in a colon ("Notes:", «Примечания:») and the list after it that ends the
    section."""
    label = n if isinstance(section.blocks[n], Paragraph) else n - 1
    if label < 0 or label + 2 != len(section.blocks):
        return False
    first, listed = section.blocks[label], section.blocks[label + 1]
    return isinstance(first, Paragraph) and isinstance(listed, Bullets) \
        and len(first.text.split()) == 1 and first.text.rstrip().endswith(":")


def _check_header(setter: Setter, chapter: Chapter) -> None:
    """A chapter's title is its pages' running header, one line: it must fit there.

    :raises: :exc:`TemplateError` naming the chapter's file.
    """
    g = setter.g
    width = fonts.measure(chapter.title, "regular", g.style.header)
    if width > g.column:
        raise TemplateError(chapter.where, "title", expected=f"a title that fits the "
                            f"running header's one line ({g.column:.0f} mm)",
                            got=f"{width:,.0f} mm ({len(chapter.title):,} characters)")


def _turn(setter: Setter, chapter: Chapter, turn: Turn, booklet: Booklet) -> Unit:
    """The chapter's "on your turn" box *turn*, in a section of its own for the index."""
    box = setter.turn(turn, booklet.turn_heading(turn))
    box.section = f"{chapter.key}/{TURN}"
    return box


def _keep_heading(section: list[Unit], heading: int, into_figure: bool = False) -> None:
    """The section's heading (its first lines, kept together) keeps with its first block
    whole if that is at most :data:`FIRST_WHOLE` lines, and with at least
    :data:`HEADING_KEEPS` lines, as a publisher keeps a heading with enough of its
    section; and an intro that ends there keeps with the first lines after it. A figure
    ends the run: the heading already keeps with it. With *into_figure* (the section's
    intro leads into a worked example's figure, the picture of a list's first item), a
    short intro keeps with that figure too."""
    body = section[heading:]
    if not body or body[0].art:
        return
    first = next((n for n in range(1, len(body)) if body[n].space_before > 0 or body[n].art),
                 len(body))
    if into_figure and first < len(body) and body[first].art and first <= FIRST_WHOLE + 2:
        # A short intro that leads straight into a worked example ("Each figure outlines
        # the card...") goes with the heading onto the figure's page: never a heading and
        # its intro at a page's foot, the example they introduce overleaf.
        for unit in body[:first]:
            unit.keep_with_next = True
        return
    want = max(HEADING_KEEPS, first if first <= FIRST_WHOLE else 0)
    if first <= 3:
        # A short first paragraph introduces what follows ("A short game from the start.
        # Each numbered move..."): it keeps with the first item, whole if short.
        second = next((n for n in range(first + 1, len(body))
                       if body[n].space_before > 0 or body[n].art), len(body))
        want = max(want, second if second - first <= ITEM_WHOLE else first + 2)
    want = min(len(body), want)
    if first > want:
        # The run ends where the paragraph may break (not inside its kept last lines or
        # a hyphenated word): at the first such place from *want* lines on within the
        # block, else the last one above it, but never under HEADING_LEAST lines.
        free = [c for c in range(HEADING_LEAST, first) if not body[c - 1].keep_with_next]
        later = [c for c in free if c >= want]
        want = later[0] if later else max(free, default=want)
    for n in range(want - 1):
        if body[n + 1].art:
            break
        body[n].keep_with_next = True


class _Chapter:
    """What setting one chapter needs besides the setter: its figures drawn, their
    placements and numbering, and the booklet's words."""

    def __init__(self, setter: Setter, chapter: Chapter, figures: Mapping[str, Page],
                 counter: list[int], booklet: Booklet,
                 listings: Mapping[str, str] | None) -> None:
        self.setter, self.chapter, self.figures = setter, chapter, figures
        self.counter, self.booklet, self.listings = counter, booklet, listings or {}
        self.placed = placements((chapter,), setter.g.column)
        self.word = booklet.words.get("figure", "Figure")
        self.body = setter.g.body_bottom - setter.g.body_top


def chapter_units(setter: Setter, chapter: Chapter, figures: Mapping[str, Page],
                  counter: list[int], booklet: Booklet,
                  listings: Mapping[str, str] | None = None) -> list[Unit]:
    """A whole chapter set as units in order: its title and banner, each section (its
    heading, blocks and figures, :func:`_section_units`) and the boxes that sum the game
    up (:func:`_boxes`). *counter* numbers the figures across chapters."""
    s = setter.s
    _check_header(setter, chapter)
    # The title heads a new page (makeup, flow): no gap above it.
    units = setter.heading(chapter.title, s.h1, 0.0, chapter.where, "title",
                           anchor=chapter.key)
    if chapter.banner is not None:
        units.append(setter.banner(chapter.banner, booklet.words, booklet.names))
    keys = [section.key for section in chapter.sections]
    # The "on your turn" box follows the setup (a deal or layout in the traditional games;
    # START_SECTIONS), or else comes before the moves.
    starts = [i for i, key in enumerate(keys) if key in START_SECTIONS]
    if chapter.course is not None and not starts:
        raise TemplateError(chapter.where, "course", expected="a section "
                            + " or ".join(sorted(START_SECTIONS)) + " for the box to head")
    turn_after = starts[0] if starts else keys.index("moves") - 1 if "moves" in keys else -1
    if chapter.turn is not None and turn_after < 0:
        units.append(_turn(setter, chapter, chapter.turn, booklet))
    setting = _Chapter(setter, chapter, figures, counter, booklet, listings)
    for i, section in enumerate(chapter.sections):
        at = _section_units(setting, i, units)
        _boxes(setting, i, units, at, setup=i == (starts[0] if starts else -1),
               turn=i == turn_after)
    return units


def _section_units(setting: _Chapter, i: int, units: list[Unit]) -> int:
    """Section *i* of the chapter set onto *units*: its heading, kept with enough of it
    (:func:`_keep_heading`), and its blocks (:func:`_block_units`), each unit marked with
    its section. The index in *units* where its last block starts."""
    setter, chapter = setting.setter, setting.chapter
    section = chapter.sections[i]
    start = len(units)
    heading = 0
    if section.heading:
        size = setter.s.h1 if section.key == COLOPHON else setter.s.h2
        units += setter.heading(section.heading, size, 4.5, chapter.where,
                                f"section[{i}].heading",
                                anchor=f"{chapter.key}/{section.key}")
        heading = len(units) - start
    # A pair is set where its second figure stands, after the text of both positions:
    # set at the first, the later position came before the moves that reach it (issue
    # 39, sixth review: «рис. 54» above its moves).
    partner = {id(b): a for a, b in pairs(section, setter.g.column)
               if a.where in setting.figures and b.where in setting.figures}
    firsts = {id(a) for a in partner.values()}
    shown = 0   # the section's figures so far: each one's anchor counts them
    tables = 0  # and its captioned tables
    at = len(units)
    for n, block in enumerate(section.blocks):
        if isinstance(block, FigureRef):
            shown += 1
        if id(block) in firsts:
            setting.counter[0] += 1   # numbered in order; set with the figure after it
            continue
        at = len(units)
        units += _block_units(setting, i, n, units, partner)
        if isinstance(block, FigureRef) and len(units) > at:
            # A reference to the figure prints its page (a pair's two: the same).
            if id(block) in partner:
                units[at].anchor = figure_anchor(chapter.key, section.key, shown - 1)
                if len(units) > at + 1:
                    units[at + 1].anchor = figure_anchor(chapter.key, section.key, shown)
            else:
                units[at].anchor = figure_anchor(chapter.key, section.key, shown)
        if isinstance(block, Table) and block.caption:
            tables += 1
            units[at].anchor = table_anchor(chapter.key, section.key, tables)
    if heading:
        blocks = section.blocks
        _keep_heading(units[start:], heading, into_figure=len(blocks) > 2
                      and isinstance(blocks[0], Paragraph)
                      and isinstance(blocks[1], FigureRef)
                      and isinstance(blocks[2], Bullets))
    for unit in units[start:]:
        unit.section = f"{chapter.key}/{section.key}"
        unit.sidebar = section.key in SIDEBAR_SECTIONS
    if section.key in SIDEBAR_SECTIONS:
        _keep_sidebar(units[start:], heading)
    return at


def _keep_sidebar(units: list[Unit], heading: int) -> None:
    """A sidebar's *units* (its *heading* lines first) kept whole if short
    (:data:`SIDEBAR_WHOLE`), else with :data:`SIDEBAR_SIDE` lines at least on each side
    of a page break."""
    n = len(units)
    whole = n <= SIDEBAR_WHOLE
    for k, unit in enumerate(units[:-1]):
        if whole or k < heading + SIDEBAR_SIDE - 1 or k >= n - SIDEBAR_SIDE:
            unit.keep_with_next = True


def _block_units(setting: _Chapter, i: int, n: int, units: list[Unit],
                 partner: Mapping[int, FigureRef]) -> list[Unit]:
    """Block *n* of section *i* set as units, kept as the blocks around it need; *units*
    are the chapter's so far (a figure before a list keeps with it), *partner* the first
    board of each pair by its second."""
    setter, chapter = setting.setter, setting.chapter
    section = chapter.sections[i]
    block = section.blocks[n]
    before = section.blocks[n - 1] if n else None
    after = section.blocks[n + 1] if n + 1 < len(section.blocks) else None
    if isinstance(block, Paragraph):
        lines = setter.paragraph(block, note=notes_at(section, n))
        if notes_at(section, n) and n and units:
            # A notes list does not open a page cut off from its text: its label keeps
            # with the text's last lines, which go over with it (issue 39, third review
            # r-ass, finding 4: notes 19-21 opened RU p. 13, «Козыри» on p. 12), unless
            # that leaves the page short (Unit.soft).
            units[-1].keep_with_next = units[-1].soft = True
        lines[0].move = bool(MOVE.match(block.text))
        if isinstance(after, FigureRef) and len(lines) <= FIRST_WHOLE:
            # A short paragraph that leads into a figure is read whole before it: not
            # parted by a page turn with its end over the page above the figure (issue
            # 39, seventh review: «…the king squares e1 and / e8 ringed as on board A»
            # across pages 9 and 10).
            for unit in lines[:-1]:
                unit.keep_with_next = True
        if isinstance(after, Table) and after.caption:
            # The text that refers to a numbered table is not parted from it by a page
            # turn where the make-up can help it (third review of the patiences, F8: the
            # Besieged City's foundation order overleaf from "given in the table").
            lines[-1].keep_with_next = True
        if isinstance(after, FigureRef) and n + 2 == len(section.blocks) \
                and i + 1 == len(chapter.sections):
            # The figure that ends a chapter (a worked example's last position) keeps the
            # end of the paragraph before it: with no text after it to come up and fill
            # the page it missed, it stood alone on the chapter's last page (third review
            # of the patiences, F2: the Nivernaise's and the Besieged City's last deals).
            lines[-1].keep_with_next = True
        return lines
    if isinstance(block, Bullets):
        return _list_units(setter, block, before, units, note=notes_at(section, n))
    if isinstance(block, Table):
        rows = setter.table(block)
        if any(row.height > setting.body for row in rows):
            raise TemplateError(chapter.where, f"section[{i}].text", expected="table "
                                "rows that fit on a page", problem="a row is taller "
                                "than the page")
        if not block.caption:
            return rows
        # A numbered table's caption stands over it, as a book sets one, kept with it.
        word = setting.booklet.words.get("table", "Table")
        caption = setter.lines(f"{word} {block.number}. {block.caption}",
                               setter.g.column * 0.9, x=setter.g.column * 0.05,
                               size=setter.s.caption, fill=GREY, justify=False,
                               anchor="middle", balance=True)
        for unit in caption:
            unit.keep_with_next = True
        caption[0].space_before, rows[0].space_before = rows[0].space_before, 1.0
        return caption + rows
    figures, counter = setting.figures, setting.counter
    if id(block) in partner:
        other = partner[id(block)]
        counter[0] += 1
        return setter.pair((other, block), (figures[other.where], figures[block.where]),
                           counter[0] - 1, setting.word, setting.placed)
    counter[0] += 1
    return setter.figure(block, figures[block.where], counter[0], setting.word,
                         setting.placed.get(block.where),
                         setting.listings.get(block.where, ""))


def _list_units(setter: Setter, block: Bullets, before: object, units: list[Unit],
                note: bool = False) -> list[Unit]:
    """A list (a section's notes in the note style: *note*), kept with the figure *before*
    it (the picture of its first item) or, if short, whole with the paragraph that
    introduces it."""
    listed = setter.bullets(block, note)
    if note and isinstance(before, Paragraph):
        _keep_notes(listed, setter.note_head(before.text, units[-1].section if units else ""))
    if isinstance(before, FigureRef):
        # A figure set just before a list is the picture of its first item (a worked
        # trick of Ass): the two are not parted by a page, and no text after the figure
        # comes up between them.
        units[-1].keep_with_next = True
        item = next((k for k in range(1, len(listed)) if listed[k].in_list), len(listed))
        for unit in listed[:item - 1]:
            unit.keep_with_next = True
    if isinstance(before, Paragraph) and before.text.rstrip().endswith(":") \
            and len(listed) <= LIST_WHOLE and not note:
        # Not a notes list: kept whole, three notes left a page a third empty (review
        # r-ass, finding 6); its label keeps with its first note.
        for unit in listed[:-1]:
            unit.keep_with_next = True
    return listed


def _keep_notes(listed: list[Unit], head: Unit) -> None:
    """A notes list's *listed* units (each note kept whole already) kept so that a page
    breaks it only leaving :data:`NOTES_SIDE` notes at least on each side, and each
    unit but the list's first given the *head* to set above it where it opens a page
    (:attr:`~.units.Unit.header`): a note after the first, or the rest of a note the page
    broke (the first note's, under its label: :func:`.makeup._notes_begun`), is read on
    under "Notes (continued)" alike (patience review 8: RU p. 9 opened with note 8's last
    lines and no head, where the other continued lists had one); its first unit asks the
    make-up to move the list whole rather than break it where it can
    (:attr:`~.units.Unit.lead`)."""
    firsts = [0] + [k for k, unit in enumerate(listed) if unit.in_list]
    for before in range(1, len(firsts)):   # a break with *before* notes above it
        if min(before, len(firsts) - before) < NOTES_SIDE:
            listed[firsts[before] - 1].keep_with_next = True
    for unit in listed[1:]:
        unit.header = head
    listed[0].lead = True


def _refs(lines: Iterable[Unit]) -> tuple[tuple[str, str], ...]:
    """The cross-references of *lines* set as one unit (a table's row, a box), once each:
    whether the unit shares a target's page decides the page printed after it."""
    return tuple(dict.fromkeys(ref for line in lines for ref in line.refs))


def _boxes(setting: _Chapter, i: int, units: list[Unit], at: int, *, setup: bool,
           turn: bool) -> None:
    """After section *i*: the round's course box if it is the *setup* section, the "on
    your turn" box if the box follows it (*turn*); *at* is where the section's last
    block starts in *units*."""
    setter, chapter, booklet = setting.setter, setting.chapter, setting.booklet
    section = chapter.sections[i]
    if chapter.course is not None and setup:
        # The round's course sums up the section that sets the game up, beside the "on
        # your turn" box that follows it.
        course = setter.turn(chapter.course, chapter.course.heading)
        course.section = f"{chapter.key}/{section.key}"
        units.append(course)
    if chapter.turn is None or not turn:
        return
    if chapter.course is not None and setup:
        # Two boxes in a row are read as one summary: the course box is not left at a
        # page's foot with the "on your turn" box overleaf.
        units[-1].keep_with_next = True
        units.append(_turn(setter, chapter, chapter.turn, booklet))
    elif section.blocks and isinstance(section.blocks[-1], FigureRef) \
            and sum(isinstance(block, FigureRef) for block in section.blocks) == 1:
        # A setup that ends in its diagram has the box set before the diagram, in every
        # chapter alike: set after it, the box came up ahead of the diagram only where it
        # filled the page, so it stood before the diagram in eight games and after it in
        # two (issue 39, review: game 4, word game 1). One that shows a table drawn in
        # parts, several figures, has it after the last: set before, it parted the
        # table's right half from its left (fourth review of the patiences, N1).
        units.insert(at, _turn(setter, chapter, chapter.turn, booklet))
    else:
        units.append(_turn(setter, chapter, chapter.turn, booklet))
