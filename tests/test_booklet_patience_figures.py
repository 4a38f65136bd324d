"""Issue 39: the patience figures carry the booklet's language. A Russian editor found
«talon», «stock», «LF1», «FA1» and the indices A K Q J on the Russian booklet's deals,
whose text writes Т К Д В (seed 004, Cadogan in Russian: «тузы», «короли», «дамы»,
«валеты»), and labels too small to read at print size. Read from the drawn scenes (the
PDF draws figure text as outlines)."""
from __future__ import annotations

import re

import pytest

from generator.app.booklet import set_booklet
from generator.docs.booklet.build import Made
from generator.docs.diagram import LEAST_LABEL
from generator.docs.tableau import MUTED
from generator.draw.scene import Group, Item, Text

PATIENCES = ("nivernaise", "empress-of-india", "besieged-city")
LATIN_COURTS = {"J", "Q", "K", "A"}
RUSSIAN_COURTS = {"В", "Д", "К", "Т"}


@pytest.fixture(scope="module")
def made(library) -> dict[str, Made]:
    return {lang: set_booklet(library, lang, PATIENCES) for lang in ("en", "ru")}


def _texts(items: tuple[Item, ...] | list[Item]) -> list[Text]:
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif isinstance(item, Group):
            found += _texts(item.items)
    return found


def _figures(made: Made) -> dict[str, list[Text]]:
    return {where: _texts(page.items) for where, page in made.figures.items()
            if any(f"{p}.toml" in where for p in PATIENCES)}


def test_russian_deals_have_russian_slot_names_and_indices(made) -> None:
    figures = _figures(made["ru"])
    # Each patience's layout and the position after its worked example (the Empress's
    # layout in three parts: the left half, the right half with the talons, the centre).
    assert len(figures) == 8
    for where, texts in figures.items():
        words = {t.text for t in texts}
        # No Latin at all: Cadogan's plate letters A-D, which neither the text nor seed
        # 004 uses, are gone too (issue 39: «Latin A-D mixed with Cyrillic»).
        latin = [w for w in words if re.search("[A-Za-z]", w)]
        assert not latin, f"{where}: English/Latin labels {sorted(latin)[:8]}"
    shown = {t.text for texts in figures.values() for t in texts}
    assert RUSSIAN_COURTS <= shown
    # The flanks are ЛФ and ПФ (левый, правый фланг): a lone Л would read as «линия»
    # (review 3, teaching 5). The packets are П1-П6 in the figure as in the text, never
    # «Пачка 1» beside a caption's «пачки 1–6» (review 4, Russian 3).
    nivernaise = next(t for w, t in figures.items() if "nivernaise" in w)
    words = {t.text for t in nivernaise}
    # The foundations are ОТ1-ОТ4 for the aces and ОК1-ОК4 for the kings, as the English
    # FA and FK: «П4 → О7» gave no hint that О7 was a king's (review 5, teaching 7).
    assert {"ЛФ1", "ПФ4", "ОТ1", "ОК4", "П1", "П6", "колода", "Т♠", "К♦"} <= words
    assert not {"Л1"} & words and not any("Пачка" in w for w in words)
    # The Besieged City's ramparts are named by the side they lie on, one set of words
    # (ВО, НО, ЛО, ПО: верх, низ, лево, право of the окопы, as ЛФ, ПФ name the flanks), so a
    # label says which row or column a rampart closes, as rules III and IV of seed 004 need
    # ('по концамъ ... той линіи', 'изъ того ряда'). Not З and В: З1 reads as 31 and В is
    # the jack's index (review 4, Russian 2); not the С/Ю compass beside a left/right Л/П,
    # nor П1 as in the Nivernaise's packets (review 6, Russian 16). The foundations are
    # Ос1-Ос4 (основание, two letters as Ад and Ге): a bare О1 beside the ramparts' «О» of
    # «окопы» read as one more rampart (review 9, Russian).
    city = next(t for w, t in figures.items() if "besieged-city" in w)
    words = {t.text for t in city}
    assert {"ВО1", "НО3", "ЛО4", "ПО1", "Р11", "Р43", "Ос1", "Ос4", "талон", "колода"} <= words
    assert not {"З1", "В1", "С1", "Ю1", "Л1", "П1", "О1"} & words
    # The whole Army and Navy are drawn (columns 1-12), the talons named by colour, and the
    # seven black queens set aside are on the table too (review 3, teaching 1 and 2).
    empress = {t.text for w, texts in figures.items() if "empress" in w for t in texts}
    # The empress is «Имп»: a lone «И» in a caption read as the conjunction (review 5,
    # Russian 1).
    # The admirals and generals are a pair of two letters each, Ад and Ге, as AD and GE
    # (review 6, Russian 21: «Ад1–Ад8» beside «Г1–Г8»).
    assert {"А1", "А12", "А24", "Ф1", "Ф24", "Ад1", "Ге8", "Имп", "красный талон",
            "чёрный талон", "колода", "отложены"} <= empress
    # The guard is unlabelled: С1-С8 beside Г1-Г8 read alike and the text never names them.
    assert not any(w.startswith("С") and w[1:].isdigit() for w in empress)


def test_english_deals_keep_the_engine_ids_and_latin_indices(made) -> None:
    shown = {t.text for texts in _figures(made["en"]).values() for t in texts}
    assert LATIN_COURTS <= shown
    for where, texts in _figures(made["en"]).items():
        words = {t.text for t in texts}
        assert not any(re.search("[А-Яа-яЁё]", w) for w in words), where
    for name in PATIENCES:
        words = {t.text for w, texts in _figures(made["en"]).items() if f"{name}.toml" in w
                 for t in texts}
        assert "stock" in words, name
    nivernaise = next(t for w, t in _figures(made["en"]).items() if "nivernaise" in w)
    assert {"LF1", "RF4", "FA1", "FK4", "L6", "A♠", "K♦"} <= {t.text for t in nivernaise}
    # Compass letters round the Besieged City's reserve: N, S, W, E (not T for top).
    city = next(t for w, t in _figures(made["en"]).items() if "besieged-city" in w)
    assert {"N1", "S3", "W4", "E1"} <= {t.text for t in city}
    empress = {t.text for w, texts in _figures(made["en"]).items() if "empress" in w
               for t in texts}
    assert {"A1", "A24", "N24", "red talon", "black talon", "set aside"} <= empress


def _set_texts(items, scale: float = 1.0) -> list[tuple[Text, float]]:
    """Every text of a typeset page with the scale it is drawn at."""
    found: list[tuple[Text, float]] = []
    for item in items:
        if isinstance(item, Text):
            found.append((item, scale))
        elif isinstance(item, Group):
            t = item.transform
            found += _set_texts(item.items, scale * abs(t.a * t.d - t.b * t.c) ** 0.5)
    return found


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_deal_labels_are_at_least_6_pt_on_the_page(made, lang) -> None:
    """The slot labels as set on the booklet's pages, after any shrinking to keep a
    figure with its text, are no smaller than 6 pt (diagram.LEAST_LABEL)."""
    booklet = made[lang]
    labels = {t.text for texts in _figures(booklet).values() for t in texts
              if t.fill == MUTED and not t.text[-1:] in "♠♣♥♦"}
    assert len(labels) > 30
    seen = [(t, k) for page in booklet.pages for t, k in _set_texts(page.items)
            if t.fill == MUTED and t.text in labels]
    assert {t.text for t, _ in seen} == labels
    small = sorted({t.text for t, k in seen if t.size * k < LEAST_LABEL - 1e-6})
    assert not small, f"labels under 6 pt: {small[:8]}"
