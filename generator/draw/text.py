"""Line breaking measured with the bundled fonts' own metrics (:mod:`generator.draw.fonts`,
the widths the PDF uses), so a line set here is exactly as wide in the PDF. Words are
hyphenated with Pyphen's dictionaries when a line would otherwise be left loose; words with
digits (``b2-b3``, ``1R``) are notation and never broken."""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from . import fonts

if TYPE_CHECKING:  # pyphen is imported where used: only the booklets hyphenate
    import pyphen

#: Pyphen's dictionary for each booklet language. English takes the American patterns
#: (Liang's, TeX's own) though the booklet spells British: the British patterns break by
#: word parts, "op-pon-ent", "com-bin-a-tion", "po-s-i-tion", where the editors (issue 39)
#: and most printers break by syllables, "op-po-nent", "com-bi-na-tion", "po-si-tion".
DICTIONARIES = {"en": "en_US", "ru": "ru_RU"}
#: The fewest letters left before a break and carried over to the next line: Russian
#: practice allows two on either side (до-ма), English three (issue 39: "ei-ther" was
#: broken after two letters).
LEFT = {"en": 3, "ru": 2}
RIGHT = {"en": 3, "ru": 2}
#: The shortest word hyphenated, in characters: Russian breaks a word of five letters when
#: each part keeps two (ли-нии, пач-ки), which a loose line may need; English keeps six.
SHORTEST = {"en": 6, "ru": 5}
#: A line filled less than this is loose enough to try hyphenating its next word.
LOOSE = 0.92
#: The booklet's own terms that Pyphen breaks badly (horizont-als), with the breaks a
#: printer would allow; only these words, in any case, with or without punctuation.
EXCEPTIONS = {"en": {"horizontals": "hori-zon-tals", "verticals": "ver-ti-cals"}}


@dataclass(frozen=True)
class SetLine:
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
    return pyphen.Pyphen(lang=name, left=LEFT[lang], right=RIGHT[lang])


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


#: The longest word hyphenated, in characters: three times the longest of a dictionary
#: (45 letters). A longer one (a fuzzer's, a pasted hash) is wider than any line and is cut
#: to the measure instead; the bound keeps a paragraph's hyphenation work in step with its
#: length, as each word's breaks cost the square of its length in the strings they make.
LONGEST_HYPHENATED = 135


def _splits(word: str, lang: str) -> list[tuple[str, str]]:
    """Ways to break *word*, longest first part first: (``"hyphen-"``, ``"ation"``)."""
    if len(word) < SHORTEST[lang] or len(word) > LONGEST_HYPHENATED or \
            any(ch.isdigit() for ch in word):
        return []
    # Hyphenate the letters only; punctuation stays with its side.
    start = 0
    while start < len(word) and not word[start].isalpha():
        start += 1
    if word[start:start + 1].isupper():
        # A capitalised word is never hyphenated: a name (Пан-филов, Cado-gan) must not be
        # broken, and the first word of a sentence is not told apart from a name here.
        return []
    end = len(word)
    while end > start and not word[end - 1].isalpha():
        end -= 1
    for apostrophe in "’'":
        # A possessive or a contraction is hyphenated before its ending: oppo-nent’s.
        if apostrophe in word[start:end]:
            end = word.index(apostrophe, start)
    core = word[start:end]
    if not core.isalpha():
        parts = core.split("-")
        if len(parts) > 1 and all(part.isalpha() for part in parts) \
                and _fused(parts, lang):
            return _inside_parts(word, start, parts, lang)
        # Already hyphenated compounds break at their own hyphen.
        if "-" in word.strip("-"):
            at = word.index("-", 1) + 1
            return [(word[:at], word[at:])]
        return []
    exception = EXCEPTIONS.get(lang, {}).get(core.lower())
    if exception is not None:
        cuts = [len(part) for part in _prefixes(exception)]
        return [(word[:start + at] + "-", word[start + at:]) for at in reversed(cuts)]
    found = []
    points = _points(core, lang)
    for a, b in _dictionary(lang).iterate(core):
        if len(a) in points:
            found.append((word[:start] + a + "-", b + word[end:]))
    return found


#: Words whose hyphen binds a prefix or a particle to its word, never a line's end: a
#: Russian adverb «по-прежнему», «по-вашему», a pronoun «кое-где», «какая-нибудь»,
#: «что-то», «какой-либо». Broken at the hyphen, «по-» or «-то» stands alone at a line's
#: end or head, which Russian typesetting forbids; such a word breaks only inside its
#: parts (issue 39, session 20: «по-/прежнему»).
FUSED_FIRST = {"ru": frozenset({"по", "кое", "кой"})}
FUSED_LAST = {"ru": frozenset({"то", "либо", "нибудь", "ка", "таки"})}


def _fused(parts: list[str], lang: str) -> bool:
    """Whether the hyphen of a word of *parts* binds a prefix or particle to it
    (:data:`FUSED_FIRST`, :data:`FUSED_LAST`)."""
    return parts[0].lower() in FUSED_FIRST.get(lang, frozenset()) \
        or parts[-1].lower() in FUSED_LAST.get(lang, frozenset())


def _inside_parts(word: str, start: int, parts: list[str], lang: str
                  ) -> list[tuple[str, str]]:
    """The breaks of *word* (its letters from *start* being *parts* joined by hyphens)
    inside its word parts only, each hyphenated as a word of its own, the prefix and the
    particle kept whole, longest first part first: «по-преж-/нему», «ка-/кая-нибудь»,
    never «по-/прежнему» nor «какая-ни-/будь»."""
    bound = FUSED_FIRST.get(lang, frozenset()) | FUSED_LAST.get(lang, frozenset())
    found = []
    at = start
    for part in parts:
        if len(part) >= SHORTEST[lang] and part.lower() not in bound:
            found += [(word[:at + cut] + "-", word[at + cut:])
                      for cut in sorted(_points(part, lang), reverse=True)]
        at += len(part) + 1
    return sorted(found, key=lambda split: -len(split[0]))


def _points(core: str, lang: str) -> frozenset[int]:
    """Where the letters *core* may break: Pyphen's points, but of two points one letter
    apart only the later, so that a word breaks at one set of points wherever it stands
    (issue 39: "combin-ation" on one page and "combina-tion" on another, both points of
    com-bin-a-tion, read as two hyphenations of one word; di-ag-o-nal breaks "diago-nal",
    never "diag-onal")."""
    found = sorted(len(a) for a, _ in _dictionary(lang).iterate(core))
    return frozenset(p for p, after in zip(found, found[1:] + [0]) if after - p != 1)


def _prefixes(hyphenated: str) -> list[str]:
    """The first parts of *hyphenated* before each of its hyphens: hori, horizon."""
    parts = hyphenated.split("-")
    return ["".join(parts[:n]) for n in range(1, len(parts))]


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
                justify: bool = True, hyphenate: bool = True) -> list[SetLine]:
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
        result.append(SetLine(tuple(line), natural, round(max(stretch, 0.0), 4)))
    return result


#: A no-break space a caller joins words with (initials, a link's label): the line breaker
#: never breaks there, it measures as a space (in both bundled fonts) and it stretches as one.
GLUE = "\u2027"
#: The most a justified line's word gap may grow, in spaces: to twice a normal space.
MOST_STRETCH = 1.0
#: The most it may shrink: to four fifths of a space (a common typesetting default), so
#: that a line may take a word more rather than stretch or leave a bound word behind.
MOST_SHRINK = 0.2
#: Demerits, after Knuth and Plass's: each line costs (LINE_PENALTY + badness)², a line
#: that ends in a hyphen HYPHEN more, two such lines in a row TWO_HYPHENS more. Hyphens cost
#: more than TeX's defaults (2500, 10000): Russian's long words at 60 characters a line
#: otherwise hyphenate a line in five, up to four in a row.
LINE_PENALTY = 10.0
HYPHEN = 6000.0
TWO_HYPHENS = 20000.0
#: The most lines in a row that may end in a hyphen: two, as a published book allows
#: (Russian practice allows two or three in a row; TeX's \doublehyphendemerits discourages
#: even two). A third costs LADDER more: more than any line within the gap limits, less
#: than a line stretched past them (:data:`TOO_LOOSE`), so a ladder is set only where
#: every way round it would leave holes (issue 39: five hyphenated lines in a row on a
#: page of the Russian booklet).
MOST_HYPHENS_IN_A_ROW = 2
LADDER = 1e9
#: What the typesetter accepts only when nothing else sets the text, worst last: a line
#: too loose to justify within MOST_STRETCH (per space it would need), a paragraph ending in
#: the tail of a hyphenated word, a break between two words the caller binds.
TOO_LOOSE = 1e10
#: A break between two words the caller would rather keep together (a noun and its number,
#: «сдачу 9»): worse than any line within the limits or a little past them (a tenth of a
#: space a gap, which a reader does not see), better than a line further past them.
BOUND = 1.1 * TOO_LOOSE
#: A break inside a phrase the caller sets whole where it can (a label: "Our reading"):
#: dearer than a line stretched nine tenths of the way to MOST_STRETCH, cheaper than one
#: at the limit, so the phrase is parted only where keeping it leaves a line looser than
#: that (issue 39, eighth review: «…делать ли заявку.» stretched to the limit because
#: «Наше толкование:» could not begin on its line).
SOFT_BREAK = 4e5
TAIL_ALONE = 1e11
PARTED = 1e12
#: A justified paragraph's last line of fewer than RUNT_CHARS characters (one short word or
#: token: "K.", "FK3.") costs RUNT_LINE, about as much as a line stretched to the limit:
#: the breaker takes a word more down, or sets the lines a little tighter, rather than end
#: a paragraph on a stub.
RUNT_CHARS = 5
RUNT_LINE = 1e6
#: Arrows of a move written as a formula (откуда → куда, N7 → F): a word beside one is
#: never hyphenated.
ARROWS = frozenset("→←↑↓⇒⇐↔")
#: Ragged text (headings, captions, cells) takes as few lines as it can; then the lines
#: are as even as can be; with *balance*, a last line of one word costs ONE_WORD.
RAGGED_LINE = 1e6
ONE_WORD = 1e5
#: A ragged line before the last holding one word of several, as much as a line about
#: half short: a table cell broken "простая / карта того же" reads as a fault where
#: "простая карта / того же" fits as well.
LONE_WORD = 250.0
#: A balanced line had rather end where the sense pauses ("Word game 2: / a test card"):
#: such a break costs SENSE less, as much as a line a third short does; a break before a
#: bound word (a preposition and its phrase) half as much less.
SENSE_BREAKS = frozenset(":;,.")
SENSE = 120.0


#: The most characters a line may hold (see :func:`fit_lines`): far more than any printed
#: line, whose measure the width test reaches first.
MOST_CHARS = 300
#: Texts longer than this (characters) are broken line by line (:func:`break_lines`).
LONGEST_TOTAL_FIT = 3000


def _cuts(token: str, lang: str) -> list[int]:
    """Where *token* may be hyphenated, as offsets (for a glued group: in its last word)."""
    head, glue, last = token.rpartition(GLUE)
    if glue and len(last) < SHORTEST["en"]:
        return []   # a glued group (a link's label) breaks only in a long last word
    at = len(head) + len(glue)
    return sorted({at + len(last) - len(tail) for _, tail in _splits(last, lang)})


#: A break: (token, offset); offset len(token) is the space after the token, an offset
#: inside it a hyphen (or, at a glue, a soft break in a label).
Node = tuple[int, int]


def fit_lines(text: str, width: float, font: str, size: float, lang: str, *,
              justify: bool = True, hyphenate: bool = True, balance: bool = False,
              keep: Callable[[str, str], bool] | None = None,
              bind: Callable[[str, str], bool] | None = None,
              whole: Callable[[str], bool] | None = None,
              soft: Callable[[str], list[int]] | None = None) -> list[SetLine]:
    """*text* set in lines of at most *width* mm, the breaks chosen for the whole text at
    once (total fit, as TeX does) rather than line by line:

    - justified text: no word gap over twice a normal space (:data:`MOST_STRETCH`), with
      hyphenation where it helps, few hyphens, two lines' ends in a row only when it
      helps and three (a ladder) only where nothing else keeps the gaps within the limit
      (:data:`MOST_HYPHENS_IN_A_ROW`); the last line is never only the tail of a
      hyphenated word;
    - ragged text (*justify* false): as few lines as the text needs, as even as can be;
      with *balance* (headings, captions) the last line too is evened out and is not one
      word alone;
    - *keep(word, next)* true: the two words are never parted (a preposition and its word),
      unless the words bound together are wider than the line;
    - *bind(word, next)* true: the two words are parted only where keeping them together
      would stretch a line well past :data:`MOST_STRETCH` (:data:`BOUND`);
    - *whole(token)* true: the token (a word, or words glued) is never hyphenated;
    - *soft(token)*: the offsets of the glue in *token* where a line may yet break, at the
      cost :data:`SOFT_BREAK` (a label set whole unless that leaves a loose line).

    A line that cannot be justified within MOST_STRETCH (only when no re-break or
    hyphenation helps) is stretched that far and no further: it stops short of the measure
    rather than show holes.

    The steps are Knuth and Plass's: the text's possible breaks (:func:`_breakpoints`),
    the demerits of a line between two of them (:class:`_Demerits`), and the path of
    breaks with the fewest demerits in all (:func:`_best_breaks`)."""
    if len(text) > LONGEST_TOTAL_FIT:
        # Far longer than any paragraph of a booklet (a fuzzer's, a pasted file): line by
        # line, which takes time in step with the text, not the total fit's many times more.
        return break_lines(text, width, font, size, lang, justify=justify,
                           hyphenate=hyphenate and justify)
    tokens = _tokens(text, width, font, size)
    if not tokens:
        return []
    nodes = _breakpoints(tokens, lang, hyphenate, whole, soft)
    paragraph = _Paragraph(tokens, nodes, font, size)
    demerits = _Demerits(paragraph, width, justify, balance, keep, bind)
    return paragraph.set(_best_breaks(paragraph, demerits), width, justify)


def _tokens(text: str, width: float, font: str, size: float) -> list[str]:
    """The words of *text* as the breaker takes them: a dash glued to the word before, and
    a word wider than a whole line (a URL, a long name) cut into pieces that fill the
    measure instead of running off the page."""
    tokens: list[str] = []
    for word in _glued(text.split()):
        wide = fonts.measure(word, font, size) > width
        tokens += _pieces(word, width, font, size) if wide else [word]
    return tokens


def _breakpoints(tokens: list[str], lang: str, hyphenate: bool,
                 whole: Callable[[str], bool] | None,
                 soft: Callable[[str], list[int]] | None) -> list[Node]:
    """The possible breaks of *tokens*, in order, the text's start first: each token's
    hyphenation points (none beside an arrow, none in a token *whole* keeps), the glue
    *soft* allows a break at, and the space after it."""
    nodes: list[Node] = [(0, 0)]
    for t, token in enumerate(tokens):
        beside = tokens[t - 1:t] + tokens[t + 1:t + 2]
        if hyphenate and not any(ch in ARROWS for word in beside for ch in word) \
                and not (whole is not None and whole(token)):
            cuts = _cuts(token, lang)
        else:
            cuts = []
        if soft is not None:
            cuts = sorted(set(cuts) | {at for at in soft(token) if token[at:at + 1] == GLUE})
        nodes += [(t, cut) for cut in cuts]
        nodes.append((t, len(token)))
    return nodes


def _stretchable(word: str) -> int:
    """The gaps inside *word* that stretch with the line's: its spaces and glue."""
    return word.count(" ") + word.count(GLUE)


class _Paragraph:
    """The tokens of a text and its possible breaks, with what the breaker asks of them:
    the words of a line between two breaks and its measure (as sums kept for every token,
    so that measuring a line costs the same whatever its length)."""

    def __init__(self, tokens: list[str], nodes: list[Node], font: str, size: float) -> None:
        self.tokens, self.nodes, self.font, self.size = tokens, nodes, font, size
        self.measured: dict[str, float] = {}
        self.space = fonts.measure(" ", font, size)
        # Widths and gaps of whole tokens, summed: a line's are its ends' pieces plus these.
        self.widths, self.stretchy, self.chars = [0.0], [0], [0]
        for token in tokens:
            self.widths.append(self.widths[-1] + self.width(token))
            self.stretchy.append(self.stretchy[-1] + _stretchable(token))
            self.chars.append(self.chars[-1] + len(token) + 1)
        # For each break: the first token of the line after it and the width and gaps of
        # that token's part on the line; and the width and gaps of the part before the
        # break (hyphen included) on the line it ends. A line's measure is then a sum.
        self.starts = [self.first(node) for node in nodes]
        self.head = [(self.width(tokens[t][at:]), _stretchable(tokens[t][at:]))
                     if t < len(tokens) else (0.0, 0) for t, at in self.starts]
        self.tail = [(self.width(self.piece(t, 0, at)), _stretchable(self.piece(t, 0, at)))
                     for t, at in nodes]
        # How many brackets are open after each token: a comma inside brackets is no pause
        # of the sentence ("(row, / then column)" read as a fault, issue 39, fifth review).
        self.open_after, depth = [], 0
        for token in tokens:
            depth = max(0, depth + token.count("(") - token.count(")"))
            self.open_after.append(depth)

    def width(self, word: str) -> float:
        if word not in self.measured:
            self.measured[word] = fonts.measure(word, self.font, self.size)
        return self.measured[word]

    def piece(self, t: int, start: int, stop: int) -> str:
        """Token *t* from *start* to *stop*, with a hyphen where it is broken inside a word."""
        token = self.tokens[t]
        found = token[start:stop]
        return found if stop == len(token) or found.endswith("-") \
            or token[stop] == GLUE else found + "-"

    def first(self, node: Node) -> Node:
        """Where a line after the break at *node* starts (past the glue broken at)."""
        t, at = node
        if at == len(self.tokens[t]):
            return t + 1, 0
        return (t, at + 1) if self.tokens[t][at] == GLUE else (t, at)

    def words(self, a: Node, b: Node) -> list[str]:
        """The words of the line from the break *a* to the break *b*."""
        (ta, pa), (tb, pb) = self.first(a), b
        return [self.piece(t, pa if t == ta else 0, pb if t == tb else len(self.tokens[t]))
                for t in range(ta, tb + 1)]

    def measure_line(self, s: int, e: int) -> tuple[float, int, int]:
        """(natural width, stretchable gaps, words) of the line from break *s* to *e*."""
        (ta, pa), (tb, pb) = self.starts[s], self.nodes[e]
        if ta == tb:
            one = self.piece(ta, pa, pb)
            return self.width(one), _stretchable(one), 1
        natural = (self.head[s][0] + self.tail[e][0] + self.widths[tb]
                   - self.widths[ta + 1] + self.space * (tb - ta))
        gaps = (tb - ta + self.head[s][1] + self.tail[e][1]
                + self.stretchy[tb] - self.stretchy[ta + 1])
        return natural, gaps, tb - ta + 1

    def chars_between(self, s: int, e: int) -> int:
        """Characters of the whole tokens from break *s*'s line start to break *e*'s token."""
        return self.chars[self.nodes[e][0]] - self.chars[self.starts[s][0]]

    def chars_after(self, s: int) -> int:
        """Characters of the line started at break *s* when it runs to the text's end."""
        return self.chars[-1] - self.chars[self.starts[s][0]] - 1

    def inside(self, node: Node) -> bool:
        """*node* breaks inside its token (not at the space after it)."""
        return 0 < node[1] < len(self.tokens[node[0]])

    def hyphen(self, node: Node) -> bool:
        """*node* breaks a word with a hyphen."""
        return self.inside(node) and self.tokens[node[0]][node[1]] != GLUE

    def glue_break(self, node: Node) -> bool:
        """*node* breaks a glued phrase at its glue (a soft break)."""
        return self.inside(node) and self.tokens[node[0]][node[1]] == GLUE

    def at_space(self, node: Node) -> bool:
        """*node* is the space after its token."""
        return node[1] == len(self.tokens[node[0]])

    def set(self, breaks: list[int], width: float, justify: bool) -> list[SetLine]:
        """The lines between *breaks*, each justified line's gaps stretched (or shrunk) to
        fill *width*."""
        result = []
        last = len(self.nodes) - 1
        for s, e in zip(breaks, breaks[1:]):
            line = self.words(self.nodes[s], self.nodes[e])
            natural = sum(self.width(x) for x in line) + self.space * (len(line) - 1)
            spaces = sum(x.count(" ") for x in line) + len(line) - 1
            glue = sum(x.count(GLUE) for x in line)
            stretch = 0.0
            if justify and e != last and spaces:
                # The stretch (or shrink) is shared by every gap, glue too, and none grows
                # past the limit.
                stretch = min(width - natural,
                              MOST_STRETCH * self.space * (spaces + glue)) / spaces
            # Rounded down: a gap never grows past the limit, nor a line past the measure,
            # by a rounding.
            result.append(SetLine(tuple(line), natural, math.floor(stretch * 1e4) / 1e4))
        return result


@dataclass(frozen=True)
class _Line:
    """A candidate line from break *start* to break *end*: the room left on it (negative
    when its gaps must shrink), how far its gaps may shrink, its gaps and words."""

    start: int
    end: int
    extra: float
    squeeze: float
    gaps: int
    count: int
    final: bool


class _Demerits:
    """What a break and a line cost (Knuth and Plass's demerits), by the paragraph's style:
    justified or ragged, balanced or not, and the caller's word bonds."""

    def __init__(self, paragraph: _Paragraph, width: float, justify: bool, balance: bool,
                 keep: Callable[[str, str], bool] | None,
                 bind: Callable[[str, str], bool] | None) -> None:
        self.paragraph, self.width = paragraph, width
        self.justify, self.balance, self.keep, self.bind = justify, balance, keep, bind

    def line(self, s: int, e: int, final: bool) -> _Line | None:
        """The line from break *s* to break *e*, or None where it is too wide to set."""
        natural, gaps, count = self.paragraph.measure_line(s, e)
        squeeze = (MOST_SHRINK * self.paragraph.space * gaps
                   if self.justify and not final else 0.0)
        if natural > self.width + squeeze + 1e-9 and s < e - 1:
            return None
        return _Line(s, e, self.width - natural, squeeze, gaps, count, final)

    def of_break(self, e: int, final: bool) -> float:
        """What breaking at *e* costs whatever the line before: parting words the caller
        keeps or binds, a hyphen, a soft break in a label."""
        p = self.paragraph
        end = p.nodes[e]
        cost = 0.0
        between = not final and p.at_space(end)
        if between and self.keep is not None \
                and self.keep(p.tokens[end[0]], p.tokens[end[0] + 1]):
            cost += PARTED
        elif between and self.bind is not None \
                and self.bind(p.tokens[end[0]], p.tokens[end[0] + 1]):
            cost += BOUND
        if p.hyphen(end):
            cost += HYPHEN
        elif p.glue_break(end):
            cost += SOFT_BREAK
        return cost

    def of_line(self, line: _Line) -> float:
        if not self.justify:
            return self._ragged(line)
        if line.final:
            return self._last(line)
        return self._justified(line)

    def _last(self, line: _Line) -> float:
        """A justified paragraph's last line: set at its natural width, never only the tail
        of a hyphenated word, nor a runt (:data:`RUNT_CHARS`)."""
        p = self.paragraph
        cost = LINE_PENALTY ** 2 if line.extra >= 0 else TOO_LOOSE
        s = line.start
        if p.hyphen(p.nodes[s]) and line.count == 1:
            cost += TAIL_ALONE
        elif s > 0 and p.starts[s][1] == 0 and p.chars_after(s) < RUNT_CHARS:
            cost += RUNT_LINE
        return cost

    def _justified(self, line: _Line) -> float:
        """A justified line before the last: its badness, shrunk or stretched."""
        if line.extra < 0:
            # Shrunk: as bad at the limit as a line stretched half way to it.
            ratio = -line.extra / line.squeeze if line.squeeze else 1.0
            return (LINE_PENALTY + 100 * ratio ** 3) ** 2
        # Badness as TeX's, whose spaces stretch by half a space: 800 at the limit.
        ratio = line.extra / (max(line.gaps, 1) * self.paragraph.space)
        return ((LINE_PENALTY + 100 * (2 * ratio) ** 3) ** 2
                if ratio <= MOST_STRETCH else TOO_LOOSE * ratio)

    @staticmethod
    def of_hyphens(run: int) -> float:
        """What a line's hyphen costs for ending the *run*-th hyphenated line in a row:
        the second :data:`TWO_HYPHENS`, each past :data:`MOST_HYPHENS_IN_A_ROW` a
        :data:`LADDER` too."""
        if run < 2:
            return 0.0
        return TWO_HYPHENS + (LADDER if run > MOST_HYPHENS_IN_A_ROW else 0.0)

    def _ragged(self, line: _Line) -> float:
        """A ragged line: one more line, unevenness, a word alone, and with *balance* a
        break where the sense pauses."""
        cost = RAGGED_LINE
        if not line.final or self.balance:
            cost += 1000 * (line.extra / self.width) ** 2
        if line.final and self.balance and line.count == 1 and line.start > 0:
            cost += ONE_WORD
        elif not line.final and line.count == 1:
            cost += LONE_WORD
        if self.balance and not line.final:
            cost -= self._sense(self.paragraph.nodes[line.end])
        return cost

    def _sense(self, end: Node) -> float:
        """What a balanced line gains by ending at *end*: after a pause of the sentence
        outside brackets, or before a word bound to the next ("карта / на поле")."""
        p = self.paragraph
        t = end[0]
        if not p.at_space(end):
            return 0.0
        if p.tokens[t][-1] in SENSE_BREAKS and not p.open_after[t]:
            return SENSE
        if self.keep is not None and t + 2 < len(p.tokens) \
                and self.keep(p.tokens[t + 1], p.tokens[t + 2]):
            return SENSE / 2
        return 0.0


#: The hyphen runs the search tells apart: a break after no hyphenated line end, after one,
#: after two, after three or more (the last state counts any longer ladder).
LADDER_STATES = MOST_HYPHENS_IN_A_ROW + 2


def _best_breaks(paragraph: _Paragraph, demerits: _Demerits) -> list[int]:
    """The breaks (indices of *paragraph*'s nodes, the first and the last included) whose
    lines cost the fewest demerits in all: for each break, the cheapest way to reach it
    from an earlier one (dynamic programming over the breaks, as Knuth and Plass's).

    Each break is reached in as many ways as there are hyphen runs ending there (none, one,
    two, more: :data:`LADDER_STATES`), each with its own cheapest path, as TeX keeps a
    break's fitness classes apart: a cheap path that ends in two hyphens in a row must not
    hide a dearer one without, which alone may go on with a third line's hyphen short of
    :data:`LADDER`."""
    nodes = paragraph.nodes
    last_node = len(nodes) - 1
    best = [[math.inf] * LADDER_STATES for _ in nodes]
    back = [[(0, 0)] * LADDER_STATES for _ in nodes]
    best[0][0] = 0.0
    reached = [True] + [False] * last_node
    for e in range(1, len(nodes)):
        final = e == last_node
        cost_end = demerits.of_break(e, final)
        hyphen = paragraph.hyphen(nodes[e])
        for s in range(e - 1, -1, -1):
            if not reached[s]:
                continue
            # No line holds more than MOST_CHARS characters, whatever they measure: text of
            # marks that take no width (a fuzzer's, a broken font's) would otherwise make
            # every earlier break a candidate, and the search quadratic in the text.
            if s < e - 1 and paragraph.chars_between(s, e) > MOST_CHARS:
                break
            line = demerits.line(s, e, final)
            if line is None:
                break
            cost = demerits.of_line(line)
            for run, before in enumerate(best[s]):
                after = min(run + 1, LADDER_STATES - 1) if hyphen else 0
                total = before + cost + cost_end + demerits.of_hyphens(after)
                if total < best[e][after]:
                    best[e][after], back[e][after] = total, (s, run)
                    reached[e] = True
    node, run = last_node, 0
    breaks = [last_node]
    while node:
        node, run = back[node][run]
        breaks.append(node)
    breaks.reverse()
    return breaks
