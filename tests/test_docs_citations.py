"""Issue 44: the docs cite only what ships. ``domain.md`` and ``other_games.md`` are
research notes a reader of the docs does not have; a seed ("seed 004") is a source document
the reader finds by name on the Sources page, so each page that names one links there."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PAGES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_page_cites_the_research_notes(page):
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"domain\.md|other_games(\.md)?", text), page.name


@pytest.mark.parametrize("page", [p for p in PAGES if p.name != "sources.md"],
                         ids=lambda p: p.name)
def test_a_page_naming_a_seed_links_the_sources_page(page):
    text = page.read_text(encoding="utf-8")
    if re.search(r"\bseed ?00\d\b", text, re.IGNORECASE):
        assert re.search(r"\]\((docs/)?sources\.md\)", text), page.name


def test_the_sources_page_names_every_seed_it_is_cited_by():
    sources = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
    cited = {m.replace(" ", "") for page in PAGES
             for m in re.findall(r"\bseed ?00\d\b", page.read_text(encoding="utf-8").lower())}
    assert cited and all(f"seed {c[4:]} (" in sources for c in cited)
