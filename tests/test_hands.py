"""Cards off the board: the [hands] table of a layout, its checks and how show prints it."""
from __future__ import annotations

import pytest

from generator.cli import cli
from generator.model.cards import Card
from generator.model.hands import Hand, Hands, parse_items
from generator.model.layout import Layout

HANDS = """
[hands.south]
held = "3R"
stock = "5G 2Y"
taken = "4B"

[hands.north]
stock = ["7R 8R", "1G"]

[hands]
pile = "6Y"
"""


def _layout_file(tmp_path, body: str, game: str = "initial-4") -> str:
    path = tmp_path / "position.toml"
    path.write_text(f'kind = "layout"\ntitle = "t"\nboard = "colourless"\ngame = "{game}"\n'
                    '[players]\nsouth = "simple1"\nnorth = "simple2"\n' + body,
                    encoding="utf-8")
    return str(path)


def test_hands_load_top_card_first_and_lists_of_lines_join(tmp_path, runner, library):
    from generator.io.layouts import load_layout
    _, layout = load_layout(library, _layout_file(tmp_path, HANDS))
    assert layout.hands.south == Hand(held=parse_items("3R"), stock=parse_items("5G 2Y"),
                                      taken=parse_items("4B"))
    assert layout.hands.north.stock == parse_items("7R 8R 1G")
    assert layout.hands.pile == (Card.from_notation("6Y"),)
    shown = runner.invoke(cli, ["show", _layout_file(tmp_path, HANDS)])
    assert shown.exit_code == 0, shown.output
    lines = [line for line in shown.output.splitlines() if line]
    assert lines[-4:-1] == [
        "south held 3R; stock 5G 2Y; taken 4B", "north stock 7R 8R 1G", "shared pile 6Y"]
    assert lines[-1].startswith("position text: ")  # the start's position text comes last
    # A position during play (cards taken, short stocks): as a start its stocks are short.
    assert runner.invoke(cli, ["validate", "--play",
                               _layout_file(tmp_path, HANDS)]).exit_code == 0
    assert "[short-stock]" in runner.invoke(cli, ["validate",
                                                  _layout_file(tmp_path, HANDS)]).output


@pytest.mark.parametrize(("body", "message"), [
    ('[hands.south]\nstock = "5G 9Q"\n', "hands.south.stock[1]: expected cards like 3R, 30Y "
                                         "or A/R, got '9Q'"),
    ('[hands.south]\nstok = "5G"\n', "hands.south.stok: unknown key"),
    ('[hands.east]\nstock = "5G"\n', "hands.east: unknown key"),
])
def test_a_bad_hand_is_one_line_naming_the_key(tmp_path, runner, body, message):
    result = runner.invoke(cli, ["validate", _layout_file(tmp_path, body)])
    assert result.exit_code == 1 and message in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_hands_do_not_change_a_layout_without_them(library):
    layout = library.layout("game1-demo")
    assert not layout.hands and "stock" not in str(layout)
    # Cards moved between the board and the hands keep their hands.
    with_hands = Layout.from_rows("colourless", {1: "3R^ . . . . . . ."},
                                  hands=Hands(south=Hand(stock=parse_items("5G"))))
    assert with_hands.without("a1").hands == with_hands.hands


def test_every_laying_start_holds_the_rest_of_the_cards_off_the_board(library):
    for name in ("initial-3-start", "initial-4-start", "initial-8-start", "initial-12-start",
                 "word-25-start"):
        layout = library.layout(name)
        on_board = sum(1 for _ in layout.pieces())
        assert on_board + len(layout.hands.south.stock) + len(layout.hands.north.stock) == 64
    assert len(library.layout("basic-52-start").hands.pile) == 32
    assert len(library.layout("initial-7-start").hands.pile) == 64
