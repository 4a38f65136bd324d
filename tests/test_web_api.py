"""The editor's JSON API (opencards serve, issue 30) through Starlette's test client: every
answer is checked against the library's own answer to the same question, and every
export against the file ``opencards figure`` / ``validate`` make from the same input."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

from generator.cli import cli
from generator.io.layouts import load_layout_file
from generator.io.templates import Library
from generator.rules import Position, problems
from generator.rules.bound import Rules

#: A game of basic game 1 from game1-demo to its end (found by a seeded random playout;
#: the engine judges it here, nothing about its result is written down).
SHORT_GAME = ("e2-e3 b7-a6 e1-e2 g7-g6 e2-d3 f8-g7 d3-c4 a7-b7 e3-d3 g6-f6 c4-b5 "
              "a6xb5").split()
BASE = "http://127.0.0.1:8765"


@pytest.fixture
def client(library: Library) -> Any:
    with warnings.catch_warnings():
        # Starlette 1.x asks for httpx2; httpx serves every version the project allows.
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from generator.web.app import create_app
    with TestClient(create_app(library), base_url=BASE) as test_client:
        yield test_client


def new_board(client: Any, **body: object) -> dict[str, Any]:
    response = client.post("/api/boards", json=body)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def one_line_error(response: Any, status: int) -> str:
    assert response.status_code == status, response.text
    message: str = response.json()["error"]
    assert message and "\n" not in message and "Traceback" not in message
    return message


# --- loading --------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["game1-dem"],                                    # a misspelt shipped layout
    ["game1-demo", "--game", "chess"],                # a game no template defines
    ["basic-1_board-a_pack1.G1~pack1.G2_x"],          # a position text that cannot be read
])
def test_a_bad_layout_name_gets_the_command_lines_error_line(client, runner, args):
    """The editor loads a shipped layout by the loader ``opencards rules moves`` uses
    (issue 41), so a bad name, game or position text is refused with the CLI's own line,
    as a 4xx."""
    said = runner.invoke(cli, ["rules", "moves", *args])
    assert said.exit_code == 1 and said.output.startswith("Error: ")
    body: dict[str, str] = {"layout": args[0]}
    if "--game" in args:
        body["game"] = args[args.index("--game") + 1]
    answered = client.post("/api/boards", json=body)
    assert 400 <= answered.status_code < 500
    assert one_line_error(answered, answered.status_code) == said.output.strip()[len("Error: "):]


def test_the_editor_loads_layouts_through_the_librarys_loader():
    """A measure of issue 41: ``web/`` reads a layout name only through
    :func:`generator.io.layouts.load_layout_file`, never by its own lookups."""
    web = Path(__file__).parent.parent / "generator" / "web"
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(web.glob("*.py")))
    assert "load_layout_file(" in source
    for own in ("library.layout(", "read_position_text(", "is_position_argument(",
                "load_layout("):
        assert own not in source, own


def test_a_shipped_layout_loads_with_its_cards_game_and_drawing(client, library):
    state = new_board(client, layout="game1-demo")
    shipped = library.layout("game1-demo")
    assert state["game"] == "basic-1" and state["board"] == "board-a"
    assert state["squares"]["e1"] == "(1R)^" and state["squares"]["a8"] == "8Rv"
    assert len(state["squares"]) == len(shipped)
    assert state["problems"] == [] and state["playing"] is False
    assert state["svg"].startswith("<svg") and "k-pack1-8B-face" in state["svg"]
    # The square boxes lay a1 at the bottom left of the drawing, h8 at the top right.
    a1, h8 = state["boxes"]["a1"], state["boxes"]["h8"]
    assert a1[0] < h8[0] and a1[1] > h8[1] and a1[2] == pytest.approx(h8[2])


def test_an_uploaded_layout_file_loads_like_one_on_disk(client):
    text = Path("templates/layouts/example-beating.toml").read_text(encoding="utf-8")
    state = new_board(client, toml=text, filename="mine.toml")
    assert state["layout"] == "mine.toml"
    assert state["squares"] == new_board(client, layout="example-beating")["squares"]


def test_the_catalogue_offers_every_board_game_layout_and_pack(client, library):
    data = client.get("/api/catalogue").json()
    assert [b["name"] for b in data["boards"]] == sorted(library.names("board"))
    assert {g["name"] for g in data["games"]} == set(library.names("game"))
    assert "game1-demo" in data["layouts"]
    pack1 = next(s for s in data["sources"] if s["name"] == "pack1")
    g1 = next(g for g in pack1["groups"] if g["name"] == "G1")
    assert "1R" in g1["cards"] and len(g1["cards"]) == 16
    assert any(s["kind"] == "letters" for s in data["sources"])


# --- editing and validation -----------------------------------------------------------

def test_an_edit_is_judged_by_the_engine_square_by_square(client, library):
    board = new_board(client, layout="game1-demo")["id"]
    # A second 3R on d5: pack 1 has one.
    state = client.post(f"/api/boards/{board}/squares/d5",
                        json={"action": "put", "pile": "3R^"}).json()
    expected = problems(Rules(library.game("basic-1"), library.board("board-a")),
                        library.layout("game1-demo").with_piece("d5", _piece("3R^")),
                        sources={"pack1": library.pack("pack1")}, start=True)
    assert expected, "the engine should refuse the edited layout"
    assert state["problems"] == [{"square": v.square, "code": v.code, "message": v.message}
                                 for v in expected]
    assert client.get(f"/api/boards/{board}/problems").json() == state["problems"]
    cleared = client.delete(f"/api/boards/{board}/squares/d5").json()
    assert cleared["problems"] == [] and "d5" not in cleared["squares"]


def _piece(text: str):  # noqa: ANN202
    from generator.model.layout import Piece
    return Piece.from_notation(text)


def test_turning_facing_and_dragging_a_card_change_the_layout(client):
    board = new_board(client, layout="game1-demo")["id"]
    url = f"/api/boards/{board}/squares"
    assert client.post(f"{url}/c2", json={"action": "turn"}).json()["squares"]["c2"] == "4Yv"
    assert client.post(f"{url}/c2", json={"action": "face"}).json()["squares"]["c2"] == "(4Y)v"
    moved = client.post(f"{url}/c2", json={"action": "move", "to": "c4"}).json()["squares"]
    assert moved["c4"] == "(4Y)v" and "c2" not in moved
    piled = client.post(f"{url}/c4", json={"action": "add", "card": "1Rv"}).json()["squares"]
    assert piled["c4"] == "(4Y)v+1Rv"


def test_a_position_during_play_is_checked_as_one(client, library):
    board = new_board(client, layout="game1-demo")["id"]
    client.post(f"/api/boards/{board}/squares/e1", json={"action": "move", "to": "e3"})
    as_start = client.get(f"/api/boards/{board}").json()["problems"]
    state = client.post(f"/api/boards/{board}/settings", json={"check": "play"}).json()
    assert state["check"] == "play"
    assert len(state["problems"]) < len(as_start)


# --- play -----------------------------------------------------------------------------

def test_legal_moves_of_a_square_are_the_engines(client, library):
    board = new_board(client, layout="game1-demo")["id"]
    data = client.get(f"/api/boards/{board}/moves", params={"square": "c2"}).json()
    position = load_layout_file(library, "game1-demo").position("south")
    assert data["moves"] == [m.notation() for m in position.legal_moves() if m.origin == "c2"]
    assert {d["square"] for d in data["destinations"]} == {"b3", "c3", "d3"}
    assert data["to_move"] == "south" and data["may_pass"] is False


def test_a_refused_move_gets_the_engines_reason_as_a_4xx(client, library):
    board = new_board(client, layout="game1-demo")["id"]
    response = client.post(f"/api/boards/{board}/moves", json={"move": "c2-c5"})
    message = one_line_error(response, 422)
    position = load_layout_file(library, "game1-demo").position("south")
    _, reason = position.why_not("c2-c5")
    assert response.json()["reason"] == reason and reason in message
    assert response.json()["code"] == "illegal"
    garbled = client.post(f"/api/boards/{board}/moves", json={"move": "zz9-!"})
    assert "zz9-!" in one_line_error(garbled, 422)


def test_a_game_is_played_undone_and_redone_to_the_engines_result(client, library, runner):
    board = new_board(client, layout="game1-demo")["id"]
    for text in SHORT_GAME:
        state = client.post(f"/api/boards/{board}/moves", json={"move": text}).json()
    reference = load_layout_file(library, "game1-demo").position("south")
    reference.play_record(SHORT_GAME)
    verdict = reference.outcome()
    assert verdict.over
    assert state["result"]["winner"] == str(verdict.winner)
    assert state["result"]["text"] == str(verdict)
    # One shape for one result (issue 41): the moves and the outcome as rules play --json
    # writes them for the same record.
    played = runner.invoke(cli, ["rules", "play", "game1-demo", "--side", "south", "--json",
                                 "--moves", " ".join(SHORT_GAME)])
    assert played.exit_code == 0, played.output
    assert state["result"] == json.loads(played.stdout)["outcome"]
    assert state["moves"] == json.loads(played.stdout)["moves"]
    assert [m["move"] for m in state["moves"]] == SHORT_GAME
    assert state["moves"][-1]["took"] == [c.notation() for c in reference.plies[-1].took]
    assert state["moves"][-1]["took"] == ["1R"]   # south's test card, covered
    after = client.post(f"/api/boards/{board}/moves", json={"move": "b5-b6"})
    assert "the game is over" in one_line_error(after, 422)
    undone = client.post(f"/api/boards/{board}/undo").json()
    assert undone["result"]["over"] is False and undone["redo"] == ["a6xb5"]
    assert undone["squares"]["b5"] == "(1R)^"
    redone = client.post(f"/api/boards/{board}/redo").json()
    assert redone["result"]["over"] is True and redone["redo"] == []
    assert client.get(f"/api/boards/{board}/moves.txt").text == " ".join(SHORT_GAME) + "\n"


def test_undo_and_redo_with_nothing_to_do_say_so(client):
    board = new_board(client, layout="game1-demo")["id"]
    assert "no move" in one_line_error(client.post(f"/api/boards/{board}/undo"), 409)
    assert "no move" in one_line_error(client.post(f"/api/boards/{board}/redo"), 409)


def test_an_edit_after_moves_is_refused_until_reset(client):
    board = new_board(client, layout="game1-demo")["id"]
    client.post(f"/api/boards/{board}/moves", json={"move": "c2-c3"})
    refused = client.delete(f"/api/boards/{board}/squares/a1")
    assert "reset" in one_line_error(refused, 409)
    state = client.post(f"/api/boards/{board}/reset").json()
    assert state["playing"] is False and state["squares"]["c2"] == "4Y^"


# --- exports --------------------------------------------------------------------------

def _cli_figure(runner, tmp_path: Path, toml: str, command: list[str]) -> bytes:
    (tmp_path / "position.toml").write_text(toml, encoding="utf-8")
    args = command[2:]
    out = tmp_path / args[args.index("--out") + 1]
    args[args.index("--out") + 1] = str(out)
    args[0] = str(tmp_path / "position.toml")
    cwd = os.getcwd()
    os.chdir(tmp_path)   # messages and titles name position.toml as the editor does
    try:
        result = runner.invoke(cli, ["figure", *args])
    finally:
        os.chdir(cwd)
    assert result.exit_code == 0, result.output
    return out.read_bytes()


@pytest.mark.parametrize(("fmt", "query"), [
    ("svg", {}),
    ("svg", {"flip": "true", "crop": "a1:h4", "highlight": ["c3:green", "d4"],
             "arrow": "c2-c4", "caption": "After two moves"}),
    ("png", {"dpi": "60", "coords": "false"}),
    ("pdf", {"width": "80mm", "select": "e3"}),
    ("svg", {"style": "compact", "legend": "true", "arrow": "c2-c4"}),
    ("gif", {"dpi": "40", "legend": "false"}),
])
def test_a_figure_export_equals_the_figure_command(client, runner, tmp_path, fmt, query):
    board = new_board(client, layout="game1-demo")["id"]
    for text in ("e2-e3", "b7-a6"):
        client.post(f"/api/boards/{board}/moves", json={"move": text})
    exported = client.get(f"/api/boards/{board}/figure.{fmt}", params=query)
    assert exported.status_code == 200, exported.text
    assert exported.headers["content-type"].startswith({"svg": "image/svg+xml",
                                                        "png": "image/png",
                                                        "pdf": "application/pdf",
                                                        "gif": "image/gif"}[fmt])
    command = client.get(f"/api/boards/{board}/command",
                         params={**query, "format": fmt}).json()["command"]
    assert command[command.index("--moves") + 1] == "e2-e3 b7-a6"
    toml = client.get(f"/api/boards/{board}/layout.toml").text
    assert exported.content == _cli_figure(runner, tmp_path, toml, command)


def test_an_exported_layout_is_accepted_by_validate_and_judged_alike(client, runner,
                                                                      tmp_path):
    board = new_board(client, board="board-a", game="basic-1",
                      players={"south": "pack1:G1", "north": "pack1:G2"})["id"]
    for square, pile in (("e1", "(1R)^"), ("e8", "(1B)v"), ("d2", "3R^"), ("d7", "3Bv")):
        state = client.post(f"/api/boards/{board}/squares/{square}",
                            json={"action": "put", "pile": pile}).json()
    path = tmp_path / "mine.toml"
    path.write_text(client.get(f"/api/boards/{board}/layout.toml").text, encoding="utf-8")
    result = runner.invoke(cli, ["validate", str(path)])
    # validate lists the same problems, each ending in its code, as the editor marks.
    listed = [line for line in result.output.splitlines() if line.endswith("]")]
    assert result.exit_code == 1 and len(listed) == len(state["problems"]) == 2
    for line, problem in zip(listed, state["problems"]):
        assert line.endswith(f"{problem['message']} [{problem['code']}]")
    # As a position during play it is valid, for both.
    client.post(f"/api/boards/{board}/settings", json={"check": "play"})
    assert client.get(f"/api/boards/{board}/problems").json() == []
    assert runner.invoke(cli, ["validate", str(path), "--play"]).exit_code == 0


def test_the_current_position_exports_as_a_layout_figure_accepts(client, runner, tmp_path):
    board = new_board(client, layout="game1-demo")["id"]
    client.post(f"/api/boards/{board}/moves", json={"move": "e2-e3"})
    text = client.get(f"/api/boards/{board}/layout.toml",
                      params={"position": "current"}).text
    assert '2 = "4B^ 3G^ 4Y^ 3R^ . 2Y^ 1G^ 2B^"' in text and "then e2-e3" in text
    path = tmp_path / "after.toml"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(cli, ["figure", str(path), "--play", "--out",
                                 str(tmp_path / "after.svg")])
    assert result.exit_code == 0, result.output


def test_an_invalid_layout_is_not_exported_as_a_figure_unless_asked(client):
    board = new_board(client, layout="game1-demo")["id"]
    client.post(f"/api/boards/{board}/squares/d5", json={"action": "put", "pile": "3R^"})
    refused = client.get(f"/api/boards/{board}/figure.svg")
    assert "--allow-invalid" in one_line_error(refused, 422)
    assert refused.json()["problems"]
    drawn = client.get(f"/api/boards/{board}/figure.svg", params={"allow_invalid": "true"})
    assert drawn.status_code == 200 and drawn.content.startswith(b"<svg")


# --- bad input ------------------------------------------------------------------------

@pytest.mark.parametrize(("request_args", "status", "words"), [
    (("post", "/api/boards", {"json": {"layout": "no-such-layout"}}), 404, "no-such-layout"),
    (("post", "/api/boards", {"json": {"layout": "/etc/passwd.toml"}}), 422, "not a path"),
    # '-' reads standard input on the command line (issue 44); the server never reads its own.
    (("post", "/api/boards", {"json": {"layout": "-"}}), 422, "not a path"),
    (("post", "/api/boards", {"json": {"toml": "kind = 'layout'\ntitle = [", "filename":
                                       "x.toml"}}), 422, "x.toml"),
    (("post", "/api/boards", {"json": {"toml": "kind = 'pack'"}}), 422, "kind"),
    (("post", "/api/boards", {"content": b"{not json"}), 400, "not JSON"),
    (("post", "/api/boards", {"json": [1, 2]}), 400, "JSON object"),
    (("post", "/api/boards", {"json": {}}), 400, "expected 'layout'"),
    (("post", "/api/boards", {"json": {"layout": 7}}), 400, "'layout'"),
    (("post", "/api/boards", {"json": {"board": "board-z"}}), 404, "board-z"),
    (("post", "/api/boards", {"json": {"layout": "game1-demo", "game": "chess"}}), 404,
     "chess"),
    (("post", "/api/boards", {"content": b"x" * 1_100_000}), 413, "bytes"),
    (("get", "/api/boards/feedface", {}), 404, "no board"),
    (("get", "/api/nothing-here", {}), 404, "Not Found"),
])
def test_bad_requests_get_one_line_and_a_4xx(client, request_args, status, words):
    method, url, kwargs = request_args
    assert words in one_line_error(getattr(client, method)(url, **kwargs), status)


@pytest.mark.parametrize(("query", "words"), [
    ({"flip": "maybe"}, "'flip'"),
    ({"dpi": "5"}, "'dpi'"),
    ({"width": "wide"}, "'width'"),
    ({"width": "9000mm"}, "'width'"),
    ({"crop": "a1:z9"}, "--crop"),
    ({"highlight": "q9"}, "q9"),
    ({"arrow": "c2~"}, "--arrow"),
    ({"to_move": "east"}, "'to_move'"),
    ({"zoom": "2"}, "unknown option 'zoom'"),
    ({"moves": "c2-c9"}, "c2-c9"),
    ({"style": "tiny"}, "'style'"),
    ({"legend": "yes"}, "'legend'"),
])
def test_bad_figure_options_get_one_line_and_a_4xx(client, query, words):
    board = new_board(client, layout="game1-demo")["id"]
    response = client.get(f"/api/boards/{board}/figure.svg", params=query)
    assert response.status_code in (400, 422), response.text
    assert words in one_line_error(response, response.status_code)


def test_a_gif_of_too_many_moves_says_why_before_they_are_played(client):
    """A GIF draws a frame a move: past 100 moves the answer names the GIF's limit (and
    the way out), not the move parser's general one, which an SVG of them still gets."""
    board = new_board(client, layout="game1-demo")["id"]
    moves = " ".join(["e2-e3", "b7-a6"] * 51)
    gif = client.get(f"/api/boards/{board}/figure.gif", params={"moves": moves})
    assert "a GIF shows at most 100 moves" in one_line_error(gif, 422)
    svg = client.get(f"/api/boards/{board}/figure.svg", params={"moves": moves})
    assert "--moves: at most 100 moves, got 102" in one_line_error(svg, 422)


@pytest.mark.parametrize(("square", "body", "status", "words"), [
    ("z9", {"action": "put", "pile": "3R^"}, 409, "not a square"),
    ("d5", {"action": "put", "pile": "3Q^"}, 409, "3Q"),
    ("d5", {"action": "turn"}, 409, "no card"),
    ("d5", {"action": "spin"}, 400, "'action'"),
    ("d2", {"action": "move", "to": "d99"}, 409, "not a square"),
])
def test_bad_edits_get_one_line_and_a_4xx(client, square, body, status, words):
    board = new_board(client, layout="game1-demo")["id"]
    response = client.post(f"/api/boards/{board}/squares/{square}", json=body)
    assert words in one_line_error(response, status)


def test_a_request_naming_another_host_is_refused(client):
    # DNS rebinding: a page of another site whose name resolves to 127.0.0.1.
    response = client.get("/api/catalogue", headers={"host": "attacker.example:8765"})
    assert response.status_code == 400
    assert client.get("/api/catalogue", headers={"host": "localhost:8765"}).status_code == 200


def test_a_request_from_a_page_of_another_site_is_refused(client):
    # Cross-site request forgery: the browser names the page's site in Origin.
    refused = client.post("/api/boards", json={"layout": "game1-demo"},
                          headers={"origin": "https://attacker.example"})
    assert "attacker.example" in one_line_error(refused, 403)
    own = client.post("/api/boards", json={"layout": "game1-demo"},
                      headers={"origin": BASE})
    assert own.status_code == 200


def test_the_page_and_its_files_are_served_from_the_package(client):
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    for name in ("editor.js", "editor.css"):
        assert f"/static/{name}" in page.text
        assert client.get(f"/static/{name}").status_code == 200
    # Nothing is loaded from elsewhere: the page works offline.
    for name in ("index.html", "editor.js", "editor.css"):
        text = (Path("generator/web/static") / name).read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text, name


# --- the command ----------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_serve_listens_on_127_0_0_1_alone(tmp_path):
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--port",
                               str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        line = server.stdout.readline() if server.stdout else ""
        assert line.startswith(f"opencards editor at http://127.0.0.1:{port}/"), line
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        else:
            pytest.fail("the editor did not start")
        # Another address of this machine's loopback is not served.
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.2", port), timeout=1).close()
        busy = subprocess.run([sys.executable, "-m", "generator", "serve", "--port",
                               str(port)], capture_output=True, text=True, timeout=60)
        assert busy.returncode == 1
        assert busy.stderr.strip() == (f"Error: port {port} on 127.0.0.1 is in use: choose "
                                       "another with --port")
    finally:
        server.terminate()
        server.wait(timeout=10)


# --- the laying games -----------------------------------------------------------------

def test_cards_off_the_board_are_shown_set_and_laid(client, library):
    state = new_board(client, layout="initial-3-start")
    board = state["id"]
    shipped = library.layout("initial-3-start").hands
    assert state["hands"]["south.stock"] == " ".join(c.notation() for c in shipped.south.stock)
    moves = client.get(f"/api/boards/{board}/moves").json()["moves"]
    position = load_layout_file(library, "initial-3-start").position("south")
    assert moves == [m.notation() for m in position.legal_moves()]
    lay = moves[0]
    assert "@" in lay
    played = client.post(f"/api/boards/{board}/moves", json={"move": lay}).json()
    card, square = lay.split("@")
    # Initial 3 starts from an empty board: the first card lies face down on the king
    # square (seed002, jeu 3: "Ces deux cartes sont placées face cachée").
    assert square == "e1" and played["squares"][square] == f"({card})^"
    assert played["hands"]["south.stock"] == " ".join(
        c.notation() for c in shipped.south.stock[1:])
    client.post(f"/api/boards/{board}/reset")
    changed = client.post(f"/api/boards/{board}/settings", json={"hands": {
        **state["hands"], "south.held": "5Y", "pile": ""}}).json()
    assert changed["hands"]["south.held"] == "5Y"
    # A second 5Y for south: the engine's holdings check says so, off the board.
    assert {(p["square"], p["code"]) for p in changed["problems"]} == {(None, "card-twice")}
    assert "5Y is already on the board" in changed["problems"][0]["message"]
    bad = client.post(f"/api/boards/{board}/settings", json={"hands": {"south.held": "5Q"}})
    assert "south.held" in one_line_error(bad, 409)
    bad = client.post(f"/api/boards/{board}/settings", json={"hands": {"east.held": "5Y"}})
    assert "east.held" in one_line_error(bad, 409)


def test_the_crosswise_board_and_north_s_view_lay_their_squares_where_drawn(client):
    board = new_board(client, board="colourless-crosswise", game="initial-11-crosswise",
                      players={"south": "pack2", "north": "pack2"})
    assert (board["files"], board["ranks"]) == (16, 4) and len(board["boxes"]) == 64
    left, top, width, height = board["boxes"]["p4"]
    assert left > board["boxes"]["a4"][0] and top == pytest.approx(board["boxes"]["a4"][1])
    state = client.post(f"/api/boards/{board['id']}/squares/p4",
                        json={"action": "put", "pile": "3R^"}).json()
    assert state["squares"] == {"p4": "3R^"}
    flipped = client.post(f"/api/boards/{board['id']}/settings", json={"flip": True}).json()
    # Seen from north, a1 lies at the top right and p4 at the bottom left.
    assert flipped["boxes"]["a1"][0] > flipped["boxes"]["p4"][0]
    assert flipped["boxes"]["a1"][1] < flipped["boxes"]["p4"][1]
    assert flipped["svg"] != state["svg"]


def test_an_uploaded_layout_without_a_game_is_judged_by_the_one_chosen(client):
    text = Path("templates/layouts/game1-demo.toml").read_text(encoding="utf-8")
    gameless = "\n".join(line for line in text.splitlines() if not line.startswith("game ="))
    refused = client.post("/api/boards", json={"toml": gameless, "filename": "g.toml"})
    assert "g.toml: the layout names no game" in one_line_error(refused, 404)
    state = new_board(client, toml=gameless, filename="g.toml", game="basic-1")
    assert state["game"] == "basic-1" and state["problems"] == []


def test_initial_7_is_played_by_four_seats_in_the_editor(client, runner, tmp_path):
    """Seed002, jeu 7: « quatre joueurs »; the horizontal run seat 1 completes is « la
    sienne » of the second player. The editor names seats where other games name sides,
    draws the board, and exports a position that keeps each seat's takes."""
    board = new_board(client, layout="initial-7-start")["id"]
    for text in "3R@a1 6B@h8 4B@b1 8Y@h6".split():
        state = client.post(f"/api/boards/{board}/moves", json={"move": text}).json()
    assert state["to_move"] == "seat 1"
    state = client.post(f"/api/boards/{board}/moves", json={"move": "5R@c1"}).json()
    assert [m["side"] for m in state["moves"]] == ["seat1", "seat2", "seat3", "seat4",
                                                   "seat1"]
    assert state["moves"][-1]["took"] == ["3R", "4B", "5R"]
    assert state["moves"][-1]["to"] == {"seat2": ["3R", "4B", "5R"]}
    played = runner.invoke(cli, ["rules", "play", "initial-7-start", "--json", "--moves",
                                 "3R@a1 6B@h8 4B@b1 8Y@h6 5R@c1"])
    assert state["moves"] == json.loads(played.stdout)["moves"]
    assert state["result"] == json.loads(played.stdout)["outcome"]
    assert state["to_move"] == "seat 2" and state["hands"]["seat2.taken"] == "3R 4B 5R"
    assert state["result"]["text"] == ("not decided: seat 2 to move; cards taken: seat 1 0, "
                                       "seat 2 3, seat 3 0, seat 4 0")
    legal = client.get(f"/api/boards/{board}/moves").json()
    assert legal["to_move"] == "seat 2" and legal["moves"][0] == "6Y@a1"
    drawn = client.get(f"/api/boards/{board}/figure.svg")
    assert drawn.status_code == 200 and drawn.content.startswith(b"<svg")
    text = client.get(f"/api/boards/{board}/layout.toml", params={"position": "current"}).text
    assert '[hands.seat2]\ntaken = "3R 4B 5R"' in text
    path = tmp_path / "after.toml"
    path.write_text(text, encoding="utf-8")
    assert runner.invoke(cli, ["validate", str(path), "--play"]).exit_code == 0


# --- the position text, clicks and drops, the line (issue 42) -------------------------

def test_a_board_says_its_position_text_and_loads_from_one(client, library):
    state = new_board(client, layout="game1-demo")
    start = load_layout_file(library, "game1-demo").position("south")
    assert state["text"] == state["current_text"] == start.text()
    board = state["id"]
    for text in SHORT_GAME[:5]:
        state = client.post(f"/api/boards/{board}/moves", json={"move": text}).json()
    start.play_record(SHORT_GAME[:5])
    assert state["text"] != state["current_text"] == start.text()
    # A text of a game under way: north to move, checked as a position during play, and
    # played on from its last move as the engine plays on from it.
    again = new_board(client, layout=state["current_text"])
    assert (again["first"], again["check"], again["text"]) == ("north", "play",
                                                               start.text())
    after = client.post(f"/api/boards/{again['id']}/moves", json={"move": SHORT_GAME[5]})
    start.push_text(SHORT_GAME[5])
    assert after.json()["current_text"] == start.text()
    # A text that cannot be read names its field.
    bad = client.post("/api/boards", json={"layout": "basic-1_board-a_pack1.G1~pack1.G2_x"})
    assert "squares" in one_line_error(bad, 422)


def test_a_click_or_drop_is_played_by_its_squares_or_refused_with_the_reason(client,
                                                                            library):
    """Seed 000, basic game 1: a card steps to a neighbouring square; a drop on c5 from c2
    is refused with the engine's own reason, the one a typed c2-c5 gets."""
    board = new_board(client, layout="game1-demo")["id"]
    _, reason = load_layout_file(library, "game1-demo").position("south").why_not("c2-c5")
    refused = client.post(f"/api/boards/{board}/moves", json={"from": "c2", "to": "c5"})
    assert one_line_error(refused, 422) == f"move 1 (c2-c5) is illegal: {reason}"
    assert refused.json()["reason"] == reason
    for text in SHORT_GAME:
        state = client.post(f"/api/boards/{board}/moves",
                            json={"from": text[:2], "to": text[-2:]}).json()
    # a6xb5 found from its squares alone: the beat is the move that ends on b5.
    assert [m["move"] for m in state["moves"]] == SHORT_GAME
    assert state["result"]["over"]
    off = client.post(f"/api/boards/{board}/moves", json={"from": "z9", "to": "a1"})
    assert "not a square" in one_line_error(off, 409)


def test_a_pasted_line_is_played_whole_or_not_at_all_and_walked(client):
    board = new_board(client, layout="game1-demo")["id"]
    state = client.post(f"/api/boards/{board}/line",
                        json={"moves": " ".join(SHORT_GAME), "at": 4}).json()
    assert [m["move"] for m in state["moves"]] == SHORT_GAME[:4]
    assert state["redo"] == SHORT_GAME[4:]
    state = client.post(f"/api/boards/{board}/goto", json={"ply": 7}).json()
    assert [m["move"] for m in state["moves"]] == SHORT_GAME[:7]
    assert state["redo"] == SHORT_GAME[7:]
    # A move played from there ends the line after it.
    state = client.post(f"/api/boards/{board}/goto", json={"ply": 1}).json()
    state = client.post(f"/api/boards/{board}/moves", json={"move": "g7-g6"}).json()
    assert [m["move"] for m in state["moves"]] == ["e2-e3", "g7-g6"] and state["redo"] == []
    # A line with a refused move leaves the board as it was, naming the move and why.
    refused = client.post(f"/api/boards/{board}/line", json={"moves": "e2-e3 f8-f5"})
    assert one_line_error(refused, 422).startswith("move 2 (f8-f5) is illegal: ")
    state = client.get(f"/api/boards/{board}").json()
    assert [m["move"] for m in state["moves"]] == ["e2-e3", "g7-g6"]
    far = client.post(f"/api/boards/{board}/goto", json={"ply": 9})
    assert "the line has 2" in one_line_error(far, 409)
    for body in ({"ply": -1}, {"ply": "3"}, {"ply": True}, {}):
        assert "'ply'" in one_line_error(client.post(f"/api/boards/{board}/goto", json=body),
                                         400)
    long = client.post(f"/api/boards/{board}/line", json={"moves": "pass " * 501})
    assert "at most 500" in one_line_error(long, 409)


def test_a_move_answered_without_the_drawing_says_what_changed(client):
    board = new_board(client, layout="game1-demo")["id"]
    bad = client.post(f"/api/boards/{board}/moves?draw=maybe", json={"move": "e2-e3"})
    assert "'draw'" in one_line_error(bad, 400)
    state = client.get(f"/api/boards/{board}").json()
    assert state["moves"] == [] and "svg" in state   # the refused request made no move
    quick = client.post(f"/api/boards/{board}/moves?draw=false", json={"move": "e2-e3"})
    answer = quick.json()
    assert "svg" not in answer and answer["last"] == ["e2", "e3"]
    assert answer["squares"]["e3"] == "5R^" and "e2" not in answer["squares"]
    # Four times smaller at least: the drawing was most of the answer.
    drawn = client.get(f"/api/boards/{board}").json()
    assert len(quick.content) * 4 < len(client.get(f"/api/boards/{board}").content)
    assert {k: v for k, v in drawn.items() if k != "svg"} == answer
    undone = client.post(f"/api/boards/{board}/undo?draw=false").json()
    assert "svg" not in undone and undone["last"] == [] and undone["squares"]["e2"] == "5R^"
