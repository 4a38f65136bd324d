"""Writing files so that a failure never leaves a half-written output behind."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..errors import OutputError


def prepare_dir(path: Path) -> Path:
    """Creates *path* if needed and checks it can be written to.

    :raises: :exc:`OutputError` in one line if it cannot.
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(f"{path}: cannot create the output folder "
                          f"({e.strerror or type(e).__name__})") from None
    if not path.is_dir():
        raise OutputError(f"{path}: expected a folder for the output, found a file")
    if not os.access(path, os.W_OK | os.X_OK):
        raise OutputError(f"{path}: the output folder is not writable")
    return path


def atomic_write(path: Path, data: bytes | str) -> Path:
    """Writes *data* to a temporary file beside *path*, then renames it into place."""
    blob = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as e:
        raise OutputError(f"{path}: cannot write ({e.strerror or type(e).__name__})") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(blob)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException as e:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(e, OSError):
            raise OutputError(f"{path}: cannot write ({e.strerror or type(e).__name__})") \
                from None
        raise
    return path
