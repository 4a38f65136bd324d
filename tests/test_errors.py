"""One error tree: every mistake a user can make is a GeneratorError from generator/errors.py,
shown as one line by the CLI; nothing the user does reaches an ``assert``."""
from __future__ import annotations

import ast
import builtins
import doctest
from pathlib import Path

from generator import errors
from generator.draw import fonts
from generator.errors import GeneratorError, did_you_mean

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
#: The parts whose code runs on user input and must not use assert to decide anything
#: (``python -O`` drops asserts, and a failed one prints a traceback instead of a line).
NO_ASSERT = ["model", "rules", "patience", "ass", "io", "draw", "sheets", "docs", "app", "cli",
             "web"]


def test_error_doctests():
    result = doctest.testmod(errors)
    assert result.attempted >= 3 and result.failed == 0


def test_did_you_mean():
    assert did_you_mean("colorless", ["board-a", "colourless"]) == "did you mean 'colourless'?"
    assert did_you_mean("zzz", ["board-a"]) is None


#: Python's own exception classes: one derived from them outside errors.py is an error class
#: of ours living elsewhere (a ValueError the CLI would show as a traceback).
BUILTIN_ERRORS = {name for name, value in vars(builtins).items()
                  if isinstance(value, type) and issubclass(value, BaseException)}


def test_every_error_class_lives_in_errors_and_descends_from_generator_error():
    defined = {name for name, value in vars(errors).items()
               if isinstance(value, type) and issubclass(value, Exception)}
    assert {"TemplateError", "NotFoundError", "WrongKindError", "FontError",
            "OutputError", "ImpositionError"} <= defined
    assert all(issubclass(getattr(errors, name), GeneratorError) for name in defined)
    assert fonts.FontError is errors.FontError
    for path in PACKAGE.rglob("*.py"):
        if path.name == "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = {ast.unparse(b).split(".")[-1] for b in node.bases}
                assert not bases & (defined | BUILTIN_ERRORS), \
                    f"{path.relative_to(PACKAGE)}: class {node.name} belongs in errors.py"


def test_no_assert_decides_anything_on_user_input():
    found = []
    for part in NO_ASSERT:
        root = PACKAGE / part
        for path in ([root] if root.is_file() else sorted(root.rglob("*.py"))):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found += [f"{path.relative_to(PACKAGE)}:{node.lineno}" for node in ast.walk(tree)
                      if isinstance(node, ast.Assert)]
    assert not found


# --- the engines' refusals carry a ReasonCode (issue 41) ----------------------------------

def test_a_patience_refuses_a_move_with_a_reason_code():
    """Seed 004, La Nivernaise: «тузы восходятъ по порядку къ королямъ» (aces climb to the
    kings in order, suit by suit): a card of another suit onto a foundation is refused, and
    the refusal says NOT_NEXT (not the card the foundation takes next) for tools beside its
    reason, in ``play`` and ``replay`` alike; a token of no notation says
    NOT_A_MOVE. Anything else a patience refuses (an unknown switch) has no code."""
    import pytest

    from generator.errors import PatienceError, ReasonCode
    from generator.patience import PatienceMove, PatienceMoveKind, Role, parse_moves, patience
    game = patience("nivernaise")
    start = game.deal(1)
    slots = game.tableau.slots
    refused = next((move, why) for src in slots if src.role is not Role.FOUNDATION
                   for dst in slots if dst.role is Role.FOUNDATION
                   for move in [PatienceMove(PatienceMoveKind.MOVE, src.id, dst.id)]
                   for why in [game.attempt(start, move)] if isinstance(why, str))
    move, why = refused
    with pytest.raises(PatienceError) as refusal:
        game.play(start, move)
    assert refusal.value.code is ReasonCode.NOT_NEXT and str(refusal.value).endswith(why)
    with pytest.raises(PatienceError) as refusal:
        game.replay(1, [move])
    assert refusal.value.code is ReasonCode.NOT_NEXT and "move 1" in str(refusal.value)
    with pytest.raises(PatienceError, match="move 2: not a move") as refusal:
        parse_moves("deal LF1-FA1")
    assert refusal.value.code is ReasonCode.NOT_A_MOVE
    with pytest.raises(PatienceError, match="no switch") as refusal:
        patience("nivernaise", {"no_such_switch": "1"})
    assert refusal.value.code is None


def test_ass_refuses_a_card_with_a_reason_code():
    """Seed 003 (Ass): the cards are dealt ("the sender gives each player 4 cards"), so a card
    the player does not hold says NOT_HELD; a card the play rules forbid says ILLEGAL: here
    a discard of another suit while the hand holds the main suit (seed 003: "The map, which
    was like, it is necessary to kill"; a player who does not beat discards the main suit,
    as other_games.md 1.4 reads the seed)."""
    import pytest

    from generator.ass import NO_TRUMPS, DealError, play_deal
    from generator.errors import ReasonCode
    from generator.model.traditional import full_pack, parse_cards
    deal = play_deal(1, 3)
    first = deal.tricks[0]
    stranger = next(c for c in full_pack(6) if c not in deal.hands[first.leader])
    with pytest.raises(DealError, match="not in the hand") as refusal:
        play_deal(1, 3, moves=[[stranger]])
    assert refusal.value.code is ReasonCode.NOT_HELD
    with pytest.raises(DealError, match="KS does not beat") as refusal:
        play_deal(1, 3, trumps=NO_TRUMPS, moves=[parse_cards("QC QS KS")])
    assert refusal.value.code is ReasonCode.ILLEGAL
    with pytest.raises(DealError, match="13 tricks given") as refusal:
        play_deal(1, 3, moves=[[]] * 13)
    assert refusal.value.code is None


def test_a_patience_refusal_carries_its_code_inside_the_engine_and_in_json(runner):
    """Seed 004, La Nivernaise: «оставляютъ мђсто въ срединђ для четырехъ тузовъ и четырехъ
    королей» (room is left in the middle for the four aces and four kings): at the deal the
    foundations are empty, so a move from FA1 is refused as EMPTY by the engine itself (not
    read back from the text), with the same words as before, and ``patience play --json``
    answers the refusal with its code; a slot the tableau lacks says NO_SUCH_SLOT."""
    import json

    from generator.cli import cli
    from generator.errors import ReasonCode, Refusal
    from generator.patience import PatienceMove, PatienceMoveKind, patience
    game = patience("nivernaise")
    why = game.attempt(game.deal(1), PatienceMove(PatienceMoveKind.MOVE, "FA1", "LF1"))
    assert isinstance(why, Refusal) and why.code is ReasonCode.EMPTY
    assert why == "FA1 is empty"
    said = runner.invoke(cli, ["patience", "play", "nivernaise", "--seed", "1",
                               "--moves", "FA1>LF1"])
    assert said.exit_code == 1
    assert said.output.strip() == ("Error: nivernaise seed 1: move 1 (FA1>LF1) is illegal: "
                                   "FA1 is empty")
    answered = runner.invoke(cli, ["patience", "play", "nivernaise", "--seed", "1",
                                   "--moves", "deal ZZ1>LF1", "--json"])
    assert answered.exit_code == 1
    assert json.loads(answered.output)["refused"] == {
        "number": 2, "move": "ZZ1>LF1", "code": "no-such-slot",
        "reason": "nivernaise has no slot 'ZZ1'"}


def test_an_ass_refusal_carries_its_code_inside_the_engine_and_in_json(runner):
    """Seed 003 (Ass): the cards are dealt ("the sender gives each player 4 cards"), so a
    card the player does not hold is refused as NOT_HELD by the play rules themselves (not
    guessed afterwards from the hand), in the same words as before, and ``ass deal --json``
    answers the refusal with its code."""
    import json

    from generator.ass import play_deal, play_problem
    from generator.cli import cli
    from generator.errors import ReasonCode, Refusal
    from generator.model.traditional import full_pack, parse_cards
    why = play_problem(parse_cards("7S QH"), [], parse_cards("AS")[0])
    assert isinstance(why, Refusal) and why.code is ReasonCode.NOT_HELD
    assert why == "AS is not in the hand"
    deal = play_deal(1, 3)
    stranger = next(c for c in full_pack(6) if c not in deal.hands[deal.tricks[0].leader])
    answered = runner.invoke(cli, ["ass", "deal", "--seed", "1", "--players", "3",
                                   "--moves", str(stranger), "--json"])
    assert answered.exit_code == 1
    refused = json.loads(answered.output)["refused"]
    assert refused["code"] == "not-held"
    assert refused["reason"].endswith(f"{stranger} is not in the hand")
