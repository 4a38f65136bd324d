"""A game's name as a booklet's cover lists it (io.booklets.game_name, issue 39, session
17): the title page of a booklet of Ass or of the patiences alone names its games
("{names}" in booklet.toml's cover), each chapter's title cut where its description
begins. The cut is where a colon or a dash joins the description, never inside the
name's own quotes, and a dash after a no-break space (as Russian sets it) cuts too."""
from __future__ import annotations

import doctest

import pytest

import generator.io.booklets
from generator.io.booklets import game_name, load_booklet

#: The names the covers of the shipped chapters print (seed 003's game, seed 004's
#: patiences as the chapters title them).
NAMES = {"en": {"ass": "Ass", "nivernaise": "La Nivernaise",
                "empress-of-india": "The Empress of India",
                "besieged-city": "The Besieged City"},
         "ru": {"ass": "Ж…", "nivernaise": "«Нивернез»",
                "empress-of-india": "«Индийская императрица»",
                "besieged-city": "«Осаждённый город»"}}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_cover_names_each_game_by_its_name_alone(library, lang):
    """The title page of the patiences' booklet names the three games, and a booklet of
    Ass alone is titled with its name: the chapters' titles without their descriptions."""
    games = ("nivernaise", "empress-of-india", "besieged-city")
    booklet = load_booklet(library, lang, games)
    cover = " ".join((booklet.title, booklet.subtitle, *booklet.title_lines))
    for key in games:
        chapter = next(c for c in booklet.chapters if c.key == key)
        assert game_name(chapter.title) == NAMES[lang][key], chapter.title
        assert NAMES[lang][key] in cover, (lang, key, cover)
    ass = load_booklet(library, lang, ("ass",))
    assert ass.title == NAMES[lang]["ass"]


def test_a_title_is_cut_where_its_description_begins():
    """A colon or dash inside the name's quotes is the name's; a no-break space before the
    dash («Ж…\u00a0— игра») still marks the description; a colon between digits is not."""
    assert game_name("«Пасьянс: ночь»: пасьянс в две колоды") == "«Пасьянс: ночь»"
    assert game_name("“Night — day”: a patience") == "“Night — day”"
    assert game_name("Ж…\u00a0— игра во взятки") == "Ж…"
    assert game_name("Patience 2:1 — a short one") == "Patience 2:1"
    assert game_name("Word game 1") == "Word game 1"
    assert doctest.testmod(generator.io.booklets).failed == 0
