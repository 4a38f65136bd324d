"""`show` of a letter set takes time in proportion to its cards, not to their square: a set
of thousands of cards (the font allows about 4,700) must not take minutes. Measured by
counting Python calls, not by the clock, so a busy machine cannot make it flaky."""
from __future__ import annotations

import sys

from generator.cli.show import template_text
from generator.model.cards import Colour, Hatching
from generator.model.letters import LetterGroup, LetterMarks, LetterSet


def letter_set(cards: int) -> LetterSet:
    """*cards* cards, half red, half yellow, each letter once; daggers on the yellow."""
    letters = [chr(c) for c in range(0x100, 0x3000) if chr(c).isalpha()][:cards]
    half = cards // 2
    return LetterSet(f"set{cards}", f"{cards} letters", "latin",
                     (LetterGroup(Colour.RED, tuple(letters[:half])),
                      LetterGroup(Colour.YELLOW, tuple(letters[half:]))),
                     {letter: 100 / cards for letter in letters}, "even",
                     LetterMarks(back_hatching=Hatching.NONE, dagger_group=Colour.YELLOW))


def calls_to_show(cards: int) -> int:
    """Python function calls (generator steps included) that show makes for the set."""
    letters = letter_set(cards)
    count = 0

    def counter(frame, event, arg):  # noqa: ANN001 - sys.setprofile's signature
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(counter)
    try:
        text = template_text(letters)
    finally:
        sys.setprofile(None)
    assert len(text.splitlines()) > cards  # a row per card
    return count


def test_show_of_a_letter_set_is_linear_in_its_cards():
    small, large = calls_to_show(64), calls_to_show(1024)
    # 16 times the cards: linear work grows about 16 times, quadratic work 256 times.
    assert large < 2 * 16 * small, (small, large)


def test_identical_backs_are_one_drawing_in_memory(library):
    """A set's backs share a key when they look the same; the kit keeps one drawing per key,
    which keeps a 4,096-card build near 90 MB instead of 140."""
    from generator.sheets.kit import item_pages
    from generator.sheets.printable import printable
    from generator.sheets.render import card_pages
    from generator.sheets.spec import SheetSpec
    from generator.draw.scene import Group

    latin1 = library.letter_set("latin1")
    backs = [page.items[0].items[0] for stem, page in card_pages(latin1, library.settings())
             if stem.endswith("-back")]
    assert len(backs) == 32
    # The plain back and the back with the dagger.
    assert len({id(b) for b in backs}) == len({b.key for b in backs}) == 2

    def groups(item):
        if isinstance(item, Group):
            yield item
            for inner in item.items:
                yield from groups(inner)

    keyed = [g for page in item_pages(printable(library.item("latin1")), SheetSpec(),
                                      library.settings())
             for item in page.items for g in groups(item) if g.key == "latin1-back"]
    assert len(keyed) > 1 and len({id(g) for g in keyed}) == 1
