"""The jobs' outputs as hashes: every file each job writes, and what it prints, run through
the ``opencards`` command in this process. ``python tests/output_hashes.py FILE`` records
them; ``tests/test_outputs_unchanged.py`` compares a run with the record, so that moving
the jobs between layers (issue 24) is seen to change no byte and no message.

The record depends on the installed drawing libraries (ReportLab, Pillow, PDFium, ...): it
keeps their versions, the comparison is skipped under others, and after upgrading one,
record again and check the differences by eye.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from click.testing import CliRunner

from generator.cli import cli

#: (name, arguments after ``opencards``, with OUT for the run's folder).
JOBS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("build", ("build", "--out", "OUT")),
    ("build-cut-sheets", ("build", "--only", "pack1", "--only", "board-a", "--cut", "svg",
                          "--sheets", "1-2", "--backs", "glue", "--out", "OUT")),
    ("build-fold-a3", ("build", "--only", "pack1", "--only", "latin1", "--paper", "a3",
                       "--backs", "fold", "--marks", "lines", "--card-size", "30x55mm",
                       "--out", "OUT")),
    ("build-one", ("build", "--only", "cyrillic", "--backs", "fronts-only", "--flip",
                   "short", "--back-offset", "0.5,-0.3", "--out", "OUT")),
    ("booklet", ("booklet", "--lang", "ru", "--imposition", "saddle", "--out", "OUT",
                 "--contact-sheet", "OUT/contact.png")),
    ("figure", ("figure", "game1-demo", "--moves", "b2-b3 g7-g6", "--out", "OUT/f.svg",
                "--frames", "OUT/frames", "--show", "combos")),
    ("figure-png", ("figure", "example-beating", "--out", "OUT/f.png", "--dpi", "60")),
    ("export", ("export-cards", "--only", "pack2", "--dpi", "72", "--out", "OUT")),
    ("shop", ("build", "--shop", "--only", "pack1", "--only", "board-a", "--card-size",
              "poker", "--out", "OUT")),
    ("shop-command", ("shop", "--only", "pack1", "--only", "board-a", "--card-size", "poker",
                      "--out", "OUT")),
    ("shop-export", ("export-cards", "--shop", "--only", "latin2", "--dpi", "72",
                     "--out", "OUT")),
    ("calibrate", ("calibrate", "--paper", "letter", "--flip", "short", "--out", "OUT")),
    ("calibrate-read", ("calibrate", "--read", "TL=1:1,0:0 TR=1:1,5:5 BL=5:5,0:0 BR=5:5,5:5")),
    ("render", ("render", "latin1", "--format", "svg", "--out", "OUT")),
    ("preview", ("preview", "--out", "OUT/preview.png", "--dpi", "40")),
    ("gallery", ("gallery", "--out", "OUT/figures.png", "--dpi", "30")),
)


def run(name: str, args: tuple[str, ...], out: Path) -> dict[str, str]:
    """The hash of every file the job wrote under *out*, and of its output and exit code."""
    out.mkdir(parents=True, exist_ok=True)
    result = CliRunner().invoke(cli, [a.replace("OUT", str(out)) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    text = result.output.replace(str(out), "OUT")
    found = {"exit": str(result.exit_code),
             "output": hashlib.sha256(text.encode()).hexdigest()}
    for path in sorted(out.rglob("*")):
        if path.is_file():
            found[path.relative_to(out).as_posix()] = hashlib.sha256(
                path.read_bytes()).hexdigest()
    return found


#: The libraries whose versions the bytes depend on.
LIBRARIES = ("reportlab", "rl_accel", "Pillow", "pypdfium2", "fonttools", "svgwrite",
             "pikepdf", "ezdxf", "pyphen")


def library_versions() -> dict[str, str]:
    from importlib.metadata import version
    return {name: version(name) for name in LIBRARIES}


def run_all(root: Path, only: set[str] | None = None) -> dict[str, dict[str, str]]:
    return {name: run(name, args, root / name) for name, args in JOBS
            if only is None or name in only}


if __name__ == "__main__":
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("OPENCARDS_CONFIG_DIR", tmp)
        record: dict[str, dict[str, str]] = run_all(Path(tmp) / "out")
    record["_versions"] = library_versions()
    Path(sys.argv[1]).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n",
                                 encoding="utf-8")
