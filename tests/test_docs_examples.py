"""Every shell example in README.md and docs/*.md runs as written (issue 28), so a moved
option or a stale output fails here rather than for a reader.

A ```sh block is commands, one a line (a trailing backslash continues a line); a ```console
block is ``$ command`` lines, each followed by what it prints. Each ``opencards ...`` command
runs in a temporary folder that holds a link to the repository's templates/, through this
Python (``python -m generator``), a block's commands one after another in the same folder.
A command must exit 0 and leave the files its ``--out`` (or ``--contact-sheet``) names;
under ``console``, the lines shown after it must be among those it prints (a line shown
ending in ``...`` need only start as shown). Shown lines starting ``Error:`` mean it must
exit 1; a command that ends ``# exits N`` must exit N.

A block that cannot run here says why, in a comment line of its own
(``# not run by the tests: REASON``) or, where readers copy the block as it is (the
README's Quick start), in an HTML comment on the line before it
(``<!-- not run by the tests: REASON -->``); the test is then skipped with that reason. A block that
takes seconds has ``<!-- slow -->`` on the line before it and runs with ``--slow``.
"""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(sh|console)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
SKIP = re.compile(r"^#\s*not run by the tests:\s*(.+)$", re.MULTILINE)
SKIP_BEFORE = re.compile(r"^<!--\s*not run by the tests:\s*(.+?)\s*-->$")
#: Options whose value is a file or folder the command writes.
WRITES = ("--out", "--contact-sheet")


@dataclass(frozen=True)
class Example:
    """One command of a block and what the page shows it printing."""

    command: str
    shown: tuple[str, ...] = ()


@dataclass(frozen=True)
class Block:
    page: str
    line: int
    kind: str
    text: str
    slow: bool
    skip_before: str | None = None

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"

    def skip_reason(self) -> str | None:
        found = SKIP.search(self.text)
        return found.group(1).strip() if found else self.skip_before

    def examples(self) -> list[Example]:
        lines = self.text.replace("\\\n", " ").splitlines()
        if self.kind == "sh":
            return [Example(line.strip()) for line in lines
                    if line.strip() and not line.lstrip().startswith("#")]
        found: list[Example] = []
        for line in lines:
            if line.startswith("$ "):
                found.append(Example(line[2:].strip()))
            elif found and line.strip():
                found[-1] = Example(found[-1].command, (*found[-1].shown, line.rstrip()))
        return found


def _blocks() -> list[Block]:
    blocks = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            before = text[:match.start()]
            previous = before.rstrip("\n").rsplit("\n", 1)[-1].strip()
            skip = SKIP_BEFORE.match(previous)
            blocks.append(Block(page.relative_to(ROOT).as_posix(),
                                before.count("\n") + 1, match.group(1), match.group(2),
                                previous == "<!-- slow -->",
                                skip.group(1) if skip else None))
    return blocks


BLOCKS = _blocks()


def _params() -> list[object]:
    return [pytest.param(b, id=b.id, marks=[pytest.mark.slow] if b.slow else [])
            for b in BLOCKS]


def test_the_pages_have_shell_examples():
    """Each guide shows its task as commands that run (the reference pages, architecture
    and performance, and the generated API page need none)."""
    guides = {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")} - {
        "docs/architecture.md", "docs/performance.md", "docs/api.md", "docs/index.md",
        "docs/sources.md"}
    assert len(guides) >= 8
    run = {b.page for b in BLOCKS if not b.skip_reason() and not b.slow}
    assert run >= guides, f"no shell example run by default on {sorted(guides - run)}"


def _matches(shown: str, printed: list[str]) -> bool:
    for ending in ("...", "…"):
        if shown.endswith(ending):
            return any(line.startswith(shown[:-len(ending)].rstrip()) for line in printed)
    return shown in printed


def _written(args: list[str]) -> list[str]:
    found = []
    for i, arg in enumerate(args):
        for option in WRITES:
            if arg == option and i + 1 < len(args):
                found.append(args[i + 1])
            elif arg.startswith(option + "="):
                found.append(arg.split("=", 1)[1])
    return found


@pytest.mark.parametrize("block", _params())
def test_every_shell_example_runs(block: Block, tmp_path: Path) -> None:
    reason = block.skip_reason()
    if reason:
        pytest.skip(f"{block.id}: {reason}")
    examples = block.examples()
    assert examples, f"{block.id}: a shell example with no command"
    (tmp_path / "templates").symlink_to(ROOT / "templates", target_is_directory=True)
    (tmp_path / "tests").mkdir()   # the broken layouts the rule engine pages show
    (tmp_path / "tests" / "data").symlink_to(ROOT / "tests" / "data", target_is_directory=True)
    env = {**os.environ, "OPENCARDS_CONFIG_DIR": str(tmp_path / ".config"),
           "COLUMNS": "100", "NO_COLOR": "1"}
    for example in examples:
        args = shlex.split(example.command, comments=True)
        assert args[0] == "opencards", \
            f"{block.id}: {example.command!r} is not an opencards command; mark the block " \
            "'# not run by the tests: REASON' if it cannot run here"
        done = subprocess.run([sys.executable, "-m", "generator", *args[1:]], cwd=tmp_path,
                              env=env, capture_output=True, text=True, timeout=600)
        # The shipped templates are named as from the checkout's root, as a reader there
        # sees them.
        stdout, stderr = (text.replace(f"{ROOT}{os.sep}", "")
                          for text in (done.stdout, done.stderr))
        where = f"{block.id}: {example.command}\n{stdout}{stderr}"
        errors = [line for line in example.shown if line.startswith("Error:")]
        exits = re.search(r"#\s*exits (\d+)\s*$", example.command)
        assert done.returncode == (int(exits.group(1)) if exits else 1 if errors else 0), where
        printed = [line.rstrip() for line in (stdout + stderr).splitlines()]
        missing = [line for line in example.shown if not _matches(line, printed)]
        assert missing == [], where
        if done.returncode:
            continue
        for path in _written(args):
            assert (tmp_path / path).exists(), f"{where}\ndid not write {path}"
