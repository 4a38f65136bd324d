"""Traditional packs as templates (kind = "traditional") and their card art."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from generator.cli import cli
from generator.draw.art.traditional import PIPS, traditional_back, traditional_front
from generator.draw.scene import Circle, Text, walk
from generator.errors import TemplateError
from generator.io.templates import Library, TemplateKind
from generator.model.traditional import PlayingCard, PrintedCard, Suit

PACK36 = """\
kind = "traditional"
title = "test 36"
cards = 36
script = "cyrillic"
[indices]
J = "В"
Q = "Д"
K = "К"
A = "Т"
"""


def _write(tmp_path: Path, text: str, name: str = "mine") -> Path:
    folder = tmp_path / "traditional"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_packs_load_with_their_sizes_and_cyrillic_code_points(library):
    pack36 = library.traditional("pack36")
    assert len(pack36) == 36 and (pack36.width, pack36.height) == (63.0, 88.0)
    printed = [pack36.index(rank) for rank in (11, 12, 13, 14)]
    assert printed == ["\u0412", "\u0414", "\u041a", "\u0422"]
    assert all(unicodedata.name(ch).startswith("CYRILLIC") for ch in printed)
    assert len(library.traditional("pack52")) == 52
    assert library.traditional("pack52").index(14) == "A"
    assert len(library.traditional("pack52x2").printed()) == 104
    assert "pack36" in library.names(TemplateKind.TRADITIONAL)


@pytest.mark.parametrize("look_alike", ["B", "T", "K"])
def test_a_latin_look_alike_in_a_cyrillic_index_is_refused(tmp_path, look_alike):
    cyrillic = {"B": "В", "T": "Т", "K": "К"}[look_alike]
    path = _write(tmp_path, PACK36.replace(f'"{cyrillic}"', f'"{look_alike}"'))
    with pytest.raises(TemplateError) as caught:
        Library([tmp_path]).traditional("mine")
    message = str(caught.value)
    assert "mine.toml: indices." in message and "Cyrillic letters" in message
    assert f"U+{ord(look_alike):04X} LATIN CAPITAL LETTER {look_alike}" in message
    assert path.exists()


def test_a_cyrillic_letter_in_a_latin_index_is_refused(tmp_path):
    _write(tmp_path, 'kind = "traditional"\ntitle = "t"\nscript = "latin"\n'
                     '[indices]\nK = "\u041a"\n')
    with pytest.raises(TemplateError, match="indices.K: expected Latin letters"):
        Library([tmp_path]).traditional("mine")


def test_the_script_switch_prints_latin_indices(tmp_path):
    _write(tmp_path, 'kind = "traditional"\ntitle = "t"\nscript = "latin"\n')
    pack = Library([tmp_path]).traditional("mine")
    assert [pack.index(r) for r in (11, 12, 13, 14)] == ["J", "Q", "K", "A"]
    assert len(pack) == 36


@pytest.mark.parametrize("change, expected", [
    ('cards = 36', 'cards: expected 36 (6 to ace) or 52 (2 to ace), got 40'),
    ('script = "cyrillic"', "script: expected one of 'latin', 'cyrillic', got 'greek'"),
    ('title = "test 36"', 'title = "t"\ncopies = 5'),
])
def test_bad_keys_are_one_line_errors(tmp_path, runner, change, expected):
    new = {"cards = 36": "cards = 40", 'script = "cyrillic"': 'script = "greek"',
           'title = "test 36"': 'title = "t"\ncopies = 5'}[change]
    path = _write(tmp_path, PACK36.replace(change, new))
    result = runner.invoke(cli, ["show", str(path)])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ")
    if "copies" in new:
        assert "copies: expected an integer from 1 to 4, got 5" in lines[0]
    else:
        assert expected in lines[0]


def test_show_lists_the_cards_as_printed(runner):
    result = runner.invoke(cli, ["show", "pack36"])
    assert result.exit_code == 0
    assert "S 6♠ 7♠ 8♠ 9♠ 10♠ В♠ Д♠ К♠ Т♠" in result.output


# --- art -------------------------------------------------------------------------------

def _texts(group):
    return [item for item, _ in walk((group,)) if isinstance(item, Text)]


@pytest.mark.parametrize("rank", sorted(PIPS))
def test_number_cards_carry_as_many_pips_as_their_rank(library, rank):
    pack = library.traditional("pack52")
    for suit in Suit:
        face = traditional_front(pack, PrintedCard(PlayingCard(rank, suit)))
        signs = [t for t in _texts(face) if t.text == suit.sign]
        # Two corner signs plus the pips.
        assert len(signs) == rank + 2


def test_pips_below_the_middle_are_turned_and_the_pattern_is_symmetric():
    for rank, pips in PIPS.items():
        assert len(pips) == rank and len(set(pips)) == rank
        # A real pack looks the same from both ends: each pip has a partner turned 180,
        # except the 7, whose odd pip sits in the upper half as on a real pack.
        turned = {(round(1 - x, 6), round(1 - y, 6)) for x, y in pips}
        same = turned == {(round(x, 6), round(y, 6)) for x, y in pips}
        assert same is (rank != 7)


def test_courts_and_aces(library):
    pack = library.traditional("pack36")
    queen = _texts(traditional_front(pack, PrintedCard(PlayingCard.from_notation("QH"))))
    # The two corner indices; the panel holds a figure, not the letter again.
    assert [t.text for t in queen].count("\u0414") == 2
    ace = _texts(traditional_front(pack, PrintedCard(PlayingCard.from_notation("AS"))))
    assert max(t.size for t in ace if t.text == "♠") > 20


def test_every_face_of_both_packs_draws_with_the_bundled_font(library):
    # centred_text checks every glyph against DejaVu; a missing ♣ or В would raise.
    for name in ("pack36", "pack52"):
        pack = library.traditional(name)
        for card in pack:
            traditional_front(pack, PrintedCard(card))


def test_copy_marks_on_face_and_back_and_one_back_per_copy(library):
    pack = library.traditional("pack52x2")
    card = PlayingCard.from_notation("7D")
    for copy in (1, 2):
        face = traditional_front(pack, PrintedCard(card, copy))
        # The copy number in both corners of the face, in the copy's disc.
        assert [t.text for t in _texts(face)].count(str(copy)) == 2
        back = traditional_back(pack, PrintedCard(card, copy))
        assert str(copy) in [t.text for t in _texts(back)]
    backs = {traditional_back(pack, p) for p in pack.printed()}
    assert len(backs) == 2  # the same back for every card of a copy: no card shows through
    single = library.traditional("pack36")
    face = traditional_front(single, PrintedCard(card))
    assert not [i for i, _ in walk((face,)) if isinstance(i, Circle)]
