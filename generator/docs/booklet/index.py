"""The index: where each term is found (:func:`term_pages`, read from the text the
chapters before the index printed on their pages) and its entries set as units, each page
number a link to its page. Apart from :mod:`.setter` because it reads pages already made
up, not blocks.
"""
from __future__ import annotations

import itertools
import re
from typing import NamedTuple

from ...draw import fonts
from ...draw.backends.pdf import OUTLINED
from ...draw.geometry import Rect, Transform
from ...draw.scene import Group, Item, Text
from ...model.booklet import LINK, Booklet, IndexTerm, Table, sub_label
from .setter import Setter
from .typography import GLUE
from .units import LISTING, PAGE_TARGET, TURN, Unit, text_item


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


def glossary_terms(booklet: Booklet) -> set[tuple[str, str]]:
    """Each (section, term) of a table row that names a section: the row's first cell and
    the ``chapter/section`` a link of the row leads to (a glossary's entry and the
    section that explains it)."""
    found = set()
    for chapter in booklet.chapters:
        for section in chapter.sections:
            for table in (b for b in section.blocks if isinstance(b, Table)):
                for row in table.rows[1:]:
                    found |= {(f"{m.group(2)}/{m.group(3)}", row[0]) for cell in row
                              for m in LINK.finditer(cell) if row and m.group(3)}
    return found


#: Words this short are read exactly, not as a stem: "a" of "remove a bank" is no stem of
#: "and", nor «на» of «на шаг ниже» one of «начале».
SHORT_WORD = 2
#: The other words a term's words may stand apart by, in a sentence: «Первая карта —
#: заходная» uses «заходная карта» (sixth review r-ass, 6: its page was a later one).
APART = 2
#: A term's words are read in any order up to this many; a longer term in its own order.
ANY_ORDER = 4


def _word(word: str) -> str:
    """A word in any ending: one of five letters less its last, a longer one less its last
    two, as Russian adjectives and nouns change theirs ("admirals", «главной масти»,
    «полные колоды»); a word of :data:`SHORT_WORD` letters or fewer as it stands."""
    if len(word) <= SHORT_WORD:
        return re.escape(word) + r"(?!\w)"
    return re.escape(word[:-2] if len(word) > 5 else word[:-1] if len(word) == 5
                     else word) + r"\w*"


def _words_pattern(name: str, loose: bool = True) -> str:
    """A name's words (:func:`_word`) in one sentence, next to each other or, *loose*, up
    to :data:`APART` other words apart in any order (a name of up to :data:`ANY_ORDER`
    words): Russian puts the words of «заходная карта» either way round."""
    words = [_word(w) for w in name.replace(",", " ").split()]
    if not loose:
        return r"(?<!\w)" + r",?\s+".join(words)
    between = r"[^\w.!?]+(?:\w+[^\w.!?]+){0,%d}" % APART
    orders = (itertools.permutations(words) if len(words) <= ANY_ORDER else [words])
    return r"(?<!\w)(?:" + "|".join(between.join(o) for o in orders) + ")"


def _forms(term: str) -> tuple[str, list[str]]:
    """A glossary term and the other forms of it that its cell gives in brackets, as a
    dictionary gives a verb's («бить (бьёт)»: no stem of «бить» reads «бьёт»)."""
    bare, _, forms = term.partition("(")
    return bare.strip(), [f.strip() for f in forms.rstrip(")").split(",") if f.strip()]


def _term_patterns(term: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A glossary term read whole («карта, держащая взятку», whose first word alone is
    any card) or in one of the forms its cell gives in brackets (:func:`_forms`), and read
    as any one of its comma-separated names ("ascending" or "descending": the Nivernaise's
    aim speaks of descending foundations first, and the first name alone sent the
    glossary to the section's start, patience review 5, n3). A term of one name is read
    whole in any order of its words (:func:`_words_pattern`); one of several names only
    as written, its names in any order being no more the term than either name ("the
    army, and ... the navy" explains "army, navy" a page before "army and navy")."""
    bare, forms = _forms(term)
    names = [n.strip() for n in bare.split(",") if n.strip()]
    whole = "|".join(f"(?:{_words_pattern(n, loose=len(names) == 1 or n in forms)})"
                     for n in [bare, *forms])
    return (re.compile(whole, re.IGNORECASE),
            re.compile("|".join(f"(?:{_words_pattern(n)})" for n in names + forms),
                       re.IGNORECASE))


def glossary_pages(terms: set[tuple[str, str]], pages: list[tuple[int, list[tuple[float, Unit]]]]
                   ) -> dict[tuple[str, str], int]:
    """The printed page where each section of *terms* first uses its term, read from the
    *pages* (number, placed units) in order: in its sentences, never in a figure's labels
    or caption, which name what the figure shows, nor in its heading (fourth review of
    the patiences, N2: the glossary sent "admiral" to the Empress's first page, its
    layout's heading, and the Nivernaise's terms to the page of its Figure 1, not to the
    page that explains them). The term's first use whole counts; only a term never used
    whole has the page of the first use of any of its names (:func:`_term_patterns`).
    A term its section never uses in its text ("line top", read as "the top card")
    has the page where the section's text begins, not its heading's."""
    # Each term's patterns once: this is asked of every page at every setting.
    wanted: dict[str, list[tuple[str, tuple[re.Pattern[str], re.Pattern[str]]]]] = {}
    for section, term in terms:
        wanted.setdefault(section, []).append((term, _term_patterns(term)))
    whole: dict[tuple[str, str], int] = {}
    named: dict[tuple[str, str], int] = {}
    begins: dict[str, int] = {}
    for number, placed in pages:
        lines: dict[str, list[str]] = {}
        for _, unit in placed:
            # Its sentences: not its heading (the Nivernaise's "Layout" is not where a
            # layout is explained), nor a figure's caption.
            if unit.section in wanted and not unit.caption and unit.anchor != unit.section:
                read = _printed(unit.items)
                lines.setdefault(unit.section, []).extend(read)
                if read:
                    begins.setdefault(unit.section, number)
        for section, read in lines.items():
            text = _read(read)
            for term, (as_whole, by_name) in wanted[section]:
                if (section, term) not in whole and as_whole.search(text):
                    whole[section, term] = number
                if (section, term) not in named and by_name.search(text):
                    named[section, term] = number
    return {(section, term): whole.get((section, term),
                                       named.get((section, term), begins[section]))
            for section, term in terms if section in begins}


#: A section discusses a term (and the index lists it) when it uses the term at least this
#: often; one use in passing is not worth a reader's turning to the page.
DISCUSSED = 2

class Entry(NamedTuple):
    """An entry as the index prints it: the term, then its pages, each with whether it is
    the page that defines the term (printed in bold); a sub-entry names the entry it is
    printed under (:attr:`~IndexTerm.under`)."""

    label: str
    pages: list[tuple[int, bool]]
    under: str = ""


def term_pages(booklet: Booklet, pages: list[tuple[int, list[tuple[float, Unit]]]]
               ) -> list[Entry]:
    """Each index term with the printed numbers of the *pages* (number, placed units)
    where an indexed section defines or discusses it. The indexed sections are the games'
    rule sections (those with a source) and "on your turn" boxes, and every section of the
    chapters of :attr:`Booklet.index_also` (the equipment, diagrams and general rules).
    Listed are the page where one of the term's :attr:`~IndexTerm.defined` sections first
    uses it (marked as defining; by :attr:`~IndexTerm.defines`, the word it is defined
    by), and for each other chapter that discusses it the chapter's first page that uses
    it (:func:`_entry`). A chapter discusses it where a section names it in its heading,
    or uses it :data:`DISCUSSED` times or more, or is one of the term's
    :attr:`~IndexTerm.listed`, or where the chapter's title names it. A word used in
    passing, or again and again through a game, would otherwise list most pages of the
    booklet. Terms found nowhere
    are left out; the entries are in the language's alphabetical order, a sub-entry
    right under its entry (an entry of its own where that one is found nowhere)."""
    sections, headings, bodies = _section_texts(_indexed(booklet), pages)
    # A game chapter's title names what the game is about ("beating with square trumps"):
    # a term it names is discussed there, though the title belongs to no section.
    titles = _title_texts({c.key for c in booklet.chapters
                           if c.game or c.key in booklet.index_also}, pages)
    entries = [entry for term in booklet.index
               if (entry := _entry(term, (sections, bodies), headings, titles)) is not None]
    found = {entry.label for entry in entries}
    entries = [entry if entry.under in found else entry._replace(under="")
               for entry in entries]

    def order(entry: Entry) -> tuple[str, str]:
        def folded(label: str) -> str:
            return label.casefold().replace("ё", "е")
        return ((folded(entry.under), folded(entry.label)) if entry.under
                else (folded(entry.label), ""))
    return sorted(entries, key=order)


def _indexed(booklet: Booklet) -> set[str]:
    """The sections (``chapter/section``) the index reads: the games' rule sections and
    "on your turn" boxes, and every section of the chapters of ``index_also``. Not the
    front matter's account of the booklet ("in our own words"), sourced as it is."""
    indexed = {f"{c.key}/{s.key}" for c in booklet.chapters for s in c.sections
               if (s.source and c.game) or c.key in booklet.index_also}
    return indexed | {f"{c.key}/{TURN}" for c in booklet.chapters if c.turn is not None}


#: Each indexed section's text page by page, in reading order (page number, text).
Texts = dict[str, list[tuple[int, str]]]


def _section_texts(indexed: set[str], pages: list[tuple[int, list[tuple[float, Unit]]]]
                   ) -> tuple[Texts, dict[str, str], Texts]:
    """The text of each of the *indexed* sections on each page it stands on, the text of
    its heading, and its text without the heading or captions on each page."""
    sections: Texts = {}
    headings: dict[str, str] = {}
    bodies: Texts = {}
    for number, placed in pages:
        lines: dict[str, list[str]] = {}
        said: dict[str, list[str]] = {}
        for _, unit in placed:
            if unit.section not in indexed:
                continue
            lines.setdefault(unit.section, []).extend(_printed(unit.items))
            if unit.anchor == unit.section:
                headings[unit.section] = _read(
                    [headings.get(unit.section, ""), *_printed(unit.items)])
            elif not unit.caption:
                # (A caption names what its figure shows; it defines nothing.)
                said.setdefault(unit.section, []).extend(_printed(unit.items))
        for section, found in lines.items():
            sections.setdefault(section, []).append((number, _read(found)))
        for section, found in said.items():
            bodies.setdefault(section, []).append((number, _read(found)))
    return sections, headings, bodies


def _title_texts(titled: set[str], pages: list[tuple[int, list[tuple[float, Unit]]]]
                 ) -> dict[str, tuple[int, str]]:
    """The page and the text of the title of each chapter of *titled*: its first line is
    anchored, its further lines are the units after it set in the same size."""
    titles: dict[str, tuple[int, str]] = {}
    title, size = "", 0.0   # the chapter whose title is being read, and its size
    for number, placed in pages:
        for _, unit in placed:
            shown = [i for i in unit.items if isinstance(i, Text)]
            if unit.anchor in titled and not unit.section and shown:
                title, size = unit.anchor, shown[0].size
            elif unit.anchor or unit.section or not shown or shown[0].size != size:
                title = ""
            if title:
                page, read = titles.get(title, (number, ""))
                titles[title] = (page, _read([read, *_printed(unit.items)]))
    return titles


def _entry(term: IndexTerm, texts_of: tuple[Texts, Texts], headings: dict[str, str],
           titles: dict[str, tuple[int, str]]) -> Entry | None:
    """*term*'s entry: the first page of each of its defining sections that uses it in its
    text, and for each other chapter that discusses it (a section or the title does,
    :func:`term_pages`) the first page of that chapter that uses it in a sentence or
    heading, as the index's headnote says (the main review 11: «стопка 17, 39» where game
    48's box on p. 37 says «стопкой» already, «вариант 13, 17» two pages of one chapter).
    A chapter that defines the term is listed by its defining page alone. None if it is
    found nowhere. *texts_of*: each section's text page by page with its heading and
    without (:func:`_section_texts`)."""
    sections, bodies = texts_of
    defining: dict[int, str] = {}    # each defining page, and its chapter
    # The first page of each chapter that uses it, after whether only a caption does.
    used: dict[str, tuple[bool, int]] = {}
    discussed: set[str] = set()      # the chapters with a section or title discussing it
    least = term.discussed if term.discussed is not None else DISCUSSED
    for section, texts in sections.items():
        uses = [(number, len(term.find.findall(text))) for number, text in texts]
        first = next((number for number, n in uses if n), None)
        if first is None:
            continue
        chapter = section.partition("/")[0]
        # Used in its sentences or named in its heading (on the section's first page); a
        # caption names what its figure shows ("a start: south's group on ranks 1 and
        # 2"), it uses no term, and counts only in a chapter that uses it nowhere else.
        said = [number for number, text in bodies.get(section, ())
                if term.find.search(text)][:1]
        if term.find.search(headings.get(section, "")):
            said.append(texts[0][0])
        use = (False, min(said)) if said else (True, first)
        used[chapter] = min(use, used.get(chapter, use))
        if section in term.defined:
            # Where the section's sentences first use the word it defines the term by,
            # not its heading (the main review 8: "trump" bold on p. 13, the heading
            # "Beating and trumps", where p. 14 says "the square makes it the trump"), or
            # failing that any of the entry's words.
            defining[next((number for number, text in bodies.get(section, ())
                           if term.defines.search(text)), first)] = chapter
        elif (term.find.search(headings.get(section, "")) or section in term.listed
              or 0 < least <= sum(n for _, n in uses)):
            discussed.add(chapter)
    for chapter, (number, title) in titles.items():
        if term.find.search(title):
            used[chapter] = min((False, number), used.get(chapter, (False, number)))
            discussed.add(chapter)
    listed = sorted(set(defining) | {used[chapter][1] for chapter in discussed
                                     if chapter not in defining.values()})
    return Entry(term.label, [(n, n in defining) for n in listed], term.under) \
        if listed else None


#: Room left at a line's end for the bold page numbers, a little wider than the regular
#: ones the lines are broken with.
BOLD_ROOM = 1.5


def _embolden(unit: Unit, bold: set[int]) -> None:
    """Sets the page numbers of *bold* on *unit* (an entry's ragged line: one text, one
    link per number, in order) in bold, moving the rest of the line and the links."""
    line = unit.items[0]
    if not isinstance(line, Text) or line.word_space:
        raise TypeError("an index entry is set as one ragged text line")
    numbers = list(re.finditer(r"\d+", line.text))
    if not any(int(m.group()) in bold for m in numbers):
        return
    items: list[Item] = []
    boxes: list[Rect] = []
    x, done = line.x, 0
    for m in numbers:
        before = line.text[done:m.start()]
        if before:
            items.append(text_item(x, line.y, before, line.size, font=line.font))
            x += fonts.measure(before, line.font, line.size)
        font = "bold" if int(m.group()) in bold else line.font
        width = fonts.measure(m.group(), font, line.size)
        items.append(text_item(x, line.y, m.group(), line.size, font=font))
        boxes.append(Rect(x, 0.0, width, unit.height))
        x += width
        done = m.end()
    if line.text[done:]:
        items.append(text_item(x, line.y, line.text[done:], line.size, font=line.font))
    unit.items = items
    unit.links = [(box, target) for box, (_, target) in zip(boxes, unit.links, strict=True)]


#: The gap between the index's two columns, in mm.
GUTTER = 6.0


def _entry_lines(setter: Setter, entry: Entry, width: float) -> list[Unit]:
    """One entry set *width* mm wide: the term, then its pages (each a link), the defining
    page in bold; a long entry's further lines indented. A sub-entry prints only its own
    words, indented, and its further lines twice as far, as a published index sets them
    ("board 7", then "A 7" under it)."""
    pages = entry.pages
    label = sub_label(entry.label, entry.under)
    depth = 1 if entry.under else 0
    text = f"{label}{GLUE}" + ", ".join(f"[{n}](#{PAGE_TARGET}{n})" for n, _ in pages)
    lines = setter.lines(text, width - (depth + 1) * setter.s.indent - BOLD_ROOM,
                         justify=False, page_list=True)
    bold = {n for n, defining in pages if defining}
    for k, line in enumerate(lines):
        _embolden(line, bold)
        indent = (depth + (1 if k else 0)) * setter.s.indent
        if indent:
            line.items = [Group(tuple(line.items), Transform.translate(indent, 0))]
            line.links = line.links_moved(indent, 0.0)
    return lines


#: The space between two entries of a column, in mm, and the closer ones tried when the
#: last page of the index would be a runt (:data:`~.makeup.RUNT`).
ENTRY_GAPS = (0.8, 0.4, 0.0)


def _columns(blocks: list[list[Unit]], room: float, gap: float) -> tuple[int, int]:
    """How many of *blocks* the left and the right column of a page with *room* mm take:
    each as many whole entries as fit; where all that is left fits, the two columns of
    even height (the left one the longer)."""
    def _height(run: list[list[Unit]]) -> float:
        return sum(unit.height for block in run for unit in block) \
            + gap * max(0, len(run) - 1)

    n = len(blocks)
    left = next((k for k in range(n + 1) if _height(blocks[:k + 1]) > room or k == n), n)
    right = next((k for k in range(left, n + 1)
                  if k == n or _height(blocks[left:k + 1]) > room), n)
    if right == n:
        # The last page: the split that makes the longer column shortest.
        left = min(range(n + 1), key=lambda k: (max(_height(blocks[:k]),
                                                     _height(blocks[k:])), -k))
        if _height(blocks[:left]) > room or _height(blocks[left:]) > room:
            left = next(k for k in range(n + 1) if _height(blocks[:k + 1]) > room or k == n)
    return left, right


def index_units(setter: Setter, entries: list[Entry], room: float, body: float,
                least: float = 0.0) -> list[Unit]:
    """The index's entries in two columns, as a published index sets its short lines
    (issue 39, sixth review: one narrow column left the right half of its pages empty):
    one unit a page, the first filling the *room* mm left under the index's introduction,
    the others a *body* each; each column reads down, the left first; an entry is not
    parted, and the last page's columns are of even height. Where the last page would
    hold under *least* mm (a runt, :data:`~.makeup.RUNT`), the entries are set closer
    (:data:`ENTRY_GAPS`)."""
    width = (setter.g.column - GUTTER) / 2
    # A sub-entry is set in its entry's block: never at a column's head, away from it.
    blocks: list[list[Unit]] = []
    for entry in entries:
        lines = _entry_lines(setter, entry, width)
        if entry.under and blocks:
            blocks[-1] += lines
        else:
            blocks.append(lines)
    for gap in ENTRY_GAPS:
        units = _pages(blocks, room - setter.s.paragraph_gap, body, width, gap)
        if len(units) < 2 or units[-1].height >= least:
            break
    if units:
        units[0].space_before = setter.s.paragraph_gap
    return units


def _pages(blocks: list[list[Unit]], room: float, body: float, width: float, gap: float
           ) -> list[Unit]:
    """*blocks* (entries) in two columns *width* mm wide, a unit a page: the first *room*
    mm high at most, the others *body*; entries *gap* mm apart."""
    units: list[Unit] = []
    while blocks:
        left, right = _columns(blocks, room, gap)
        if right == 0:
            left, right = _columns(blocks, body, gap)   # none fits under the introduction
        items: list[Item] = []
        links: list[tuple[Rect, str]] = []
        tall = 0.0
        for x, column in ((0.0, blocks[:left]), (width + GUTTER, blocks[left:right])):
            y = 0.0
            for k, block in enumerate(column):
                y += gap if k else 0.0
                for line in block:
                    items.append(Group(tuple(line.items), Transform.translate(x, y)))
                    links += line.links_moved(x, y)
                    y += line.height
            tall = max(tall, y)
        units.append(Unit(tall, items, links=links))
        blocks = blocks[right:]
        room = body
    return units
