"""The CLI is parsing and printing over the jobs of ``generator.app`` (issue 24): its
modules write no file themselves, and the job commands' modules make no layout decision,
which they could only do by importing the layers that lay out and draw."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
CLI = PACKAGE / "cli"

#: Calls that write a file: the builtin, pathlib's, the os module's, and ours.
WRITING_CALLS = {"open", "write_bytes", "write_text", "atomic_write", "staged",
                 "prepare_parent", "prepare_dir", "write_files", "write_one"}
#: The one module that only reads files and writes no output: none. stdout.py opens the
#: null device in place of a closed standard output, which is not a file the user named.
ALLOWED_CALLS = {("stdout.py", "os.open")}
#: Rule commands of other issues that still write their one file themselves: none now.
WRITERS_ELSEWHERE: set[str] = set()

#: The modules of the job commands (build, calibrate, export-cards, render, preview,
#: booklet, shop, printer, figure, gallery) and what they share.
JOB_MODULES = ("__init__.py", "booklet.py", "shop.py", "sheet_options.py", "common.py",
               "printer.py", "lazy.py", "stdout.py", "figure.py")
#: What they may import from the package: the jobs and their option values, the model,
#: the errors, the template library and printer profiles (and the reader's path helpers
#: with which ``list`` names a broken template and a loop of links); the rule engine only
#: for the names of the patiences that ``list`` and ``show`` print.
MAY_IMPORT = ("generator.app", "generator.errors", "generator.model",
              "generator.io.templates", "generator.io.profiles", "generator.io.reader",
              "generator.patience",
              "generator.cli", "generator.__version__")


def imported(path: Path, package: Path = PACKAGE) -> list[tuple[str, int]]:
    """Every name an import statement brings in, as an absolute dotted name with its
    line: ``from ..io import profiles`` is ``generator.io.profiles``."""
    here = list(path.relative_to(package.parent).parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found += [(f"{module}.{a.name}", node.lineno) for a in node.names]
    return found


def _calls(path: Path) -> list[tuple[str, int]]:
    """Every call of a writing function in *path*: its dotted name and line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            name = ast.unparse(node.func)
            if name.rsplit(".", 1)[-1] in WRITING_CALLS:
                found.append((name, node.lineno))
    return found


def _writing(path: Path, package: Path = PACKAGE) -> list[str]:
    problems = [f"{path.name}:{line}: calls {name}" for name, line in _calls(path)
                if (path.name, name) not in ALLOWED_CALLS]
    problems += [f"{path.name}:{line}: imports {module}"
                 for module, line in imported(path, package)
                 if module.startswith("generator.io.output")]
    return problems


@pytest.mark.parametrize("path", sorted(CLI.glob("*.py")), ids=lambda p: p.name)
def test_no_cli_module_writes_a_file(path: Path) -> None:
    if path.name in WRITERS_ELSEWHERE:
        assert _writing(path), f"{path.name} writes nothing now: take it off the list"
        return
    assert _writing(path) == []


@pytest.mark.parametrize("name", JOB_MODULES)
def test_job_commands_import_no_layout_or_drawing(name: str) -> None:
    path = CLI / name
    wrong = [f"{name}:{line}: {module}" for module, line in imported(path, PACKAGE)
             if module.startswith("generator.")
             and not any(module == ok or module.startswith(ok + ".") for ok in MAY_IMPORT)]
    assert wrong == []


def test_the_checks_catch_a_writer(tmp_path: Path) -> None:
    cli = tmp_path / "generator" / "cli"
    cli.mkdir(parents=True)
    bad = cli / "bad.py"
    bad.write_text("from ..io.output import staged\n"
                   "def run(out):\n    out.write_bytes(b'x')\n    open(out, 'w')\n")
    found = sorted(p.split(": ", 1)[1] for p in _writing(bad, tmp_path / "generator"))
    assert found == ["calls open", "calls out.write_bytes",
                     "imports generator.io.output.staged"]


def test_the_checks_catch_a_layout_import(tmp_path: Path) -> None:
    cli = tmp_path / "generator" / "cli"
    cli.mkdir(parents=True)
    bad = cli / "bad.py"
    bad.write_text("from ..sheets.spec import SheetSpec\nfrom ..app import build_kit\n")
    assert [m for m, _ in imported(bad, tmp_path / "generator")
            if not m.startswith(MAY_IMPORT)] == ["generator.sheets.spec.SheetSpec"]
