"""Drawing a dealt patience: every slot where the tableau puts it, the visible card of every
pile with the tool's own card art, the stock face down, empty places outlined, counts."""
from __future__ import annotations

import io
from collections import Counter

import numpy as np
import pytest
from PIL import Image

from generator.cli import cli
from generator.docs.build import encode
from generator.docs.tableau import encode_tableau, FACE_DOWN, tableau_page
from generator.draw.geometry import Transform
from generator.draw.scene import Group, Page, Text
from generator.patience import PATIENCES, Role, patience
from generator.patience import cards as C

CARD_HEIGHT = 40.0
CARD_WIDTH = CARD_HEIGHT * 63 / 88


def groups(items, transform=Transform()):
    """(group, transform from the group's own units to the page) for every group."""
    for item in items:
        if isinstance(item, Group):
            inner = transform @ item.transform
            yield item, inner
            yield from groups(item.items, inner)


def arts(page: Page) -> dict[str, tuple[str, Transform]]:
    """slot id -> (role of the card art drawn there, its card-local-to-page transform)."""
    found = {}
    slot = None
    for group, transform in groups(page.items):
        role = group.role or ""
        if role.startswith("slot "):
            slot = role.split()[1]
        elif role.startswith(("face ", "back ")):
            assert slot not in found, f"two cards drawn in {slot}"
            found[slot] = (role, transform)
    return found


@pytest.mark.parametrize("name", sorted(PATIENCES))
@pytest.mark.parametrize("seed", [0, 17])
def test_one_card_art_per_pile_with_its_top_card(name, seed):
    game = patience(name)
    state = game.deal(seed)
    page = tableau_page(game, state, card_height=CARD_HEIGHT)
    drawn = arts(page)
    expected = {slot.id: pile for slot, pile in zip(game.tableau.slots, state.piles) if pile}
    assert set(drawn) == set(expected)
    for slot in game.tableau.slots:
        if slot.id not in expected:
            continue
        role, _ = drawn[slot.id]
        if slot.role in FACE_DOWN:
            assert role.startswith("back pack52-back-")
        else:
            # "face pack52 QD copy 2": the top (last) card of the pile, face up.
            assert role.split()[:3] == ["face", "pack52", C.name(expected[slot.id][-1])]


@pytest.mark.parametrize("name", sorted(PATIENCES))
def test_cards_sit_at_the_slot_positions_and_rotations(name):
    game = patience(name)
    state = game.deal(3)
    page = tableau_page(game, state, card_height=CARD_HEIGHT, gap=5.0)
    pitch = CARD_HEIGHT + 5.0
    drawn = arts(page)
    slots = {s.id: s for s in game.tableau.slots}
    centres = {sid: t.apply(CARD_WIDTH / 2, CARD_HEIGHT / 2) for sid, (_, t) in drawn.items()}
    first = next(iter(centres))
    fx, fy = centres[first]
    for sid, (x, y) in centres.items():
        slot = slots[sid]
        # Distances between slots are the tableau's, in pitches, to 0.01 mm.
        assert x - fx == pytest.approx((slot.x - slots[first].x) * pitch, abs=0.01), sid
        assert y - fy == pytest.approx((slot.y - slots[first].y) * pitch, abs=0.01), sid
        assert 0 < x < page.width and 0 < y < page.height
        assert drawn[sid][1].rotation % 360 == pytest.approx(slot.rotation, abs=1e-6), sid


def test_empty_places_are_outlined_and_piles_show_their_count():
    game = patience("nivernaise")
    state = game.deal(0)
    page = tableau_page(game, state)
    roles = Counter((g.role or "").split(" ")[0] + " " + (g.role or "").split(" ")[-1]
                    for g, _ in groups(page.items) if (g.role or "").startswith("slot "))
    # Eight empty foundations; six line packets of 4 and the stock of 72 carry a count.
    assert roles["slot empty"] == 8
    counts = sorted(int(g.role.split()[1]) for g, _ in groups(page.items)
                    if (g.role or "").startswith("count "))
    assert counts == [4, 4, 4, 4, 4, 4, 72]
    labels = {t.text for t, in ((i,) for i in page.items if isinstance(i, Text))}
    assert "FA1 · A♠ up" in labels and "stock" in labels


def test_duplicates_come_from_different_packs():
    game = patience("empress-of-india")
    page = tableau_page(game, game.deal(2))
    faces = [role for role, _ in arts(page).values() if role.startswith("face")]
    by_card: dict[str, list[str]] = {}
    for role in faces:
        parts = role.split()
        by_card.setdefault(parts[2], []).append(parts[-1])
    assert any(len(c) > 1 for c in by_card.values())
    for card, copies in by_card.items():
        assert len(set(copies)) == len(copies), card
    assert {int(c) for copies in by_card.values() for c in copies} <= {1, 2, 3, 4}


def test_same_deal_same_bytes_and_a_different_deal_differs():
    game = patience("besieged-city")
    first = encode(tableau_page(game, game.deal(8), title="x"), "svg")
    assert first == encode(tableau_page(game, game.deal(8), title="x"), "svg")
    assert first != encode(tableau_page(game, game.deal(9), title="x"), "svg")


def test_the_png_shows_cards_where_the_slots_are():
    game = patience("besieged-city")
    state = game.deal(1)
    page = tableau_page(game, state, card_height=CARD_HEIGHT)
    dpi = 60
    image = Image.open(io.BytesIO(encode_tableau(page, "png", dpi=dpi))).convert("RGB")
    drawn = arts(page)
    px = dpi / 25.4

    slots = {s.id: s for s in game.tableau.slots}
    anchor = next(iter(drawn))
    ax, ay = drawn[anchor][1].apply(CARD_WIDTH / 2, CARD_HEIGHT / 2)
    pitch = CARD_HEIGHT * 1.14

    def ink_near(sid: str, half: float = 8.0) -> float:
        """The share of dark pixels in a square 2 * *half* mm wide on the slot's centre."""
        x = ax + (slots[sid].x - slots[anchor].x) * pitch
        y = ay + (slots[sid].y - slots[anchor].y) * pitch
        box = (int((x - half) * px), int((y - half) * px), int((x + half) * px),
               int((y + half) * px))
        dark = np.asarray(image.crop(box), dtype=int).sum(axis=2) < 600
        return float(dark.mean())

    # The stock is a coloured back: nearly all ink. Crossways rampart cards have pips.
    assert ink_near("stock") > 0.8
    assert all(ink_near(s.id, 13.0) > 0.01 for s in game.tableau.with_role(Role.RAMPART))
    # An empty foundation is a dashed outline with no label: its middle is bare paper.
    empty = [s.id for s, p in zip(game.tableau.slots, state.piles) if not p]
    assert "F1" in empty and ink_near("F1") == 0

def test_cli_draws_the_deal(runner, tmp_path):
    out = tmp_path / "deal" / "niv.svg"
    result = runner.invoke(cli, ["patience", "deal", "nivernaise", "--seed", "4", "--out",
                                 str(out)])
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {out}\n"
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<svg") or text.startswith("<?xml")
    again = tmp_path / "again.svg"
    runner.invoke(cli, ["patience", "deal", "nivernaise", "--seed", "4", "--out", str(again)])
    assert again.read_bytes() == out.read_bytes()
    pdf = tmp_path / "empress.pdf"
    result = runner.invoke(cli, ["patience", "deal", "empress-of-india", "--seed", "4",
                                 "--out", str(pdf)])
    assert result.exit_code == 0 and pdf.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("args, says", [
    (["nivernaise", "--seed", "1", "--out", "x.gif"], "use .svg, .png or .pdf"),
    (["nivernais", "--seed", "1", "--out", "x.png"], "did you mean 'nivernaise'"),
])
def test_cli_errors_are_one_line_and_write_nothing(runner, tmp_path, args, says):
    args = [a if a not in ("x.gif", "x.png") else str(tmp_path / a) for a in args]
    result = runner.invoke(cli, ["patience", "deal", *args])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and says in result.output
    assert list(tmp_path.iterdir()) == []


def test_without_words_only_ids_letters_and_card_names_are_printed():
    def texts(page):
        found = []
        for item in page.items:
            if isinstance(item, Text):
                found.append(item.text)
        for group, _ in groups(page.items):
            found += [i.text for i in group.items if isinstance(i, Text)
                      and (group.role or "").endswith("empty")]
        return found

    niv = patience("nivernaise")
    plain = texts(tableau_page(niv, niv.deal(0), words=False))
    assert "FA1" in plain and "A♠" in plain and "K♦" in plain
    assert not any("up" in t or "down" in t for t in plain)
    city = patience("besieged-city")
    # Cadogan's plate letters A-D are English-book labels: a booklet's figure (words
    # False) leaves them out, the engine's own drawing keeps them.
    plain = texts(tableau_page(city, city.deal(0), words=False))
    assert "W1" in plain and not any(" · " in t for t in plain)
    assert "W1 · A" in texts(tableau_page(city, city.deal(0)))
    empress = patience("empress-of-india")
    plain = texts(tableau_page(empress, empress.deal(0), words=False))
    assert "G1" in plain and not any("guard" in t or "talon" in t for t in plain)


def _labels(page: Page) -> dict[str, Text]:
    return {t.text: t for t in page.items if isinstance(t, Text)}


def test_a_booklet_deal_sets_the_reserve_labels_beside_and_closes_the_rows_up():
    """Seed 004 (Осажденный городъ) lays the reserve as four rows of upright cards, one
    under another: a label under each card took a label's height between every two rows,
    and the table, taller than wide, drew small on a page (review of the patience
    booklets, 6, finding 4). With *beside*, the reserve's labels stand at the cards' right
    and the rows close up; the ramparts, which have room under them, keep their labels
    there."""
    game = patience("besieged-city")
    state = game.deal(1)
    under = tableau_page(game, state, label_size=6.0, words=False)
    beside = tableau_page(game, state, label_size=6.0, words=False, beside=True)
    assert beside.height < under.height - 4 * 6.0
    labels = _labels(beside)
    centres = {item.role.split()[1]: item for item in beside.items
               if isinstance(item, Group) and item.role and item.role.startswith("slot ")}
    reserve, rampart = labels["R11"], labels["W1"]
    assert reserve.anchor == "start" and rampart.anchor == "middle"
    # R11 stands at the right of its card, on its height; W1 under its card.
    card = [i for i in centres["R11"].items if isinstance(i, Group)][0].transform
    assert reserve.x > card.e + 40.0 * 63 / 88
    assert card.f < reserve.y < card.f + 40.0
    # La Nivernaise's columns have room under every card: no label moves beside.
    niv = patience("nivernaise")
    assert all(t.anchor == "middle" for t in _labels(
        tableau_page(niv, niv.deal(16), label_size=6.0, beside=True)).values())
