"""Initial games 1 and 3 as seed002 (the French manual of the initial version) states them
(issue 38, items 1 and 2).

Jeu 1: "D'avance les cartes sont écartées pour occuper toutes les cases du échiquier, alors
chaque joueur doit commencer par couvrir une carte de son adversaire" (each player's first
move is a cover), and the goal "une des cartes doit traverser la « frontière » entre les
deux demi-échiquiers" (read as a step onto a free square from one's own half into the
opponent's). Jeu 3: "Les premières cartes retournées doivent être placées sur les cases où
on place les rois [...] Ces deux cartes sont placées face cachée": the game starts from an
empty board and two talons.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from generator.cli import cli
from generator.errors import IllegalMoveError, ReasonCode
from generator.io.layouts import load_layout_file
from generator.model.cards import Card
from generator.model.hands import Hand, Hands
from generator.model.layout import Layout, Side
from generator.rules.move import MoveKind
from generator.rules.position import Position
from generator.rules.bound import Rules

ROOT = Path(__file__).resolve().parent.parent
COVERS = (MoveKind.BEAT, MoveKind.COVER)


def _start(library, name: str) -> Position:
    return load_layout_file(library, name).position("south")


# --- initial game 1 ------------------------------------------------------------------------

def test_the_second_player_must_cover_too_and_is_told_why(library):
    """Seed002 jeu 1: "chaque joueur doit commencer par couvrir une carte de son
    adversaire". South's first cover leaves g4 free next to north's 7B on g5; stepping
    there would cross the middle line and win, but north's first move must be a cover."""
    position = _start(library, "initial-1-start")
    assert {m.kind for m in position.legal_moves()} <= set(COVERS)
    position.push_text("g4xf5")
    north = position.legal_moves()
    assert north and all(m.kind in COVERS for m in north)
    with pytest.raises(IllegalMoveError) as refused:
        position.push_text("g5-g4")
    assert refused.value.code is ReasonCode.COMPULSORY
    assert refused.value.reason == (
        "opening cover (opening_cover): each player's first move must cover an opponent's "
        "card, and north has covered none yet; covers now: g5xf4 g5xf5 h5xh4")
    # Once each side has made its cover, steps onto free squares are open to both.
    position.push_text("h5xh4")
    assert "g3-g4" in [m.notation() for m in position.legal_moves()]


def test_the_refused_step_is_one_line_from_rules_play(runner):
    result = runner.invoke(cli, ["rules", "play", "initial-1-start", "--moves",
                                 "g4xf5 g5-g4"])
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
    assert "move 2 (g5-g4) is illegal: opening cover (opening_cover)" in result.stderr


def _after_covers(rows: dict[int, str]) -> Layout:
    """A position after both opening covers: each side has taken a card."""
    return Layout.from_rows("colourless", rows, hands=Hands(
        south=Hand(taken=(Card.from_notation("1Y"),)),
        north=Hand(taken=(Card.from_notation("1G"),))))


@pytest.mark.parametrize(("rows", "move", "winner"), [
    ({4: ". . . 3R^ . . . .", 8: "7Bv . . . . . . ."}, "d4-e5", Side.SOUTH),
    ({5: ". . . 3R^ . . . .", 8: "7Bv . . . . . . ."}, "d5-d6", None),
    ({4: ". . . 3R^ . . . .", 5: ". . . 2Rv . . . ."}, "d4xd5", None),
    ({5: ". . . 3Gv . . . .", 1: "7B^ . . . . . . ."}, "d5-d4", Side.NORTH),
], ids=["step-across-wins", "step-inside-the-far-half-wins-nothing",
        "cover-across-wins-nothing", "north-steps-across"])
def test_only_a_step_across_the_middle_line_wins(library, rows, move, winner):
    """Seed002 jeu 1, "une des cartes doit traverser la « frontière »": our reading counts
    a step onto a free square from one's own half into the opponent's; a step made inside
    the opponent's half crosses nothing, and a cover never wins."""
    mover = Side.NORTH if winner is Side.NORTH else Side.SOUTH
    position = Position(Rules(library.game("initial-1"), library.board("colourless")),
                        _after_covers(rows), turn=mover)
    position.push_text(move)
    verdict = position.outcome()
    assert verdict.winner == winner and verdict.over is (winner is not None)


def test_nobody_able_to_cover_at_the_start_is_a_draw_and_one_side_passes(library):
    """Seed002 jeu 1: "personne ne peut pas couvrir les cartes de son adversaire [...] la
    partie est déclarée nulle". A side that cannot make its first cover passes (our
    reading); when neither can, the game is drawn at once."""
    board, game = library.board("colourless"), library.game("initial-1")
    nobody = Position(Rules(game, board),
                      Layout.from_rows("colourless",
                                       {4: ". . . 3R^ . . . .", 5: ". . . 1Gv . . . ."}))
    verdict = nobody.outcome()
    assert verdict.over and verdict.winner is None and verdict.reason == "no side can move"
    # South's 3R cannot cover north's 5R, which can cover it: south passes, north covers.
    one = Position(Rules(game, board),
                   Layout.from_rows("colourless",
                                    {4: ". . . 3R^ . . . .", 5: ". . . 5Rv . . . ."}))
    assert one.legal_moves() == [] and one.may_pass() and not one.is_over()
    one.push(None)
    assert [m.notation() for m in one.legal_moves()] == ["d5xd4"]


def _example(lang: str) -> tuple[list[str], str]:
    chapter = tomllib.loads((ROOT / "templates" / "booklets" / lang / "initial-1.toml")
                            .read_text(encoding="utf-8"))
    example = next(s for s in chapter["section"] if s["id"] == "example")
    figures = example["figure"]
    return figures[-1]["moves"].split(), figures[-1]["layout"]


def test_the_booklet_example_is_played_sensibly_to_a_win(library):
    """The booklet's example of initial game 1 replays under the rules above: both first
    moves are covers, no side ever misses a win in one, and it ends with a step across
    the middle line. The English and Russian chapters show the same game."""
    moves, layout = _example("en")
    assert _example("ru") == (moves, layout)
    position = _start(library, layout)
    for number, text in enumerate(moves, 1):
        legal = position.legal_moves()
        if number <= 2:
            assert legal and all(m.kind in COVERS for m in legal), text
        winning = []
        for move in legal:
            position.push(move)
            if position.outcome().winner is not None:
                winning.append(move.notation())
            position.pop()
        assert not winning or text in winning, f"move {number} {text} misses {winning}"
        position.push_text(text)
    verdict = position.outcome()
    assert verdict.winner is Side.SOUTH
    assert verdict.reason == "a card stepped across the middle line into the opponent's half"


# --- initial game 3 ------------------------------------------------------------------------

def test_initial_3_starts_empty_and_lays_the_first_cards_face_down_on_the_king_squares(
        library):
    """Seed002 jeu 3: the talons are turned in turn; "Les premières cartes retournées
    doivent être placées sur les cases où on place les rois [...] face cachée". No win may
    be declared before a side has laid its face-down card."""
    position = _start(library, "initial-3-start")
    assert len(position.layout) == 0
    assert not position.outcome().over
    assert [m.notation() for m in position.legal_moves()] == ["5B@e1"]
    position.push_text("5B@e1")
    assert not position.outcome().over
    assert [m.notation() for m in position.legal_moves()] == ["6R@e8"]
    position.push_text("6R@e8")
    assert str(position.layout.top("e1")) == "(5B)^"
    assert str(position.layout.top("e8")) == "(6R)v"
    assert not position.outcome().over
    # Then each card goes face up next to one's own cards.
    assert [m.notation() for m in position.legal_moves()] == ["3G@d1", "3G@e2", "3G@f1"]
    position.push_text("3G@e2")
    assert position.layout.top("e2").face_up


def test_initial_3_deals_an_empty_board_and_two_full_talons(runner, tmp_path, library):
    """Seed002 jeu 3: "Ces jeux de cartes forment des talons": every card starts in its
    owner's talon."""
    out = tmp_path / "deal.toml"
    result = runner.invoke(cli, ["rules", "deal", "initial-3", "--seed", "7", "--out",
                                 str(out)])
    assert result.exit_code == 0, result.output
    dealt = load_layout_file(library, str(out))
    assert len(dealt.layout) == 0 and dealt.problems() == []
    assert [len(dealt.layout.hands.of(side).stock) for side in Side] == [32, 32]
    assert not dealt.position("south").outcome().over
