"""opencards: print-ready packs, letter cards and boards for the open playing cards system.

The package root hands on the model only (cards, letter sets, boards, layouts), so that
``import generator`` or ``import generator.rules`` loads no template reader and no drawing
library. The parts live in subpackages, each importing only the ones below it:

``cli`` → ``app`` → ``docs`` → ``sheets`` → ``draw`` → ``io`` → ``rules`` → ``model``, and ``errors`` under all.
"""
from __future__ import annotations

import signal as _signal
import sys as _sys


def _started_as_the_command() -> bool:
    """Whether this process is ``opencards ...`` or ``python -m generator ...`` (rather
    than a program or test importing the package), judged while the package loads."""
    argv = _sys.argv or [""]
    if argv[0] == "-m":   # python -m: argv[0] is "-m" until the module runs
        orig = getattr(_sys, "orig_argv", [])
        return "-m" in orig[:-1] and orig[orig.index("-m") + 1] == __name__
    name = argv[0].replace("\\", "/").rsplit("/", 1)[-1].lower()
    return name in ("opencards", "opencards.exe", "opencards-script.py")


def _ctrl_c_while_loading(signum: int, frame: object) -> None:
    """Ctrl-C before the command runs: the same line and exit code as inside it
    (``generator.__main__.run`` hands Ctrl-C back to Python once the CLI is loaded)."""
    _sys.stderr.write("Aborted.\n")
    raise SystemExit(130)


# First, so that a Ctrl-C while the package and the CLI load shows no traceback. Only
# for the command: a program importing the package keeps its own Ctrl-C.
if _started_as_the_command() and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, _ctrl_c_while_loading)

from .errors import GeneratorError as GeneratorError  # noqa: E402
from .errors import TemplateError as TemplateError
from .model.board import Board as Board
from .model.board import Shade as Shade
from .model.board import Square as Square
from .model.cards import Card as Card
from .model.cards import Colour as Colour
from .model.cards import Group as Group
from .model.cards import Hatching as Hatching
from .model.cards import Marking as Marking
from .model.cards import Pack as Pack
from .model.cards import Split as Split
from .model.layout import Facing as Facing
from .model.layout import Layout as Layout
from .model.layout import Piece as Piece
from .model.layout import Side as Side
from .model.letters import LetterCard as LetterCard
from .model.letters import LetterSet as LetterSet
from .model.units import Size as Size



def __getattr__(name: str) -> str:
    """``__version__``, read when asked: written once, in pyproject.toml, an installed
    package knows it. Not at import, since importlib.metadata costs about 50 ms at every
    start of the command, which shows the version only for ``--version``."""
    if name == "__version__":
        from importlib import metadata
        try:
            return metadata.version("opencards")
        except metadata.PackageNotFoundError:  # a bare checkout on sys.path, never installed
            return "0+unknown"
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
