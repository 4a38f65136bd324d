"""The jobs (``app/``) look templates up; the parts below them are handed what was found
(issue 41: "sheets/ looks templates up by name"). No function in ``sheets/`` or below
it, apart from ``io/``, which holds the template library, takes a ``Library``: a kit
item reaches the sheets as a :class:`~generator.sheets.printable.Printable`, with the
settings. Checked on the source, by annotation, so a new parameter cannot slip in."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
#: The parts below the jobs that are handed templates, never the library. ``docs/`` still
#: takes it for the booklets' figures (issue 41 names only the sheets); ``io/`` owns it.
HANDED = ("sheets", "draw", "rules", "model")


def library_parameters(source: str) -> list[str]:
    """``function(parameter)`` for each parameter of *source* annotated with ``Library``
    (alone, or in a union or a container)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        arguments = node.args
        for arg in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                    *filter(None, (arguments.vararg, arguments.kwarg))):
            if arg.annotation is not None and _names_library(arg.annotation):
                name = getattr(node, "name", "lambda")
                found.append(f"{name}({arg.arg}) line {node.lineno}")
    return found


def _names_library(annotation: ast.expr) -> bool:
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return _names_library(ast.parse(annotation.value, mode="eval").body)
    return any((isinstance(n, ast.Name) and n.id == "Library")
               or (isinstance(n, ast.Attribute) and n.attr == "Library")
               for n in ast.walk(annotation))


@pytest.mark.parametrize("part", HANDED)
def test_no_function_below_the_jobs_takes_the_library(part: str) -> None:
    found = [f"{path.relative_to(PACKAGE)}: {where}"
             for path in sorted((PACKAGE / part).rglob("*.py"))
             for where in library_parameters(path.read_text(encoding="utf-8"))]
    assert found == []


@pytest.mark.parametrize("source", [
    "def f(library: Library, name: str) -> None: ...",
    "def f(*, library: Library | None = None) -> None: ...",
    "def f(library: 'templates.Library') -> None: ...",
    "class C:\n    def f(self, libraries: list[Library]) -> None: ...",
])
def test_the_scan_sees_a_library_parameter(source: str) -> None:
    assert len(library_parameters(source)) == 1


def test_the_scan_passes_a_printable() -> None:
    assert library_parameters("def f(item: Printable, settings: Settings) -> None: ...") == []
