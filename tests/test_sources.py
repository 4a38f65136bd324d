"""The sources table (issue 38): every rule a shipped game applies has a row saying which
seed passage it follows, or that it is our reading (with the reason and the alternative);
docs/sources.md is generated from the rows, and the booklet's reading notes are their text.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.docs.sources import PAGE, render
from generator.errors import TemplateError
from generator.io.booklets import load_booklet
from generator.model.booklet import Bullets, Paragraph
from generator.io.reader import display_path
from generator.io.sources import coverage_problems, game_headings, load_sources, read_sources
from generator.io.templates import Library
from generator.rules.sources import CODE_GAMES, GENERAL, Basis

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"


def _user_folder(tmp_path: Path, files: dict[str, str]) -> Library:
    """A --templates folder with *files* (relative paths) in front of the shipped ones."""
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return Library([tmp_path, TEMPLATES])


def test_every_rule_of_every_shipped_game_has_a_row(library):
    assert coverage_problems(library) == []


def test_every_game_and_code_game_has_a_sources_file(library):
    table = load_sources(library)
    assert set(table) == {GENERAL, *library.names("game"), *CODE_GAMES}


def test_readings_give_reason_and_alternative_and_seed_rows_a_passage(library):
    for game, sources in load_sources(library).items():
        for row in sources.rows:
            if row.basis in (Basis.OUR_READING, Basis.HOUSE_RULE):
                assert row.reason and row.alternative, (game, row.key)
            else:
                assert row.seed and row.where and row.passage, (game, row.key)
            if row.basis is Basis.CORRECTION:
                assert row.reason, (game, row.key)


def test_a_game_key_without_a_row_fails(tmp_path):
    """A switch a game file sets is a rule: without a row the table is incomplete."""
    text = (TEMPLATES / "games" / "basic-4.toml").read_text(encoding="utf-8")
    text = text.replace('goal = "cover-test-card"', 'goal = "cover-test-card"\nstuck_loses = true')
    library = _user_folder(tmp_path, {"games/basic-4.toml": text})
    shown = display_path(TEMPLATES / "sources" / "basic-4.toml")
    assert coverage_problems(library) == [f"{shown}: no row for 'stuck_loses'"]


def test_a_changed_value_and_a_row_of_no_rule_fail(tmp_path):
    source = (TEMPLATES / "sources" / "initial-5.toml").read_text(encoding="utf-8")
    source = source.replace('value = "jump"', 'value = "king"', 1)
    source += '\n[rule."beating.trumps"]\nbasis = "seed"\nvalue = true\npassage = "x"\n'
    library = _user_folder(tmp_path, {"sources/initial-5.toml": source})
    problems = coverage_problems(library)
    assert len(problems) == 2
    assert "rule.\"movement.step\": value 'king', but the game has 'jump'" in problems[0]
    assert "rule.\"beating.trumps\": names no rule of initial-5" in problems[1]


def test_a_code_game_switch_without_a_row_fails(tmp_path):
    """The patiences' switches are read from their dataclasses: a switch is a rule."""
    source = (TEMPLATES / "sources" / "besieged-city.toml").read_text(encoding="utf-8")
    source = re.sub(r'\[rule\."switch\.house_swaps"\].*?(?=\n\[|\Z)', "", source, flags=re.S)
    library = _user_folder(tmp_path, {"sources/besieged-city.toml": source})
    assert [p.split(": ", 1)[1] for p in coverage_problems(library)] == [
        "no row for 'switch.house_swaps'"]


@pytest.mark.parametrize("row, expected", [
    ('basis = "guess"\nvalue = 1', "rule.\"goal\".basis: expected one of 'seed', "
     "'our-reading', 'variant', 'house-rule', 'correction', got 'guess'"),
    ('basis = "correction"\nvalue = "x"\npassage = "p"', "rule.\"goal\".reason: expected "
     "why the seed's words err, for a correction row"),
    ('basis = "our-reading"\nvalue = "x"\nreason = "r"', "rule.\"goal\".alternative: "
     "expected why the project reads it so and the other reading, for an our-reading row"),
    ('basis = "seed"\nvalue = "x"', "rule.\"goal\".passage: expected the seed, the place "
     "in it and its words, for a seed row"),
    ('basis = "seed"\nvalue = "x"\npassage = "p"\nseed = "007"', "rule.\"goal\".seed: "
     "expected one of 000, 001, 002, 003, 004, got '007'"),
    ('basis = "seed"\nvalue = "x"\npassage = "p"\nen = "Our reading."', "rule.\"goal\".ru: "
     "expected the booklet's sentence in both languages"),
])
def test_a_bad_row_is_one_line_naming_file_and_row(tmp_path, row, expected):
    path = tmp_path / "g.toml"
    path.write_text(f'seed = "000"\nwhere = "card game 1"\n[rule."goal"]\n{row}\n',
                    encoding="utf-8")
    with pytest.raises(TemplateError) as e:
        read_sources(path)
    assert str(e.value).endswith(f"g.toml: {expected}")


def _page(library: Library) -> str:
    table = load_sources(library)
    return render(table, game_headings(library, table))


def test_the_published_page_is_up_to_date(library):
    """docs/sources.md is generated: run python -m generator.docs.sources after a change."""
    assert PAGE.read_text(encoding="utf-8") == _page(library)


def test_the_page_shows_each_reading_with_its_reason_and_alternative(library):
    page = _page(library)
    row = load_sources(library)["basic-48"].row("goal:count")
    assert row is not None and row.basis is Basis.OUR_READING
    line = next(line for line in page.splitlines() if line.startswith("| `goal:count` |")
                and row.alternative in line)
    assert "**our reading**" in line and f"*Alternative:* {row.alternative}" in line


# --- the booklet ----------------------------------------------------------------------

#: Words that mark a note on what the seeds leave open, in the chapters' text.
READING_WORDS = {"en": re.compile(r"our (reading|choice)|not in the original rules|original "
                                  r"rules (do not|leave)|not known to us", re.I),
                 "ru": re.compile(r"наш[ае]? (выбор|толковани)|правила (этого )?не говорят|"
                                  r"правила оставляют|нам неизвест", re.I)}
#: The general rules' sentence that tells the reader what the mark "our reading" means
#: (third review, r-en 7: the index's "our reading" points to it): about the booklet, not a
#: reading of any rule, so it has no sources row.
THE_MARK_EXPLAINED = {
    "en": "Where the original rules leave a point open, the booklet marks its choice “our "
          "reading” with the number of a note; the notes, at the end of the section, give the "
          "reason and the other reading.",
    "ru": "Где правила автора оставляют вопрос открытым, брошюра помечает свой выбор словами "
          "«наше толкование» с номером примечания; примечания в конце раздела приводят причину "
          "и другое возможное толкование."}
#: Chapters without a game that still state rules or the kit's make-up, where the seeds
#: leave things open (the Latin set's groups, the Cyrillic set: issue 39).
READING_CHAPTERS = ("rules", "equipment")
#: Game chapters whose reading notes are still hand-written (none now; a chapter being
#: rewritten may stand here until its notes move to {reading:...}).
NOT_YET: set[str] = set()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_chapters_reading_notes_come_from_the_rows(lang):
    """A note on a rule the seeds leave open is written {reading:KEY} in a chapter, never
    by hand, so the booklet prints the sources table's sentence."""
    for path in sorted((TEMPLATES / "booklets" / lang).glob("*.toml")):
        game_chapter = path.stem in (*CODE_GAMES, *READING_CHAPTERS) or \
            'game = "' in path.read_text(encoding="utf-8")
        if path.stem in NOT_YET or not game_chapter:
            continue
        text = READING_MARK_FREE(_short_marks_dropped(path, lang))
        if path.stem == "rules":
            # The one sentence that says what the mark means (a note on no rule).
            assert THE_MARK_EXPLAINED[lang] in " ".join(text.split())
            text = " ".join(text.split()).replace(THE_MARK_EXPLAINED[lang], "")
        found = READING_WORDS[lang].search(text)
        assert found is None, f"{path.name}: a hand-written reading note: {found.group(0)!r}"


#: The short mark a summary line (an "on your turn" box, a question of the FAQ) puts on a
#: rule it restates from a reading, whose full note the booklet prints from the row
#: (issue 39, fourth review: the boxes stated readings as plain rules).
#: (A mark may name its note's number, {note:KEY}: issue 39, the numbered notes of Ass; in
#: Russian a cross-reference may follow it in its bracket, «(наше толкование 1, см.
#: «Колоды», с. 4)»: ninth review, one bracket, not a colon after it. A mark may instead
#: lead to the page that prints the reading, "([our reading](#equipment/packs))", printed
#: "(our reading, p. 4)": eleventh review, no mark without its number or page.)
SHORT_MARKS = {"en": re.compile(r" \((?:our reading(?: \{note:[^{}\s]+\})?|"
                                r"\[our reading\]\(#[^)]+\))\)|By our reading, "),
               "ru": re.compile(r" \((?:наше толкование(?: \{note:[^{}\s]+\})?"
                                r"(?:, см\. «\[[^]]+\]\(#[^)]+\)»)?|"
                                r"\[наше толкование\]\(#[^)]+\))\)|"
                                r"По нашему толкованию( —)? ")}


def _short_marks_dropped(path: Path, lang: str) -> str:
    """The chapter's text with the short marks taken out of the box and the sections whose
    (unprinted) source names the reading's row: a mark without such a source still fails."""
    import tomllib
    raw = path.read_text(encoding="utf-8")
    data = tomllib.loads(raw)
    parts = [data.get("turn", {})] + list(data.get("section", []))
    for part in parts:
        if "our reading" not in part.get("source", "") or "row" not in part.get("source", ""):
            continue
        for field in ("text", "lines"):
            value = part.get(field)
            for text in ([value] if isinstance(value, str) else value or []):
                for line in text.splitlines():
                    raw = raw.replace(line, SHORT_MARKS[lang].sub(" ", line), 1)
    return raw


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_chapters_source_notes_name_the_rows_of_their_readings(lang):
    """A section's (unprinted) source note says where a reading's row is, instead of
    calling it "the project's reading" as before the sources table."""
    for path in sorted((TEMPLATES / "booklets" / lang).glob("*.toml")):
        if path.stem in NOT_YET:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("source ="):
                assert not re.search(r"the project's (reading|suggestion)", line), \
                    f"{path.name}: {line[:80]}"


def READING_MARK_FREE(text: str) -> str:
    """*text* without its ``source =`` lines (kept, never printed) and comments."""
    return "\n".join(line for line in text.splitlines()
                     if not line.lstrip().startswith(("source =", "#")))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_booklet_prints_the_rows_sentences(library, lang):
    """Each {reading:KEY} becomes the row's sentence in the chapter's language."""
    # The default selection, and the chapters it leaves out (the patiences, Ass).
    chapters = {path.stem for path in (TEMPLATES / "booklets" / lang).glob("*.toml")}
    printed = "\n".join(text for booklet in (load_booklet(library, lang), load_booklet(
        library, lang, tuple(sorted(chapters & set(CODE_GAMES)))))
                        for chapter in booklet.chapters for section in chapter.sections
                        for block in section.blocks for text in _texts(block))
    table = load_sources(library)
    used = 0
    for path in sorted((TEMPLATES / "booklets" / lang).glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        game = re.search(r'^game = "([^"]+)"', text, re.M)
        for named, key in re.findall(r"\{reading:(?:([a-z0-9-]+)/)?([^{}\s/]+)\}", text):
            row = table[named or (game.group(1) if game else path.stem)].row(key)
            assert row is not None, (path.name, key)
            assert " ".join(row.text(lang).split()) in " ".join(printed.split()), key
            used += 1
    assert used >= 5
    assert "{reading:" not in printed


def _texts(block: object) -> tuple[str, ...]:
    if isinstance(block, Paragraph):
        return (block.text,)
    return block.items if isinstance(block, Bullets) else ()


def test_a_reading_mark_naming_no_row_is_one_line(tmp_path):
    chapter = (TEMPLATES / "booklets" / "en" / "basic-48.toml").read_text(encoding="utf-8")
    chapter = chapter.replace("{reading:goal:count}", "{reading:goal:counting}", 1)
    chapter = chapter.replace("{note:goal:count}", "{note:goal:counting}")
    assert "{reading:goal:counting}" in chapter and "{note:goal:counting}" in chapter
    shutil.copytree(TEMPLATES / "booklets", tmp_path / "booklets")
    (tmp_path / "booklets" / "en" / "basic-48.toml").write_text(chapter, encoding="utf-8")
    with pytest.raises(TemplateError) as e:
        load_booklet(Library([tmp_path, TEMPLATES]), "en")
    assert str(e.value).endswith("basic-48.toml: section[4].text: expected {reading:KEY} "
                                 "naming a row with an en sentence, got no row "
                                 "'goal:counting' in sources/basic-48.toml")


@pytest.mark.parametrize(("lang", "seed_rule", "mark", "no_pass"), [
    ("en", "initial version", "Our reading", "nobody may pass while they have a move"),
    ("ru", "начальной версии", "Наше толкование", "пока ход есть, пропускать его нельзя"),
])
def test_the_compulsory_move_is_the_initial_versions_rule_extended_by_our_reading(
        library, lang, seed_rule, mark, no_pass):
    """Issue 39, session-16 review: "Nobody may pass while they have a move" read as a rule
    of every game. Only seed002 says it (jeu 1: "chaque joueur doit faire un coup chaque
    fois: c'est une règle obligatoire"); seed000 and seed001 are silent. The general rules'
    note names the initial version as its source and makes the other games' compulsory move
    (and passing without a move) our reading."""
    from generator.io.sources import reading_text
    text = reading_text(library, "general", "no-move", lang)
    assert text.index(seed_rule) < text.index(mark) < text.index(no_pass), text
    rules = next(c for c in load_booklet(library, lang).chapters if c.key == "rules")
    turns = next(s for s in rules.sections if s.key == "turns")
    # The note stands in the section's closing notes list (sixth review, r-main-en 2).
    assert any(text in item for b in turns.blocks if isinstance(b, Bullets) for item in b.items)


def test_the_page_shows_a_correction_with_the_seeds_words_and_why_they_err(library):
    """Issue 39, ninth review of the patiences: the Empress's footnote 16 ('kings' where
    Cadogan says queens) was listed as our reading, an open point, though it is a slip of
    the translation. A correction row gives the seed's words and why they err, and the page
    calls it a correction."""
    page = _page(library)
    row = load_sources(library)["empress-of-india"].row("goal:no-queen")
    assert row is not None and row.basis is Basis.CORRECTION
    line = next(line for line in page.splitlines() if line.startswith("| `goal:no-queen` |"))
    assert "| correction |" in line and row.passage in line and "corrected: " in line
    assert "**our reading**" not in line
