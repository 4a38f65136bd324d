"""What a booklet says, independent of the files it was read from: chapters of sections,
each a heading and blocks (paragraphs, lists, tables, figures). Every block knows where it
was written (``booklets/en/basic-1.toml: section[2]``) so later errors can name the place."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

#: A cross-reference in a text: ``[the general rules](#rules)`` or ``[End](#initial-5/end)``,
#: a chapter's name, or a chapter and one of its sections' ids. The label is printed and
#: is a link in the PDF.
LINK = re.compile(r"\[([^\[\]]+)\]\(#([a-z0-9-]+)(?:/([a-z0-9-]+))?\)")


def unlinked(text: str) -> tuple[str, list[tuple[str, str, str]]]:
    """*text* as printed (labels without their targets) and its links in order, each as
    (label, chapter, section id or "").

    >>> unlinked("As in [game 1](#basic-1), or see [End](#initial-5/end).")
    ('As in game 1, or see End.', [('game 1', 'basic-1', ''), ('End', 'initial-5', 'end')])
    """
    links = [(m.group(1), m.group(2), m.group(3) or "") for m in LINK.finditer(text)]
    return LINK.sub(lambda m: m.group(1), text), links


#: A reference to a figure in a text: ``{figure:basic-48/setup}`` (the first figure of that
#: section) or ``{figure:basic-48/example/2}`` (its second). It is printed as the figure's
#: number and page ("Figure 26 (p. 34)"), the number a link to the figure itself.
FIGURE_REF = re.compile(r"\{figure:([a-z0-9-]+)/([a-z0-9-]+)(?:/([1-9][0-9]*))?\}")
#: A reference to a captioned table, ``{table:besieged-city/aim}`` (the first captioned
#: table of that section) or ``{table:CHAPTER/SECTION/2}``: printed as the table's number
#: and page, as a figure's.
TABLE_REF = re.compile(r"\{table:([a-z0-9-]+)/([a-z0-9-]+)(?:/([1-9][0-9]*))?\}")


def figure_anchor(chapter: str, section: str, n: int) -> str:
    """The anchor of the *n*-th figure (from 1) of a chapter's section: it has the form
    of a section's (``chapter/part``), so a cross-reference prints its page the same way."""
    return f"{chapter}/{section}-fig{n}"


def table_anchor(chapter: str, section: str, n: int) -> str:
    """The anchor of the *n*-th captioned table (from 1) of a chapter's section, in the
    form of a section's, as :func:`figure_anchor`."""
    return f"{chapter}/{section}-tab{n}"


def table_numbers(chapters: tuple[Chapter, ...]) -> dict[str, int]:
    """Each captioned table's anchor (:func:`table_anchor`) with its number in a booklet of
    *chapters*, in order through the booklet."""
    numbers: dict[str, int] = {}
    for chapter in chapters:
        for section in chapter.sections:
            tables = [b for b in section.blocks if isinstance(b, Table) and b.caption]
            for n, _ in enumerate(tables, 1):
                numbers[table_anchor(chapter.key, section.key, n)] = len(numbers) + 1
    return numbers


def figure_numbers(chapters: tuple[Chapter, ...]) -> dict[str, int]:
    """Each figure's anchor (:func:`figure_anchor`) with its number in a booklet of
    *chapters*: the figures are numbered in order through the booklet, as it sets them."""
    numbers: dict[str, int] = {}
    for chapter in chapters:
        for section in chapter.sections:
            figures = [b for b in section.blocks if isinstance(b, FigureRef)]
            for n, _ in enumerate(figures, 1):
                numbers[figure_anchor(chapter.key, section.key, n)] = len(numbers) + 1
    return numbers


#: In an ``only_with`` list: any game of the board system, that is any chapter with a game
#: file (the rule engine's games all play on the 64-square board; Ass and the patiences
#: have none).
BOARD_GAMES = "board-games"


def needed(only_with: tuple[str, ...], present: set[str]) -> bool:
    """Whether a chapter or section meant *only_with* those chapters belongs in a booklet
    whose chapters (and :data:`BOARD_GAMES`, if it holds a board game) are *present*.

    >>> needed((BOARD_GAMES,), {"ass"}), needed((BOARD_GAMES,), {"basic-1", BOARD_GAMES})
    (False, True)
    >>> needed((), {"ass"})
    True
    """
    return not only_with or bool(present & set(only_with))


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Bullets:
    """A list; with a *start*, an ordered list (written ``#. item``), its items numbered
    from *start* on: a chapter's notes, which the text's marks name by number ("our
    reading 2"), numbered on through the chapter."""

    items: tuple[str, ...]
    start: int = 0

    @property
    def numbered(self) -> bool:
        return self.start > 0


@dataclass(frozen=True)
class Table:
    """Rows of cells; the first row is the header."""

    rows: tuple[tuple[str, ...], ...]
    caption: str = ""
    """What the table shows, set above it after its number ("Table 1. Foundation
    order"); "": no caption and no number (a glossary's columns need none)."""
    number: int = 0
    """A captioned table's number through the booklet (:func:`table_numbers`)."""


#: A patience's deal whose file gives no height takes up to two thirds of the type area's
#: height, so that the page it heads still holds a third of text.
DEAL_HEIGHT = 0.67


@dataclass(frozen=True)
class PlanBlock:
    """One box of a patience's table in outline (:attr:`FigureRef.blocks`): the slots it
    covers, by id or by the letters before their number, and its label, lines parted by
    a newline; a ``{figure:...}`` in it is printed as that figure's number."""

    slots: tuple[str, ...]
    label: str


@dataclass(frozen=True)
class FigureRef:
    """A diagram: a layout drawn by the figure code, with annotations in the figure tool's
    own notation, a row of cards (``cards``, ``pack1:1R 2Y`` or a traditional pack's
    ``pack36:6S JS``; ``(1R)`` a card's back) drawn with the kit's art, a patience's deal
    (``patience``, ``seed``) drawn as its tableau, or a diagram key (``key``)."""

    where: str
    caption: str
    layout: str | None = None
    cards: str | None = None
    moves: str | None = None
    arrows: tuple[str, ...] = ()
    highlight: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()
    crossed: tuple[str, ...] = ()
    show: tuple[str, ...] = ()
    crop: str | None = None
    flip: bool = False
    play: bool = False
    patience: str | None = None
    seed: int = 0
    height: float = 0.45
    """The most of the type area's height the figure may take, as a fraction: for a row of
    cards, the key or a patience's deal (drawn across the column up to it; a deal's file
    gives none: :data:`DEAL_HEIGHT`); for a board, the most its full style may take (else it
    is drawn in the compact style, at its width)."""
    style: str | None = None
    """A board's style, ``full`` or ``compact``; None: full where that fits *height* at the
    figure's width, else compact."""
    width: float | None = None
    """A board's width as a fraction of the text column; None: the booklet's default for
    the figure's part (a game's start, an example, one of a pair)."""
    key: tuple[str, ...] = ()
    """A diagram key: ``KIND: label`` entries, each mark drawn as the figures draw it beside
    its label in the booklet's language (the kinds: generator.docs.diagram.MARK_KINDS)."""
    plain: bool = False
    """The layout's board and cards alone, without the marks its ``[figure]`` table asks
    for (arrows, dots, frames...): for a figure printed before the diagram key explains
    them."""
    slots: tuple[tuple[str, str], ...] = ()
    """A deal's slot names in the booklet's language, by slot id or by the letters before a
    slot's number (``LF`` -> ``Л``: ``LF3`` is labelled ``Л3``); other slots show their
    id."""
    part: tuple[str, ...] = ()
    """A deal's slots to draw, by id or by the letters before a slot's number (``GE``:
    every General), closed up: a readable view of a table too wide for the page; (): the
    whole table. With a deal, *moves* are the patience's own notation (``L4>FK3``,
    ``A16+N2``), played through its engine from the deal before it is drawn."""
    labels: tuple[str, ...] = ()
    """A row of traditional cards' labels in the booklet's language, one under each card
    (``1 Anna``: who played it, in order); (): none."""
    outlined: int = 0
    """A row of traditional cards: the place (from 1) of the card outlined, the one that
    takes a trick of Ass; 0: none."""
    blocks: tuple[PlanBlock, ...] = ()
    """A patience's table in outline, no cards: a box for each block where its slots lie
    on the table, labelled; (): the deal itself."""


Block = Paragraph | Bullets | Table | FigureRef


@dataclass(frozen=True)
class Section:
    key: str
    heading: str
    blocks: tuple[Block, ...]
    source: str = ""
    """Where the rule comes from (a seed and its passage, or the project's choice); not
    printed."""
    only_with: tuple[str, ...] = ()
    """Chapter names (or :data:`BOARD_GAMES`): the section is kept only in a booklet
    holding one of them."""


@dataclass(frozen=True)
class Banner:
    """What a game chapter opens with: how many play, with which cards, for how long and
    how hard. *players* and the cards come from the game file and the chapter's start
    diagram; *length* and *difficulty* are the booklet's own estimate ("" to leave one
    out)."""

    players: int
    sources: tuple[str, ...]
    """The packs or letter sets played, south's first (``pack1``, ``pack2``)."""
    cards: int
    """The cards each player plays (with one player, all the cards on the board)."""
    length: str = ""
    difficulty: str = ""
    most_players: int = 0
    """With *players*, a range of players (2 to 4); 0: exactly *players*."""
    cards_text: str = ""
    """The cards as the chapter writes them, for a game without a game file (Ass, the
    patiences); otherwise "" and the banner names *sources*."""
    boards: tuple[str, ...] = ()
    """The boards the game file plays on, its own first (``colourless``, ``board-a``); ()
    for a game without a board (Ass, the patiences)."""
    read_boards: tuple[str, ...] = ()
    """Those of *boards* the seeds do not name for the game: our reading (a sources row
    ``boards:BOARD``), marked so in the banner."""
    any_set: bool = False
    """The game plays any one of several letter sets (seed001: "any one complete set"):
    the banner says the chapter's set is one example."""
    read_note: int = 0
    """The number of the chapter's note that gives the reading of *read_boards* (the
    banner prints it after its mark: "board A (our reading 1)"); 0: the chapter has none."""
    read_at: str = ""
    """Where that reading is printed (``chapter/section``): as a chapter is loaded, its own
    section that prints it; in a booklet, for a chapter that prints it nowhere, the first
    chapter's that does, which the banner refers to with its page ("board A (our
    reading, p. 43)"); "": the chapter's own note or text tells it, or none does."""


@dataclass(frozen=True)
class Turn:
    """A game's "on your turn" box: a few short lines saying what a player does on a turn,
    each restating the chapter's own rules (no new rule), set after its setup."""

    lines: tuple[str, ...]
    source: str
    """The sections and seed passages the lines restate; not printed."""
    heading: str = ""
    """The box's own heading; empty: the booklet's word ``turn`` ("On your turn"), which
    reads oddly where one player makes every move (a patience)."""


@dataclass(frozen=True)
class Chapter:
    """One file: a front-matter chapter or a game. *key* is the file's name."""

    key: str
    title: str
    where: str
    sections: tuple[Section, ...]
    game: str | None = None
    banner: Banner | None = None
    turn: Turn | None = None
    only_with: tuple[str, ...] = ()
    """For a front or back chapter: the game chapters (or :data:`BOARD_GAMES`) that need
    it; a booklet holding none of them leaves it out. Empty: every booklet has it."""
    course: Turn | None = None
    """A box with the order of a round (Ass: a deal, from the trump choice to the banks),
    set after the section that sets the game up (before the "on your turn" box), under its
    own heading."""

    @property
    def figures(self) -> list[FigureRef]:
        """Every figure of the chapter, in reading order.

        >>> start = FigureRef("x.toml: section[0].figure[0]", "A start", layout="game1-demo")
        >>> chapter = Chapter("basic-1", "Basic game 1", "x.toml",
        ...                   (Section("setup", "Setup", (Paragraph("Lay out."), start)),))
        >>> [f.layout for f in chapter.figures]
        ['game1-demo']
        """
        return [b for s in self.sections for b in s.blocks if isinstance(b, FigureRef)]


@dataclass(frozen=True)
class IndexTerm:
    """An entry of the index: the term as printed and what finds it in the text (a regular
    expression, matched case-insensitively from a word's start: ``test cards?``)."""

    label: str
    find: re.Pattern[str]
    defined: tuple[str, ...] = ()
    """The sections (``chapter/section``) that define the term: the index prints their
    page in bold."""
    discussed: int | None = None
    """How many uses make a section discuss the term (None: the index's own number; 0:
    only a heading or title that names it), for a word found on most pages (square,
    opponent) whose every use would otherwise be listed."""
    head: re.Pattern[str] | None = None
    """What finds the term's defining use where it is not *find* (None): a defining
    section may use a lesser word of the entry first ("in each half of the board" before
    "the middle line runs between ranks 4 and 5"), and its page is not where the term
    is defined."""
    under: str = ""
    """The label of the entry this one is printed under as a sub-entry, its label
    starting with that one's ("board A" under "board", printed in full, indented); "" for
    an entry of its own."""
    listed: tuple[str, ...] = ()
    """Sections (``chapter/section``) whose first page using the term the index lists
    however few their uses, where *discussed* lists no use of a term found on most pages
    (south, north: introduced by the board and the diagrams before the rules define the
    players' sides)."""

    @property
    def sub(self) -> str:
        """What a sub-entry prints under its entry: its label without the other's words,
        unless they leave a lone letter.

        >>> IndexTerm.of("queen move", "queen moves?", under="queen").sub
        'move'
        >>> IndexTerm.of("board A", "board A", under="board").sub
        'board A'
        """
        return sub_label(self.label, self.under)

    @property
    def defines(self) -> re.Pattern[str]:
        """What finds the use of the term that its defining section defines it by."""
        return self.head or self.find

    @classmethod
    def of(cls, label: str, pattern: str, defined: tuple[str, ...] = (),
           discussed: int | None = None, head: str = "", under: str = "",
           listed: tuple[str, ...] = ()) -> IndexTerm:
        """:raises: :exc:`re.error` if *pattern* or *head* is not a regular expression.

        >>> IndexTerm.of("test card", "test cards?").find.findall("Two Test  Cards")
        ['Test  Cards']
        """
        return cls(label, _words(pattern), defined, discussed,
                   _words(head) if head else None, under, listed)


def sub_label(label: str, under: str) -> str:
    """What an index entry *label* prints as a sub-entry under the entry *under* (""
    for an entry of its own): its words after that one's, or its whole label where those
    are a lone letter, which would read as a term of its own ("board A", not "A": sixth
    review, r-main-en 15)."""
    own = label.removeprefix(under).strip() if under else label
    return label if len(own) < 2 else own


def _words(pattern: str) -> re.Pattern[str]:
    """*pattern* matched case-insensitively from a word's start to a word's end."""
    # A space in the pattern matches any run of spaces: a no-break space, a line's end.
    spaced = r"[\s\u00a0\u2027]+".join(pattern.split(" "))
    return re.compile(rf"(?<!\w)(?:{spaced})(?!\w)", re.IGNORECASE)


@dataclass(frozen=True)
class Booklet:
    lang: str
    title: str
    subtitle: str
    title_lines: tuple[str, ...]
    contents_heading: str
    chapters: tuple[Chapter, ...]
    words: dict[str, str] = field(default_factory=dict)
    """Small words the typesetter prints: ``page`` before a cross-reference's page number,
    ``figure`` for captions."""
    where: str = "booklet.toml"
    """The file the title page's texts come from, as errors name it."""
    index: tuple[IndexTerm, ...] = ()
    """The terms the index lists (the chapter ``index`` prints them with their pages)."""
    index_also: tuple[str, ...] = ()
    """Chapters whose every section the index reads, besides the games' rule sections
    (those with a source) and turn boxes: where the terms are defined."""
    names: dict[str, str] = field(default_factory=dict)
    """What the banners call the packs and letter sets: by name (``pack1``), or by the
    names played together (``pack1+pack2``) where the language says it better so."""
    author: str = ""
    """The game system's author, as the PDF's metadata names him."""
    contents_also: tuple[str, ...] = ()
    """Sections (``chapter/section``) the contents list under their chapter, besides the
    chapters."""

    @property
    def games(self) -> list[Chapter]:
        return [c for c in self.chapters if c.game]

    def turn_heading(self, turn: Turn) -> str:
        """The heading printed over *turn*'s box: its own, or the booklet's word."""
        return turn.heading or self.words["turn"]
