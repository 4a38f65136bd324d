"""No function in the package is above cyclomatic complexity 30, as radon measures it
(issue 41: "no function in the package above complexity 30"; ``radon cc -s -n E
generator`` lists the same functions). A function past that is one a reader cannot hold
in mind: it is split into functions of one concern each."""
from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class, Function

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
LIMIT = 30

def _functions(blocks: list[Function | Class]) -> Iterator[Function]:
    """Every function, method and closure among radon's *blocks*, nested ones included."""
    for block in blocks:
        if isinstance(block, Class):
            yield from _functions([*block.methods, *block.inner_classes])
        else:
            yield block
            yield from _functions(block.closures)


@cache
def _scores() -> dict[str, int]:
    """Each function of the package, as "path::Class.name", with its complexity (read
    once)."""
    scores = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        shown = path.relative_to(PACKAGE).as_posix()
        for function in _functions(cc_visit(path.read_text(encoding="utf-8"))):
            scores[f"{shown}::{function.fullname}"] = function.complexity
    return scores


def test_no_function_is_above_the_limit() -> None:
    over = {name: score for name, score in _scores().items() if score > LIMIT}
    assert not over, f"split these (complexity above {LIMIT}): {over}"


def test_the_reading_finds_methods_and_closures() -> None:
    """A long method, or a long function nested in another, is found as a top-level
    function is: 31 ifs score 32."""
    ifs = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(31))
    nested = ifs.replace("\n    ", "\n        ")
    source = (f"def f(x):\n{ifs}\n"
              f"class C:\n    def m(self, x):\n    {nested}\n"
              f"def outer():\n    def inner(x):\n    {nested}    return inner\n")
    found = {f.fullname: f.complexity for f in _functions(cc_visit(source))}
    assert found["f"] == found["C.m"] == found["inner"] == 32
