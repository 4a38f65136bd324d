"""What imposition, rendering and the documents ask of a kit item, whatever its kind:
:class:`Printable`, and one implementation per kind (open packs, letter sets,
traditional packs, boards). A new kind of item is one class here and one line in
:data:`_KINDS`; nothing else tells the kinds apart."""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any, Generic, Protocol, TypeVar

from ..draw.art.board import board_group, board_size, squares_area, whole
from ..draw.art.cards import back_key, card_back, card_front, letter_back, letter_front
from ..draw.art.traditional import traditional_back, traditional_front
from ..draw.art.symbols import card_symbol, letter_symbol
from ..draw.geometry import Rect, Size, Transform
from ..draw.scene import Box, Group, Page, Paint
from ..draw.style import DEFAULT_STYLE, Style
from ..errors import WrongKindError
from ..io.output import safe_name
from ..model.board import Board
from ..model.cards import Card, Pack
from ..model.letters import LetterCard, LetterSet
from ..model.settings import Settings
from ..model.traditional import PrintedCard, TraditionalPack
from .board import board_sheets, seam_marks, tiles
from .cards import iter_card_sheets
from .fold import iter_fold_sheets
from .spec import Backs, SheetSpec

#: (file stem, face, back) of one card.
Sides = tuple[str, Group, Group]


class Printable(Protocol):
    """A kit item as the sheets see it: its name, file stem and title, its cards (none for
    a board) and their size, its pages one file each, and its sheets."""

    @property
    def name(self) -> str:
        """The template's name."""
        ...

    @property
    def title(self) -> str:
        """The title printed on its sheets and in its files."""
        ...

    @property
    def stem(self) -> str:
        """Its files' name stem: the name made safe for a file name."""
        ...

    @property
    def backs(self) -> bool:
        """Whether it prints backs: cards do; a board is printed on one side."""
        ...

    @property
    def cards(self) -> int:
        """How many cards it prints (a traditional pack's copies count; a board has 0),
        known before any is drawn."""
        ...

    def size(self, settings: Settings, card: Size | None = None) -> Size:
        """The size of one card as drawn (*card* if asked for, else its own or the
        settings'), or of the whole board."""
        ...

    def own_size(self) -> Size | None:
        """The card size the template sets itself (a traditional pack's), or None."""
        ...

    def sides(self, settings: Settings, *, bleed: float = 0.0, style: Style = DEFAULT_STYLE,
              card_size: Size | None = None) -> Iterator[Sides]:
        """(file stem, face, back) for each card in order, each back drawn once per look;
        nothing for a board."""
        ...

    def pages(self, settings: Settings, *, bleed: float = 0.0,
              card_size: Size | None = None) -> Iterator[tuple[str, Page]]:
        """(file stem, page) for each file of one picture: every card face and back, a
        page of one card plus *bleed*; or the board."""
        ...

    def trimmed(self, settings: Settings, *, bleed: float,
                card_size: Size | None = None) -> list[Page]:
        """Each picture as a page of its trim plus *bleed* (TrimBox and BleedBox set),
        labelled for a person checking the order: card faces and backs, or the board with
        its edge colour run into the bleed."""
        ...

    def sheets(self, spec: SheetSpec, settings: Settings, *, overlap: float = 6.0,
               card: Size | None = None) -> Iterator[Page]:
        """The item's printed sheets, one at a time: card fronts and backs (or folded
        pairs), or the board in pieces."""
        ...


def card_page(art: Group, size: Size, bleed: float, label: str) -> Page:
    """A page exactly one card plus bleed, the card's trim recorded as TrimBox."""
    page_w, page_h = size.width + 2 * bleed, size.height + 2 * bleed
    return Page(page_w, page_h, (Group((art,), Transform.translate(bleed, bleed)),),
                trim=Rect(bleed, bleed, size.width, size.height),
                bleed=Rect(0, 0, page_w, page_h), label=label)


class _CardSet:
    """What every set of cards shares: pages from its sides, sheets of fronts and backs."""

    name: str
    title: str
    backs = True

    @property
    def stem(self) -> str:
        return safe_name(self.name)

    def own_size(self) -> Size | None:
        return None

    def size(self, settings: Settings, card: Size | None = None) -> Size:
        return card or self.own_size() or settings.card

    @property
    def cards(self) -> int:
        raise NotImplementedError

    def sides(self, settings: Settings, *, bleed: float = 0.0, style: Style = DEFAULT_STYLE,
              card_size: Size | None = None) -> Iterator[Sides]:
        raise NotImplementedError

    def pages(self, settings: Settings, *, bleed: float = 0.0,
              card_size: Size | None = None) -> Iterator[tuple[str, Page]]:
        size = self.size(settings, card_size)
        for stem, front, back in self.sides(settings, bleed=bleed, card_size=card_size):
            yield f"{stem}-face", card_page(front, size, bleed, f"{stem} face")
            yield f"{stem}-back", card_page(back, size, bleed, f"{stem} back")

    def trimmed(self, settings: Settings, *, bleed: float,
                card_size: Size | None = None) -> list[Page]:
        return [page for _, page in self.pages(settings, bleed=bleed, card_size=card_size)]

    def sheets(self, spec: SheetSpec, settings: Settings, *, overlap: float = 6.0,
               card: Size | None = None) -> Iterator[Page]:
        sides = ((face, back) for _, face, back in
                 self.sides(settings, bleed=spec.bleed, card_size=card))
        impose = iter_fold_sheets if spec.backs is Backs.FOLD else iter_card_sheets
        yield from impose(sides, self.cards, self.size(settings, card), spec, self.title)


CardT = TypeVar("CardT", Card, LetterCard)


#: A card's face or back drawing, its set already chosen: (card, size=, bleed=, style=,
#: corner=) -> art.
_Drawing = Callable[..., Group]


class OpenCards(_CardSet, Generic[CardT]):
    """An open pack or a letter set: at most two backs, told apart by the dagger."""

    def __init__(self, name: str, title: str, cards: Sequence[CardT], kind: type[CardT],
                 dagger: Callable[[CardT], bool], stem_of: Callable[[CardT], str],
                 face: _Drawing, back: _Drawing, symbol: _Drawing) -> None:
        self.name, self.title = name, title
        self._symbol = symbol
        self._cards: Sequence[CardT] = cards
        self._kind: type[CardT] = kind
        self._dagger: Callable[[CardT], bool] = dagger
        self._stem_of: Callable[[CardT], str] = stem_of
        self._face, self._back = face, back

    @property
    def cards(self) -> int:
        return len(self._cards)

    def sides(self, settings: Settings, *, bleed: float = 0.0, style: Style = DEFAULT_STYLE,
              card_size: Size | None = None) -> Iterator[Sides]:
        size = self.size(settings, card_size)
        corner = settings.corner_radius
        # Each back is drawn once (a back's hatching took 60 % of the drawing of a
        # letter set's cards).
        drawn: dict[str, Group] = {}
        for card in self._cards:
            key = back_key(self.name, self._dagger(card))
            if key not in drawn:
                drawn[key] = self._back(card, size=size, bleed=bleed, style=style,
                                        corner=corner)
            yield self._stem_of(card), self._face(card, size=size, bleed=bleed, style=style,
                                                  corner=corner), drawn[key]

    def parse(self, text: str) -> CardT:
        """A card of this set's kind written as *text* (``1B``, ``W/R``).

        :raises: :exc:`ValueError` for text that names no such card.
        """
        return self._kind.from_notation(text)

    def holds_kind(self, card: object) -> bool:
        """Whether *card* is of the kind this set holds (a numbered card or a letter)."""
        return isinstance(card, self._kind)

    def drawn(self, card: object, face_up: bool, *, size: Size,
              style: Style = DEFAULT_STYLE) -> Group:
        """One card's face (or back), as the kit prints it, without bleed.

        :raises: :exc:`ValueError` for a card of the other kind.
        """
        if not isinstance(card, self._kind):
            shown = getattr(card, "notation", lambda: repr(card))()
            raise ValueError(f"{shown} is not a card of {self.name}")
        return (self._face if face_up else self._back)(card, size=size, style=style)

    def symbol(self, card: object, face_up: bool, base: str | None,
               style: Style = DEFAULT_STYLE) -> Group:
        """One card as a diagram's compact tile, its side bar (the caller's) to come at
        *base*.

        :raises: :exc:`ValueError` for a card of the other kind.
        """
        if not isinstance(card, self._kind):
            shown = getattr(card, "notation", lambda: repr(card))()
            raise ValueError(f"{shown} is not a card of {self.name}")
        return self._symbol(card, face_up, base, style)


def pack_cards(pack: Pack) -> OpenCards[Card]:
    return OpenCards(pack.name, pack.title, pack.cards, Card, pack.has_dagger,
                     lambda card: f"{pack.name}-{card.notation()}",
                     partial(card_front, pack), partial(card_back, pack),
                     partial(card_symbol, pack))


def letter_cards(letters: LetterSet) -> OpenCards[LetterCard]:
    return OpenCards(letters.name, letters.title, letters.cards, LetterCard,
                     letters.has_dagger,
                     lambda letter: f"{letters.name}-{letter.letter}-{letter.colour.code}",
                     partial(letter_front, letters), partial(letter_back, letters),
                     partial(letter_symbol, letters))


class TraditionalCards(_CardSet):
    """A traditional pack: its own card size, one back per copy."""

    def __init__(self, pack: TraditionalPack) -> None:
        self.pack = pack
        self.name, self.title = pack.name, pack.title

    @property
    def cards(self) -> int:
        return len(self.pack.printed())

    def own_size(self) -> Size | None:
        return self.pack.size

    def sides(self, settings: Settings, *, bleed: float = 0.0, style: Style = DEFAULT_STYLE,
              card_size: Size | None = None) -> Iterator[Sides]:
        size = self.size(settings, card_size)
        first: dict[str, Group] = {}
        for printed in self.pack.printed():
            back = traditional_back(self.pack, printed, size=size, bleed=bleed, style=style)
            if back.key is not None:
                back = first.setdefault(back.key, back)
            yield (traditional_stem(self.pack, printed),
                   traditional_front(self.pack, printed, size=size, bleed=bleed, style=style),
                   back)


def traditional_stem(pack: TraditionalPack, printed: PrintedCard) -> str:
    """``pack36-10S``, or ``pack52x2-2-10S`` for the second copy: Latin notation, so file
    names stay ASCII whatever the pack prints."""
    copy = f"-{printed.copy}" if pack.copies > 1 else ""
    return f"{pack.name}{copy}-{printed.card.notation()}"


class BoardItem:
    """A board: one picture, printed on one side in pieces glued together."""

    backs = False
    cards = 0

    def __init__(self, board: Board) -> None:
        self.board = board
        self.name, self.title = board.name, board.title

    @property
    def stem(self) -> str:
        return safe_name(self.name)

    def own_size(self) -> Size | None:
        return None

    def size(self, settings: Settings, card: Size | None = None) -> Size:
        return board_size(settings.square, view=whole(self.board))

    def sides(self, settings: Settings, *, bleed: float = 0.0, style: Style = DEFAULT_STYLE,
              card_size: Size | None = None) -> Iterator[Sides]:
        return iter(())

    def pages(self, settings: Settings, *, bleed: float = 0.0,
              card_size: Size | None = None) -> Iterator[tuple[str, Page]]:
        size = board_size(settings.square, view=whole(self.board))
        yield self.name, Page(size.width, size.height,
                              (board_group(self.board, square=settings.square),),
                              label=self.name)

    def _figure(self, settings: Settings, bleed: float) -> Group:
        """The board with its edge band's colour run into the bleed, so that a slightly
        wide cut shows no white."""
        size = self.size(settings)
        return Group((Box(Rect(-bleed, -bleed, size.width + 2 * bleed,
                               size.height + 2 * bleed), Paint(fill=DEFAULT_STYLE.board_edge)),
                      board_group(self.board, square=settings.square)))

    def trimmed(self, settings: Settings, *, bleed: float,
                card_size: Size | None = None) -> list[Page]:
        return [card_page(self._figure(settings, bleed), self.size(settings), bleed,
                          f"{self.name} board")]

    def sheets(self, spec: SheetSpec, settings: Settings, *, overlap: float = 6.0,
               card: Size | None = None) -> Iterator[Page]:
        if spec.backs is Backs.BACKS_ONLY:
            return  # a board has no backs: it is all in the fronts file
        size = self.size(settings)
        pieces = tiles(size, spec, overlap)
        seams = seam_marks(size, pieces, squares_area(settings.square, view=whole(self.board)),
                           settings.square)
        yield from board_sheets(self._figure(settings, spec.bleed), size, spec,
                                title=self.board.title, overlap=overlap, seams=seams)


#: The printable of each kind of kit item.
_KINDS: dict[type, Callable[[Any], Printable]] = {
    Pack: pack_cards, LetterSet: letter_cards, TraditionalPack: TraditionalCards,
    Board: BoardItem,
}


def printable_or_none(item: object) -> Printable | None:
    """*item* as a :class:`Printable`, or None for a template that is not a kit item (a
    layout, a game)."""
    make = _KINDS.get(type(item))
    return None if make is None else make(item)


def printable(item: Pack | LetterSet | TraditionalPack | Board) -> Printable:
    """*item* as a :class:`Printable`.

    :raises: :exc:`WrongKindError` for an object that is no kit item.
    """
    found = printable_or_none(item)
    if found is None:
        raise WrongKindError(f"{type(item).__name__} is not printed in a kit")
    return found


#: The cards of each kind of card set a layout plays with.
_OPEN: dict[type, Callable[[Any], OpenCards[Any]]] = {Pack: pack_cards,
                                                       LetterSet: letter_cards}


def open_cards(source: Pack | LetterSet) -> OpenCards[Any]:
    """The open pack or letter set *source*, to draw one card of it or ask what it holds."""
    return _OPEN[type(source)](source)
