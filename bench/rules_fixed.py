"""Fixed workloads of the rule engine, for instruction counts that do not depend on the
machine's load: valgrind --tool=callgrind python bench/rules_fixed.py ROOT WORK [N]

ROOT is a checkout to import the engine from (this one, or an older one checked out beside
it with git worktree), WORK one of: none (start-up only, to subtract), legal (legal moves on
the positions of a basic-1 self-play), shifts (N calls on an open basic-65 deal with 16
free squares), playout (12 random playouts of basic 1 and basic 48). docs/performance.md records the
figures of the Position rework side by side.
"""
import random, sys
sys.path.insert(0, sys.argv[1])
from generator.io.templates import Library
from generator.io import layouts
from generator.rules.playout import playout as _playout
from generator.model.layout import Layout, Side
try:  # the rules bound once to a Position (session 14 on)
    from generator.rules.bound import Rules
    from generator.rules.position import Position

    def playout(layout, board, game, rng, limit):
        return _playout(Position(Rules(game, board), layout), rng, limit=limit)

    def legal_moves(layout, board, game, side):
        return Rules(game, board).board_moves(layout, side)
except ImportError:  # an older checkout: the free functions
    from generator.rules import legal_moves
    playout = _playout
load = getattr(layouts, "load_layout_file", None) or layouts.load_position
lib = Library()
what = sys.argv[2]
if what == "playout":
    for name in ["game1-demo", "basic-48-start"]:
        p = load(lib, name)
        for seed in range(6):
            playout(p.layout, p.board, p.game, random.Random(seed), limit=300)
elif what == "legal":
    p = load(lib, "game1-demo")
    r = playout(p.layout, p.board, p.game, random.Random(3), limit=60)
    layouts_ = [p.layout, r.layout]
    for _ in range(400):
        for lay in layouts_:
            legal_moves(lay, p.board, p.game, Side.SOUTH)
            legal_moves(lay, p.board, p.game, Side.NORTH)
elif what == "shifts":
    from generator.rules.dealing import deal
    from generator.io.layouts import sources_for
    game = lib.game("basic-65"); board = lib.board("board-a")
    src = sources_for(lib, Layout(board.name), game)
    lay = deal(game, board, src, game.pairs[0], random.Random(4), face_up=True)
    lay = lay._replace({s: st for i, (s, st) in enumerate(lay.items()) if i % 4})
    for _ in range(int(sys.argv[3]) if len(sys.argv) > 3 else 15):
        legal_moves(lay, board, game, Side.SOUTH)
