"""Issue 45, hardening's fourth pass (the command-line part): Ctrl-C and kill -9 that stop
every worker of ``patience stats --jobs``, hostile ``--merge`` reports refused in one line,
hyphenation linear in a word's length, output targets checked before anything is written,
and the small ones. Each test names the item of the issue it covers.

Process tests read /proc to find the workers, so they run on Linux only."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.cli import cli
from processes import default_ctrl_c

REPO = Path(__file__).resolve().parent.parent
linux_only = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads the process table in /proc")


def one_line_error(result, *pieces: str) -> str:
    """The error of a run that must fail with exactly one line naming *pieces*."""
    assert result.exit_code == 1, (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    err = result.stderr
    assert err.startswith("Error: ") and err.count("\n") == 1, err
    for piece in pieces:
        assert piece in err, (piece, err)
    return err


# --- 1. patience stats --jobs: Ctrl-C and kill -9 stop every worker -----------------------

def _children(pid: int) -> set[int]:
    """The live processes whose parent is *pid*."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if fields[0] != "Z" and int(fields[1]) == pid:
            found.add(int(entry))
    return found


def _alive(pids: set[int]) -> set[int]:
    left = set()
    for pid in pids:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        if stat[stat.rindex(")") + 2:].split()[0] != "Z":
            left.add(pid)
    return left


def _start_stats(tmp_path: Path, **popen: object) -> tuple[subprocess.Popen, set[int]]:
    """``patience stats --jobs 4 --deals 0-999`` running, with its workers at work.
    Output goes to files: an orphaned worker holding a pipe would hang the test."""
    out = (tmp_path / "out.txt").open("w")
    err = (tmp_path / "err.txt").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "generator", "patience", "stats", "nivernaise", "--jobs", "4",
         "--deals", "0-999", "--progress"], stdout=out, stderr=err, cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)}, **popen)
    out.close()
    err.close()
    workers: set[int] = set()
    for _ in range(600):   # until both workers are there (at most a minute, not a budget)
        workers = _children(process.pid)
        if len(workers) >= min(2, os.cpu_count() or 1):
            break
        time.sleep(0.1)
    time.sleep(1.0)   # into the first deals
    return process, workers


def _no_worker_left(process: subprocess.Popen, workers: set[int]) -> None:
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        pytest.fail("the command did not end within 10 s of the signal")
    finally:
        for _ in range(100):
            if not _alive(workers):
                break
            time.sleep(0.1)
        left = _alive(workers)
        for pid in left:   # leave no stray process to the rest of the suite
            os.kill(pid, signal.SIGKILL)
    assert workers and not left, f"workers {sorted(left)} outlived the command"


@linux_only
def test_1_ctrl_c_stops_every_worker_and_prints_the_partial_counts(tmp_path):
    """Issue 45 item 1: the first Ctrl-C ends the run and its workers; the deals decided so
    far are counted on stderr; no deal's result is a KeyboardInterrupt."""
    process, workers = _start_stats(tmp_path, preexec_fn=default_ctrl_c)
    process.send_signal(signal.SIGINT)
    _no_worker_left(process, workers)
    err = (tmp_path / "err.txt").read_text()
    assert process.returncode == 130, err
    lines = err.splitlines()
    assert lines[-1] == "Aborted.", err
    assert lines[-2].startswith("stopped: ") and "of 1000 deals decided: " in lines[-2], err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert (tmp_path / "out.txt").read_text() == ""


@linux_only
def test_1_ctrl_c_at_a_terminal_reaches_the_workers_too_and_is_still_one_line(tmp_path):
    """A terminal sends Ctrl-C to the whole process group: the workers ignore it (it is
    the parent's to act on) rather than each printing a traceback or a result."""
    process, workers = _start_stats(tmp_path, preexec_fn=default_ctrl_c,
                                    start_new_session=True)
    os.killpg(process.pid, signal.SIGINT)
    _no_worker_left(process, workers)
    err = (tmp_path / "err.txt").read_text()
    assert process.returncode == 130 and err.endswith("Aborted.\n"), err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


@linux_only
def test_1_killing_the_parent_leaves_no_worker(tmp_path):
    """Issue 45 item 1: kill -9 of the command ends its workers (they watch their parent)
    instead of leaving them deciding deals and then waiting forever."""
    process, workers = _start_stats(tmp_path)
    process.kill()
    _no_worker_left(process, workers)
    assert process.returncode == -signal.SIGKILL


def test_1_jobs_above_the_cores_is_capped_with_a_line(runner, monkeypatch):
    """--jobs 64 on a machine of one core runs one process and says so."""
    monkeypatch.setattr("generator.rules.patience.pool.usable_cores", lambda: 1)
    result = runner.invoke(cli, ["patience", "stats", "nivernaise", "--deals", "0-1",
                                 "--nodes", "200", "--jobs", "64"])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[0] == (
        "--jobs 64: this machine gives it 1 core, so 1 process runs "
        "(more would only share them)")
    assert "deals 0-1:" in result.stdout


def _square(x: int) -> int:
    if x == 3:
        raise ValueError("three is refused")
    return x * x


def test_1_the_pool_returns_every_result_and_raises_a_workers_error():
    from generator.rules.patience.pool import unordered_map
    assert sorted(unordered_map(_square, [(n,) for n in (0, 1, 2, 4)], 2)) == [
        (0, 0), (1, 1), (2, 4), (3, 16)]
    with pytest.raises(ValueError, match="three is refused"):
        list(unordered_map(_square, [(n,) for n in range(6)], 2))


def test_1_the_pool_decides_the_same_deals_as_one_process():
    from generator.rules.patience.stats import decide_all
    one = decide_all("nivernaise", range(3), seconds=None, nodes=300, jobs=1)
    two = decide_all("nivernaise", range(3), seconds=None, nodes=300, jobs=2)
    assert [(r.seed, r.verdict, r.nodes, r.moves) for r in one] == \
        [(r.seed, r.verdict, r.nodes, r.moves) for r in two]
