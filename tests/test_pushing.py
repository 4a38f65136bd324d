"""Initial 12's push (seed002): after laying, the layer may move one open opponent card
touching the laid card to any free square; the push may be left out."""
from __future__ import annotations

import pytest

from generator.cli import cli
from generator.errors import IllegalMoveError
from generator.model.hands import Hand, Hands, parse_items
from generator.model.layout import Layout, Side
from generator.rules.position import replay
from generator.rules.moves import Move
from generator.rules.bound import Rules


def _position(rows):
    hands = Hands(south=Hand(stock=parse_items("3G 5B")), north=Hand(stock=parse_items("8Y 8R")))
    return Layout.from_rows("colourless", rows, hands=hands)


# North's open 5R on d5 and turned (4B) on c5 touch d4; north's 6Y on h8 touches nothing.
ROWS = {5: ". . (4B)v 5Rv . . . .", 8: ". . . . . . . 6Yv", 1: "1G^ . . . . . . ."}


def test_after_a_lay_only_touching_open_opponent_cards_may_be_pushed(library):
    game, board = library.game("initial-12"), library.board("colourless")
    layout = _position(ROWS)
    plies = replay(Rules(game, board), layout, ["3G@d4"])
    pushes = Rules(game,
                   board).turn_moves(plies[0].layout, Side.SOUTH, after=Move.lay("3G", "d4"))
    assert {m.origin for m in pushes} == {"d5"}
    assert len(pushes) == 64 - 5  # to every free square
    assert "d5>a8" in {m.notation() for m in pushes}


def test_the_push_belongs_to_the_layers_turn_and_may_be_left_out(library):
    game, board = library.game("initial-12"), library.board("colourless")
    layout = _position(ROWS)
    pushed = replay(Rules(game, board), layout, ["3G@d4", "d5>a8", "8Y@h1"])
    assert [p.side for p in pushed] == [Side.SOUTH, Side.SOUTH, Side.NORTH]
    assert pushed[1].layout.top("a8").card.notation() == "5R" and "d5" not in \
        pushed[1].layout.stacks
    declined = replay(Rules(game, board), layout, ["3G@d4", "pass", "8Y@h1"])
    assert [p.side for p in declined] == [Side.SOUTH, Side.SOUTH, Side.NORTH]
    assert declined[1].layout.top("d5").card.notation() == "5R"


def test_no_push_without_a_lay_or_of_a_far_or_turned_card(library):
    game, board = library.game("initial-12"), library.board("colourless")
    layout = _position(ROWS)
    with pytest.raises(IllegalMoveError, match=r"move 2 \(c5>a8\) is illegal: only right "
                       r"after laying.*pushable now: d5$"):
        replay(Rules(game, board), layout, ["3G@d4", "c5>a8"])
    with pytest.raises(IllegalMoveError, match="pushable now: none"):
        replay(Rules(game, board), layout, ["3G@d4", "pass", "8Y@h1", "h8>a8"])
    # Laying beside nothing of the opponent's: no push, the turn passes at once.
    far = replay(Rules(game, board), layout, ["3G@a2", "8Y@h1"])
    assert [p.side for p in far] == [Side.SOUTH, Side.NORTH]


def test_a_pushed_card_is_not_turned_where_it_lands(library):
    game, board = library.game("initial-12"), library.board("colourless")
    # North's 5R pushed next to north's 6R 7R: a line of north's own cards, but not laid.
    layout = _position({5: ". . . 5Rv . . . .", 8: "6Rv 7Rv . . . . . ."})
    after = replay(Rules(game, board), layout, ["3G@d4", "d5>c8"])[1].layout
    assert after.rows()[8] == "6Rv 7Rv 5Rv . . . . ."
    assert all(p.face_up for _, p in after.pieces())


def test_show_names_the_push(runner):
    assert "push after laying: yes" in runner.invoke(cli, ["show", "initial-12"]).output
