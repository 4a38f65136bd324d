"""Issue 39, the editor's bad breaks: a figure that does not fit under the text that calls it
goes to the next page's top and the text after it fills the page, so a paragraph read on
past the page foot went on under the figure ("Cadogan's rule, not in | figure | the Russian
edition", the patience booklet p. 6-7). The patience chapters place their deal figures where
that does not happen; this reads the booklet's pages back."""
from __future__ import annotations

import re

import pypdfium2
import pytest

from built_booklets import set_booklet

PATIENCES = ("nivernaise", "empress-of-india", "besieged-city")
CAPTION = re.compile(r"^(Figure|Рис\.) \d+\. ")


def _lines(page: pypdfium2.PdfPage) -> list[str]:
    text = page.get_textpage().get_text_range()
    return [line.strip() for line in text.splitlines() if line.strip()]


def split_by_figure(pdf: bytes) -> list[str]:
    """'p. N: text' for each figure whose caption is followed on its page by a line that
    goes on with a sentence (a lower-case start)."""
    found = []
    for number, page in enumerate(pypdfium2.PdfDocument(pdf), start=1):
        lines = _lines(page)
        for i, line in enumerate(lines):
            if not CAPTION.match(line):
                continue
            end = next((j for j in range(i, len(lines)) if lines[j].endswith(".")), None)
            after = lines[end + 1] if end is not None and end + 1 < len(lines) else ""
            if after[:1].islower():
                found.append(f"p. {number}: {after[:50]}")
    return found


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_deal_figure_splits_a_paragraph_of_the_patience_booklet(library, lang):
    made = set_booklet(library, lang, PATIENCES)
    assert split_by_figure(made.pdf) == []

