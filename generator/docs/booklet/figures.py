"""The booklet's figures, drawn by the figure code (:func:`generator.docs.build.draw_position`)
so a diagram in the booklet is exactly what ``opencards figure`` draws: the layout is checked
by the rule engine and every move of a worked example is played through it in this run.
A refusal names the booklet file and the figure's place. Rows of cards (equipment) use the
kit's own card art. The templates a figure names are looked up by the job that sets the
booklet (:class:`BookletTemplates`); nothing here reads a template itself."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Protocol, TypeVar

from ...draw.art.traditional import suit_signed_text, traditional_front
from ...draw.geometry import Rect, Size, Transform
from ...draw.style import DEFAULT_STYLE
from ...draw.scene import Box, Group, Item, Page, Paint
from ...errors import FigureError, GeneratorError, InvalidLayoutError, PatienceError
from ...io.figures import FigureTable
from ...io.layouts import LayoutFile
from ...model.board import Board
from ...model.booklet import FigureRef
from ...model.settings import Settings
from ...model.traditional import PlayingCard, PrintedCard, TraditionalPack
from ...sheets.printable import open_cards
from ..build import ANNOTATIONS, draw_position, parse_annotations
from ..diagram import LEAST_LABEL, Source
from ..figure import COLOURS
from .key import BOARD, PACK, key_page
from .sizes import FigurePlacement

T = TypeVar("T")
#: Gap between cards in a row of cards, as a fraction of the card's width.
CARD_GAP = 0.18
#: A traditional card's label under it (who played it), in mm at the card's 25 mm width.
CARD_LABEL = 3.6
#: The frame round the card that takes a trick: its colour (the figures' blue, apart from
#: the red and black of the suits), its stroke and its gap to the card, in mm at the
#: card's 25 mm width.
OUTLINE = COLOURS["blue"]
OUTLINE_WIDTH = 1.2
OUTLINE_GAP = 0.8
#: The traditional pack a patience's deal is drawn with.
DEAL_PACK = "pack52"


class BookletTemplates(Protocol):
    """The templates a booklet's figures name, looked up by the job that sets the booklet
    (:class:`generator.app.booklet.LibraryTemplates`) when the figure that names one is
    drawn, so a misspelt name fails at its figure, after the figures before it."""

    def settings(self) -> Settings:
        """The kit's card and square sizes, as every figure is drawn in."""
        ...

    def figure(self, name: str) -> tuple[LayoutFile, FigureTable]:
        """The layout *name* under its own game (with its board and packs), and its
        ``[figure]`` table."""
        ...

    def board(self, name: str) -> Board:
        ...

    def source(self, name: str) -> Source:
        """The pack or letter set *name*."""
        ...

    def traditional(self, name: str) -> TraditionalPack | None:
        """The traditional pack *name*; None if *name* is not one."""
        ...


def _parsed(ref: FigureRef, key: str, parse: Callable[[str], T], text: str) -> T:
    try:
        return parse(text)
    except ValueError as e:
        raise FigureError(f"{ref.where}.{key}: {e}") from None


def _changes(ref: FigureRef) -> dict[str, object]:
    # A booklet's figure takes the annotations under the keys a [figure] table does.
    return parse_annotations({key: getattr(ref, key, None) for key in ANNOTATIONS},
                             lambda key, _, __: f"{ref.where}.{key}")


def draw(templates: BookletTemplates, ref: FigureRef, *, width: float = 100.0,
         style: str | None = None, indices: str = "latin",
         frame: tuple[float, float] | None = None) -> Page:
    """The figure *ref* asks for as a scene page (without a caption: the booklet sets it
    in the booklet's language); a board *width* mm wide, in *style* if given (else its
    layout's); a deal's cards with *indices* (``latin`` J Q K A or ``cyrillic`` В Д К Т),
    its slot labels sized for a *frame* (column width, page height) mm.

    :raises: :exc:`FigureError` naming the booklet file and place: a layout the rule engine
        refuses (with its first problem), an illegal move of a worked example, a bad
        annotation.
    """
    if ref.key:
        return key_page(templates.board(BOARD), templates.source(PACK), templates.settings(),
                        ref)
    if ref.cards is not None:
        return _cards(templates, ref, ref.cards)
    if ref.patience is not None and ref.blocks:
        return _plan(ref, ref.patience, frame)
    if ref.patience is not None:
        return _tableau(templates, ref, ref.patience, indices, frame)
    if ref.layout is None:
        raise FigureError(f"{ref.where}: a figure names a layout, a deal, cards or the key")
    changes = _changes(ref)
    if style is not None:
        changes["style"] = style
    try:
        position, table = templates.figure(ref.layout)
        drawn = draw_position(templates.settings(), position, table, changes, flip=ref.flip,
                              caption="", play=ref.play, width=width, frames=False,
                              least_label=LEAST_LABEL, plain=ref.plain)
    except InvalidLayoutError as e:
        first = e.problems[0] if e.problems else str(e)
        more = f" (and {len(e.problems) - 1} more)" if len(e.problems) > 1 else ""
        raise FigureError(f"{ref.where}: the rule engine refuses layout {ref.layout!r}: "
                          f"{first}{more}") from None
    except GeneratorError as e:
        if str(e).startswith(ref.where):
            raise
        raise FigureError(f"{ref.where}: layout {ref.layout!r}: {e}") from None
    return drawn.final


#: The most of the type area's height a board may take: the rest is for its caption (and a
#: start's listing).
TALLEST = 0.8


def draw_placed(templates: BookletTemplates, ref: FigureRef, placement: FigurePlacement,
                body: float) -> Page:
    """The board *ref* drawn as *placement* says, on a type area *body* mm high: in the
    full style where that fits the figure's share of the height (:attr:`FigureRef.height`)
    at its width, else in the compact style; narrower only if even so it would be taller
    than :data:`TALLEST` of the page.

    :raises: :exc:`FigureError` as :func:`draw`.
    """
    style = placement.style
    if style is None:
        full = draw(templates, ref, width=placement.width, style="full")
        if full.height <= ref.height * body:
            return full
        style = "compact"
    page = draw(templates, ref, width=placement.width, style=style)
    if page.height > TALLEST * body:
        page = draw(templates, ref, width=placement.width * TALLEST * body / page.height,
                    style=style)
    return page


#: A deal's cards in a figure have indices this much larger than a printed card's, upright
#: on the crossways cards (review of the patience booklets, 6: at print size a rampart's
#: index was about 3 pt and ran vertically).
FIGURE_INDEX = 1.35

#: A deal's margin (mm at the drawing's scale) in a booklet, whose page spaces its figures
#: itself: the margin a drawing on its own needs would take from the cards' size.
FIGURE_MARGIN = 1.5

#: How much larger a deal's cards must come out with its labels placed beside the cards
#: that have no room under them (:func:`_tableau`) for the figure to be drawn so.
GAIN = 1.05

#: A deal's slot labels on paper (mm): over 6 pt (:data:`LEAST_LABEL`), so that they still
#: read if the page's setting shrinks the figure a little to keep it with its text.
TABLEAU_LABEL = 2.4


def _tableau(templates: BookletTemplates, ref: FigureRef, name: str, indices: str = "latin",
             frame: tuple[float, float] | None = None) -> Page:
    """A patience's deal *ref.seed*, drawn with the 52-card pack template (no title: the
    caption says which deal it is), its court and ace indices in *indices*' script. Slot
    names from the figure's [slots] (the booklet's language), else the engine's ids, and
    no engine words. In a *frame* (column width, type area height) mm, the labels come out
    :data:`TABLEAU_LABEL` high at the scale the booklet sets the figure (the whole column,
    or :attr:`FigureRef.height` of the page): the label size changes the gaps, so the
    scale is found again a few times."""
    # Here, not at the top: the patience engine loads only for booklets that show one.
    from ...patience import parse_moves as parse_patience_moves
    from ...patience import patience
    from ..tableau import FigureFaces, tableau_page

    game = patience(name)
    faces = FigureFaces(index_scale=FIGURE_INDEX, upright=True)
    pack = templates.traditional(DEAL_PACK)
    if pack is None:
        raise FigureError(f"{ref.where}: a deal is drawn with the traditional pack "
                          f"{DEAL_PACK!r}, and there is none")
    if indices != pack.script:
        pack = replace(pack, script=indices, indices=None)
    names = dict(ref.slots)
    try:
        # A worked example's position: its moves played through the engine, so a figure
        # after an illegal move stops the booklet.
        state = game.replay(ref.seed, parse_patience_moves(ref.moves or ""))
    except PatienceError as e:
        raise FigureError(f"{ref.where}.moves: {e}") from None
    page = tableau_page(game, state, pack=pack, words=False, names=names, part=ref.part,
                        faces=faces)
    if frame is None:
        return page
    column, body = frame

    def scale(page: Page) -> float:
        return min(column / page.width, body * ref.height / page.height)

    # Labels under every card, or beside the cards that have no room under them and the
    # rows closed up: the second where its cards are at least GAIN larger on the page (a
    # table taller than wide, such as the Besieged City's); a smaller gain is not worth a
    # figure laid out unlike the others, nor the text it moves.
    drawn = []
    for beside in (False, True):
        for _ in range(4):
            page = tableau_page(game, state, pack=pack, words=False, names=names,
                                label_size=TABLEAU_LABEL / scale(page), part=ref.part,
                                beside=beside, faces=faces, margin=FIGURE_MARGIN)
        drawn.append(page)
    under, placed = drawn
    return placed if scale(placed) >= GAIN * scale(under) else under


def _plan(ref: FigureRef, name: str, frame: tuple[float, float] | None) -> Page:
    """A patience's table in outline (:attr:`FigureRef.blocks`). In a *frame* (column
    width, type area height) mm it is drawn at its size on the page, the column wide and
    at most its :attr:`FigureRef.height` of the height, its labels :data:`TABLEAU_LABEL` high as a
    deal's."""
    from ...patience import patience
    from ..tableau import plan_page

    game = patience(name)
    blocks = [(block.slots, block.label) for block in ref.blocks]
    try:
        if frame is None:
            return plan_page(game, blocks)
        column, body = frame
        page = plan_page(game, blocks, width=column, height=body * ref.height,
                         label_size=TABLEAU_LABEL)
    except FigureError as e:
        raise FigureError(f"{ref.where}.blocks: {e}") from None
    return page


def _traditional(ref: FigureRef, pack: TraditionalPack, listed: str) -> Page:
    """A row of traditional cards, e.g. a trick of Ass: faces in the pack's proportions,
    the card :attr:`FigureRef.outlined` (the one taking the trick) framed."""
    size = Size(25, 25 * pack.height / pack.width)
    # Room round the row for the frame, so that it is not clipped at the figure's edge.
    pad = OUTLINE_GAP + OUTLINE_WIDTH
    items: list[Item] = []
    for i, text in enumerate(listed.split()):
        card = _parsed(ref, "cards", PlayingCard.from_notation, text)
        if card not in pack:
            raise FigureError(f"{ref.where}.cards: {text} is not a card of {pack.name}")
        art = traditional_front(pack, PrintedCard(card), size=size)
        x = pad + i * size.width * (1 + CARD_GAP)
        items.append(Group((art,), Transform.translate(x, pad)))
        if ref.outlined == i + 1:
            gap = OUTLINE_GAP + OUTLINE_WIDTH / 2
            items.append(Box(Rect(x - gap, pad - gap, size.width + 2 * gap,
                                  size.height + 2 * gap),
                             Paint(stroke=OUTLINE, width=OUTLINE_WIDTH), radius=1.5))
        if ref.labels:
            items.append(suit_signed_text(x + size.width / 2, pad + size.height + 1.5 * CARD_LABEL,
                                          ref.labels[i], CARD_LABEL, DEFAULT_STYLE.ink))
    if not items:
        raise FigureError(f"{ref.where}.cards: expected cards after '{pack.name}:'")
    count = len(listed.split())
    height = 2 * pad + size.height + (2 * CARD_LABEL if ref.labels else 0)
    return Page(2 * pad + count * size.width + (count - 1) * size.width * CARD_GAP, height,
                tuple(items))


def _card_set(templates: BookletTemplates, ref: FigureRef, name: str) -> Source:
    """The pack or letter set a row of cards goes on with (``pack2:(10R)``)."""
    try:
        return templates.source(name)
    except GeneratorError:
        raise FigureError(f"{ref.where}.cards: {name!r} is not a pack or letter set") from None


def _cards(templates: BookletTemplates, ref: FigureRef, listing: str) -> Page:
    """A row of cards of the kit, ``pack1:1R 2Y``; ``(1R)`` draws the card's back, and a
    token ``pack2:(10R)`` goes on with another pack or deck (backs side by side)."""
    name, _, listed = listing.partition(":")
    traditional = templates.traditional(name)
    if traditional is not None:
        return _traditional(ref, traditional, listed)
    size = Size(25, 50)
    items: list[Item] = []
    for i, token in enumerate(listed.split()):
        if ":" in token:
            name, _, token = token.partition(":")
            source = _card_set(templates, ref, name)
        else:
            source = templates.source(name)
        cards = open_cards(source)
        # (1R) is the card's back, as the notation writes a card lying face down.
        back = token.startswith("(") and token.endswith(")")
        text = token[1:-1] if back else token
        card = _parsed(ref, "cards", cards.parse, text)
        if card not in source:
            raise FigureError(f"{ref.where}.cards: {text} is not a card of {name}")
        art = cards.drawn(card, not back, size=size)
        x = i * size.width * (1 + CARD_GAP)
        items.append(Group((art,), Transform.translate(x, 0),
                           role=f"back {name} {text}" if back else None))
    if not items:
        raise FigureError(f"{ref.where}.cards: expected cards after '{name}:'")
    count = len(items)
    width = count * size.width + (count - 1) * size.width * CARD_GAP
    return Page(width, size.height, tuple(items))
