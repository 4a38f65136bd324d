"""Word lists for the word games: common dictionary words by default, shipped as data in
``generator/io/words`` (made from wordfreq's frequency lists checked against Hunspell's
en_US or OpenCorpora's Russian dictionary: see its README.md and :mod:`.words.build`), or a
user's own file.

The rule engine sees a word list only through the :class:`generator.rules.words.WordList`
protocol (anything with ``in``).
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ..errors import TemplateError
from .prescan import read_bounded
from .reader import display_path

#: Script of a letter set -> (language of its word list, its letters, its vowels).
SCRIPTS: dict[str, tuple[str, str, str]] = {
    "latin": ("en", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "AEIOUY"),
    "cyrillic": ("ru", "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ", "АЕИОУЫЭЮЯ"),
}
#: Words longer than a board line can never be laid out.
LONGEST = 8


@dataclass(frozen=True, slots=True)
class SetWordList:
    """A fixed set of upper-case words, with where it came from: *origin* is a text, or a
    function giving it when it is first shown."""

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


#: The package holding the shipped lists.
WORDS_PACKAGE = f"{__package__}.words"


def shipped_file(name: str) -> str:
    """The text of one of the shipped word files, read from the installed package (a
    checkout or a wheel alike)."""
    try:
        return resources.files(WORDS_PACKAGE).joinpath(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise TemplateError(f"generator/io/words/{name}", "", expected="the word list that "
                            "ships with opencards (reinstall opencards)",
                            got=getattr(e, "strerror", None) or type(e).__name__) from None


@functools.lru_cache(maxsize=4)
def default_word_list(script: str) -> SetWordList:
    """The common dictionary words of the letter set's language (English for the Latin sets,
    Russian for the Cyrillic one): frequent words that a dictionary knows, so that
    abbreviations (NDA, USA, МГУ), names (Ivan, Москва) and typos are not words.

    The list ships made (``generator/io/words/en.txt``, ``ru.txt``: one normalised word a
    line, most frequent first); making it takes the dictionaries and seconds, reading it a
    few milliseconds. Its source, with every version, is named in ``sources.json`` beside
    it, which the same rebuild writes.
    """
    language = SCRIPTS[script][0]
    words = frozenset(shipped_file(f"{language}.txt").splitlines())
    return SetWordList(words, lambda: _sources()[language])


@functools.lru_cache(maxsize=1)
def _sources() -> dict[str, str]:
    import json
    sources: dict[str, str] = json.loads(shipped_file("sources.json"))
    return sources


#: The largest word file read, in bytes (a list of every English word is about 4 MB).
WORD_FILE_BYTES = 50_000_000


def read_word_file(path: Path, scripts: Sequence[str] = ()) -> SetWordList:
    """A user's word list: one word per line, ``#`` starts a comment, blank lines skipped;
    a UTF-8 byte order mark (which some editors write) is not part of the first line.
    With *scripts* (those of the letter sets in play), a word with none of their letters
    is refused: a list in another language has no word the cards can spell, and would
    otherwise find none without a word said.

    :raises: :exc:`TemplateError` naming the file and line of a word that is not letters,
        or not in the letter sets' alphabet.
    """
    shown = display_path(path)
    try:
        # A word list may be far larger than a template, but still not endless: a FIFO
        # or /dev/zero would block or fill the memory.
        text = read_bounded(path, shown, WORD_FILE_BYTES).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise TemplateError(shown, "", expected="UTF-8 text") from None
    except OSError as e:
        raise TemplateError(shown, "", expected="a readable file",
                            got=e.strerror or type(e).__name__) from None
    alphabet = frozenset("".join(SCRIPTS[script][1] for script in scripts))
    letters = " or ".join(f"{script} ({SCRIPTS[script][1][0]}-{SCRIPTS[script][1][-1]})"
                          for script in scripts)
    words = []
    for number, line in enumerate(text.splitlines(), start=1):
        word = line.split("#", 1)[0].strip()
        if not word:
            continue
        if not word.isalpha():
            raise TemplateError(shown, f"line {number}", expected="one word of letters per "
                                "line", got=repr(word))
        given, word = word, normalise(word)
        if alphabet and alphabet.isdisjoint(word):
            raise TemplateError(shown, f"line {number}", expected=f"a word in the letters "
                                f"of the {letters} letter set", got=repr(given))
        words.append(word)
    if not words:
        raise TemplateError(shown, "", expected="at least one word")
    return SetWordList(frozenset(words), shown)
