"""Helpers for tests that run the command in a process of its own."""
from __future__ import annotations

import signal


def default_ctrl_c() -> None:
    """In the child, before Python starts: SIGINT at its default, as in a terminal. A
    process started in the background by a non-interactive shell (as some CI runners, and
    ``cmd &``, start the tests) inherits SIGINT ignored, and Python then leaves it ignored,
    so Ctrl-C could not be tested at all."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
