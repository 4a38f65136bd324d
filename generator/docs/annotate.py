"""Annotations the rule engine finds: every maximal combination or word outlined, the legal
moves of one card as dots and rings on their destinations (lichess's way: arrows from one
card to many squares overlap), and rings on the cards that can be beaten on the next move.

The engine answers; this module only turns its answers into :mod:`.figure` annotations.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..errors import FigureError
from ..io.layouts import LayoutFile, word_list_for
from ..model.layout import Layout, Side
from ..rules import Move, MoveKind, Position, combinations, find_words
from .figure import COLOURS, Arrow, Destination, Figure, Highlight, Mark, Outline, Show

#: Colours that cycle over the lines found, so that overlapping lines stay apart. No red: a
#: red band is the line that took cards (generator.docs.captured).
LINE_COLOURS = ("#8e44ad", "#d35400", "#16a085", "#b8860b", "#2c3e50")
_TAKES = (MoveKind.BEAT, MoveKind.COVER, MoveKind.PRESS)
#: Moves that take a card from its square to another square of the board.
_SQUARE_MOVES = (*_TAKES, MoveKind.MOVE, MoveKind.JUMP, MoveKind.SHIFT)


def _arrow(move_notation: str, colour: str) -> Arrow:
    return Arrow.parse(move_notation + ":" + colour)


def combos_outlines(position: LayoutFile, layout: Layout) -> tuple[Outline, ...]:
    game = position.game
    found = combinations(layout, min_length=game.combination_length,
                         kinds=game.combination_kinds)
    return tuple(Outline(c.squares, LINE_COLOURS[n % len(LINE_COLOURS)])
                 for n, c in enumerate(found))


def words_outlines(position: LayoutFile, layout: Layout, words_file: Path | None
                   ) -> tuple[Outline, ...]:
    words = word_list_for(position.sources, words_file)
    found = find_words(layout, words, min_length=position.game.word_length)
    # A word read both ways (CAT and TAC) lies on the same squares: outline it once.
    seen: set[frozenset[str]] = set()
    outlines: list[Outline] = []
    for word in found:
        if frozenset(word.squares) not in seen:
            seen.add(frozenset(word.squares))
            outlines.append(Outline(word.squares, LINE_COLOURS[len(outlines) % len(LINE_COLOURS)]))
    return tuple(outlines)


def _moves(position: LayoutFile, layout: Layout, side: Side, words_file: Path | None
           ) -> list[Move]:
    return position.rules(words_file).board_moves(layout, side)


def card_moves(position: LayoutFile, layout: Layout, square: str, words_file: Path | None,
               where: str) -> list[Move]:
    """The legal moves of the card on *square*, as :meth:`Position.legal_moves` gives them
    to its owner (to either side, for a card of nobody's)."""
    piece = layout.top_written(square)
    if piece is None:
        raise FigureError(f"{position.shown}: {where}: no card on {square}")
    sides: Iterable[Side] = (piece.owner,) if piece.owner is not None else tuple(Side)
    rules = position.rules(words_file)
    return sorted({m for side in sides
                   for m in Position(rules, layout, turn=side).legal_moves()
                   if m.origin == square})


def move_marks(moves: Iterable[Move]) -> tuple[tuple[Destination, ...], tuple[Arrow, ...]]:
    """A dot on each free square the moves reach and a ring on each card they take; a move
    that ends on no other square (off the board, a card opened where it lies) stays an
    arrow."""
    destinations: dict[str, Destination] = {}
    arrows: list[Arrow] = []
    for move in moves:
        target = move.path[-1] if move.path else move.target
        if move.kind in _SQUARE_MOVES and target != move.origin:
            take = move.kind in _TAKES or destinations.get(target, Destination(target)).take
            destinations[target] = Destination(target, take)
            continue
        try:
            arrows.append(_arrow(move.notation(), "red" if move.kind in _TAKES else "blue"))
        except ValueError:
            continue  # a move a figure has no drawing for (lay, take, turn)
    return tuple(destinations.values()), tuple(arrows)


def threat_marks(position: LayoutFile, layout: Layout, words_file: Path | None
                 ) -> tuple[Mark, ...]:
    """A ring on every card either side could beat, cover or press on its next move."""
    targets = sorted({m.target for side in Side
                      for m in _moves(position, layout, side, words_file) if m.kind in _TAKES})
    return tuple(Mark(t, "circle", COLOURS["red"]) for t in targets)


def with_engine(figure: Figure, position: LayoutFile, layout: Layout, *,
                words_file: Path | None = None) -> Figure:
    """*figure* with what each of its :class:`Show` questions finds on *layout*."""
    outlines: tuple[Outline, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    marks: tuple[Mark, ...] = ()
    destinations: tuple[Destination, ...] = ()
    highlights: tuple[Highlight, ...] = ()
    selected = [(figure.select, f"--select {figure.select}")] if figure.select else []
    for show in dict.fromkeys(figure.show):  # the table and the options may both ask
        outlines += _answer_outlines(show, position, layout, words_file)
        if show.what == "moves" and show.square is not None:
            selected.append((show.square, f"--show moves:{show.square}"))
        elif show.what == "threats":
            marks += threat_marks(position, layout, words_file)
    for square, where in dict(selected).items():
        found = move_marks(card_moves(position, layout, square, words_file, where))
        destinations += found[0]
        arrows += found[1]
        highlights += (Highlight(square),)
    return figure.merged(outlines=outlines, arrows=arrows, marks=marks,
                         destinations=destinations, highlights=highlights)


def _answer_outlines(show: Show, position: LayoutFile, layout: Layout,
                     words_file: Path | None) -> tuple[Outline, ...]:
    if show.what == "combos":
        return combos_outlines(position, layout)
    if show.what == "words":
        return words_outlines(position, layout, words_file)
    return ()
