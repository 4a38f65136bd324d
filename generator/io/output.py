"""Writing files so that a failure never leaves a half-written output behind.

Two ways in: :func:`atomic_write` for one file, and :func:`staged` for a command that
writes many (``build``, ``render``, ``export-cards``): every file goes into a hidden
folder inside the output folder first and is moved in only when all of them were
written, so an error, a full disk or Ctrl-C leaves the previous output as it was.
"""
from __future__ import annotations

import contextvars
import os
import platform
import re
import shutil
import signal
import stat
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

from ..errors import OutputError

#: The hidden folder's name starts with this; :func:`safe_name` never makes a name
#: starting with a dot, so no output can be mistaken for it.
STAGE_PREFIX = ".opencards-"
#: The file inside a hidden folder that says it is ours and which process made it: its
#: first line is :data:`MARKER_LINE`, then ``pid N`` and ``host NAME``.
MARKER = "owner"
MARKER_LINE = "opencards staging folder"
#: A hidden folder this old is left over whatever its process: a build takes seconds, and
#: the process number of one killed long ago may have been given to another program.
STALE_AFTER = 24 * 3600.0


def _kind(path: Path) -> str | None:
    """``"dir"``, ``"file"`` (anything else) or None if nothing is at *path*.

    :raises: :exc:`OutputError` for a name the system refuses to look up (one over its
        length limit, a loop of links), which ``Path.exists`` would raise as an OSError.
    """
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except (OSError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else "not a usable name"
        raise OutputError(f"{path}: cannot write there ({reason})") from None
    return "dir" if stat.S_ISDIR(info.st_mode) else "file"


def prepare_dir(path: Path) -> Path:
    """Creates *path* if needed and checks it can be written to.

    :raises: :exc:`OutputError` in one line if it cannot.
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(f"{path}: cannot create the output folder "
                          f"({e.strerror or type(e).__name__})") from None
    if _kind(path) != "dir":
        raise OutputError(f"{path}: expected a folder for the output, found a file")
    if not os.access(path, os.W_OK | os.X_OK):
        raise OutputError(f"{path}: the output folder is not writable")
    return path


def prepare_parent(path: Path, option: str = "--out", *, create: bool = True) -> Path:
    """Checks that the single output file *path* can be written, and creates its missing
    folders if *create*; returns *path*.

    Missing folders are made only below a folder that exists and that the path names
    (``docs/x.png`` in the working folder, ``/tmp/out/new/x.png`` below ``/tmp/out``),
    never straight below the root of a file system: a mistyped ``/nonexistent/x.png`` is
    refused instead of leaving a folder behind where the user never meant to write.

    :raises: :exc:`OutputError` in one line naming *option*.
    """
    if _kind(path) == "dir":
        raise OutputError(f"{path}: a folder is in the way of the output file ({option} "
                          "names a file, not a folder)")
    parent = path.parent if str(path.parent) else Path(".")
    if _kind(parent) != "dir":
        existing = Path(os.path.abspath(parent))
        while not os.path.lexists(existing) and existing != existing.parent:
            existing = existing.parent
        if existing == existing.parent:
            raise OutputError(f"{parent}: no such folder for {option} (folders are created "
                              "only below one that exists; create it first)")
        if not existing.is_dir():
            raise OutputError(f"{existing}: a file is in the way of the folder {parent} "
                              f"of {option}")
    if create:
        prepare_dir(parent)   # makes what is missing, and checks it can be written to
        return path
    # Checked only: the folder that exists (the file's, or the one its missing folders
    # will be made in) must take new entries, so that a run that writes other files
    # first does not fail after them.
    existing = Path(os.path.abspath(parent))
    while not os.path.lexists(existing) and existing != existing.parent:
        existing = existing.parent
    if not os.access(existing, os.W_OK | os.X_OK):
        raise OutputError(f"{existing}: the folder of {option} is not writable")
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


# Characters no output name may hold: path separators on any OS, and control characters
# (a newline in a file name would also split the one-line messages that name it).
_UNSAFE = re.compile(r'[/\\\x00-\x1f\x7f]')


def safe_name(name: str) -> str:
    """*name* as one file name component: separators and control characters become
    ``_``, leading dots go (no ``..``, nothing hidden); Cyrillic and other letters stay.

    >>> safe_name("../x/evil")
    '_x_evil'
    >>> safe_name("пак")
    'пак'

    :raises: :exc:`OutputError` if nothing usable is left.
    """
    cleaned = _UNSAFE.sub("_", name).lstrip(".")
    if not cleaned:
        raise OutputError(f"{name!r}: cannot make a file name of it")
    return cleaned


def _rel(name: str | PurePosixPath) -> PurePosixPath:
    """A staged file's path relative to the output folder, checked part by part."""
    rel = PurePosixPath(name)
    if rel.is_absolute() or not rel.parts or not all(map(_is_safe, rel.parts)):
        raise OutputError(f"{str(name)!r}: not a safe output name")
    return rel


def _is_safe(part: str) -> bool:
    try:
        return part == safe_name(part)
    except OutputError:
        return False


class Staging:
    """The hidden folder a command writes into; see :func:`staged`."""

    def __init__(self, out: Path, folder: Path) -> None:
        #: The output folder the files end up in.
        self.out = out
        #: Where the files are written meanwhile: the same layout as :attr:`out` will get.
        self.folder = folder
        self._names: dict[str, PurePosixPath] = {}

    def final(self, name: str | PurePosixPath) -> Path:
        """Where *name* (relative to the output folder) ends up."""
        return self.out / _rel(name)

    def write(self, name: str | PurePosixPath, data: bytes | str) -> Path:
        """Writes *data* as *name* (``kit.pdf``, ``cards/pack1/pack1-1R-face.png``) into
        the staging folder; returns where the file will be once moved in.

        :raises: :exc:`OutputError` for a name already written in this run (compared
            without case: two names differing only in case are one file on some disks),
            or when the file cannot be written (a full disk).
        """
        rel = _rel(name)
        key = str(rel).casefold()
        if key in self._names:
            raise OutputError(f"{self.out / rel}: two outputs of this run would both be "
                              f"written there ({self._names[key]} and {rel})")
        self._names[key] = rel
        path = self.folder / rel
        blob = data.encode("utf-8") if isinstance(data, str) else data
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "xb") as handle:
                handle.write(blob)
        except OSError as e:
            raise OutputError(f"{self.out / rel}: cannot write "
                              f"({e.strerror or type(e).__name__})") from None
        return self.out / rel


#: The staging each output folder has open in this context, so nested jobs share one.
_OPEN: contextvars.ContextVar[dict[Path, Staging] | None] = contextvars.ContextVar(
    "opencards_staging", default=None)


@contextmanager
def staged(out_dir: Path) -> Iterator[Staging]:
    """All-or-nothing output into *out_dir*: files written through the :class:`Staging`
    (or straight into its ``folder``) land in a hidden ``.opencards-XXXX`` folder inside
    *out_dir*, on the same disk, and are renamed into place only when the block ends
    without an error. On any error, Ctrl-C included, the hidden folder is removed and
    *out_dir* is left as it was (a folder this call created is removed again if empty).

    A ``staged`` block inside another one for the same folder joins it: the outer block
    moves everything in, so ``build`` can stage the kit and the booklets as one.

    The move-in renames file by file, setting each replaced file aside in the hidden
    folder. Ctrl-C is held back while it runs; if one came, or a rename fails, the files
    moved so far are put back. Only a crash or power cut in that short window leaves
    some new and some old files, with the rest of both in the hidden folder; the next
    run into *out_dir* removes that folder (:func:`remove_leftovers`) and writes all
    of its own files.
    """
    key = out_dir.absolute()
    opened = _OPEN.get() or {}
    if key in opened:
        yield opened[key]
        return
    created = _kind(out_dir) is None
    out = prepare_dir(out_dir)
    remove_leftovers(out)
    root: Path | None = None
    token = None
    try:
        try:
            try:
                root = Path(tempfile.mkdtemp(prefix=STAGE_PREFIX, dir=out))
                (root / MARKER).write_text(
                    f"{MARKER_LINE}\npid {os.getpid()}\nhost {platform.node()}\n",
                    encoding="utf-8")
                stage = Staging(out, root / "new")
                stage.folder.mkdir()
            except OSError as e:
                raise OutputError(f"{out}: cannot write "
                                  f"({e.strerror or type(e).__name__})") from None
            token = _OPEN.set({**opened, key: stage})
            yield stage
        except BaseException:
            with _sigint_held():
                _clean_up(root, out, created)
            raise
        with _sigint_held() as ctrl_c:
            try:
                _move_in(stage.folder, out, root / "old", ctrl_c)
            except BaseException:
                # Previous files a failed move could not put back stay in the hidden
                # folder (the error names it); otherwise it goes.
                if (root / "old").exists() and _staged_files(root / "old"):
                    shutil.rmtree(stage.folder, ignore_errors=True)
                else:
                    _clean_up(root, out, created)
                raise
            _clean_up(root, out, created)
    finally:
        if token is not None:
            _OPEN.reset(token)


def remove_leftovers(out: Path) -> list[Path]:
    """Removes the hidden folders a killed run left in *out* (``kill -9`` or a power cut
    while its files were moved in); returns those removed. A folder goes only if it is
    ours, a real folder named :data:`STAGE_PREFIX`... holding a :data:`MARKER` that says
    so, and its process is gone: one of this machine whose process number no longer
    runs, or any older than :data:`STALE_AFTER`. A folder of a build still running, of
    another machine sharing the disk, or that merely looks like ours, is left alone, and
    so is anything that cannot be read or removed: tidying never fails a run."""
    removed: list[Path] = []
    try:
        entries = [entry for entry in os.scandir(out) if entry.name.startswith(STAGE_PREFIX)]
    except OSError:
        return removed
    for entry in entries:
        try:
            if not entry.is_dir(follow_symlinks=False) or not _left_over(Path(entry.path)):
                continue
        except OSError:
            continue
        shutil.rmtree(entry.path, ignore_errors=True)
        if not os.path.lexists(entry.path):
            removed.append(Path(entry.path))
    return removed


def _left_over(folder: Path) -> bool:
    """Whether the hidden *folder* is ours and its process is gone (see
    :func:`remove_leftovers`)."""
    marker = folder / MARKER
    if not marker.is_file() or marker.is_symlink():
        return False
    try:
        with open(marker, encoding="utf-8") as handle:
            lines = handle.read(1000).splitlines()
        age = time.time() - marker.stat().st_mtime
    except (OSError, UnicodeDecodeError):
        return False
    fields = {key: value for key, _, value in (line.partition(" ") for line in lines[1:])}
    if not lines or lines[0] != MARKER_LINE or not fields.get("pid", "").isdigit():
        return False   # not ours, or its process has not finished writing the marker
    if age > STALE_AFTER:
        return True
    pid = int(fields["pid"])
    if fields.get("host") != platform.node() or pid == os.getpid() or os.name != "posix":
        # Another machine's process cannot be asked; ours is running; and elsewhere than
        # POSIX os.kill ends a process instead of asking about it.
        return False
    return not _running(pid)


def _running(pid: int) -> bool:
    """Whether a process numbered *pid* runs on this machine (signal 0 only asks)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True    # it runs, as another user (PermissionError), or cannot be told
    return True


def _clean_up(root: Path | None, out: Path, created: bool) -> None:
    if root is not None:
        shutil.rmtree(root, ignore_errors=True)
    if created:
        try:
            out.rmdir()   # only if empty: a failed first build leaves no empty folder
        except OSError:
            pass


def _staged_files(folder: Path) -> list[PurePosixPath]:
    """Every file under *folder*, relative to it, in a stable order."""
    found = []
    for top, dirs, files in os.walk(folder):
        dirs.sort()
        base = PurePosixPath(Path(top).relative_to(folder).as_posix())
        found += [base / name for name in sorted(files)]
    return found


def _inside(path: Path, out: Path) -> None:
    """Refuses *path* (below *out*) if, its links followed, it is not inside *out*: a link
    in the output folder (``OUT/cards -> /elsewhere``) must not carry a write out of it.

    :raises: :exc:`OutputError` naming the link.
    """
    real_out = os.path.realpath(out)
    real = os.path.realpath(path)
    if os.path.commonpath([real_out, real]) == real_out:
        return
    # Name the first link on the way, which is what the user has to remove.
    for part in reversed(path.parents):
        if part != out and out in part.parents and os.path.islink(part):
            path = part
            break
    raise OutputError(f"{path}: a link leading out of the output folder {out} (to "
                      f"{os.path.realpath(path)}); nothing is written through it")


def _check_targets(files: list[PurePosixPath], out: Path) -> None:
    """Refuses, before anything is moved, a target that could not be replaced, or one
    that a link would put outside *out*."""
    for rel in files:
        target = out / rel
        _inside(target.parent, out)
        for parent in reversed(target.parents):
            if parent in out.parents or parent == out or not os.path.lexists(parent):
                continue
            if not parent.is_dir():
                raise OutputError(f"{parent}: a file is in the way of the output folder "
                                  f"{parent.name}")
        if target.is_dir() and not target.is_symlink():
            raise OutputError(f"{target}: a folder is in the way of the output file")
        if target.parent.is_dir() and not os.access(target.parent, os.W_OK | os.X_OK):
            raise OutputError(f"{target.parent}: the output folder is not writable")


def _move_in(folder: Path, out: Path, old: Path, ctrl_c: list[int]) -> None:
    """Renames every staged file into *out*, keeping each replaced file in *old* until
    all are in, so that a failure, or a Ctrl-C held back meanwhile (noted in *ctrl_c*),
    puts them back."""
    files = _staged_files(folder)
    _check_targets(files, out)
    moved: list[tuple[Path, Path | None]] = []
    made: list[Path] = []
    try:
        for rel in files:
            target = out / rel
            for parent in reversed(target.parents):
                if parent not in out.parents and parent != out and not parent.exists():
                    parent.mkdir()
                    made.append(parent)
            # Again, just before the file goes in: a link may have appeared since the check.
            _inside(target.parent, out)
            backup = None
            if os.path.lexists(target):
                backup = old / rel
                backup.parent.mkdir(parents=True, exist_ok=True)
                os.replace(target, backup)
            moved.append((target, backup))
            os.replace(folder / rel, target)
        if ctrl_c:
            raise KeyboardInterrupt   # Ctrl-C came during the move: put everything back
    except BaseException as e:
        stuck = 0
        for target, backup in reversed(moved):
            try:
                if backup is not None:
                    os.replace(backup, target)
                else:
                    target.unlink(missing_ok=True)
            except OSError:
                stuck += 1
        if stuck:
            raise OutputError(f"{out}: the move into place failed and {stuck} previous "
                              f"file(s) could not be put back; they are in {old}") from None
        for made_dir in reversed(made):
            try:
                made_dir.rmdir()
            except OSError:
                pass
        if isinstance(e, OSError):
            name = e.filename or out
            raise OutputError(f"{name}: cannot move the new file into place "
                              f"({e.strerror or type(e).__name__}); the previous output is "
                              f"unchanged") from None
        raise


@contextmanager
def _sigint_held() -> Iterator[list[int]]:
    """Holds Ctrl-C back: inside the block it is only noted (in the list yielded), and
    raised as :exc:`KeyboardInterrupt` when the block ends. A Python-level handler rather
    than a signal mask, so that it holds whichever thread the OS hands the signal to.
    Left alone off the main thread or where a program has its own SIGINT handler."""
    noted: list[int] = []
    if threading.current_thread() is not threading.main_thread() \
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield noted
        return
    signal.signal(signal.SIGINT, lambda signum, frame: noted.append(signum))
    try:
        yield noted
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if noted:
            raise KeyboardInterrupt
