"""A run killed while it moves its files in (``kill -9``, a power cut) leaves its hidden
staging folder inside --out; the next run into that folder removes it, but only a folder
that is ours and whose process is gone (issue 17, output safety)."""
from __future__ import annotations

import os
import platform
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.io import output
from generator.io.output import MARKER, MARKER_LINE, STAGE_PREFIX, remove_leftovers, staged

ROOT = Path(__file__).resolve().parent.parent


def dead_pid() -> int:
    """The number of a process that has ended (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def leftover(out: Path, name: str, pid: int, host: str | None = None) -> Path:
    """A hidden folder as a killed run leaves it: a marker, a new file not yet moved in
    and a replaced old one set aside."""
    folder = out / f"{STAGE_PREFIX}{name}"
    (folder / "new").mkdir(parents=True)
    (folder / "old").mkdir()
    (folder / "new" / "pack2.pdf").write_bytes(b"%PDF new")
    (folder / "old" / "pack1.pdf").write_bytes(b"%PDF old")
    (folder / MARKER).write_text(
        f"{MARKER_LINE}\npid {pid}\nhost {platform.node() if host is None else host}\n",
        encoding="utf-8")
    return folder


def test_a_dead_process_s_folder_is_removed_by_the_next_run(tmp_path: Path) -> None:
    folder = leftover(tmp_path, "dead0001", dead_pid())
    (tmp_path / "kept.pdf").write_bytes(b"output")
    with staged(tmp_path) as stage:
        stage.write("pack1.pdf", b"%PDF fresh")
    assert not folder.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.pdf", "pack1.pdf"]


def test_a_running_process_s_folder_is_kept(tmp_path: Path) -> None:
    """A concurrent build into the same folder: its process still runs."""
    runner = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        folder = leftover(tmp_path, "live0001", runner.pid)
        assert remove_leftovers(tmp_path) == []
        with staged(tmp_path) as stage:
            stage.write("pack1.pdf", b"%PDF fresh")
        assert (folder / "new" / "pack2.pdf").read_bytes() == b"%PDF new"
    finally:
        runner.kill()
        runner.wait()
    # Once it is gone, the folder is a leftover like any other.
    assert remove_leftovers(tmp_path) == [folder]


def test_folders_that_only_look_like_ours_are_kept(tmp_path: Path) -> None:
    dead = dead_pid()
    unmarked = tmp_path / f"{STAGE_PREFIX}nomarker"
    (unmarked / "new").mkdir(parents=True)
    foreign = tmp_path / f"{STAGE_PREFIX}foreign1"
    foreign.mkdir()
    (foreign / MARKER).write_text(f"someone else's\npid {dead}\nhost {platform.node()}\n",
                                  encoding="utf-8")
    half = tmp_path / f"{STAGE_PREFIX}halfmark"
    half.mkdir()
    (half / MARKER).write_text(f"{MARKER_LINE}\npi", encoding="utf-8")
    a_file = tmp_path / f"{STAGE_PREFIX}file"
    a_file.write_bytes(b"not a folder")
    # A link to a dead run's folder elsewhere: neither the link nor what it points to goes.
    elsewhere = leftover(tmp_path / "elsewhere", "target01", dead)
    link = tmp_path / f"{STAGE_PREFIX}link"
    link.symlink_to(elsewhere, target_is_directory=True)
    other_name = leftover(tmp_path, "x", dead).rename(tmp_path / ".other-x")
    assert remove_leftovers(tmp_path) == []
    for path in (unmarked, foreign, half, a_file, link, elsewhere, other_name):
        assert os.path.lexists(path), path


def test_another_machine_s_folder_is_kept_until_it_is_old(tmp_path: Path) -> None:
    """On a shared disk another machine's process number means nothing here: only age
    tells its folder is a leftover."""
    folder = leftover(tmp_path, "remote01", dead_pid(), host="another-machine")
    assert remove_leftovers(tmp_path) == []
    two_days_ago = time.time() - 2 * 24 * 3600
    os.utime(folder / MARKER, (two_days_ago, two_days_ago))
    assert remove_leftovers(tmp_path) == [folder]


def test_an_old_folder_is_removed_though_its_number_runs_again(tmp_path: Path) -> None:
    """A process number is reused: a day-old marker naming a running process (here the
    test's parent) is a leftover all the same."""
    folder = leftover(tmp_path, "reused01", os.getppid())
    assert remove_leftovers(tmp_path) == []
    two_days_ago = time.time() - 2 * 24 * 3600
    os.utime(folder / MARKER, (two_days_ago, two_days_ago))
    assert remove_leftovers(tmp_path) == [folder]


def test_a_folder_that_cannot_be_read_is_left_and_the_run_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = leftover(tmp_path, "dead0002", dead_pid())

    def unreadable(*args: object, **kwargs: object) -> object:
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(output, "open", unreadable, raising=False)
    assert remove_leftovers(tmp_path) == []
    assert folder.exists()


def test_a_run_s_own_folder_names_its_process(tmp_path: Path) -> None:
    with staged(tmp_path) as stage:
        marker = (stage.folder.parent / MARKER).read_text(encoding="utf-8").splitlines()
        assert marker == [MARKER_LINE, f"pid {os.getpid()}", f"host {platform.node()}"]
        # Its own process runs: a nested tidy-up never takes the folder being written.
        assert remove_leftovers(tmp_path) == []
        stage.write("pack1.pdf", b"%PDF")
    assert [p.name for p in tmp_path.iterdir()] == ["pack1.pdf"]


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_a_build_killed_while_moving_in_is_tidied_by_the_next(tmp_path: Path) -> None:
    """End to end: ``kill -9`` after the first file of a build was moved in leaves a mix
    and the hidden folder; the next build leaves only its complete output."""
    out = tmp_path / "out"
    runner = CliRunner()
    args = ["build", "--only", "pack1", "--only", "pack2", "--out", str(out)]
    assert runner.invoke(cli, args).exit_code == 0
    first = {p.name: p.read_bytes() for p in out.iterdir()}
    # The same build in a child that kills itself at its second rename into --out.
    script = textwrap.dedent(f"""
        import os, signal, sys
        from generator.io import output
        real = os.replace
        moved = []
        def replace(src, dst):
            if os.path.dirname(os.fspath(dst)) == {str(out)!r}:
                moved.append(dst)
                if len(moved) == 2:
                    os.kill(os.getpid(), signal.SIGKILL)
            return real(src, dst)
        output.os.replace = replace
        from generator.cli import cli
        cli(["build", "--only", "pack1", "--only", "pack2", "--paper", "letter",
             "--out", {str(out)!r}])
    """)
    killed = subprocess.run([sys.executable, "-c", script], cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": str(ROOT)},
                            capture_output=True)
    assert killed.returncode == -signal.SIGKILL, killed.stderr.decode()
    hidden = [p for p in out.iterdir() if p.name.startswith(STAGE_PREFIX)]
    assert len(hidden) == 1 and (hidden[0] / MARKER).is_file()
    assert runner.invoke(cli, args).exit_code == 0
    assert {p.name: p.read_bytes() for p in out.iterdir()} == first
