"""Times ``opencards list`` over a folder of many templates (issue 45 item 7): 1,000 and
10,000 copies of a shipped layout and game (half each) in a temporary folder, in process,
CPU time. Reading every template is the work of ``list``, so the time should grow in step
with the count. Run: python bench/listing.py"""
from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from generator.cli import cli

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def main() -> None:
    runner = CliRunner()
    runner.invoke(cli, ["list"])   # warm-up: the shipped templates and the imports
    for count in (1_000, 10_000):
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            for kind, source in (("layouts", "layouts/game1-demo.toml"),
                                 ("games", "games/basic-4.toml")):
                (root / kind).mkdir()
                for i in range(count // 2):
                    shutil.copyfile(TEMPLATES / source, root / kind / f"t{i}.toml")
            start = time.process_time()
            result = runner.invoke(cli, ["--templates", folder, "list"])
            seconds = time.process_time() - start
            print(f"list over {count:>6,} templates: exit {result.exit_code}, "
                  f"{seconds:.2f} s CPU, {seconds / count * 1000:.2f} ms a template")


if __name__ == "__main__":
    main()
