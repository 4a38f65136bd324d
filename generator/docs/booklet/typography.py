"""The typography of a line, by language: what is glued to what, which quotes and signs
are printed, which words may not end a line, and the line breaking that keeps to it
(:func:`set_lines`). Kept apart from the units and pages because it knows only text and a
language: the same rules set a paragraph, a caption, a table cell and a running header.
"""
from __future__ import annotations

import re

from ...draw.text import ARROWS, GLUE as TEXT_GLUE, SetLine, fit_lines
from ...model.booklet import unlinked

#: Glue between two words that must stay on one line (the line breaker's own): it is
#: printed as a no-break space.
GLUE = TEXT_GLUE
NBSP = "\u00a0"
MINUS = "\u2212"
#: Russian words that never end a line, after Russian typesetting practice as the editors'
#: handbooks teach it (e.g. Milchin and Cheltsova, «Справочник издателя и автора», on
#: breaking lines): one-letter words, and the two-letter prepositions, conjunctions and
#: particles, each bound to the word after it.
_RU_BEFORE = frozenset({
    "а", "в", "и", "к", "о", "с", "у", "я",                         # one letter
    "во", "до", "за", "из", "ко", "на", "об", "от", "по", "со",     # prepositions
    "да", "но", "ни", "не",                                          # conjunctions, particles
    "из-за", "из-под"})
#: Particles that never begin a line: bound to the word before them (same practice).
_RU_AFTER = frozenset({"же", "ж", "ли", "ль", "бы", "б"})
#: Longer prepositions bound only to a square's name (через f6).
_RU_BEFORE_SQUARE = frozenset({"через", "между", "перед", "около"})
#: Nouns bound to the one-letter name or the number after them (same practice: a name or a
#: number is not parted from its word): буква Ш, вертикаль c, горизонталь 8, вариант 5, схема 5,
#: and a game's number from its name (игра в слова 1, головоломка 5).
_RU_NAMED = re.compile(r"(букв|вертикал|горизонтал)\w*")
_RU_NUMBERED = re.compile(r"(вариант|схем|горизонтал|игр|глав|головоломк)\w*|слова")
#: What may open a bound word and still leave it the word: «(в», «„и».
_OPENING = "([«„“\"'"
_CLOSING = ".,;:!?)]»“”\"'"
_SQUARE = re.compile(r"[a-h][1-8](?!\w)")
#: A file's name, a Latin letter a to h on its own (вертикали c, file c).
_FILE = re.compile(r"[a-h]")
#: A number or a range of numbers a noun of :data:`_RU_NUMBERED` names: «варианте 5»,
#: «вариантах 3–5».
_RU_NUMBERS = re.compile(r"\d+(?:[–-]\d+)?")
#: A suit's sign after its name (clubs ♣) never begins a line: it stays with the word.
_SUIT_SIGNS = frozenset("♠♣♥♦")
_INITIALS = re.compile(r"(?<![\w])([А-ЯЁA-Z]\.)\s+(?=[А-ЯЁA-Z])")
#: Abbreviations never parted from the number after them: a figure, a page, a table, a
#: number sign (рис. 3, с. 12, табл. 2, № 5).
_NUMBER_AFTER = re.compile(r"(?<![\w])([Рр]ис\.|с\.|стр\.|табл\.|№)\s+(?=\d)")
#: Two numbers joined by «и» or «или» (вариантах 3 и 4): set as one sign, never parted.
_RU_NUMBER_PAIR = re.compile(r"(?<![\w.,])(\d{1,3}) (и|или) (?=\d{1,3}(?![\d\w]))")
#: A short formula of numbers (92 + 24 = 116, 3 → 2): read as one sign and set on one line
#: (Milchin and Cheltsova: a formula in running text is not broken at its signs when it
#: fits a line). Longer chains (more than FORMULA_SIGNS signs) may break.
_FORMULA = re.compile(r"(?<![\w.,])\d+(?: [+\-−×=→] \d+)+(?![\w])")
FORMULA_SIGNS = 3
_MINUS = re.compile(r"(?<![\w\-])-(?=\d)")


def glued(text: str, lang: str) -> str:
    """*text* with the typography the language asks for everywhere: a minus sign for a
    hyphen before a number; in English typographic quotes and apostrophes
    (:func:`curly`); in Russian a no-break glue between initials and after Рис.
    (Short words are kept with the next by :func:`set_lines`.)

    >>> glued("С. Л. Панфилов, очки -1", "ru").replace(GLUE, "_")
    'С._Л._Панфилов, очки \u22121'
    """
    # A no-break space typed in a template binds as the typesetter's own glue does.
    text = _MINUS.sub(MINUS, text.replace(NBSP, GLUE))
    text = _FORMULA.sub(_glued_formula, text)
    if lang != "ru":
        return curly(text) if lang == "en" else text
    for pattern in (_INITIALS, _NUMBER_AFTER):
        text = pattern.sub(lambda m: m.group(1) + GLUE, text)
    return _RU_NUMBER_PAIR.sub(lambda m: m.group(1) + GLUE + m.group(2) + GLUE, text)


def _glued_formula(m: re.Match[str]) -> str:
    """A formula of :data:`_FORMULA` with its spaces glued, if it is short."""
    formula = m.group(0)
    return formula if formula.count(" ") > 2 * FORMULA_SIGNS else formula.replace(" ", GLUE)


def _first(token: str) -> str:
    """The first word of a *token* the breaker set as one: «1» of «1 —» (a dash is glued
    to the word before it, draw.text), «3» of «3‧и‧4»."""
    return token.split(" ", 1)[0].split(GLUE, 1)[0]


def _last(token: str) -> str:
    """The last word of a glued *token*: «4» of «3‧и‧4»."""
    return token.rsplit(GLUE, 1)[-1]


def curly(text: str) -> str:
    """English text with typographic quotes for straight ones: an apostrophe (don't,
    south's, players') is ’; a quote opens (‘ “) at the text's start or after a space,
    bracket or dash, and closes (’ ”) the one open; a straight quote after a number with
    none open is a prime (5′, 3″).

    >>> curly('''South's card is "free"; the 'game' of 5'.''')
    'South’s card is “free”; the ‘game’ of 5′.'
    """
    out: list[str] = []
    open_ = {"'": False, '"': False}
    for i, ch in enumerate(text):
        if ch not in open_:
            out.append(ch)
            continue
        before = text[i - 1] if i else " "
        after = text[i + 1] if i + 1 < len(text) else " "
        if ch == "'" and before.isalnum() and after.isalpha():
            out.append("’")            # an apostrophe inside a word
        elif (before.isspace() or before in "([{—–-") and not after.isspace():
            open_[ch] = True
            out.append("‘" if ch == "'" else "“")
        elif open_[ch]:
            open_[ch] = False
            out.append("’" if ch == "'" else "”")
        elif before.isdigit():
            out.append("′" if ch == "'" else "″")
        else:
            out.append("’" if ch == "'" else "”")
    return "".join(out)


#: English words that may not end a line: one-letter words, and the words that stand before
#: a number (fig. 3, p. 12).
_EN_SHORT = frozenset({"a", "A", "I"})
_EN_BEFORE_NUMBER = frozenset({"fig.", "Fig.", "p.", "pp.", "No.", "no."})
#: Nouns never parted from the number or range they name (option 1, variants 3–5), as
#: :data:`_RU_NUMBERED` in Russian.
_EN_NUMBERED = re.compile(r"([Oo]ption|[Vv]ariant)s?")
#: A pair of numbers a noun names (options 3 and 4, вариантах 3 и 4): the first number
#: stays with the conjunction, which stays with the second.
_NUMBER_PAIR = frozenset({"and", "or", "и", "или"})
#: Units a number is not parted from (5 mm).
#: A number in a list, before the next: "2," of "2, 3, 4".
_LISTED = re.compile(r"\d{1,2},")
_UNITS = re.compile(r"(mm|cm|m|pt|px|%|°)(?!\w)")


#: A card's label as the text writes it: a number with its suit's letter or sign (4R,
#: 40Y, 4♠, 10♣), or a face card's (В♥, Q♠).
_LABEL = r"(?:\d{1,3}[RGBY]|\d{1,2}[♠♣♥♦]|[AKQJТКДВ][♠♣♥♦])"
#: A number the word before it names (пачке 5, game 1): a few digits, maybe a closing sign.
_COUNT = re.compile(r"\d{1,3}[.,;:!?)\]»”’]*")
#: A word an English number counts: a plural noun (64 squares, 16 cards), not a verb or
#: pronoun after a number ("options 3 and 4 they"), which would bind a pair's chain longer.
#: (Russian binds a number and its word strictly, :func:`_ru_must_not_end`.)
_COUNTED = re.compile(r"[a-z]{3,}s[.,;:!?)\]»”’]*")
#: A bracket that glosses the number before it with card labels: "1 (1R or 1B)",
#: «2, 3, 4 (2Y, 30R, 40R)».
_GLOSS = re.compile(r"\(" + _LABEL + r"(?!\w)")


def _names_number(word: str, following: str) -> bool:
    """*word* and the number beside it are parted only where keeping them would stretch a
    line past its limit (draw.text.BOUND): a word that names the number after it, «пачке
    5», «сдачу 9», «начальной 1», "game 1", "packet 4" (a lower-case word of two letters or
    more, bare of punctuation, before a number of up to three digits); a number and the
    word it counts, "64 / squares" (:data:`_COUNTED`; Russian binds these strictly,
    :func:`_ru_must_not_end`); a number and the bracket of card labels that glosses it,
    «2, 3, 4 / (2Y, 30R, 40R)», "its 1 / (1R or 1B)" (issue 39: a «4» parted from its
    labels); and a pair of numbers, "3 and 4", «3 и 4»."""
    bare = word.lstrip(_OPENING)
    if (word.isdigit() and len(word) <= 2 and following in _NUMBER_PAIR) or (
            word in _NUMBER_PAIR and _COUNT.fullmatch(following) is not None):
        # "options 3 and 4", «вариантах 3 и 4»: neither number alone at a line's end,
        # unless a list of such pairs would leave a line loose.
        return True
    if word.isdigit() and len(word) <= 3 and (
            _COUNTED.fullmatch(following) is not None or _GLOSS.match(following) is not None):
        return True
    return (len(bare) > 1 and bare.isalpha() and bare[0].islower()
            and _COUNT.fullmatch(following) is not None)


def _before_arrow(word: str, following: str) -> bool:
    """An arrow of a move (откуда → куда) never begins a line: it stays with the word
    before. (A line may end after it; the words beside it are never hyphenated,
    draw.text.ARROWS.)"""
    return following in ARROWS


#: A bracket group of at most this many characters (with the punctuation after it) never
#: begins a line: «(8♣).» alone on a paragraph's last line reads as a stray.
SHORT_BRACKETS = 8


def _short_brackets(token: str) -> bool:
    """*token* is a whole bracket group of :data:`SHORT_BRACKETS` characters or fewer:
    ``(8♣).``, ``(K)``."""
    core = token.rstrip(".,;:!?")
    return len(token) <= SHORT_BRACKETS and core.startswith("(") and core.endswith(")") \
        and core.count("(") == 1


def _letter_name(word: str, following: str) -> bool:
    """*word* is a capital letter standing for a letter or a card (Ч, Ш, Q) before a word:
    it never ends a line, as a one-letter word does not (Milchin and Cheltsova; issue 39,
    the Russian editor's «…а Ч / севера»). Before a number it may: a run of ranks «Т 2 3 4»
    breaks anywhere."""
    after = following.lstrip(_OPENING)
    return len(word) == 1 and word.isalpha() and word.isupper() and after[:1].isalpha()


#: A card's rank as the text writes it in a sequence (A K 2 Q 3 J 4 10 …, Т К 2 Д 3 В 4 …).
_RANK = re.compile(r"10|[2-9AKQJТКДВ]")


def _in_rank_run(word: str, following: str) -> bool:
    """*word* and *following* are two ranks of a written sequence: a foundation's order
    "A K 2 Q 3 J 4 10 5 9 6 8 7" is read as one sign and stays on one line (issue 39,
    eighth review: "…4 J 3 Q / 2 K A"). *word* bare of punctuation: "9, 7" lists two
    counts and may break, as may "К. В". Ranks the text glues ("2 K A" with no-break
    spaces) count by their first and last."""
    last, first = word.rsplit(GLUE, 1)[-1], following.split(GLUE, 1)[0]
    return _RANK.fullmatch(last) is not None and \
        _RANK.fullmatch(first.rstrip(_CLOSING)) is not None


def _must_not_end(word: str, following: str, lang: str, page_list: bool = False) -> bool:
    """A word that may not end a line. Russian: a word of :data:`_RU_BEFORE` (after an
    opening bracket or quote too: «(в»), a word before a particle of :data:`_RU_AFTER`, a
    longer preposition before a square's name (через f6), a number before the word it counts
    (16 карт, от 1 до 8; not before a letter or a number, nor before a
    preposition other than a range's «до»: «8 (во второй…» may), a noun of
    :data:`_RU_NAMED` before a one-letter name (буква Ш, вертикали c; not before a
    one-letter conjunction or preposition: «вертикалей / и восемь» may break), one of
    :data:`_RU_NUMBERED` before a number or a range (варианте 5, вариантах 3–5), a letter
    before its gloss (Т (туз)), a file's Latin letter before a word
    (:func:`_file_before_word`).
    English: a one-letter word (a, I), "file" before its letter (file c), fig. or p.
    before its number, a noun of
    :data:`_EN_NUMBERED` before a number or a range (option 1), a range of labels (FK1
    to FK4). Both: a number before its unit (5 mm), a word before an arrow or before a
    suit's sign (clubs ♣), a word before a short bracket group (:func:`_short_brackets`),
    a rank before the next of a written sequence (:func:`_in_rank_run`),
    a number before the next of a list (2, 3), unless *page_list*, a capital letter
    naming a letter before a word (:func:`_letter_name`). (A short sum, 92 + 24 = 116, is
    glued whole before breaking: :func:`glued`.) (A word before
    the number it names, пачке 5, is bound less strictly: :func:`_names_number`.)"""
    # A dash is glued to the word before it (draw.text): what begins the next line is the
    # next token's first word («варианте / 1 —» parted a noun from its number, issue 39).
    following = following.split(" ", 1)[0]
    if word.replace(".", "").replace(",", "").isdigit() and _UNITS.match(following):
        return True
    if _before_arrow(word, following) or following.rstrip(_CLOSING) in _SUIT_SIGNS:
        return True
    if _short_brackets(following) and not _short_brackets(word):
        return True
    if _letter_name(word, following) or _in_rank_run(word, following):
        return True
    if _LISTED.fullmatch(word) and following[:1].isdigit() and not page_list:
        # A short list of numbers stays on one line: "2, 3, 4" (no «4» alone on a line).
        return True
    if lang == "ru":
        return _ru_must_not_end(word, following)
    return _en_must_not_end(word, following)


def _ru_must_not_end(word: str, following: str) -> bool:
    """The Russian half of :func:`_must_not_end`."""
    bare = _last(word).lstrip(_OPENING).lower()
    # The word the next token opens with: a number keeps its noun though a dash or the
    # rest of a pair is glued to it («варианте / 1 —», issue 39, review of Ass).
    named = _first(following).lstrip(_OPENING).rstrip(_CLOSING)
    return (bare in _RU_BEFORE
            or following.rstrip(_CLOSING).lower() in _RU_AFTER
            or (bare in _RU_BEFORE_SQUARE and _SQUARE.match(following) is not None)
            or (bare.isdigit() and len(named) > 1 and named.isalpha()
                and (named.lower() not in _RU_BEFORE or named.lower() == "до"))
            or (_RU_NAMED.fullmatch(bare) is not None and len(named) == 1
                and named not in _RU_BEFORE)
            or (_RU_NUMBERED.fullmatch(bare) is not None
                and _RU_NUMBERS.fullmatch(named) is not None)
            or (len(bare) == 1 and bare.isalpha() and word[-1:].isupper()
                and following.startswith("("))
            or _file_before_word(word, named))


def _file_before_word(word: str, following: str) -> bool:
    """*word* ends in a file's name (a Latin a to h, alone or glued to its noun:
    «вертикали‧c») and *following* is a Russian word: the letter does not end a line,
    where it reads as the one-letter word it looks like (issue 39, ninth review: «слово
    СУП на вертикали c / забрало У и П» read as the preposition «с забрало»)."""
    return _FILE.fullmatch(_last(word).lstrip(_OPENING)) is not None and \
        following[:1].isalpha() and not following[:1].isascii()


def _en_must_not_end(word: str, following: str) -> bool:
    """The English half of :func:`_must_not_end`."""
    # A range of labels stays on one line: "FK1 to FK4", "GE1 to GE8".
    labelled = (following == "to" and any(ch.isdigit() for ch in word)) or (
        word == "to" and any(ch.isdigit() for ch in following))
    return word in _EN_SHORT or labelled or (
        word in _EN_BEFORE_NUMBER and following[:1].isdigit()) or (
        word.lower() == "file"
        and _FILE.fullmatch(following.rstrip(_CLOSING)) is not None) or (
        _EN_NUMBERED.fullmatch(word) is not None
        and _RU_NUMBERS.fullmatch(following.rstrip(_CLOSING)) is not None)


def _glued_phrases(phrases: tuple[str, ...]) -> tuple[str, ...]:
    """*phrases* of more than one word as :func:`bound` glues them, in lower case: the
    tokens the line breaker keeps whole."""
    return tuple(GLUE.join(p.split()).casefold() for p in phrases if len(p.split()) > 1)


def bound(text: str, phrases: tuple[str, ...]) -> str:
    """*text* with each of *phrases* (in any case) glued into one token, which
    :func:`set_lines` never breaks nor hyphenates: a label such as "Our reading" or
    «Наше толкование» is read as one sign (issue 39, seventh review: «Наше толкова-ние»
    hyphenated at a line's end).

    >>> bound("Наше толкование: так.", ("наше толкование",)).replace(GLUE, "_")
    'Наше_толкование: так.'
    """
    for phrase in phrases:
        words = phrase.split()
        if len(words) > 1:
            pattern = r"(?<!\w)" + r"\s+".join(re.escape(w) for w in words) + r"(?!\w)"
            text = re.sub(pattern, lambda m: GLUE.join(m.group(0).split()), text,
                          flags=re.IGNORECASE)
    return text


def set_lines(text: str, width: float, font: str, size: float, lang: str, *,
              justify: bool, balance: bool = False, phrases: tuple[str, ...] = (),
              page_list: bool = False, labels: tuple[str, ...] = ()) -> list[SetLine]:
    """*text* broken into lines (:func:`fit_lines`, hyphenated when justified) with the
    language's typography (:func:`glued`): no line ends in a word that must stay with the
    next (:func:`_must_not_end`), no justified line's word gap grows past twice a space,
    the last line is never the tail of a hyphenated word, and with *balance* (titles,
    headings, captions) the lines are even and the last is not one word alone. Each of
    *phrases* is set whole (:func:`bound`), never hyphenated, and parted after a word
    only where keeping it whole would leave a line's gaps near twice a space. With
    *page_list* (an index entry's pages) a list of numbers breaks after any comma, so that
    each line is filled before the next starts (issue 39, seventh review: «вариант 18,» alone on an entry's first line). The
    words of *labels* (cross-references' labels, which may run over two lines) are never
    hyphenated: «Взятие и козы-/ри» reads as a broken name."""
    glues = _glued_phrases(phrases)
    named = frozenset(word.strip(_OPENING + _CLOSING) for label in labels
                      for word in label.split())

    def whole(token: str) -> bool:
        return any(g in token.casefold() for g in glues) or \
            token.strip(_OPENING + _CLOSING) in named

    return fit_lines(bound(glued(text, lang), phrases), width, font, size, lang,
                     justify=justify, hyphenate=justify, balance=balance,
                     keep=lambda word, following: _must_not_end(word, following, lang,
                                                                page_list),
                     bind=_names_number, whole=whole if glues or named else None,
                     soft=(lambda token: _label_glue(token, glues)) if glues else None)


#: Words a title's line never ends in (issue 39, the editors' rule for titles): articles,
#: prepositions and conjunctions, which open the phrase after them ("Basic game 4: beating
#: / with two reduced packs" reads well, "beating with / two reduced packs" does not).
_TITLE_OPENERS = {
    "en": frozenset({"a", "an", "the", "and", "or", "nor", "of", "with", "for", "on", "in",
                     "to", "by", "at", "from", "over", "into", "onto", "across", "under",
                     "after", "before", "as", "without", "between", "through", "then"}),
    "ru": _RU_BEFORE | frozenset({"для", "при", "про", "без", "над", "под", "через", "между",
                                  "перед", "около", "или", "как", "затем", "потом"}),
}


def _title_keep(word: str, following: str, lang: str) -> bool:
    """A title's line does not end in *word*: a word bound by the language's rules
    (:func:`_must_not_end`) or one of :data:`_TITLE_OPENERS`."""
    return _must_not_end(word, following, lang) or \
        word.lstrip(_OPENING).lower() in _TITLE_OPENERS.get(lang, frozenset())


def _balanced_title(text: str, width: float, font: str, size: float, lang: str,
                    phrases: tuple[str, ...]) -> list[SetLine]:
    glues = _glued_phrases(phrases)
    return fit_lines(bound(glued(text, lang), phrases), width, font, size, lang,
                     justify=False, hyphenate=False, balance=True,
                     keep=lambda word, following: _title_keep(word, following, lang),
                     bind=_names_number,
                     whole=(lambda token: any(g in token.casefold() for g in glues))
                     if glues else None)


def _label_glue(token: str, glues: tuple[str, ...]) -> list[int]:
    """Where in *token* the glue of a label set whole lies ("Our‧reading:" at 3): a line
    may break there only when keeping the label whole would leave a loose line
    (draw.text.SOFT_BREAK)."""
    folded = token.casefold()
    found = []
    for phrase in glues:
        at = folded.find(phrase)
        if at >= 0:
            found += [at + k for k, ch in enumerate(phrase) if ch == GLUE]
    return found


def set_title(text: str, width: float, font: str, size: float, lang: str, *,
              phrases: tuple[str, ...] = ()) -> list[SetLine]:
    """A title or heading in balanced lines (:func:`set_lines` with *balance*), by the
    editors' rule for titles (issue 39): a title that needs two lines or more breaks after
    its colon ("Basic game 1: / beating with square trumps", never "Basic game 4: beating /
    with two reduced packs"), and what cannot stand on one line is broken by balance, but
    never after an article, preposition or conjunction (:data:`_TITLE_OPENERS`)."""
    whole = _balanced_title(text, width, font, size, lang, phrases)
    words = text.split()
    # The first colon of the sentence, outside brackets, before the last word.
    colon, depth = -1, 0
    for i, word in enumerate(words[:-1]):
        depth = max(0, depth + word.count("(") - word.count(")"))
        if word.endswith(":") and not depth:
            colon = i
            break
    if len(whole) < 2 or colon < 0:
        return whole
    head = _balanced_title(" ".join(words[:colon + 1]), width, font, size, lang, phrases)
    if len(head) > 1:
        return whole        # the part before the colon alone needs two lines
    return head + _balanced_title(" ".join(words[colon + 1:]), width, font, size, lang,
                                  phrases)


def prepared(text: str, lang: str) -> tuple[str, list[tuple[str, str]]]:
    """A block's *text* as :func:`set_lines` gets it, and its links in order as (label,
    target): each link printed as its label, English quotes turned (:func:`curly`). A
    label's words may go to two lines, as the text's do (:func:`link_spans`): a quoted
    section title bound whole stretched its line (issue 39: "is told under / “The packs”
    (p. 5)"); its page stays bound to its bracket ("(p. 5)")."""
    text, links = unlinked(text)
    english = lang == "en"
    # Its quotes are the text's.
    labels = [(curly(label) if english else label, f"{chapter}/{part}" if part else chapter)
              for label, chapter, part in links]
    return (curly(text) if english else text), labels


def _label_pattern(label: str) -> re.Pattern[str]:
    """*label* as it may stand in set lines joined by newlines: any gap a space, a
    no-break space or a line's end; a word hyphenated at a line's end."""
    parts = []
    for i, ch in enumerate(label):
        if ch.isspace() or ch == GLUE:
            parts.append(f"[ \n{GLUE}]")
            continue
        parts.append(f"[-{MINUS}]" if ch == "-" else re.escape(ch))   # a minus: glued
        following = label[i + 1:i + 2]
        if ch == "-":
            parts.append("\n?")                # a compound broken at its own hyphen
        elif ch.isalpha() and following.isalpha():
            parts.append("(?:-\n)?")           # a word hyphenated there
    return re.compile("".join(parts))


def link_spans(texts: list[str], labels: list[tuple[str, str]]
               ) -> list[list[tuple[int, int, str]]]:
    """For each of the set lines *texts*, the (start, end, target) of each part of a label
    of *labels* (in order, each after the one before) that stands on it: a label may run
    over two lines. A label not found is left unlinked."""
    joined = "\n".join(texts)
    starts = [0]
    for text in texts[:-1]:
        starts.append(starts[-1] + len(text) + 1)
    spans: list[list[tuple[int, int, str]]] = [[] for _ in texts]
    at = 0
    for label, target in labels:
        found = _label_pattern(label).search(joined, at)
        if found is None:
            continue
        at = found.end()
        for i, start in enumerate(starts):
            a, b = max(found.start(), start), min(found.end(), start + len(texts[i]))
            if a < b:
                spans[i].append((a - start, b - start, target))
    return spans


def shown(text: str) -> str:
    """The glue printed as a no-break space."""
    return text.replace(GLUE, NBSP)
