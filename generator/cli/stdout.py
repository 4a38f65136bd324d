"""Standard output that fails in one line: ``opencards list > /dev/full``, or a pipe whose
reader has gone (``| head -1``), ends with ``Error: cannot write to standard output
(...)`` and exit code 1, not an OSError's traceback."""
from __future__ import annotations

import os
import sys
from typing import Any

from ..errors import StdoutError


class GuardedStdout:
    """``sys.stdout`` with its failures raised as :exc:`StdoutError`: only then can the
    command tell its own output failing from a bug's OSError, and the CLI reports it as
    any mistake, in one line.

    The first failure points standard output at the null device, so that what is left in
    the buffer does not fail again, with a traceback, when the interpreter flushes it."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        #: The failure, once there was one: a caller may swallow the exception (click
        #: probes a stream with writes inside a try), and the exit code must still say so.
        self.failure: StdoutError | None = None

    def write(self, text: Any) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if not text:
            return 0
        try:
            written: int = self._stream.write(text)
            return written
        except OSError as e:
            raise self._failed(e) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as e:
            raise self._failed(e) from None

    def finish(self, code: Any) -> Any:
        """The exit code once what is buffered is written: 1, with the error line on
        stderr, if standard output failed and nothing else has been reported (*code* 0).
        The command's entry point calls it on the way out."""
        try:
            self.flush()
        except StdoutError:
            pass
        if self.failure is None or code:
            return code
        try:
            sys.stderr.write(f"Error: {self.failure}\n")
        except (OSError, AttributeError):
            pass
        return 1

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


def guard() -> None:
    """Wraps ``sys.stdout`` (once; never in tests, whose runner swaps the stream itself)."""
    if sys.stdout is not None and not isinstance(sys.stdout, GuardedStdout):
        sys.stdout = GuardedStdout(sys.stdout)
