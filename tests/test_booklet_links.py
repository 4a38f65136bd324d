"""Issue 25, links: the contents' entries and the cross-references of the text
(``[label](#chapter/section)`` in a booklet file) are resolved to the page and height of
their target, checked here against the text of the PDF itself; the outline (bookmarks)
holds the chapters and their sections. The links are read back from the PDF's link
annotations: each box holds its label and leads to the page and height where its target is
printed."""
from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pikepdf
import pypdfium2
import pytest

from built_booklets import set_booklet
from generator.docs.booklet.build import Made
from generator.docs.booklet.setter import PAGE_ONLY, Setter
from generator.docs.booklet.units import Link, PageGeometry
from generator.draw.geometry import Rect
from generator.draw.scene import Group, Item, Text
from generator.errors import TemplateError
from generator.io.booklets import banner_boards, load_booklet
from generator.io.templates import Library
from generator.model.booklet import LINK, Bullets, Paragraph, Table

MM = 72 / 25.4
ROOT = Path(__file__).resolve().parent.parent


def _text_in(page: pypdfium2.PdfPage, x: float, y: float, w: float, h: float) -> str:
    """The text inside a box given in mm from the page's top left, spaces made plain."""
    height = page.get_height()
    text = page.get_textpage().get_text_bounded(x * MM, height - (y + h) * MM, (x + w) * MM,
                                                height - y * MM)
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ")).strip()


def _label(pdf: pypdfium2.PdfDocument, link: Link) -> str:
    box = link.box
    return _text_in(pdf[link.page], box.x, box.y + 0.4, box.w, box.h - 0.8)


def _pdf_links(data: bytes) -> list[Link]:
    """Every link annotation of the PDF *data*: its page, box (mm from the top left) and
    destination (page, mm from the top), as a reader finds them."""
    found = []
    with pikepdf.open(io.BytesIO(data)) as pdf:
        number = {page.objgen: n for n, page in enumerate(pdf.pages)}
        heights = [float(page.mediabox[3]) for page in pdf.pages]
        for n, page in enumerate(pdf.pages):
            for annot in page.obj.get("/Annots", []):
                assert annot.Subtype == "/Link" and list(annot.Border) == [0, 0, 0]
                x0, y0, x1, y1 = (float(v) for v in annot.Rect)
                target, fit, _, top, _ = annot.Dest
                assert fit == "/XYZ"
                to_page = number[target.objgen]
                found.append(Link(n, Rect((x0 / MM), (heights[n] - y1) / MM, (x1 - x0) / MM,
                                          (y1 - y0) / MM),
                                  to_page, (heights[to_page] - float(top)) / MM))
    return found


#: A figure's anchor (model.booklet.figure_anchor): the section's id and the figure's number.
FIGURE = re.compile(r"-fig\d+$")


def _page_text(pdf: pypdfium2.PdfDocument, n: int) -> str:
    """Page *n*'s text with its spaces made plain."""
    return re.sub(r"\s+", " ", pdf[n].get_textpage().get_text_range().replace("\u00a0", " "))


def _target(pdf: pypdfium2.PdfDocument, to_page: int, to_y: float) -> str:
    """The line of text where a link leads: a heading."""
    page = pdf[to_page]
    return _text_in(page, 0, to_y, page.get_width() / MM, 9.0)


@pytest.fixture(scope="module")
def built(library) -> dict[str, Made]:
    return {lang: set_booklet(library, lang) for lang in ("en", "ru")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_links_lead_to_what_they_name(library, built, lang):
    made = built[lang]
    pdf = pypdfium2.PdfDocument(made.pdf)
    chapters = made.booklet.chapters
    links = _pdf_links(made.pdf)
    # The PDF holds the links the typesetting resolved: the same boxes (to 0.01 mm) and
    # the same places (to 1 mm; the PDF keeps points to 3 decimals).
    assert len(links) == len(made.typeset.links)
    for got, meant in zip(links, made.typeset.links):
        assert (got.page, got.to_page) == (meant.page, meant.to_page)
        assert got.box.x == pytest.approx(meant.box.x, abs=0.01)
        assert got.box.y == pytest.approx(meant.box.y, abs=0.01)
        assert got.box.w == pytest.approx(meant.box.w, abs=0.01)
        assert got.box.h == pytest.approx(meant.box.h, abs=0.01)
        assert got.to_y == pytest.approx(meant.to_y, abs=1.0)
    contents = [link for link in links if made.pages[link.page].label == "contents"]
    # Each contents entry (a line or two) leads to its chapter's title.
    entries: dict[tuple[int, float], list[str]] = {}
    for link in contents:
        entries.setdefault((link.to_page, link.to_y), []).append(_label(pdf, link))
    # (and each section the contents list besides, under its chapter: issue 39, fifth
    # review: "Questions players ask" was not listed)
    assert len(entries) == len(made.typeset.contents) > len(chapters)
    assert made.booklet.contents_also
    for (title, number), ((to_page, to_y), labels) in zip(made.typeset.contents,
                                                           sorted(entries.items())):
        assert to_page + 1 == number
        assert " ".join(labels).startswith(title.split()[0]), (title, labels)
        assert _target(pdf, to_page, to_y).startswith(title.split(":")[0]), title
    # Every cross-reference written in the text is a link, its box holds its label and it
    # leads to the heading it names.
    # (a table's cells too, row by row: the glossary's, and the quick reference's page
    # column, whose entries are links as the contents' are)
    # (a banner's too, over the chapter's sections: its board line's reading mark leads to
    # where another chapter prints the reading, issue 39, ninth review)
    words, names = dict(made.booklet.words), dict(made.booklet.names)
    written = [(m.group(1), m.group(2), m.group(3) or "")
               for c in chapters
               for text in ([banner_boards(c.banner, words, names)] if c.banner else [])
               + [text for s in c.sections for b in s.blocks
                  for text in ((b.text,) if isinstance(b, Paragraph) else
                               b.items if isinstance(b, Bullets) else
                               [cell for row in b.rows for cell in row]
                               if isinstance(b, Table) else ())]
               for m in LINK.finditer(text)]
    present = {c.key: c for c in chapters}
    written = [w for w in written if w[1] in present]
    index = {n for n, page in enumerate(made.pages) if page.label == "index"}
    crossrefs = [link for link in links if link not in contents and link.page not in index]
    # Each is followed by a link of its own on its page number (issue 39: "general
    # rules (p. 10)"). A label run over two lines is a link on each line, to one place.
    assert len(written) >= 5
    word = made.booklet.words["page"]
    following = iter(crossrefs)
    page_only = 0
    for label, chapter, section in written:
        meant = " ".join(label.split())
        link = next(following)
        read = _label(pdf, link)
        if label == PAGE_ONLY:
            # The page number alone is the link (the quick reference's page column).
            assert read == str(link.to_page + 1), (chapter, read)
            assert _target(pdf, link.to_page, link.to_y).startswith(
                present[chapter].title.split()[0]), chapter
            page_only += 1
            continue
        while len(read) < len(meant):
            part = next(following)
            assert (part.to_page, part.to_y) == (link.to_page, link.to_y), label
            more = _label(pdf, part)
            read = read[:-1] + more if read.endswith(("-", "\x02", "\u00ad")) else \
                f"{read} {more}"
        assert read == meant, (label, read)
        if FIGURE.search(section) and link.page == link.to_page:
            # A figure on the reference's own page: no page is printed, so no link to it
            # (fourth review, r-main 8).
            continue
        page = next(following)
        assert _label(pdf, page) == f"{word} {page.to_page + 1}", (label, _label(pdf, page))
        assert (page.to_page, page.to_y) == (link.to_page, link.to_y)
        if FIGURE.search(section):
            # A figure's number leads to the page where its caption is printed.
            assert re.search(rf"\b{re.escape(' '.join(label.split()))}\.",
                             _page_text(pdf, link.to_page), re.I), label
            continue
        heading = (next(s.heading for s in present[chapter].sections if s.key == section)
                   if section else present[chapter].title)
        assert _target(pdf, link.to_page, link.to_y).startswith(heading.split()[0]), \
            (label, heading)
    assert next(following, None) is None
    assert page_only >= 10 if "reference" in present else page_only == 0
    # Links and all, the same booklet is the same bytes.
    assert set_booklet(library, lang).pdf == made.pdf


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_cross_reference_prints_its_targets_page(built, lang):
    """As the reader sees it: the page text has the label (and the closing quote of a
    quoted section name), then its page in brackets, "p." or «с.» bound to the number by a
    no-break space: " (p. 14)", or ", p. 14" inside brackets the text already opened; the
    number is the page where the target's heading is set."""
    made = built[lang]
    pdf = pypdfium2.PdfDocument(made.pdf)
    word = made.booklet.words["page"]
    anchors, chapter_title = {}, ""
    for title, level, n in made.typeset.outline:
        chapter_title = title if level == 0 else chapter_title
        anchors[chapter_title, title if level else ""] = n + 1
    present = {c.key: c for c in made.booklet.chapters}
    printed = "".join(pdf[n].get_textpage().get_text_range() for n in range(len(pdf)))
    printed = re.sub(r"[ \r\n]+", " ", printed.replace("\ufffe\r\n", ""))
    drawn = " ".join(_texts(page.items) for page in made.pages)
    seen = 0
    for chapter in made.booklet.chapters:
        for section in chapter.sections:
            for block in section.blocks:
                texts = ((block.text,) if isinstance(block, Paragraph) else
                         block.items if isinstance(block, Bullets) else ())
                for m in (m for text in texts for m in LINK.finditer(text)):
                    label, target, part = m.group(1), m.group(2), m.group(3)
                    if part and FIGURE.search(part):
                        # "Figure 26 (p. 34)": the page where the figure's caption is.
                        number = next(n + 1 for n in range(len(pdf)) if re.search(
                            rf"\b{re.escape(' '.join(label.split()))}\.", _page_text(pdf, n),
                            re.I))
                    else:
                        heading = next(s.heading for s in present[target].sections
                                       if s.key == part) if part else ""
                        number = anchors[present[target].title, heading]
                    page = re.escape(word) + "[ \u00a0]" + str(number)
                    pattern = (re.escape(" ".join(label.split())) + r"[\u201d\u00bb\"]?"
                               + rf"(?: \({page}\)|, {page}\b(?=[^()]*\)))")
                    if part and FIGURE.search(part) and not re.search(pattern, printed):
                        # A figure printed on the reference's own page: the label alone
                        # (fourth review, r-main 8).
                        alone = re.escape(" ".join(label.split())) + rf"(?! \({page})"
                        assert re.search(alone, _page_text(pdf, number - 1)), (lang, label)
                        seen += 1
                        continue
                    assert re.search(pattern, printed), (lang, label, number)
                    # (pdfium reads a no-break space as a space: the drawn text has it)
                    assert f"{word}\u00a0{number}" in drawn, (lang, label, number)
                    seen += 1
    assert seen >= 5



@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_printed_page_reference_stands_in_brackets(built, lang):
    """Issue 39, ninth review: «С расстановки на рис. 29, с. 35 юг может…» read the page
    number into the sentence, and «(раздел «Колоды»), с. 5.» left it outside the brackets.
    Read from the PDF: every "p. N" / «с. N» of the text is inside a pair of round
    brackets, with no other bracket between them."""
    made = built[lang]
    pdf = pypdfium2.PdfDocument(made.pdf)
    word = re.escape(made.booklet.words["page"])
    printed = " ".join(_page_text(pdf, n) for n in range(len(pdf)))
    printed = printed.replace("\ufffe ", "").replace("\ufffe", "")
    pages = list(re.finditer(rf"(?<![\w.]){word} \d+", printed))
    outside = [printed[max(0, m.start() - 60):m.end() + 20] for m in pages
               if not (re.search(r"\([^()]*$", printed[:m.start()])
                       and re.match(r"[^()]*\)", printed[m.end():]))]
    assert len(pages) >= 20, (lang, len(pages))
    assert outside == []


def test_a_reference_inside_brackets_puts_its_page_before_the_closing_bracket():
    """Inside brackets the text opened, the page follows the label (and its closing quote)
    before the bracket closes; outside, it gets brackets of its own; a bracket closed
    before the link does not count."""
    setter = Setter(PageGeometry.for_paper("a5"), "ru")
    setter.page_word, setter.pages = "с.", {"equipment/packs": 5, "rules": 14}
    inside = setter.paged("кинжал (раздел «[Колоды](#equipment/packs)»).")
    assert inside == "кинжал (раздел «[Колоды](#equipment/packs)», [с.\u2027" \
        "5](#equipment/packs))."
    outside = setter.paged("(см. ниже) по [общим правилам](#rules), старшая")
    assert outside == "(см. ниже) по [общим правилам](#rules) ([с.\u202714](#rules)), старшая"
    # A chapter left out of the booklet has no page to print.
    assert setter.paged("как в [игре 4](#basic-4).") == "как в [игре 4](#basic-4)."


def test_a_reference_to_a_figure_on_its_own_page_prints_no_page():
    """Fourth review, r-main 8: "(Figure 34, p. 41)" printed on p. 41 names the page the
    reader is on. A reference the last setting put on its figure's page (or a captioned
    table's) prints the label alone; a link to a section keeps its page."""
    setter = Setter(PageGeometry.for_paper("a5"), "en")
    text = "beside it ([Figure 34](#initial-1/example-fig1)), as in [Moves](#initial-1/moves)"
    setter.page_word = "p."
    setter.pages = {"initial-1/example-fig1": 41, "initial-1/moves": 41}
    assert "[p.\u202741](#initial-1/example-fig1)" in setter.paged(text)
    setter.here = frozenset({(text, "initial-1/example-fig1")})
    assert setter.paged(text) == ("beside it ([Figure 34](#initial-1/example-fig1)), as in "
                                  "[Moves](#initial-1/moves) ([p.\u202741](#initial-1/moves))")
    # Another text's reference to the same figure, set on another page, keeps its page.
    assert "[p.\u202741]" in setter.paged("see [Figure 34](#initial-1/example-fig1)")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_figure_reference_names_the_page_it_is_printed_on(built, lang):
    """Read from the PDF: a figure reference with a page ("Figure 33 (p. 39)", «рис. 33
    (с. 44)») never stands on that page, and a figure reference without one stands on its
    figure's page (initial game 1's example: "(Figure 34)" on the page of Figure 34, where
    the make-up sets them together)."""
    made = built[lang]
    pdf = pypdfium2.PdfDocument(made.pdf)
    figure, word = (re.escape(made.booklet.words[key]) for key in ("figure_ref", "page"))
    checked = 0
    for n in range(len(pdf)):
        text = _page_text(pdf, n).replace("\ufffe ", "").replace("\ufffe", "")
        for m in re.finditer(rf"\b{figure} (\d+)(,| \(| ?\))(?: ?{word} (\d+))?", text,
                             re.I):
            if m.group(3):
                assert int(m.group(3)) != n + 1, (lang, n + 1, m.group(0))
                checked += 1
            elif m.group(2).strip() == ")":
                assert re.search(rf"{figure} {m.group(1)}\.", text, re.I), (lang, n + 1)
                checked += 1
    assert checked >= 5, lang


def test_the_patiences_figure_and_table_references_name_their_captions_page(library):
    """Fourth review, r-main 8, in the patiences' Russian booklet, where a shorter reference
    once pushed its table to the next page and the next setting printed that page: every
    "рис. N (с. M)" / "табл. N (с. M)" (or "(рис. N, с. M)" inside brackets) has its caption
    ("Рис. N.", "Таблица N.") on page M,
    and a figure's stands on another page; a reference to a figure on its own page prints
    none. (Table 1's reference keeps its own page: without it the table goes over.)"""
    made = set_booklet(library, "ru", ("nivernaise", "empress-of-india", "besieged-city"))
    pdf = pypdfium2.PdfDocument(made.pdf)
    words = made.booklet.words
    texts = [_page_text(pdf, n).replace("\ufffe ", "").replace("\ufffe", "")
             for n in range(len(pdf))]
    paged = alone = 0
    for ref, caption in ((words["figure_ref"], words["figure_ref"]),
                         (words["table_ref"], words["table"])):
        figure = ref == words["figure_ref"]
        for n, text in enumerate(texts):
            # Its page in brackets of its own, "рис. 2 (с. 4)", or inside the brackets
            # it stands in, "(рис. 6, с. 14)" (setter.paged).
            for m in re.finditer(rf"(?<!\w){re.escape(ref)} (\d+)((?: \(|, )"
                                 rf"{re.escape(words['page'])} (\d+)\)?)?", text):
                # The caption opens with a capital ("Рис. 2."), the reference does not.
                own = re.compile(rf"{re.escape(caption[:1].upper() + caption[1:])} "
                                 rf"{m.group(1)}\.")
                if m.group(3):
                    assert not figure or int(m.group(3)) != n + 1, m.group(0)
                    assert own.search(texts[int(m.group(3)) - 1]), m.group(0)
                    paged += 1
                else:
                    assert own.search(text), (n + 1, m.group(0))
                    alone += 1
    assert paged >= 3 and alone >= 1, (paged, alone)


def _texts(items: tuple[Item, ...]) -> str:
    """The text items under *items*, as drawn (before the PDF)."""
    return " ".join(item.text if isinstance(item, Text) else
                    _texts(item.items) if isinstance(item, Group) else "" for item in items)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pdf_names_the_systems_author_and_opencards(built, lang):
    """Issue 39: the PDF's metadata names the game system's author, as the title page
    does, and opencards as the program that made it; its dates are fixed, so the same
    booklet is the same bytes."""
    made = built[lang]
    with pikepdf.open(io.BytesIO(made.pdf)) as pdf:
        info = {str(key): str(value) for key, value in pdf.docinfo.items()}
    author = {"en": "Sergey L. Panfilov", "ru": "С. Л. Панфилов"}[lang]
    assert info["/Author"] == author == made.booklet.author
    assert any(author in line for line in made.booklet.title_lines)
    assert info["/Creator"] == "opencards" and info["/Producer"].startswith("opencards")
    assert info["/Title"].startswith(made.booklet.title)
    assert info["/CreationDate"] == info["/ModDate"] == "D:20000101000000+00'00'"


def test_a_link_to_a_chapter_left_out_prints_as_text(library):
    made = set_booklet(library, "en", ("basic-4",))
    pdf = pypdfium2.PdfDocument(made.pdf)
    text = "".join(page.get_textpage().get_text_range() for page in pdf)
    assert "as in game 1;" in re.sub(r"\s+", " ", text.replace("\u00a0", " "))
    assert "](#" not in text
    targets = {made.pages[link.to_page].label for link in _pdf_links(made.pdf)}
    assert "basic-1" not in targets and "rules" in targets


def test_the_outline_holds_chapters_and_their_sections(library):
    made = set_booklet(library, "en", ("basic-1",))
    with pikepdf.open(io.BytesIO(made.pdf)) as pdf, pdf.open_outline() as outline:
        chapters = {item.title: [child.title for child in item.children]
                    for item in outline.root}
    assert chapters["Basic game 1: beating with square trumps"][:3] == ["Aim", "Setup",
                                                                        "Moves"]
    assert "Example of play" in chapters["Basic game 1: beating with square trumps"]
    assert "Beating and trumps" in chapters["General rules"]


def test_a_link_to_an_unknown_place_is_one_line_naming_the_file(tmp_path):
    mine = tmp_path / "booklets" / "en"
    mine.mkdir(parents=True)
    source = (ROOT / "templates" / "booklets" / "en" / "basic-4.toml").read_text("utf-8")
    for wrong, expected in (("(#rules/beeting)", "rules/beeting"),
                            ("(#basic-one)", "basic-one")):
        (mine / "basic-4.toml").write_text(source.replace("(#rules/beating)", wrong, 1),
                                           encoding="utf-8")
        library = Library([tmp_path, ROOT / "templates"])
        with pytest.raises(TemplateError) as caught:
            load_booklet(library, "en", ("basic-4",))
        message = str(caught.value)
        assert "basic-4.toml" in message and expected in message and "\n" not in message
    shutil.rmtree(mine)


def test_a_reference_to_a_figure_the_booklet_lacks_is_one_line(tmp_path):
    """{figure:CHAPTER/SECTION[/N]} names a figure of the booklet; a wrong one is one line
    naming the file and the reference (the fifth review asked for "Figure 26, p. 34")."""
    mine = tmp_path / "booklets" / "en"
    mine.mkdir(parents=True)
    source = (ROOT / "templates" / "booklets" / "en" / "basic-4.toml").read_text("utf-8")
    assert "{figure:basic-4/setup}" in source
    (mine / "basic-4.toml").write_text(source.replace("{figure:basic-4/setup}",
                                                      "{figure:basic-4/setup/2}", 1),
                                       encoding="utf-8")
    with pytest.raises(TemplateError) as caught:
        load_booklet(Library([tmp_path, ROOT / "templates"]), "en", ("basic-4",))
    message = str(caught.value)
    assert "basic-4.toml" in message and "basic-4/setup/2" in message and "\n" not in message


def test_a_figure_reference_prints_the_figures_number_and_its_page(library):
    """In a booklet of game 4 alone its start is another figure than in the whole booklet:
    the reference follows (number and page as set, not as written)."""
    made = set_booklet(library, "en", ("basic-4",))
    text = re.sub(r"\s+", " ", "".join(p.get_textpage().get_text_range()
                                       for p in pypdfium2.PdfDocument(made.pdf)))
    found = re.search(r"from the start in Figure (\d+) \(p\. (\d+)\)\.", text)
    assert found, "no figure reference in the example"
    number, page = found.groups()
    pdf = pypdfium2.PdfDocument(made.pdf)
    assert f"Figure {number}. A start" in _page_text(pdf, int(page) - 1)


def test_the_pdf_backend_refuses_a_link_to_a_page_it_lacks():
    from generator.draw.backends import pdf
    from generator.draw.scene import Page
    pages = [Page(148.0, 210.0), Page(148.0, 210.0)]
    [written] = _pdf_links(pdf.render(pages, links=[(0, Rect(10, 20, 30, 5), 1, 40.0)]))
    assert (written.page, written.to_page) == (0, 1)
    assert (written.box.x, written.box.y, written.box.w, written.box.h, written.to_y) == \
        pytest.approx((10, 20, 30, 5, 40.0), abs=0.01)
    with pytest.raises(ValueError, match="page 3, and the document has 2 pages"):
        pdf.render(pages, links=[(0, Rect(10, 20, 30, 5), 2, 40.0)])
