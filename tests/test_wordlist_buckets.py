"""The word list is read from wordfreq's frequency buckets, not from a dict of every word:
it must hold exactly the words the dict would give above the threshold."""
from __future__ import annotations

import wordfreq

from generator.io.wordlists import MIN_ZIPF, _common_words, _playable, default_word_list


def test_bucket_reading_keeps_the_words_the_frequency_dict_keeps():
    least = 10 ** (MIN_ZIPF - 9)
    everything = wordfreq.get_frequency_dict("en")
    expected = _playable((w for w, f in everything.items() if f >= least), "latin")
    common = _common_words("latin", MIN_ZIPF)
    assert common == expected
    # The dictionary then only takes words away.
    got = default_word_list("latin").words
    assert got < common and "CAT" in got and len(got) > 10_000


def test_the_packed_lists_read_directly_are_wordfreqs_own():
    """Read up to the threshold, the file gives wordfreq's buckets, and no further."""
    from generator.io.wordlists import _frequency_buckets
    least = 10 ** (MIN_ZIPF - 9)
    for language in ("en", "ru"):
        everything = wordfreq.get_frequency_list(language)
        read = _frequency_buckets(language, least)
        assert read == everything[:len(read)]
        assert 10 ** (-(len(read) - 1) / 100) >= least > 10 ** (-len(read) / 100)


def test_the_word_list_does_not_import_wordfreq():
    """Its import costs 0.2 s of every build whose booklet shows a word game."""
    import subprocess
    import sys
    probe = ("import sys\nfrom generator.io.wordlists import default_word_list\n"
             "assert 'CAT' in default_word_list('latin')\nprint('wordfreq' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"
