"""A measure of issue 41 ("89 parameters typed str for squares"): squares are typed
``SquareName`` in the rule engine and the model, so that mypy --strict checks them, and
text becomes a square once, where it is read (io/, cli/, web/, a figure's annotations).
The counts below are what is left: text records (a written move, a position text's last
move), parsers and the front ends' request text. A new ``square: str`` raises the count
and fails here: type it ``SquareName`` (or parse it where it is read)."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "generator"
#: Names that hold a square in this code base.
SQUARE_NAMES = {"square", "sq", "origin", "target", "laid", "moved", "moved_to", "through",
                "landing", "king"}
PLAIN = {"str", "str | None", "Optional[str]"}
#: Left typed str, by folder (issue 41, session 16: 99 in all, 56 in rules/, 6 in model/).
MOST = {"rules": 7, "model": 2, "": 40}


def plain_square_names(root: Path, base: Path = PACKAGE) -> list[str]:
    """Each parameter or annotated name called for a square but typed plain str, as
    ``file:line name``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            named: list[tuple[str, ast.expr | None, int]] = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
                named = [(a.arg, a.annotation, a.lineno) for a in args]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                named = [(node.target.id, node.annotation, node.lineno)]
            found += [f"{path.relative_to(base)}:{line} {name}" for name, note, line in named
                      if name in SQUARE_NAMES and note is not None
                      and ast.unparse(note) in PLAIN]
    return found


def test_squares_are_typed_square_names_in_the_engine_and_the_model():
    for folder, most in MOST.items():
        left = plain_square_names(PACKAGE / folder)
        assert len(left) <= most, f"{folder or 'generator'}: {len(left)} > {most}: {left}"


def test_the_measure_finds_a_square_typed_str(tmp_path):
    """The counter itself sees a parameter and a field (so the test above can fail)."""
    (tmp_path / "x.py").write_text("def f(square: str, n: int) -> None: ...\n"
                                   "class C:\n    origin: str | None\n", encoding="utf-8")
    assert plain_square_names(tmp_path, tmp_path) == ["x.py:1 square", "x.py:3 origin"]
