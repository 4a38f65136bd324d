"""The rule engine in one import. One door to a game: :class:`Position`, built on a game's
:class:`Rules` (the game bound once to its board and word list), whose ``outcome()`` is an
:class:`Outcome` with its :class:`Termination`; besides it, beating, pressing, identical
squares, combinations, words and layout validation.

The rules live in small modules (:mod:`.bound`, :mod:`.beating`, :mod:`.combos`,
:mod:`.moves`, :mod:`.validation`, :mod:`.words`); this module gathers their public names so
callers write ``from generator.rules import Position, Rules, problems``. Standard library
only.
"""
from __future__ import annotations

from .beating import Ruling as Ruling
from .beating import beats as beats
from .beating import fits_identical as fits_identical
from .beating import fits_value_row as fits_value_row
from .beating import presses as presses
from .beating import seniority as seniority
from .combos import Combination as Combination
from .bound import Rules as Rules
from .combos import combinations as combinations
from .games import Game as Game
from .goal_rules import Outcome as Outcome
from .goal_rules import Termination as Termination
from .move import Move as Move
from .move import MoveKind as MoveKind
from .follow_ups import Phase as Phase
from .position import Ply as Ply
from .position import Position as Position
from .validation import Violation as Violation
from .validation import problems as problems
from .validation import supply as supply
from .words import FoundWord as FoundWord
from .words import WordList as WordList
from .words import captured_letters as captured_letters
from .words import find_words as find_words
