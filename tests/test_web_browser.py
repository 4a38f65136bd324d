"""The editor's page in a real Chromium (issue 30): Debian's ``chromium`` driven by
Playwright with ``executable_path``, never a browser Playwright downloads. Without that
browser, or without Playwright, every test here skips with the reason."""
from __future__ import annotations

import os
import shutil
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.cli import cli
from generator.io.layouts import load_layout_file
from generator.io.templates import Library

from test_web_api import SHORT_GAME

CHROMIUM = os.environ.get("OPENCARDS_CHROMIUM") or shutil.which("chromium") or \
    "/usr/bin/chromium"
_MISSING = None if Path(CHROMIUM).exists() else (
    f"no Chromium at {CHROMIUM}: install Debian's (apt-get install -y chromium) or name "
    "one with OPENCARDS_CHROMIUM")
try:
    import playwright.sync_api  # noqa: F401
except ImportError:
    _MISSING = _MISSING or "Playwright for Python is not installed (pip install -e '.[test]')"

pytestmark = pytest.mark.skipif(_MISSING is not None, reason=_MISSING or "")


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The editor served by uvicorn on a free port of 127.0.0.1, in a thread."""
    import uvicorn
    from generator.web.app import create_app
    from generator.web.calls import warm
    library = Library()
    warm(library)   # as opencards serve does before it prints the address
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(library), host="127.0.0.1", port=port,
                            log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    for _ in range(200):
        if running.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000},
                                  accept_downloads=True)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda e: errors.append(str(e)))
    opened.goto(server + "/")
    opened.wait_for_selector(".sq.has")
    yield opened
    context.close()
    assert errors == []


#: The page shows *n* moves played (taken-back moves are listed too, greyed: ``later``).
PLAYED = "document.querySelectorAll('#movelist li:not(.later)').length === {}"


def square(page: Any, name: str) -> Any:
    return page.locator(f'.sq[data-square="{name}"]')


def test_the_page_loads_with_a_layout_drawn_by_the_figure_code(page):
    # Loaded again in the running browser: the page, its files, the catalogue and the
    # first board drawn again (how long it takes is a benchmark's matter, not a test's).
    page.reload()
    page.wait_for_selector(".sq.has")
    assert page.locator("#drawing svg").count() == 1
    assert page.locator(".sq").count() == 64
    assert square(page, "e1").get_attribute("title") == "e1 (1R)^"
    # The targets lie over the squares the drawing shows: a1 bottom left.
    a1 = square(page, "a1").bounding_box()
    h8 = square(page, "h8").bounding_box()
    assert a1["x"] < h8["x"] and a1["y"] > h8["y"]


def test_a_position_set_up_by_drag_and_drop_gets_its_problem_marked_and_cleared(page):
    page.select_option("#new-game", "basic-1")
    page.click("#blank button")
    page.wait_for_function("document.querySelectorAll('.sq.has').length === 0")
    page.select_option("#check", "play")
    page.wait_for_function("!document.querySelector('#problems li')")
    page.check("#facedown")
    page.drag_and_drop('.card[data-card="1R"]', '.sq[data-square="e1"]')
    page.uncheck("#facedown")
    page.drag_and_drop('.card[data-card="3R"]', '.sq[data-square="d2"]')
    page.check('input[name=facing][value="v"]')
    page.check("#facedown")
    page.drag_and_drop('.card[data-card="1B"]', '.sq[data-square="e8"]')
    page.wait_for_function(
        "document.querySelector('.sq[data-square=\"e8\"]').title.startsWith('e8 (1B)v')")
    assert square(page, "e1").get_attribute("title") == "e1 (1R)^"
    assert page.locator(".sq.problem").count() == 0
    # A second 3R for south: the engine marks the square and says why.
    page.check('input[name=facing][value="^"]')
    page.uncheck("#facedown")
    page.drag_and_drop('.card[data-card="3R"]', '.sq[data-square="d5"]')
    page.wait_for_selector('.sq.problem[data-square="d5"]')
    assert "already on d2" in square(page, "d5").get_attribute("title")
    assert "already on d2" in page.locator("#problems").inner_text()
    # Dragged off the board, the card and its problem go.
    page.drag_and_drop('.sq[data-square="d5"]', "#trash")
    page.wait_for_function("!document.querySelector('.sq.problem')")
    assert page.locator("#problems li").count() == 0
    # Turned round with the tools, 3R becomes north's, which pack1:G2 does not hold.
    square(page, "d2").click()
    page.click("#turn")
    page.wait_for_selector('.sq.problem[data-square="d2"]')
    assert square(page, "d2").get_attribute("title").startswith("d2 3Rv\n")
    page.click("#turn")
    page.wait_for_function("!document.querySelector('.sq.problem')")
    page.click("#face")
    page.wait_for_function(
        "document.querySelector('.sq[data-square=\"d2\"]').title === 'd2 (3R)^'")


def test_a_short_game_is_played_to_its_end_undone_and_exported(page, runner, tmp_path):
    page.click("#mode-play")
    for n, move in enumerate(SHORT_GAME, 1):
        origin = move[:2]
        target = move[-2:]
        square(page, origin).click()
        marked = page.locator(f'.sq[data-square="{target}"]')
        marked.and_(page.locator(".dot, .ring")).wait_for()
        marked.click()
        page.wait_for_function(f"document.querySelectorAll('#movelist li').length === {n}")
    reference = load_layout_file(Library(), "game1-demo").position("south")
    reference.play_record(SHORT_GAME)
    page.wait_for_function("document.querySelector('#result').textContent !== ''")
    assert page.locator("#result").inner_text() == str(reference.outcome())
    assert "wins" in page.locator("#result").inner_text()
    # Undone, the last move's target is marked again with a ring: it takes a card.
    page.click("#undo")
    page.wait_for_function(PLAYED.format(11))
    assert page.locator("#result").inner_text() == "not decided" or \
        page.locator("#result").inner_text().startswith("not decided")
    square(page, "a6").click()
    page.wait_for_selector('.sq.ring[data-square="b5"]', timeout=5000)
    page.click("#redo")
    page.wait_for_function(PLAYED.format(12))
    assert page.locator("#moves-text").input_value() == " ".join(SHORT_GAME)
    # The figure downloaded equals the figure command's from the layout downloaded.
    page.check("#x-flip")
    page.fill("#x-arrows", "d2-d4:green")
    page.dispatch_event("#x-arrows", "change")
    page.wait_for_function("document.querySelector('#figure-link').href.includes('arrow')")
    with page.expect_download() as figure:
        page.click("#figure-link")
    with page.expect_download() as layout:
        page.click("#layout-link")
    figure_path = tmp_path / "figure-from-page.svg"
    figure.value.save_as(figure_path)
    layout_path = tmp_path / "position.toml"
    layout.value.save_as(layout_path)
    out = tmp_path / "figure.svg"
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = runner.invoke(cli, ["figure", "position.toml", "--out", str(out), "--flip",
                                     "--moves", " ".join(SHORT_GAME),
                                     "--arrow", "d2-d4:green"])
    finally:
        os.chdir(cwd)
    assert result.exit_code == 0, result.output
    assert figure_path.read_bytes() == out.read_bytes()
    shown = page.locator("#command").inner_text()
    # The options in the order of opencards figure --help (one declaration, issue 41).
    assert shown.startswith("opencards figure position.toml --out figure.svg --flip --arrow "
                            "d2-d4:green --moves")
    shot = os.environ.get("OPENCARDS_EDITOR_SCREENSHOT")
    if shot:   # docs/editor.png is taken here: OPENCARDS_EDITOR_SCREENSHOT=docs/editor.png
        page.click("#undo")
        page.wait_for_function(PLAYED.format(11))
        square(page, "a6").click()
        page.wait_for_selector(".sq.ring")
        page.screenshot(path=shot)


def test_a_refused_move_shows_the_engines_reason(page):
    page.click("#mode-play")
    page.fill("#move-text", "c2-c5")
    page.click("#typed button")
    page.wait_for_function("document.querySelector('#message').textContent !== ''")
    _, reason = load_layout_file(Library(), "game1-demo").position("south").why_not("c2-c5")
    assert page.locator("#message").inner_text() == f"move 1 (c2-c5) is illegal: {reason}"
    assert page.locator("#movelist li").count() == 0


def test_a_card_is_laid_from_the_stock_by_its_button_and_a_marked_square(page):
    page.select_option("#layouts", "initial-3-start")
    page.click("#load button")
    page.wait_for_function("document.querySelector('#title').textContent.includes('initial-3')")
    assert page.locator('#hands input[name="south.stock"]').input_value().startswith("5B ")
    page.click("#mode-play")
    page.click("#off-moves button:text-is('lay 5B')")
    page.wait_for_selector(".sq.dot")
    marked = page.locator(".sq.dot").evaluate_all("all => all.map(e => e.dataset.square)")
    reference = load_layout_file(Library(), "initial-3-start").position("south")
    assert sorted(marked) == sorted(m.target for m in reference.legal_moves()
                                    if m.card == "5B") == ["e1"]
    page.locator(f'.sq[data-square="{marked[0]}"]').click()
    page.wait_for_function("document.querySelectorAll('#movelist li').length === 1")
    assert page.locator("#movelist li").inner_text() == f"5B@{marked[0]}"
    # The first card of initial 3 lies face down on the king square (seed002, jeu 3).
    assert square(page, marked[0]).get_attribute("title").startswith(f"{marked[0]} (5B)^")
    assert not page.locator('#hands input[name="south.stock"]').input_value().startswith("5B ")
