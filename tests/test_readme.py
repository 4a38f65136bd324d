"""The README and the documentation pages tell the truth about the tree and about CI."""
from __future__ import annotations

import ast
import re
from pathlib import Path

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
