"""Property-based fuzzing of the input side (issue 17): templates of every kind mutated from
the shipped ones, and the main commands' options, run through the CLI as a user would.

Whatever the input, a run ends with exit 0, or with exactly one line ``Error: ...`` on
stderr and exit 1: never a traceback, never a file outside the temporary ``--out``, never
a hang (a 20 s alarm per example turns one into a failure) and never a large growth of
the process's memory. Examples are derandomized so CI runs the same ones every time.
Only the shipped templates are read from the checkout: nothing comes from outside tests.
"""
from __future__ import annotations

import json
import math
import os
import re
import resource
import signal
import tempfile
import tomllib
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from generator.cli import cli
from generator.errors import GeneratorError

ROOT = Path(__file__).resolve().parent.parent / "templates"
#: A run longer than this is a hang: an endless loop, not a slow run. Generous, since a
#: run under Hypothesis's tracing on a machine whose cores are busy with other tests took
#: over 20 s (two CI-like runs of session 13), and the alarm is no time budget.
ALARM_SECONDS = 120
#: CI runs a fixed, small number of examples; FUZZ_EXAMPLES=3000 FUZZ_SEED=1 explores
#: (and FUZZ_COLLECT=1 counts failures by kind instead of stopping at the first).
SCALE = int(os.environ.get("FUZZ_EXAMPLES", "0"))
DERANDOMIZE = "FUZZ_SEED" not in os.environ
#: How much the test process's peak memory may grow over all examples, in MB.
MEMORY_GROWTH_MB = 600
#: The address space an example may add to the process before allocation fails, in MB.
ADDRESS_SPACE_MB = 3000

#: (folder, name) of the shipped templates mutated, one or more of each kind.
TEMPLATES = [("packs", "pack1"), ("packs", "simple1"), ("letters", "latin1"),
             ("letters", "cyrillic"), ("boards", "board-a"), ("boards", "colourless"),
             ("layouts", "game1-demo"), ("layouts", "example-combinations"),
             ("games", "basic-1"), ("games", "word-1"), ("traditional", "pack36"),
             (".", "settings"), ("booklets/en", "glossary"), ("booklets/en", "basic-1")]
#: The items a kit holds: these are also built (now and then) and rendered.
BUILDABLE = {"packs", "letters", "boards", "traditional"}

FIGURES = {"examples": 0, "runs": 0, "errors": 0, "failures": 0}
COLLECT = bool(os.environ.get("FUZZ_COLLECT"))
KINDS: Counter[str] = Counter()
#: What ``validate`` ends with on stderr when a layout breaks the rules (exit 1 too).
VERDICT = re.compile(r"[0-9]+ problems? for \S+")
#: NaN or an infinity written where an SVG wants a number.
NOT_A_NUMBER = re.compile(rb"(?<![A-Za-z])(?:nan|inf)(?![A-Za-z])", re.IGNORECASE)


class Hang(BaseException):
    """Raised by the alarm: a BaseException, so that CliRunner does not catch it."""


@contextmanager
def alarm(seconds: int) -> Iterator[None]:
    def ring(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {seconds} s")
    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def seeded(test: Any) -> Any:
    """FUZZ_SEED=N runs other examples than CI's, the same ones for every version."""
    return test if DERANDOMIZE else seed(int(os.environ["FUZZ_SEED"]))(test)


# --- writing TOML back ----------------------------------------------------------------------

def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        # JSON escapes are TOML basic-string escapes, but for \u of astral characters.
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007F")
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{toml_value(str(k))} = {toml_value(v)}"
                               for k, v in value.items()) + "}"
    raise TypeError(type(value))


def dumps(doc: dict[str, Any]) -> str:
    """A document as TOML: scalars and lists first, then each table as [key]."""
    lines = [f"{toml_value(k)} = {toml_value(v)}" for k, v in doc.items()
             if not isinstance(v, dict)]
    for key, value in doc.items():
        if isinstance(value, dict):
            lines.append(f"[{toml_value(key)}]")
            lines += [f"{toml_value(k)} = {toml_value(v)}" for k, v in value.items()]
    return "\n".join(lines) + "\n"


# --- mutations ------------------------------------------------------------------------------

def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path into *value* (dict keys and list indices)."""
    found = []
    if isinstance(value, dict):
        for k, v in value.items():
            found.append((*prefix, k))
            found += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:12]):
            found.append((*prefix, i))
            found += paths(v, (*prefix, i))
    return found


def deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


EVIL_NUMBERS = st.sampled_from([float("nan"), float("inf"), float("-inf"), 0, -1, 0.0,
                                -0.0, 1e-300, 1e308, 10 ** 300, -(10 ** 18), 2 ** 63,
                                0.001, 400.5, 5000, 1e9, 99.999])
EVIL_TEXT = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["", " ", "e1 ", "E1", "\u00b2", "\u0663", "1\n", "a\nb", "\x1b[2J",
                     "\u202e", "\u4e2d\u6587", "\U0001F0A1", "pack1:G9", "latin1:red",
                     "nan", "inf", "-1mm", "0.001mm", "1e400mm", "400mm", "25 mm",
                     "1_0", "A/R^", "(1B)^", "2Y^+1Rv", ". . . . . . . .",
                     "R1d Y1l G1d B1l B1d G1l Y1l R1d", "../x", "kit", "basic-1"]),
    st.integers(1, 200_000).map(lambda n: "x" * n))
EVIL_VALUES = st.one_of(
    EVIL_NUMBERS, EVIL_TEXT, st.booleans(),
    st.lists(st.one_of(EVIL_NUMBERS, EVIL_TEXT), max_size=10),
    st.integers(1, 60).map(deep),
    st.dictionaries(st.text(min_size=1, max_size=8), EVIL_NUMBERS, max_size=3))


def tweaked(value: Any) -> Any:
    """A value of the same type, near the edge: most mutations that keep a template
    loadable come from here, and reach the drawing and the rule engine."""
    if isinstance(value, bool):
        return st.just(not value)
    if isinstance(value, (int, float)):
        return st.one_of(EVIL_NUMBERS, st.floats(-1e6, 1e6), st.integers(-10, 100))
    if isinstance(value, str):
        tokens = value.split(" ")
        return st.one_of(
            EVIL_TEXT,
            st.tuples(st.integers(0, len(tokens) - 1), EVIL_TEXT).map(
                lambda t: " ".join(tokens[:t[0]] + [t[1]] + tokens[t[0] + 1:])),
            st.permutations(tokens).map(" ".join),
            st.integers(0, 40).map(lambda n: " ".join(tokens * n)))
    if isinstance(value, list) and value:
        return st.one_of(st.permutations(value).map(list),
                         st.integers(0, 20).map(lambda n: value * n),
                         st.tuples(st.integers(0, len(value) - 1), EVIL_VALUES).map(
                             lambda t: value[:t[0]] + [t[1]] + value[t[0] + 1:]))
    return EVIL_VALUES


@st.composite
def mutated(draw: Any, doc: dict[str, Any]) -> dict[str, Any]:
    doc = json.loads(json.dumps(doc, default=str))   # a deep copy with dates as text
    for _ in range(draw(st.integers(0, 3))):
        where = paths(doc)
        if not where:
            break
        path = draw(st.sampled_from(where))
        parent: Any = doc
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        action = draw(st.sampled_from(["replace", "tweak", "tweak", "tweak", "delete", "add",
                                       "empty"]))
        if action == "tweak":
            parent[last] = draw(tweaked(parent[last]))
        elif action == "delete":
            del parent[last]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=10))] = draw(EVIL_VALUES)
        elif action == "empty":
            parent[last] = type(parent[last])() if isinstance(parent[last],
                                                              (list, dict, str)) else 0
        else:
            parent[last] = draw(EVIL_VALUES)
    return doc


TEXT_DAMAGE = st.one_of(
    st.none(), st.none(), st.none(),
    st.tuples(st.just("cut"), st.floats(0, 1)),
    st.tuples(st.just("insert"), st.floats(0, 1), st.text(max_size=5)),
    st.tuples(st.just("nest"), st.integers(1, 2000)),
    st.tuples(st.just("dots"), st.integers(1, 5000)),
    st.tuples(st.just("bom"), st.none()))


def damage(text: str, how: Any) -> str:
    if how is None:
        return text
    kind = how[0]
    if kind == "cut":
        return text[:int(len(text) * how[1])]
    if kind == "insert":
        at = int(len(text) * how[1])
        return text[:at] + how[2] + text[at:]
    if kind == "nest":
        return "odd = " + "[" * how[1] + "]" * how[1] + "\n" + text
    if kind == "dots":
        return "a" + ".a" * how[1] + " = 1\n" + text
    return "\ufeff" + text


# --- running --------------------------------------------------------------------------------

def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file() or p.is_symlink()}


def check_run(runner: CliRunner, args: list[str], work: Path) -> None:
    """One command in *work*: exit 0, or one ``Error:`` line and exit 1; nothing written
    outside ``work/out``; no temporary file left behind. With FUZZ_COLLECT set, failures
    are counted by kind instead of stopping the test (to measure a version of the code)."""
    if not COLLECT:
        return _check_run(runner, args, work)
    try:
        _check_run(runner, args, work)
    except Hang:
        FIGURES["failures"] += 1
        KINDS[f"hang in {_command(args)}"] += 1
    except AssertionError as e:
        FIGURES["failures"] += 1
        kind = (f"traceback ({type(e.__cause__).__name__})" if e.__cause__ is not None
                else "file outside --out" if "outside" in str(e)
                else "left-over temporary file" if ".part" in str(e)
                else "NaN written to a file" if "nan in" in str(e)
                else "not one Error line")
        KINDS[f"{kind} in {_command(args)}"] += 1


def _command(args: list[str]) -> str:
    return args[2] if args[0] == "--templates" else args[0]


def _check_run(runner: CliRunner, args: list[str], work: Path) -> None:
    before = files_under(work)
    with alarm(ALARM_SECONDS):
        result = runner.invoke(cli, args, catch_exceptions=True)
    FIGURES["runs"] += 1
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{args}: {type(result.exception).__name__}: "
                             f"{str(result.exception)[:300]}") from result.exception
    assert result.exit_code in (0, 1), (args, result.exit_code, result.output[-300:])
    if result.exit_code == 1:
        FIGURES["errors"] += 1
        lines = result.stderr.splitlines()
        if "validate" in args and len(lines) == 1 and VERDICT.fullmatch(lines[0]):
            return   # the layout loaded and the rules found problems: a verdict
        assert lines and lines[-1].startswith("Error: "), (args, result.stderr[-500:])
        assert sum(line.startswith("Error") for line in lines) == 1, (args, lines[-3:])
        assert result.stderr.endswith("\n") and len(lines[-1]) < 1000, (args, lines[-1][:300])
    new = files_under(work) - before
    for svg in (p for p in new if p.suffix == ".svg"):
        # A NaN that slipped through is written as a number: accepted, but wrong.
        assert not NOT_A_NUMBER.search(svg.read_bytes()), ("nan in", args, svg.name)
    outside = [p for p in new if not p.is_relative_to(work / "out")]
    assert not outside, ("outside", args, sorted(map(str, outside))[:5])
    assert not [p for p in new if p.name.endswith(".part") or p.name.startswith(".")], \
        (".part", args, sorted(map(str, new))[:5])


@contextmanager
def workspace() -> Iterator[Path]:
    """A fresh folder as the working folder: relative paths land inside it."""
    old = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="fuzz-") as name:
        os.chdir(name)
        try:
            yield Path(name).resolve()
        finally:
            os.chdir(old)


@pytest.fixture(scope="module")
def memory_at_start() -> Iterator[int]:
    """Caps the address space while fuzzing, so that a runaway allocation is a MemoryError
    in the example that made it (a failure with its input) instead of the kernel killing
    the whole test run; and checks the peak resident size afterwards."""
    start = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    try:
        with open("/proc/self/statm") as statm:
            size = int(statm.read().split()[0]) * resource.getpagesize()
        cap = size + ADDRESS_SPACE_MB * 2 ** 20
        if hard == resource.RLIM_INFINITY or cap < hard:
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (OSError, ValueError):
        pass   # not Linux: the peak check below still runs
    try:
        yield start
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - start) // 1024
    assert grown < MEMORY_GROWTH_MB, f"peak memory grew by {grown} MB while fuzzing"


SHIPPED = {(folder, name): tomllib.loads((ROOT / folder / f"{name}.toml").read_text("utf-8"))
           for folder, name in TEMPLATES}


@st.composite
def template_case(draw: Any) -> tuple[str, str, str, bool]:
    folder, name = draw(st.sampled_from(TEMPLATES))
    text = damage(dumps(draw(mutated(SHIPPED[(folder, name)]))), draw(TEXT_DAMAGE))
    build = folder in BUILDABLE and draw(st.integers(0, 7)) == 0
    return folder, name, text, build


@seeded
@settings(max_examples=SCALE or 160, deadline=None, derandomize=DERANDOMIZE, database=None,
          suppress_health_check=list(HealthCheck))
@given(template_case())
def test_any_template_gives_exit_0_or_one_error_line(memory_at_start, case):
    folder, name, text, build = case
    FIGURES["examples"] += 1
    runner = CliRunner()
    with workspace() as work:
        path = work / "mine" / folder / f"{name}.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        mine = ["--templates", "mine"]
        shown = str(path.relative_to(work))
        if folder == "booklets/en":
            check_booklet(work)
            return
        if folder == ".":
            check_run(runner, [*mine, "list"], work)
            if build:
                check_run(runner, [*mine, "build", "--only", "simple1", "--out", "out"], work)
            return
        check_run(runner, ["show", shown], work)
        check_run(runner, [*mine, "show", name], work)
        if folder == "layouts":
            check_run(runner, ["validate", shown], work)
            check_run(runner, [*mine, "rules", "moves", name, "--side", "south"], work)
        if folder == "games":
            check_run(runner, [*mine, "validate", f"{name}-start" if name != "basic-1"
                               else "game1-demo"], work)
        if build:
            check_run(runner, [*mine, "build", "--only", shown, "--out", "out"], work)


def check_booklet(work: Path) -> None:
    """Booklet files are loaded, not drawn (a booklet takes seconds to set)."""
    from generator.io.booklets import load_booklet
    from generator.io.templates import Library
    FIGURES["runs"] += 1
    try:
        with alarm(ALARM_SECONDS):
            load_booklet(Library([work / "mine", ROOT]), "en")
    except GeneratorError:
        FIGURES["errors"] += 1   # a refusal; the CLI makes it one line
    except (Exception, Hang) as e:
        if not COLLECT:
            raise
        FIGURES["failures"] += 1
        KINDS[f"traceback ({type(e).__name__}) in the booklet loader"] += 1


LENGTHS = st.one_of(
    st.sampled_from(["nan", "inf", "-inf", "1e400", "-1", "0", "0.5", "3mm", "0.125in",
                     "20", "20.0001", "1_0", "\u0663", "5 mm", "", "mm", "2pt", "1" * 400]),
    st.floats(allow_nan=True, allow_infinity=True).map(repr))
PAIRS = st.tuples(LENGTHS, LENGTHS).map(",".join)
SMALL_LENGTHS = st.sampled_from(["nan", "inf", "-1", "0", "5", "5.5", "3mm", "0.5in", "1_0",
                                 "", "1e400", "\u0663", "-0", "6mm "])
SIZES = st.one_of(st.sampled_from(["5x5mm", "400x400mm", "4x50", "10x20mm", "nanx50",
                                   "1x2in", "25x50", "x", "1e400x1"]),
                  st.tuples(LENGTHS, LENGTHS).map("x".join))

OPTION_VALUES = {
    "--bleed": LENGTHS, "--margin": LENGTHS, "--gap": LENGTHS, "--overlap": LENGTHS,
    "--back-offset": PAIRS, "--back-rotate": LENGTHS, "--back-scale": st.one_of(LENGTHS, PAIRS),
    "--margins": st.tuples(LENGTHS, LENGTHS, LENGTHS, LENGTHS).map(",".join),
    "--card-size": SIZES, "--dpi": st.sampled_from(["nan", "72", "30", "0", "1e3", "1201"]),
    # export-cards draws every card as a PNG: small sizes keep an example under a second
    # (how large and fine a PNG may be is the export's own limit, not the loader's).
    "--export-size": st.one_of(st.sampled_from(["5x5mm", "4x50", "nanx50", "x", "1e400x1",
                                                "10x20mm", "0.5x1in"]),
                               st.tuples(SMALL_LENGTHS, SMALL_LENGTHS).map("x".join)),
    "--export-dpi": st.sampled_from(["nan", "72", "0", "1e3", "1201", "-72", "7" * 400]),
    "--sheets": st.sampled_from(["1", "0", "2-1", "1-99999999999", "a", ",", "1,,2"]),
    "--paper": st.sampled_from(["a4", "A4", "letter", "a9", ""]),
}


@st.composite
def command_case(draw: Any) -> list[str]:
    command = draw(st.sampled_from(["build", "render", "export-cards", "calibrate"]))
    usable = {"build": ["--bleed", "--margin", "--gap", "--overlap", "--back-offset",
                        "--back-rotate", "--back-scale", "--margins", "--card-size",
                        "--sheets", "--paper"],
              "render": ["--bleed", "--dpi"],
              "export-cards": ["--bleed", "--export-size", "--export-dpi"],
              "calibrate": ["--margin", "--back-offset", "--back-rotate", "--back-scale",
                            "--margins", "--paper"]}[command]
    chosen = draw(st.lists(st.sampled_from(usable), min_size=1, max_size=3, unique=True))
    args = [command]
    if command == "render":
        args += ["simple1", "--format", draw(st.sampled_from(["svg", "pdf", "png"]))]
    if command in ("build", "export-cards"):
        args += ["--only", "simple1"]
    for option in chosen:
        args += [option.replace("--export-", "--"), draw(OPTION_VALUES[option])]
    if command == "render" and "--dpi" not in chosen:
        args += ["--dpi", "72"]
    if command == "export-cards":
        args += [] if "--export-dpi" in chosen else ["--dpi", "72"]
        args += [] if "--export-size" in chosen else ["--card-size", "10x20mm"]
    return [*args, "--out", "out"]


@seeded
@settings(max_examples=SCALE // 10 or 30, deadline=None, derandomize=DERANDOMIZE,
          database=None, suppress_health_check=list(HealthCheck))
@given(command_case())
def test_any_options_give_exit_0_or_one_error_line(memory_at_start, args):
    FIGURES["examples"] += 1
    with workspace() as work:
        check_run(CliRunner(), args, work)


# --- issue 23: ICC profile bytes, booklet text, move strings and card lists ---------------

ICC = Path(__file__).resolve().parent.parent / "icc" / "opencards-coated-fogra39l.icc"
#: The first bytes of the bundled profile (its header and tag table) and a little more:
#: mutations of these reach littleCMS's parser, and a short file keeps an example quick.
ICC_HEAD = ICC.read_bytes()[:4096]


@st.composite
def icc_bytes(draw: Any) -> bytes:
    whole = draw(st.booleans())
    data = bytearray(ICC.read_bytes() if whole else ICC_HEAD)
    for _ in range(draw(st.integers(0, 6))):
        action = draw(st.sampled_from(["flip", "cut", "zero", "insert"]))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if action == "flip" and data:
            data[at] ^= draw(st.integers(1, 255))
        elif action == "cut":
            del data[at:]
        elif action == "zero":
            data[at:at + draw(st.integers(1, 64))] = bytes(draw(st.integers(1, 64)))
        else:
            data[at:at] = draw(st.binary(max_size=16))
    return bytes(data)


@seeded
@settings(max_examples=SCALE // 10 or 16, deadline=None, derandomize=DERANDOMIZE,
          database=None, suppress_health_check=list(HealthCheck))
@given(icc_bytes())
def test_any_icc_profile_gives_exit_0_or_one_error_line(memory_at_start, data):
    FIGURES["examples"] += 1
    with workspace() as work:
        (work / "p.icc").write_bytes(data)
        check_run(CliRunner(), ["build", "--shop", "--only", "simple1", "--icc", "p.icc",
                                "--out", "out"], work)


BOOKLET_FILES = [("booklets/en", "booklet"), ("booklets/en", "notation"),
                 ("booklets/en", "glossary")]
BOOKLET_SHIPPED = {key: tomllib.loads((ROOT / key[0] / f"{key[1]}.toml").read_text("utf-8"))
                   for key in BOOKLET_FILES}


@st.composite
def booklet_case(draw: Any) -> tuple[str, str, str]:
    folder, name = draw(st.sampled_from(BOOKLET_FILES))
    return folder, name, dumps(draw(mutated(BOOKLET_SHIPPED[(folder, name)])))


@seeded
@settings(max_examples=SCALE // 10 or 24, deadline=None, derandomize=DERANDOMIZE,
          database=None, suppress_health_check=list(HealthCheck))
@given(booklet_case())
def test_any_booklet_text_is_set_or_refused_in_one_line(memory_at_start, case):
    """Booklet files loaded and typeset (figures stand in as blank pages: drawing them is
    the figure code's, fuzzed through layouts): a text is set inside the page or refused."""
    from generator.docs.booklet.flow import typeset
    from generator.docs.booklet.units import PageGeometry
    from generator.draw.scene import Page
    from generator.io.booklets import load_booklet
    from generator.io.templates import Library
    folder, name, text = case
    FIGURES["examples"] += 1
    FIGURES["runs"] += 1
    with workspace() as work:
        path = work / "mine" / folder / f"{name}.toml"
        path.parent.mkdir(parents=True)
        path.write_text(text, encoding="utf-8")
        try:
            with alarm(ALARM_SECONDS):
                # A board game and Ass: the notation and every glossary section are in.
                booklet = load_booklet(Library([work / "mine", ROOT]), "en",
                                       ("word-puzzle-5", "ass"))
                figures = {ref.where: Page(100.0, 100.0, ()) for chapter in booklet.chapters
                           for ref in chapter.figures}
                geometry = PageGeometry.for_paper("a5")
                pages = typeset(booklet, figures, geometry).pages
        except GeneratorError:
            FIGURES["errors"] += 1
            return
        except (Exception, Hang) as e:
            if not COLLECT:
                raise
            FIGURES["failures"] += 1
            KINDS[f"traceback ({type(e).__name__}) in the booklet typesetter"] += 1
            return
        assert pages


MOVE_TOKENS = st.sampled_from(["b2-b3", "g7-g6", "c3-d4", "e2-e4", "a1-c3-e5", "c7-off",
                               "d1=", "h3xh4", "d2+d5", "b2-b3-b4", "zz", "-", "x", "=",
                               "a9-a1", "\u0663", "e\u00b2-e3", "1R", "LF1>FA1", "stock>LF1",
                               "deal", "redeal", "L4>FK3", "N7>F", "QC", "9S", "10H", "AS",
                               "6S", ";", ",", "ВД", "\u202e"])
MOVE_STRINGS = st.one_of(
    st.lists(MOVE_TOKENS, max_size=12).map(" ".join),
    st.lists(MOVE_TOKENS, min_size=90, max_size=120).map(" ".join),
    EVIL_TEXT)
CARD_TOKENS = st.sampled_from(["8S", "AS", "10S", "6S", "QS", "KH", "JC", "9D", "7H",
                               "ВП", "ДЧ", "ТБ", "1S", "11H", "AX", "", "-", "10", "S",
                               "\uff18S", "8s", "as", "AS,", "8S8S"])
CARD_LISTS = st.one_of(st.lists(CARD_TOKENS, max_size=10).map(" ".join), EVIL_TEXT)


@st.composite
def move_case(draw: Any) -> list[str]:
    kind = draw(st.sampled_from(["figure", "patience", "ass-deal", "ass-score", "ass-trick",
                                 "ass-legal"]))
    if kind == "figure":
        return ["figure", draw(st.sampled_from(["game1-demo", "game9-start"])), "--moves",
                draw(MOVE_STRINGS), "--out",
                "out/f." + draw(st.sampled_from(["svg", "gif", "png"])), "--dpi", "30"]
    if kind == "patience":
        return ["patience", "play", draw(st.sampled_from(["nivernaise", "empress-of-india",
                                                          "besieged-city"])),
                "--seed", "1", "--moves", draw(MOVE_STRINGS)]
    if kind == "ass-deal":
        return ["ass", "deal", "--seed", "1", "--moves", draw(MOVE_STRINGS)]
    if kind == "ass-score":
        return ["ass", "score", *draw(st.lists(CARD_LISTS, min_size=1, max_size=6))]
    if kind == "ass-trick":
        return ["ass", "trick", draw(CARD_LISTS)]
    return ["ass", "legal", draw(CARD_LISTS), "--hand", draw(CARD_LISTS)]


@seeded
@settings(max_examples=SCALE // 10 or 40, deadline=None, derandomize=DERANDOMIZE,
          database=None, suppress_health_check=list(HealthCheck))
@given(move_case())
def test_any_moves_and_card_lists_give_exit_0_or_one_error_line(memory_at_start, args):
    FIGURES["examples"] += 1
    with workspace() as work:
        check_run(CliRunner(), args, work)


def teardown_module() -> None:
    # The figures docs/templates.md quotes: examples, command runs, and how many ended in an error.
    print(f"\nfuzz: {FIGURES['examples']} examples, {FIGURES['runs']} runs, "
          f"{FIGURES['errors']} one-line errors, {FIGURES['failures']} failures")
    for kind, count in KINDS.most_common():
        print(f"  {count:5d}  {kind}")
