"""Benchmark of the editor's server under one slow request: python bench/editor_server.py.

Starts ``opencards serve`` on a free port, times a catalogue request alone, then again
while another client asks for large PNG figures one after another (each a few seconds of
drawing), and prints the medians. Before issue 45 the handlers ran on the event loop and a
catalogue request waited for the drawing in progress; now the drawing runs in a worker
thread. Timings depend on the machine and its load: measured by hand, never asserted in a
test (tests/test_web_hostile.py checks that a held drawing does not hold other requests).
"""
from __future__ import annotations

import json
import statistics
import sys
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served import editor_server  # noqa: E402
SLOW = "figure.png?width=400mm&dpi=150"   # 2,362 pixels wide, under the 2,500 allowed


def main() -> None:
    with editor_server() as base:
        time.sleep(1)
        request = urllib.request.Request(f"{base}/api/boards", headers={
            "Content-Type": "application/json"}, data=json.dumps(
                {"layout": "game1-demo"}).encode("utf-8"))
        board = json.load(urllib.request.urlopen(request))["id"]

        def timed(path: str) -> float:
            start = time.perf_counter()
            urllib.request.urlopen(base + path).read()
            return time.perf_counter() - start

        alone = [timed("/api/catalogue") for _ in range(10)]
        png = timed(f"/api/boards/{board}/{SLOW}")
        stop = threading.Event()

        def drawing() -> None:
            while not stop.is_set():
                timed(f"/api/boards/{board}/{SLOW}")
        worker = threading.Thread(target=drawing)
        worker.start()
        time.sleep(0.3)
        during = [timed("/api/catalogue") for _ in range(10)]
        stop.set()
        worker.join()
        print(f"catalogue alone: {statistics.median(alone) * 1000:.0f} ms; one large PNG: "
              f"{png:.2f} s; catalogue while PNGs are drawn: median "
              f"{statistics.median(during) * 1000:.0f} ms, slowest {max(during) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
