"""A kit of many cards is drawn page by page (twice: characters first, then the files) and
must give the very files, page counts, sheets and ink that drawing it once and keeping
every page gives; an open set's two backs are each drawn once."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from generator.draw.art import cards as art
from generator.app import Built, KitOptions, build_kit
from generator.sheets import kit, printable, render
from generator.sheets.spec import Backs, SheetSpec


def _files(built: list[Built]) -> list[tuple[str, int, int, int | None, float | None, bytes]]:
    return [(b.path.name, b.pages, b.size, b.sheets, b.ink, b.path.read_bytes())
            for b in built]


@pytest.mark.parametrize("backs", [Backs.DUPLEX, Backs.FRONTS_ONLY, Backs.BACKS_ONLY,
                                   Backs.FOLD, Backs.GLUE])
def test_a_kit_drawn_page_by_page_gives_the_same_files(library, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       backs: Backs) -> None:
    spec = replace(SheetSpec(), backs=Backs(backs))
    # The default kit: packs, letter sets and boards (one-sided: blank reverses in a
    # duplex kit, no file at all with backs only).
    monkeypatch.setattr(kit, "LAZY_KIT_CARDS", 10**9)
    kept = _files(build_kit(library, tmp_path / "kept", KitOptions(spec=spec, count_ink=True)))

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a page-by-page kit keeps no list of pages")
    monkeypatch.setattr(kit, "LAZY_KIT_CARDS", 0)
    monkeypatch.setattr(kit, "item_pages", refused)
    lazy = _files(build_kit(library, tmp_path / "lazy", KitOptions(spec=spec, count_ink=True)))
    assert [f[:5] for f in lazy] == [f[:5] for f in kept]
    assert lazy == kept
    assert lazy[-1][0].startswith("kit")


def test_a_kit_of_many_cards_is_drawn_page_by_page_and_a_small_one_is_not(
        library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = kit._kit_page_by_page

    def spy(build: kit._Build) -> object:
        calls.append(list(build.items))
        return real(build)
    monkeypatch.setattr(kit, "_kit_page_by_page", spy)
    build_kit(library, tmp_path / "small", KitOptions(items=["pack1", "latin1"]))
    assert calls == []
    monkeypatch.setattr(kit, "LAZY_KIT_CARDS", 64)
    build_kit(library, tmp_path / "large", KitOptions(items=["pack1", "latin1"]))
    assert calls == [["pack1", "latin1"]]


@pytest.mark.parametrize("name", ["pack1", "latin1"])
def test_an_open_set_s_backs_are_drawn_once_each(library, monkeypatch: pytest.MonkeyPatch,
                                                 name: str) -> None:
    drawn = []
    for function in ("card_back", "letter_back"):
        real = getattr(printable, function)

        def counted(*args: object, real=real, **kwargs: object) -> object:  # noqa: ANN001
            back = real(*args, **kwargs)
            drawn.append(back.key)
            return back
        monkeypatch.setattr(printable, function, counted)
    sides = list(render.card_sides(library.item(name), library.settings()))
    # The plain back and the back with the dagger, each drawn once for the 32 cards.
    assert sorted(drawn) == sorted({back.key for _, _, back in sides}) and len(drawn) == 2
    # Each card still gets the back it would get drawn on its own.
    source = library.item(name)
    draw = art.card_back if name.startswith("pack") else art.letter_back
    for card, (_, _, back) in zip(source, sides):
        assert back == draw(source, card, size=library.settings().card,
                            corner=library.settings().corner_radius)
