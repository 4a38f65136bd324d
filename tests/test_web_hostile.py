"""The editor's server against hostile and unlucky clients (issue 45 items 2-3, issue 42's
"Server"): every answer to a bad request is a 4xx JSON line, never a 500 or a traceback;
one slow request does not hold the others; idle connections do not stop the server; the
host and the page's origin are checked; every answer carries the security headers.

These are the server's own guarantees, not rules of a game: no seed passage applies.
"""
from __future__ import annotations

import json
import os
import resource
import socket
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

from generator.cli import cli
from generator.io.templates import Library

BASE = "http://127.0.0.1:8765"
DEMO = Path("templates/layouts/game1-demo.toml").read_text(encoding="utf-8")
#: game1-demo with letter sets as both players' packs: its numbered cards are in no pack of
#: the layout, and the rule engine lists every one of them as a problem.
LETTER_PLAYERS = DEMO.replace('"pack1:G1"', '"latin1"').replace('"pack1:G2"', '"latin1"')


def _client(library: Library, **kwargs: Any) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from generator.web.app import create_app
    return TestClient(create_app(library, **kwargs), base_url=BASE,
                      raise_server_exceptions=False)


@pytest.fixture
def client(library: Library) -> Any:
    with _client(library) as test_client:
        yield test_client


def new_board(client: Any, **body: object) -> str:
    response = client.post("/api/boards", json=body)
    assert response.status_code == 200, response.text
    key: str = response.json()["id"]
    return key


def refused(response: Any, *statuses: int) -> str:
    """The one-line error of a 4xx JSON answer."""
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:300])
    if statuses:
        assert response.status_code in statuses, (response.status_code, response.text[:300])
    assert response.headers["content-type"].startswith("application/json")
    message: str = response.json()["error"]
    assert message and "\n" not in message and "Traceback" not in message
    return message


def _pile(cards: int) -> str:
    return "+".join(["3R^"] * cards)


# --- the hostile corpus -----------------------------------------------------------------

CORPUS: list[tuple[str, str, str, dict[str, Any]]] = [
    # (name, method, path under a board ({b}) or not, request arguments)
    ("deep-arrays", "post", "/api/boards", {"content": b"[" * 100_000 + b"]" * 100_000}),
    ("deep-objects", "post", "/api/boards",
     {"content": b'{"a":' * 100_000 + b"1" + b"}" * 100_000}),
    ("deep-unclosed", "post", "/api/boards", {"content": b"[" * 500_000}),
    ("deep-in-settings", "post", "/api/boards/{b}/settings",
     {"content": b'{"players":' + b"[" * 50_000 + b"]" * 50_000 + b"}"}),
    ("huge", "post", "/api/boards", {"content": b" " * 1_200_000}),
    ("huge-declared", "post", "/api/boards",
     {"content": b"{}", "headers": {"content-length": "99999999999999999999999"}}),
    ("bad-length", "post", "/api/boards", {"content": b"{}",
                                          "headers": {"content-length": "1e3"}}),
    ("int-5000-digits", "post", "/api/boards", {"content": b'{"layout": ' + b"7" * 5000
                                                 + b"}"}),
    ("int-in-toml", "post", "/api/boards",
     {"json": {"toml": "kind = 'layout'\nx = " + "9" * 5000}}),
    ("float-overflow", "post", "/api/boards", {"content": b'{"layout": 1e999}'}),
    ("nan", "post", "/api/boards", {"content": b'{"layout": NaN}'}),
    ("surrogate-toml", "post", "/api/boards",
     {"content": b'{"toml": "kind = \'layout\'\\ntitle = \'\\ud800\'"}'}),
    ("surrogate-filename", "post", "/api/boards",
     {"content": b'{"toml": "kind = \'layout\'", "filename": "\\udfff.toml"}'}),
    ("surrogate-move", "post", "/api/boards/{b}/moves", {"content": b'{"move": "\\ud83d"}'}),
    ("not-utf8", "post", "/api/boards", {"content": b'{"layout": "\xff\xfe"}'}),
    ("not-object", "post", "/api/boards/{b}/settings", {"json": [1, 2, 3]}),
    ("pile-200000", "post", "/api/boards/{b}/squares/d5",
     {"json": {"action": "put", "pile": _pile(200_000)}}),
    ("pile-in-toml", "post", "/api/boards",
     {"json": {"toml": DEMO.replace('"4B^ 3G^', '"' + _pile(200_000) + ' 3G^')}}),
    ("hands-huge", "post", "/api/boards/{b}/settings",
     {"json": {"hands": {"south.held": "3R " * 300_000}}}),
    ("square-space", "post", "/api/boards/{b}/squares/%20a1%20", {"json": {"action": "turn"}}),
    ("square-surrogate", "post", "/api/boards/{b}/squares/%ED%A0%80",
     {"json": {"action": "put", "pile": "3R^"}}),
    ("square-long", "post", "/api/boards/{b}/squares/" + "a" * 5000,
     {"json": {"action": "put", "pile": "3R^"}}),
    ("move-to-space", "post", "/api/boards/{b}/squares/d2",
     {"json": {"action": "move", "to": " D2 "}}),
    ("action-object", "post", "/api/boards/{b}/squares/d5", {"json": {"action": {"x": 1}}}),
    ("players-letters", "post", "/api/boards",
     {"json": {"toml": LETTER_PLAYERS, "game": "word-1"}}),
    ("players-list", "post", "/api/boards/{b}/settings", {"json": {"players": ["south"]}}),
    ("players-side", "post", "/api/boards/{b}/settings",
     {"json": {"players": {"east": "pack1"}}}),
    ("first-number", "post", "/api/boards/{b}/settings", {"json": {"first": 7}}),
    ("game-number", "post", "/api/boards/{b}/settings", {"json": {"game": 7}}),
    ("setting-unknown", "post", "/api/boards/{b}/settings", {"json": {"zoom": 2}}),
    ("move-empty-body", "post", "/api/boards/{b}/moves", {}),
    ("move-long", "post", "/api/boards/{b}/moves", {"json": {"move": "e2-e3 " * 100_000}}),
    ("dpi-superscript", "get", "/api/boards/{b}/figure.png", {"params": {"dpi": "\u00b2"}}),
    ("dpi-digits", "get", "/api/boards/{b}/figure.png", {"params": {"dpi": "9" * 5000}}),
    ("png-giant", "get", "/api/boards/{b}/figure.png",
     {"params": {"width": "2000mm", "dpi": "1200"}}),
    ("width-digits", "get", "/api/boards/{b}/figure.svg", {"params": {"width": "9" * 5000}}),
    ("width-nan", "get", "/api/boards/{b}/figure.svg", {"params": {"width": "nan"}}),
    ("crop-long", "get", "/api/boards/{b}/figure.svg", {"params": {"crop": "a1:" * 5000}}),
    ("moves-surrogate", "get", "/api/boards/{b}/figure.svg?moves=%ED%A0%80", {}),
    ("caption-surrogate", "get", "/api/boards/{b}/figure.svg?caption=%ED%A0%80", {}),
    ("square-query", "get", "/api/boards/{b}/moves", {"params": {"square": "A1" * 3000}}),
    ("format-bad", "get", "/api/boards/{b}/command", {"params": {"format": "tiff"}}),
    ("figure-tiff", "get", "/api/boards/{b}/figure.tiff", {}),
    ("figure-gif-wide", "get", "/api/boards/{b}/figure.gif",
     {"params": {"width": "2000mm", "dpi": "1200"}}),
    ("style-bad", "get", "/api/boards/{b}/figure.svg", {"params": {"style": "x" * 5000}}),
    ("move-from-list", "post", "/api/boards/{b}/moves", {"json": {"from": ["e2"], "to": "e3"}}),
    ("move-from-alone", "post", "/api/boards/{b}/moves", {"json": {"from": "e2"}}),
    ("move-from-far", "post", "/api/boards/{b}/moves", {"json": {"from": "e2" * 3000,
                                                                 "to": "e3"}}),
    ("move-draw-bad", "post", "/api/boards/{b}/moves?draw=%ED%A0%80", {"json": {"move": "e2-e3"}}),
    ("line-number", "post", "/api/boards/{b}/line", {"json": {"moves": 7}}),
    ("line-long", "post", "/api/boards/{b}/line", {"json": {"moves": "pass " * 100_000}}),
    ("line-at-far", "post", "/api/boards/{b}/line", {"json": {"moves": "e2-e3", "at": 10**30}}),
    ("line-at-float", "post", "/api/boards/{b}/line", {"json": {"moves": "e2-e3", "at": 1.5}}),
    ("goto-empty", "post", "/api/boards/{b}/goto", {}),
    ("goto-huge", "post", "/api/boards/{b}/goto", {"json": {"ply": 10**30}}),
    ("text-long", "post", "/api/boards", {"json": {"layout": "a_b_c_" + "d" * 500_000}}),
    ("text-surrogate", "post", "/api/boards", {"content": b'{"layout": "a_b_c_\\ud800"}'}),
    ("position-bad", "get", "/api/boards/{b}/layout.toml", {"params": {"position": "x"}}),
    ("no-board", "get", "/api/boards/" + "f" * 5000, {}),
    ("method", "delete", "/api/catalogue", {}),
    ("no-page", "get", "/api/%ED%A0%80", {}),
    ("host-other", "get", "/api/catalogue", {"headers": {"host": "attacker.example:8765"}}),
    ("host-bad", "get", "/api/catalogue", {"headers": {"host": "127.0.0.1:99999"}}),
    ("host-junk", "get", "/api/catalogue", {"headers": {"host": "a b/c"}}),
    ("origin-port", "post", "/api/boards",
     {"json": {"layout": "game1-demo"}, "headers": {"origin": "http://127.0.0.1:9999"}}),
    ("origin-null", "post", "/api/boards",
     {"json": {"layout": "game1-demo"}, "headers": {"origin": "null"}}),
    ("origin-https", "post", "/api/boards",
     {"json": {"layout": "game1-demo"}, "headers": {"origin": "https://127.0.0.1:8765"}}),
    ("origin-bad-port", "post", "/api/boards",
     {"json": {"layout": "game1-demo"}, "headers": {"origin": "http://127.0.0.1:x"}}),
]


@pytest.mark.parametrize(("name", "method", "path", "kwargs"), CORPUS,
                         ids=[case[0] for case in CORPUS])
def test_the_hostile_corpus_gets_no_5xx(client, name, method, path, kwargs):
    """No request of the corpus is answered 5xx: each is refused with one JSON line or
    served (a square written ' a1 ' is a1), and the board it was sent to still answers."""
    board = new_board(client, layout="game1-demo")
    response = getattr(client, method)(path.format(b=board), **kwargs)
    if response.status_code != 200:
        refused(response)
    assert client.get(f"/api/boards/{board}").status_code == 200


# --- what each refusal and fix means for the user ----------------------------------------

def test_deep_and_huge_json_is_refused_before_parsing(client):
    deep = client.post("/api/boards", content=b"[" * 100_000 + b"]" * 100_000)
    assert "nests arrays and objects more than" in refused(deep, 400)
    long = client.post("/api/boards", content=b'{"layout": ' + b"7" * 5000 + b"}")
    assert "number of 5000 characters" in refused(long, 400)
    # A string may hold brackets: only the structure counts.
    fine = client.post("/api/boards", json={"layout": "[" * 1000})
    assert "no layout named" in refused(fine, 404)


def test_a_lone_surrogate_is_named_not_a_traceback(client):
    response = client.post("/api/boards", content=b'{"toml": "title = \'\\ud800\'"}')
    assert "lone surrogate (\\ud800)" in refused(response, 400)


def test_an_upload_of_a_huge_pile_is_refused_before_it_is_read(client):
    """A 1 MB layout file can write a pile of 200,000 cards: refused in one line before the
    loader reads it card by card (about 8 s of work)."""
    toml = DEMO.replace('"4B^ 3G^', '"' + _pile(200_000) + ' 3G^')
    response = client.post("/api/boards", json={"toml": toml, "filename": "big.toml"})
    assert refused(response, 409) == ("big.toml: its piles lay 199999 cards on others "
                                      "('+'); the editor works on at most 1024 cards")


def test_a_square_written_another_way_is_the_same_square(client):
    """' a1', 'A1' and 'a1' are one square: a pile put on each replaces the last, and the
    layout keeps one pile there (it used to hold two and answer 500)."""
    board = new_board(client, layout="game1-demo")
    for written, pile in (("%20a1", "3R^"), ("A1", "4R^+5Gv"), ("a1", "6Y^")):
        response = client.post(f"/api/boards/{board}/squares/{written}",
                               json={"action": "put", "pile": pile})
        assert response.status_code == 200, response.text
    state = client.get(f"/api/boards/{board}").json()
    assert state["squares"]["a1"] == "6Y^"
    assert [sq for sq in state["squares"] if sq.strip().lower() == "a1"] == ["a1"]
    moved = client.post(f"/api/boards/{board}/squares/A1", json={"action": "move", "to": " D5"})
    assert moved.json()["squares"]["d5"] == "6Y^" and "a1" not in moved.json()["squares"]


def test_a_refused_setting_changes_nothing(client):
    board = new_board(client, layout="game1-demo")
    before = client.get(f"/api/boards/{board}").json()
    bad = client.post(f"/api/boards/{board}/settings",
                      json={"flip": True, "first": "north", "check": "later"})
    assert "'check'" in refused(bad, 400)
    # The pack is known only when the board is loaded with it: refused after the shape
    # checks, and the fields before it are taken back too.
    unknown = client.post(f"/api/boards/{board}/settings",
                          json={"flip": True, "check": "play", "players": {"south": "pack9",
                                                                         "north": "pack1"}})
    assert "pack9" in refused(unknown, 404)
    after = client.get(f"/api/boards/{board}").json()
    for key in ("flip", "first", "check", "players", "squares", "svg"):
        assert after[key] == before[key], key


def test_players_whose_packs_lack_the_cards_leave_the_board_editable(client):
    """A board whose players' packs do not hold its cards says why in one line, is drawn
    empty, and takes the edit that puts it right (it answered 500 to every request)."""
    board = new_board(client, layout="game1-demo", game="word-1")
    state = client.post(f"/api/boards/{board}/settings",
                        json={"players": {"south": "latin1", "north": "latin1"}}).json()
    not_drawn = [p for p in state["problems"] if p["code"] == "not-drawn"]
    assert len(not_drawn) == 1 and "\n" not in not_drawn[0]["message"]
    assert state["problems"][0] == not_drawn[0]   # first: why the board shows no card
    assert "no pack or letter set of the layout holds" in not_drawn[0]["message"]
    assert "latin1" in not_drawn[0]["message"]
    assert "<svg" in state["svg"] and "8B" in state["squares"]["a1"]
    figure = client.get(f"/api/boards/{board}/figure.svg", params={"allow_invalid": "true"})
    assert "no pack or letter set" in refused(figure, 422)
    back = client.post(f"/api/boards/{board}/settings",
                       json={"players": {"south": "pack1:G1", "north": "pack1:G2"}}).json()
    assert not [p for p in back["problems"] if p["code"] == "not-drawn"]


def test_figure_allow_invalid_on_such_a_layout_says_one_line(runner, tmp_path):
    path = tmp_path / "letters.toml"
    path.write_text(LETTER_PLAYERS.replace('"basic-1"', '"word-1"'), encoding="utf-8")
    result = runner.invoke(cli, ["figure", str(path), "--allow-invalid", "--out",
                                 str(tmp_path / "x.svg")])
    assert result.exit_code == 1
    assert "no pack or letter set of the layout holds" in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert isinstance(result.exception, SystemExit)   # an exit, not a crash
    assert not (tmp_path / "x.svg").exists()


def test_a_pile_is_bounded_and_laid_in_one_step(client, monkeypatch):
    from generator.model import layout as layout_module
    from generator.web.boards import MAX_PILE
    board = new_board(client, layout="game1-demo")
    too_big = client.post(f"/api/boards/{board}/squares/d5",
                          json={"action": "put", "pile": _pile(200_000)})
    assert f"at most {MAX_PILE} cards" in refused(too_big, 409)
    made = []
    original = layout_module.Layout.__post_init__

    def counting(self: Any) -> None:
        made.append(1)
        original(self)
    monkeypatch.setattr(layout_module.Layout, "__post_init__", counting)
    laid = client.post(f"/api/boards/{board}/squares/d5",
                       json={"action": "put", "pile": _pile(MAX_PILE)})
    assert laid.json()["squares"]["d5"] == _pile(MAX_PILE)
    # One new layout for the pile, not one a card (the engine's own positions aside).
    placing = len(made)
    made.clear()
    client.post(f"/api/boards/{board}/squares/d6", json={"action": "put", "pile": "3R^"})
    assert placing == len(made)


def test_origin_is_compared_with_scheme_host_and_port(client):
    own = client.post("/api/boards", json={"layout": "game1-demo"}, headers={"origin": BASE})
    assert own.status_code == 200
    for origin in ("http://127.0.0.1:9999", "http://127.0.0.1", "https://127.0.0.1:8765",
                   "http://localhost:8765", "null"):
        response = client.post("/api/boards", json={"layout": "game1-demo"},
                               headers={"origin": origin})
        assert origin in refused(response, 403)


def test_a_host_error_is_json_like_every_other(client):
    response = client.get("/api/catalogue", headers={"host": "attacker.example:8765"})
    assert "attacker.example" in refused(response, 400)


def test_every_answer_carries_nosniff_and_no_framing(client):
    board = new_board(client, layout="game1-demo")
    for response in (client.get("/"), client.get("/static/editor.js"),
                     client.get("/api/catalogue"), client.get(f"/api/boards/{board}"),
                     client.get(f"/api/boards/{board}/layout.toml"),
                     client.get("/api/nothing"), client.get("/static/nothing.js"),
                     client.get("/", headers={"host": "attacker.example"}),
                     client.post("/api/boards", json={}, headers={"origin": "null"})):
        assert response.headers["x-content-type-options"] == "nosniff", response.url
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]


def test_on_every_address_the_machine_s_own_addresses_are_served(library):
    """With --host 0.0.0.0 other computers reach the editor by this machine's address or
    name: those are served (so the warning that they can use it is true); a name of
    another site is still refused (DNS rebinding)."""
    from generator.web.guard import served_hosts
    hosts, own = served_hosts("0.0.0.0")
    with _client(library, hosts=hosts, own_addresses=own) as wide:
        for host in ("127.0.0.2:8765", f"{socket.gethostname()}:8765", "0.0.0.0:8765",
                     "localhost:8765", "[::1]:8765"):
            assert wide.get("/api/catalogue", headers={"host": host}).status_code == 200, host
        for host in ("attacker.example:8765", "192.0.2.1:8765"):   # 192.0.2.1: TEST-NET-1
            refused(wide.get("/api/catalogue", headers={"host": host}), 400)
    hosts, own = served_hosts("127.0.0.1")
    with _client(library, hosts=hosts, own_addresses=own) as narrow:
        refused(narrow.get("/api/catalogue", headers={"host": "127.0.0.2:8765"}), 400)
    hosts, own = served_hosts("editor.example")
    assert "editor.example" in hosts and own


def test_no_folder_is_shown_when_started_elsewhere(client, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    board = new_board(client, layout="game1-demo")
    state = client.get(f"/api/boards/{board}").json()
    assert state["layout"] == "game1-demo.toml"
    text = client.get(f"/api/boards/{board}/layout.toml").text
    assert text.splitlines()[0] == "# Set up in opencards serve from game1-demo.toml"
    assert "/" not in text.splitlines()[0]


def test_a_board_put_away_for_room_says_so(library, monkeypatch):
    """Past the boards kept, the one used longest ago is put away, and its tab is told so
    in one line (410), not shown another board or a bare 'not found'."""
    from generator.web import app as app_module
    monkeypatch.setattr(app_module, "MAX_BOARDS", 3)
    with _client(library) as small:
        first = new_board(small, layout="game1-demo")
        others = [new_board(small, layout="game1-demo") for _ in range(2)]
        small.get(f"/api/boards/{first}")          # used again: now the newest
        fourth = new_board(small, layout="game1-demo")
        assert small.get(f"/api/boards/{first}").status_code == 200
        gone = small.get(f"/api/boards/{others[0]}")
        message = refused(gone, 410)
        assert "keeps the 3 boards used last" in message and "lost" in message
        assert small.get(f"/api/boards/{fourth}").status_code == 200
        assert "no board" in refused(small.get("/api/boards/0123456789abcdef"), 404)


def test_a_slow_request_does_not_hold_the_others(client, monkeypatch):
    """A drawing runs in a worker thread: while one is held back, the catalogue and
    another board still answer (on the event loop they would wait for it)."""
    from generator.app import figure as figure_job
    release = threading.Event()
    started = threading.Event()
    original = figure_job.render_figure

    def held(*args: Any, **kwargs: Any) -> Any:
        started.set()
        release.wait(60)
        return original(*args, **kwargs)
    monkeypatch.setattr(figure_job, "render_figure", held)
    board = new_board(client, layout="game1-demo")
    other = new_board(client, layout="game1-demo")
    answers: list[int] = []
    slow = threading.Thread(target=lambda: answers.append(
        client.get(f"/api/boards/{board}/figure.svg").status_code))
    slow.start()
    try:
        assert started.wait(60)
        assert client.get("/api/catalogue").status_code == 200
        assert client.get(f"/api/boards/{other}/moves").status_code == 200
        assert not release.is_set() and not answers   # the drawing is still held
    finally:
        release.set()
        slow.join(60)
    assert answers == [200]


def test_a_body_that_trickles_in_is_cut_off(monkeypatch):
    """A client sending its body a byte at a time holds a connection only so long: 408."""
    import asyncio

    from generator.web import bodies
    monkeypatch.setattr(bodies, "BODY_SECONDS", 0.2)

    async def trickle() -> Any:
        while True:
            yield b" "
            await asyncio.sleep(0.05)

    with pytest.raises(bodies.BodyError) as caught:
        asyncio.run(bodies.read_body(trickle(), None))
    assert caught.value.status == 408 and "did not arrive within 0.2 s" in str(caught.value)


def test_running_out_of_files_is_logged_once_a_minute_in_one_line():
    import logging

    from generator.cli.server import OncePerMinute
    keep = OncePerMinute()
    records = []
    for _ in range(3):
        try:
            raise OSError(24, "Too many open files")
        except OSError:
            records.append(logging.LogRecord(
                "asyncio", logging.ERROR, __file__, 1, "socket.accept() out of system "
                "resource\nsocket: <socket>", None, sys.exc_info()))
    passed = [r for r in records if keep.filter(r)]
    assert len(passed) == 1 and passed[0].exc_info is None
    assert passed[0].getMessage() == ("no file is free for a new connection (Too many open "
                                      "files): new clients wait until idle ones time out")
    other = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "another", None, None)
    assert keep.filter(other)


# --- a real server ----------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _limit_files() -> None:
    # The server runs at 1,024 open files, a common default: what the issue hit.
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


@pytest.mark.slow
def test_idle_slow_and_aborted_clients_do_not_stop_the_server(tmp_path):
    """1,100 connections that never send a request, one that sends its head a byte at a
    time, and an upload cut off mid-body: the editor still answers, drops them, and logs
    the aborted upload in one line, without tracebacks or a flood of lines."""
    port = _free_port()
    log = tmp_path / "stderr.txt"
    with log.open("w") as err:
        server = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--port",
                                   str(port)], stdout=subprocess.PIPE, stderr=err, text=True,
                                  preexec_fn=_limit_files,
                                  env={**os.environ, "PYTHONPATH": os.getcwd()})
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 2048 <= hard or hard == resource.RLIM_INFINITY:
        resource.setrlimit(resource.RLIMIT_NOFILE, (2048, hard))
    idle: list[socket.socket] = []
    try:
        assert server.stdout is not None
        assert server.stdout.readline().startswith("opencards editor at")
        _wait_for(port)
        for _ in range(1100):
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        assert _get(port, "/api/catalogue")["status"] == 200
        # An upload cut off after its first bytes.
        with socket.create_connection(("127.0.0.1", port), timeout=10) as cut:
            cut.sendall(b"POST /api/boards HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
                        b"500000\r\nContent-Type: application/json\r\n\r\n{\"toml\": \"")
            time.sleep(0.5)
        # A head sent a byte every half second is cut off (after 10 s, not days).
        slow = socket.create_connection(("127.0.0.1", port), timeout=10)
        slow.setblocking(False)
        closed = False
        for byte in b"GET /api/catalogue HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X: y\r\n" * 20:
            try:
                slow.send(bytes([byte]))
                closed = slow.recv(1) == b""
            except BlockingIOError:
                pass
            except OSError:
                closed = True
            if closed:
                break
            time.sleep(0.5)
        slow.close()
        assert closed, "a request head trickled over a minute was not cut off"
        # The idle connections have been closed by now.
        assert _closed(idle[0]) and _closed(idle[-1])
        assert _get(port, "/api/catalogue")["status"] == 200
    finally:
        for sock in idle:
            sock.close()
        server.terminate()
        server.wait(timeout=30)
    lines = log.read_text(encoding="utf-8").splitlines()
    assert not [line for line in lines if "Traceback" in line], lines[:20]
    aborted = [line for line in lines if "before its request body had come" in line]
    assert len(aborted) == 1, lines[:20]
    assert len(lines) <= 3, lines[:20]


def _wait_for(port: int) -> None:
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    pytest.fail("the editor did not start")


def _get(port: int, path: str) -> dict[str, Any]:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                     .encode("ascii"))
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    return {"status": status, "body": json.loads(body) if status == 200 else body}


def _closed(sock: socket.socket) -> bool:
    sock.settimeout(5)
    try:
        return sock.recv(1) == b""
    except OSError:
        return True
