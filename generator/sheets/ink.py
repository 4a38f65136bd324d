"""A rough ink estimate for the build summary: each page drawn small, its colours split
into cyan, magenta, yellow and black the naive way (black first), and the four coverages
summed. The sum is given in "rated pages": the pages at 5 % coverage that printer makers
rate cartridge yields by (ISO/IEC 19752 for black, 24711 for colour), so a person can
hold it against the yield printed on the box. Paper white is no ink; the result ignores
each printer's own colour handling, so it is an estimate, not a measure.

The pages are read from the PDF the build has just written (rasterised by PDFium, as
export-cards does), not drawn a second time: the estimate measures what is printed, and
costs a fraction of a Python drawing of every page. :class:`Counting` does it in a
background thread, so that PDFium rasterises while the build goes on with its booklets.
"""
from __future__ import annotations

import math
import queue
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import CancelledError, Future
from typing import cast

from ..draw.backends import pdf, raster
from ..draw.scene import Page

#: Coarse on purpose: coverage is an average. At 60 dpi the kit's items come within 4 % of
#: a 300 dpi measurement (30 dpi: up to 20 % over, thin lines taking a whole pixel) in
#: 0.2 s of CPU for the 18 pages; the earlier Pillow drawing at 30 dpi took 0.35 s and was
#: up to 16 % over.
DPI = 60
#: A rated page's coverage (ISO/IEC 19752 and 24711 test pages).
RATED_COVERAGE = 0.05


def page_coverages(document: bytes, *, stop: Callable[[], bool] | None = None
                   ) -> list[float]:
    """C + M + Y + K over each page of the PDF *document*, as a fraction of the page
    (0 to 4).

    :raises: :exc:`concurrent.futures.CancelledError` if *stop* says so between two
        pages."""
    found = []
    for image in raster.images(document, DPI):
        if stop is not None and stop():
            raise CancelledError("the ink estimate was given up")
        pixels = image.width * image.height
        # A page has few distinct colours: sum over them, not over every pixel. Pillow
        # clears a table of more slots than the colours it is told to expect: told the
        # page's pixels, 12 MB a page (8 % of a kit build's instructions); a few
        # thousand colours are the rule, and a page of more is counted again.
        colours = image.getcolors(FEW_COLOURS) or image.getcolors(pixels) or ()
        # fsum: the same total whatever order the table gives the colours in.
        found.append(math.fsum(count * _ink(cast(tuple[int, int, int], colour))
                               for count, colour in colours) / pixels)
    return found


#: The distinct colours :func:`page_coverages` first expects on a page: an A4 kit sheet at
#: :data:`DPI` has about 1,600 (its anti-aliased edges), a booklet page fewer.
FEW_COLOURS = 1 << 14


def _ink(colour: tuple[int, int, int]) -> float:
    """C + M + Y + K of one RGB colour, black taken first (0 to 4)."""
    r, g, b = colour
    top = max(r, g, b)
    k = 1.0 - top / 255.0
    cmy = (3 * top - r - g - b) / top if top else 0.0
    return k + cmy


def rated(coverages: Iterable[float]) -> float:
    """How many 5 %-coverage pages hold as much ink as pages of these coverages."""
    return sum(coverages) / RATED_COVERAGE


def coverage(page: Page) -> float:
    """C + M + Y + K over one drawn *page* (0 to 4), through its PDF."""
    return page_coverages(pdf.render([page]))[0]


def rated_pages(pages: Sequence[Page]) -> float:
    """How many 5 %-coverage pages hold as much ink as *pages*, through their PDF."""
    return rated(page_coverages(pdf.render(pages))) if pages else 0.0


class Counting:
    """Ink estimates worked out in one background thread, each asked for when needed.

    Nearly all the work is PDFium's, in C, which lets go of Python's lock while it
    rasterises: the caller's own drawing goes on meanwhile, and on a machine of two or
    more cores the estimate costs the build little of its time. An error in the thread is
    raised where its result is asked for.

    Used as a context manager, which calls :meth:`close` on the way out. The thread ends
    once :meth:`close` was called and its queue is empty, or as soon as
    the main thread has ended (Ctrl-C, an error, the end of the program), at the next page
    of the file it is reading: Python waits for the thread before it exits, and a user
    who pressed Ctrl-C should not wait for a figure nobody will print (a 4,096-card set's
    estimate takes about 2 s). Not a pool of concurrent.futures, whose threads Python
    waits for before it marks the main thread ended.
    """

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Future[float], Callable[[], float]] | None] = \
            queue.SimpleQueue()
        thread = threading.Thread(target=self._work, name="opencards-ink")
        # Those that have ended need no joining: a long-lived program keeps no list of them.
        _THREADS[:] = [t for t in _THREADS if t.is_alive()]
        _THREADS.append(thread)
        thread.start()

    def of_document(self, document: bytes) -> Callable[[], float]:
        """A function giving the rated pages of the PDF *document*."""
        return self._submit(lambda: rated(page_coverages(document, stop=_program_ending)))

    def of_pages(self, pages: Sequence[Page]) -> Callable[[], float]:
        """A function giving the rated pages of drawn *pages* (see :func:`rated_pages`)."""
        return self._submit(lambda: rated_pages(pages))

    def close(self) -> None:
        """No more work: the thread ends when what is queued is done."""
        self._jobs.put(None)

    def __enter__(self) -> Counting:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def _submit(self, work: Callable[[], float]) -> Callable[[], float]:
        future: Future[float] = Future()
        self._jobs.put((future, work))
        return future.result

    def _work(self) -> None:
        while True:
            try:
                job = self._jobs.get(timeout=0.05)
            except queue.Empty:
                if _program_ending():   # close() never came: an error on the way
                    return
                continue
            if job is None:
                return
            future, work = job
            if _program_ending():
                future.cancel()
                continue
            try:
                future.set_result(work())
            except BaseException as e:  # handed to whoever asks for the result
                future.set_exception(e)


#: Every thread :class:`Counting` started, for :func:`stop_all` to join.
_THREADS: list[threading.Thread] = []
#: Set by :func:`stop_all`: the threads give up their work at the next page.
_STOP = threading.Event()


def _program_ending() -> bool:
    """Whether the program is on its way out: :func:`stop_all` was called, or the main
    thread has ended."""
    return _STOP.is_set() or not threading.main_thread().is_alive()


def stop_all() -> None:
    """Stops every estimate still running and waits for its thread, which takes at most
    one page's rasterising. The command calls it before the interpreter shuts down: a
    thread still inside PDFium then would be cut off mid-call (a crash), and Python's own
    wait for it at exit is a place where Ctrl-C shows a traceback."""
    _STOP.set()
    while _THREADS:
        _THREADS.pop().join()
