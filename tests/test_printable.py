"""Kit items behind one protocol (issue 24): imposition, rendering and the documents ask
the item (:class:`generator.sheets.printable.Printable`) instead of testing its class."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from generator.draw.geometry import Size
from generator.sheets.printable import Printable, open_cards, printable
from generator.sheets.spec import Backs, SheetSpec

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
#: The kinds of kit item, and the unions of them.
KINDS = {"Pack", "LetterSet", "Board", "TraditionalPack", "Source", "KitItem"}


def _kind_tests(path: Path, package: Path = PACKAGE) -> list[str]:
    """Every ``isinstance(x, KIND)`` in *path* whose class is a kind of kit item."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "isinstance" \
                and len(node.args) == 2:
            names = {n.id if isinstance(n, ast.Name) else getattr(n, "attr", "")
                     for n in ast.walk(node.args[1])}
            if names & KINDS:
                found.append(f"{path.relative_to(package)}:{node.lineno}")
    return found


#: Kind tests still waiting for their own issue: none.
LEFT: set[str] = set()


def test_sheets_and_docs_never_test_an_items_class() -> None:
    found = [hit for part in ("sheets", "docs") for path in sorted((PACKAGE / part).rglob("*.py"))
             for hit in _kind_tests(path)]
    assert set(found) - LEFT == set()


def test_the_check_sees_a_kind_test(tmp_path: Path) -> None:
    bad = tmp_path / "sheets" / "probe.py"
    bad.parent.mkdir()
    bad.write_text("def f(x):\n    return isinstance(x, (Pack, model.Board))\n")
    assert _kind_tests(bad, tmp_path) == ["sheets/probe.py:2"]


@pytest.mark.parametrize(("name", "stem", "backs", "cards"), [
    ("pack1", "pack1", True, 32), ("latin1", "latin1", True, 32),
    ("pack52x2", "pack52x2", True, 104), ("board-a", "board-a", False, 0)])
def test_each_kind_answers_for_itself(library, name, stem, backs, cards) -> None:
    item: Printable = printable(library.item(name))
    assert (item.name, item.stem, item.backs, item.cards) == (name, stem, backs, cards)
    sides = list(item.sides(library.settings()))
    assert len(sides) == cards


def test_sizes_card_asked_own_or_settings(library) -> None:
    settings = library.settings()
    assert printable(library.item("pack1")).size(settings) == settings.card
    assert printable(library.item("pack1")).size(settings, Size(30, 60)) == Size(30, 60)
    traditional = printable(library.item("pack36"))
    assert traditional.own_size() == traditional.size(settings) != settings.card
    board = printable(library.item("board-a")).size(settings)
    assert board.width > 8 * settings.square.width


def test_a_board_has_no_backs_file(library) -> None:
    board = printable(library.item("board-a"))
    settings = library.settings()
    assert list(board.sheets(SheetSpec(backs=Backs.BACKS_ONLY), settings)) == []
    assert len(list(board.sheets(SheetSpec(), settings))) >= 4
    assert [stem for stem, _ in board.pages(settings)] == ["board-a"]


def test_open_cards_draw_only_their_own_kind(library) -> None:
    from generator.model.cards import Card
    from generator.model.letters import LetterCard
    letters = open_cards(library.letter_set("latin1"))
    assert letters.holds_kind(LetterCard.from_notation("W/R"))
    assert not letters.holds_kind(Card.from_notation("1B"))
    assert letters.parse("W/R") == LetterCard.from_notation("W/R")
    with pytest.raises(ValueError, match="1B is not a card of latin1"):
        letters.drawn(Card.from_notation("1B"), True, size=Size(25, 50))
