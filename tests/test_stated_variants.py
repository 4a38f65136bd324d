"""Variants of shipped games that the seeds state and that ship as games of their own
(issue 38, "every game as its source says"): each test plays a move that only the variant
allows, or refuses one that it forbids, and cites the seed's words."""
from __future__ import annotations

from generator.io.layouts import load_layout_file
from generator.model.cards import Colour
from generator.model.hands import Hand, Hands, parse_item, parse_items
from generator.model.layout import Layout, Side
from generator.rules.goal_rules import goal_rule
from generator.rules.goals import judge
from generator.rules.moves import Move, MoveKind
from generator.rules.position import Position
from generator.rules.bound import Rules

WORDS = frozenset({"CAT", "TO", "AT", "GO", "DOG"})


def _moves(library, game, rows, side=Side.SOUTH, words=None):
    layout = Layout.from_rows("board-a", rows)
    return Rules(library.game(game), library.board("board-a"), words).board_moves(layout, side)


# --- basic game 1 (seed000) -----------------------------------------------------------

def test_basic_1_test_cards_beat_only_in_the_variant(library):
    """Seed000, card game 1: "the variant of game in which test playing cards can beat
    playing cards of the opponent is possible ... including the test playing card of one
    player can be imposed on a test playing card of other player"."""
    rows = {1: ". . . . (1R)^ . . .", 2: ". . . 8Bv . (1B)v . ."}
    moves = _moves(library, "basic-1-tests-beat", rows)
    assert Move(MoveKind.BEAT, "e1", "d2") in moves      # a face-down 1R takes an open 8
    assert Move(MoveKind.COVER, "e1", "f2") in moves     # and covers the opponent's test
    plain = [m for m in _moves(library, "basic-1", rows) if m.origin == "e1"]
    assert plain and all(m.kind is MoveKind.MOVE for m in plain)


# --- basic game 4 (seed000) -----------------------------------------------------------

def test_basic_4_identical_cards_beat_and_other_equal_values_do_not(library):
    """Seed000, card game 4: "it can be authorized to beat not any playing cards of
    identical values, but only ... identical playing cards. We admit, 3R can beat only 30R
    and can not beat other three"."""
    colours = library.board("board-a").colours
    # North's 30R and 30B beside south's 3R on d4, on squares where 3R is not trump.
    target_r, target_b = [s for s in ("c5", "d5", "e5", "c4", "e4", "c3", "d3", "e3")
                          if colours[s] is not Colour.RED][:2]
    rows = _rows({"d4": "3R^", target_r: "30Rv", target_b: "30Bv"})
    identical = _moves(library, "basic-4-identical", rows)
    assert Move(MoveKind.BEAT, "d4", target_r) in identical
    assert Move(MoveKind.BEAT, "d4", target_b) not in identical
    main = _moves(library, "basic-4", rows)  # equal values cancelled: neither three
    assert not [m for m in main if m.kind is MoveKind.BEAT]
    equal = _moves(library, "basic-4-equal", rows)  # the rule of game 1: both
    assert {Move(MoveKind.BEAT, "d4", target_r), Move(MoveKind.BEAT, "d4", target_b)} <= set(equal)


def _rows(pieces: dict[str, str]) -> dict[int, str]:
    """Rank lines with *pieces* ({square: token}) and free squares elsewhere."""
    return {rank: " ".join(pieces.get(f"{file}{rank}", ".") for file in "abcdefgh")
            for rank in range(1, 9)}


# --- word games 1 and 2 (seed001) -----------------------------------------------------

def test_word_1_king_steps_one_square(library):
    """Seed001, word game 1: "Distance of moving for one course can be one square ...
    similar to moving of chess king" (the main game slides like a queen)."""
    rows = {1: ". . . . A/R^ . . .", 8: ". . . . . . . T/Yv"}
    assert Move(MoveKind.MOVE, "e1", "e3") in _moves(library, "word-1", rows)
    king = _moves(library, "word-1-king", rows)
    assert Move(MoveKind.MOVE, "e1", "e2") in king and Move(MoveKind.MOVE, "e1", "e3") not in king


def test_word_2_queen_slides_and_still_needs_three_letters(library):
    """Seed001, word game 2: "Distance of moving of letters for one course can be any
    number of squares ... provided that in this case it can be forbidden to make
    two-letter words"."""
    rows = {1: ". . . . (Q/R)^ . . .", 3: "T/R^ . . . . . . .",
            6: ". . O/Yv . . . . .", 8: ". . . . (S/Y)v . . ."}
    assert Move(MoveKind.MOVE, "a3", "c5") not in _moves(library, "word-2", rows)
    assert Move(MoveKind.MOVE, "a3", "c5") in _moves(library, "word-2-queen", rows)
    # T slid under north's O makes "TO", a two-letter word: it takes nothing here.
    game = library.game("word-2-queen")
    after = Rules(game, library.board("board-a"),
                  WORDS).play(Layout.from_rows("board-a", rows), Move(MoveKind.MOVE, "a3", "c5"))
    assert after.top("c6") is not None


def test_word_2_two_letter_words_take(library):
    """Seed001, word game 2: "In this game it can be authorized to make two-letter
    words"."""
    rows = {1: ". . . . (Q/R)^ . . .", 4: ". . T/R^ . . . . .",
            6: ". . O/Yv . . . . .", 8: ". . . . (S/Y)v . . ."}
    layout = Layout.from_rows("board-a", rows)
    two = Rules(library.game("word-2-two-letter"), library.board("board-a"),
                WORDS).play(layout, Move(MoveKind.MOVE, "c4", "c5"))
    assert two.top("c6") is None and [c.notation() for c in two.hands.of(Side.SOUTH).taken] \
        == ["O/Y"]
    main = Rules(library.game("word-2"), library.board("board-a"),
                 WORDS).play(layout, Move(MoveKind.MOVE, "c4", "c5"))
    assert main.top("c6") is not None


# --- word game 25 (seed001) -----------------------------------------------------------

def _lay(library, game, rows, card, side=Side.SOUTH):
    """(squares where *side* may lay *card*, its moves with *card* on top of its stock)."""
    layout = Layout.from_rows("board-a", rows, hands=Hands().with_hand(
        side, Hand(stock=(parse_item(card),))))
    board = library.board("board-a")
    return (Rules(library.game(game), board, WORDS).lay_squares(layout, parse_item(card), side),
            Rules(library.game(game), board, WORDS).placement.moves(layout, Side.parse(side)))


def test_word_25_no_word_of_ones_own_letters(library):
    """Seed001, word game 25: "it is possible to apply a rule according to which players
    can not to have own letters in a line if these letters form a word"."""
    own = {1: "C/R^ A/R^ . . . . . .", 3: "C/Gv A/Y^ . . . . . ."}
    squares, _ = _lay(library, "word-25-no-own-words", own, "T/Y")
    assert "c1" not in squares            # CAT of south's letters alone: refused
    assert "c3" in squares                # CAT with north's C: allowed, and takes it
    assert "c1" in _lay(library, "word-25", own, "T/Y")[0]


def test_word_25_a_letter_that_fits_nowhere_is_kept(library):
    """Our reading (sources row words.forbid_own_words:kept): with every other square
    full, a T that would spell CAT of one's own letters is kept in the hand."""
    full = {rank: " ".join(["Z/Bv"] * 8) for rank in range(2, 9)}
    full[1] = "C/R^ A/R^ . Z/Bv Z/Bv Z/Bv Z/Bv Z/Bv"
    _, moves = _lay(library, "word-25-no-own-words", full, "T/Y")
    assert moves == [Move.keep("T/Y")]


def test_word_25_on_letters_takes_only_top_letters(library):
    """Seed001, word game 25, its variant of letters on letters: "Or it can be authorized
    to remove from the game board only top letters of piles" (the main variant takes the
    bottom letters "together with top letters")."""
    # North's C lies on south's Q; south's A beside it; south lays T on c1: CAT.
    rows = {1: "Q/R^+C/Gv A/R^ . . . . . ."}
    layout = Layout.from_rows("board-a", rows, hands=Hands().with_hand(
        Side.SOUTH, Hand(held=(parse_item("T/Y"),))))
    lay = Move.lay("T/Y", "c1")
    top = Rules(library.game("word-25-on-letters-top"), library.board("board-a"),
                WORDS).play(layout, lay, Side.SOUTH)
    assert [p.card.notation() for p in top.stacks["a1"]] == ["Q/R"]
    assert [c.notation() for c in top.hands.of(Side.SOUTH).taken] == ["C/G"]
    whole = Rules(library.game("word-25-on-letters"), library.board("board-a"),
                  WORDS).play(layout, lay, Side.SOUTH)
    assert whole.top("a1") is None


# --- basic game 48 (seed000) ----------------------------------------------------------

def test_basic_48_own_cards_pressed_and_piles_counted_by_value(library):
    """Seed000, card game 48: "it can be authorized to press not only on playing cards of
    the opponent, but also on own playing cards. Thus count up the sums of values of
    playing cards of a pile belonging to players"."""
    board = library.board("board-a")
    # South's 4R and 4B side by side, north's 30R in line with 1R.
    rows = {2: ". 4R^ 4B^ . . . . .", 4: ". . . . . . . 1R^", 6: ". . . . . . . 30Rv"}
    own = Move(MoveKind.PRESS, "b2", "c2")
    assert {own, Move(MoveKind.PRESS, "h4", "h6")} <= set(_moves(library, "basic-48-own", rows))
    assert own not in _moves(library, "basic-48", rows)
    game = library.game("basic-48-own")
    layout = Rules(game, board).play(Layout.from_rows("board-a", rows), own)
    layout = Rules(game, board).play(layout, Move(MoveKind.PRESS, "h4", "h6"))
    # South's piles: 4B+4R (8) and 30R+1R (3 + 1, the zero does not count); north has none.
    assert goal_rule(game, board).scores(layout) == {Side.SOUTH: 12, Side.NORTH: 0}
    # The main game counts the opponent's cards under one's own: one.
    assert goal_rule(library.game("basic-48"), board).scores(layout) == {Side.SOUTH: 1,
                                                                  Side.NORTH: 0}
    verdict = judge(goal_rule(game, board), layout, to_move=Side.NORTH, moves=[],
                    opponent_moves=[])
    assert verdict.over and verdict.winner is Side.SOUTH
    assert "values in piles topped by its own card: south 12, north 0" in verdict.reason


def test_word_2_seated_each_player_reads_his_own_way(library):
    """Seed001, word game 2: "players can read words in any directions as in two above
    games, but in some games for each player any certain direction of reading of words can
    be authorized" (the direction, from each player's own edge, is our reading)."""
    seated, main = library.game("word-2-seated"), library.game("word-2")

    def after(game, rows, move):
        return Rules(game, library.board("board-a"),
                     WORDS).play(Layout.from_rows("board-a", rows), move)

    # South's C makes T-A-C on a3-c3: CAT only read right to left, against south's way.
    backwards = {3: "T/Yv A/R^ . . . . . .", 2: ". . C/R^ . . . . ."}
    assert after(main, backwards, Move(MoveKind.MOVE, "c2", "c3")).top("a3") is None
    assert after(seated, backwards, Move(MoveKind.MOVE, "c2", "c3")).top("a3") is not None
    # South's T makes C-A-T on a3-c3, left to right as south sits: it takes north's C.
    forwards = {3: "C/Yv A/R^ . . . . . .", 2: ". . T/R^ . . . . ."}
    assert after(seated, forwards, Move(MoveKind.MOVE, "c2", "c3")).top("a3") is None
    # North sits across the board: T-A-C on a6-c6 reads CAT from his side, and takes.
    north = {6: "T/R^ A/Yv . . . . . .", 7: ". . C/Yv . . . . ."}
    assert after(seated, north, Move(MoveKind.MOVE, "c7", "c6")).top("a6") is None


# --- basic game 52 (seed000) ----------------------------------------------------------

def test_basic_52_values_counts_the_values_left_in_hand(library):
    """Seed000, card game 52: "loss can be defined the sum of values of playing cards,
    which players could not lay out ... if the player could not put, we admit, the two and
    unit his loss is less, than at the player who could not put the eight"."""
    board = library.board("board-a")
    # The pile is used up: south is left with a 2 and a 1, north with one 8 (80: no zero).
    layout = Layout.from_rows("board-a", {1: ". . . . . . . ."}, hands=Hands(
        south=Hand(held=parse_items("2Y 1R")), north=Hand(held=parse_items("80G"))))
    values = judge(goal_rule(library.game("basic-52-values"), board), layout, to_move=Side.SOUTH,
                   moves=[], opponent_moves=[])
    assert values.over and values.winner is Side.SOUTH
    assert "values left in hand: south 3, north 8" in values.reason
    cards = judge(goal_rule(library.game("basic-52"), board), layout, to_move=Side.SOUTH, moves=[],
                  opponent_moves=[])
    assert cards.over and cards.winner is Side.NORTH  # two cards lose to one


# --- basic game 65 (seed000) ----------------------------------------------------------

def test_basic_65_closed_is_a_patience_of_one_player(library):
    """Seed000, card game 65: "Game can be a patience (puzzle). ... If playing cards settle
    down in closed rules of a patience are similar to the main variant of game": one
    player opens all three ones; the combination leaves and the board is clear."""
    rows = {1: "(1R) (1Y) (1G) . . . . ."}

    def opened(game):
        position = Position(Rules(library.game(game), library.board("board-a")),
                            Layout.from_rows("board-a", rows))
        for text in ("a1=", "b1=", "c1="):
            position.push_text(text)
        return position.outcome()

    patience = opened("basic-65-closed")
    assert patience.over and patience.solved and patience.left == 0
    game = opened("basic-65")  # two players: south opened the first and third, and took
    assert game.over and game.winner is Side.SOUTH and game.left is None


def test_basic_4_queen_slides_from_a_safe_start(library):
    """Seed000, card game 4: "Distance of moving of playing cards for one course can be
    any number of squares ... but initial game positions from which playing cards can not
    beat the first course a playing card of the opponent are necessary"."""
    rows = _rows({"d2": "3R^", "h8": "(10B)v", "a8": "40Gv"})
    assert Move(MoveKind.MOVE, "d2", "d6") in _moves(library, "basic-4-queen", rows)
    assert Move(MoveKind.MOVE, "d2", "d6") not in _moves(library, "basic-4", rows)
    assert load_layout_file(library, "basic-4-queen-start").problems() == []
    # Basic 4's own (shuffled) start lets a card be taken at once under long moves.
    shuffled = load_layout_file(library, "basic-4-start", "basic-4-queen").problems()
    assert shuffled and all("taken" in v.message for v in shuffled)
