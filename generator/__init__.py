"""opencards: print-ready packs, letter cards and boards for the open playing cards system.

The package root hands on the model only (cards, letter sets, boards, layouts), so that
``import generator`` or ``import generator.rules`` loads no template reader and no drawing
library. The parts live in subpackages, each importing only the ones below it:

``cli`` → ``docs`` → ``sheets`` → ``draw`` → ``io`` → ``rules`` → ``model``, and ``errors`` under all.
"""
from __future__ import annotations

from importlib import metadata as _metadata

from .errors import GeneratorError as GeneratorError
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

try:
    # The version is written once, in pyproject.toml; an installed package knows it.
    __version__ = _metadata.version("opencards")
except _metadata.PackageNotFoundError:  # a bare checkout on sys.path, never installed
    __version__ = "0+unknown"
