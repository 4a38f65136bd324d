"""The package's parts import only the parts below them (design.md, "parts as folders").

Order, top to bottom: cli and web, app, docs, sheets, draw, io, the three engines (rules,
patience, ass: side by side, none importing another), model; ``errors`` lies under all of them
and the package root hands on the model only. Both the source (every import statement) and
the running interpreter (what an import actually loads) are checked.
"""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
#: The public face (``import opencards``), beside the package: it hands on names from app
#: and below, never from the command line or the web app, and nothing in generator imports it.
FACE = PACKAGE.parent / "opencards"
FACE_MAY_IMPORT = {"app", "docs", "sheets", "draw", "io", "rules", "patience", "ass", "model",
                   "errors", "root"}

#: Each part and the project parts it may import (besides itself).
ALLOWED: dict[str, set[str]] = {
    "errors": set(),
    "model": {"errors"},
    "rules": {"model", "errors"},
    # The two engines beside the board engine (issue 41): the patiences of seed 004 and the
    # trick game Ass of seed 003; neither imports the other nor the board engine.
    "patience": {"model", "errors"},
    "ass": {"model", "errors"},
    "io": {"rules", "patience", "ass", "model", "errors"},
    "draw": {"io", "rules", "patience", "ass", "model", "errors"},
    "sheets": {"draw", "io", "rules", "patience", "ass", "model", "errors"},
    "docs": {"sheets", "draw", "io", "rules", "patience", "ass", "model", "errors"},
    "app": {"docs", "sheets", "draw", "io", "rules", "patience", "ass", "model", "errors"},
    # cli/serve.py alone imports web, when the serve command runs.
    "cli": {"web", "app", "docs", "sheets", "draw", "io", "rules", "patience", "ass", "model",
            "errors", "root"},
    # The browser editor: beside cli at the top; it never imports cli.
    "web": {"app", "docs", "sheets", "draw", "io", "rules", "patience", "ass", "model",
            "errors", "root"},
    "root": {"model", "errors"},
    "main": {"cli"},
}
#: Outside libraries each part may import; anything not named here is refused.
LIBRARIES: dict[str, set[str]] = {
    "errors": set(), "model": set(), "rules": set(), "patience": set(), "ass": set(),
    "root": set(), "main": set(),
    # wordfreq, msgpack, pymorphy3 and spylls only in io/words/build.py, which makes the
    # shipped word lists; tests/test_words_data.py checks that a run loads none of them.
    "io": {"wordfreq", "msgpack", "platformdirs", "pymorphy3", "spylls"},
    "draw": {"reportlab", "svgwrite", "PIL", "fontTools", "pyphen", "pypdfium2", "ezdxf",
             "pikepdf"},
    "sheets": set(),
    "docs": set(),
    # dask.distributed (the optional cluster extra) only in app/cluster.py, imported when
    # 'patience stats --executor dask' runs.
    "app": {"distributed"},
    "cli": {"click", "uvicorn"},
    "web": {"starlette"},
}
STDLIB = set(sys.stdlib_module_names) | {"__future__"}


def part_of(path: Path, package: Path) -> str:
    rel = path.relative_to(package)
    if rel.parts[0] == "__init__.py":
        return "root"
    if rel.parts[0] == "__main__.py":
        return "main"
    return rel.parts[0].removesuffix(".py")


def imported(path: Path, package: Path) -> list[tuple[str, int]]:
    """Every module an import statement names, as an absolute dotted name, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = list(path.relative_to(package.parent).parts[:-1])
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if not node.level:
                found.append((node.module or "", node.lineno))
                continue
            base = here[: len(here) - node.level + 1]
            if node.module:
                found.append((".".join(base + [node.module]), node.lineno))
            else:  # from .. import fonts: each name may be a module
                found += [(".".join(base + [a.name]), node.lineno) for a in node.names]
    return found


def target_part(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "generator":
        return None
    if len(parts) == 1 or parts[1] not in ALLOWED:
        return "root"
    return parts[1]


def violations(path: Path, package: Path = PACKAGE) -> list[str]:
    part = part_of(path, package)
    problems = []
    for module, line in imported(path, package):
        where = f"{path.relative_to(package.parent)}:{line}"
        target = target_part(module)
        if target is None:
            top = module.split(".")[0]
            if top == "opencards":
                problems.append(f"{where}: {part} may not import the public face {module}")
            elif top not in STDLIB and top not in LIBRARIES[part]:
                problems.append(f"{where}: {part} may not import the library {top}")
        elif target != part and target not in ALLOWED[part]:
            problems.append(f"{where}: {part} may not import {module} ({target})")
    return problems


def test_every_part_imports_only_parts_below_it():
    problems = [p for path in sorted(PACKAGE.rglob("*.py")) for p in violations(path)]
    assert problems == []


#: The booklet's typesetter, one concern a module, bottom to top: a module imports only the
#: ones before it (a line's typography, the units, the setter, the index, the page make-up,
#: the booklet's flow).
BOOKLET_TYPESETTER = ("typography", "units", "setter", "index", "makeup", "flow")


def test_the_booklet_typesetter_modules_import_only_those_below_them():
    here = PACKAGE / "docs" / "booklet"
    problems = []
    for k, name in enumerate(BOOKLET_TYPESETTER):
        for module, line in imported(here / f"{name}.py", PACKAGE):
            package, _, leaf = module.rpartition(".")
            if package == "generator.docs.booklet" and leaf in BOOKLET_TYPESETTER[k:]:
                problems.append(f"{name}.py:{line} imports {leaf}")
    assert problems == []


def test_every_module_belongs_to_a_known_part():
    parts = {part_of(path, PACKAGE) for path in PACKAGE.rglob("*.py")}
    assert parts <= set(ALLOWED), parts - set(ALLOWED)


@pytest.mark.parametrize(("part", "source", "expected"), [
    ("model", "from ..draw.scene import Box\n", "model may not import generator.draw.scene"),
    ("rules", "from ..io.templates import Library\n", "rules may not import generator.io"),
    ("rules", "from ..patience import PATIENCES\n", "rules may not import generator.patience"),
    ("patience", "from ..rules.position import Position\n",
     "patience may not import generator.rules"),
    ("ass", "from ..patience.cards import full_pack\n", "ass may not import generator.patience"),
    ("model", "import PIL.Image\n", "model may not import the library PIL"),
    ("rules", "import tomllib\nfrom reportlab.pdfgen import canvas\n",
     "rules may not import the library reportlab"),
    ("io", "from ..sheets import kit\n", "io may not import generator.sheets"),
    ("draw", "from .. import cli\n", "draw may not import generator.cli"),
    ("sheets", "from ..app import build_kit\n", "sheets may not import generator.app"),
    ("app", "import click\n", "app may not import the library click"),
])
def test_the_check_catches_an_upward_import(tmp_path, part, source, expected):
    fake = tmp_path / "generator"
    (fake / part).mkdir(parents=True)
    bad = fake / part / "bad.py"
    bad.write_text(source)
    assert any(expected in p for p in violations(bad, fake)), violations(bad, fake)


def face_violations(path: Path, face: Path = FACE) -> list[str]:
    """What a module of opencards/ imports that it may not: a library, cli or web."""
    problems = []
    for module, line in imported(path, face):
        target = target_part(module)
        top = module.split(".")[0]
        if target is None and top not in STDLIB and top != "opencards":
            problems.append(f"{path.name}:{line}: opencards may not import the library {top}")
        elif target is not None and target not in FACE_MAY_IMPORT:
            problems.append(f"{path.name}:{line}: opencards may not import {module} ({target})")
    return problems


def test_the_public_face_hands_on_from_app_and_below_only():
    files = sorted(FACE.rglob("*.py"))
    assert files
    assert [p for path in files for p in face_violations(path)] == []


def test_the_face_check_catches_a_cli_import_and_generator_importing_the_face(tmp_path):
    fake = tmp_path / "opencards"
    fake.mkdir()
    (fake / "bad.py").write_text("from generator.cli import main\nimport click\n")
    found = face_violations(fake / "bad.py", fake)
    assert any("may not import generator.cli (cli)" in p for p in found), found
    assert any("may not import the library click" in p for p in found), found
    inner = tmp_path / "generator" / "app"
    inner.mkdir(parents=True)
    (inner / "bad.py").write_text("import opencards\n")
    assert any("may not import the public face opencards" in p
               for p in violations(inner / "bad.py", tmp_path / "generator"))


#: Names the model and the rule engine must never load: no template reading, no drawing.
HEAVY = ("reportlab", "PIL", "svgwrite", "fontTools", "click", "wordfreq", "tomllib",
         "generator.io", "generator.draw", "generator.sheets", "generator.docs", "generator.app",
         "generator.cli", "generator.web", "starlette", "uvicorn")


@pytest.mark.parametrize("module", ["generator", "generator.model", "generator.rules",
                                    "generator.patience", "generator.ass", "opencards"])
def test_importing_the_model_or_rules_loads_no_loader_or_drawing_library(module):
    code = (f"import sys, {module}; "
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


#: The three engines (issue 41): the board games', the patiences' and Ass's.
ENGINES = ("generator.rules", "generator.patience", "generator.ass")


@pytest.mark.parametrize("engine", ENGINES)
def test_an_engine_loads_neither_of_the_other_two(engine):
    """The board engine, the patience engine and Ass share only the model and the errors: a
    program that plays Ass does not load the patience solver, and the other way round."""
    code = f"import sys, {engine}; print(sorted(m for m in {ENGINES!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == repr([engine])


# --- both front ends on the jobs layer (issue 41) ----------------------------------------

def _imports_of(folder: str) -> set[str]:
    found: set[str] = set()
    for path in sorted((PACKAGE / folder).rglob("*.py")):
        found |= {name for name, _ in imported(path, PACKAGE)}
    return found


def test_the_editor_makes_figures_and_writes_games_through_app():
    """The editor (web) draws and encodes its figure exports with the figure job and writes
    moves and outcomes with the same functions as ``rules play --json`` (app/), and holds no
    copy of them: it imports neither the figure job's parts below app (the drawing of a
    figure, its encoders, its annotation parser) nor the layout file's own parts."""
    web = _imports_of("web")
    assert {"generator.app.figure", "generator.app.position"} <= web
    assert "generator.docs.build" not in web
    assert "generator.draw.backends" not in web and "generator.io.figures" not in web
    calls = (PACKAGE / "web" / "calls.py").read_text(encoding="utf-8")
    for copy in ("def figure_bytes", "class FigureOptions", "def loaded(", "to_png", "to_pdf"):
        assert copy not in calls, copy


def test_a_figure_option_is_declared_once():
    """The figure's options are the fields of app.figure.FigureOptions: the command line's
    module and the editor's spell none of them (they are made from the declaration), and
    every option of ``opencards figure`` but the files it writes is declared there."""
    import click

    from generator.app.figure import options
    from generator.cli.figure import figure
    for folder in ("cli", "web"):
        for path in (PACKAGE / folder).glob("*.py"):
            text = path.read_text(encoding="utf-8")
            for spelt in ("highlight", "--arrow", "--last-move", "--to-move", "allow_invalid"):
                assert spelt not in text, f"{path.name} spells {spelt!r}"
    flags = {o.opts[0] for o in figure.params if isinstance(o, click.Option)} - {"--help"}
    declared = {option.flag for _, option in options()}
    assert flags - declared == {"--out", "--frames"} and declared <= flags


# --- one name, one class (issue 41) ------------------------------------------------------

#: Names two classes may share, and why. The public face's Position (app/position.py) is the
#: engine's Position (rules/position.py) with loading and drawing added, handed on as
#: ``opencards.Position``: a subclass that keeps its base's name, as python-chess's variant
#: boards keep ``Board`` in theirs.
SHARED_ON_PURPOSE = {"Position"}


def defined_twice(package: Path) -> dict[str, list[str]]:
    """Each class name defined in more than one place under *package*, with the places."""
    places: dict[str, list[str]] = {}
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                where = f"{path.relative_to(package).as_posix()}:{node.lineno}"
                places.setdefault(node.name, []).append(where)
    return {name: found for name, found in places.items() if len(found) > 1}


def test_no_class_name_is_defined_twice():
    """The three engines (and every other part) name their classes apart: a ``Move`` is the
    board engine's, a ``PatienceMove`` the patience engine's, so an import, a traceback or a
    search says which is meant."""
    twice = defined_twice(PACKAGE)
    assert set(twice) == SHARED_ON_PURPOSE, twice


def test_the_class_name_check_finds_a_name_defined_twice(tmp_path):
    fake = tmp_path / "generator"
    for part in ("rules", "patience"):
        (fake / part).mkdir(parents=True)
        (fake / part / "engine.py").write_text("class Move:\n    pass\n\n\nclass Other" + part
                                               + ":\n    pass\n")
    assert defined_twice(fake) == {"Move": ["patience/engine.py:1", "rules/engine.py:1"]}


#: The parts below the jobs (``app``) that draw, set or judge: they take templates resolved
#: (a ``Game``, a ``Board``, a ``LayoutFile``, the ``Settings``, a booklet's
#: ``BookletTemplates``) and never a ``Library`` to look names up in. ``io`` is left out:
#: it defines the library and loads the templates.
RESOLVED_PARTS = ("model", "rules", "patience", "ass", "draw", "sheets", "docs")


def library_parameters(package: Path, parts: tuple[str, ...] = RESOLVED_PARTS) -> list[str]:
    """Every function under *parts* of *package* with a parameter annotated ``Library`` (or
    named ``library``), as ``path:line name(parameter)``."""
    found = []
    for part in parts:
        for path in sorted((package / part).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                a = node.args
                for arg in [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg]:
                    if arg is None:
                        continue
                    note = ast.unparse(arg.annotation) if arg.annotation else ""
                    if re.search(r"\bLibrary\b", note) or arg.arg == "library":
                        where = f"{path.relative_to(package).as_posix()}:{node.lineno}"
                        found.append(f"{where} {node.name}({arg.arg})")
    return found


def test_no_part_below_the_jobs_takes_a_library():
    """Jobs resolve templates (issue 41): ``app`` looks names up, and what draws, sets or
    judges takes the objects, so its signature says what it reads."""
    assert library_parameters(PACKAGE) == []


def test_the_library_check_finds_a_library_parameter(tmp_path):
    fake = tmp_path / "generator"
    (fake / "docs").mkdir(parents=True)
    (fake / "docs" / "gallery.py").write_text(
        "def page(library: 'Library') -> None:\n    pass\n\n\n"
        "def other(lib: Library | None, settings: object) -> None:\n    pass\n\n\n"
        "def fine(settings: object) -> None:\n    pass\n")
    assert library_parameters(fake, ("docs",)) == ["docs/gallery.py:1 page(library)",
                                                   "docs/gallery.py:5 other(lib)"]
