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


# --- N3, N4: loops of links and over-long names in template folders ---------------------

def test_n3_a_symlink_loop_in_a_template_folder_is_one_line(runner, tmp_path, monkeypatch):
    packs = tmp_path / "tp" / "packs"
    packs.mkdir(parents=True)
    (packs / "a.toml").symlink_to("b.toml")
    (packs / "b.toml").symlink_to("a.toml")
    monkeypatch.chdir(tmp_path)
    for args in (["list"], ["build", "--only", "a", "--out", "o"], ["show", "a"],
                 ["show", "tp/packs/a.toml"]):
        result = runner.invoke(cli, ["--templates", "tp", *args])
        one_line_error(result, "a.toml", "symbolic links")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("command_name", ["validate", "show"])
def test_n4_a_300_character_file_name_is_one_line(runner, tmp_path, monkeypatch,
                                                   command_name):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, [command_name, "x" * 300 + ".toml"])
    one_line_error(result, "xxx", "File name too long")


def test_n4_a_300_character_extends_is_one_line(runner, tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    (games / "g.toml").write_text(f'kind = "game"\nextends = "{"x" * 300}"\n',
                                  encoding="utf-8")
    result = runner.invoke(cli, ["show", str(games / "g.toml")])
    one_line_error(result, "g.toml", "extends", "at most 255 bytes")


# --- N15, N16: ASCII digits everywhere, ranges for switch values, refused inputs ----------

@pytest.mark.parametrize("args, piece", [
    (["patience", "deal", "nivernaise", "--seed", "\uff11"], "--seed"),
    (["patience", "solve", "nivernaise", "--seed", "1", "--limit", "\u0661s"], "--limit"),
    (["patience", "deal", "nivernaise", "--seed", "1", "--switch", "redeals=\uff12"],
     "--switch"),
    (["patience", "solve", "nivernaise", "--seed", "1", "--nodes", "1_000"], "--nodes"),
    (["ass", "deal", "--seed", "\u0663"], "--seed"),
    (["ass", "deal", "--players", "\uff14"], "--players"),
    (["ass", "deal", "--switch", "six-player-target=\u0661\u0662\u0668"], "--switch"),
    (["ass", "score", "8S AS", "-", "--banks", "3,\u0663"], "--banks"),
    (["rules", "deal", "basic-65", "--seed", "\uff11"], "--seed"),
    (["figure", "game1-demo", "--dpi", "\uff11\uff15\uff10"], "--dpi"),
    (["build", "--only", "pack1", "--sheets", "\uff12"], "--sheets"),
    (["calibrate", "--read", "TL=\u0661,0 TR=0,0 BL=0,0 BR=0,0"], "--read"),
])
def test_n15_numbers_take_ascii_digits_only(runner, tmp_path, monkeypatch, args, piece):
    monkeypatch.chdir(tmp_path)
    one_line_error(runner.invoke(cli, args), piece)
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("target", ["-5", "0", "185", "99999999999"])
def test_n16_the_six_player_target_is_range_checked(runner, target):
    result = runner.invoke(cli, ["ass", "deal", "--players", "6",
                                 "--switch", f"six-player-target={target}"])
    one_line_error(result, "six-player-target", "from 1 to 184")


def test_n16_a_six_player_target_in_range_is_taken(runner):
    result = runner.invoke(cli, ["ass", "deal", "--players", "6",
                                 "--switch", "six-player-target=128"])
    assert result.exit_code == 0, result.output
    assert "target 128" in result.output


@pytest.mark.parametrize("path", ["/dev/null", "file"])
def test_n16_templates_must_be_a_folder(runner, tmp_path, monkeypatch, path):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file").write_text("", encoding="utf-8")
    one_line_error(runner.invoke(cli, ["--templates", path, "list"]), "--templates")


def _special_settings(folder: Path, kind: str) -> None:
    target = folder / "settings.toml"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "device":
        target.symlink_to("/dev/zero")
    else:
        target.mkdir()


@pytest.mark.parametrize("kind, got", [("fifo", "a FIFO"), ("device", "a character device"),
                                       ("folder", "a folder")])
def test_n16_a_settings_file_that_is_not_regular_is_refused(runner, tmp_path, kind, got):
    if kind == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("FIFOs are POSIX")
    _special_settings(tmp_path, kind)
    result = runner.invoke(cli, ["--templates", str(tmp_path), "list"])
    one_line_error(result, "settings.toml", "a regular file", got)
