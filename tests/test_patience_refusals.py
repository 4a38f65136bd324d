"""Every refusal of the three patience engines carries a domain code (issue 41): the engine
returns a :class:`~generator.errors.Refusal` with its :class:`~generator.errors.ReasonCode`,
and ``patience play --json`` answers the same code and the same words. Each case names the
seed 004 sentence (Lady Cadogan, old Russian) the refused move goes against."""
from __future__ import annotations

import ast
import json
import pathlib

import pytest

from generator.cli import cli
from generator.errors import ReasonCode, Refusal
from generator.patience import parse_moves, patience

#: (patience, switches, moves (the last one refused), code, words the reason holds, seed 004)
CASES = [
    ("nivernaise", {}, "LF1+LF1", ReasonCode.NO_SUCH_PLAY, "no paired plays",
     "«Вообще только самая верхняя карта годна»: one card moves at a time, no pairs"),
    ("nivernaise", {}, "LF1>L1", ReasonCode.WRONG_SLOT, "not to L1",
     "«На линію нельзя класть по одной картѣ на свободное мѣсто»"),
    ("nivernaise", {}, "LF1>FA1", ReasonCode.NOT_NEXT, "takes spades only",
     "«Короли нисходятъ по порядку къ тузамъ, тузы восходятъ по порядку къ королямъ»"),
    ("nivernaise", {}, "LF1>F", ReasonCode.NOT_NEXT, "no foundation takes 6C",
     "the same rule through ``>F``: the first foundation's reason and its code"),
    ("nivernaise", {}, "LF1>LF1", ReasonCode.NOT_A_GAP, "is not a gap",
     "«Свободныя мѣста можно пополнять картами изъ колоды или же съ линіи»: only gaps"),
    ("nivernaise", {}, "redeal", ReasonCode.STOCK_LEFT, "the stock still has 72 cards",
     "«Когда вышла вся колода картъ ... пасьянсъ вновь раскладывается»"),
    ("nivernaise", {}, "deal " * 18 + "deal", ReasonCode.STOCK_OUT, "the stock is out",
     "«продолжаютъ до тѣхъ поръ, пока не выйдутъ всѣ карты»: 18 packets of four"),
    ("nivernaise", {"redeals": "0"}, "deal " * 18 + "redeal", ReasonCode.NO_REDEAL_LEFT,
     "no redeal left", "«Пасьянсъ можно раскладывать только два раза», here switched to once"),
    ("nivernaise", {"exchange": "false"}, "RF3>FK1 FK1>FA1", ReasonCode.SWITCHED_OFF,
     "exchange between foundations is switched off",
     "«можно обмѣнивать заразъ одну карту отъ восходящаго къ нисходящему порядку», switched off"),
    ("besieged-city", {}, "deal", ReasonCode.NO_SUCH_PLAY, "one card at a time",
     "rule V: «Свободныя мѣста въ резервѣ пополняются картами изъ талона»: no round is dealt"),
    ("besieged-city", {}, "F1+F1", ReasonCode.NO_SUCH_PLAY, "no paired plays",
     "rule II: cards are laid «одну на другую», never in pairs"),
    ("besieged-city", {}, "R11>F1", ReasonCode.WRONG_SLOT, "pass through a rampart first",
     "rule I: «резервъ долженъ переходить въ окопы раньше, чѣмъ карты могутъ быть сыграны»"),
    ("besieged-city", {}, "T2>F1", ReasonCode.NOT_NEXT, "starts with an ace",
     "rule VI: «За основными картами слѣдуетъ масть»"),
    ("besieged-city", {}, "R11>T1", ReasonCode.DOES_NOT_PACK, "does not pack on",
     "rule II: «Карты должны быть одной и той же масти»"),
    ("besieged-city", {}, "R11>T2", ReasonCode.OFF_LINE, "(rule III)",
     "rule III: «но только на карты, находящіяся по концамъ или сторонамъ той линіи»"),
    ("besieged-city", {}, "T1>F1 stock>talon", ReasonCode.GAP_FIRST, "must be filled first",
     "rule IV: «Свободныя мѣста въ окопахъ замѣщаются изъ резерва»"),
    ("besieged-city", {}, "T1>F1 T2>F", ReasonCode.GAP_FIRST, "no foundation takes",
     "rule IV again, through ``>F``: the gap's code, not a foundation's"),
    ("empress-of-india", {}, "redeal", ReasonCode.NO_SUCH_PLAY, "no redeal",
     "«Пасьянсъ вновь не раскладывается»"),
    ("empress-of-india", {}, "A1+A2", ReasonCode.WRONG_SLOT, "one Army card",
     "«Каждая карта изъ арміи должна быть положена на другую карту изъ Флота и обратно»"),
    ("empress-of-india", {}, "A1>AD1", ReasonCode.NOT_PAIRED, "holds a single card",
     "rule I: cards are good «если онѣ играются попарно»"),
    ("empress-of-india", {}, "A1+N1", ReasonCode.NOT_NEXT, "fits no foundation yet",
     "«тузы восходятъ по порядку до королей ... короли нисходятъ по порядку до тузовъ»"),
    ("empress-of-india", {}, "deal", ReasonCode.PLAY_LEFT, "can still be played",
     "«Когда сыграны всѣ подходящія карты, то перебираютъ всю остальную колоду»"),
    ("empress-of-india", {}, "A1/N1", ReasonCode.SWITCHED_OFF, "advance_pairing",
     "«спарованныя ... должны быть немедленно положены на соотвѣтствующія основанія»"),
    ("empress-of-india", {"advance_pairing": "true"}, "A1/N1 A2/N1", ReasonCode.PAIRED,
     "already paired", "«Каждая карта можетъ быть спарована только однажды»"),
    ("empress-of-india", {"deal_at_will": "true"}, "deal deal", ReasonCode.STOCK_OUT,
     "the stock is out", "«перебираютъ всю остальную колоду»: once, then it is out"),
]


@pytest.mark.parametrize("name, switches, moves, code, words, seed_text", CASES,
                         ids=[f"{c[0]}-{c[3].value}-{c[2][-8:].strip()}" for c in CASES])
def test_a_patience_refusal_has_its_code_in_the_engine_and_in_json(
        runner, name, switches, moves, code, words, seed_text):
    game = patience(name, switches)
    *before, refused = parse_moves(moves)
    why = game.attempt(game.replay(1, before), refused)
    assert isinstance(why, Refusal), why
    assert why.code is code and words in why
    args = ["patience", "play", name, "--seed", "1", "--moves", moves, "--json"]
    for key, value in switches.items():
        args += ["--switch", f"{key}={value}"]
    answered = runner.invoke(cli, args)
    assert answered.exit_code == 1
    assert json.loads(answered.output)["refused"] == {
        "number": len(before) + 1, "move": str(refused), "code": code.value, "reason": why}


def test_every_new_patience_code_is_tested():
    """The cases above reach every code the patience engines refuse with (a code added to
    an engine without a case fails here)."""
    used = set()
    engines = pathlib.Path(__file__).parent.parent / "generator" / "patience"
    for path in engines.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "ReasonCode"):
                used.add(ReasonCode[node.attr])
    assert ReasonCode.ILLEGAL not in used
    tested = {case[3] for case in CASES} | {ReasonCode.EMPTY, ReasonCode.NO_SUCH_SLOT,
                                            ReasonCode.NOT_A_MOVE}  # tests/test_errors.py
    assert used - tested == set()
