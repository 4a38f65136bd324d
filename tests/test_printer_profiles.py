"""Printer profiles round-trip: saved by 'printer save', listed, shown, and used by build and
calibrate as if their options had been typed; an option typed on the command line wins.
Every test keeps its profiles in a temporary folder (OPENCARDS_CONFIG_DIR)."""
from __future__ import annotations

import os

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
    assert "odd.toml: colour: unknown key" in result.output


def test_calibration_ends_by_offering_the_save_command(runner):
    out = run(runner, "calibrate", "--read", "TL=1,0 TR=1,0 BL=1,0 BR=1,0")
    assert "to keep it: opencards printer save NAME --paper a4 --flip long --margin 5 " \
           "--back-offset -1.00,0.00" in out


def one_error_line(result, *texts):
    """The run failed with one line on the output, an error holding every one of *texts*."""
    assert result.exit_code == 1, result.output
    assert result.output.count("\n") == 1 and result.output.startswith("Error: "), \
        result.output
    assert "Traceback" not in result.output
    for text in texts:
        assert text in result.output, (text, result.output)


BAD_VALUES = [
    ('flip = "sideways"\n', "flip: expected one of 'long', 'short', got 'sideways'"),
    ('paper = "a6"\n', "paper: expected one of a4, letter, a3, a5, tabloid, got 'a6'"),
    ("margin = true\n", "margin: expected a length from 0 to 20 mm, got true"),
    ("back_rotate = 9\n", "back_rotate: expected an angle from -5 to 5 degrees, got 9"),
    ("back_offset = [1]\n", "back_offset: expected 2 numbers in a list"),
    ('back_scale = [1, "x"]\n', "back_scale[1]: expected a factor from 0.9 to 1.1, got 'x'"),
    ("margins = [1, 2, 3]\n", "margins: expected 0 or 4 numbers in a list"),
    ("margin = 1" + "0" * 5000 + "\n", "expected valid TOML, got Exceeds the limit"),
    ("margins = " + "[" * 100_000 + "]" * 100_000 + "\n",
     "expected arrays and inline tables nested at most 32 deep"),
    ("margin = 5\nmargin = 6\n", "expected valid TOML"),
]


@pytest.mark.parametrize(("text", "message"), BAD_VALUES, ids=lambda v: v[:20])
def test_a_bad_value_is_one_line_naming_the_file_and_key_wherever_it_is_used(
        runner, tmp_path, config, text, message):
    """Issue 27 and issue 23 N6: a profile is read as strictly as a template, and every
    command taking it stops with one line (no traceback), writing nothing."""
    (config / "printers").mkdir(parents=True)
    (config / "printers" / "bad.toml").write_text(text)
    out = tmp_path / "out"
    for args in (["printer", "show", "bad"],
                 ["build", "--only", "pack1", "--printer", "bad", "--out", str(out)],
                 ["calibrate", "--printer", "bad", "--out", str(out)],
                 ["calibrate", "--printer", "bad", "--read", "TL=0,0 TR=0,0 BL=0,0 BR=0,0"],
                 ["printer", "save", "copy", "--printer", "bad"]):
        one_error_line(runner.invoke(cli, args), "bad.toml: ", message)
    assert not out.exists()
    assert sorted(p.name for p in (config / "printers").iterdir()) == ["bad.toml"]


def test_list_shows_every_good_profile_and_one_line_per_bad_entry(runner, config):
    """One unreadable file or one named by hand no longer stops 'printer list' (nor hides
    the profiles after it), and 'printer delete' removes every entry it lists."""
    run(runner, "printer", "save", "a-office", *OPTIONS)
    run(runner, "printer", "save", "z-home", "--paper", "a3")
    folder = config / "printers"
    (folder / "My Printer.toml").write_text('paper = "letter"\n')
    (folder / "b-corrupt.toml").write_bytes(b"paper = \xff\n")
    (folder / "c-sideways.toml").write_text('flip = "sideways"\n')
    (folder / "d-folder.toml").mkdir()
    os.mkfifo(folder / "e-fifo.toml")
    (folder / "f-deep.toml").write_text("margins = " + "[" * 100_000 + "]" * 100_000 + "\n")
    (folder / "g-digits.toml").write_text("margin = 1" + "0" * 5000 + "\n")
    (folder / "notes.txt").write_text("not a profile\n")
    result = runner.invoke(cli, ["printer", "list"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines] == [
        "My", "a-office", "b-corrupt", "c-sideways", "d-folder", "e-fifo", "f-deep",
        "g-digits", "z-home"]
    good = {line.split()[0]: line for line in lines if "unusable" not in line}
    assert set(good) == {"a-office", "z-home"}
    assert "--paper letter --flip short --margins 5,5,12,5" in good["a-office"]
    assert "--paper a3 --flip long --margin 5" in good["z-home"]
    bad = {line.split()[0]: line for line in lines if "unusable" in line}
    assert "My Printer.toml: not a profile name" in bad["My"]
    assert "b-corrupt.toml: expected UTF-8 text" in bad["b-corrupt"]
    assert "c-sideways.toml: flip: expected one of 'long', 'short'" in bad["c-sideways"]
    assert "d-folder.toml: expected a regular file, got a folder" in bad["d-folder"]
    assert "e-fifo.toml: expected a regular file, got a FIFO" in bad["e-fifo"]
    assert "f-deep.toml: expected arrays and inline tables nested at most" in bad["f-deep"]
    assert "g-digits.toml: expected valid TOML" in bad["g-digits"]
    for name in ("My Printer", "b-corrupt", "c-sideways", "d-folder", "e-fifo", "f-deep",
                 "g-digits", "a-office", "z-home"):
        result = runner.invoke(cli, ["printer", "delete", name])
        assert result.exit_code == 0 and result.output.startswith("deleted "), result.output
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]
    assert "no printer profiles" in run(runner, "printer", "list")


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_profile_that_is_no_file_is_a_one_line_refusal(runner, tmp_path, config, kind):
    """Issue 23 N7: not "printer 'p' not found (did you mean 'p'?)", and no hang."""
    folder = config / "printers"
    folder.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(folder / "p.toml")
    else:
        (folder / "p.toml").mkdir()
    got = "a FIFO (named pipe)" if kind == "fifo" else "a folder"
    for args in (["printer", "show", "p"],
                 ["build", "--printer", "p", "--only", "pack1", "--out", str(tmp_path / "o")]):
        one_error_line(runner.invoke(cli, args),
                       f"p.toml: expected a regular file, got {got}")


@pytest.mark.parametrize("name", ["abc\n", "good\n", "\nabc", "a/b", "../x", ".hidden",
                                  "x" * 65, "tab\there"])
def test_a_name_is_matched_in_full(runner, config, name):
    """Issue 27 / issue 23 N7: the name check's '$' matched before a trailing newline, so
    'printer save $'abc\\n'' wrote a file whose name ended in a newline."""
    for args in (["printer", "save", name], ["printer", "show", name],
                 ["printer", "delete", name]):
        one_error_line(runner.invoke(cli, args), "a name is letters")
    assert not (config / "printers").exists() or not list((config / "printers").iterdir())


PROFILE = ["--paper", "letter", "--flip", "short", "--margins", "5,5,12,5",
           "--back-offset", "1.2,-0.4", "--back-rotate", "0.3", "--back-scale", "0.995,1.002"]


@pytest.mark.parametrize(("typed", "replaces"), [
    # Paper and flip typed with the profile's correction are refused (see below); typed
    # with a correction of their own, they win as every option does.
    (["--paper", "a4", "--back-offset", "0,0"], ["--paper", "letter"]),
    (["--flip", "long", "--back-offset", "0,0"], ["--flip", "short"]),
    (["--margin", "10"], ["--margins", "5,5,12,5"]),
    (["--margins", "8,6,5,6"], ["--margins", "5,5,12,5"]),
    (["--back-offset", "-0.5,0.7"], ["--back-offset", "1.2,-0.4"]),
    (["--back-rotate", "-0.2"], ["--back-rotate", "0.3"]),
    (["--back-scale", "1.003"], ["--back-scale", "0.995,1.002"]),
], ids=lambda v: v[0])
def test_every_option_typed_beats_the_profile_that_sets_it(runner, tmp_path, typed,
                                                           replaces):
    """Issue 27: 'build --printer P --margin 10' used the profile's per-edge margins."""
    run(runner, "printer", "save", "office", *PROFILE)
    i = PROFILE.index(replaces[0])
    plain = PROFILE[:i] + typed[:2] + PROFILE[i + 2:]
    if len(typed) > 2:
        j = plain.index(typed[2])
        plain[j:j + 2] = typed[2:]
    run(runner, "build", "--only", "pack1", "--printer", "office", *typed, "--out",
        str(tmp_path / "a"))
    run(runner, "build", "--only", "pack1", *plain, "--out", str(tmp_path / "b"))
    run(runner, "build", "--only", "pack1", *PROFILE, "--out", str(tmp_path / "c"))
    built = (tmp_path / "a" / "pack1.pdf").read_bytes()
    assert built == (tmp_path / "b" / "pack1.pdf").read_bytes()
    assert built != (tmp_path / "c" / "pack1.pdf").read_bytes()   # the option did change it


def test_build_says_which_profile_it_applied_and_what_it_set(runner, tmp_path):
    """Issue 44: 'build --printer home' did not say the corrections were applied. One
    line names the profile and the settings it gave; options typed win and are named;
    a build without a profile prints no such line."""
    run(runner, "printer", "save", "home", *OPTIONS)
    out = run(runner, "build", "--only", "pack1", "--printer", "home", "--out",
              str(tmp_path / "a"))
    lines = [line for line in out.splitlines() if "printer profile" in line]
    assert lines == ["printer profile home applied: back offset 1.2,-0.4 mm, back rotate "
                     "0.3 degrees, back scale 0.995,1.002, paper letter, flip short, "
                     "margins 5,5,12,5 mm"]
    out = run(runner, "build", "--only", "pack1", "--printer", "home", "--back-rotate",
              "-0.2", "--margin", "6mm", "--out", str(tmp_path / "b"))
    lines = [line for line in out.splitlines() if "printer profile" in line]
    assert lines == ["printer profile home applied: back offset 1.2,-0.4 mm, back scale "
                     "0.995,1.002, paper letter, flip short; as typed: --margin, "
                     "--back-rotate"]
    out = run(runner, "build", "--only", "pack1", "--out", str(tmp_path / "c"))
    assert "printer profile" not in out
    # The calibration sheet printed through a profile says so too.
    out = run(runner, "calibrate", "--printer", "home", "--out", str(tmp_path / "d"))
    assert out.splitlines()[0].startswith("printer profile home applied: back offset 1.2,-0.4")


@pytest.mark.parametrize("typed", [["--paper", "a4"], ["--flip", "long"],
                                   ["--paper", "a3", "--flip", "long"]], ids=str)
@pytest.mark.parametrize("command", ["build", "calibrate"])
def test_a_correction_calibrated_on_one_paper_or_flip_is_refused_for_another(
        runner, tmp_path, typed, command):
    """Issue 43: a profile calibrated on Letter was applied to an A4 build in silence; the
    printer shifts each paper and each flip differently, and the correction is taken about
    the sheet's centre and mirrored by its flip. One line says so, and how to go on;
    nothing is written."""
    run(runner, "printer", "save", "office", *PROFILE)
    out = tmp_path / "out"
    args = ["--only", "pack1"] if command == "build" else []
    result = runner.invoke(cli, [command, "--printer", "office", *typed, *args,
                                 "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert result.output.count("\n") == 1, result.output
    assert "printer office was calibrated on letter, flip short" in result.output
    assert (f"calibrate that set-up with: opencards calibrate --printer office "
            f"{' '.join(typed)} --back-offset 0,0") in result.output
    assert not out.exists() or not list(out.iterdir())


def test_a_profile_without_correction_goes_with_any_paper(runner, tmp_path):
    """Only the correction is tied to its paper and flip: margins alone are not."""
    run(runner, "printer", "save", "plain", "--paper", "letter", "--margins", "5,5,12,5")
    run(runner, "build", "--printer", "plain", "--paper", "a4", "--only", "pack1", "--out",
        str(tmp_path))
