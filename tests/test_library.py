"""The template library: typed look-ups by kind, by any name, and for card sets and kit items."""
from __future__ import annotations

import pytest

from generator.errors import NotFoundError, TemplateError, WrongKindError
from generator.io.templates import TemplateKind, kind_of, load_file
from generator.model.board import Board
from generator.model.cards import Pack
from generator.model.layout import Layout
from generator.model.letters import LetterSet
from generator.model.settings import Settings
from generator.model.traditional import TraditionalPack
from generator.rules.games import Game


def test_each_kind_has_its_folder_and_heading():
    assert [(k.value, k.folder, k.heading) for k in TemplateKind] == [
        ("pack", "packs", "packs"), ("letters", "letters", "letter sets"),
        ("board", "boards", "boards"), ("layout", "layouts", "layouts"),
        ("game", "games", "games"), ("traditional", "traditional", "traditional packs")]


@pytest.mark.parametrize(("name", "model", "kind"), [
    ("pack1", Pack, TemplateKind.PACK), ("cyrillic", LetterSet, TemplateKind.LETTERS),
    ("board-a", Board, TemplateKind.BOARD), ("game9-start", Layout, TemplateKind.LAYOUT),
    ("basic-1", Game, TemplateKind.GAME), ("pack36", TraditionalPack, TemplateKind.TRADITIONAL)])
def test_find_returns_the_model_object_of_its_kind(library, name, model, kind):
    found = library.find(name)
    assert isinstance(found, model) and found.name == name
    assert kind_of(found) is kind
    assert library.get(kind, name) is found
    assert library.get(kind.value, name) is found  # the kind's spelling in TOML works too


def test_typed_getters(library):
    assert library.pack("pack2").zeros == 1
    assert library.letter_set("latin1").script == "latin"
    assert library.board("colourless").at(0, 0).colour is None
    assert library.layout("game9-start").board == "colourless"
    assert library.game("basic-1").players == 2


def test_a_getter_refuses_another_kind_with_suggestions(library):
    with pytest.raises(NotFoundError, match=r"no pack named 'latin1' \(the closest: "):
        library.pack("latin1")
    with pytest.raises(NotFoundError, match=r"\(the closest: board-a"):
        library.board("board-b")


def test_a_kind_that_does_not_exist_is_a_programming_error(library):
    with pytest.raises(ValueError):
        library.names("packs")


def test_source_is_a_pack_or_a_letter_set(library):
    assert isinstance(library.source("simple2"), Pack)
    assert isinstance(library.source("latin2"), LetterSet)
    with pytest.raises(WrongKindError) as caught:
        library.source("board-a")
    assert str(caught.value) == "'board-a' is a board; expected a pack or a letter set"


def test_item_is_what_a_kit_holds(library):
    assert isinstance(library.item("colourless"), Board)
    with pytest.raises(WrongKindError) as caught:
        library.item("basic-1")
    assert str(caught.value) == "'basic-1' is a game; a kit holds packs, letter sets and boards"


def test_unknown_names_read_the_same_from_every_look_up(library):
    messages = set()
    for look_up in (library.find, library.source, library.item):
        with pytest.raises(NotFoundError) as caught:
            look_up("pakc1")
        messages.add(str(caught.value))
    assert messages == {"no template named 'pakc1' (see 'opencards list'); "
                        "did you mean 'pack1'?"}


def test_sources_of_a_layout_by_side(library):
    sources = library.sources(library.layout("word-1-start"))  # latin1:red, latin1:yellow
    assert {side: s.name for side, s in sources.items()} == {"south": "latin1",
                                                             "north": "latin1"}
    assert all(isinstance(s, LetterSet) for s in sources.values())


def test_a_file_in_the_wrong_folder_names_its_kind(tmp_path, library):
    from generator.io.templates import Library
    (tmp_path / "packs").mkdir()
    text = library.files("board")["board-a"].read_text(encoding="utf-8")
    (tmp_path / "packs" / "board-a.toml").write_text(text, encoding="utf-8")
    with pytest.raises(TemplateError, match=r"kind: expected 'pack' for a file in packs/, "
                                            r"got 'board'"):
        Library.with_user_dirs([tmp_path]).pack("board-a")


def test_load_file_reads_settings_too(library):
    assert isinstance(load_file(library.roots[0] / "settings.toml"), Settings)



def test_listings_see_files_added_and_removed_while_the_library_lives(tmp_path):
    """A folder's listing is kept between look-ups, but a template file written or removed
    later is seen, whether the folder changed just now or long ago."""
    import os
    import shutil
    import time

    from generator.io.templates import Library, templates_dir

    packs = tmp_path / "packs"
    packs.mkdir()
    source = templates_dir() / "packs" / "pack1.toml"
    shutil.copy(source, packs / "a.toml")
    library = Library([tmp_path])
    assert list(library.files("pack")) == ["a"]
    shutil.copy(source, packs / "b.toml")         # the folder changed a moment ago
    assert list(library.files("pack")) == ["a", "b"]
    hour_ago = time.time() - 3600
    os.utime(packs, (hour_ago, hour_ago))         # an old folder: its listing is kept
    assert list(library.files("pack")) == ["a", "b"]
    shutil.copy(source, packs / "c.toml")
    assert list(library.files("pack")) == ["a", "b", "c"]
    os.utime(packs, (hour_ago + 60, hour_ago + 60))
    assert list(library.files("pack")) == ["a", "b", "c"]
    (packs / "a.toml").unlink()
    assert list(library.files("pack")) == ["b", "c"]
    with pytest.raises(NotFoundError):
        library.pack("a")
