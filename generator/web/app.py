"""The editor's ASGI app: the page, its static files, and a JSON API over the library.

Every answer to a mistake is an HTTP 4xx with ``{"error": "one line"}``: a malformed
request 400, an unknown board or layout 404, an edit or move the board refuses 409 or 422
(a refused move with the engine's reason and reason code), a request too large 413. The
app writes no file: exports are the response's body.
"""
from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import (EditorError, FigureError, GeneratorError, IllegalMoveError,
                      InvalidLayoutError, NotFoundError, one_line)
from ..io.layouts import layout_from_text
from ..io.templates import Library
from ..docs.diagram import DEFAULT_WIDTH
from ..io.prescan import MAX_FILE_BYTES
from ..model import limits
from ..model.layout import Layout, Side
from ..model.units import parse_length
from . import calls
from .boards import EditorBoard

#: The page, its script and style sheet: package data, nothing loaded from elsewhere.
STATIC = Path(__file__).resolve().parent / "static"
#: The largest request body read: a layout file's limit and room for the JSON around it.
MAX_BODY = MAX_FILE_BYTES + 64_000
#: Boards kept in memory; the oldest is forgotten past this (a tab left open long ago).
MAX_BOARDS = 64
#: The hosts a request may name: the served address only, so that a page of another site
#: whose name is made to resolve to 127.0.0.1 (DNS rebinding) cannot use the API.
LOCAL_HOSTS = ("127.0.0.1", "localhost")

MEDIA = {"svg": "image/svg+xml", "png": "image/png", "pdf": "application/pdf"}


def bad_request(message: str, status: int = 400) -> HTTPException:
    """A request the API cannot read, with its status and one line."""
    return HTTPException(status, message)


def _error(message: str, status: int, **extra: object) -> JSONResponse:
    return JSONResponse({"error": one_line(message), **extra}, status_code=status)


Endpoint = Callable[[Request], Awaitable[Response]]


def create_app(library: Library, *, hosts: tuple[str, ...] = LOCAL_HOSTS) -> Starlette:
    """The editor over *library* (the shipped templates behind the user's own)."""
    boards: OrderedDict[str, EditorBoard] = OrderedDict()

    def board_of(request: Request) -> EditorBoard:
        key = request.path_params["board"]
        board = boards.get(key)
        if board is None:
            raise bad_request(f"no board {key!r} (it may have been forgotten: load the "
                             "page again)", 404)
        boards.move_to_end(key)
        return board

    def guarded(handler: Callable[[Request], Awaitable[Response]]) -> Endpoint:
        """*handler* with every mistake answered in one line, never a traceback."""
        async def endpoint(request: Request) -> Response:
            # A page of another site may send requests here from the user's browser
            # (cross-site request forgery); the browser names that site in Origin.
            origin = request.headers.get("origin")
            if origin is not None and urlsplit(origin).hostname not in hosts:
                return _error(f"requests from pages of {origin[:60]} are refused", 403)
            try:
                return await handler(request)
            except HTTPException as e:
                return _error(e.detail, e.status_code)
            except IllegalMoveError as e:
                return _error(str(e), 422, reason=e.reason, code=str(e.code))
            except EditorError as e:
                return _error(str(e), 409)
            except InvalidLayoutError as e:
                return _error(str(e), 422, problems=list(e.problems))
            except NotFoundError as e:
                return _error(str(e), 404)
            except (FigureError, GeneratorError) as e:
                return _error(str(e), 422)
        return endpoint

    async def body(request: Request) -> dict[str, Any]:
        size = int(request.headers.get("content-length") or 0)
        if size > MAX_BODY:
            raise bad_request(f"request of {size} bytes: at most {MAX_BODY} are read", 413)
        chunks = []
        read = 0
        async for chunk in request.stream():
            read += len(chunk)
            if read > MAX_BODY:
                raise bad_request(f"request over {MAX_BODY} bytes", 413)
            chunks.append(chunk)
        if not read:
            return {}
        try:
            data = json.loads(b"".join(chunks).decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            raise bad_request(f"the request body is not JSON: {e}") from None
        if not isinstance(data, dict):
            raise bad_request("the request body must be a JSON object")
        return data

    def text_field(data: Mapping[str, Any], key: str) -> str:
        value = data.get(key)
        if not isinstance(value, str):
            raise bad_request(f"{key!r}: expected a string, got {json.dumps(value)[:40]}")
        return value

    def optional_text(data: Mapping[str, Any], key: str) -> str | None:
        return None if data.get(key) is None else text_field(data, key)

    def state(board: EditorBoard, key: str) -> JSONResponse:
        return JSONResponse({"id": key, **board.state()})

    # --- pages ------------------------------------------------------------------------

    async def index(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def catalogue(_request: Request) -> Response:
        return JSONResponse(calls.catalogue(library))

    # --- boards -----------------------------------------------------------------------

    async def new_board(request: Request) -> Response:
        data = await body(request)
        if "toml" in data:
            text = text_field(data, "toml")
            filename = optional_text(data, "filename") or "layout.toml"
            shown, layout = layout_from_text(library, text, filename)
        elif "layout" in data:
            name = text_field(data, "layout")
            shown, layout = calls.shipped_layout(library, name)
        elif "board" in data:
            shown, layout = "position.toml", _empty(library, data)
        else:
            raise bad_request("expected 'layout' (a shipped layout's name), 'toml' (a "
                             "layout file's text) or 'board' (an empty board)")
        game = optional_text(data, "game")
        board = EditorBoard(library, shown, layout, game_name=game)
        board.loaded()  # an unknown game or pack is refused now, not at the first edit
        key = secrets.token_hex(8)
        boards[key] = board
        while len(boards) > MAX_BOARDS:
            boards.popitem(last=False)
        return state(board, key)

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

    async def get_board(request: Request) -> Response:
        return state(board_of(request), request.path_params["board"])

    async def settings(request: Request) -> Response:
        board = board_of(request)
        data = await body(request)
        if "players" in data:
            players = data["players"]
            if not isinstance(players, dict) or not all(
                    isinstance(v, str) for v in players.values()):
                raise bad_request("'players': expected an object like {\"south\": \"pack1:G1\"}")
            try:
                board.set_players({Side.parse(k): v for k, v in players.items()})
            except ValueError as e:
                raise bad_request(f"'players': {e}") from None
        if "hands" in data:
            hands = data["hands"]
            if not isinstance(hands, dict) or not all(
                    isinstance(v, str) for v in hands.values()):
                raise bad_request("'hands': expected an object like {\"south.held\": "
                                 "\"3R 5G\"}")
            board.set_hands(hands)
        if "game" in data:
            board.set_game(optional_text(data, "game"))
        if "check" in data:
            check = data["check"]
            if check not in ("start", "play"):
                raise bad_request(f"'check': expected 'start' or 'play', got {check!r}")
            board.start = check == "start"
        if "first" in data:
            try:
                first = Side.parse(data["first"])
            except ValueError as e:
                raise bad_request(f"'first': {e}") from None
            if first is not board.first:
                board.first = first
                board.reset()
        if "flip" in data:
            if not isinstance(data["flip"], bool):
                raise bad_request("'flip': expected true or false")
            board.flip = data["flip"]
        return state(board, request.path_params["board"])

    async def square_edit(request: Request) -> Response:
        board = board_of(request)
        square = request.path_params["square"]
        if request.method == "DELETE":
            board.remove(square)
        else:
            data = await body(request)
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
                                 f"{action!r}")
        return state(board, request.path_params["board"])

    async def problems(request: Request) -> Response:
        board = board_of(request)
        return JSONResponse([{"square": v.square, "code": v.code, "message": v.message}
                             for v in board.problems()])

    async def legal_moves(request: Request) -> Response:
        board = board_of(request)
        square = request.query_params.get("square")
        if square is not None and not calls.is_square(board.loaded().board, square):
            raise bad_request(f"'square': {square!r} is not a square of "
                             f"{board.loaded().board.name}")
        moves = board.legal_moves(square)
        position = board.game()
        return JSONResponse({
            "to_move": str(position.player), "phase": position.phase.value,
            "moves": [m.notation() for m in moves],
            "destinations": calls.destinations(moves),
            "may_pass": position.may_pass()})

    async def push(request: Request) -> Response:
        board = board_of(request)
        data = await body(request)
        board.push(text_field(data, "move"))
        return state(board, request.path_params["board"])

    async def undo(request: Request) -> Response:
        board = board_of(request)
        board.undo()
        return state(board, request.path_params["board"])

    async def redo(request: Request) -> Response:
        board = board_of(request)
        board.redo_move()
        return state(board, request.path_params["board"])

    async def reset(request: Request) -> Response:
        board = board_of(request)
        board.reset()
        return state(board, request.path_params["board"])

    # --- exports ----------------------------------------------------------------------

    async def figure(request: Request) -> Response:
        board = board_of(request)
        fmt = request.path_params["fmt"]
        if fmt not in calls.EXPORT_FORMATS:
            raise bad_request(f"no figure format {fmt!r} (expected svg, png or pdf)", 404)
        options = figure_options(request, board)
        data = calls.figure_bytes(library, board.loaded(), options, fmt)
        return Response(data, media_type=MEDIA[fmt], headers={
            "Content-Disposition": f'attachment; filename="figure.{fmt}"'})

    async def command(request: Request) -> Response:
        board = board_of(request)
        fmt = request.query_params.get("format", "svg")
        if fmt not in calls.EXPORT_FORMATS:
            raise bad_request(f"'format': expected svg, png or pdf, got {fmt!r}")
        options = figure_options(request, board)
        return JSONResponse({"command": options.command("position.toml", f"figure.{fmt}")})

    async def layout_toml(request: Request) -> Response:
        board = board_of(request)
        which = request.query_params.get("position", "start")
        if which not in ("start", "current"):
            raise bad_request(f"'position': expected start or current, got {which!r}")
        layout = board.layout if which == "start" else board.current
        moves = board.moves_text()
        comment = f"Set up in opencards serve from {board.shown}" + (
            f"; then {moves}" if which == "current" and moves else "")
        text = calls.layout_toml(_with_game(layout, board), comment)
        return PlainTextResponse(text, media_type="application/toml", headers={
            "Content-Disposition": 'attachment; filename="position.toml"'})

    async def moves_text(request: Request) -> Response:
        return PlainTextResponse(board_of(request).moves_text() + "\n")

    routes = [
        Route("/", index),
        Route("/api/catalogue", guarded(catalogue)),
        Route("/api/boards", guarded(new_board), methods=["POST"]),
        Route("/api/boards/{board}", guarded(get_board)),
        Route("/api/boards/{board}/settings", guarded(settings), methods=["POST"]),
        Route("/api/boards/{board}/squares/{square}", guarded(square_edit),
              methods=["POST", "DELETE"]),
        Route("/api/boards/{board}/problems", guarded(problems)),
        Route("/api/boards/{board}/moves", guarded(legal_moves)),
        Route("/api/boards/{board}/moves", guarded(push), methods=["POST"]),
        Route("/api/boards/{board}/undo", guarded(undo), methods=["POST"]),
        Route("/api/boards/{board}/redo", guarded(redo), methods=["POST"]),
        Route("/api/boards/{board}/reset", guarded(reset), methods=["POST"]),
        Route("/api/boards/{board}/figure.{fmt}", guarded(figure)),
        Route("/api/boards/{board}/command", guarded(command)),
        Route("/api/boards/{board}/layout.toml", guarded(layout_toml)),
        Route("/api/boards/{board}/moves.txt", guarded(moves_text)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    async def not_found(_request: Request, exc: Exception) -> Response:
        # Routing's own answers (an unknown page, a method not allowed), in one line too.
        if isinstance(exc, HTTPException):
            return _error(exc.detail, exc.status_code)
        return _error("internal error", 500)

    return Starlette(routes=routes,
                     middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts))],
                     exception_handlers={HTTPException: not_found})


def _with_game(layout: Layout, board: EditorBoard) -> Layout:
    """*layout* naming the game the editor judges it by, so that ``validate`` agrees."""
    game = board.loaded().game.name
    if layout.game == game:
        return layout
    return Layout(layout.board, layout.stacks, layout.players, layout.name, layout.title,
                  game, layout.off_board, layout.hands, layout.size)


_FLAGS = {"true": True, "false": False}


def figure_options(request: Request, board: EditorBoard) -> calls.FigureOptions:
    """``opencards figure``'s options from the query (``?flip=true&crop=a1:d4&arrow=...``);
    the moves played so far unless ``moves`` is given, and ``--play`` when the board is
    checked as a position during play."""
    query = request.query_params
    known = {"flip", "coords", "crop", "caption", "highlight", "arrow", "mark", "last_move",
             "select", "moves", "to_move", "width", "dpi", "allow_invalid", "format"}
    unknown = sorted(set(query.keys()) - known)
    if unknown:
        raise bad_request(f"unknown option {unknown[0]!r} (expected one of "
                         f"{', '.join(sorted(known))})")

    def flag(key: str) -> bool | None:
        value = query.get(key)
        if value is None:
            return None
        if value not in _FLAGS:
            raise bad_request(f"{key!r}: expected true or false, got {value!r}")
        return _FLAGS[value]

    width = DEFAULT_WIDTH
    if "width" in query:
        try:
            width = limits.FIGURE_WIDTH.check(parse_length(query["width"]))
        except ValueError as e:
            raise bad_request(f"'width': {e}") from None
    dpi = 150
    if "dpi" in query:
        text = query["dpi"]
        if not text.isdigit() or not 30 <= int(text) <= 1200:
            raise bad_request(f"'dpi': expected a whole number from 30 to 1200, got {text!r}")
        dpi = int(text)
    to_move = query.get("to_move")
    if to_move is not None and to_move not in ("south", "north", "next"):
        raise bad_request(f"'to_move': expected south, north or next, got {to_move!r}")
    moves = query.get("moves")
    if moves is None:
        moves = board.moves_text() or None
    return calls.FigureOptions(
        flip=flag("flip"), coords=flag("coords"), crop=query.get("crop") or None,
        caption=query.get("caption"), highlight=tuple(query.getlist("highlight")),
        arrows=tuple(query.getlist("arrow")), marks=tuple(query.getlist("mark")),
        last_move=query.get("last_move") or None, select=query.get("select") or None,
        moves=moves or None, to_move=to_move, play=not board.start,
        allow_invalid=bool(flag("allow_invalid")), width=width, dpi=dpi)
