"""Each booklet set once per test process, shared by every test module that reads it.

Setting a booklet takes 10-20 s and some twenty modules read the same few (the main
booklet in each language, the Ass and patience booklets, the optional games): built
per module, they were a third of the suite's time. :func:`set_booklet` here is
:func:`generator.app.booklet.set_booklet` with a cache; a test that spies on the
build itself (a monkeypatched function that must see it run) calls the original.

The cache holds each library it was given, so an id is never reused for another
library while its booklets are kept; a :class:`~generator.docs.booklet.build.Made` is
frozen, and no test changes what it holds.
"""
from __future__ import annotations

from typing import Any

from generator.app import booklet
from generator.docs.booklet.build import Made
from generator.io.templates import Library

_MADE: dict[tuple[object, ...], tuple[Library, Made]] = {}


def set_booklet(library: Library, lang: str, games: tuple[str, ...] = (),
                **options: Any) -> Made:
    """:func:`generator.app.booklet.set_booklet`, each booklet set once a process."""
    key = (id(library), lang, tuple(games), tuple(sorted(options.items())))
    if key not in _MADE:
        _MADE[key] = (library, booklet.set_booklet(library, lang, tuple(games), **options))
    return _MADE[key][1]
