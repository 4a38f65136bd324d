"""The reports ``opencards patience stats --json`` writes, read back for ``--merge``: runs
made apart (one range of deals a machine) add up only if each report is one, so every
report is checked against its schema first: nesting, finite numbers, whole numbers in
range (a boolean is not a number), the verdicts of its view, moves in the notation, each
deal once, and counts that match its deals."""
from __future__ import annotations

import json
import math
import re
from collections.abc import Callable

from ..errors import PatienceError
from .engine import parse_moves
from .stats import DealResult

#: The largest seed, positions count and seconds a report's deal may give: far above any
#: run (a seed of 18 digits, a search of a billion billion positions, four months on one
#: deal), low enough that a number no run writes (a seed of 10^30) is refused.
MAX_SEED = 10 ** 18 - 1
#: The most deals one run decides (a run of 1,000 takes most of an hour on two cores).
MAX_DEALS = 1_000_000
MAX_NODES = 10 ** 18 - 1
MAX_SECONDS = 10.0 ** 7
#: A report nested deeper than this is not one (``stats --json`` writes 3 levels).
MAX_REPORT_DEPTH = 16


def _whole(low: int, high: int) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"a whole number from {low:,} to {high:,}"
        return None if low <= value <= high else f"a whole number from {low:,} to {high:,}"
    return check


def _seconds(value: object) -> str | None:
    # bool is an int to Python, and not a time; NaN and infinities never get here (the
    # JSON is read without them), but are refused again in case.
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not math.isfinite(value) or not 0 <= value <= MAX_SECONDS:
        return f"a number of seconds from 0 to {MAX_SECONDS:,.0f}"
    return None


def _moves(value: object) -> str | None:
    if not isinstance(value, str):
        return "a string of moves in the notation"
    try:
        parse_moves(value)
    except PatienceError as error:
        return f"moves in the notation ({error})"
    return None


def _shown(value: object) -> str:
    """A value of a report as an error message shows it: short, whatever its size."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) >= 10 ** 20:
        return f"an integer of {len(str(abs(value)))} digits"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "...")
    return {list: "a list", dict: "an object", type(None): "null"}.get(type(value),
                                                                     type(value).__name__)


#: What the depth scan stops at: a whole string (skipped), or a bracket.
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def _depth(text: str) -> int:
    """How deep the JSON *text* nests (brackets outside strings), stopping past
    :data:`MAX_REPORT_DEPTH`: read before the parser, whose recursion a hostile depth
    would exhaust."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_REPORT_DEPTH:
                break
        elif token in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number a report holds")


def _whole_number(text: str) -> int:
    # int() itself refuses over 4,300 digits, in words about Python's limits.
    if len(text.lstrip("-")) > 40:
        raise ValueError(f"an integer of {len(text.lstrip('-'))} digits is beyond the "
                         f"numbers a report holds")
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is beyond the numbers a report holds")
    return value


def read_report(text: str, where: str, goal: int | None = None
                ) -> tuple[str, str, list[DealResult]]:
    """The patience, the view ("omniscient" or "player") and the deals of a report that
    ``opencards patience stats --json`` printed, so that runs made apart (one range of
    deals a machine) can be added up. Every deal is checked against the report's schema:
    whole numbers in range (booleans are not numbers), finite seconds of 0 or more,
    verdicts of the view, moves in the notation, and at most *goal* cards up. A report
    that is not one raises :class:`PatienceError` naming *where* and what was expected."""
    if _depth(text) > MAX_REPORT_DEPTH:
        raise PatienceError(f"{where}: expected the JSON that 'opencards patience stats "
                            f"--json' prints, got JSON nested more than "
                            f"{MAX_REPORT_DEPTH} deep")
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite,
                          parse_int=_whole_number)
    except (ValueError, RecursionError) as error:
        raise PatienceError(f"{where}: expected the JSON that 'opencards patience stats "
                            f"--json' prints, got text that is not JSON ({error})") from None
    if not isinstance(data, dict):
        raise PatienceError(f"{where}: expected a JSON object from 'opencards patience "
                            f"stats --json', got {_shown(data)}")
    name, view, found = data.get("patience"), data.get("view"), data.get("results")
    if not isinstance(name, str) or view not in ("omniscient", "player") or \
            not isinstance(found, list):
        raise PatienceError(f"{where}: expected the keys 'patience', 'view' (omniscient or "
                            f"player) and 'results' of 'opencards patience stats --json'")
    # The player's loss proves nothing, so its deals are won or unknown, never lost.
    verdicts = ("won", "lost", "unknown") if view == "omniscient" else ("won", "unknown")
    schema: dict[str, Callable[[object], str | None]] = {
        "seed": _whole(0, MAX_SEED),
        "verdict": lambda v: None if v in verdicts else
        f"{', '.join(verdicts[:-1])} or {verdicts[-1]}",
        "on_foundations": _whole(0, MAX_NODES if goal is None else goal),
        "nodes": _whole(0, MAX_NODES),
        "seconds": _seconds,
        "moves": _moves,
    }
    results = []
    for number, item in enumerate(found, start=1):
        if not isinstance(item, dict):
            raise PatienceError(f"{where}: result {number}: expected an object with seed, "
                                f"verdict, on_foundations, nodes and seconds, got "
                                f"{_shown(item)}")
        for key, check in schema.items():
            if key not in item:
                if key == "moves":
                    continue
                raise PatienceError(f"{where}: result {number}: expected seed, verdict, "
                                    f"on_foundations, nodes and seconds; {key} is missing")
            expected = check(item[key])
            if expected is not None:
                raise PatienceError(f"{where}: result {number}: {key}: expected {expected}, "
                                    f"got {_shown(item[key])}")
        results.append(DealResult(item["seed"], item["verdict"], item["on_foundations"],
                                  item["nodes"], float(item["seconds"]),
                                  item.get("moves", "")))
    if not results:
        raise PatienceError(f"{where}: a report of no deals")
    seeds: set[int] = set()
    for result in results:
        if result.seed in seeds:
            raise PatienceError(f"{where}: deal {result.seed} is in it twice: each deal may "
                                f"be counted once")
        seeds.add(result.seed)
    for verdict in ("won", "lost", "unknown"):
        said, counted = data.get(verdict), sum(r.verdict == verdict for r in results)
        if said is not None and said != counted or isinstance(said, bool):
            raise PatienceError(f"{where}: '{verdict}' says {_shown(said)}, but its results "
                                f"hold {counted} {verdict} deal{'' if counted == 1 else 's'}")
    return name, view, results
