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
import textwrap
import time
from pathlib import Path

import pytest

from generator.cli import cli
from processes import default_ctrl_c

REPO = Path(__file__).resolve().parent.parent
linux_only = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads the process table in /proc")


def _cores() -> int:
    from generator.patience.pool import usable_cores
    return usable_cores()


#: The pool runs only where --jobs may be 2 or more (one core decides in the process).
two_cores = pytest.mark.skipif(_cores() < 2, reason="a pool needs two cores")


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
        if len(workers) >= 2:
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
@two_cores
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
@two_cores
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
@two_cores
def test_1_killing_the_parent_leaves_no_worker(tmp_path):
    """Issue 45 item 1: kill -9 of the command ends its workers (they watch their parent)
    instead of leaving them deciding deals and then waiting forever."""
    process, workers = _start_stats(tmp_path)
    process.kill()
    _no_worker_left(process, workers)
    assert process.returncode == -signal.SIGKILL


def test_1_jobs_above_the_cores_is_capped_with_a_line(runner, monkeypatch):
    """--jobs 64 on a machine of one core runs one process and says so."""
    monkeypatch.setattr("generator.patience.pool.usable_cores", lambda: 1)
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
    from generator.patience.pool import unordered_map
    assert sorted(unordered_map(_square, [(n,) for n in (0, 1, 2, 4)], 2)) == [
        (0, 0), (1, 1), (2, 4), (3, 16)]
    with pytest.raises(ValueError, match="three is refused"):
        list(unordered_map(_square, [(n,) for n in range(6)], 2))


def test_1_the_pool_decides_the_same_deals_as_one_process():
    from generator.patience.stats import decide_all
    one = decide_all("nivernaise", range(3), seconds=None, nodes=300, jobs=1)
    two = decide_all("nivernaise", range(3), seconds=None, nodes=300, jobs=2)
    assert [(r.seed, r.verdict, r.nodes, r.moves) for r in one] == \
        [(r.seed, r.verdict, r.nodes, r.moves) for r in two]


# --- 4. patience stats --merge: hostile reports, one line each ---------------------------

def _report(**result) -> dict:
    """A report as ``stats --json`` writes it, of one lost deal changed by *result*."""
    deal = {"seed": 58, "verdict": "lost", "nodes": 9, "seconds": 0.1, "on_foundations": 0,
            "moves": ""}
    deal.update(result)
    return {"patience": "nivernaise", "deals": [58, 58], "view": "omniscient", "won": 0,
            "lost": 1, "unknown": 0, "results": [deal]}


def _hostile_reports() -> dict[str, bytes]:
    """Reports no run writes, each as bytes: the merge corpus of issue 45 item 4."""
    import json

    def report(**result) -> bytes:
        return json.dumps(_report(**result)).encode()

    def raw(text: str) -> bytes:
        return text.encode()

    good = json.dumps(_report())
    return {
        "deep-array": raw("[" * 200_000 + "]" * 200_000),
        "deep-inside": raw(good.replace('"moves": ""', '"moves": ' + "[" * 5000 + "]" * 5000)),
        "infinity": raw(good.replace('"seconds": 0.1', '"seconds": Infinity')),
        "minus-infinity": raw(good.replace('"seconds": 0.1', '"seconds": -Infinity')),
        "nan": raw(good.replace('"seconds": 0.1', '"seconds": NaN')),
        "1e999-seconds": raw(good.replace('"seconds": 0.1', '"seconds": 1e999')),
        "1e999-seed": raw(good.replace('"seed": 58', '"seed": 1e999')),
        "digits-5000": raw(good.replace('"nodes": 9', '"nodes": ' + "9" * 5000)),
        "negative-seconds": report(seconds=-1.5),
        "string-seconds": report(seconds="0.1"),
        "bool-seconds": report(seconds=True),
        "seed-10-30": report(seed=10 ** 30),
        "seed-negative": report(seed=-1),
        "seed-bool": report(seed=True),
        "seed-string": report(seed="58"),
        "seed-float": report(seed=58.0),
        "nodes-bool": report(nodes=False),
        "nodes-negative": report(nodes=-3),
        "cards-up-past-the-goal": report(on_foundations=105),
        "verdict-other": report(verdict="maybe"),
        "verdict-number": report(verdict=1),
        "moves-number": report(moves=12),
        "moves-list": report(moves=["LF1>FA1"]),
        "moves-not-notation": report(moves="this is no move"),
        "result-null": raw(good.replace(json.dumps(_report()["results"][0]), "null")),
        "results-object": raw(good.replace('"results": [', '"results": {"a": ').replace(
            "}]}", "}}}")),
        "top-level-list": raw("[1, 2]"),
        "top-level-null": raw("null"),
        "no-seed": raw(good.replace('"seed": 58, ', "")),
        "count-does-not-match": raw(good.replace('"lost": 1', '"lost": 3')),
        "count-bool": raw(good.replace('"lost": 1', '"lost": true')),
        "no-deals": raw(good.replace(json.dumps(_report()["results"]), "[]")),
        "deal-twice-in-one": raw(good.replace("}]}", "}, " + json.dumps(
            _report()["results"][0]) + "]}")),
        "not-utf-8": b'{"patience": "nivernaise\xff"}',
        "not-json": raw('{"patience": '),
        "empty": b"",
    }


@linux_only
def test_4_every_hostile_report_is_one_line_and_the_run_fails(runner, tmp_path):
    """Issue 45 item 4: given many bad reports (and one good), --merge reads every one and
    says, one line a report, what is wrong with it; never a traceback, exit code 1. Devices
    and FIFOs are refused without being read."""
    good = tmp_path / "good.json"
    import json
    good.write_text(json.dumps(_report()), encoding="utf-8")
    bad = []
    for name, data in _hostile_reports().items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(data)
        bad.append(path)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    device = tmp_path / "zero.json"
    device.symlink_to("/dev/zero")
    bad += [fifo, device]
    args = ["patience", "stats", "nivernaise", "--merge", str(good)]
    for path in bad:
        args += ["--merge", str(path)]
    result = runner.invoke(cli, args)
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == len(bad), "\n".join(lines)
    for path, line in zip(bad, lines):
        assert line.startswith(f"Error: {path}: ") or line.startswith(
            f"Error: {path.name}: ") or f"{path}" in line, (path.name, line)
        assert "Traceback" not in line
    by_name = dict(zip((path.name for path in bad), lines))
    assert "a FIFO" in by_name["fifo.json"] and "a character device" in by_name["zero.json"]
    assert "seed: expected a whole number from 0 to" in by_name["seed-10-30.json"]
    assert "seconds: expected a number of seconds from 0" in by_name["negative-seconds.json"]
    assert "got true" in by_name["bool-seconds.json"]
    assert "moves: expected a string of moves" in by_name["moves-list.json"]
    assert "nested more than" in by_name["deep-array.json"]


@pytest.mark.parametrize("name", sorted(_hostile_reports()))
def test_4_each_hostile_report_alone_is_one_line(runner, tmp_path, name):
    path = tmp_path / f"{name}.json"
    path.write_bytes(_hostile_reports()[name])
    result = runner.invoke(cli, ["patience", "stats", "nivernaise", "--merge", str(path)])
    one_line_error(result, f"{name}.json")


def test_4_a_report_too_big_is_refused_unread(runner, tmp_path, monkeypatch):
    monkeypatch.setattr("generator.cli.patience.MAX_REPORT_BYTES", 1000)
    import json
    report = _report(moves="")
    report["padding"] = "x" * 2000
    path = tmp_path / "big.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    result = runner.invoke(cli, ["patience", "stats", "nivernaise", "--merge", str(path)])
    one_line_error(result, "big.json", "at most 1,000 bytes")


def test_4_the_good_report_still_adds_up(runner, tmp_path):
    import json
    path = tmp_path / "good.json"
    path.write_text(json.dumps(_report()), encoding="utf-8")
    result = runner.invoke(cli, ["patience", "stats", "nivernaise", "--merge", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("La Nivernaise, deals 58: 0 won, 1 lost, 0 unknown")


@pytest.mark.parametrize("deals, expected", [
    ("0-1000000000000000000", "expected deals from 0 to 999,999,999,999,999,999"),
    ("9" * 5000, "expected deals from 0 to"),
    ("0-1000000", "at most 1,000,000 deals a run"),
])
def test_4_deals_beyond_what_a_report_may_hold_are_refused(runner, deals, expected):
    """A run may not write a report that --merge would refuse (a seed of 10^30)."""
    result = runner.invoke(cli, ["patience", "stats", "nivernaise", "--deals", deals])
    one_line_error(result, "--deals", expected)


# --- 5. hyphenation in step with a word's length ------------------------------------------

@pytest.mark.parametrize("lang, letters", [("en", "hyphenation"), ("ru", "переносслов")])
def test_5_a_200000_letter_word_is_set_without_handing_it_to_the_hyphenator(
        monkeypatch, lang, letters):
    """Issue 45 item 5: a 200,000-letter word (0.4 MB, inside the template limit) was split
    at every break Pyphen found, each split copying the word, so its cost grew with the
    square of its length (20 s and 4 GB). Now a word longer than any dictionary's is not
    hyphenated at all but cut to the measure, every letter kept in order; ordinary words
    around it still are."""
    import pyphen

    from generator.draw.text import LONGEST_HYPHENATED, fit_lines
    asked: list[int] = []
    positions = pyphen.Pyphen.positions

    def counted(self, word):
        asked.append(len(word))
        return positions(self, word)
    monkeypatch.setattr(pyphen.Pyphen, "positions", counted)
    word = (letters * 20_000)[:200_000]
    ordinary = " ".join(["a", letters] * 12)   # loose lines: these are hyphenated
    text = f"{ordinary} {word} {ordinary}"
    lines = fit_lines(text, 100, "regular", 10, lang)
    set_text = "".join("".join(line.words) for line in lines)
    assert set_text.replace("-", "") == text.replace(" ", "")
    assert len(lines) > 1000 and all(line.natural <= 100 + 1e-6 for line in lines)
    # The ordinary words are still handed to the hyphenator (where the breaker uses their
    # points is its choice: English keeps three letters each side); the long word never.
    assert len(letters) in asked and max(asked) <= LONGEST_HYPHENATED


def test_5_ordinary_words_still_hyphenate():
    from generator.draw.text import _splits
    assert ("hyphen-", "ation") in _splits("hyphenation", "en")
    assert _splits("hyphenation" * 20, "en") == []


# --- 6. every output target checked before anything is written -----------------------------

def _deny_writing(monkeypatch, folder: Path) -> None:
    """*folder* refuses new entries to the output checks, as a read-only folder does to
    a user who is not root (the tests may run as root, who may write anywhere)."""
    import generator.io.output as output
    real = os.access

    def access(path, mode, *args, **kwargs):
        if Path(os.path.abspath(path)) == folder and mode & os.W_OK:
            return False
        return real(path, mode, *args, **kwargs)
    monkeypatch.setattr(output.os, "access", access)


@pytest.mark.parametrize("below", ["x.png", "new/x.png"])
def test_6_a_contact_sheet_in_a_read_only_folder_fails_before_the_booklet(
        runner, tmp_path, monkeypatch, below):
    """Issue 45 item 6: --contact-sheet into an existing folder that cannot be written
    (or a missing folder below one) used to write the booklet first and then fail."""
    locked = tmp_path / "locked"
    locked.mkdir()
    if os.geteuid() == 0:
        _deny_writing(monkeypatch, locked)
    else:
        locked.chmod(0o555)
    try:
        result = runner.invoke(cli, ["booklet", "ass", "--out", str(tmp_path / "o"),
                                     "--contact-sheet", str(locked / below)])
    finally:
        locked.chmod(0o755)
    one_line_error(result, str(locked), "--contact-sheet", "not writable")
    assert not (tmp_path / "o").exists() and list(locked.iterdir()) == []


def test_6_a_figure_into_a_read_only_folder_fails_before_drawing(runner, tmp_path,
                                                                 monkeypatch):
    locked = tmp_path / "locked"
    locked.mkdir()
    _deny_writing(monkeypatch, locked)
    result = runner.invoke(cli, ["figure", "game1-demo", "--out", str(locked / "f.svg")])
    one_line_error(result, str(locked), "--out", "not writable")


# --- 7. the small ones --------------------------------------------------------------------

def test_7_nothing_loads_before_the_entry_point_holds_ctrl_c():
    """Issue 45 item 7: a Ctrl-C in the command's first ~40 ms printed a KeyboardInterrupt
    traceback: before run() holds Ctrl-C, importing the entry point loaded typing, signal
    and threading (17 ms). Now it loads the package root and itself only."""
    script = ("import sys; before = set(sys.modules); import generator.__main__; "
              "print(sorted(set(sys.modules) - before))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
                          timeout=120, check=True)
    import ast
    loaded = set(ast.literal_eval(done.stdout))
    assert loaded <= {"generator", "generator.__main__", "__future__"}, loaded


@linux_only
def test_7_ctrl_c_as_the_entry_point_starts_is_one_line(tmp_path):
    """A Ctrl-C that arrives as run() begins (delivered here from inside the process, as
    the CLI starts to load) gives Aborted. and 130, no traceback."""
    script = textwrap.dedent("""
        import os, signal, sys
        def hook(event, args):
            if event == "import" and args[0] == "generator.cli":
                os.kill(os.getpid(), signal.SIGINT)
        sys.addaudithook(hook)
        sys.argv = ["opencards", "--version"]
        from generator.__main__ import run
        run()
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
                          preexec_fn=default_ctrl_c, timeout=120)
    assert (done.returncode, done.stderr) == (130, "Aborted.\n")


def test_7_list_names_a_loop_of_links_in_one_line(runner, tmp_path, monkeypatch):
    """Issue 45 item 7 (bars 24-hardening-2: symlink loops, one line): two templates that
    link to each other are one loop, one line naming both; a link to itself is another."""
    packs = tmp_path / "tp" / "packs"
    packs.mkdir(parents=True)
    (packs / "a.toml").symlink_to("b.toml")
    (packs / "b.toml").symlink_to("a.toml")
    boards = tmp_path / "tp" / "boards"
    boards.mkdir()
    (boards / "self.toml").symlink_to("self.toml")
    monkeypatch.chdir(tmp_path)
    listed = runner.invoke(cli, ["--templates", "tp", "list"])
    assert listed.exit_code == 1 and "  pack1 " in listed.stdout
    assert listed.stderr.splitlines() == [
        "Error: tp/packs/a.toml, tp/packs/b.toml: expected readable files, got one loop of "
        "symbolic links (each leads to the next)",
        "Error: tp/boards/self.toml: expected a readable file, got a loop of symbolic links"]


def test_7_reading_every_template_copies_no_listing_per_template(runner, tmp_path,
                                                                 monkeypatch):
    """Issue 45 item 7: `list` with 10,000 templates was slow; each template read copied
    its kind's whole listing several times (about seven look-ups a template), so reading
    them all grew with the square of their number. The library's own look-ups now use
    the listing itself; the copies asked for stay a handful, whatever the count."""
    from generator.io.templates import Library
    layouts = tmp_path / "tp" / "layouts"
    layouts.mkdir(parents=True)
    demo = (REPO / "templates" / "layouts" / "game1-demo.toml").read_text(encoding="utf-8")
    for i in range(300):
        (layouts / f"l{i}.toml").write_text(demo, encoding="utf-8")
    copies = []
    files = Library.files

    def counted(self, kind):
        copies.append(kind)
        return files(self, kind)
    monkeypatch.setattr(Library, "files", counted)
    listed = runner.invoke(cli, ["--templates", str(tmp_path / "tp"), "list"])
    assert listed.exit_code == 0, listed.output
    assert "  l299 " in listed.stdout
    assert len(copies) <= 12, len(copies)
    mine = Library([tmp_path / "tp"])
    mine.files("layout").clear()   # a caller's copy: the library keeps its own
    assert "l7" in mine.files("layout")


def test_7_a_word_list_with_a_byte_order_mark_reads_its_first_line(runner, tmp_path):
    """Issue 45 item 7: a UTF-8 file saved with a byte order mark (as some editors do)
    made its first word an error ('\\ufeffcat' is not letters)."""
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeffzyx\nqat\n".encode("utf-8"))
    from generator.io.wordlists import read_word_file
    assert set(read_word_file(path).words) == {"ZYX", "QAT"}
    result = runner.invoke(cli, ["rules", "words", "word-1-start", "--words", str(path)])
    assert result.exit_code == 0, result.output


def test_7_a_word_list_in_another_alphabet_is_one_line(runner, tmp_path):
    """Issue 45 item 7: a word with none of the letter set's letters (a Russian word for
    the Latin cards) can never be spelt, and a list of them found no word without a word
    said. Seed 001 (word game 1st): the cards carry letters and "formation of words is a
    condition of game interaction", so a word is one the cards' letters can form; one with
    none of them is refused by line. A word with only some letters outside (café) stays,
    as a dictionary holds it (our reading: the list may be a whole dictionary)."""
    path = tmp_path / "ru.txt"
    path.write_text("cat\ncafé\nдом\n", encoding="utf-8")
    result = runner.invoke(cli, ["rules", "words", "word-1-start", "--words", str(path)])
    one_line_error(result, "ru.txt: line 3: expected a word in the letters of the latin "
                           "(A-Z) letter set, got 'дом'")
    fine = runner.invoke(cli, ["rules", "words", "word-1-start-cyrillic", "--words",
                               str(path)])
    one_line_error(fine, "line 1: expected a word in the letters of the cyrillic (А-Я) "
                         "letter set, got 'cat'")


def test_7_printer_save_does_not_write_through_a_link_out_of_the_config_folder(
        runner, tmp_path, monkeypatch):
    """Issue 45 item 7: a 'printers' link leading out of the config folder made 'printer
    save' write there (and 'printer delete' remove there). Both are refused in one line,
    and nothing is written outside; a 'printers' folder inside it still works."""
    from generator.io.profiles import CONFIG_ENV
    config = tmp_path / "config"
    config.mkdir()
    monkeypatch.setenv(CONFIG_ENV, str(config))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "old.toml").write_text('paper = "a4"\n', encoding="utf-8")
    (config / "printers").symlink_to(elsewhere)
    saved = runner.invoke(cli, ["printer", "save", "office", "--paper", "letter"])
    one_line_error(saved, "printers: leads to", "outside the config folder",
                   "not written there")
    deleted = runner.invoke(cli, ["printer", "delete", "old"])
    one_line_error(deleted, "outside the config folder", "not deleted there")
    assert sorted(p.name for p in elsewhere.iterdir()) == ["old.toml"]
    (config / "printers").unlink()
    (config / "store").mkdir()
    (config / "printers").symlink_to("store")   # a link inside the config folder is fine
    fine = runner.invoke(cli, ["printer", "save", "office", "--paper", "letter"])
    assert fine.exit_code == 0, fine.output
    assert (config / "store" / "office.toml").is_file()


def _dies_on_two(x: int) -> int:
    if x == 2:
        os._exit(3)
    return x


def test_1_a_worker_that_dies_is_an_error_not_a_hang():
    """A worker killed mid-task (the out-of-memory killer, kill -9) closes its pipe: the
    pool says which task it had, rather than waiting for it forever."""
    from generator.patience.pool import WorkerLost, unordered_map
    with pytest.raises(WorkerLost) as lost:
        list(unordered_map(_dies_on_two, [(n,) for n in range(5)], 2))
    assert lost.value.index == 2 and lost.value.process_exit == 3
