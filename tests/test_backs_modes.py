"""--backs fold (each back beside its face, mirrored about the fold) and --backs
fronts-only / backs-only (a duplex by hand, as two files)."""
from __future__ import annotations

import re
from dataclasses import replace

import pikepdf
import pytest

import pdfgeom
import raster
from generator.cli import cli
from generator.draw.geometry import Rect, Size, Transform
from generator.draw.scene import Group, Page, Text
from generator.sheets.fold import FOLD_DASH, fold_axis
from generator.app import KitOptions, build_kit
from generator.sheets.kit import item_pages
from generator.sheets.printable import Printable, printable
from generator.sheets.spec import Backs, Flip, Orientation, SheetSpec
from test_registration import misregistration

TOL = 0.01


def pack1(library) -> Printable:
    return printable(library.item("pack1"))


def placed_sides(page: Page) -> dict[str, Transform]:
    """role ('card 3', 'back 3') -> the full transform from card-local mm to page mm."""
    found: dict[str, Transform] = {}

    def walk(item: object, t: Transform) -> None:
        if isinstance(item, Group):
            here = t @ item.transform
            if item.role and re.fullmatch(r"(card|back) \d+", item.role):
                found[item.role] = here
            for child in item.items:
                walk(child, here)
    for item in page.items:
        walk(item, Transform())
    return found


def slot_of(t: Transform, card: Size) -> Rect:
    return t.apply_rect(Rect(0, 0, card.width, card.height))


def fold_pages(library, card: Size | None, orientation: str = "auto") -> list[Page]:
    settings = library.settings()
    if card is not None:
        settings = replace(settings, card=card, square=card)
    return item_pages(pack1(library), SheetSpec(backs=Backs.FOLD, orientation=Orientation(orientation)),
                      settings)


@pytest.mark.parametrize("card, orientation, turned", [
    (None, "auto", False), (Size(63, 88), "turned", True), (Size(63, 88), "upright", False)])
def test_each_back_is_its_face_mirrored_about_the_fold(library, card, orientation, turned):
    pages = fold_pages(library, card, orientation)
    size = card or library.settings().card
    seen = 0
    for page in pages:
        sides = placed_sides(page)
        faces = sorted(r for r in sides if r.startswith("card"))
        assert faces and len(sides) == 2 * len(faces)
        for role in faces:
            face, back = sides[role], sides["back" + role[4:]]
            face_slot, back_slot = slot_of(face, size), slot_of(back, size)
            # The face and its back touch along the fold: side by side, or one above.
            if turned:
                assert back_slot.y == pytest.approx(face_slot.bottom, abs=TOL)
                fold_at = Rect(face_slot.x, face_slot.y, face_slot.w, 2 * face_slot.h)
            else:
                assert back_slot.x == pytest.approx(face_slot.right, abs=TOL)
                fold_at = Rect(face_slot.x, face_slot.y, 2 * face_slot.w, face_slot.h)
            fold = fold_axis(fold_at, turned)
            # Every spot of the back's art is where folding puts that spot of the face.
            for x, y in [(0, 0), (size.width, 0), (0, size.height), (3.0, 7.0),
                         (size.width * 0.7, size.height * 0.2)]:
                assert back.apply(x, y) == pytest.approx(fold.apply(*face.apply(x, y)),
                                                         abs=TOL)
            seen += 1
    assert seen == 32


def test_fold_sheets_print_one_side_with_dashed_fold_guides(library, tmp_path):
    built = build_kit(library, tmp_path, KitOptions(items=("pack1",), spec=SheetSpec(backs=Backs.FOLD)))
    assert [b.path.name for b in built] == ["pack1.pdf"]
    pdf = pikepdf.open(tmp_path / "pack1.pdf")
    pages = fold_pages(library, None)
    assert len(pdf.pages) == len(pages) == 3          # 15 pairs a sheet: no back pages
    geo = pdfgeom.read_page(pdf.pages[0])
    # A trim marker for every face and every back: 15 pairs on the sheet.
    assert len(pdfgeom.read_page(pdf.pages[0]).markers) == 30
    text = " ".join(t.text for t in pages[0].items if isinstance(t, Text))
    assert "fold on the dashed" in text and "duplex" not in text
    # The fold guides are dashed; the cut guides solid.
    dashed = [i for i in pages[0].items if getattr(getattr(i, "paint", None), "dash", ())
              == FOLD_DASH]
    assert len(dashed) == 2 * 3                       # both ends of 3 folds


def test_fold_needs_no_back_correction_and_ignores_it(library):
    plain = fold_pages(library, None)
    spec = SheetSpec(backs=Backs.FOLD, back_offset=(3.0, -2.0), back_rotate=0.5)
    moved = item_pages(pack1(library), spec, library.settings())
    assert moved == plain


def test_manual_duplex_files_are_the_duplex_pages_in_two_files(runner, tmp_path):
    for side in ("fronts-only", "backs-only"):
        result = runner.invoke(cli, ["build", "--backs", side, "--only", "pack1",
                                     "--only", "board-a", "--out", str(tmp_path)])
        assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    # A board has no backs: it is only in the fronts files.
    assert names == ["board-a-fronts.pdf", "kit-backs.pdf", "kit-fronts.pdf",
                     "pack1-backs.pdf", "pack1-fronts.pdf"]
    assert len(pikepdf.open(tmp_path / "pack1-fronts.pdf").pages) == 1
    assert len(pikepdf.open(tmp_path / "pack1-backs.pdf").pages) == 1
    # The two sides, printed one after the other, register as a duplex sheet does.
    pages = [*raster.render(tmp_path / "pack1-fronts.pdf"),
             *raster.render(tmp_path / "pack1-backs.pdf")]
    pages = [pages[0], pages[1]]
    for reading in misregistration(None, "long", pages=pages):
        assert reading == pytest.approx((0.0, 0.0), abs=0.05)


def test_manual_duplex_sheets_say_how_to_print_each_side(library):
    fronts = item_pages(pack1(library), SheetSpec(backs=Backs.FRONTS_ONLY, flip=Flip.SHORT),
                        library.settings())
    backs = item_pages(pack1(library), SheetSpec(backs=Backs.BACKS_ONLY, flip=Flip.SHORT),
                       library.settings())
    duplex = item_pages(pack1(library), SheetSpec(flip=Flip.SHORT), library.settings())
    assert len(fronts) == len(backs) == len(duplex) // 2

    def note_of(page: Page) -> str:
        texts = []

        def walk(item: object) -> None:
            if isinstance(item, Text):
                texts.append(item.text)
            elif isinstance(item, Group):
                for child in item.items:
                    walk(child)
        for item in page.items:
            walk(item)
        return next(t for t in texts if "sheet 1 of 1" in t)
    assert "then the backs file on the reverse, turned over the short edge" in note_of(
        fronts[0])
    assert "on the reverse of fronts sheet 1, turned over the short edge" in note_of(
        backs[0])
    # Apart from the notes, each side is the duplex build's page.
    assert fronts[0].trim == duplex[0].trim and backs[0].trim == duplex[1].trim
    assert [i for i in fronts[0].items if not isinstance(i, Text)] == [
        i for i in duplex[0].items if not isinstance(i, Text)]


def test_a_back_offset_moves_the_manual_backs_too(library):
    spec = SheetSpec(backs=Backs.BACKS_ONLY, back_offset=(1.0, 0.0))
    moved = item_pages(pack1(library), spec, library.settings())
    fronts = item_pages(pack1(library), SheetSpec(backs=Backs.FRONTS_ONLY, back_offset=(1.0, 0.0)),
                        library.settings())
    # The back page is the fronts mirrored over the long edge, then moved 1 mm (seen from
    # the front: right, so left on the back page).
    assert moved[0].trim.x == pytest.approx(210.0 - fronts[0].trim.right - 1.0, abs=TOL)
