"""The editor as lichess's editor is used (issue 42), in Debian's Chromium: the state in the
address (reload, back, a shared link), the position text and a move list pasted, every
refused click or drag with the engine's reason, the move list walked, set-up and play by
keyboard alone, and by tap on a phone's screen (390 x 844)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.io.layouts import load_layout_file
from generator.io.templates import Library
from generator.app.position import Position
from generator.cli import cli

from test_web_api import SHORT_GAME
from test_web_browser import PLAYED, browser, page, pytestmark, server, square  # noqa: F401

__all__ = ["browser", "page", "pytestmark", "server"]


def reference(moves: list[str]) -> Any:
    """game1-demo played by the engine itself, as ``rules play`` plays it."""
    position = load_layout_file(Library(), "game1-demo").position("south")
    position.play_record(moves)
    return position


def click_move(page: Any, move: str, n: int) -> None:
    """Plays *move* (the *n*-th) by clicking its card and then its square."""
    square(page, move[:2]).click()
    square(page, move[-2:]).and_(page.locator(".dot, .ring")).wait_for()
    square(page, move[-2:]).click()
    page.wait_for_function(PLAYED.format(n))


def shown_text(page: Any) -> str:
    return page.locator("#position-text").input_value()


def test_reload_back_and_a_shared_link_restore_a_ten_move_game(page, browser, server):
    page.click("#mode-play")
    moves = SHORT_GAME[:10]
    for n, move in enumerate(moves, 1):
        click_move(page, move, n)
    after = reference(moves)
    assert shown_text(page) == after.text()
    link = page.url
    assert "#p=basic-1_board-a_" in link
    titles = page.locator(".sq").evaluate_all("all => all.map(e => e.title)")
    page.reload()
    page.wait_for_function(PLAYED.format(10))
    assert page.locator("#movelist li").all_inner_texts() == moves
    assert shown_text(page) == after.text()
    assert page.locator(".sq").evaluate_all("all => all.map(e => e.title)") == titles
    # Back: the position before the tenth move, and forward to it again.
    page.go_back()
    page.wait_for_function(PLAYED.format(9))
    assert shown_text(page) == reference(moves[:9]).text()
    page.go_forward()
    page.wait_for_function(PLAYED.format(10))
    # The link opened by someone else (another browser profile, no state in common).
    other = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        shared = other.new_page()
        shared.goto(link)
        shared.wait_for_function(PLAYED.format(10))
        assert shown_text(shared) == after.text()
        assert shared.locator(".sq").evaluate_all("all => all.map(e => e.title)") == titles
        # It plays on from there: the eleventh and twelfth moves end the game.
        click_move(shared, SHORT_GAME[10], 11)
        click_move(shared, SHORT_GAME[11], 12)
        assert shared.locator("#result").inner_text() == str(reference(SHORT_GAME).outcome())
    finally:
        other.close()


def test_a_pasted_position_text_and_a_pasted_move_list_are_played_on(page):
    after = reference(SHORT_GAME[:4])
    page.fill("#position-text", after.text())
    page.press("#position-text", "Enter")
    page.wait_for_function("document.querySelector('#title').textContent"
                           ".includes('<position text>')")
    # A text of a game under way (four moves made: south to move), checked as a position
    # during play.
    assert page.locator("#check").input_value() == "play"
    assert page.locator("#first").input_value() == "south"
    assert square(page, "e2").get_attribute("title") == "e2 (1R)^"
    page.fill("#moves-text", " ".join(SHORT_GAME[4:]))
    page.click("#line-form button")
    page.wait_for_function(PLAYED.format(8))
    assert page.locator("#result").inner_text() == str(reference(SHORT_GAME).outcome())
    # A pasted line with a refused move is not played; the engine says why.
    page.click("#mode-edit")
    page.wait_for_function(PLAYED.format(0))
    page.fill("#moves-text", f"{SHORT_GAME[4]} f8-f5")
    page.click("#line-form button")
    page.wait_for_function("document.querySelector('#message').textContent !== ''")
    assert "move 6 (f8-f5) is illegal" in page.locator("#message").inner_text()
    assert page.locator("#movelist li").count() == 0
    # A text that cannot be read is refused naming its field.
    page.fill("#position-text", "basic-1_board-a_pack1.G1~pack1.G2_x")
    page.press("#position-text", "Enter")
    page.wait_for_function("document.querySelector('#message').textContent"
                           ".includes('squares')")


def test_an_illegal_drag_or_click_shows_the_engines_reason(page):
    """Seed 000, basic game 1: a card steps to a neighbouring square; 4Y^ on c2 cannot go
    to c5, and the page says so in the engine's words, whichever way the move was tried."""
    page.click("#mode-play")
    _, reason = reference([]).why_not("c2-c5")
    # The card is dragged once it is drawn, as a player would (a drag made before the
    # board is drawn has nothing to hold: CI under load timed out here once).
    square(page, "c2").and_(page.locator(".has")).wait_for()
    page.drag_and_drop('.sq[data-square="c2"]', '.sq[data-square="c5"]')
    page.wait_for_function("document.querySelector('#message').textContent !== ''")
    assert page.locator("#message").inner_text() == f"move 1 (c2-c5) is illegal: {reason}"
    assert page.locator("#movelist li").count() == 0
    # Clicked: the card, then a square it cannot reach.
    page.fill("#move-text", "")   # the message line is cleared by the next answer
    square(page, "c2").click()
    page.wait_for_selector(".sq.dot")
    page.wait_for_function("document.querySelector('#message').textContent === ''")
    square(page, "c5").click()
    page.wait_for_function("document.querySelector('#message').textContent !== ''")
    assert page.locator("#message").inner_text() == f"move 1 (c2-c5) is illegal: {reason}"
    # A north card clicked while south is to move: why nothing can be done with it.
    square(page, "b7").click()
    page.wait_for_function("document.querySelector('#message').textContent"
                           ".includes('b7: no legal move for south')")


def test_drags_made_faster_than_the_answers_are_all_played(page):
    page.click("#mode-play")
    for move in SHORT_GAME[:6]:
        # Each card is dragged as soon as it is drawn (a player cannot drag one sooner),
        # without waiting for its moves or the previous move's answer: each drop is played
        # after the one before, whether or not the card's moves have reached the page.
        square(page, move[:2]).and_(page.locator(".has")).wait_for()
        page.drag_and_drop(f'.sq[data-square="{move[:2]}"]', f'.sq[data-square="{move[-2:]}"]')
    page.wait_for_function(PLAYED.format(6))
    assert page.locator("#movelist li").all_inner_texts() == SHORT_GAME[:6]
    assert page.locator("#message").inner_text() == ""


def test_clicking_a_move_shows_that_position_and_play_goes_on_from_there(page):
    page.fill("#moves-text", " ".join(SHORT_GAME[:6]))
    page.click("#line-form button")
    page.wait_for_function(PLAYED.format(6))
    page.locator("#movelist button", has_text=SHORT_GAME[1]).click()
    page.wait_for_function(PLAYED.format(2))
    assert shown_text(page) == reference(SHORT_GAME[:2]).text()
    assert page.locator("#movelist li.current").inner_text() == SHORT_GAME[1]
    assert page.locator("#movelist li.later").all_inner_texts() == SHORT_GAME[2:6]
    assert square(page, "e1").get_attribute("title") == "e1 (1R)^"   # e1-e2 not yet made
    # The arrow keys step through the line (the focus is on the move clicked).
    page.keyboard.press("ArrowRight")
    page.wait_for_function(PLAYED.format(3))
    assert shown_text(page) == reference(SHORT_GAME[:3]).text()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(PLAYED.format(1))
    assert shown_text(page) == reference(SHORT_GAME[:1]).text()
    # Another move from here ends the line after it.
    other = next(m.notation() for m in reference(SHORT_GAME[:1]).legal_moves()
                 if m.notation() != SHORT_GAME[1] and "-" in m.notation())
    click_move(page, other, 2)
    assert page.locator("#movelist li").all_inner_texts() == [SHORT_GAME[0], other]
    assert shown_text(page) == reference([SHORT_GAME[0], other]).text()


# --- keyboard ---------------------------------------------------------------------------

def tab_to(page: Any, selector: str) -> None:
    """Presses Tab until the focus is on *selector*, as a keyboard user goes there."""
    for _ in range(120):
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def arrows_to(page: Any, target: str) -> None:
    """Moves the board's focus to *target* by the arrow keys (south at the bottom)."""
    here = page.evaluate("document.activeElement.dataset.square")
    files = ord(target[0]) - ord(here[0])
    ranks = int(target[1:]) - int(here[1:])
    for _ in range(abs(files)):
        page.keyboard.press("ArrowRight" if files > 0 else "ArrowLeft")
    for _ in range(abs(ranks)):
        page.keyboard.press("ArrowUp" if ranks > 0 else "ArrowDown")
    assert page.evaluate("document.activeElement.dataset.square") == target


def test_set_up_and_a_whole_game_by_keyboard_alone(page):
    start = shown_text(page)
    tab_to(page, ".sq")
    arrows_to(page, "e2")
    page.keyboard.press("Delete")
    page.wait_for_function("document.querySelector('.sq[data-square=\"e2\"]').title === 'e2'")
    assert shown_text(page) != start
    # Escape goes to the palette; the arrows reach 5R, Enter picks it and goes back to
    # the board, where Enter lays it.
    page.keyboard.press("Escape")
    tiles = page.locator("#cards .card").evaluate_all("all => all.map(e => e.dataset.card)")
    for _ in range(tiles.index("5R")):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "5R"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.square") == "e2"
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('.sq[data-square=\"e2\"]').title "
                           "=== 'e2 5R^'")
    assert shown_text(page) == start
    # A card picked up with Enter is put down on the free square chosen with Enter.
    page.keyboard.press("Escape")
    page.keyboard.press("Enter")   # 5R put back in the palette: no card picked
    tab_to(page, ".sq")
    arrows_to(page, "e2")
    page.keyboard.press("Enter")
    arrows_to(page, "e4")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('.sq[data-square=\"e4\"]').title "
                           ".startsWith('e4 5R^')")
    # Out of south's ranks, the engine says why on the square (seed 000, basic game 1:
    # each side starts on its first two ranks).
    assert "south starts on ranks 1, 2" in square(page, "e4").get_attribute("title")
    page.keyboard.press("Enter")
    arrows_to(page, "e2")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('.sq[data-square=\"e2\"]').title "
                           "=== 'e2 5R^'")
    assert shown_text(page) == start
    # Play: the Play tab, then each move as origin, Enter, target, Enter.
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "mode-play"
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.classList.contains('playing')")
    page.keyboard.press("Tab")
    for n, move in enumerate(SHORT_GAME, 1):
        arrows_to(page, move[:2])
        page.keyboard.press("Enter")
        page.wait_for_selector(".sq.dot, .sq.ring")
        arrows_to(page, move[-2:])
        page.keyboard.press("Enter")
        page.wait_for_function(PLAYED.format(n))
    assert page.locator("#movelist li").all_inner_texts() == SHORT_GAME
    assert page.locator("#result").inner_text() == str(reference(SHORT_GAME).outcome())


# --- a phone ----------------------------------------------------------------------------

@pytest.fixture
def phone(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda e: errors.append(str(e)))
    opened.goto(server + "/")
    opened.wait_for_selector(".sq.has")
    yield opened
    context.close()
    assert errors == []


def test_set_up_and_play_by_tap_on_a_390_pixel_screen(phone):
    page = phone
    # Nothing wider than the screen; the board first, whole, the palette below it.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    board = page.locator("#board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 390
    assert board["width"] > 300
    assert page.locator("#palette").bounding_box()["y"] > board["y"] + board["height"]
    h1 = square(page, "h1").bounding_box()
    assert h1["x"] + h1["width"] <= 390
    # An empty board of basic game 1, cards laid by tapping a card, then a square.
    page.select_option("#new-game", "basic-1")
    page.tap("#blank button")
    page.wait_for_function("document.querySelectorAll('.sq.has').length === 0")
    page.select_option("#check", "play")
    page.wait_for_function("document.querySelector('#check').value === 'play'")
    for card, where, north, down in (("1R", "e1", False, True), ("3R", "d2", False, False),
                                     ("1B", "e8", True, True), ("3B", "d7", True, False)):
        page.tap(f'input[name=facing][value="{"v" if north else "^"}"]')
        if page.locator("#facedown").is_checked() != down:
            page.tap("#facedown")
        page.tap(f'.card[data-card="{card}"]')
        square(page, where).tap()
        arrow = "v" if north else "^"
        title = f"{where} ({card}){arrow}" if down else f"{where} {card}{arrow}"
        page.wait_for_function(f"document.querySelector('.sq[data-square=\"{where}\"]')"
                               f".title.startsWith({title!r})")
        page.tap(f'.card[data-card="{card}"]')   # put back: the next tap picks another
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    text = shown_text(page)
    # Play by tapping a card, then one of the squares marked for it; the engine agrees.
    page.tap("#mode-play")
    position = Position.from_text(text)
    for n, origin in enumerate(("d2", "d7"), 1):
        square(page, origin).tap()
        page.wait_for_selector(".sq.dot, .sq.ring")
        marked = page.locator(".sq.dot, .sq.ring").first.get_attribute("data-square")
        square(page, marked).tap()
        page.wait_for_function(PLAYED.format(n))
        played = page.locator("#movelist li").nth(n - 1).inner_text()
        position.push_text(played)
        assert played[:2] == origin and played.endswith(marked)
    assert shown_text(page) == position.text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Playing, the move list comes under the board, before the palette (idle meanwhile).
    assert page.locator("#movelist").bounding_box()["y"] < \
        page.locator("#palette").bounding_box()["y"]


# --- annotations and the export panel ---------------------------------------------------

def right_drag(page: Any, origin: str, target: str) -> None:
    """Presses the right button on *origin*, lets go on *target* (one square: a click)."""
    a = square(page, origin).bounding_box()
    b = square(page, target).bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down(button="right")
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=4)
    page.mouse.up(button="right")


def _save_exports(page: Any, figure_path: Path, layout_path: Path) -> None:
    """Downloads the export panel's figure and layout links to the two paths."""
    with page.expect_download() as figure:
        page.click("#figure-link")
    with page.expect_download() as layout:
        page.click("#layout-link")
    figure.value.save_as(figure_path)
    layout.value.save_as(layout_path)

def test_a_drawn_arrow_and_circle_are_shown_and_exported_as_drawn(page, runner, tmp_path):
    right_drag(page, "c2", "c4")
    right_drag(page, "e5", "e5")
    assert page.locator("#x-arrows").input_value() == "c2-c4:green"
    assert page.locator("#x-marks").input_value() == "e5:circle:green"
    # Shown on the board at once, over the squares drawn.
    assert page.locator("#annotations line").count() == 1
    assert page.locator("#annotations circle").count() == 1
    page.wait_for_function("document.querySelector('#figure-link').href.includes('arrow')")
    _save_exports(page, tmp_path / "from-page.svg", tmp_path / "position.toml")
    drawn = runner.invoke(cli, ["figure", str(tmp_path / "position.toml"), "--out",
                                str(tmp_path / "drawn.svg"), "--arrow", "c2-c4:green",
                                "--mark", "e5:circle:green"])
    bare = runner.invoke(cli, ["figure", str(tmp_path / "position.toml"), "--out",
                               str(tmp_path / "bare.svg")])
    assert drawn.exit_code == 0 and bare.exit_code == 0, drawn.output + bare.output
    exported = (tmp_path / "from-page.svg").read_bytes()
    assert exported == (tmp_path / "drawn.svg").read_bytes()
    assert exported != (tmp_path / "bare.svg").read_bytes()
    # Drawn again, the arrow goes; with Shift held, a red one comes.
    right_drag(page, "c2", "c4")
    assert page.locator("#x-arrows").input_value() == ""
    assert page.locator("#annotations line").count() == 0
    page.keyboard.down("Shift")
    right_drag(page, "d2", "d3")
    page.keyboard.up("Shift")
    assert page.locator("#x-arrows").input_value() == "d2-d3:red"
    assert "#d62728" in page.locator("#annotations line").get_attribute("style")


def test_the_export_panel_offers_compact_style_legend_gif_and_shows_errors(page, runner,
                                                                           tmp_path):
    page.fill("#moves-text", " ".join(SHORT_GAME[:3]))
    page.click("#line-form button")
    page.wait_for_function(PLAYED.format(3))
    page.select_option("#x-style", "compact")
    page.check("#x-legend")
    page.select_option("#format", "gif")
    page.wait_for_function("document.querySelector('#command').textContent.includes('gif')")
    shown = page.locator("#command").inner_text()
    assert shown.startswith("opencards figure position.toml --out figure.gif --style "
                            "compact --legend --moves")
    _save_exports(page, tmp_path / "from-page.gif", tmp_path / "position.toml")
    made = runner.invoke(cli, ["figure", str(tmp_path / "position.toml"), "--out",
                               str(tmp_path / "figure.gif"), "--style", "compact",
                               "--legend", "--moves", " ".join(SHORT_GAME[:3])])
    assert made.exit_code == 0, made.output
    assert (tmp_path / "from-page.gif").read_bytes() == (tmp_path / "figure.gif").read_bytes()
    # A bad arrow: the panel says what the figure command would say.
    page.fill("#x-arrows", "c2-z9")
    page.dispatch_event("#x-arrows", "change")
    page.wait_for_function("document.querySelector('#export-error').textContent !== ''")
    assert "z9" in page.locator("#export-error").inner_text()
    page.fill("#x-arrows", "c2-c4")
    page.dispatch_event("#x-arrows", "change")
    page.wait_for_function("document.querySelector('#export-error').textContent === ''")
    # The preview shows the figure the download would be.
    page.click("#preview-box summary")
    page.wait_for_function("document.querySelector('#preview').naturalWidth > 0")


# --- fast moves ---------------------------------------------------------------------------

#: Each card drawn on the board: the square its centre lies on, the card's art it uses and
#: where it is on the drawing (in pixels).
DRAWN_CARDS = """() => {
  const svg = document.querySelector('#drawing svg').getBoundingClientRect();
  const squares = [...document.querySelectorAll('.sq')].map(e => [e.dataset.square,
                                                               e.getBoundingClientRect()]);
  const out = [];
  for (const g of document.querySelector('#drawing svg g.figure').children) {
    const use = g.querySelector && g.querySelector('use');
    if (g.tagName !== 'g' || !use || g.classList.contains('annotations')) continue;
    const b = g.getBoundingClientRect();
    const [x, y] = [b.left + b.width / 2, b.top + b.height / 2];
    const at = squares.find(([, r]) => x >= r.left && x < r.right && y >= r.top && y < r.bottom);
    out.push([at ? at[0] : null, use.getAttribute('xlink:href') || use.getAttribute('href'),
              b.left - svg.left, b.top - svg.top]);
  }
  return out.sort();
}"""


@pytest.mark.parametrize("flip", [False, True], ids=["south's view", "north's view"])
def test_moves_drawn_by_the_page_match_the_servers_drawing(page, flip):
    """A move's answer carries no drawing: the page moves the card in the drawing it has
    (and takes the beaten one away). After a whole game, every card lies where the
    server's own drawing of that position puts it, with the same art."""
    if flip:
        page.check("#flip")
        page.wait_for_function("location.hash.includes('flip=1')")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(f"{r.method} {r.url}"))
    page.click("#mode-play")
    for n, move in enumerate(SHORT_GAME, 1):
        click_move(page, move, n)
    moved = page.evaluate(DRAWN_CARDS)
    # No drawing was asked for: each step and beat was drawn by the page.
    assert sum("/moves?draw=false" in a for a in asked) == 12
    assert not [a for a in asked if a.startswith("GET ") and "/api/boards/" in a
                and "/moves" not in a and "/command" not in a]
    page.reload()
    page.wait_for_function(PLAYED.format(12))
    drawn = page.evaluate(DRAWN_CARDS)
    assert [card[:2] for card in drawn] == [card[:2] for card in moved]
    # Where each lies: the same, but for the browser's rounding of a fraction of a pixel.
    assert all(abs(a - b) < 1 for one, other in zip(drawn, moved)
               for a, b in zip(one[2:], other[2:]))
    piles = page.locator(".sq.has").evaluate_all("all => all.map(e => e.dataset.square)")
    assert sorted(square for square, *_ in moved) == sorted(piles)
    # The last move's squares are tinted over the drawing.
    assert sorted(page.locator(".sq.last").evaluate_all(
        "all => all.map(e => e.dataset.square)")) == ["a6", "b5"]
