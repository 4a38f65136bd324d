"""Benchmark of the figure tool: python bench/figure.py [--repeat N].

Times, in process and after one warm-up, what the issue sets targets for: a full figure of
64 cards (pack 1 on ranks 1-4 for south, pack 2 on ranks 5-8 for north) drawn as a scene and
encoded as SVG (with its size; also with --text real), PNG at 150 dpi and PDF, in both
styles (full and compact); and an animated GIF of 20 random legal moves of basic game 1
from game1-demo, played through the rule engine. Each time is the median of --repeat runs
in CPU time of this process (the development machine is shared; wall time is printed too).
"cold" clears the figure's cache of card and board drawings before each run, as a first
figure in a process finds it. The figures depend on the machine; docs/performance.md
records one measurement.
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

from generator.app.figure import draw_figure  # noqa: E402
from generator.docs.build import option_annotations  # noqa: E402
from generator.docs import diagram  # noqa: E402
from generator.docs.diagram import figure_page, to_pdf, to_png, to_svg  # noqa: E402
from generator.docs.figure import Arrow, Figure, Highlight  # noqa: E402
from generator.draw.backends import gif  # noqa: E402
from generator.draw.scene import Page  # noqa: E402
from generator.io.templates import Library  # noqa: E402
from generator.model.layout import Layout, Side  # noqa: E402
from generator.rules.bound import Rules  # noqa: E402


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
    rules = Rules(game, board)
    while len(played) < 20:
        moves = rules.board_moves(layout, side)
        # Quiet moves keep the game going for 20 plies; captures end it too soon.
        quiet = [m for m in moves if m.kind == "move"] or moves
        move = rng.choice(quiet)
        played.append(move.notation())
        layout, side = rules.play(layout, move), side.opponent
    return " ".join(played)


def best(action: Callable[[], object], repeat: int, *, cold: bool = False
         ) -> tuple[float, float]:
    """Median (CPU, wall) seconds of *action*, after a warm-up."""
    action()  # warm-up: fonts, glyph outlines and templates are loaded once per process
    cpu, wall = [], []
    for _ in range(repeat):
        if cold:
            diagram._DRAWN.clear()
        began, began_cpu = time.perf_counter(), time.process_time()
        action()
        cpu.append(time.process_time() - began_cpu)
        wall.append(time.perf_counter() - began)
    return statistics.median(cpu), statistics.median(wall)


def _ms(times: tuple[float, float]) -> str:
    return f"{times[0] * 1000:.0f} ms ({times[1] * 1000:.0f} wall)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    library = Library()
    settings = library.settings()
    layout = full_layout(library)
    sources = {"pack1": library.pack("pack1"), "pack2": library.pack("pack2")}
    board = library.board("board-a")
    for style in ("full", "compact"):
        figure = Figure(arrows=(Arrow.parse("d4-d5"), Arrow.parse("e4xf5:red")),
                        highlights=(Highlight.parse("e4:green"),), caption="64 cards",
                        last_move=Arrow.parse("c4-c5"), style=style)

        def scene(figure: Figure = figure) -> Page:
            return figure_page(layout, board, sources, figure, settings=settings)

        page = scene()
        size = len(to_svg(page).encode()) / 1024
        real = len(to_svg(page, text="real").encode()) / 1024
        n = args.repeat
        print(f"{style} figure, 64 cards:")
        for cold in (False, True):
            print(f"  {'cold' if cold else 'warm'}: scene {_ms(best(scene, n, cold=cold))}, "
                  f"+ SVG {_ms(best(lambda: to_svg(scene()), n, cold=cold))} ({size:.0f} KB), "
                  f"+ SVG --text real "
                  f"{_ms(best(lambda: to_svg(scene(), text='real'), n, cold=cold))} "
                  f"({real:.0f} KB), "
                  f"+ PNG 150 dpi {_ms(best(lambda: to_png(scene(), dpi=150), n, cold=cold))}, "
                  f"+ PDF {_ms(best(lambda: to_pdf(scene()), n, cold=cold))}")
    moves = twenty_moves(library)
    changes = option_annotations(moves=moves)

    def animation() -> bytes:
        drawn = draw_figure(library, "game1-demo", changes)
        return gif.render(drawn.pages, dpi=100)

    cpu, wall = best(animation, max(1, args.repeat // 2))
    print(f"20-move GIF (21 frames, 100 dpi), engine checks included: {cpu:.2f} s "
          f"({wall:.2f} wall)")


if __name__ == "__main__":
    main()
