"""``python -m generator`` and the ``opencards`` command (pyproject's entry point).

A Ctrl-C anywhere prints one line, ``Aborted.``, and exits with 130 (128 + SIGINT, what
shells report for an interrupted command), never a traceback: while the package loads,
its root's handler says so (see ``generator/__init__.py``); while the CLI loads, and in a
command, Python's KeyboardInterrupt unwinds (removing any staged output) to here or to
the CLI group.
"""
from __future__ import annotations

import signal
import sys


def run() -> None:
    try:
        from .cli import main
        if getattr(signal.getsignal(signal.SIGINT), "__module__", None) == "generator":
            # Loaded: the package root's handler for the loading goes, and Ctrl-C is a
            # KeyboardInterrupt again, so that a command cleans up on the way out.
            signal.signal(signal.SIGINT, signal.default_int_handler)
        main()
    except KeyboardInterrupt:
        # The same line and code as generator.cli's for a Ctrl-C inside a command.
        sys.stderr.write("Aborted.\n")
        sys.exit(130)


if __name__ == "__main__":
    run()
