"""What the setter makes and the page make-up places: the page's geometry and type sizes
(:class:`PageGeometry`, :class:`TypeStyle`), the colours, the unbreakable :class:`Unit` a block is
set as, and the finished :class:`Typeset` with its links (:class:`Link`). Plain data
shared by :mod:`.setter`, :mod:`.makeup` and :mod:`.flow`, so that none of them imports
another's workings.

Everything is in mm on scene pages; the PDF backend only translates them.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import NamedTuple

from ...draw.geometry import Rect, Transform
from ...draw.scene import Group, Item, Page, Text

#: Trimmed page sizes (width, height) in mm.
PAPERS = {"a5": (148.0, 210.0), "a4": (210.0, 297.0), "letter": (215.9, 279.4),
          "half-letter": (139.7, 215.9)}

#: Text; captions and running headers; rules.
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
#: The section name of a game's "on your turn" box (``chapter/turn``): the index reads it
#: as it reads the rule sections it restates.
TURN = "turn"


@dataclass(frozen=True)
class TypeStyle:
    body: float = 3.3          # font sizes in mm (3.3 mm is about 9.4 pt)
    lead: float = 4.55         # baseline to baseline
    paragraph_gap: float = 1.6
    h1: float = 5.8
    h2: float = 3.9
    caption: float = 2.9
    header: float = 2.6
    indent: float = 4.0        # list items hang after their bullet

    def scaled(self, k: float) -> TypeStyle:
        """The same style for a page *k* times as wide as A5."""
        return TypeStyle(*(round(getattr(self, f.name) * k, 3) for f in fields(self)))


@dataclass(frozen=True)
class PageGeometry:
    """A page and its type area. Header and footer lie inside the type area, so every
    glyph on a page lies inside it."""

    width: float
    height: float
    margin_x: float
    margin_top: float
    margin_bottom: float
    style: TypeStyle = field(default_factory=TypeStyle)
    #: The make-up's evening out of a chapter: its first pages end this many mm above the
    #: body's foot, one value a page (:meth:`page_bottom`), so each gives the next text.
    trim: tuple[float, ...] = ()
    #: The printed number of the first page of the chapter being made up (0: not known).
    first_page: int = 0

    @classmethod
    def for_paper(cls, paper: str) -> PageGeometry:
        width, height = PAPERS[paper]
        scale = width / 148.0
        # Larger pages get larger type too, but not in full proportion: an A4 line of
        # A5 type would run to 150 characters, and fully scaled type would look shouty.
        type_scale = min(1.0 + (scale - 1.0) * 0.5, 1.25)
        return cls(width, height, round(14 * scale, 2), 12.0, 12.0,
                   TypeStyle().scaled(type_scale) if type_scale != 1.0 else TypeStyle())

    @property
    def type_area(self) -> Rect:
        return Rect(self.margin_x, self.margin_top, self.width - 2 * self.margin_x,
                    self.height - self.margin_top - self.margin_bottom)

    @property
    def column(self) -> float:
        return self.type_area.w

    @property
    def body_top(self) -> float:
        return self.margin_top + 9.0 * self.style.header / TypeStyle.header

    @property
    def body_bottom(self) -> float:
        return self.height - self.margin_bottom - 8.0 * self.style.header / TypeStyle.header

    def faces_next(self, page: int) -> bool:
        """The chapter's page *page* (from 0) is a left-hand page, even-numbered: the
        next page faces it, both open before the reader at once."""
        return self.first_page > 0 and (self.first_page + page) % 2 == 0

    def page_bottom(self, page: int) -> float:
        """Where the body ends on a chapter's page *page* (from 0): :attr:`body_bottom`,
        less the page's :attr:`trim`."""
        return self.body_bottom - (self.trim[page] if page < len(self.trim) else 0.0)


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
    refs: tuple[tuple[str, str], ...] = ()
    """The cross-references on this unit (to a section, a chapter, a figure or a captioned
    table), each as the text it was set from and its target: the make-up's pages tell
    whether it shares its target's page (:attr:`.setter.Setter.here`)."""
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
    in_list: bool = False
    """The first line of a list's second or later item: a page may break before it, but a
    figure is not set there, inside another section's list."""
    move: bool = False
    """The first line of a worked example's numbered move ("5. b4-b5 c6xb5."): no text
    from here on comes up above a figure of an earlier move (:func:`.makeup._float`)."""
    least: float = 0.0
    """The lowest the drawing may be shrunk to (a start not at all, an example's board
    not under :data:`~.sizes.LEAST_EXAMPLE` wide)."""
    soft: bool = False
    """Its :attr:`keep_with_next` gives way where keeping would leave the page under
    :data:`~.makeup.FULL`: a notes list's label keeps with the text's last lines, but
    opens the next page rather than leave this one short (:func:`.makeup._fill`)."""
    lead: bool = False
    """The first unit of a list that moves whole to the next page, with the lines kept
    before it, rather than break, where the page it leaves stays full (a section's notes:
    :func:`.makeup._fill`)."""

    hyphen: bool = False
    """A line that ends in a hyphenated word: a page never breaks after it."""

    caption: bool = False
    """A line of a figure's caption: it names what the figure shows, it does not define
    a term (:func:`.flow.glossary_pages`)."""

    def links_moved(self, dx: float, dy: float) -> list[tuple[Rect, str]]:
        """The unit's links where it is drawn *dx*, *dy* mm from its place, inside another
        unit (a table's cell, a box's line, an index column)."""
        return [(box.moved(dx, dy), target) for box, target in self.links]

    def room_to_shrink(self) -> float:
        return max(0.0, self.art - max(SHRINK * (self.asked or self.art), self.least))

    def shrunk(self, by: float) -> Unit:
        """The figure drawn *by* mm less high, scaled about its centre line."""
        k = (self.art - by) / self.art
        at = Transform.translate(self.centre * (1.0 - k), 0) @ Transform.scale(k, k)
        return Unit(self.height - by, [Group(tuple(self.items), at)], self.space_before,
                    self.keep_with_next, self.art - by, self.centre, anchor=self.anchor,
                    section=self.section, sidebar=self.sidebar, asked=self.asked or self.art,
                    least=self.least)


#: A link to a printed page (the index's numbers): ``#page-12``.
PAGE_TARGET = "page-"


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
    """(title, printed page number) as the contents list shows them: the chapters, and the
    sections it lists besides under theirs."""
    links: list[Link] = field(default_factory=list)
    """The contents' entries and the cross-references of the text, resolved to pages."""


def text_item(x: float, y: float, text: str, size: float, *, font: str = "regular",
              anchor: str = "start", fill: str = INK, word_space: float = 0.0,
              colours: tuple[tuple[int, int, str], ...] = ()) -> Text:
    """A line of text with its baseline at (*x*, *y*), the position rounded to 0.001 mm;
    *colours*, its runs in a fill of their own (:attr:`~generator.draw.scene.Text.colours`)."""
    return Text(round(x, 3), round(y, 3), text, size, fill, font, anchor,
                word_space=word_space, colours=colours)
