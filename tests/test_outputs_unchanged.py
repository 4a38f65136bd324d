"""Every job writes the same bytes and prints the same lines as recorded in
``tests/data/output_hashes.json`` (made by ``tests/output_hashes.py`` on main before the
jobs moved into ``generator/app``, issue 24)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from output_hashes import JOBS, library_versions, run  # noqa: E402

RECORD = json.loads((Path(__file__).parent / "data" / "output_hashes.json")
                    .read_text(encoding="utf-8"))


@pytest.mark.parametrize("name,args", JOBS, ids=[name for name, _ in JOBS])
def test_job_writes_what_was_recorded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      name: str, args: tuple[str, ...]) -> None:
    if RECORD["_versions"] != library_versions():
        pytest.skip(f"recorded with {RECORD['_versions']}; these libraries are "
                    f"{library_versions()}: record again (python tests/output_hashes.py "
                    "tests/data/output_hashes.json) and check the differences")
    monkeypatch.setenv("OPENCARDS_CONFIG_DIR", str(tmp_path / "config"))
    found = run(name, args, tmp_path / "out")
    assert sorted(found) == sorted(RECORD[name])
    changed = [file for file in found if found[file] != RECORD[name][file]]
    assert not changed, f"{name}: these differ from the record: {changed}"
