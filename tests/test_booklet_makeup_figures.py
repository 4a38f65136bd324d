"""A figure that misses a short page (issue 39, third review r-ass, finding 5: pages of the
Ass booklets 20 to 30 % blank): in the worked tricks each trick's figure is kept with its
text, a row of cards may be drawn only a little smaller (setter.TRICK_LEAST), and the next
trick's figure stops any text from coming up, so a trick that missed its page by more than
its own figure could give left the page with the trick before it half empty ("Вторая
сдача": 58 %). The page's figures now give way together, each drawn smaller within its
own limit, as text that misses a short page already comes on (makeup._squeeze)."""
from __future__ import annotations

from generator.docs.booklet.makeup import FULL, _fill, depth
from generator.docs.booklet.units import PageGeometry, Unit

G = PageGeometry.for_paper("a5")
BODY = G.body_bottom - G.body_top


def _trick(height: float, lines: int, least: float) -> list[Unit]:
    """A trick's figure, drawn at least *least* high, kept with its caption and text."""
    art = Unit(height + 1.5, [], space_before=3.0, keep_with_next=True, art=height,
               centre=50.0, least=least, section="s")
    caption = Unit(5.5, [], keep_with_next=True, section="s")
    text = [Unit(4.5, [], keep_with_next=k < lines - 1, section="s") for k in range(lines)]
    text[0].space_before = 1.6
    return [art, caption, *text]


def test_a_figure_missing_a_short_page_comes_on_with_the_pages_figures_smaller():
    height = 44.0
    least = 0.85 * height
    intro = [Unit(4.5, [], section="s") for _ in range(5)]
    first, second, third = (_trick(height, 5, least) for _ in range(3))
    units = intro + first + second + third
    # The second trick misses the page by more than its own figure may give, less than
    # the two figures of the page together may.
    used = sum(u.space_before + u.height for u in intro + first + second)
    give = height - least
    over = used - BODY
    assert give < over < 2 * give, over
    pages = _fill(list(units), G)
    placed = [unit for _, unit in pages[0]]
    assert len(placed) == len(intro + first + second)
    drawn = [unit for unit in placed if unit.art]
    assert all(least - 0.01 <= unit.art < height for unit in drawn)
    assert depth(pages[0], G) >= FULL * BODY
