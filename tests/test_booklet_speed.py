"""The booklet build's short cuts must draw exactly what the long way drew: the figure
without its intermediate frames, text placed without measuring, the text matrix worked
out once per angle. Each is compared with the plain computation it replaces."""
from __future__ import annotations

import pytest

from generator.app.figure import draw_figure
from generator.docs.figure import parse_moves
from generator.draw.backends import pdf
from generator.draw.geometry import Transform
from generator.draw.scene import Page, Text
from generator.errors import FigureError

# basic-4.toml's worked example: eight moves, the last one a capture.
MOVES = "f2-e3 g7-f6 h2-h3 h7-g6 h3-g4 f6-e6 g4-g5 g6xg5"


def test_figure_without_frames_is_the_last_frame(library) -> None:
    changes = {"moves": parse_moves(MOVES)}
    every = draw_figure(library, "basic-4-start", changes, caption="", width=100.0)
    final = draw_figure(library, "basic-4-start", changes, caption="", width=100.0,
                        frames=False)
    assert len(every.pages) == 9
    assert final.pages == [every.final]
    assert pdf.render(final.pages) == pdf.render([every.final])


def test_figure_without_frames_still_plays_every_move(library) -> None:
    # The illegal move is the second: no frame is drawn for it, the engine still refuses.
    changes = {"moves": parse_moves("f2-e3 g7-g5 h2-h3")}
    with pytest.raises(FigureError, match="move 2 'g7-g5'"):
        draw_figure(library, "basic-4-start", changes, frames=False)


@pytest.mark.parametrize("rotation", [0, 0.0, 90, 180, 270, -90, 45, 12.5, 360])
def test_text_matrix_is_the_composed_transform(rotation: float) -> None:
    for x in (0.0, -0.0, 1.5, -2.25, 1e-12, 123.456):
        for y in (0.0, -0.0, 3.3, -7.1):
            composed = (Transform.translate(x, y) @ Transform.rotate(rotation)
                        @ Transform.scale(1, -1))
            # repr tells 0.0 from -0.0, and the last bit of every float.
            assert repr(pdf._text_matrix(x, y, rotation)) == repr(composed)


def _text_page(anchor: str) -> Page:
    return Page(60, 20, (Text(30, 10, "Word and more", 4.0, "#000000", font="bold",
                              anchor=anchor, rotation=180),))


def test_anchors_still_place_text_from_its_measured_width() -> None:
    # Only a start-anchored text skips measuring; the others still shift by the width.
    start, middle, end = (pdf.render([_text_page(a)]) for a in ("start", "middle", "end"))
    assert len({start, middle, end}) == 3


def test_cached_pdf_names_are_reportlabs() -> None:
    from reportlab.pdfbase import pdfdoc
    pdf.render([_text_page("start")])  # the first document puts the cache in place
    cached = pdfdoc.PDFName
    original = cached.__wrapped__
    samples = ["Type", "Font", "F1+0", "Fpack1_1R_face_0123456789", "a b", "x#y", "(odd)",
               "100%", "пак", "é", "<>", "[]{}", "", "Type"]
    for text in samples:
        assert cached(text) == original(text)
    for call in (cached, original):   # not a str: passed through, failing alike
        with pytest.raises(TypeError):
            call(b"Type")
    # Asked twice, the same answer (the second from the cache).
    assert [cached(t) for t in samples] == [original(t) for t in samples]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lazy_hyphenation_patterns_break_words_as_pyphen_does(lang: str) -> None:
    import re
    from pathlib import Path

    import pyphen

    from generator.draw import text
    from generator.io.wordlists import SCRIPTS
    from generator.io.words.build import frequency_buckets

    lazy = text._dictionary(lang).hd
    assert isinstance(lazy.patterns, text._Patterns)   # the short cut is taken
    name = text.DICTIONARIES[lang]
    full = pyphen.HyphDict(pyphen.LANGUAGES[pyphen.language_fallback(name)])
    # Every word of the booklets in that language, and the language's common words.
    root = Path(__file__).resolve().parent.parent / "templates" / "booklets" / lang
    words = {w for f in sorted(root.glob("*.toml"))
             for w in re.findall(r"[^\W\d_]+", f.read_text(encoding="utf-8"))}
    script = "latin" if lang == "en" else "cyrillic"
    common = [w for bucket in frequency_buckets(SCRIPTS[script][0], 1e-6) for w in bucket]
    words.update(common[:15000])
    assert len(words) > 10000
    for word in sorted(words):
        assert lazy.positions(word) == full.positions(word), word
    # The breaks booklets use: the same through Pyphen's own front end.
    front = pyphen.Pyphen(lang=name, left=text.LEFT[lang], right=text.RIGHT[lang])
    front.hd = full
    mine = text._dictionary(lang)
    for word in sorted(words)[:3000]:
        assert list(mine.iterate(word)) == list(front.iterate(word)), word
