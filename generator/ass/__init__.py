"""Ass («Жопа»), the trick game of seed 003 played with the 36-card pack: the kill table and
targets as data (:mod:`.tables`), the trump options and the switches of every unclear rule
(:mod:`.rules`), the trick resolver (:mod:`.trick`), legal plays (:mod:`.play`), the
scoring of a deal (:mod:`.score`) and a whole deal played out (:mod:`.deal`). Standard library and model only.
"""
from __future__ import annotations

from .deal import Deal as Deal
from .deal import DealError as DealError
from .deal import PlayedTrick as PlayedTrick
from .deal import play_deal as play_deal
from .play import legal_plays as legal_plays
from .play import play_problem as play_problem
from .rules import DEFAULT_RULES as DEFAULT_RULES
from .rules import DEFAULT_TRUMPS as DEFAULT_TRUMPS
from .rules import make_rules as make_rules
from .rules import NO_TRUMPS as NO_TRUMPS
from .rules import TRUMP_OPTIONS as TRUMP_OPTIONS
from .rules import AssRules as AssRules
from .rules import LedCheckFailure as LedCheckFailure
from .rules import TrumpSetup as TrumpSetup
from .score import DealScore as DealScore
from .score import card_points as card_points
from .score import combination_bonus as combination_bonus
from .score import rating as rating
from .score import score_deal as score_deal
from .trick import Trick as Trick
from .trick import TrickStep as TrickStep
from .trick import Way as Way
from .trick import check_cards as check_cards
from .trick import kills_own_suit as kills_own_suit
from .trick import resolve as resolve
