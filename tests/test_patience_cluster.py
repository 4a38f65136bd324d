"""`opencards patience stats --executor dask`: the same deals decided on a dask.distributed
cluster (here a LocalCluster of one worker process) give the same verdicts as the local run
under a node limit (issue 40)."""
from __future__ import annotations

import json

import pytest

from generator.cli import cli

pytest.importorskip("distributed")

#: The Empress with the deal at will (the house switch) at 70 positions a deal: deals 16-21
#: give all three verdicts (19 won, 18 unknown, the rest lost), so a run that lost or
#: mixed up deals would show in the counts. The node budget decides; --limit 10m is a
#: ceiling that a loaded machine never reaches first (the default 10 s might).
ARGS = ["patience", "stats", "empress-of-india", "--deals", "16-21", "--nodes", "70",
        "--limit", "10m", "--switch", "deal_at_will=true", "--jobs", "1", "--json", "--no-progress"]


def _deals(output: str) -> tuple[tuple[int, int, int], list[tuple[int, str, int, int]]]:
    data = json.loads(output)
    return ((data["won"], data["lost"], data["unknown"]),
            [(r["seed"], r["verdict"], r["nodes"], r["on_foundations"])
             for r in data["results"]])


def test_stats_on_a_dask_local_cluster_gives_the_local_runs_verdicts(runner):
    local = runner.invoke(cli, ARGS)
    assert local.exit_code == 0, local.output
    on_dask = runner.invoke(cli, [*ARGS, "--executor", "dask"])
    assert on_dask.exit_code == 0, on_dask.output
    counts, deals = _deals(local.output)
    assert counts == (1, 4, 1)
    assert _deals(on_dask.output) == (counts, deals)


def test_a_scheduler_without_the_dask_executor_is_refused_in_one_line(runner):
    result = runner.invoke(cli, [*ARGS, "--scheduler", "tcp://127.0.0.1:8786"])
    assert result.exit_code != 0
    assert "--executor dask" in result.output and "Traceback" not in result.output


def test_merge_refuses_an_executor_in_one_line(runner, tmp_path):
    report = tmp_path / "a.json"
    report.write_text("{}", encoding="utf-8")
    result = runner.invoke(cli, ["patience", "stats", "nivernaise", "--merge", str(report),
                                 "--executor", "dask"])
    assert result.exit_code != 0
    assert "--executor cannot go with it" in result.output
    assert "Traceback" not in result.output


def test_a_scheduler_that_does_not_answer_is_one_line(runner, monkeypatch):
    # Port 9 (discard) on this machine: nothing listens there, so the connection fails
    # (after the wait, shortened here).
    from generator.app import cluster
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "2s")
    result = runner.invoke(cli, [*ARGS, "--executor", "dask", "--scheduler",
                                 "tcp://127.0.0.1:9"])
    assert result.exit_code == 1, result.output
    assert "no dask scheduler answers there" in result.output
    assert "Traceback" not in result.output


def test_stats_sends_the_deals_to_a_running_scheduler_by_its_address(runner):
    """What a cluster of several machines does (dask-scheduler, then dask-worker ADDRESS on
    each machine), with one in-process worker standing in for them: the deals go to the
    scheduler named by --scheduler and come back with the local run's verdicts."""
    from distributed import LocalCluster
    local = runner.invoke(cli, ARGS)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster:
        result = runner.invoke(cli, [*ARGS, "--executor", "dask", "--scheduler",
                                     cluster.scheduler_address])
    assert result.exit_code == 0, result.output
    assert _deals(result.output) == _deals(local.output)
