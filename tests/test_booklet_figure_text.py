"""Issue 25, card symbols in figures: the text a figure draws (values, suit signs, daggers,
edge labels) is real text with a ToUnicode map, so copying or searching a page gives the
true characters and never garbage, and it does not break into the body text around the
figure (read with pypdfium2, as a reader's search does)."""
from __future__ import annotations

import re
import unicodedata

import pypdfium2
import pytest

from generator.docs.booklet.build import make_booklet

#: pdfium marks a word hyphenated at a line's end with U+FFFE.
PDFIUM_HYPHEN = "\ufffe"
BEFORE = {"en": "The original diagram of the start is lost.",
          "ru": "Исходный рисунок расстановки утерян."}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_figure_text_is_true_characters_apart_from_the_body(library, lang):
    made = make_booklet(library, lang, ("basic-1", "word-1"))
    pdf = pypdfium2.PdfDocument(made.pdf)
    number = next(i for i, page in enumerate(made.pages) if page.label == "basic-1")
    text = pdf[number].get_textpage().get_text_range()
    for ch in set(text) - set("\r\n" + PDFIUM_HYPHEN):
        assert ch.isprintable() and unicodedata.category(ch) not in ("Co", "Cn", "Cs"), \
            (lang, repr(ch))
    assert "\ufffd" not in text
    # The start figure of basic game 1: 32 cards, each with its suit sign, and the 16
    # cards of one group with their daggers; the board's squares carry their signs too.
    for suit in "♥♦♣♠":
        assert text.count(suit) >= 16, suit
    assert text.count("†") >= 16
    # The paragraph before the figure reads whole, and no figure text comes before it.
    flat = re.sub(r"\s+", " ", text.replace(PDFIUM_HYPHEN, ""))
    assert BEFORE[lang] in flat, flat[:600]
    assert not re.search("[♥♦♣♠†]", flat[:flat.index(BEFORE[lang])])
