"""Issue 26, figures of every move: a figure's moves may be written in any form the rule
engine plays (board moves, openings, lays, turns, pass), and the figure shows what each did:
a letter turned round lies turned, its side bar at its other end, and the last move's
squares are tinted."""
from __future__ import annotations

import pytest

from generator.app.figure import draw_figure
from generator.docs.figure import Arrow, Crop, parse_moves
from generator.draw.scene import Box, Group, Item, Page


def _roles(items: tuple[Item, ...], found: dict[str, int] | None = None) -> dict[str, int]:
    """How many boxes each role's groups hold, over the whole page."""
    found = {} if found is None else found
    for item in items:
        if isinstance(item, Group):
            if item.role:
                found[item.role] = found.get(item.role, 0) + sum(
                    1 for i in item.items if isinstance(i, Box))
            _roles(item.items, found)
    return found


def _drawn(library, moves: str) -> Page:
    return draw_figure(library, "word-puzzle-5-ending",
                       {"moves": parse_moves(moves), "crop": Crop.parse("a1:h6")},
                       caption="", frames=False).final


@pytest.mark.parametrize("text, parsed", [
    ("c3-c2 c2~", ("c3-c2", "c2~")),
    ("C4~D5~, 3R@D4 3R@hand", ("c4~d5~", "3R@d4", "3R@hand")),
    ("d1= c4=c3 b2=hand", ("d1=", "c4=c3", "b2=hand")),
    ("c1*c3 e5>a1 b1-d3-f5 e8-off d4xe5 c1+c3 pass", ("c1*c3", "e5>a1", "b1-d3-f5",
                                                      "e8-off", "d4xe5", "c1+c3", "pass")),
])
def test_every_form_the_engine_plays_is_a_figure_move(text, parsed):
    assert parse_moves(text) == parsed


def test_a_move_of_no_form_is_refused_naming_it_and_the_forms():
    with pytest.raises(ValueError) as caught:
        parse_moves("c3-c2 c2?")
    message = str(caught.value)
    assert message.startswith("move 2: not a move: 'c2?'") and "c4~d5~" in message
    assert "3R@d4" in message and "pass" in message


@pytest.mark.parametrize("move, tinted", [
    ("c2~e2~", ("c2", "e2")), ("3R@d4", ("d4",)), ("c1*c3", ("c1", "c3")),
    ("e5>a1", ("e5", "a1")), ("c4=c3", ("c4", "c3")), ("d1=", ("d1",)),
    ("b1-d3-f5", ("b1", "d3", "f5")), ("d4xe5", ("d4", "e5")),
])
def test_the_last_move_marks_every_square_it_names(move, tinted):
    arrow = Arrow.of_move(move, "south")
    assert arrow is not None and arrow.mover == "south"
    assert (arrow.origin, *arrow.stops) == tinted


def test_a_pass_or_a_card_kept_in_hand_marks_no_square():
    assert Arrow.of_move("pass") is None and Arrow.of_move("3R@hand") is None


def test_a_turned_letter_lies_turned(library):
    # The ending: every letter points up (south's end, an open bar) but I on c3, L on f4
    # and T on e5 (north's, a solid bar); the crop a1:h6 shows all three.
    slid = _roles(_drawn(library, "c3-c2").items)
    turned = _roles(_drawn(library, "c3-c2 c2~").items)
    assert slid["side north"] == 3 and turned["side north"] == 2
    assert turned["side south"] == slid["side south"] + 1
    # After the slide c3 and c2 are tinted; the turn is the same side's move with the
    # slide (a puzzle move is both), so c3 and c2 stay tinted (issue 39, eighth review:
    # Figs 52, 54, 55 did not tint the square a letter left).
    assert slid["last move"] == 2 and turned["last move"] == 2


def test_a_pass_changes_nothing_and_marks_no_last_move(library):
    slid = _roles(_drawn(library, "c3-c2").items)
    passed = _roles(_drawn(library, "c3-c2 pass").items)
    assert passed["side north"] == slid["side north"] == 3
    assert passed.get("last move", 0) == 0


def test_a_lay_and_an_opening_are_drawn_with_their_square_tinted(library):
    def page(layout: str, moves: str) -> dict[str, int]:
        return _roles(draw_figure(library, layout, {"moves": parse_moves(moves)}, caption="",
                                  frames=False).final.items)
    before = page("initial-3-start", "5B@e1 6R@e8")
    laid = page("initial-3-start", "5B@e1 6R@e8 3G@d1")
    # 3G comes from south's hand onto d1: one more card with south's bar, d1 tinted.
    assert laid["side south"] == before["side south"] + 1 and laid["last move"] == 1
    assert page("initial-6-start", "a1=")["last move"] == 1
