"""A process pool that stops: the first Ctrl-C ends every worker within a second, deals not
yet started are never sent, and a worker whose parent dies (``kill -9``) exits too.

The standard library's pools do neither: ``ProcessPoolExecutor`` leaves with
``shutdown(wait=True)`` (the workers decide every queued deal, and each one's
KeyboardInterrupt comes back as a result), and the workers of either pool, forked with
the write ends of each other's pipes, wait forever once the parent is gone. Here each
worker has a pipe of its own and is given one task at a time, so the parent holds
every task it has not handed out; on any exit from :func:`unordered_map` (Ctrl-C, an
error, the caller leaving early) the workers still running are terminated.

Workers ignore SIGINT: a Ctrl-C at a terminal reaches the whole process group, and it is
the parent's to act on. They watch their parent in two ways: Linux's
``PR_SET_PDEATHSIG`` (the kernel kills them with it), and everywhere a daemon thread that
polls the parent's pid and the pipe multiprocessing keeps to the parent.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Generator, Iterable
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar

from ..errors import WorkerLost as WorkerLost

R = TypeVar("R")

#: How often a worker's watch thread looks at its parent, in seconds.
WATCH_PERIOD = 0.2
#: How long a worker asked to stop may take before it is killed, in seconds.
STOP_GRACE = 0.5


def usable_cores() -> int:
    """The cores this process may run on (its affinity where the system tells it), at
    least 1."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def unordered_map(work: Callable[..., R], tasks: Iterable[tuple[Any, ...]], jobs: int
                  ) -> Generator[tuple[int, R], None, None]:
    """``work(*task)`` for every task on *jobs* worker processes, as (the task's index,
    its result) in the order they finish. *work* must be a module-level function (it is
    pickled). An exception in a worker is raised here, and stops the rest."""
    queue = list(tasks)
    jobs = max(1, min(jobs, len(queue)))
    if not queue:
        return
    context = multiprocessing.get_context()
    workers: list[tuple[multiprocessing.process.BaseProcess, Connection]] = []
    try:
        for _ in range(jobs):
            workers.append(_start(context, work))
        busy: dict[Connection, int] = {}
        next_task = 0
        for _, connection in workers:
            if next_task < len(queue):
                connection.send((next_task, queue[next_task]))
                busy[connection] = next_task
                next_task += 1
        process_of = {connection: process for process, connection in workers}
        while busy:
            # A worker that dies closes its end of the pipe: its connection turns ready
            # too, and reading it raises EOFError.
            ready = set(wait(list(busy)))
            for item in [c for c in list(busy) if c in ready]:
                try:
                    index, ok, value = item.recv()
                except EOFError:
                    process = process_of[item]
                    process.join(STOP_GRACE)
                    raise WorkerLost(busy[item], process.exitcode) from None
                del busy[item]
                if not ok:
                    raise value
                if next_task < len(queue):
                    item.send((next_task, queue[next_task]))
                    busy[item] = next_task
                    next_task += 1
                yield index, value
        for process, connection in workers:
            connection.send(None)
        for process, _ in workers:
            process.join(STOP_GRACE)
    finally:
        _stop(workers)


def _start(context: Any, work: Callable[..., Any]
           ) -> tuple[multiprocessing.process.BaseProcess, Connection]:
    ours, theirs = context.Pipe()
    # Under forkserver a worker's parent is the fork server, which ends with this process.
    parent = None if context.get_start_method() == "forkserver" else os.getpid()
    process = context.Process(target=_serve, args=(work, theirs, parent), daemon=True)
    # SIGINT held back while the worker is made, so that it cannot arrive before the
    # worker ignores it (a KeyboardInterrupt traceback from its start-up); a Ctrl-C in
    # the meantime reaches this process when the mask is restored.
    blocked = hasattr(signal, "pthread_sigmask")
    if blocked:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        process.start()
    finally:
        if blocked:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
    theirs.close()
    return process, ours


def _stop(workers: list[tuple[multiprocessing.process.BaseProcess, Connection]]) -> None:
    """Ends every worker: asked to stop if idle, terminated if still at work, killed if it
    outlives the grace; none is left behind."""
    for process, connection in workers:
        if process.is_alive():
            process.terminate()
        connection.close()
    for process, _ in workers:
        process.join(STOP_GRACE)
        if process.is_alive():
            process.kill()
            process.join()


def _serve(work: Callable[..., Any], connection: Connection, parent: int | None) -> None:
    """A worker's life: ignore Ctrl-C, die with the parent, do tasks until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _die_with(parent)
    while True:
        try:
            task = connection.recv()
        except EOFError:
            return   # the parent closed its end
        if task is None:
            return
        index, arguments = task
        try:
            answer = (index, True, work(*arguments))
        except Exception as error:   # noqa: BLE001 - handed to the parent, which raises it
            answer = (index, False, error)
        try:
            connection.send(answer)
        except Exception as error:   # noqa: BLE001 - an answer that does not pickle
            connection.send((index, False, RuntimeError(f"{type(error).__name__}: {error}")))


def _die_with(parent: int | None) -> None:
    """This process ends as soon as its parent does (*parent*, if known, is its pid)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            pr_set_pdeathsig = 1
            libc.prctl(pr_set_pdeathsig, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass   # the watch thread below is enough
    if parent is None:
        parent = os.getppid()
    elif os.getppid() != parent:
        os._exit(1)   # the parent died before the request above was made
    parent_process = multiprocessing.parent_process()

    def watch() -> None:
        event = threading.Event()
        while not event.wait(WATCH_PERIOD):
            gone = os.getppid() != parent or (parent_process is not None
                                              and not parent_process.is_alive())
            if gone:
                os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
