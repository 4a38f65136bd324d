"""Win rates decided on a dask.distributed cluster: the same
:func:`generator.patience.stats.decide` for each deal as the local process pool runs,
mapped over the cluster's workers (``opencards patience stats --executor dask``).

Deals are independent and ``decide`` returns plain data, so the cluster needs
nothing of ours but the function: dask's scheduler keeps the queue of deals, hands them to
the workers as they free up, and retries a deal whose worker dies. With a scheduler address
(``dask-scheduler`` on one machine, ``dask-worker ADDRESS`` on each of the others, every
one with opencards installed) the deals go to that cluster; without one, a
``LocalCluster`` of *jobs* single-threaded worker processes on this machine stands in.

Under a node limit a deal's verdict, cards up and positions are the same wherever it is
decided (the search is deterministic and counts positions, not seconds), so a cluster run
and a local run of the same deals give the same counts; only the seconds differ.
dask.distributed is the optional ``cluster`` extra, imported only here.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..errors import PatienceError
from ..patience.stats import DealResult, decide


#: How long to wait for a scheduler given by address before saying none answers.
CONNECT_TIMEOUT = "20s"


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise PatienceError("--executor dask needs dask.distributed: install the cluster "
                            "extra (pip install 'opencards[cluster]')") from None
    return distributed


def decide_on_dask(name: str, seeds: Sequence[int], *, seconds: float | None,
                   nodes: int | None = None, switches: dict[str, str] | None = None,
                   player: bool = False, scheduler: str | None = None, jobs: int = 1,
                   on_result: Callable[[DealResult], None] | None = None,
                   clock: str = "wall") -> list[DealResult]:
    """``decide`` for every seed on a dask.distributed cluster; results in seed
    order. *scheduler* is the address of a running scheduler (``tcp://host:8786``); without
    it a LocalCluster of *jobs* worker processes is started for the run and closed after.
    *on_result* hears of each deal as it is decided (in the order they finish). *clock*
    names the clock the limit is read on (``cpu``: each worker process's CPU time)."""
    distributed = _distributed()
    tell = on_result or (lambda result: None)
    cluster = None
    try:
        if scheduler is None:
            # One thread a worker: the search is pure Python, so threads would share one
            # core. No dashboard: its fixed port would clash with another run's.
            cluster = distributed.LocalCluster(n_workers=max(1, jobs), threads_per_worker=1,
                                               processes=True, dashboard_address=None)
            client = distributed.Client(cluster)
        else:
            try:
                client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT)
            except (OSError, TimeoutError) as error:
                raise PatienceError(f"--scheduler {scheduler}: no dask scheduler answers "
                                    f"there ({error})") from None
        with client:
            n = len(seeds)
            # pure=False: each deal is its own task even where the arguments repeat.
            futures = client.map(decide, [name] * n, list(seeds), [seconds] * n,
                                 [nodes] * n, [switches] * n, [player] * n, [clock] * n,
                                 pure=False)
            for future in distributed.as_completed(futures):
                tell(future.result())
            results: list[DealResult] = client.gather(futures)
    finally:
        if cluster is not None:
            cluster.close()
    return sorted(results, key=lambda result: result.seed)
