"""Issue 39, diagrams sized for learning, read back from the A5 PDFs in both languages: a
game's start across the whole text column (the editor measured game 1's at 33 mm in a
120 mm column), every example board at least 45 mm wide (they were 22-26 mm, a card about
3 mm), two boards of one example side by side, and every start also listed as text under
its board, card by card, as the layout has it."""
from __future__ import annotations

import re
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest

from built_booklets import set_booklet
from generator.docs.booklet.build import Made
from generator.docs.booklet.units import PageGeometry
from generator.docs.booklet.sizes import LEAST_CARD, LEAST_EXAMPLE, is_start, pairs
from generator.docs.diagram import LEAST_LABEL, figure_page
from generator.docs.figure import Crop, Figure
from generator.draw.scene import Group, Item, Text
from generator.io.templates import Library
from generator.model.booklet import Booklet, FigureRef
from generator.model.layout import Facing
from generator.model.letters import LetterCard

MM = 72 / 25.4
ROOT = Path(__file__).resolve().parent.parent
COLUMN = PageGeometry.for_paper("a5").column
#: How much narrower than the column a start may measure: the board's own hairlines.
TOLERANCE = 1.0


@pytest.fixture(scope="module")
def made(library) -> dict[str, Made]:
    return {lang: set_booklet(library, lang) for lang in ("en", "ru")}


def _numbered(booklet: Booklet) -> list[tuple[int, FigureRef, bool]]:
    """Each figure with its printed number and whether it is its game's start."""
    found = []
    for chapter in booklet.chapters:
        for section in chapter.sections:
            for block in section.blocks:
                if isinstance(block, FigureRef):
                    found.append((len(found) + 1, block, is_start(section, block)))
    return found


class Pages:
    """A PDF's pages with their text, read once."""

    def __init__(self, data: bytes) -> None:
        self.pdf = pypdfium2.PdfDocument(data)
        self.pages = list(self.pdf)
        self.textpages = [page.get_textpage() for page in self.pages]
        self.texts = [text.get_text_range() for text in self.textpages]


def _board_width(pages: Pages, word: str, number: int) -> tuple[int, float]:
    """The page (from 0) and printed width in mm of figure *number*'s board: the widest
    drawing (a form: the board with its edge bands) whose foot lies nearest above the
    caption "Figure N.", on the caption's side when two stand side by side."""
    caption = re.compile(rf"{re.escape(word)}\s{number}\.(?!\d)")
    for index, page in enumerate(pages.pages):
        text = pages.textpages[index]
        found = caption.search(pages.texts[index])
        if not found:
            continue
        left, _, _, top = text.get_charbox(found.start())
        height = page.get_height()
        caption_top, caption_x = (height - top) / MM, left / MM
        boards = []
        for obj in page.get_objects(max_depth=0):
            if obj.type != pdfium_c.FPDF_PAGEOBJ_FORM:
                continue
            x0, bottom, x1, _ = obj.get_bounds()
            width, foot = (x1 - x0) / MM, (height - bottom) / MM
            if width >= 20.0 and foot <= caption_top + 0.5:
                side = 0.0 if x0 / MM <= caption_x <= x1 / MM else min(
                    abs(caption_x - x0 / MM), abs(caption_x - x1 / MM))
                boards.append((round(caption_top - foot, 1), side, -width))
        assert boards, (word, number, index + 1)
        return index, -min(boards)[2]
    raise AssertionError(f"no caption {word} {number}.")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_start_spans_the_column_and_every_example_board_is_45_mm(made, lang):
    """Each game's start is as wide as the text (compact style, square cells), and no
    example board is under 45 mm: measured on the PDF's pages."""
    booklet = made[lang]
    pdf = Pages(booklet.pdf)
    word = booklet.booklet.words["figure"]
    starts = examples = 0
    for number, ref, start in _numbered(booklet.booklet):
        if ref.layout is None:
            continue   # a row of cards, a patience's deal
        page, width = _board_width(pdf, word, number)
        if start:
            starts += 1
            assert width >= COLUMN - TOLERANCE, (lang, number, page + 1, round(width, 1))
        else:
            examples += 1
            assert width >= LEAST_EXAMPLE - 0.5, (lang, number, page + 1, round(width, 1))
        assert width <= COLUMN + 0.5, (lang, number, page + 1, round(width, 1))
    assert starts == len(booklet.booklet.games) and examples >= 25


def _square_share(page) -> float:
    """The width of one square of the board drawn on a figure's *page*, as a share of the
    page's width: read from the drawing (its board art names its square size, the figure
    group its scale), not from the placement rule."""
    figure = next(item for item in page.items
                  if isinstance(item, Group) and item.role == "figure")
    board = next(item for item in figure.items
                 if isinstance(item, Group) and "-board-" in (item.key or ""))
    square = re.search(r"-(\d+(?:\.\d+)?)x\d+(?:\.\d+)?-", board.key)
    assert square, board.key
    return float(square.group(1)) * figure.transform.a / page.width


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_example_prints_its_cards_at_least_8_mm_wide(made, lang):
    """Issue 39, the English review: on a pair's boards (57 mm, 8 files) a card's square
    was 6.2 mm and its value hard to read at A5. Each example's square, measured on the
    PDF (the board's printed width times the square's share of the drawing), is at least
    LEAST_CARD wide: a pair is cropped to 6 files or fewer, or its boards stand alone,
    wider."""
    booklet = made[lang]
    pdf = Pages(booklet.pdf)
    word = booklet.booklet.words["figure"]
    paired = 0
    for number, ref, start in _numbered(booklet.booklet):
        if ref.layout is None or start or ref.width is not None:
            continue
        page, width = _board_width(pdf, word, number)
        square = width * _square_share(booklet.figures[ref.where])
        assert square >= LEAST_CARD - 0.05, (lang, number, page + 1, round(square, 2))
        paired += width < COLUMN / 2
    assert LEAST_CARD >= 8.0 and paired >= 10


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_two_boards_of_one_example_stand_side_by_side(made, lang):
    """The first two boards of a worked example cropped to pair (6 files or fewer, and no
    move between them in the text: the eleventh review's reading order, so basic game 1's
    boards, with moves between them, no longer pair; game 18's first two do) share one
    row: their captions stand on the same line, one in each half of the column."""
    booklet = made[lang]
    pdf = Pages(booklet.pdf)
    word = booklet.booklet.words["figure"]
    example, paired = next((s, pairs(s, COLUMN)) for c in booklet.booklet.chapters
                           for s in c.sections if s.key == "example" and pairs(s, COLUMN))
    assert paired
    first = next(n for n, ref, _ in _numbered(booklet.booklet) if ref is paired[0][0])
    boxes = []
    for number in (first, first + 1):
        page, _ = _board_width(pdf, word, number)
        text = pdf.textpages[page]
        found = re.search(rf"{re.escape(word)}\s{number}\.", pdf.texts[page])
        assert found
        left, _, _, top = text.get_charbox(found.start())
        boxes.append((page, round(top / MM, 1), left / MM))
    (page_a, top_a, x_a), (page_b, top_b, x_b) = boxes
    assert page_a == page_b and abs(top_a - top_b) < 0.5, boxes
    middle = PageGeometry.for_paper("a5").width / 2
    assert x_a < middle < x_b, boxes


def _listed(text: str) -> set[tuple[str, str, bool]]:
    """(card, square, face down) of a side's listing ``8B a1, 1R e1 (test card, ...)``."""
    return {(card, square, bool(note)) for card, square, note
            in re.findall(r"(\S+)\s+([a-h][1-8])(\s+\([^)]*\))?", text)}


def _on_board(layout, side: str) -> set[tuple[str, str, bool]]:
    return {(piece.card.letter if isinstance(piece.card, LetterCard)
             else piece.card.notation(), square, not piece.face_up)
            for square, piece in layout.pieces() if piece.owner is not None
            and piece.owner.value == side}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_start_is_listed_under_its_board_as_the_layout_has_it(library, made, lang):
    """Under each start's caption the page prints each side's cards with their squares,
    the test cards marked, in the booklet's words (South/North, Юг/Север): exactly the
    cards of the layout drawn, no more, no fewer."""
    booklet = made[lang]
    words = booklet.booklet.words
    pdf = Pages(booklet.pdf)
    checked = 0
    for number, ref, start in _numbered(booklet.booklet):
        if not start or ref.layout is None:
            continue
        page, _ = _board_width(pdf, words["figure"], number)
        text = " ".join(pdf.texts[page].split())
        after = text[re.search(rf"{re.escape(words['figure'])}\s{number}\.", text).end():]
        layout = library.layout(ref.layout)
        if len(layout.players) < 2:
            # A puzzle for one: the cards without sides.
            listed = re.match(r".*?\.\s(.*?\.)(\s|$)", after)
            assert listed, (lang, number)
            arrows = {Facing.NORTH: "↑", Facing.SOUTH: "↓"}
            everything = {((piece.card.letter if isinstance(piece.card, LetterCard)
                            else piece.card.notation()) + arrows[piece.facing], square,
                           not piece.face_up)
                          for square, piece in layout.pieces() if piece.facing}
            assert _listed(listed.group(1)) == everything, (lang, number)
        else:
            found = re.search(rf"{words['south']}:(.*?);\s*{words['north']}:(.*?)\.(\s|$)",
                              after)
            assert found, (lang, number, after[:200])
            assert _listed(found.group(1)) == _on_board(layout, "south"), (lang, number)
            assert _listed(found.group(2)) == _on_board(layout, "north"), (lang, number)
            marked = sum(note for _, _, note in _listed(found.group(0)))
            assert found.group(0).count(words["test_card"]) == marked
        checked += 1
    assert checked == len(booklet.booklet.games)


def test_the_measure_sees_a_narrow_start(tmp_path):
    """The width measure is not blind: a start drawn at half the column (the figure
    table's own ``width``) measures half the column and fails the start's rule."""
    root = tmp_path / "mine" / "booklets" / "en"
    root.mkdir(parents=True)
    (root / "booklet.toml").write_text('title = "Mine"\ncontents = "Contents"\n'
                                       'games = ["narrow"]\n', encoding="utf-8")
    (root / "narrow.toml").write_text(
        'title = "Narrow"\n[[section]]\nid = "setup"\ntext = "Lay out.\\n\\n{figure}"\n'
        '[[section.figure]]\nlayout = "game1-demo"\ncaption = "A start."\nwidth = 0.5\n',
        encoding="utf-8")
    library = Library([tmp_path / "mine", ROOT / "templates"])
    booklet = set_booklet(library, "en")
    _, width = _board_width(Pages(booklet.pdf), "Figure", 1)
    assert abs(width - COLUMN / 2) < 1.0, width


#: The suit sign a square of board A bears in its corner: a colour mark, not a label.
SQUARE_SIGNS = frozenset("♥♦♣♠")


def _label_sizes(items: tuple[Item, ...], scale: float, inside: bool) -> list[float]:
    """The printed sizes (mm) of the board art's labels: rank digits, file letters and
    colour chips (``♥R``)."""
    sizes: list[float] = []
    for item in items:
        if isinstance(item, Group):
            board = inside or "-board-" in (item.key or "")
            sizes += _label_sizes(item.items, scale * item.transform.a, board)
        elif isinstance(item, Text) and inside and item.text not in SQUARE_SIGNS:
            sizes.append(item.size * scale)
    return sizes


@pytest.mark.parametrize("crop", [None, "c3:h8", "a2:d5"])
def test_edge_labels_print_at_six_points_on_an_example_board(library, crop):
    """A compact board drawn 45 mm wide, the least an example gets, still prints its
    rank digits, file letters and colour chips at 6 pt: its edge bands widen."""
    from generator.io.layouts import load_layout_file

    position = load_layout_file(library, "game1-demo")
    figure = Figure(style="compact", crop=Crop.parse(crop) if crop else None)
    page = figure_page(position.layout, position.board, position.sources, figure,
                       width=LEAST_EXAMPLE, least_label=LEAST_LABEL)
    sizes = _label_sizes(page.items, 1.0, False)
    assert len(sizes) >= 16
    assert min(sizes) >= LEAST_LABEL - 0.01, min(sizes)
    # Drawn as 'opencards figure' draws it (no least size asked), the labels are smaller:
    # the measure sees them.
    plain = figure_page(position.layout, position.board, position.sources, figure,
                        width=LEAST_EXAMPLE)
    assert min(_label_sizes(plain.items, 1.0, False)) < LEAST_LABEL - 0.3


@pytest.mark.parametrize("key, value, expected", [
    ("width", "1.5", "a fraction of the text column from 0.2 to 1"),
    ("style", '"huge"', "one of 'full', 'compact'"),
])
def test_a_bad_width_or_style_is_one_line_naming_the_key(tmp_path, key, value, expected):
    from generator.errors import TemplateError
    from generator.io.booklets import load_booklet

    root = tmp_path / "mine" / "booklets" / "en"
    root.mkdir(parents=True)
    (root / "booklet.toml").write_text('title = "Mine"\ncontents = "Contents"\n'
                                       'games = ["bad"]\n', encoding="utf-8")
    (root / "bad.toml").write_text(
        'title = "Bad"\n[[section]]\nid = "setup"\ntext = "{figure}"\n'
        f'[[section.figure]]\nlayout = "game1-demo"\ncaption = "A start."\n{key} = {value}\n',
        encoding="utf-8")
    with pytest.raises(TemplateError) as raised:
        load_booklet(Library([tmp_path / "mine", ROOT / "templates"]), "en")
    message = str(raised.value)
    assert "bad.toml" in message and key in message and expected in message, message
    assert "\n" not in message


def _line(section: str, height: float = 5.0, **kw) -> "Unit":
    from generator.docs.booklet.units import Unit
    return Unit(height, [], section=section, **kw)


def test_a_figure_too_tall_for_its_page_heads_the_next_and_its_text_fills_the_page():
    """A start across the column rarely fits under a chapter's opening text: it goes to the
    top of the next page, and the lines after it (up to the next figure or a sidebar) fill
    the page instead of leaving it half empty."""
    from generator.docs.booklet.makeup import SPLIT_UNDER, paginate
    from generator.docs.booklet.units import Unit

    g = PageGeometry.for_paper("a5")
    body = g.body_bottom - g.body_top
    opening = [_line("x/setup") for _ in range(10)]                  # 50 mm
    start = Unit(body - 20.0, [], keep_with_next=False, art=body - 22.0, centre=50.0,
                 least=body - 22.0, section="x/setup")
    after = [_line("x/moves") for _ in range(8)]                     # 40 mm
    pages = paginate([*opening, start, *after], g)
    assert len(pages) == 2
    assert [unit for _, unit in pages[0]] == [*opening, *after]
    assert [unit for _, unit in pages[1]] == [start]
    # With more text than the page holds, the page is filled with whole paragraphs (a
    # paragraph's first line has space before it) and the rest follows the start: no
    # paragraph runs on under the figure (issue 39: a sentence split by a page of art).
    more = [_line("x/moves", space_before=2.0 if k % 3 == 0 else 0.0) for k in range(24)]
    pages = paginate([*opening, start, *more], g)
    first = [unit for _, unit in pages[0]]
    pulled = len(first) - 10
    assert len(pages) == 2 and first[:10] == opening and first[10:] == more[:pulled]
    assert pulled % 3 == 0 and g.body_bottom - (pages[0][-1][0] + 5.0) < 17.0
    assert [unit for _, unit in pages[1]] == [start, *more[pulled:]] and 0 < pulled < 24
    assert start.height > SPLIT_UNDER * body   # a page of art: whole paragraphs only
    # Nor does a game's variants, set apart in the margin, come up above a figure.
    example = Unit(body - 20.0, [], art=body - 22.0, centre=50.0, least=body - 22.0,
                   section="x/example")
    pages = paginate([*[_line("x/example") for _ in range(10)], example,
                       *[_line("x/variants", sidebar=True) for _ in range(8)]], g)
    assert pages[1][0][1] is example and len(pages[0]) == 10


def test_the_index_does_not_point_at_a_start_listing():
    """A start's listing names test cards on the page of its board; the index's entries
    point at the rules, not at that list of cards and squares."""
    from generator.docs.booklet.index import term_pages
    from generator.docs.booklet.units import LISTING, Unit
    from generator.model.booklet import Chapter, IndexTerm, Paragraph, Section

    section = Section("setup", "Setup", (Paragraph("Lay out."),), source="seed000")
    booklet = Booklet("en", "T", "", (), "Contents",
                      (Chapter("basic-1", "Game", "x.toml", (section,), game="basic-1"),),
                      index=(IndexTerm.of("test card", "test cards?", ("basic-1/setup",)),))
    listing = Unit(4.0, [Group((Text(0, 3, "South: 1R e1 (test card, face down).", 2.9, "#000"),),
                               role=LISTING)], section="basic-1/setup")
    rule = Unit(4.0, [Text(0, 3, "The test card is turned face down.", 3.3, "#000")],
                section="basic-1/setup")
    entries = term_pages(booklet, [(15, [(20.0, listing)]), (16, [(20.0, rule)])])
    assert [entry[:2] for entry in entries] == [("test card", [(16, True)])]


def test_a_floated_start_never_leaves_a_heading_above_it_without_its_text():
    """Issue 39's second review: a game's start, too tall for its page, pulled the text
    after it up to fill the page and stopped after a heading ("Pressing"), so the start sat
    between the heading and its text. What is pulled ends with a whole block, and a
    heading stays with the block after it."""
    from generator.docs.booklet.makeup import paginate
    from generator.docs.booklet.units import Unit

    g = PageGeometry.for_paper("a5")
    body = g.body_bottom - g.body_top
    opening = [_line("x/setup") for _ in range(10)]                   # 50 mm
    start = Unit(body - 20.0, [], art=body - 22.0, centre=50.0, least=body - 22.0,
                 section="x/setup")
    aim = [_line("x/aim", space_before=2.0), *(_line("x/aim") for _ in range(15))]
    heading = _line("x/pressing", space_before=4.0, keep_with_next=True)
    text = [_line("x/pressing", space_before=2.0), *(_line("x/pressing") for _ in range(9))]
    pages = paginate([*opening, start, *aim, heading, *text], g)
    first = [unit for _, unit in pages[0]]
    assert heading not in first or text[0] in first
    assert [unit for _, unit in pages[1]][:1] == [start]
