"""Issue 39, the booklet's figures against its diagram key: a reader meets no mark before
the key explains it, and the key says what the marks show."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from generator.app.booklet import LibraryTemplates
from generator.docs.booklet.figures import draw
from generator.draw.scene import Group, Item
from generator.errors import TemplateError
from generator.io.booklets import load_booklet
from generator.model.booklet import Bullets, FigureRef

LANGS = ("en", "ru")
#: What a board shows of itself and of the cards, told before the key or in the caption:
#: the king squares' rings (equipment), a pile's disc (the caption of the equipment board),
#: the sides' bars (the diagrams' first paragraphs).
BOARD_AND_CARDS = ("mark king-square", "mark pile", "mark face-down")


def _roles(items: tuple[Item, ...]) -> Iterator[tuple[str, Group]]:
    for item in items:
        if isinstance(item, Group):
            if item.role:
                yield item.role, item
            yield from _roles(item.items)


def _before_key(library, lang: str) -> list[FigureRef]:
    booklet = load_booklet(library, lang)
    refs = [block for chapter in booklet.chapters for section in chapter.sections
            for block in section.blocks if isinstance(block, FigureRef)]
    first_key = next(i for i, ref in enumerate(refs) if ref.key)
    return [ref for ref in refs[:first_key] if ref.layout]


@pytest.mark.parametrize("lang", LANGS)
def test_no_board_before_the_key_shows_a_mark_the_key_explains(library, lang):
    """The editor's review: the equipment board and the notation board showed arrows, grey
    dots, frames and a no-entry sign two pages before the key that explains them."""
    boards = _before_key(library, lang)
    # board A and the colourless board in the equipment (the board that names the squares
    # stands under "Writing moves", after the key, since the sixth review: it broke into
    # the list of the diagrams' marks)
    assert len(boards) == 2
    for ref in boards:
        page = draw(LibraryTemplates(library), ref)
        marks = [role for role, group in _roles(page.items)
                 if (role.startswith("mark ") and role not in BOARD_AND_CARDS)
                 or (role in ("last move", "annotations") and group.items)]
        assert marks == [], f"{ref.where}: {marks}"


def test_the_layout_itself_has_the_marks_plain_leaves_out(library):
    """The notation board is set plain (it shows only what its caption explains): drawn
    with its layout's own [figure] table, it has its arrows and its no-entry sign."""
    booklet = load_booklet(library, "en")
    ref = next(block for chapter in booklet.chapters for section in chapter.sections
               for block in section.blocks
               if isinstance(block, FigureRef) and block.layout == "example-beating")
    assert ref.plain
    assert not [role for role, group in _roles(draw(LibraryTemplates(library), ref).items)
                if role == "annotations" and group.items or role == "mark forbidden"]
    marked = draw(LibraryTemplates(library), FigureRef(ref.where, "", layout=ref.layout))
    roles = {role for role, group in _roles(marked.items)
             if role == "annotations" and group.items or role.startswith("mark ")}
    assert "annotations" in roles and "mark forbidden" in roles


def test_plain_with_marks_is_refused(library, tmp_path):
    """A plain figure with its own arrows would contradict itself: one clear line."""
    from generator.io.booklets import _figure
    from generator.io.reader import Reader

    data = {"layout": "example-beating", "caption": "x", "plain": True,
            "arrows": ["a3xb4"]}
    with pytest.raises(TemplateError, match="plain only with a layout and without marks "
                                            r"\(remove arrows\)"):
        _figure(library, Reader("notation.toml", data, "section[0].figure[0]"))


def _boxes(items: tuple[Item, ...], role: str) -> int:
    """How many drawn shapes the groups named *role* hold (an empty group only names)."""
    return sum(len(group.items) for name, group in _roles(items) if name == role)


TAKEN_BY = {"en": "by a combination or word", "ru": "комбинацией или словом"}
NOT_DRAWN = {"en": "A card it beat or covered is not drawn", "ru": "Побитую или накрытую карту не рисуют"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_beaten_card_is_not_drawn_and_the_key_says_so(library, lang):
    """The editor's review: basic game 4's figure after north's test card beat 2G on b5
    (seed000, card game 4: the test card beats like any card) shows no faint 2G, while the
    key said a faint card under a cross is any card "just taken off the board". The key now
    gives the faint card to combinations and words, and says a beaten card is not drawn."""
    booklet = load_booklet(library, lang)
    basic_4 = next(c for c in booklet.chapters if c.key == "basic-4")
    beat = next(block for section in basic_4.sections for block in section.blocks
                if isinstance(block, FigureRef) and (block.moves or "").endswith("c6xb5"))
    page = draw(LibraryTemplates(library), beat)
    assert _boxes(page.items, "mark taken") == 0
    assert _boxes(page.items, "last move") > 0  # the mover's square, tinted
    notation = next(c for c in booklet.chapters if c.key == "notation")
    key = next(block for section in notation.sections for block in section.blocks
               if isinstance(block, FigureRef) and block.key)
    taken = next(text for text in key.key if text.startswith("taken:"))
    assert TAKEN_BY[lang] in taken
    bullets = [item for section in notation.sections for block in section.blocks
               if isinstance(block, Bullets) for item in block.items]
    assert any(NOT_DRAWN[lang] in item for item in bullets)


@pytest.mark.parametrize("lang", LANGS)
def test_a_puzzle_move_tints_the_square_its_letter_left(library, lang):
    """Issue 39, review of the main booklet, item 5: the key says the squares of the last
    move are tinted, but word puzzle 5's figures tinted only the letter turned last. A
    numbered move there is a slide and the turn it allows (seed001, word puzzle 5: a letter
    is moved, and a letter of the word it makes is turned round), two steps of one side:
    the square left, the square reached and the letter turned are all tinted."""
    booklet = load_booklet(library, lang)
    puzzle = next(c for c in booklet.chapters if c.key == "word-puzzle-5")
    refs = [block for section in puzzle.sections for block in section.blocks
            if isinstance(block, FigureRef) and (block.moves or "").endswith("~")]
    assert len(refs) >= 3
    for ref in refs:
        slide, turned = (ref.moves or "").split()[-2:]
        squares = {*slide.split("-"), turned.rstrip("~")}
        assert _boxes(draw(LibraryTemplates(library), ref).items, "last move") == len(squares), ref.where
