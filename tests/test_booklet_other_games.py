"""The booklet chapters of the games outside the open-cards system: Ass and Cadogan's three
patiences, in English and Russian, with dealt tableaux and a row of traditional cards."""
from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from generator.cli import cli
from generator.docs.booklet.build import Made, make_booklet
from generator.model.booklet import FigureRef

CHAPTERS = ("ass", "nivernaise", "empress-of-india", "besieged-city")


@pytest.fixture(scope="module")
def built(library) -> dict[str, Made]:
    return {lang: make_booklet(library, lang, CHAPTERS) for lang in ("en", "ru")}


def _shape(made: Made) -> list[tuple[object, ...]]:
    def figure(ref: FigureRef) -> tuple[object, ...]:
        return (ref.layout, ref.cards, ref.patience, ref.seed, ref.moves)
    return [(c.key, [s.key for s in c.sections], [figure(f) for f in c.figures])
            for c in made.booklet.chapters]


def _text(made: Made) -> str:
    doc = pypdfium2.PdfDocument(made.pdf)
    return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))


def test_both_languages_have_the_same_chapters_sections_and_figures(built):
    assert _shape(built["en"]) == _shape(built["ru"])
    keys = [c.key for c in built["en"].booklet.chapters]
    assert [k for k in keys if k in CHAPTERS] == list(CHAPTERS)


def test_each_patience_has_its_dealt_tableau_and_ass_a_trick(built):
    for made in built.values():
        figures = {c.key: c.figures for c in made.booklet.chapters if c.key in CHAPTERS}
        assert [f.patience for f in figures["nivernaise"]] == ["nivernaise"]
        assert [f.patience for f in figures["empress-of-india"]] == ["empress-of-india"]
        assert [f.patience for f in figures["besieged-city"]] == ["besieged-city"]
        assert [f.cards for f in figures["ass"]] == ["pack36:KS 9C 10C"]
        for refs in figures.values():
            for ref in refs:
                page = made.figures[ref.where]
                assert page.width > 0 and page.items


def test_tableau_figures_draw_one_card_per_pile(built, library):
    from test_patience_draw import arts

    from generator.rules.patience import cards as C
    from generator.rules.patience import patience

    made = built["en"]
    for chapter in made.booklet.chapters:
        for ref in chapter.figures:
            if ref.patience is None:
                continue
            game = patience(ref.patience)
            state = game.deal(ref.seed)
            drawn = arts(made.figures[ref.where])
            # The deal the chapter names: every face shows its pile's top card.
            tops = {slot.id: C.name(pile[-1]) for slot, pile in
                    zip(game.tableau.slots, state.piles) if pile}
            assert set(drawn) == set(tops)
            faces = {sid: role.split()[2] for sid, (role, _) in drawn.items()
                     if role.startswith("face")}
            assert faces and all(tops[sid] == card for sid, card in faces.items())


def test_the_chapters_are_in_the_pdf_in_each_language(built):
    english, russian = _text(built["en"]), _text(built["ru"])
    for title in ("Ass: a trick game", "La Nivernaise", "The Empress of India",
                  "The Besieged City"):
        assert title in english
    for title in ("игра во взятки", "Нивернез", "Индийская императрица", "Осаждённый город"):
        assert title in russian


def test_the_default_selection_leaves_them_out(library):
    from generator.io.booklets import load_booklet
    keys = [c.key for c in load_booklet(library, "en").chapters]
    assert not set(CHAPTERS) & set(keys)


CHAPTER = '''title = "Mine"

[[section]]
id = "deal"
text = """
{{figure}}
"""

[[section.figure]]
{figure}
caption = "x"
'''


def _user_booklet(tmp_path: Path, figure: str) -> Path:
    root = tmp_path / "mine"
    (root / "booklets" / "en").mkdir(parents=True)
    (root / "booklets" / "en" / "booklet.toml").write_text(
        'title = "Mine"\ncontents = "Contents"\ngames = ["mine"]\n', encoding="utf-8")
    (root / "booklets" / "en" / "mine.toml").write_text(CHAPTER.format(figure=figure),
                                                        encoding="utf-8")
    return root


@pytest.mark.parametrize("figure, message", [
    ('patience = "nivernais"', "mine.toml: section[0].figure[0].patience: expected a "
                               "patience"),
    ('patience = "nivernaise"\nseed = -1', "mine.toml: section[0].figure[0].seed"),
    ('patience = "nivernaise"\ncards = "pack36:6S"', "one of layout, cards, patience or key"),
    ('cards = "pack36:6S 5S"', "5S is not a card of pack36"),
])
def test_bad_figures_are_one_line_errors(runner, tmp_path, figure, message):
    root = _user_booklet(tmp_path, figure)
    out = tmp_path / "out"
    result = runner.invoke(cli, ["--templates", str(root), "booklet", "--out", str(out)])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], \
        result.output
    assert not out.exists() or not list(out.iterdir())


def test_cli_prints_the_chapters(runner, tmp_path):
    result = runner.invoke(cli, ["booklet", "nivernaise", "ass", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].endswith(", 2 games")
    assert (tmp_path / "booklet-en.pdf").read_bytes().startswith(b"%PDF")


def _glossary_pairs(lang: str) -> dict[str, list[tuple[str, str]]]:
    """Each glossary section's (English, Russian) term pairs, read from the template."""
    import tomllib
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "templates" / "booklets" / lang / \
        "glossary.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    pairs = {}
    for section in data["section"]:
        rows = [[c.strip() for c in line.strip().strip("|").split("|")]
                for line in section["text"].splitlines() if line.startswith("|")][1:]
        pairs[section["id"]] = [(r[0], r[1]) if lang == "en" else (r[1], r[0]) for r in rows]
    return pairs


def test_the_glossaries_name_the_ass_and_patience_terms_in_step():
    en, ru = _glossary_pairs("en"), _glossary_pairs("ru")
    assert en == ru
    assert {"ass", "patiences"} <= set(en)
    for section in ("ass", "patiences"):
        english = [e for e, _ in en[section]]
        russian = [r for _, r in en[section]]
        # One term per concept: no term twice in the whole glossary.
        everything = [t for rows in en.values() for pair in rows for t in pair]
        assert len(set(english)) == len(english) and len(set(russian)) == len(russian)
        assert all(everything.count(t) == 1 for t in english + russian), section
    terms = {e for e, _ in en["ass"] + en["patiences"]}
    assert {"trick", "led card", "main suit", "bank", "target", "foundation", "talon",
            "stock", "rampart", "Reserve"} <= terms
