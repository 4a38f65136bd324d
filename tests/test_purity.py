"""The model knows nothing of drawing, files or the command line (design.md rule 3)."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
MODEL = ("cards", "letters", "board", "layout", "units", "geometry", "settings", "lines",
         "games", "beating", "combinations", "moves", "validation", "words", "rules")
FORBIDDEN = {"reportlab", "svgwrite", "PIL", "click", "pypdf", "pypdfium2", "pikepdf",
             "art", "backends", "templates", "reader", "kit", "cli", "show", "resources",
             "game_templates", "wordlists", "cli_rules", "wordfreq"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    return {m.removeprefix("generator.").split(".")[0] for m in names if m}


def test_model_imports_no_drawing_library():
    for module in MODEL:
        found = _imports(PACKAGE / f"{module}.py") & FORBIDDEN
        assert not found, f"{module}.py imports {found}"


def test_the_check_would_catch_a_drawing_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from reportlab.pdfgen import canvas\nimport PIL.Image\n")
    assert _imports(bad) & FORBIDDEN == {"reportlab", "PIL"}


def test_importing_the_model_loads_no_drawing_library():
    """At run time too: the package's own import pulls in no renderer."""
    import subprocess
    import sys
    code = ("import sys, generator.cards, generator.board, generator.layout, "
            "generator.letters, generator.rules; "
            "print(sorted(m for m in ('reportlab', 'PIL', 'svgwrite', 'fontTools', 'click') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"
