"""No test compares a measured duration with a budget: on a busy machine (CI shares its
cores) such a test fails while the program is right. Timings belong in bench/, run by hand
(bench/editor.py holds the editor's). This test reads every test file for a clock that
measures elapsed time, and for a search given a time limit short enough to decide its
verdict: a solver or player gets a node budget (``nodes=``, ``--nodes``), and a time limit
only as a ceiling of 10 minutes or more, unless the limit itself is under test (the line
then says so, and its test asserts only that the search stops and answers honestly)."""
from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).parent
#: Clocks that time a stretch of work. time.time() stays allowed: the tests use it to set
#: file times, never to measure.
CLOCKS = re.compile(r"\b(perf_counter|monotonic|process_time|thread_time)(_ns)?\s*\(")
#: A time limit given to a search: ``seconds=20`` or ``"--limit", "20s"``.
LIMITS = re.compile(r'(?:\bseconds=|"--limit",\s*")([0-9]+(?:\.[0-9]+)?)(ms|s|m)?\b')
#: What a line that tests the time limit itself says.
UNDER_TEST = "time limit under test"
#: The shortest time limit that is only a ceiling (the node budget beside it decides).
CEILING = 600.0


def short_limits(line: str, before: str = "") -> list[float]:
    """The time limits on *line*, in seconds, that are short enough to decide a verdict
    (none when *line* or the line *before* it says the limit is under test)."""
    found = []
    for number, unit in LIMITS.findall(line):
        seconds = float(number) * {"ms": 0.001, "m": 60.0}.get(unit, 1.0)
        if seconds < CEILING and UNDER_TEST not in line + before:
            found.append(seconds)
    return found


def test_no_test_times_what_it_runs():
    found = [f"{path.name}:{n}" for path in sorted(TESTS.rglob("*.py"))
             if path.name != Path(__file__).name
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if CLOCKS.search(line)]
    assert found == [], f"a clock measuring elapsed time in a test: {found}"


def test_no_search_is_decided_by_a_time_limit():
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        if path.name == Path(__file__).name:
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        found += [f"{path.name}:{n}" for n, line in enumerate(lines, 1)
                  if short_limits(line, lines[n - 2] if n > 1 else "")]
    assert found == [], f"a search given a short time limit in a test (give it nodes=): {found}"


def test_the_limit_check_finds_a_short_limit_and_lets_a_ceiling_pass():
    assert short_limits("    result = play_blind(game, 0, seconds=20)") == [20.0]
    assert short_limits('run(runner, "stats", "x", "--limit", "20s", "--json")') == [20.0]
    assert short_limits('"--limit", "200ms"]') == [0.2]
    assert short_limits('CEILING = ("--nodes", "1000", "--limit", "10m")') == []
    assert short_limits("solve(game, 0, seconds=None, nodes=5000)") == []
    assert short_limits('"--limit", "200ms"])', "# the time limit under test: ...") == []


def test_the_check_finds_a_budget():
    assert CLOCKS.search("    started = time.perf_counter()")
    assert CLOCKS.search("t = time.monotonic_ns()")
    assert not CLOCKS.search("hour_ago = time.time() - 3600")
