"""Fold-over cards (``--backs fold``): each card's back printed beside its face, mirrored
about the line between them, so that folding the paper along that line puts the back
behind the face. Everything is on one side of one sheet: no duplex, no registration.

A pair is laid out like a card twice as wide (the face on the left, the back on the
right), so the grid, bleed, guides and orientation of ordinary card sheets apply to it
unchanged; turned pairs put the face above the back. The fold is no cut: the face and
the back each stop at it, and dashed guides in the style of the cut guides mark both
of its ends.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from ..draw.geometry import Rect, Size, Transform
from ..draw.scene import Box, Group, Item, Line, Page, Paint
from .cards import SheetPlan, card_reach, ink_zones, oriented_plan, sheet_crop_marks
from .guides import guides
from .marks import MARK_INK
from .notes import note, ruler
from .spec import SheetSpec

#: Dashes of the fold guides (mm on, mm off): unlike the solid cut guides.
FOLD_DASH = (0.6, 0.4)

HOW = "print at 100% (actual size), one side; cut on the solid guides, fold on the dashed"


def pair_size(card: Size) -> Size:
    """A face and its back side by side."""
    return Size(2 * card.width, card.height)


def fold_pair(face: Group, back: Group, card: Size, index: int) -> Group:
    """Face and back as one piece in the pair's frame (origin at the face's top left): the
    back mirrored about the fold at x = card width. Each keeps its bleed on the outer
    edges and stops at the fold, and each carries its trim marker so tools can read where
    it went."""
    w, h = card.width, card.height
    big = max(w, h)
    # Up to the fold, and far enough past every other edge to leave the sheet's clip in charge.
    half = Rect(-big, -big, w + big, h + 2 * big)
    trim = Box(Rect(0, 0, w, h), Paint())
    face_side = Group((face, trim), clip=half, role=f"card {index}")
    back_side = Group((Group((back, trim), clip=half),), Transform.mirror_x(w),
                      role=f"back {index}")
    return Group((face_side, back_side))


def fold_axis(slot: Rect, turned: bool) -> Transform:
    """The mirror about the fold of the pair at *slot* (page mm): the face's spots map to
    the back's."""
    if turned:
        return Transform.mirror_y(slot.y + slot.h / 2)
    return Transform.mirror_x(slot.x + slot.w / 2)


def fold_guides(sheet: SheetPlan) -> list[Line]:
    """The sheet's guides at both ends of every fold, dashed, in the style of its cut
    guides (crop, corners or lines) so they sit where the eye already looks."""
    block = sheet.block
    if sheet.turned:
        ys = sorted({round(s.y + s.h / 2, 6) for s in sheet.slots})
        lines = guides(block, (), ys, (), sheet.spec)
    else:
        xs = sorted({round(s.x + s.w / 2, 6) for s in sheet.slots})
        lines = guides(block, xs, (), (), sheet.spec)
    return [Line(m.x1, m.y1, m.x2, m.y2, replace(m.paint, dash=FOLD_DASH))
            if m.paint.stroke == MARK_INK else m for m in lines]


def _place_pair(pair: Group, slot: Rect, reach: Rect, turned: bool) -> Group:
    """*pair* at *slot*, clipped to *reach*; *turned* lays it a quarter turn clockwise,
    as :func:`.cards._place` lays a turned card."""
    if not turned:
        return Group((pair,), Transform.translate(slot.x, slot.y),
                     clip=reach.moved(-slot.x, -slot.y))
    place = Transform.translate(slot.right, slot.y) @ Transform.rotate(90)
    back = Transform.rotate(-90) @ Transform.translate(-slot.right, -slot.y)
    return Group((pair,), place, clip=back.apply_rect(reach))


def fold_sheets(fronts: Sequence[Group], backs: Sequence[Group], card: Size,
                spec: SheetSpec, title: str) -> list[Page]:
    """One page per sheet of face-and-back pairs, printed on one side."""
    return list(iter_fold_sheets(zip(fronts, backs), len(fronts), card, spec, title))


def iter_fold_sheets(sides: Iterable[tuple[Group, Group]], cards: int, card: Size,
                     spec: SheetSpec, title: str) -> Iterator[Page]:
    """The pages of :func:`fold_sheets` one at a time, for *cards* (face, back) pairs
    taken from *sides* a sheet at a time (as :func:`.cards.iter_card_sheets`)."""
    # No registration is involved: the sheet keeps no room for targets it does not draw,
    # only for the note and ruler.
    sheet = oriented_plan(pair_size(card), spec, cards, targets=False)
    per = sheet.per_sheet
    count = math.ceil(cards / per)
    pairs = iter(sides)
    for n in range(count):
        chunk = range(n * per, min(cards, (n + 1) * per))
        # A part-filled last sheet has the guides and boxes of the pairs it holds.
        held = replace(sheet, slots=sheet.slots[:len(chunk)])
        block = held.block
        zones = ink_zones(block, spec)
        items: list[Item] = []
        for (slot_index, i), (face, back) in zip(enumerate(chunk), pairs):
            slot = sheet.slots[slot_index]
            pair = fold_pair(face, back, card, i)
            items.append(_place_pair(pair, slot, card_reach(slot, block, spec), sheet.turned))
        label = f"{title} - sheet {n + 1} of {count}"
        marks = [*sheet_crop_marks(held), *fold_guides(held)]
        yield Page(spec.size.width, spec.size.height,
                   (*items, *marks, note(spec, f"{label}: fold - {HOW}", zones),
                    *ruler(spec, zones)),
                   trim=block, bleed=block.inset(-spec.bleed), label=f"{label} fold")
