"""The faces of the traditional packs as a player reads them (issue 44, "Output": the
36-card pack's "10" index touched the card's outline, and its court cards were a bare
letter in a grey box). The corner index stays inside the frame with a margin for every
rank; a court card shows a figure of its rank, double-headed, in the suit's colour."""
from __future__ import annotations

import math

import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.draw import fonts
from generator.draw.art.traditional import suit_colour, traditional_front
from generator.draw.backends import pdf
from generator.draw.geometry import Rect, Transform
from generator.draw.scene import Circle, Group, Line, Page, Polygon, Text, walk
from generator.model.traditional import JACK, KING, QUEEN, PlayingCard, PrintedCard, Suit
from generator.model.units import Size

#: The frame line is drawn 2.2 mm inside the trim of a 63 x 88 mm card, its corners
#: rounded 2.5 mm; an index must keep at least this much clear of it.
MARGIN = 1.0
COURTS = (JACK, QUEEN, KING)


def _ink_box(text: Text, to_page: Transform) -> Rect:
    """The box the ink of *text* covers on the card, through its transforms."""
    left, top, right, bottom = fonts.ink_bounds(text.text, text.font, text.size)
    local = Transform.translate(text.x, text.y) @ Transform.rotate(text.rotation)
    return Rect.bounding((to_page @ local).apply(x, y)
                         for x, y in ((left, top), (right, top), (left, bottom),
                                      (right, bottom)))


def _inside_rounded(box: Rect, frame: Rect, radius: float) -> bool:
    """Whether *box* lies inside *frame* with its corners rounded by *radius*."""
    if not frame.contains(box):
        return False
    for x, y in box.corners():
        cx = min(max(x, frame.x + radius), frame.right - radius)
        cy = min(max(y, frame.y + radius), frame.bottom - radius)
        if math.hypot(x - cx, y - cy) > radius + 1e-9:
            return False
    return True


@pytest.mark.parametrize("name", ["pack36", "pack52", "pack52x2"])
@pytest.mark.parametrize("size", [None, Size(44.0, 63.0)])
def test_every_corner_index_keeps_inside_the_frame(library, name, size):
    pack = library.traditional(name)
    card_size = size or pack.size
    u = min(card_size.width / 63.0, card_size.height / 88.0)
    frame = Rect(0, 0, card_size.width, card_size.height).inset(2.2 * u)
    room = frame.inset(MARGIN * u)
    checked = set()
    for card in pack:
        index = pack.index(card.rank)
        face = traditional_front(pack, PrintedCard(card), size=size)
        boxes = [_ink_box(item, t) for item, t in walk((face,))
                 if isinstance(item, Text) and item.text == index]
        assert len(boxes) == 2, card.notation()   # upright top left, turned bottom right
        for box in boxes:
            assert _inside_rounded(box, room, (2.5 - MARGIN) * u), (card.notation(), box)
        checked.add(index)
    assert "10" in checked


def test_the_ten_is_set_as_tall_as_the_other_indices_or_nearly(library):
    """Kept inside by setting it condensed, not by shrinking it to a footnote."""
    pack = library.traditional("pack36")
    heights = {}
    for rank in (9, 10, JACK):
        face = traditional_front(pack, PrintedCard(PlayingCard(rank, Suit.HEARTS)))
        text, t = next((i, t) for i, t in walk((face,))
                       if isinstance(i, Text) and i.text == pack.index(rank))
        heights[rank] = _ink_box(text, t).h
    assert heights[10] >= 0.9 * heights[9]


def _figure(pack, rank, suit):
    face = traditional_front(pack, PrintedCard(PlayingCard(rank, suit)))
    (court,) = [g for g, _ in _groups(face) if g.role == "court figure"]
    return face, court


def _groups(group, transform=Transform()):
    yield group, transform
    for item in group.items:
        if isinstance(item, Group):
            yield from _groups(item, transform @ item.transform)


def _shapes(group):
    return [item for item, _ in walk((group,))
            if isinstance(item, (Polygon, Circle, Line))]


@pytest.mark.parametrize("suit", list(Suit))
def test_a_court_is_a_figure_of_its_rank_in_the_suit_colour(library, suit):
    pack = library.traditional("pack36")
    outlines = {}
    for rank in COURTS:
        face, court = _figure(pack, rank, suit)
        texts = [t.text for t, _ in walk((court,)) if isinstance(t, Text)]
        # No letter in the panel: the suit sign by the head, upright and turned.
        assert texts == [suit.sign, suit.sign], (rank, texts)
        shapes = _shapes(court)
        assert len(shapes) >= 40, (rank, len(shapes))
        fills = {s.paint.fill for s in shapes if isinstance(s, (Polygon, Circle))}
        assert suit_colour(suit) in fills
        outlines[rank] = sorted(tuple(round(v, 2) for p in s.points for v in p)
                                for s in shapes if isinstance(s, Polygon))
    # Each rank has shapes of its own: a crown, a cap, a beard are not the same.
    assert len({tuple(o) for o in outlines.values()}) == 3
    for one, other in ((JACK, QUEEN), (QUEEN, KING), (JACK, KING)):
        assert set(outlines[one]) - set(outlines[other]), (one, other)


def _raster(face, size: Size, dpi: float = 100.0) -> np.ndarray:
    data = pdf.render([Page(size.width, size.height, (face,))])
    page = pdfium.PdfDocument(data)[0]
    image = page.render(scale=dpi / 72).to_pil().convert("L")
    return 1.0 - np.asarray(image, dtype=float) / 255.0


def test_a_court_card_reads_the_same_from_either_end_and_each_rank_differs(library):
    """A double-headed court: the face turned 180 degrees is the same picture; and a
    king does not look like a queen or a jack."""
    pack = library.traditional("pack52")
    pictures = {}
    for rank in COURTS:
        face, court = _figure(pack, rank, Suit.CLUBS)
        ink = _raster(face, pack.size)
        turned = ink[::-1, ::-1]
        assert np.abs(ink - turned).mean() < 0.01, rank
        # The panel is mostly figure, not a letter on a tint.
        rows, cols = ink.shape
        panel = ink[rows // 4: 3 * rows // 4, cols // 4: 3 * cols // 4]
        assert (panel > 0.5).mean() > 0.3, rank
        pictures[rank] = ink
    for one, other in ((JACK, QUEEN), (QUEEN, KING), (JACK, KING)):
        assert np.abs(pictures[one] - pictures[other]).mean() > 0.03, (one, other)
