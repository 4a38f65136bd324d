"""The facts of Ass as data: the rank order of the game, what each card kills, the "one
below" step, card points and the targets of a deal (other_games.md 1.1, 1.3, 1.5, 1.7).

Kept apart from the resolver so a reading can be checked against the source line by line.
"""
from __future__ import annotations

from ..model.traditional import ACE, JACK, KING, QUEEN

#: The ranks in the game's order, lowest first: the ten sits between the king and the ace.
#: The source's header line prints the ordinary order, but every example, the kill table
#: and the bank page use this one.
ORDER: tuple[int, ...] = (6, 7, 8, 9, JACK, QUEEN, KING, 10, ACE)
#: Position of each rank in :data:`ORDER`: the "rank" a trump has to beat.
STRENGTH = {rank: i for i, rank in enumerate(ORDER)}

#: What a card kills in its own suit, whoever holds the trick (the kill table). The 6
#: spoils everything but the 8 and the queen; the 8 kills everything but the queen and
#: king; the others kill the cards below them, except the spoiler 6 and the 8.
KILLS_OWN_SUIT: dict[int, frozenset[int]] = {
    6: frozenset({7, 9, JACK, KING, 10, ACE}),
    7: frozenset(),
    8: frozenset({6, 7, 9, JACK, 10, ACE}),
    9: frozenset({7}),
    JACK: frozenset({7, 9}),
    QUEEN: frozenset({6, 7, 8, 9, JACK}),
    KING: frozenset({7, 8, 9, JACK, QUEEN}),
    10: frozenset({7, 9, JACK, QUEEN, KING}),
    ACE: frozenset({7, 9, JACK, QUEEN, KING, 10}),
}

#: "One below": each of these ranks kills the next higher one of its suit (9 -> J, ...,
#: 10 -> A), but only the led card while nobody has beaten it, or the card that took the
#: trick this way (a chain such as K <- Q <- J <- 9). The 6 needs no such step: it kills
#: the 7 anyway.
ONE_BELOW: dict[int, int] = {9: JACK, JACK: QUEEN, QUEEN: KING, KING: 10, 10: ACE}

#: Points a card scores for the player who takes it in a trick: 46 a suit, 184 in all.
POINTS: dict[int, int] = {8: 16, ACE: 12, 10: 10, KING: 5, QUEEN: 3, JACK: 1, 9: 0, 7: 0,
                          6: -1}

#: Points to collect in one deal to drop a bank, by number of players: (committed, not),
#: as the seed prints them.
TARGETS: dict[int, tuple[int, int]] = {2: (44, 68), 3: (56, 80), 4: (68, 92), 5: (80, 104),
                                       6: (92, 128)}
#: The six-player figure as printed; every other row adds 24 to the committed target,
#: which would give 116 here (a switch of :class:`~.rules.AssRules`).
PRINTED_SIX_PLAYER_TARGET = TARGETS[6][1]
PATTERN_SIX_PLAYER_TARGET = TARGETS[6][0] + 24

#: Banks at the start of a game, and the count at which a player has lost.
START_BANKS, LOSING_BANKS = 3, 6
