"""Printer profiles round-trip: saved by 'printer save', listed, shown, and used by build and
calibrate as if their options had been typed; an option typed on the command line wins.
Every test keeps its profiles in a temporary folder (OPENCARDS_CONFIG_DIR)."""
from __future__ import annotations

import pytest

from generator.cli import cli
from generator.io.profiles import CONFIG_ENV

OPTIONS = ["--paper", "letter", "--flip", "short", "--margins", "5,5,12,5",
           "--back-offset", "1.2,-0.4", "--back-rotate", "0.3", "--back-scale", "0.995,1.002"]


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    folder = tmp_path / "config"
    monkeypatch.setenv(CONFIG_ENV, str(folder))
    return folder


def run(runner, *args):
    result = runner.invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_a_profile_builds_the_same_bytes_as_its_options(runner, tmp_path, config):
    run(runner, "printer", "save", "office", *OPTIONS)
    assert (config / "printers" / "office.toml").is_file()
    assert "office" in run(runner, "printer", "list")
    shown = run(runner, "printer", "show", "office")
    for text in ("letter", "short", "5,5,12,5", "1.2,-0.4", "0.3 degrees", "0.995,1.002"):
        assert text in shown
    run(runner, "build", "--only", "pack1", "--printer", "office", "--out",
        str(tmp_path / "a"))
    run(runner, "build", "--only", "pack1", *OPTIONS, "--out", str(tmp_path / "b"))
    assert (tmp_path / "a" / "pack1.pdf").read_bytes() == \
        (tmp_path / "b" / "pack1.pdf").read_bytes()
    run(runner, "calibrate", "--printer", "office", "--out", str(tmp_path / "c"))
    run(runner, "calibrate", *OPTIONS, "--out", str(tmp_path / "d"))
    name = "calibration-letter-short.pdf"
    assert (tmp_path / "c" / name).read_bytes() == (tmp_path / "d" / name).read_bytes()


def test_an_option_on_the_command_line_beats_the_profile(runner, tmp_path):
    run(runner, "printer", "save", "office", *OPTIONS)
    run(runner, "build", "--only", "pack1", "--printer", "office", "--back-rotate", "-0.2",
        "--out", str(tmp_path / "a"))
    typed = [o if o != "0.3" else "-0.2" for o in OPTIONS]
    run(runner, "build", "--only", "pack1", *typed, "--out", str(tmp_path / "b"))
    assert (tmp_path / "a" / "pack1.pdf").read_bytes() == \
        (tmp_path / "b" / "pack1.pdf").read_bytes()


def test_delete_and_the_errors_of_names(runner, tmp_path):
    run(runner, "printer", "save", "office", *OPTIONS)
    for args, message in [(["printer", "show", "ofice"], "did you mean 'office'?"),
                          (["build", "--printer", "nope", "--out", str(tmp_path)],
                           "printer 'nope' not found"),
                          (["printer", "save", "bad name"], "a name is letters")]:
        result = runner.invoke(cli, args)
        assert result.exit_code == 1 and message in result.output, result.output
        assert result.output.strip().splitlines()[-1].startswith("Error:")
    run(runner, "printer", "delete", "office")
    result = runner.invoke(cli, ["printer", "show", "office"])
    assert result.exit_code == 1 and "none saved yet" in result.output
    assert "no printer profiles" in run(runner, "printer", "list")


def test_a_broken_profile_file_is_one_line_naming_it(runner, config):
    (config / "printers").mkdir(parents=True)
    (config / "printers" / "odd.toml").write_text('paper = "a4"\nback_offset = [1]\n')
    result = runner.invoke(cli, ["printer", "show", "odd"])
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "odd.toml: back_offset: expected 2 numbers" in result.output
    (config / "printers" / "odd.toml").write_text('colour = "red"\n')
    result = runner.invoke(cli, ["printer", "show", "odd"])
    assert "unknown key 'colour'" in result.output


def test_calibration_ends_by_offering_the_save_command(runner):
    out = run(runner, "calibrate", "--read", "TL=1,0 TR=1,0 BL=1,0 BR=1,0")
    assert "to keep it: opencards printer save NAME --paper a4 --flip long --margin 5 " \
           "--back-offset -1.00,0.00" in out
