"""The word lists' maker reads the whole list as one text; it must keep exactly the words the
plain per-word test keeps (normalise, then 2-8 letters of the script with a vowel)."""
import re

import pytest

from generator.io.wordlists import LONGEST, SCRIPTS, normalise
from generator.io.words.build import MIN_ZIPF, frequency_buckets, playable


def plain(words, script):
    _, letters, vowels = SCRIPTS[script]
    kept = set()
    for raw in words:
        word = normalise(raw)
        if (re.fullmatch(f"[{letters}]{{2,{LONGEST}}}", word)
                and re.search(f"[{vowels}]", word)):
            kept.add(word)
    return frozenset(kept)


EDGES = ["cat", " dog ", "tv", "mr", "a", "abcdefgh", "abcdefghi", "don't", "naïve", "x-ray",
         "bb\n", "\tegg\r", "two words", "ёлка", "Ёж", "км", "дом", "ab\ncd", "", "\n",
         "\u2003moon\u2003", "ÿes", "straße", "ok\x0b", "é"]


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_edge_cases_match_the_plain_test(script):
    assert playable(EDGES, script) == plain(EDGES, script)


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_the_shipped_frequency_list_matches_the_plain_test(script):
    language = SCRIPTS[script][0]
    words = [w for bucket in frequency_buckets(language, 10 ** (MIN_ZIPF - 9))
             for w in bucket]
    kept = playable(words, script)
    assert kept == plain(words, script)
    assert len(kept) > 1000
