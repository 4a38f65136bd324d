"""Daggers where the domain puts them, card by card, on the printed sheets: on a face in
the top-left and bottom-right corners, on a back in the top-right and bottom-left ones, so
that through the paper each face dagger has a back dagger behind it whichever edge the
sheet turns over (a face-down test card shows its group "at the same place")."""
from __future__ import annotations

import pytest

from generator.draw.art.cards import card_back, card_front, letter_back, letter_front
from generator.draw.art.marks import DAGGER
from generator.draw.fonts import ink_bounds
from generator.draw.geometry import Rect, Transform
from generator.draw.scene import Group, Text, walk
from generator.sheets.cards import card_sheets
from generator.sheets.spec import Flip, SheetSpec

TOL = 0.01
PACKS = ("pack1", "pack2", "simple1", "simple2")
LETTERS = ("latin1", "latin2", "cyrillic")


def placed(items, role_prefix, transform=Transform()):
    """{role: (group, transform to page)} for every group whose role starts so."""
    found = {}
    for item in items:
        if isinstance(item, Group):
            t = transform @ item.transform
            if item.role and item.role.startswith(role_prefix) and item.role[-1].isdigit():
                found[item.role] = (item, t)
            else:
                found.update(placed(item.items, role_prefix, t))
    return found


def dagger_centres(group, transform):
    """Page positions of the inked centres of the dagger signs in *group*."""
    centres = []
    for item, t in walk(group.items, transform):
        if isinstance(item, Text) and item.text == DAGGER:
            left, top, right, bottom = ink_bounds(item.text, item.font, item.size)
            turn = Transform.rotate(item.rotation, (item.x, item.y))
            local = turn.apply(item.x + (left + right) / 2, item.y + (top + bottom) / 2)
            centres.append(t.apply(*local))
    return sorted(centres)


def corners(centres, slot: Rect):
    """Which corners of the card (as it lies on its page) the marks are in."""
    cx, cy = slot.centre
    return sorted(("top" if y < cy else "bottom") + "-" + ("left" if x < cx else "right")
                  for x, y in centres)


def sheets(library, name, flip):
    spec = SheetSpec(flip=Flip(flip))
    settings = library.settings()
    size = settings.card
    if name in PACKS:
        source = library.pack(name)
        fronts = [card_front(source, c, size=size, bleed=spec.bleed) for c in source]
        backs = [card_back(source, c, size=size, bleed=spec.bleed) for c in source]
    else:
        source = library.letter_set(name)
        fronts = [letter_front(source, c, size=size, bleed=spec.bleed) for c in source]
        backs = [letter_back(source, c, size=size, bleed=spec.bleed) for c in source]
    return spec, size, list(source), card_sheets(fronts, backs, size, spec, name)


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("name", PACKS + LETTERS)
def test_daggers_sit_in_the_right_corners_of_every_face_and_back(library, name, flip):
    spec, size, cards, pages = sheets(library, name, flip)
    source = library.pack(name) if name in PACKS else library.letter_set(name)
    width, height = 210.0, 297.0   # A4
    to_back = ((lambda x, y: (width - x, y)) if flip == "long"
               else (lambda x, y: (x, height - y)))
    seen = 0
    for front_page, back_page in zip(pages[::2], pages[1::2]):
        fronts = placed(front_page.items, "card ")
        backs = placed(back_page.items, "back ")
        assert fronts.keys() == {f"card {i}" for i in range(seen, seen + len(fronts))}
        for role, (group, t) in fronts.items():
            i = int(role.split()[1])
            card = cards[i]
            has = source.has_dagger(card)
            slot = t.apply_rect(Rect(0, 0, size.width, size.height))
            face = dagger_centres(group, t)
            back_group, back_t = backs[f"back {i}"]
            back_slot = back_t.apply_rect(Rect(0, 0, size.width, size.height))
            back = dagger_centres(back_group, back_t)
            if name in PACKS:
                assert corners(face, slot) == (["bottom-right", "top-left"] if has else []), \
                    (name, card)
            else:
                assert face == [], (name, card)  # letter faces show the group by colour
            assert corners(back, back_slot) == (["bottom-left", "top-right"] if has else []), \
                (name, card)
            if name in PACKS and has:
                # Through the paper: behind each face dagger, a back dagger.
                behind = sorted(to_back(x, y) for x, y in face)
                assert [v for p in behind for v in p] == pytest.approx(
                    [v for p in back for v in p], abs=TOL), (name, card, flip)
            if has:
                # Each pair sits symmetrically about the card's centre.
                for pair, box in ((face, slot), (back, back_slot)):
                    if pair:
                        (x1, y1), (x2, y2) = pair
                        assert ((x1 + x2) / 2, (y1 + y2) / 2) == pytest.approx(box.centre,
                                                                               abs=TOL)
        seen += len(fronts)
    assert seen == len(cards)
    assert any(source.has_dagger(c) for c in cards) == (name != "simple1" and
                                                        name != "simple2")
