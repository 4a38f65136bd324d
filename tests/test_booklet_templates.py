"""The booklet's figures take their templates from the job (issue 41, "jobs resolve
templates"): a row of cards looks its packs up through ``BookletTemplates``, and a name
that is no pack or letter set is refused at the figure's place, as before the move."""
from __future__ import annotations

import pytest

from generator.app.booklet import LibraryTemplates
from generator.docs.booklet.figures import draw
from generator.errors import FigureError
from generator.model.booklet import FigureRef


def test_a_row_of_cards_goes_on_with_another_pack_by_name(library):
    page = draw(LibraryTemplates(library),
                FigureRef("en/x.toml: figure 1", "", cards="pack1:(1R) pack2:(10R)"))
    assert [item.role for item in page.items] == ["back pack1 1R", "back pack2 10R"]


@pytest.mark.parametrize("name", ["board-a", "pack36", "pakc2"])
def test_a_row_of_cards_naming_no_pack_or_letter_set_names_the_place(library, name):
    ref = FigureRef("en/x.toml: figure 1", "", cards=f"pack1:1R {name}:10R")
    with pytest.raises(FigureError) as e:
        draw(LibraryTemplates(library), ref)
    assert str(e.value) == f"en/x.toml: figure 1.cards: {name!r} is not a pack or letter set"


def test_the_traditional_pack_of_a_row_is_looked_up_only_for_its_kind(library):
    templates = LibraryTemplates(library)
    assert templates.traditional("pack36") is not None
    assert templates.traditional("pack1") is None
