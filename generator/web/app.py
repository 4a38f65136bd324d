"""The editor's ASGI app: the page, its static files, and a JSON API over the library.

Every answer to a mistake is an HTTP 4xx with ``{"error": "one line"}``: a malformed
request 400 (a host not the editor's too, :mod:`.guard`), a page of another site 403, an
unknown board or layout 404, a body too slow 408, an edit or move the board refuses 409 or
422 (a refused move with the engine's reason and reason code), a board closed to make room
410, a request too large 413. The app writes no file: exports are the response's body.

Handlers run in worker threads, one at a time on each board (its lock): drawing a figure
takes up to seconds, and on the event loop it would hold every other request.
"""
from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..app import figure as figure_job
from ..app.figure import FigureFormat, FigureOptions, command_line
from ..app.figure import options as figure_options
from ..app.position import refusal_data
from ..errors import (BoardGone, BodyError, EditorError, FigureError, GeneratorError,
                      IllegalMoveError, InvalidLayoutError, NotFoundError, one_line)
from ..io.layout_text import layout_to_toml
from ..io.layouts import layout_from_text
from ..io.templates import Library
from ..model.layout import Layout, Side
from . import calls
from .bodies import json_object, read_body
from .boards import MAX_CARDS, EditorBoard, Shelf
from .guard import LOOPBACK, Guard

#: The page, its script and style sheet: package data, nothing loaded from elsewhere.
STATIC = Path(__file__).resolve().parent / "static"
#: Boards kept in memory: the ones used last (twice the 64 kept before, which a day of
#: tabs could pass). Each is bounded by its cards and moves (:mod:`.boards`): a board holds
#: about 2 KB and 3 KB a move played, so all of them stay under about 200 MB even at the
#: move limit, and a few MB as used. A board put away past this is answered 410 with a
#: line saying so.
MAX_BOARDS = 128
#: The hosts a request may name on the loopback address: a page of another site whose
#: name is made to resolve to 127.0.0.1 (DNS rebinding) cannot use the API.
LOCAL_HOSTS = LOOPBACK
#: The widest PNG drawn, in pixels: an A4 page at 300 dpi. A figure 2 m wide at 1,200 dpi
#: would be 94,000 pixels wide and take gigabytes.
MAX_PNG_PIXELS = 2500

#: The most moves a GIF shows (a frame each): a game of the system runs to tens of moves,
#: and each frame is a PNG of the whole board.
MAX_GIF_MOVES = 100

MEDIA = {FigureFormat.SVG: "image/svg+xml", FigureFormat.PNG: "image/png",
         FigureFormat.PDF: "application/pdf", FigureFormat.GIF: "image/gif"}
#: Where an aborted upload is told, in one line (uvicorn's own log).
LOG = logging.getLogger("uvicorn.error")


class JSONLine(JSONResponse):
    """JSON that is always valid UTF-8: a lone surrogate that slipped into a value (a
    file name, a square written in a URL) is sent as U+FFFD, never a failed answer."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False, allow_nan=False, indent=None,
                          separators=(",", ":")).encode("utf-8", "replace")


def bad_request(message: str, status: int = 400) -> HTTPException:
    """A request the API cannot read, with its status and one line."""
    return HTTPException(status, message)


def _error(message: str, status: int, **extra: object) -> JSONResponse:
    return JSONLine({"error": one_line(message), **extra}, status_code=status)


Handler = Callable[[Request, dict[str, Any]], Response]


def create_app(library: Library, *, hosts: tuple[str, ...] = LOCAL_HOSTS,
               own_addresses: bool = False) -> Starlette:
    """The editor over *library* (the shipped templates behind the user's own), answering
    requests that name one of *hosts* (or, with *own_addresses*, an address of this
    machine)."""
    boards = Shelf(MAX_BOARDS)

    def board_of(request: Request) -> EditorBoard:
        return boards.get(request.path_params["board"])

    def answer(error: Exception) -> Response:
        """The one-line 4xx for a mistake: the request's, the board's or the library's."""
        if isinstance(error, HTTPException):
            return _error(error.detail, error.status_code)
        if isinstance(error, BodyError):
            return _error(str(error), error.status)
        if isinstance(error, IllegalMoveError):
            return _error(str(error), 422, **refusal_data(error))
        if isinstance(error, BoardGone):
            return _error(str(error), 410)
        if isinstance(error, EditorError):
            return _error(str(error), 409)
        if isinstance(error, InvalidLayoutError):
            return _error(str(error), 422, problems=list(error.problems))
        if isinstance(error, NotFoundError):
            return _error(str(error), 404)
        if isinstance(error, (FigureError, GeneratorError)):
            return _error(str(error), 422)
        raise error

    def guarded(handler: Handler, *, reads_body: bool = False) -> Callable[..., Any]:
        """*handler* run in a worker thread (so that one slow drawing does not hold the
        others), one request at a time on each board, every mistake answered in one line."""
        async def endpoint(request: Request) -> Response:
            try:
                data: dict[str, Any] = {}
                if reads_body:
                    raw = await read_body(request.stream(),
                                          request.headers.get("content-length"))
                    data = json_object(raw)
                return await run_in_threadpool(work, request, data)
            except ClientDisconnect:
                LOG.warning("%s %s: the client closed the connection before its request "
                            "body had come; nothing was done", request.method,
                            request.url.path[:80])
                return _error("the request body did not come whole", 400)
            except (HTTPException, BodyError, GeneratorError) as e:
                return answer(e)
            except Exception as e:
                # A mistake of the editor's own, not the request's: JSON like every answer,
                # and its traceback logged, to be reported and fixed.
                LOG.exception("%s %s: internal error", request.method, request.url.path[:80])
                return _error(f"internal error ({type(e).__name__}): please report it with "
                              "the server's log", 500)

        def work(request: Request, data: dict[str, Any]) -> Response:
            if request.query_params.get("draw", "true") not in _FLAGS:
                # Checked before the handler: a move is not made to be answered 400.
                raise bad_request("'draw': expected true or false, got "
                                  f"{request.query_params['draw'][:20]!r}")
            if "board" not in request.path_params:
                return handler(request, data)
            board = board_of(request)
            with board.lock:
                return handler(request, data)
        return endpoint

    def text_field(data: Mapping[str, Any], key: str) -> str:
        value = data.get(key)
        if not isinstance(value, str):
            raise bad_request(f"{key!r}: expected a string, got {json.dumps(value)[:40]}")
        return value

    def optional_text(data: Mapping[str, Any], key: str) -> str | None:
        return None if data.get(key) is None else text_field(data, key)

    def state(board: EditorBoard, key: str, request: Request | None = None) -> JSONResponse:
        """The board's state; with ``?draw=false`` (a move's answer) without its drawing."""
        drawn = request is None or _FLAGS[request.query_params.get("draw", "true")]
        return JSONLine({"id": key, **board.state(drawn=drawn)})

    # --- pages ------------------------------------------------------------------------

    async def index(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    def catalogue(_request: Request, _data: dict[str, Any]) -> Response:
        return JSONLine(calls.catalogue(library))

    # --- boards -----------------------------------------------------------------------

    def new_board(_request: Request, data: dict[str, Any]) -> Response:
        record = None
        if "toml" in data:
            text = text_field(data, "toml")
            filename = optional_text(data, "filename") or "layout.toml"
            if text.count("+") >= MAX_CARDS:
                # Each '+' lays a card on a pile: refused before the file is parsed card by
                # card (a 1 MB file can write a pile of 200,000 cards).
                raise EditorError(f"{Path(filename).name}: its piles lay {text.count('+')} "
                                  "cards on others ('+'); the editor works on at most "
                                  f"{MAX_CARDS} cards")
            shown, layout = layout_from_text(library, text, filename)
        elif "layout" in data:
            given = calls.shipped_layout(library, text_field(data, "layout").strip(),
                                         optional_text(data, "game"))
            shown, layout, record = given.shown, given.layout, given.state
        elif "board" in data:
            shown, layout = "position.toml", _empty(library, data)
        else:
            raise bad_request("expected 'layout' (a shipped layout's name), 'toml' (a "
                             "layout file's text) or 'board' (an empty board)")
        game = optional_text(data, "game")
        board = EditorBoard(library, shown, layout, game_name=game)
        if record is not None:
            # The side to move is the text's; a text of a game under way goes on from its
            # last move and is judged as a position during play (as validate does).
            board.first = record.turn
            if record.in_play:
                board.record, board.start = record, False
        board.loaded()  # an unknown game or pack is refused now, not at the first edit
        if record is not None and record.in_play:
            board.game()   # the text's state checked against the game now, in one line
        key = secrets.token_hex(8)
        response = state(board, key)
        boards.add(key, board)
        return response

    def _empty(library: Library, data: Mapping[str, Any]) -> Layout:
        name = text_field(data, "board")
        found = library.board(name)
        players = data.get("players") or {}
        if not isinstance(players, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in players.items()):
            raise bad_request("'players': expected an object like {\"south\": \"pack1:G1\"}")
        try:
            return Layout(found.name, {}, players, "position", "A position set up in the "
                          "editor", optional_text(data, "game"), (),
                          size=(found.files, found.ranks))
        except ValueError as e:
            raise bad_request(f"'players': {e}") from None

    def get_board(request: Request, _data: dict[str, Any]) -> Response:
        return state(board_of(request), request.path_params["board"])

    def settings(request: Request, data: dict[str, Any]) -> Response:
        board = board_of(request)
        changes = _settings(data)   # every field read before any is applied
        before = board.snapshot()
        try:
            if "players" in changes:
                board.set_players(changes["players"])
            if "hands" in changes:
                board.set_hands(changes["hands"])
            if "game" in changes:
                board.set_game(changes["game"])
            if "check" in changes:
                board.start = changes["check"] == "start"
            if "first" in changes and changes["first"] is not board.first:
                board.first = changes["first"]
                board.reset()
            if "flip" in changes:
                board.flip = changes["flip"]
            return state(board, request.path_params["board"])
        except BaseException:
            board.restore(before)   # a refused field leaves the board as it was
            raise

    def square_edit(request: Request, data: dict[str, Any]) -> Response:
        board = board_of(request)
        square = request.path_params["square"]
        if request.method == "DELETE":
            board.remove(square)
        else:
            action = data.get("action", "put")
            if action == "put":
                board.put(square, text_field(data, "pile"))
            elif action == "add":
                board.add(square, text_field(data, "card"))
            elif action == "turn":
                board.turn(square)
            elif action == "face":
                board.face(square)
            elif action == "move":
                board.move_pile(square, text_field(data, "to"))
            else:
                raise bad_request(f"'action': expected put, add, turn, face or move, got "
                                 f"{json.dumps(action)[:40]}")
        return state(board, request.path_params["board"])

    def problems(request: Request, _data: dict[str, Any]) -> Response:
        board = board_of(request)
        return JSONLine([{"square": v.square, "code": v.code, "message": v.message}
                         for v in board.problems()])

    def legal_moves(request: Request, _data: dict[str, Any]) -> Response:
        board = board_of(request)
        square = request.query_params.get("square")
        if square is not None and not calls.is_square(board.loaded().board, square):
            raise bad_request(f"'square': {square[:40]!r} is not a square of "
                             f"{board.loaded().board.name}")
        moves = board.legal_moves(square)
        position = board.game()
        return JSONLine({
            "to_move": str(position.player), "phase": position.phase.value,
            "moves": [m.notation() for m in moves],
            "destinations": calls.destinations(moves),
            "may_pass": position.may_pass()})

    def push(request: Request, data: dict[str, Any]) -> Response:
        board = board_of(request)
        if "from" in data or "to" in data:
            # A click or a drop: the move is found here, so that a drop made before the
            # card's moves reached the page is played (or refused with its reason).
            board.move_between(text_field(data, "from"), text_field(data, "to"))
        else:
            board.push(text_field(data, "move"))
        return state(board, request.path_params["board"], request)

    def line(request: Request, data: dict[str, Any]) -> Response:
        board = board_of(request)
        texts = text_field(data, "moves").split()
        board.play_line(texts, ply_field(data, "at", optional=True))
        return state(board, request.path_params["board"], request)

    def go_to(request: Request, data: dict[str, Any]) -> Response:
        board = board_of(request)
        ply = ply_field(data, "ply", optional=False)
        if ply is None:  # not reached: a required ply is never None
            raise bad_request("'ply': expected a number of moves (0 or more)")
        board.go_to(ply)
        return state(board, request.path_params["board"], request)

    def ply_field(data: Mapping[str, Any], key: str, *, optional: bool) -> int | None:
        value = data.get(key)
        if value is None and optional:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise bad_request(f"{key!r}: expected a number of moves (0 or more), got "
                              f"{json.dumps(value)[:40]}")
        return value

    def undo(request: Request, _data: dict[str, Any]) -> Response:
        board = board_of(request)
        board.undo()
        return state(board, request.path_params["board"], request)

    def redo(request: Request, _data: dict[str, Any]) -> Response:
        board = board_of(request)
        board.redo_move()
        return state(board, request.path_params["board"], request)

    def reset(request: Request, _data: dict[str, Any]) -> Response:
        board = board_of(request)
        board.reset()
        return state(board, request.path_params["board"])

    # --- exports ----------------------------------------------------------------------

    def figure(request: Request, _data: dict[str, Any]) -> Response:
        board = board_of(request)
        fmt = _format(request.path_params["fmt"], 404)
        raw = figure_raw(request, board)
        # Counted before the moves are parsed, which refuses a figure of over 100 moves
        # in any format in a line that does not say why a GIF's limit is there.
        played = len(str(raw.get("moves") or "").split())
        if fmt is FigureFormat.GIF and played > MAX_GIF_MOVES:
            raise bad_request(f"a GIF shows at most {MAX_GIF_MOVES} moves, a frame each; "
                              f"{played} are played (download the position now as a PNG "
                              "instead)", 422)
        options = FigureOptions.parse({**raw, "format": fmt})
        pixels = options.width / 25.4 * options.dpi
        if fmt in ("png", "gif") and pixels > MAX_PNG_PIXELS:
            raise bad_request(f"a {fmt.upper()} {options.width:g} mm wide at {options.dpi} "
                              f"dpi would be {pixels:.0f} pixels wide; at most "
                              f"{MAX_PNG_PIXELS} are drawn here (lower 'dpi' or 'width')", 422)
        data = figure_job.render_figure(library, board.loaded(), options).data
        return Response(data, media_type=MEDIA[fmt], headers={
            "Content-Disposition": f'attachment; filename="figure.{fmt}"'})

    def command(request: Request, _data: dict[str, Any]) -> Response:
        board = board_of(request)
        fmt = _format(request.query_params.get("format", "svg"), 400)
        raw = figure_raw(request, board)
        FigureOptions.parse(raw)   # a bad option is refused here as the export refuses it
        return JSONLine({"command": command_line(raw, "position.toml", f"figure.{fmt}")})

    def layout_toml(request: Request, _data: dict[str, Any]) -> Response:
        board = board_of(request)
        which = request.query_params.get("position", "start")
        if which not in ("start", "current"):
            raise bad_request(f"'position': expected start or current, got {which[:20]!r}")
        layout = board.layout if which == "start" else board.current
        moves = board.moves_text()
        comment = f"Set up in opencards serve from {board.shown}" + (
            f"; then {moves}" if which == "current" and moves else "")
        text = layout_to_toml(_with_game(layout, board), comment)
        return PlainTextResponse(text, media_type="application/toml", headers={
            "Content-Disposition": 'attachment; filename="position.toml"'})

    def moves_text(request: Request, _data: dict[str, Any]) -> Response:
        return PlainTextResponse(board_of(request).moves_text() + "\n")

    with_body = {"reads_body": True}
    routes = [
        Route("/", index),
        Route("/api/catalogue", guarded(catalogue)),
        Route("/api/boards", guarded(new_board, **with_body), methods=["POST"]),
        Route("/api/boards/{board}", guarded(get_board)),
        Route("/api/boards/{board}/settings", guarded(settings, **with_body),
              methods=["POST"]),
        Route("/api/boards/{board}/squares/{square}", guarded(square_edit, **with_body),
              methods=["POST", "DELETE"]),
        Route("/api/boards/{board}/problems", guarded(problems)),
        Route("/api/boards/{board}/moves", guarded(legal_moves)),
        Route("/api/boards/{board}/moves", guarded(push, **with_body), methods=["POST"]),
        Route("/api/boards/{board}/line", guarded(line, **with_body), methods=["POST"]),
        Route("/api/boards/{board}/goto", guarded(go_to, **with_body), methods=["POST"]),
        Route("/api/boards/{board}/undo", guarded(undo), methods=["POST"]),
        Route("/api/boards/{board}/redo", guarded(redo), methods=["POST"]),
        Route("/api/boards/{board}/reset", guarded(reset), methods=["POST"]),
        Route("/api/boards/{board}/figure.{fmt}", guarded(figure)),
        Route("/api/boards/{board}/command", guarded(command)),
        Route("/api/boards/{board}/layout.toml", guarded(layout_toml)),
        Route("/api/boards/{board}/moves.txt", guarded(moves_text)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    async def routing_error(_request: Request, exc: Exception) -> Response:
        # Routing's own answers (an unknown page, a method not allowed), in one line too.
        if isinstance(exc, HTTPException):
            return _error(exc.detail, exc.status_code)
        return _error("internal error", 500)

    return Starlette(routes=routes,
                     middleware=[Middleware(Guard, names=hosts,
                                            own_addresses=own_addresses)],
                     exception_handlers={HTTPException: routing_error})


def _settings(data: Mapping[str, Any]) -> dict[str, Any]:
    """The settings request's fields, each checked, before any is applied.

    :raises: :exc:`HTTPException` (400) naming the first field at fault.
    """
    changes: dict[str, Any] = {}
    if "players" in data:
        players = data["players"]
        if not isinstance(players, dict) or not all(
                isinstance(v, str) for v in players.values()):
            raise bad_request("'players': expected an object like {\"south\": \"pack1:G1\"}")
        try:
            changes["players"] = {Side.parse(k): v for k, v in players.items()}
        except ValueError as e:
            raise bad_request(f"'players': {e}") from None
    if "hands" in data:
        hands = data["hands"]
        if not isinstance(hands, dict) or not all(isinstance(v, str) for v in hands.values()):
            raise bad_request("'hands': expected an object like {\"south.held\": \"3R 5G\"}")
        changes["hands"] = hands
    if "game" in data:
        game = data["game"]
        if game is not None and not isinstance(game, str):
            raise bad_request(f"'game': expected a string, got {json.dumps(game)[:40]}")
        changes["game"] = game
    if "check" in data:
        check = data["check"]
        if check not in ("start", "play"):
            raise bad_request(f"'check': expected 'start' or 'play', got "
                             f"{json.dumps(check)[:40]}")
        changes["check"] = check
    if "first" in data:
        if not isinstance(data["first"], str):
            raise bad_request(f"'first': expected south or north, got "
                             f"{json.dumps(data['first'])[:40]}")
        try:
            changes["first"] = Side.parse(data["first"])
        except ValueError as e:
            raise bad_request(f"'first': {e}") from None
    if "flip" in data:
        if not isinstance(data["flip"], bool):
            raise bad_request("'flip': expected true or false")
        changes["flip"] = data["flip"]
    unknown = sorted(set(data) - {"players", "hands", "game", "check", "first", "flip"})
    if unknown:
        raise bad_request(f"unknown setting {unknown[0][:40]!r} (expected check, first, "
                         "flip, game, hands or players)")
    return changes


def _format(text: str, status: int) -> FigureFormat:
    """The figure format *text* names, or a 4xx (404 for a path that names none)."""
    if text not in MEDIA:
        raise bad_request(f"no figure format {text[:20]!r} (expected svg, png, pdf or gif)",
                          status)
    return FigureFormat(text)


def _with_game(layout: Layout, board: EditorBoard) -> Layout:
    """*layout* naming the game the editor judges it by, so that ``validate`` agrees."""
    game = board.loaded().game.name
    if layout.game == game:
        return layout
    return Layout(layout.board, layout.stacks, layout.players, layout.name, layout.title,
                  game, layout.off_board, layout.hands, layout.size)


_FLAGS = {"true": True, "false": False}


def figure_raw(request: Request, board: EditorBoard) -> dict[str, object]:
    """The figure options of the query (``?flip=true&crop=a1:d4&arrow=...``), each key
    spelt as ``opencards figure``'s option (:attr:`FigureOption.key`) and read as the
    command line reads it, for :meth:`FigureOptions.parse`; the moves played so far
    unless ``moves`` is given, and ``--play`` when the board is checked as a position
    during play."""
    query = request.query_params
    offered = {option.key: option for _, option in figure_options() if option.editor}
    unknown = sorted(set(query.keys()) - set(offered) - {"format"})
    if unknown:
        raise bad_request(f"unknown option {unknown[0]!r} (expected one of "
                          f"{', '.join(sorted({*offered, 'format'}))})")
    raw: dict[str, object] = {}
    for key, option in offered.items():
        if key in query:
            try:
                raw[key] = option.read(query.getlist(key))
            except ValueError as e:
                raise bad_request(f"{key!r}: {e}") from None
    if "moves" not in query:
        raw["moves"] = board.moves_text() or None
    raw["play"] = not board.start
    return raw
