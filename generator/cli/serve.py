"""``opencards serve``: the board editor in the browser, on this computer only.

A thin shell: the app is :func:`generator.web.app.create_app`; this command checks the
address, prints it and runs the app with uvicorn (:mod:`.server`) until Ctrl-C.
"""
from __future__ import annotations

import errno
import socket
import threading
import webbrowser
from pathlib import Path

import click

from ..errors import GeneratorError
from ..io.templates import Library
from .common import Integer

#: The address served unless --host says otherwise: this computer alone.
LOCAL = "127.0.0.1"


def _free(host: str, port: int) -> None:
    """Refuses a port another program holds, in one line, before uvicorn logs it."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        try:
            probe.bind((host, port))
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                raise GeneratorError(f"port {port} on {host} is in use: choose another "
                                     "with --port") from None
            raise GeneratorError(f"cannot serve on {host}:{port}: "
                                 f"{e.strerror or e}") from None


@click.command()
@click.option("--port", type=Integer(1, 65535), default=8765, show_default=True,
              help="The port to serve on.")
@click.option("--host", default=LOCAL, show_default=True,
              help="The address to serve on. Anything but 127.0.0.1 lets other computers "
                   "use the editor.")
@click.option("--templates", "template_dirs", multiple=True,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="A folder of your own templates, as 'opencards --templates'.")
@click.option("--open", "open_browser", is_flag=True, help="Open the editor in the browser.")
@click.pass_context
def serve(ctx: click.Context, port: int, host: str, template_dirs: tuple[Path, ...],
          open_browser: bool) -> None:
    """Start the board editor in the browser: set up a position, play it with the rules,
    export the figure. Serves on 127.0.0.1 until Ctrl-C."""
    # Here: the server and the app are loaded by this command alone.
    from ..web.app import create_app
    from ..web.calls import warm
    from ..web.guard import served_hosts
    from .server import run
    library = Library.with_user_dirs([*template_dirs, *ctx.obj["templates"]])
    _free(host, port)
    warm(library)
    hosts, own_addresses = served_hosts(host)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    if host != LOCAL:
        click.echo(f"WARNING: serving on {host}, not {LOCAL}: other computers that reach "
                   "this address can use the editor", err=True)
    click.echo(f"opencards editor at {url} (Ctrl-C stops it)")
    if open_browser:
        threading.Timer(0.5, webbrowser.open, [url]).start()
    run(create_app(library, hosts=hosts, own_addresses=own_addresses), host, port)
