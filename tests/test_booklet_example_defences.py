"""The booklet's examples name the mistake that loses and the defence that holds (issue 39,
the editors' review of session 17: initial game 1 presented north's 2...h4-h5 as forced).
Basic game 1's example, which had won through north's 2...e6-e5, is now an ending won
against north's best tries (tests/test_booklet_teaching.py). Each claim the text makes is checked here
with the rule engine, by a small search of every reply: what a reader who tries the other
moves at the board would find."""
from __future__ import annotations

import pytest

from generator.io.layouts import load_layout_file
from generator.model.layout import Side
from generator.rules.position import Position


def _forces_win(position: Position, side: Side, plies: int,
                seen: dict[tuple[object, ...], bool] | None = None) -> bool:
    """Whether *side* wins within *plies* plies whatever the other side replies."""
    outcome = position.outcome()
    if outcome.over:
        return outcome.winner == side
    if plies == 0:
        return False
    seen = {} if seen is None else seen
    key = (position.key(), plies)
    if key not in seen:
        results = []
        for move in position.legal_moves() or [None]:
            position.push(move)
            results.append(_forces_win(position, side, plies - 1, seen))
            position.pop()
            # The side to move needs one winning move; against it, every reply must lose.
            if results[-1] == (position.turn == side):
                break
        seen[key] = any(results) if position.turn == side else all(results)
    return seen[key]


def _after(library, layout: str, moves: str) -> Position:
    position = load_layout_file(library, layout).position()
    for move in moves.split():
        position.push_text(move)
    return position


# Seed002, jeu de cartes 1: "une des cartes doit traverser la frontière entre les deux
# demi-échiquiers", a step onto a free square of the other half (our reading, row
# goal:free-square); "chaque joueur doit commencer par couvrir".
IG1_MOVE_2 = "g4xf5 h5xh4 g3-g4"


def test_initial_1_north_loses_with_h4_h5_and_holds_with_g6_h5_or_h6_h5(library):
    """The text: of north's seven replies four free g5 or h5 and lose at once, h4-h5 frees
    h4 and loses, and g6-h5 or h6-h5 holds (no south win in the next moves)."""
    position = _after(library, "initial-1-start", IG1_MOVE_2)
    replies = {str(m): m for m in position.legal_moves()}
    assert len(replies) == 7
    losing_at_once, holding = [], []
    for text, move in replies.items():
        position.push(move)
        if _forces_win(position, Side.SOUTH, 1):
            losing_at_once.append(text)
        elif not _forces_win(position, Side.SOUTH, 5):
            holding.append(text)
        position.pop()
    assert sorted(holding) == ["g6-h5", "h6-h5"]
    assert len(losing_at_once) == 4 and "h4-h5" not in losing_at_once
    position.push(replies["h4-h5"])
    assert _forces_win(position, Side.SOUTH, 3)


def test_initial_1_south_had_a_quicker_win_by_stepping_the_7b_back(library):
    """The text: after 1...h5xh4, f5-g4 frees f5 and h5 beside south's cards, and north
    can fill only one of them."""
    position = _after(library, "initial-1-start", "g4xf5 h5xh4 f5-g4")
    assert position.legal_moves()
    assert _forces_win(position, Side.SOUTH, 2)


MISTAKE = {"en": "mistake", "ru": "ошибка"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_examples_name_the_mistake_and_the_defence(library, lang):
    """What the searches above confirm is what the reader is told, in both languages."""
    from generator.io.booklets import load_booklet
    from generator.model.booklet import Paragraph
    chapters = {c.key: c for c in load_booklet(library, lang).games}

    def example(key: str) -> str:
        section = next(s for s in chapters[key].sections if s.key == "example")
        return " ".join(b.text for b in section.blocks if isinstance(b, Paragraph))

    initial = example("initial-1")
    assert MISTAKE[lang] in initial.lower()
    assert all(move in initial for move in ("g6-h5", "h6-h5", "f5-g4"))
