"""The trump options and the switches of Ass: every rule the source states unclearly or
not at all is a named field. Where seed 003 says it, the default is the seed's words;
where it is silent or contradicts itself, the default is other_games.md's reading. Option
1, "used by default and most often", is the default option.

Only standard library and the model: a caller states the option and the suits, and the
resolver asks :meth:`TrumpSetup.tier` whether a card is a trump for the seat that plays it.
"""
from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace

from ..model.traditional import PlayingCard, Suit
from .tables import PRINTED_SIX_PLAYER_TARGET, TARGETS


class LedCheckFailure(enum.Enum):
    """What happens when, while the original main suit stands, a card re-beats the holder
    but could not kill the led card (other_games.md 1.6, second row)."""

    #: The holder is cancelled and the trick goes back to the leader (the table's reading).
    LEADER = "leader"
    #: The card does not beat; the holder keeps the trick.
    IGNORE = "ignore"


@dataclass(frozen=True)
class AssRules:
    """The switches of the uncertain rules: the seed's words where it has any, else
    other_games.md's reading."""

    #: The K row lists the ace both as killed and as not killed; the ordinary pattern
    #: (a higher card kills a lower one, and the ace is above the king) says it does not.
    king_kills_ace: bool = False
    #: See :class:`LedCheckFailure`.
    led_check_failure: LedCheckFailure = LedCheckFailure.LEADER
    #: A house rule, not the seed's: the kill table calls the 8 the strongest card, but it
    #: is the table "without considering a trump card", and options 3 and 4 say "regular
    #: cards do not beat trump cards" (option 5: plain cards beat "only ordinary cards").
    #: False (the seed) keeps a plain eight off trumps under options 3-5; True lets the
    #: (void-handed) eight beat a trump too. Option 1 blocks nothing either way.
    eight_beats_trumps: bool = False
    #: Option 5 says the senior trump "beats everything"; the worked examples say a trump
    #: beats only a card of lower rank. False keeps the rank rule for every trump, so a
    #: senior trump beats a junior one only when it also ranks higher.
    higher_tier_beats_any_rank: bool = False
    #: The six-player target when not committed: 128 as the seed prints it, or 116 by the
    #: +24 pattern of every other row (the printed figure may be a typo).
    six_player_target: int = PRINTED_SIX_PLAYER_TARGET
    #: The combinations (Q and K of a suit 25, J and Q of a suit 15, four cards of one
    #: suit +10; other_games.md 1.7). The source never says when they count, so they are
    #: off. On, the project's reading: they are scored from the four cards dealt to each
    #: player, on top of the card points, and count toward the deal's target.
    hand_combinations: bool = False
    #: The printed rating R = P (D - C) / (G T) + 50 %. Off: the formula does not give the
    #: 0-100 % range the source claims. On, :class:`~.score.DealScore` reports it.
    printed_rating: bool = False

    def targets(self, players: int) -> tuple[int, int]:
        """(committed, not committed) targets of a deal for *players* players."""
        committed, free = TARGETS[players]
        return committed, (self.six_player_target if players == 6 else free)


DEFAULT_RULES = AssRules()


@dataclass(frozen=True)
class TrumpOption:
    """One of the five trump options, chosen before the deal for the whole game."""

    number: int
    summary: str
    #: How many trump suits the caller names: per seat (option 1), common, or none.
    suits_needed: str
    #: Whether a card of a lower tier may never beat one of a higher tier (options 3-5:
    #: "plain cards do not beat trumps"; equal rank excepted).
    tiers_block: bool


#: The options as the source lists them.
TRUMP_OPTIONS: dict[int, TrumpOption] = {
    1: TrumpOption(1, "each player has a trump suit of their own", "per-seat", False),
    2: TrumpOption(2, "no trumps", "none", False),
    3: TrumpOption(3, "one trump suit for every player", "one", True),
    4: TrumpOption(4, "two trump suits for every player", "two", True),
    5: TrumpOption(5, "spades senior trumps, diamonds junior trumps, hearts and clubs plain",
                   "none", True),
}
#: Option 5's tiers: 2 senior, 1 junior, 0 plain.
OPTION5_TIERS = {Suit.SPADES: 2, Suit.DIAMONDS: 1, Suit.HEARTS: 0, Suit.CLUBS: 0}
#: Option 1 when nobody names the suits: the seed has the players choose them; the
#: project, told nothing, gives them in this order (player 1, or the leader of a lone
#: trick, spades; then clubs, hearts, diamonds). Four suits, so at most four players.
DEFAULT_SEAT_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)
#: The option the seed calls "used by default and most often".
DEFAULT_OPTION = 1


@dataclass(frozen=True)
class TrumpSetup:
    """A trump option with its suits: one per seat for option 1 (in playing order; none
    named means :data:`DEFAULT_SEAT_SUITS`), one common suit for option 3, two for option
    4, none for 2 and 5.

    >>> TrumpSetup.of(3, [Suit.HEARTS]).tier(PlayingCard.from_notation("6H"), 2)
    1
    >>> TrumpSetup.of(1).tier(PlayingCard.from_notation("6C"), 1)
    1
    """

    option: TrumpOption
    suits: tuple[Suit, ...] = ()

    @classmethod
    def of(cls, number: int, suits: Sequence[Suit] = ()) -> TrumpSetup:
        """:raises: :exc:`ValueError` naming what the option needs."""
        if number not in TRUMP_OPTIONS:
            raise ValueError(f"trump option {number} (expected 1 to 5)")
        option = TRUMP_OPTIONS[number]
        need = {"one": 1, "two": 2, "none": 0}.get(option.suits_needed)
        if need is not None and len(suits) != need:
            raise ValueError(f"trump option {number} ({option.summary}) takes "
                             f"{need or 'no'} trump suit{'s' if need != 1 else ''}, "
                             f"got {len(suits)}")
        if len(set(suits)) != len(suits):
            raise ValueError(f"trump option {number}: each trump suit once, got "
                             + " ".join(s.value for s in suits))
        return cls(option, tuple(suits))

    @property
    def per_seat(self) -> bool:
        return self.option.suits_needed == "per-seat"

    def check_seats(self, seats: int) -> None:
        """:raises: :exc:`ValueError` if option 1 names other than one suit per seat, or
        is left to its default suits with more players than suits."""
        if not self.per_seat:
            return
        if not self.suits and seats > len(DEFAULT_SEAT_SUITS):
            raise ValueError(f"trump option 1 gives each player a trump suit of their own, "
                             f"and there are {len(DEFAULT_SEAT_SUITS)} suits: at most "
                             f"{len(DEFAULT_SEAT_SUITS)} players, got {seats}; choose "
                             f"another trump option (2 to 5)")
        if self.suits and len(self.suits) != seats:
            raise ValueError(f"trump option 1 takes one trump suit per player in playing "
                             f"order ({seats}), got {len(self.suits)}")

    def seated(self, seats: int) -> TrumpSetup:
        """The same setup with option 1's suits named for *seats* seats (the default
        suits when none were named); other options unchanged.

        :raises: :exc:`ValueError` as :meth:`check_seats`.
        """
        self.check_seats(seats)
        if not self.per_seat or self.suits:
            return self
        return TrumpSetup(self.option, DEFAULT_SEAT_SUITS[:seats])

    def describe(self, seats: int) -> str:
        """The option as a player reads it, with option 1's suit for each seat."""
        text = f"option {self.option.number}: {self.option.summary}"
        if self.per_seat:
            suits = self.seated(seats).suits
            text += "; " + ", ".join(f"P{i} {s.value}" for i, s in enumerate(suits, start=1))
        elif self.suits:
            text += ": " + " ".join(s.value for s in self.suits)
        return text

    def tier(self, card: PlayingCard, seat: int) -> int:
        """0 for a plain card, 1 for a trump (option 5: 1 junior, 2 senior), for the
        player in *seat* (0-based, playing order)."""
        number = self.option.number
        if number == 1:
            return int(card.suit is (self.suits or DEFAULT_SEAT_SUITS)[seat])
        if number == 5:
            return OPTION5_TIERS[card.suit]
        return int(card.suit in self.suits)


NO_TRUMPS = TrumpSetup(TRUMP_OPTIONS[2])
#: Option 1 with the default suits: what the resolver, the legal plays and a deal use
#: when the caller names no option.
DEFAULT_TRUMPS = TrumpSetup(TRUMP_OPTIONS[DEFAULT_OPTION])


def make_rules(given: dict[str, str]) -> AssRules:
    """:data:`DEFAULT_RULES` with the *given* switches changed, values as typed on a
    command line: ``true``/``false``, a whole number, or a :class:`LedCheckFailure` value.

    >>> make_rules({"hand-combinations": "true"}).hand_combinations
    True

    :raises: :exc:`ValueError` naming an unknown switch or a value of the wrong kind.
    """
    known = {f.name: f for f in fields(AssRules)}
    values: dict[str, object] = {}
    for key, text in given.items():
        name = key.replace("-", "_")
        if name not in known:
            raise ValueError(f"no switch {key!r}; switches: {', '.join(known)}")
        default = getattr(DEFAULT_RULES, name)
        if isinstance(default, bool):
            if text.lower() not in ("true", "false", "yes", "no", "1", "0"):
                raise ValueError(f"switch {key}: expected true or false, got {text!r}")
            values[name] = text.lower() in ("true", "yes", "1")
        elif isinstance(default, LedCheckFailure):
            try:
                values[name] = LedCheckFailure(text.lower())
            except ValueError:
                raise ValueError(f"switch {key}: expected one of "
                                 f"{', '.join(f.value for f in LedCheckFailure)}, got {text!r}"
                                 ) from None
        else:
            try:
                values[name] = int(text)
            except ValueError:
                raise ValueError(f"switch {key}: expected a whole number, got {text!r}"
                                 ) from None
    return replace(DEFAULT_RULES, **values)  # type: ignore[arg-type]
