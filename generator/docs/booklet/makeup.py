"""Page make-up: units placed on pages. A unit kept with the next moves with it; a table
breaks only between its kept rows and sets its head again; pages are made up to be at
least :data:`FULL`: a figure that does not fit floats to the next page's head while the
text after it fills the page (:func:`_float`), text that misses a page under :data:`FULL`
by a little comes on with the page's figures drawn smaller (:func:`_squeeze`), a page
breaks earlier (:func:`_fuller`), a chapter's last page is not left a runt (:data:`RUNT`,
:func:`_without_runt`) nor a tail of a bullet or two (:data:`TAIL`, :func:`_tail_lifted`),
and a chapter with a page inside it still short, or a short last page, is evened out:
the pages before the short one each give the next a little (:func:`paginate`), each
ending at a paragraph's end (:func:`_trimmed_break`), never leaving a page inside the
chapter under :data:`FULL`. Only a chapter's last page may be short (every chapter starts
a new page). Then each page is framed with its running header, number and the sidebar's
rule (:func:`framed_page`).

Where a figure stands against its text:

- A figure never comes before the text that introduces it, and moves later than it by at
  most one page: it heads the next page, and the text after it comes up to fill the page
  it missed. Nor does it part a paragraph across the page turn: the rest of a paragraph
  whose first lines came up above it opens the next page, the figure after it
  (:func:`_paragraph_finished`).
- In a worked example (numbered moves, "5. b4-b5 c6xb5."; :attr:`~.units.Unit.move`) the
  text that comes up above a figure stops before the next move: the diagram of move 4 is
  seen before move 5 is read, since the reader replays the moves on the diagram, on
  either page of a spread (reading order is page, then top to bottom). A figure of a
  move that does not fit is drawn smaller, or heads the next page with the next move
  under it, and the pages before give text to the page it left (evening out).
"""
from __future__ import annotations

import itertools
from dataclasses import replace

from ...draw.geometry import Transform
from ...draw.scene import Group, Item, Line, Page, Paint
from .setter import NOTES_SIDE
from .sizes import START_SECTIONS
from .typography import shown
from .units import (GREY, RULE, SIDEBAR, SIDEBAR_WIDTH, SIDEBAR_X, TURN, PageGeometry, Unit,
                    text_item)

#: A chapter's last page should hold at least this share of the body: a page with one
#: table row or three lines reads as a mistake. Such a page is pulled back onto the page
#: before by drawing that page's figures a little smaller, or else given more of the text.
RUNT = 0.2
#: A chapter's last page is not left under this share of the body when the page before
#: can give it text and stay :data:`FULL` (the two pages evened out) or its figures can be
#: drawn smaller to take the last page's text: a page two items deep and then 70 % blank
#: reads as a page lost (issue 39, seventh review: the FAQ's last page; a patience's
#: figure alone on its chapter's last page).
LAST = 0.6
#: A chapter's last page holds at least this share of the body where the page before can
#: give it whole blocks and stay :data:`TAIL_KEEP` full: a last page of one or two
#: variants under a full page reads as a page lost (issue 39, sixth review r-main-ru #5:
#: RU pp. 23, 29, 41, 59 a quarter full; session 20: raised from 0.4, chapters ending
#: 30-50 % full).
TAIL = 0.5
#: ... the page before staying this full: it ends a paragraph or list item, which reads as
#: a page's end where a page stopped short mid-sentence would not (:func:`_holes`).
TAIL_KEEP = 0.7
#: Every page holds at least this share of the body, but a chapter's last page (every
#: chapter starts a new page) and a page before a figure too tall for what is left of it
#: when no text after the figure can fill that page (:func:`_float`, :func:`_fuller`).
FULL = 0.75
#: How far under :data:`FULL` a page may end and still count as full (half a mm of A5).
SHORT = 0.003


#: Evening out also lifts a chapter's pages inside it toward this share of the body, at
#: this weight beside what they miss of :data:`FULL`: of two make-ups with every page
#: :data:`FULL`, the one whose pages are more alike is kept (issue 39, review: the glossary
#: evened to 86, 77, 78, 80 % where 82, 80, 80, 79 % could be had).
EVEN = 0.8
EVEN_WEIGHT = 0.5
LAST_WEIGHT = 0.1
#: How far the page is made shorter, at most, and in what steps (shares of the body), to
#: even out a chapter whose last page is under :data:`LAST` (:func:`paginate`).
BALANCE = 0.2
BALANCE_STEP = 0.02


def paginate(units: list[Unit], g: PageGeometry) -> list[list[tuple[float, Unit]]]:
    """A chapter's units placed on pages as (top y, unit), from a new page
    (:func:`_made_up`). A last page under :data:`LAST` full is evened out with the
    chapter's other pages, as a printer balances a chapter's end: the pages are made up
    again as if a little shorter (by :data:`BALANCE_STEP` of the body, up to
    :data:`BALANCE`, while the page count stays), so each gives some of its text to the
    next, and the make-up that falls least short of full (:func:`_shortfall`) is kept,
    never one with more figures set inside a paragraph nor more tables broken short of
    their page's foot (:func:`_table_gaps`) (issue 39, seventh review: the
    general rules' FAQ two items deep and then 70 % blank, a figure alone on a
    patience's last page). So is a chapter with a page inside it under :data:`FULL`
    (a figure too tall for what is left of its page and no text after it to fill the
    page): each page before it gives the next a little, so the short page takes text
    from the page before it and the figure opens the next page (issue 39, ninth review:
    a Nivernaise page half empty before its example's deal); where trimming them alike
    leaves it short, they are trimmed apart (:func:`_evened_apart`). Evening out keeps
    whole a notes list that stands whole on its page, unless that leaves a page inside the
    chapter under :data:`FULL` or emptier than without it (issue 39, fourth review r-ass,
    L1). Evened only for a short last page, it leaves no more pages stopping a few lines
    short inside a paragraph (:func:`_holes`) than the plain make-up (issue 39, fifth
    review r-main, F1)."""
    pages = _made_up(units, g)
    units, pages = _fewer_pages(units, g, pages)
    body = g.body_bottom - g.body_top
    if len(pages) < 2 or (depth(pages[-1], g) >= LAST * body and not _underfull(pages, g)):
        return pages
    # Evened out keeping whole the notes lists the plain make-up keeps whole, unless that
    # leaves a page inside the chapter under FULL, or emptier than evening out without
    # that care does (the blocks kept whole after the list may leave no other way).
    lists = _list_breaks(pages)
    broken = _evened(units, g, pages, len(pages))
    if _list_breaks(broken) <= lists:
        return broken
    whole = _evened(units, g, pages, lists)
    least = min(FULL, _least_inside(broken, g))
    return whole if _least_inside(whole, g) >= least - SHORT else broken


def _least_inside(pages: list[list[tuple[float, Unit]]], g: PageGeometry) -> float:
    """The fill of the emptiest page of *pages* but the last (1 if none)."""
    return min((depth(page, g) for page in pages[:-1]), default=g.body_bottom - g.body_top) \
        / (g.body_bottom - g.body_top)


def _evened(units: list[Unit], g: PageGeometry, pages: list[list[tuple[float, Unit]]],
            lists: int) -> list[list[tuple[float, Unit]]]:
    """The chapter's *pages* evened out (:func:`paginate`), with at most *lists* pages
    going on with a list broken on the page before (:func:`_list_breaks`)."""
    body = g.body_bottom - g.body_top
    inside, gaps = _interruptions(pages), _table_gaps(pages, g)
    best, worst = pages, _shortfall(pages, g)
    short_pages = _underfull(pages, g)   # evened out for these, there must be fewer
    # Evened only for a short last page, no page may be left ending a few lines short
    # inside a paragraph (_holes); a page inside the chapter under FULL is worse.
    holes = _holes(pages, g) if not short_pages else len(pages)
    labels = _labels_opening(pages)
    # The pages before the first short one give it text (the pages after it keep theirs),
    # each as far as it stays FULL: a page ending in a figure or a box, made shorter,
    # would give all of it and be left short itself. Never the page that holds the game's
    # "on your turn" box, which stays on the chapter's first page (eleventh review: RU
    # basic game 1's box went overleaf to lift a page of its worked example).
    short = next((n for n, page in enumerate(pages[:-1])
                  if depth(page, g) < (FULL - SHORT) * body), len(pages) - 1)
    for step in range(1, round(BALANCE / BALANCE_STEP) + 1):
        trim = step * BALANCE_STEP * body
        shorter = replace(g, trim=tuple(
            trim if not _boxed(page) and _kept(page, g.body_bottom - trim) - g.body_top
            >= FULL * body else 0.0 for page in pages[:short]))
        tried = _made_up(units, shorter)
        if len(tried) == len(pages) and _interruptions(tried) <= inside \
                and _table_gaps(tried, g) <= gaps and _list_breaks(tried) <= lists \
                and _holes(tried, g) <= holes and _shortfall(tried, g) < worst \
                and _labels_opening(tried) <= labels \
                and (_underfull(tried, g) < short_pages or not short_pages):
            best, worst = tried, _shortfall(tried, g)
    if _underfull(best, g) and short < len(pages) - 1:
        best = _evened_apart(units, g, (best, worst), short,
                             (inside, gaps, lists, holes, labels))
    return best


#: The shares of what each figure may give (:meth:`~.units.Unit.room_to_shrink`) tried, in
#: order, to set a chapter on a page less (:func:`_fewer_pages`).
FEWER_STEPS = (0.25, 0.5, 0.75, 1.0)
FEWER_HAIR = 0.3


def _fewer_pages(units: list[Unit], g: PageGeometry, pages: list[list[tuple[float, Unit]]]
                 ) -> tuple[list[Unit], list[list[tuple[float, Unit]]]]:
    """The chapter's *units* and *pages*, or, where its figures drawn smaller (each by the
    same share of what it may give, the least share that does it: :data:`FEWER_STEPS`)
    set it on a page less, those: a chapter run a page long by a block kept whole (a
    sidebar, a table, a move with its figure) reads better on full pages with its figures
    a little smaller than on pages three quarters full and its last one more (issue 39,
    review: the Russian Besieged City kept its variants whole on seven pages where six
    held it). Never with more pages inside it under :data:`FULL`, more figures set inside a
    paragraph or more tables broken short of their page's foot."""
    if len(pages) < 2 or not any(unit.art and unit.room_to_shrink() > FEWER_HAIR
                                 for unit in units):
        return units, pages
    # The present make-up's faults, which the shorter one may not exceed.
    underfull, interruptions = _underfull(pages, g), _interruptions(pages)
    table_gaps = _table_gaps(pages, g)
    # (a hair short of each figure's least: the squeezes after may take a hundredth of a
    # mm more, and a deal's labels must stay 6 pt)
    room = [unit.room_to_shrink() - FEWER_HAIR if unit.art else 0.0 for unit in units]
    for share in FEWER_STEPS:
        smaller = [unit.shrunk(share * give) if give > 0 else unit
                   for unit, give in zip(units, room)]
        tried = _made_up(list(smaller), g)
        if len(tried) < len(pages):
            if _underfull(tried, g) <= underfull and _interruptions(tried) <= interruptions \
                    and _table_gaps(tried, g) <= table_gaps:
                return smaller, tried
            break
    return units, pages


#: Evening out page by page, where trimming the pages before a short page alike left it
#: short: the last :data:`APART` pages before it each made shorter by its own multiple of
#: :data:`APART_STEP` of the body, up to :data:`APART_MOST`.
APART = 3
APART_STEP = 0.04
APART_MOST = 0.24


def _evened_apart(units: list[Unit], g: PageGeometry,
                  made: tuple[list[list[tuple[float, Unit]]], float], short: int,
                  kept: tuple[int, int, int, int, int]) -> list[list[tuple[float, Unit]]]:
    """The chapter's pages *made* (pages, shortfall) made up again with the pages before
    the short page *short* each trimmed apart (:data:`APART`), so that each gives the
    next as much as its breaks allow: trimmed alike, one whose next break comes early
    gives too much, or the others too little (issue 39, the Russian Nivernaise: the page
    of its example's moves half empty before the deal's figure, the pages before it full).
    The make-up that falls least short of full is kept, with no more pages, no more pages
    under :data:`FULL`, and no more figures inside a paragraph, tables broken short or
    paragraphs broken short (:func:`_holes`) or pages opening with a notes label
    (:func:`_labels_opening`) than *kept* (as before evening out)."""
    best, worst = made
    body = g.body_bottom - g.body_top
    steps = [k * APART_STEP * body for k in range(round(APART_MOST / APART_STEP) + 1)]
    given = [n for n in range(max(0, short - APART), short) if not _boxed(best[n])]
    for trims in itertools.product(steps, repeat=len(given)):
        trim = [0.0] * short
        for n, t in zip(given, trims):
            trim[n] = t
        tried = _made_up(units, replace(g, trim=tuple(trim)))
        if len(tried) == len(best) and _interruptions(tried) <= kept[0] \
                and _table_gaps(tried, g) <= kept[1] and _list_breaks(tried) <= kept[2] \
                and _holes(tried, g) <= kept[3] and _labels_opening(tried) <= kept[4] \
                and _underfull(tried, g) <= _underfull(best, g) \
                and _shortfall(tried, g) < worst:
            best, worst = tried, _shortfall(tried, g)
    return best


def _boxed(page: list[tuple[float, Unit]]) -> bool:
    """Whether *page* holds its game's "on your turn" box (:data:`~.units.TURN`), which
    evening out does not move off its page (:func:`_evened`)."""
    return any(unit.section.endswith(f"/{TURN}") for _, unit in page)


def _kept(page: list[tuple[float, Unit]], bottom: float) -> float:
    """How far down *page* reaches if it must end above *bottom*: the foot of its last
    unit above it that a page may break after."""
    kept = 0.0
    for y, unit in page:
        if y + unit.height > bottom:
            break
        if not unit.keep_with_next:
            kept = y + unit.height
    return kept


def _table_gaps(pages: list[list[tuple[float, Unit]]], g: PageGeometry) -> int:
    """How many pages under :data:`FULL` end in a table's row with room left for its
    next row, set on the next page: a table page's tail left empty while the table goes on
    overleaf (issue 39, eighth review: the patiences' Russian glossary, a page 30 % blank
    before «колода»). A page evened out to give the chapter's last page more rows, still
    FULL, does not count (ninth review: the glossary's last page, a tail of six rows)."""
    count = 0
    body = g.body_bottom - g.body_top
    for page, following in zip(pages, pages[1:]):
        if not page or not following or depth(page, g) >= (FULL - SHORT) * body:
            continue
        y, unit = page[-1]
        rows = [u for _, u in following if u.header is not None and u.header is unit.header]
        if unit.header is None or not rows or rows[0].keep_with_next:
            continue   # (a row kept with the rows after it would not fit alone)
        if g.body_bottom - (y + unit.height) >= rows[0].space_before + rows[0].height:
            count += 1
    return count


#: A page that ends inside a paragraph at least this many of its lines above the body's
#: foot reads as a hole (:func:`_holes`).
HOLE_LINES = 3


def _holes(pages: list[list[tuple[float, Unit]]], g: PageGeometry) -> int:
    """How many pages but the last end inside a paragraph (the next page's first text
    line has no gap above it) with room left for :data:`HOLE_LINES` more of its lines.
    Evening out a chapter's end makes its pages shorter to give the last one text; it may
    not leave more pages stopping mid-sentence a few lines short than the plain make-up
    has: the reader sees a hole where the text goes on overleaf (issue 39, fifth review
    r-main, F1: EN p. 13 «A card of another colour wins only» at 85 %, RU p. 20 eight
    lines short); a chapter's last page may be short instead."""
    count = 0
    for page, following in zip(pages, pages[1:]):
        if not page or page[-1][1].art or page[-1][1].header is not None:
            continue
        y, last = page[-1]
        line = next((u for _, u in following if not u.art and not u.caption), None)
        if line is None or line.space_before > 0 or line.header is not None \
                or line.in_list:
            continue
        if g.body_bottom - (y + last.height) >= HOLE_LINES * line.height:
            count += 1
    return count


def _list_breaks(pages: list[list[tuple[float, Unit]]]) -> int:
    """How many pages go on with a list broken on the page before (they open with its
    continuation head, "Notes (continued)", set again above a list item). Evening out a
    chapter makes pages shorter to give the next ones text; it may not push the last notes
    of a list that fits whole where it stands onto the next page, under that head, and
    leave its page short (issue 39, fourth review r-ass, L1: EN p. 6 a quarter empty, its
    notes 9-10 at the head of p. 7)."""
    return sum(len(page) > 1 and page[1][1].in_list and page[0][1] is page[1][1].header
               for page in pages[1:])


def _labels_opening(pages: list[list[tuple[float, Unit]]]) -> int:
    """How many pages open with a notes list's label ("Notes:"), cut off from the text it
    notes on the page before (:func:`_notes_begun`): evening out a chapter may not make
    more of them than the plain make-up has (session 20 review, EN p. 49)."""
    return sum(len(page) > 1 and _label(page[0][1], page[1][1]) for page in pages[1:])


def _label(unit: Unit, after: Unit) -> bool:
    """Whether *unit*, followed by *after*, is a notes list's label ("Notes:"): kept with
    the list's first unit, which asks for the list to move whole."""
    return after.lead and not unit.lead and unit.keep_with_next


def _shortfall(pages: list[list[tuple[float, Unit]]], g: PageGeometry) -> float:
    """How far *pages* fall short of full: for each page the square of what it misses of
    :data:`FULL` (the last page too: a chapter that ends on a quarter page is worse made
    up than one whose pages are all two thirds full), and a whole page's worth for each
    page but the last under :data:`FULL`: evening out a chapter's end never leaves a page
    inside it short (issue 39, ninth review: the general rules' first two pages evened
    down to two thirds full to lift a last page of a quarter; a published rulebook leaves
    only a chapter's last page short)."""
    body = g.body_bottom - g.body_top
    fills = [depth(page, g) / body for page in pages]
    return sum(max(0.0, FULL - f) ** 2 for f in fills[:-1]) + sum(
        f < FULL - SHORT for f in fills[:-1]) + EVEN_WEIGHT * sum(
        max(0.0, EVEN - f) ** 2 for f in fills[:-1]) + max(0.0, LAST - fills[-1]) ** 2 \
        + LAST_WEIGHT * max(0.0, FULL - fills[-1]) ** 2


def _made_up(units: list[Unit], g: PageGeometry) -> list[list[tuple[float, Unit]]]:
    """A chapter's units placed on pages as (top y, unit), from a new page. A unit that
    keeps with the next moves with it to a new page when the two do not both fit. A page
    left under :data:`FULL` gives way to earlier breaks (:func:`_fuller`); a last page
    under :data:`RUNT` full is avoided when it can be (:func:`_without_runt`). Figures set
    one after another are made up both ways, each heading its own page or floating as one
    run (:func:`_float`), and the way with fewer pages under :data:`FULL` is kept (the
    first on a tie)."""
    best = (_fuller(units, g, False), False)
    tried = _fuller(units, g, True)
    if _underfull(tried[0], g) < _underfull(best[0][0], g):
        best = (tried, True)
    (pages, laid, breaks), runs = best
    whole = True
    if any(unit.lead for unit in units):
        # A list moved whole (Unit.lead) that costs the chapter a page, or leaves one
        # short, is broken after all, under its continuation head.
        broken = _fuller(units, g, runs, whole=False)
        if (_underfull(broken[0], g), len(broken[0])) < (_underfull(pages, g), len(pages)):
            (pages, laid, breaks), whole = broken, False
    body = g.body_bottom - g.body_top
    if len(pages) < 2 or depth(pages[-1], g) >= LAST * body:
        return pages
    if depth(pages[-1], g) < RUNT * body:
        pages = _without_runt(laid, pages, g, breaks, runs, whole=whole)
    if len(pages) < 2 or depth(pages[-1], g) >= LAST * body:
        return pages
    # Still short: the last two pages evened out, the last at least LAST full and the page
    # before still FULL (evened to LAST, it was a page inside the chapter left a third
    # empty: issue 39, ninth review, initial game 5), or the last page's text pulled back
    # under the page before's figures drawn smaller; not if the page before is left
    # ending a few lines short inside a paragraph (_holes: fifth review r-main, F1).
    evened = _without_runt(laid, pages, g, breaks, runs, least=LAST, whole=whole)
    if _holes(evened, g) <= _holes(pages, g):
        pages = evened
    if depth(pages[-1], g) < TAIL * body:
        pages = _tail_lifted(laid, pages, g, (breaks, runs, whole))
    return pages


def _tail_lifted(units: list[Unit], pages: list[list[tuple[float, Unit]]], g: PageGeometry,
                 how: tuple[frozenset[int], bool, bool]) -> list[list[tuple[float, Unit]]]:
    """The chapter's *pages* (its *units* as laid; *how*: the forced breaks, runs, whole
    lists of :func:`_fill`) with a last page under :data:`TAIL` given whole blocks by the
    page before (a paragraph, a list item, a heading with its lines: no page left ending
    inside a paragraph, :func:`_holes`), that page staying :data:`TAIL_KEEP` full: the
    break moves back block by block until the last page holds :data:`TAIL`, or else as
    far as brings the last page nearest it; else the pages stay (drawing the figures
    smaller would only leave the page before emptier). Never line by line: the page
    before would stop short inside a paragraph, a hole (:func:`_holes`; fifth review
    r-main, F1)."""
    body = g.body_bottom - g.body_top
    breaks, runs, whole = how
    ids = {id(unit): k for k, unit in enumerate(units)}
    last = max((ids.get(id(unit), -1) for _, unit in pages[-2]), default=-1) + 1
    before = min((ids.get(id(unit), len(units)) for _, unit in pages[-2]), default=0)
    best = pages
    for cut in range(last - 1, before, -1):
        if units[cut - 1].keep_with_next or not _block_start(units[cut]):
            continue
        tried = _fill(list(units), g, breaks | {id(units[cut])}, runs, whole)
        if len(tried) != len(pages) or depth(tried[-2], g) < (TAIL_KEEP - SHORT) * body:
            break
        if depth(tried[-1], g) >= TAIL * body:
            return tried
        if depth(tried[-1], g) > depth(best[-1], g) + SHORT * body:
            best = tried
    return best


def depth(placed: list[tuple[float, Unit]], g: PageGeometry) -> float:
    """How far down the body a page's units reach."""
    return max((y + unit.height for y, unit in placed), default=g.body_top) - g.body_top


def _underfull(pages: list[list[tuple[float, Unit]]], g: PageGeometry) -> int:
    """How many pages but the last are under :data:`FULL`."""
    body = g.body_bottom - g.body_top
    return sum(depth(page, g) < (FULL - SHORT) * body for page in pages[:-1])


def _fuller(units: list[Unit], g: PageGeometry, runs: bool = False, whole: bool = True
            ) -> tuple[list[list[tuple[float, Unit]]], list[Unit], frozenset[int]]:
    """The pages of :func:`_fill`, where a page (not the last) is left under :data:`FULL`
    because what comes next cannot be split, with the page before broken earlier: the
    run that ends it goes over to fill the short page, as long as the page before stays
    :data:`FULL`. Also the units as laid and the breaks (unit ids) that were forced."""
    body = g.body_bottom - g.body_top
    breaks: frozenset[int] = frozenset()
    laid = list(units)
    pages = _fill(laid, g, breaks, runs, whole)
    short = _underfull(pages, g)
    while short:
        better = None
        for n in range(1, len(pages) - 1):
            if depth(pages[n], g) >= (FULL - SHORT) * body:
                continue
            for y, unit in reversed(pages[n - 1]):
                if y - unit.space_before - g.body_top < FULL * body:
                    break
                k = next((k for k, u in enumerate(laid) if u is unit), 0)
                if k == 0 or laid[k - 1].keep_with_next:
                    continue
                trial = list(units)
                tried = _fill(trial, g, breaks | {id(unit)}, runs, whole)
                if _underfull(tried, g) < short \
                        and _interruptions(tried) <= _interruptions(pages):
                    better = (tried, trial, breaks | {id(unit)})
                    break
            if better:
                break
        if better is None:
            break
        pages, laid, breaks = better
        short = _underfull(pages, g)
    return pages, laid, breaks


def _interruptions(pages: list[list[tuple[float, Unit]]]) -> int:
    """How many figures stand inside a paragraph on a page: text on the page before the
    figure and, after its caption, the same paragraph going on (a line with no gap
    above it). A figure floats to a page's head, the paragraph running on under it, but
    a break forced later by :func:`_fuller` may set the lines pulled up for it on the
    figure's page, above it (issue 39, sixth review: «хотя b5 — зелёное [figures] поле»)."""
    count = 0
    for page in pages:
        for n, (_, unit) in enumerate(page):
            if not unit.art or n == 0 or page[n - 1][1].art:
                continue
            end = n
            while end + 1 < len(page) and page[end][1].keep_with_next \
                    and not page[end + 1][1].art:
                end += 1
            after = page[end + 1][1] if end + 1 < len(page) else None
            if after is not None and not after.art and after.space_before == 0 \
                    and after.header is None:
                count += 1
    return count


def _without_runt(units: list[Unit], pages: list[list[tuple[float, Unit]]], g: PageGeometry,
                  breaks: frozenset[int] = frozenset(), runs: bool = False,
                  least: float = RUNT, keep: float = FULL, whole: bool = True
                  ) -> list[list[tuple[float, Unit]]]:
    """The chapter's pages without a nearly empty last page, if that can be done:

    - the figures of the last two pages drawn smaller (down to :data:`~.units.SHRINK`,
      shared in proportion to what each can give) so that the last page's text fits on
      the page before, as a typesetter squeezes a page rather than leave a line alone on
      the next;
    - else the break before the last page moved back, unit by unit, until the last page
      holds *least* of the body (:data:`RUNT`), as long as the page before stays *keep*
      full (:data:`FULL`).
    Otherwise the pages stay as they were. *units* are as laid, *breaks* those forced."""
    body = g.body_bottom - g.body_top
    ids = {id(unit): k for k, unit in enumerate(units)}

    def end(page: list[tuple[float, Unit]]) -> int:
        # The page's last unit of this chapter: a page may also open with a table's header
        # set again.
        return max((ids.get(id(unit), -1) for _, unit in page), default=-1)

    last, before = end(pages[-2]) + 1, (end(pages[-3]) + 1 if len(pages) > 2 else 0)
    need = depth(pages[-1], g) + units[last].space_before - (body - depth(pages[-2], g))
    figures = [k for k in range(before, len(units)) if units[k].art]
    room = sum(units[k].room_to_shrink() for k in figures)
    if figures and room >= need:
        squeezed = list(units)
        for k in figures:
            squeezed[k] = units[k].shrunk(need * units[k].room_to_shrink() / room + 0.01)
        tried = _fill(squeezed, g, breaks, runs, whole)
        if len(tried) < len(pages):
            return tried
    for cut in range(last - 1, before, -1):
        if units[cut - 1].keep_with_next:
            continue   # the break would split what must stay together
        tried = _fill(list(units), g, breaks | {id(units[cut])}, runs, whole)
        if len(tried) != len(pages) or depth(tried[-2], g) < keep * body:
            break
        if least > RUNT and _table_gaps(tried, g) > _table_gaps(pages, g):
            continue   # evened, not saved from a runt: no table page left short
        if depth(tried[-1], g) >= least * body:
            return tried
    return pages


def _run_height(units: list[Unit], start: int, stop: int) -> float:
    """How much of a page *units[start:stop]* take, each with the space above it."""
    return sum(units[k].space_before + units[k].height for k in range(start, stop))


def _block_start(unit: Unit) -> bool:
    """Whether *unit* opens a block (a paragraph, a list item, a heading, a figure): a
    page that breaks before it ends no paragraph short."""
    return unit.space_before > 0 or unit.in_list or bool(unit.art)


def _group_end(units: list[Unit], i: int) -> int:
    """The last unit of the run that *units[i]* keeps with."""
    while units[i].keep_with_next and i + 1 < len(units):
        i += 1
    return i


#: A figure at most this share of the body may have a paragraph's first lines come up above
#: it to fill the page before, the rest of the paragraph opening the next page above the
#: figure (:func:`_paragraph_finished`); under a larger one only whole paragraphs and list
#: items fill the page.
SPLIT_UNDER = 0.5


def _float(units: list[Unit], i: int, j: int, room: float, page: float,
           runs: bool = False, opener: bool = False) -> bool:
    """The one float rule: the figure *units[i..j]* (with its caption) that does not fit
    the *room* left on its page (of body height *page*) goes to the head of the next page, and the text after it
    comes up to fill this page (with *runs*, after figures set one after another, the text
    after the last: the run moves as one, in order): as many runs as fit (a heading with its first lines, a
    paragraph's lines kept together, a table whole), stopping at the next figure (their
    numbers stay in order), a sidebar (a game's variants) or the chapter's end. The text
    pulled up ends where a block ends (in a later section, not between a list's items: the
    figure is not set inside another section's list), or, under a small figure
    (:data:`SPLIT_UNDER`), between two lines of its own section's paragraph that it may
    break at (its first two and last two lines kept): the rest of that paragraph then
    opens the next page above the figure, which follows it (:func:`_paragraph_finished`).
    So a figure moves only later than the text that introduced it, at most one page (a run
    of figures, a page for each): never before the move it shows. Nor does a worked
    example's next move come up above it (:attr:`~.units.Unit.move`), on either page of
    a spread: the move would be read before the position it starts from (issue 39,
    eleventh review r-main-ru: initial game 9, moves 5 and 6 at the foot of p. 54 above
    the figure «after move 4» at the head of p. 55). On
    a chapter's first page (*opener*) the text after a figure of any size,
    in any section, may come up as a paragraph's first lines: a game's start figure,
    too tall for the rest of its opening page, left that page a quarter blank under the
    "on your turn" box while the moves section waited whole behind it (issue 39, second
    reviews: RU pp. 30, 36, 42, 50, 60); the paragraph goes on at the next page's head,
    the figure after it. False if nothing fits."""
    if not units[i].art:
        return False     # a paragraph that introduces the figure goes with it
    split = opener or sum(units[k].height for k in range(i, j + 1)) <= SPLIT_UNDER * page
    # With *runs*, figures set one after another (a table drawn in parts) float as one
    # run, in their order, and the text after the last fills the page: with nothing between
    # them to pull up, each would otherwise leave the page before it a third empty (issue
    # 39, fifth review: the Empress's three layout figures).
    last = j
    while runs and j + 1 < len(units) and units[j + 1].art:
        j = _group_end(units, j + 1)
    # A section's figures (a table drawn in parts) are read before the next section: no
    # text of a later section comes up above its second or later figure, nor above a run
    # of them (fourth review of the patiences, N1: the Empress's Aim and its box set
    # between the figures of its layout).
    parts = j > last or _figure_before(units, i)
    if parts and units[i].section.rpartition("/")[2] in START_SECTIONS:
        # A setup's table in parts: the text after a part is about that part (the
        # Empress's foundations under its centre), and comes up above no other.
        return False
    start = j + 1
    end, whole = _come_up(units, (i, start), room, split, (parts, opener))
    end = _paragraph_finished(units, (i, start), end, whole, page)
    if end == start:
        return False
    units[i:end] = units[start:end] + units[i:start]
    return True


def _come_up(units: list[Unit], figure: tuple[int, int], room: float, split: bool,
             how: tuple[bool, bool]) -> tuple[int, int]:
    """Where the text that comes up above the floated *figure* (its units' range, the
    figure first) ends, in the *room* left on the page (:func:`_float`): at a paragraph's
    line (with *split*) or at a block's end, and where the last whole block ends. *how*:
    the figure is one of its section's parts, and it is the chapter's first page."""
    parts, opener = how
    home = units[figure[0]].section
    end = whole = k = figure[1]
    while k < len(units) and not _holds_back(units[k]) \
            and not (parts and units[k].section != home):
        chain = _group_end(units, k)
        if any(_holds_back(units[n]) for n in range(k + 1, chain + 1)):
            break
        need = _run_height(units, k, chain + 1)
        if need > room:
            break
        room -= need
        k = chain + 1
        if _may_end_before(units, k, own=units[k - 1].section == home, split=False):
            end = whole = k
        elif _may_end_before(units, k, own=units[k - 1].section == home,
                             split=split and (units[k - 1].section == home or opener)):
            end = k
    return end, whole


def _paragraph_finished(units: list[Unit], figure: tuple[int, int], end: int, whole: int,
                        page: float) -> int:
    """Where the text pulled up above the floated *figure* (its units' range) ends, given
    it would end at *end*, inside a paragraph, or at *whole*, the last block's end: a
    figure at the next page's head between a paragraph's first lines and the rest of it
    parts the sentence across the page turn (issue 39, sixth review r-main-en #9: "After
    that each player may cover or" | a full-page figure | "move to a free square."). So
    the whole paragraph comes up, its rest opening the next page above the figure, where
    the two fit that page (of body height *page*); else only whole blocks do."""
    if end == whole:
        return end
    stop = end
    while stop < len(units) and not _block_start(units[stop]) and units[stop].header is None:
        stop += 1
    rest = _run_height(units, end, stop)
    drawn = _run_height(units, *figure)
    return stop if rest + drawn <= page else whole


def _figure_before(units: list[Unit], i: int) -> bool:
    """Whether the section of the figure *units[i]* has a figure before it (the parts of
    one table, the positions of one example), with or without text between."""
    return any(unit.art and unit.section == units[i].section for unit in units[:i])


def _holds_back(unit: Unit) -> bool:
    """Whether *unit* stops the text that comes up above a floated figure: another figure
    (their numbers stay in order), a sidebar, or a worked example's move, which is not
    read before the figure of the move before it (see :func:`_float`)."""
    return bool(unit.art or unit.sidebar or unit.move)


def _may_end_before(units: list[Unit], k: int, *, own: bool, split: bool) -> bool:
    """Whether the text pulled up may end before *units[k]*: at the end, before a figure,
    where a block ends (*own*: in the figure's own section; in a later one, not between a
    list's items), or, with *split*, between two lines of a paragraph away from its
    headings."""
    return k >= len(units) or bool(units[k].art) or (
        units[k].space_before > 0 and (own or not units[k].in_list)) or (
        split and units[k].header is None and units[k - 1].header is None)


def _fill(units: list[Unit], g: PageGeometry, breaks: frozenset[int] = frozenset(),
          runs: bool = False, whole: bool = True) -> list[list[tuple[float, Unit]]]:
    """Units placed greedily on pages from a new page, a new page also before each unit
    whose id is in *breaks*; a list moves whole to the next page rather than break where
    it can if *whole* (:func:`_whole_list`); figures one after another float as a run if *runs*
    (:func:`_float`). *units* is left in the order placed, its figures as drawn."""
    pages: list[list[tuple[float, Unit]]] = [[]]
    y = g.body_top
    done: set[int] = set()
    i = start = 0          # start: the page's first unit of *units*
    squeezed: set[int] = set()
    body = g.body_bottom - g.body_top
    while i < len(units):
        j = _group_end(units, i)
        need = (units[i].space_before if pages[-1] else 0.0) + units[i].height
        need += _run_height(units, i + 1, j + 1)
        bottom = _bottom(units, i, pages[-1], g, len(pages) - 1)
        over = y + need - (bottom + 0.01)
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
            # after it fills this page.
            if not forced and _float(units, i, j, bottom - y, bottom - g.body_top, runs,
                                     len(pages) == 1):
                continue
            # So does a figure with its text, the page's figures all drawn smaller within
            # their limits (one alone may not give enough: a trick's row of cards; issue
            # 39, third review r-ass, finding 5: «Вторая сдача» 58 % full), but not on a
            # page that evening out makes shorter to give the next ones text
            # (PageGeometry.trim).
            if not forced and start not in squeezed and y - g.body_top < FULL * body \
                    and (figure is None or len(pages) > len(g.trim)) \
                    and _squeeze(units, start, i if figure is None else j + 1, over):
                # Text that misses a page left under FULL by a little comes onto it, the
                # page's figures drawn that little smaller, rather than leave the page
                # short or push a paragraph's tail over (issue 39, sixth review).
                squeezed.add(start)
                i, y = start, _restart(pages[-1], units[start], g)
                continue
            soft = None if forced else _soft_break(units, i, j, (y, bottom), g,
                                                   len(pages) - 1)
            if soft is not None:
                # A soft keep gives way rather than leave the page short or a hole in it
                # (Unit.soft, _hole_kept); a short table's (a row) only on a left-hand
                # page, its rows read on across the open spread under the head set again.
                _place(pages[-1], units, i, soft, y)
                i = soft + 1
            elif whole and not forced:
                i = _whole_list(units, i, pages[-1], g, len(pages))
            if not forced and soft is None:
                i = _trimmed_break(units, i, pages[-1], g, len(pages) - 1)
            if not forced:
                i = _notes_begun(units, i, pages[-1], bottom)
            start = i
            y = _open_page(pages, units[i], g)
            continue
        y = _place(pages[-1], units, i, j, y)
        i = j + 1
    return pages


def _place(page: list[tuple[float, Unit]], units: list[Unit], i: int, j: int,
           y: float) -> float:
    """*units[i..j]* set on *page* from *y* (each after its space, but the page's first);
    where the next unit would start."""
    for k in range(i, j + 1):
        if page:
            y += units[k].space_before
        page.append((y, units[k]))
        y += units[k].height
    return y


def _open_page(pages: list[list[tuple[float, Unit]]], first: Unit, g: PageGeometry) -> float:
    """A new page on *pages* for *first*, with the header it repeats (a table's head) if
    any; where the next unit starts on it."""
    pages.append([])
    y = g.body_top
    if first.header is not None:
        pages[-1].append((y, first.header))
        y += first.header.height
    return y


def _restart(page: list[tuple[float, Unit]], first: Unit, g: PageGeometry) -> float:
    """*page* emptied to be set again from *first*, keeping the header it opened with (a
    table's head); where the next unit starts."""
    head = first.header
    page[:] = [(g.body_top, head)] if head is not None and page and page[0][1] is head \
        else []
    return g.body_top + sum(unit.height for _, unit in page)


#: A note broken by a page (:func:`_notes_begun`) leaves at least this many of its lines
#: on the page its label ends, and as many on the next where it has lines enough and no
#: hyphenated line end forbids it (else one).
NOTE_SIDE = 2


def _notes_begun(units: list[Unit], i: int, page: list[tuple[float, Unit]],
                 bottom: float) -> int:
    """Where *page* (ending at *bottom*) breaks, given it would break before *units[i]*:
    where that is a notes list's label ("Notes:"), after the label and as much of the
    list as fits, which is set on *page*: its first note's first lines
    (:data:`NOTE_SIDE` on each side), or whole notes, the list going on under its head
    (:meth:`.setter.Setter.note_head`), with :data:`~.setter.NOTES_SIDE` notes at least
    on each side; else there. A label that
    opens a page reads as cut off from the text it notes, on the page before (session 20
    review: EN pp. 30, 45, 49 opened with "Notes:")."""
    if not page or i + 1 >= len(units) or not _label(units[i], units[i + 1]):
        return i
    y = page[-1][0] + page[-1][1].height
    begun = _begun(units, i, y, bottom)
    if not begun:
        return i
    _place(page, units, i, i + begun, y)
    return i + 1 + begun


#: A note of at most this many lines is not broken by a page under its list's label: the
#: label and the note go over together, with the lines it notes where the page can end
#: before its text's last lines instead and stay :data:`FULL` (:func:`_soft_break`;
#: session 20, main review 8: "…would end | nearly every game" across EN pp. 43-44), and
#: the label never stands at a page's foot over the first lines of one short note
#: (eleventh review r-ass: a notes list's label over one note alone at the foot).
NOTE_WHOLE = 4


def _begun(units: list[Unit], i: int, y: float, bottom: float) -> int:
    """How many units of the notes list whose label is *units[i]* stand under the label
    on a page where the label comes at *y* and the page ends at *bottom*
    (:func:`_notes_begun`); 0 if the list may not begin there. A first note of
    :data:`NOTE_WHOLE` lines or fewer is not broken."""
    end = next((k for k in range(i + 2, len(units))
                if units[k].space_before > 0 and not units[k].in_list or units[k].art),
               len(units))
    starts = [k for k in range(i + 2, end) if units[k].in_list]   # the notes after the first
    first = (starts[0] if starts else end) - i - 1                # the first note's lines
    inside = [] if first <= NOTE_WHOLE else [
        m for m in range(NOTE_SIDE, first) if not units[i + m].hyphen]
    # NOTE_SIDE lines of the note go over where it has lines enough and no hyphen forbids
    # that break; else one.
    # NOTES_SIDE whole notes at least on each side: the label over one note alone at a
    # page's foot reads as a stray, the list overleaf (eleventh review r-ass: RU p. 10,
    # «Примечания:» and note 11, notes 12-21 on p. 11).
    breaks = ([m for m in inside if first - m >= NOTE_SIDE] or inside) + [
        k - i - 1 for k in starts[NOTES_SIDE - 1:len(starts) + 1 - NOTES_SIDE]]
    fit = [m for m in breaks if y + _run_height(units, i, i + 1 + m) <= bottom + 0.01]
    return max(fit, default=0)


def _hole_kept(units: list[Unit], i: int, soft: int, room: float) -> bool:
    """Whether keeping *units[i..soft]* (a paragraph's last lines) with what follows them
    (a notes list) over the page would leave this page's *room* a hole: the page stopping
    inside the paragraph with :data:`HOLE_LINES` lines' room besides those lines. The soft
    keep then gives way on a full page too (issue 39, sixth review r-ass #4: RU p. 12
    seven lines short in mid-sentence, «…и прибавляем их к очкам» | «из взяток игрока.»
    with the notes overleaf)."""
    lines = _run_height(units, i, soft + 1)
    return not _block_start(units[i]) and room - lines >= HOLE_LINES * units[i].height


#: A short table kept whole breaks across an open spread (:func:`_soft_break`) where
#: keeping it whole would leave the left-hand page under this share of the body: its rows
#: read on across the fold, where a page a quarter blank before the table reads as a page
#: lost (session 20 review: EN p. 12, the notation table overleaf from 77 %).
SPREAD_FULL = 0.85


def _soft_break(units: list[Unit], i: int, j: int, at: tuple[float, float], g: PageGeometry,
                n: int) -> int | None:
    """The last unit of the run *units[i..j]* kept together whose keep is soft
    (:attr:`~.units.Unit.soft`) and that fits the room left on the chapter's page *n*
    (*at*: where the run would start and the page's foot) with the units before it: the
    page may break after it, where keeping would leave the page under :data:`FULL` or a
    hole (:func:`_hole_kept`), or where the notes list it keeps with can begin on the page
    under its label (:func:`_begun`; a first note of :data:`NOTE_WHOLE` lines or fewer
    only whole, else it goes over whole with its label and the text's last lines). A
    short table's row gives way only on a left-hand page
    (:meth:`~.units.PageGeometry.faces_next`), its rows read on across the open spread;
    None if none."""
    y, bottom = at
    facing = g.faces_next(n)
    soft = next((k for k in range(j - 1, i - 1, -1) if units[k].soft
                 and (units[k].header is None or facing)
                 and _run_height(units, i, k + 1) <= bottom - y + 0.01), None)
    full = SPREAD_FULL if soft is not None and units[soft].header is not None else FULL
    if soft is not None and y - g.body_top >= full * (g.body_bottom - g.body_top) \
            and not _hole_kept(units, i, soft, bottom - y) and not (
                soft + 2 < len(units) and _label(units[soft + 1], units[soft + 2])
                and _begun(units, soft + 1, y + _run_height(units, i, soft + 1), bottom)):
        return None
    return soft


def _whole_list(units: list[Unit], i: int, page: list[tuple[float, Unit]],
                g: PageGeometry, pages: int) -> int:
    """Where the page *page* (the chapter's page *pages* - 1) breaks, given it would
    break before *units[i]*: there, or, where that would break a list that moves whole
    (:attr:`~.units.Unit.lead`: a section's notes) and the whole list fits on the next
    page with the lines kept before it, before those lines, if this page stays
    :data:`FULL` without them; the units from there on are taken off *page*. A list
    broken by a page is read on under a head ("Notes (continued)"), but a list read
    whole under its text is better still (issue 39, third review r-ass, finding 4)."""
    head = units[i].header
    lead = next((k for k in range(i - 1, -1, -1) if units[k].lead), None)
    if head is None or lead is None or units[lead].header is not None \
            or any(units[k].in_list and units[k].header is not head
                   for k in range(lead + 1, i)):
        return i   # not inside a list that moves whole
    first = lead
    while first > 0 and units[first - 1].keep_with_next:
        first -= 1
    end = _group_end(units, i)
    while end + 1 < len(units) and units[end + 1].header is head:
        end = _group_end(units, end + 1)
    at = next((n for n, (_, unit) in enumerate(page) if unit is units[first]), 0)
    if at == 0:
        return i
    body = g.body_bottom - g.body_top
    kept = page[at - 1][0] + page[at - 1][1].height - g.body_top
    need = _run_height(units, first + 1, end + 1)
    if kept < FULL * body or units[first].height + need > g.page_bottom(pages) - g.body_top:
        return i
    del page[at:]
    return first


def _trimmed_break(units: list[Unit], i: int, page: list[tuple[float, Unit]],
                   g: PageGeometry, n: int) -> int:
    """Where the chapter's page *n*, *page*, breaks, given it would break before
    *units[i]*: on a page that evening out makes shorter (:attr:`PageGeometry.trim`) to
    give the next one text, before the paragraph *units[i]* goes on, where the page stays
    :data:`FULL` without it; the units from there on are taken off *page*. A page made
    shorter and stopped a few lines short inside a paragraph reads as a hole, the
    sentence going on overleaf (:func:`_holes`); ended at a paragraph's end, it reads as a
    page's end (issue 39, sixth review r-main-ru #5: evening out was refused for the holes
    it made, and four chapters ended on a quarter page)."""
    at = _paragraph_start(units, i, page, g, n)
    if at is None:
        return i
    first = next(k for k in range(i - 1, -1, -1) if units[k] is page[at][1])
    del page[at:]
    return first


def _paragraph_start(units: list[Unit], i: int, page: list[tuple[float, Unit]],
                     g: PageGeometry, n: int) -> int | None:
    """Where on *page* (the chapter's page *n*, made shorter by evening out) the paragraph
    that *units[i]* goes on starts, if the page may break before it and stay
    :data:`FULL`; None if *units[i]* opens a block, the page is not made shorter, or it
    may not break there (:func:`_trimmed_break`)."""
    if n >= len(g.trim) or not g.trim[n] or _block_start(units[i]) \
            or units[i].header is not None or not page:
        return None
    at = len(page) - 1
    while at > 0 and not _block_start(page[at][1]):
        at -= 1
    if at == 0 or page[at - 1][1].keep_with_next \
            or page[at - 1][0] + page[at - 1][1].height - g.body_top \
            < FULL * (g.body_bottom - g.body_top):
        return None
    return at


def _bottom(units: list[Unit], i: int, page: list[tuple[float, Unit]], g: PageGeometry,
            n: int) -> float:
    """Where the chapter's page *n* ends for *units[i]*: its own foot (less its trim), but
    the body's foot for the lines of a paragraph that a page made shorter by evening out
    cannot break before and stay :data:`FULL` (:func:`_paragraph_start`): such a page
    is not made shorter inside a paragraph, which would leave a hole (:func:`_holes`)."""
    bottom = g.page_bottom(n)
    if bottom < g.body_bottom and not _block_start(units[i]) and units[i].header is None \
            and page and _paragraph_start(units, i, page, g, n) is None:
        return g.body_bottom
    if bottom < g.body_bottom and units[i].move and page:
        # A worked example's next move, set whole (three lines at most), that fits stays
        # on the page: the example read on, not stopped short with the page a fifth
        # empty (sixth review r-main-ru #3: basic game 18, p. 32 ending after move 1).
        stop = _group_end(units, i) + 1
        need = _run_height(units, i, stop)
        if (stop == len(units) or _block_start(units[stop])) \
                and page[-1][0] + page[-1][1].height + need <= g.body_bottom:
            return g.body_bottom
    return bottom


def _squeeze(units: list[Unit], start: int, end: int, need: float) -> bool:
    """The figures of *units[start:end]* (one page) drawn *need* mm less high in all,
    shared in proportion to what each can give (never under :data:`~.units.SHRINK`);
    False, and nothing changed, if they cannot give that much."""
    figures = [k for k in range(start, end) if units[k].art]
    room = sum(units[k].room_to_shrink() for k in figures)
    if not figures or room < need + 0.02 * len(figures):
        return False
    for k in figures:
        units[k] = units[k].shrunk(need * units[k].room_to_shrink() / room + 0.02)
    return True


def _frame(g: PageGeometry, header: str, number: int | None) -> list[Item]:
    area = g.type_area
    items: list[Item] = []
    if header:
        base = area.y + g.style.header
        items.append(text_item(g.width / 2, base, shown(header), g.style.header, fill=GREY,
                           anchor="middle"))
        items.append(Line(area.x, base + 1.6, area.right, base + 1.6,
                          Paint(stroke=RULE, width=0.2)))
    if number is not None:
        items.append(text_item(g.width / 2, area.bottom - 0.6, str(number), g.style.header,
                           fill=GREY, anchor="middle"))
    return items


def framed_page(g: PageGeometry, placed: list[tuple[float, Unit]], header: str,
                number: int | None, label: str) -> Page:
    """A page: its *placed* units in the type area, the running *header* and page *number*
    (none if empty or None) and the sidebar's rules."""
    items = _frame(g, header, number)
    for y, unit in placed:
        items.append(Group(tuple(unit.items), Transform.translate(g.margin_x, round(y, 3))))
    items += _sidebar_rules(g, placed)
    return Page(g.width, g.height, tuple(items), label=label)


def _sidebar_rules(g: PageGeometry, placed: list[tuple[float, Unit]]) -> list[Item]:
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
