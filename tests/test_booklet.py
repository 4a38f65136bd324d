"""The rule booklets: built once per language in the test session and read back from the
PDF (text, glyph boxes, fonts), not from the typesetter's own numbers."""
from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pypdfium2
import pytest

from generator.cli import cli
from built_booklets import set_booklet
from generator.docs.booklet.build import Made
from generator.docs.booklet.units import PageGeometry
from generator.docs.booklet.impose import creep_shift, padded, saddle_order
from generator.io.booklets import load_booklet
from generator.model.booklet import FigureRef

PT = 72 / 25.4
ROOT = Path(__file__).resolve().parent.parent
DEMO = (ROOT / "templates" / "layouts" / "game1-demo.toml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def built(library) -> dict[str, Made]:
    return {lang: set_booklet(library, lang, imposition="saddle") for lang in ("en", "ru")}


def _pdf(data: bytes) -> pypdfium2.PdfDocument:
    return pypdfium2.PdfDocument(data)


def _text(page: pypdfium2.PdfPage) -> str:
    return page.get_textpage().get_text_range()


def _flat(text: str) -> str:
    """Text with line breaks (and the hyphens that broke a word) undone."""
    # pdfium reports a hyphen that ends a line as U+FFFE.
    return re.sub(r"\s+", " ", re.sub(r"(\w)[-\ufffe]\r?\n", r"\1", text))


# --- content ---------------------------------------------------------------------------------

def _shape(made: Made) -> list[tuple[object, ...]]:
    def figure(ref: FigureRef, letters: bool) -> tuple[object, ...]:
        if letters:
            # Word games show the reader's alphabet: a Latin start in English and a Cyrillic
            # one in Russian, so their moves differ too; the figures still pair up. The
            # ranks a crop shows follow the moves (the Russian puzzle's solving move starts
            # on g7, sixth review r-main-ru 1): the files must agree.
            layout = re.sub(r"-(cyrillic|latin)$", "", ref.layout or "")
            files = ref.crop and re.sub(r"\d", "", ref.crop)
            return (layout, ref.cards, ref.moves is not None, files)
        return (ref.layout, ref.cards, ref.moves, ref.crop, ref.arrows, ref.highlight, ref.show)
    return [(c.key, c.game, [s.key for s in c.sections],
             [figure(f, (c.game or "").startswith("word")) for f in c.figures])
            for c in made.booklet.chapters]


def test_english_and_russian_have_the_same_games_sections_and_figures(built):
    assert _shape(built["en"]) == _shape(built["ru"])
    assert len(built["en"].booklet.games) >= 10
    versions = {built["en"].booklet.games[0].game}
    versions |= {c.game.split("-")[0] for c in built["en"].booklet.games if c.game}
    assert {"basic", "initial", "word"} <= versions
    assert any(c.game == "word-puzzle-5" for c in built["en"].booklet.games)


def test_every_game_has_setup_aim_moves_captures_end_and_a_worked_example(built):
    for lang, made in built.items():
        for chapter in made.booklet.games:
            keys = [s.key for s in chapter.sections]
            assert keys[:6] == ["aim", "setup", "moves", "captures", "end", "example"], \
                (lang, chapter.key)
            setup, example = chapter.sections[1], chapter.sections[5]
            assert [f.layout for f in setup.blocks if isinstance(f, FigureRef)], chapter.key
            assert [f.moves for f in example.blocks if isinstance(f, FigureRef) and f.moves], \
                chapter.key


def test_every_figure_is_drawn(built):
    for made in built.values():
        refs = [f.where for c in made.booklet.chapters for f in c.figures]
        assert sorted(made.figures) == sorted(refs)
        assert len(refs) >= 30


# --- the PDF ---------------------------------------------------------------------------------

def test_page_count_and_saddle_padding(built):
    for made in built.values():
        doc = _pdf(made.pdf)
        assert len(doc) == len(made.pages)
        assert made.saddle is not None
        assert len(_pdf(made.saddle)) == padded(len(doc)) // 2


def test_contents_numbers_are_the_pages_the_chapters_start_on(built):
    for made in built.values():
        doc = _pdf(made.pdf)
        contents = _flat(_text(doc[1]))
        for chapter in made.booklet.chapters:
            found = re.search(re.escape(chapter.title) + r"[ .]*(\d+)", contents)
            assert found, (chapter.title, contents)
            number = int(found.group(1))
            # The chapter's first page shows its title once, as its heading, with no
            # running header above (issue 39); the page before it not at all.
            assert _flat(_text(doc[number - 1])).count(chapter.title) == 1, chapter.title
            assert chapter.title not in _flat(_text(doc[number - 2])) or number - 2 == 1
            # The footer shows the same number.
            page = doc[number - 1]
            assert _footer_number(page, 0, page.get_width()) == str(number)


def _glyphs_inside(made: Made, geometry: PageGeometry) -> None:
    area = geometry.type_area
    left, right = area.x * PT, area.right * PT
    doc = _pdf(made.pdf)
    for n in range(len(doc)):
        page = doc[n]
        height = page.get_height()
        top, bottom = height - area.y * PT, height - area.bottom * PT
        textpage = page.get_textpage()
        for i in range(textpage.count_chars()):
            x0, y0, x1, y1 = textpage.get_charbox(i)
            if x1 - x0 <= 0:
                continue  # spaces and line ends have no ink
            assert left - 0.5 <= x0 and x1 <= right + 0.5 and bottom - 0.5 <= y0 \
                and y1 <= top + 0.5, (made.booklet.lang, n + 1, textpage.get_text_range(i, 1))


def test_every_glyph_lies_inside_the_type_area(built):
    for made in built.values():
        _glyphs_inside(made, PageGeometry.for_paper("a5"))


def test_pdf_syntax_is_clean(built):
    for made in built.values():
        for data in (made.pdf, made.saddle):
            with pikepdf.open(__import__("io").BytesIO(data)) as pdf:
                assert pdf.check_pdf_syntax() == []


def test_the_text_is_searchable_in_both_languages_and_every_font_is_embedded(built):
    ru = _pdf(built["ru"].pdf)
    assert "Содержание" in _text(ru[1])
    assert "масть" in _flat("".join(_text(ru[i]) for i in range(len(ru))))
    en = _pdf(built["en"].pdf)
    assert "combination" in _flat("".join(_text(en[i]) for i in range(len(en))))
    for made in built.values():
        with pikepdf.open(__import__("io").BytesIO(made.pdf)) as pdf:
            fonts = [f for page in pdf.pages for f in page.Resources.get("/Font", {}).values()]
            assert fonts
            for font in fonts:
                descendant = font.DescendantFonts[0] if "/DescendantFonts" in font else font
                assert "/FontFile2" in descendant.FontDescriptor, font


def test_title_language_and_bookmarks(built):
    for lang, made in built.items():
        with pikepdf.open(__import__("io").BytesIO(made.pdf)) as pdf:
            assert str(pdf.Root.Lang) == lang
            assert str(pdf.docinfo["/Title"]).startswith(made.booklet.title)
            with pdf.open_outline() as outline:
                titles = [item.title for item in outline.root]
        # The colophon, set at the booklet's end (before the quick reference, the back
        # cover), has a bookmark of its own there.
        chapters = [c.title for c in made.booklet.chapters]
        colophon = next(s.heading for c in made.booklet.chapters for s in c.sections
                        if s.key == "colophon")
        at = len(chapters) - (made.booklet.chapters[-1].key == "reference")
        assert titles[1:] == [*chapters[:at], colophon, *chapters[at:]]


def test_same_input_same_bytes(library, built):
    again = set_booklet(library, "en", imposition="saddle")
    assert again.pdf == built["en"].pdf
    assert again.saddle == built["en"].saddle


# --- saddle imposition -------------------------------------------------------------------------

@pytest.mark.parametrize("count, sides", [
    (8, [(8, 1), (2, 7), (6, 3), (4, 5)]),
    (12, [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)]),
    (16, [(16, 1), (2, 15), (14, 3), (4, 13), (12, 5), (6, 11), (10, 7), (8, 9)]),
])
def test_saddle_order(count, sides):
    assert saddle_order(count) == sides
    # Every page once, and each sheet side's two pages add up to n + 1.
    assert sorted(p for side in sides for p in side) == list(range(1, count + 1))
    assert {a + b for a, b in sides} == {count + 1}


def test_saddle_pads_to_a_multiple_of_four():
    assert [padded(n) for n in (1, 4, 5, 8, 45)] == [4, 4, 8, 8, 48]
    # The blanks (0) go before the back cover, never in the middle: the last page (the
    # quick reference) stays the outside back cover, beside the title (issue 39, fourth
    # review: a 71-page booklet printed the quick reference inside, its cover blank).
    assert saddle_order(5) == [(5, 1), (2, 0), (0, 3), (4, 0)]
    sides = saddle_order(71)
    assert sides[0] == (71, 1) and sides[1] == (2, 0)
    assert sorted(p for side in sides for p in side) == [0, *range(1, 72)]


def test_creep_moves_inner_sheets_toward_the_fold():
    assert [creep_shift(s, 4, 0.9) for s in range(4)] == pytest.approx([0, 0.3, 0.6, 0.9])
    assert creep_shift(0, 1, 1.0) == 0


def _footer_number(page: pypdfium2.PdfPage, left: float, right: float) -> str:
    # The footer band: the bottom 14 mm of the sheet.
    return page.get_textpage().get_text_bounded(left=left, bottom=0, right=right,
                                                top=14 * PT).strip()


def test_the_saddle_file_pairs_the_pages_of_each_sheet(built):
    made = built["en"]
    doc = _pdf(made.saddle)
    count = len(made.pages)
    for index, (left, right) in enumerate(saddle_order(count)):
        page = doc[index]
        half = page.get_width() / 2
        for number, (x0, x1) in ((left, (0, half)), (right, (half, 2 * half))):
            expected = str(number) if 2 <= number <= count else ""
            assert _footer_number(page, x0, x1) == expected, (index, number)
    # The first sheet: page 1 (the title) beside page N, page 2 behind it beside N-1.
    last = padded(count) - 1 if padded(count) == count else 0
    assert saddle_order(count)[:2] == [(count, 1), (2, last)]
    assert made.booklet.title in _text(doc[0])


# --- errors ------------------------------------------------------------------------------------

def _user_booklet(tmp_path: Path, chapter: str, layout: str | None = None) -> Path:
    root = tmp_path / "mine"
    (root / "booklets" / "en").mkdir(parents=True)
    (root / "booklets" / "en" / "booklet.toml").write_text(
        'title = "Mine"\ncontents = "Contents"\ngames = ["mine"]\n', encoding="utf-8")
    (root / "booklets" / "en" / "mine.toml").write_text(chapter, encoding="utf-8")
    if layout is not None:
        (root / "layouts").mkdir()
        (root / "layouts" / "broken-demo.toml").write_text(layout, encoding="utf-8")
    return root


CHAPTER = '''title = "My game"
game = "{game}"

[[section]]
id = "setup"
text = """
A start.

{{figure}}
"""

[[section.figure]]
layout = "{layout}"
caption = "x"
{extra}
'''


@pytest.mark.parametrize("game, layout, extra, message", [
    ("basic-l", "game1-demo", "", "mine.toml: game: expected a game"),
    ("basic-1", "game1-dmeo", "", "mine.toml: section[0].figure[0].layout: expected a layout"),
    ("basic-1", "game1-demo", 'moves = "b2-b3 g7-g6 b3xb5"',
     "mine.toml: section[0].figure[0]: layout 'game1-demo': "),
    ("basic-1", "game1-demo", 'arows = ["b2-b3"]',
     "mine.toml: section[0].figure[0].arows: unknown key"),
    ("basic-1", "broken-demo", "", "mine.toml: section[0].figure[0]: the rule engine refuses "
                                   "layout 'broken-demo'"),
])
def test_bad_booklet_files_are_one_line_errors_and_write_nothing(runner, tmp_path, game, layout,
                                                                 extra, message):
    broken = DEMO.replace("(1R)^", "1R^")
    root = _user_booklet(tmp_path, CHAPTER.format(game=game, layout=layout, extra=extra),
                         broken)
    out = tmp_path / "out"
    result = runner.invoke(cli, ["--templates", str(root), "booklet", "--out", str(out)])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith("Error: ") and message in lines[-1], result.output
    assert "Traceback" not in result.output
    assert not out.exists() or not list(out.iterdir())


def test_a_user_folder_adds_a_game_chapter(runner, tmp_path, library):
    root = _user_booklet(tmp_path, CHAPTER.format(game="basic-1", layout="game1-demo", extra=""))
    out = tmp_path / "out"
    result = runner.invoke(cli, ["--templates", str(root), "booklet", "mine", "--paper", "a4",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    doc = _pdf((out / "booklet-en.pdf").read_bytes())
    assert "My game" in _text(doc[1])
    assert round(doc[0].get_width() / PT) == 210


def test_unknown_game_chapter_names_the_choices(runner, tmp_path):
    result = runner.invoke(cli, ["booklet", "basic-l", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "no booklet chapter for the game 'basic-l'" in result.output
    assert "did you mean 'basic-" in result.output


def test_loader_reads_figures_in_place(library):
    booklet = load_booklet(library, "en", ("basic-1",))
    chapter = booklet.games[0]
    assert chapter.game == "basic-1"
    setup = next(s for s in chapter.sections if s.key == "setup")
    # The figure stands where {figure} was written: after the setup's two paragraphs (the
    # text and notes after it follow it).
    assert [type(b).__name__ for b in setup.blocks][:3] == ["Paragraph", "Paragraph",
                                                            "FigureRef"]


# --- the contact sheet -------------------------------------------------------------------------

def test_contact_sheet_is_up_to_date(built, runner, tmp_path):
    """docs/booklet.png is what 'opencards booklet --contact-sheet docs/booklet.png' draws
    today (regenerate it with that command)."""
    out = tmp_path / "sheet.png"
    result = runner.invoke(cli, ["booklet", "--out", str(tmp_path), "--contact-sheet", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == (ROOT / "docs" / "booklet.png").read_bytes(), \
        "docs/booklet.png is stale: run opencards booklet --contact-sheet docs/booklet.png"


# --- opencards build ---------------------------------------------------------------------------

def test_build_adds_the_english_booklet_and_only_takes_booklet_ru(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--out", str(tmp_path / "kit")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "kit" / "booklet-en.pdf").is_file()
    assert (tmp_path / "kit" / "kit.pdf").is_file()
    # kit.pdf keeps to its own paper: the A5 booklet is not in it.
    kit = _pdf((tmp_path / "kit" / "kit.pdf").read_bytes())
    assert all(round(kit[i].get_width() / PT) != 148 for i in range(len(kit)))
    result = runner.invoke(cli, ["build", "--only", "booklet-ru", "--out", str(tmp_path / "ru")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "ru").iterdir()) == ["booklet-ru.pdf"]
    assert "booklet-ru.pdf" in result.output


def test_build_refuses_an_unknown_booklet_in_one_line(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--only", "booklet-de", "--out", str(tmp_path / "o")])
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == \
        "Error: no booklet 'booklet-de'; expected one of booklet-en, booklet-ru"
    assert not (tmp_path / "o").exists()


def test_other_papers_keep_every_glyph_in_the_type_area(library):
    made = set_booklet(library, "en", ("basic-1",), paper="letter")
    _glyphs_inside(made, PageGeometry.for_paper("letter"))


def test_the_half_letter_booklet_keeps_every_glyph_in_the_type_area(library):
    """The booklet 'build --paper letter' adds (issue 38): the whole default selection,
    every figure's labels too, inside the narrower page's type area."""
    made = set_booklet(library, "en", paper="half-letter")
    _glyphs_inside(made, PageGeometry.for_paper("half-letter"))


def test_the_quick_reference_is_the_last_page_and_one_page(built):
    for made in built.values():
        title, start = made.typeset.contents[-1]
        assert made.booklet.chapters[-1].key == "reference"
        assert start == len(made.pages), title


def test_every_figure_layout_is_judged_by_the_rule_engine_in_the_run(library, monkeypatch):
    from generator.io.layouts import LayoutFile

    judged: list[str] = []
    original = LayoutFile.problems

    def spy(self, *, start=True):
        judged.append(self.layout.name)
        return original(self, start=start)

    monkeypatch.setattr(LayoutFile, "problems", spy)
    # Set afresh, not from the shared builds (tests/built_booklets.py): the spy must see it.
    from generator.app.booklet import set_booklet as set_afresh
    made = set_afresh(library, "en")
    layouts = [f.layout for c in made.booklet.chapters for f in c.figures if f.layout]
    # A board is drawn once more where its full style is tried before the compact one
    # (generator.docs.booklet.figures.draw_placed): judged at least once, nothing else.
    assert layouts and set(judged) == set(layouts)
    assert all(judged.count(name) >= layouts.count(name) for name in set(layouts))
