"""Issue 25, a rule booklet that teaches: every rule paragraph names its source, one term per
concept (templates/booklets/terms.toml), no program words outside the colophon, the author
credited, examples of play that replay through the rule engine to what their text says, and
Russian typography read back from the PDF."""
from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pypdfium2
import pytest

from built_booklets import set_booklet
from generator.io.booklets import load_booklet
from generator.io.layouts import load_layout_file
from generator.model.booklet import Booklet, Bullets, Chapter, FigureRef, Paragraph, Table
from generator.model.letters import LetterCard
from generator.rules.games import Capture
from generator.rules.move import MoveKind

ROOT = Path(__file__).resolve().parent.parent
TERMS = tomllib.loads((ROOT / "templates" / "booklets" / "terms.toml").read_text("utf-8"))
OPTIONAL = ("ass", "nivernaise", "empress-of-india", "besieged-city")
LANGS = ("en", "ru")
#: Sections of a game chapter that are not rules: examples and questions.
NOT_RULES = ("example", "faq")
PLAY = {"en": "Example of play", "ru": "Пример партии"}
#: A puzzle of one player has no play against anyone: its example is a solution (issue 39:
#: «Пример партии» for a solitaire).
SOLUTION = {"en": "Example of a solution", "ru": "Пример решения"}
WINS = {"en": r"\b(south|north) wins\b", "ru": r"\b(юг|север) выиграл\b"}
SOLVED = {"en": r"\bthe puzzle is solved\b", "ru": r"\bголоволомка решена\b"}
#: The games whose examples show an opening from the start rather than a whole game.
OPENINGS = frozenset({"basic-48", "initial-5"})


@pytest.fixture(scope="module")
def booklets(library) -> dict[str, list[Booklet]]:
    return {lang: [load_booklet(library, lang), load_booklet(library, lang, OPTIONAL)]
            for lang in LANGS}


def _chapters(booklets: list[Booklet]) -> Iterator[Chapter]:
    seen = set()
    for booklet in booklets:
        for chapter in booklet.chapters:
            if chapter.key not in seen:
                seen.add(chapter.key)
                yield chapter


def _printed(chapter: Chapter) -> Iterator[tuple[str, str]]:
    """(section id, text) for every piece of printed text of *chapter*."""
    yield "", chapter.title
    if chapter.turn is not None:
        yield from (("turn", line) for line in chapter.turn.lines)
    if chapter.course is not None:
        yield from (("course", line) for line in (chapter.course.heading,
                                                   *chapter.course.lines))
    for section in chapter.sections:
        yield section.key, section.heading
        for block in section.blocks:
            if isinstance(block, Paragraph):
                yield section.key, block.text
            elif isinstance(block, Bullets):
                yield from ((section.key, item) for item in block.items)
            elif isinstance(block, Table):
                yield from ((section.key, cell) for row in block.rows for cell in row)
            elif isinstance(block, FigureRef):
                yield section.key, block.caption


# --- sources ---------------------------------------------------------------------------------

def test_every_rule_paragraph_names_its_source(booklets):
    """Each section of a game chapter (but its examples), of Ass, of the patiences and of
    the general rules carries a source: the seed and the passage, or the project's choice
    said as such."""
    for lang in LANGS:
        for chapter in _chapters(booklets[lang]):
            if chapter.game is None and chapter.key not in ("rules", *OPTIONAL):
                continue
            for section in chapter.sections:
                if section.key in NOT_RULES:
                    continue
                # Ass (seed 003) and the patiences (seed 004) also cite the reading of
                # other_games.md where the seed is garbled or stops short.
                expected = (r"seed00[34]" if chapter.key in OPTIONAL else r"seed00[0-4]|project")
                assert re.search(expected, section.source), (lang, chapter.key, section.key)


def test_a_rule_paragraph_without_a_source_is_caught(library, tmp_path):
    """The reader keeps the source; a section without one has an empty source."""
    from generator.io.booklets import load_chapter
    path = tmp_path / "mine.toml"
    path.write_text('title = "Mine"\ngame = "basic-1"\n\n[[section]]\nid = "aim"\n'
                    'text = "Win."\n\n[[section]]\nid = "end"\nsource = "seed000, game 1"\n'
                    'text = "End."\n', encoding="utf-8")
    chapter = load_chapter(library, path)
    assert [s.source for s in chapter.sections] == ["", "seed000, game 1"]


# --- words -----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_one_term_per_concept_and_no_program_words(booklets, lang):
    tools = TERMS["tool"]["words"]
    for chapter in _chapters(booklets[lang]):
        # The board's terms do not apply to the traditional cards of Ass and the patiences
        # (card ranks, rows of a tableau).
        avoid = [(t["concept"], p) for t in TERMS["term"] for p in t.get(f"{lang}_avoid", [])
                 if not (t.get("board") and chapter.key in OPTIONAL)]
        for key, text in _printed(chapter):
            for concept, pattern in avoid:
                assert not re.search(r"(?<!\w)" + pattern, text, re.IGNORECASE), \
                    (lang, chapter.key, key, concept, text)
            if (chapter.key == "credits" and key in ("colophon", "positions", "programme")
                    or chapter.key == "programme"):
                continue
            # About's credits say what a variant's name in brackets is: its name in the
            # program (fourth review, r-main 1: the Russian said it only in the colophon).
            named = ("программ",) if (chapter.key, key) == ("credits", "credits") else ()
            for word in (w for w in tools if w not in named):
                assert word.lower() not in text.lower(), (lang, chapter.key, key, word, text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_names_only_the_games_the_booklet_holds(booklets, lang):
    default, optional = booklets[lang]
    glossary = {c.key: c for c in default.chapters}["glossary"]
    assert [s.key for s in glossary.sections] == ["terms"]
    # Ass and the patiences alone: no board game, so none of the board system's terms.
    glossary = {c.key: c for c in optional.chapters}["glossary"]
    assert [s.key for s in glossary.sections] == ["ass", "patiences"]


def test_the_author_the_fonts_and_the_project_are_credited(booklets):
    for lang, author in (("en", "Sergey Leonidovich Panfilov"),
                         ("ru", "Сергей Леонидович Панфилов")):
        booklet = booklets[lang][0]
        assert booklet.chapters[0].key == "credits"
        text = " ".join(t for _, t in _printed(booklet.chapters[0]))
        assert author in text and "DejaVu Sans" in text and "opencards" in text
        assert any("Panfilov" in line or "Панфилов" in line for line in booklet.title_lines)


def test_the_booklet_opens_with_what_you_need_and_which_game_first(library, booklets):
    # A newcomer learns what the kit holds (with counts that are the templates') and which
    # game to play first, before the credits.
    first = {"en": ("basic game 1", "initial game 1", "word game 1"),
             "ru": ("базовую игру 1", "начальной игры 1", "игры в слова 1")}
    for lang in LANGS:
        section = booklets[lang][0].chapters[0].sections[0]
        assert section.key == "start" and section.source
        text = " ".join(b.text for b in section.blocks if isinstance(b, Paragraph))
        for name in ("pack1", "pack2", "simple1", "simple2", "latin1", "latin2", "cyrillic"):
            assert len(library.source(name).cards) == 32, name
        assert len(re.findall(r"\b32\b", text)) >= 3 and "64" in text, text
        positions = [text.index(game) for game in first[lang]]
        assert positions == sorted(positions), (lang, positions)


# --- the kit's marks, the quick reference, the system's size (issue 39) ------------------------

def _section_text(booklet: Booklet, chapter: str, section: str) -> str:
    found = next(s for c in booklet.chapters if c.key == chapter for s in c.sections
                 if s.key == section)
    return " ".join(b.text if isinstance(b, Paragraph) else
                    " ".join(b.items) if isinstance(b, Bullets) else
                    " ".join(" ".join(row) for row in b.rows) if isinstance(b, Table) else ""
                    for b in found.blocks)


MARKS = {"en": ("dagger", "dark circles"), "ru": ("кинжал", "тёмные кружки")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_test_cards_are_told_apart_by_the_dagger_or_the_dark_circles(booklets, lang):
    """seed000, card game 1: test cards "differ with presence/absence of a dagger on the back"
    (one pack split in two groups); card game 4: each player tells his pack "by means of
    presence/absence of dark circles on the back"; seed002: the decks differ by "la
    présence/l'absence des circonférences d'une couleur obscure". The booklet once gave the
    dagger for every game."""
    for chapter, section in (("rules", "test-cards"), ("rules", "faq"), ("equipment", "whose")):
        text = _section_text(booklets[lang][0], chapter, section)
        assert all(mark in text for mark in MARKS[lang]), (lang, chapter, section)


COVERS = {"en": ("Initial game 1", "covers"), "ru": ("Начальная 1", "накрывает")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_quick_reference_gives_initial_game_1_its_own_covering_rule(booklets, lang):
    """seed002, jeu 1: "Une carte peut couvrir seulement les cartes de la même couleur et
    seulement si sa valeur est supérieure" and no square trumps (a colourless board); the
    quick reference once gave every game basic game 1's trumps."""
    text = _section_text(booklets[lang][0], "reference", "beating")
    assert all(word in text for word in COVERS[lang]), lang


@pytest.mark.parametrize("lang", LANGS)
def test_the_booklet_says_how_many_games_the_system_has(booklets, lang):
    """seed000: "the basic version describes 108, and basic and full versions 162 various card
    games. In the initial version it is described 12"; seed001: "In total 33 games and 6
    puzzles are described in rules"."""
    text = _section_text(booklets[lang][0], "credits", "credits")
    for number in ("108", "162", "12", "33", "6"):
        assert re.search(rf"(?<!\d){number}(?!\d)", text), (lang, number)


# --- variants --------------------------------------------------------------------------------

#: Chapters whose Variants section names every variant game the engine has for them (issue
#: 39). seed001, word game 1: "• Distance of moving for one course can be one square ... chess
#: king" (word-1-king); word game 2: "it can be authorized to make two-letter words"
#: (word-2-two-letter), "Distance of moving ... any number of squares" (word-2-queen), "for
#: each player any certain direction of reading of words can be authorized" (word-2-seated);
#: word puzzle 5: "• The puzzle can be a game" (word-puzzle-5-duel).
NAMES_EVERY_VARIANT = ("word-1", "word-2", "word-puzzle-5")
VARIANT_NAME = re.compile(r"\(([a-z0-9]+(?:-[a-z0-9]+)+)\)")
#: A Variants section's (unprinted) source pairs each variant's printed label with the game
#: the program plays it as: "as opencards games: King steps, word-1-king; ...".
PLAYED_AS = re.compile(r"([^:;]+), ([a-z0-9]+(?:-[a-z0-9]+)+)(?=[;.])")


def _played_as(source: str) -> dict[str, str]:
    """The variant games a Variants section's source names, each with its printed label."""
    if "as opencards games:" not in source:
        return {}
    return {name.strip(): label.strip() for label, name in
            PLAYED_AS.findall(source.split("as opencards games:")[1])}


@pytest.mark.parametrize("lang", LANGS)
def test_variants_name_the_variant_games_the_engine_plays(library, booklets, lang):
    """The appendix's table "Variants in the program" gives each variant's program name (sixth
    review, r-main-en 4: the rules name variants in plain words only): each name is a game
    that extends a game of the booklet, so a reader can play it, its label is the start of an
    item of that game's Variants section, and the word chapters' every such game that has no
    chapter of its own is in the table."""
    games = {name: tomllib.loads(path.read_text("utf-8"))
             for name, path in library.files("game").items()}
    chapters = {c.game: c for c in booklets[lang][0].games}
    appendix = next(c for c in booklets[lang][0].chapters if c.key == "programme")
    table = next(b for s in appendix.sections for b in s.blocks if isinstance(b, Table))
    named = {row[2]: row[1] for row in table.rows[1:]}
    for name, label in named.items():
        base = games.get(name, {}).get("extends")
        assert base in chapters, (lang, name)
        variants = next(s for s in chapters[base].sections if s.key == "variants")
        items = [i for b in variants.blocks if isinstance(b, Bullets) for i in b.items]
        assert any(i.startswith(f"{label}:") for i in items), (lang, name, label)
    for game in NAMES_EVERY_VARIANT:
        variants = {n for n, g in games.items() if g.get("extends") == game} - set(chapters)
        assert variants and variants <= set(named), (lang, game, variants - set(named))


@pytest.mark.parametrize("lang", LANGS)
def test_variants_print_plain_names_and_the_sources_pair_them_with_the_program(
        library, booklets, lang):
    """A variant a Variants section pairs with a game of the program is a game that extends
    the chapter's game, so a reader can play it; the word chapters print every such game that
    has no chapter of its own, under its plain name (sixth review r-main-en 4: the program's
    codes in brackets were program details in a player's rulebook; an appendix tables them),
    and the Russian chapter lists as many variants as the English."""
    games = {name: tomllib.loads(path.read_text("utf-8"))
             for name, path in library.files("game").items()}
    chapters = [c for c in booklets[lang][0].games]
    english = {c.key: c for c in booklets["en"][0].games}
    own = {c.game for c in chapters}
    for chapter in chapters:
        section = next((s for s in chapter.sections if s.key == "variants"), None)
        items = [] if section is None else [
            item for b in section.blocks if isinstance(b, Bullets) and not b.numbered
            for item in b.items]
        named = _played_as("" if section is None else section.source)
        for name in named:
            assert games.get(name, {}).get("extends") == chapter.game, (lang, chapter.key, name)
        assert not any(VARIANT_NAME.search(item) for item in items), (lang, chapter.key)
        if chapter.game in NAMES_EVERY_VARIANT:
            variants = {n for n, g in games.items() if g.get("extends") == chapter.game} - own
            assert variants and variants <= set(named), (lang, chapter.key, variants - set(named))
            en = english[chapter.key]
            en_items = [item for s in en.sections if s.key == "variants" for b in s.blocks
                        if isinstance(b, Bullets) and not b.numbered for item in b.items]
            assert len(items) == len(en_items), (lang, chapter.key)
            for label in named.values():
                assert any(item.startswith(f"{label}:") for item in en_items), (chapter.key,
                                                                               label)


# --- examples --------------------------------------------------------------------------------

#: A card leaving the board is written c7-off in English and c7-вне ("outside") in Russian
#: (the notation chapter's table; session-20 Russian review 5: c7-за read as unfinished):
#: the engine plays both as c7-off.
MOVE = r"[a-h][1-8](?:(?:[-x+][a-h][1-8])+|-off|-вне|~|=)"
NUMBERED = re.compile(rf"(?<![\w.])(\d+)\.\s+({MOVE}(?:\s+{MOVE})*)")


def _example_moves(chapter: Chapter) -> tuple[list[str], str, list[FigureRef]]:
    """The numbered moves of a chapter's example, in order, its text and its figures."""
    section = next(s for s in chapter.sections if s.key == "example")
    text = " ".join(b.text for b in section.blocks if isinstance(b, Paragraph))
    by_number: dict[int, list[str]] = {}
    for number, moves in NUMBERED.findall(text):
        plies = moves.replace("-вне", "-off").split()
        # A move quoted again later in the prose must agree with its first writing.
        known = by_number.setdefault(int(number), plies)
        assert known[:len(plies)] == plies, (chapter.key, number)
    assert sorted(by_number) == list(range(1, len(by_number) + 1)), chapter.key
    moves = [ply for n in sorted(by_number) for ply in by_number[n]]
    figures = [b for b in section.blocks if isinstance(b, FigureRef)]
    return moves, section.heading + "\n" + text, figures


@pytest.mark.parametrize("lang", LANGS)
def test_every_example_replays_through_the_rule_engine_to_what_it_says(library, booklets,
                                                                      lang):
    played = {}
    for chapter in booklets[lang][0].games:
        moves, text, figures = _example_moves(chapter)
        assert moves and figures and figures[-1].layout, chapter.key
        # An example that jumps to late in a long game (basic 48) may first show an
        # opening from the game's start on its own layout: those moves replay too.
        main = next(k for k, f in enumerate(figures) if f.layout == figures[-1].layout)
        for opening in figures[:main]:
            assert opening.layout and opening.moves, (chapter.key, opening.where)
            before = load_layout_file(library, opening.layout).position()
            assert [before.push_text(m) for m in opening.moves.split()], opening.where
            assert all(m in text for m in opening.moves.split()), opening.where
        figures = figures[main:]
        start = load_layout_file(library, figures[0].layout)
        position = start.position()
        plies = [position.push_text(m) for m in moves]
        for figure in figures:
            assert figure.layout == figures[0].layout
            drawn = (figure.moves or "").split()
            assert drawn == moves[:len(drawn)], (chapter.key, figure.where)
        # Examples use the reader's alphabet.
        letters = "".join(p.card.letter for _, p in start.layout.pieces()
                          if isinstance(p.card, LetterCard))
        alphabet = {"en": r"[A-Z]*", "ru": r"[А-ЯЁ]*"}[lang]
        assert re.fullmatch(alphabet, letters), chapter.key
        if chapter.game and chapter.game.startswith("word"):
            # A word game's example forms a word: it takes letters or turns one round.
            assert any(p.took for p in plies) or any(m.endswith("~") for m in moves), \
                chapter.key
        verdict = position.outcome()
        # Every game's example is a whole game (or its end, from a later position): a
        # capture on the way, a diagram every two or three moves, and the finish the text
        # announces.
        heading = SOLUTION[lang] if start.game.players == 1 else PLAY[lang]
        assert text.startswith(heading + "\n"), chapter.key
        # (Initial game 5 and the puzzle take nothing: cards step, jump or turn.)
        if start.game.movement.capture is not Capture.NONE:
            assert any(p.took or p.move is not None and p.move.kind is MoveKind.PRESS
                       for p in plies[:-1]), chapter.key
        numbered = (len(moves) + 1) // 2
        assert len(figures) >= numbered // 3, chapter.key
        if chapter.key in OPENINGS:
            # Games 48 and initial 5 run to dozens of moves: their examples play the first
            # moves from the start (issue 39, sixth review: not a made-up ending), so the
            # game goes on and the text names no winner.
            assert not verdict.over and not re.search(WINS[lang], text), chapter.key
            played[chapter.key] = verdict
            continue
        if verdict.left is not None:
            # A puzzle of one player: solved, as the text says.
            assert verdict.solved and re.search(SOLVED[lang], text), chapter.key
        else:
            said = re.search(WINS[lang], text)
            assert verdict.over and said and verdict.winner is not None, chapter.key
            winner = {"south": "south", "north": "north", "юг": "south", "север": "north"}
            assert verdict.winner.value == winner[said.group(1)], chapter.key
        played[chapter.key] = verdict
    assert all(v.over for k, v in played.items() if k not in OPENINGS), played
    assert len(played) == 10 and OPENINGS <= set(played), played


#: The example of basic game 1 is won against the best defence (issue 39, last review: five of
#: six examples were won because the loser blundered). Its card of attack and the side it wins for.
DEFENDED = {"basic-1": "5R"}


def _attacker_wins(position, card: str, moves: int, *, only_card: bool) -> bool:
    """Whether south, to move, lands on north's test card within *moves* moves of its own
    whatever north replies; with *only_card*, moving no card but *card* (a win found so is a
    win: north's replies are never narrowed)."""
    if moves < 1:
        return False
    tried = [m for m in position.legal_moves()
             if not only_card or position.layout.top_written(m.origin).card.notation() == card]
    for move in tried:
        position.push(move)
        verdict = position.outcome()
        position.pop()
        if verdict.over and verdict.winner is not None and verdict.winner.value == "south":
            return True
    if moves == 1:
        return False
    for move in tried:
        position.push(move)
        won = not position.is_over() and _defender_loses(position, card, moves - 1,
                                                           only_card=only_card)
        position.pop()
        if won:
            return True
    return False


def _defender_loses(position, card: str, moves: int, *, only_card: bool) -> bool:
    """Whether every reply of north's, to move, lets south win within *moves* moves."""
    for reply in position.legal_moves():
        position.push(reply)
        lost = not position.is_over() and _attacker_wins(position, card, moves,
                                                         only_card=only_card)
        position.pop()
        if not lost:
            return False
    return True


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_the_example_of_basic_game_1_is_won_against_the_best_defence(library, booklets, lang):
    """Each reply of north's in the example is a best try: before it, every legal reply lets
    south win within the moves the example still gives south (proved through the rule engine
    with south moving its one card of attack), and after it south cannot win sooner (every south
    move tried), so no reply lasts longer than the one played. Seed000, card game 1: 'Game is
    finished, when one of players will beat a test playing card of the opponent'."""
    for key, card in DEFENDED.items():
        chapter = next(c for c in booklets[lang][0].games if c.key == key)
        moves, text, figures = _example_moves(chapter)
        position = load_layout_file(library, figures[-1].layout).position()
        assert position.turn.value == "south" and len(moves) % 2 == 1, key
        for number, move in enumerate(moves):
            if number % 2:
                left = (len(moves) - number) // 2
                assert _defender_loses(position, card, left, only_card=True), (key, move)
                position.push_text(move)
                assert not _attacker_wins(position, card, left - 1, only_card=False), (key, move)
            else:
                position.push_text(move)
        verdict = position.outcome()
        assert verdict.over and verdict.winner is not None and verdict.winner.value == "south"
        assert re.search(WINS[lang], text), key


# --- Russian typography in the PDF -----------------------------------------------------------

@pytest.fixture(scope="module")
def russian_lines(library) -> list[str]:
    made = set_booklet(library, "ru", OPTIONAL[:1] + ("basic-1", "basic-4", "word-1"))
    pdf = pypdfium2.PdfDocument(made.pdf)
    lines = []
    for page in pdf:
        text = page.get_textpage().get_text_range()
        lines += [line for line in re.split(r"\r?\n", text) if line.strip()]
    return lines


ONE_LETTER = set("абвжикосуяАБВЖИКОСУЯ")
PREPOSITIONS = {"на", "с", "со", "в", "во", "до", "по", "через", "за", "из", "от", "к", "у"}


def test_russian_lines_never_end_in_a_one_letter_word_or_a_preposition_before_a_square(
        russian_lines):
    for line, after in zip(russian_lines, russian_lines[1:]):
        words = line.split()
        if len(words) < 4:
            continue  # a heading, a caption's tail or the letters of a figure
        last = words[-1] if words else ""
        assert last not in ONE_LETTER, (line, after)
        if last.lower() in PREPOSITIONS:
            assert not re.match(r"[a-h][1-8]\b", after), (line, after)


def test_russian_minus_quotes_dashes_and_yo(russian_lines):
    text = "\n".join(russian_lines)
    assert "\u22121" in text and not re.search(r"(?<![\w\-])-\d", text)  # Ass: 6 is −1
    assert "«" in text and "»" in text and '"' not in text
    for m in re.finditer("—", text):
        before, after = text[m.start() - 1], text[m.end():m.end() + 1]
        assert before in " \n" and after in " \n\r", text[m.start() - 20:m.end() + 20]
    for word in ("ее", "еще", "идет", "встает", "четверка", "пятерка", "желт", "зелен",
                 "черн", "трех"):
        assert not re.search(rf"(?<!\w){word}", text, re.IGNORECASE), word
    assert "её" in text and "жёлт" in text


# --- the session-16 RU review: rules as the seeds word them ----------------------------------

# Second review of session 17 (r-en 7): the seed joins the two with "and", so conceding as a
# second way to end is printed as our reading (sources row basic-48 goal:concede).
RESIGNS = {"en": r"A player may also concede, and loses \(our reading \d+\)",
           "ru": r"Игрок может и сдаться — тогда он проиграл \(наше толкование \d+\)"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_player_who_concedes_game_48_loses_and_the_count_decides_only_otherwise(booklets,
                                                                                  lang):
    """seed000, card game 48: the game is finished when the cards "can not be imposed against
    each other and when the losed player recognizes the defeat": a player who concedes has
    lost. The booklet once let the count decide after a concession too."""
    text = " ".join(_section_text(booklets[lang][0], "basic-48", "end").split())
    assert re.search(RESIGNS[lang], text), (lang, text)


TRY = {"en": "suggest trying to place the cards on squares of their own colour",
       "ru": "предлагают попробовать поставить карты на поля своего цвета"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_queen_move_start_on_own_colours_is_a_suggestion_to_try(booklets, lang):
    """seed000, after card game 4, for any game with queen moves: "It is possible to try to have
    playing cards in trump positions on squares with the appropriate colour" — something to
    try, not advice the rules give."""
    text = " ".join(_section_text(booklets[lang][0], "basic-1", "variants").split())
    assert TRY[lang] in text, lang


# (Eighth review, r-main-en: the ban is printed as a numbered reading with its note.)
FORBIDDEN = {"en": ("Two-letter words do not count (our reading",
                    "with queen moves two-letter words may be forbidden"),
             "ru": ("Слова из двух букв не считаются (наше толкование",
                    "при ходах ферзя слова из двух букв можно запретить")}


@pytest.mark.parametrize("lang", LANGS)
def test_word_2_queen_forbids_two_letter_words_as_our_variant_the_engine_plays(library,
                                                                               booklets, lang):
    """seed001, word game 2: "Distance of moving of letters for one course can be any number of
    squares ... provided that in this case it can be forbidden to make two-letter words". The
    rules allow the ban; word-2-queen takes it (a word needs three letters), and the booklet
    says so as our reading rather than as the rule."""
    assert library.game("word-2-queen").word_length == 3
    assert library.game("word-2-two-letter").word_length == 2
    text = " ".join(_section_text(booklets[lang][0], "word-2", "variants").split())
    assert all(part in text for part in FORBIDDEN[lang]), (lang, text)


# (Third review, r-en 4: the English no longer nests a semicolon in the brackets.)
ONE = {"en": "two players who know the rules (one for the puzzle)",
       "ru": "(для головоломки — для одного)"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_colophon_gives_the_one_player_puzzle_its_playing_time(booklets, lang):
    """seed001, word puzzle 5 is played alone ("The puzzle consists that a player moves
    letters"; that it "can be a game" of two is a variant); the colophon
    once said every banner's length was for two players, under a banner that says one."""
    puzzle = next(c for c in booklets[lang][0].games if c.game == "word-puzzle-5")
    assert puzzle.banner is not None and puzzle.banner.players == 1
    text = " ".join(_section_text(booklets[lang][0], "credits", "credits").split())
    assert ONE[lang] in text, lang


# Fourth review, r-main 7: "but test cards beat" left what they beat unsaid.
TEST_CARD_BEATS = {"en": "in game 4 they do not, but a test card beats any card",
                   "ru": "в игре 4 нет, но пробная бьёт любую"}
#: Both languages name the term in the games table (fifth review r-main F2: «за середину»
#: beside «средняя линия» everywhere else); the Russian cell takes two lines for it.
CROSSING = {"en": "| across the middle line |", "ru": "| за среднюю линию |"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_quick_reference_says_what_a_test_card_of_game_4_beats(booklets, library, lang):
    """seed000, card game 4: with equal values cancelled "it is necessary to allow to test
    playing cards to beat any playing cards of the opponent on any squares of the game
    board". The quick reference says so, and the engine's game 4 does it: north's face-down
    test card 10B beats each of south's cards, the test card 1R too (our reading, sources
    row basic-4 beating.test_cards_beat:onto-test), on a square of every colour. Initial game
    1's column names the middle line in both languages (one term per concept)."""
    from generator.model.cards import COLOURS
    from generator.model.layout import Piece
    from generator.rules import beats
    text = " ".join(_section_text(booklets[lang][0], "reference", "beating").split())
    assert TEST_CARD_BEATS[lang] in text, lang
    rows = next(s for c in booklets[lang][0].chapters if c.key == "reference"
                for s in c.sections if s.key == "games")
    table = next(b for b in rows.blocks if isinstance(b, Table))
    assert any(CROSSING[lang].strip("| ") in row for row in table.rows), lang
    rules = library.game("basic-4").beating
    test_card = Piece.from_notation("(10B)v")
    south = [Piece.from_notation(f"{v}{c}^") for v in range(1, 5) for c in "RYGB"
             if f"{v}{c}" != "1R"] + [Piece.from_notation("(1R)^")]
    for square in COLOURS:
        assert all(beats(test_card, card, on=square, rules=rules) for card in south), square
