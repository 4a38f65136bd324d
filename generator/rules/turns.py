"""Turns: everything a side may do now (board moves, laying, opening, a follow-up owed) and
why a written move (parsed once, :mod:`.notation`) is refused. Standard library only.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING
from collections.abc import Sequence

from ..errors import ReasonCode
from ..model.board import SquareName, checked_square, square_name
from ..model.hands import Item, parse_item
from ..model.layout import Layout, Player, Side
from .games import Game, Step
from .laying import LAYING
from .lines import geometry
from .move import HAND, OFF, Move, MoveKind, move_order
from .moves import board_moves
from .notation import GRAMMAR, PASS, Form, MoveText
from .opening import opening_refusal, owes_opening_cover

if TYPE_CHECKING:
    from .bound import Rules


def fresh_moves(rules: Rules, layout: Layout, side: Side) -> list[Move]:
    """The moves that start a turn: board moves, lays and initial 10's and 11's moves."""
    found = board_moves(rules, layout, side) \
        if rules.game.movement.step is not Step.NONE else []
    laid = rules.placement.moves(layout, side)
    # Each list comes sorted: most games have only one kind, and need no sort here.
    if not laid or not found:
        return found or laid
    return sorted(found + laid, key=move_order)


def refusal(rules: Rules, layout: Layout, side: Side, text: str, moves: Sequence[Move], *,
            after: Move | None = None, who: Player | None = None) -> tuple[ReasonCode, str]:
    """Why *side*, whose legal moves now are *moves* (*after*: its own move whose follow-up
    it owes), may not play *text*: a reason code and the reason in a player's words. *who*
    names the player in them where it is not *side* (a seat of initial 7)."""
    who = side if who is None else who
    game = rules.game
    written = MoveText.parse(text)
    if owed := _owed(game, side, text, moves, after):
        return ReasonCode.OWED, owed
    if text == PASS:
        return ReasonCode.MAY_NOT_PASS, (f"{who} may not pass: it has {len(moves)} legal "
                                         f"move(s), such as {moves[0] if moves else '-'}")
    if compulsory := _compulsory_press(game, written, moves):
        return ReasonCode.COMPULSORY, compulsory
    if written is not None and (square := written.off_board(layout.size)):
        corner = square_name(layout.size[0] - 1, layout.size[1] - 1)
        return ReasonCode.ILLEGAL, f"{square} is not a square of this board (a1 to {corner})"
    if _refused_by_opening_cover(rules, layout, side, written):
        return ReasonCode.COMPULSORY, opening_refusal(side, moves)
    return why_illegal(rules, layout, side, written, moves, who=who)


def _owed(game: Game, side: Side, text: str, moves: Sequence[Move],
          after: Move | None) -> str | None:
    """What *side* must do first this turn, when *text* is not it: open a face-down card
    next to the card it laid (basic 52), or take a crossing combination it made."""
    texts = {m.notation() for m in moves}
    if text in texts or not moves:
        return None
    if after is not None and moves[0].kind is MoveKind.OPEN and after.kind is MoveKind.LAY:
        return (f"{side} must first open a face-down card next to "
                f"{after.target}: {' '.join(m.notation() for m in moves)}")
    if game.combinations.compulsory and all(m.kind is MoveKind.TAKE for m in moves):
        return (f"{side} must first take one of the crossing combinations "
                f"it made: {' '.join(sorted(texts))}")
    return None


def _compulsory_press(game: Game, written: MoveText | None, moves: Sequence[Move]
                      ) -> str | None:
    """Why a board move other than a press is refused where pressing is compulsory (game
    48's giveaway form) and every move is a press."""
    presses = [m for m in moves if m.kind is MoveKind.PRESS]
    if not (game.pressing.compulsory and presses and len(presses) == len(moves)
            and written is not None and written.form is Form.BOARD):
        return None
    return ("pressing is compulsory in this game: "
            f"{' '.join(str(m) for m in presses)} "
            f"{'is' if len(presses) == 1 else 'are'} available")


def _refused_by_opening_cover(rules: Rules, layout: Layout, side: Side,
                              written: MoveText | None) -> bool:
    """Whether *written* is a board move the plain rules allow that *side* may not make
    only because it owes its opening cover (other refusals keep their own reason)."""
    if written is None or written.form is not Form.BOARD \
            or not owes_opening_cover(layout, rules.game, side):
        return False
    from .bound import Rules  # bound.py asks this module: imported when first needed
    game = rules.game
    plain = dataclasses.replace(game, movement=dataclasses.replace(game.movement,
                                                                   opening_cover=False))
    return any(m.notation() == written.text for m in
               board_moves(Rules(plain, rules.board, rules.words), layout, side))


def why_illegal(rules: Rules, layout: Layout, side: Side, written: MoveText | None,
                moves: Sequence[Move], *, who: Player | None = None
                ) -> tuple[ReasonCode, str]:
    """Why the move *written* (None: no move of the notation) is not among *side*'s
    *moves*: its reason code (not a move, a card not held, or illegal) and the reason in
    words (*who*: the player's name where it is not *side*)."""
    if written is None:
        return ReasonCode.NOT_A_MOVE, f"not a move; expected one like {GRAMMAR}"
    if written.form is Form.LAY:
        return _why_not_laid(rules, layout, side, written.origin, written.target,
                             side if who is None else who)
    return ReasonCode.ILLEGAL, _why_not_played(rules, layout, side, written, moves)


def _why_not_played(rules: Rules, layout: Layout, side: Side, written: MoveText,
                    moves: Sequence[Move]) -> str:
    """Why a written board move, opening, take, push or turn is not among *moves*."""
    game = rules.game
    if written.form is Form.PASS:
        return f"not a move; expected one like {GRAMMAR}"
    if written.form is Form.TURN:
        return _why_not_turned(game, moves)
    # The squares a written move names are on the board by now (judge_turn checks them).
    origin = checked_square(written.origin, *layout.size)
    if written.form is Form.OPEN:
        return _why_not_opened(layout, origin, moves)
    if written.sign == "*":
        return _why_not_taken(game, origin, written.target, moves)
    if written.sign == ">":
        return _why_not_pushed(game, moves)
    target = None if written.target == OFF else checked_square(written.target, *layout.size)
    return _why_not_moved(rules, layout, side, origin, target, moves)


def _why_not_turned(game: Game, moves: Sequence[Move]) -> str:
    if not game.words.turn_letters:
        return f"{game.name} turns no letters round"
    turns = " ".join(str(m) for m in moves if m.kind is MoveKind.TURN)
    return ("letters are turned only right after a move that made a word, and only "
            "letters of that word" + ("" if not game.owners else " of the opponent")
            + f"; turns now: {turns or 'none'}")


def _why_not_opened(layout: Layout, origin: SquareName, moves: Sequence[Move]) -> str:
    top = layout.top(origin)
    if top is None:
        return f"there is no card on {origin}"
    if top.face_up:
        return f"{top} on {origin} is already face up"
    return f"{origin} cannot be opened that way; the moves from it are " + (
        ", ".join(str(m) for m in moves if m.origin == origin) or "none")


def _why_not_taken(game: Game, origin: SquareName, target: str, moves: Sequence[Move]
                   ) -> str:
    takes = " ".join(str(m) for m in moves if m.kind is MoveKind.TAKE)
    if not takes and game.combinations.compulsory:
        return f"{game.name} takes combinations off by itself, not by a move"
    return f"no combination that may be taken lies from {origin} to " \
           f"{target}; takes now: {takes or 'none'}"


def _why_not_pushed(game: Game, moves: Sequence[Move]) -> str:
    if not game.movement.push_adjacent:
        return f"{game.name} has no pushes"
    origins = sorted({m.square for m in moves if m.kind is MoveKind.PUSH})
    return ("only right after laying, an opponent's open card touching the laid card "
            "may be pushed, to a free square; pushable now: "
            + (" ".join(origins) or "none"))


def _why_not_moved(rules: Rules, layout: Layout, side: Side, origin: SquareName,
                   target: SquareName | None, moves: Sequence[Move]) -> str:
    """Why the board move from *origin* to *target* (None: off the board) is refused."""
    game = rules.game
    top = layout.top(origin)
    if top is None:
        return f"there is no card on {origin}"
    if game.owners and top.owner != side:
        return f"{top} on {origin} is not {side}'s card"
    if not any(m.origin == origin for m in moves):
        return f"{top} on {origin} has no legal move"
    other = layout.top(target) if target is not None else None
    if target is not None and other is not None and (refused := rules.capture.refusal(
            top, other, target, rules.board.square(target).colour)):
        return refused
    reachable = " ".join(str(m) for m in moves if m.origin == origin)
    return f"{top} on {origin} cannot make that move; it may play {reachable}"


def _why_not_laid(rules: Rules, layout: Layout, side: Side, written: str, target: str,
                  who: Player | None = None) -> tuple[ReasonCode, str]:
    game = rules.game
    try:
        card: Item = parse_item(written)
    except ValueError:
        return ReasonCode.ILLEGAL, f"{written!r} is not a card (expected like 3R, 30Y or A/R)"
    if game.movement.placement not in LAYING:
        return ReasonCode.ILLEGAL, f"{game.name} lays no cards from the hand"
    if not_held := _why_not_held(rules, layout, side, card, side if who is None else who):
        return not_held
    squares = rules.placement.squares(layout, card, side)
    if target == HAND:
        return ReasonCode.ILLEGAL, f"{card} fits on {' '.join(squares)}, so it must be laid"
    if target not in geometry(*layout.size).xy:
        return ReasonCode.ILLEGAL, f"{target} is not a square of the board"
    return ReasonCode.ILLEGAL, (
        f"{card} may not lie on {target}: {rules.placement.rule_now(layout, side)}; it fits "
        + (" ".join(squares) or "nowhere (keep it: " + f"{card}@{HAND})"))


def _why_not_held(rules: Rules, layout: Layout, side: Side, card: Item,
                  who: Player) -> tuple[ReasonCode, str] | None:
    """Why *side* may not lay *card* whatever the square: it neither holds it nor has it
    next on its stock or the pile, or it must first lay a fitting card of its hand."""
    hand = layout.hands.of(side)
    if card in hand.held:
        return None
    top = hand.stock[0] if hand.stock else (layout.hands.pile[:1] or (None,))[0]
    if card != top:
        nxt = f"its next card is {top}" if top is not None else "its stock is empty"
        return ReasonCode.NOT_HELD, f"{who} does not hold {card} ({nxt})"
    fitting = [c for c in hand.held if rules.placement.squares(layout, c, side)]
    if fitting:
        return ReasonCode.ILLEGAL, (f"{who} must first lay a card of its hand that fits: "
                                    f"{' '.join(c.notation() for c in fitting)}")
    return None
