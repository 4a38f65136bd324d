"""Issue 39, fifth review (layout 6): in the Russian patience booklet the contents entry of
«Индийская императрица» filled its line and its dot leader shrank to a single dot, which
read as a stray full stop. A title that would leave fewer than flow.LEADER dots breaks its
line earlier, into even lines."""
from __future__ import annotations

from built_booklets import set_booklet
from generator.docs.booklet.flow import LEADER
from generator.draw.scene import Group, Item, Text

PATIENCES = ("nivernaise", "empress-of-india", "besieged-city")


def _texts(items: tuple[Item, ...] | list[Item]) -> list[str]:
    found: list[str] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item.text)
        elif isinstance(item, Group):
            found += _texts(item.items)
    return found


def test_every_contents_entry_has_a_leader_of_dots(library):
    made = set_booklet(library, "ru", PATIENCES)
    contents = [page for page in made.pages if page.label == "contents"]
    texts = [t for page in contents for t in _texts(page.items)]
    leaders = [t for t in texts if t.strip() and set(t) <= {".", " "}]
    # One a chapter, and one for the colophon the contents list besides.
    assert len(leaders) == len(made.typeset.contents) == len(made.booklet.chapters) + 1
    assert all(t.count(".") >= LEADER for t in leaders), leaders
    # The long title went onto two lines rather than lose its leader.
    assert any(t.startswith("«Индийская императрица»") and not t.endswith("колоды")
               for t in texts)
