"""Capture: what a piece does when it moves onto an occupied square. Standard library only.

One rule class per kind of meeting, chosen by the game's ``movement.capture`` and built
once with the game's rules (:mod:`.bound`), holding the game whose switches it reads:

- :class:`BeatCapture` (seed000 game 1): the beaten card leaves and the beater takes its
  square;
- :class:`PressCapture` (seed000 game 48): the presser lies on top of the opponent's card,
  and :class:`PressOwnCards` on one's own as well (the variant ``pressing.own_cards``);
- :class:`NoCapture` (games 18, initial 9, word 2): pieces never meet.

In every kind, the opponent's face-down test card may be covered, which wins the game
(``movement.cover_test_cards``): see :meth:`CaptureRule.cover`.
"""
from __future__ import annotations

from ..model.board import SquareName
from ..model.cards import Colour
from ..model.layout import Facing, Piece
from .beating import beats, presses
from .games import Capture, Game
from .move import MoveKind

_BEAT, _PRESS, _COVER = MoveKind.BEAT, MoveKind.PRESS, MoveKind.COVER


class CaptureRule:
    """What a move onto an occupied square is in *game*, in one kind of meeting: one
    object per game, built by :func:`capture_rule`."""

    kind: Capture = Capture.NONE
    """The game file's ``movement.capture`` this rule plays."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def onto(self, piece: Piece, other: Piece, own: Facing, on: Colour | None
             ) -> MoveKind | None:
        """The kind of move that lands *piece* (whose side's arrows point *own*) on *other*,
        the top card of a square of colour *on*; None when it may not go there."""
        game = self.game
        hostile = not game.owners or other.facing is not own
        if hostile and not other.face_up and game.owners and game.movement.cover_test_cards:
            return self.cover(piece)
        return self.meet(piece, other, hostile, on)

    def cover(self, piece: Piece) -> MoveKind | None:
        """Whether *piece* may cover the opponent's face-down test card: any face-up card
        may (it wins the game), a face-down card, one's own test card, only in the variant
        where test cards beat (games 1 and 4)."""
        return _COVER if piece.face_up or self.game.beating.test_cards_beat else None

    def meet(self, piece: Piece, other: Piece, hostile: bool,
             on: Colour | None) -> MoveKind | None:
        """The kind of move *piece* makes onto *other* (*hostile*: the opponent's card, or
        any card in a game without owners) on a square of colour *on*, test cards aside."""
        return None

    def refusal(self, piece: Piece, other: Piece, target: SquareName,
                on: Colour | None) -> str | None:
        """Why *piece* may not move onto *other* on *target* (a square of colour *on*), in
        a player's words; None when this kind of meeting has nothing to say."""
        return None


class BeatCapture(CaptureRule):
    """The higher card of a colour, or a trump on its own colour, beats (:func:`beats`)."""

    kind = Capture.BEAT

    def meet(self, piece: Piece, other: Piece, hostile: bool,
             on: Colour | None) -> MoveKind | None:
        if hostile and beats(piece, other, on=on, rules=self.game.beating).verdict:
            return _BEAT
        return None

    def refusal(self, piece: Piece, other: Piece, target: SquareName,
                on: Colour | None) -> str | None:
        if not other.face_up:
            return None
        switches = self.game.beating
        ruling = beats(piece, other, on=on, rules=switches)
        if ruling:
            return None
        reason = ruling.reason(piece, other, on=on, rules=switches)
        return f"{piece} does not beat {other} on {target}: {reason}"


class PressCapture(CaptureRule):
    """A card of the same colour or value, or any card on the presser's colour, is pressed
    (:func:`presses`); only the opponent's."""

    kind = Capture.PRESS

    def meet(self, piece: Piece, other: Piece, hostile: bool,
             on: Colour | None) -> MoveKind | None:
        if hostile and presses(piece, other, on=on, rules=self.game.pressing).verdict:
            return _PRESS
        return None

    def refusal(self, piece: Piece, other: Piece, target: SquareName,
                on: Colour | None) -> str | None:
        ruling = presses(piece, other, on=on, rules=self.game.pressing)
        if ruling:
            return None
        return f"{piece} cannot press {other} on {target}: {ruling.reason(piece, other, on=on)}"


class PressOwnCards(PressCapture):
    """The variant of game 48 where one's own cards may be pressed too."""

    def meet(self, piece: Piece, other: Piece, hostile: bool,
             on: Colour | None) -> MoveKind | None:
        return _PRESS if presses(piece, other, on=on, rules=self.game.pressing).verdict \
            else None


class NoCapture(CaptureRule):
    """Pieces never land on each other, except on the opponent's test card."""


_BY_KIND: dict[Capture, type[CaptureRule]] = {rule.kind: rule for rule in (
    BeatCapture, PressCapture, NoCapture)}


def capture_rule(game: Game) -> CaptureRule:
    """The capture rule *game* plays, holding *game*.

    >>> from generator.rules.games import Movement, Pressing
    >>> capture_rule(Game("basic-48", "game 48", movement=Movement(capture=Capture.PRESS),
    ...                   pressing=Pressing(own_cards=True))).__class__.__name__
    'PressOwnCards'
    """
    kind = _BY_KIND[game.movement.capture]
    if kind is PressCapture and game.pressing.own_cards:
        kind = PressOwnCards
    return kind(game)
