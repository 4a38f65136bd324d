"""``python -m generator`` and the ``opencards`` command (pyproject's entry point), which
owns the process's Ctrl-C: importing the package changes no process state.

Ctrl-C is held from the first statement of :func:`run`; what the package loads before it
is only this module and the package root, which import nothing else (2 ms; typing,
signal and threading took 17 ms, a window in which Ctrl-C printed a traceback). What is
left of that window is Python's own start-up and the installer's script (its
``import re``), outside the package.

A Ctrl-C anywhere prints one line, ``Aborted.``, and exits with 130 (128 + SIGINT, what
shells report for an interrupted command), never a traceback. The package root loads
nothing until asked (see ``generator/__init__.py``), so the CLI and everything under it
load inside :func:`run`: Python's KeyboardInterrupt unwinds (removing any staged output)
to here, or to the CLI group, which prints the same line for a command run from a
program. Once the command is done, :func:`_finish` notes a late Ctrl-C and then ignores
it for the interpreter's shutdown.
"""
from __future__ import annotations

import sys

# Nothing else is imported before run() holds Ctrl-C: until then a Ctrl-C is Python's
# KeyboardInterrupt with a traceback, and signal, threading and typing took 17 ms.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def run() -> None:
    code: Any = 0
    try:
        try:
            # Here, not at the top: a Ctrl-C while the CLI and its libraries load is a
            # KeyboardInterrupt caught below.
            from .cli import main
            main()
        except SystemExit as e:
            code = e.code
    except KeyboardInterrupt:
        # The same line and code as generator.cli's for a Ctrl-C inside a command.
        sys.stderr.write("Aborted.\n")
        code = 130
    sys.exit(_finish(code))


def _finish(code: Any) -> Any:
    """The exit code once the command's threads are joined and stdout is flushed.

    Ctrl-C from here on is only noted: a command that was done is then reported as
    interrupted, once. When this returns, Ctrl-C is ignored outright, since the
    interpreter's shutdown runs no Python handler and restores the default action for
    handlers it installed (a process killed by SIGINT, with no ``Aborted.``), but it
    leaves an ignored signal ignored.
    """
    import signal
    import threading

    noted: list[int] = []
    main_thread = threading.current_thread() is threading.main_thread()
    if main_thread:
        signal.signal(signal.SIGINT, lambda signum, frame: noted.append(signum))
    try:
        ink = sys.modules.get("generator.sheets.ink")
        if ink is not None:
            ink.stop_all()
        for thread in threading.enumerate():
            if thread is not threading.current_thread() and not thread.daemon:
                thread.join()
        # generator.cli wraps stdout so that a failure to write it is one line (see
        # generator/cli/stdout.py); what is still buffered is written here, not at shutdown.
        finish = getattr(sys.stdout, "finish", None)
        if finish is not None:
            code = finish(code)
        elif sys.stdout is not None:
            try:
                sys.stdout.flush()
            except OSError:
                pass   # the command never started: its own output, if any, is lost
        if noted and code != 130:
            sys.stderr.write("Aborted.\n")
            code = 130
        if sys.stderr is not None:
            try:
                sys.stderr.flush()
            except OSError:
                pass
    finally:
        if main_thread:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
    return code


if __name__ == "__main__":
    run()
