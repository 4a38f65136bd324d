"""How two cards meet: beating, pressing and identical squares. Standard library only.

Every function takes the card that moves first and the card it lands on, plus the colour of
the square where they meet, because the destination square decides the trump (seed000).
"""
from __future__ import annotations

from ..model.board import Square
from ..model.cards import Card, Colour
from .games import Beating, EqualValues, Pressing
from ..model.layout import Piece
from ..model.letters import LetterCard

Playable = Card | Piece


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


def explain_beat(attacker: Playable, defender: Playable, *, on: Colour | None = None,
                 rules: Beating = Beating()) -> tuple[bool, str]:
    """Whether *attacker*, moving onto *defender* on a square of colour *on*, beats it, and why.

    *on* is ``None`` on a colourless board, where no card is ever trump.

    >>> explain_beat(Card.from_notation("2Y"), Card.from_notation("8R"), on=Colour.YELLOW)
    (True, 'trump: 2Y moves onto a yellow square')
    """
    a_card, a_up = _unwrap(attacker)
    d_card, d_up = _unwrap(defender)
    if isinstance(a_card, LetterCard) or isinstance(d_card, LetterCard):
        return False, "letter cards do not beat"
    a_name = a_card.notation() if a_up else f"the test card ({a_card.notation()})"
    if not d_up:
        # A face-down test card has no colour and no value, so anything covers it.
        return True, "a face-down test card is beaten by any card"
    if not a_up:
        if rules.test_cards_beat:
            return True, "in this game a test card beats any card on any square"
        return False, "a face-down test card beats nothing"
    a_rank, d_rank = seniority(a_card, rules), seniority(d_card, rules)
    same_colour = a_card.colour is d_card.colour
    if same_colour and a_rank > d_rank:
        return True, f"same colour, {a_rank} is higher than {d_rank}"
    if a_rank == d_rank:
        if rules.equal_values is EqualValues.BEAT:
            return True, f"equal values ({a_rank}) beat each other on any square"
        if rules.equal_values is EqualValues.IDENTICAL and same_colour:
            return True, "identical cards beat each other on any square"
    if not same_colour and rules.trumps and on is a_card.colour:
        return True, f"trump: {a_name} moves onto a {on} square"
    if same_colour:
        return False, f"same colour, but {a_rank} is not higher than {d_rank}"
    if not rules.trumps:
        return False, "different colours, and this game has no trumps"
    where = f"a {on} square" if on is not None else "a colourless square"
    return False, f"different colours, and {a_name} is not trump on {where}"


def beats(attacker: Playable, defender: Playable, *, on: Colour | None = None,
          rules: Beating = Beating()) -> bool:
    """Whether *attacker* beats *defender* when it moves onto it on a square of colour *on*.

    >>> eight_red = Card.from_notation("8R")
    >>> beats(eight_red, Card.from_notation("1R")), beats(eight_red, Card.from_notation("8Y"))
    (True, True)
    >>> beats(Card.from_notation("2Y"), eight_red, on=Colour.GREEN)
    False
    """
    # The same decision as explain_beat, step for step, without building the reason: this
    # is asked for every capture of every position searched. A test holds the two equal.
    a_card, a_up = _unwrap(attacker)
    d_card, d_up = _unwrap(defender)
    if isinstance(a_card, LetterCard) or isinstance(d_card, LetterCard):
        return False
    if not d_up:
        return True
    if not a_up:
        return rules.test_cards_beat
    a_rank = a_card.value if rules.zeros_count else a_card.rank
    d_rank = d_card.value if rules.zeros_count else d_card.rank
    same_colour = a_card.colour is d_card.colour
    if same_colour and a_rank > d_rank:
        return True
    if a_rank == d_rank and (rules.equal_values is EqualValues.BEAT or (
            rules.equal_values is EqualValues.IDENTICAL and same_colour)):
        return True
    return not same_colour and rules.trumps and on is a_card.colour


def explain_press(presser: Playable, target: Playable, *, on: Colour | None = None,
                  rules: Pressing = Pressing()) -> tuple[bool, str]:
    """Whether *presser* may be laid on *target* (game 48), and why. Seniority plays no part.

    >>> explain_press(Card.from_notation("1R"), Card.from_notation("1B"))
    (True, 'equal values (1)')
    """
    p_card, p_up = _unwrap(presser)
    t_card, t_up = _unwrap(target)
    if not isinstance(p_card, Card) or not isinstance(t_card, Card):
        return False, "only numbered cards press"
    if not p_up or not t_up:
        return False, "face-down cards neither press nor are pressed"
    if p_card.colour is t_card.colour:
        return True, f"same colour ({p_card.colour})"
    if p_card.rank == t_card.rank:
        return True, f"equal values ({p_card.rank})"
    if rules.by_square and on is p_card.colour:
        return True, f"{p_card.notation()} presses anything on a {on} square"
    return False, "neither colour nor value match" + (
        "" if not rules.by_square else f", and the square is not {p_card.colour}")


def presses(presser: Playable, target: Playable, *, on: Colour | None = None,
            rules: Pressing = Pressing()) -> bool:
    """Whether *presser* may press *target* on a square of colour *on*.

    >>> presses(Card.from_notation("1R"), Card.from_notation("3R"))
    True
    >>> presses(Card.from_notation("1R"), Card.from_notation("2Y"), on=Colour.RED)
    True
    """
    # explain_press without the reason (a test holds the two equal).
    p_card, p_up = _unwrap(presser)
    t_card, t_up = _unwrap(target)
    if not isinstance(p_card, Card) or not isinstance(t_card, Card) or not p_up or not t_up:
        return False
    return (p_card.colour is t_card.colour or p_card.rank == t_card.rank
            or (rules.by_square and on is p_card.colour))


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
