"""Issue 26, arrows that do not collide: arrows that leave one square along one line are
set side by side, so that no arrow runs over another's head, in both styles."""
from __future__ import annotations

import itertools

import pytest

from generator.app.figure import draw_figure
from generator.docs.build import option_annotations
from generator.draw.scene import Group, Polygon

#: From b4 (the 3G after the moves): b5 and b7 on one line, c5 and d6 on another, a5 alone.
ARROWS = ("b4-b5", "b4xb7:red", "b4-c5", "b4-d6:green", "b4-a5")


def _arrows(library, style: str) -> list[tuple[Polygon, Polygon]]:
    changes = option_annotations(moves="b2-b3 g7-g6 b3-b4 g6-g5", arrows=ARROWS)
    changes["style"] = style
    page = draw_figure(library, "game1-demo", changes).final
    figure = page.items[0]
    assert isinstance(figure, Group)
    annotations = next(i for i in figure.items if isinstance(i, Group)
                       and i.role == "annotations")
    polygons = [i for i in annotations.items if isinstance(i, Polygon)]
    shafts = [p for p in polygons if not p.closed]
    heads = [p for p in polygons if p.closed]
    assert len(shafts) == len(heads) == len(ARROWS)
    return list(zip(shafts, heads))


def _inside(point: tuple[float, float], triangle: tuple[tuple[float, float], ...]) -> bool:
    (x, y), ((x1, y1), (x2, y2), (x3, y3)) = point, triangle
    d1 = (x - x2) * (y1 - y2) - (x1 - x2) * (y - y2)
    d2 = (x - x3) * (y2 - y3) - (x2 - x3) * (y - y3)
    d3 = (x - x1) * (y3 - y1) - (x3 - x1) * (y - y1)
    return not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))


def _along(points: tuple[tuple[float, float], ...], steps: int = 200
           ) -> list[tuple[float, float]]:
    found = []
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        found += [(x1 + (x2 - x1) * t / steps, y1 + (y2 - y1) * t / steps)
                  for t in range(steps + 1)]
    return found


@pytest.mark.parametrize("style", ["full", "compact"])
def test_no_arrow_runs_over_another_arrows_head(library, style):
    arrows = _arrows(library, style)
    for (shaft_a, head_a), (shaft_b, head_b) in itertools.permutations(arrows, 2):
        assert not any(_inside(p, head_b.points) for p in _along(shaft_a.points))
        assert not any(_inside(p, head_b.points) for p in head_a.points)


def test_an_arrow_alone_on_its_line_is_not_moved(library):
    """b4-a5 has no other arrow on its line: its tail lies on the line from b4's centre to
    a5's (it starts where that line leaves the card's panel, issue 42), not beside it."""
    shaft, _ = _arrows(library, "full")[-1]
    (cx, cy), (tx, ty) = (12 + 25 + 12.5, 12 + 4 * 50 + 25), (12 + 12.5, 12 + 3 * 50 + 25)
    x, y = shaft.points[0]
    assert (x - cx) * (ty - cy) - (y - cy) * (tx - cx) == pytest.approx(0, abs=1e-6)
    assert 0 < (x - cx) / (tx - cx) < 0.5
