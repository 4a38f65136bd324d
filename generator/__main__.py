"""``python -m generator`` and the ``opencards`` command (pyproject's entry point).

A Ctrl-C anywhere prints one line, ``Aborted.``, and exits with 130 (128 + SIGINT, what
shells report for an interrupted command), never a traceback: while the package loads,
its root's handler says so (see ``generator/__init__.py``); while the CLI loads, and in a
command, Python's KeyboardInterrupt unwinds (removing any staged output) to here or to
the CLI group.
"""
from __future__ import annotations

import errno
import os
import signal
import sys
import threading
from typing import Any


class StdoutFailed(Exception):
    """A write to standard output failed (a full disk, a closed pipe): not an OSError, so
    that no handler of a file's errors takes it for one."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


class _Stdout:
    """``sys.stdout`` with its failures raised as :exc:`StdoutFailed`: only then can the
    command tell its own output failing from a bug's OSError."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: Any) -> int:
        try:
            return self._stream.write(text)
        except OSError as e:
            raise StdoutFailed(e) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as e:
            raise StdoutFailed(e) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def run() -> None:
    code: Any = 0
    if sys.stdout is not None and not isinstance(sys.stdout, _Stdout):
        sys.stdout = _Stdout(sys.stdout)  # type: ignore[assignment]
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
        except StdoutFailed as e:
            code = _stdout_error(e.error)
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
        except StdoutFailed as e:
            failed = _stdout_error(e.error)
            code = code or failed
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


def _stdout_error(error: OSError) -> int:
    """Says in one line that standard output failed; returns the exit code, 1.

    Standard output is pointed at the null device afterwards, so that what is left in its
    buffer does not fail again, with a traceback, when the interpreter flushes it."""
    reason = error.strerror or os.strerror(error.errno or errno.EIO)
    try:
        sys.stderr.write(f"Error: cannot write to standard output ({reason})\n")
        sys.stderr.flush()
    except (OSError, AttributeError):
        pass
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.__stdout__.fileno())  # type: ignore[union-attr]
        os.close(null)
    except (OSError, AttributeError, ValueError):
        pass
    return 1


if __name__ == "__main__":
    run()
