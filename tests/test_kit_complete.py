"""The kit is a complete box (issue 38): ``opencards build`` prints every pack, deck,
letter set and board the default booklets' games are played with, and the booklet it adds
is set on half of the kit's sheet: half-letter with letter, A5 with A4 and A3."""
from __future__ import annotations

import re

import pypdfium2
import pytest

from generator.app import KitOptions, build_kit
from generator.cli import cli
from generator.io.booklets import load_booklet
from generator.io.kit_needs import booklet_needs
from generator.sheets.kit import DEFAULT_ITEMS
from generator.sheets.spec import Paper, SheetSpec

PT = 72 / 25.4


def _missing(needs: dict[str, tuple[str, ...]], items: tuple[str, ...]) -> list[str]:
    return [f"{item} (for {', '.join(where)})" for item, where in needs.items()
            if item not in items]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_default_kit_holds_every_item_the_default_booklet_plays_with(library, lang):
    """Each game of the booklet's own selection is played with the packs or letter sets
    of its pairs on one of its boards, and each diagram lays out its board and sides: a
    reader who bought the default kit has every one of them."""
    needs = booklet_needs(library, load_booklet(library, lang))
    assert not _missing(needs, DEFAULT_ITEMS), \
        f"the default booklet-{lang} needs items the default kit does not print"


def test_the_initial_games_need_the_two_decks_of_the_initial_version(library):
    """Seed 002 (the French manual of the initial version): "Les joueurs utilisent deux
    jeux de 32 cartes" -- the two decks of that version, told apart "par la
    présence/l'absence des circonférences d'une couleur obscure" on backs and faces. Its
    games 1, 5 and 9 are in the booklet, so a kit of the basic packs alone (as it was
    before issue 38) is reported short of both decks."""
    needs = booklet_needs(library, load_booklet(library, "en"))
    for deck in ("simple1", "simple2"):
        assert {"initial-1", "initial-5", "initial-9"} <= set(needs[deck])
    basic_only = ("pack1", "pack2", "latin1", "latin2", "cyrillic", "board-a", "colourless")
    assert [m.partition(" ")[0] for m in _missing(needs, basic_only)] == \
        ["simple1", "simple2"]


def test_a_booklet_chapter_needs_the_items_of_its_diagrams_too(library, tmp_path):
    """A chapter of a --templates folder whose row of cards is drawn from a pack the kit
    does not print is reported, named with the chapter."""
    from generator.io.templates import Library
    root = tmp_path / "mine"
    (root / "booklets" / "en").mkdir(parents=True)
    (root / "booklets" / "en" / "equipment.toml").write_text(
        'title = "Equipment"\n[[section]]\nid = "packs"\nheading = "The pack"\n'
        'text = "{figure}"\n[[section.figure]]\ncards = "pack36:6S JS"\n'
        'caption = "Two cards."\n', encoding="utf-8")
    library = Library.with_user_dirs([root])
    needs = booklet_needs(library, load_booklet(library, "en"))
    assert _missing(needs, DEFAULT_ITEMS) == ["pack36 (for equipment)"]


@pytest.fixture(scope="module")
def default_build(tmp_path_factory):
    from click.testing import CliRunner
    out = tmp_path_factory.mktemp("box")
    result = CliRunner().invoke(cli, ["build", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out, result.output


def _dark_pixels(path, page: int) -> int:
    """Pixels of the cards' near-black ink (circles, arrows; no colour's darkest) at 40
    dpi."""
    image = pypdfium2.PdfDocument(path)[page].render(scale=40 / 72).to_pil().convert("RGB")
    return sum(1 for pixel in image.get_flattened_data() if max(pixel) < 60)


def test_the_default_build_prints_both_decks_told_apart_on_faces_and_backs(default_build):
    """Seed 002: the decks differ by the dark circles on the backs and on the faces (deck 1
    has them, deck 2 not) and by the backs' hatching. Each deck is its own file and is in
    kit.pdf, after the packs and before the letter sets."""
    out, output = default_build
    for deck in ("simple1", "simple2"):
        assert re.search(rf"^  {deck}\.pdf +2 pages +1 sheet ", output, re.M), output
    one, two = out / "simple1.pdf", out / "simple2.pdf"
    # Both sheets share their notes, crop marks and the faces' arrows; deck 1 adds two
    # circles a card (about twice the dark ink of deck 2's faces, 16 times its backs').
    for page in (0, 1):   # fronts, backs
        assert _dark_pixels(one, page) > 1.5 * _dark_pixels(two, page)
    titles = [line.split()[0] for line in output.splitlines()
              if line.startswith("  ") and ".pdf" in line]
    assert titles[:4] == ["pack1.pdf", "pack2.pdf", "simple1.pdf", "simple2.pdf"]


def _booklet_pages_mm(path) -> set[tuple[float, float]]:
    doc = pypdfium2.PdfDocument(path)
    return {(round(doc[i].get_width() / PT, 2), round(doc[i].get_height() / PT, 2))
            for i in range(len(doc))}


def test_an_a4_build_sets_the_booklet_on_a5_and_says_so(default_build):
    out, output = default_build
    assert _booklet_pages_mm(out / "booklet-en.pdf") == {(148.0, 210.0)}
    assert re.search(r"^  booklet-en\.pdf .* on A5 \(148 x 210 mm\)$", output, re.M), output


def test_a_letter_build_sets_the_booklet_on_half_letter_and_says_so(runner, tmp_path):
    """US paper folds to half-letter, 5.5 x 8.5 in; the kit's sheets stay letter."""
    result = runner.invoke(cli, ["build", "--paper", "letter", "--only", "pack1",
                                 "--only", "booklet-en", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    sizes = _booklet_pages_mm(tmp_path / "booklet-en.pdf")
    assert len(sizes) == 1
    (width, height), = sizes
    assert width == pytest.approx(139.7, abs=0.01) and height == pytest.approx(215.9, abs=0.01)
    assert _booklet_pages_mm(tmp_path / "pack1.pdf") == {(215.9, 279.4)}
    assert re.search(r"^  booklet-en\.pdf .* on half-letter \(5\.5 x 8\.5 in\)$",
                     result.output, re.M), result.output
    # The kit's own rows name no paper: it is the --paper asked for.
    assert " on " not in next(line for line in result.output.splitlines()
                              if line.startswith("  pack1.pdf"))


def test_an_a3_build_keeps_the_booklet_on_a5(library, tmp_path):
    built = build_kit(library, tmp_path, KitOptions(items=["booklet-en"],
                                                    spec=SheetSpec(paper=Paper.A3)))
    assert [b.paper for b in built] == ["A5 (148 x 210 mm)"]
    assert _booklet_pages_mm(tmp_path / "booklet-en.pdf") == {(148.0, 210.0)}
