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
from processes import default_ctrl_c

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


def error_after_progress(result, *pieces: str) -> str:
    """The one error line of a run that fails after its progress bar (on stderr) began."""
    assert result.exit_code == 1, (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    lines = result.stderr.splitlines()
    assert lines and lines[-1].startswith("Error: "), result.stderr
    assert sum(line.startswith("Error: ") for line in lines) == 1, result.stderr
    for piece in pieces:
        assert piece in lines[-1], (piece, lines[-1])
    return lines[-1]


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
    for args in (["build", "--only", "a", "--out", "o"], ["show", "a"],
                 ["show", "tp/packs/a.toml"]):
        result = runner.invoke(cli, ["--templates", "tp", *args])
        one_line_error(result, "a.toml", "symbolic links")
    assert not (tmp_path / "o").exists()
    # list names the loop in one line (issue 45: one mistake, one line), and lists the rest.
    listed = runner.invoke(cli, ["--templates", "tp", "list"])
    assert listed.exit_code == 1 and "  pack1 " in listed.stdout
    assert listed.stderr.splitlines() == [
        "Error: tp/packs/a.toml, tp/packs/b.toml: expected readable files, got one loop of "
        "symbolic links (each leads to the next)"]


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


@pytest.mark.parametrize("args", [
    ["preview", "--out", "{long}.png"],
    ["figure", "game1-demo", "--out", "{long}.svg"],
    ["build", "--only", "pack1", "--out", "{long}"],
    ["export-cards", "--only", "simple1", "--out", "{long}"],
    ["patience", "deal", "nivernaise", "--seed", "1", "--out", "{long}/d.svg"],
    ["booklet", "ass", "--out", "o", "--contact-sheet", "{long}.png"],
])
def test_n4_a_300_character_output_name_is_one_line(runner, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, [a.format(long="x" * 300) for a in args])
    one_line_error(result, "File name too long")
    assert not any(tmp_path.iterdir())


# --- N15, N16: ASCII digits everywhere, ranges for switch values, refused inputs ----------

@pytest.mark.parametrize("args, piece", [
    (["patience", "deal", "nivernaise", "--seed", "\uff11"], "--seed"),
    (["patience", "solve", "nivernaise", "--seed", "1", "--limit", "\u0661s"], "--limit"),
    (["patience", "deal", "nivernaise", "--seed", "1", "--switch", "redeals=\uff12"],
     "--switch"),
    (["patience", "solve", "nivernaise", "--seed", "1", "--nodes", "1_000"], "--nodes"),
    (["patience", "deal", "nivernaise", "--seed", "1", "--switch", "redeals=1_0"],
     "--switch"),
    (["ass", "deal", "--switch", "six-player-target=1_28"], "--switch"),
    (["ass", "deal", "--seed", "\u0663"], "--seed"),
    (["ass", "deal", "--players", "\uff14"], "--players"),
    (["ass", "deal", "--switch", "six-player-target=\u0661\u0662\u0668"], "--switch"),
    (["ass", "score", "8S AS", "-", "--banks", "3,\u0663"], "--banks"),
    (["rules", "deal", "basic-65", "--pair", "\uff11"], "--pair"),
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
    result = runner.invoke(cli, ["ass", "deal", "--players", "6", "--option", "2",
                                 "--switch", f"six-player-target={target}"])
    one_line_error(result, "six-player-target", "from 1 to 184")


def test_n16_a_six_player_target_in_range_is_taken(runner):
    # Option 1, the default, gives each player a suit of their own: four players at most.
    result = runner.invoke(cli, ["ass", "deal", "--players", "6", "--option", "2",
                                 "--switch", "six-player-target=116"])
    assert result.exit_code == 0, result.output
    assert "target 116" in result.output


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


# --- N9, N10, N17: the way out: threads joined, stdout failures, Ctrl-C at exit ----------

def script(tmp_path: Path, text: str, *args: str, timeout: float = 60
           ) -> subprocess.CompletedProcess:
    """*text* run as a program of its own: the entry point's exit path needs a process."""
    (tmp_path / "script.py").write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "script.py", *args], cwd=tmp_path,
                          preexec_fn=default_ctrl_c,
                          capture_output=True, text=True, timeout=timeout)


SECOND_CTRL_C_WHILE_JOINING = """
import os, signal, sys, threading, time
sys.argv = ["opencards", "list"]
import generator.cli
from generator.__main__ import run
from generator.sheets import ink

def estimate():
    # Busy until the command asks its threads to stop, as PDFium is in a long kit's
    # estimate; then a second Ctrl-C lands while the main thread waits for this one.
    while not ink._STOP.is_set():
        time.sleep(0.01)
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.3)
    open("joined", "w").close()
    return 0.0

def command():
    counting = ink.Counting()
    counting._submit(estimate)
    time.sleep(0.1)
    raise KeyboardInterrupt   # the first Ctrl-C, in the middle of the build

generator.cli.main = command
run()
"""


def test_n9_threads_are_joined_before_exit_and_a_second_ctrl_c_is_quiet(tmp_path):
    done = script(tmp_path, SECOND_CTRL_C_WHILE_JOINING)
    assert done.stderr == "Aborted.\n", done.stderr
    assert done.returncode == 130
    assert (tmp_path / "joined").exists()


def test_n9_stop_all_ends_an_estimate_at_the_next_page():
    from concurrent.futures import CancelledError
    from generator.draw.backends import pdf
    from generator.draw.scene import Page
    from generator.sheets import ink
    document = pdf.render([Page(210, 297, []) for _ in range(400)])
    counting = ink.Counting()
    result = counting.of_document(document)
    thread = ink._THREADS[-1]
    try:
        ink.stop_all()
        assert not thread.is_alive()
        with pytest.raises(CancelledError):
            result()
    finally:
        ink._STOP.clear()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["list"], ["build", "--only", "pack1", "--out", "o"]])
def test_n10_a_full_stdout_is_one_line(tmp_path, args):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "generator", *args], cwd=tmp_path,
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == \
        "Error: cannot write to standard output (No space left on device)", done.stderr
    assert "Traceback" not in done.stderr


def test_n10_a_closed_pipe_is_one_line(tmp_path):
    process = subprocess.Popen([sys.executable, "-m", "generator", "list"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    process.stdout.close()   # the reader went away (| head) before anything was written
    err = process.stderr.read()
    process.stderr.close()
    assert process.wait(timeout=60) == 1
    assert err == "Error: cannot write to standard output (Broken pipe)\n", err


CTRL_C_AT_EXIT = """
import atexit, os, signal, sys
sys.argv = ["opencards", "list"]
from generator.__main__ import run
# The latest a Ctrl-C can land while Python code still runs: the interpreter's shutdown.
atexit.register(lambda: os.kill(os.getpid(), signal.SIGINT))
run()
"""


def test_n17_a_ctrl_c_at_process_exit_is_quiet(tmp_path):
    done = script(tmp_path, CTRL_C_AT_EXIT)
    assert done.returncode == 0, (done.returncode, done.stderr)
    assert done.stderr == ""
    assert "packs:" in done.stdout


CTRL_C_AFTER_THE_COMMAND = """
import os, signal, sys
sys.argv = ["opencards", "list"]
import generator.cli
from generator.__main__ import run

def command():
    print("done")
    os.kill(os.getpid(), signal.SIGINT)   # lands as the command returns
    raise SystemExit(0)

generator.cli.main = command
run()
"""


def test_n17_a_ctrl_c_as_the_command_ends_says_aborted(tmp_path):
    done = script(tmp_path, CTRL_C_AFTER_THE_COMMAND)
    assert done.stderr == "Aborted.\n", done.stderr
    assert done.returncode == 130


# --- N8, N14: nothing written outside --out, nor folders made anywhere ---------------------

@pytest.mark.parametrize("link", ["cards", "cards/simple1"])
def test_n8_a_link_inside_out_does_not_carry_writes_out_of_it(runner, tmp_path, link):
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("mine", encoding="utf-8")
    out = tmp_path / "o"
    (out / link).parent.mkdir(parents=True, exist_ok=True)
    (out / link).symlink_to(victim)
    result = runner.invoke(cli, ["export-cards", "--only", "simple1", "--dpi", "72",
                                 "--out", str(out)])
    error_after_progress(result, link, "a link leading out of the output folder")
    assert sorted(p.name for p in victim.iterdir()) == ["keep.txt"]
    assert not any(p.name.startswith(".opencards-") for p in out.iterdir())


def test_n8_an_output_file_that_is_a_link_is_replaced_not_written_through(runner,
                                                                           tmp_path):
    victim = tmp_path / "victim.pdf"
    victim.write_bytes(b"mine")
    out = tmp_path / "o"
    out.mkdir()
    (out / "simple1.pdf").symlink_to(victim)
    result = runner.invoke(cli, ["build", "--only", "simple1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert victim.read_bytes() == b"mine"
    assert not (out / "simple1.pdf").is_symlink()
    assert (out / "simple1.pdf").read_bytes().startswith(b"%PDF")


def test_n8_a_link_that_stays_inside_out_is_followed(runner, tmp_path):
    out = tmp_path / "o"
    (out / "elsewhere").mkdir(parents=True)
    (out / "cards").symlink_to("elsewhere")
    result = runner.invoke(cli, ["export-cards", "--only", "simple1", "--dpi", "72",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert any((out / "elsewhere" / "simple1").iterdir())


def test_n14_a_contact_sheet_that_is_the_out_folder_fails_before_the_booklet(runner,
                                                                             tmp_path):
    out = tmp_path / "o"
    result = runner.invoke(cli, ["booklet", "--out", str(out), "--contact-sheet", str(out)])
    one_line_error(result, "--contact-sheet", ".png")
    assert not out.exists()


def test_n14_a_contact_sheet_named_as_the_out_folder_fails_before_the_booklet(runner,
                                                                              tmp_path):
    out = tmp_path / "o.png"
    result = runner.invoke(cli, ["booklet", "--out", str(out), "--contact-sheet", str(out)])
    one_line_error(result, "--contact-sheet names the --out folder")
    assert not out.exists()


def test_n14_a_contact_sheet_folder_in_the_way_fails_before_the_booklet(runner, tmp_path):
    (tmp_path / "c.png").mkdir()
    result = runner.invoke(cli, ["booklet", "--out", str(tmp_path / "o"), "--contact-sheet",
                                 str(tmp_path / "c.png")])
    one_line_error(result, "c.png", "a folder is in the way")
    assert not (tmp_path / "o").exists()


def test_n14_a_contact_sheet_must_be_a_png(runner, tmp_path):
    result = runner.invoke(cli, ["booklet", "--out", str(tmp_path / "o"), "--contact-sheet",
                                 str(tmp_path / "c.svg")])
    one_line_error(result, "c.svg", "ending in .png")
    assert not (tmp_path / "c.svg").exists() and not (tmp_path / "o").exists()


@pytest.mark.parametrize("args", [
    ["preview", "--out", "{top}/p.png"],
    ["figure", "game1-demo", "--out", "{top}/f.svg"],
    ["patience", "deal", "nivernaise", "--seed", "1", "--out", "{top}/d.svg"],
    ["booklet", "--out", "{tmp}/o", "--contact-sheet", "{top}/c.png"],
])
def test_n14_no_folder_is_made_straight_below_the_root(runner, tmp_path, args):
    top = Path(os.path.abspath(os.sep)) / f"opencards-test-{os.getpid()}-nonexistent"
    assert not top.exists()
    try:
        result = runner.invoke(cli, [a.format(top=top, tmp=tmp_path) for a in args])
        one_line_error(result, "no such folder")
        assert not top.exists()
        assert not (tmp_path / "o").exists()
    finally:
        if top.exists():
            import shutil
            shutil.rmtree(top)


# --- N11: a GIF's frames count together; the moves of a figure are capped -----------------

EIGHT_MOVES = "b2-b3 g7-g6 c2-c3 f7-f6 d2-d3 e7-e6 a2-a3 h7-h6"


def test_n11_all_frames_of_a_gif_count_against_the_pixel_limit(runner, tmp_path):
    out = tmp_path / "f.gif"
    result = runner.invoke(cli, ["figure", "game1-demo", "--dpi", "1200", "--moves",
                                 EIGHT_MOVES, "--out", str(out)])
    one_line_error(result, "a GIF of 9 frames", "64,000,000", "at most 492 dpi")
    assert not out.exists()


def test_n11_the_dpi_the_message_offers_is_within_the_limit():
    from generator.draw.backends import gif, raster
    from generator.draw.scene import Page
    pages = [Page(100, 189.3, []) for _ in range(9)]
    with pytest.raises(Exception, match="at most 492 dpi"):
        gif.check_frames(pages, 1200)
    gif.check_frames(pages, 492)
    width, height = raster.pixel_size(pages[0], 493)
    assert 9 * width * height > raster.MAX_PIXELS


def test_n11_the_moves_of_a_figure_are_capped(runner, tmp_path):
    from generator.docs.figure import MAX_MOVES
    moves = " ".join(["b2-b3"] * (MAX_MOVES + 1))
    result = runner.invoke(cli, ["figure", "game1-demo", "--moves", moves,
                                 "--out", str(tmp_path / "f.gif")])
    one_line_error(result, "--moves", f"at most {MAX_MOVES} moves, got {MAX_MOVES + 1}")


# --- N12, N13: booklet text checked against the fonts and the measure ----------------------

NOTATION = REPO / "templates" / "booklets" / "en" / "notation.toml"
FRONT = REPO / "templates" / "booklets" / "en" / "booklet.toml"


def booklet_variant(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    """A user --templates folder whose booklets/en/ has *source* with one text replaced."""
    text = source.read_text(encoding="utf-8")
    assert old in text, f"fixture text {old!r} not in {source.name}"
    target = tmp_path / "tpl" / "booklets" / "en" / source.name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path / "tpl"


def run_booklet(runner, tmp_path: Path, templates: Path):
    # A short booklet that still has the board system's title page and front chapters (a
    # booklet of Ass alone has neither): one board game with few figures.
    return runner.invoke(cli, ["--templates", str(templates), "booklet", "word-puzzle-5",
                               "--out", str(tmp_path / "o")])


@pytest.mark.parametrize("source, old, new, key", [
    (NOTATION, 'caption = "Squares are named', 'caption = "\u5b57 Squares are named',
     "section[1].figure[0].caption"),
    (NOTATION, 'heading = "Diagrams"', 'heading = "Diagrams \u5b57"', "section[0].heading"),
    (NOTATION, 'title = "Reading the diagrams"', 'title = "Reading \\u0000 the diagrams"',
     "title"),
    (NOTATION, "South sits at the bottom of a diagram",
     "South sits at the \u5b57 bottom of a diagram", "section[0].text"),
    (FRONT, 'title = "Open Playing Cards"', 'title = "Open \u5b57 Cards"', "title"),
    (FRONT, 'figure = "Figure"', 'figure = "\u56f3"', "words.figure"),
])
def test_n12_booklet_text_the_fonts_lack_is_refused(runner, tmp_path, source, old, new,
                                                     key):
    templates = booklet_variant(tmp_path, source, old, new)
    result = run_booklet(runner, tmp_path, templates)
    one_line_error(result, source.name, f": {key}:", "has no glyph for U+")
    assert not (tmp_path / "o").exists()


def test_n13_an_unbreakable_url_is_cut_to_the_measure():
    from generator.draw.text import break_lines
    url = "https://example.org/" + "a" * 40 + "/path/to/a/resource.html?x=1&y=2"
    for justify in (True, False):
        lines = break_lines(f"See {url} for more.", 60, "regular", 3.3, "en",
                            justify=justify, hyphenate=justify)
        assert all(line.natural <= 60 for line in lines), lines
        assert "".join(w for line in lines for w in line.words
                       if w not in ("See", "for", "more.")) == url


def test_n13_a_booklet_with_a_90_character_url_is_set_inside_the_page(runner, tmp_path):
    url = "https://example.org/" + "x" * 70
    templates = booklet_variant(tmp_path, NOTATION, "South sits at the bottom of a diagram",
                                f"Every diagram ({url}) in this booklet")
    result = run_booklet(runner, tmp_path, templates)
    assert result.exit_code == 0, result.output
    import pypdf
    reader = pypdf.PdfReader(tmp_path / "o" / "booklet-en.pdf")
    lines = [line for page in reader.pages for line in page.extract_text().splitlines()]
    # Cut over lines, not set in one piece running past the edge of the page.
    assert any("x" * 20 in line for line in lines)
    assert not any("x" * 70 in line for line in lines)


@pytest.mark.parametrize("source, old, new, key", [
    (NOTATION, 'title = "Reading the diagrams"', 'title = "' + "Reading " * 6250 + '"',
     "title"),
    (NOTATION, 'heading = "Diagrams"', 'heading = "' + "Diagrams " * 40 + '"',
     "section[0].heading"),
    (NOTATION, 'caption = "Squares are named', 'caption = "' + "Squares " * 900,
     "section[1].figure[0].caption"),
    (FRONT, 'title = "Open Playing Cards"', 'title = "' + "Open " * 2000 + '"', "title"),
])
def test_n13_a_title_that_cannot_fit_is_an_error(runner, tmp_path, source, old, new, key):
    templates = booklet_variant(tmp_path, source, old, new)
    result = run_booklet(runner, tmp_path, templates)
    one_line_error(result, source.name, f": {key}:", "fit")
    assert not (tmp_path / "o").exists()


def test_n13_an_empty_chapter_title_is_one_line(runner, tmp_path):
    # Found by the fuzz harness: it ended in an IndexError in the typesetter.
    templates = booklet_variant(tmp_path, NOTATION, 'title = "Reading the diagrams"',
                                'title = ""')
    one_line_error(run_booklet(runner, tmp_path, templates), "notation.toml", ": title:",
                   "a heading with text")


def test_n2_an_icc_profile_whose_description_cannot_be_decoded_is_one_line(
        runner, tmp_path, monkeypatch):
    # Found by the fuzz harness: a damaged description tag made littleCMS's reader raise
    # ValueError ("character U+ffffffef is not in range") when Pillow decoded it.
    from PIL import ImageCms
    real = ImageCms.ImageCmsProfile

    class Damaged:
        def __init__(self, profile):
            self._profile = profile

        def __getattr__(self, name):
            if name == "profile_description":
                raise ValueError("character U+ffffffef is not in range [U+0000; U+10ffff]")
            return getattr(self._profile, name)

    def opened(source):
        profile = real(source)
        profile.profile = Damaged(profile.profile)
        return profile

    monkeypatch.setattr(ImageCms, "ImageCmsProfile", opened)
    result = runner.invoke(cli, ["build", "--shop", "--only", "pack1", "--icc", str(ICC),
                                 "--out", str(tmp_path / "o")])
    one_line_error(result, "description cannot be read")


@pytest.mark.parametrize("args", [["rules", "deal", "basic-65", "--seed", "１"],
                                  ["rules", "combos", "game1-demo", "--min", "３"],
                                  ["rules", "words", "word-1-start", "--min", "٣"]])
def test_n15_rules_numbers_take_ascii_digits_only(runner, args):
    result = runner.invoke(cli, args)
    assert result.exit_code == 1 and "in the digits 0-9" in result.stderr
    assert result.stderr.count("\n") == 1
