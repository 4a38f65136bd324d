"""No test compares a measured duration with a budget: on a busy machine (CI shares its
cores) such a test fails while the program is right. Timings belong in bench/, run by hand
(bench/editor.py holds the editor's). This test reads every test file for a clock that
measures elapsed time."""
from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).parent
#: Clocks that time a stretch of work. time.time() stays allowed: the tests use it to set
#: file times, never to measure.
CLOCKS = re.compile(r"\b(perf_counter|monotonic|process_time|thread_time)(_ns)?\s*\(")


def test_no_test_times_what_it_runs():
    found = [f"{path.name}:{n}" for path in sorted(TESTS.rglob("*.py"))
             if path.name != Path(__file__).name
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if CLOCKS.search(line)]
    assert found == [], f"a clock measuring elapsed time in a test: {found}"


def test_the_check_finds_a_budget():
    assert CLOCKS.search("    started = time.perf_counter()")
    assert CLOCKS.search("t = time.monotonic_ns()")
    assert not CLOCKS.search("hour_ago = time.time() - 3600")
