"""Word 25 with letters laid on letters (word-25-on-letters): a letter may go on a letter
where it makes a word through that square; a pile whose top letter is taken leaves whole."""
from __future__ import annotations

from click.testing import CliRunner

from generator.cli import cli
from generator.io.wordlists import SetWordList
from generator.model.hands import Hand, Hands, parse_item
from generator.model.layout import Layout, Side


from generator.rules.moves import Move, MoveKind
from generator.rules.bound import Rules

WORDS = SetWordList(frozenset({"CAT", "TAB"}), "test")
# North's C and X, south's A: a T laid on the X spells CAT with north's C in it.
ROWS = {1: "C/Gv A/R^ X/Bv . . . . ."}


def _squares(library, game, card, rows=ROWS):
    layout = Layout.from_rows("board-a", rows)
    return Rules(library.game(game), library.board("board-a"),
                 WORDS).lay_squares(layout, parse_item(card), Side.SOUTH)


def test_a_letter_laid_on_a_letter_to_make_a_word(library):
    squares = _squares(library, "word-25-on-letters", "T/Y")
    assert "c1" in squares and "d1" in squares  # on the X, and beside it (no word: free)
    layout = Layout.from_rows("board-a", ROWS, hands=Hands().with_hand(
        Side.SOUTH, Hand(held=(parse_item("T/Y"),))))
    after = Rules(library.game("word-25-on-letters"), library.board("board-a"),
                  WORDS).play(layout, Move.lay("T/Y", "c1"), Side.SOUTH)
    # CAT holds north's C: it leaves; the T stays on the X it covers.
    assert after.top("a1") is None
    assert [p.card.notation() for p in after.stacks["c1"]] == ["X/B", "T/Y"]
    assert [c.notation() for c in after.hands.of(Side.SOUTH).taken] == ["C/G"]


def test_no_letter_on_a_letter_without_a_word_or_the_switch(library):
    # Z makes no word on c1; a1 (C) and b1 (A) make none for T either.
    assert "c1" not in _squares(library, "word-25-on-letters", "Z/Y")
    assert not {"a1", "b1"} & set(_squares(library, "word-25-on-letters", "T/Y"))
    # Plain word 25: letters never go on letters.
    assert "c1" not in _squares(library, "word-25", "T/Y")


def test_rules_play_and_lay_on_a_letter(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("cat\ntab\n")
    path = tmp_path / "pos.toml"
    path.write_text('kind = "layout"\ntitle = "t"\nboard = "board-a"\n'
                    'game = "word-25-on-letters"\n[players]\nsouth = "latin1"\n'
                    'north = "latin2"\n[rows]\n1 = "C/Gv A/R^ X/Bv . . . . ."\n'
                    '[hands.south]\nheld = "T/Y"\n[hands.north]\nheld = "Z/B"\n')
    runner = CliRunner()
    result = runner.invoke(cli, ["rules", "play", str(path), "--moves", "T/Y@c1",
                                 "--words", str(words)])
    assert result.exit_code == 0, result.output
    assert "T/Y@c1" in result.output and "C/G" in result.output
    refused = runner.invoke(cli, ["rules", "play", str(path), "--moves", "T/Y@a1",
                                  "--words", str(words)])
    assert refused.exit_code == 1
    assert "move 1 (T/Y@a1)" in refused.output and "makes a word" in refused.output


def test_the_switch_needs_free_laying_words_and_piles(tmp_path):
    import pytest

    from generator.errors import TemplateError
    from generator.io.templates import Library
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "bad.toml").write_text(  # piles left off
        'kind = "game"\nextends = "word-25"\n[movement]\nlay_on_letters = true\n')
    with pytest.raises(TemplateError, match="lay_on_letters"):
        Library.with_user_dirs([tmp_path]).game("bad")
