"""Issue 23, hardening's third pass: every file read through one bounded reader, template
folders with loops and long names, output that stays inside --out, booklet text checked
against the fonts and the measure, bounded GIFs, threads joined before exit, a broken
stdout, and ASCII-only integers. Each test names the item of the issue it covers."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import cli

REPO = Path(__file__).resolve().parent.parent
ICC = REPO / "icc" / "opencards-coated-fogra39l.icc"


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


def command(*args: str, cwd: Path, timeout: float = 60, **kwargs) -> subprocess.CompletedProcess:
    """The installed command in a process of its own: for what must not block, and for
    what only a real process shows (its exit, its signals, its stdout)."""
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout, **kwargs)


# --- N1, N2: ICC profiles through the bounded reader, tried once at load ------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_n1_an_icc_profile_that_is_a_fifo_is_refused_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "f.icc")
    done = command("build", "--shop", "--only", "pack1", "--icc", "f.icc", "--out", "o",
                   cwd=tmp_path, timeout=30)
    assert done.returncode == 1, done.stderr
    assert done.stderr == "Error: f.icc: expected a regular file, got a FIFO (named pipe) " \
                          "(an ICC profile)\n"
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_n1_an_icc_profile_that_is_a_device_is_refused_at_once(runner, tmp_path, device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    result = runner.invoke(cli, ["build", "--shop", "--only", "pack1", "--icc", device,
                                 "--out", str(tmp_path / "o")])
    one_line_error(result, device, "a regular file", "a character device")


def test_n1_an_oversized_icc_profile_is_refused_before_reading(runner, tmp_path, monkeypatch):
    from generator.draw.backends import colour
    monkeypatch.setattr(colour, "MAX_ICC_BYTES", 1000)
    result = runner.invoke(cli, ["build", "--shop", "--only", "pack1", "--icc", str(ICC),
                                 "--out", str(tmp_path / "o")])
    one_line_error(result, "at most 1,000 bytes")


@pytest.mark.parametrize("size", [1000, 100_000])
def test_n2_a_truncated_icc_profile_is_one_line(runner, tmp_path, size):
    cut = tmp_path / "t.icc"
    cut.write_bytes(ICC.read_bytes()[:size])
    result = runner.invoke(cli, ["build", "--shop", "--only", "pack1", "--icc", str(cut),
                                 "--out", str(tmp_path / "o")])
    one_line_error(result, "t.icc", "CMYK output profile")
    assert not (tmp_path / "o").exists()
