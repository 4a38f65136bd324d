"""How two cards meet: beating, pressing and identical squares. Standard library only.

Every function takes the card that moves first and the card it lands on, plus the colour of
the square where they meet, because the destination square decides the trump (seed000).
:func:`beats` and :func:`presses` each make their decision once and return a
:class:`Ruling`: true when the move is allowed, and naming the rule that decided, which
:meth:`Ruling.reason` puts in a player's words.
"""
from __future__ import annotations

import enum

from ..model.board import Square
from ..model.cards import Card, Colour
from .games import Beating, EqualValues, Pressing
from ..model.layout import Piece
from ..model.letters import LetterCard

Playable = Card | Piece


class Ruling(enum.Enum):
    """The rule that decides whether one card beats (or presses) the card it moves onto.

    A ruling is true when the move is allowed, so ``if beats(a, d):`` reads as it says; its
    value is the reason code for tools, and :meth:`reason` the reason for a player.

    >>> ruling = beats(Card.from_notation("2Y"), Card.from_notation("8R"), on=Colour.YELLOW)
    >>> bool(ruling), ruling.value
    (True, 'trump')
    """

    verdict: bool
    """Whether the card may move onto the other."""
    words: str
    """The reason, with the cards and square left as fields (see :meth:`reason`)."""

    # Beating (seed000 game 1, seed002 games 1-3).
    LETTERS = ("letters", False, "letter cards do not beat")
    TEST_CARD_COVERED = ("test-card-covered", True,
                         "a face-down test card is beaten by any card")
    TEST_CARD_BEATS = ("test-card-beats", True,
                       "in this game a test card beats any card on any square")
    TEST_CARD_BEATS_NOTHING = ("test-card-beats-nothing", False,
                               "a face-down test card beats nothing")
    HIGHER = ("higher", True, "same colour, {rank} is higher than {other_rank}")
    EQUAL_BEATS = ("equal-beats", True, "equal values ({rank}) beat each other on any square")
    IDENTICAL_BEATS = ("identical-beats", True, "identical cards beat each other on any square")
    TRUMP = ("trump", True, "trump: {name} moves onto a {on} square")
    NOT_HIGHER = ("not-higher", False,
                  "same colour, but {rank} is not higher than {other_rank}")
    NO_TRUMPS = ("no-trumps", False, "different colours, and this game has no trumps")
    NOT_TRUMP = ("not-trump", False, "different colours, and {name} is not trump on {where}")
    # Pressing (seed000 game 48): seniority plays no part.
    NOT_NUMBERED = ("not-numbered", False, "only numbered cards press")
    FACE_DOWN = ("face-down", False, "face-down cards neither press nor are pressed")
    SAME_COLOUR = ("same-colour", True, "same colour ({colour})")
    EQUAL_VALUES = ("equal-values", True, "equal values ({value})")
    PRESSES_ON_SQUARE = ("presses-on-square", True, "{name} presses anything on a {on} square")
    NO_MATCH = ("no-match", False, "neither colour nor value match")
    NO_MATCH_OFF_SQUARE = ("no-match-off-square", False,
                           "neither colour nor value match, and the square is not {colour}")

    def __new__(cls, code: str, verdict: bool, words: str) -> Ruling:
        ruling = object.__new__(cls)
        ruling._value_ = code
        ruling.verdict = verdict
        ruling.words = words
        return ruling

    def __bool__(self) -> bool:
        return self.verdict

    def reason(self, mover: Playable, other: Playable, *, on: Colour | None = None,
               rules: Beating | Pressing | None = None) -> str:
        """This ruling in a player's words, for *mover* moving onto *other* on a square of
        colour *on* under *rules*, the switches it was made under.

        >>> Ruling.HIGHER.reason(Card.from_notation("30R"), Card.from_notation("2R"),
        ...                      rules=Beating(zeros_count=True))
        'same colour, 30 is higher than 2'
        """
        m_card, m_up = _unwrap(mover)
        o_card, _ = _unwrap(other)
        if not isinstance(m_card, Card) or not isinstance(o_card, Card):
            return self.words  # the rulings on letters name no card
        beating = rules if isinstance(rules, Beating) else Beating()
        notation = m_card.notation()
        return self.words.format(
            name=notation if m_up else f"the test card ({notation})",
            rank=seniority(m_card, beating), other_rank=seniority(o_card, beating),
            value=m_card.rank, colour=m_card.colour, on=on,
            where=f"a {on} square" if on is not None else "a colourless square")


# The rulings as module names: the decisions below run for every capture of every position
# searched, and a module name is read three times faster than an enum's member.
_LETTERS, _TEST_CARD_COVERED = Ruling.LETTERS, Ruling.TEST_CARD_COVERED
_TEST_CARD_BEATS, _BEATS_NOTHING = Ruling.TEST_CARD_BEATS, Ruling.TEST_CARD_BEATS_NOTHING
_HIGHER, _EQUAL_BEATS, _IDENTICAL_BEATS = (Ruling.HIGHER, Ruling.EQUAL_BEATS,
                                           Ruling.IDENTICAL_BEATS)
_TRUMP, _NOT_HIGHER, _NO_TRUMPS, _NOT_TRUMP = (Ruling.TRUMP, Ruling.NOT_HIGHER,
                                              Ruling.NO_TRUMPS, Ruling.NOT_TRUMP)
_NOT_NUMBERED, _FACE_DOWN = Ruling.NOT_NUMBERED, Ruling.FACE_DOWN
_SAME_COLOUR, _EQUAL_VALUES, _PRESSES_ON_SQUARE = (Ruling.SAME_COLOUR, Ruling.EQUAL_VALUES,
                                                   Ruling.PRESSES_ON_SQUARE)
_NO_MATCH, _NO_MATCH_OFF_SQUARE = Ruling.NO_MATCH, Ruling.NO_MATCH_OFF_SQUARE
_BEAT, _IDENTICAL = EqualValues.BEAT, EqualValues.IDENTICAL


def _unwrap(item: Playable) -> tuple[Card | LetterCard, bool]:
    """(card, face_up) for a bare card or a piece on a square."""
    if isinstance(item, Piece):
        return item.card, item.face_up
    return item, True


def seniority(card: Card, rules: Beating = Beating()) -> int:
    """The value used to rank *card*: 30R counts 3 unless the zeros are switched on.

    >>> seniority(Card.from_notation("30R")), seniority(Card.from_notation("30R"), Beating(zeros_count=True))
    (3, 30)
    """
    return card.value if rules.zeros_count else card.rank


def beats(attacker: Playable, defender: Playable, *, on: Colour | None = None,
          rules: Beating = Beating()) -> Ruling:
    """Whether *attacker* beats *defender* when it moves onto it on a square of colour *on*,
    and by which rule. *on* is ``None`` on a colourless board, where no card is ever trump.

    >>> eight_red = Card.from_notation("8R")
    >>> beats(eight_red, Card.from_notation("1R")), beats(eight_red, Card.from_notation("8Y"))
    (<Ruling.HIGHER: 'higher'>, <Ruling.EQUAL_BEATS: 'equal-beats'>)
    >>> ruling = beats(Card.from_notation("2Y"), eight_red, on=Colour.GREEN)
    >>> bool(ruling), ruling.reason(Card.from_notation("2Y"), eight_red, on=Colour.GREEN)
    (False, 'different colours, and 2Y is not trump on a green square')
    """
    a_card, a_up = _unwrap(attacker)
    d_card, d_up = _unwrap(defender)
    if isinstance(a_card, LetterCard) or isinstance(d_card, LetterCard):
        return _LETTERS
    if not (a_up and d_up):
        return _face_down(a_up, d_up, rules)
    if rules.zeros_count:
        a_rank, d_rank = a_card.value, d_card.value
    else:
        a_rank, d_rank = a_card.rank, d_card.rank
    same_colour = a_card.colour is d_card.colour
    if same_colour and a_rank > d_rank:
        return _HIGHER
    if a_rank == d_rank:
        if rules.equal_values is _BEAT:
            return _EQUAL_BEATS
        if same_colour and rules.equal_values is _IDENTICAL:
            return _IDENTICAL_BEATS
    if same_colour:
        return _NOT_HIGHER
    if not rules.trumps:
        return _NO_TRUMPS
    return _TRUMP if on is a_card.colour else _NOT_TRUMP


def _face_down(attacker_up: bool, defender_up: bool, rules: Beating) -> Ruling:
    """The ruling when a face-down test card moves or is moved onto. A face-down test card
    has no colour and no value, so any open card covers it; a test card itself beats and
    covers nothing (seed000 game 18: test cards "can not be imposed on other cards"),
    unless in the variant where test cards beat. The same rule as the moves' (captures)."""
    if not attacker_up and not rules.test_cards_beat:
        return _BEATS_NOTHING
    if not defender_up:
        return _TEST_CARD_COVERED
    return _TEST_CARD_BEATS


def presses(presser: Playable, target: Playable, *, on: Colour | None = None,
            rules: Pressing = Pressing()) -> Ruling:
    """Whether *presser* may be laid on *target* on a square of colour *on* (game 48), and
    by which rule. Seniority plays no part.

    >>> bool(presses(Card.from_notation("1R"), Card.from_notation("3R")))
    True
    >>> presses(Card.from_notation("1R"), Card.from_notation("2Y"), on=Colour.RED)
    <Ruling.PRESSES_ON_SQUARE: 'presses-on-square'>
    """
    p_card, p_up = _unwrap(presser)
    t_card, t_up = _unwrap(target)
    if not isinstance(p_card, Card) or not isinstance(t_card, Card):
        return _NOT_NUMBERED
    if not p_up or not t_up:
        return _FACE_DOWN
    if p_card.colour is t_card.colour:
        return _SAME_COLOUR
    if p_card.rank == t_card.rank:
        return _EQUAL_VALUES
    if not rules.by_square:
        return _NO_MATCH
    return _PRESSES_ON_SQUARE if on is p_card.colour else _NO_MATCH_OFF_SQUARE


def fits_identical(card: Card, square: Square) -> bool:
    """Whether *card* may lie on *square* in game 52: same colour and same value (zeros
    ignored, so 20R fits both two-red squares).

    >>> from generator.model.board import Shade
    >>> fits_identical(Card.from_notation("20R"), Square(0, 1, Colour.RED, 2, Shade.LIGHT))
    True
    """
    return square.colour is card.colour and square.value == card.rank


def fits_value_row(card: Card, square: Square) -> bool:
    """Whether *card* may stay on *square* when only values count (initial game 11)."""
    return square.value == card.rank
