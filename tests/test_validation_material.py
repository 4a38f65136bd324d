"""`validate` checks the cards a start keeps off the board against the game: a game that lays
cards starts with every card not on the board in the side's stock (initial 3, 4, 8, 12, word
25) or in the shared pile (basic 52, initial 7); during play stocks shrink and the played
pack of basic 52 lies on the board, so `validate --play` reports neither."""
from __future__ import annotations

import random

import pytest

from generator.cli import cli
from generator.io.layout_text import layout_to_toml
from generator.io.layouts import sources_for
from generator.model.hands import Hand, Hands, parse_items
from generator.model.layout import Layout, Piece
from generator.rules import fits_identical, problems
from generator.rules.dealing import deal
from generator.rules.bound import Rules


def _check(library, layout: Layout, game_name: str, start: bool = True):
    game = library.game(game_name)
    found = problems(Rules(game, library.board(layout.board)), layout,
                     sources=sources_for(library, layout, game), start=start)
    return [(v.code, v.message) for v in found]


def _pair(**hands: Hand) -> dict:
    return {"board": "colourless", "players": {"south": "simple1", "north": "simple2"},
            "hands": Hands(**hands)}


def _dealt(library, name: str, seed: int = 0) -> Layout:
    game = library.game(name)
    board = library.board(game.boards[0])
    return deal(game, board, sources_for(library, Layout(board.name), game), game.pairs[0],
                random.Random(seed))


def test_initial_8_start_without_stocks_is_missing_both(library):
    layout = Layout(**_pair())
    assert _check(library, layout, "initial-8") == [
        ("missing-stock", "south's stock is missing; initial-8 starts with 32 cards there "
                          "(simple1)"),
        ("missing-stock", "north's stock is missing; initial-8 starts with 32 cards there "
                          "(simple2)")]


def test_initial_4_start_with_two_card_stocks_is_short(library):
    layout = Layout(**_pair(south=Hand(stock=parse_items("3R 5G")),
                            north=Hand(stock=parse_items("4B 8Y"))))
    found = _check(library, layout, "initial-4")
    assert [code for code, _ in found] == ["short-stock", "short-stock"]
    assert found[0][1].startswith("south's stock holds 2 cards; initial-4 starts with 32 there "
                                  "(simple1); it lacks 1B 1G 1R 1Y 2B 2G 2R 2Y and 22 more")
    assert found[1][1].startswith("north's stock holds 2 cards")


def test_a_full_stock_less_the_board_passes_and_one_card_short_is_named(library):
    start = _dealt(library, "initial-3", 5)
    assert _check(library, start, "initial-3") == []
    south = start.hands.of("south")
    lost = south.stock[7]
    short = Layout(start.board, start.stacks, start.players, hands=start.hands.with_hand(
        "south", Hand(stock=south.stock[:7] + south.stock[8:])))
    assert _check(library, short, "initial-3") == [
        ("short-stock", f"south's stock holds 31 cards; initial-3 starts with 32 there "
                        f"(simple1); it lacks {lost.notation()}")]


def test_shared_pile_games_need_the_pile(library):
    # Basic 52: the played pack waits in the shared pile; without it the start is short.
    start = _dealt(library, "basic-52", 1)
    assert _check(library, start, "basic-52") == []
    bare = Layout(start.board, start.stacks, start.players)
    assert _check(library, bare, "basic-52") == [
        ("missing-pile", "the shared pile is missing; basic-52 starts with 32 cards there "
                         "(pack1 and pack2 less the 32 on the board)")]
    short = Layout(start.board, start.stacks, start.players,
                   hands=Hands(pile=start.hands.pile[1:]))
    assert [code for code, _ in _check(library, short, "basic-52")] == ["short-pile"]
    # Initial 7: four players draw from one pile; stocks a side do not replace it.
    stocks = Layout(**_pair(south=Hand(stock=_dealt(library, "initial-4").hands.south.stock)))
    assert [code for code, _ in _check(library, stocks, "initial-7")] == ["missing-pile"]


@pytest.mark.parametrize("name", ["initial-4", "initial-8", "initial-12", "word-25"])
def test_stocks_are_checked_at_the_start_only(library, name):
    players = {"south": "latin1", "north": "latin2"} if name == "word-25" else \
        {"south": "simple1", "north": "simple2"}
    layout = Layout(library.game(name).boards[0], players=players)
    assert {code for code, _ in _check(library, layout, name)} == {"missing-stock"}
    # During play an emptied stock is nothing wrong.
    assert _check(library, layout, name, start=False) == []


def _basic_52_mid_game(library) -> tuple[Layout, Layout]:
    """The dealt start, and the position after three cards of the pile have been laid on
    free identical squares (light squares are free at the start)."""
    start = _dealt(library, "basic-52", 3)
    board = library.board("board-a")
    stacks = dict(start.stacks)
    pile = list(start.hands.pile)
    laid = 0
    while laid < 3:
        card = pile.pop(0)
        free = [s.name for s in board.squares
                if s.name not in stacks and fits_identical(card, s)]
        if free:
            stacks[free[0]] = (Piece(card, None, True),)
            laid += 1
        else:
            pile.append(card)
    return start, Layout(start.board, stacks, start.players, game="basic-52",
                         hands=Hands(pile=tuple(pile)))


def test_basic_52_during_play_has_the_played_pack_on_the_board(library, runner, tmp_path):
    start, played = _basic_52_mid_game(library)
    assert len(played) == len(start) + 3
    assert _check(library, played, "basic-52", start=False) == []
    # As a start the same position holds both packs on the board.
    codes = [code for code, _ in _check(library, played, "basic-52")]
    assert codes.count("mixed-packs") == 3
    path = tmp_path / "played.toml"
    path.write_text(layout_to_toml(played, "basic 52 after three lays"), encoding="utf-8")
    assert runner.invoke(cli, ["validate", "--play", str(path)]).exit_code == 0
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1 and result.output.count("[mixed-packs]") == 3


def test_a_start_with_the_played_pack_on_the_board_is_still_mixed(library, runner, tmp_path):
    start = _dealt(library, "basic-52", 2)
    # Swap the first dark card for the pile's top card: a card of the played pack.
    square = next(iter(start))
    mixed = Layout(start.board, {**start.stacks, square: (Piece(start.hands.pile[0], None,
                                                                 False),)},
                   start.players, game="basic-52",
                   hands=Hands(pile=(start.top(square).card,) + start.hands.pile[1:]))
    assert [(code, sq) for code, sq in
            [(v.code, v.square) for v in problems(
                Rules(library.game("basic-52"), library.board("board-a")), mixed,
                sources=sources_for(library, mixed, library.game("basic-52")))]] == [
        ("mixed-packs", square)]
    path = tmp_path / "mixed.toml"
    path.write_text(layout_to_toml(mixed, "basic 52, a played card on the board"),
                    encoding="utf-8")
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1 and f"{square}: " in result.output
    assert "[mixed-packs]" in result.output
