"""Issue 39, fifth review, item 23: the marks of the booklet's figures keep to what the
diagram key and its paragraph say ("A green arrow is a move"; "The squares of the last
move are tinted violet"). The review found a violet arrow (word game 1, the card that left
the board) and a figure captioned "After move 5" tinted on south's half of move 5 only.
"""
from __future__ import annotations

import re

import pytest

from generator.app.booklet import LibraryTemplates
from generator.docs.booklet.figures import draw
from generator.docs.diagram import LAST_MOVE
from generator.docs.figure import COLOURS
from generator.draw.scene import Group, Item
from generator.io.booklets import load_booklet
from generator.io.layouts import load_layout_file
from generator.model.booklet import FigureRef

LANGS = ("en", "ru")
ARROWS = ("arrow-move", "arrow-beat", "arrow-press", "arrow-open")
#: "After move 5", «После 5-го хода»: a caption that names a whole move of both sides.
AFTER_MOVE = {"en": re.compile(r"^After move (\d+)\b"),
              "ru": re.compile(r"^После (\d+)-го хода\b")}


@pytest.fixture(scope="module")
def figures(library) -> dict[str, list[tuple[FigureRef, object]]]:
    drawn = {}
    for lang in LANGS:
        booklet = load_booklet(library, lang)
        drawn[lang] = [(ref, draw(LibraryTemplates(library), ref)) for chapter in booklet.chapters
                       for section in chapter.sections for ref in section.blocks
                       if isinstance(ref, FigureRef) and ref.layout]
    return drawn


def _paints(items: tuple[Item, ...]) -> set[str]:
    found: set[str] = set()
    for item in items:
        if isinstance(item, Group):
            found |= _paints(item.items)
            continue
        paint = getattr(item, "paint", None)
        for colour in (getattr(paint, "fill", None), getattr(paint, "stroke", None)):
            if colour:
                found.add(colour)
    return found


def _marks(items: tuple[Item, ...]) -> list[tuple[str, set[str]]]:
    """Each mark in the figure's annotations, by kind, with the colours it is drawn in: a
    mark's shapes come just before the empty group that names it."""
    found: list[tuple[str, set[str]]] = []
    for item in items:
        if not isinstance(item, Group):
            continue
        if item.role == "annotations":
            shapes: list[Item] = []
            for inner in item.items:
                role = inner.role if isinstance(inner, Group) else None
                if role and role.startswith("mark ") and not inner.items:
                    # Over the board, the last move is never drawn: its squares are tinted.
                    kind = "last-move arrow" if role == "mark last-move" else role[5:]
                    found.append((kind, _paints(tuple(shapes))))
                    shapes = []
                else:
                    shapes.append(inner)
        elif item.role == "last move":
            found.append(("last-move", _paints(item.items)))
        else:
            found += _marks(item.items)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_arrow_is_green_and_every_tint_violet(figures, lang):
    kinds = set()
    for ref, page in figures[lang]:
        for kind, colours in _marks(page.items):
            kinds.add(kind)
            if kind in ARROWS:
                assert colours == {COLOURS["green"]}, (ref.where, kind, colours)
            if kind == "last-move":
                assert colours == {LAST_MOVE}, (ref.where, colours)
            assert kind != "last-move arrow", (ref.where, "an arrow in the tint's violet")
    # The check saw what it checks: moves, beats, a tint, and the arrow off the board.
    assert {"arrow-move", "arrow-beat", "last-move"} <= kinds


@pytest.mark.parametrize("lang", LANGS)
def test_after_move_n_shows_both_halves_of_the_move(library, figures, lang):
    """A caption "After move N" is drawn after both sides' halves of move N (the last move
    tinted is then north's), or after south's half when it ended the game."""
    checked = 0
    for ref, _ in figures[lang]:
        found = AFTER_MOVE[lang].match(ref.caption)
        if not found or not ref.moves:
            continue
        checked += 1
        n, plies = int(found.group(1)), ref.moves.split()
        if len(plies) == 2 * n:
            continue
        assert len(plies) == 2 * n - 1, (ref.where, ref.caption, len(plies))
        game = load_layout_file(library, ref.layout).position()
        for ply in plies:
            game.push_text(ply)
        assert game.is_over(), (ref.where, "south's half only, and the game goes on")
    assert checked >= 10


def _art_keys(items: tuple[Item, ...]) -> set[str]:
    """The keys of the card art a scene draws (``pack1-3R-face-symbol-...`` is a compact
    tile, ``pack1-3R-face`` a full card face)."""
    found: set[str] = set()
    for item in items:
        if isinstance(item, Group):
            if item.key and item.key.startswith("pack"):
                found.add(item.key)
            found |= _art_keys(item.items)
    return found


def _key_ref(library, lang: str) -> FigureRef:
    booklet = load_booklet(library, lang)
    return next(ref for chapter in booklet.chapters for section in chapter.sections
                for ref in section.blocks if isinstance(ref, FigureRef) and ref.key)


@pytest.mark.parametrize("lang", LANGS)
def test_the_key_draws_its_marks_on_the_boards_tiles(library, lang):
    """Issue 39, sixth review: the key drew full card faces while the boards draw tiles
    (the compact style), so a reader could not match a key's mark to a board's. Every card
    of the key is a tile, as on the example boards."""
    art = _art_keys(draw(LibraryTemplates(library), _key_ref(library, lang)).items)
    assert art, "the key draws no cards"
    assert all("-symbol-" in key for key in art), sorted(art)


@pytest.mark.parametrize("lang", LANGS)
def test_every_mark_a_board_draws_is_in_the_key(library, figures, lang):
    """Every kind of mark a board of the booklet draws is listed in the key: the review
    found Fig. 18's threat (a green arrow ending in a ring, basic game 1, "5R on e6
    threatens d7 and e7") and could not find it in the key."""
    from generator.docs.booklet.key import entries
    from generator.docs.diagram import marks_drawn
    listed = {kind for kind, _ in entries(_key_ref(library, lang))}
    drawn: dict[str, str] = {}
    for ref, page in figures[lang]:
        for kind in marks_drawn(page.items):
            drawn.setdefault(kind, ref.where)
    assert "arrow-beat" in drawn  # the threat of basic game 1's example
    missing = {kind: where for kind, where in drawn.items() if kind not in listed}
    assert missing == {}
    label = dict(entries(_key_ref(library, lang)))["arrow-beat"]
    assert ("threat" if lang == "en" else "угроз") in label
