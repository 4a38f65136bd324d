"""Initial game 7 (seed002, « Jeu de cartes 7 »): four players lay cards from one pile, each
scoring the combinations of his own direction, whoever laid the card.

The seed's words these tests follow:
- « Ce jeu se joue à quatre joueurs » ... « les deux jeux sont mélangés ensemble et forment
  un talon. Les joueurs alternativement prennent les cartes sur le talon »: four seats in
  turn draw from one pile.
- « le premier joueur doit former des combinaisons verticalement, le deuxième joueur -
  horizontalement, le troisième - en diagonale de droite à gauche, le quatrième - en
  diagonale de gauche à droite »: a direction per seat.
- « Si un joueur pose une carte ... [qui] forme une combinaison qui n'est pas la "sienne",
  toutes les cartes formant la combinaison seront enlevées par le joueur pour qui cette
  combinaison est "la sienne" »: the cards go to the direction's owner.
- « Le jeu est terminé quand toutes les cartes sont retournées. Celui qui a enlevé plus de
  cartes du échiquier a gagné la partie »: the end at an empty pile, most cards wins.
"""
from __future__ import annotations

import json
import random

import pytest

from generator.cli import cli
from generator.errors import IllegalMoveError, ReasonCode
from generator.io.layout_text import layout_to_toml
from generator.io.layouts import load_layout_file
from generator.model.hands import Hands, parse_items
from generator.model.layout import Layout, Side
from generator.model.seats import Seat
from generator.rules import Position
from generator.rules.bound import Rules


def _position(library, rows: dict[int, str], pile: str) -> Position:
    game, board = library.game("initial-7"), library.board("colourless")
    layout = Layout.from_rows("colourless", rows, game="initial-7",
                              players={Side.SOUTH: "simple1", Side.NORTH: "simple2"},
                              hands=Hands(pile=parse_items(pile)))
    return Position(Rules(game, board), layout)


def _scores(position: Position) -> dict[int, int]:
    return {int(seat): n for seat, n in position.outcome().counts.items()}


def test_a_horizontal_combination_laid_by_seat_1_scores_for_seat_2(library):
    """« le deuxième joueur - horizontalement »; a combination that is not the layer's own
    is « enlevée par le joueur pour qui cette combinaison est la sienne »."""
    game = _position(library, {1: "3R 4G . . . . . ."}, "5B 2Y 7G 1B")
    ply = game.push_text("5B@c1")
    assert ply.seat is Seat.FIRST
    assert sorted(c.notation() for c in ply.took) == ["3R", "4G", "5B"]
    assert not game.layout.stacks
    assert game.layout.hands.taken_by(Seat.SECOND) == parse_items("3R 4G 5B")
    assert game.layout.hands.taken_by(Seat.FIRST) == ()
    assert _scores(game) == {1: 0, 2: 3, 3: 0, 4: 0}


def test_a_vertical_combination_scores_for_seat_1_whoever_lays(library):
    """« le premier joueur doit former des combinaisons verticalement »: seat 3 lays the
    third card of a vertical run; seat 1 takes it."""
    game = _position(library, {1: "2Y . . . . . . .", 2: "2B . . . . . . ."},
                     "7R 8G 2G 1B")
    game.play_record(["7R@h8", "8G@h6"])
    assert game.seat is Seat.THIRD
    game.push_text("2G@a3")
    assert _scores(game) == {1: 3, 2: 0, 3: 0, 4: 0}


@pytest.mark.parametrize(("rows", "square", "seat"), [
    # Rising from the right as the south edge sees it (h1 towards a8): from right to left.
    ({1: ". . 3R . . . . .", 2: ". 4R . . . . . ."}, "a3", Seat.THIRD),
    # Rising from the left (a1 towards h8): from left to right.
    ({1: "3R . . . . . . .", 2: ". 4B . . . . . ."}, "c3", Seat.FOURTH),
])
def test_each_diagonal_scores_for_its_seat(library, rows, square, seat):
    """« le troisième - en diagonale de droite à gauche, le quatrième - en diagonale de
    gauche à droite », read as the board is seen from its south edge (our reading, stated
    in the game file): seat 3 scores a8-h1 lines, seat 4 a1-h8 lines."""
    game = _position(library, rows, "5G 1Y 8B 6Y")
    game.push_text(f"5G@{square}")
    expected = {s: 0 for s in (1, 2, 3, 4)}
    expected[seat] = 3
    assert _scores(game) == expected


def test_a_lay_completing_two_directions_credits_two_seats(library):
    """Each combination goes to « le joueur pour qui cette combinaison est la sienne »: one
    lay makes a horizontal run (seat 2's) and a vertical one (seat 1's). The card they
    share, the one laid, goes to the lower seat (our reading: the seed does not say)."""
    game = _position(library, {1: "3R 4G . . . . . .", 2: ". . 5R . . . . .",
                               3: ". . 5G . . . . ."}, "8Y 2Y 5B 7G")
    game.play_record(["8Y@h8", "2Y@h6"])
    assert game.seat is Seat.THIRD  # neither combination is the layer's own
    ply = game.push_text("5B@c1")
    assert sorted(c.notation() for c in ply.took) == ["3R", "4G", "5B", "5G", "5R"]
    hands = game.layout.hands
    assert hands.taken_by(Seat.FIRST) == parse_items("5B 5R 5G")
    assert hands.taken_by(Seat.SECOND) == parse_items("3R 4G")
    assert _scores(game) == {1: 3, 2: 2, 3: 0, 4: 0}


def test_turns_cycle_through_four_seats_and_pop_restores_them(library):
    """« Ce jeu se joue à quatre joueurs ... Les joueurs alternativement prennent les cartes
    sur le talon »: seat 1, 2, 3, 4, then seat 1 again, each drawing the pile's top card."""
    game = load_layout_file(library, "initial-7-start").position()
    assert game.seat is Seat.FIRST and str(game.outcome()).endswith(
        "seat 1 to move; cards taken: seat 1 0, seat 2 0, seat 3 0, seat 4 0")
    pile = game.layout.hands.pile
    squares = ["a1", "c1", "e1", "g1", "a8"]
    plies = game.play_record([f"{pile[i].notation()}@{sq}" for i, sq in enumerate(squares)])
    assert [p.seat for p in plies] == [Seat.FIRST, Seat.SECOND, Seat.THIRD, Seat.FOURTH,
                                       Seat.FIRST]
    assert game.seat is Seat.SECOND and game.turn is Side.SOUTH
    game.pop()
    assert game.seat is Seat.FIRST
    with pytest.raises(IllegalMoveError) as refused:
        game.push_text(f"{pile[5].notation()}@b5")  # the card after the next one
    assert refused.value.reason.startswith(f"seat 1 does not hold {pile[5].notation()}")


def test_the_game_ends_when_the_pile_is_used_up_and_most_cards_wins(library):
    """« Le jeu est terminé quand toutes les cartes sont retournées. Celui qui a enlevé plus
    de cartes du échiquier a gagné la partie. »"""
    game = _position(library, {1: "3R 4G . . . . . .", 8: ". . . . . 1Y 1B ."},
                     "5B 8Y 1G")
    game.play_record(["5B@c1", "8Y@a8"])
    assert not game.is_over() and game.seat is Seat.THIRD
    game.push_text("1G@h8")  # seat 3 lays a value run on rank 8: seat 2's again
    verdict = game.outcome()
    assert verdict.over and verdict.winner is Seat.SECOND
    assert verdict.reason == ("the pile is used up; cards taken: seat 1 0, seat 2 6, "
                              "seat 3 0, seat 4 0")
    assert str(verdict).startswith("seat 2 wins: ")
    assert game.legal_moves() == [] and not game.may_pass()
    with pytest.raises(IllegalMoveError) as refused:
        game.push_text("pass")
    assert refused.value.code is ReasonCode.GAME_OVER


def test_a_shared_top_count_is_a_draw(library):
    """The seed names one winner, « celui qui a enlevé plus de cartes »; two seats with the
    same highest count have no such player: a draw naming both."""
    game = _position(library, {1: "3R 4G . . . . . .", 4: "1Y . . . . . . .",
                               5: "1B . . . . . . ."}, "5B 1G")
    game.play_record(["5B@c1", "1G@a6"])
    verdict = game.outcome()
    assert verdict.over and verdict.winner is None
    assert str(verdict) == ("a draw: the pile is used up; cards taken: seat 1 3, seat 2 3, "
                            "seat 3 0, seat 4 0; seat 1 and seat 2 share the most")


def test_a_whole_game_from_the_shipped_start_lays_all_64_cards(library):
    """Both decks, 64 cards, are laid one by one, whatever is taken: the game ends after
    the 64th lay with every card either taken by a seat or still on the board."""
    loaded = load_layout_file(library, "initial-7-start")
    for seed in range(3):
        game = loaded.position()
        rng = random.Random(seed)
        while not game.is_over():
            game.push(rng.choice(game.legal_moves()))
        verdict = game.outcome()
        counts = verdict.counts
        assert len(game.plies) == 64 and not game.layout.hands.pile
        assert sum(counts.values()) + len(game.layout) == 64
        best = max(counts.values())
        leaders = [seat for seat, n in counts.items() if n == best]
        assert verdict.winner == (leaders[0] if len(leaders) == 1 else None)


def test_rules_play_prints_the_seats_their_takes_and_the_four_scores(runner, tmp_path):
    """What `rules play` shows of the seed's four players and « la sienne »."""
    path = tmp_path / "seven.toml"
    path.write_text('kind = "layout"\ntitle = "t"\nboard = "colourless"\ngame = "initial-7"\n'
                    '[players]\nsouth = "simple1"\nnorth = "simple2"\n'
                    '[rows]\n1 = "3R 4G . . . . . ."\n8 = ". . . . . 1Y 1B ."\n'
                    '[hands]\npile = "5B 8Y 1G"\n', encoding="utf-8")
    text = runner.invoke(cli, ["rules", "play", str(path), "--moves", "5B@c1 8Y@a8 1G@h8"])
    assert text.exit_code == 0, text.output
    lines = text.output.splitlines()
    assert lines[:3] == ["1. seat 1 5B@c1 removes 3R 4G 5B to seat 2", "2. seat 2 8Y@a8",
                         "3. seat 3 1G@h8 removes 1B 1G 1Y to seat 2"]
    assert "seat 2 taken 3R 4G 5B 1Y 1B 1G" in lines
    assert lines[-1] == ("seat 2 wins: the pile is used up; cards taken: seat 1 0, "
                         "seat 2 6, seat 3 0, seat 4 0")
    as_json = runner.invoke(cli, ["rules", "play", str(path), "--moves", "5B@c1 8Y@a8",
                                  "--json"])
    data = json.loads(as_json.output)
    assert [m["side"] for m in data["moves"]] == ["seat1", "seat2"]
    assert data["moves"][0]["to"] == {"seat2": ["3R", "4G", "5B"]}
    assert data["to_move"] == "seat3" and data["outcome"]["winner"] is None
    assert data["outcome"]["scores"] == {"seat1": 0, "seat2": 3, "seat3": 0, "seat4": 0}
    done = json.loads(runner.invoke(cli, ["rules", "play", str(path), "--moves",
                                          "5B@c1 8Y@a8 1G@h8", "--json"]).output)
    assert done["outcome"]["over"] and done["outcome"]["winner"] == "seat2"
    side = runner.invoke(cli, ["rules", "play", str(path), "--moves", "5B@c1",
                               "--side", "north"])
    assert side.exit_code == 1 and side.stderr.startswith(
        "Error: --side: initial-7 is played by 4 seats in turn, seat 1 first")


def test_what_each_seat_took_is_written_read_and_counted_once(library, tmp_path):
    """A position in the middle of a game keeps each seat's takes in its layout file, and
    validation counts them with the other cards: no card in two places."""
    game = _position(library, {1: "3R 4G . . . . . ."}, "5B 2Y")
    game.push_text("5B@c1")
    text = layout_to_toml(game.layout, "after one lay")
    assert '[hands.seat2]\ntaken = "3R 4G 5B"' in text
    path = tmp_path / "after.toml"
    path.write_text(text, encoding="utf-8")
    loaded = load_layout_file(library, str(path))
    assert loaded.layout.hands == game.layout.hands
    assert loaded.problems(start=False) == []
    # simple1 and simple2 hold one 3R each: with seat 2's, a 3R on a1 and b1 is one too many.
    path.write_text(text.replace('"2Y"', '"2Y"\n[rows]\n1 = "3R 3R . . . . . ."'),
                    encoding="utf-8")
    found = load_layout_file(library, str(path)).problems(start=False)
    assert [v.code for v in found] == ["card-twice"]
    assert "seat 2's taken: 3R" in found[0].message
