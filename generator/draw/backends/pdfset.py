"""PDF files that share pages: each kit item's own file and kit.pdf, which holds them all.

A page of kit.pdf that is a page of an item's file is not drawn again: the content stream
drawn for the item is written into the kit as it is, with the forms it uses. For a stream
to mean the same in every file, the files number their fonts' glyphs alike: each is given,
before any page, every character of all of them in one order.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence

from ..scene import Group, Item, Page, Text
from .pdf import Document


#: Told each part's PDF (its index and bytes) as soon as it is finished, before the next
#: part or the whole is: a reader of the files (the build's ink estimate, in a thread of
#: its own) starts on the first while the rest are still being written.
Finished = Callable[[int, bytes], None]


def render_with_whole(parts: Sequence[tuple[Sequence[Page], str]], whole: Sequence[Page], *,
                      whole_title: str, cmyk: bool = False, finished: Finished | None = None
                      ) -> tuple[list[bytes], bytes]:
    """Each of *parts* (pages, title) as its own PDF, and *whole* as one more: the kit's
    items and kit.pdf. A page of *whole* that is (the same object as) a page of a part is
    not drawn again: the content stream drawn for the part is written into the whole as
    it is, with the forms it uses; other pages of *whole* (blank backs) are drawn.
    *finished* is told each part's PDF as it is made.

    For a stream to mean the same in every file, the files number their font's glyphs
    alike: each is given, before any page, every character of all of them in one order,
    so each file embeds the glyphs of all (a few KB more per file than its own would)."""
    characters = _characters([p for pages, _ in parts for p in pages] + list(whole))
    documents = [Document(pages[0], title, cmyk, characters=characters)
                 for pages, title in parts]
    drawn: dict[int, tuple[Document, list[str], list[str]]] = {}
    data: list[bytes] = []
    for document, (pages, _) in zip(documents, parts):
        for page in pages:
            code, forms = document.page(page)
            drawn.setdefault(id(page), (document, code, forms))
        # Finished at once: a document's bytes depend on its own pages only.
        data.append(document.finish())
        if finished is not None:
            finished(len(data) - 1, data[-1])
    combined = Document(whole[0], whole_title, cmyk, characters=characters)
    for page in whole:
        if id(page) in drawn:
            source, code, forms = drawn[id(page)]
            combined.replay(page, code, forms, source.writer.form_groups)
        else:
            combined.page(page)
    return data, combined.finish()


def render_parts_and_whole(parts: Iterable[tuple[Iterable[Page], str]],
                           characters: dict[str, str],
                           after: Callable[[int, Page], Sequence[Page]], *,
                           whole_title: str, cmyk: bool = False,
                           finished: Finished | None = None
                           ) -> tuple[list[bytes], bytes, list[int], int]:
    """What :func:`render_with_whole` makes of *parts* and a whole that is every page of
    the parts in order, each followed by the pages ``after(part index, page)`` (blank
    reverses), with each page drawn once and dropped: the parts may be iterators.

    Returns the parts' PDFs, the whole's, the parts' page counts and the whole's.
    *characters* must be :func:`characters` of every page, read beforehand (the glyphs
    of every file are numbered from it before any page); the bytes are then those
    :func:`render_with_whole` gives. Each part's file is finished before the next part
    is drawn, and *finished* is told it then.

    :raises: :exc:`ValueError` if a part has no page.
    """
    data: list[bytes] = []
    counts: list[int] = []
    combined: Document | None = None
    whole_count = 0
    for index, (pages, title) in enumerate(parts):
        remaining = iter(pages)
        first = next(remaining, None)
        if first is None:
            raise ValueError(f"{title}: a PDF needs at least one page")
        document = Document(first, title, cmyk, characters=characters)
        if combined is None:
            combined = Document(first, whole_title, cmyk, characters=characters)
        count = 0
        for page in itertools.chain((first,), remaining):
            code, forms = document.page(page)
            combined.replay(page, code, forms, document.writer.form_groups)
            count += 1
            for extra in after(index, page):
                combined.page(extra)
                whole_count += 1
        data.append(document.finish())
        if finished is not None:
            finished(index, data[-1])
        counts.append(count)
        whole_count += count
    if combined is None:
        raise ValueError(f"{whole_title}: a PDF needs at least one page")
    return data, combined.finish(), counts, whole_count


def characters(pages: Iterable[Page], found: dict[str, set[str]] | None = None
               ) -> dict[str, set[str]]:
    """Every character of the text on *pages*, per font key, added to *found*: the pages
    may come one at a time (what :func:`render_parts_and_whole` needs first)."""
    found = {} if found is None else found
    for page in pages:
        # Shared groups (a set's backs) are read once a page: once per document would
        # need their ids kept, and an id may be reused once its page is dropped.
        for key, chars in _characters([page]).items():
            found.setdefault(key, set()).update(chars)
    return found


def glyph_order(found: dict[str, set[str]]) -> dict[str, str]:
    """*found* (see :func:`characters`) in the order files number their glyphs."""
    return {key: "".join(sorted(chars)) for key, chars in sorted(found.items())}


def _characters(pages: Sequence[Page]) -> dict[str, str]:
    """Every character of the text on *pages*, per font key, sorted; a group met twice
    (a shared back) is read once."""
    found: dict[str, set[str]] = {}
    seen: set[int] = set()
    stack: list[Item] = [item for page in pages for item in page.items]
    while stack:
        item = stack.pop()
        if isinstance(item, Group):
            if id(item) not in seen:
                seen.add(id(item))
                stack.extend(item.items)
        elif isinstance(item, Text):
            found.setdefault(item.font, set()).update(item.text)
    return {key: "".join(sorted(chars)) for key, chars in sorted(found.items())}
