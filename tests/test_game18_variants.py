"""Game 18's stated variants: stepping onto an opponent's card to make a combination
(basic-18-onto), and two proportional groups of one pack (basic-18-groups)."""
from __future__ import annotations

from generator.io.layouts import load_layout_file
from generator.model.layout import Layout, Side
from generator.rules.moves import Move, MoveKind
from generator.rules.bound import Rules

# South's 1R 2R on a2 b2 and 3R on c1; north's 3G on c2 and 4R on d2; south's 8Y beside
# north's 5B in the corner.
ROWS = {1: ". . 3R^ . . . . 8Y^", 2: "1R^ 2R^ 3Gv 4Rv . . . 5Bv", 8: "(1B)v . . . . . . ."}


def _moves(library, game, rows=ROWS):
    layout = Layout.from_rows("board-a", rows)
    return layout, Rules(library.game(game),
                         library.board("board-a")).board_moves(layout, Side.SOUTH)


def test_a_step_onto_a_card_that_makes_a_combination(library):
    layout, moves = _moves(library, "basic-18-onto")
    onto = Move(MoveKind.BEAT, "c1", "c2")
    assert onto in moves
    after = Rules(library.game("basic-18-onto"),
                  library.board("board-a")).play(layout, onto, Side.SOUTH)
    # 1R 2R 3R 4R: the covered 3G leaves, and north's 4R in the combination with it.
    assert after.top("c2").card.notation() == "3R" and after.top("d2") is None
    assert sorted(c.notation() for c in after.hands.of(Side.SOUTH).taken) == ["3G", "4R"]
    assert after.top("a2") is not None and after.top("b2") is not None  # own cards stay


def test_no_step_onto_a_card_without_a_combination_or_the_switch(library):
    _, moves = _moves(library, "basic-18-onto")
    assert Move(MoveKind.BEAT, "h1", "h2") not in moves  # 8Y onto 5B makes nothing
    assert not [m for m in moves if m.origin == "b2" and m.target == "c2"]  # 2R there: none
    _, plain = _moves(library, "basic-18")
    assert not [m for m in plain if m.kind is MoveKind.BEAT]


def test_proportional_groups_play_all_eight_values(library):
    position = load_layout_file(library, "basic-18-groups-start")
    assert position.problems() == []
    values = {p.card.rank for _, p in position.layout.pieces()}
    assert values == set(range(1, 9))
    # The reduced packs' start is not a start of the groups' game.
    wrong = load_layout_file(library, "basic-18-start", "basic-18-groups")
    assert "wrong-material" in {v.code for v in wrong.problems()}
