"""Issue 39, fifth review, items 2-4: a diagram that says it shows a game under way shows a
position play can reach, or says it is made up.

Seed 000, card game 48: a card goes "on verticals, horizontals or diagonals" any number of
squares, "but can stop only on squares of its own colour"; pressing is the only way a card
comes to lie on a square of another colour, and then it lies on a pile. So in game 48 a
lone card off its side's first two ranks stands on a square of its own colour: the review
found 2Y on green c3, 20B on yellow c6 and 10Y on blue a5 in a figure "in the middle of
basic game 48".
"""
from __future__ import annotations

import pytest

from generator.docs.sequence import play_moves
from generator.io.booklets import load_booklet
from generator.io.layouts import load_layout_file
from generator.model.booklet import FigureRef
from generator.model.layout import Side

LANGS = ("en", "ru")
#: Caption words that claim a position from a game under way, and the words that say a
#: position is made up, by language.
UNDER_WAY = {"en": ("middle of", "late in a game", "near the end", "moves into a game",
                    "moves into basic game", "moves by each player into basic game",
                    "turns) into basic game", "moves by each player from the start",
                    "late in a solution"),
             "ru": ("в ходе", "ближе к концу", "после восьми ходов",
                    "после четырёх ходов")}
MADE_UP = {"en": "made-up", "ru": "составленн"}
START_RANKS = {Side.SOUTH: "12", Side.NORTH: "78"}


def _figures(library, lang: str) -> list[FigureRef]:
    booklet = load_booklet(library, lang)
    return [block for chapter in booklet.chapters for section in chapter.sections
            for block in section.blocks if isinstance(block, FigureRef)]


def _misplaced(position, layout) -> list[str]:
    """The lone cards of a game-48 *layout* off their start ranks on a square of another
    colour: what a queen's slide that stops only on its own colour never leaves."""
    colours = position.board.colours
    found = []
    for square, stack in layout.items():
        card = stack[-1]
        if len(stack) != 1 or card.owner is None or square[1] in START_RANKS[card.owner]:
            continue
        if colours[square] is not card.card.colour:
            found.append(f"{card.card.notation()} on {square}")
    return found


def test_every_game_48_layout_keeps_lone_cards_on_their_colour(library):
    checked = 0
    for name in library.names("layout"):
        position = load_layout_file(library, name)
        if not position.game.name.startswith("basic-48"):
            continue
        checked += 1
        assert _misplaced(position, position.layout) == [], name
    assert checked >= 3  # the start, the pressing example, the ending (and the variants')


def test_the_check_finds_the_position_the_review_found(library):
    """The old pressing example (2Y alone on green c3) fails the check above."""
    from generator.io.layouts import layout_file, layout_from_data
    old = {"kind": "layout", "title": "old", "board": "board-a", "game": "basic-48",
           "players": {"south": "pack1", "north": "pack2"},
           "rows": {"6": ". . 20Bv . . . . .", "5": "10Yv . . . . . . .",
                    "4": ". . . 40Rv+4R^ . . . .", "3": ". . 2Y^ . . . . .",
                    "1": ". 3G^ . . . . . ."}}
    position = layout_file(library, *layout_from_data(library, "old.toml", old))
    assert sorted(_misplaced(position, position.layout)) == ["10Y on a5", "20B on c6", "2Y on c3"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_figure_of_a_game_under_way_is_reached_by_play_or_said_made_up(library, lang):
    """Every figure whose caption speaks of a game under way is drawn from a start the
    engine accepts, through legal moves it replays (the booklet's build replays them too),
    or its caption says the position is made up."""
    claims = 0
    for ref in _figures(library, lang):
        if not ref.layout or not any(w in ref.caption.lower() for w in UNDER_WAY[lang]):
            continue
        claims += 1
        position = load_layout_file(library, ref.layout)
        if MADE_UP[lang] in ref.caption.lower():
            continue
        assert ref.moves, f"{ref.where}: a game under way, drawn from no line of play"
        assert position.problems(start=True) == [], f"{ref.where}: not from a start"
        after = play_moves(position, ref.moves.split())[-1].after
        assert _misplaced(position, after) == []
    # The equipment board and word puzzle 5's late position (the examples of games 48 and
    # initial 5 are played from their starts: see the test below).
    assert claims >= 2


def test_the_pressing_layout_is_the_position_the_booklet_reaches(library):
    """The general rules' pressing figure draws the layout example-pressing (with its
    moves of 4Y); it is the position the equipment board reaches by legal play."""
    refs = _figures(library, "en")
    board = next(r for r in refs if r.layout == "basic-48-start" and r.plain and r.moves)
    assert any(r.layout == "example-pressing" for r in refs)
    reached = play_moves(load_layout_file(library, board.layout), board.moves.split())[-1]
    drawn = load_layout_file(library, "example-pressing").layout
    assert dict(reached.after.items()) == dict(drawn.items())
    assert reached.turn is Side.SOUTH  # the figure shows south's moves, south to move


def _example_boards(library, lang: str, chapter_key: str) -> tuple[str, list[FigureRef]]:
    """The start layout of *chapter_key*'s setup and the board figures of its example."""
    chapter = next(c for c in load_booklet(library, lang).chapters if c.key == chapter_key)
    sections = {s.key: s for s in chapter.sections}
    start = next(b for b in sections["setup"].blocks if isinstance(b, FigureRef))
    boards = [b for b in sections["example"].blocks if isinstance(b, FigureRef) and b.layout]
    assert start.layout
    return start.layout, boards


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("chapter", ["basic-48", "initial-5"])
def test_the_example_is_real_play_from_the_chapters_start(library, lang, chapter):
    """Issue 39, sixth review, items 1-2: the examples of basic game 48 and initial game 5
    jumped to a made-up ending. Each board of the example is now the start of the setup
    section, replayed through legal moves (play_moves refuses an illegal one), and each
    board's moves go on from the board before it."""
    start, boards = _example_boards(library, lang, chapter)
    position = load_layout_file(library, start)
    assert position.problems(start=True) == []
    before: list[str] = []
    assert len(boards) >= 2
    for ref in boards:
        assert ref.layout == start, ref.where
        assert ref.moves, ref.where
        moves = ref.moves.split()
        assert moves[:len(before)] == before, f"{ref.where}: not the game so far"
        play_moves(position, moves)
        before = moves


def test_the_initial_5_example_shows_a_chain_of_jumps_for_each_side(library):
    """Seed 002, jeu de cartes 5: 'Chaque fois une carte peut sauter un nombre de cartes de
    l'adversaire et aussi un nombre de cartes du même joueur' (a chain: our reading,
    sources row movement.step:chain). The example shows a chain over an own card and an
    opponent's card, played from the start."""
    start, boards = _example_boards(library, "en", "initial-5")
    steps = play_moves(load_layout_file(library, start), boards[-1].moves.split())
    chains = {step.side: step.move.notation() for step in steps
              if step.move and step.move.notation().count("-") >= 2}
    assert set(chains) == {Side.SOUTH, Side.NORTH}


@pytest.mark.parametrize("lang", LANGS)
def test_the_worked_count_of_game_48_is_the_engines(library, lang):
    """Seed 000, card game 48: 'Wins pressed on more playing cards of the opponent' (how to
    count: our reading, sources row goal:count). The example's last board, replayed, is
    counted by the engine: north tops the pile on c7 over three south cards, south tops
    none; the text names the same three cards and the score 3 to 0, and describes the
    seven cards of the pile as the engine has them."""
    start, boards = _example_boards(library, lang, "basic-48")
    position = load_layout_file(library, start)
    after = play_moves(position, boards[-1].moves.split())[-1].after
    rules = position.rules()
    assert rules.goal.scores(after) == {Side.NORTH: 3, Side.SOUTH: 0}
    pile = dict(after.items())["c7"]
    south = [p.card.notation() for p in pile[:-1] if p.owner is Side.SOUTH]
    north = [p.card.notation() for p in pile if p.owner is Side.NORTH]
    assert pile[-1].card.notation() == "10R" and len(pile) == 7
    chapter = next(c for c in load_booklet(library, lang).chapters if c.key == "basic-48")
    text = " ".join(b.text for s in chapter.sections if s.key == "example"
                    for b in s.blocks if hasattr(b, "text"))
    count = text[text.index("3 to 0" if lang == "en" else "3:0") - 400:]
    for card in south:
        assert card in count, card
    # "north's 10B, 30G, 40R and 10R and south's 4B, 3Y and 2R": every card of the pile.
    for card in south + north:
        assert card in text
