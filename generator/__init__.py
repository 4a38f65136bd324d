"""opencards: print-ready packs, letter cards and boards for the open playing cards system.

The package root hands on the model only (cards, letter sets, boards, layouts), so that
``import generator`` or ``import generator.rules`` loads no template reader and no drawing
library. The parts live in subpackages, each importing only the ones below it:

``cli`` → ``app`` → ``docs`` → ``sheets`` → ``draw`` → ``io`` → ``rules`` → ``model``, and ``errors`` under all.

Importing the package changes no process state: the ``opencards`` command's entry point
(:func:`generator.__main__.run`) owns Ctrl-C. The model's names load when first asked
for, so that the entry point holds Ctrl-C from before anything of the package loads.
"""
from __future__ import annotations

# Neither typing nor importlib is imported at run time: the command's Ctrl-C handling
# starts once this package has loaded (see generator/__main__.py), and typing alone took
# two thirds of that load (14 ms of 21), a window in which Ctrl-C printed a traceback.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .errors import GeneratorError as GeneratorError
    from .errors import TemplateError as TemplateError
    from .model.board import Board as Board
    from .model.board import Shade as Shade
    from .model.board import Square as Square
    from .model.cards import Card as Card
    from .model.cards import CardGroup as CardGroup
    from .model.cards import Colour as Colour
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

#: Each name the root hands on, and the module it lives in.
_EXPORTS: dict[str, str] = {
    "GeneratorError": "errors", "TemplateError": "errors",
    "Board": "model.board", "Shade": "model.board", "Square": "model.board",
    "Card": "model.cards", "CardGroup": "model.cards", "Colour": "model.cards",
    "Hatching": "model.cards", "Marking": "model.cards", "Pack": "model.cards",
    "Split": "model.cards",
    "Facing": "model.layout", "Layout": "model.layout", "Piece": "model.layout",
    "Side": "model.layout",
    "LetterCard": "model.letters", "LetterSet": "model.letters",
    "Size": "model.units",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    """A model name from its module, loaded when first asked for; and ``__version__``,
    read when asked: written once, in pyproject.toml, an installed package knows it. Not
    at import, since importlib.metadata costs about 50 ms at every start of the command,
    which shows the version only for ``--version``."""
    module = _EXPORTS.get(name)
    if module is not None:
        from importlib import import_module
        value = getattr(import_module(f".{module}", __name__), name)
        globals()[name] = value   # asked once: the next look-up finds it directly
        return value
    if name == "__version__":
        from importlib import metadata
        try:
            return metadata.version("opencards")
        except metadata.PackageNotFoundError:  # a bare checkout on sys.path, never installed
            return "0+unknown"
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
