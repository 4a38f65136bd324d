"""A written move is parsed once where it comes in: its form, its squares, the card of a
lay; a square the board does not have is named in the refusal."""
from __future__ import annotations

import pytest

from generator.cli import cli
from generator.rules.notation import Form, MoveText


@pytest.mark.parametrize(("text", "form", "origin", "sign", "target", "squares"), [
    ("pass", Form.PASS, "", "", "", ()),
    ("e2-e3", Form.BOARD, "e2", "-", "e3", ("e2", "e3")),
    ("d4xe5", Form.BOARD, "d4", "x", "e5", ("d4", "e5")),
    ("c1+c3", Form.BOARD, "c1", "+", "c3", ("c1", "c3")),
    ("b1-d3-f5", Form.BOARD, "b1", "-", "d3", ("b1", "d3", "f5")),
    ("e8-off", Form.BOARD, "e8", "-", "off", ("e8",)),
    ("c1*c3", Form.BOARD, "c1", "*", "c3", ("c1", "c3")),
    ("e5>a1", Form.BOARD, "e5", ">", "a1", ("e5", "a1")),
    ("c4=", Form.OPEN, "c4", "=", "", ("c4",)),
    ("c4=c3", Form.OPEN, "c4", "=", "c3", ("c4", "c3")),
    ("b2=hand", Form.OPEN, "b2", "=", "hand", ("b2",)),
    ("3R@d4", Form.LAY, "3R", "@", "d4", ("d4",)),
    ("3R@hand", Form.LAY, "3R", "@", "hand", ()),
    ("c4~d5~", Form.TURN, "", "", "", ("c4", "d5")),
    ("p4-o4", Form.BOARD, "p4", "-", "o4", ("p4", "o4")),  # the crosswise board's files
])
def test_each_form_of_the_notation(text, form, origin, sign, target, squares):
    written = MoveText.parse(text)
    assert written is not None
    assert (written.form, written.origin, written.sign, written.target, written.squares) == (
        form, origin, sign, target, squares)


@pytest.mark.parametrize("text", ["", "zz", "e2e3", "e2-e9", "e2--e3", "3R@", "c4~d5",
                                  "E2-E3", " e2-e3"])
def test_what_is_no_move(text):
    assert MoveText.parse(text) is None


def test_a_square_the_board_lacks_is_named(runner):
    result = runner.invoke(cli, ["rules", "play", "game1-demo", "--moves", "b2-p8"])
    assert result.exit_code == 1
    assert result.stderr == ("Error: move 1 (b2-p8) is illegal: p8 is not a square of this "
                             "board (a1 to h8)\n")
    assert MoveText.parse("p4-o4").off_board((16, 4)) is None
    assert MoveText.parse("p4-o4").off_board((8, 8)) == "p4"
