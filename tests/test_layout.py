from __future__ import annotations

import pytest

from generator.model.layout import Layout, Piece, parse_stack, stack_notation

# domain.md 5.1, the game-9 figure.
GAME9 = {8: "2G 3R 1Y 4B 1B 4Y 2R 3G", 7: "4R 3B 2Y 1G 4G 3Y 2B 1R",
         2: "4R 3B 2Y 1G 4G 3Y 2B 1R", 1: "2G 3R 1Y 4B 1B 4Y 2R 3G"}


def test_game9_start_is_the_figure(library):
    layout = library.layout("game9-start")
    assert layout.board == "colourless"
    for rank, line in GAME9.items():
        for file, text in zip("abcdefgh", line.split()):
            piece = library.layout("game9-start").top(f"{file}{rank}")
            assert piece.card.notation() == text
            assert piece.owner == ("south" if rank <= 2 else "north")
            assert piece.face_up == (f"{file}{rank}" not in ("e1", "e8"))
    assert len(layout) == 32


def test_rows_round_trip(library):
    for name in library.names("layout"):
        layout = library.layout(name)
        again = Layout.from_rows(layout.board, layout.rows())
        assert again.stacks == layout.stacks


def test_layout_is_immutable():
    empty = Layout("board-a")
    one = empty.with_piece("c4", Piece.from_notation("2Y^"))
    two = one.with_piece("c4", Piece.from_notation("1Rv"))
    assert len(empty) == 0 and one.top("c4").notation() == "2Y^"
    assert stack_notation(two.stacks["c4"]) == "2Y^+1Rv"
    assert two.top("c4").notation() == "1Rv" and two.without("c4").top("c4") is None
    with pytest.raises(TypeError):
        two.stacks["d4"] = ()  # type: ignore[index]


def test_stacks():
    assert [p.notation() for p in parse_stack("2Y^+(1R)v+A/Rv")] == ["2Y^", "(1R)v", "A/Rv"]


def test_from_rows_rejects_short_rank():
    with pytest.raises(ValueError, match="rank 3 has 7 squares"):
        Layout.from_rows("board-a", {3: ". . . . . . ."})
