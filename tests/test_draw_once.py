"""kit.pdf reuses the pages drawn for the items' own files: each page is drawn once, and
kit.pdf shows exactly what drawing its pages afresh would show."""
from __future__ import annotations

import pypdfium2
import pytest
from PIL import ImageChops

from generator.draw.backends import pdf
from generator.app import KitOptions, build_kit
from generator.sheets import kit
from generator.sheets.printable import printable


def _pixels(data: bytes) -> list:
    document = pypdfium2.PdfDocument(data)
    return [document[i].render(scale=60 / 72).to_pil() for i in range(len(document))]


def _text(data: bytes) -> list[str]:
    document = pypdfium2.PdfDocument(data)
    return [document[i].get_textpage().get_text_range() for i in range(len(document))]


@pytest.mark.parametrize("cmyk", [False, True], ids=["rgb", "cmyk"])
def test_each_page_is_drawn_once_and_the_kit_shows_the_same(library, tmp_path, monkeypatch,
                                                            cmyk):
    drawn = []
    real_page = pdf.Document.page

    def counted(self, page):
        drawn.append(page)
        return real_page(self, page)

    monkeypatch.setattr(pdf.Document, "page", counted)
    items = ["pack1", "latin1", "board-a"]
    built = build_kit(library, tmp_path / "once", KitOptions(items=items, cmyk=cmyk))
    item_pages = sum(b.pages for b in built[:-1])
    blank_backs = 4  # board-a's four pieces each get a blank reverse in the duplex kit
    assert built[-1].path.name == "kit.pdf" and built[-1].pages == item_pages + blank_backs
    # Items' pages drawn once each, for their own files; the kit draws only its blanks.
    assert len(drawn) == item_pages + blank_backs
    monkeypatch.undo()

    whole = built[-1].path.read_bytes()
    afresh = pdf.render([p for name in items
                         for p in kit._duplex_ready(kit.item_pages(printable(library.item(name)),
                                                                   kit.SheetSpec(),
                                                                   library.settings()),
                                                    kit.SheetSpec(), name == "board-a")],
                        title="opencards kit", cmyk=cmyk)
    assert _text(whole) == _text(afresh)
    for ours, theirs in zip(_pixels(whole), _pixels(afresh), strict=True):
        assert ImageChops.difference(ours, theirs).getbbox() is None


def test_the_items_files_still_show_their_own_pages(library, tmp_path):
    built = build_kit(library, tmp_path, KitOptions(items=["pack2", "cyrillic"]))
    for b in built[:-1]:
        name = b.path.stem
        alone = pdf.render(kit.item_pages(printable(library.item(name)), kit.SheetSpec(),
                                          library.settings()),
                           title=f"opencards {name}")
        data = b.path.read_bytes()
        assert _text(data) == _text(alone)
        for ours, theirs in zip(_pixels(data), _pixels(alone), strict=True):
            assert ImageChops.difference(ours, theirs).getbbox() is None


def test_the_build_stays_deterministic(library, tmp_path):
    first = build_kit(library, tmp_path / "a", KitOptions(items=["pack1", "cyrillic"]))
    second = build_kit(library, tmp_path / "b", KitOptions(items=["pack1", "cyrillic"]))
    assert [b.path.read_bytes() for b in first] == [b.path.read_bytes() for b in second]
