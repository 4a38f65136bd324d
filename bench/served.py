"""The board editor started as ``opencards serve`` on a free local port, for the editor
benchmarks that time real HTTP round trips."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def editor_server() -> Iterator[str]:
    """Runs the editor until the block ends and yields its base address once it listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--port",
                               str(port)], cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert server.stdout is not None
        server.stdout.readline()   # its first line comes once it listens
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait()
