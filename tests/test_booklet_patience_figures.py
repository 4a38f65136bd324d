"""Issue 39: the patience figures carry the booklet's language. A Russian editor found
«talon», «stock», «LF1», «FA1» and the indices A K Q J on the Russian booklet's deals,
whose text writes Т К Д В (seed 004, Cadogan in Russian: «тузы», «короли», «дамы»,
«валеты»), and labels too small to read at print size. Read from the drawn scenes (the
PDF draws figure text as outlines)."""
from __future__ import annotations

import itertools
import re

import pypdfium2
import pytest

from built_booklets import set_booklet
from generator.docs.booklet.build import Made
from generator.docs.booklet.units import INK, SIDEBAR
from generator.docs.diagram import LEAST_LABEL
from generator.docs.tableau import MUTED, part_of
from generator.draw.backends.pdf import OUTLINED
from generator.draw.art.traditional import BLACK, RED
from generator.draw.geometry import Transform
from generator.draw.scene import Box, Group, Item, Line, Text
from generator.model.booklet import FigureRef, figure_anchor, figure_numbers
from generator.patience import patience

PATIENCES = ("nivernaise", "empress-of-india", "besieged-city")
LATIN_COURTS = {"J", "Q", "K", "A"}
RUSSIAN_COURTS = {"В", "Д", "К", "Т"}


@pytest.fixture(scope="module")
def made(library) -> dict[str, Made]:
    return {lang: set_booklet(library, lang, PATIENCES) for lang in ("en", "ru")}


def _texts(items: tuple[Item, ...] | list[Item]) -> list[Text]:
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif isinstance(item, Group):
            found += _texts(item.items)
    return found


def _figures(made: Made) -> dict[str, list[Text]]:
    return {where: _texts(page.items) for where, page in made.figures.items()
            if any(f"{p}.toml" in where for p in PATIENCES)}


def test_russian_deals_have_russian_slot_names_and_indices(made) -> None:
    figures = _figures(made["ru"])
    # Each patience's layout and the position after its worked example (the Empress's
    # layout in three parts: the left half, the right half with the talons, the centre,
    # after an outline of the whole table, which speaks Russian too).
    assert len(figures) == 9
    for where, texts in figures.items():
        words = {t.text for t in texts}
        # No Latin at all: Cadogan's plate letters A-D, which neither the text nor seed
        # 004 uses, are gone too (issue 39: «Latin A-D mixed with Cyrillic»).
        latin = [w for w in words if re.search("[A-Za-z]", w)]
        assert not latin, f"{where}: English/Latin labels {sorted(latin)[:8]}"
    shown = {t.text for texts in figures.values() for t in texts}
    assert RUSSIAN_COURTS <= shown
    # The flanks are ЛФ and ПФ (левый, правый фланг): a lone Л would read as «линия»
    # (review 3, teaching 5). The packets are П1-П6 in the figure as in the text, never
    # «Пачка 1» beside a caption's «пачки 1–6» (review 4, Russian 3).
    nivernaise = next(t for w, t in figures.items() if "nivernaise" in w)
    words = {t.text for t in nivernaise}
    # The foundations are ОТ1-ОТ4 for the aces and ОК1-ОК4 for the kings, as the English
    # FA and FK: «П4 → О7» gave no hint that О7 was a king's (review 5, teaching 7).
    assert {"ЛФ1", "ПФ4", "ОТ1", "ОК4", "П1", "П6", "колода", "Т♠", "К♦"} <= words
    assert not {"Л1"} & words and not any("Пачка" in w for w in words)
    # The Besieged City's ramparts are named by the side they lie on, one set of words
    # (ВО, НО, ЛО, ПО: верх, низ, лево, право of the окопы, as ЛФ, ПФ name the flanks), so a
    # label says which row or column a rampart closes, as rules III and IV of seed 004 need
    # ('по концамъ ... той линіи', 'изъ того ряда'). Not З and В: З1 reads as 31 and В is
    # the jack's index (review 4, Russian 2); not the С/Ю compass beside a left/right Л/П,
    # nor П1 as in the Nivernaise's packets (review 6, Russian 16). The foundations are
    # Ос1-Ос4 (основание, two letters as Ад and Ге): a bare О1 beside the ramparts' «О» of
    # «окопы» read as one more rampart (review 9, Russian).
    city = next(t for w, t in figures.items() if "besieged-city" in w)
    words = {t.text for t in city}
    assert {"ВО1", "НО3", "ЛО4", "ПО1", "Р11", "Р43", "Ос1", "Ос4", "талон", "колода"} <= words
    assert not {"З1", "В1", "С1", "Ю1", "Л1", "П1", "О1"} & words
    # The whole Army and Navy are drawn (columns 1-12), the talons named by colour, and the
    # seven black queens set aside are on the table too (review 3, teaching 1 and 2).
    empress = {t.text for w, texts in figures.items() if "empress" in w for t in texts}
    # The empress is «Имп»: a lone «И» in a caption read as the conjunction (review 5,
    # Russian 1).
    # The admirals and generals are a pair of two letters each, Ад and Ге, as AD and GE
    # (review 6, Russian 21: «Ад1–Ад8» beside «Г1–Г8»).
    # The queens set aside are «отложенные дамы», as the caption's «отложенных чёрных дам»
    # (ninth review of the patiences: a bare «отложены» under the stack).
    assert {"А1", "А12", "А24", "Ф1", "Ф24", "Ад1", "Ге8", "Имп", "красный талон",
            "чёрный талон", "колода", "отложенные дамы"} <= empress
    # The guard is unlabelled: С1-С8 beside Г1-Г8 read alike and the text never names them.
    assert not any(w.startswith("С") and w[1:].isdigit() for w in empress)


def test_english_deals_keep_the_engine_ids_and_latin_indices(made) -> None:
    shown = {t.text for texts in _figures(made["en"]).values() for t in texts}
    assert LATIN_COURTS <= shown
    for where, texts in _figures(made["en"]).items():
        words = {t.text for t in texts}
        assert not any(re.search("[А-Яа-яЁё]", w) for w in words), where
    for name in PATIENCES:
        words = {t.text for w, texts in _figures(made["en"]).items() if f"{name}.toml" in w
                 for t in texts}
        assert "stock" in words, name
    nivernaise = next(t for w, t in _figures(made["en"]).items() if "nivernaise" in w)
    assert {"LF1", "RF4", "FA1", "FK4", "L6", "A♠", "K♦"} <= {t.text for t in nivernaise}
    # Compass letters round the Besieged City's reserve: N, S, W, E (not T for top).
    city = next(t for w, t in _figures(made["en"]).items() if "besieged-city" in w)
    assert {"N1", "S3", "W4", "E1"} <= {t.text for t in city}
    empress = {t.text for w, texts in _figures(made["en"]).items() if "empress" in w
               for t in texts}
    assert {"A1", "A24", "N24", "red talon", "black talon", "set aside"} <= empress


def _set_texts(items, scale: float = 1.0) -> list[tuple[Text, float]]:
    """Every text of a typeset page with the scale it is drawn at."""
    found: list[tuple[Text, float]] = []
    for item in items:
        if isinstance(item, Text):
            found.append((item, scale))
        elif isinstance(item, Group):
            t = item.transform
            found += _set_texts(item.items, scale * abs(t.a * t.d - t.b * t.c) ** 0.5)
    return found


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_deal_labels_are_at_least_6_pt_on_the_page(made, lang) -> None:
    """The slot labels as set on the booklet's pages, after any shrinking to keep a
    figure with its text, are no smaller than 6 pt (diagram.LEAST_LABEL)."""
    booklet = made[lang]
    labels = {t.text for texts in _figures(booklet).values() for t in texts
              if t.fill == MUTED and not t.text[-1:] in "♠♣♥♦"}
    assert len(labels) > 30
    seen = [(t, k) for page in booklet.pages for t, k in _set_texts(page.items)
            if t.fill == MUTED and t.text in labels]
    assert {t.text for t, _ in seen} == labels
    small = sorted({t.text for t, k in seen if t.size * k < LEAST_LABEL - 1e-6})
    assert not small, f"labels under 6 pt: {small[:8]}"


def _page_parts(items, in_art: bool = False) -> tuple[list[Text], bool, list[Line]]:
    """A typeset page's texts set in the body's ink outside figures, whether it holds a
    figure's drawing, and its rules."""
    texts: list[Text] = []
    lines: list[Line] = []
    art = False
    for item in items:
        if isinstance(item, Group):
            inner = in_art or item.role == OUTLINED
            t, a, l = _page_parts(item.items, inner)
            texts += t
            lines += l
            art = art or a or item.role == OUTLINED
        elif isinstance(item, Text) and not in_art and item.fill == INK:
            texts.append(item)
        elif isinstance(item, Line):
            lines.append(item)
    return texts, art, lines


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_page_holds_a_figure_alone(made, lang) -> None:
    """Every page with a figure has some of its chapter's text on it: the Russian
    Nivernaise's and Besieged City's last deals stood alone on their chapters' last pages,
    half of the page blank (third review of the patiences, F2); the figure that ends a
    chapter now takes the end of its example with it."""
    for n, page in enumerate(made[lang].pages):
        texts, art, _ = _page_parts(page.items)
        if art:
            assert texts, f"{lang} p. {n + 1} ({page.label}) holds figures only"


def _numbered_figures(made: Made) -> dict[int, FigureRef]:
    numbers = figure_numbers(made.booklet.chapters)
    return {numbers[figure_anchor(chapter.key, section.key, k)]: ref
            for chapter in made.booklet.chapters for section in chapter.sections
            for k, ref in enumerate((b for b in section.blocks if isinstance(b, FigureRef)), 1)}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_empress_outline_names_the_figure_that_shows_each_part(made, lang) -> None:
    """The Empress's table is drawn in three parts; an outline before them shows the
    whole table (third review of the patiences, F3): each box stands where the layout puts
    its slots (seed 004, Индійская императрица: the army «вверху», the navy «внизу», the
    Empress and her rings between them) and names a figure that draws every one of its
    slots."""
    booklet = made[lang]
    figures = _numbered_figures(booklet)
    plans = [(n, ref) for n, ref in figures.items() if ref.blocks]
    assert len(plans) == 1
    number, plan = plans[0]
    game = patience("empress-of-india")
    shown = set()
    for block in plan.blocks:
        found = re.search(r"(\d+)$", block.label)
        assert found, block.label
        target = figures[int(found.group(1))]
        assert target.patience == "empress-of-india" and not target.blocks, block.label
        assert int(found.group(1)) > number     # the outline comes before the parts
        drawn = {s.id for s in part_of(game.tableau.slots, target.part)}
        slots = {s.id for s in part_of(game.tableau.slots, block.slots)}
        assert slots <= drawn, (block.label, sorted(slots - drawn))
        shown |= slots
    # Every place on the table is in some box.
    assert shown == {s.id for s in game.tableau.slots}
    boxes = [item for item in _all_items(booklet.figures[plan.where].items)
             if isinstance(item, Box)]
    assert len(boxes) == len(plan.blocks)
    by_label = {block.label.split("\n")[0].split(" ")[0]: box.rect
                for block, box in zip(plan.blocks, boxes)}
    army, centre, navy = (by_label[w] for w in (("army", "centre:", "navy") if lang == "en"
                                                 else ("армия", "середина:", "флот")))
    assert army.bottom <= centre.y and centre.bottom <= navy.y
    for a, b in itertools.combinations([box.rect for box in boxes], 2):
        assert not a.intersects(b)


def _all_items(items):
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from _all_items(item.items)


@pytest.mark.parametrize("lang, caption, reference, word", [
    ("en", "Table 1. Foundation order", "given in Table 1", "p."),
    ("ru", "Таблица 1. Порядок оснований", "данном в табл. 1", "с.")])
def test_the_foundation_order_is_a_numbered_table_beside_its_reference(made, lang, caption,
                                                                        reference, word) -> None:
    """The Besieged City's foundation order (other_games.md 2.3, Cadogan: A K 2 Q 3 J 4 10
    5 9 6 8 7) is a table with a caption, and the Aim that refers to it prints its number,
    on that same page or the facing one of the open spread (third review of the patiences,
    F8: the table stood overleaf from "given in the table", a page turn away). A page it
    prints is the table's; on its own page a reference prints none (fourth review, r-main
    8), unless the table would then go over."""
    pdf = pypdfium2.PdfDocument(made[lang].pdf)
    text = [re.sub(r"\s+", " ", pdf[n].get_textpage().get_text_range().replace("\u00a0", " "))
            for n in range(len(pdf))]
    pages = [n for n, t in enumerate(text) if caption in t]
    assert len(pages) == 1
    table = pages[0]
    # Page n (from 0) is printed n + 1: an even printed page faces the next odd one.
    spread = [table] + ([table - 1] if table % 2 == 0 else [])
    pattern = rf"{re.escape(reference)}(?: \({re.escape(word)} (\d+)\))?"
    found = next(((n, m) for n in spread for m in [re.search(pattern, text[n])] if m), None)
    assert found, (lang, reference)
    n, match = found
    assert match.group(1) == (None if n == table else str(table + 1)), (lang, match.group(0))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_patience_variants_section_has_the_sidebar_rule(made, lang) -> None:
    """Variants are set apart from the rules by a rule in the margin, in every chapter
    alike (third review of the patiences, F7: seen on the Besieged City's only)."""
    heading = {"en": "Variants", "ru": "Варианты"}[lang]
    found = 0
    for page in made[lang].pages:
        texts, _, lines = _page_parts(page.items)
        if any(t.text == heading and t.font == "bold" for t in texts):
            found += 1
            assert any(line.paint.stroke == SIDEBAR for line in lines), page.label
    assert found == 2    # the Empress and the Besieged City (the Nivernaise has none)


def _faces_on_pages(made: Made, slot: str) -> list[tuple[int, float, float, float]]:
    """The face of the top card on *slot* wherever a page draws it: (page number, card
    width in mm, its corner index's size in pt, the index's turn on the page in
    degrees), walking down each page's scene with the transforms as set."""
    found: list[tuple[int, float, float, float]] = []

    def walk(items, at: Transform, inside: bool, n: int) -> None:
        for item in items:
            if not isinstance(item, Group):
                continue
            here = at @ item.transform
            if inside and item.role and item.role.startswith("face "):
                card = item.items[0]
                assert isinstance(card, Box)
                index = [(t, k) for t, k in _transformed_texts(item.items, here)
                         if t.font == "bold" and t.fill in (RED, BLACK)][0]
                found.append((n, card.rect.w * here.scale_factor,
                              index[0].size * index[1].scale_factor / PT,
                              index[1].rotation % 360))
                continue
            walk(item.items, here, inside or item.role == f"slot {slot}", n)

    for n, page in enumerate(made.pages, 1):
        walk(page.items, Transform(), False, n)
    return found


def _transformed_texts(items, at: Transform) -> list[tuple[Text, Transform]]:
    found: list[tuple[Text, Transform]] = []
    for item in items:
        if isinstance(item, Text):
            found.append((item, at))
        elif isinstance(item, Group):
            found += _transformed_texts(item.items, at @ item.transform)
    return found


PT = 25.4 / 72


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_besieged_city_cards_read_at_print_size(made, lang) -> None:
    """The Besieged City's example needs the reader to tell the 2♠ on rampart W4 from the
    Q♣ on E4 (moves 7 and 15): on the A5 page a card was about 7.5 mm wide and its index
    about 3 pt, running along the crossways card (review of the patience booklets, 6,
    finding 4). Seed 004 (Осажденный городъ) lays the fourteen ramparts crossways round
    the upright reserve; the figures keep that and print the indices upright, larger,
    and the cards larger (9.2 to 11.6 mm; the floor below leaves room for the setter's
    shrinking a figure up to 12 % to keep it with its text)."""
    for slot in ("W4", "E4", "R43", "T1"):
        faces = _faces_on_pages(made[lang], slot)
        # The layout and the table after move 15.
        assert len(faces) == 2, (slot, faces)
        for page, width, index, turn in faces:
            where = f"{lang} p. {page} {slot}"
            assert width >= 8.7, f"{where}: card {width:.1f} mm wide"
            assert index >= 3.9, f"{where}: index {index:.1f} pt"
            assert turn == pytest.approx(0, abs=1e-6), f"{where}: index turned {turn}°"
