"""Line breaking measured with the bundled fonts' own metrics (:mod:`generator.draw.fonts`,
the widths the PDF uses), so a line set here is exactly as wide in the PDF. Words are
hyphenated with Pyphen's dictionaries when a line would otherwise be left loose; words with
digits (``b2-b3``, ``1R``) are notation and never broken."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from . import fonts

if TYPE_CHECKING:  # pyphen is imported where used: only the booklets hyphenate
    import pyphen

#: Pyphen's dictionary for each booklet language.
DICTIONARIES = {"en": "en_GB", "ru": "ru_RU"}
#: A line filled less than this is loose enough to try hyphenating its next word.
LOOSE = 0.92


@dataclass(frozen=True)
class Line:
    """One set line: its words, whether it is stretched to the full width (every line of a
    justified paragraph but the last) and the extra space after each space."""

    words: tuple[str, ...]
    natural: float
    word_space: float = 0.0

    @property
    def text(self) -> str:
        return " ".join(self.words)


@lru_cache(maxsize=None)
def _dictionary(lang: str) -> pyphen.Pyphen:
    import pyphen
    name = DICTIONARIES[lang]
    path = pyphen.LANGUAGES[pyphen.language_fallback(name)]
    if path not in pyphen.hdcache:
        lazy = _lazy_patterns(path)
        if lazy is not None:   # Pyphen takes a dictionary already in its cache
            pyphen.hdcache[path] = lazy
    return pyphen.Pyphen(lang=name, left=2, right=3)


class _Patterns:
    """Pyphen's pattern table, each pattern parsed when a word first needs it.

    Pyphen parses all of a dictionary's patterns (14,000 for English) when it loads,
    a tenth of a booklet's build; a booklet hyphenates a few hundred words, which look up
    a small part of them. Parsing goes through Pyphen's own code, one pattern at a time,
    so a word gets the same breaks."""

    def __init__(self, raw: dict[str, str]) -> None:
        self.raw = raw
        self.parsed: dict[str, tuple[int, tuple[int, ...]] | None] = {}

    def get(self, key: str) -> tuple[int, tuple[int, ...]] | None:
        if key in self.parsed:
            return self.parsed[key]
        pattern = self.raw.get(key)
        found = None if pattern is None else _parse_pattern(pattern)
        self.parsed[key] = found
        return found


def _parse_pattern(pattern: str) -> tuple[int, tuple[int, ...]] | None:
    """What Pyphen's HyphDict stores for one pattern line: (start, values), or None for a
    pattern of zeros only, which it leaves out (the steps of its loader, for one line)."""
    import pyphen
    tags, values = zip(*[(string, int(i or "0")) for i, string in pyphen.parse(pattern)])
    if max(values) == 0:
        return None
    start, end = 0, len(values)
    while not values[start]:
        start += 1
    while not values[end - 1]:
        end -= 1
    return start, values[start:end]


def _lazy_patterns(path: Path) -> pyphen.HyphDict | None:
    """A HyphDict of *path* whose patterns are parsed on demand, or None for a dictionary
    this short cut does not cover (hex escapes, non-standard hyphenation, a pattern
    written twice, digits other than 0-9): Pyphen then loads it itself."""
    import pyphen
    with path.open("rb") as fd:
        encoding = fd.readline().decode()
    if encoding.lower() == "microsoft-cp1251":
        encoding = "cp1251"
    text = path.read_text(encoding)
    if "^^" in text or "/" in text or re.search(r"(?![0-9])\d", text):
        return None
    lines = [line.strip() for line in text.split("\n")[1:]]
    patterns = [line for line in lines if line and not line.startswith(pyphen.ignored)]
    drop_digits = str.maketrans("", "", "0123456789")
    raw = {pattern.translate(drop_digits): pattern for pattern in patterns}
    if len(raw) != len(patterns):
        return None
    table = pyphen.HyphDict.__new__(pyphen.HyphDict)
    table.patterns = _Patterns(raw)
    table.cache = {}
    # Patterns of zeros count here and not in Pyphen: only longer lookups that find nothing.
    table.maxlen = max(len(key) for key in raw)
    return table


def _splits(word: str, lang: str) -> list[tuple[str, str]]:
    """Ways to break *word*, longest first part first: (``"hyphen-"``, ``"ation"``)."""
    if any(ch.isdigit() for ch in word) or len(word) < 6:
        return []
    # Hyphenate the letters only; punctuation stays with its side.
    start = 0
    while start < len(word) and not word[start].isalpha():
        start += 1
    end = len(word)
    while end > start and not word[end - 1].isalpha():
        end -= 1
    core = word[start:end]
    if not core.isalpha():
        # Already hyphenated compounds break at their own hyphen.
        if "-" in word.strip("-"):
            at = word.index("-", 1) + 1
            return [(word[:at], word[at:])]
        return []
    found = []
    for a, b in _dictionary(lang).iterate(core):
        found.append((word[:start] + a + "-", b + word[end:]))
    return found


#: Dashes that must not begin a line: they stay with the word before as one unbreakable
#: piece. The space inside stays an ordinary space, so it stretches with the others.
DASHES = ("—", "–")


def _glued(words: list[str]) -> list[str]:
    out: list[str] = []
    for word in words:
        if word in DASHES and out:
            out[-1] += " " + word
        else:
            out.append(word)
    return out


#: Characters a word cut to the measure is preferably cut after (a URL's or a path's).
_CUT_AFTER = frozenset("/.-_?&=#:;,")


def _pieces(word: str, width: float, font: str, size: float) -> list[str]:
    """*word* cut into pieces of at most *width* mm (at least one character each), each
    cut after a slash, dot or the like when one lies in the piece's second half."""
    pieces: list[str] = []
    start = 0
    while start < len(word):
        used, end, cut = 0.0, start, -1
        while end < len(word):
            step = fonts.measure(word[end], font, size)
            if used + step > width and end > start:
                break
            used += step
            end += 1
            if word[end - 1] in _CUT_AFTER:
                cut = end
        if end < len(word) and cut > start + (end - start) // 2:
            end = cut
        pieces.append(word[start:end])
        start = end
    return pieces


def break_lines(text: str, width: float, font: str, size: float, lang: str, *,
                justify: bool = True, hyphenate: bool = True) -> list[Line]:
    """*text* set in lines of at most *width* mm. With *justify*, every line but the last
    has its spaces stretched to fill the width; without *hyphenate* (headings, captions)
    words are never broken."""
    space = fonts.measure(" ", font, size)
    words = _glued(text.split())
    lines: list[list[str]] = []
    current: list[str] = []
    used = 0.0

    def w(word: str) -> float:
        return fonts.measure(word, font, size)

    queue = list(reversed(words))
    while queue:
        word = queue.pop()
        if not current and w(word) > width:
            # Wider than a whole line (a URL, a long name): no line could hold it, so it
            # is cut into pieces that fill the measure instead of running off the page.
            queue += reversed(_pieces(word, width, font, size))
            word = queue.pop()
        need = w(word) + (space if current else 0.0)
        if used + need <= width or not current:
            current.append(word)
            used += need
            continue
        # The word does not fit: if the line is loose, put part of it here.
        if hyphenate and used < LOOSE * width:
            for head, tail in _splits(word, lang):
                if used + space + w(head) <= width:
                    current.append(head)
                    queue.append(tail)
                    word = ""
                    break
        lines.append(current)
        current, used = [], 0.0
        if word:
            queue.append(word)
    if current:
        lines.append(current)
    result = []
    for i, line in enumerate(lines):
        natural = sum(w(x) for x in line) + space * (len(line) - 1)
        last = i == len(lines) - 1
        spaces = sum(word.count(" ") for word in line) + len(line) - 1
        stretch = (width - natural) / spaces if justify and not last and spaces else 0.0
        result.append(Line(tuple(line), natural, round(max(stretch, 0.0), 4)))
    return result
