"""Word lists for the word games: the wordfreq package by default, or a user's own file.

This is the only module that imports wordfreq; the rule engine sees a word list only through
the :class:`generator.rules.words.WordList` protocol (anything with ``in``).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import TemplateError
from .prescan import read_bounded
from .reader import display_path

#: Script of a letter set -> (wordfreq language code, its letters, its vowels).
SCRIPTS: dict[str, tuple[str, str, str]] = {
    "latin": ("en", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "AEIOUY"),
    "cyrillic": ("ru", "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ", "АЕИОУЫЭЮЯ"),
}
#: Words longer than a board line can never be laid out.
LONGEST = 8
#: wordfreq's Zipf scale: 3 is about once per million words, which keeps common words and
#: drops most names, typos and rare forms.
MIN_ZIPF = 3.0


@dataclass(frozen=True, slots=True)
class SetWordList:
    """A fixed set of upper-case words, with where it came from: *origin* is a text, or a
    function giving it when it is first shown (wordfreq's version is looked up through
    importlib.metadata, which costs more to import than a build spends on the words)."""

    words: frozenset[str]
    origin: str | Callable[[], str]
    spelt: dict[tuple[str, str, str, int], bool] = field(default_factory=dict, compare=False,
                                                          repr=False)
    """What the rule engine has found these words to allow around a square (see
    :class:`generator.rules.joining.WordSquares`): boards change little from move to move,
    so the same questions come back."""

    @property
    def source(self) -> str:
        return self.origin if isinstance(self.origin, str) else self.origin()

    def __contains__(self, word: object) -> bool:
        return word in self.words

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self.words))


def normalise(word: str) -> str:
    """Upper case, with Ё read as Е: the Cyrillic set has no Ё card (see its template)."""
    return word.strip().upper().replace("Ё", "Е")


def _playable(words: Iterable[str], script: str) -> frozenset[str]:
    """The *words* a word game on this script can use, normalised: 2 to 8 of its letters,
    at least one a vowel. The same as testing each ``normalise(word)``, done in one pass."""
    _, letters, vowels = SCRIPTS[script]
    # A word with no vowel in a frequency list is almost always an abbreviation
    # ("mr", "tv", "км"), which no word game accepts. Tens of thousands of words are read
    # on every build whose booklet shows a word game, so the whole list is upper-cased and
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


@functools.lru_cache(maxsize=4)
def default_word_list(script: str, min_zipf: float = MIN_ZIPF) -> SetWordList:
    """The common words of the letter set's language from wordfreq (English for the Latin
    sets, Russian for the Cyrillic one), read from the data that ships in its wheel."""
    language = SCRIPTS[script][0]
    # Zipf = log10(frequency per word) + 9, so the threshold is a plain frequency.
    least = 10 ** (min_zipf - 9)
    candidates = (w for bucket in _frequency_buckets(language, least) for w in bucket)
    return SetWordList(_playable(candidates, script),
                       lambda: _wordfreq_label(language, min_zipf))


def _wordfreq_label(language: str, min_zipf: float) -> str:
    from importlib.metadata import version
    return f"wordfreq {version('wordfreq')} ({language}, Zipf >= {min_zipf:g})"


def _frequency_buckets(language: str, least: float) -> list[list[str]]:
    """The buckets of wordfreq's packed list for *language* whose frequency is at least
    *least*: its "cBpack" format (documented in ``wordfreq.read_cBpack``) is a header, then
    bucket i holding the words at frequency 10 ** (-i / 100), most frequent first.

    Read straight from the file in wordfreq's wheel, and only as far as the threshold: the
    words above Zipf 3 are the first tenth of the file, and importing wordfreq itself loads
    its tokenisers and language tables (0.2 s), which a lookup of the list does not need.
    These are the words ``get_frequency_dict`` would keep. Any surprise (no such file,
    another header) falls back to wordfreq's own reader.
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
    import wordfreq  # imported here so that commands without words stay quick to start
    buckets = wordfreq.get_frequency_list(language)
    return [buckets[i] for i in _above(len(buckets), least)]


def _above(count: int, least: float) -> range:
    """The indices of the first of *count* buckets whose frequency is at least *least*."""
    end = 0
    while end < count and 10 ** (-end / 100) >= least:
        end += 1
    return range(end)

#: The largest word file read, in bytes (a list of every English word is about 4 MB).
WORD_FILE_BYTES = 50_000_000


def read_word_file(path: Path) -> SetWordList:
    """A user's word list: one word per line, ``#`` starts a comment, blank lines skipped.

    :raises: :exc:`TemplateError` naming the file and line of a word that is not letters.
    """
    shown = display_path(path)
    try:
        # A word list may be far larger than a template, but still not endless: a FIFO
        # or /dev/zero would block or fill the memory.
        text = read_bounded(path, shown, WORD_FILE_BYTES).decode("utf-8")
    except UnicodeDecodeError:
        raise TemplateError(shown, "", expected="UTF-8 text") from None
    except OSError as e:
        raise TemplateError(shown, "", expected="a readable file",
                            got=e.strerror or type(e).__name__) from None
    words = []
    for number, line in enumerate(text.splitlines(), start=1):
        word = line.split("#", 1)[0].strip()
        if not word:
            continue
        if not word.isalpha():
            raise TemplateError(shown, f"line {number}", expected="one word of letters per "
                                "line", got=repr(word))
        words.append(normalise(word))
    if not words:
        raise TemplateError(shown, "", expected="at least one word")
    return SetWordList(frozenset(words), shown)
