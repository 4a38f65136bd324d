"""The word lists are made (generator/io/words/build.py) from wordfreq's frequency buckets,
not from a dict of every word: they must hold exactly the words the dict would give above
the threshold."""
from __future__ import annotations

import wordfreq

from generator.io.wordlists import default_word_list
from generator.io.words.build import MIN_ZIPF, common_words, frequency_buckets, playable


def test_bucket_reading_keeps_the_words_the_frequency_dict_keeps():
    least = 10 ** (MIN_ZIPF - 9)
    everything = wordfreq.get_frequency_dict("en")
    expected = playable((w for w, f in everything.items() if f >= least), "latin")
    common = set(common_words("latin", MIN_ZIPF))
    assert common == expected
    # The dictionary then only takes words away.
    got = default_word_list("latin").words
    assert got < common and "CAT" in got and len(got) > 10_000


def test_the_packed_lists_read_directly_are_wordfreqs_own():
    """Read up to the threshold, the file gives wordfreq's buckets, and no further."""
    least = 10 ** (MIN_ZIPF - 9)
    for language in ("en", "ru"):
        everything = wordfreq.get_frequency_list(language)
        read = frequency_buckets(language, least)
        assert read == everything[:len(read)]
        assert 10 ** (-(len(read) - 1) / 100) >= least > 10 ** (-len(read) / 100)
