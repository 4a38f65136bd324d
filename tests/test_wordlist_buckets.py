"""The word list is read from wordfreq's frequency buckets, not from a dict of every word:
it must hold exactly the words the dict would give above the threshold."""
from __future__ import annotations

import wordfreq

from generator.io.wordlists import MIN_ZIPF, _playable, default_word_list


def test_bucket_reading_keeps_the_words_the_frequency_dict_keeps():
    least = 10 ** (MIN_ZIPF - 9)
    everything = wordfreq.get_frequency_dict("en")
    expected = _playable((w for w, f in everything.items() if f >= least), "latin")
    got = default_word_list("latin").words
    assert got == expected
    assert "CAT" in got and len(got) > 10_000
