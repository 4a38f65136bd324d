"""Turns: everything a side may do now (board moves, laying, opening), finding a move by
its notation and saying why one is refused, and replaying a game record. Standard library
only.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import ReasonCode
from ..model.board import Board
from ..model.hands import Item, parse_item
from ..model.layout import Layout, Side
from .beating import explain_beat, explain_press
from .games import Capture, Game, Placement, Step
from .laying import HAND, LAYING, forced_openings, lay_squares, laying_moves
from .lines import geometry
from .moves import OFF, Move, MoveKind, legal_moves, move_order
from .pushing import may_push, push_moves
from .turning import may_turn, turn_choices
from .taking import must_take
from .words import WordList

#: Written for a turn in which the side to move has nothing it may do.
PASS = "pass"

_SQUARE = r"[a-p][1-8]"  # a to p: the crosswise board has 16 verticals
_BOARD_MOVE = re.compile(rf"^({_SQUARE})([-x+*>])({_SQUARE}|off)((?:-{_SQUARE})*)$")
_OPEN = re.compile(rf"^({_SQUARE})=({_SQUARE}|off)?$")
_LAY = re.compile(r"^([^@\s]+)@(\S+)$")
_TURN = re.compile(rf"^(?:{_SQUARE}~)+$")
GRAMMAR = ("e2-e3, d4xe5, c1+c3, b1-d3-f5, e8-off, c4=, c4=c3, 3R@d4, 3R@hand, c1*c3, "
           "e5>a1, c4~d5~ or pass")


def turn_moves(layout: Layout, board: Board, game: Game, side: Side | str, *,
               words: WordList | None = None, after: Move | None = None) -> list[Move]:
    """Every move *side* may make now, sorted: board moves (:func:`legal_moves`), laying
    from the hand or stock, and the moves of initial 10 and 11. *after* is the move just
    made by the same side when it must follow it up (basic 52's forced opening).

    :raises: :exc:`ValueError` if *side* is not a side.
    """
    side = Side.parse(side)
    if after is not None and after.kind is MoveKind.LAY:
        forced = forced_openings(layout, board, game, after.target)
        if forced:
            return forced
        if may_push(game, after):
            return push_moves(layout, game, side, after.target)
    if may_turn(game, after) and after is not None:
        return turn_choices(layout, game, side, after.target, words)
    found = legal_moves(layout, board, game, side, words=words) \
        if game.movement.step is not Step.NONE else []
    laid = laying_moves(layout, board, game, side, words=words)
    # Each list comes sorted: most games have only one kind, and need no sort here.
    if not laid or not found:
        return found or laid
    return sorted(found + laid, key=move_order)


def may_decline(game: Game, pending: Move | None) -> bool:
    """Whether the follow-up of *pending* may be left out with a pass: initial 12's push,
    puzzle 5's turn."""
    return may_push(game, pending) or may_turn(game, pending)


def follows_up(layout: Layout, board: Board, game: Game, move: Move | None, *,
               words: WordList | None = None) -> bool:
    """Whether the side that made *move* (leading to *layout*) must (or, for a push or a
    turn, may) move again at once: basic 52's forced opening, taking one of the crossing
    combinations it made, initial 12's push, puzzle 5's turn of a word's letters."""
    if move is not None and must_take(layout, game):
        return True
    if may_turn(game, move) and move is not None:
        side = layout.owner(move.target) if game.owners else Side.SOUTH
        return side is not None and bool(turn_choices(layout, game, side, move.target, words))
    if may_push(game, move) and move is not None and move.kind is MoveKind.LAY:
        side = layout.owner(move.target)
        return side is not None and bool(push_moves(layout, game, side, move.target))
    return move is not None and move.kind is MoveKind.LAY and bool(
        forced_openings(layout, board, game, move.target))


def refusal(layout: Layout, board: Board, game: Game, side: Side, text: str,
            moves: Sequence[Move], *, words: WordList | None = None,
            after: Move | None = None) -> tuple[ReasonCode, str]:
    """Why *side*, whose legal moves now are *moves* (*after*: its own move whose follow-up
    it owes), may not play *text*: a reason code and the reason in a player's words."""
    texts = {m.notation() for m in moves}
    if after is not None and moves and moves[0].kind is MoveKind.OPEN and \
            after.kind is MoveKind.LAY and text not in texts:
        return ReasonCode.OWED, (f"{side} must first open a face-down card next to "
                                 f"{after.target}: {' '.join(m.notation() for m in moves)}")
    if moves and all(m.kind is MoveKind.TAKE for m in moves) and text not in texts and \
            game.combinations.compulsory:
        return ReasonCode.OWED, (f"{side} must first take one of the crossing combinations "
                                 f"it made: {' '.join(sorted(texts))}")
    if text == PASS:
        return ReasonCode.MAY_NOT_PASS, (f"{side} may not pass: it has {len(moves)} legal "
                                         f"move(s), such as {moves[0] if moves else '-'}")
    presses = [m for m in moves if m.kind is MoveKind.PRESS]
    if game.pressing.compulsory and presses and len(presses) == len(moves) and \
            _BOARD_MOVE.match(text):
        return ReasonCode.COMPULSORY, ("pressing is compulsory in this game: "
                                       f"{' '.join(str(m) for m in presses)} "
                                       f"{'is' if len(presses) == 1 else 'are'} available")
    reason = why_illegal(layout, board, game, side, text, moves, words=words)
    if not (_LAY.match(text) or _TURN.match(text) or _OPEN.match(text)
            or _BOARD_MOVE.match(text)):
        return ReasonCode.NOT_A_MOVE, reason
    if _LAY.match(text) and " does not hold " in reason:
        return ReasonCode.NOT_HELD, reason
    return ReasonCode.ILLEGAL, reason


def why_illegal(layout: Layout, board: Board, game: Game, side: Side, text: str,
                moves: Sequence[Move], *, words: WordList | None = None) -> str:
    """Why *text* is not among *side*'s *moves*, in words."""
    if lay := _LAY.match(text):
        return _why_not_laid(layout, board, game, side, lay.group(1), lay.group(2), words)
    if _TURN.match(text):
        if not game.words.turn_letters:
            return f"{game.name} turns no letters round"
        turns = " ".join(str(m) for m in moves if m.kind is MoveKind.TURN)
        return ("letters are turned only right after a move that made a word, and only "
                "letters of that word" + ("" if not game.owners else " of the opponent")
                + f"; turns now: {turns or 'none'}")
    opening = _OPEN.match(text)
    board_move = _BOARD_MOVE.match(text)
    matched = opening or board_move
    if matched is None:
        return f"not a move; expected one like {GRAMMAR}"
    origin = matched.group(1)
    if board_move and board_move.group(2) == "*":
        takes = " ".join(str(m) for m in moves if m.kind is MoveKind.TAKE)
        if not takes and not game.combinations.compulsory:
            takes = "none"
        elif not takes:
            return f"{game.name} takes combinations off by itself, not by a move"
        return f"no combination that may be taken lies from {origin} to " \
               f"{board_move.group(3)}; takes now: {takes}"
    if board_move and board_move.group(2) == ">":
        origins = sorted({m.origin for m in moves if m.kind is MoveKind.PUSH})
        if not game.movement.push_adjacent:
            return f"{game.name} has no pushes"
        return ("only right after laying, an opponent's open card touching the laid card "
                "may be pushed, to a free square; pushable now: "
                + (" ".join(origins) or "none"))
    top = layout.top(origin)
    if top is None:
        return f"there is no card on {origin}"
    if opening:
        if top.face_up:
            return f"{top} on {origin} is already face up"
        return f"{origin} cannot be opened that way; the moves from it are " + (
            ", ".join(str(m) for m in moves if m.origin == origin) or "none")
    target = board_move.group(3) if board_move else origin
    if game.owners and top.owner != side:
        return f"{top} on {origin} is not {side}'s card"
    if not any(m.origin == origin for m in moves):
        return f"{top} on {origin} has no legal move"
    other = layout.top(target) if target != OFF else None
    if other is not None and other.face_up and game.movement.capture is Capture.BEAT:
        verdict, reason = explain_beat(top, other, on=board.square(target).colour,
                                       rules=game.beating)
        if not verdict:
            return f"{top} does not beat {other} on {target}: {reason}"
    if other is not None and game.movement.capture is Capture.PRESS:
        verdict, reason = explain_press(top, other, on=board.square(target).colour,
                                        rules=game.pressing)
        if not verdict:
            return f"{top} cannot press {other} on {target}: {reason}"
    reachable = " ".join(str(m) for m in moves if m.origin == origin)
    return f"{top} on {origin} cannot make that move; it may play {reachable}"


def _why_not_laid(layout: Layout, board: Board, game: Game, side: Side, written: str,
                  target: str, words: WordList | None = None) -> str:
    try:
        card: Item = parse_item(written)
    except ValueError:
        return f"{written!r} is not a card (expected like 3R, 30Y or A/R)"
    if game.movement.placement not in LAYING:
        return f"{game.name} lays no cards from the hand"
    hand = layout.hands.of(side)
    top = hand.stock[0] if hand.stock else (layout.hands.pile[:1] or (None,))[0]
    fitting = [c for c in hand.held
               if lay_squares(layout, board, game, c, side, words=words)]
    if card not in hand.held and card != top:
        nxt = f"its next card is {top}" if top is not None else "its stock is empty"
        return f"{side} does not hold {card} ({nxt})"
    if card not in hand.held and fitting:
        return (f"{side} must first lay a card of its hand that fits: "
                f"{' '.join(c.notation() for c in fitting)}")
    squares = lay_squares(layout, board, game, card, side, words=words)
    if target == HAND:
        return f"{card} fits on {' '.join(squares)}, so it must be laid"
    if target not in geometry(*layout.size).xy:
        return f"{target} is not a square of the board"
    return f"{card} may not lie on {target}: {_placement_rule(game)}; it fits " + (
        " ".join(squares) or "nowhere (keep it: " + f"{card}@{HAND})")


def _placement_rule(game: Game) -> str:
    rule = game.movement.placement
    if rule is Placement.IDENTICAL:
        return "only on a free square of its colour and value"
    if rule is Placement.ADJACENT_OWN:
        return ("only on a free square next to one's own card, or (when hemmed in) on a "
                "neighbouring opponent card it beats")
    if game.movement.lay_on_letters:
        return "only on a free square, or on a letter where it makes a word"
    if game.movement.one_row:
        return "only on the row of the first card, on cards only once it is full"
    if game.movement.piles and game.movement.capture is Capture.BEAT:
        return "only on a free square or an opponent's card it beats"
    return "only on a free square"
