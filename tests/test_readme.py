"""The README and the documentation pages tell the truth about the tree and about CI."""
from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: The page that holds the repository map (moved out of README for issue 28).
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def documentation() -> dict[str, str]:
    """README.md and every Markdown page of the documentation site, by path."""
    pages = {"README.md": README}
    for page in sorted((ROOT / "docs").glob("*.md")):
        pages[page.relative_to(ROOT).as_posix()] = page.read_text(encoding="utf-8")
    return pages


def _section(title: str, text: str = README, where: str = "README") -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"{where} has no section '{title}'"
    return match.group(1)


def quick_start_commands() -> list[str]:
    """The blocks' commands, without the comment line that tells tests/test_docs_examples.py
    why it does not run them."""
    blocks = re.findall(r"```sh\n(.*?)\n```", _section("Quick start"), re.S)
    return ["\n".join(line for line in block.splitlines() if not line.startswith("#"))
            for block in blocks]


def test_quick_start_has_exactly_two_commands():
    commands = quick_start_commands()
    assert len(commands) == 2 and all("\n" not in c for c in commands), commands
    assert commands[0].endswith("opencards build")


def test_ci_runs_the_quick_start_test_command():
    """Every step of the README's test command, after making the venv, is in .ci/run."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    steps = [s.strip() for s in quick_start_commands()[1].split("&&")]
    assert steps[0] == "python3 -m venv .venv"
    # CI may run pip quietly; that is the only difference allowed.
    ci_lines = [line.strip().replace(" -q ", " ") for line in ci.splitlines()]
    positions = []
    for step in steps:
        assert step in ci_lines, f".ci/run lacks the README step {step!r}"
        positions.append(ci_lines.index(step))
    assert positions == sorted(positions), "the steps are in another order in .ci/run"


def repository_map() -> set[str]:
    """The files and folders the map in docs/architecture.md names under generator/, as
    paths."""
    section = _section("Layout of the repository", ARCHITECTURE, "docs/architecture.md")
    block = re.search(r"```\n(generator/.*?)\n```", section, re.S)
    assert block, "the repository map has no code block starting with generator/"
    paths: set[str] = set()
    stack: list[tuple[int, str]] = []
    for line in block.group(1).splitlines():
        match = re.match(r"^( *)([\w.]+/?)(?:\s|$)", line)
        if not match or not (match.group(2).endswith("/") or match.group(2).endswith(".py")):
            continue
        indent, name = len(match.group(1)), match.group(2)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        if not stack and indent:
            continue  # a top-level line of another folder (templates/, tests/...) ends the map
        path = "".join(p for _, p in stack) + name
        if not path.startswith("generator/"):
            break
        paths.add(path.rstrip("/"))
        if name.endswith("/"):
            stack.append((indent, name))
    return paths


def _has_code(path: Path) -> bool:
    """An ``__init__.py`` that does more than describe its part (the map names the part)."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    return any(not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))
               for node in body)


def test_repository_map_matches_the_tree():
    named = repository_map()
    tree = {p.relative_to(ROOT).as_posix() for p in (ROOT / "generator").rglob("*.py")
            if p.name != "__init__.py" or _has_code(p)}
    # Folders as git sees them: those that hold modules (no stale or cache folders).
    tree |= {p.parent.relative_to(ROOT).as_posix()
             for p in (ROOT / "generator").rglob("*.py")}
    assert sorted(tree - named) == [], "in the tree but not in docs/architecture.md's map"
    assert sorted(named - tree) == [], "in docs/architecture.md's map but not in the tree"


def test_python_examples_run(tmp_path, monkeypatch):
    """Every ```python block in the README and the documentation pages runs as written, in
    an empty folder: the examples write files (trump.svg), which must not land in the
    checkout."""
    monkeypatch.chdir(tmp_path)
    ran = 0
    for path, text in documentation().items():
        for block in re.findall(r"```python\n(.*?)```", text, re.S):
            exec(compile(block, path, "exec"), {})
            ran += 1
    assert ran


def test_readme_links_and_pictures_are_in_the_tree():
    """The README's relative links (pages of docs/, which GitHub renders) and pictures name
    files that exist."""
    targets = re.findall(r"\]\(((?!https?:)[^)#\s]+)", README)
    assert any(t.startswith("docs/") and t.endswith(".md") for t in targets)
    missing = [t for t in targets if not (ROOT / t).exists()]
    assert missing == [], missing


#: The activation line the README prints for Linux and macOS, and Windows' form.
ACTIVATE = ". .venv/bin/activate"
ACTIVATE_WINDOWS = ".venv\\Scripts\\activate"


def test_readme_says_how_to_activate_on_every_system():
    """Issue 44: 'opencards: command not found' after the Quick start; the README now puts
    the activation into its commands and prints the line a new terminal needs, on every
    system."""
    assert all(ACTIVATE + " && " in command for command in quick_start_commands())
    assert f"`{ACTIVATE}`" in README and f"`{ACTIVATE_WINDOWS}`" in README
    assert ".venv/bin/opencards" not in README, "one way to call opencards: after activation"


def _readme_blocks_to_run() -> list[str]:
    """The README's ```sh blocks that a reader runs after the Quick start (the two
    set-up commands themselves install from PyPI and are run by CI)."""
    blocks = []
    for match in re.finditer(r"^([^\n]*)\n```sh\n(.*?)\n```", README, re.M | re.S):
        if "not run by the tests" not in match.group(1) + match.group(2):
            blocks.append(match.group(2))
    return blocks


def test_readme_commands_run_as_printed_after_activation(tmp_path):
    """Every command the README shows runs as printed, in a new bash with no environment
    active, after the activation line the README prints, and writes only into the folder
    it runs in (issue 44: figures went into the repository's root)."""
    venv = Path(sys.prefix)
    activate = venv / "bin" / "activate"
    if sys.prefix == sys.base_prefix or not activate.exists():
        pytest.skip("the suite runs outside a virtual environment: there is nothing to "
                    "activate (CI and the README's test command run it in .venv)")
    blocks = _readme_blocks_to_run()
    assert len(blocks) >= 3
    path = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                           if p and not p.startswith(str(venv)))
    env = {"PATH": path, "HOME": str(tmp_path), "LANG": "C.UTF-8",
           "OPENCARDS_CONFIG_DIR": str(tmp_path / ".config")}
    work = tmp_path / "work"
    work.mkdir()
    for block in blocks:
        # The README's activation path is relative to the checkout; the suite's venv may
        # lie elsewhere, so the line is run with the venv's real path.
        script = f"{ACTIVATE.replace('.venv', str(venv))}\nset -e\n{block}\n"
        done = subprocess.run(["bash", "--noprofile", "--norc", "-c", script], cwd=work,
                              env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"{block}\n{done.stdout}{done.stderr}"
    written = {p.relative_to(work).parts[0] for p in work.rglob("*")}
    assert written <= {"output"}, f"README commands wrote outside output/: {written}"
