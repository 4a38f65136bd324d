"""``python -m generator`` and the ``opencards`` command (pyproject's entry point).

A Ctrl-C anywhere prints one line, ``Aborted.``, and exits with 130 (128 + SIGINT, what
shells report for an interrupted command), never a traceback: while the package loads,
its root's handler says so (see ``generator/__init__.py``); while the CLI loads, and in a
command, Python's KeyboardInterrupt unwinds (removing any staged output) to here or to
the CLI group.
"""
from __future__ import annotations

import os
import signal
import sys
import threading
from typing import Any

from .errors import StdoutError


class _Stdout:
    """``sys.stdout`` with its failures raised as :exc:`StdoutError`: only then can the
    command tell its own output failing from a bug's OSError.

    The first failure points standard output at the null device, so that what is left in
    the buffer does not fail again, with a traceback, when the interpreter flushes it."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        #: The failure, once there was one: a caller may swallow the exception (click
        #: probes the stream with writes in a try), and the exit code must still say so.
        self.failure: StdoutError | None = None

    def write(self, text: Any) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if not text:
            return 0
        try:
            return self._stream.write(text)
        except OSError as e:
            raise self._failed(e) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as e:
            raise self._failed(e) from None

    def _failed(self, error: OSError) -> StdoutError:
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self._stream.fileno())
            os.close(null)
        except (OSError, AttributeError, ValueError):
            pass
        if self.failure is None:
            self.failure = StdoutError(error)
        return self.failure

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def run() -> None:
    code: Any = 0
    if sys.stdout is not None and not isinstance(sys.stdout, _Stdout):
        sys.stdout = _Stdout(sys.stdout)
    try:
        try:
            from .cli import main
            if getattr(signal.getsignal(signal.SIGINT), "__module__", None) == "generator":
                # Loaded: the package root's handler for the loading goes, and Ctrl-C is a
                # KeyboardInterrupt again, so that a command cleans up on the way out.
                signal.signal(signal.SIGINT, signal.default_int_handler)
            main()
        except SystemExit as e:
            code = e.code
        except StdoutError as e:   # raised outside the CLI's own handler (at its exit)
            code = _report(e)
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
        try:
            if sys.stdout is not None:
                sys.stdout.flush()
        except StdoutError as e:
            failed = _report(e)
            code = code or failed
        else:
            failure = getattr(sys.stdout, "failure", None)
            if failure is not None and not code:
                code = _report(failure)   # a failure someone swallowed on the way
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


def _report(error: StdoutError) -> int:
    """The one line for a failed standard output; returns the exit code, 1."""
    try:
        sys.stderr.write(f"Error: {error}\n")
        sys.stderr.flush()
    except (OSError, AttributeError):
        pass
    return 1


if __name__ == "__main__":
    run()
