"""What a booklet's games are played with: every pack, deck, letter set and board a
printed kit must hold for a reader to play each game the booklet describes, and to lay
out each of its diagrams. ``tests/test_kit_complete.py`` holds the default kit to the
default booklets with it."""
from __future__ import annotations

from ..model.booklet import Booklet
from .templates import Library


def _item(ref: str) -> str:
    """The kit item a reference plays: ``pack1`` for ``pack1:G1``, ``latin1`` for
    ``latin1:red``.

    >>> _item("pack1:G1"), _item("simple2")
    ('pack1', 'simple2')
    """
    return ref.partition(":")[0]


def booklet_needs(library: Library, booklet: Booklet) -> dict[str, tuple[str, ...]]:
    """Each item *booklet* needs, with the chapters that need it, in reading order: a
    game chapter needs every pack or letter set of each of its game's pairs (either pair
    may be the one played) and every board the game may be played on; any chapter needs
    the board and the sides' packs of each diagram it lays out, and the cards it draws in
    a row (``cards = "simple1:1R 2Y"``). A patience's tableau is drawn from the game's
    own deal with the traditional art, not from a kit item, and needs none here.

    :raises: the errors of :meth:`Library.game` and :meth:`Library.layout`.
    """
    needs: dict[str, list[str]] = {}

    def need(item: str, chapter: str) -> None:
        where = needs.setdefault(item, [])
        if chapter not in where:
            where.append(chapter)

    for chapter in booklet.chapters:
        if chapter.game is not None:
            game = library.game(chapter.game)
            for pair in game.pairs:
                for ref in pair:
                    need(_item(ref), chapter.key)
            for board in game.boards:
                need(board, chapter.key)
        for figure in chapter.figures:
            if figure.layout is not None:
                layout = library.layout(figure.layout)
                need(layout.board, chapter.key)
                for ref in layout.players.values():
                    need(_item(ref), chapter.key)
            if figure.cards is not None:
                need(_item(figure.cards), chapter.key)
    return {item: tuple(where) for item, where in needs.items()}
