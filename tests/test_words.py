"""Words on the board, what a move captures with them, and where word lists come from."""
from __future__ import annotations

import pytest

from generator.cli import cli
from generator.model.layout import Layout
from generator.rules import Move, MoveKind, captured_letters, find_words
from generator.io.wordlists import default_word_list, read_word_file
from generator.rules.bound import Rules

WORDS = frozenset({"CAT", "TAC", "ACT", "AT", "TO", "DOG", "GOD", "CATS"})


def _found(layout: Layout, **kwargs: object) -> list[str]:
    return [w.notation() for w in find_words(layout, WORDS, **kwargs)]  # type: ignore[arg-type]


def test_words_in_all_eight_directions_without_gaps():
    layout = Layout.from_rows("board-a", {
        3: "G/R . . . . . . .",
        2: "O/R . . . . . . .",
        1: "D/R . C/R A/R T/R . . ."})
    assert _found(layout) == ["DOG a1-a3", "CAT c1-e1", "TAC e1-c1", "GOD a3-a1"]
    gap = Layout.from_rows("board-a", {1: "C/R . A/R T/R . . . ."})
    assert _found(gap) == []


def test_diagonals_and_antidiagonals():
    layout = Layout.from_rows("board-a", {3: ". . T/R . . . . .", 2: ". A/R . . . . . .",
                                          1: "C/R . . . . . . ."})
    assert _found(layout) == ["CAT a1-c3", "TAC c3-a1"]
    anti = Layout.from_rows("board-a", {3: "C/R . . . . . . .", 2: ". A/R . . . . . .",
                                         1: ". . T/R . . . . ."})
    assert _found(anti) == ["TAC c1-a3", "CAT a3-c1"]


def test_two_letter_words_only_where_a_game_allows_them():
    layout = Layout.from_rows("board-a", {1: "T/R O/R . . . . . ."})
    assert _found(layout) == []
    assert _found(layout, min_length=2) == ["TO a1-b1"]


def test_shorter_words_inside_longer_ones_and_face_down_letters():
    layout = Layout.from_rows("board-a", {1: "C/R A/R T/R S/R . . . ."})
    assert _found(layout) == ["CAT a1-c1", "CATS a1-d1", "TAC c1-a1"]
    hidden = Layout.from_rows("board-a", {1: "C/R (A/R)^ T/R . . . . ."})
    assert _found(hidden, min_length=2) == []


def test_a_mixed_word_takes_the_opponents_letters_only(library):
    made = Layout.from_rows("board-a", {1: "C/Yv A/R^ T/R^ . . . . ."})
    assert captured_letters(made, "c1", WORDS) == ["a1"]
    layout = Layout.from_rows("board-a", {1: "C/Yv A/R^ . . . . . .", 2: ". . T/R^ . . . . ."})
    after = Rules(_game_with_words(), library.board("board-a"),
                  WORDS).play(layout, Move(MoveKind.MOVE, "c2", "c1"))
    assert after.rows() == {1: ". A/R^ T/R^ . . . . ."}
    own = Layout.from_rows("board-a", {1: "C/R^ A/R^ T/R^ . . . . ."})
    assert captured_letters(own, "c1", WORDS) == []


def _game_with_words():
    from generator.rules.games import Game, Removal, Words
    return Game("test", "test", material="letters", words=Words(True, 3, Removal.OPPONENT))


def test_wordfreq_lists_english_and_russian_words():
    english = default_word_list("latin")
    assert {"CAT", "WORD", "GAME", "CARD"} <= set(english.words)
    assert "MR" not in english and "TV" not in english  # abbreviations are dropped
    assert all(len(w) <= 8 for w in english.words) and len(english) > 10000
    russian = default_word_list("cyrillic")
    assert {"КОТ", "СЛОВО", "ИГРА"} <= set(russian.words)
    assert not any("Ё" in w for w in russian.words)
    assert english.source.startswith("wordfreq ")


def test_a_user_word_list_replaces_wordfreq(tmp_path, runner, library):
    path = tmp_path / "mine.txt"
    path.write_text("# my words\nzyx\n\nqat  # a comment\n", encoding="utf-8")
    words = read_word_file(path)
    assert set(words.words) == {"ZYX", "QAT"}
    layout = tmp_path / "letters.toml"
    layout.write_text('kind = "layout"\ntitle = "t"\nboard = "board-a"\ngame = "word-1"\n'
                      '[players]\nsouth = "latin1:red"\nnorth = "latin1:yellow"\n'
                      '[rows]\n1 = "Z/R^ Y/R^ X/Yv . . . . ."\n', encoding="utf-8")
    result = runner.invoke(cli, ["rules", "words", str(layout), "--words", str(path)])
    assert result.exit_code == 0 and result.output == f"ZYX a1-c1\nword list: {path}\n"
    result = runner.invoke(cli, ["rules", "words", str(layout)])
    assert "no words (word list: wordfreq" in result.output and "Hunspell" in result.output


@pytest.mark.parametrize(("text", "message"), [
    ("cat\nno way\n", "line 2: expected one word of letters per line, got 'no way'"),
    ("# only a comment\n", "expected at least one word")])
def test_bad_word_list_is_one_line(tmp_path, runner, text, message):
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(cli, ["rules", "words", "game9-start", "--words", str(path)])
    assert result.exit_code == 1 and message in result.stderr
    assert result.stderr.count("\n") == 1


def test_rules_words_counts_words_as_the_layouts_game_does(runner, tmp_path):
    # Word game 2's stated option, two-letter words, as a game file of one's own: the
    # command follows the layout's game unless --min says otherwise, as figure --show words
    # does.
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "word-2-two.toml").write_text(
        'kind = "game"\nextends = "word-2"\ntitle = "t"\n[words]\nmin_length = 2\n',
        encoding="utf-8")
    path = tmp_path / "words.txt"
    path.write_text("AB\nABC\n", encoding="utf-8")
    layout = tmp_path / "w.toml"
    layout.write_text('kind = "layout"\ntitle = "t"\nboard = "board-a"\ngame = "word-2-two"\n'
                      '[players]\nsouth = "latin1:red"\nnorth = "latin1:yellow"\n'
                      '[rows]\n1 = "A/R^ B/R^ . . . . . ."\n3 = "A/Y^ B/Y^ C/Y^ . . . . ."\n',
                      encoding="utf-8")
    base = ["--templates", str(tmp_path), "rules", "words", str(layout), "--words", str(path)]
    found = runner.invoke(cli, base)
    assert found.output.split("\n")[:3] == ["AB a1-b1", "AB a3-b3", "ABC a3-c3"]
    assert runner.invoke(cli, [*base, "--min", "3"]).output.startswith("ABC a3-c3\nword list")
    # word-2 itself counts three letters or more.
    layout.write_text(layout.read_text(encoding="utf-8").replace("word-2-two", "word-2"),
                      encoding="utf-8")
    assert runner.invoke(cli, base).output.startswith("ABC a3-c3\nword list")


def test_a_word_inside_a_longer_line_of_letters_takes_too():
    """Our reading, sources row word-1 words:inside-a-longer-line (issue 39 review): seed001,
    word game 1, asks only that "letters in words should be a line but between letters
    there should not be free squares", not that the line end at the word. So CAT inside
    the line X-C-A-T-O (no word from end to end) still takes the opponent's C, and a line
    with a free square inside it does not."""
    inside = Layout.from_rows("board-a", {1: "X/R^ C/Yv A/R^ T/R^ O/R^ . . ."})
    assert captured_letters(inside, "d1", WORDS) == ["b1"]
    gap = Layout.from_rows("board-a", {1: "X/R^ C/Yv A/R^ . T/R^ O/R^ . ."})
    assert captured_letters(gap, "e1", WORDS) == []
