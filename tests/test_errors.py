"""One error tree: every mistake a user can make is a GeneratorError from generator/errors.py,
shown as one line by the CLI; nothing the user does reaches an ``assert``."""
from __future__ import annotations

import ast
import builtins
import doctest
from pathlib import Path

from generator import errors
from generator.draw import fonts
from generator.errors import GeneratorError, did_you_mean

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
#: The parts whose code runs on user input and must not use assert to decide anything
#: (``python -O`` drops asserts, and a failed one prints a traceback instead of a line).
NO_ASSERT = ["model", "rules", "io", "draw", "sheets", "docs", "app", "cli", "web"]


def test_error_doctests():
    result = doctest.testmod(errors)
    assert result.attempted >= 3 and result.failed == 0


def test_did_you_mean():
    assert did_you_mean("colorless", ["board-a", "colourless"]) == "did you mean 'colourless'?"
    assert did_you_mean("zzz", ["board-a"]) is None


#: Python's own exception classes: one derived from them outside errors.py is an error class
#: of ours living elsewhere (a ValueError the CLI would show as a traceback).
BUILTIN_ERRORS = {name for name, value in vars(builtins).items()
                  if isinstance(value, type) and issubclass(value, BaseException)}


def test_every_error_class_lives_in_errors_and_descends_from_generator_error():
    defined = {name for name, value in vars(errors).items()
               if isinstance(value, type) and issubclass(value, Exception)}
    assert {"TemplateError", "NotFoundError", "WrongKindError", "FontError",
            "OutputError", "ImpositionError"} <= defined
    assert all(issubclass(getattr(errors, name), GeneratorError) for name in defined)
    assert fonts.FontError is errors.FontError
    for path in PACKAGE.rglob("*.py"):
        if path.name == "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = {ast.unparse(b).split(".")[-1] for b in node.bases}
                assert not bases & (defined | BUILTIN_ERRORS), \
                    f"{path.relative_to(PACKAGE)}: class {node.name} belongs in errors.py"


def test_no_assert_decides_anything_on_user_input():
    found = []
    for part in NO_ASSERT:
        root = PACKAGE / part
        for path in ([root] if root.is_file() else sorted(root.rglob("*.py"))):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found += [f"{path.relative_to(PACKAGE)}:{node.lineno}" for node in ast.walk(tree)
                      if isinstance(node, ast.Assert)]
    assert not found
