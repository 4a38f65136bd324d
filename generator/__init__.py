"""opencards: print-ready packs, letter cards and boards for the open playing cards system."""
from __future__ import annotations

__version__ = "0.1.0"

from .board import Board as Board
from .board import Shade as Shade
from .board import Square as Square
from .cards import Card as Card
from .cards import Colour as Colour
from .cards import Group as Group
from .cards import Hatching as Hatching
from .cards import Marking as Marking
from .cards import Pack as Pack
from .cards import Split as Split
from .errors import GeneratorError as GeneratorError
from .games import Game as Game
from .errors import TemplateError as TemplateError
from .layout import Facing as Facing
from .layout import Layout as Layout
from .layout import Piece as Piece
from .letters import LetterCard as LetterCard
from .letters import LetterSet as LetterSet
from .templates import Library as Library
from .templates import load_file as load_file
from .validation import Violation as Violation
