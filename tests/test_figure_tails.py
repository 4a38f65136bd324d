"""Issue 42, the compact style read closely: the last move's target is tinted round the
card without repainting the card's frame (its colour), and an arrow's tail starts clear of
the moving card's value. Both read the drawn scene."""
from __future__ import annotations

import pytest

from generator.app.figure import draw_figure
from generator.docs.build import option_annotations
from generator.draw.geometry import Rect, Transform
from generator.draw.scene import Box, Group, Item, Polygon, Text, walk

from test_figure_outlines import _crosses, _text_rect

MOVES = "b2-b3 g7-g6 b3-b4 g6-g5"


def _placed_cards(items: tuple[Item, ...], t: Transform = Transform()
                  ) -> list[tuple[Group, Transform]]:
    """Each card drawing (a face or back, card or symbol) and where it is placed."""
    found: list[tuple[Group, Transform]] = []
    for item in items:
        if isinstance(item, Group):
            role = item.role or ""
            if role.startswith(("face ", "back ", "symbol ")):
                found.append((item, t @ item.transform))
            else:
                found += _placed_cards(item.items, t @ item.transform)
    return found


def _card_on(page, centre: tuple[float, float], size: float) -> tuple[Rect, list[Rect]]:
    """The drawn card whose middle is at *centre* (page mm): its outer rectangle and the
    rectangles of its texts (value, suit, letter)."""
    for group, t in _placed_cards(page.items):
        frame = t.apply_rect(Rect(0, 0, size, size if "symbol" in (group.role or "")
                                  else size * 2))
        if abs(frame.centre[0] - centre[0]) < 1 and abs(frame.centre[1] - centre[1]) < 1:
            return frame, [_text_rect(i, u) for i, u in walk(group.items, t)
                           if isinstance(i, Text)]
    raise AssertionError(f"no card at {centre}")


def _group(page, role: str) -> tuple[Group, Transform]:
    def find(items, t):
        for item in items:
            if isinstance(item, Group):
                if item.role == role:
                    return item, t @ item.transform
                hit = find(item.items, t @ item.transform)
                if hit:
                    return hit
        return None
    found = find(page.items, Transform())
    assert found, role
    return found


def test_the_compact_last_move_tint_leaves_the_cards_frame_alone(library):
    """The target card's symbol (its frame in the card's colour included) lies wholly
    inside the tinted rim, which covers only the cell's margin round it."""
    page = draw_figure(library, "game1-demo", {**option_annotations(moves=MOVES),
                                               "style": "compact"}).final
    tints, t = _group(page, "last move")
    rims = [item for item in tints.items if isinstance(item, Box) and item.paint.stroke]
    assert rims, "the target, a square with a card, is tinted round the card"
    for rim in rims:
        inner = t.apply_rect(rim.rect.inset(rim.paint.width / 2))
        tile, _ = _card_on(page, inner.centre, 21.0)
        assert inner.contains(tile, tol=1e-6), (inner, tile)


@pytest.mark.parametrize("style", ["compact", "full"])
def test_arrow_tails_start_clear_of_the_moving_cards_value(library, style):
    """c2-c4 and d2-c3 from south's cards, f7-f5 from north's: no shaft crosses a text of
    the card it leaves (in the compact style it ran from the middle of the value)."""
    changes = {**option_annotations(arrows=("c2-c4", "d2-c3", "f7-f5")), "style": style}
    page = draw_figure(library, "game1-demo", changes).final
    annotations, t = _group(page, "annotations")
    shafts = [item for item in annotations.items
              if isinstance(item, Polygon) and not item.closed]
    assert len(shafts) == 3
    size = 21.0 if style == "compact" else 25.0
    for shaft in shafts:
        points = [t.apply(*p) for p in shaft.points]
        half = t.scale_factor * shaft.paint.width / 2
        # The card the arrow leaves: the one whose middle is nearest the tail.
        cards = [(g, u) for g, u in _placed_cards(page.items)]
        frames = [u.apply_rect(Rect(0, 0, size, size if style == "compact" else 50))
                  for _, u in cards]
        origin = min(frames, key=lambda f: abs(f.centre[0] - points[0][0])
                     + abs(f.centre[1] - points[0][1]))
        _, texts = _card_on(page, origin.centre, size)
        assert texts
        for a, b in zip(points, points[1:]):
            assert not any(_crosses((a, b, half), rect) for rect in texts), (style, points)
