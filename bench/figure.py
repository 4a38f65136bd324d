"""Benchmark of the figure tool: python bench/figure.py [--repeat N].

Times, in process and after one warm-up, what the issue sets targets for: a full figure of
64 cards (pack 1 on ranks 1-4 for south, pack 2 on ranks 5-8 for north) drawn as a scene and
encoded as SVG (with its size), PNG at 150 dpi and PDF; and an animated GIF of 20 random
legal moves of basic game 1 from game1-demo, played through the rule engine. The figures
depend on the machine; docs/performance.md records one measurement.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.docs.build import draw_figure, option_annotations  # noqa: E402
from generator.docs.diagram import figure_page, to_pdf, to_png, to_svg  # noqa: E402
from generator.docs.figure import Arrow, Figure, Highlight  # noqa: E402
from generator.draw.backends import gif  # noqa: E402
from generator.io.templates import Library  # noqa: E402
from generator.model.layout import Layout, Side  # noqa: E402
from generator.rules import legal_moves, play  # noqa: E402


def full_layout(library: Library) -> Layout:
    """Both 32-card packs on the board: every square holds a card."""
    south = [c.notation() + "^" for c in library.pack("pack1")]
    north = [c.notation() + "v" for c in library.pack("pack2")]
    rows = {rank + 1: " ".join(south[rank * 8:rank * 8 + 8]) for rank in range(4)}
    rows.update({rank + 5: " ".join(north[rank * 8:rank * 8 + 8]) for rank in range(4)})
    return Layout.from_rows("board-a", rows, players={Side.SOUTH: "pack1",
                                                     Side.NORTH: "pack2"})


def twenty_moves(library: Library, seed: int = 1) -> str:
    game, layout = library.game("basic-1"), library.layout("game1-demo")
    board = library.board(layout.board)
    rng = random.Random(seed)
    side, played = Side.SOUTH, []
    while len(played) < 20:
        moves = legal_moves(layout, board, game, side)
        # Quiet moves keep the game going for 20 plies; captures end it too soon.
        quiet = [m for m in moves if m.kind == "move"] or moves
        move = rng.choice(quiet)
        played.append(move.notation())
        layout, side = play(layout, move, game), side.opponent
    return " ".join(played)


def best(action: Callable[[], object], repeat: int) -> float:
    action()  # warm-up: fonts, glyph outlines and templates are loaded once per process
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        action()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    library = Library()
    settings = library.settings()
    layout = full_layout(library)
    sources = {"pack1": library.pack("pack1"), "pack2": library.pack("pack2")}
    board = library.board("board-a")
    figure = Figure(arrows=(Arrow.parse("d4-d5"), Arrow.parse("e4xf5:red")),
                    highlights=(Highlight.parse("e4:green"),), caption="64 cards")

    def scene():  # noqa: ANN202
        return figure_page(layout, board, sources, figure, settings=settings)

    page = scene()
    svg_text = to_svg(page)
    print(f"full figure, 64 cards: scene {best(scene, args.repeat) * 1000:.0f} ms, "
          f"scene + SVG {best(lambda: to_svg(scene()), args.repeat) * 1000:.0f} ms "
          f"({len(svg_text.encode()) / 1024:.0f} KB), "
          f"scene + PNG 150 dpi {best(lambda: to_png(scene(), dpi=150), args.repeat) * 1000:.0f} ms, "
          f"scene + PDF {best(lambda: to_pdf(scene()), args.repeat) * 1000:.0f} ms")
    moves = twenty_moves(library)
    changes = option_annotations(moves=moves)

    def animation() -> bytes:
        drawn = draw_figure(library, "game1-demo", changes)
        return gif.render(drawn.pages, dpi=100)

    print(f"20-move GIF (21 frames, 100 dpi), engine checks included: "
          f"{best(animation, max(1, args.repeat // 2)):.2f} s")


if __name__ == "__main__":
    main()
