"""The HTTP server behind ``opencards serve``: uvicorn, with bounds on what clients can hold.

uvicorn times out a connection only between two requests; one that never sends a request,
or sends its head a byte at a time, is kept for ever, and about a thousand such
connections use every file the process may open, after which nothing is accepted. Here a
connection must send a whole request head within :data:`HEAD_SECONDS`, at most
:data:`MAX_CONNECTIONS` (fewer when the file limit is low) are kept, and a new one past
that closes the connection idle the longest, so a crowd of idle clients cannot lock the
editor's own page out. When the process still runs out of files, asyncio's complaint is
written once a minute in one line, not once a retry with its traceback.
"""
from __future__ import annotations

import asyncio
import logging
import os
import time
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

#: Seconds a client has to send a request's head (its line and headers), from connecting
#: or from the previous answer.
HEAD_SECONDS = 10.0
#: Seconds an idle connection is kept between two requests (uvicorn's keep-alive).
KEEP_ALIVE_SECONDS = 5
#: The most connections kept open at once (a browser opens about six per page).
MAX_CONNECTIONS = 500
#: The largest request head read, in bytes (h11's own bound, stated here).
MAX_HEAD_BYTES = 16 * 1024
#: Connections waiting to be accepted; asyncio accepts up to this many at once, before
#: any is closed, so it is also the room kept free under the file limit.
BACKLOG = 64
#: Files the process keeps for itself (templates, fonts, the log) besides connections and
#: the backlog.
SPARE_FILES = 64


def raise_file_limit(wanted: int = MAX_CONNECTIONS + 4 * BACKLOG + 2 * SPARE_FILES) -> int:
    """Raises the soft limit of open files toward *wanted* (never above the hard limit)
    and returns the connections that fit under it, with the files open now, a burst of
    accepted connections and some spare kept free."""
    try:
        import resource
    except ImportError:   # Windows: no such limit to raise
        return MAX_CONNECTIONS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, soft - _open_files() - 4 * BACKLOG - SPARE_FILES))


def _open_files() -> int:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:   # no /proc (macOS): a guess on the safe side
        return SPARE_FILES


class BoundedH11(H11Protocol):
    """uvicorn's HTTP/1.1 connection, with a deadline for each request head and a cap on
    the connections kept."""

    limit = MAX_CONNECTIONS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting_since = 0.0
        self._seen: object = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.limit:
            self._make_room()
        self._await_head()

    def _make_room(self) -> None:
        """Closes the connection waiting longest for a request (this one if none waits)."""
        waiting = [c for c in self.connections
                   if isinstance(c, BoundedH11) and c._deadline is not None and c is not self]
        oldest = min(waiting, key=lambda c: c._waiting_since, default=self)
        oldest.transport.close()

    def _await_head(self) -> None:
        self._seen = self.cycle
        self._waiting_since = time.monotonic()
        self._deadline = self.loop.call_later(HEAD_SECONDS, self._head_late)

    def _head_late(self) -> None:
        self._deadline = None
        if self.cycle is self._seen and not self.transport.is_closing():
            self.transport.close()

    def _head_came(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def handle_events(self) -> None:
        super().handle_events()
        if self._deadline is not None and self.cycle is not self._seen:
            self._head_came()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._head_came()
            self._await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_came()
        super().connection_lost(exc)


class OncePerMinute(logging.Filter):
    """Lets asyncio's "out of system resource" complaint (it retries accepting every
    second while no file is free) through once a minute, in one line."""

    def __init__(self) -> None:
        super().__init__()
        self._last = -60.0

    def filter(self, record: logging.LogRecord) -> bool:
        if "out of system resource" not in record.getMessage():
            return True
        now = time.monotonic()
        if now - self._last < 60:
            return False
        self._last = now
        error = record.exc_info[1] if record.exc_info else None
        record.msg = ("no file is free for a new connection (%s): new clients wait until "
                      "idle ones time out")
        record.args = (getattr(error, "strerror", None) or "too many open files",)
        record.exc_info = None
        return True


def run(app: Any, host: str, port: int) -> None:
    """Serves *app* on *host*:*port* until Ctrl-C."""
    BoundedH11.limit = raise_file_limit()
    logging.getLogger("asyncio").addFilter(OncePerMinute())
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", http=BoundedH11,
                            timeout_keep_alive=KEEP_ALIVE_SECONDS, backlog=BACKLOG,
                            h11_max_incomplete_event_size=MAX_HEAD_BYTES)
    uvicorn.Server(config).run()
