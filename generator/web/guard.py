"""What every request to the editor passes before any handler: the host it names, the page
that sent it, and the headers every answer carries.

A browser lets any web page send requests to ``127.0.0.1``; what stops a page of another
site from using the editor is that it cannot name the editor's own address as the host
when it reaches it through a name of its own (DNS rebinding), and that the browser names
the page's origin (scheme, host and port) in ``Origin`` (cross-site request forgery). Both
refusals are JSON lines, as every other error of the API.
"""
from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The names of this computer seen from itself.
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: Sent with every answer: a file is never read as another type than the one named
#: (nosniff), and no page of another site may show the editor in a frame (clickjacking).
SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
)
_DEFAULT_PORTS = {"http": 80, "https": 443}


def served_hosts(host: str) -> tuple[tuple[str, ...], bool]:
    """The host names a request may name when the editor serves on *host*, and whether an
    address of this machine written as a number (``192.168.1.5``) is accepted too.

    On the loopback address only its own names are: a page elsewhere cannot reach it. On
    any other address (``0.0.0.0``, a named one) other computers reach the editor through
    this machine's addresses and names, which are accepted so that the warning that they
    can use it is true. A name the machine does not know as its own is still refused, so
    DNS rebinding stays shut.
    """
    names = [*LOOPBACK]
    if host in LOOPBACK:
        return tuple(names), False
    names.append(host)  # 0.0.0.0 too: a browser on this machine may be sent there
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names.append(name)
    return tuple(dict.fromkeys(n.lower() for n in names)), True


@lru_cache(maxsize=256)
def is_own_address(text: str) -> bool:
    """Whether *text* is an IP address of this machine: one a socket may be bound to."""
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return False
    if address.is_unspecified or address.is_multicast:
        return False
    family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.bind((str(address), 0))
    except OSError:
        return False
    return True


def _split_host(value: str) -> tuple[str, int | None] | None:
    """``(name, port)`` of a Host header (``127.0.0.1:8765``, ``[::1]:8765``, ``localhost``),
    None if it is no such thing."""
    try:
        parts = urlsplit(f"//{value}")
        port = parts.port
    except ValueError:
        return None
    name = parts.hostname
    if not name or parts.path or parts.query or parts.fragment or parts.username:
        return None
    return name.lower(), port


class Guard:
    """ASGI middleware: the Host and Origin checks, and the security headers on every
    answer (the page, its files, the API, and every refusal)."""

    def __init__(self, app: ASGIApp, names: Iterable[str], own_addresses: bool) -> None:
        self.app = app
        self.names = frozenset(n.lower() for n in names)
        self.own_addresses = own_addresses

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(
                    (k, v) for k, v in SECURITY_HEADERS if k not in present)]
            await send(message)

        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        refusal = self.refusal(scope.get("scheme", "http"), headers.get("host"),
                               headers.get("origin"))
        if refusal is not None:
            status, message = refusal
            await _json_error(secured, status, message)
            return
        await self.app(scope, receive, secured)

    def refusal(self, scheme: str, host: str | None, origin: str | None
                ) -> tuple[int, str] | None:
        """The status and line refusing a request naming *host*, sent from a page of
        *origin*; None for one the editor serves."""
        if host is None:
            return 400, "the request names no host: expected this editor's address"
        split = _split_host(host)
        if split is None or not self.accepts(split[0]):
            shown = ", ".join(sorted(self.names))
            return 400, (f"the request names the host {host[:60]!r}: only this editor's "
                         f"own address is served ({shown})")
        if origin is not None and _origin(origin) != _origin(f"{scheme}://{host}"):
            # Scheme, host and port: a page served by another program on this computer
            # (another port) is another site.
            return 403, (f"requests from pages of {origin[:60]!r} are refused: only the "
                         f"editor's own page ({scheme}://{host[:60]}) may send them")
        return None

    def accepts(self, name: str) -> bool:
        name = name.strip("[]")
        if name in self.names:
            return True
        return self.own_addresses and is_own_address(name)


def _origin(text: str) -> tuple[str, str, int | None] | None:
    """An origin's scheme, host and port, the default port written out; None for
    ``null`` (a sandboxed page, a local file) or anything unreadable."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname.lower(), port or _DEFAULT_PORTS[parts.scheme]


async def _json_error(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode("ascii")
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode("ascii"))]})
    await send({"type": "http.response.body", "body": body})
