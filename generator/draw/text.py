"""Line breaking measured with the bundled fonts' own metrics (:mod:`generator.draw.fonts`,
the widths the PDF uses), so a line set here is exactly as wide in the PDF. Words are
hyphenated with Pyphen's dictionaries when a line would otherwise be left loose; words with
digits (``b2-b3``, ``1R``) are notation and never broken."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
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
    return pyphen.Pyphen(lang=DICTIONARIES[lang], left=2, right=3)


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
